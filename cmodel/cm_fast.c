/* cm_fast: compact-array LRU / tree-PLRU / SRRIP for the trace simulator's fast path. */
#include "cm_fast.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "cm_index.h"
#include "cm_repl.h"
#include "trace.h"

/* ---- LRU order lists (cm_fast.h: order, order_bits) ------------------------------------- */

/* `list` with `way` moved to the front (age 0) and the ways before it one age older: an LRU
 * touch, on BITS-bit fields (2 or 4). The list holds `way` exactly once, below any unused
 * (zero) fields, so the lowest zero field of list ^ way-in-every-field is its position (the
 * borrow of the zero-field test only reaches fields above a zero one). */
static inline uint64_t order_move(uint64_t list, uint64_t way, const unsigned BITS)
{
    const uint64_t ones = BITS == 2 ? UINT64_C(0x5555555555555555) : UINT64_C(0x1111111111111111);
    const uint64_t highs = ones << (BITS - 1);
    const uint64_t x = list ^ way * ones;
    const unsigned at = (unsigned)__builtin_ctzll((x - ones) & ~x & highs) - (BITS - 1);
    const uint64_t older = ~((UINT64_C(1) << BITS) - 1) << at; /* after way's: kept */
    const uint64_t shifted = list << BITS;                       /* before it: one older */
    return (shifted ^ ((list ^ shifted) & older)) | way;
}

/* The LRU touch of way w on set's order list (2-bit lists through the table). */
static inline void order_touch(cm_fast_t *f, unsigned set, unsigned w)
{
    uint64_t *list = &f->order[set];
    *list = f->order_bits == 2 ? f->touch4[*list][w] : order_move(*list, w, 4);
}

/* The way of age `age` in a list. */
static inline unsigned order_way(const cm_fast_t *f, uint64_t list, unsigned age)
{
    return (unsigned)(list >> f->order_bits * age) & ((1u << f->order_bits) - 1);
}

int cm_fast_new(const cfg_t *c, cm_fast_t **out)
{
    cm_fast_t *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->cfg = c->l1;
    lay_l1_build(&c->l1, &f->lay);
    size_t n = (size_t)c->l1.sets * c->l1.ways;
    f->tag = aligned_alloc(16, (n * sizeof *f->tag + 15) & ~(size_t)15); /* way pairs */
    f->repl = malloc(n);
    f->stamp = malloc(n * sizeof *f->stamp);
    f->order = malloc(c->l1.sets * sizeof *f->order);
    f->plru = malloc(c->l1.sets * sizeof *f->plru);
    if (!f->tag || !f->repl || !f->stamp || !f->order || !f->plru) {
        cm_fast_free(f);
        return -1;
    }
    f->plru_levels = cfg_log2(c->l1.ways);
    f->key_mask = ~((UINT64_C(1) << (f->lay.off_bits + f->lay.set_bits)) - 1);
    if (c->l1.index == INDEX_PRIC) {
        f->pric_poly = cfg_pric_poly(&c->l1);
        f->pric_hashed = cfg_pric_hashed_bits(&c->l1);
    }
    f->order_bits = c->l1.ways <= 4 ? 2 : c->l1.ways <= CM_FAST_LIST_WAYS ? 4 : 0;
    for (unsigned list = 0; list < 256; list++) /* lists of up to 4 ways (in 8 bits) */
        for (unsigned w = 0; w < 4; w++) {
            unsigned age = 0; /* only lists holding w are ever touched on w */
            while (age < 4 && ((list >> 2 * age) & 3) != w)
                age++;
            f->touch4[list][w] = (uint8_t)(age < 4 ? order_move(list, w, 2) : list);
        }
    f->flat_mode = -1;
    cm_fast_flush(f);
    *out = f;
    return 0;
}

void cm_fast_free(cm_fast_t *f)
{
    if (!f)
        return;
    free(f->tag);
    free(f->repl);
    free(f->stamp);
    free(f->order);
    free(f->plru);
    free(f);
}

void cm_fast_flush(cm_fast_t *f)
{
    unsigned ways = f->cfg.ways;
    /* reset ages: way i has age i (the order list 0, 1, ..., ways-1; stamps ways-1 .. 0) */
    uint64_t order = 0;
    for (unsigned age = 0; f->order_bits && age < ways; age++)
        order |= (uint64_t)age << f->order_bits * age;
    f->clock = ways; /* touches stamp later than the reset stamps */
    for (unsigned s = 0; s < f->cfg.sets; s++) {
        for (unsigned w = 0; w < ways; w++) {
            f->tag[s * ways + w] = CM_FAST_INVALID; /* reset row: tag 0, invalid */
            f->repl[s * ways + w] = 0;
            f->stamp[s * ways + w] = ways - 1 - w;
        }
        f->order[s] = order;
        f->plru[s] = 0;
    }
}

static inline __attribute__((always_inline)) unsigned set_of(const cm_fast_t *f, uint64_t addr,
                                                             cfg_index_t index)
{
    return cm_index(index, f->lay.off_bits, f->lay.set_bits, f->pric_poly, f->pric_hashed, addr);
}

static inline __attribute__((always_inline)) void touch(cm_fast_t *f, unsigned set, unsigned w,
                                                        cfg_repl_t repl)
{
    unsigned ways = f->cfg.ways;
    if (ways == 1)
        return;
    if (repl == REPL_LRU && f->order_bits)
        order_touch(f, set, w);
    else if (repl == REPL_LRU)
        f->stamp[set * ways + w] = ++f->clock;
    else if (repl == REPL_PLRU)
        cm_plru_touch(&f->plru[set], f->plru_levels, w);
    else
        f->repl[set * ways + w] = 0;
}

static inline __attribute__((always_inline)) int access(cm_fast_t *f, uint64_t addr, int store,
                                                       cfg_repl_t repl, cfg_index_t index)
{
    unsigned ways = f->cfg.ways, set = set_of(f, addr, index);
    uint64_t tag = addr & f->key_mask;
    uint64_t *t = f->tag + (size_t)set * ways;
    for (unsigned w = 0; w < ways; w++) {
        if (t[w] != tag)
            continue;
        f->hits++;
        if (store && f->cfg.write_evict)
            t[w] |= CM_FAST_INVALID;  /* invalidate; tag and replacement state stay */
        else
            touch(f, set, w, repl);
        return 1;
    }
    f->misses++;
    if (store)
        return 0;  /* no write allocate */
    unsigned way = ways;
    for (unsigned w = 0; w < ways; w++)
        if (t[w] & CM_FAST_INVALID) {
            way = w;
            break;
        }
    uint8_t *r = f->repl + (size_t)set * ways;
    if (way == ways) {
        f->evictions++;
        if (ways == 1) {
            way = 0;
        } else if (repl == REPL_LRU && f->order_bits) { /* the last in order */
            way = order_way(f, f->order[set], ways - 1);
        } else if (repl == REPL_LRU) { /* the oldest stamp is age ways-1 */
            const uint64_t *st = f->stamp + (size_t)set * ways;
            way = 0;
            for (unsigned w = 1; w < ways; w++)
                way = st[w] < st[way] ? w : way;
        } else if (repl == REPL_PLRU) {
            way = cm_plru_victim(f->plru[set], f->plru_levels);
        } else {
            unsigned top = 0, max = (1u << f->cfg.rrpv_bits) - 1;
            for (unsigned w = 0; w < ways; w++)
                top = r[w] > top ? r[w] : top;
            for (unsigned w = 0; w < ways; w++)
                r[w] = (uint8_t)(r[w] + (max - top));
            for (way = 0; r[way] != max; way++)
                ;
        }
    }
    t[way] = tag;
    f->fills++;
    if (ways > 1) {
        if (repl == REPL_SRRIP)
            r[way] = (uint8_t)((1u << f->cfg.rrpv_bits) - 2);
        else
            touch(f, set, way, repl);
    }
    return 0;
}

int cm_fast_access(cm_fast_t *f, uint64_t addr, int store)
{
    return access(f, addr, store, f->cfg.repl, f->cfg.index);
}

void cm_fast_inval(cm_fast_t *f, uint64_t addr)
{
    unsigned set = set_of(f, addr, f->cfg.index);
    uint64_t tag = addr & f->key_mask;
    uint64_t *t = f->tag + (size_t)set * f->cfg.ways;
    for (unsigned w = 0; w < f->cfg.ways; w++)
        if (t[w] == tag) /* an invalid way never matches (CM_FAST_INVALID) */
            t[w] |= CM_FAST_INVALID;
}

/* A flush or invalidate record inside a run loop (rare: kept out of the loops' bodies). */
static void run_other(cm_fast_t *f, const trace_ref_t *ref, uint64_t mask, cm_fast_counts_t *c)
{
    if (ref->op == TR_FLUSH) {
        cm_fast_flush(f);
        c->flushes++;
    } else {
        cm_fast_inval(f, ref->addr & mask);
        c->invalidates++;
    }
}

/* One loop per (policy, index), so the inner loop has no policy or index branches. */
#define RUN_LOOP(NAME, REPL, INDEX)                                                           \
    static void NAME(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,           \
                     cm_fast_counts_t *c)                                                     \
    {                                                                                         \
        for (long i = 0; i < n; i++) {                                                        \
            if (refs[i].op > TR_WRITE) {                                                      \
                run_other(f, &refs[i], mask, c);                                              \
                continue;                                                                     \
            }                                                                                 \
            int store = refs[i].op == TR_WRITE;                                               \
            c->by_kind[store][access(f, refs[i].addr & mask, store, REPL, INDEX)]++;          \
        }                                                                                     \
    }
RUN_LOOP(run_plru_mod, REPL_PLRU, INDEX_MODULO)
RUN_LOOP(run_plru_xor, REPL_PLRU, INDEX_XOR)
RUN_LOOP(run_plru_pric, REPL_PLRU, INDEX_PRIC)
RUN_LOOP(run_srrip_mod, REPL_SRRIP, INDEX_MODULO)
RUN_LOOP(run_srrip_xor, REPL_SRRIP, INDEX_XOR)
RUN_LOOP(run_srrip_pric, REPL_SRRIP, INDEX_PRIC)

/* ---- LRU loops -------------------------------------------------------------------------- */

/* c ? a : b without a branch (compilers turn ?: on loop values into jumps); c is 0 or 1. */
static inline uint64_t pick(uint64_t c, uint64_t a, uint64_t b) { return b ^ ((a ^ b) & -c); }

/* Bit w: way w of t holds tag (an invalid way never matches: CM_FAST_INVALID). */
static inline __attribute__((always_inline)) uint64_t match(const uint64_t *t, uint64_t tag,
                                                            unsigned ways)
{
    uint64_t m = 0;
#pragma GCC unroll 32
    for (unsigned w = 0; w < ways; w++)
        m |= (uint64_t)(t[w] == tag) << w;
    return m;
}

/* Nonzero when a way of t is invalid (a miss fills it first). */
static inline __attribute__((always_inline)) uint64_t any_invalid(const uint64_t *t,
                                                                  unsigned ways)
{
    uint64_t any = 0;
#pragma GCC unroll 32
    for (unsigned w = 0; w < ways; w++)
        any |= t[w];
    return any & CM_FAST_INVALID;
}

/* t[way] = v when c (0 or 1). */
static inline __attribute__((always_inline)) void way_put(uint64_t *t, uint64_t way,
                                                          uint64_t v, uint64_t c)
{
    t[way] = pick(c, v, t[way]);
}

#if defined(__SSE2__)
#define PAIRS 1 /* an even way count reads and writes its ways in 16-byte pairs (SSE2) */
/* match() and any_invalid() two ways at a time (t 16-byte aligned, ways even). Such a set is
 * written in pairs too (pair_put): a 16-byte load of a pair just written by an 8-byte store
 * (the reference before, in the same set, as in a stream) cannot take its data from the
 * store and waits for it to retire; it made streams a quarter slower end to end. */
static inline __attribute__((always_inline)) uint64_t
match_pairs(const uint64_t *t, uint64_t tag, unsigned ways, uint64_t *any_inval)
{
    const __m128i key = _mm_set1_epi64x((long long)tag);
    __m128i any = _mm_setzero_si128();
    uint64_t m = 0;
#pragma GCC unroll 16
    for (unsigned w = 0; w < ways; w += 2) {
        const __m128i x = _mm_load_si128((const __m128i *)(t + w));
        __m128i eq = _mm_cmpeq_epi32(x, key); /* 64-bit equality: both halves equal */
        eq = _mm_and_si128(eq, _mm_shuffle_epi32(eq, _MM_SHUFFLE(2, 3, 0, 1)));
        m |= (uint64_t)_mm_movemask_pd(_mm_castsi128_pd(eq)) << w;
        any = _mm_or_si128(any, x);
    }
    *any_inval = (uint64_t)_mm_movemask_pd(_mm_castsi128_pd(_mm_slli_epi64(any, 63)));
    return m;
}

/* way_put as one 16-byte store of way's pair. */
static inline __attribute__((always_inline)) void pair_put(uint64_t *t, uint64_t way,
                                                           uint64_t v, uint64_t c)
{
    static const uint64_t lane[4][2] __attribute__((aligned(16))) = {
        {0, 0}, {0, 0}, {~UINT64_C(0), 0}, {0, ~UINT64_C(0)}}; /* [c * 2 + way % 2] */
    __m128i *const p = (__m128i *)(t + (way & ~UINT64_C(1)));
    const __m128i m = _mm_load_si128((const __m128i *)lane[c * 2 + (way & 1)]);
    const __m128i old = _mm_load_si128(p), x = _mm_set1_epi64x((long long)v);
    _mm_store_si128(p, _mm_xor_si128(old, _mm_and_si128(_mm_xor_si128(old, x), m)));
}
#else
#define PAIRS 0
#endif

/* The lowest invalid way of t (one must be). */
static unsigned first_invalid(const uint64_t *t)
{
    unsigned w = 0;
    while (!(t[w] & CM_FAST_INVALID))
        w++;
    return w;
}

/* What a run of one of the LRU loops counted. */
typedef struct lru_counts {
    uint64_t refs, stores, hits, store_hits, evictions;
    uint64_t same_set; /* references to the set of the one before (lru4_flat only) */
} lru_counts_t;

/* Fold a run's counts into f and c. Every load miss fills. */
static void lru_counted(cm_fast_t *f, cm_fast_counts_t *c, const lru_counts_t *k)
{
    const uint64_t load_hits = k->hits - k->store_hits, loads = k->refs - k->stores;
    f->fills += loads - load_hits;
    f->evictions += k->evictions;
    f->hits += k->hits;
    f->misses += k->refs - k->hits;
    c->by_kind[0][0] += loads - load_hits;
    c->by_kind[0][1] += load_hits;
    c->by_kind[1][0] += k->stores - k->store_hits;
    c->by_kind[1][1] += k->store_hits;
}

/* LRU on the order list (ways <= CM_FAST_LIST_WAYS), the policy Dinero IV simulates. One
 * branch per reference, on hit or miss (regular in streams and hot sets); a load and a store
 * run the same instructions, pick() choosing what they write, since stores come at random
 * (a third of a stream's references). A miss in a full set takes the last way in order, which
 * needs only the order word: the chain from one reference to the next in the same set (a
 * stream walks three arrays whose lines share a set) is a load, a shift and a store. The way
 * taken is the lowest hit way, else the lowest invalid way, else the oldest, as access()
 * takes it; a store miss writes nothing (no write allocate). WAYS is the way count as a
 * compile-time constant (0: f->cfg.ways), INDEX the index function and EVICT write-evict,
 * so the per-way loops unroll and the rest folds. Flush and invalidate records leave the
 * loop body through run_other. */
static inline __attribute__((always_inline)) void
lru_loop(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask, cm_fast_counts_t *c,
         lru_counts_t *k, const unsigned WAYS, const cfg_index_t INDEX, const int EVICT)
{
    const unsigned ways = WAYS ? WAYS : f->cfg.ways, off = f->lay.off_bits;
    const unsigned set_bits = f->lay.set_bits, pric_hashed = f->pric_hashed;
    const unsigned bits = WAYS ? (WAYS <= 4 ? 2 : 4) : f->order_bits; /* order fields */
    const unsigned oldest_at = bits * (ways - 1);
    const uint64_t key_mask = mask & f->key_mask, pric_poly = f->pric_poly;
    const uint64_t order_mask =
        bits * ways < 64 ? (UINT64_C(1) << bits * ways) - 1 : ~UINT64_C(0);
    const int pairs = PAIRS && WAYS && WAYS % 2 == 0;
    uint64_t *const tags = f->tag, *const orders = f->order;
    const uint8_t(*const touch4)[4] = f->touch4;
    uint64_t stores = 0, hits = 0, hit_stores = 0, evictions = 0;
    long others = 0; /* flush and invalidate records */
    for (const trace_ref_t *ref = refs, *const end = refs + n; ref < end; ref++) {
        const uint64_t op = ref->op;
        if (__builtin_expect(op > TR_WRITE, 0)) {
            run_other(f, ref, mask, c);
            others++;
            continue;
        }
        /* the index bits of a modulo index are below l1.addr_bits: no mask needed */
        const uint64_t addr = ref->addr, store = op; /* TR_WRITE == 1 */
        const unsigned set = cm_index(INDEX, off, set_bits, pric_poly, pric_hashed,
                                      INDEX == INDEX_MODULO ? addr : addr & mask);
        const uint64_t tag = addr & key_mask, list = orders[set];
        uint64_t *const t = tags + (size_t)set * ways;
        uint64_t hitm, any_inval = 0;
#if PAIRS
        if (pairs)
            hitm = match_pairs(t, tag, ways, &any_inval);
        else
#endif
            hitm = match(t, tag, ways);
        stores += store;
        if (hitm) { /* a hit: touched, or invalidated by a write-evict store */
            const uint64_t way = (uint64_t)__builtin_ctzll(hitm);
            const uint64_t touched = bits == 2 ? touch4[list][way] : order_move(list, way, 4);
            hits++;
            hit_stores += store;
            if (EVICT) {
                orders[set] = pick(store, list, touched);
#if PAIRS
                if (pairs)
                    pair_put(t, way, tag | CM_FAST_INVALID, store);
                else
#endif
                    way_put(t, way, tag | CM_FAST_INVALID, store);
            } else {
                orders[set] = touched;
            }
            continue;
        }
        if (!pairs)
            any_inval = any_invalid(t, ways);
        /* a miss: a load fills the lowest invalid way, else the oldest, which comes to the
         * front; a store changes nothing */
        const uint64_t fill = store ^ 1;
        uint64_t way, next;
        if (__builtin_expect(any_inval != 0, 0)) { /* till the set fills */
            way = first_invalid(t);
            next = bits == 2 ? touch4[list][way] : order_move(list, way, 4);
        } else {
            way = list >> oldest_at;
            next = (list << bits | way) & order_mask;
            evictions += fill;
        }
        orders[set] = pick(fill, next, list);
#if PAIRS
        if (pairs)
            pair_put(t, way, tag, fill);
        else
#endif
            way_put(t, way, tag, fill);
    }
    k->refs += (uint64_t)(n - others);
    k->stores += stores;
    k->hits += hits;
    k->store_hits += hit_stores;
    k->evictions += evictions;
}

/* 4-way LRU with modulo index and no write-evict (fermi-l1, Dinero IV's geometry) without a
 * branch on the outcome: a hit and a miss run the same instructions and pick() keeps the
 * right order word and tag. It wins where hits come at random: on a uniform-random trace
 * with one hit in four, lru_loop's hit branch mispredicts so often that it takes 4.8 ns a
 * reference against 2.4 ns when all hit or all miss; this loop takes 3.6 ns. It loses where
 * hits follow a pattern the branch predictor learns, and where a reference follows another
 * to its set (a stream), since the second then waits for the whole update of the first;
 * run_lru picks between them run by run. A miss in a set with an invalid way fills that
 * way (a branch, taken only until the set fills). */
static void lru4_flat(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,
                      cm_fast_counts_t *c, lru_counts_t *k)
{
    const unsigned off = f->lay.off_bits, set_mask = (1u << f->lay.set_bits) - 1;
    const uint64_t key_mask = mask & f->key_mask;
    uint64_t *const tags = f->tag, *const orders = f->order;
    const uint8_t(*const touch4)[4] = f->touch4;
    uint64_t stores = 0, hits = 0, hit_stores = 0, evictions = 0, same = 0;
    unsigned prev_set = ~0u;
    long others = 0;
    for (const trace_ref_t *ref = refs, *const end = refs + n; ref < end; ref++) {
        const uint64_t op = ref->op;
        if (__builtin_expect(op > TR_WRITE, 0)) {
            run_other(f, ref, mask, c);
            others++;
            continue;
        }
        const uint64_t addr = ref->addr, store = op, tag = addr & key_mask;
        const unsigned set = (unsigned)(addr >> off) & set_mask;
        const uint64_t list = orders[set];
        uint64_t *const t = tags + (size_t)set * 4;
        uint64_t hitm, any_inval;
#if PAIRS
        hitm = match_pairs(t, tag, 4, &any_inval);
#else
        hitm = match(t, tag, 4);
        any_inval = any_invalid(t, 4);
#endif
        same += set == prev_set;
        prev_set = set;
        const uint64_t hit = hitm != 0;
        const uint64_t fill = (hit | store) ^ 1;
        uint64_t way, next;
        if (__builtin_expect((any_inval != 0) & (hit ^ 1), 0)) { /* miss: an invalid way */
            way = first_invalid(t);
            next = touch4[list][way];
        } else { /* a hit touches its way; a miss takes the oldest, brought to the front */
            const uint64_t hit_way = (uint64_t)__builtin_ctzll(hitm | 16) & 3; /* 0: miss */
            way = list >> 6;
            next = pick(hit, touch4[list][hit_way], (list << 2 | way) & 0xff);
            evictions += fill;
        }
        orders[set] = pick(hit | fill, next, list);
#if PAIRS
        pair_put(t, way, tag, fill);
#else
        way_put(t, way, tag, fill);
#endif
        stores += store;
        hits += hit;
        hit_stores += hit & store;
    }
    k->refs += (uint64_t)(n - others);
    k->stores += stores;
    k->hits += hits;
    k->store_hits += hit_stores;
    k->evictions += evictions;
    k->same_set += same;
}

#define LRU_LOOP(NAME, WAYS, INDEX)                                                           \
    static void NAME(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,           \
                     cm_fast_counts_t *c, lru_counts_t *k)                                    \
    {                                                                                         \
        if (f->cfg.write_evict)                                                               \
            lru_loop(f, refs, n, mask, c, k, WAYS, INDEX, 1);                                 \
        else                                                                                  \
            lru_loop(f, refs, n, mask, c, k, WAYS, INDEX, 0);                                 \
    }
LRU_LOOP(run_lru_mod_w2, 2, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w4, 4, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w8, 8, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w16, 16, INDEX_MODULO)
LRU_LOOP(run_lru_mod, 0, INDEX_MODULO)
LRU_LOOP(run_lru_xor, 0, INDEX_XOR)
LRU_LOOP(run_lru_pric, 0, INDEX_PRIC)
RUN_LOOP(run_lru_wide, REPL_LRU, f->cfg.index) /* more ways than an order list holds */

/* References of a run that follow one to the same set (modulo index), for lru4_flat's
 * choice. */
static uint64_t same_sets(const cm_fast_t *f, const trace_ref_t *refs, long n)
{
    const unsigned off = f->lay.off_bits, set_mask = (1u << f->lay.set_bits) - 1;
    unsigned prev = ~0u;
    uint64_t same = 0;
    for (long i = 0; i < n; i++) {
        const unsigned set = (unsigned)(refs[i].addr >> off) & set_mask;
        same += set == prev;
        prev = set;
    }
    return same;
}

/* The LRU runs: the loop for the way count and index, and for fermi-l1's geometry the choice
 * of lru4_flat for the next run: taken while hits come at random (15% to 85% of a run's
 * references) and references rarely follow one to the same set (under 10%, the share
 * lru4_flat measures itself; lru_loop's runs with random hits measure it one run in 16). */
static void run_lru(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,
                    cm_fast_counts_t *c)
{
    typedef void (*loop_fn)(cm_fast_t *, const trace_ref_t *, long, uint64_t,
                            cm_fast_counts_t *, lru_counts_t *);
    static const loop_fn by_index[3] = {run_lru_mod, run_lru_xor, run_lru_pric};
    lru_counts_t k = {0, 0, 0, 0, 0, 0};
    const int four = f->cfg.ways == 4 && f->cfg.index == INDEX_MODULO && !f->cfg.write_evict;
    const int flat = four && (f->flat_mode >= 0 ? f->flat_mode : f->flat);
    if (flat)
        lru4_flat(f, refs, n, mask, c, &k);
    else if (f->cfg.index == INDEX_MODULO && f->cfg.ways == 2)
        run_lru_mod_w2(f, refs, n, mask, c, &k);
    else if (f->cfg.index == INDEX_MODULO && f->cfg.ways == 4)
        run_lru_mod_w4(f, refs, n, mask, c, &k);
    else if (f->cfg.index == INDEX_MODULO && f->cfg.ways == 8)
        run_lru_mod_w8(f, refs, n, mask, c, &k);
    else if (f->cfg.index == INDEX_MODULO && f->cfg.ways == 16)
        run_lru_mod_w16(f, refs, n, mask, c, &k);
    else
        by_index[f->cfg.index](f, refs, n, mask, c, &k);
    lru_counted(f, c, &k);
    if (!four || !k.refs)
        return;
    const int random_hits = k.hits * 100 >= k.refs * 15 && k.hits * 100 <= k.refs * 85;
    if (flat) {
        f->flat_same = k.same_set * 100 < k.refs * 10;
    } else if (random_hits && f->flat_probe-- == 0) {
        f->flat_same = same_sets(f, refs, n) * 100 < k.refs * 10;
        f->flat_probe = 15;
    }
    f->flat = random_hits && f->flat_same;
}

void cm_fast_run(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t addr_mask,
                 cm_fast_counts_t *counts)
{
    if (f->cfg.repl == REPL_LRU && f->cfg.ways > CM_FAST_LIST_WAYS) {
        run_lru_wide(f, refs, n, addr_mask, counts);
        return;
    }
    if (f->cfg.repl == REPL_LRU) {
        run_lru(f, refs, n, addr_mask, counts);
        return;
    }
    typedef void (*loop_fn)(cm_fast_t *, const trace_ref_t *, long, uint64_t, cm_fast_counts_t *);
    static const loop_fn loops[2][3] = {{run_plru_mod, run_plru_xor, run_plru_pric},
                                        {run_srrip_mod, run_srrip_xor, run_srrip_pric}};
    loops[f->cfg.repl - REPL_PLRU][f->cfg.index](f, refs, n, addr_mask, counts);
}

void cm_fast_row(const cm_fast_t *f, unsigned set, lay_l1_row_t *row)
{
    unsigned ways = f->cfg.ways;
    memset(row, 0, sizeof *row);
    for (unsigned w = 0; w < ways; w++) {
        uint64_t t = f->tag[set * ways + w];
        row->way[w].valid = !(t & CM_FAST_INVALID);
        row->way[w].tag = (t & ~CM_FAST_INVALID) >> (f->lay.off_bits + f->lay.set_bits);
        row->way[w].repl = f->lay.repl_bits ? f->repl[set * ways + w] : 0;
        if (f->cfg.repl == REPL_LRU && ways > 1 && f->order_bits) {
            unsigned age = 0; /* the position of w in the order list */
            while (order_way(f, f->order[set], age) != w)
                age++;
            row->way[w].repl = (uint8_t)age;
        } else if (f->cfg.repl == REPL_LRU && ways > 1) { /* age = ways touched later */
            const uint64_t *st = f->stamp + (size_t)set * ways;
            unsigned age = 0;
            for (unsigned v = 0; v < ways; v++)
                age += st[v] > st[w];
            row->way[w].repl = (uint8_t)age;
        }
    }
    row->plru = f->lay.plru_bits ? f->plru[set] : 0;
}
