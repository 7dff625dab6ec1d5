// harness_skel.h: the skeleton every lockstep harness runs on, each top kind plugging its
// drive, compare and bins into it: the Verilated context seeded from +seed, the common
// plusargs (+dir, +seed, +trace), clocking (half periods, each one dumped into the +trace
// waveform), reset, the cycle loop, traffic extension while a reachable bin is unhit, and the
// verdict lines ("WHO: FAIL (seed S)", "WHO: PASS", a hole through report_holes). The first
// mismatch is reported by report_mismatch (harness_util.h: "MISMATCH at cycle C (...): check",
// the check name tb/catch_matrix.tsv keys on, then the differing fields or row_diff's rows).
//
// A harness derives its state from skel<Vtop> (cycle, failed, the waveform), writes step()
// (drive the inputs at clk 0, eval, compare with its model, then clock(): the rising edge),
// and calls from main: skel_plusargs, skel_context, trace_open, skel_run (or its own loop,
// then skel_extend for coverage), finish, skel_verdict.
#ifndef CG_HARNESS_SKEL_H
#define CG_HARNESS_SKEL_H

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#include "chanmon.h"
#include "harness_util.h"

// skel_plusargs: +dir and +seed (SEED_WHAT: what the seed draws), every harness's first two
inline void skel_plusargs(plusargs &pa, const char *seed_what)
{
    pa.text("dir", "OUTDIR", ".", "the generated output directory (with config.yaml)");
    pa.number("seed", 1, 0, UINT64_MAX, seed_what);
}

// skel_trace_plusarg: +trace (last of a harness's plusargs, as +help lists them)
inline void skel_trace_plusarg(plusargs &pa)
{
    pa.text("trace", "FILE.fst", "", "write an FST waveform");
}

// skel_cycle_plusargs: the plusargs of a harness run for a number of cycles (the controllers
// beside the L1: duel, dwt): +dir, +seed (SEED_WHAT), +cycles, +cover (COVER_WHAT), +trace
inline void skel_cycle_plusargs(plusargs &pa, const char *seed_what, const char *cover_what)
{
    skel_plusargs(pa, seed_what);
    pa.number("cycles", 1000000, 1, 1000000000000ULL, "cycles to run");
    pa.flag("cover", cover_what);
    skel_trace_plusarg(pa);
}

// skel_parse: the command line parsed and +trace checked; an exit status (>= 0) when the run
// ends here (+help, a refused plusarg), else -1
inline int skel_parse(plusargs &pa, int argc, char **argv)
{
    int st = pa.parse(argc, argv);
    return st >= 0 ? st : trace_plusarg_ok(pa);
}

// skel_context: the Verilated context of a run, its random resets and seed drawn from +seed
inline std::unique_ptr<VerilatedContext> skel_context(int argc, char **argv, uint64_t seed)
{
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    ctx->randReset(2);
    Verilated::randSeed((int)(seed & 0x7fffffff));
    return ctx;
}

// The clock, the waveform and the run state of one harness over the Verilated top Top.
template <class Top> struct skel {
    VerilatedContext *ctx;
    Top *top;
    uint64_t seed, cycle = 0;
    bool failed = false;
#if VM_TRACE
    VerilatedFstC *tfp = nullptr;
#endif

    skel(VerilatedContext *c, Top *t, uint64_t s) : ctx(c), top(t), seed(s) {}

    // the run's first mismatch (report_mismatch): "MISMATCH at cycle C (seed S): WHAT", then
    // DETAIL; later ones are not printed
    void fail(const char *what, const std::string &detail)
    {
        report_mismatch(failed, cycle, seed, what, detail);
    }

    // WHAT of the event EVT: the model's EXP against the RTL's ACT ("event field differs")
    void check_field(const char *what, uint64_t exp, uint64_t act, const char *evt)
    {
        if (exp != act)
            fail("event field differs", field_diff(std::string("event ") + evt, what, exp, act));
    }

    // +trace=FILE: the waveform from here on (call before reset)
    void trace_open(const std::string &file)
    {
#if VM_TRACE
        if (file.empty())
            return;
        ctx->traceEverOn(true);
        tfp = new VerilatedFstC;
        top->trace(tfp, 99);
        tfp->open(file.c_str());
#else
        (void)file;
#endif
    }

    // half a clock period passes: the time moves, the waveform takes it
    void dump()
    {
        ctx->timeInc(1);
#if VM_TRACE
        if (tfp)
            tfp->dump(ctx->time());
#endif
    }

    // the clock set to CLK, evaluated, half a period passed
    void half_step(unsigned clk)
    {
        top->clk_i = clk;
        top->eval();
        dump();
    }

    // the end of a step whose low half was evaluated by the harness: the rising edge
    void clock()
    {
        dump();
        half_step(1);
        cycle++;
    }

    // rst_ni low for N cycles (the harness zeroes its inputs first), then high
    void reset(int n)
    {
        top->rst_ni = 0;
        for (int i = 0; i < n; i++) {
            half_step(0);
            half_step(1);
        }
        top->rst_ni = 1;
    }

    // the run is over: the top finalized, the waveform closed
    void finish()
    {
        top->final();
#if VM_TRACE
        if (tfp) {
            tfp->close();
            delete tfp;
            tfp = nullptr;
        }
#endif
    }
};

// A top with one core-side and one memory-side channel pair (the L1, the L2 slice): its four
// channel monitors (SPEC 4, chanmon.h), the request and memory response the harness drives and
// the response and memory request the top drives; a broken rule fails the run as "channel rule
// violated" with the monitor's words.
template <class Top> struct skel_chan : skel<Top> {
    chan_monitor mon_req{"req"}, mon_rsp{"rsp"}, mon_mem_req{"mem_req"}, mon_mem_rsp{"mem_rsp"};

    skel_chan(VerilatedContext *c, Top *t, uint64_t s) : skel<Top>(c, t, s) {}

    void channel_fault(const std::string &what)
    {
        if (!what.empty())
            this->fail("channel rule violated", what + "\n");
    }

    // valid must not follow its own ready combinationally (three evaluations of the top)
    template <class R, class V> void check_comb(chan_monitor &mon, R &ready, const V &valid)
    {
        channel_fault(chan_comb(mon, ready, valid, [&] { this->top->eval(); }));
    }
};

// skel_reset_ticks: rst_ni low for N of H's own cycles (h.tick(): a harness that drives and
// checks through reset), then high; the time the run starts
template <class H> std::chrono::steady_clock::time_point skel_reset_ticks(H &h, int n)
{
    h.top->rst_ni = 0;
    for (int i = 0; i < n; i++)
        h.tick();
    h.top->rst_ni = 1;
    return std::chrono::steady_clock::now();
}

// skel_run: H's reset, then STEP() until CYCLES cycles or the first failure; the seconds
template <class H, class Step> double skel_run(H &h, uint64_t cycles, Step step)
{
    auto t0 = std::chrono::steady_clock::now();
    h.reset();
    while (!h.failed && h.cycle < cycles)
        step();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// +cover_margin: a run sized by its coverage, looked at every 1024 cycles while its traffic has
// requests left to send: once every reachable bin is hit, the traffic goes on for MARGIN more
// requests, then ends. ON: +cover with a margin (and random traffic).
struct skel_margin {
    bool on;
    uint64_t margin, covered_at = UINT64_MAX;

    // after a cycle: LIVE() whether requests are left to send, COVERED() whether every reachable
    // bin is hit, DONE() the requests so far, STOP() ends the traffic
    template <class Live, class Covered, class Done, class Stop>
    void look(uint64_t cycle, Live live, Covered covered, Done done, Stop stop)
    {
        if (!on || (cycle & 1023) != 0 || !live())
            return;
        if (covered_at == UINT64_MAX) {
            if (covered())
                covered_at = done();
        } else if (done() >= covered_at + margin) {
            stop();
        }
    }

    // "WHO: every bin hit after A requests; B run with the margin of M" once the bins were hit
    void report(const char *who, uint64_t done) const
    {
        if (covered_at != UINT64_MAX)
            std::printf("%s: every bin hit after %llu requests; %llu run with the margin of %llu\n",
                        who, (unsigned long long)covered_at, (unsigned long long)done,
                        (unsigned long long)margin);
    }
};

// skel_run_to: H's cycles (h.tick(), LOOK() after each) until it is idle, a check failed or the
// cycle reaches LIMIT; then, failed or not yet, 4 more cycles to drain
template <class H, class Look> void skel_run_to(H &h, uint64_t limit, Look look)
{
    while (!h.failed && !h.idle() && h.cycle < limit) {
        h.tick();
        look();
    }
    for (int i = 0; i < 4 && !h.failed; i++)
        h.tick();
}

// The sizes of +cover's traffic extension: BASE, the requests the run was sized for (rounds
// add a quarter of it, at least MIN_ROUND), BOUND the most (+cover_extend times BASE), and PER
// what a request count counts ("" or " per core") in the report line.
struct skel_extension {
    uint64_t base, bound, min_round;
    const char *per;
};

// skel_extend: +cover on random traffic. While H's traffic is done (h.idle()), no check failed
// and a reachable bin is unhit (UNHIT(): their names), extend the traffic by a round of N
// requests (h.extend(bins, n): focused patterns for the bins that need them; DONE() counts
// what it added against the bound) and RUN(n) it; REFRESH() first updates the bins read from
// elsewhere. Prints "WHO: coverage extended K times, A to B requests[ per core], for BINS" (B:
// SHOWN()) when it extended.
template <class H, class Unhit, class Done, class Run, class Refresh, class Shown>
void skel_extend(H &h, const char *who, const skel_extension &e, Unhit unhit, Done done, Run run,
                 Refresh refresh, Shown shown)
{
    unsigned rounds = 0;
    std::string first_holes;
    refresh();
    while (!h.failed && h.idle() && !unhit().empty() && done() < e.bound) {
        if (!rounds)
            for (const auto &b : unhit())
                first_holes += " " + b;
        unsigned n = (unsigned)std::min<uint64_t>(e.bound - done(),
                                                  std::max<uint64_t>(e.base / 4, e.min_round));
        h.extend(unhit(), n);
        rounds++;
        run(n);
        refresh();
    }
    if (rounds)
        std::printf("%s: coverage extended %u times, %llu to %llu requests%s, for%s\n", who, rounds,
                    (unsigned long long)e.base, (unsigned long long)shown(), e.per,
                    first_holes.c_str());
}

// skel_verdict: "WHO: FAIL (seed S)" and 1 after a failure, else "WHO: PASS" and 0
inline int skel_verdict(const char *who, bool failed, uint64_t seed)
{
    if (failed) {
        std::printf("%s: FAIL (seed %llu)\n", who, (unsigned long long)seed);
        return 1;
    }
    std::printf("%s: PASS\n", who);
    return 0;
}

#endif
