// throughput: drives a generated top through its ports only (no model, no event port) and
// measures what a user of the IP sees, the top kind's part a plug-in (tb/tp_<kind>.h, picked
// by -DCG_TP=tp_l1|tp_l2|tp_sys, default tp_l1; the Verilated top's prefix Vdut, Vl2, Vsys):
//   tp_l1   an L1 (bench/throughput.sh): accepted requests per cycle on back-to-back load
//           hits, store hits, store misses, hits under an outstanding miss, a 25%-miss load mix
//           at a 50-cycle memory latency, and the load-hit latency
//   tp_l2   an L2 slice <name>_l2 (bench/throughput_l2.sh): read and write hits, read latency
//   tp_sys  a system <name>_sys (bench/throughput_sys.sh): cores streaming L2 hits
// Response and memory channels are always ready, so only the top limits the rate.
// Plusargs: +dir=OUTDIR +requests=N (default 20000) +help; anything else is refused by name
// (exit 2). Prints one line per pattern. Here: the driver (main) and the one-request-channel
// bench that the L1 and the L2 share (tp_chan: present, clock, warm up, run back to back).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>
#include "verilated.h"
#include "harness_util.h"
#include "ports.h"

namespace {

// The memory behind a top: always ready for a request; a read answered with zeros, in order,
// `latency` cycles after it was taken and not before `hold_until` (hit-under-miss).
struct tp_memory {
    struct read { unsigned mshr; uint64_t due; };
    std::deque<read> reads;
    unsigned latency = 1;
    uint64_t hold_until = 0;

    // before the evaluation of CYCLE: the read response presented (true: one is valid)
    template <class Top> bool drive(Top *top, uint64_t cycle, unsigned line_bits)
    {
        top->mem_req_ready_i = 1;
        bool fill = !reads.empty() && reads.front().due <= cycle && cycle >= hold_until;
        top->mem_rsp_valid_i = fill;
        if (fill) {
            bv_t d;
            bv_zero(&d);
            top->mem_rsp_mshr_i = reads.front().mshr;
            port_put(top->mem_rsp_data_i, d, line_bits);
        }
        return fill;
    }

    // after it: a read request taken, the response presented (FILL) consumed
    template <class Top> void take(Top *top, uint64_t cycle, bool fill)
    {
        if (top->mem_req_valid_o && !top->mem_req_store_o)
            reads.push_back({(unsigned)port_u64(top->mem_req_mshr_o), cycle + latency});
        if (fill && top->mem_rsp_ready_o)
            reads.pop_front();
    }
};

// One request channel, one response channel, one memory: K (the plug-in's port part) names the
// top type, drives the request's own fields and the idle inputs, and says which response is a
// hit, how responses are matched (in order or by id) and how long the top takes to settle.
template <class K> struct tp_chan {
    VerilatedContext *ctx;
    typename K::top_t *top;
    K k;
    uint64_t cycle = 0;
    tp_memory mem;
    uint32_t next_id = 0;
    // per pattern
    uint64_t accepted = 0, first_accept = 0, last_accept = 0, responses = 0, hit_rsps = 0;
    unsigned lat_min = ~0u, lat_max = 0;
    std::deque<std::pair<uint32_t, uint64_t>> inflight; // loads: id, accept cycle (hit timing)

    tp_chan(VerilatedContext *c, typename K::top_t *t, const cfg_t &cf) : ctx(c), top(t), k(cf) {}

    void present(bool valid, bool store, uint64_t line)
    {
        top->req_valid_i = valid;
        top->req_store_i = store;
        k.present(top, line, next_id);
    }

    // One clock; returns true if the presented request was accepted at this edge.
    bool tick(bool store)
    {
        top->clk_i = 0;
        top->rsp_ready_i = 1;
        k.idle_inputs(top);
        bool fill = mem.drive(top, cycle, k.line_bits());
        top->eval();
        bool acc = top->req_valid_i && top->req_ready_o;
        if (acc) {
            if (!accepted)
                first_accept = cycle;
            last_accept = cycle;
            accepted++;
            if (!store)
                inflight.push_back({k.req_id(top), cycle});
            next_id++;
        }
        if (top->rsp_valid_o) {
            responses++;
            bool hit = K::rsp_hit(top);
            hit_rsps += hit;
            if (K::in_order) // the answer to the oldest read
                take_latency(inflight.begin());
            else if (hit) // a hit answered by id
                for (auto it = inflight.begin(); it != inflight.end(); ++it)
                    if (it->first == K::rsp_id(top)) {
                        take_latency(it);
                        break;
                    }
        }
        mem.take(top, cycle, fill);
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
        cycle++;
        return acc;
    }

    void take_latency(typename std::deque<std::pair<uint32_t, uint64_t>>::iterator it)
    {
        if (it == inflight.end())
            return;
        unsigned lat = (unsigned)(cycle - it->second);
        lat_min = std::min(lat_min, lat);
        lat_max = std::max(lat_max, lat);
        inflight.erase(it);
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

    // Issue one request and wait until the top is idle again (warm-up).
    void one(bool store, uint64_t line)
    {
        present(true, store, line);
        while (!tick(store)) {
        }
        present(false, false, 0);
        for (unsigned i = 0; i < K::settle_one(mem.latency); i++)
            tick(false);
    }

    // Back to back: present the next request as soon as the previous one is taken.
    template <class Next> void run(uint64_t n, Next next)
    {
        accepted = responses = hit_rsps = 0;
        lat_min = ~0u;
        lat_max = 0;
        inflight.clear();
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
        for (unsigned i = 0; i < K::settle_run(mem.latency); i++)
            tick(false);
    }

    double rate() const
    {
        return accepted > 1 ? (double)(accepted - 1) / (double)(last_accept - first_accept) : 0;
    }
};

// the request's byte enables, all on (BYTES of them), as the plug-ins present them
inline void tp_all_bytes(bv_t &v, unsigned bytes)
{
    bv_zero(&v);
    for (unsigned i = 0; i < bytes; i++)
        bv_put(&v, i, 1, 1);
}

} // namespace

#ifndef CG_TP
#define CG_TP tp_l1
#endif
#define CG_TP_STR2(x) #x
#define CG_TP_STR(x) CG_TP_STR2(x.h)
#include CG_TP_STR(CG_TP)

int main(int argc, char **argv)
{
    plusargs pa(tp_kind::who, tp_kind::help);
    std::string dir;
    uint64_t n;
    cfg_t c;
    int st = bench_start(pa, argc, argv, tp_kind::who, tp_kind::requests_what, dir, n, c);
    if (st >= 0)
        return st;
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<tp_kind::top_t>(ctx.get());
    return tp_kind::measure(ctx.get(), top.get(), c, n);
}
