// throughput: drives a generated L1 through its ports only (no model, no event port) and
// measures what a user of the IP sees: accepted requests per cycle on back-to-back load hits,
// store hits, store misses, hits under an outstanding miss, and a 25%-miss load mix at a
// 50-cycle memory latency; and the load-hit latency (cycles from acceptance to response valid).
// The core response and memory channels are always ready, so only the cache limits the rate.
// Plusargs: +dir=OUTDIR +requests=N (per pattern, default 20000) +help; anything else is
// refused by name (exit 2). Prints one line per pattern.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include "Vdut.h"
#include "verilated.h"
#include "harness_util.h"
#include "ports.h"
extern "C" {
#include "../core/lay.h"
}

namespace {

struct bench {
    VerilatedContext *ctx;
    Vdut *top;
    lay_l1_t lay;
    cfg_l1_t cfg;
    uint64_t cycle = 0;
    unsigned latency = 1;      // memory read latency in cycles
    uint64_t hold_until = 0;   // no read response before this cycle (hit-under-miss)
    struct read { unsigned mshr; uint64_t due; };
    std::deque<read> reads;
    uint32_t next_id = 0;
    // per pattern
    uint64_t accepted = 0, first_accept = 0, last_accept = 0, responses = 0;
    unsigned lat_min = ~0u, lat_max = 0;
    std::deque<std::pair<uint32_t, uint64_t>> inflight_loads; // id, accept cycle (hit timing)

    bench(VerilatedContext *c, Vdut *t, const cfg_t &cf) : ctx(c), top(t), cfg(cf.l1)
    {
        lay_l1_build(&cfg, &lay);
    }

    void present(bool valid, bool store, uint64_t line)
    {
        bv_t v;
        top->req_valid_i = valid;
        top->req_store_i = store;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        port_put(top->req_line_i, v, lay.line_addr_bits);
        top->req_id_i = next_id & ((1u << cfg.id_bits) - 1);
        top->req_pc_i = 0x40;
        top->req_core_i = 0;
        bv_zero(&v);
        for (unsigned i = 0; i < cfg.line_bytes; i++)
            bv_put(&v, i, 1, 1);
        port_put(top->req_be_i, v, cfg.line_bytes);
        bv_zero(&v);
        port_put(top->req_wdata_i, v, lay.line_bits);
    }

    // One clock; returns true if the presented request was accepted at this edge.
    bool tick(bool store)
    {
        top->clk_i = 0;
        top->rsp_ready_i = 1;
        top->mem_req_ready_i = 1;
        top->flush_i = 0;
        top->kernel_start_i = 0;
        top->filter_enable_i = 1;
        bool fill = !reads.empty() && reads.front().due <= cycle && cycle >= hold_until;
        top->mem_rsp_valid_i = fill;
        if (fill) {
            bv_t d;
            bv_zero(&d);
            top->mem_rsp_mshr_i = reads.front().mshr;
            port_put(top->mem_rsp_data_i, d, lay.line_bits);
        }
        top->mem_rsp_hint_i = 0;
        top->eval();
        bool acc = top->req_valid_i && top->req_ready_o;
        if (acc) {
            if (!accepted)
                first_accept = cycle;
            last_accept = cycle;
            accepted++;
            if (!store)
                inflight_loads.push_back({(uint32_t)top->req_id_i, cycle});
            next_id++;
        }
        if (top->rsp_valid_o) {
            responses++;
            if (top->rsp_status_o == ST_HIT && !inflight_loads.empty()) {
                for (auto it = inflight_loads.begin(); it != inflight_loads.end(); ++it)
                    if (it->first == (uint32_t)port_u64(top->rsp_id_o)) {
                        unsigned lat = (unsigned)(cycle - it->second);
                        lat_min = std::min(lat_min, lat);
                        lat_max = std::max(lat_max, lat);
                        inflight_loads.erase(it);
                        break;
                    }
            }
        }
        if (top->mem_req_valid_o && !top->mem_req_store_o)
            reads.push_back({(unsigned)port_u64(top->mem_req_mshr_o), cycle + latency});
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

    // Issue one request and wait until the cache is idle again (used for warm-up).
    void one(bool store, uint64_t line)
    {
        present(true, store, line);
        while (!tick(store)) {
        }
        present(false, false, 0);
        for (unsigned i = 0; i < 4 * latency + 64; i++)
            tick(false);
    }

    void start_pattern()
    {
        accepted = responses = 0;
        lat_min = ~0u;
        lat_max = 0;
        inflight_loads.clear();
    }

    // Back to back: present the next request as soon as the previous one is taken.
    template <class Next> void run(uint64_t n, Next next)
    {
        start_pattern();
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
        for (unsigned i = 0; i < 2 * latency + 64; i++)
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
    plusargs pa("throughput",
                "Accepted requests per cycle of a generated L1 at its ports (no model). Exit\n"
                "status: 0 done, 2 bad plusarg or setup.");
    std::string dir;
    uint64_t n;
    cfg_t c;
    int st = bench_start(pa, argc, argv, "throughput", "requests per pattern", dir, n, c);
    if (st >= 0)
        return st;
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vdut>(ctx.get());
    bench b(ctx.get(), top.get(), c);
    b.reset();
    for (unsigned i = 0; i < (1u << b.lay.set_bits) + 8; i++) // the init sweep
        b.tick(false);

    // Warm lines: consecutive line addresses, no more than the ways, so they all stay.
    unsigned warm = c.l1.ways < 8 ? c.l1.ways : 8;
    for (int rep = 0; rep < 4; rep++) // four touches: the decoupled store allocates at its threshold
        for (unsigned i = 0; i < warm; i++)
            b.one(false, i);
    const uint64_t far = (uint64_t)1 << (b.lay.line_addr_bits - 1);
    uint64_t k = 0, fresh = far;
    std::printf("throughput: %s, %u sets x %u ways, %u MSHRs\n", c.name, c.l1.sets, c.l1.ways,
                c.l1.mshrs);
    auto line = [&](const char *name, double r, const char *extra) {
        std::printf("throughput: %-22s %.3f requests/cycle%s\n", name, r, extra);
    };

    b.run(n, [&](bool &st, uint64_t &l) { st = false; l = k++ % warm; });
    char lat[96];
    std::snprintf(lat, sizeof lat, " (hit latency %u..%u cycles)", b.lat_min, b.lat_max);
    line("load hits", b.rate(), lat);
    b.run(n, [&](bool &st, uint64_t &l) { st = true; l = k++ % warm; });
    line("store hits", b.rate(), "");
    b.run(n, [&](bool &st, uint64_t &l) { st = true; l = far + 1 + (k++ % 4096); });
    line("store misses", b.rate(), "");

    // Hits under one outstanding miss whose line is held back by memory throughout.
    b.latency = 1;
    b.hold_until = b.cycle + n * 100 + 1000;
    b.present(true, false, far + far / 2);
    while (!b.tick(false)) {
    }
    b.run(n, [&](bool &st, uint64_t &l) { st = false; l = k++ % warm; });
    line("hits under a miss", b.rate(), "");
    b.hold_until = 0;
    for (int i = 0; i < 64; i++)
        b.tick(false);

    // 25% misses (loads to lines never seen) at 50 cycles of memory latency.
    b.latency = 50;
    std::mt19937_64 rng(1);
    uint64_t hits0 = port_u64(top->cnt_hits_o), miss0 = port_u64(top->cnt_misses_o);
    b.run(n, [&](bool &st, uint64_t &l) {
        st = false;
        l = (rng() % 4 == 0) ? fresh++ : k++ % warm;
    });
    char mix[96];
    std::snprintf(mix, sizeof mix, " (%" PRIu64 " hits, %" PRIu64 " misses)",
                  port_u64(top->cnt_hits_o) - hits0, port_u64(top->cnt_misses_o) - miss0);
    line("25% misses, latency 50", b.rate(), mix);
    top->final();
    return 0;
}
