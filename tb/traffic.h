// traffic: request streams for the harness: a directed script that walks every L1 decision
// path, and constrained-random patterns (streams, hot sets, strides, uniform, mixes).
#ifndef CACHEGEN_TB_TRAFFIC_H
#define CACHEGEN_TB_TRAFFIC_H

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>
extern "C" {
#include "../cmodel/cm_l1.h"
}

// hot_pair: two lines hammered by loads (reference counts saturate in the decoupled store).
// hot_set: ways + 2 lines of one set (every data line of a set reserved at once).
// After mix, the patterns a run adds while extending its traffic for an unhit bin (never drawn
// by mix): miss_flood: loads of lines never seen, spread over every set (every MSHR busy, with
// slow memory); set_rotate: loads cycling over 2 x ways lines of one set (at most the tag store's
// ways), so every data line of the set is reserved at once; dead_loop: loads of one PC cycling
// over four times the cache's lines, resumed where it stopped by the next call (its predictor
// counter saturates, and the bypassed lines come back with the L2's bypass bit set);
// shared_lines: loads of one PC over fresh lines, each line loaded by 2-10 requests in a row
// (the warps of a block reading the same tile), so later loads find the first one's read
// outstanding and merge with it or stall on it; tag_crowd: loads of one set over more lines
// than its tag store holds (tag_ways + ways + 3), a few of them hot, so the decoupled store
// evicts tag entries by LFU, often choosing among several with the same count. fgcb_windows
// (+traffic=fgcb, FG-CB at the paper's N and window): loads whose base ids make the decisions
// happen within a window (focused(): which id loads what).
enum class pattern { stream, hot_small, hot_large, stride, uniform, hot_pair, hot_set, mix,
                     miss_flood, set_rotate, dead_loop, shared_lines, tag_crowd, fgcb_windows };

class traffic {
public:
    traffic(const cm_l1_t *model, uint64_t seed);
    // Directed script: fixed addresses chosen from the geometry.
    void directed();
    // Paper 000's Figure 7 stream a1 a2 b1 a2 a1 a1 b1 b2 a1 a2 b1 b1: loads, all in set 0.
    void fig7();
    // Random: `n` requests of `p` (mix picks a pattern per burst; a focused pattern, after
    // mix, goes to focused()).
    void random(pattern p, unsigned n);
    // `n` requests of one of the focused patterns (miss_flood ... tag_crowd).
    void focused(pattern p, unsigned n);
    bool next(cm_req_t &q);
    // `n` loads of shared_lines whose lines and run lengths come from `line_seed` alone: every
    // core given the same seed loads the same fresh lines at about the same time (an L2 that
    // merges reads sees reads of one line from several L1s).
    void shared_lines_from(uint64_t line_seed, unsigned n);
    size_t remaining() const { return script_.size() - pos_; }
    // End the traffic here: the requests not yet handed out are dropped (+cover_margin)
    void stop() { script_.resize(pos_); }
    std::string describe() const { return desc_; }
    unsigned store_pct = 25;
    unsigned pc_pool = 0;    // PCs drawn from this many distinct values (0: any PC)
    // PC predictor: with the small pool, 3 requests in 4 take the PC of their burst's pattern,
    // so streaming and reusing PCs differ, as in a kernel's load instructions
    bool pc_by_pattern = false;
    // FG-CB's base ids from this many values (0: all 0): mostly one per traffic pattern (so an
    // id streams or reuses), else skewed towards low ids (so high ones stay below N)
    unsigned base_pool = 0;
    // sacat's pool: two ids more than the table holds (so it fills and some loads go
    // untracked), as far as l1.fgcb_id_bits allows
    static unsigned fgcb_pool(const cfg_l1_t &c)
    {
        return std::min(c.fgcb_entries + 2, 1u << c.fgcb_id_bits);
    }
    // sacat: the harnesses start a kernel in one cycle of this many on average (about every
    // 1.5 windows, so some windows close before the next start)
    static unsigned fgcb_kstart_every(const cfg_l1_t &c)
    {
        return c.fgcb_window + c.fgcb_window / 2 + 64;
    }
    uint64_t small_pool_requests = 0, large_pool_requests = 0;

private:
    cm_req_t make(bool store, uint64_t line);
    uint64_t line_of(unsigned set, uint64_t tag) const;
    const cm_l1_t *m_;
    std::mt19937_64 rng_;
    std::vector<cm_req_t> script_;
    size_t pos_ = 0;
    uint32_t next_id_ = 0;
    std::string desc_;
    std::vector<uint64_t> pcs_;
    unsigned cur_pattern_ = 0;  // the pattern of the current burst (pc_by_pattern)
    uint64_t flood_next_ = 0;   // miss_flood: the next fresh line
    bool fixed_pc_ = false;     // dead_loop, shared_lines: every request takes pcs_[0]
    uint64_t dead_base_ = 0, dead_pos_ = 0; // dead_loop: its first line, the next step
    bool dead_started_ = false;
    uint64_t hot_base_ = 0;     // fgcb_windows: the first of its hot lines
    bool hot_started_ = false;
};

#endif
