// l1_harness: Verilator lockstep harness for a generated L1. The RTL leads: on every event it
// reports, the C model takes the same event and the decision, way, evicted tag, MSHR and the
// whole metadata row are compared bit for bit; every response and memory request is checked
// against the model and a reference memory. First mismatch: report, finalize, exit 1.
// Plusargs: +dir=OUTDIR (generated output with config.yaml) +seed=N +traffic=directed|mix|...
//           +requests=N +trace=FILE.fst +evlog=FILE +cover (random traffic: extend it up to
//           +cover_extend=K times (default 4; 1: never) while a reachable bin is unhit, then a
//           hole left exits 3 with "COVERAGE HOLE")
//           +min_events=N (extend random traffic to N events, fail on fewer)
//           +cover_margin=N (with +cover: end the traffic N requests after every reachable bin
//           is hit; +requests is then the most)
//           +free (no model, no checks: the free-running baseline of bench/)
//           +stimout=FILE (every cycle's inputs, for the Icarus replay tb_replay.v)
//           +expect=HMB... (fig7) +help (every plusarg, its range and default). Any other
//           argument, a repeated plusarg or a bad value is refused by name: exit 2.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <vector>
#include <algorithm>
#include <string>

#include "Vdut.h"
#include "harness_skel.h"

#include "chanmon.h"
#include "coverage.h"
#include "l1_event.h"
#include "mech_tb.h"
#include "memory.h"
#include "ports.h"
#include "traffic.h"

extern "C" {
#include "../cmodel/cm_l1_int.h" /* white-box: the G-Cache flops the event port shows */
#include "../cmodel/cm_mech.h"
}

namespace {

struct expect_rsp { uint32_t id; unsigned status; bv_t data; bool waiter; };
struct expect_mem {
    bool store;
    uint64_t line;
    unsigned mshr;
    bv_t be, wdata;
    uint32_t id;
    unsigned pred;  // PC predictor: the bypass prediction sent with a read (mem_req_hint_o)
};

const char *const dec_names[16] = {"none", "ld_hit", "ld_miss", "st_hit", "st_miss",
                                   "stall_line", "stall_mshr", "fill", "ld_bypass",
                                   "stall_rsv", "fill_bypass", "?", "?", "?", "?", "?"};
const char *const kind_names[8] = {"sweep", "lookup", "stall", "fill", "switch_reset", "?", "?", "?"};

struct harness : skel_chan<Vdut> {
    cm_l1_t *m;
    const lay_l1_t *l;
    uint64_t events = 0, requests_done = 0, requests_accepted = 0;
    memory mem;
    memory ref_mem; // program order: stores applied when the L1 accepts them (their lookup)
    traffic gen;
    coverage cov;
    std::mt19937_64 rng;
    unsigned rsp_ready_pct = 100, flush_per_10k = 0;
    cm_req_t presented{};
    bool presented_live = false;
    // accepted and not yet looked up, oldest first: the L1 decides in acceptance order, and a
    // request that waits (STALL) is decided again before any younger one
    std::deque<cm_req_t> accepted;
    std::deque<expect_rsp> rsps;
    std::deque<expect_mem> mems;
    bv_t fill_data{};
    unsigned fill_mshr = 0;
    unsigned fill_hint = 0;      // the L2's hint bit presented with the fill (G-Cache: victim bit)
    bool fill_hint_drawn = false; // fill_hint belongs to the response presented now
    bool fill_err = false;       // CG_MEM_ERR: the presented read failed (mem_rsp_err_i), 1 in 16
    unsigned hint_pct = 0;       // chance of a 1, per timing phase
    unsigned kstart_every = 0;   // base ids (cm_mech_base_ids): a kernel start in one cycle of this many on average
    uint64_t fills_taken = 0;
    bool reset_expected = false; // the model said a switch reset is due
    bool serialize = false;      // one request at a time, in program order (fig7)
    bool l2_victim_bits = false; // hint = the line was read before (an L2 that never evicts)
    std::set<uint64_t> fetched;  // lines read so far (l2_victim_bits)
    std::string outcomes;        // H, M, B per load response (fig7)
    // PC predictor: the harness's model of the L2's bypass bits (SPEC 3.6; an L2 that never
    // evicts). A read returns the line's bit b and stores `prediction AND NOT b`; b comes back
    // with that read's fill as mem_rsp_hint_i.
    bool l2_bypass_bits = false;
    std::map<uint64_t, unsigned> l2_bbit;     // line -> bypass bit (absent: 0, a new line)
    std::map<unsigned, unsigned> l2_bbit_rsp; // MSHR -> b returned with its outstanding read
    bool fill_presented = false;
    FILE *evlog = nullptr;

    harness(VerilatedContext *c, Vdut *t, cm_l1_t *model, uint64_t s)
        : skel_chan(c, t, s), m(model), l(&model->lay), mem(model->cfg.line_bytes, s ^ 0x5a5a),
          ref_mem(model->cfg.line_bytes, s ^ 0x5a5a),
          gen(model, s), cov(), rng(s * 7 + 1) {}

    // ---- channel monitors (skel_chan, SPEC 4): every edge on the four channels ---------------
    void monitor_channels()
    {
        typedef chan_bytes b;
        // The combinational check costs three evaluations per channel: every cycle early on,
        // then one cycle in 16.
        if (cycle < 4000 || cycle % 16 == 0) {
            check_comb(mon_rsp, top->rsp_ready_i, top->rsp_valid_o);
            check_comb(mon_mem_req, top->mem_req_ready_i, top->mem_req_valid_o);
        }
        channel_fault(mon_req.edge(top->req_valid_i, top->req_ready_o, [&] { return
                                   b::pack({b::of(top->req_store_i), b::of(top->req_line_i),
                                            b::of(top->req_id_i), b::of(top->req_pc_i),
                                            b::of(top->req_core_i), b::of(top->req_base_i),
                                            b::of(top->req_be_i), b::of(top->req_wdata_i)}); }));
        channel_fault(mon_rsp.edge(top->rsp_valid_o, top->rsp_ready_i, [&] { return
                                   b::pack({b::of(top->rsp_id_o), b::of(top->rsp_status_o),
                                            b::of(top->rsp_data_o)}); }));
        channel_fault(mon_mem_req.edge(top->mem_req_valid_o, top->mem_req_ready_i, [&] { return
                                       b::pack({b::of(top->mem_req_store_o), b::of(top->mem_req_line_o),
                                                b::of(top->mem_req_mshr_o), b::of(top->mem_req_be_o),
                                                b::of(top->mem_req_wdata_o), b::of(top->mem_req_hint_o)}); }));
        channel_fault(mon_mem_rsp.edge(top->mem_rsp_valid_i, top->mem_rsp_ready_o, [&] { return
                                       b::pack({b::of(top->mem_rsp_mshr_i), b::of(top->mem_rsp_data_i),
                                                b::of(top->mem_rsp_hint_i)
#ifdef CG_MEM_ERR
                                                , b::of(top->mem_rsp_err_i)
#endif
                                               }); }));
    }

    void check_field(const char *what, uint64_t exp, uint64_t act, const char *evt)
    {
        if (exp != act)
            fail("event field differs", field_diff(std::string("event ") + evt, what, exp, act));
    }

    bool free_running = false;  // +free: no model and no checks (benchmark baseline)

    void on_event()
    {
        if (free_running) {
            events++;
            return;
        }
        unsigned kind = top->evt_kind_o, dec = top->evt_dec_o;
        unsigned set = (unsigned)port_u64(top->evt_set_o);
        cm_result_t r;
        events++;
        if (evlog)
            log_event(kind, dec, set);
        m->filter_enable = top->filter_enable_i; // sampled in the cycle the lookup decides
        if (kind == EVT_FILL) {
            if (!fill_presented) {
                fail("fill event without a memory response", "");
                return;
            }
            check_field("mshr", fill_mshr, port_u64(top->evt_mshr_o), "fill");
            if (fill_err) // the failed read: answered Err, nothing installed
                cm_l1_fill_err(m, fill_mshr, &fill_data, &r);
            else
                cm_l1_fill_hint(m, fill_mshr, &fill_data, fill_hint, &r);
        } else if (!l1_event_step(*this, kind, set, r)) {
            return;
        }
        char evt[96];
        std::snprintf(evt, sizeof evt, "%s/%s set %u", kind_names[kind & 7], dec_names[dec & 15], set);
        l1_event_fields(*this, r, kind, dec, set, evt);
        mech_tb::check(*this, r, set, evt);
        if (!l1_event_reset_due(*this, r))
            return;
        l1_event_row(*this, r, set, evt);
        cov.event(r, top->evt_evict_o, m);
        if (r.dec == DEC_STALL_LINE && m->cfg.mshr_merge && !accepted.empty() &&
            !accepted.front().store) { // a load that could not join: its read has all its waiters
            uint64_t ln = lay_line_addr(l, accepted.front().addr);
            for (unsigned i = 0; i < m->cfg.mshrs; i++)
                if (m->mshr[i].valid && m->mshr[i].line == ln &&
                    m->mshr[i].nwait == m->cfg.mshr_merge)
                    cov.hit("merge_full_stall");
        }
        // what the RTL must do next
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
                rsps.push_back({q.id, ST_HIT, r.data, false});
            } else if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) {
                // the read's hint: the PC predictor's bypass prediction, or FG-CB's no_allocate
                mems.push_back({false, line, r.mshr, {}, {}, 0, (unsigned)(r.pred | r.noalloc)});
            } else if (r.dec == DEC_LD_MERGE) {
                // a waiter: answered after its read's fill, no memory request of its own
            } else { // acknowledged once it enters the memory-request queue
                mems.push_back({true, line, 0, q.be, q.wdata, q.id, 0});
                rsps.push_back({q.id, ST_STORE, {}, false});
                ref_mem.store(line, q.be, q.wdata);
            }
        } else if (r.kind == EVT_FILL) {
            rsps.push_back({r.id, r.status, r.data, false}); // MISS, or BYPASS (decoupled)
            for (unsigned k = 0; k < r.nwait; k++) // then its waiters, in arrival order
                rsps.push_back({r.wait_id[k], r.status, r.data, true});
        }
    }

    // One line per event, in the same format as the Icarus testbench's $fdisplay.
    void log_event(unsigned kind, unsigned dec, unsigned set)
    {
        bv_t row;
        port_get(top->evt_row_o, row, l->row_bits);
        std::fprintf(evlog, "%" PRIu64 " %u %u %u %u %u %" PRIx64 " %u ", cycle, kind, dec, set,
                     (unsigned)port_u64(top->evt_way_o), (unsigned)top->evt_evict_o,
                     port_u64(top->evt_evict_tag_o), (unsigned)port_u64(top->evt_mshr_o));
        hex_out(evlog, row, l->row_bits);
        mech_tb::log(*this);
        std::fputc('\n', evlog);
    }

    void on_mem_request()
    {
        bool store = top->mem_req_store_o;
        uint64_t line = port_u64(top->mem_req_line_o);
        unsigned mshr = (unsigned)port_u64(top->mem_req_mshr_o);
        if (free_running) {
            if (store) {
                bv_t be, wd;
                port_get(top->mem_req_be_o, be, m->cfg.line_bytes);
                port_get(top->mem_req_wdata_o, wd, l->line_bits);
                mem.store(line, be, wd);
            } else {
                mem.read(line, mshr, cycle);
            }
            return;
        }
        if (mems.empty()) {
            fail("unexpected memory request", "");
            return;
        }
        expect_mem e = mems.front();
        mems.pop_front();
        check_field("mem store", e.store, store, "mem_req");
        check_field("mem line", e.line, line, "mem_req");
        check_field("mem hint (bypass prediction)", e.pred, top->mem_req_hint_o, "mem_req");
        if (store) {
            bv_t be, wd;
            port_get(top->mem_req_be_o, be, m->cfg.line_bytes);
            port_get(top->mem_req_wdata_o, wd, l->line_bits);
            for (unsigned i = 0; i < m->cfg.line_bytes; i++)
                if (bv_get(&be, i, 1) != bv_get(&e.be, i, 1) ||
                    (bv_get(&be, i, 1) && bv_byte(&wd, i) != bv_byte(&e.wdata, i))) {
                    fail("store byte enables or data differ", "");
                    break;
                }
            mem.store(line, be, wd);
        } else {
            check_field("mem mshr", e.mshr, mshr, "mem_req");
            mem.read(line, mshr, cycle);
            if (l2_bypass_bits) {
                unsigned &bit = l2_bbit[line];
                l2_bbit_rsp[mshr] = bit;
                bit = e.pred && !bit;
            }
        }
        cov.mem_request(store);
    }

    void on_response()
    {
        if (free_running) {
            requests_done++;
            return;
        }
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
        cov.response(e.status);
        if (e.status != ST_STORE)
            outcomes += "HMBSE"[e.status]; // E: a failed read (CG_MEM_ERR)
    }

    // Some waiter's read has filled and its response is still to come (the waiters enter the
    // expected responses at their read's fill event).
    bool waiters_filled() const
    {
        for (const auto &e : rsps)
            if (e.waiter)
                return true;
        return false;
    }

    void stall_cycle_check()
    {
        if (free_running)
            return;
        // The RTL counts a stall cycle while a request's reservation failure is pending.
        if (!accepted.empty() && accepted.front().rsv_counted)
            cm_l1_stall_cycle(m);
    }

    uint64_t min_events = 0;           // random traffic is extended until this many events
    pattern traffic_pattern = pattern::mix;

    void drive()
    {
        if (phased && !presented_live && gen.remaining() == 0 && events < min_events)
            gen.random(traffic_pattern, 10000);
        // +traffic=fig7: program order, the next request only after the last response
        bool wait = serialize && (!accepted.empty() || !rsps.empty() || !mems.empty() ||
                                 mem.outstanding() != 0);
        if (!presented_live && !wait && gen.next(presented)) {
            presented.rsv_counted = 0;
            presented_live = true;
        }
        top->req_valid_i = presented_live;
        if (presented_live) {
            bv_t v;
            top->req_store_i = presented.store;
            bv_zero(&v);
            bv_put(&v, 0, 64, lay_line_addr(l, presented.addr));
            port_put(top->req_line_i, v, l->line_addr_bits);
            top->req_id_i = presented.id;
            bv_put(&v, 0, 64, presented.pc);
            port_put(top->req_pc_i, v, m->cfg.pc_bits);
            top->req_core_i = presented.core;
            top->req_base_i = presented.base;
            port_put(top->req_be_i, presented.be, m->cfg.line_bytes);
            port_put(top->req_wdata_i, presented.wdata, l->line_bits);
        }
        top->mem_req_ready_i = mem.req_ready();
        fill_presented = mem.response(cycle, fill_mshr, fill_data);
        top->mem_rsp_valid_i = fill_presented;
        if (fill_presented && !fill_hint_drawn) {
            // drawn once per presented response and held until it is taken (the channel rule:
            // a timing phase that changes hint_pct must not change a waiting payload)
            uint64_t h = (seed ^ (fills_taken * 0x9e3779b97f4a7c15ULL) ^ fill_mshr) * 0xbf58476d1ce4e5b9ULL;
            fill_hint = (unsigned)((h >> 40) % 100) < hint_pct;
#ifdef CG_MEM_ERR
            fill_err = (h >> 20 & 15) == 0; // SLVERR/DECERR on one read in 16
#endif
            if (l2_victim_bits) // one core before a large L2: the bit says "read before"
                fill_hint = fetched.count(m->mshr[fill_mshr].line) != 0;
            if (l2_bypass_bits) // the bit the L2 returned for this read
                fill_hint = l2_bbit_rsp[fill_mshr];
            fill_hint_drawn = true;
        }
        if (fill_presented) {
            top->mem_rsp_mshr_i = fill_mshr;
            port_put(top->mem_rsp_data_i, fill_data, l->line_bits);
        }
        top->mem_rsp_hint_i = fill_presented && fill_hint;
#ifdef CG_MEM_ERR
        top->mem_rsp_err_i = fill_presented && fill_err;
#endif
        top->rsp_ready_i = std::uniform_int_distribution<unsigned>(0, 99)(rng) < rsp_ready_pct;
        top->flush_i = flush_per_10k && std::uniform_int_distribution<unsigned>(0, 9999)(rng) < flush_per_10k;
        if (quiet_span && (cycle / quiet_span) % 2 == 0) // a stretch without flushes (mech_wants)
            top->flush_i = 0;
        // kernels start now and then (a mechanism keyed by base ids: its tables clear)
        top->kernel_start_i = kstart_every && std::uniform_int_distribution<unsigned>(0, kstart_every - 1)(rng) == 0;
        top->filter_enable_i = filter_enable;
    }

    bool phased = false;  // random traffic: memory and core timing change every phase
    bool filter_enable = true;  // decoupled: low in some phases (threshold forced to 0)

    // A new timing phase: fast or slow memory, in or out of order, with or without
    // backpressure on each channel, so one run sees both MSHR-full and idle regimes.
    void new_phase()
    {
        mem.timing.draw(rng);
        rsp_ready_pct = (rng() & 1) ? 100 : 30 + (unsigned)(rng() % 70);
        filter_enable = rng() % 5 != 0;
        static const unsigned hint_pcts[] = {0, 20, 60, 90};
        hint_pct = hint_pcts[rng() % 4];
        // while extending for an MSHR-full or all-reserved hole: every other phase has memory
        // slow enough (about 10 cycles per MSHR) for every MSHR to be busy at once, and the
        // decoupled store's filter off half of those (every miss then reserves a data line)
        if (want_slow && (rng() & 1)) {
            unsigned lat = 10 * m->cfg.mshrs + 50;
            mem.timing = {lat, 2 * lat, 100, (rng() & 1) != 0};
            rsp_ready_pct = 100;
            if (want_filter_off && (rng() & 1))
                filter_enable = false;
        }
    }
    bool want_slow = false, want_filter_off = false; // set while extending for a hole
    // while extending for a bin that needs the cache full (mech_wants::full): flushes only in
    // every other stretch of this many cycles, 16 per line of the cache (time for a dead loop
    // to fill every way at a few loads a cycle's fraction, with half its fills bypassed)
    uint64_t quiet_span = 0;
    unsigned segments_ = 0; // extension segments so far (extend)

    // Extend the traffic by `n` requests for the unhit bins `holes`: a share of focused
    // patterns for the bins that need one (tb/traffic.h), the rest the run's own pattern. The
    // segments take the focused patterns and the run's own in turn, carried over from one
    // extension to the next, so each pattern gets its share even when one extension is
    // a single segment.
    void extend(const std::vector<std::string> &holes, unsigned n)
    {
        std::vector<pattern> focus;
        auto add = [&focus](pattern p) {
            if (std::find(focus.begin(), focus.end(), p) == focus.end())
                focus.push_back(p);
        };
        for (const auto &b : holes) {
            if (b == "stall_mshr_full")
                add(pattern::miss_flood);
            else if (b.compare(0, 6, "merge_") == 0)
                add(pattern::shared_lines);
            mech_wants w; // a mechanism's bin: its plug-in's patterns and memory
            mech_tb::focus(b, add, w);
            want_slow |= b == "stall_mshr_full" || w.slow;
            want_filter_off |= w.filter_off;
            if (w.full)
                quiet_span = 16ULL * m->cfg.sets * m->cfg.ways;
            // a flush now and then is rarely mid-drain; more often, but never so often that
            // the sweeps (one cycle per set) leave requests no time
            if (b == "merge_flush_with_waiters")
                flush_per_10k = std::max(flush_per_10k, std::min(50u, 10000 / (4 * m->cfg.sets)));
        }
        // segments long enough for a dead_loop to pass over its lines a few times
        unsigned seg = std::max(2000u, 12 * m->cfg.sets * m->cfg.ways);
        for (unsigned done = 0; done < n; done += seg) {
            unsigned k = segments_++ % (unsigned)(focus.size() + 1);
            unsigned len = n - done < seg ? n - done : seg;
            gen.random(k < focus.size() ? focus[k] : traffic_pattern, len);
        }
    }

    FILE *stimout = nullptr;  // +stimout: every cycle's inputs, replayed by tb_replay.v

    template <typename T> void put_port(const T &port, unsigned width)
    {
        bv_t v;
        port_get(port, v, width);
        std::fputc(' ', stimout);
        for (unsigned d = (width + 3) / 4; d-- > 0;)
            std::fputc("0123456789abcdef"[bv_get(&v, 4 * d, 4 * d + 4 <= width ? 4 : width - 4 * d)], stimout);
    }

    void record_inputs()
    {
        std::fprintf(stimout, "%u %u %u", (unsigned)top->rst_ni, (unsigned)top->req_valid_i,
                     (unsigned)top->req_store_i);
        put_port(top->req_line_i, l->line_addr_bits);
        put_port(top->req_id_i, m->cfg.id_bits);
        put_port(top->req_pc_i, m->cfg.pc_bits);
        put_port(top->req_core_i, m->cfg.core_bits);
        put_port(top->req_base_i, m->cfg.fgcb_id_bits);
        put_port(top->req_be_i, m->cfg.line_bytes);
        put_port(top->req_wdata_i, l->line_bits);
        std::fprintf(stimout, " %u %u %u", (unsigned)top->rsp_ready_i, (unsigned)top->mem_req_ready_i,
                     (unsigned)top->mem_rsp_valid_i);
        put_port(top->mem_rsp_mshr_i, l->mshr_bits);
        put_port(top->mem_rsp_data_i, l->line_bits);
        std::fprintf(stimout, " %u", (unsigned)top->mem_rsp_hint_i);
#ifdef CG_MEM_ERR
        std::fprintf(stimout, " %u", (unsigned)top->mem_rsp_err_i); // tb_replay.v: MEMERR
#endif
        std::fprintf(stimout, " %u %u %u\n", (unsigned)top->flush_i, (unsigned)top->kernel_start_i,
                     (unsigned)top->filter_enable_i);
    }

    void tick()
    {
        if (phased && cycle % 3000 == 0)
            new_phase();
        top->clk_i = 0;
        drive();
        mech_tb::drive(*this);
        if (stimout)
            record_inputs();
        top->eval();
        cov.channels(top->req_valid_i && !top->req_ready_o, top->mem_req_valid_o && !top->mem_req_ready_i,
                     top->rsp_valid_o && !top->rsp_ready_i);
        if (!free_running && waiters_filled()) { // waiters answered after their fill, in order
            if (top->rsp_valid_o && !top->rsp_ready_i)
                cov.hit("merge_waiters_backpressured");
            if (top->flush_i && top->rst_ni)
                cov.hit("merge_flush_with_waiters");
        }
        if (top->rst_ni) {
            monitor_channels();
            stall_cycle_check();
            if (top->evt_valid_o && evlog && free_running)
                log_event(top->evt_kind_o, top->evt_dec_o, (unsigned)port_u64(top->evt_set_o));
            if (top->evt_valid_o)
                on_event();
            if (top->req_valid_i && top->req_ready_o) {
                requests_accepted++;
                accepted.push_back(presented);
                presented_live = false;
            }
            if (top->mem_req_valid_o && top->mem_req_ready_i)
                on_mem_request();
            if (top->mem_rsp_valid_i && top->mem_rsp_ready_o) {
                fills_taken++;
                if (l2_victim_bits && !free_running)
                    fetched.insert(m->mshr[fill_mshr].line);
                mem.response_taken();
                fill_hint_drawn = false;
                cov.fill_order(mem.out_of_order_returns);
            }
            if (top->rsp_valid_o && top->rsp_ready_i)
                on_response();
            if (!free_running) // the cycle ends: FG-CB's window moves, kernel_start clears
                cov.cycle_paths(cm_l1_cycle_end(m, top->kernel_start_i));
        }
        clock();
    }

    bool idle() const
    {
        if (phased && events < min_events)
            return false;
        if (free_running)
            return !presented_live && gen.remaining() == 0 && mem.outstanding() == 0 &&
                   !top->rsp_valid_o && requests_done >= requests_accepted;
        return !presented_live && accepted.empty() && gen.remaining() == 0 && rsps.empty() &&
               mems.empty() && mem.outstanding() == 0;
    }

    void check_counters()
    {
        const uint64_t rtl[CNT_COUNT] = {port_u64(top->cnt_accesses_o), port_u64(top->cnt_hits_o),
                                         port_u64(top->cnt_misses_o), port_u64(top->cnt_bypasses_o),
                                         port_u64(top->cnt_fills_o), port_u64(top->cnt_evictions_o),
                                         port_u64(top->cnt_rsv_fails_o), port_u64(top->cnt_stall_cycles_o),
                                         port_u64(top->cnt_merged_o)};
        for (unsigned i = 0; i < CNT_COUNT; i++)
            check_field(lay_counter_names[i], m->cnt[i], rtl[i], "counters");
    }
};

pattern parse_pattern(const std::string &s)
{
    if (s == "stream") return pattern::stream;
    if (s == "hot_small") return pattern::hot_small;
    if (s == "hot_large") return pattern::hot_large;
    if (s == "stride") return pattern::stride;
    if (s == "uniform") return pattern::uniform;
    if (s == "hot_pair") return pattern::hot_pair;
    if (s == "hot_set") return pattern::hot_set;
    if (s == "shared_lines") return pattern::shared_lines;
    if (s == "fgcb") return pattern::fgcb_windows;
    return pattern::mix;
}


}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("l1_harness",
                "Lockstep of a generated L1 (Verilator) against the C model. Exit status: 0\n"
                "pass, 1 mismatch or failure, 2 bad plusarg or setup, 3 coverage hole (+cover,\n"
                "no mismatch).");
    skel_plusargs(pa, "random seed of traffic, timing and SRAM contents");
    pa.choice("traffic", {"directed", "fig7", "mix", "stream", "hot_small", "hot_large", "stride",
                          "uniform", "hot_pair", "hot_set", "shared_lines", "fgcb"}, "directed",
              "directed script, paper 000's Figure 7, or a random pattern (fgcb: FG-CB's "
              "decisions at a large N and window, tb/traffic.h)");
    pa.number("requests", 20000, 1, UINT32_MAX, "requests of random traffic");
    pa.flag("cover",
            "random traffic: extend it while a reachable bin is unhit, then a hole exits 3");
    pa.number("cover_extend", 4, 1, 1000,
              "with +cover: extend up to N times the requests (1: never)");
    pa.number("min_events", 0, 0, 1000000000000ULL,
              "random traffic: extend it to N events, fail on fewer");
    pa.number("cover_margin", 0, 0, UINT32_MAX,
              "with +cover: end the random traffic N requests after every reachable bin is hit "
              "(+requests is then the most; 0: run all +requests)");
    skel_trace_plusarg(pa);
    pa.text("evlog", "FILE", "", "write every event, one line each (tb/run_xsim.sh)");
    pa.text("stimout", "FILE", "", "write every cycle's inputs (the Icarus replay tb_replay.v)");
    pa.text("expect", "HMB...", "", "fig7: the load outcomes expected, in order (H, M, B)");
    pa.flag("free", "no model and no checks: the free-running baseline of bench/");
    int st = pa.parse(argc, argv);
    if (st >= 0)
        return st;
    if (pa.str("expect").find_first_not_of("HMB") != std::string::npos)
        return pa.refuse("expect", "H, M and B only (hit, miss, bypass)");
    if ((st = trace_plusarg_ok(pa)) >= 0 || (st = pa.writable("evlog")) >= 0 ||
        (st = pa.writable("stimout")) >= 0)
        return st;
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed");
    std::string traffic_kind = pa.str("traffic");
    unsigned requests = (unsigned)pa.num("requests");
    std::string evlog = pa.str("evlog");
    std::string stimout = pa.str("stimout");
    const std::unique_ptr<VerilatedContext> ctx = skel_context(argc, argv, seed);

    cfg_t c;
    if (!load_config(dir, "l1_harness", c))
        return 2;
    cm_l1_t *m;
    if (cm_l1_new(&c, &m) != 0) {
        std::fprintf(stderr, "l1_harness: out of memory\n");
        return 2;
    }
    std::printf("l1_harness: %s seed=%" PRIu64 " traffic=%s\n", c.name, seed, traffic_kind.c_str());

    const std::unique_ptr<Vdut> top{new Vdut{ctx.get(), "TOP"}};
    harness h(ctx.get(), top.get(), m, seed);
    h.free_running = pa.on("free");
    const cm_mech_ops_t *mech = cm_mech_for(c.l1.mode);
    h.l2_bypass_bits = mech->l2_hint == CM_HINT_BBIT && !h.free_running;
    h.gen.pc_by_pattern = mech->pc_keyed;
    if (cm_mech_base_ids(&c.l1)) { // FG-CB: base ids from a pool two larger than the table
        h.kstart_every = traffic::fgcb_kstart_every(c.l1);
        h.gen.base_pool = traffic::fgcb_pool(c.l1);
    }
    if (!stimout.empty() && !(h.stimout = std::fopen(stimout.c_str(), "w"))) {
        std::fprintf(stderr, "l1_harness: cannot write %s\n", stimout.c_str());
        return 2;
    }
    if (!evlog.empty() && !(h.evlog = std::fopen(evlog.c_str(), "w"))) {
        std::fprintf(stderr, "l1_harness: cannot write %s\n", evlog.c_str());
        return 2;
    }
    h.trace_open(pa.str("trace"));
    std::mt19937_64 prng(seed);
    if (traffic_kind == "fig7") {
        h.gen.fig7();
        h.cov.directed_ = true;
        h.serialize = true;
        h.l2_victim_bits = true;
        h.mem.timing = {4, 40, 100, false};
    } else if (traffic_kind == "directed") {
        h.gen.directed();
        h.cov.directed_ = true;
        h.mem.timing = {4, 40, 70, true};
        h.rsp_ready_pct = 70;
    } else {
        h.gen.store_pct = (unsigned)(prng() % 50);
        h.gen.random(parse_pattern(traffic_kind), requests);
        h.phased = true;
        h.traffic_pattern = parse_pattern(traffic_kind);
        h.min_events = pa.num("min_events");
        h.flush_per_10k = 1 + (unsigned)(prng() % 2);
    }

    auto t0 = skel_reset_ticks(h, 4);
    bool cover = pa.on("cover");
    uint64_t limit = 200000 + 400ULL * (h.gen.remaining() + h.min_events + 10);
    auto pool_bins = [&]() {
        h.cov.set("pc_pool_small", h.gen.small_pool_requests);
        h.cov.set("pc_pool_large", h.gen.large_pool_requests);
    };
    // +cover_margin: a run sized by its coverage, looked at every 1024 cycles: once every
    // reachable bin is hit, the traffic goes on for the margin (and +min_events), then ends
    uint64_t margin = pa.num("cover_margin"), covered_at = UINT64_MAX;
    bool sized = cover && h.phased && margin > 0;
    auto run = [&]() {
        while (!h.failed && !h.idle() && h.cycle < limit) {
            h.tick();
            if (!sized || (h.cycle & 1023) != 0 || h.gen.remaining() == 0)
                continue;
            if (covered_at == UINT64_MAX) {
                pool_bins();
                if (!h.cov.missing(m))
                    covered_at = h.requests_done;
            } else if (h.requests_done >= covered_at + margin && h.events >= h.min_events) {
                h.gen.stop();
            }
        }
        for (int i = 0; i < 4 && !h.failed; i++)
            h.tick();
    };
    run();
    if (covered_at != UINT64_MAX)
        std::printf("l1_harness: every bin hit after %" PRIu64 " requests; %" PRIu64
                    " run with the margin of %" PRIu64 "\n", covered_at, h.requests_done, margin);
    // +cover on random traffic: while a reachable bin is unhit, extend the traffic (focused
    // patterns for the bins that need them) up to +cover_extend times the requests so far
    pool_bins();
    auto requests_done = [&] { return h.requests_done; };
    if (cover && h.phased)
        skel_extend(h, "l1_harness",
                    {requests_done(), pa.num("cover_extend") * requests_done(), 5000, ""},
                    [&] { return h.cov.unhit(m); }, requests_done,
                    [&](unsigned n) { limit = h.cycle + 200000 + 400ULL * n; run(); }, pool_bins,
                    requests_done);
    if (!h.failed && !h.idle())
        h.fail("timeout: requests outstanding", "");
    if (!h.failed && !h.free_running) {
        h.check_counters();
        std::printf("l1_harness: counters (model = RTL):");
        for (unsigned i = 0; i < CNT_COUNT; i++)
            std::printf(" %s=%" PRIu64, lay_counter_names[i], m->cnt[i]);
        std::printf("\n");
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    h.finish();
    std::printf("l1_harness: %" PRIu64 " cycles, %" PRIu64 " events, %" PRIu64 " requests in %.2f s: "
                "%.0f requests/s, %.0f events/s, %.0f cycles/s\n", h.cycle, h.events, h.requests_done,
                secs, h.requests_done / secs, h.events / secs, h.cycle / secs);
    h.cov.report(stdout, m);
    bool outputs_ok = close_output("l1_harness", h.evlog, evlog);
    outputs_ok &= close_output("l1_harness", h.stimout, stimout);
    h.evlog = h.stimout = nullptr;
    std::string expect = pa.str("expect");
    if (!expect.empty()) { // +expect=HMB...: the load outcomes in order (fig7)
        std::printf("l1_harness: outcomes %s, expected %s\n", h.outcomes.c_str(), expect.c_str());
        if (!h.failed && h.outcomes != expect)
            h.failed = true;
    }
    uint64_t min_events = pa.num("min_events");
    if (!h.failed && h.events < min_events) {
        std::printf("l1_harness: only %" PRIu64 " events, +min_events=%" PRIu64 "\n", h.events, min_events);
        h.failed = true;
    }
    std::vector<std::string> holes = cover && !h.failed ? h.cov.unhit(m) : std::vector<std::string>();
    uint64_t done = h.requests_done, events = h.events;
    cm_l1_free(m); // last: the coverage check above reads the configuration through m
    if (h.failed)
        return skel_verdict("l1_harness", true, seed);
    if (!outputs_ok) // an output file not written (named above): the run's product is lost
        return 2;
    if (!holes.empty()) // no mismatch: a hole of its own kind, not a failure to trace
        return report_holes("l1_harness", holes, done, events, seed);
    return skel_verdict("l1_harness", false, seed);
}
