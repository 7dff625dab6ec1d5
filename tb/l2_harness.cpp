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
// With l2.replacement = drrip (SPEC 3.8) every event also carries the PSELs and the BRRIP
// counter after it (evt_psel_o, evt_brrip_o), compared with the model's cm_drrip state, and the
// drrip_ bins cover each leader kind missing, PSEL saturating both ways, BRRIP's 32nd insertion
// and a follower choosing each policy.
// With l2.replacement = ucp (SPEC 3.8, docs/tap.md) every lookup event that accesses a UMON
// writes its ATD row (evt_atd_we_o, evt_atd_row_o: compared bit for bit with the model's), and
// every cycle, after cm_l2_cycle_end, the hit counters and the allocation after the cycle
// (evt_umon_hits_o, evt_ucp_alloc_o) and the partition event (evt_ucp_part_o: the cycle the
// lookahead's allocation applies) are compared; the fill's way checks the victim under the
// partition. The ucp_ bins cover each UMON hit position, misses, a saturated counter, the
// halving, a partition applied and changed, and each victim rule.
// With tap_rrip (DRRIP under TAP, SPEC 3.8) the harness
// also drives retired_i (per-phase streams that make the GPU cache-friendly or not) and shifts
// the CPU ports' share of the requests by phase; every cycle, after its events, it compares the
// masks and XSRATIO in force, calls cm_l2_cycle_end, and compares the controller's tick (the
// cycle it lands and every field); the tap_ bins cover both friendliness outcomes, XSRATIO
// above, below and at T_xs and saturating, the sampling cores' insertions, the mask's forced
// BRRIP, a GPU hit not promoted and the GPU-first victim.
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
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#include "chanmon.h"
#include "harness_util.h"
#include "memory.h"
#include "ports.h"
#include "tap_rtl.h"

extern "C" {
#include "../cmodel/cm_l2.h"
}

namespace {

const char *const dec_names[16] = {"none", "rd_hit", "rd_miss", "wr_hit", "wr_miss",
                                   "stall_line", "stall_mshr", "fill", "?", "?", "fill_noalloc", "?",
                                   "?", "?", "?", "?"};
// DRRIP's event fields, where the design has them (l2.replacement = drrip): otherwise ~0, which
// no model state equals, so a drrip design without them fails the compare.
// The PSELs (apps x psel_bits, any width) into `v`; false where the design has no such port.
template <class T>
auto evt_psel(const T *t, bv_t &v, unsigned width, int)
    -> decltype(port_get(t->evt_psel_o, v, width), bool())
{
    port_get(t->evt_psel_o, v, width);
    return true;
}
template <class T> bool evt_psel(const T *, bv_t &, unsigned, long) { return false; }
template <class T> auto evt_brrip(const T *t, int) -> decltype(port_u64(t->evt_brrip_o))
{
    return port_u64(t->evt_brrip_o);
}
template <class T> uint64_t evt_brrip(const T *, long) { return ~0ULL; }

// UCP's ports, where the design has them (l2.replacement = ucp): otherwise false, and a ucp
// design without them fails.
template <class T>
auto evt_ucp(const T *t, bv_t &hits, unsigned hw, bv_t &alloc, unsigned aw, unsigned &part, int)
    -> decltype(port_get(t->evt_umon_hits_o, hits, hw), bool())
{
    port_get(t->evt_umon_hits_o, hits, hw);
    port_get(t->evt_ucp_alloc_o, alloc, aw);
    part = (unsigned)port_u64(t->evt_ucp_part_o);
    return true;
}
template <class T>
bool evt_ucp(const T *, bv_t &, unsigned, bv_t &, unsigned, unsigned &, long) { return false; }
template <class T>
auto evt_atd(const T *t, bv_t &row, unsigned width, unsigned &we, int)
    -> decltype(port_get(t->evt_atd_row_o, row, width), bool())
{
    port_get(t->evt_atd_row_o, row, width);
    we = (unsigned)port_u64(t->evt_atd_we_o);
    return true;
}
template <class T> bool evt_atd(const T *, bv_t &, unsigned, unsigned &, long) { return false; }
// TAP's controller (l2.replacement = tap_rrip): the tick and state out (tap_rtl.h). A tap_rrip
// design without them fails: the state reads ~0 and no tick ever lands.
template <class T> auto get_tap(const T *t, tap_rtl &r, int) -> decltype(t->evt_tap_valid_o, void())
{
    r.valid = t->evt_tap_valid_o;
    r.tick.i1 = (uint32_t)port_u64(t->evt_tap_i1_o);
    r.tick.i2 = (uint32_t)port_u64(t->evt_tap_i2_o);
    r.tick.a_gpu = (uint32_t)port_u64(t->evt_tap_a_gpu_o);
    r.tick.a_cpu = (uint32_t)port_u64(t->evt_tap_a_cpu_o);
    r.tick.friendly = (uint8_t)t->evt_tap_friendly_o;
    r.tick.ratio = (uint16_t)port_u64(t->evt_tap_ratio_o);
    r.tick.ratio_sat = (uint8_t)t->evt_tap_ratio_sat_o;
    r.tick.xsratio = (uint16_t)port_u64(t->evt_tap_xsratio_o);
    r.tick.rrip_mask = (uint8_t)t->evt_tap_rrip_mask_o;
    r.tick.ucp_mask = (uint8_t)t->evt_tap_ucp_mask_o;
    r.state = port_u64(t->evt_tap_state_o);
}
template <class T> void get_tap(const T *, tap_rtl &, long) {}

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

// Coverage bins, one per decision path of the L2 and per channel condition; bins a
// configuration cannot reach are reported n/a.
class l2_coverage {
public:
    l2_coverage()
    {
        for (const char *b : {"init_sweep", "read_hit", "read_miss", "write_hit", "write_miss",
                              "write_miss_merge", "fill_invalid_way", "evict_clean",
                              "evict_dirty_writeback", "writeback_then_read_rsp", "stall_line",
                              "stall_mshr_full", "stall_retried", "vbit_returned_0",
                              "vbit_returned_1", "vbit_set_by_group_peer",
                              "refetch_vbit_cleared", "rsp_l2hit", "rsp_l2miss",
                              "fill_out_of_order", "backpressure_req", "backpressure_mem_req",
                              "backpressure_rsp", "backpressure_mem_rsp", "srrip_victim_aged",
                              "srrip_victim_at_max", "bbit_returned_1", "bbit_set_by_pred",
                              "bbit_corrected", "bbit_fill_pred", "bbit_evicted_1",
                              "row_forwarded", "read_hit_after_data_write",
                              "writeback_after_data_write", "merge_join",
                              "merge_join_full_stall", "merge_read_stalls_on_write_fetch",
                              "merge_waiters_answered", "merge_waiters_of_other_cores",
                              "merge_waiter_rsp_backpressure", "noalloc_read_hit",
                              "noalloc_fill", "noalloc_fill_with_waiters", "drrip_miss_srrip_leader",
                              "drrip_miss_brrip_leader", "drrip_psel_saturated_top",
                              "drrip_psel_saturated_bottom", "drrip_brrip_32nd",
                              "drrip_follower_srrip", "drrip_follower_brrip",
                              "cpu_read_hit", "cpu_read_miss", "cpu_write_hit", "cpu_write_miss",
                              "cpu_owner_fill", "gpu_owner_fill", "cpu_line_evicted_by_gpu",
                              "gpu_line_evicted_by_cpu", "cpu_line_evicted_by_other_cpu",
                              "drrip_cpu_leader_miss", "drrip_every_app_srrip_leader_miss",
                              "drrip_every_app_brrip_leader_miss",
                              "drrip_fill_in_other_apps_leader", "ucp_umon_miss",
                              "ucp_umon_counter_saturated", "ucp_halved",
                              "ucp_partition_applied", "ucp_partition_changed",
                              "ucp_victim_over_allocated_app", "ucp_victim_own_lru",
                              "ucp_victim_set_lru_none_over",
                              "tap_friendly",
                              "tap_not_friendly", "tap_xs_above_txs", "tap_xs_below_txs",
                              "tap_ratio_at_txs", "tap_ratio_saturated", "tap_pol1_insert",
                              "tap_pol2_insert", "tap_mask_forced_brrip",
                              "tap_gpu_hit_not_promoted", "tap_gpu_first_victim",
                              "tapucp_gpu_counters_divided", "tapucp_division_changed_partition",
                              "tapucp_partition_unmasked", "tapucp_gpu_one_way_under_mask",
                              "tapucp_pol1_read_not_allocated", "tapucp_pol1_read_hit"})
            set_.declare(b);
        for (unsigned j = 0; j < 32; j++)
            set_.declare(("ucp_umon_hit_pos_" + std::to_string(j)).c_str());
    }
    void hit(const char *b) { set_.hit(b); }
    bool reachable(const std::string &b, const cm_l2_t *m) const
    {
        if (b == "fill_out_of_order")
            return m->cfg.l2.mshrs > 1;
        if (b == "vbit_set_by_group_peer")
            return m->lay.share > 1;
        if (b == "srrip_victim_aged" || b == "srrip_victim_at_max")
            return cfg_l2_repl(&m->cfg.l2) == REPL_SRRIP && m->lay.ways > 1; // the RRIP family
        // CPU ports (SPEC 3.8): requests from core ids P.. and the owner application per line
        if (b.compare(0, 4, "cpu_") == 0 || b == "gpu_owner_fill" ||
            b == "gpu_line_evicted_by_cpu")
            return m->lay.cpu_cores > 0 && (b != "cpu_line_evicted_by_other_cpu" ||
                                            m->lay.cpu_cores > 1);
        if (b == "drrip_cpu_leader_miss" || b == "drrip_fill_in_other_apps_leader")
            return m->drrip_on && m->lay.cpu_cores > 0;
        // saturating takes 1024 GPU accesses in a period with at most one by each CPU port: the
        // random traffic gives about one access in two cycles at best
        if (b == "tap_ratio_saturated")
            return m->tap_on && m->tap.p.period >= 2048;
        if (b == "tap_pol1_insert" || b == "tap_pol2_insert" || b == "tap_mask_forced_brrip" ||
            b == "tap_gpu_hit_not_promoted" || b == "tap_gpu_first_victim") // TAP-RRIP's rules
            return m->tap_rrip_on;
        if (b.compare(0, 4, "tap_") == 0) // TAP's controller (SPEC 3.8)
            return m->tap_on;
        if (b.compare(0, 7, "tapucp_") == 0) { // TAP-UCP's rules
            if (!m->tap_ucp_on || b.compare(0, 12, "tapucp_pol1_") == 0)
                return m->tap_ucp_on;
            // a partition applies only when a period holds the wait for its decision (13) and
            // the longest lookahead: the division, then rounds of one way each over every app
            unsigned W = m->lay.ways, A = cfg_l2_apps(&m->cfg);
            unsigned longest = 13 + W * m->cfg.l2.umon_counter_bits +
                               A * (3 * W * (W + 1) / 2 + 2 * W) + W;
            return m->tap.p.period >= longest;
        }
        if (b.compare(0, 6, "drrip_") == 0) { // thread-aware DRRIP (SPEC 3.8)
            if (!m->drrip_on)
                return false;
            // followers exist when S = sets / L leaves sets beyond the apps' leaders
            if (b.compare(0, 15, "drrip_follower_") == 0)
                return m->drrip.stride > 2 * m->drrip.p.apps;
            // a leader miss moves PSEL by one: random traffic walks it to either end only
            // when it is short (the make test configurations use 1 to 3 bits)
            if (b.compare(0, 21, "drrip_psel_saturated_") == 0)
                return m->drrip.p.psel_bits <= 3;
            return true;
        }
        if (b.compare(0, 17, "ucp_umon_hit_pos_") == 0) // UCP: a UMON hit at each position
            return m->ucp_on && std::stoul(b.substr(17)) < m->lay.ways;
        // a counter reaches its top only when it is narrow (make test: 4 bits)
        if (b == "ucp_umon_counter_saturated")
            return m->ucp_on && m->cfg.l2.umon_counter_bits <= 6;
        if (b.compare(0, 4, "ucp_") == 0)
            return m->ucp_on;
        if (b.compare(0, 5, "bbit_") == 0) // the PC predictor's bypass bit (pcpred)
            return m->lay.bbits > 0;
        if (b == "noalloc_fill_with_waiters") // FG-CB's no-allocate reads, joined (sacat)
            return m->cfg.l1.mode == MODE_SACAT && m->cfg.l2.mshr_merge > 0;
        if (b.compare(0, 8, "noalloc_") == 0) // FG-CB's no-allocate reads (sacat)
            return m->cfg.l1.mode == MODE_SACAT;
        // a fill evicting, dirty, the way written the cycle before: every time with one way;
        // never with LRU (the way just touched is the youngest), too rarely to require with
        // SRRIP (back-to-back fills into one set, the first a write's)
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
    int cpu_pct = -1; // tap_rrip: percent of requests from CPU ports (-1: uniform over cores)

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
        // a GPU-only TAP period (cpu_pct 0) keeps +own_lines' CPU-owned writes out: they become
        // the drawn L1's reads
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
                if (m_->cfg.l1.mode == MODE_SACAT) // likewise: a quarter of sacat's reads
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
    // Uniform over the L1s and CPU ports; with cpu_pct (tap_rrip) a CPU port in cpu_pct percent
    // of the requests, so the GPU's share of the accesses (XSRATIO) moves with the phase.
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

struct harness {
    VerilatedContext *ctx;
    Vl2 *top;
    cm_l2_t *m;
    const lay_l2_t *l;
    uint64_t seed, cycle = 0, events = 0, requests_accepted = 0, requests_target = 0;
    memory mem;       // behind the L2: timing, answers reads, applies write-backs
    memory ref;       // reference: every write applied at acceptance
    l2_traffic gen;
    l2_coverage cov;
    std::mt19937_64 rng;
    unsigned rsp_ready_pct = 100;
    bool failed = false;
    l2_req presented;
    bool presented_live = false;
    // accepted requests whose lookup is to come, oldest first: the slice decides them in
    // acceptance order (a stall keeps the oldest at the front; stalled: it stalled before)
    struct pending { l2_req q; bool stalled; };
    std::deque<pending> accepted;
    std::deque<expect_rsp> rsps;
    std::map<std::pair<unsigned, unsigned>, bv_t> ref_reads; // (core, id) -> data at acceptance
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
    // tap_rrip: the retired-instruction streams of this phase and this cycle's values
    enum class retire { pol1_more, pol2_more, same, near, idle, count };
    retire ret_mode = retire::same;
    uint32_t retired[TAP_MAX_GPU_CORES] = {};
    std::mt19937_64 tap_rng{0};
    uint64_t ticks = 0;
#if VM_TRACE
    VerilatedFstC *tfp = nullptr;
#endif

    harness(VerilatedContext *c, Vl2 *t, cm_l2_t *model, uint64_t s)
        : ctx(c), top(t), m(model), l(&model->lay), seed(s),
          mem(model->cfg.l1.line_bytes, s ^ 0x5a5a), ref(model->cfg.l1.line_bytes, 1),
          gen(model, s * 3 + 11), rng(s * 7 + 1), tap_rng(s * 13 + 5) {}

    void fail(const char *what, const std::string &detail)
    {
        report_mismatch(failed, cycle, seed, what, detail);
    }


    void check_field(const char *what, uint64_t exp, uint64_t act, const char *evt)
    {
        if (exp != act)
            fail("event field differs", field_diff(std::string("event ") + evt, what, exp, act));
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

    // DRRIP, from the state before the event: a miss that took an MSHR in a leader set (at
    // either end of PSEL's range: saturating), a fill's policy in a follower set, and the
    // BRRIP insertion that finds the counter at 31, each for the request's application.
    uint32_t srrip_missed_ = 0, brrip_missed_ = 0; // apps that missed in their own leaders
    void cover_drrip(const cm_drrip_t &d, const cm_l2_result_t &r)
    {
        unsigned app = cfg_l2_app_of(&m->cfg, r.core), top = (1u << d.p.psel_bits) - 1;
        if (r.dec == DEC_LD_MISS || r.dec == DEC_ST_MISS) {
            cm_leader_t k = cm_drrip_leader(&d, app, r.set);
            if (k != CM_LEADER_NONE && r.core >= l->cores)
                cov.hit("drrip_cpu_leader_miss");
            uint32_t all = (uint32_t)((1ULL << d.p.apps) - 1); // each app's own leaders, both
            if (k == CM_LEADER_SRRIP && (srrip_missed_ |= 1u << app) == all)
                cov.hit("drrip_every_app_srrip_leader_miss");
            if (k == CM_LEADER_BRRIP && (brrip_missed_ |= 1u << app) == all)
                cov.hit("drrip_every_app_brrip_leader_miss");
            if (k == CM_LEADER_SRRIP) {
                cov.hit("drrip_miss_srrip_leader");
                if (d.psel[app] == top)
                    cov.hit("drrip_psel_saturated_top");
            } else if (k == CM_LEADER_BRRIP) {
                cov.hit("drrip_miss_brrip_leader");
                if (d.psel[app] == 0)
                    cov.hit("drrip_psel_saturated_bottom");
            }
        }
        if (r.kind == EVT_FILL) {
            cm_rrip_pol_t pol = cm_drrip_policy(&d, app, r.set);
            for (unsigned j = 0; j < d.p.apps; j++) // a follower of its app in j's leader set
                if (j != app && cm_drrip_leader(&d, app, r.set) == CM_LEADER_NONE &&
                    cm_drrip_leader(&d, j, r.set) != CM_LEADER_NONE)
                    cov.hit("drrip_fill_in_other_apps_leader");
            if (cm_drrip_leader(&d, app, r.set) == CM_LEADER_NONE)
                cov.hit(pol == CM_RRIP_BRRIP ? "drrip_follower_brrip" : "drrip_follower_srrip");
            if (pol == CM_RRIP_BRRIP && d.brrip_cnt == CM_DRRIP_BRRIP_PERIOD - 1)
                cov.hit("drrip_brrip_32nd");
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

    // UCP: the ATD row an access writes (app's ATD set of the event's set), or no write.
    void check_atd(const cm_l2_result_t &r, const char *evt)
    {
        bv_t act, exp;
        unsigned we = 0, width = l->ways * lay_l2_atd_entry_bits(l);
        if (!evt_atd(top, act, width, we, 0)) {
            fail("a ucp design without evt_atd_row_o", evt);
            return;
        }
        bool access = r.umon != CM_UMON_UNSAMPLED;
        check_field("atd write", access, we, evt);
        if (!access || failed)
            return;
        unsigned app = cfg_l2_app_of(&m->cfg, r.core);
        cm_l2_atd_row(m, app, (unsigned)cm_umon_index(m->umon, r.set), &exp);
        for (unsigned w = 0; w < l->ways; w++) {
            unsigned eb = lay_l2_atd_entry_bits(l);
            char what[48];
            std::snprintf(what, sizeof what, "atd app %u entry %u", app, w);
            check_field(what, bv_get(&exp, w * eb, eb), bv_get(&act, w * eb, eb), evt);
        }
    }

    void cover_ucp(const cm_l2_result_t &r)
    {
        if (r.umon >= 0) {
            cov.hit(("ucp_umon_hit_pos_" + std::to_string(r.umon)).c_str());
            if (r.umon_sat)
                cov.hit("ucp_umon_counter_saturated");
        } else if (r.umon == CM_UMON_MISS) {
            cov.hit("ucp_umon_miss");
        }
        if (r.kind == EVT_FILL && r.evict_valid)
            switch (r.ucp_why) {
            case CM_UCP_VICTIM_OVER: cov.hit("ucp_victim_over_allocated_app"); break;
            case CM_UCP_VICTIM_OWN: cov.hit("ucp_victim_own_lru"); break;
            case CM_UCP_VICTIM_LRU: cov.hit("ucp_victim_set_lru_none_over"); break;
            default: break;
            }
    }

    // UCP, every cycle after its events: the period and the lookahead (cm_l2_cycle_end), then
    // the counters, the allocation and the partition event against the RTL's.
    // After the cycle's events: the model's end of the cycle (cm_l2_cycle_end), TAP's checks
    // of the state in force before it and of its tick after it, UCP's after it.
    void cycle_end()
    {
        tap_rtl r;
        if (m->tap_on)
            tap_before(r);
        unsigned before[APP_MAX];
        std::memcpy(before, m->ucp_alloc, sizeof before);
        cm_l2_cycle_end(m, m->tap_on ? retired : nullptr);
        if (m->ucp_on)
            ucp_after(before);
        if (m->tap_on && !failed)
            tap_after(r);
    }

    // ucp, after cm_l2_cycle_end: the counters, the allocation and the partition event.
    void ucp_after(const unsigned *before)
    {
        unsigned apps = cfg_l2_apps(&m->cfg), cb = m->cfg.l2.umon_counter_bits;
        unsigned ab = cfg_count_bits(l->ways);
        bv_t hits, alloc;
        unsigned part = 0;
        if (!evt_ucp(top, hits, apps * l->ways * cb, alloc, apps * ab, part, 0)) {
            fail("a ucp design without evt_umon_hits_o", "");
            return;
        }
        char what[64];
        check_field("partition event", m->ucp_part, part, "cycle");
        for (unsigned k = 0; k < apps; k++) {
            std::snprintf(what, sizeof what, "allocation of app %u", k);
            check_field(what, m->ucp_alloc[k], bv_get(&alloc, k * ab, ab), "cycle");
            for (unsigned j = 0; j < l->ways; j++) {
                std::snprintf(what, sizeof what, "umon hits of app %u at position %u", k, j);
                check_field(what, cm_umon_hits(m->umon, k, j),
                            bv_get(&hits, (k * l->ways + j) * cb, cb), "cycle");
            }
        }
        if (m->ucp_period_end)
            cov.hit("ucp_halved");
        if (m->ucp_part && m->tap_ucp_on) { // TAP-UCP: how the applied partition was made
            unsigned gpu = app_gpu(l->cpu_cores);
            if (m->tu_divided)
                cov.hit("tapucp_gpu_counters_divided");
            if (m->tu_div_mattered)
                cov.hit("tapucp_division_changed_partition");
            if (!m->tu_masked)
                cov.hit("tapucp_partition_unmasked");
            else if (m->ucp_alloc[gpu] == 1)
                cov.hit("tapucp_gpu_one_way_under_mask");
        }
        if (m->ucp_part) {
            cov.hit("ucp_partition_applied");
            if (std::memcmp(before, m->ucp_alloc, APP_MAX * sizeof *before) != 0)
                cov.hit("ucp_partition_changed");
        }
    }

    void on_event()
    {
        unsigned kind = top->evt_kind_o, dec = top->evt_dec_o;
        unsigned set = (unsigned)port_u64(top->evt_set_o);
        cm_l2_result_t r;
        lay_l2_row_t before{};
        uint64_t fill_line = 0;
        unsigned fill_pred = 0;
        const cm_drrip_t drrip0 = m->drrip; // before the event, for the drrip_ bins
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
        if (m->drrip_on) {
            unsigned pb = m->drrip.p.psel_bits, width = m->drrip.p.apps * pb;
            bv_t exp, act; // app k's PSEL in bits [k * pb +: pb]
            bv_zero(&exp);
            for (unsigned k = 0; k < m->drrip.p.apps; k++)
                bv_put(&exp, k * pb, pb, m->drrip.psel[k]);
            if (!evt_psel(top, act, width, 0))
                fail("a drrip design without evt_psel_o", evt);
            else
                for (unsigned k = 0; k < m->drrip.p.apps; k++)
                    if (bv_get(&exp, k * pb, pb) != bv_get(&act, k * pb, pb)) {
                        char what[32];
                        std::snprintf(what, sizeof what, "psel of app %u", k);
                        check_field(what, bv_get(&exp, k * pb, pb), bv_get(&act, k * pb, pb),
                                    evt);
                    }
            check_field("brrip", m->drrip.brrip_cnt, evt_brrip(top, 0), evt);
        }
        if (m->ucp_on && r.kind != EVT_SWEEP)
            check_atd(r, evt);
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
        if (m->drrip_on)
            cover_drrip(drrip0, r);
        if (m->tap_on)
            cover_tap_rrip(r);
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
        if (m->ucp_on)
            cover_ucp(r);
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
        if (m->tap_ucp_on && r.core == 0 && !r.store && r.kind != EVT_SWEEP) { // Core-POL1
            if (r.dec == DEC_FILL_BYPASS)
                cov.hit("tapucp_pol1_read_not_allocated");
            if (r.dec == DEC_LD_HIT)
                cov.hit("tapucp_pol1_read_hit");
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
                if (cfg_l2_repl(&m->cfg.l2) == REPL_SRRIP && l->ways > 1)
                    cov.hit(r.aged ? "srrip_victim_aged" : "srrip_victim_at_max");
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

    // tap_rrip: each TAP period its own CPU share of the requests (0: the GPU alone, so the
    // ratio saturates once the GPU passes 1023 accesses; 33: near T_xs = 4 with 2 CPU ports)
    // and retired streams, drawn from their own generator: other designs' traffic is unchanged.
    void new_tap_period()
    {
        static const int shares[] = {0, 0, 2, 5, 10, 20, 33, 60};
        gen.cpu_pct = shares[tap_rng() % 8];
        ret_mode = (retire)(tap_rng() % (unsigned)retire::count);
    }

    // TAP-RRIP's rules as the model applied them in this event (cm_l2_result_t's tap_ fields)
    void cover_tap_rrip(const cm_l2_result_t &r)
    {
        if (r.kind == EVT_FILL && r.dec == DEC_FILL) {
            if (r.tap_ins == CM_TAP_INS_POL1) cov.hit("tap_pol1_insert");
            if (r.tap_ins == CM_TAP_INS_POL2) cov.hit("tap_pol2_insert");
            if (r.tap_ins == CM_TAP_INS_MASK) cov.hit("tap_mask_forced_brrip");
            if (r.tap_gpu_first) cov.hit("tap_gpu_first_victim");
        }
        // kept at a nonzero RRPV: a promotion would have shown in the row
        if (r.tap_kept && m->rows[r.set].way[r.way].repl != 0)
            cov.hit("tap_gpu_hit_not_promoted");
    }

    // tap_rrip: this cycle's retired instructions per GPU core (0..15): Core-POL1 (core 0)
    // clearly ahead of Core-POL2 (core 1) or behind it (cache-friendly), equal or within 1% (not
    // friendly with tap.alpha >= 1), or idle; the followers at random.
    void drive_retired()
    {
        unsigned P = l->cores, rb = CM_TAP_RETIRED_BITS, most = (1u << rb) - 1;
        uint32_t v = (uint32_t)(tap_rng() % (most + 1)), lo = v / 2;
        for (unsigned c = 2; c < P; c++)
            retired[c] = (uint32_t)(tap_rng() % (most + 1));
        switch (ret_mode) {
        case retire::pol1_more: retired[0] = v, retired[1] = lo; break;
        case retire::pol2_more: retired[0] = lo, retired[1] = v; break;
        case retire::same: retired[0] = retired[1] = v; break;
        case retire::near:
            retired[0] = retired[1] = v;
            if (tap_rng() % 100 == 0 && v < most)
                retired[1] = v + 1;
            break;
        default: retired[0] = retired[1] = 0; break;
        }
        bv_t b;
        bv_zero(&b);
        for (unsigned c = 0; c < P; c++)
            bv_put(&b, c * rb, rb, retired[c]);
        put_retired(top, b, P * rb, 0);
    }

    // tap_rrip, after the cycle's events: the masks in force compared (before the model's
    // cycle end), then the tick (its landing cycle and every field) and the bins (after it).
    void tap_before(tap_rtl &r)
    {
        get_tap(top, r, 0);
        const cm_tap_t &t = m->tap;
        uint64_t state = (uint64_t)t.xsratio << 2 | (uint64_t)t.ucp_mask << 1 | t.rrip_mask;
        check_field("tap state {xsratio, ucp_mask, rrip_mask}", state, r.state, "cycle");
    }
    void tap_after(const tap_rtl &r)
    {
        const cm_tap_t &t = m->tap;
        if (t.t == 0)
            new_tap_period();
        check_field("tap tick valid", m->tap_ticked, r.valid, "cycle");
        if (!m->tap_ticked || !r.valid)
            return;
        const cm_tap_tick_t &k = m->tap_tick;
        compare_tap_tick("tap ", k, r.tick, [&](const char *what, uint64_t e, uint64_t a) {
            check_field(what, e, a, "tick");
        });
        ticks++;
        cov.hit(k.friendly ? "tap_friendly" : "tap_not_friendly");
        cov.hit(k.ratio >= t.p.txs ? "tap_xs_above_txs" : "tap_xs_below_txs");
        if (k.ratio == t.p.txs)
            cov.hit("tap_ratio_at_txs");
        if (k.ratio_sat)
            cov.hit("tap_ratio_saturated");
    }

    // ---- channel monitors (SPEC 4): the L1-side request and memory response the harness
    // drives, the L1-side response and memory request the L2 drives ----------------------------
    chan_monitor mon_req{"req"}, mon_rsp{"rsp"}, mon_mem_req{"mem_req"}, mon_mem_rsp{"mem_rsp"};

    void channel_fault(const std::string &what)
    {
        if (!what.empty())
            fail("channel rule violated", what + "\n");
    }

    template <class R, class V> void check_comb(chan_monitor &mon, R &ready, const V &valid)
    {
        channel_fault(chan_comb(mon, ready, valid, [&] { top->eval(); }));
    }

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
        if (m->tap_on && top->rst_ni)
            drive_retired();
        top->eval();
        if (top->rst_ni) {
            monitor_channels();
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
        ctx->timeInc(1);
#if VM_TRACE
        if (tfp) tfp->dump(ctx->time());
#endif
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
#if VM_TRACE
        if (tfp) tfp->dump(ctx->time());
#endif
        cycle++;
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
    pa.text("dir", "OUTDIR", ".", "the generated output directory (with config.yaml)");
    pa.number("seed", 1, 0, UINT64_MAX, "random seed of traffic, timing and SRAM contents");
    pa.number("requests", 30000, 1, UINT32_MAX, "requests of random traffic");
    pa.flag("cover", "extend the traffic while a reachable bin is unhit, then a hole exits 3");
    pa.number("cover_extend", 4, 1, 1000,
              "with +cover: extend up to N times the requests (1: never)");
    pa.number("cover_margin", 0, 0, UINT32_MAX,
              "with +cover: end the traffic N requests after every reachable bin is hit "
              "(+requests is then the most; 0: run all +requests)");
    pa.flag("own_lines", "each core writes only its own lines");
    pa.text("trace", "FILE.fst", "", "write an FST waveform");
    int st = pa.parse(argc, argv);
    if (st >= 0)
        return st;
    if ((st = trace_plusarg_ok(pa)) >= 0)
        return st;
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    ctx->randReset(2);
    std::string dir = pa.str("dir");
    uint64_t seed = pa.num("seed");
    unsigned requests = (unsigned)pa.num("requests");
    std::string trace = pa.str("trace");
    Verilated::randSeed((int)(seed & 0x7fffffff));

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
#if VM_TRACE
    if (!trace.empty()) {
        ctx->traceEverOn(true);
        h->tfp = new VerilatedFstC;
        top->trace(h->tfp, 99);
        h->tfp->open(trace.c_str());
    }
#endif
    top->rst_ni = 0;
    for (int i = 0; i < 4; i++)
        h->tick();
    top->rst_ni = 1;
    auto t0 = std::chrono::steady_clock::now();
    bool cover = pa.on("cover");
    uint64_t limit = 200000 + 600ULL * requests + 40ULL * c.l2.sets;
    // +cover_margin: a run sized by its coverage, looked at every 1024 cycles: once every
    // reachable bin is hit, the traffic goes on for the margin, then ends
    uint64_t margin = pa.num("cover_margin"), covered_at = UINT64_MAX;
    bool sized = cover && margin > 0;
    auto run = [&]() {
        while (!h->failed && !h->idle() && h->cycle < limit) {
            h->tick();
            if (!sized || (h->cycle & 1023) != 0 || h->requests_accepted >= h->requests_target)
                continue;
            if (covered_at == UINT64_MAX) {
                if (!h->cov.missing(m))
                    covered_at = h->requests_accepted;
            } else if (h->requests_accepted >= covered_at + margin) {
                h->requests_target = h->requests_accepted;
            }
        }
        for (int i = 0; i < 4 && !h->failed; i++)
            h->tick();
    };
    run();
    if (covered_at != UINT64_MAX)
        std::printf("l2_harness: every bin hit after %" PRIu64 " requests; %" PRIu64
                    " run with the margin of %" PRIu64 "\n", covered_at, h->requests_accepted, margin);
    // +cover: while a reachable bin is unhit, extend the traffic (more phases) up to 4x
    unsigned rounds = 0;
    uint64_t bound = pa.num("cover_extend") * requests;
    std::string first_holes;
    while (cover && !h->failed && h->idle() && h->cov.missing(m) && h->requests_target < bound) {
        if (!rounds)
            for (const auto &b : h->cov.unhit(m))
                first_holes += " " + b;
        uint64_t n = std::min<uint64_t>(bound - h->requests_target,
                                        std::max<uint64_t>(requests / 4, 2000));
        h->requests_target += n;
        limit = h->cycle + 200000 + 600ULL * n;
        rounds++;
        run();
    }
    if (rounds)
        std::printf("l2_harness: coverage extended %u times, %u to %" PRIu64 " requests, for%s\n",
                    rounds, requests, h->requests_accepted, first_holes.c_str());
    if (!h->failed && !h->idle())
        h->fail("timeout: requests outstanding", "");
    if (!h->failed)
        h->check_counters();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    top->final();
#if VM_TRACE
    if (h->tfp) {
        h->tfp->close();
        delete h->tfp;
    }
#endif
    std::printf("l2_harness: %" PRIu64 " cycles, %" PRIu64 " events, %" PRIu64 " requests in %.2f s: "
                "%.0f events/s\n", h->cycle, h->events, h->requests_accepted, secs, h->events / secs);
    h->cov.report(stdout, m);
    bool failed = h->failed;
    std::vector<std::string> holes = cover && !failed ? h->cov.unhit(m) : std::vector<std::string>();
    uint64_t done = h->requests_accepted, events = h->events;
    h.reset();
    cm_l2_free(m); // last: the harness and the coverage check read the model
    if (failed) {
        std::printf("l2_harness: FAIL (seed %" PRIu64 ")\n", seed);
        return 1;
    }
    if (!holes.empty()) // no mismatch: a hole of its own kind, not a failure to trace
        return report_holes("l2_harness", holes, done, events, seed);
    std::printf("l2_harness: PASS\n");
    return 0;
}
