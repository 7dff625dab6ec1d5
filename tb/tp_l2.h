// tp_l2.h: tb/throughput.cpp's L2 plug-in (bench/throughput_l2.sh; top prefix Vl2): what the
// L1s' arbiter sees at a generated L2 slice's (<name>_l2) ports: accepted requests per cycle on
// back-to-back read hits and write hits (lines warmed first, no more than the ways of a set per
// set), the read-hit latency (acceptance to response valid), and whether every response was a
// hit. Response and memory channels are always ready; memory answers reads after one cycle
// (the channel rules under backpressure are the lockstep harness's, tb/l2_harness.cpp).
#include "Vl2.h"
extern "C" {
#include "../core/lay_l2.h"
}

namespace {

// The L2's request fields and idle inputs (tp_chan's K).
struct tp_l2_port {
    typedef Vl2 top_t;
    static const bool in_order = true; // the L2 answers in order
    cfg_t cfg;
    lay_l2_t lay;
    explicit tp_l2_port(const cfg_t &c) : cfg(c) { lay_l2_build(&cfg, &lay); }
    unsigned line_bits() const { return lay.line_bits; }
    void present(Vl2 *top, uint64_t line, uint32_t id)
    {
        bv_t v;
        top->req_core_i = 0;
        top->req_mshr_i = id & ((1u << lay.id_bits) - 1);
        top->req_pred_i = 0;
        top->req_noalloc_i = 0;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        port_put(top->req_line_i, v, lay.line_addr_bits);
        tp_all_bytes(v, cfg.l1.line_bytes);
        port_put(top->req_be_i, v, cfg.l1.line_bytes);
        bv_zero(&v);
        port_put(top->req_wdata_i, v, lay.line_bits);
    }
    static void idle_inputs(Vl2 *) {}
    static uint32_t req_id(Vl2 *) { return 0; }
    static bool rsp_hit(Vl2 *top) { return top->rsp_l2hit_o; }
    static uint32_t rsp_id(Vl2 *) { return 0; }
    static unsigned settle_one(unsigned) { return 64; }
    static unsigned settle_run(unsigned) { return 64; }
};

struct tp_kind {
    typedef Vl2 top_t;
    static constexpr const char *who = "throughput_l2";
    static constexpr const char *help =
        "Accepted requests per cycle of a generated L2 slice at its ports (no model).\n"
        "Exit status: 0 done, 1 a response was not a hit, 2 bad plusarg or setup.";
    static constexpr const char *requests_what = "requests per pattern";

    static int measure(VerilatedContext *ctx, Vl2 *top, const cfg_t &c, uint64_t n)
    {
        tp_chan<tp_l2_port> b(ctx, top, c);
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
};

} // namespace
