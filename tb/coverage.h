// coverage: named bins, one per decision path the L1 can take, plus channel conditions.
// A run reports every bin's count; with +cover a random run extends its traffic while a
// reachable bin stays at zero (up to a bound), then fails with a coverage hole if one still does.
// A mechanism's own bins (gc_, pp_, fg_) are reached by its plug-in's rules (tb/mech_tb.h).
#ifndef CACHEGEN_TB_COVERAGE_H
#define CACHEGEN_TB_COVERAGE_H

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include "harness_util.h"
#include "mech_tb.h"
extern "C" {
#include "../cmodel/cm_l1.h"
}

class coverage {
public:
    coverage()
    {
        for (const char *b : {"init_sweep", "load_hit", "load_miss", "store_hit", "store_miss",
                              "stall_line", "stall_mshr_full", "fill_invalid_way", "fill_evict",
                              "rsp_hit", "rsp_miss", "rsp_store", "mem_read", "mem_write",
                              "backpressure_req", "backpressure_mem_req", "backpressure_rsp",
                              "fill_out_of_order", "srrip_victim_aged", "srrip_victim_at_max",
                              "write_evict_invalidate", "flush_sweep", "pc_pool_small",
                              "pc_pool_large"})
            set_.declare(b);
        for (const auto &p : dec_paths())
            set_.declare(p.second.c_str());
        for (const char *b : {"dec_load_bypass", "dec_fill_bypass", "dec_stall_all_reserved",
                              "rsp_bypass", "gc_bypass_th_hot", "gc_bypass_th_victim",
                              "gc_switch_reset", "merge_join", "merge_full_stall",
                              "merge_waiters_answered", "merge_fill_bypass",
                              "merge_waiters_backpressured", "merge_flush_with_waiters",
                              "fifo_hit_keeps_ages", "fifo_evicts_reused_way",
                              "random_victim_every_way"})
            set_.declare(b);
        for (const auto &p : fg_paths())
            set_.declare(p.second.c_str());
        set_.declare("fg_write_lost_to_kernel_start");
    }
    // FG-CB's decision paths (sacat), per event and per cycle end (cm_result.fg_paths).
    static const std::map<uint32_t, std::string> &fg_paths()
    {
        static const std::map<uint32_t, std::string> p = {
            {CM_FG_ALLOC, "fg_entry_allocated"},
            {CM_FG_TABLE_FULL, "fg_table_full_untracked"},
            {CM_FG_DECIDE_L1_BYPASS, "fg_decide_bypass_l1"},
            {CM_FG_DECIDE_L1_KEEP, "fg_decide_keep_l1"},
            {CM_FG_DECIDE_L2_BYPASS, "fg_decide_bypass_l2"},
            {CM_FG_DECIDE_L2_KEEP, "fg_decide_keep_l2"},
            {CM_FG_BYPASSED_HIT, "fg_bypassed_load_hit"},
            {CM_FG_BYPASSED_FILL, "fg_bypassed_fill"},
            {CM_FG_NOALLOC_READ, "fg_noalloc_read"},
            {CM_FG_WINDOW_UNDECIDED, "fg_window_expired_before_n"},
            {CM_FG_KERNEL_CLEAR, "fg_kernel_start_clears"}};
        return p;
    }
    void fg_cycle(uint32_t paths)
    {
        for (const auto &p : fg_paths())
            if (paths & p.first)
                hit(p.second.c_str());
    }
    // The decoupled store's decision paths, as the model reports them (cm_result.paths).
    static const std::map<uint32_t, std::string> &dec_paths()
    {
        static const std::map<uint32_t, std::string> p = {
            {CM_PATH_TAG_ALLOC_INVALID, "dec_tag_alloc_invalid"},
            {CM_PATH_TAG_LFU_EVICT, "dec_tag_lfu_evict"},
            {CM_PATH_TAG_LFU_TIE, "dec_tag_lfu_tie"},
            {CM_PATH_RC_SATURATED, "dec_rc_saturated"},
            {CM_PATH_RESERVE_FREE, "dec_reserve_free_line"},
            {CM_PATH_RESERVE_EVICT, "dec_reserve_evict_line"},
            {CM_PATH_AGED_TO_ZERO, "dec_aged_to_zero"},
            {CM_PATH_HIT_COMMITTED, "dec_hit_committed"},
            {CM_PATH_STALL_RESERVED, "dec_stall_reserved_line"},
            {CM_PATH_FILTER_OFF_ALLOC, "dec_filter_disabled_alloc"},
            {CM_PATH_CROSS_ON_HIT, "dec_threshold_cross_on_hit"},
            {CM_PATH_INVALIDATE_AGES, "dec_invalidate_ages"},
            {CM_PATH_GC_SWITCH_ON, "gc_switch_on"},
            {CM_PATH_GC_INVALID_WAY, "gc_switch_on_insert_invalid_way"},
            {CM_PATH_GC_NOT_ALL_HOT, "gc_switch_on_insert_cold_way"},
            {CM_PATH_GC_BYPASS_AGED, "gc_bypass_ages_set"},
            {CM_PATH_GC_BYPASS_NO_AGE, "gc_bypass_counted_no_age"},
            {CM_PATH_GC_INSERT_HOT, "gc_insert_victim_bit_1"},
            {CM_PATH_GC_INSERT_COLD, "gc_insert_victim_bit_0"},
            {CM_PATH_PC_HIT_DEC, "pp_hit_decrement"},
            {CM_PATH_PC_HIT_FLOOR, "pp_hit_decrement_at_floor"},
            {CM_PATH_PC_PREDICT_BYPASS, "pp_miss_predicted_bypass"},
            {CM_PATH_PC_PREDICT_KEEP, "pp_miss_predicted_keep"},
            {CM_PATH_PC_BYPASSED, "pp_fill_bypassed"},
            {CM_PATH_PC_CORRECTED, "pp_fill_corrected_by_bypass_bit"},
            {CM_PATH_PC_INSERT_VALID, "pp_insert_valid_victim"},
            {CM_PATH_PC_INSERT_INVALID, "pp_insert_invalid_way"},
            {CM_PATH_PC_SATURATED, "pp_counter_saturated"},
            {CM_PATH_PC_ALIAS, "pp_table_index_alias"}};
        return p;
    }
    void event(const cm_result_t &r, bool evict, const cm_l1_t *m)
    {
        if (m->cfg.repl == REPL_SRRIP && (r.dec == DEC_FILL || r.dec == DEC_LD_MISS) && r.evict_valid)
            hit(r.aged ? "srrip_victim_aged" : "srrip_victim_at_max");
        for (const auto &p : dec_paths())
            if (r.paths & p.first)
                hit(p.second.c_str());
        fg_cycle(r.fg_paths);
        if (r.dec == DEC_LD_BYPASS) hit("dec_load_bypass");
        mech_tb::cover(*this, r);
        if (r.kind == EVT_SWITCH_RESET) hit("gc_switch_reset");
        if (r.dec == DEC_FILL_BYPASS && m->lay.dec) hit("dec_fill_bypass");
        if (r.dec == DEC_STALL_RSV) hit("dec_stall_all_reserved");
        if (r.dec == DEC_LD_MERGE) hit("merge_join");
        if (r.kind == EVT_FILL && r.nwait > 0)
            hit(r.status == ST_BYPASS ? "merge_fill_bypass" : "merge_waiters_answered");
        if (m->cfg.write_evict && r.dec == DEC_ST_HIT)
            hit("write_evict_invalidate");
        if (m->cfg.repl == REPL_FIFO)
            fifo_event(r);
        if (m->cfg.repl == REPL_RANDOM && r.dec == DEC_FILL && r.evict_valid &&
            (random_victims_ |= 1ull << r.way) == (2ull << (m->cfg.ways - 1)) - 1)
            hit("random_victim_every_way"); // the LFSR reaches every way, not some
        if (r.kind == EVT_SWEEP && sweeps_++ >= m->cfg.sets)
            hit("flush_sweep");
        static const char *const dec_bin[] = {"init_sweep", "load_hit", "load_miss", "store_hit",
                                              "store_miss", "stall_line", "stall_mshr_full", nullptr};
        if (r.dec == DEC_FILL)
            hit(evict ? "fill_evict" : "fill_invalid_way");
        else if (r.dec < DEC_FILL)
            hit(dec_bin[r.dec]);
    }
    void response(unsigned status)
    {
        static const char *const names[] = {"rsp_hit", "rsp_miss", "rsp_bypass", "rsp_store"};
        hit(names[status & 3]);
    }
    void mem_request(bool store) { hit(store ? "mem_write" : "mem_read"); }
    void channels(bool req_bp, bool mem_bp, bool rsp_bp)
    {
        if (req_bp) hit("backpressure_req");
        if (mem_bp) hit("backpressure_mem_req");
        if (rsp_bp) hit("backpressure_rsp");
    }
    void fill_order(uint64_t out_of_order_total)
    {
        if (out_of_order_total > last_ooo_)
            hit("fill_out_of_order");
        last_ooo_ = out_of_order_total;
    }
    // FIFO: a hit leaves the ages alone (the row compare checks it), so a way hit since its
    // fill can still be the next victim; LRU would have kept it.
    void fifo_event(const cm_result_t &r)
    {
        uint32_t &reused = fifo_reused_[r.set];
        if (r.kind == EVT_SWEEP) {
            reused = 0;
        } else if (r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT) {
            hit("fifo_hit_keeps_ages");
            reused |= 1u << r.way;
        } else if (r.dec == DEC_FILL) {
            if (r.evict_valid && (reused >> r.way & 1))
                hit("fifo_evicts_reused_way");
            reused &= ~(1u << r.way);
        }
    }
    void hit(const char *bin) { set_.hit(bin); }
    // A bin the configuration cannot reach is not declared for it (reported as n/a).
    bool reachable(const std::string &bin, const cm_l1_t *m) const
    {
        if (bin == "flush_sweep")
            return !directed_;
        if (bin == "fill_out_of_order")
            return m->cfg.mshrs > 1;
        if (bin == "srrip_victim_aged" || bin == "srrip_victim_at_max")
            return m->cfg.repl == REPL_SRRIP && m->cfg.ways > 1;
        if (bin == "write_evict_invalidate")
            return m->cfg.write_evict;
        if (bin == "random_victim_every_way")
            return m->cfg.repl == REPL_RANDOM && m->cfg.ways > 1 && !directed_;
        if (bin.compare(0, 5, "fifo_") == 0) // the decoupled store evicts when it reserves
            return m->cfg.repl == REPL_FIFO && m->cfg.ways > 1 && !directed_ &&
                   (bin == "fifo_hit_keeps_ages" || !m->lay.dec);
        if (bin == "pc_pool_small" || bin == "pc_pool_large")
            return directed_ == false;
        const cfg_l1_t &c = m->cfg;
        bool dec = m->lay.dec;
        if (bin.compare(0, 6, "merge_") == 0) {
            if (!c.mshr_merge || directed_)
                return false;
            if (bin == "merge_fill_bypass") // a read that bypasses, with waiters
                return (dec && c.threshold >= 2) || mech_tb::bypasses(c);
            return true;
        }
        if (bin == "fill_evict") // the decoupled store evicts when it reserves
            return !dec;
        // decoupled: every outstanding read that allocates reserves a data line, so without
        // bypassing reads (threshold < 2) more MSHRs than data lines are never all busy
        // (soak: randcfg seeds 153 and 164)
        if (bin == "stall_mshr_full" && dec && c.threshold < 2)
            return c.mshrs <= c.sets * c.ways;
        if (bin == "dec_invalidate_ages")
            return dec && c.write_evict;
        if (bin == "rsp_bypass" && mech_tb::bypasses(c))
            return !directed_;
        if (bin.compare(0, 3, "pp_") == 0 || bin.compare(0, 3, "fg_") == 0 ||
            bin.compare(0, 3, "gc_") == 0) // a mechanism's: only under it, by its rule
            return !directed_ && mech_tb::reachable(c, bin);
        if (bin == "dec_load_bypass" || bin == "dec_fill_bypass" || bin == "rsp_bypass" ||
            bin == "dec_filter_disabled_alloc") // threshold 0 or 1 never bypasses
            return dec && c.threshold >= 2 && !directed_;
        if (bin == "dec_tag_lfu_tie") // two entries without a line: spare tag ways or bypasses
            return dec && (c.tag_ways >= c.ways + 2 || c.threshold >= 2) && !directed_;
        if (bin == "dec_stall_all_reserved") // every line of a set reserved, an MSHR still free
            return dec && c.mshrs > c.ways && !directed_;
        if (bin.compare(0, 4, "dec_") == 0)
            return dec && !directed_;
        return true;
    }
    unsigned missing(const cm_l1_t *m) const
    {
        return set_.missing([&](const std::string &b) { return reachable(b, m); });
    }
    std::vector<std::string> unhit(const cm_l1_t *m) const
    {
        return set_.unhit([&](const std::string &b) { return reachable(b, m); });
    }
    void set(const char *bin, uint64_t n) { set_.set(bin, n); }
    void report(FILE *f, const cm_l1_t *m) const
    {
        set_.report(f, [&](const std::string &b) { return reachable(b, m); });
    }

private:
    bin_set set_;
    uint64_t last_ooo_ = 0;
    uint64_t sweeps_ = 0;
    std::map<unsigned, uint32_t> fifo_reused_; // FIFO: per set, the ways hit since their fill
    uint64_t random_victims_ = 0;              // random: the ways evicted so far

public:
    bool directed_ = false;  // the directed script draws PCs freely and has no flush
};

#endif
