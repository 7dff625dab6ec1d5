// axi_harness: lockstep of <name>_axi, the L1 behind its AXI4 master (docs/ip.md "AXI4 memory
// side"), against the C model, with an AXI4 slave and a protocol monitor of its own on m_axi_*.
// The L1's events come out of the wrapper's event port: every one is taken by the model and
// compared (decision, set, way, eviction, MSHR, the whole row); every core response (id,
// status, data) against the model. The slave: AR, AW and W ready at random; a read answered
// after a random latency, in any id order, its beats interleaved with other reads'; one read in
// 16 with SLVERR on one of its beats (and that beat's data garbage), so the L1 answers Err;
// writes applied at their last W beat and answered by B after a random delay, in order.
// The monitor, at every clock edge: valid held with its payload until ready on AR, AW and W
// (tb/chanmon.h), and not depending on its own ready; AR and AW one INCR burst over a whole line
// (ARLEN/AWLEN = beats - 1, ARSIZE/AWSIZE = the data width, address line-aligned, AWID 0), ARID
// an MSHR with no read outstanding, the reads and writes the model expects in their order
// (WSTRB = the store's byte enables, the data under them), WLAST on a write's last beat only, at
// most axi.max_writes writes outstanding, no read of a line with a write awaiting its B (the
// wrapper's contract), every line the L1 installs equal to the reference memory.
// Plusargs: +dir=OUTDIR +seed=N +requests=N +trace=FILE.fst +help. Exit: 0 pass, 1 mismatch or
// failure, 2 bad plusarg or setup, 3 a bin unhit (coverage hole).
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "Vaxi.h"
#include "harness_skel.h"

#include "chanmon.h"
#include "l1_event.h"
#include "memory.h"
#include "ports.h"
#include "traffic.h"

extern "C" {
#include "../cmodel/cm_l1.h"
}

namespace {

struct expect_rsp { uint32_t id; unsigned status; bv_t data; };
struct expect_read { uint64_t line; unsigned mshr; };
struct expect_write { uint64_t line; bv_t be, wdata; };
struct r_burst { unsigned id; uint64_t line; unsigned beat; unsigned err_beat; bool err; bv_t data; };
struct w_beats { unsigned n = 0; bv_t be{}, data{}; };

// One beat (width `bits`, at most a line) of `line` at bit `lsb`.
bv_t beat_of(const bv_t &line, unsigned lsb, unsigned bits)
{
    bv_t b;
    bv_zero(&b);
    for (unsigned i = 0; i < bits; i += 64)
        bv_put(&b, i, bits - i < 64 ? bits - i : 64, bv_get(&line, lsb + i, bits - i < 64 ? bits - i : 64));
    return b;
}

struct harness : skel<Vaxi> {
    cm_l1_t *m;
    const lay_l1_t *l;
    unsigned dbits, beats, size_code, max_writes;
    memory mem;     // the slave's memory (reads snapshot at AR, answered late, in any order)
    memory ref_mem; // program order: a store applied when the L1 takes it (its lookup)
    traffic gen;
    std::mt19937_64 rng;
    chan_monitor mon_ar{"m_axi AR"}, mon_aw{"m_axi AW"}, mon_w{"m_axi W"}, mon_rsp{"rsp"};
    // core side
    cm_req_t presented{};
    bool presented_live = false;
    std::deque<cm_req_t> accepted;
    std::deque<expect_rsp> rsps;
    uint64_t requests_done = 0, events = 0;
    bool reset_expected = false;
    // memory side: what the model expects, in order
    std::deque<expect_read> reads;
    std::deque<expect_write> writes;
    // the slave
    std::map<unsigned, uint64_t> ar_open;        // ARID -> line, AR taken and last R beat not sent
    std::vector<r_burst> bursts;                 // due reads, beats being sent
    int r_cur = -1;                              // the burst whose beat is presented
    std::map<unsigned, std::pair<bv_t, bool>> handed; // ARID -> line as sent, error; until its fill
    std::deque<uint64_t> aw_lines;               // AW taken, W not complete, oldest first
    std::deque<w_beats> w_done;                  // W complete, AW not yet taken
    w_beats w_cur;                               // W beats of the write being sent
    std::multiset<uint64_t> wr_open;             // lines of writes taken (AW) awaiting their B
    std::deque<std::pair<uint64_t, uint64_t>> b_due; // (cycle, line) of writes to answer
    unsigned ready_pct = 100, rvalid_pct = 100, b_latency = 12; // this timing phase's
    std::map<std::string, uint64_t> bins;
    uint64_t ooo_seen = 0;

    harness(VerilatedContext *c, Vaxi *t, cm_l1_t *model, const cfg_t &cf, uint64_t s)
        : skel(c, t, s), m(model), l(&model->lay), dbits(cf.axi.data_bits),
          beats(model->lay.line_bits / cf.axi.data_bits), size_code(cfg_log2(cf.axi.data_bits / 8)),
          max_writes(cf.axi.max_writes), mem(model->cfg.line_bytes, s ^ 0x5a5a),
          ref_mem(model->cfg.line_bytes, s ^ 0x5a5a), gen(model, s), rng(s * 7 + 3)
    {
        for (const char *b : {"fill_err", "rsp_err", "r_interleaved", "r_out_of_order",
                              "ar_backpressure", "aw_backpressure", "w_backpressure",
                              "writes_at_limit"})
            bins[b] = 0;
    }

    unsigned pct() { return std::uniform_int_distribution<unsigned>(0, 99)(rng); }

    // ---- the L1's events, as l1_harness takes them ------------------------------------------
    void on_event()
    {
        unsigned kind = top->evt_kind_o, dec = top->evt_dec_o;
        unsigned set = (unsigned)port_u64(top->evt_set_o);
        cm_result_t r;
        events++;
        m->filter_enable = top->filter_enable_i;
        if (kind == EVT_FILL) {
            unsigned mshr = (unsigned)port_u64(top->evt_mshr_o);
            auto it = handed.find(mshr);
            if (it == handed.end()) {
                fail("fill event of an MSHR whose line the slave has not sent", "");
                return;
            }
            bv_t data = it->second.first;
            bool err = it->second.second;
            handed.erase(it);
            if (mshr >= m->cfg.mshrs || !m->mshr[mshr].valid) {
                fail("fill of an MSHR without a read in the model", "");
                return;
            }
            if (!err && !m->mshr[mshr].bypass) { // an installed line is memory's, in order
                bv_t ref;
                ref_mem.line(m->mshr[mshr].line, ref);
                if (!bv_eq(&ref, &data, l->line_bits))
                    fail("line read differs from the reference memory", "");
            }
            if (err) {
                cm_l1_fill_err(m, mshr, &data, &r);
                bins["fill_err"]++;
            } else {
                cm_l1_fill_hint(m, mshr, &data, 0, &r); // no RUSER hint: 0
            }
        } else if (!l1_event_step(*this, kind, set, r)) {
            return;
        }
        char evt[64];
        std::snprintf(evt, sizeof evt, "kind %u dec %u set %u", kind, dec, set);
        l1_event_fields(*this, r, kind, dec, set, evt);
        if (!l1_event_reset_due(*this, r))
            return;
        l1_event_row(*this, r, set, evt);
        const cm_req_t q = accepted.empty() ? cm_req_t{} : accepted.front();
        uint64_t line = lay_line_addr(l, q.addr);
        if (r.kind == EVT_LOOKUP) {
            accepted.pop_front();
            requests_done++;
            if (r.dec == DEC_LD_HIT) {
                bv_t ref;
                ref_mem.line(line, ref);
                if (!bv_eq(&ref, &r.data, l->line_bits))
                    fail("model hit data differs from the reference memory", "");
                rsps.push_back({q.id, ST_HIT, r.data});
            } else if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) {
                reads.push_back({line, r.mshr});
            } else if (r.dec == DEC_ST_HIT || r.dec == DEC_ST_MISS) {
                writes.push_back({line, q.be, q.wdata});
                rsps.push_back({q.id, ST_STORE, {}});
                ref_mem.store(line, q.be, q.wdata);
            }
        } else if (r.kind == EVT_FILL) {
            rsps.push_back({r.id, r.status, r.data});
            for (unsigned k = 0; k < r.nwait; k++)
                rsps.push_back({r.wait_id[k], r.status, r.data});
        }
    }

    void on_response()
    {
        expect_rsp e;
        if (!take_response(rsps, top->rsp_status_o == ST_STORE, ST_STORE, e)) {
            fail("unexpected core response", "");
            return;
        }
        check_field("rsp id", e.id, port_u64(top->rsp_id_o), "rsp");
        check_field("rsp status", e.status, top->rsp_status_o, "rsp");
        if (e.status != ST_STORE) {
            bv_t d;
            port_get(top->rsp_data_o, d, l->line_bits);
            if (!bv_eq(&d, &e.data, l->line_bits))
                fail("response data differs", "");
        }
        if (e.status == ST_ERR)
            bins["rsp_err"]++;
    }

    // ---- the monitor: what the master presents at this edge -----------------------------------
    void monitor()
    {
        typedef chan_bytes b;
        auto fault = [&](const std::string &what) {
            if (!what.empty())
                fail("AXI rule violated", what + "\n");
        };
        if (cycle < 4000 || cycle % 16 == 0) { // valid must not follow its own ready
            auto ev = [&] { top->eval(); };
            fault(chan_comb(mon_ar, top->m_axi_arready, top->m_axi_arvalid, ev));
            fault(chan_comb(mon_aw, top->m_axi_awready, top->m_axi_awvalid, ev));
            fault(chan_comb(mon_w, top->m_axi_wready, top->m_axi_wvalid, ev));
            fault(chan_comb(mon_rsp, top->rsp_ready_i, top->rsp_valid_o, ev));
        }
        fault(mon_ar.edge(top->m_axi_arvalid, top->m_axi_arready, [&] { return b::pack(
            {b::of(top->m_axi_arid), b::of(top->m_axi_araddr), b::of(top->m_axi_arlen),
             b::of(top->m_axi_arsize), b::of(top->m_axi_arburst), b::of(top->m_axi_arlock),
             b::of(top->m_axi_arcache), b::of(top->m_axi_arprot), b::of(top->m_axi_arqos),
             b::of(top->m_axi_aruser)}); }));
        fault(mon_aw.edge(top->m_axi_awvalid, top->m_axi_awready, [&] { return b::pack(
            {b::of(top->m_axi_awid), b::of(top->m_axi_awaddr), b::of(top->m_axi_awlen),
             b::of(top->m_axi_awsize), b::of(top->m_axi_awburst), b::of(top->m_axi_awlock),
             b::of(top->m_axi_awcache), b::of(top->m_axi_awprot), b::of(top->m_axi_awqos)}); }));
        fault(mon_w.edge(top->m_axi_wvalid, top->m_axi_wready, [&] { return b::pack(
            {b::of(top->m_axi_wdata), b::of(top->m_axi_wstrb), b::of(top->m_axi_wlast)}); }));
        fault(mon_rsp.edge(top->rsp_valid_o, top->rsp_ready_i, [&] { return b::pack(
            {b::of(top->rsp_id_o), b::of(top->rsp_status_o), b::of(top->rsp_data_o)}); }));
        if (top->m_axi_arvalid && !top->m_axi_arready)
            bins["ar_backpressure"]++;
        if (top->m_axi_awvalid && !top->m_axi_awready)
            bins["aw_backpressure"]++;
        if (top->m_axi_wvalid && !top->m_axi_wready)
            bins["w_backpressure"]++;
    }

    // an address channel's burst: one INCR burst over a whole line
    std::string burst_rule(const char *ch, uint64_t addr, unsigned len, unsigned size,
                           unsigned burst)
    {
        char msg[160];
        if (len != beats - 1 || size != size_code || burst != 1 ||
            addr % m->cfg.line_bytes != 0) {
            std::snprintf(msg, sizeof msg, "%s: addr 0x%" PRIx64 " len %u size %u burst %u; a line "
                          "is len %u size %u burst 1 (INCR), line-aligned", ch, addr, len, size,
                          burst, beats - 1, size_code);
            return msg;
        }
        return "";
    }

    // ---- the slave: handshakes of this edge, then what it presents next -----------------------
    void on_ar()
    {
        unsigned id = (unsigned)top->m_axi_arid;
        uint64_t addr = port_u64(top->m_axi_araddr), line = addr / m->cfg.line_bytes;
        std::string bad = burst_rule("AR", addr, top->m_axi_arlen, top->m_axi_arsize,
                                     top->m_axi_arburst);
        if (!bad.empty())
            return fail("AXI rule violated", bad + "\n");
        if (ar_open.count(id) || handed.count(id))
            return fail("AXI rule violated", "AR: id " + std::to_string(id) +
                        " has a read outstanding\n");
        if (wr_open.count(line))
            return fail("AXI rule violated", "AR: a read of a line with a write awaiting its B\n");
        if (reads.empty())
            return fail("unexpected memory read", "");
        expect_read e = reads.front();
        reads.pop_front();
        check_field("read line", e.line, line, "AR");
        check_field("read id (MSHR)", e.mshr, id, "AR");
        ar_open[id] = line;
        mem.read(line, id, cycle);
    }

    void write_complete(uint64_t line, const w_beats &w)
    {
        if (writes.empty())
            return fail("unexpected memory write", "");
        expect_write e = writes.front();
        writes.pop_front();
        check_field("write line", e.line, line, "AW");
        for (unsigned i = 0; i < m->cfg.line_bytes; i++)
            if (bv_get(&w.be, i, 1) != bv_get(&e.be, i, 1) ||
                (bv_get(&w.be, i, 1) && bv_byte(&w.data, i) != bv_byte(&e.wdata, i)))
                return fail("write strobes or data differ", "  byte " + std::to_string(i) + "\n");
        mem.store(line, w.be, w.data);
        b_due.push_back({cycle + 1 + rng() % b_latency, line});
    }

    void on_aw()
    {
        uint64_t addr = port_u64(top->m_axi_awaddr), line = addr / m->cfg.line_bytes;
        std::string bad = burst_rule("AW", addr, top->m_axi_awlen, top->m_axi_awsize,
                                     top->m_axi_awburst);
        if (!bad.empty())
            return fail("AXI rule violated", bad + "\n");
        if (top->m_axi_awid != 0)
            return fail("AXI rule violated", "AW: AWID not 0 (writes complete in order)\n");
        if (wr_open.size() >= max_writes)
            return fail("AXI rule violated", "AW: more than axi.max_writes writes outstanding\n");
        wr_open.insert(line);
        if (wr_open.size() == max_writes)
            bins["writes_at_limit"]++;
        if (!w_done.empty()) { // its W came first
            w_beats w = w_done.front();
            w_done.pop_front();
            write_complete(line, w);
        } else {
            aw_lines.push_back(line);
        }
    }

    void on_w()
    {
        bv_t beat, strb;
        port_get(top->m_axi_wdata, beat, dbits);
        port_get(top->m_axi_wstrb, strb, dbits / 8);
        unsigned sb = dbits / 8, lsb = w_cur.n * dbits;
        for (unsigned i = 0; i < sb; i++)
            if (bv_get(&strb, i, 1)) {
                bv_put(&w_cur.be, lsb / 8 + i, 1, 1);
                bv_set_byte(&w_cur.data, lsb / 8 + i, bv_byte(&beat, i));
            }
        w_cur.n++;
        bool last = w_cur.n == beats;
        if (top->m_axi_wlast != last)
            return fail("AXI rule violated", std::string("W: WLAST ") + (last ? "missing on" : "on") +
                        " beat " + std::to_string(w_cur.n - 1) + " of " + std::to_string(beats) + "\n");
        if (!last)
            return;
        if (!aw_lines.empty()) {
            uint64_t line = aw_lines.front();
            aw_lines.pop_front();
            write_complete(line, w_cur);
        } else {
            w_done.push_back(w_cur);
        }
        w_cur = w_beats();
    }

    // the R beat presented this cycle was taken
    void on_r()
    {
        r_burst &b = bursts[(size_t)r_cur];
        b.beat++;
        if (b.beat == beats) { // the line goes to the L1: its fill follows
            handed[b.id] = {b.data, b.err};
            ar_open.erase(b.id);
            bursts.erase(bursts.begin() + r_cur);
        }
        r_cur = -1;
    }

    void on_b()
    {
        auto it = wr_open.find(b_due.front().second);
        wr_open.erase(it);
        b_due.pop_front();
    }

    // the slave's outputs for the coming edge
    void drive_slave()
    {
        top->m_axi_arready = pct() < ready_pct;
        top->m_axi_awready = pct() < ready_pct;
        top->m_axi_wready = pct() < ready_pct;
        unsigned mshr;
        bv_t data;
        while (mem.response(cycle, mshr, data)) { // due reads join the bursts being sent
            mem.response_taken();
            uint64_t h = (seed ^ (cycle * 0x9e3779b97f4a7c15ULL) ^ mshr) * 0xbf58476d1ce4e5b9ULL;
            r_burst b{mshr, ar_open[mshr], 0, (unsigned)((h >> 8) % beats), (h >> 20 & 15) == 0, data};
            if (b.err) // the failing beat's data is garbage
                for (unsigned i = 0; i < dbits; i += 8)
                    bv_put(&b.data, b.err_beat * dbits + i, 8, (h >> (i % 56)) & 0xff);
            bursts.push_back(b);
        }
        if (mem.out_of_order_returns > ooo_seen) { // a read answered before an older one
            bins["r_out_of_order"]++;
            ooo_seen = mem.out_of_order_returns;
        }
        if (r_cur < 0 && !bursts.empty() && pct() < rvalid_pct) {
            r_cur = (int)(rng() % bursts.size());
            for (const r_burst &o : bursts) // another burst stopped between its beats
                if (&o != &bursts[(size_t)r_cur] && o.beat > 0) {
                    bins["r_interleaved"]++;
                    break;
                }
        }
        top->m_axi_rvalid = r_cur >= 0;
        if (r_cur >= 0) {
            const r_burst &b = bursts[(size_t)r_cur];
            top->m_axi_rid = b.id;
            bv_t beat = beat_of(b.data, b.beat * dbits, dbits);
            port_put(top->m_axi_rdata, beat, dbits);
            top->m_axi_rresp = b.err && b.beat == b.err_beat ? 2 : 0; // SLVERR
            top->m_axi_rlast = b.beat + 1 == beats;
            top->m_axi_ruser = 0;
        }
        top->m_axi_bvalid = !b_due.empty() && b_due.front().first <= cycle;
        top->m_axi_bid = 0;
        top->m_axi_bresp = 0;
    }

    void drive_core()
    {
        if (!presented_live) {
            presented_live = gen.next(presented);
            if (presented_live) {
                bv_t v;
                bv_zero(&v);
                bv_put(&v, 0, 64, lay_line_addr(l, presented.addr));
                port_put(top->req_line_i, v, l->line_addr_bits);
                top->req_store_i = presented.store;
                top->req_id_i = presented.id;
                bv_put(&v, 0, 64, presented.pc);
                port_put(top->req_pc_i, v, m->cfg.pc_bits);
                top->req_core_i = presented.core;
                top->req_base_i = presented.base;
                port_put(top->req_be_i, presented.be, m->cfg.line_bytes);
                port_put(top->req_wdata_i, presented.wdata, l->line_bits);
            }
        }
        top->req_valid_i = presented_live;
        top->rsp_ready_i = pct() < 80;
        top->flush_i = pct() == 0 && (rng() % 64) == 0;
        top->kernel_start_i = 0;
        top->filter_enable_i = 1;
        top->axi_err_clear_i = pct() < 5;
    }

    void tick()
    {
        if (cycle % 2000 == 0) { // a new timing phase
            mem.timing.draw(rng);
            static const unsigned pcts[] = {100, 70, 40};
            ready_pct = pcts[rng() % 3];
            rvalid_pct = pcts[rng() % 3];
            static const unsigned b_lat[] = {12, 80, 400};
            b_latency = b_lat[rng() % 3];
        }
        top->clk_i = 0;
        drive_core();
        drive_slave();
        top->eval();
        if (top->rst_ni) {
            monitor();
            if (top->evt_valid_o)
                on_event();
            if (top->req_valid_i && top->req_ready_o) {
                accepted.push_back(presented);
                presented_live = false;
            }
            if (top->rsp_valid_o && top->rsp_ready_i)
                on_response();
            if (top->m_axi_arvalid && top->m_axi_arready)
                on_ar();
            if (top->m_axi_awvalid && top->m_axi_awready)
                on_aw();
            if (top->m_axi_wvalid && top->m_axi_wready)
                on_w();
            if (top->m_axi_rvalid && top->m_axi_rready)
                on_r();
            if (top->m_axi_bvalid && top->m_axi_bready)
                on_b();
        }
        clock();
    }

    bool idle() const
    {
        return !presented_live && gen.remaining() == 0 && accepted.empty() && rsps.empty() &&
               reads.empty() && writes.empty() && bursts.empty() && handed.empty() &&
               wr_open.empty() && mem.outstanding() == 0;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("axi_harness",
                "Lockstep of a generated L1's AXI4 wrapper (Verilator) against the C model, with\n"
                "an AXI4 slave and protocol monitor. Exit status: 0 pass, 1 mismatch or failure,\n"
                "2 bad plusarg or setup, 3 coverage hole.");
    skel_plusargs(pa, "random seed of traffic, timing, errors and SRAM contents");
    pa.number("requests", 20000, 1, UINT32_MAX, "requests of random traffic");
    skel_trace_plusarg(pa);
    int st = skel_parse(pa, argc, argv);
    if (st >= 0)
        return st;
    uint64_t seed = pa.num("seed");
    const std::unique_ptr<VerilatedContext> ctx = skel_context(argc, argv, seed);
    cfg_t c;
    if (!load_config(pa.str("dir"), "axi_harness", c))
        return 2;
    if (!c.axi.enable) {
        std::fprintf(stderr, "axi_harness: %s has no AXI4 wrapper (axi.enable: false)\n", c.name);
        return 2;
    }
    cm_l1_t *m;
    if (cm_l1_new(&c, &m) != 0) {
        std::fprintf(stderr, "axi_harness: out of memory\n");
        return 2;
    }
    std::printf("axi_harness: %s seed=%" PRIu64 " data_bits=%u writes=%u\n", c.name, seed,
                c.axi.data_bits, c.axi.max_writes);
    const std::unique_ptr<Vaxi> top{new Vaxi{ctx.get(), "TOP"}};
    harness h(ctx.get(), top.get(), m, c, seed);
    h.trace_open(pa.str("trace"));
    std::mt19937_64 prng(seed);
    h.gen.store_pct = 15 + (unsigned)(prng() % 30);
    h.gen.random(pattern::mix, (unsigned)pa.num("requests"));
    auto t0 = skel_reset_ticks(h, 4);
    uint64_t limit = 400000 + 400ULL * pa.num("requests");
    while (!h.failed && !h.idle() && h.cycle < limit)
        h.tick();
    for (int i = 0; i < 8 && !h.failed; i++)
        h.tick();
    if (!h.failed && !h.idle())
        h.fail("timeout: requests or bursts outstanding", "");
    if (!h.failed && top->axi_err_kind_o == 3)
        h.fail("AXI rule violated", "the wrapper reports a protocol violation of the slave\n");
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    h.finish();
    std::printf("axi_harness: %" PRIu64 " cycles, %" PRIu64 " events, %" PRIu64
                " requests in %.2f s\n", h.cycle, h.events, h.requests_done, secs);
    std::printf("coverage:");
    std::vector<std::string> holes;
    for (const auto &b : h.bins) {
        // writes at the limit: reached with a few writes allowed; reads out of order need two
        // MSHRs, and interleaved beats also a line of more than one beat
        bool reach = (b.first != "writes_at_limit" || c.axi.max_writes <= 4) &&
                     (b.first != "r_out_of_order" || c.l1.mshrs > 1) &&
                     (b.first != "r_interleaved" || (h.beats > 1 && c.l1.mshrs > 1));
        std::printf(" %s=%" PRIu64, b.first.c_str(), b.second);
        if (reach && b.second == 0)
            holes.push_back(b.first);
    }
    std::printf("\n");
    cm_l1_free(m);
    if (h.failed)
        return skel_verdict("axi_harness", true, seed);
    if (!holes.empty())
        return report_holes("axi_harness", holes, h.requests_done, h.events, seed);
    return skel_verdict("axi_harness", false, seed);
}
