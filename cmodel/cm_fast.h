/* cm_fast: the specialised program-order path of the baseline L1 for cachesim. Holds only
 * tags, valid bits and replacement state in compact arrays (no data, no MSHRs, no events).
 * Invariant (proved by test_sim.c against cm_l1 on random traces, every policy and index):
 * the same references give the same counters and the same metadata rows as cm_l1. */
#ifndef CACHEGEN_CM_FAST_H
#define CACHEGEN_CM_FAST_H

#include <stdint.h>
#include "../gen/cfg.h"
#include "../gen/lay.h"

typedef struct cm_fast {
    cfg_l1_t cfg;
    lay_l1_t lay;
    uint64_t *tag;       /* [sets][ways]; bit 63 set when the way is invalid (the stale tag
                          * stays below it, as in the RTL row) */
    uint8_t *repl;       /* [sets][ways]: RRPV (SRRIP) */
    uint64_t *order;     /* [sets]: LRU with at most CM_FAST_LIST_WAYS ways: the ways from the
                          * latest touched to the oldest, 4 bits each (bits 4k..4k+3 = the way
                          * of age k, the RTL's age); reset: way i at age i */
    uint64_t *stamp;     /* [sets][ways]: LRU with more ways: last-touch time. The RTL's LRU
                          * ages are the rank order of these (age 0 = latest), which
                          * cm_fast_row reconstructs; reset stamps give way i age i. */
    uint64_t clock;      /* LRU time, advanced by every stamp */
    uint32_t *plru;      /* [sets]: tree-PLRU node bits */
    unsigned plru_levels;/* log2(ways) */
    uint64_t pric_poly;  /* index pric */
    unsigned pric_hashed;
    uint64_t hits, misses, fills, evictions; /* as cm_l1's counters, not wrapped */
} cm_fast_t;

#define CM_FAST_INVALID (UINT64_C(1) << 63) /* tags are at most 59 bits (addr - b - m) */
#define CM_FAST_LIST_WAYS 16                 /* LRU ways an order list holds (4 bits each) */

/* Returns 0, or -1 (out of memory). */
int cm_fast_new(const cfg_t *c, cm_fast_t **out);
void cm_fast_free(cm_fast_t *f);
/* One reference in program order (a miss fills at once); returns 1 on a hit. `addr` must
 * already fit l1.addr_bits. */
int cm_fast_access(cm_fast_t *f, uint64_t addr, int store);
/* Counts of a run of references: [store][hit], flushes and line invalidates. */
typedef struct cm_fast_counts {
    uint64_t by_kind[2][2];
    uint64_t flushes, invalidates;
} cm_fast_counts_t;

/* The same as cm_fast_access (cm_fast_flush for flush records, cm_fast_inval for invalidate
 * records) over n trace records, each address masked with addr_mask first, in a loop
 * specialised for the policy and index. */
struct trace_ref;
void cm_fast_run(cm_fast_t *f, const struct trace_ref *refs, long n, uint64_t addr_mask,
                 cm_fast_counts_t *counts);

/* Clear the valid bit of the way holding addr's line, if any (its tag and replacement state
 * stay). `addr` must already fit l1.addr_bits. */
void cm_fast_inval(cm_fast_t *f, uint64_t addr);
/* Invalidate everything (flush), back to the reset rows. */
void cm_fast_flush(cm_fast_t *f);
/* Set `set` as an unpacked row, for comparison with cm_l1. */
void cm_fast_row(const cm_fast_t *f, unsigned set, lay_l1_row_t *row);

#endif
