// throughput_l2: drives a generated L2 slice (<name>_l2) through its ports only (no model, no
// event port) and measures what the L1s' arbiter sees: accepted requests per cycle on
// back-to-back read hits and write hits (lines warmed first, no more than the ways of a set per
// set), the read-hit latency (acceptance to response valid), and whether every response was a
// hit. Response and memory channels are always ready; memory answers reads after one cycle
// (the channel rules under backpressure are the lockstep harness's, tb/l2_harness.cpp). Plusargs: +dir=OUTDIR +requests=N (per pattern, default 20000)
// +help; anything else is refused by name (exit 2). Prints one line per pattern.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include "Vl2.h"
#include "verilated.h"
#include "harness_util.h"
#include "ports.h"
extern "C" {
#include "../core/lay_l2.h"
}

namespace {

struct bench {
    VerilatedContext *ctx;
    Vl2 *top;
    lay_l2_t lay;
    cfg_t cfg;
    uint64_t cycle = 0;
    struct read { unsigned mshr; uint64_t due; };
    std::deque<read> reads;
    uint32_t next_id = 0;
    uint64_t accepted = 0, first_accept = 0, last_accept = 0, responses = 0, hit_rsps = 0;
    unsigned lat_min = ~0u, lat_max = 0;
    std::deque<uint64_t> inflight_reads; // accept cycles, in order (the L2 answers in order)

    bench(VerilatedContext *c, Vl2 *t, const cfg_t &cf) : ctx(c), top(t), cfg(cf)
    {
        lay_l2_build(&cfg, &lay);
    }

    void present(bool valid, bool store, uint64_t line)
    {
        bv_t v;
        top->req_valid_i = valid;
        top->req_store_i = store;
        top->req_core_i = 0;
        top->req_mshr_i = next_id & ((1u << lay.id_bits) - 1);
        top->req_pred_i = 0;
        top->req_noalloc_i = 0;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        port_put(top->req_line_i, v, lay.line_addr_bits);
        bv_zero(&v);
        for (unsigned i = 0; i < cfg.l1.line_bytes; i++)
            bv_put(&v, i, 1, 1);
        port_put(top->req_be_i, v, cfg.l1.line_bytes);
        bv_zero(&v);
        port_put(top->req_wdata_i, v, lay.line_bits);
    }

    // One clock; returns true if the presented request was accepted at this edge.
    bool tick(bool store)
    {
        top->clk_i = 0;
        top->rsp_ready_i = 1;
        top->mem_req_ready_i = 1;
        bool fill = !reads.empty() && reads.front().due <= cycle;
        top->mem_rsp_valid_i = fill;
        if (fill) {
            bv_t d;
            bv_zero(&d);
            top->mem_rsp_mshr_i = reads.front().mshr;
            port_put(top->mem_rsp_data_i, d, lay.line_bits);
        }
        top->eval();
        bool acc = top->req_valid_i && top->req_ready_o;
        if (acc) {
            if (!accepted)
                first_accept = cycle;
            last_accept = cycle;
            accepted++;
            if (!store)
                inflight_reads.push_back(cycle);
            next_id++;
        }
        if (top->rsp_valid_o) {
            responses++;
            hit_rsps += top->rsp_l2hit_o;
            if (!inflight_reads.empty()) {
                unsigned lat = (unsigned)(cycle - inflight_reads.front());
                inflight_reads.pop_front();
                lat_min = std::min(lat_min, lat);
                lat_max = std::max(lat_max, lat);
            }
        }
        if (top->mem_req_valid_o && !top->mem_req_store_o)
            reads.push_back({(unsigned)port_u64(top->mem_req_mshr_o), cycle + 1});
        if (fill && top->mem_rsp_ready_o)
            reads.pop_front();
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
        cycle++;
        return acc;
    }

    void reset()
    {
        top->clk_i = 0;
        top->rst_ni = 0;
        present(false, false, 0);
        top->eval();
        top->rst_ni = 1;
        for (int i = 0; i < 4; i++)
            tick(false);
    }

    // Issue one request and wait until the slice is idle again (warm-up).
    void one(bool store, uint64_t line)
    {
        present(true, store, line);
        while (!tick(store)) {
        }
        present(false, false, 0);
        for (unsigned i = 0; i < 64; i++)
            tick(false);
    }

    // Back to back: present the next request as soon as the previous one is taken.
    template <class Next> void run(uint64_t n, Next next)
    {
        accepted = responses = hit_rsps = 0;
        lat_min = ~0u;
        lat_max = 0;
        inflight_reads.clear();
        bool store;
        uint64_t line;
        next(store, line);
        present(true, store, line);
        uint64_t guard = cycle + n * 1000 + 100000;
        while (accepted < n && cycle < guard) {
            if (tick(store) && accepted < n) {
                next(store, line);
                present(true, store, line);
            }
        }
        present(false, false, 0);
        for (unsigned i = 0; i < 64; i++)
            tick(false);
    }

    double rate() const
    {
        return accepted > 1 ? (double)(accepted - 1) / (double)(last_accept - first_accept) : 0;
    }
};

} // namespace

int main(int argc, char **argv)
{
    plusargs pa("throughput_l2",
                "Accepted requests per cycle of a generated L2 slice at its ports (no model).\n"
                "Exit status: 0 done, 1 a response was not a hit, 2 bad plusarg or setup.");
    std::string dir;
    uint64_t n;
    cfg_t c;
    int st = bench_start(pa, argc, argv, "throughput_l2", "requests per pattern", dir, n, c);
    if (st >= 0)
        return st;
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vl2>(ctx.get());
    bench b(ctx.get(), top.get(), c);
    b.reset();
    for (unsigned i = 0; i < c.l2.sets + 8; i++) // the init sweep
        b.tick(false);

    // Warm lines: consecutive line addresses (distinct sets under every index: their tags are
    // 0), at most one per set and 64 in all.
    unsigned warm = std::min(c.l2.sets, 64u);
    for (unsigned i = 0; i < warm; i++)
        b.one(false, i);
    std::printf("throughput_l2: %s_l2, %u sets x %u ways, %u MSHRs\n", c.name, c.l2.sets,
                c.l2.ways, c.l2.mshrs);
    uint64_t k = 0;
    int bad = 0;
    b.run(n, [&](bool &s, uint64_t &l) { s = false; l = k++ % warm; });
    std::printf("throughput_l2: %-12s %.3f requests/cycle (hit latency %u..%u cycles, %" PRIu64
                " of %" PRIu64 " responses hits)\n", "read hits", b.rate(), b.lat_min, b.lat_max,
                b.hit_rsps, b.responses);
    bad |= b.hit_rsps != b.responses || b.responses != n;
    b.run(n, [&](bool &s, uint64_t &l) { s = true; l = k++ % warm; });
    std::printf("throughput_l2: %-12s %.3f requests/cycle\n", "write hits", b.rate());
    top->final();
    if (bad) {
        std::printf("throughput_l2: not every read was answered as a hit\n");
        return 1;
    }
    return 0;
}
