// l2pol_tb_drrip: l2.replacement = drrip in the harnesses (cm_l2_pol_drrip.c, SPEC 3.8): SRRIP's
// aging block and DRRIP's. Every event carries the PSELs and the BRRIP counter after it
// (evt_psel_o, evt_brrip_o), compared with the model's cm_drrip state on both tops; on the L2
// top the drrip_ bins cover each leader kind missing (the CPU ports' and every app's), PSEL
// saturating both ways, BRRIP's 32nd insertion, a follower choosing each policy and a fill in
// another app's leader set. tap_rrip builds on the block.
#ifndef CACHEGEN_TB_L2POL_TB_DRRIP_H
#define CACHEGEN_TB_L2POL_TB_DRRIP_H

#include "l2pol_tb.h"
#include "l2pol_tb_srrip.h"

// The PSELs (apps x psel_bits, any width) into `v`; false where the design has no such port.
template <class T>
auto l2pol_tb_psel(const T *t, bv_t &v, unsigned width, int)
    -> decltype(port_get(L2POL_EVT(t, psel_o), v, width), bool())
{
    port_get(L2POL_EVT(t, psel_o), v, width);
    return true;
}
template <class T> bool l2pol_tb_psel(const T *, bv_t &, unsigned, long) { return false; }
// The BRRIP counter; ~0, which no model state equals, where the design has no such port.
template <class T> auto l2pol_tb_brrip(const T *t, int) -> decltype(port_u64(L2POL_EVT(t, brrip_o)))
{
    return port_u64(L2POL_EVT(t, brrip_o));
}
template <class T> uint64_t l2pol_tb_brrip(const T *, long) { return ~0ULL; }

template <class T> class l2pol_tb_drrip_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    using B::B;
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        if (k == l2pol_top::l2)
            v.insert(v.end(), {"drrip_miss_srrip_leader", "drrip_miss_brrip_leader",
                               "drrip_psel_saturated_top", "drrip_psel_saturated_bottom",
                               "drrip_brrip_32nd", "drrip_follower_srrip", "drrip_follower_brrip",
                               "drrip_cpu_leader_miss", "drrip_every_app_srrip_leader_miss",
                               "drrip_every_app_brrip_leader_miss",
                               "drrip_fill_in_other_apps_leader"});
    }
    bool reachable(const std::string &b) const override
    {
        const cm_drrip_t *d = cm_l2_drrip_of(B::m_);
        if (b == "drrip_cpu_leader_miss" || b == "drrip_fill_in_other_apps_leader")
            return B::m_->lay.cpu_cores > 0;
        // followers exist when S = sets / L leaves sets beyond the apps' leaders
        if (b.compare(0, 15, "drrip_follower_") == 0)
            return d->stride > 2 * d->p.apps;
        // a leader miss moves PSEL by one: random traffic walks it to either end only when it
        // is short (the make test configurations use 1 to 3 bits)
        if (b.compare(0, 21, "drrip_psel_saturated_") == 0)
            return d->p.psel_bits <= 3;
        return true;
    }
    void before_event() override { d0_ = *cm_l2_drrip_of(B::m_); }
    // The PSELs (app k's in bits [k * pb +: pb]) and the BRRIP counter after every event.
    void compare_event(const cm_l2_result_t &, const char *where) override
    {
        const cm_drrip_t *d = cm_l2_drrip_of(B::m_);
        unsigned pb = d->p.psel_bits;
        bv_t act;
        if (!l2pol_tb_psel(B::top_, act, d->p.apps * pb, 0))
            B::fail_port("drrip", "psel_o", where);
        else
            for (unsigned k = 0; k < d->p.apps; k++)
                B::e_.check(B::name("psel of app %u", k), d->psel[k], bv_get(&act, k * pb, pb),
                            where);
        B::e_.check(B::name("brrip"), d->brrip_cnt, l2pol_tb_brrip(B::top_, 0), where);
    }
    // From the state before the event: a miss that took an MSHR in a leader set (at either end
    // of PSEL's range: saturating), a fill's policy in a follower set, and the BRRIP insertion
    // that finds the counter at 31, each for the request's application.
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        if (!B::l2_top())
            return;
        const cm_drrip_t &d = d0_;
        const cm_l2_t *m = B::m_;
        auto hit = B::e_.hit;
        unsigned app = cfg_l2_app_of(&m->cfg, r.core), top = (1u << d.p.psel_bits) - 1;
        if (r.dec == DEC_LD_MISS || r.dec == DEC_ST_MISS) {
            cm_leader_t k = cm_drrip_leader(&d, app, r.set);
            if (k != CM_LEADER_NONE && r.core >= m->lay.cores)
                hit("drrip_cpu_leader_miss");
            uint32_t all = (uint32_t)((1ULL << d.p.apps) - 1); // each app's own leaders, both
            if (k == CM_LEADER_SRRIP && (srrip_missed_ |= 1u << app) == all)
                hit("drrip_every_app_srrip_leader_miss");
            if (k == CM_LEADER_BRRIP && (brrip_missed_ |= 1u << app) == all)
                hit("drrip_every_app_brrip_leader_miss");
            if (k == CM_LEADER_SRRIP) {
                hit("drrip_miss_srrip_leader");
                if (d.psel[app] == top)
                    hit("drrip_psel_saturated_top");
            } else if (k == CM_LEADER_BRRIP) {
                hit("drrip_miss_brrip_leader");
                if (d.psel[app] == 0)
                    hit("drrip_psel_saturated_bottom");
            }
        }
        if (r.kind == EVT_FILL) {
            cm_rrip_pol_t pol = cm_drrip_policy(&d, app, r.set);
            for (unsigned j = 0; j < d.p.apps; j++) // a follower of its app in j's leader set
                if (j != app && cm_drrip_leader(&d, app, r.set) == CM_LEADER_NONE &&
                    cm_drrip_leader(&d, j, r.set) != CM_LEADER_NONE)
                    hit("drrip_fill_in_other_apps_leader");
            if (cm_drrip_leader(&d, app, r.set) == CM_LEADER_NONE)
                hit(pol == CM_RRIP_BRRIP ? "drrip_follower_brrip" : "drrip_follower_srrip");
            if (pol == CM_RRIP_BRRIP && d.brrip_cnt == CM_DRRIP_BRRIP_PERIOD - 1)
                hit("drrip_brrip_32nd");
        }
    }

private:
    cm_drrip_t d0_{};                                // the block before the event
    uint32_t srrip_missed_ = 0, brrip_missed_ = 0;   // apps that missed in their own leaders
};

template <class T> void l2pol_tb_drrip(l2pol_tb<T> &p)
{
    p.template add<l2pol_tb_rrip_aging<T>>();
    p.template add<l2pol_tb_drrip_blk<T>>();
}

#endif
