// traffic: directed and constrained-random request streams.
#include "traffic.h"

#include <cstring>

traffic::traffic(const cm_l1_t *model, uint64_t seed) : m_(model), rng_(seed) {}

void traffic::shared_lines_from(uint64_t line_seed, unsigned n)
{
    std::mt19937_64 lines(line_seed);
    const lay_l1_t *l = &m_->lay;
    uint64_t lmask = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
    uint64_t next = (lines() & lmask) | 1;
    desc_ = "shared_lines_from";
    for (unsigned i = 0; i < n; next++) {
        unsigned run = 1 + (unsigned)(lines() % 3);
        for (unsigned k = 0; k < run && i < n; k++, i++)
            script_.push_back(make(false, next & lmask));
    }
    small_pool_requests += n;
}

uint64_t traffic::line_of(unsigned set, uint64_t tag) const
{
    // Invert the index function. Every index (modulo, xor, pric) is linear over GF(2) and
    // passes the low m line-address bits straight through: index(high | low) =
    // low ^ index(high | 0). So choose low = set ^ index(high | 0).
    const lay_l1_t *l = &m_->lay;
    uint64_t tag_mask = l->tag_bits >= 64 ? ~0ULL : ((1ULL << l->tag_bits) - 1);
    uint64_t high = (tag & tag_mask) << l->set_bits;
    uint64_t low = set ^ cm_l1_index(m_, high << l->off_bits);
    return high | low;
}

cm_req_t traffic::make(bool store, uint64_t line)
{
    cm_req_t q;
    std::memset(&q, 0, sizeof q);
    const lay_l1_t *l = &m_->lay;
    uint64_t lmask = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
    q.store = store;
    q.addr = (line & lmask) << l->off_bits;
    q.id = next_id_++ & ((1u << m_->cfg.id_bits) - 1);
    uint64_t pc_mask = m_->cfg.pc_bits >= 64 ? ~0ULL : ((1ULL << m_->cfg.pc_bits) - 1);
    if (pc_pool && pcs_.size() != pc_pool) {
        pcs_.clear();
        for (unsigned i = 0; i < pc_pool; i++)
            pcs_.push_back(rng_() & pc_mask & ~3ULL); // instruction-aligned PCs
    }
    q.pc = pc_pool ? pcs_[rng_() % pc_pool] : rng_() & pc_mask;
    if (pc_by_pattern && pc_pool && pc_pool <= 8 && (rng_() & 3) != 0)
        q.pc = pcs_[cur_pattern_ % pc_pool];
    if (fixed_pc_ && pc_pool)
        q.pc = pcs_[0];
    q.core = (unsigned)(rng_() & ((1u << m_->cfg.core_bits) - 1));
    if (base_pool && (rng_() & 3) != 0) {
        q.base = (cur_pattern_ + 1) % base_pool;
    } else if (base_pool) {
        unsigned k = 0;
        for (uint64_t r = rng_(); (r & 1) && k + 1 < base_pool; r >>= 1)
            k++;
        q.base = k;
    }
    if (store) {
        for (unsigned i = 0; i < m_->cfg.line_bytes; i++) {
            bv_put(&q.be, i, 1, (rng_() & 3) != 0);
            bv_set_byte(&q.wdata, i, (uint8_t)rng_());
        }
    }
    return q;
}

void traffic::directed()
{
    desc_ = "directed";
    unsigned ways = m_->cfg.ways, mshrs = m_->cfg.mshrs;
    auto ld = [&](unsigned set, uint64_t tag) { script_.push_back(make(false, line_of(set, tag))); };
    auto st = [&](unsigned set, uint64_t tag) { script_.push_back(make(true, line_of(set, tag))); };
    ld(0, 1);            // miss, fill into invalid way 0
    ld(0, 1);            // same line while its read is outstanding: stall, then hit
    st(0, 1);            // store hit: bytes updated (or invalidated with write_evict)
    ld(0, 1);            // load sees the stored bytes
    st(1, 7);            // store miss: write-through only
    ld(1, 7);            // load miss returns the written bytes from memory
    for (unsigned t = 2; t < 2 + ways + 2; t++)
        ld(0, t);        // fill every way of set 0, then evict twice
    for (unsigned t = 2; t < 2 + ways; t++)
        ld(0, t);        // hits and misses by replacement order
    for (unsigned k = 0; k < 2 * mshrs + 3; k++)
        ld(2 % m_->cfg.sets, 100 + k % (2 * mshrs + 3)); // more misses than MSHRs: reservation failures
    for (unsigned k = 0; k < 4 * ways; k++)
        script_.push_back(make(k & 1, line_of(3 % m_->cfg.sets, 200 + k % (ways + 1))));
}

void traffic::fig7()
{
    desc_ = "fig7";
    static const unsigned stream[] = {1, 2, 3, 2, 1, 1, 3, 4, 1, 2, 3, 3}; // a1=1 a2=2 b1=3 b2=4
    for (unsigned t : stream)
        script_.push_back(make(false, line_of(0, t)));
}

void traffic::random(pattern p, unsigned n)
{
    if (p >= pattern::miss_flood) {
        focused(p, n);
        return;
    }
    const lay_l1_t *l = &m_->lay;
    unsigned lines = m_->cfg.sets * m_->cfg.ways;
    uint64_t lmask = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
    static const char *const names[] = {"stream", "hot_small", "hot_large", "stride", "uniform",
                                        "hot_pair", "hot_set", "mix"};
    desc_ = names[(int)p];
    uint64_t base = rng_() & lmask, cursor = base;
    std::uniform_int_distribution<unsigned> pct(0, 99);
    pattern cur = p;
    unsigned burst = 0;
    unsigned stride_k = l->set_bits + (unsigned)(rng_() % 3);
    for (unsigned i = 0; i < n; i++) {
        // PCs alternate every 1000 requests between a small pool (8 PCs, as in GPU kernels
        // with few load instructions) and a large one (1024).
        pc_pool = (i / 1000) % 2 ? 1024 : 8;
        (pc_pool == 8 ? small_pool_requests : large_pool_requests)++;
        if (p == pattern::mix && burst == 0) {
            cur = (pattern)(rng_() % 7);
            burst = 16 + (unsigned)(rng_() % 200);
            base = rng_() & lmask;
            cursor = base;
        }
        if (burst)
            burst--;
        uint64_t line = 0;
        switch (cur) {
        case pattern::stream:
            line = cursor++;
            break;
        case pattern::hot_small:
            line = base + rng_() % (lines > 2 ? lines / 2 : 1);
            break;
        case pattern::hot_large:
            line = base + rng_() % (2 * lines + 1);
            break;
        case pattern::hot_pair:
            line = base + (rng_() & 1);
            break;
        case pattern::hot_set: // base picks the set and the first tag
            line = line_of((unsigned)(base % m_->cfg.sets), (base >> 8) + rng_() % (m_->cfg.ways + 2));
            break;
        case pattern::stride:
            line = base + ((rng_() % (2 * m_->cfg.ways + 2)) << stride_k);
            break;
        default:
            line = rng_();
            break;
        }
        // hot_pair models read-only hot data: with write-evict a store would reset the
        // line's reference count, and saturation could never be reached
        bool store = pct(rng_) < store_pct && cur != pattern::hot_pair;
        cur_pattern_ = (unsigned)cur;
        script_.push_back(make(store, line & lmask));
    }
}

void traffic::focused(pattern p, unsigned n)
{
    const lay_l1_t *l = &m_->lay;
    unsigned sets = m_->cfg.sets, ways = m_->cfg.ways;
    uint64_t lmask = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
    static const char *const names[] = {"miss_flood", "set_rotate", "dead_loop", "shared_lines",
                                        "tag_crowd", "fgcb_windows"};
    desc_ = names[(int)p - (int)pattern::miss_flood];
    pc_pool = 8;
    if (p == pattern::miss_flood) {
        // fresh lines, one tag per pass over the sets: each misses (it was never fetched)
        if (!flood_next_)
            flood_next_ = (rng_() & lmask) | 1;
        for (unsigned i = 0; i < n; i++) {
            script_.push_back(make(false, flood_next_ & lmask));
            flood_next_ += 1 + (rng_() % 3 == 0);
        }
        small_pool_requests += n;
        return;
    }
    if (p == pattern::set_rotate) {
        // 2 x ways lines of one set (no more than the tag store holds), loads in a cycle: with
        // more lines than data ways each load misses, and its line is reserved until the fill
        unsigned tags = m_->lay.dec ? m_->lay.tag_ways : ways + 2;
        unsigned k = 2 * ways < tags ? 2 * ways : tags;
        unsigned set = (unsigned)(rng_() % sets);
        uint64_t tag0 = rng_();
        for (unsigned i = 0; i < n; i++)
            script_.push_back(make(false, line_of(set, tag0 + i % k)));
        small_pool_requests += n;
        return;
    }
    if (p == pattern::tag_crowd) {
        // ways + 1 hot lines (one load in three) reach the threshold and take the data lines in
        // turn; between them tag_ways + 2 cold lines in a cycle, more than the tag store holds
        // with the hot ones. Once it is full each new cold line evicts the entry without a data
        // line of the smallest RC: a count differs by reuse (a cold line loaded again before
        // its eviction, a hot one that lost its line), and ties are common (loaded once: 1;
        // aged by a reservation since: 0)
        unsigned tags = m_->lay.dec ? m_->lay.tag_ways : ways;
        unsigned set = (unsigned)(rng_() % sets);
        uint64_t tag0 = rng_();
        for (unsigned i = 0, cold = 0; i < n; i++) {
            uint64_t t = rng_() % 3 == 0 ? rng_() % (ways + 1) : ways + 1 + cold++ % (tags + 2);
            script_.push_back(make(false, line_of(set, tag0 + t)));
        }
        small_pool_requests += n;
        return;
    }
    if (p == pattern::fgcb_windows) {
        // FG-CB with N in the hundreds or thousands and a window of thousands of cycles: half
        // the loads are base id 0, fresh lines but one in ten of a hot line (more than M of N
        // miss: bypass L1, so later loads of hot lines are bypassed hits, and as many reads as
        // loads, whose L2 misses, the hint's, decide L2 either way by the phase's hint rate);
        // two in five are id 1 over a hot set of a quarter of the cache's lines, one a set,
        // that id 0's fresh lines do not push out (hits: keep L1); one in ten spreads over the
        // other ids of the pool, more than the table holds (it fills, and each stays far below
        // N: undecided when its window ends). One request in twenty is a store.
        unsigned hot = sets * ways / 4 ? sets * ways / 4 : 1, pool = base_pool ? base_pool : 1;
        if (!flood_next_)
            flood_next_ = (rng_() & lmask) | 1;
        if (!hot_started_) {
            hot_base_ = rng_() & lmask;
            hot_started_ = true;
        }
        for (unsigned i = 0; i < n; i++) {
            pc_pool = (i / 1000) % 2 ? 1024 : 8; // the PC pools as random()'s
            (pc_pool == 8 ? small_pool_requests : large_pool_requests)++;
            unsigned r = (unsigned)(rng_() % 100), id;
            uint64_t line;
            if (r < 50) {
                id = 0;
                line = r < 45 ? flood_next_++ : hot_base_ + rng_() % hot;
            } else if (r < 90) {
                id = 1;
                line = hot_base_ + rng_() % hot;
            } else {
                id = pool > 2 ? 2 + (unsigned)(rng_() % (pool - 2)) : (unsigned)(rng_() % pool);
                line = rng_();
            }
            cm_req_t q = make(rng_() % 20 == 0, line & lmask);
            q.base = id % pool;
            script_.push_back(q);
        }
        return;
    }
    fixed_pc_ = true;
    if (p == pattern::shared_lines) {
        // fresh lines (they never hit, so a predictor learns the PC is dead), each read by a
        // run of 2-10 loads: the first misses, the rest find its read outstanding
        if (!flood_next_)
            flood_next_ = (rng_() & lmask) | 1;
        for (unsigned i = 0; i < n; flood_next_++) {
            unsigned run = 2 + (unsigned)(rng_() % 9);
            for (unsigned k = 0; k < run && i < n; k++, i++)
                script_.push_back(make(false, flood_next_ & lmask));
        }
        fixed_pc_ = false;
        small_pool_requests += n;
        return;
    }
    // dead_loop: one PC over four times the cache's lines, in order, loads only, each call
    // going on where the last stopped. Below the threshold every fill evicts one of the loop's
    // lines before its reuse (+1); above it the lines alternate between bypassed (the L2 bit
    // set) and corrected (installed), and with 2 x ways corrected lines a set per pass, those
    // too are evicted unused, up to saturation
    uint64_t lines = 4ULL * sets * ways;
    if (!dead_started_) {
        dead_base_ = rng_() & lmask;
        dead_started_ = true;
    }
    for (unsigned i = 0; i < n; i++, dead_pos_++)
        script_.push_back(make(false, (dead_base_ + dead_pos_ % lines) & lmask));
    fixed_pc_ = false;
    small_pool_requests += n;
}

bool traffic::next(cm_req_t &q)
{
    if (pos_ >= script_.size())
        return false;
    q = script_[pos_++];
    return true;
}
