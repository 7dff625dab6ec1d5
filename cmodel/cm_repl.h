/* cm_repl: replacement-policy interface of the C model; one file per policy.
 * Policies act on an unpacked metadata row; callers handle invalid-way-first and 1-way sets,
 * so victim() is only asked when ways >= 2 and at least one way is eligible. The baseline
 * passes every way as eligible; the decoupled data store excludes reserved lines. */
#ifndef CACHEGEN_CM_REPL_H
#define CACHEGEN_CM_REPL_H

#include "../core/lay.h"

typedef struct cm_repl_ops {
    const char *name;
    /* A hit (load, or store that updates) on `way`. */
    void (*touch)(const lay_l1_t *l, lay_l1_row_t *r, unsigned way);
    /* A fill installed in `way` (invalid way or the victim). */
    void (*insert)(const lay_l1_t *l, lay_l1_row_t *r, unsigned way);
    /* Choose the victim among the ways whose bit is set in `eligible`; may age the row
     * (SRRIP ages only eligible ways). */
    unsigned (*victim)(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible);
} cm_repl_ops_t;

/* Tree-PLRU on its node bits (heap order: root 0, children 2i+1, 2i+2; a bit of 0 sends the
 * victim search to the lower half). Shared by cm_repl_plru and the fast path. */
static inline void cm_plru_touch(uint32_t *bits, unsigned levels, unsigned way)
{
    unsigned node = 0;
    for (unsigned d = 0; d < levels; d++) {
        unsigned dir = (way >> (levels - 1 - d)) & 1;
        *bits = dir ? *bits & ~(1u << node) : *bits | (1u << node); /* point away from way */
        node = 2 * node + 1 + dir;
    }
}

static inline unsigned cm_plru_victim(uint32_t bits, unsigned levels)
{
    unsigned node = 0, way = 0;
    for (unsigned d = 0; d < levels; d++) {
        unsigned dir = (bits >> node) & 1;
        way = 2 * way + dir;
        node = 2 * node + 1 + dir;
    }
    return way;
}

/* The same walk restricted to eligible ways: a node whose preferred half holds no eligible
 * way sends the search to the other half. Equals cm_plru_victim when every way is eligible. */
static inline unsigned cm_plru_victim_masked(uint32_t bits, unsigned levels, uint32_t eligible)
{
    unsigned node = 0, way = 0;
    for (unsigned d = 0; d < levels; d++) {
        unsigned dir = (bits >> node) & 1;
        unsigned span = 1u << (levels - 1 - d); /* ways under each child */
        uint32_t half = ((span >= 32 ? 0xffffffffu : (1u << span) - 1)) << ((2 * way + dir) * span);
        if (!(eligible & half))
            dir ^= 1;
        way = 2 * way + dir;
        node = 2 * node + 1 + dir;
    }
    return way;
}

/* Eligibility mask of every one of `ways` ways. */
static inline uint32_t cm_all_ways(unsigned ways)
{
    return ways >= 32 ? 0xffffffffu : (1u << ways) - 1;
}

extern const cm_repl_ops_t cm_repl_lru;
extern const cm_repl_ops_t cm_repl_plru;
extern const cm_repl_ops_t cm_repl_srrip;
extern const cm_repl_ops_t cm_repl_fifo;
/* No replacement state in the row (random replacement: cm_l1 picks the victim from its LFSR,
 * so this victim() is never asked). */
extern const cm_repl_ops_t cm_repl_none;

/* LRU's age update (the way to age 0, the younger ones one older) and its victim (the oldest
 * eligible way); FIFO uses them for fills only. */
void cm_lru_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way);
unsigned cm_lru_victim(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible);

const cm_repl_ops_t *cm_repl_for(cfg_repl_t r);

#endif
