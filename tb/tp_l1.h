// tp_l1.h: tb/throughput.cpp's L1 plug-in (bench/throughput.sh; top prefix Vdut): accepted
// requests per cycle on back-to-back load hits, store hits, store misses, hits under an
// outstanding miss, and a 25%-miss load mix at a 50-cycle memory latency; and the load-hit
// latency (cycles from acceptance to response valid).
#include "Vdut.h"
extern "C" {
#include "../core/lay.h"
}

namespace {

// The L1's request fields and idle inputs (tp_chan's K).
struct tp_l1_port {
    typedef Vdut top_t;
    static const bool in_order = false; // load hits answered by id
    cfg_l1_t cfg;
    lay_l1_t lay;
    explicit tp_l1_port(const cfg_t &c) : cfg(c.l1) { lay_l1_build(&cfg, &lay); }
    unsigned line_bits() const { return lay.line_bits; }
    void present(Vdut *top, uint64_t line, uint32_t id)
    {
        bv_t v;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        port_put(top->req_line_i, v, lay.line_addr_bits);
        top->req_id_i = id & ((1u << cfg.id_bits) - 1);
        top->req_pc_i = 0x40;
        top->req_core_i = 0;
        tp_all_bytes(v, cfg.line_bytes);
        port_put(top->req_be_i, v, cfg.line_bytes);
        bv_zero(&v);
        port_put(top->req_wdata_i, v, lay.line_bits);
    }
    static void idle_inputs(Vdut *top)
    {
        top->flush_i = 0;
        top->kernel_start_i = 0;
        top->filter_enable_i = 1;
        top->mem_rsp_hint_i = 0;
    }
    static uint32_t req_id(Vdut *top) { return (uint32_t)top->req_id_i; }
    static bool rsp_hit(Vdut *top) { return top->rsp_status_o == ST_HIT; }
    static uint32_t rsp_id(Vdut *top) { return (uint32_t)port_u64(top->rsp_id_o); }
    static unsigned settle_one(unsigned latency) { return 4 * latency + 64; }
    static unsigned settle_run(unsigned latency) { return 2 * latency + 64; }
};

struct tp_kind {
    typedef Vdut top_t;
    static constexpr const char *who = "throughput";
    static constexpr const char *help =
        "Accepted requests per cycle of a generated L1 at its ports (no model). Exit\n"
        "status: 0 done, 2 bad plusarg or setup.";
    static constexpr const char *requests_what = "requests per pattern";

    static int measure(VerilatedContext *ctx, Vdut *top, const cfg_t &c, uint64_t n)
    {
        tp_chan<tp_l1_port> b(ctx, top, c);
        b.reset();
        for (unsigned i = 0; i < (1u << b.k.lay.set_bits) + 8; i++) // the init sweep
            b.tick(false);

        // Warm lines: consecutive line addresses, no more than the ways, so they all stay.
        unsigned warm = c.l1.ways < 8 ? c.l1.ways : 8;
        // four touches: the decoupled store allocates at its threshold
        for (int rep = 0; rep < 4; rep++)
            for (unsigned i = 0; i < warm; i++)
                b.one(false, i);
        const uint64_t far = (uint64_t)1 << (b.k.lay.line_addr_bits - 1);
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
        b.mem.latency = 1;
        b.mem.hold_until = b.cycle + n * 100 + 1000;
        b.present(true, false, far + far / 2);
        while (!b.tick(false)) {
        }
        b.run(n, [&](bool &st, uint64_t &l) { st = false; l = k++ % warm; });
        line("hits under a miss", b.rate(), "");
        b.mem.hold_until = 0;
        for (int i = 0; i < 64; i++)
            b.tick(false);

        // 25% misses (loads to lines never seen) at 50 cycles of memory latency.
        b.mem.latency = 50;
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
};

} // namespace
