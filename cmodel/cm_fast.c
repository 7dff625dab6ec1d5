/* cm_fast: compact-array LRU / tree-PLRU / SRRIP for the trace simulator's fast path. */
#include "cm_fast.h"

#include <stdlib.h>
#include <string.h>
#include "cm_index.h"
#include "cm_repl.h"
#include "trace.h"

int cm_fast_new(const cfg_t *c, cm_fast_t **out)
{
    cm_fast_t *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->cfg = c->l1;
    lay_l1_build(&c->l1, &f->lay);
    size_t n = (size_t)c->l1.sets * c->l1.ways;
    f->tag = malloc(n * sizeof *f->tag);
    f->repl = malloc(n);
    f->stamp = malloc(n * sizeof *f->stamp);
    f->order = malloc(c->l1.sets * sizeof *f->order);
    f->plru = malloc(c->l1.sets * sizeof *f->plru);
    if (!f->tag || !f->repl || !f->stamp || !f->order || !f->plru) {
        cm_fast_free(f);
        return -1;
    }
    f->plru_levels = cfg_log2(c->l1.ways);
    if (c->l1.index == INDEX_PRIC) {
        f->pric_poly = cfg_pric_poly(&c->l1);
        f->pric_hashed = cfg_pric_hashed_bits(&c->l1);
    }
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
    uint64_t order = UINT64_C(0xfedcba9876543210);
    if (ways < CM_FAST_LIST_WAYS)
        order &= (UINT64_C(1) << 4 * ways) - 1;
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

/* An order list with `way` moved to the front (age 0), the ways before it one age older:
 * an LRU touch. The list holds `way` exactly once, below any unused (zero) nibbles, so the
 * lowest zero nibble of list ^ way-in-every-nibble is its position (the carry of the zero-
 * nibble test only reaches nibbles above a zero one). */
static inline uint64_t order_touch(uint64_t list, uint64_t way)
{
    const uint64_t ones = UINT64_C(0x1111111111111111), highs = UINT64_C(0x8888888888888888);
    const uint64_t x = list ^ way * ones;
    const unsigned at = (unsigned)__builtin_ctzll((x - ones) & ~x & highs) - 3; /* 4 * age */
    const uint64_t younger = list & ((UINT64_C(1) << at) - 1);
    const uint64_t older = list & (~UINT64_C(0) << at << 4);
    return older | younger << 4 | way;
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
    if (repl == REPL_LRU && ways <= CM_FAST_LIST_WAYS)
        f->order[set] = order_touch(f->order[set], w);
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
    uint64_t tag = addr >> (f->lay.off_bits + f->lay.set_bits);
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
        } else if (repl == REPL_LRU && ways <= CM_FAST_LIST_WAYS) { /* the last in order */
            way = (unsigned)(f->order[set] >> 4 * (ways - 1)) & 15;
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
    uint64_t tag = addr >> (f->lay.off_bits + f->lay.set_bits);
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

/* c ? a : b without a branch (compilers turn ?: on loop values into jumps); c is 0 or 1. */
static inline uint64_t pick(uint64_t c, uint64_t a, uint64_t b) { return b ^ ((a ^ b) & -c); }
static inline uint64_t *pick_ptr(uint64_t c, uint64_t *a, uint64_t *b)
{
    return (uint64_t *)((uintptr_t)b ^ (((uintptr_t)a ^ (uintptr_t)b) & -(uintptr_t)c));
}

/* Bit w of *hit: way w of t holds tag; of *inval: way w is invalid (CM_FAST_INVALID, which
 * never matches a tag). Scalar 8-byte loads on purpose: a 16-byte SSE2 load of two ways just
 * written by the reference before (the same set, as in a stream) cannot take its data from
 * the pending 8-byte store and waits for it to retire (it made streams 20% slower). */
static inline __attribute__((always_inline)) void
match(const uint64_t *t, uint64_t tag, unsigned ways, uint64_t *hit, uint64_t *inval)
{
    uint64_t h = 0, v = 0;
#pragma GCC unroll 32
    for (unsigned w = 0; w < ways; w++) {
        h |= (uint64_t)(t[w] == tag) << w;
        v |= (t[w] >> 63) << w;
    }
    *hit = h;
    *inval = v;
}

/* LRU on the order list (ways <= CM_FAST_LIST_WAYS), the policy Dinero IV simulates. One
 * branch per reference, on hit or miss (regular in streams and hot sets); a load and a store
 * run the same instructions, pick() choosing what they write, since stores come at random
 * (a third of a stream's references). A miss in a full set takes the last way in order, which
 * needs only the order word: the chain from one reference to the next in the same set (a
 * stream walks three arrays whose lines share a set) is a load, a shift and a store. The way
 * taken is the lowest hit way, else the lowest invalid way, else the oldest, as access()
 * takes it; a store miss writes its tag to a sink and keeps the order (no write allocate).
 * WAYS is the way count as a compile-time constant (0: f->cfg.ways) and INDEX the index
 * function, so the per-way loops unroll and the index folds. Flush and invalidate records
 * leave the loop body through run_other. (Branch-free hits and misses were tried: 30% faster
 * on uniform random, 20% slower on streams, whose next reference then waits for the whole
 * way choice.) */
static inline __attribute__((always_inline)) void
lru_loop(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask, cm_fast_counts_t *c,
         const unsigned WAYS, const cfg_index_t INDEX)
{
    const unsigned ways = WAYS ? WAYS : f->cfg.ways, off = f->lay.off_bits;
    const unsigned set_bits = f->lay.set_bits, tag_shift = off + set_bits;
    const unsigned pric_hashed = f->pric_hashed, oldest_at = 4 * (ways - 1);
    const uint64_t pric_poly = f->pric_poly;
    const uint64_t order_mask = ways < 16 ? (UINT64_C(1) << 4 * ways) - 1 : ~UINT64_C(0);
    const uint64_t evict_on_store = f->cfg.write_evict ? 1 : 0; /* a store hit invalidates */
    uint64_t *const tags = f->tag, *const orders = f->order;
    uint64_t stores = 0, hits = 0, store_hits = 0, evictions = 0;
    uint64_t sink; /* where a store miss writes its tag (no write allocate) */
    long others = 0; /* flush and invalidate records */
    for (long i = 0; i < n; i++) {
        const uint64_t op = refs[i].op;
        if (__builtin_expect(op > TR_WRITE, 0)) {
            run_other(f, &refs[i], mask, c);
            others++;
            continue;
        }
        const uint64_t addr = refs[i].addr & mask, store = op; /* TR_WRITE == 1 */
        const unsigned set = cm_index(INDEX, off, set_bits, pric_poly, pric_hashed, addr);
        const uint64_t tag = addr >> tag_shift, list = orders[set];
        uint64_t *const t = tags + (size_t)set * ways;
        uint64_t hitm, invm;
        match(t, tag, ways, &hitm, &invm);
        stores += store;
        if (hitm) { /* a hit: touched, or invalidated by a write-evict store */
            const uint64_t way = (uint64_t)__builtin_ctzll(hitm), inval = store & evict_on_store;
            hits++;
            store_hits += store;
            orders[set] = pick(inval, list, order_touch(list, way));
            t[way] = tag | inval << 63;
            continue;
        }
        /* a miss: a load fills the lowest invalid way, else the oldest; a store writes its
         * tag to sink and leaves the order (no write allocate) */
        const uint64_t fill = store ^ 1;
        uint64_t way, next;
        if (__builtin_expect(invm != 0, 0)) { /* until the set fills after a reset */
            way = (uint64_t)__builtin_ctzll(invm);
            next = order_touch(list, way);
        } else { /* the oldest comes to the front */
            way = list >> oldest_at;
            next = (list << 4 | way) & order_mask;
            evictions += fill;
        }
        orders[set] = pick(fill, next, list);
        *pick_ptr(fill, &t[way], &sink) = tag;
    }
    const uint64_t refs_n = (uint64_t)(n - others), loads = refs_n - stores;
    const uint64_t load_hits = hits - store_hits;
    f->fills += loads - load_hits; /* every load miss fills */
    f->evictions += evictions;
    c->by_kind[0][0] += loads - load_hits;
    c->by_kind[0][1] += load_hits;
    c->by_kind[1][0] += stores - store_hits;
    c->by_kind[1][1] += store_hits;
    f->hits += hits;
    f->misses += refs_n - hits;
}

#define LRU_LOOP(NAME, WAYS, INDEX)                                                           \
    static void NAME(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,           \
                     cm_fast_counts_t *c)                                                     \
    {                                                                                         \
        lru_loop(f, refs, n, mask, c, WAYS, INDEX);                                           \
    }
LRU_LOOP(run_lru_mod_w2, 2, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w4, 4, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w8, 8, INDEX_MODULO)
LRU_LOOP(run_lru_mod_w16, 16, INDEX_MODULO)
LRU_LOOP(run_lru_mod, 0, INDEX_MODULO)
LRU_LOOP(run_lru_xor, 0, INDEX_XOR)
LRU_LOOP(run_lru_pric, 0, INDEX_PRIC)
RUN_LOOP(run_lru_wide, REPL_LRU, f->cfg.index) /* more ways than an order list holds */

void cm_fast_run(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t addr_mask,
                 cm_fast_counts_t *counts)
{
    if (f->cfg.repl == REPL_LRU && f->cfg.ways > CM_FAST_LIST_WAYS) {
        run_lru_wide(f, refs, n, addr_mask, counts);
        return;
    }
    if (f->cfg.repl == REPL_LRU && f->cfg.index == INDEX_MODULO) {
        switch (f->cfg.ways) {
        case 2: run_lru_mod_w2(f, refs, n, addr_mask, counts); return;
        case 4: run_lru_mod_w4(f, refs, n, addr_mask, counts); return;
        case 8: run_lru_mod_w8(f, refs, n, addr_mask, counts); return;
        case 16: run_lru_mod_w16(f, refs, n, addr_mask, counts); return;
        default: break;
        }
    }
    typedef void (*loop_fn)(cm_fast_t *, const trace_ref_t *, long, uint64_t, cm_fast_counts_t *);
    static const loop_fn loops[3][3] = {{run_lru_mod, run_lru_xor, run_lru_pric},
                                        {run_plru_mod, run_plru_xor, run_plru_pric},
                                        {run_srrip_mod, run_srrip_xor, run_srrip_pric}};
    loops[f->cfg.repl][f->cfg.index](f, refs, n, addr_mask, counts);
}

void cm_fast_row(const cm_fast_t *f, unsigned set, lay_l1_row_t *row)
{
    unsigned ways = f->cfg.ways;
    memset(row, 0, sizeof *row);
    for (unsigned w = 0; w < ways; w++) {
        uint64_t t = f->tag[set * ways + w];
        row->way[w].valid = !(t & CM_FAST_INVALID);
        row->way[w].tag = t & ~CM_FAST_INVALID;
        row->way[w].repl = f->lay.repl_bits ? f->repl[set * ways + w] : 0;
        if (f->cfg.repl == REPL_LRU && ways > 1 && ways <= CM_FAST_LIST_WAYS) {
            unsigned age = 0; /* the position of w in the order list */
            while (((f->order[set] >> 4 * age) & 15) != w)
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
