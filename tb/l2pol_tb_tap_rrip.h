// l2pol_tb_tap_rrip: l2.replacement = tap_rrip in the harnesses (cm_l2_pol_tap_rrip.c, SPEC 3.8):
// DRRIP under TAP, so SRRIP's aging block, DRRIP's, TAP's controller and its own rules. Those
// rules' bins (from the event's tap_ fields, cm_l2_pol_evt.h) cover the sampling cores'
// insertions, the mask's forced BRRIP, a GPU hit not promoted and the GPU-first victim (on the
// system top for a GPU and a CPU fill, with the tap_rrip_ prefix).
#ifndef CACHEGEN_TB_L2POL_TB_TAP_RRIP_H
#define CACHEGEN_TB_L2POL_TB_TAP_RRIP_H

#include "l2pol_tb.h"
#include "l2pol_tb_drrip.h"
#include "l2pol_tb_tap.h"

template <class T> class l2pol_tb_tap_rrip_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    using B::B;
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        if (k == l2pol_top::l2)
            v.insert(v.end(), {"tap_pol1_insert", "tap_pol2_insert", "tap_mask_forced_brrip",
                               "tap_gpu_hit_not_promoted", "tap_gpu_first_victim"});
        else
            v.insert(v.end(), {"tap_rrip_pol1_insert", "tap_rrip_pol2_insert",
                               "tap_rrip_mask_forced_brrip", "tap_rrip_gpu_hit_not_promoted",
                               "tap_rrip_gpu_first_victim_for_gpu_fill",
                               "tap_rrip_gpu_first_victim_for_cpu_fill"});
    }
    // TAP-RRIP's rules as the model applied them in this event, and (system) for whom.
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        bool l2 = B::l2_top();
        if (!l2 && r.kind == EVT_SWEEP)
            return;
        auto hit = B::e_.hit;
        const cm_l2_pol_evt_t &p = r.pol;
        if (r.kind == EVT_FILL && r.dec == DEC_FILL) {
            if (p.tap_ins == CM_TAP_INS_POL1) hit(l2 ? "tap_pol1_insert" : "tap_rrip_pol1_insert");
            if (p.tap_ins == CM_TAP_INS_POL2) hit(l2 ? "tap_pol2_insert" : "tap_rrip_pol2_insert");
            if (p.tap_ins == CM_TAP_INS_MASK)
                hit(l2 ? "tap_mask_forced_brrip" : "tap_rrip_mask_forced_brrip");
            if (p.tap_gpu_first) // a GPU line taken over a lower CPU line at the same RRPV
                hit(l2 ? "tap_gpu_first_victim"
                       : r.core < B::m_->lay.cores ? "tap_rrip_gpu_first_victim_for_gpu_fill"
                                                   : "tap_rrip_gpu_first_victim_for_cpu_fill");
        }
        // kept at a nonzero RRPV: a promotion would have shown in the row
        if (p.tap_kept && B::m_->rows[r.set].way[r.way].repl != 0)
            hit(l2 ? "tap_gpu_hit_not_promoted" : "tap_rrip_gpu_hit_not_promoted");
    }
};

template <class T> void l2pol_tb_tap_rrip(l2pol_tb<T> &p)
{
    l2pol_tb_drrip(p);
    p.template add<l2pol_tb_tap_blk<T>>();
    p.template add<l2pol_tb_tap_rrip_blk<T>>();
}

#endif
