// sys_harness: Verilator lockstep harness of the generated system top (<name>_sys: P L1s, the
// round-robin arbiter, the L2 slice). The RTL leads: every L1 event steps that L1's model and
// every L2 event the L2 model, each compared bit for bit (decision, way, eviction, MSHR and
// the whole row); the arbitration is taken from the RTL (which core the L2 accepted) and
// checked against each L1's queue of expected memory requests. Every core response and every
// L2 response (data, victim bit, bypass bit, hit flag) is checked against the models; with the
// PC predictor also every predictor-table write, every prediction and the prediction each read
// carries to the L2 (l2_req_pred_o), whose bypass bit goes back to the L1. Every memory request
// of the L2 against its model's queue. With +own_lines each core reads and writes only its own
// lines, so responses are also checked against a reference memory (the L1s are not coherent
// with each other, SPEC 3.2, so with shared lines only the models can say what is right).
// With CPU ports (system.cpu_cores = C, SPEC 3.8) each port has a traffic generator like an L1's
// memory side (streaming, reuse-friendly, low-rate, by phase; line reads and writes with
// their own ids, one read outstanding per id); its requests reach the L2 model with core id
// P + k, and every response it gets is checked against the L2's response and against a
// reference memory that applies every write in the order the L2 accepts it (the L2 decides in
// acceptance order), read as each CPU read is accepted.
// The configured l2.replacement's own event ports (evt_l2_<f>), drive, per-cycle checks and
// bins come from its plug-in (tb/l2pol_tb.h, one header per policy, registered in
// tb/l2pol_tb_reg.h), as in tb/l2_harness.cpp; this file names no policy.
// Plusargs: +dir=OUTDIR +seed=N +requests=N (per core) +own_lines +trace=FILE.fst
//           +cover (extend every core's traffic up to +cover_extend=K times, default 4, while a
//           reachable bin is unhit: every core the same fresh lines while an L2 merging bin is;
//           a hole
//           left exits 3 with "COVERAGE HOLE", no waveform) +cover_margin=N (end the traffic
//           N requests after every reachable bin is hit)
//           +traffic=mix|fig7 (fig7: paper 000's stream on core 0, outcomes in +expect=)
//           +help (every plusarg, its range and default). Any other argument, a repeated
//           plusarg or a bad value is refused by name: exit 2. The waveform holds both clock
//           edges of every cycle.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "Vsys.h"
#include "harness_skel.h"
#include "mech_tb.h"
#include "memory.h"
#include "ports.h"
#include "traffic.h"

extern "C" {
#include "../cmodel/cm_l2.h"
#include "../cmodel/cm_mech.h"
}
// the system top's L2 policy ports: evt_l2_<f>
#define L2POL_EVT(t, f) ((t)->evt_l2_##f)
#define L2POL_EVT_NAME "evt_l2_"
#include "l2pol_tb_reg.h"

namespace {

// Whether the generated top has CPU ports (system.cpu_cores > 0): the CPU code below is
// instantiated only for a top that has them.
template <class T, class = void> struct has_cpu : std::false_type {};
template <class T>
struct has_cpu<T, decltype((void)std::declval<T &>().cpu_req_valid_i)> : std::true_type {};

// pred: the PC predictor's bypass prediction carried by a read (0 for writes and other modes)
struct mem_req { bool store; uint64_t line; unsigned mshr; bv_t be, wdata; uint32_t id; unsigned pred; };
// A core response the L1 owes; `mem` is the reference memory's line when the load was decided
// (+own_lines: the response may leave after a younger store of the core has been looked up).
struct l1_rsp { uint32_t id; unsigned status; bv_t data; bv_t mem; };
struct l2_rsp { unsigned core, mshr, vbit, bbit, hit; bv_t data; };

struct core_state {
    cm_l1_t *m = nullptr;
    std::unique_ptr<traffic> gen;
    cm_req_t presented{};
    bool presented_live = false;
    std::deque<cm_req_t> accepted; // not yet looked up, oldest first (the L1 decides in order)
    std::deque<l1_rsp> rsps;
    std::deque<mem_req> mems;   // memory requests this L1 must send, in order
    bool reset_expected = false;
    uint64_t done = 0;
    std::string outcomes;       // H M B per load response
    std::map<uint32_t, uint64_t> id_line; // line of each accepted request, by id (+own_lines)
};

// A CPU port's traffic (SPEC 3.8): line reads and writes like an L1's memory side, of one kind
// a phase (port k starts with kind k % 3 and moves to the next each phase): streaming (a run of
// new lines), reuse-friendly (a pool of half the L2's lines) or low-rate (one request in 20
// cycles: a line the L1s used lately, the pool, or anywhere).
struct cpu_port {
    enum kind_t { streaming, reuse, low_rate } kind = streaming;
    std::mt19937_64 rng;
    uint64_t remaining = 0, done = 0, cursor = 0;
    std::vector<uint64_t> pool;
    bool live = false;
    mem_req presented{};
    std::vector<bool> busy;          // ids with a read outstanding
    std::deque<mem_req> accepted;    // taken by the top, not yet by the L2, in order
    std::map<unsigned, bv_t> expect; // read id -> reference line as the L2 accepted the read
    std::deque<std::pair<unsigned, bv_t>> rsps; // the L2's responses to this port: id, line
};

struct harness : skel<Vsys> {
    cfg_t cfg;
    lay_l1_t l;
    unsigned P;
    std::vector<core_state> core;
    unsigned C;                 // CPU ports (system.cpu_cores), core ids P..P+C-1
    std::vector<cpu_port> cpu;
    memory cpuref{16, 0};       // every write in L2 acceptance order (CPU responses' reference)
    std::vector<uint64_t> gpu_lines; // the last lines the L1s sent the L2 (CPU ports reuse them)
    std::map<uint64_t, bool> gpu_written; // lines an L1 wrote
    cm_l2_t *l2;
    memory mem;                 // behind the L2
    memory ref;                 // reference contents, stores in each L1's program order
                                // (+own_lines: one L1 writes a line, so that is memory order)
    std::mt19937_64 rng;
    uint64_t events = 0;
    bool own_lines = false, serialize = false;
    const cm_mech_ops_t *mech;  // the L1s' mechanism (cm_mech.h): its hint bit from the L2
    unsigned kstart_every = 0;  // base ids: a kernel start in one cycle of this many on average
    uint64_t per_core = 0;      // requests per core so far (+cover's extension adds to it)
    unsigned rounds = 0;        // +cover's extension rounds so far
    // the request the L2 accepted and is working on
    // requests the L2 accepted whose lookup is to come, oldest first (it decides them in
    // acceptance order; a stall keeps the oldest at the front): core and request
    std::deque<std::pair<unsigned, mem_req>> l2_accepted;
    std::deque<l2_rsp> l2_rsps;
    bin_set bins;
    // the L2 policy's plug-in (l2pol_tb.h), what it gets from the harness, and every policy's bins
    l2pol_env pol_env;
    std::unique_ptr<l2pol_tb<Vsys>> pol;
    std::set<std::string> pol_bins;
    unsigned rsp_ready_pct = 100;

    harness(VerilatedContext *c, Vsys *t, const cfg_t &cf, uint64_t s)
        : skel<Vsys>(c, t, s), cfg(cf), P(cf.sys.cores), C(cf.sys.cpu_cores),
          cpuref(cf.l1.line_bytes, 0), l2(nullptr), mem(cf.l1.line_bytes, s ^ 0x77),
          ref(cf.l1.line_bytes, s ^ 0x77), rng(s * 13 + 5), mech(cm_mech_for(cf.l1.mode)),
          pol_bins(l2pol_tb_bins<Vsys>(l2pol_top::sys))
    {
        lay_l1_build(&cfg.l1, &l);
        if (cm_mech_base_ids(&cf.l1)) // FG-CB: kernels start now and then
            kstart_every = traffic::fgcb_kstart_every(cf.l1);
        core.resize(P);
        for (unsigned c = 0; c < P; c++) {
            if (cm_l1_new(&cfg, &core[c].m) != 0)
                std::abort();
            core[c].gen.reset(new traffic(core[c].m, s * 1000 + c));
            core[c].gen->pc_by_pattern = mech->pc_keyed;
            if (kstart_every) // FG-CB: base ids from a pool two larger than the table
                core[c].gen->base_pool = traffic::fgcb_pool(cf.l1);
        }
        if (cm_l2_new(&cfg, &l2) != 0)
            std::abort();
        pol_env = l2pol_env(
            l2, l2pol_top::sys, s * 17 + 3,
            [this](const char *w, uint64_t e, uint64_t a, const char *at) { check(w, e, a, at); },
            [this](const std::string &w, const char *at) { fail(w.c_str(), at); },
            [this](const char *b) { hit(b); }, [this] { return failed; },
            [this] { return both_sides_wait(); });
        pol = l2pol_tb_for(t, pol_env);
        cpu.resize(C);
        for (unsigned k = 0; k < C; k++) {
            cpu_port &q = cpu[k];
            q.kind = (cpu_port::kind_t)(k % 3);
            q.rng.seed(s * 7919 + k);
            q.busy.assign(1u << l.mshr_bits, false);
            uint64_t lmask = l.line_addr_bits >= 64 ? ~0ULL : (1ULL << l.line_addr_bits) - 1;
            uint64_t base = q.rng() & lmask;
            q.cursor = base;
            for (unsigned i = 0; i < cfg.l2.sets * cfg.l2.ways / 2 + 1; i++)
                q.pool.push_back((base + q.rng() % (2ULL * cfg.l2.sets * cfg.l2.ways)) & lmask);
        }
        for (const char *b : {"cpu_read_hit", "cpu_read_miss", "cpu_write", "cpu_rsp_checked",
                              "cpu_streaming_request", "cpu_reuse_request", "cpu_low_rate_request",
                              "cpu_read_of_gpu_written_line",
                              "cpu_rsp_backpressure", "arbiter_cpu_gpu_contention",
                              "l2_cpu_line_evicted_by_gpu", "l2_gpu_line_evicted_by_cpu"})
            bins.declare(b);
        for (const auto &b : pol_bins) // every L2 policy's, reachable only under it
            bins.declare(b.c_str());
        for (const char *b : {"l1_fill_vbit_0", "l1_fill_vbit_1", "l2_read_hit", "l2_read_miss",
                              "l2_write_hit", "l2_write_miss_merge", "l2_evict_clears_vbits",
                              "l2_dirty_writeback", "l2_clean_evict", "l2_stall_line",
                              "arbiter_contention", "l1_merge_join", "l1_merge_waiters_answered",
                              "l2_merge_join", "l2_merge_waiters_answered"})
            bins.declare(b);
        mech_bins_declare_sys(bins); // every mechanism's, reachable by its plug-in's rule
    }
    ~harness()
    {
        for (auto &c : core)
            cm_l1_free(c.m);
        cm_l2_free(l2);
    }

    void check(const char *what, uint64_t exp, uint64_t act, const std::string &where)
    {
        if (exp != act)
            fail("field differs", field_diff(where, what, exp, act));
    }
    bool reachable(const std::string &b) const
    {
        const cfg_l1_t &c = cfg.l1;
        if (serialize)
            return false;
        if (mech_bins_is_sys(b)) // a mechanism's: only under it, by its plug-in's rule (mech_tb.h)
            return mech_tb::reachable(c, b);
        if (b.compare(0, 9, "l2_merge_") == 0) // reads of one line from two L1s
            return cfg.l2.mshr_merge > 0 && P > 1 && !own_lines;
        if (b == "arbiter_contention")
            return P > 1;
        if (b == "cpu_read_of_gpu_written_line") // own_lines: the port's lines only
            return C > 0 && !own_lines;
        if (b == "l2_cpu_line_evicted_by_gpu" && reach_ucp_gpu_held_to_one(&cfg))
            return false; // the GPU held to one way all run (core/reach.h)
        if (b.compare(0, 4, "cpu_") == 0 || b == "arbiter_cpu_gpu_contention" ||
            b == "l2_cpu_line_evicted_by_gpu" || b == "l2_gpu_line_evicted_by_cpu")
            return C > 0;
        if (b.compare(0, 9, "l1_merge_") == 0)
            return c.mshr_merge > 0;
        if (pol_bins.count(b)) // the L2 policy's (l2pol_tb.h)
            return pol->reachable(b);
        return true;
    }

    // ---- L1 events -----------------------------------------------------------------------
    bv_t ref_line(uint64_t line)
    {
        bv_t v;
        if (own_lines)
            ref.line(line, v);
        else
            bv_zero(&v);
        return v;
    }

    void l1_event(unsigned c)
    {
        core_state &s = core[c];
        unsigned kind = (unsigned)field(top->evt_l1_kind_o, P * LAY_EVT_KIND_BITS, c, LAY_EVT_KIND_BITS);
        unsigned dec = (unsigned)field(top->evt_l1_dec_o, P * LAY_DEC_BITS, c, LAY_DEC_BITS);
        unsigned set = (unsigned)field(top->evt_l1_set_o, P * l.set_bits, c, l.set_bits);
        char where[64];
        std::snprintf(where, sizeof where, "L1 %u event kind %u dec %u set %u", c, kind, dec, set);
        cm_result_t r;
        events++;
        if (getenv("SYS_DEBUG") && kind != EVT_SWEEP)
            std::printf("%" PRIu64 " %s\n", cycle, where);
        switch (kind) {
        case EVT_SWEEP:
            cm_l1_sweep(s.m, set, &r);
            break;
        case EVT_FILL: {
            unsigned mshr = (unsigned)port_u64(top->l2_rsp_mshr_o);
            bv_t data;
            port_get(top->l2_rsp_data_o, data, l.line_bits);
            if (!top->l2_rsp_valid_o || port_u64(top->l2_rsp_core_o) != c) {
                fail("L1 fill without an L2 response to it", where);
                return;
            }
            // a fill the model holds no miss for (a response delivered twice or to the wrong
            // L1) is the design's fault: reported, never passed to the model
            if (mshr >= s.m->cfg.mshrs || !s.m->mshr[mshr].valid) {
                fail("L1 fill of an MSHR without a miss in the model", where);
                return;
            }
            unsigned vbit = top->l2_rsp_vbit_o;
            hit(vbit ? "l1_fill_vbit_1" : "l1_fill_vbit_0");
            // the L1's hint: the bypass bit with the PC predictor, the L2's hit flag with
            // FG-CB, else the victim bit
            unsigned hint = mech->l2_hint == CM_HINT_BBIT ? top->l2_rsp_bbit_o
                          : mech->l2_hint == CM_HINT_L2HIT ? top->l2_rsp_l2hit_o : vbit;
            cm_l1_fill_hint(s.m, mshr, &data, hint, &r);
            break;
        }
        case EVT_SWITCH_RESET:
            if (!s.reset_expected) {
                fail("switch reset the model did not ask for", where);
                return;
            }
            s.reset_expected = false;
            cm_l1_switch_reset(s.m, &r);
            break;
        case EVT_STALL:
        case EVT_LOOKUP:
            if (s.accepted.empty()) {
                fail("lookup without an accepted request", where);
                return;
            }
            if (s.reset_expected && kind == EVT_LOOKUP) {
                fail("a lookup before the due switch reset", where);
                return;
            }
            cm_l1_access(s.m, &s.accepted.front(), &r);
            break;
        default:
            fail("unknown L1 event kind", where);
            return;
        }
        check("kind", r.kind, kind, where);
        check("decision", r.dec, dec, where);
        check("set", r.set, set, where);
        if (r.dec == DEC_FILL || r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT)
            check("way", r.way, field(top->evt_l1_way_o, P * l.way_bits, c, l.way_bits), where);
        if (r.kind == EVT_FILL) {
            check("evict", r.evict_valid, field(top->evt_l1_evict_o, P, c, 1), where);
        }
        mech_tb::sys_check(*this, c, r, set, where); // the mechanism's event ports (mech_tb.h)
        if (r.dec == DEC_LD_MISS)
            check("mshr", r.mshr, field(top->evt_l1_mshr_o, P * l.mshr_bits, c, l.mshr_bits), where);
        if (r.dec != DEC_STALL_LINE && r.kind != EVT_SWITCH_RESET) {
            bv_t exp, act;
            cm_l1_row(s.m, set, &exp);
            field_bv(top->evt_l1_row_o, P * l.row_bits, c, l.row_bits, act);
            if (!bv_eq(&exp, &act, l.row_bits))
                fail("L1 row differs", where + std::string("\n") + row_diff(&l, lay_l1_field, exp, act));
        }
        if (r.reset_due)
            s.reset_expected = true;
        const cm_req_t q = s.accepted.empty() ? cm_req_t{} : s.accepted.front();
        uint64_t line = lay_line_addr(&l, q.addr);
        if (r.kind == EVT_LOOKUP) {
            s.accepted.pop_front();
            s.done++;
            if (r.dec == DEC_LD_HIT)
                s.rsps.push_back({q.id, ST_HIT, r.data, ref_line(line)});
            else if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) // both read the line
                // the read's hint: the bypass prediction, or FG-CB's no_allocate
                s.mems.push_back({false, line, r.mshr, {}, {}, 0, (unsigned)(r.pred | r.noalloc)});
            else if (r.dec == DEC_LD_MERGE) {
                // a waiter: answered after its read's fill, no memory request of its own
                hit("l1_merge_join");
            }
            else { // a store, acknowledged once it enters the L1's memory-request queue
                s.mems.push_back({true, line, 0, q.be, q.wdata, q.id, 0});
                s.rsps.push_back({q.id, ST_STORE, {}, {}});
                ref.store(line, q.be, q.wdata); // program order, this L1's (+own_lines)
            }
        } else if (r.kind == EVT_FILL) {
            s.rsps.push_back({r.id, r.status, r.data, ref_line(s.id_line[r.id])});
            for (unsigned k = 0; k < r.nwait; k++) // then its waiters, in arrival order
                s.rsps.push_back({r.wait_id[k], r.status, r.data, ref_line(s.id_line[r.wait_id[k]])});
            if (r.nwait > 0)
                hit("l1_merge_waiters_answered");
        }
    }

    // ---- L2 events -----------------------------------------------------------------------
    void l2_event()
    {
        unsigned kind = top->evt_l2_kind_o, dec = top->evt_l2_dec_o;
        unsigned set = (unsigned)port_u64(top->evt_l2_set_o);
        char where[64];
        std::snprintf(where, sizeof where, "L2 event kind %u dec %u set %u", kind, dec, set);
        cm_l2_result_t r;
        events++;
        if (getenv("SYS_DEBUG") && kind != EVT_SWEEP)
            std::printf("%" PRIu64 " L2 %s\n", cycle, where);
        lay_l2_row_t before{};
        pol->before_event(); // the state its bins read from before the event
        switch (kind) {
        case EVT_SWEEP:
            cm_l2_sweep(l2, set, &r);
            break;
        case EVT_STALL:
        case EVT_LOOKUP:
            if (l2_accepted.empty()) {
                fail("L2 lookup without an accepted request", where);
                return;
            } else {
                const mem_req &q = l2_accepted.front().second;
                // the request's hint bit is the prediction (pcpred) or no_allocate (sacat)
                bool na = lay_mech(cfg.l1.mode)->l2_noalloc && q.pred;
                cm_l2_access_noalloc(l2, l2_accepted.front().first, q.store, q.line,
                                     q.store ? &q.be : nullptr, q.store ? &q.wdata : nullptr,
                                     q.mshr, na ? 0 : q.pred, na, &r);
                mech_tb::sys_l2_access(*this, na, r);
            }
            break;
        case EVT_FILL: {
            unsigned mshr = (unsigned)port_u64(top->mem_rsp_mshr_i);
            bv_t data;
            port_get(top->mem_rsp_data_i, data, l.line_bits);
            if (!top->mem_rsp_valid_i) {
                fail("L2 fill without a memory response", where);
                return;
            }
            before = l2->rows[set];
            cm_l2_fill(l2, mshr, &data, &r);
            break;
        }
        default:
            fail("unknown L2 event kind", where);
            return;
        }
        check("L2 kind", r.kind, kind, where);
        check("L2 decision", r.dec, dec, where);
        check("L2 set", r.set, set, where);
        if (r.kind == EVT_FILL) {
            check("L2 evict", r.evict_valid, top->evt_l2_evict_o, where);
            check("L2 dirty", r.evict_dirty, top->evt_l2_dirty_o, where);
            if (r.evict_valid) {
                hit(r.evict_dirty ? "l2_dirty_writeback" : "l2_clean_evict");
                if (before.way[r.way].vbits)
                    hit("l2_evict_clears_vbits");
            }
        }
        if (r.kind != EVT_SWEEP && r.kind != EVT_STALL) {
            bv_t exp, act;
            cm_l2_row(l2, set, &exp);
            port_get(top->evt_l2_row_o, act, l2->lay.row_bits);
            if (!bv_eq(&exp, &act, l2->lay.row_bits))
                fail("L2 row differs", where + std::string("\n") + row_diff(&l2->lay, lay_l2_field, exp, act));
        }
        pol->compare_event(r, where); // the L2 policy's event ports
        pol->cover_event(r, before);
        if (r.kind != EVT_SWEEP && r.core >= P) { // a CPU port's request (SPEC 3.8)
            if (r.dec == DEC_LD_HIT)
                hit("cpu_read_hit");
            if (r.dec == DEC_LD_MISS)
                hit("cpu_read_miss");
            if (r.dec == DEC_ST_HIT || r.dec == DEC_ST_MISS)
                hit("cpu_write");
        }
        if (r.kind == EVT_FILL && r.evict_valid && l2->lay.obits) { // whose line goes, for whom
            unsigned gpu = C, old = before.way[r.way].owner, now = r.core >= P ? r.core - P : C;
            if (old != gpu && now == gpu)
                hit("l2_cpu_line_evicted_by_gpu");
            if (old == gpu && now != gpu)
                hit("l2_gpu_line_evicted_by_cpu");
        }
        if (r.dec == DEC_STALL_LINE)
            hit("l2_stall_line");
        if (r.dec == DEC_LD_HIT) hit("l2_read_hit");
        if (r.dec == DEC_LD_MERGE) hit("l2_merge_join");
        if (r.dec == DEC_LD_MISS) hit("l2_read_miss");
        if (r.dec == DEC_ST_HIT) hit("l2_write_hit");
        if (r.kind == EVT_FILL && r.store) hit("l2_write_miss_merge");
        if (r.kind == EVT_LOOKUP) // served, or waiting in an MSHR for its fill
            l2_accepted.pop_front();
        if (r.responds) {
            l2_rsps.push_back({r.core, r.id, r.vbit, r.bbit, r.hit, r.data});
            for (unsigned k = 0; k < r.nwait; k++) // the waiters, in order, flags 0
                l2_rsps.push_back({r.wait_core[k], r.wait_id[k], 0, 0, 0, r.data});
            if (r.nwait)
                hit("l2_merge_waiters_answered");
            mech_tb::sys_l2_response(*this, l2, r);
        }
    }

    void hit(const char *b) { bins.hit(b); }

    // Both sides wait for the arbiter: an L1 with a memory request to send and a CPU port with
    // one presented or taken.
    bool both_sides_wait() const
    {
        bool gpu_waits = false, cpu_waits = false;
        for (unsigned c = 0; c < P; c++)
            gpu_waits |= !core[c].mems.empty();
        for (const auto &q : cpu)
            cpu_waits |= q.live || !q.accepted.empty();
        return gpu_waits && cpu_waits;
    }
    // The L2's cycle end, once per clock after the cycle's L1 and L2 events (as
    // tb/l2_harness.cpp): the policy's checks of the state in force, the model's cm_l2_cycle_end
    // (with the instructions retired as the policy drove them), the policy's checks after it.
    void l2_cycle()
    {
        pol->cycle_before();
        cm_l2_cycle_end(l2, pol->retired());
        if (!failed)
            pol->cycle_after();
    }

    // ---- channels ------------------------------------------------------------------------
    void on_l2_accept()
    {
        unsigned c = (unsigned)port_u64(top->l2_req_core_o);
        if (c >= P && c < P + C) { // a CPU port's request
            cpu_port &q = cpu[c - P];
            if (q.accepted.empty()) {
                fail("the L2 accepted a request its CPU port did not send", "");
                return;
            }
            mem_req e = q.accepted.front();
            q.accepted.pop_front();
            check("L2 request prediction", 0, top->l2_req_pred_o, "L2 accept (CPU port)");
            for (unsigned d = 0; d < P; d++)
                if (!core[d].mems.empty())
                    hit("arbiter_cpu_gpu_contention");
            if (e.store)
                cpuref.store(e.line, e.be, e.wdata);
            else
                cpuref.line(e.line, q.expect[e.mshr]);
            if (!e.store && gpu_written.count(e.line))
                hit("cpu_read_of_gpu_written_line");
            l2_accepted.push_back({c, e});
            return;
        }
        if (c >= P || core[c].mems.empty()) {
            fail("the L2 accepted a request its L1 was not expected to send", "");
            return;
        }
        if (contention()) // another L1 was waiting too: the arbiter chose
            hit("arbiter_contention");
        mem_req e = core[c].mems.front();
        core[c].mems.pop_front();
        if (e.store) { // the CPU ports' reference sees every write in L2 order
            cpuref.store(e.line, e.be, e.wdata);
            if (C)
                gpu_written[e.line] = true;
        }
        if (C && gpu_lines.size() < 64)
            gpu_lines.push_back(e.line);
        else if (C)
            gpu_lines[rng() % 64] = e.line;
        for (const auto &q : cpu)
            if (!q.accepted.empty())
                hit("arbiter_cpu_gpu_contention");
        check("L2 request prediction", e.pred, top->l2_req_pred_o, "L2 accept");
        mech_tb::sys_l2_request(*this, e.pred);
        l2_accepted.push_back({c, e});
    }
    bool contention() const
    {
        unsigned n = 0;
        for (unsigned c = 0; c < P; c++)
            n += !core[c].mems.empty();
        return n > 1;
    }

    void on_mem_request()
    {
        cm_l2_mem_t e;
        if (!cm_l2_mem_pop(l2, &e)) {
            fail("unexpected L2 memory request", "");
            return;
        }
        bool store = top->mem_req_store_o;
        uint64_t line = port_u64(top->mem_req_line_o);
        check("mem store", e.write, store, "L2 memory request");
        check("mem line", e.line, line, "L2 memory request");
        if (store) {
            bv_t d, be;
            port_get(top->mem_req_wdata_o, d, l.line_bits);
            if (!bv_eq(&d, &e.data, l.line_bits))
                fail("write-back data differs", "");
            bv_zero(&be);
            for (unsigned i = 0; i < cfg.l1.line_bytes; i++)
                bv_put(&be, i, 1, 1);
            mem.store(line, be, d);
        } else {
            check("mem mshr", e.mshr, port_u64(top->mem_req_mshr_o), "L2 memory request");
            mem.read(line, (unsigned)port_u64(top->mem_req_mshr_o), cycle);
        }
    }

    void on_l2_response()
    {
        if (l2_rsps.empty()) {
            fail("unexpected L2 response", "");
            return;
        }
        l2_rsp e = l2_rsps.front();
        l2_rsps.pop_front();
        check("L2 rsp core", e.core, port_u64(top->l2_rsp_core_o), "L2 response");
        check("L2 rsp mshr", e.mshr, port_u64(top->l2_rsp_mshr_o), "L2 response");
        check("L2 rsp vbit", e.vbit, top->l2_rsp_vbit_o, "L2 response");
        check("L2 rsp bypass bit", e.bbit, top->l2_rsp_bbit_o, "L2 response");
        check("L2 rsp hit", e.hit, top->l2_rsp_l2hit_o, "L2 response");
        bv_t d;
        port_get(top->l2_rsp_data_o, d, l.line_bits);
        if (!bv_eq(&d, &e.data, l.line_bits))
            fail("L2 response data differs from the L2 model", "");
        if (e.core >= P && e.core < P + C) // routed back to its CPU port this cycle
            cpu[e.core - P].rsps.push_back({e.mshr, e.data});
    }

    // ---- CPU ports (SPEC 3.8) --------------------------------------------------------------
    // The next request of port k, or none (rate, or every id of a read busy).
    bool cpu_next(cpu_port &q)
    {
        if (!q.remaining)
            return false;
        unsigned rate = q.kind == cpu_port::low_rate ? 5 : 60;
        int pct = pol->cpu_pct(); // the L2 policy's share of the ports' rate this period
        if (pct >= 0)
            rate = rate * (unsigned)pct / 100;
        if (q.rng() % 100 >= rate)
            return false;
        uint64_t lmask = l.line_addr_bits >= 64 ? ~0ULL : (1ULL << l.line_addr_bits) - 1;
        mem_req r{};
        r.store = q.rng() % 100 < (q.kind == cpu_port::streaming ? 20u : 30u);
        if (q.kind == cpu_port::streaming)
            r.line = q.cursor++ & lmask;
        else if (q.kind == cpu_port::low_rate && !gpu_lines.empty() && q.rng() % 3 == 0)
            r.line = gpu_lines[q.rng() % gpu_lines.size()]; // a line the GPU used: shared data
        else if (q.kind == cpu_port::reuse || (q.rng() & 1))
            r.line = q.pool[q.rng() % q.pool.size()];
        else
            r.line = q.rng() & lmask;
        if (own_lines) { // the port's own lines: core id P + k in the top line-address bits
            unsigned sh = l.line_addr_bits - cfg.l1.core_bits;
            r.line = (r.line & ((1ULL << sh) - 1)) | ((uint64_t)(P + (&q - &cpu[0])) << sh);
        }
        unsigned ids = (unsigned)q.busy.size();
        r.mshr = (unsigned)(q.rng() % ids);
        if (r.store) {
            bool full = q.rng() % 3 == 0;
            for (unsigned i = 0; i < cfg.l1.line_bytes; i++) {
                bv_put(&r.be, i, 1, full || (q.rng() & 3) != 0);
                bv_set_byte(&r.wdata, i, (uint8_t)q.rng());
            }
        } else {
            unsigned tries = 0;
            while (q.busy[r.mshr] && tries++ < ids)
                r.mshr = (r.mshr + 1) % ids;
            if (q.busy[r.mshr])
                return false;
            q.busy[r.mshr] = true;
        }
        q.presented = r;
        q.remaining--;
        static const char *const kinds[] = {"cpu_streaming_request", "cpu_reuse_request",
                                            "cpu_low_rate_request"};
        hit(kinds[q.kind]);
        return true;
    }

    template <class T> void cpu_drive(T *t, std::true_type)
    {
        bv_t vv, vs, vr, v;
        bv_zero(&vv);
        bv_zero(&vs);
        bv_zero(&vr);
        for (unsigned k = 0; k < C; k++) {
            cpu_port &q = cpu[k];
            if (!q.live && !serialize)
                q.live = cpu_next(q);
            bv_put(&vv, k, 1, q.live);
            if (q.live) {
                bv_put(&vs, k, 1, q.presented.store);
                bv_zero(&v);
                bv_put(&v, 0, 64, q.presented.line);
                put_field(t->cpu_req_line_i, C * l.line_addr_bits, k, l.line_addr_bits, v);
                bv_zero(&v);
                bv_put(&v, 0, 32, q.presented.mshr);
                put_field(t->cpu_req_id_i, C * l.mshr_bits, k, l.mshr_bits, v);
                put_field(t->cpu_req_be_i, C * cfg.l1.line_bytes, k, cfg.l1.line_bytes,
                          q.presented.be);
                put_field(t->cpu_req_wdata_i, C * l.line_bits, k, l.line_bits, q.presented.wdata);
            }
            bv_put(&vr, k, 1, std::uniform_int_distribution<unsigned>(0, 99)(rng) < rsp_ready_pct);
        }
        port_put(t->cpu_req_valid_i, vv, C);
        port_put(t->cpu_req_store_i, vs, C);
        port_put(t->cpu_rsp_ready_i, vr, C);
    }
    template <class T> void cpu_drive(T *, std::false_type)
    {
        if (C)
            fail("system.cpu_cores > 0 but the top has no CPU ports", "");
    }

    // After the clock's evaluation: requests the top took, responses it gave.
    template <class T> void cpu_observe(T *t, std::true_type)
    {
        bv_t rv, rr, pv, pr;
        port_get(t->cpu_req_valid_i, rv, C);
        port_get(t->cpu_req_ready_o, rr, C);
        port_get(t->cpu_rsp_valid_o, pv, C);
        port_get(t->cpu_rsp_ready_i, pr, C);
        for (unsigned k = 0; k < C && !failed; k++) {
            cpu_port &q = cpu[k];
            if (bv_get(&rv, k, 1) && bv_get(&rr, k, 1)) {
                q.accepted.push_back(q.presented);
                q.live = false;
            }
            if (bv_get(&pv, k, 1) && !bv_get(&pr, k, 1))
                hit("cpu_rsp_backpressure");
            if (!bv_get(&pv, k, 1) || !bv_get(&pr, k, 1))
                continue;
            char where[32];
            std::snprintf(where, sizeof where, "CPU port %u response", k);
            if (q.rsps.empty()) {
                fail("a response on a CPU port with none expected", where);
                return;
            }
            auto e = q.rsps.front();
            q.rsps.pop_front();
            bv_t d, id;
            field_bv(t->cpu_rsp_id_o, C * l.mshr_bits, k, l.mshr_bits, id);
            field_bv(t->cpu_rsp_data_o, C * l.line_bits, k, l.line_bits, d);
            check("CPU rsp id", e.first, bv_get(&id, 0, l.mshr_bits), where);
            if (!bv_eq(&d, &e.second, l.line_bits))
                fail("CPU port response data differs from the L2's response", where);
            auto it = q.expect.find(e.first);
            if (it == q.expect.end() || !q.busy[e.first]) {
                fail("a CPU port response for an id with no read outstanding", where);
                return;
            }
            if (!bv_eq(&d, &it->second, l.line_bits))
                fail("CPU port response data differs from the reference memory", where);
            q.expect.erase(it);
            q.busy[e.first] = false;
            q.done++;
            hit("cpu_rsp_checked");
        }
    }
    template <class T> void cpu_observe(T *, std::false_type) {}

    bool cpu_idle() const
    {
        for (const auto &q : cpu) {
            if (q.live || q.remaining || !q.accepted.empty() || !q.rsps.empty() ||
                !q.expect.empty())
                return false;
        }
        return true;
    }
    void cpu_traffic(uint64_t n)
    {
        for (auto &q : cpu)
            q.remaining += n;
    }

    // +cover's extension (skel_extend): N more requests per core for the unhit BINS (every L1
    // the same fresh lines while an L2 merging bin is; core 0 takes the pattern the mechanism's
    // plug-in asks for its unhit bin, e.g. one PC over lines its L1 cannot hold for the PC
    // predictor's), N / 2 per CPU port
    void extend(const std::vector<std::string> &unhit_bins, unsigned n)
    {
        bool l2m = false;
        pattern focus = pattern::mix;
        mech_wants w; // the system's memory is the harness's own: wants are not taken
        for (const auto &b : unhit_bins) {
            mech_tb::focus(b, [&focus](pattern p) { focus = p; }, w);
            l2m |= b.compare(0, 9, "l2_merge_") == 0;
        }
        for (unsigned i = 0; i < P; i++) {
            if (l2m) // every L1 loads the same fresh lines
                core[i].gen->shared_lines_from(seed * 31 + rounds, n);
            else
                core[i].gen->random(i == 0 ? focus : pattern::mix, n);
        }
        cpu_traffic(n / 2);
        per_core += n;
        rounds++;
    }

    void on_core_response(unsigned c)
    {
        core_state &s = core[c];
        l1_rsp e;
        bool store_ack = field(top->rsp_status_o, P * lay_status_bits(&cfg), c, lay_status_bits(&cfg)) == ST_STORE;
        if (!take_response(s.rsps, store_ack, ST_STORE, e)) {
            fail("unexpected core response", "");
            return;
        }
        char where[32];
        std::snprintf(where, sizeof where, "core %u response", c);
        check("rsp id", e.id, field(top->rsp_id_o, P * cfg.l1.id_bits, c, cfg.l1.id_bits), where);
        check("rsp status", e.status, field(top->rsp_status_o, P * lay_status_bits(&cfg), c, lay_status_bits(&cfg)), where);
        if (e.status != ST_STORE) {
            bv_t d;
            field_bv(top->rsp_data_o, P * l.line_bits, c, l.line_bits, d);
            if (!bv_eq(&d, &e.data, l.line_bits))
                fail("core response data differs from the L1 model", where);
            if (own_lines) { // only this core writes the line: memory order is program order
                if (!bv_eq(&d, &e.mem, l.line_bits))
                    fail("core response data differs from the reference memory", where);
                hit("own_lines_reference_checked");
            }
            s.outcomes += "HMB"[e.status];
        }
    }

    // ---- driving -------------------------------------------------------------------------
    void drive()
    {
        bv_t vvalid, vstore, vready;
        bv_zero(&vvalid);
        bv_zero(&vstore);
        bv_zero(&vready);
        for (unsigned c = 0; c < P; c++) {
            core_state &s = core[c];
            bool busy = false; // a read of this L1 still outstanding
            for (unsigned i = 0; i < cfg.l1.mshrs; i++)
                busy |= s.m->mshr[i].valid != 0;
            bool wait = serialize && (busy || !s.accepted.empty() || !s.rsps.empty() ||
                                      !s.mems.empty() || !l2_accepted.empty() || !l2_rsps.empty());
            if (!s.presented_live && !wait && s.gen->next(s.presented)) {
                if (own_lines) { // the core's own lines: its id in the top line-address bits
                    uint64_t line = lay_line_addr(&l, s.presented.addr);
                    unsigned sh = l.line_addr_bits - cfg.l1.core_bits;
                    line = (line & ((1ULL << sh) - 1)) | ((uint64_t)c << sh);
                    s.presented.addr = line << l.off_bits;
                }
                s.presented.rsv_counted = 0;
                s.presented_live = true;
            }
            bv_put(&vvalid, c, 1, s.presented_live);
            if (s.presented_live) {
                bv_t v;
                bv_put(&vstore, c, 1, s.presented.store);
                bv_zero(&v);
                bv_put(&v, 0, 64, lay_line_addr(&l, s.presented.addr));
                put_field(top->req_line_i, P * l.line_addr_bits, c, l.line_addr_bits, v);
                bv_zero(&v);
                bv_put(&v, 0, 32, s.presented.id);
                put_field(top->req_id_i, P * cfg.l1.id_bits, c, cfg.l1.id_bits, v);
                bv_zero(&v);
                bv_put(&v, 0, 64, s.presented.pc);
                put_field(top->req_pc_i, P * cfg.l1.pc_bits, c, cfg.l1.pc_bits, v);
                bv_zero(&v);
                bv_put(&v, 0, 32, s.presented.base);
                put_field(top->req_base_i, P * cfg.l1.fgcb_id_bits, c, cfg.l1.fgcb_id_bits, v);
                put_field(top->req_be_i, P * cfg.l1.line_bytes, c, cfg.l1.line_bytes, s.presented.be);
                put_field(top->req_wdata_i, P * l.line_bits, c, l.line_bits, s.presented.wdata);
            }
            bv_put(&vready, c, 1, std::uniform_int_distribution<unsigned>(0, 99)(rng) < rsp_ready_pct);
        }
        port_put(top->req_valid_i, vvalid, P);
        port_put(top->req_store_i, vstore, P);
        port_put(top->rsp_ready_i, vready, P);
        cpu_drive(top, has_cpu<Vsys>{});
        top->mem_req_ready_i = mem.req_ready();
        unsigned mshr;
        bv_t data;
        bool fill = mem.response(cycle, mshr, data);
        top->mem_rsp_valid_i = fill;
        if (fill) {
            top->mem_rsp_mshr_i = mshr;
            port_put(top->mem_rsp_data_i, data, l.line_bits);
        }
        top->flush_i = !serialize && std::uniform_int_distribution<unsigned>(0, 9999)(rng) < 2;
        // sacat: kernels start now and then (every L1's FG-CB table clears)
        top->kernel_start_i = kstart_every &&
            std::uniform_int_distribution<unsigned>(0, kstart_every - 1)(rng) == 0;
        top->filter_enable_i = 1;
    }

    void new_phase()
    {
        mem.timing.draw(rng);
        rsp_ready_pct = (rng() & 1) ? 100 : 30 + (unsigned)(rng() % 70);
        for (auto &q : cpu) // every port runs each kind in turn, one a phase
            q.kind = (cpu_port::kind_t)((q.kind + 1) % 3);
    }

    // ---- channel monitors (SPEC 4): each core's request and response, the memory channels,
    // and the arbiter-to-L2 request and L2 response channels the top exposes ------------------
    std::vector<chan_monitor> mon_req, mon_rsp;
    chan_monitor mon_mem_req{"mem_req"}, mon_mem_rsp{"mem_rsp"}, mon_l2_req{"l2_req"},
        mon_l2_rsp{"l2_rsp"};

    void channel_fault(const std::string &what)
    {
        if (!what.empty())
            fail("channel rule violated", what + "\n");
    }

    // One core's slice of a vector port, as bytes for a payload.
    template <typename T> std::string slice(const T &port, unsigned w, unsigned c)
    {
        bv_t v;
        field_bv(port, P * w, c, w, v);
        return std::string(reinterpret_cast<const char *>(v.w), (w + 63) / 64 * 8);
    }

    // Valid of bit `c` of a vector valid with bit `c` of its vector ready forced low, then high.
    template <typename R, typename V> void check_comb(const std::string &name, R &ready, const V &valid,
                                                      unsigned width, unsigned c)
    {
        bv_t drawn, v;
        port_get(ready, drawn, width);
        bool got[2];
        for (unsigned b = 0; b < 2; b++) {
            v = drawn;
            bv_put(&v, c, 1, b);
            port_put(ready, v, width);
            top->eval();
            got[b] = field(valid, width, c, 1);
        }
        port_put(ready, drawn, width);
        top->eval();
        if (got[0] != got[1])
            channel_fault(name + ": valid depends on its own ready");
    }

    void monitor_channels()
    {
        typedef chan_bytes b;
        if (mon_req.empty())
            for (unsigned c = 0; c < P; c++) {
                mon_req.emplace_back("core " + std::to_string(c) + " req");
                mon_rsp.emplace_back("core " + std::to_string(c) + " rsp");
            }
        if (cycle < 4000 || cycle % 16 == 0) { // three evaluations per channel: sampled
            for (unsigned c = 0; c < P; c++)
                check_comb(mon_rsp[c].name(), top->rsp_ready_i, top->rsp_valid_o, P, c);
            check_comb("mem_req", top->mem_req_ready_i, top->mem_req_valid_o, 1, 0);
        }
        const unsigned lw = l.line_bits, lb = cfg.l1.line_bytes;
        for (unsigned c = 0; c < P; c++) {
            channel_fault(mon_req[c].edge(field(top->req_valid_i, P, c, 1), field(top->req_ready_o, P, c, 1),
                [&] { return slice(top->req_store_i, 1, c) + slice(top->req_line_i, l.line_addr_bits, c) +
                             slice(top->req_id_i, cfg.l1.id_bits, c) + slice(top->req_pc_i, cfg.l1.pc_bits, c) +
                             slice(top->req_base_i, cfg.l1.fgcb_id_bits, c) +
                             slice(top->req_be_i, lb, c) + slice(top->req_wdata_i, lw, c); }));
            channel_fault(mon_rsp[c].edge(field(top->rsp_valid_o, P, c, 1), field(top->rsp_ready_i, P, c, 1),
                [&] { return slice(top->rsp_id_o, cfg.l1.id_bits, c) +
                             slice(top->rsp_status_o, lay_status_bits(&cfg), c) + slice(top->rsp_data_o, lw, c); }));
        }
        channel_fault(mon_mem_req.edge(top->mem_req_valid_o, top->mem_req_ready_i, [&] {
            return b::pack({b::of(top->mem_req_store_o), b::of(top->mem_req_line_o),
                            b::of(top->mem_req_mshr_o), b::of(top->mem_req_wdata_o)}); }));
        channel_fault(mon_mem_rsp.edge(top->mem_rsp_valid_i, top->mem_rsp_ready_o, [&] {
            return b::pack({b::of(top->mem_rsp_mshr_i), b::of(top->mem_rsp_data_i)}); }));
        channel_fault(mon_l2_req.edge(top->l2_req_valid_o, top->l2_req_ready_o, [&] {
            return b::pack({b::of(top->l2_req_core_o), b::of(top->l2_req_pred_o)}); }));
        channel_fault(mon_l2_rsp.edge(top->l2_rsp_valid_o, top->l2_rsp_ready_o, [&] {
            return b::pack({b::of(top->l2_rsp_core_o), b::of(top->l2_rsp_mshr_o), b::of(top->l2_rsp_data_o),
                            b::of(top->l2_rsp_vbit_o), b::of(top->l2_rsp_bbit_o), b::of(top->l2_rsp_l2hit_o)}); }));
    }

    void tick()
    {
        if (!serialize && cycle % 3000 == 0)
            new_phase();
        top->clk_i = 0;
        drive();
        if (top->rst_ni)
            pol->drive();
        top->eval();
        if (top->rst_ni) {
            monitor_channels();
            for (unsigned c = 0; c < P; c++) {
                core_state &s = core[c];
                if (!s.accepted.empty() && s.accepted.front().rsv_counted) cm_l1_stall_cycle(s.m);
            }
            bv_t ev;
            port_get(top->evt_l1_valid_o, ev, P);
            for (unsigned c = 0; c < P && !failed; c++)
                if (bv_get(&ev, c, 1))
                    l1_event(c);
            if (top->evt_l2_valid_o && !failed)
                l2_event();
            bv_t rv, rr;
            port_get(top->req_valid_i, rv, P);
            port_get(top->req_ready_o, rr, P);
            for (unsigned c = 0; c < P; c++)
                if (bv_get(&rv, c, 1) && bv_get(&rr, c, 1)) {
                    core[c].accepted.push_back(core[c].presented);
                    core[c].id_line[core[c].presented.id] = lay_line_addr(&l, core[c].presented.addr);
                    core[c].presented_live = false;
                }
            if (top->l2_req_valid_o && top->l2_req_ready_o)
                on_l2_accept();
            if (top->mem_req_valid_o && top->mem_req_ready_i)
                on_mem_request();
            if (top->mem_rsp_valid_i && top->mem_rsp_ready_o)
                mem.response_taken();
            if (top->l2_rsp_valid_o && top->l2_rsp_ready_o)
                on_l2_response();
            if (!failed)
                cpu_observe(top, has_cpu<Vsys>{});
            bv_t pv, pr;
            port_get(top->rsp_valid_o, pv, P);
            port_get(top->rsp_ready_i, pr, P);
            for (unsigned c = 0; c < P; c++)
                if (bv_get(&pv, c, 1) && bv_get(&pr, c, 1))
                    on_core_response(c);
            for (unsigned c = 0; c < P; c++) // the cycle ends: FG-CB's windows move
                mech_tb::sys_cycle_end(*this, cm_l1_cycle_end(core[c].m, top->kernel_start_i));
            if (!failed) // the L2's periods, after its events of the cycle
                l2_cycle();
        }
        clock();
    }

    bool idle() const
    {
        for (const auto &s : core) {
            if (s.presented_live || !s.accepted.empty() || s.gen->remaining() || !s.rsps.empty() ||
                !s.mems.empty() || s.reset_expected)
                return false;
            for (unsigned i = 0; i < cfg.l1.mshrs; i++)
                if (s.m->mshr[i].valid)
                    return false; // a read still on its way back
        }
        for (unsigned i = 0; i < cfg.l2.mshrs; i++)
            if (l2->mshr[i].valid)
                return false;
        return l2_accepted.empty() && l2_rsps.empty() && mem.outstanding() == 0 &&
               l2->memq_len == 0 && cpu_idle();
    }

    unsigned missing() const
    {
        return bins.missing([&](const std::string &b) { return reachable(b); });
    }
    std::vector<std::string> unhit() const
    {
        return bins.unhit([&](const std::string &b) { return reachable(b); });
    }
    void report() const
    {
        bins.report(stdout, [&](const std::string &b) { return reachable(b); });
    }
};


}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("sys_harness",
                "Lockstep of a generated system top (<name>_sys: the L1s, the arbiter, the L2\n"
                "slice; Verilator) against the C models. Exit status: 0 pass, 1 mismatch or\n"
                "failure, 2 bad plusarg or setup, 3 coverage hole (+cover, no mismatch).");
    skel_plusargs(pa, "random seed of traffic, timing and SRAM contents");
    pa.number("requests", 20000, 1, UINT32_MAX, "requests of random traffic per core");
    pa.choice("traffic", {"mix", "fig7"}, "mix",
              "random traffic on every core, or paper 000's Figure 7 on core 0");
    pa.flag("cover",
            "mix: extend the traffic while a reachable bin is unhit, then a hole exits 3");
    pa.number("cover_extend", 4, 1, 1000,
              "with +cover: extend up to N times the requests (1: never)");
    pa.number("cover_margin", 0, 0, UINT32_MAX,
              "with +cover: end the traffic N requests (all cores) after every reachable bin is "
              "hit (+requests is then the most; 0: run all +requests)");
    pa.flag("own_lines", "each core reads and writes only its own lines (a reference memory too)");
    skel_trace_plusarg(pa);
    pa.text("expect", "HMB...", "", "fig7: core 0's load outcomes expected, in order (H, M, B)");
    int st = pa.parse(argc, argv);
    if (st >= 0)
        return st;
    if (pa.str("expect").find_first_not_of("HMB") != std::string::npos)
        return pa.refuse("expect", "H, M and B only (hit, miss, bypass)");
    if ((st = trace_plusarg_ok(pa)) >= 0)
        return st;
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed");
    unsigned requests = (unsigned)pa.num("requests");
    std::string kind = pa.str("traffic");
    std::string expect = pa.str("expect");
    auto ctx = skel_context(argc, argv, seed);
    cfg_t c;
    if (!load_config(dir, "sys_harness", c))
        return 2;
    const std::unique_ptr<Vsys> top{new Vsys{ctx.get(), "TOP"}};
    harness h(ctx.get(), top.get(), c, seed);
    h.own_lines = pa.on("own_lines");
    std::printf("sys_harness: %s, %u cores, %u CPU ports, seed=%" PRIu64 " traffic=%s%s\n",
                c.name, h.P, h.C, seed, kind.c_str(), h.own_lines ? " own_lines" : "");
    h.trace_open(pa.str("trace"));
    std::mt19937_64 prng(seed);
    if (kind == "fig7") { // core 0 only, in program order, behind the real L2
        h.serialize = true;
        h.core[0].gen->fig7();
        h.mem.timing = {4, 40, 100, false};
    } else {
        for (unsigned i = 0; i < h.P; i++) {
            h.core[i].gen->store_pct = (unsigned)(prng() % 40);
            h.core[i].gen->random(pattern::mix, requests);
        }
        h.cpu_traffic(requests / 2);
    }
    auto t0 = skel_reset_ticks(h, 4);
    bool cover = pa.on("cover");
    uint64_t limit = 400000 + 600ULL * requests * h.P;
    // +cover_margin (skel_margin): the traffic ends the margin (requests of all cores and CPU
    // ports) after every reachable bin is hit
    skel_margin sized{cover && !h.serialize && pa.num("cover_margin") > 0, pa.num("cover_margin")};
    auto requests_done = [&]() {
        uint64_t n = 0;
        for (const auto &s : h.core)
            n += s.done;
        for (const auto &q : h.cpu)
            n += q.done;
        return n;
    };
    auto run = [&]() {
        skel_run_to(h, limit, [&] {
            sized.look(
                h.cycle, [] { return true; }, [&] { return !h.missing(); }, requests_done, [&] {
                    for (auto &s : h.core)
                        s.gen->stop();
                    for (auto &q : h.cpu)
                        q.remaining = 0;
                });
        });
    };
    run();
    sized.report("sys_harness", requests_done());
    // +cover on random traffic: while a reachable bin is unhit, extend every core's traffic
    // (h.extend) up to +cover_extend times the requests per core
    h.per_core = requests;
    if (cover && !h.serialize)
        skel_extend(h, "sys_harness", {requests, pa.num("cover_extend") * requests, 2000, " per core"},
                    [&] { return h.unhit(); }, [&] { return h.per_core; },
                    [&](unsigned n) {
                        limit = h.cycle + 400000 + 600ULL * n * h.P;
                        run();
                    },
                    [] {}, [&] { return h.per_core; });
    if (!h.failed && !h.idle()) {
        std::string why;
        for (unsigned c = 0; c < h.P; c++) {
            const core_state &s = h.core[c];
            char b[160];
            std::snprintf(b, sizeof b, "  core %u: presented %d accepted %d script %zu rsps %zu mems %zu\n",
                          c, s.presented_live, (int)s.accepted.size(), s.gen->remaining(), s.rsps.size(),
                          s.mems.size());
            why += b;
        }
        char b[128];
        unsigned busy = 0;
        for (unsigned c = 0; c < h.P; c++)
            for (unsigned i = 0; i < h.cfg.l1.mshrs; i++)
                busy += h.core[c].m->mshr[i].valid;
        std::snprintf(b, sizeof b, "  L2: accepted %zu responses %zu memory reads %zu; L1 reads out %u; "
                      "rsp_valid %u core %u\n", h.l2_accepted.size(), h.l2_rsps.size(),
                      h.mem.outstanding(), busy, (unsigned)top->l2_rsp_valid_o,
                      (unsigned)port_u64(top->l2_rsp_core_o));
        why += b;
        h.fail("timeout: requests outstanding", why);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    h.finish();
    uint64_t done = 0;
    for (auto &s : h.core)
        done += s.done;
    for (auto &q : h.cpu)
        done += q.done;
    for (unsigned k = 0; k < h.C; k++)
        std::printf("sys_harness: CPU port %u: %" PRIu64 " reads answered and checked\n", k,
                    h.cpu[k].done);
    std::printf("sys_harness: %" PRIu64 " cycles, %" PRIu64 " events, %" PRIu64 " requests in %.2f s\n",
                h.cycle, h.events, done, secs);
    h.report();
    if (!expect.empty()) {
        std::printf("sys_harness: core 0 outcomes %s, expected %s\n", h.core[0].outcomes.c_str(),
                    expect.c_str());
        if (h.core[0].outcomes != expect)
            h.failed = true;
    }
    if (!h.failed && cover && !h.serialize && h.missing()) // no mismatch: a hole, no waveform
        return report_holes("sys_harness", h.unhit(), done, h.events, seed);
    return skel_verdict("sys_harness", h.failed, seed);
}
