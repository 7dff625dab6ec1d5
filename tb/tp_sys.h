// tp_sys.h: tb/throughput.cpp's system plug-in (bench/throughput_sys.sh; top prefix Vsys):
// drives a generated system top (<name>_sys: P L1s, the arbiter, the L2 slice) through its
// ports only (no model) with every core streaming loads that miss in its L1 and
// hit in the L2, and measures the L2's accepted requests per cycle, the cores' responses per
// cycle and the share of L2 responses that were hits. The stream: line addresses 0 .. N-1 in
// a cycle, N = L1 sets x (L1 ways + 1), so that an LRU L1 misses every time (each core starts
// at its own offset); N lines fit the L2 (checked), which a first pass fills from memory.
// Response and memory channels are always ready; memory answers reads after one cycle.
// +requests: loads measured over all cores.
#include "Vsys.h"
extern "C" {
#include "../core/lay.h"
#include "../core/lay_l2.h"
}

namespace {

struct bench {
    VerilatedContext *ctx;
    Vsys *top;
    cfg_t cfg;
    lay_l1_t l1;
    lay_l2_t l2;
    unsigned cores, lines;
    uint64_t cycle = 0;
    tp_memory mem;
    std::vector<uint64_t> next_line; // per core: the next line of its stream
    std::vector<uint64_t> issued;    // per core: loads accepted
    uint64_t l2_accepted = 0, l2_rsps = 0, l2_hits = 0, core_rsps = 0;

    bench(VerilatedContext *c, Vsys *t, const cfg_t &cf) : ctx(c), top(t), cfg(cf)
    {
        lay_l1_build(&cfg.l1, &l1);
        lay_l2_build(&cfg, &l2);
        cores = cfg.sys.cores;
        lines = cfg.l1.sets * (cfg.l1.ways + 1);
        for (unsigned k = 0; k < cores; k++)
            next_line.push_back((uint64_t)k * lines / cores);
        issued.assign(cores, 0);
    }

    // Every core presents a load of its stream's next line.
    void present(bool valid)
    {
        bv_t v;
        bv_zero(&v);
        for (unsigned k = 0; k < cores; k++)
            bv_put(&v, k * l1.line_addr_bits, l1.line_addr_bits, next_line[k] % lines);
        port_put(top->req_line_i, v, cores * l1.line_addr_bits);
        bv_zero(&v);
        for (unsigned k = 0; k < cores; k++)
            bv_put(&v, k * cfg.l1.id_bits, cfg.l1.id_bits,
                   issued[k] & ((1u << cfg.l1.id_bits) - 1));
        port_put(top->req_id_i, v, cores * cfg.l1.id_bits);
        bv_zero(&v);
        for (unsigned k = 0; k < cores; k++)
            bv_put(&v, k, 1, valid);
        port_put(top->req_valid_i, v, cores);
    }

    void tick(bool valid)
    {
        top->clk_i = 0;
        present(valid);
        bv_t v;
        bv_zero(&v);
        for (unsigned k = 0; k < cores; k++)
            bv_put(&v, k, 1, 1);
        port_put(top->rsp_ready_i, v, cores);
        bool fill = mem.drive(top, cycle, l2.line_bits);
        top->eval();
        bv_t ready, rv;
        port_get(top->req_ready_o, ready, cores);
        port_get(top->rsp_valid_o, rv, cores);
        for (unsigned k = 0; k < cores; k++) {
            if (valid && bv_get(&ready, k, 1)) {
                issued[k]++;
                next_line[k]++;
            }
            core_rsps += bv_get(&rv, k, 1);
        }
        l2_accepted += top->l2_req_valid_o && top->l2_req_ready_o;
        if (top->l2_rsp_valid_o && top->l2_rsp_ready_o) {
            l2_rsps++;
            l2_hits += top->l2_rsp_l2hit_o;
        }
        mem.take(top, cycle, fill);
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
        cycle++;
    }

    uint64_t total_issued() const
    {
        uint64_t n = 0;
        for (uint64_t x : issued)
            n += x;
        return n;
    }
};

struct tp_kind {
    typedef Vsys top_t;
    static constexpr const char *who = "throughput_sys";
    static constexpr const char *help =
        "L2 requests per cycle of a generated system whose cores stream L2 hits (no\n"
        "model). Exit status: 0 done, 1 no progress, 2 bad plusarg or setup.";
    static constexpr const char *requests_what = "loads measured, over all cores";

    static int measure(VerilatedContext *ctx, Vsys *top, const cfg_t &c, uint64_t n)
    {
        bench b(ctx, top, c);
        if (b.lines > (uint64_t)c.l2.sets * c.l2.ways / 2) {
            std::printf("throughput_sys: %u stream lines do not fit half the L2\n", b.lines);
            return 2;
        }
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
        top->rst_ni = 1;
        for (unsigned i = 0; i < std::max(c.l1.sets, c.l2.sets) + 8; i++) // the init sweeps
            b.tick(false);
        // Warm-up: two passes of every core's stream (the first fills the L2 from memory).
        uint64_t guard = b.cycle + 1000ull * b.lines * b.cores + 100000;
        while (b.total_issued() < 2ull * b.lines * b.cores && b.cycle < guard)
            b.tick(true);
        uint64_t c0 = b.cycle, i0 = b.total_issued();
        b.l2_accepted = b.l2_rsps = b.l2_hits = b.core_rsps = 0;
        guard = b.cycle + 1000 * n + 100000;
        while (b.total_issued() - i0 < n && b.cycle < guard)
            b.tick(true);
        uint64_t cycles = b.cycle - c0;
        if (b.total_issued() - i0 < n || !cycles) {
            std::printf("throughput_sys: no progress\n");
            return 1;
        }
        std::printf("throughput_sys: %s_sys, %u cores, L1 %u x %u (%u MSHRs), L2 %u x %u (%u MSHRs), "
                    "stream of %u lines\n", c.name, b.cores, c.l1.sets, c.l1.ways, c.l1.mshrs,
                    c.l2.sets, c.l2.ways, c.l2.mshrs, b.lines);
        std::printf("throughput_sys: %.3f L2 requests/cycle, %.3f core responses/cycle, %" PRIu64
                    " of %" PRIu64 " L2 responses hits, %" PRIu64 " cycles\n",
                    (double)b.l2_accepted / (double)cycles, (double)b.core_rsps / (double)cycles,
                    b.l2_hits, b.l2_rsps, cycles);
        top->final();
        return 0;
    }
};

} // namespace
