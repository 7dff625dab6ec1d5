// l2pol_tb_plru: l2.replacement = plru in the harnesses (cm_l2_pol_plru.c): the shared
// replacement table's tree pseudo-LRU, whose node bits the harnesses' row compare covers bit
// for bit. Its block's bins, on both tops, show the traffic exercised what sets the tree apart
// from true LRU, each from the model's results and rows: a victim true LRU would not pick (the
// true order kept here from the hits and fills the block sees), a hit on the half the root
// points to flipping the root, and victims on either side of the root.
#ifndef CACHEGEN_TB_L2POL_TB_PLRU_H
#define CACHEGEN_TB_L2POL_TB_PLRU_H

#include "l2pol_tb.h"

template <class T> class l2pol_tb_plru_blk : public l2pol_tb_block<T> {
    using B = l2pol_tb_block<T>;

public:
    l2pol_tb_plru_blk(T *top, const l2pol_env &e)
        : B(top, e), ways_(e.m->lay.ways), levels_(cfg_log2(e.m->lay.ways)),
          root_(e.m->lay.sets), used_((size_t)e.m->lay.sets * e.m->lay.ways)
    {
        for (unsigned s = 0; s < e.m->lay.sets; s++)
            root_[s] = e.m->rows[s].state & 1;
    }
    static void bins(l2pol_top, std::vector<std::string> &v)
    {
        v.insert(v.end(), {"plru_victim_not_lru", "plru_hit_flips_root", "plru_victim_left_half",
                           "plru_victim_right_half"});
    }
    // With 2 ways the tree is one node, which is true LRU; every victim bin needs a choice.
    bool reachable(const std::string &b) const override
    {
        return ways_ >= (b == "plru_victim_not_lru" ? 4u : 2u);
    }
    // Hits and fills renew a way's last use; the root before the next event in the set is the
    // model's after this one.
    void cover_event(const cm_l2_result_t &r, const lay_l2_row_t &) override
    {
        auto hit = B::e_.hit;
        unsigned root = B::m_->rows[r.set].state & 1;
        uint64_t *used = &used_[(size_t)r.set * ways_];
        if (ways_ < 2 || r.kind == EVT_SWEEP) {
            root_[r.set] = root;
            return;
        }
        unsigned half = r.way >> (levels_ - 1); // 0: the lower half, where root bit 0 points
        if (r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT) {
            if (half == root_[r.set] && root != root_[r.set])
                hit("plru_hit_flips_root");
            used[r.way] = ++now_;
        } else if (r.dec == DEC_FILL) {
            if (r.evict_valid) { // a full set: the victim is the tree's
                unsigned lru = 0;
                for (unsigned w = 1; w < ways_; w++)
                    if (used[w] < used[lru])
                        lru = w;
                if (r.way != lru)
                    hit("plru_victim_not_lru");
                hit(half ? "plru_victim_right_half" : "plru_victim_left_half");
            }
            used[r.way] = ++now_;
        }
        root_[r.set] = root;
    }

private:
    unsigned ways_, levels_;
    std::vector<uint8_t> root_;   // per set: the root node bit before the next event
    std::vector<uint64_t> used_;  // per set and way: the event count at its last hit or fill
    uint64_t now_ = 0;
};

template <class T> void l2pol_tb_plru(l2pol_tb<T> &p) { p.template add<l2pol_tb_plru_blk<T>>(); }

#endif
