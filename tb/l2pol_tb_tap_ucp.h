// l2pol_tb_tap_ucp: l2.replacement = tap_ucp in the harnesses (cm_l2_pol_tap_ucp.c, SPEC 3.8,
// docs/tap.md): UCP's block, TAP's controller and its own rules, whose bins cover how each
// applied partition was made (the GPU's counters divided, the division changing it (L2 top),
// unmasked, the GPU at one way under UCP-Mask: cm_l2_tap_ucp_of), Core-POL1's reads answered
// without allocating (and hitting, L2 top) and (system) a GPU fill held to its one way.
#ifndef CACHEGEN_TB_L2POL_TB_TAP_UCP_H
#define CACHEGEN_TB_L2POL_TB_TAP_UCP_H

#include "l2pol_tb.h"
#include "l2pol_tb_tap.h"
#include "l2pol_tb_ucp.h"

template <class T> class l2pol_tb_tap_ucp_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    using B::B;
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        v.insert(v.end(), {"tapucp_gpu_counters_divided", "tapucp_partition_unmasked",
                           "tapucp_gpu_one_way_under_mask", "tapucp_pol1_read_not_allocated"});
        if (k == l2pol_top::l2)
            v.insert(v.end(), {"tapucp_division_changed_partition", "tapucp_pol1_read_hit"});
        else
            v.push_back("tapucp_gpu_fill_held_to_one_way");
    }
    // UCP's rule (core/reach.h): a partition applies only when a period holds TAP's decision,
    // the division and the longest lookahead
    bool reachable(const std::string &b) const override
    {
        return reach_ucp(&B::m_->cfg, b.c_str(), B::l2_top());
    }
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        if (r.kind == EVT_SWEEP)
            return;
        auto hit = B::e_.hit;
        const cm_l2_t *m = B::m_;
        if (r.core == 0 && !r.store) { // Core-POL1's read
            if (r.dec == DEC_FILL_BYPASS)
                hit("tapucp_pol1_read_not_allocated"); // answered, not installed
            if (B::l2_top() && r.dec == DEC_LD_HIT)
                hit("tapucp_pol1_read_hit");
        }
        if (!B::l2_top() && r.kind == EVT_FILL && r.evict_valid &&
            r.pol.ucp_why == CM_UCP_VICTIM_OWN && r.core < m->lay.cores &&
            cm_l2_ucp_of(m)->alloc[m->lay.cpu_cores] == 1)
            hit("tapucp_gpu_fill_held_to_one_way"); // UCP-Mask's one way
    }
    // After UCP's cycle end: how the partition applied was made.
    void cycle_after() override
    {
        const cm_l2_t *m = B::m_;
        const cm_l2_ucp_run_t *u = cm_l2_ucp_of(m);
        const cm_l2_tap_ucp_info_t *i = cm_l2_tap_ucp_of(m);
        if (!u->part)
            return;
        auto hit = B::e_.hit;
        if (i->divided)
            hit("tapucp_gpu_counters_divided");
        if (B::l2_top() && i->div_mattered)
            hit("tapucp_division_changed_partition");
        if (!i->masked)
            hit("tapucp_partition_unmasked");
        else if (u->alloc[m->lay.cpu_cores] == 1)
            hit("tapucp_gpu_one_way_under_mask");
    }
};

template <class T> void l2pol_tb_tap_ucp(l2pol_tb<T> &p)
{
    l2pol_tb_ucp(p);
    p.template add<l2pol_tb_tap_blk<T>>();
    p.template add<l2pol_tb_tap_ucp_blk<T>>();
}

#endif
