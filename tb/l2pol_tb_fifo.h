// l2pol_tb_fifo: l2.replacement = fifo in the harnesses (cm_l2_pol_fifo.c): the shared
// replacement table's FIFO, whose order the harnesses' row compare covers bit for bit. Its
// block's bins, on both tops, show the traffic exercised what sets FIFO apart from LRU, each
// from the model's results and rows: a hit on the oldest line of a full set that the next fill
// still evicts, a victim hit since its fill and used after another way of its set (true LRU,
// kept here from the hits and fills the block sees, would have kept it), and a set whose ages
// went round: its victims took every way once, in fill order, and came back to the first.
#ifndef CACHEGEN_TB_L2POL_TB_FIFO_H
#define CACHEGEN_TB_L2POL_TB_FIFO_H

#include <deque>
#include "l2pol_tb.h"

template <class T> class l2pol_tb_fifo_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    l2pol_tb_fifo_blk(T *top, const l2pol_env &e)
        : B(top, e), ways_(e.m->lay.ways), oldest_hit_(e.m->lay.sets, -1),
          victims_(e.m->lay.sets), filled_((size_t)e.m->lay.sets * e.m->lay.ways),
          used_(filled_.size())
    {
    }
    static void bins(l2pol_top, std::vector<std::string> &v)
    {
        v.insert(v.end(), {"fifo_hit_keeps_order", "fifo_evicts_hit_line", "fifo_age_wraps"});
    }
    // A direct-mapped L2 keeps no order and has no victim choice.
    bool reachable(const std::string &) const override { return ways_ >= 2; }
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        auto hit = B::e_.hit;
        const lay_l2_row_t &row = B::m_->rows[r.set];
        size_t at = (size_t)r.set * ways_;
        if (ways_ < 2)
            return;
        if (r.kind == EVT_SWEEP) {
            oldest_hit_[r.set] = -1;
            victims_[r.set].clear();
        } else if (r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT) {
            bool full = true;
            for (unsigned w = 0; w < ways_; w++)
                full = full && row.way[w].valid;
            if (full && row.way[r.way].repl == ways_ - 1) // the next fill's victim, after the hit
                oldest_hit_[r.set] = (int)r.way;
            used_[at + r.way] = ++now_;
        } else if (r.dec == DEC_FILL) {
            if (r.evict_valid) {
                unsigned v = r.way;
                if (oldest_hit_[r.set] == (int)v)
                    hit("fifo_hit_keeps_order");
                bool lru_keeps = false; // some other way was last used before the victim
                for (unsigned w = 0; w < ways_; w++)
                    lru_keeps = lru_keeps || (w != v && used_[at + w] < used_[at + v]);
                if (used_[at + v] > filled_[at + v] && lru_keeps)
                    hit("fifo_evicts_hit_line");
                std::deque<unsigned> &q = victims_[r.set]; // the set's last ways evictions
                if (q.size() == ways_ && q.front() == v &&
                    std::set<unsigned>(q.begin(), q.end()).size() == ways_)
                    hit("fifo_age_wraps");
                q.push_back(v);
                if (q.size() > ways_)
                    q.pop_front();
            }
            oldest_hit_[r.set] = -1;
            filled_[at + r.way] = used_[at + r.way] = ++now_;
        }
    }

private:
    unsigned ways_;
    std::vector<int> oldest_hit_;              // per set: a hit oldest way, until the next fill
    std::vector<std::deque<unsigned>> victims_; // per set: the last ways victims, oldest first
    std::vector<uint64_t> filled_, used_;      // per set and way: event count at fill, last use
    uint64_t now_ = 0;
};

template <class T> void l2pol_tb_fifo(l2pol_tb<T> &p) { p.template add<l2pol_tb_fifo_blk<T>>(); }

#endif
