// l2pol_tb_tap: TAP's core-sampling controller in the harnesses (cm_l2_pol.c's controller block,
// cm_tap; SPEC 3.8, docs/tap.md), the block tap_rrip and tap_ucp share. Its drive: retired_i,
// the GPU cores' retired instructions, whose streams take one shape a TAP period (Core-POL1,
// GPU core 0, clearly ahead of Core-POL2, core 1, or behind it: the GPU cache-friendly; equal or
// within 1%: not friendly with tap.alpha >= 1; or idle), and the CPU ports' share of the traffic
// by period (the L2 top: percent of the requests from CPU ports, 0 so that the ratio saturates,
// 33 near T_xs = 4 with 2 ports; the system: percent of the ports' rate), so that XSRATIO falls
// on both sides of T_xs; both drawn from the block's own generator, so other designs' traffic
// is unchanged. Every cycle, after its events, the masks and XSRATIO in force are compared
// (before cm_l2_cycle_end), then the tick (the cycle it lands and every field, after it). The
// tap_ bins cover both friendliness outcomes, XSRATIO above and below T_xs (and at it, L2 top)
// and saturating; the system's also the mask set by each test and a tick under contention.
#ifndef CACHEGEN_TB_L2POL_TB_TAP_H
#define CACHEGEN_TB_L2POL_TB_TAP_H

#include <random>
#include "l2pol_tb.h"

// The controller's outputs in one cycle. A TAP design without the ports reads as state ~0 and
// no tick, so it fails.
struct l2pol_tb_tap_rtl {
    bool valid = false;
    cm_tap_tick_t tick{};
    uint64_t state = ~0ULL; // {XSRATIO, UCP-Mask, RRIP-Mask} in force
};
template <class T>
auto l2pol_tb_tap_get(const T *t, l2pol_tb_tap_rtl &r, int)
    -> decltype(L2POL_EVT(t, tap_valid_o), void())
{
    r.valid = L2POL_EVT(t, tap_valid_o);
    r.tick.i1 = (uint32_t)port_u64(L2POL_EVT(t, tap_i1_o));
    r.tick.i2 = (uint32_t)port_u64(L2POL_EVT(t, tap_i2_o));
    r.tick.a_gpu = (uint32_t)port_u64(L2POL_EVT(t, tap_a_gpu_o));
    r.tick.a_cpu = (uint32_t)port_u64(L2POL_EVT(t, tap_a_cpu_o));
    r.tick.friendly = (uint8_t)L2POL_EVT(t, tap_friendly_o);
    r.tick.ratio = (uint16_t)port_u64(L2POL_EVT(t, tap_ratio_o));
    r.tick.ratio_sat = (uint8_t)L2POL_EVT(t, tap_ratio_sat_o);
    r.tick.xsratio = (uint16_t)port_u64(L2POL_EVT(t, tap_xsratio_o));
    r.tick.rrip_mask = (uint8_t)L2POL_EVT(t, tap_rrip_mask_o);
    r.tick.ucp_mask = (uint8_t)L2POL_EVT(t, tap_ucp_mask_o);
    r.state = port_u64(L2POL_EVT(t, tap_state_o));
}
template <class T> void l2pol_tb_tap_get(const T *, l2pol_tb_tap_rtl &, long) {}
// retired_i, where the design has it.
template <class T>
auto l2pol_tb_put_retired(T *t, const bv_t &v, unsigned width, int)
    -> decltype(port_put(t->retired_i, v, width))
{
    port_put(t->retired_i, v, width);
}
template <class T> void l2pol_tb_put_retired(T *, const bv_t &, unsigned, long) {}

template <class T> class l2pol_tb_tap_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    l2pol_tb_tap_blk(T *top, const l2pol_env &e) : B(top, e), rng_(e.seed) {}
    static void bins(l2pol_top k, std::vector<std::string> &v)
    {
        v.insert(v.end(), {"tap_friendly", "tap_not_friendly", "tap_xs_above_txs",
                           "tap_xs_below_txs", "tap_ratio_saturated"});
        if (k == l2pol_top::l2)
            v.push_back("tap_ratio_at_txs");
        else
            v.insert(v.end(), {"tap_mask_set_by_xsratio", "tap_mask_set_not_friendly",
                               "tap_tick_under_contention"});
    }
    // TAP's rule (core/reach.h, the same in the L2 and system harnesses)
    bool reachable(const std::string &b) const override
    {
        return reach_tap(&B::m_->cfg, b.c_str(), B::l2_top());
    }
    // This cycle's retired instructions per GPU core (0..15), on retired_i.
    void drive() override
    {
        unsigned P = B::m_->lay.cores, rb = CM_TAP_RETIRED_BITS, most = (1u << rb) - 1;
        uint32_t v = (uint32_t)(rng_() % (most + 1)), lo = v / 2;
        for (unsigned c = 2; c < P; c++)
            retired_[c] = (uint32_t)(rng_() % (most + 1));
        switch (mode_) {
        case retire::pol1_more: retired_[0] = v, retired_[1] = lo; break;
        case retire::pol2_more: retired_[0] = lo, retired_[1] = v; break;
        case retire::same: retired_[0] = retired_[1] = v; break;
        case retire::near:
            retired_[0] = retired_[1] = v;
            if (rng_() % 100 == 0 && v < most)
                retired_[1] = v + 1;
            break;
        default: retired_[0] = retired_[1] = 0; break;
        }
        bv_t b;
        bv_zero(&b);
        for (unsigned c = 0; c < P; c++)
            bv_put(&b, c * rb, rb, retired_[c]);
        l2pol_tb_put_retired(B::top_, b, P * rb, 0);
    }
    const uint32_t *retired() const override { return retired_; }
    int cpu_pct() const override { return cpu_pct_; }
    // The masks and XSRATIO in force, before the model's cycle end.
    void cycle_before() override
    {
        l2pol_tb_tap_rtl r;
        l2pol_tb_tap_get(B::top_, r, 0);
        const cm_tap_t &t = tap();
        uint64_t state = (uint64_t)t.xsratio << 2 | (uint64_t)t.ucp_mask << 1 | t.rrip_mask;
        B::e_.check(B::name("tap state {xsratio, ucp_mask, rrip_mask}"), state, r.state, "cycle");
    }
    // After it: a new period's shape, then the tick (its landing cycle and every field).
    void cycle_after() override
    {
        l2pol_tb_tap_rtl r;
        l2pol_tb_tap_get(B::top_, r, 0);
        const cm_l2_tap_run_t *run = cm_l2_tap_of(B::m_);
        const cm_tap_t &t = run->tap;
        if (t.t == 0)
            new_period();
        B::e_.check(B::name("tap tick valid"), run->ticked, r.valid, "cycle");
        if (!run->ticked || !r.valid)
            return;
        const cm_tap_tick_t &k = run->tick, &a = r.tick;
        const struct { const char *f; uint64_t e, a; } fields[] = {
            {"i1", k.i1, a.i1}, {"i2", k.i2, a.i2}, {"a_gpu", k.a_gpu, a.a_gpu},
            {"a_cpu", k.a_cpu, a.a_cpu}, {"friendly", k.friendly, a.friendly},
            {"ratio", k.ratio, a.ratio}, {"ratio_sat", k.ratio_sat, a.ratio_sat},
            {"xsratio", k.xsratio, a.xsratio}, {"rrip_mask", k.rrip_mask, a.rrip_mask},
            {"ucp_mask", k.ucp_mask, a.ucp_mask}};
        for (const auto &f : fields)
            B::e_.check(B::name("tap %s", f.f), f.e, f.a, "tick");
        auto hit = B::e_.hit;
        hit(k.friendly ? "tap_friendly" : "tap_not_friendly");
        hit(k.ratio >= t.p.txs ? "tap_xs_above_txs" : "tap_xs_below_txs");
        if (B::l2_top() && k.ratio == t.p.txs)
            hit("tap_ratio_at_txs");
        if (k.ratio_sat)
            hit("tap_ratio_saturated");
        if (B::l2_top())
            return;
        if (k.rrip_mask)
            hit(k.friendly ? "tap_mask_set_by_xsratio" : "tap_mask_set_not_friendly");
        if (B::e_.contended())
            hit("tap_tick_under_contention");
    }

private:
    const cm_tap_t &tap() const { return cm_l2_tap_of(B::m_)->tap; }
    // Each TAP period its CPU share and retired streams.
    void new_period()
    {
        static const int rates[] = {0, 5, 20, 50, 100, 100}; // system
        cpu_pct_ = B::l2_top() ? reach_tap_l2_shares[rng_() % 8] : rates[rng_() % 6]; // L2 top
        mode_ = (retire)(rng_() % (unsigned)retire::count);
    }
    enum class retire { pol1_more, pol2_more, same, near, idle, count };
    std::mt19937_64 rng_;
    retire mode_ = retire::same;
    int cpu_pct_ = -1;
    uint32_t retired_[TAP_MAX_GPU_CORES] = {};
};

#endif
