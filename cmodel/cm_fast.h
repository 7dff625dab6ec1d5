/* cm_fast: the specialised program-order path of the baseline L1 for cachesim. Holds only
 * tags, valid bits and replacement state in compact arrays (no data, no MSHRs, no events).
 * Invariant (proved by test_sim.c against cm_l1 on random traces, every policy and index,
 * every LRU loop): the same references give the same counters and the same metadata rows as
 * cm_l1. */
#ifndef CACHEGEN_CM_FAST_H
#define CACHEGEN_CM_FAST_H

#include <stdint.h>
#include "../core/cfg.h"
#include "../core/lay.h"

typedef struct cm_fast {
    cfg_l1_t cfg;
    lay_l1_t lay;
    uint64_t *tag;       /* [sets][ways], 16-byte aligned (ways are read in pairs): the tag in
                          * place, as the address bits above the offset and index (key_mask),
                          * so a lookup compares without a shift; bit 0 (CM_FAST_INVALID) set
                          * when the way is invalid (the stale tag stays, as in the RTL row) */
    uint64_t key_mask;   /* clears the offset and index bits of an address */
    uint8_t *repl;       /* [sets][ways]: RRPV (SRRIP) */
    uint64_t *order;     /* [sets]: LRU with at most CM_FAST_LIST_WAYS ways: the ways from the
                          * latest touched to the oldest in order_bits-bit fields (field k =
                          * the way of age k, the RTL's age); reset: way i at age i */
    unsigned order_bits; /* 2 up to 4 ways, 4 up to 16; 0: stamps */
    uint8_t touch4[256][4]; /* 2-bit order lists: [list][way] = list after touching way */
    uint64_t *stamp;     /* [sets][ways]: LRU with more ways: last-touch time. The RTL's LRU
                          * ages are the rank order of these (age 0 = latest), which
                          * cm_fast_row reconstructs; reset stamps give way i age i. */
    uint64_t clock;      /* LRU time, advanced by every stamp */
    uint32_t *plru;      /* [sets]: tree-PLRU node bits */
    unsigned plru_levels;/* log2(ways) */
    uint64_t pric_poly;  /* index pric */
    unsigned pric_hashed;
    int flat;            /* 4-way LRU, modulo index: the next run takes the branch-free loop */
    int flat_same;       /* ... few references follow one to its set, as last measured */
    unsigned flat_probe; /* ... runs of the other loop before it measures that again */
    int flat_mode;       /* -1: flat chosen from each run's hit and same-set rates
                          * (cm_fast_run); 0, 1: never, always (tests run both loops) */
    uint64_t hits, misses, fills, evictions; /* as cm_l1's counters, not wrapped */
} cm_fast_t;

#define CM_FAST_INVALID UINT64_C(1) /* an offset bit: lines are 16 bytes or more */
#define CM_FAST_LIST_WAYS 16        /* LRU ways an order list holds (4 bits each) */

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
 * specialised for the policy, index and way count. */
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
