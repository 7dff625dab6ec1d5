// coverage: named bins, one per decision path the L1 can take, plus channel conditions.
// A run reports every bin's count; with +cover a random run extends its traffic while a
// reachable bin stays at zero (up to a bound), then fails with a coverage hole if one still does.
// A mechanism's own bins are named in tb/mech_bins_<mode>.h and reached by its plug-in's rules
// and hooks (tb/mech_tb_<mode>.h).
#ifndef CACHEGEN_TB_COVERAGE_H
#define CACHEGEN_TB_COVERAGE_H

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include "harness_util.h"
#include "mech_bins_reg.h"
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
        for (const char *b : {"merge_join", "merge_full_stall", "merge_waiters_answered",
                              "merge_fill_bypass", "merge_waiters_backpressured",
                              "merge_flush_with_waiters", "fifo_hit_keeps_ages",
                              "fifo_evicts_reused_way", "random_victim_every_way", "rsp_bypass"})
            set_.declare(b);
        for (const char *b : {"fill_err", "rsp_err", "merge_fill_err"}) // failed reads
            set_.declare(b);
        mech_bins_declare_l1(set_); // every mechanism's (tb/mech_bins_reg.h), n/a under others
    }
    // The bins of the mechanism's own path word, per event and per cycle end (cm_result.mech.
    // fg_paths, cm_l1_cycle_end): only the configured mechanism sets its bits.
    void cycle_paths(uint32_t paths)
    {
        for (const mech_bins *mb : mech_bins_registry())
            mech_bins_hit(*this, paths, mb->own_paths);
    }
    void event(const cm_result_t &r, bool evict, const cm_l1_t *m)
    {
        if (m->cfg.repl == REPL_SRRIP && (r.dec == DEC_FILL || r.dec == DEC_LD_MISS) && r.evict_valid)
            hit(r.aged ? "srrip_victim_aged" : "srrip_victim_at_max");
        for (const mech_bins *mb : mech_bins_registry())
            mech_bins_hit(*this, r.paths, mb->paths);
        cycle_paths(r.mech.fg_paths);
        mech_tb::cover(*this, r);
        if (r.dec == DEC_LD_MERGE) hit("merge_join");
        if (r.kind == EVT_FILL && r.nwait > 0)
            hit(r.status == ST_ERR ? "merge_fill_err"
                : r.status == ST_BYPASS ? "merge_fill_bypass" : "merge_waiters_answered");
        if (r.kind == EVT_FILL && r.status == ST_ERR)
            hit("fill_err");
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
        static const char *const names[] = {"rsp_hit", "rsp_miss", "rsp_bypass", "rsp_store",
                                            "rsp_err"};
        hit(names[status <= ST_ERR ? status : ST_ERR]);
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
        // failed reads: only an L1 whose memory side reports errors (the harness draws one
        // read in 16 to fail), under random traffic
#ifdef CG_MEM_ERR
        const bool mem_err = true;
#else
        const bool mem_err = false;
#endif
        if (bin == "fill_err" || bin == "rsp_err")
            return mem_err && !directed_;
        if (bin == "merge_fill_err")
            return mem_err && !directed_ && m->cfg.mshr_merge;
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
                return mech_tb::bypasses(c);
            return true;
        }
        if (bin == "fill_evict") // the decoupled store evicts when it reserves
            return !dec;
        // decoupled: every outstanding read that allocates reserves a data line, so without
        // bypassing reads (threshold < 2) more MSHRs than data lines are never all busy
        // (soak: randcfg seeds 153 and 164)
        if (bin == "stall_mshr_full" && dec && c.threshold < 2)
            return c.mshrs <= c.sets * c.ways;
        if (bin == "rsp_bypass")
            return mech_tb::bypasses(c) && !directed_;
        if (mech_bins_is_l1(bin)) // a mechanism's: only under it, by its plug-in's rule
            return mech_tb::reachable(c, bin) && (!directed_ || mech_tb::directed_reaches(bin));
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
