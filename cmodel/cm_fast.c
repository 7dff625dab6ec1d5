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
    f->plru = malloc(c->l1.sets * sizeof *f->plru);
    if (!f->tag || !f->repl || !f->stamp || !f->plru) {
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
    free(f->plru);
    free(f);
}

void cm_fast_flush(cm_fast_t *f)
{
    unsigned ways = f->cfg.ways;
    f->clock = ways; /* reset stamps ways-1 .. 0 give way i age i; touches stamp later */
    for (unsigned s = 0; s < f->cfg.sets; s++) {
        for (unsigned w = 0; w < ways; w++) {
            f->tag[s * ways + w] = CM_FAST_INVALID; /* reset row: tag 0, invalid */
            f->repl[s * ways + w] = 0;
            f->stamp[s * ways + w] = ways - 1 - w;
        }
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
    if (repl == REPL_LRU)
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

/* One loop per (policy, index), so the inner loop has no policy or index branches. */
#define RUN_LOOP(NAME, REPL, INDEX)                                                           \
    static void NAME(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,           \
                     cm_fast_counts_t *c)                                                     \
    {                                                                                         \
        for (long i = 0; i < n; i++) {                                                        \
            if (refs[i].op == TR_FLUSH) {                                                     \
                cm_fast_flush(f);                                                             \
                c->flushes++;                                                                 \
                continue;                                                                     \
            }                                                                                 \
            int store = refs[i].op == TR_WRITE;                                               \
            c->by_kind[store][access(f, refs[i].addr & mask, store, REPL, INDEX)]++;          \
        }                                                                                     \
    }
RUN_LOOP(run_lru_mod, REPL_LRU, INDEX_MODULO)
RUN_LOOP(run_lru_xor, REPL_LRU, INDEX_XOR)
RUN_LOOP(run_lru_pric, REPL_LRU, INDEX_PRIC)
RUN_LOOP(run_plru_mod, REPL_PLRU, INDEX_MODULO)
RUN_LOOP(run_plru_xor, REPL_PLRU, INDEX_XOR)
RUN_LOOP(run_plru_pric, REPL_PLRU, INDEX_PRIC)
RUN_LOOP(run_srrip_mod, REPL_SRRIP, INDEX_MODULO)
RUN_LOOP(run_srrip_xor, REPL_SRRIP, INDEX_XOR)
RUN_LOOP(run_srrip_pric, REPL_SRRIP, INDEX_PRIC)

/* LRU with modulo index, the common case, with every field in a local (no aliasing through
 * f) and the way count a compile-time constant where it is 2, 4, 8 or 16 (WAYS 0: any). */
#define LRU_MOD_LOOP(NAME, WAYS)                                                              \
    static void NAME(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t mask,           \
                     cm_fast_counts_t *c)                                                     \
    {                                                                                         \
        const unsigned ways = WAYS ? WAYS : f->cfg.ways, off = f->lay.off_bits;               \
        const unsigned set_bits = f->lay.set_bits, tag_shift = off + set_bits;               \
        const int write_evict = (int)f->cfg.write_evict;                                      \
        uint64_t *const tags = f->tag, *const stamps = f->stamp;                              \
        uint64_t clock = f->clock, fills = 0, evictions = 0, k[2][2] = {{0, 0}, {0, 0}};      \
        for (long i = 0; i < n; i++) {                                                        \
            if (refs[i].op == TR_FLUSH) {                                                     \
                f->clock = clock;                                                             \
                cm_fast_flush(f);                                                             \
                clock = f->clock;                                                             \
                c->flushes++;                                                                 \
                continue;                                                                     \
            }                                                                                 \
            const uint64_t addr = refs[i].addr & mask;                                        \
            const int store = refs[i].op == TR_WRITE;                                         \
            const size_t base = (size_t)cm_index(INDEX_MODULO, off, set_bits, 0, 0, addr) * ways; \
            const uint64_t tag = addr >> tag_shift;                                           \
            uint64_t *t = tags + base, *st = stamps + base;                                   \
            unsigned hit = ways;                                                              \
            for (unsigned w = 0; w < ways; w++)                                               \
                hit = t[w] == tag ? w : hit;                                                  \
            if (hit < ways) {                                                                 \
                k[store][1]++;                                                                \
                if (store && write_evict)                                                     \
                    t[hit] |= CM_FAST_INVALID;                                                \
                else                                                                          \
                    st[hit] = ++clock;                                                        \
                continue;                                                                     \
            }                                                                                 \
            k[store][0]++;                                                                    \
            if (store)                                                                        \
                continue;                                                                     \
            unsigned way = ways;                                                              \
            for (unsigned w = ways; w-- > 0;)                                                 \
                way = (t[w] & CM_FAST_INVALID) ? w : way;                                     \
            if (way == ways) {                                                                \
                evictions++;                                                                  \
                way = 0;                                                                      \
                for (unsigned w = 1; w < ways; w++)                                           \
                    way = st[w] < st[way] ? w : way;                                          \
            }                                                                                 \
            t[way] = tag;                                                                     \
            st[way] = ++clock;                                                                \
            fills++;                                                                          \
        }                                                                                     \
        f->clock = clock;                                                                     \
        f->fills += fills;                                                                    \
        f->evictions += evictions;                                                            \
        for (int a = 0; a < 2; a++)                                                           \
            for (int b = 0; b < 2; b++)                                                       \
                c->by_kind[a][b] += k[a][b];                                                  \
        f->hits += k[0][1] + k[1][1];                                                         \
        f->misses += k[0][0] + k[1][0];                                                       \
    }
LRU_MOD_LOOP(run_lru_mod_w2, 2)
LRU_MOD_LOOP(run_lru_mod_w4, 4)
LRU_MOD_LOOP(run_lru_mod_w8, 8)
LRU_MOD_LOOP(run_lru_mod_w16, 16)
LRU_MOD_LOOP(run_lru_mod_any, 0)

void cm_fast_run(cm_fast_t *f, const trace_ref_t *refs, long n, uint64_t addr_mask,
                 cm_fast_counts_t *counts)
{
    if (f->cfg.repl == REPL_LRU && f->cfg.index == INDEX_MODULO && f->cfg.ways > 1) {
        switch (f->cfg.ways) {
        case 2: run_lru_mod_w2(f, refs, n, addr_mask, counts); return;
        case 4: run_lru_mod_w4(f, refs, n, addr_mask, counts); return;
        case 8: run_lru_mod_w8(f, refs, n, addr_mask, counts); return;
        case 16: run_lru_mod_w16(f, refs, n, addr_mask, counts); return;
        default: run_lru_mod_any(f, refs, n, addr_mask, counts); return;
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
        if (f->cfg.repl == REPL_LRU && ways > 1) { /* age = number of ways touched later */
            const uint64_t *st = f->stamp + (size_t)set * ways;
            unsigned age = 0;
            for (unsigned v = 0; v < ways; v++)
                age += st[v] > st[w];
            row->way[w].repl = (uint8_t)age;
        }
    }
    row->plru = f->lay.plru_bits ? f->plru[set] : 0;
}
