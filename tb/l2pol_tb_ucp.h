// l2pol_tb_ucp: l2.replacement = ucp in the harnesses (cm_l2_pol_ucp.c, SPEC 3.8, docs/tap.md).
// Every lookup or fill event that accesses a UMON writes its ATD row (evt_atd_we_o,
// evt_atd_row_o: compared entry by entry with the model's, a write where the model's UMON saw
// no access fails), and every cycle, after cm_l2_cycle_end, the hit counters, the allocation
// after the cycle (evt_umon_hits_o, evt_ucp_alloc_o) and the partition event (evt_ucp_part_o:
// the cycle the lookahead's allocation applies) are compared; the fill's way (the generic
// compare) checks the victim under the partition. The L2 top's ucp_ bins cover each UMON hit
// position, misses, a saturated counter, the halving, a partition applied and changed, a
// lookahead cut short by a period end (ucp restarts it, tap_ucp cancels it), and each victim rule; the system's, UMON hits and misses of the GPU and of a CPU port, partitions
// applied while the L1s and the CPU ports contend, and whose line a fill takes, for whom.
// tap_ucp builds on the block.
#ifndef CACHEGEN_TB_L2POL_TB_UCP_H
#define CACHEGEN_TB_L2POL_TB_UCP_H

#include <cstring>
#include "l2pol_tb.h"

// The counters (app k's, ways x counter bits, into hits[k]: the whole port, apps x ways x
// counter bits, reaches 8,192 bits, wider than a bv_t), the allocation and the partition event;
// false where the design has no such ports.
template <class T>
auto l2pol_tb_ucp_ports(const T *t, bv_t *hits, unsigned apps, unsigned hw, bv_t &alloc,
                        unsigned aw, unsigned &part, int)
    -> decltype(port_slice_get(L2POL_EVT(t, umon_hits_o), 0u, hw, hits[0]), bool())
{
    for (unsigned k = 0; k < apps; k++)
        port_slice_get(L2POL_EVT(t, umon_hits_o), k * hw, hw, hits[k]);
    port_get(L2POL_EVT(t, ucp_alloc_o), alloc, aw);
    part = (unsigned)port_u64(L2POL_EVT(t, ucp_part_o));
    return true;
}
template <class T>
bool l2pol_tb_ucp_ports(const T *, bv_t *, unsigned, unsigned, bv_t &, unsigned, unsigned &,
                        long)
{
    return false;
}
// The ATD row an event writes and its write enable; false where the design has no such ports.
template <class T>
auto l2pol_tb_atd(const T *t, bv_t &row, unsigned width, unsigned &we, int)
    -> decltype(port_get(L2POL_EVT(t, atd_row_o), row, width), bool())
{
    port_get(L2POL_EVT(t, atd_row_o), row, width);
    we = (unsigned)port_u64(L2POL_EVT(t, atd_we_o));
    return true;
}
template <class T> bool l2pol_tb_atd(const T *, bv_t &, unsigned, unsigned &, long)
{
    return false;
}

template <class T> class l2pol_tb_ucp_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    using B::B;
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        if (k == l2pol_top::l2) {
            v.insert(v.end(), {"ucp_umon_miss", "ucp_umon_counter_saturated", "ucp_halved",
                               "ucp_partition_applied", "ucp_partition_changed",
                               "ucp_victim_over_allocated_app", "ucp_victim_own_lru",
                               "ucp_victim_set_lru_none_over", "ucp_lookahead_cut_by_period"});
            for (unsigned j = 0; j < 32; j++)
                v.push_back("ucp_umon_hit_pos_" + std::to_string(j));
        } else {
            v.insert(v.end(), {"ucp_umon_hit_gpu", "ucp_umon_hit_cpu", "ucp_umon_miss_gpu",
                               "ucp_umon_miss_cpu", "ucp_halved", "ucp_partition_applied",
                               "ucp_partition_changed", "ucp_partition_applied_under_contention",
                               "ucp_cpu_line_evicted_by_gpu_over_allocation",
                               "ucp_gpu_line_evicted_by_cpu_over_allocation",
                               "ucp_gpu_held_to_allocation", "ucp_cpu_held_to_allocation",
                               "ucp_victim_set_lru_none_over", "ucp_lookahead_cut_by_period"});
        }
    }
    // UCP's rule (core/reach.h, the same in the L2 and system harnesses)
    bool reachable(const std::string &b) const override
    {
        return reach_ucp(&B::m_->cfg, b.c_str(), B::l2_top());
    }
    // The ATD row the event writes (the requester's app, the event set's UMON set), or none.
    void compare_event(const cm_l2_result_t &r, const char *where) override
    {
        if (r.kind == EVT_SWEEP)
            return;
        const cm_l2_t *m = B::m_;
        unsigned eb = lay_l2_atd_entry_bits(&m->lay), we = 0;
        bv_t act, exp;
        if (!l2pol_tb_atd(B::top_, act, m->lay.ways * eb, we, 0)) {
            B::fail_port("ucp", "atd_row_o", where);
            return;
        }
        bool access = r.pol.umon != CM_UMON_UNSAMPLED;
        B::e_.check(B::name("atd write"), access, we, where);
        if (!access || B::e_.failed())
            return;
        unsigned app = cfg_l2_app_of(&m->cfg, r.core);
        cm_l2_atd_row(m, app, (unsigned)cm_umon_index(cm_l2_ucp_of(m)->umon, r.set), &exp);
        for (unsigned w = 0; w < m->lay.ways; w++)
            B::e_.check(B::name("atd app %u entry %u", app, w), bv_get(&exp, w * eb, eb),
                        bv_get(&act, w * eb, eb), where);
    }
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &before) override
    {
        auto hit = B::e_.hit;
        const cm_l2_pol_evt_t &p = r.pol;
        if (B::l2_top()) {
            if (p.umon >= 0) {
                hit(("ucp_umon_hit_pos_" + std::to_string(p.umon)).c_str());
                if (p.umon_sat)
                    hit("ucp_umon_counter_saturated");
            } else if (p.umon == CM_UMON_MISS) {
                hit("ucp_umon_miss");
            }
            if (r.kind == EVT_FILL && r.evict_valid)
                switch (p.ucp_why) {
                case CM_UCP_VICTIM_OVER: hit("ucp_victim_over_allocated_app"); break;
                case CM_UCP_VICTIM_OWN: hit("ucp_victim_own_lru"); break;
                case CM_UCP_VICTIM_LRU: hit("ucp_victim_set_lru_none_over"); break;
                default: break;
                }
            return;
        }
        if (r.kind == EVT_SWEEP)
            return;
        bool gpu = r.core < B::m_->lay.cores;
        if (p.umon >= 0)
            hit(gpu ? "ucp_umon_hit_gpu" : "ucp_umon_hit_cpu");
        else if (p.umon == CM_UMON_MISS)
            hit(gpu ? "ucp_umon_miss_gpu" : "ucp_umon_miss_cpu");
        if (r.kind != EVT_FILL || !r.evict_valid)
            return;
        bool old_gpu = before.way[r.way].owner == B::m_->lay.cpu_cores;
        if (p.ucp_why == CM_UCP_VICTIM_OVER && gpu && !old_gpu)
            hit("ucp_cpu_line_evicted_by_gpu_over_allocation");
        if (p.ucp_why == CM_UCP_VICTIM_OVER && !gpu && old_gpu)
            hit("ucp_gpu_line_evicted_by_cpu_over_allocation");
        if (p.ucp_why == CM_UCP_VICTIM_OWN)
            hit(gpu ? "ucp_gpu_held_to_allocation" : "ucp_cpu_held_to_allocation");
        if (p.ucp_why == CM_UCP_VICTIM_LRU)
            hit("ucp_victim_set_lru_none_over");
    }
    void cycle_before() override
    {
        std::memcpy(before_, cm_l2_ucp_of(B::m_)->alloc, sizeof before_);
        busy_before_ = cm_l2_ucp_of(B::m_)->busy;
    }
    // After cm_l2_cycle_end: the counters, the allocation and the partition event.
    void cycle_after() override
    {
        const cm_l2_t *m = B::m_;
        const cm_l2_ucp_run_t *u = cm_l2_ucp_of(m);
        unsigned apps = cfg_l2_apps(&m->cfg), cb = m->cfg.l2.umon_counter_bits;
        unsigned ways = m->lay.ways, ab = cfg_count_bits(ways), part = 0;
        bv_t hits[APP_MAX], alloc;
        if (!l2pol_tb_ucp_ports(B::top_, hits, apps, ways * cb, alloc, apps * ab, part, 0)) {
            B::fail_port("ucp", "umon_hits_o", "cycle");
            return;
        }
        B::e_.check(B::name("partition event"), u->part, part, "cycle");
        for (unsigned k = 0; k < apps; k++) {
            B::e_.check(B::name("allocation of app %u", k), u->alloc[k],
                        bv_get(&alloc, k * ab, ab), "cycle");
            for (unsigned j = 0; j < ways; j++)
                B::e_.check(B::name("umon hits of app %u at position %u", k, j),
                            cm_umon_hits(u->umon, k, j),
                            bv_get(&hits[k], j * cb, cb), "cycle");
        }
        if (u->period_end)
            B::e_.hit("ucp_halved");
        // a period ended while a lookahead ran (more than this cycle's count left): ucp restarts
        // it on the new snapshot, tap_ucp cancels it until TAP's next decision
        if (u->period_end && busy_before_ > 1)
            B::e_.hit("ucp_lookahead_cut_by_period");
        if (!u->part)
            return;
        B::e_.hit("ucp_partition_applied");
        if (std::memcmp(before_, u->alloc, sizeof before_) != 0)
            B::e_.hit("ucp_partition_changed");
        if (!B::l2_top() && B::e_.contended())
            B::e_.hit("ucp_partition_applied_under_contention");
    }

private:
    unsigned before_[APP_MAX] = {}; // the allocation before the cycle end
    unsigned busy_before_ = 0;      // the lookahead's cycles left before it
};

template <class T> void l2pol_tb_ucp(l2pol_tb<T> &p) { p.template add<l2pol_tb_ucp_blk<T>>(); }

#endif
