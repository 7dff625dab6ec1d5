// l2pol_tb_srrip: l2.replacement = srrip in the harnesses (cm_l2_pol_srrip.c): the shared
// replacement table's SRRIP, whose RRPVs the row compare covers. Its block (the victim search's
// aging, L2 top only) is also DRRIP's and TAP-RRIP's, which keep SRRIP's victim.
#ifndef CACHEGEN_TB_L2POL_TB_SRRIP_H
#define CACHEGEN_TB_L2POL_TB_SRRIP_H

#include "l2pol_tb.h"

// A fill that evicts: the victim search aged the row first, or found a way at the top RRPV.
template <class T> class l2pol_tb_rrip_aging : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    using B::B;
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        if (k == l2pol_top::l2)
            v.insert(v.end(), {"srrip_victim_aged", "srrip_victim_at_max"});
    }
    bool reachable(const std::string &) const override { return B::m_->lay.ways > 1; }
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        if (B::l2_top() && r.kind == EVT_FILL && r.dec != DEC_FILL_BYPASS && r.evict_valid &&
            B::m_->lay.ways > 1)
            B::e_.hit(r.aged ? "srrip_victim_aged" : "srrip_victim_at_max");
    }
};

template <class T> void l2pol_tb_srrip(l2pol_tb<T> &p) { p.template add<l2pol_tb_rrip_aging<T>>(); }

#endif
