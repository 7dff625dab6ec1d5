// duel_harness: Verilator lockstep harness of the SM-dueling controller (<name>_duel) alone.
// Every cycle it drives random leader loads and unserved loads from per-phase probabilities,
// steps the C model (cm_duel) with the same bits, and compares follower_filter_o and
// evt_valid_o every cycle and the event port's counts and setting at every interval's end.
// Phases (a few intervals each) aim at every decision path: SM0 much worse or better, rates
// within the margin, exact ties of the comparison, bursts of unserved loads, a silent leader,
// all idle. First mismatch: report field by field, finalize, exit 1.
// Plusargs: +dir=OUTDIR (with config.yaml) +seed=N +cycles=N +cover (fail on an unhit bin)
//           +trace=FILE.fst +help (every plusarg, its range and default). Any other argument,
//           a repeated plusarg or a bad value is refused by name: exit 2.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vduel.h"
#include "harness_skel.h"

extern "C" {
#include "../cmodel/cm_duel.h"
#include "../core/duel.h"
}

namespace {

enum phase_kind { P_WORSE0, P_BETTER0, P_NEAR, P_TIE, P_BURST0, P_SILENT0, P_SILENT1, P_IDLE,
                  P_COUNT };
const char *const phase_names[] = {"sm0_worse", "sm0_better", "near", "tie", "burst0",
                                   "silent0", "silent1", "idle"};

struct tuple4 { uint32_t a0, m0, a1, m1; };  // exact interval counts (tie phases)

// The decision's two sides, as the rule states them.
struct sides { uint64_t sm0, sm1; };
sides decision_sides(uint64_t a0, uint64_t m0, uint64_t a1, uint64_t m1, unsigned margin)
{
    return {100 * m0 * a1, 100 * m1 * a0 + (uint64_t)margin * a0 * a1};
}

class coverage {
public:
    coverage(unsigned interval, unsigned margin, bool tie_reachable)
    {
        uint64_t i = interval, lcm = interval > 1 ? i * (i - 1) : 1;
        // filter_off needs m0/a0 - m1/a1 > margin/100; at best m0/a0 = I, m1 = 0.
        bool off = 100 * i > margin;
        // margin_decides needs 0 < 100*(m0*a1 - m1*a0) <= margin*a0*a1; the left side's
        // smallest positive value is 100*gcd(a0, a1), so a0*a1/gcd = lcm(a0, a1) <= lcm.
        bool by_margin = margin > 0 && (uint64_t)margin * lcm >= 100;
        for (const char *b : {"filter_on", "keep_a0_zero", "keep_a1_zero", "switch_to_on"})
            bins_[b] = 0;
        if (off) {
            bins_["filter_off"] = 0;
            bins_["switch_to_off"] = 0;
        }
        if (by_margin)
            bins_["margin_decides"] = 0;
        if (tie_reachable)
            bins_["exact_tie"] = 0;
    }
    void tick(const cm_duel_tick_t &t, unsigned before, unsigned margin)
    {
        if (t.kind == DUEL_FILTER_ON) hit("filter_on");
        if (t.kind == DUEL_FILTER_OFF) hit("filter_off");
        if (t.kind == DUEL_KEEP && t.a0 == 0) hit("keep_a0_zero");
        if (t.kind == DUEL_KEEP && t.a1 == 0) hit("keep_a1_zero");
        if (t.margin_decided) hit("margin_decides");
        if (before && !t.filter) hit("switch_to_off");
        if (!before && t.filter) hit("switch_to_on");
        sides s = decision_sides(t.a0, t.m0, t.a1, t.m1, margin);
        if (t.a0 && t.a1 && s.sm0 == s.sm1) hit("exact_tie");
    }
    void report(FILE *f) const
    {
        static const char *const order[] = {"filter_on", "filter_off", "keep_a0_zero",
                                            "keep_a1_zero", "margin_decides", "switch_to_off",
                                            "switch_to_on", "exact_tie"};
        std::fprintf(f, "duel_harness: coverage");
        for (const char *b : order) {
            auto it = bins_.find(b);
            if (it == bins_.end())
                std::fprintf(f, " %s=n/a", b);
            else
                std::fprintf(f, " %s=%" PRIu64, b, it->second);
        }
        std::fprintf(f, "\n");
    }
    bool missing() const
    {
        for (const auto &b : bins_)
            if (b.second == 0)
                return true;
        return false;
    }

private:
    void hit(const char *b)
    {
        auto it = bins_.find(b);
        if (it != bins_.end())
            it->second++;
    }
    std::map<std::string, uint64_t> bins_;  // only the bins this config can reach
};

struct harness : skel<Vduel> {
    cm_duel_t d;
    uint64_t ticks = 0;
    std::mt19937_64 rng;
    std::vector<tuple4> ties;  // exact ties of the comparison (and their +1 neighbours)
    // the current phase
    phase_kind kind = P_SILENT0;
    unsigned intervals_left = 2;
    unsigned pl[2] = {0, 0}, pu[2] = {0, 0};  // probabilities in 1/65536
    tuple4 target{};
    uint64_t phases[P_COUNT] = {};

    harness(VerilatedContext *c, Vduel *t, const cfg_l1_t *l, uint64_t s)
        : skel(c, t, s), rng(s * 0x9e3779b97f4a7c15ULL + 1)
    {
        cm_duel_init(&d, l);
        find_ties();
        enter_phase(P_SILENT0);  // from reset: an empty interval must keep "off"
        intervals_left = 2;
    }

    // All exact ties with a0, a1, m1 <= min(I, 100) (every tie when I <= 100; the tie
    // a0 = a1 = 100, m1 = 0, m0 = margin when I >= 100), kept by reservoir sampling.
    void find_ties()
    {
        const unsigned lim = d.interval < 100 ? d.interval : 100, cap = 4096;
        uint64_t seen = 0;
        for (uint64_t a0 = 1; a0 <= lim; a0++)
            for (uint64_t a1 = 1; a1 <= lim; a1++)
                for (uint64_t m1 = 0; m1 <= lim; m1++) {
                    uint64_t num = (uint64_t)d.margin * a0 * a1 + 100 * m1 * a0;
                    if (num % (100 * a1) || num / (100 * a1) > d.interval)
                        continue;
                    tuple4 t{(uint32_t)a0, (uint32_t)(num / (100 * a1)), (uint32_t)a1,
                             (uint32_t)m1};
                    if (ties.size() < cap)
                        ties.push_back(t);
                    else if (rng() % (seen + 1) < cap)
                        ties[rng() % cap] = t;
                    seen++;
                }
    }

    unsigned prob(double lo, double hi)
    {
        double p = std::uniform_real_distribution<double>(lo, hi)(rng);
        return p <= 0 ? 0 : p >= 1 ? 65536 : (unsigned)(p * 65536);
    }

    void enter_phase(phase_kind k)
    {
        kind = k;
        phases[k]++;
        intervals_left = 1 + (unsigned)(rng() % 4);
        double margin = d.margin / 100.0;
        switch (k) {
        case P_WORSE0:
        case P_BETTER0: {
            unsigned bad = k == P_WORSE0 ? 0 : 1;
            pl[0] = prob(0.4, 1.0);
            pl[1] = prob(0.4, 1.0);
            pu[bad] = (unsigned)((uint64_t)pl[bad] * prob(0.6, 1.0) >> 16);
            pu[!bad] = (unsigned)((uint64_t)pl[!bad] * prob(0.0, 0.2) >> 16);
            break;
        }
        case P_NEAR: {  // unserved rates differing by at most about the margin
            double r1 = std::uniform_real_distribution<double>(0.0, 0.6)(rng);
            double delta = std::uniform_real_distribution<double>(-0.02, margin + 0.02)(rng);
            pl[0] = prob(0.5, 1.0);
            pl[1] = prob(0.5, 1.0);
            pu[1] = (unsigned)(pl[1] * r1);
            double r0 = r1 + delta < 0 ? 0 : r1 + delta > 1 ? 1 : r1 + delta;
            pu[0] = (unsigned)(pl[0] * r0);
            break;
        }
        case P_TIE:  // exact counts, chosen per interval in interval_start()
            break;
        case P_BURST0:  // few loads, many unserved (answers to earlier misses)
            pl[0] = prob(0.02, 0.2);
            pu[0] = prob(0.7, 1.0);
            pl[1] = prob(0.3, 1.0);
            pu[1] = prob(0.0, 0.1);
            break;
        case P_SILENT0:
        case P_SILENT1: {
            unsigned q = k == P_SILENT0 ? 0 : 1;
            pl[q] = 0;
            pu[q] = prob(0.0, 0.3);
            pl[!q] = prob(0.2, 1.0);
            pu[!q] = prob(0.0, 1.0);
            break;
        }
        default:
            pl[0] = pl[1] = pu[0] = pu[1] = 0;
            break;
        }
    }

    // At an interval's start: move to the next phase, pick the tie phase's exact counts.
    void interval_start()
    {
        if (intervals_left == 0) {
            phase_kind k = (phase_kind)(rng() % P_COUNT);
            enter_phase(k == P_TIE && ties.empty() ? P_NEAR : k);
        }
        intervals_left--;
        if (kind == P_TIE) {
            target = ties[rng() % ties.size()];
            if (rng() & 1 && target.m0 < d.interval)
                target.m0++;  // just past the tie: SM0 worse by more than the margin
        }
    }

    // Bit with probability p/65536; or, for exact counts, `need` more in the cycles left.
    bool draw(unsigned p) { return (rng() & 0xffff) < p; }
    bool exact(uint32_t want, uint32_t have)
    {
        uint64_t left = d.interval - d.t, need = want > have ? want - have : 0;
        return rng() % left < need;
    }

    void drive(unsigned &ld, unsigned &un)
    {
        if (d.t == 0)
            interval_start();
        if (kind == P_TIE) {
            ld = exact(target.a0, d.a[0]) | (unsigned)exact(target.a1, d.a[1]) << 1;
            un = exact(target.m0, d.m[0]) | (unsigned)exact(target.m1, d.m[1]) << 1;
        } else {
            ld = draw(pl[0]) | (unsigned)draw(pl[1]) << 1;
            un = draw(pu[0]) | (unsigned)draw(pu[1]) << 1;
        }
    }

    void fail(const char *what, const cm_duel_tick_t *exp, unsigned exp_valid, unsigned exp_follow)
    {
        failed = true;
        std::printf("MISMATCH at cycle %" PRIu64 " (seed %" PRIu64 ", phase %s): %s\n", cycle, seed,
                    phase_names[kind], what);
        const struct { const char *name; uint64_t e, a; bool used; } f[] = {
            {"follower_filter_o", exp_follow, top->follower_filter_o, true},
            {"evt_valid_o", exp_valid, top->evt_valid_o, true},
            {"evt_a0_o", exp->a0, top->evt_a0_o, exp_valid != 0},
            {"evt_m0_o", exp->m0, top->evt_m0_o, exp_valid != 0},
            {"evt_a1_o", exp->a1, top->evt_a1_o, exp_valid != 0},
            {"evt_m1_o", exp->m1, top->evt_m1_o, exp_valid != 0},
            {"evt_filter_o", exp->filter, top->evt_filter_o, exp_valid != 0}};
        for (const auto &x : f)
            if (x.used)
                std::printf("  %-18s expected %" PRIu64 " actual %" PRIu64 "%s\n", x.name, x.e, x.a,
                            x.e != x.a ? "   <-- differs" : "");
    }

    void reset()
    {
        top->load_i = 0;
        top->unserved_i = 0;
        skel::reset(3);
    }

    void step(coverage &cov)
    {
        unsigned ld, un;
        drive(ld, un);
        top->load_i = ld;
        top->unserved_i = un;
        top->clk_i = 0;
        top->eval();
        unsigned follow = d.filter;
        cm_duel_tick_t t;
        int end = cm_duel_cycle(&d, ld, un, &t);
        if (top->follower_filter_o != follow || top->evt_valid_o != (unsigned)end) {
            const char *what = top->evt_valid_o != (unsigned)end ? "interval end differs"
                                                                  : "follower setting differs";
            fail(what, &t, end, follow);
        } else if (end) {
            ticks++;
            if (top->evt_a0_o != t.a0 || top->evt_m0_o != t.m0 || top->evt_a1_o != t.a1 ||
                top->evt_m1_o != t.m1 || top->evt_filter_o != t.filter)
                fail("interval-end event differs", &t, end, follow);
            cov.tick(t, follow, d.margin);
        }
        clock();
    }
};


}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("duel_harness",
                "Lockstep of a generated SM-dueling controller (<name>_duel, Verilator) against\n"
                "its C model. Exit status: 0 pass, 1 mismatch, failure or (+cover) a bin unhit,\n"
                "2 bad plusarg or setup.");
    skel_cycle_plusargs(pa, "random seed of the leader traffic",
                        "fail when a reachable bin is unhit");
    int st = skel_parse(pa, argc, argv);
    if (st >= 0)
        return st;
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed");
    uint64_t cycles = pa.num("cycles");
    bool cover = pa.on("cover");
    const std::unique_ptr<VerilatedContext> ctx = skel_context(argc, argv, seed);

    cfg_t c;
    if (!load_config(dir, "duel_harness", c))
        return 2;
    std::printf("duel_harness: %s_duel interval=%u margin=%u seed=%" PRIu64 " cycles=%" PRIu64
                " (count bits %u, timer bits %u, compare bits %u)\n",
                c.name, c.l1.duel_interval, c.l1.duel_margin, seed, cycles,
                duel_count_bits(c.l1.duel_interval), duel_timer_bits(c.l1.duel_interval),
                duel_cmp_bits(c.l1.duel_interval, c.l1.duel_margin));

    const std::unique_ptr<Vduel> top{new Vduel{ctx.get(), "TOP"}};
    harness h(ctx.get(), top.get(), &c.l1, seed);
    coverage cov(c.l1.duel_interval, c.l1.duel_margin, !h.ties.empty());
    h.trace_open(pa.str("trace"));
    double secs = skel_run(h, cycles, [&] { h.step(cov); });
    h.finish();
    std::printf("duel_harness: %" PRIu64 " cycles, %" PRIu64 " interval ends checked in %.2f s "
                "(%.0f cycles/s)\n", h.cycle, h.ticks, secs, h.cycle / (secs > 0 ? secs : 1));
    std::printf("duel_harness: phases");
    for (unsigned k = 0; k < P_COUNT; k++)
        std::printf(" %s=%" PRIu64, phase_names[k], h.phases[k]);
    std::printf(" (%zu tie tuples)\n", h.ties.size());
    cov.report(stdout);
    if (!h.failed && cover && cov.missing()) {
        std::printf("duel_harness: coverage incomplete (+cover)\n");
        h.failed = true;
    }
    return skel_verdict("duel_harness", h.failed, seed);
}
