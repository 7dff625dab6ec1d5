// l2_harness: Verilator lockstep harness for a generated L2 slice (<name>_l2, SPEC 3.2, 3.5).
// The RTL leads: on every event it reports (sweep, lookup, stall, fill) cm_l2 takes the same
// event and the harness compares kind, decision, set, way, eviction (valid, dirty, tag), MSHR,
// core, write flag and the whole row bit for bit. Every memory request is checked against the
// model's queue (read or write-back, line, MSHR, data), every read response against the model
// (core, L1 MSHR, data, victim bit, bypass bit, hit flag) and its data against a reference
// memory that applies writes in acceptance order (the L2 serves requests in that order, so
// this holds for any traffic; +own_lines makes each core write only its own lines, as a system
// test would).
// With l1.mode = pcpred about half of the reads carry a bypass prediction (req_pred_i; writes
// carry 0), which the model takes through cm_l2_access_pred; the row compare covers the stored
// bypass bit, the response compare the returned one.
// The configured l2.replacement's own event ports, drive, per-cycle checks and bins come from
// its plug-in (tb/l2pol_tb.h, one header per policy, registered in tb/l2pol_tb_reg.h); this
// file names no policy.
// First mismatch: report with the seed, finalize (waveform), exit 1.
// Plusargs: +dir=OUTDIR (generated output with config.yaml) +seed=N +requests=N
//           +cover (extend the traffic up to +cover_extend=K times, default 4, while a
//           reachable bin is unhit; a hole left
//           exits 3 with "COVERAGE HOLE", no waveform) +cover_margin=N (end the traffic N
//           requests after every reachable bin is hit) +trace=FILE.fst +own_lines
//           +help (every plusarg, its range and default). Any other argument, a repeated
//           plusarg or a bad value is refused by name: exit 2.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "Vl2.h"
#include "harness_skel.h"
#include "memory.h"
#include "ports.h"

extern "C" {
#include "../cmodel/cm_l2.h"
}
// the L2 top's policy ports: evt_<f>
#define L2POL_EVT(t, f) ((t)->evt_##f)
#define L2POL_EVT_NAME "evt_"
#include "l2pol_tb_reg.h"

namespace {

const char *const dec_names[16] = {"none", "rd_hit", "rd_miss", "wr_hit", "wr_miss",
                                   "stall_line", "stall_mshr", "fill", "?", "?", "fill_noalloc", "?",
                                   "?", "?", "?", "?"};
const char *const kind_names[8] = {"sweep", "lookup", "stall", "fill", "?", "?", "?", "?"};

struct l2_req {
    unsigned core = 0, id = 0;
    bool store = false;
    unsigned pred = 0; // a read's bypass prediction (pcpred only)
    unsigned noalloc = 0; // a read's FG-CB no_allocate flag (sacat only)
    uint64_t line = 0;
    bv_t be{}, wdata{};
};

struct expect_rsp { unsigned core, id, vbit, bbit, hit; bv_t data; bool waiter; };

// The slice's queues (core/lay.h LAY_QUEUE_DEPTH entries each) and, in front of the memory
// queue, the memory-request stage (one request). The memory queue's slots hold the requests the
// decide stage has made and the memory has not yet taken: the model's queue (cm_l2_t memq_len)
// as a cycle starts; the response queue's, the responses expected (rsps) while none is a waiter's.
const unsigned rspq_slots = LAY_QUEUE_DEPTH, memq_slots = LAY_QUEUE_DEPTH + 1;

// A fill can meet a full memory queue only with three MSHRs or more. The queue is in order, so
// every request waiting entered after the oldest one waiting, P; after P entered, an MSHR can
// fill only on a line read that entered before P (one behind P cannot have left), so once: its
// write-back and its next line read are all it adds; the filling MSHR's own read has left (it
// is before P) and adds nothing. With M MSHRs at most 2 (M - 1) requests wait as a fill comes:
// 2 with two MSHRs, one short of full (the mutant fill_ignores_full_memq is equivalent there).
bool fill_meets_full_memq_reachable(const cm_l2_t *m)
{
    return 2 * (m->cfg.l2.mshrs - 1) >= memq_slots;
}

// Coverage bins, one per decision path of the L2 and per channel condition, and every L2
// policy's (l2pol_tb_bins: reachable only under that policy, by its plug-in's rule); bins a
// configuration cannot reach are reported n/a.
class l2_coverage {
public:
    l2_coverage() : pol_bins_(l2pol_tb_bins<Vl2>(l2pol_top::l2))
    {
        for (const char *b : {"init_sweep", "read_hit", "read_miss", "write_hit", "write_miss",
                              "write_miss_merge", "fill_invalid_way", "evict_clean",
                              "evict_dirty_writeback", "writeback_then_read_rsp", "stall_line",
                              "stall_mshr_full", "stall_retried", "vbit_returned_0",
                              "vbit_returned_1", "vbit_set_by_group_peer",
                              "refetch_vbit_cleared", "rsp_l2hit", "rsp_l2miss",
                              "fill_out_of_order", "backpressure_req", "backpressure_mem_req",
                              "backpressure_rsp", "backpressure_mem_rsp", "bbit_returned_1",
                              "bbit_set_by_pred", "bbit_corrected", "bbit_fill_pred",
                              "bbit_evicted_1", "row_forwarded", "read_hit_after_data_write",
                              "writeback_after_data_write", "merge_join",
                              "merge_join_full_stall", "merge_read_stalls_on_write_fetch",
                              "merge_waiters_answered", "merge_waiters_of_other_cores",
                              "merge_waiter_rsp_backpressure", "fill_held_memq_full",
                              "noalloc_read_hit",
                              "noalloc_fill", "noalloc_fill_with_waiters", "cpu_read_hit",
                              "cpu_read_miss", "cpu_write_hit", "cpu_write_miss",
                              "cpu_owner_fill", "gpu_owner_fill", "cpu_line_evicted_by_gpu",
                              "gpu_line_evicted_by_cpu", "cpu_line_evicted_by_other_cpu"})
            set_.declare(b);
        for (const auto &b : pol_bins_)
            set_.declare(b.c_str());
    }
    const l2pol_tb<Vl2> *pol = nullptr; // the configured policy's plug-in
    void hit(const char *b) { set_.hit(b); }
    bool reachable(const std::string &b, const cm_l2_t *m) const
    {
        if (b == "fill_out_of_order")
            return m->cfg.l2.mshrs > 1;
        if (b == "vbit_set_by_group_peer")
            return m->lay.share > 1;
        if (b == "fill_held_memq_full")
            return fill_meets_full_memq_reachable(m);
        if (pol_bins_.count(b)) // the L2 policy's (l2pol_tb.h)
            return pol->reachable(b);
        // CPU ports (SPEC 3.8): requests from core ids P.. and the owner application per line
        if (b == "cpu_line_evicted_by_gpu" && reach_ucp_gpu_held_to_one(&m->cfg))
            return false; // the GPU held to one way all run (core/reach.h)
        if (b.compare(0, 4, "cpu_") == 0 || b == "gpu_owner_fill" ||
            b == "gpu_line_evicted_by_cpu")
            return m->lay.cpu_cores > 0 && (b != "cpu_line_evicted_by_other_cpu" ||
                                            m->lay.cpu_cores > 1);
        if (b.compare(0, 5, "bbit_") == 0) // the PC predictor's bypass bit (pcpred)
            return m->lay.bbits > 0;
        if (b == "noalloc_fill_with_waiters") // FG-CB's no-allocate reads, joined (sacat)
            return lay_mech(m->cfg.l1.mode)->l2_noalloc && m->cfg.l2.mshr_merge > 0;
        if (b.compare(0, 8, "noalloc_") == 0) // FG-CB's no-allocate reads (sacat)
            return lay_mech(m->cfg.l1.mode)->l2_noalloc;
        // a fill evicting, dirty, the way written the cycle before: every time with one way;
        // never with LRU (the way just touched is the youngest), too rarely to require with
        // RRIP aging (back-to-back fills into one set, the first a write's)
        if (b == "writeback_after_data_write")
            return m->lay.ways == 1;
        // the limit needs K + 2 reads of one line in flight at once (the fetch's own, K
        // waiters, the one refused), each from its own (core, L1 MSHR), of which there are
        // cores x 2^id_bits (randcfg 473: one core with two L1 MSHRs, K = 2, can never stall
        // there); random traffic makes it often only for K <= 2 (make test's slice has K = 2)
        if (b == "merge_join_full_stall")
            return m->cfg.l2.mshr_merge > 0 && m->cfg.l2.mshr_merge <= 2 &&
                   m->lay.cores * (1u << m->lay.id_bits) >= m->cfg.l2.mshr_merge + 2;
        if (b == "merge_waiters_of_other_cores")
            return m->cfg.l2.mshr_merge > 0 && m->lay.cores > 1;
        if (b.compare(0, 6, "merge_") == 0) // l2.mshr_merge: reads join a fetch
            return m->cfg.l2.mshr_merge > 0;
        return true;
    }
    unsigned missing(const cm_l2_t *m) const
    {
        return set_.missing([&](const std::string &b) { return reachable(b, m); });
    }
    std::vector<std::string> unhit(const cm_l2_t *m) const
    {
        return set_.unhit([&](const std::string &b) { return reachable(b, m); });
    }
    void report(FILE *f, const cm_l2_t *m) const
    {
        set_.report(f, [&](const std::string &b) { return reachable(b, m); });
    }

private:
    std::set<std::string> pol_bins_;
    bin_set set_;
};

// Constrained-random requests from P cores and C CPU ports (core ids P..P+C-1), in phases:
// streams, hot pools smaller and larger than the L2, one hot set, uniform, and mixes; loads
// and stores, random byte enables.
class l2_traffic {
public:
    enum class pat { stream, hot_small, hot_large, hot_set, uniform, mix, count };
    l2_traffic(const cm_l2_t *m, uint64_t seed) : m_(m), rng_(seed)
    {
        const lay_l2_t *l = &m->lay;
        lmask_ = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
        ids_ = 1u << l->id_bits;
        busy_.assign((size_t)(l->cores + l->cpu_cores) * ids_, false);
        new_phase();
    }
    unsigned store_pct = 30, rate_pct = 100;
    bool own_lines = false;
    int cpu_pct = -1; // the L2 policy's percent of requests from CPU ports (-1: uniform)

    void new_phase()
    {
        cur_ = (pat)(rng_() % (unsigned)pat::count);
        store_pct = (unsigned)(rng_() % 61);
        rate_pct = (rng_() & 1) ? 100 : 20 + (unsigned)(rng_() % 80);
        base_ = rng_() & lmask_;
        unsigned cap = m_->lay.sets * m_->lay.ways;
        pool_.clear();
        if (cur_ == pat::hot_small || cur_ == pat::mix)
            for (unsigned i = 0; i < cap / 2 + 2; i++)
                pool_.push_back((base_ + rng_() % (4ULL * cap)) & lmask_);
        if (cur_ == pat::hot_large || cur_ == pat::mix)
            for (unsigned i = 0; i < 3 * cap + 4; i++)
                pool_.push_back((base_ + rng_() % (16ULL * cap)) & lmask_);
        hot_set_.clear();
        if (cur_ == pat::hot_set || cur_ == pat::mix) { // ways + 2 lines of one set
            unsigned target = (unsigned)(rng_() % m_->lay.sets);
            // under UCP, half the time a set its UMONs sample (every sets / umon_sets-th): their
            // hits deep in an ATD's LRU stack need a set's lines reused by one app, which one
            // set among many rarely is (draw 3 seed 12: 4 of 512 sets sampled, 11 ways; the hits
            // at positions 8-10 were never seen in 120,000 requests)
            const cfg_l2_t &c2 = m_->cfg.l2;
            if ((c2.repl == L2_REPL_UCP || c2.repl == L2_REPL_TAP_UCP) && (rng_() & 1))
                target = (unsigned)(rng_() % c2.umon_sets) * (m_->lay.sets / c2.umon_sets);
            for (uint64_t t = 0; hot_set_.size() < m_->lay.ways + 2 && t < 4096; t++) {
                uint64_t line = ((rng_() & lmask_) >> m_->lay.set_bits) << m_->lay.set_bits;
                line |= target ^ cm_l2_index(m_, line);
                hot_set_.push_back(line & lmask_);
            }
        }
        for (unsigned c = 0; c < 64; c++)
            cursor_[c] = (base_ + (uint64_t)c * 4096) & lmask_;
    }

    // A new request, or false (rate limit, or every (core, MSHR) pair of a read busy).
    bool next(l2_req &q)
    {
        if (rng_() % 100 >= rate_pct)
            return false;
        const lay_l2_t *l = &m_->lay;
        q = l2_req{};
        q.core = pick_core();
        q.store = rng_() % 100 < store_pct;
        q.line = pick_line(q.core);
        // a GPU-only period (cpu_pct 0) keeps +own_lines' CPU-owned writes out: they become the
        // drawn L1's reads
        if (q.store && own_lines && cpu_pct == 0 && owner(q.line) >= l->cores)
            q.store = false;
        if (q.store) {
            if (own_lines)
                q.core = owner(q.line);
            q.id = (unsigned)(rng_() % ids_);
            bool full = rng_() % 3 == 0;
            for (unsigned i = 0; i < m_->cfg.l1.line_bytes; i++) {
                bv_put(&q.be, i, 1, full || (rng_() & 3) != 0);
                bv_set_byte(&q.wdata, i, (uint8_t)rng_());
            }
            return true;
        }
        // reads: at most one outstanding per (core, L1 MSHR)
        for (unsigned tries = 0; tries < 4; tries++) {
            unsigned id = (unsigned)(rng_() % ids_);
            if (!busy_[q.core * ids_ + id]) {
                q.id = id;
                busy_[q.core * ids_ + id] = true;
                if (l->bbits) // drawn only here, so other modes' traffic is unchanged
                    q.pred = (unsigned)(rng_() & 1);
                if (lay_mech(m_->cfg.l1.mode)->l2_noalloc) // likewise: a quarter of sacat's reads
                    q.noalloc = (rng_() & 3) == 0;
                return true;
            }
            q.core = pick_core();
        }
        return false;
    }
    void release(unsigned core, unsigned id) { busy_[core * ids_ + id] = false; }
    unsigned owner(uint64_t line) const
    {
        return (unsigned)((line * 0x9e3779b97f4a7c15ULL) >> 40) %
               (m_->lay.cores + m_->lay.cpu_cores);
    }

private:
    // Uniform over the L1s and CPU ports; with cpu_pct (the L2 policy's drive, l2pol_tb.h) a CPU
    // port in cpu_pct percent of the requests.
    unsigned pick_core()
    {
        const lay_l2_t *l = &m_->lay;
        if (cpu_pct < 0)
            return (unsigned)(rng_() % (l->cores + l->cpu_cores));
        if ((int)(rng_() % 100) < cpu_pct)
            return l->cores + (unsigned)(rng_() % l->cpu_cores);
        return (unsigned)(rng_() % l->cores);
    }
    uint64_t pick_line(unsigned core)
    {
        pat p = cur_;
        if (p == pat::mix)
            p = (pat)(rng_() % (unsigned)pat::mix);
        unsigned cap = m_->lay.sets * m_->lay.ways;
        switch (p) {
        case pat::stream: {
            uint64_t line = cursor_[core % 64];
            cursor_[core % 64] = (line + 1) & lmask_;
            return line;
        }
        case pat::hot_small:
        case pat::hot_large:
            if (!pool_.empty())
                return pool_[rng_() % pool_.size()];
            return (base_ + rng_() % cap) & lmask_;
        case pat::hot_set:
            if (!hot_set_.empty())
                return hot_set_[rng_() % hot_set_.size()];
            return base_;
        default:
            return (base_ + rng_() % (8ULL * cap + 8)) & lmask_;
        }
    }
    const cm_l2_t *m_;
    std::mt19937_64 rng_;
    uint64_t lmask_, base_ = 0, cursor_[64] = {};
    unsigned ids_;
    pat cur_ = pat::mix;
    std::vector<uint64_t> pool_, hot_set_;
    std::vector<bool> busy_;
};

struct harness : skel_chan<Vl2> {
    cm_l2_t *m;
    const lay_l2_t *l;
    uint64_t events = 0, requests_accepted = 0, requests_target = 0;
    memory mem;       // behind the L2: timing, answers reads, applies write-backs
    memory ref;       // reference: every write applied at acceptance
    l2_traffic gen;
    l2_coverage cov;
    std::mt19937_64 rng;
    unsigned rsp_ready_pct = 100;
    l2_req presented;
    bool presented_live = false;
    // accepted requests whose lookup is to come, oldest first: the slice decides them in
    // acceptance order (a stall keeps the oldest at the front; stalled: it stalled before)
    struct pending { l2_req q; bool stalled; };
    std::deque<pending> accepted;
    std::deque<expect_rsp> rsps;
    std::map<std::pair<unsigned, unsigned>, bv_t> ref_reads; // (core, id) -> data at acceptance
    bool fill_met_full_memq = false; // cover_fill_hold: the last cycle's condition
    bv_t fill_data{};
    unsigned fill_mshr = 0;
    bool fill_presented = false;
    // coverage state, keyed by (tag, set): cores that read a line per group since its fill,
    // and victim bits of lines evicted
    std::map<std::pair<uint64_t, unsigned>, std::vector<uint64_t>> readers;
    std::map<std::pair<uint64_t, unsigned>, uint64_t> evicted_vbits;
    // the pipeline's forwarding: the last event that wrote a row, and the last that wrote a
    // data line (cycle + 1, so 0 is never), for an event in the next cycle (read before it)
    uint64_t row_write_cycle = 0, data_write_cycle = 0;
    unsigned row_write_set = 0, data_write_set = 0, data_write_way = 0;
    // the L2 policy's plug-in (l2pol_tb.h) and what it gets from the harness
    l2pol_env pol_env;
    std::unique_ptr<l2pol_tb<Vl2>> pol;

    harness(VerilatedContext *c, Vl2 *t, cm_l2_t *model, uint64_t s)
        : skel_chan<Vl2>(c, t, s), m(model), l(&model->lay),
          mem(model->cfg.l1.line_bytes, s ^ 0x5a5a), ref(model->cfg.l1.line_bytes, 1),
          gen(model, s * 3 + 11), rng(s * 7 + 1)
    {
        pol_env = l2pol_env(
            model, l2pol_top::l2, s * 13 + 5,
            [this](const char *w, uint64_t e, uint64_t a, const char *at) {
                check_field(w, e, a, at);
            },
            [this](const std::string &w, const char *at) { fail(w.c_str(), at); },
            [this](const char *b) { cov.hit(b); }, [this] { return failed; }, [] { return false; });
        pol = l2pol_tb_for(t, pol_env);
        cov.pol = pol.get();
    }

    std::pair<uint64_t, unsigned> key(uint64_t line) const
    {
        return {lay_l2_tag(l, line), cm_l2_index(m, line)};
    }

    // A read served (hit or fill) by `core` on `line`, returning `vbit`.
    void cover_read(uint64_t line, unsigned core, unsigned vbit, bool fill)
    {
        if (core >= l->cores) { // a CPU port: no victim-bit group, the model answers 0
            if (vbit)
                fail("a CPU port's read returned victim bit 1", "");
            return;
        }
        unsigned g = lay_l2_group(l, core);
        auto &r = readers[key(line)];
        if (r.empty())
            r.assign(l->vbits, 0);
        if (fill) {
            auto it = evicted_vbits.find(key(line));
            if (it != evicted_vbits.end() && ((it->second >> g) & 1))
                cov.hit("refetch_vbit_cleared");
        }
        cov.hit(vbit ? "vbit_returned_1" : "vbit_returned_0");
        if (vbit && !((r[g] >> (core % l->share)) & 1))
            cov.hit("vbit_set_by_group_peer");
        r[g] |= 1ULL << (core % l->share);
    }

    // A read served with prediction `pred` on a line whose bypass bit was `bbit`.
    void cover_bbit(unsigned pred, unsigned bbit, bool fill)
    {
        if (!l->bbits)
            return;
        if (bbit)
            cov.hit("bbit_returned_1");
        if (pred && fill)
            cov.hit("bbit_fill_pred");
        else if (pred)
            cov.hit(bbit ? "bbit_corrected" : "bbit_set_by_pred");
    }

    // An event in the cycle after a row or data write to its set: the pipeline read the set
    // before that write landed, so the lookup saw a forwarded row or line.
    void cover_forwarding(const cm_l2_result_t &r)
    {
        if (r.kind != EVT_SWEEP && row_write_cycle == cycle && row_write_set == r.set)
            cov.hit("row_forwarded");
        bool just_written = data_write_cycle == cycle && data_write_set == r.set &&
                            data_write_way == r.way;
        if (just_written && r.dec == DEC_LD_HIT)
            cov.hit("read_hit_after_data_write");
        if (just_written && r.kind == EVT_FILL && r.evict_dirty)
            cov.hit("writeback_after_data_write");
        if (r.kind == EVT_LOOKUP || r.kind == EVT_FILL || r.kind == EVT_SWEEP) {
            row_write_cycle = cycle + 1;
            row_write_set = r.set;
        }
        if (r.dec == DEC_ST_HIT || r.kind == EVT_FILL) {
            data_write_cycle = cycle + 1;
            data_write_set = r.set;
            data_write_way = r.way;
        }
    }

    // A read to a line with a fetch outstanding that cannot join: the fetch has its limit of
    // waiters, or serves a write (called before the model decides).
    void cover_merge_stall(const l2_req &a)
    {
        if (a.store || !m->cfg.l2.mshr_merge)
            return;
        for (unsigned i = 0; i < m->cfg.l2.mshrs; i++) {
            const cm_l2_mshr_t &e = m->mshr[i];
            if (!e.valid || e.line != a.line)
                continue;
            if (e.store)
                cov.hit("merge_read_stalls_on_write_fetch");
            else if (e.nwait == m->cfg.l2.mshr_merge)
                cov.hit("merge_join_full_stall");
        }
    }

    // A fill with owner bits: whose line it installs, and whose line it evicts (SPEC 3.8's
    // applications: core P + k is app k, the L1s the GPU's, app C). The owner itself is in the
    // row the lockstep compares; here the expectation is independent of the model: the
    // filled way must hold the requester's application.
    void cover_owner(const lay_l2_row_t &before, const cm_l2_result_t &r)
    {
        unsigned gpu = l->cpu_cores, app = cfg_l2_app_of(&m->cfg, r.core);
        if (r.dec != DEC_FILL)
            return;
        if (m->rows[r.set].way[r.way].owner != app)
            fail("the filled line's owner is not its requester's application", "");
        cov.hit(app == gpu ? "gpu_owner_fill" : "cpu_owner_fill");
        if (!r.evict_valid)
            return;
        unsigned old = before.way[r.way].owner;
        if (old != gpu && app == gpu)
            cov.hit("cpu_line_evicted_by_gpu");
        else if (old == gpu && app != gpu)
            cov.hit("gpu_line_evicted_by_cpu");
        else if (old != gpu && app != gpu && old != app)
            cov.hit("cpu_line_evicted_by_other_cpu");
    }

    // A fill held in the decide stage by a full memory queue (its write-back cannot enter),
    // called before the cycle's events and handshakes, so that the model's queues are the RTL's
    // as this cycle starts. A memory response presented while the memory queue is full, this
    // cycle and the one before: in the one before, with the response queue not full and no
    // waiters being answered (the other holds and blocks of a fill), the response entered the
    // decide stage or was held there already, and no fill leaves while the queue is full.
    void cover_fill_hold()
    {
        bool rsp_free = rsps.size() < rspq_slots &&
                        std::none_of(rsps.begin(), rsps.end(),
                                     [](const expect_rsp &e) { return e.waiter; });
        bool meets = fill_presented && m->memq_len >= memq_slots && rsp_free;
        if (meets && fill_met_full_memq)
            cov.hit("fill_held_memq_full");
        fill_met_full_memq = meets;
    }

    // After the cycle's events: the policy's checks of the state in force, the model's end of
    // the cycle (cm_l2_cycle_end, with the instructions retired as the policy drove them), and
    // the policy's checks after it.
    void cycle_end()
    {
        pol->cycle_before();
        cm_l2_cycle_end(m, pol->retired());
        if (!failed)
            pol->cycle_after();
    }

    void on_event()
    {
        unsigned kind = top->evt_kind_o, dec = top->evt_dec_o;
        unsigned set = (unsigned)port_u64(top->evt_set_o);
        cm_l2_result_t r;
        lay_l2_row_t before{};
        uint64_t fill_line = 0;
        unsigned fill_pred = 0;
        pol->before_event(); // the state its bins read from before the event
        events++;
        switch (kind) {
        case EVT_SWEEP:
            cm_l2_sweep(m, set, &r);
            cov.hit("init_sweep");
            break;
        case EVT_STALL:
        case EVT_LOOKUP:
            if (accepted.empty()) {
                fail("lookup without an accepted request", "");
                return;
            }
            if (accepted.front().stalled)
                cov.hit("stall_retried");
            {
                const l2_req &a = accepted.front().q;
                cover_merge_stall(a);
                cm_l2_access_noalloc(m, a.core, a.store, a.line, a.store ? &a.be : nullptr,
                                     a.store ? &a.wdata : nullptr, a.id, a.pred, a.noalloc, &r);
            }
            break;
        case EVT_FILL:
            if (!fill_presented || fill_mshr >= m->cfg.l2.mshrs || !m->mshr[fill_mshr].valid) {
                fail("fill event without a memory response for a valid MSHR", "");
                return;
            }
            check_field("mshr", fill_mshr, port_u64(top->evt_mshr_o), "fill");
            fill_line = m->mshr[fill_mshr].line;
            fill_pred = m->mshr[fill_mshr].pred;
            before = m->rows[cm_l2_index(m, fill_line)];
            cm_l2_fill(m, fill_mshr, &fill_data, &r);
            break;
        default:
            fail("unknown event kind", "");
            return;
        }
        char evt[96];
        std::snprintf(evt, sizeof evt, "%s/%s set %u", kind_names[kind & 7], dec_names[dec & 15],
                      set);
        check_field("kind", r.kind, kind, evt);
        check_field("decision", r.dec, dec, evt);
        check_field("set", r.set, set, evt);
        if (r.dec == DEC_FILL || r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT)
            check_field("way", r.way, port_u64(top->evt_way_o), evt);
        if (r.kind == EVT_FILL) {
            check_field("evict", r.evict_valid, top->evt_evict_o, evt);
            check_field("evict dirty", r.evict_dirty, top->evt_dirty_o, evt);
            if (r.evict_valid)
                check_field("evict_tag", r.evict_tag, port_u64(top->evt_evict_tag_o), evt);
        }
        if (r.dec == DEC_LD_MISS || r.dec == DEC_ST_MISS || r.dec == DEC_LD_MERGE ||
            r.kind == EVT_FILL)
            check_field("mshr", r.mshr, port_u64(top->evt_mshr_o), evt);
        if (r.kind != EVT_SWEEP) {
            check_field("core", r.core, port_u64(top->evt_core_o), evt);
            check_field("store", r.store, top->evt_store_o, evt);
        }
        pol->compare_event(r, evt); // the policy's event ports
        bv_t exp, act;
        cm_l2_row(m, set, &exp);
        port_get(top->evt_row_o, act, l->row_bits);
        if (!bv_eq(&exp, &act, l->row_bits))
            fail("row differs", "  after " + std::string(evt) + "\n" + row_diff(l, lay_l2_field, exp, act));
        if (failed)
            return;
        // coverage and what the RTL must do next
        switch (r.dec) {
        case DEC_LD_HIT: cov.hit("read_hit"); break;
        case DEC_LD_MISS: cov.hit("read_miss"); break;
        case DEC_ST_HIT: cov.hit("write_hit"); break;
        case DEC_ST_MISS: cov.hit("write_miss"); break;
        case DEC_STALL_LINE: cov.hit("stall_line"); break;
        case DEC_STALL_MSHR: cov.hit("stall_mshr_full"); break;
        case DEC_LD_MERGE: cov.hit("merge_join"); break;
        default: break;
        }
        cover_forwarding(r);
        pol->cover_event(r, before);
        if (r.kind != EVT_SWEEP && r.core >= l->cores)
            switch (r.dec) {
            case DEC_LD_HIT: cov.hit("cpu_read_hit"); break;
            case DEC_LD_MISS: cov.hit("cpu_read_miss"); break;
            case DEC_ST_HIT: cov.hit("cpu_write_hit"); break;
            case DEC_ST_MISS: cov.hit("cpu_write_miss"); break;
            default: break;
            }
        if (r.kind == EVT_FILL && l->obits)
            cover_owner(before, r);
        if (r.kind == EVT_STALL)
            accepted.front().stalled = true;
        if (r.kind == EVT_LOOKUP) {
            const l2_req a = accepted.front().q;
            accepted.pop_front();
            if (r.dec == DEC_LD_HIT) {
                cover_read(a.line, r.core, r.vbit, false);
                cover_bbit(a.pred, r.bbit, false);
                if (a.noalloc)
                    cov.hit("noalloc_read_hit");
            }
        }
        if (r.dec == DEC_FILL_BYPASS) { // answered, nothing installed
            cov.hit("noalloc_fill");
            if (r.nwait)
                cov.hit("noalloc_fill_with_waiters");
            readers.erase(key(fill_line));
        } else if (r.kind == EVT_FILL) {
            if (r.evict_valid) {
                const lay_l2_way_t &v = before.way[r.way];
                uint64_t high = v.tag << l->set_bits;
                uint64_t line = high | (r.set ^ cm_l2_index(m, high));
                evicted_vbits[key(line)] = v.vbits;
                readers.erase(key(line));
                cov.hit(r.evict_dirty ? "evict_dirty_writeback" : "evict_clean");
                if (l->bbits && v.bbit)
                    cov.hit("bbit_evicted_1");
                if (r.evict_dirty && !r.store)
                    cov.hit("writeback_then_read_rsp");
            } else {
                cov.hit("fill_invalid_way");
            }
            readers.erase(key(fill_line));
            if (r.store)
                cov.hit("write_miss_merge");
            else {
                cover_read(fill_line, r.core, r.vbit, true);
                cover_bbit(fill_pred, r.bbit, true);
            }
            evicted_vbits.erase(key(fill_line));
        }
        if (r.responds)
            rsps.push_back({r.core, r.id, r.vbit, r.bbit, r.hit, r.data, false});
        for (unsigned k = 0; k < r.nwait; k++) { // the waiters, in order, flags 0
            rsps.push_back({r.wait_core[k], r.wait_id[k], 0, 0, 0, r.data, true});
            cov.hit("merge_waiters_answered");
            if (r.wait_core[k] != r.core)
                cov.hit("merge_waiters_of_other_cores");
        }
    }

    void on_mem_request()
    {
        bool store = top->mem_req_store_o;
        uint64_t line = port_u64(top->mem_req_line_o);
        unsigned mshr = (unsigned)port_u64(top->mem_req_mshr_o);
        cm_l2_mem_t e;
        if (!cm_l2_mem_pop(m, &e)) {
            fail("unexpected memory request", "");
            return;
        }
        check_field("mem store", e.write, store, "mem_req");
        check_field("mem line", e.line, line, "mem_req");
        if (store) {
            bv_t wd, all;
            port_get(top->mem_req_wdata_o, wd, l->line_bits);
            if (!bv_eq(&wd, &e.data, l->line_bits))
                fail("write-back data differs from the model's", "");
            bv_zero(&all);
            for (unsigned i = 0; i < m->cfg.l1.line_bytes; i++)
                bv_put(&all, i, 1, 1);
            mem.store(line, all, wd);
        } else {
            check_field("mem mshr", e.mshr, mshr, "mem_req");
            mem.read(line, mshr, cycle);
        }
    }

    void on_response()
    {
        if (rsps.empty()) {
            fail("unexpected read response", "");
            return;
        }
        expect_rsp e = rsps.front();
        rsps.pop_front();
        unsigned core = (unsigned)port_u64(top->rsp_core_o), id = (unsigned)port_u64(top->rsp_mshr_o);
        check_field("rsp core", e.core, core, "rsp");
        check_field("rsp mshr", e.id, id, "rsp");
        check_field("rsp vbit", e.vbit, top->rsp_vbit_o, "rsp");
        check_field("rsp bbit", e.bbit, top->rsp_bbit_o, "rsp");
        check_field("rsp l2hit", e.hit, top->rsp_l2hit_o, "rsp");
        bv_t d;
        port_get(top->rsp_data_o, d, l->line_bits);
        if (!bv_eq(&d, &e.data, l->line_bits))
            fail("response data differs from the model's", "");
        auto it = ref_reads.find({core, id});
        if (it == ref_reads.end())
            fail("response for a (core, mshr) with no read outstanding", "");
        else if (!bv_eq(&d, &it->second, l->line_bits))
            fail("response data differs from the reference memory", "");
        if (it != ref_reads.end())
            ref_reads.erase(it);
        gen.release(core, id);
        cov.hit(e.hit ? "rsp_l2hit" : "rsp_l2miss");
    }

    void on_accept()
    {
        requests_accepted++;
        const l2_req &a = presented;
        accepted.push_back({a, false});
        presented_live = false;
        if (a.store)
            ref.store(a.line, a.be, a.wdata);
        else
            ref.line(a.line, ref_reads[{a.core, a.id}]);
    }

    void drive()
    {
        gen.cpu_pct = pol->cpu_pct();
        if (!presented_live && requests_accepted < requests_target && gen.next(presented))
            presented_live = true;
        top->req_valid_i = presented_live;
        if (presented_live) {
            bv_t v;
            bv_zero(&v);
            bv_put(&v, 0, 64, presented.line);
            top->req_core_i = presented.core;
            top->req_mshr_i = presented.id;
            top->req_store_i = presented.store;
            top->req_pred_i = presented.pred;
            top->req_noalloc_i = presented.noalloc;
            port_put(top->req_line_i, v, l->line_addr_bits);
            port_put(top->req_be_i, presented.be, m->cfg.l1.line_bytes);
            port_put(top->req_wdata_i, presented.wdata, l->line_bits);
        }
        top->mem_req_ready_i = mem.req_ready();
        fill_presented = mem.response(cycle, fill_mshr, fill_data);
        top->mem_rsp_valid_i = fill_presented;
        if (fill_presented) {
            top->mem_rsp_mshr_i = fill_mshr;
            port_put(top->mem_rsp_data_i, fill_data, l->line_bits);
        }
        top->rsp_ready_i = std::uniform_int_distribution<unsigned>(0, 99)(rng) < rsp_ready_pct;
    }

    // A new timing phase: fast or slow memory, in or out of order, with or without
    // backpressure on each channel; and a new traffic pattern.
    void new_phase()
    {
        mem.timing.draw(rng);
        rsp_ready_pct = (rng() & 1) ? 100 : 30 + (unsigned)(rng() % 70);
        gen.new_phase();
    }

    // the channel monitors (SPEC 4, skel_chan): the L1-side request and memory response the
    // harness drives, the L1-side response and memory request the L2 drives
    void monitor_channels()
    {
        typedef chan_bytes b;
        if (cycle < 4000 || cycle % 16 == 0) { // three evaluations per channel: sampled
            check_comb(mon_rsp, top->rsp_ready_i, top->rsp_valid_o);
            check_comb(mon_mem_req, top->mem_req_ready_i, top->mem_req_valid_o);
        }
        channel_fault(mon_req.edge(top->req_valid_i, top->req_ready_o, [&] { return
                                   b::pack({b::of(top->req_core_i), b::of(top->req_mshr_i),
                                            b::of(top->req_store_i), b::of(top->req_line_i),
                                            b::of(top->req_be_i), b::of(top->req_wdata_i),
                                            b::of(top->req_pred_i),
                                            b::of(top->req_noalloc_i)}); }));
        channel_fault(mon_rsp.edge(top->rsp_valid_o, top->rsp_ready_i, [&] { return
                                   b::pack({b::of(top->rsp_core_o), b::of(top->rsp_mshr_o),
                                            b::of(top->rsp_data_o), b::of(top->rsp_vbit_o),
                                            b::of(top->rsp_bbit_o), b::of(top->rsp_l2hit_o)}); }));
        channel_fault(mon_mem_req.edge(top->mem_req_valid_o, top->mem_req_ready_i, [&] { return
                                       b::pack({b::of(top->mem_req_store_o), b::of(top->mem_req_line_o),
                                                b::of(top->mem_req_mshr_o),
                                                b::of(top->mem_req_wdata_o)}); }));
        channel_fault(mon_mem_rsp.edge(top->mem_rsp_valid_i, top->mem_rsp_ready_o, [&] { return
                                       b::pack({b::of(top->mem_rsp_mshr_i),
                                                b::of(top->mem_rsp_data_i)}); }));
    }

    void tick()
    {
        if (cycle % 3000 == 0)
            new_phase();
        top->clk_i = 0;
        drive();
        if (top->rst_ni)
            pol->drive();
        top->eval();
        if (top->rst_ni) {
            monitor_channels();
            cover_fill_hold();
            if (top->req_valid_i && !top->req_ready_o) cov.hit("backpressure_req");
            if (top->mem_req_valid_o && !top->mem_req_ready_i) cov.hit("backpressure_mem_req");
            if (top->rsp_valid_o && !top->rsp_ready_i) cov.hit("backpressure_rsp");
            if (top->rsp_valid_o && !top->rsp_ready_i && !rsps.empty() && rsps.front().waiter)
                cov.hit("merge_waiter_rsp_backpressure");
            if (top->mem_rsp_valid_i && !top->mem_rsp_ready_o) cov.hit("backpressure_mem_rsp");
            if (top->evt_valid_o)
                on_event();
            if (top->req_valid_i && top->req_ready_o)
                on_accept();
            if (top->mem_req_valid_o && top->mem_req_ready_i)
                on_mem_request();
            if (top->mem_rsp_valid_i && top->mem_rsp_ready_o) {
                uint64_t before = mem.out_of_order_returns;
                mem.response_taken();
                if (mem.out_of_order_returns > before)
                    cov.hit("fill_out_of_order");
            }
            if (top->rsp_valid_o && top->rsp_ready_i)
                on_response();
            if (!failed)
                cycle_end();
        }
        clock();
    }

    // Every request served, answered and written back, no fetch outstanding.
    bool idle() const
    {
        for (unsigned i = 0; i < m->cfg.l2.mshrs; i++)
            if (m->mshr[i].valid)
                return false;
        return requests_accepted >= requests_target && !presented_live && accepted.empty() &&
               rsps.empty() && m->memq_len == 0 && mem.outstanding() == 0;
    }

    // +cover's extension (skel_extend): N more requests of the random traffic
    void extend(const std::vector<std::string> &, unsigned n) { requests_target += n; }

    void check_counters()
    {
        const uint64_t rtl[L2CNT_COUNT] = {
            port_u64(top->cnt_accesses_o), port_u64(top->cnt_read_hits_o),
            port_u64(top->cnt_read_misses_o), port_u64(top->cnt_write_hits_o),
            port_u64(top->cnt_write_misses_o), port_u64(top->cnt_fills_o),
            port_u64(top->cnt_evictions_o), port_u64(top->cnt_writebacks_o),
            port_u64(top->cnt_merged_o)};
        for (unsigned i = 0; i < L2CNT_COUNT; i++)
            check_field(lay_l2_counter_names[i], m->cnt[i], rtl[i], "counters");
    }
};


}  // namespace

int main(int argc, char **argv)
{
    plusargs pa("l2_harness",
                "Lockstep of a generated L2 slice (<name>_l2, Verilator) against the C model.\n"
                "Exit status: 0 pass, 1 mismatch or failure, 2 bad plusarg or setup, 3 coverage\n"
                "hole (+cover, no mismatch).");
    skel_plusargs(pa, "random seed of traffic, timing and SRAM contents");
    pa.number("requests", 30000, 1, UINT32_MAX, "requests of random traffic");
    pa.flag("cover", "extend the traffic while a reachable bin is unhit, then a hole exits 3");
    pa.number("cover_extend", 4, 1, 1000,
              "with +cover: extend up to N times the requests (1: never)");
    pa.number("cover_margin", 0, 0, UINT32_MAX,
              "with +cover: end the traffic N requests after every reachable bin is hit "
              "(+requests is then the most; 0: run all +requests)");
    pa.flag("own_lines", "each core writes only its own lines");
    skel_trace_plusarg(pa);
    int st = skel_parse(pa, argc, argv);
    if (st >= 0)
        return st;
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed");
    unsigned requests = (unsigned)pa.num("requests");
    auto ctx = skel_context(argc, argv, seed);

    cfg_t c;
    if (!load_config(dir, "l2_harness", c))
        return 2;
    cm_l2_t *m;
    if (cm_l2_new(&c, &m) != 0) {
        std::fprintf(stderr, "l2_harness: out of memory\n");
        return 2;
    }
    std::printf("l2_harness: %s_l2 seed=%" PRIu64 " requests=%u\n", c.name, seed, requests);

    const std::unique_ptr<Vl2> top{new Vl2{ctx.get(), "TOP"}};
    std::unique_ptr<harness> h{new harness(ctx.get(), top.get(), m, seed)};
    h->requests_target = requests;
    h->gen.own_lines = pa.on("own_lines");
    h->trace_open(pa.str("trace"));
    auto t0 = skel_reset_ticks(*h, 4);
    bool cover = pa.on("cover");
    uint64_t limit = 200000 + 600ULL * requests + 40ULL * c.l2.sets;
    // +cover_margin (skel_margin): the traffic ends the margin after every reachable bin is hit
    skel_margin sized{cover && pa.num("cover_margin") > 0, pa.num("cover_margin")};
    auto run = [&]() {
        skel_run_to(*h, limit, [&] {
            sized.look(
                h->cycle, [&] { return h->requests_accepted < h->requests_target; },
                [&] { return !h->cov.missing(m); }, [&] { return h->requests_accepted; },
                [&] { h->requests_target = h->requests_accepted; });
        });
    };
    run();
    sized.report("l2_harness", h->requests_accepted);
    if (cover) // while a reachable bin is unhit: more requests (more phases), up to +cover_extend
        skel_extend(*h, "l2_harness", {requests, pa.num("cover_extend") * requests, 2000, ""},
                    [&] { return h->cov.unhit(m); }, [&] { return h->requests_target; },
                    [&](unsigned n) {
                        limit = h->cycle + 200000 + 600ULL * n;
                        run();
                    },
                    [] {}, [&] { return h->requests_accepted; });
    if (!h->failed && !h->idle())
        h->fail("timeout: requests outstanding", "");
    if (!h->failed)
        h->check_counters();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    h->finish();
    std::printf("l2_harness: %" PRIu64 " cycles, %" PRIu64 " events, %" PRIu64 " requests in %.2f s: "
                "%.0f events/s\n", h->cycle, h->events, h->requests_accepted, secs, h->events / secs);
    h->cov.report(stdout, m);
    bool failed = h->failed;
    std::vector<std::string> holes = cover && !failed ? h->cov.unhit(m) : std::vector<std::string>();
    uint64_t done = h->requests_accepted, events = h->events;
    h.reset();
    cm_l2_free(m); // last: the harness and the coverage check read the model
    if (!failed && !holes.empty()) // no mismatch: a hole of its own kind, not a failure to trace
        return report_holes("l2_harness", holes, done, events, seed);
    return skel_verdict("l2_harness", failed, seed);
}
