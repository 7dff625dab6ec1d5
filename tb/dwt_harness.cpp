// dwt_harness: Verilator lockstep harness of the DWT-CS warp-throttling controller (<name>_dwt)
// alone. Every cycle it drives per-core instructions and L1 misses from the current period's
// traffic, and now and then a kernel start with an id from a small pool (so kernels repeat
// and the table fills and replaces), steps the C model (cm_dwt) with the same inputs, and
// compares every core's warp_limit_o and every field of the event port, bit for bit, each
// cycle. Traffic per period: thrashing (MPKI well above the threshold), quiet (below it), or
// an exact tie of the detection compare; while sampling: random per-core rates, every core the
// same stream (a tie of all), or two cores the same stream above the others (a tie of two).
// A period's decision lands 3 cycles after its end (the RTL's pipeline), so a period is judged
// in the state after the decision pending at its start (cm_dwt_judged_state); kernel starts
// come now and then in those 3 cycles, cancelling the pending decision.
// First mismatch: report field by field, finalize, exit 1.
// Plusargs: +dir=OUTDIR (with config.yaml) +seed=N +cycles=N +cover (exit 3 on an unhit bin)
//           +trace=FILE.fst +help. Any other argument, a repeated plusarg or a bad value is
//           refused by name: exit 2.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vdwt.h"
#include "harness_skel.h"
#include "ports.h"

extern "C" {
#include "../cmodel/cm_dwt.h"
#include "../core/lay.h"
}

namespace {

enum traffic { T_HOT, T_QUIET, T_MPKI_TIE, T_SAMPLE_RANDOM, T_SAMPLE_TIE_ALL, T_SAMPLE_TIE_TWO,
               T_COUNT };
const char *const traffic_names[] = {"hot", "quiet", "mpki_tie", "sample_random",
                                     "sample_tie_all", "sample_tie_two"};

uint64_t gcd(uint64_t a, uint64_t b) { return b ? gcd(b, a % b) : a; }

// What this configuration can reach (a bin it cannot is reported n/a, never a hole).
struct reach {
    bool detect_reset, sampling_period, tie, capped, restore, mpki_tie, saturated, sum_wide;
    uint64_t tie_inst, tie_miss, tie_kmax;  // exact-tie units on core 0: k x (inst, miss)

    reach(const cm_dwt_t &d)
    {
        const cfg_dwt_t &p = d.p;
        uint64_t maxi = (1u << p.inst_bits) - 1, per = (uint64_t)p.period * maxi;
        uint64_t core_max = per < DWT_COUNT_MAX ? per : DWT_COUNT_MAX;
        detect_reset = p.detect_periods > 1;
        sampling_period = p.sample_periods > 1;
        tie = d.cores > 1;
        capped = d.cores > p.max_warps;
        restore = p.max_warps > 1;
        saturated = per > DWT_COUNT_MAX || p.period > DWT_COUNT_MAX;
        sum_wide = d.cores * core_max > DWT_COUNT_MAX;
        uint64_t g = gcd(DWT_MPKI_SCALE, p.mpki_threshold);
        tie_inst = DWT_MPKI_SCALE / g;
        tie_miss = p.mpki_threshold / g;
        uint64_t miss_max = p.period < DWT_COUNT_MAX ? p.period : DWT_COUNT_MAX;
        tie_kmax = core_max / tie_inst;
        if (tie_miss && miss_max / tie_miss < tie_kmax)
            tie_kmax = miss_max / tie_miss;
        mpki_tie = tie_kmax >= 1;
    }
    bool operator()(const std::string &b) const
    {
        if (b == "thrash_period" || b == "detect_reset") return detect_reset;
        if (b == "sampling_period") return sampling_period;
        if (b == "winner_tie") return tie;
        if (b == "winner_capped") return capped;
        if (b == "kstart_restore") return restore;
        if (b == "mpki_tie") return mpki_tie;
        if (b == "count_saturated") return saturated;
        if (b == "sum_wide") return sum_wide;
        return true;
    }
};

struct harness : skel<Vdwt> {
    cm_dwt_t d;
    reach can;
    bin_set bins;
    uint64_t events = 0;
    std::mt19937_64 rng;
    unsigned maxi;                 // instructions a core may commit in a cycle
    std::vector<unsigned> pool;    // kernel ids
    // the current period's traffic
    traffic kind = T_QUIET, prev_kind = T_QUIET;
    std::vector<double> rate, pmiss; // per core: mean instructions a cycle, miss probability
    unsigned tie_a = 0, tie_b = 0;   // T_SAMPLE_TIE_TWO: the two cores
    uint64_t tie_i = 0, tie_m = 0;   // T_MPKI_TIE: core 0's exact counts
    int64_t kstart_at = -1;          // the cycle of the period with a kernel start, or -1
    unsigned periods_in_kernel = 0;
    uint64_t traffic_count[T_COUNT] = {};
    uint64_t kernel_starts = 0, kinds[DWT_EVT_COUNT] = {};

    harness(VerilatedContext *c, Vdwt *t, const cfg_t &cf, uint64_t s)
        : skel(c, t, s), can((cm_dwt_init(&d, &cf), d)), rng(s * 0x9e3779b97f4a7c15ULL + 7)
    {
        maxi = (1u << d.p.inst_bits) - 1;
        rate.assign(d.cores, 0);
        pmiss.assign(d.cores, 0);
        // table_entries + 2 distinct ids, 0 and 255 among them: kernels repeat, and more
        // kernels than entries are sampled, so the table replaces
        unsigned n = d.p.table_entries + 2;
        pool = {0, 255};
        while (pool.size() < n) {
            unsigned id = (unsigned)(rng() % 254) + 1;
            if (std::find(pool.begin(), pool.end(), id) == pool.end())
                pool.push_back(id);
        }
        for (const char *b : {"quiet", "thrash_period", "detect_reset", "detected",
                              "sample_start", "sampling_period", "winner", "winner_tie",
                              "winner_capped", "remembered", "table_replace", "reuse", "hold",
                              "kstart_restore", "kstart_sampling", "kstart_period_end",
                              "kstart_pending",
                              "mpki_tie", "count_saturated", "sum_wide"})
            bins.declare(b);
    }

    double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
    bool chance(double p) { return uni(0, 1) < p; }

    // At a period's first cycle: its traffic and whether a kernel starts in it.
    void period_start()
    {
        const cfg_dwt_t &p = d.p;
        double th = p.mpki_threshold;
        kstart_at = -1;
        prev_kind = kind;
        // the state this period is judged in: after the decision landing in its third cycle
        dwt_state_t st = cm_dwt_judged_state(&d);
        unsigned sp = d.pend ? d.pend_sp : d.sp;
        if (st == DWT_ST_SAMPLE) {
            if (sp == 0) {  // a new sampling: one pattern for all its periods
                double r = uni(0, 1);
                kind = d.cores < 2 || r < 0.4 ? T_SAMPLE_RANDOM
                                              : r < 0.7 ? T_SAMPLE_TIE_ALL : T_SAMPLE_TIE_TWO;
                for (unsigned c = 0; c < d.cores; c++) {
                    rate[c] = uni(0, maxi);
                    pmiss[c] = uni(0, 0.5);
                }
                if (kind == T_SAMPLE_TIE_TWO) {
                    tie_a = (unsigned)(rng() % d.cores);
                    do tie_b = (unsigned)(rng() % d.cores); while (tie_b == tie_a);
                    double hi = uni(0.7, 1.0) * maxi;
                    for (unsigned c = 0; c < d.cores; c++)
                        rate[c] = uni(0, 0.5) * maxi;
                    rate[tie_a] = rate[tie_b] = hi;
                }
            }
        } else {
            double r = uni(0, 1);
            kind = r < 0.6 ? T_HOT : r < 0.9 || !can.mpki_tie ? T_QUIET : T_MPKI_TIE;
            for (unsigned c = 0; c < d.cores; c++) {
                if (kind == T_HOT) {
                    rate[c] = uni(0, maxi);
                    double mpki = th * uni(1.5, 10) + 20;
                    // at most one miss a cycle: a high threshold (up to 65,535 misses per
                    // thousand instructions) thrashes only when the core commits fewer than one
                    // instruction in mpki / 1000 cycles
                    if (mpki * rate[c] > 1000)
                        rate[c] = uni(0.5, 1.0) * 1000 / mpki;
                    pmiss[c] = std::min(1.0, std::max(0.05, mpki * rate[c] / 1000));
                } else {
                    rate[c] = uni(0.5, 1.0) * maxi;
                    pmiss[c] = std::min(1.0, th * uni(0, 0.5) * rate[c] / 1000);
                }
            }
            if (kind == T_MPKI_TIE) {
                uint64_t k = 1 + rng() % can.tie_kmax;
                tie_i = k * can.tie_inst;
                tie_m = k * can.tie_miss;
            }
        }
        traffic_count[kind]++;
        // kernels: mostly once decided, seldom while detecting or sampling; never in a tie,
        // nor while a tie's decision is pending; now and then while one is (cycles 0..2)
        double pk = st == DWT_ST_DONE ? 0.6 : st == DWT_ST_SAMPLE ? 0.06 : 0.04;
        if (periods_in_kernel > 60)
            pk = 1;
        bool may_cancel = d.pend > 0 && prev_kind != T_MPKI_TIE;
        int64_t first = prev_kind == T_MPKI_TIE ? DWT_PIPE_STAGES : 0;
        if (kind != T_MPKI_TIE && p.period > first && chance(pk)) {
            double r = uni(0, 1);
            kstart_at = r < 0.25 ? p.period - 1
                      : r < 0.45 && may_cancel ? (int64_t)(rng() % DWT_PIPE_STAGES)
                      : first + (int64_t)(rng() % (p.period - first));
        }
        periods_in_kernel++;
    }

    // Instructions from a mean: the two integers around it, or now and then anything.
    unsigned draw_inst(double mean)
    {
        if (chance(mean < 1 ? 0.1 * mean : 0.1)) // noise, kept below a slow core's own rate
            return (unsigned)(rng() % (maxi + 1));
        unsigned v = (unsigned)(mean + uni(0, 1));
        return v > maxi ? maxi : v;
    }

    // `need` more in the cycles left of the period, at most `most` a cycle.
    unsigned exact(uint64_t need, unsigned most)
    {
        uint64_t left = d.p.period - d.t, rest = (uint64_t)most * (left - 1);
        uint64_t lo = need > rest ? need - rest : 0, hi = need < most ? need : most;
        return (unsigned)(lo + rng() % (hi - lo + 1));
    }

    void drive(std::vector<unsigned> &inst, uint64_t &miss, bool &ks, unsigned &kid)
    {
        if (d.t == 0)
            period_start();
        miss = 0;
        ks = kstart_at == (int64_t)d.t;
        kid = ks ? pool[rng() % pool.size()] : (unsigned)(rng() & 0xff);  // noise when idle
        if (kind == T_MPKI_TIE) {
            for (unsigned c = 0; c < d.cores; c++)
                inst[c] = 0;
            inst[0] = exact(tie_i - d.inst[0], maxi);
            miss = exact(tie_m - d.miss[0], 1);
            return;
        }
        unsigned shared = draw_inst(rate[tie_a]);
        unsigned all = draw_inst(rate[0]);
        for (unsigned c = 0; c < d.cores; c++) {
            if (kind == T_SAMPLE_TIE_ALL)
                inst[c] = all;
            else if (kind == T_SAMPLE_TIE_TWO && (c == tie_a || c == tie_b))
                inst[c] = shared;
            else
                inst[c] = draw_inst(rate[c]);
            if (chance(pmiss[c]))
                miss |= 1ULL << c;
        }
    }

    void cover(const cm_dwt_tick_t &t)
    {
        kinds[t.kind]++;
        switch (t.kind) {
        case DWT_EVT_KERNEL_START:
            if (t.state_before == DWT_ST_SAMPLE ||
                (t.state_before == DWT_ST_DONE && t.limit_before != d.p.max_warps))
                bins.hit("kstart_restore");
            if (t.state_before == DWT_ST_SAMPLE) bins.hit("kstart_sampling");
            if (t.at_period_end) bins.hit("kstart_period_end");
            if (t.cancelled) bins.hit("kstart_pending");
            return;
        case DWT_EVT_QUIET: bins.hit("quiet"); break;
        case DWT_EVT_DETECT_RESET: bins.hit("detect_reset"); break;
        case DWT_EVT_THRASH: bins.hit("thrash_period"); break;
        case DWT_EVT_REUSE: bins.hit("detected"); bins.hit("reuse"); break;
        case DWT_EVT_SAMPLE_START: bins.hit("detected"); bins.hit("sample_start"); break;
        case DWT_EVT_SAMPLING: bins.hit("sampling_period"); break;
        case DWT_EVT_WINNER:
            bins.hit("winner");
            bins.hit(t.replaced ? "table_replace" : "remembered");
            if (t.ties > 1) bins.hit("winner_tie");
            if (t.capped) bins.hit("winner_capped");
            break;
        case DWT_EVT_HOLD: bins.hit("hold"); break;
        default: break;
        }
        if (t.mpki_tie) bins.hit("mpki_tie");
        if (t.saturated) bins.hit("count_saturated");
        if (t.inst_sum > DWT_COUNT_MAX) bins.hit("sum_wide");
    }

    void fail(const char *what, const cm_dwt_tick_t &t, bool ev, const bv_t &exp_lim,
              const bv_t &act_lim)
    {
        std::string det;
        struct { const char *name; uint64_t e, a; } f[] = {
            {"evt_valid_o", ev, top->evt_valid_o},
            {"evt_kind_o", ev ? (uint64_t)t.kind : 0, top->evt_kind_o},
            {"evt_kernel_o", ev ? t.kernel : 0, top->evt_kernel_o},
            {"evt_inst_sum_o", ev ? t.inst_sum : 0, top->evt_inst_sum_o},
            {"evt_miss_sum_o", ev ? t.miss_sum : 0, top->evt_miss_sum_o},
            {"evt_count_o", ev ? t.count : 0, top->evt_count_o},
            {"evt_winner_o", ev ? t.winner : 0, top->evt_winner_o},
            {"evt_limit_o", ev ? t.limit : 0, top->evt_limit_o},
            {"evt_slot_o", ev ? t.slot : 0, top->evt_slot_o},
            {"evt_replaced_o", ev ? t.replaced : 0, top->evt_replaced_o}};
        char line[200];
        for (const auto &x : f) {
            std::snprintf(line, sizeof line, "  %-16s expected %" PRIu64 " actual %" PRIu64 "%s\n",
                          x.name, x.e, x.a, x.e != x.a ? "   <-- differs" : "");
            det += line;
        }
        for (unsigned c = 0; c < d.cores; c++) {
            uint64_t e = bv_get(&exp_lim, c * d.p.warp_bits, d.p.warp_bits);
            uint64_t a = bv_get(&act_lim, c * d.p.warp_bits, d.p.warp_bits);
            if (e != a) {
                std::snprintf(line, sizeof line, "  warp_limit_o[core %u] expected %" PRIu64
                              " actual %" PRIu64 "   <-- differs\n", c, e, a);
                det += line;
            }
        }
        std::snprintf(line, sizeof line, "%s (traffic %s, event %s)", what, traffic_names[kind],
                      ev ? dwt_evt_name(t.kind) : "none");
        report_mismatch(failed, cycle, seed, line, det);
    }

    void reset()
    {
        bv_t z;
        bv_zero(&z);
        port_put(top->inst_i, z, d.cores * d.p.inst_bits);
        top->l1_miss_i = 0;
        top->kernel_start_i = 0;
        top->kernel_id_i = 0;
        skel::reset(3);
    }

    void step()
    {
        std::vector<unsigned> inst(d.cores);
        uint64_t miss;
        bool ks;
        unsigned kid;
        drive(inst, miss, ks, kid);
        bv_t in, exp_lim, act_lim;
        bv_zero(&in);
        bv_zero(&exp_lim);
        for (unsigned c = 0; c < d.cores; c++) {
            bv_put(&in, c * d.p.inst_bits, d.p.inst_bits, inst[c]);
            bv_put(&exp_lim, c * d.p.warp_bits, d.p.warp_bits, cm_dwt_limit(&d, c));
        }
        port_put(top->inst_i, in, d.cores * d.p.inst_bits);
        top->l1_miss_i = miss;
        top->kernel_start_i = ks;
        top->kernel_id_i = kid;
        top->clk_i = 0;
        top->eval();
        cm_dwt_tick_t t;
        bool ev = cm_dwt_cycle(&d, inst.data(), miss, ks, kid, &t) != 0;
        port_get(top->warp_limit_o, act_lim, d.cores * d.p.warp_bits);
        bool same = bv_eq(&exp_lim, &act_lim, d.cores * d.p.warp_bits) &&
                    top->evt_valid_o == ev && top->evt_kind_o == (ev ? t.kind : 0) &&
                    top->evt_kernel_o == (ev ? t.kernel : 0) &&
                    top->evt_inst_sum_o == (ev ? t.inst_sum : 0) &&
                    top->evt_miss_sum_o == (ev ? t.miss_sum : 0) &&
                    top->evt_count_o == (ev ? t.count : 0) &&
                    top->evt_winner_o == (ev ? t.winner : 0) &&
                    top->evt_limit_o == (ev ? t.limit : 0) &&
                    top->evt_slot_o == (ev ? t.slot : 0) &&
                    top->evt_replaced_o == (ev ? t.replaced : 0);
        if (!same)
            fail(ev ? "event or warp limits differ" : "warp limits or an unexpected event", t, ev,
                 exp_lim, act_lim);
        if (ev) {
            events++;
            cover(t);
            if (t.kind == DWT_EVT_KERNEL_START) {
                kernel_starts++;
                periods_in_kernel = 0;
            }
        }
        clock();
    }
};

}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("dwt_harness",
                "Lockstep of a generated DWT-CS controller (<name>_dwt, Verilator) against its C\n"
                "model. Exit status: 0 pass, 1 mismatch or failure, 2 bad plusarg or setup,\n"
                "3 (+cover) a reachable bin unhit.");
    skel_cycle_plusargs(pa, "random seed of the traffic",
                        "fail (exit 3) when a reachable bin is unhit");
    int st = skel_parse(pa, argc, argv);
    if (st >= 0)
        return st;
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed"), cycles = pa.num("cycles");
    const std::unique_ptr<VerilatedContext> ctx = skel_context(argc, argv, seed);

    cfg_t c;
    if (!load_config(dir, "dwt_harness", c))
        return 2;
    if (!lay_mech_beside_is(c.l1.mode, "dwt")) { /* core/lay_mech.c: the mode's controller */
        std::fprintf(stderr, "dwt_harness: l1.mode = %s has no DWT-CS controller\n",
                     cfg_mode_name(c.l1.mode));
        return 2;
    }
    const cfg_dwt_t &p = c.dwt;
    std::printf("dwt_harness: %s_dwt cores=%u period=%u threshold=%u N=%u M=%u entries=%u "
                "max_warps=%u inst_bits=%u warp_bits=%u seed=%" PRIu64 " cycles=%" PRIu64 "\n",
                c.name, c.sys.cores, p.period, p.mpki_threshold, p.detect_periods,
                p.sample_periods, p.table_entries, p.max_warps, p.inst_bits, p.warp_bits, seed,
                cycles);

    const std::unique_ptr<Vdwt> top{new Vdwt{ctx.get(), "TOP"}};
    harness h(ctx.get(), top.get(), c, seed);
    h.trace_open(pa.str("trace"));
    double secs = skel_run(h, cycles, [&] { h.step(); });
    h.finish();
    std::printf("dwt_harness: %" PRIu64 " cycles, %" PRIu64 " events (%" PRIu64 " kernel starts)"
                " checked in %.2f s (%.0f cycles/s)\n", h.cycle, h.events, h.kernel_starts, secs,
                h.cycle / (secs > 0 ? secs : 1));
    std::printf("dwt_harness: events");
    for (unsigned k = 0; k < DWT_EVT_COUNT; k++)
        std::printf(" %s=%" PRIu64, dwt_evt_name((dwt_evt_t)k), h.kinds[k]);
    std::printf("\ndwt_harness: traffic");
    for (unsigned k = 0; k < T_COUNT; k++)
        std::printf(" %s=%" PRIu64, traffic_names[k], h.traffic_count[k]);
    std::printf("\ndwt_harness: ");
    h.bins.report(stdout, h.can);
    if (!h.failed && pa.on("cover") && h.bins.missing(h.can)) {
        std::printf("dwt_harness: coverage incomplete (+cover)\n");
        return report_holes("dwt_harness", h.bins.unhit(h.can), h.cycle, h.events, seed);
    }
    return skel_verdict("dwt_harness", h.failed, seed);
}
