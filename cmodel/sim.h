/* sim: runs trace references through the L1 in program order (one request at a time; a miss
 * fills before the next reference), on the bit-accurate model or the proven-equal fast path,
 * and keeps 64-bit statistics. Addresses are truncated to l1.addr_bits, as the RTL sees them.
 * TR_FLUSH sweeps every set; TR_INVAL (Dinero's label 5) clears the valid bit of the line
 * holding the address, keeping its stale tag and the replacement state, as write-evict's
 * invalidation does (the RTL has no single-line invalidate port, so this is not an RTL event;
 * sim_can_inval says whether the configuration supports it). */
#ifndef CACHEGEN_SIM_H
#define CACHEGEN_SIM_H

#include <stdint.h>
#include "../core/cfg.h"
#include "cm_fast.h"
#include "cm_l1.h"
#include "trace.h"

typedef struct sim_stats {
    uint64_t refs, reads, writes, flushes;
    uint64_t invalidates;        /* TR_INVAL references (not counted in refs) */
    uint64_t ifetches_skipped;   /* set by the driver from the reader (trace_skipped) */
    uint64_t copybacks;          /* ... likewise */
    uint64_t read_hits, read_misses, write_hits, write_misses;
    uint64_t bypasses, fills, evictions, write_throughs;
} sim_stats_t;

typedef struct sim {
    cfg_t cfg;
    int exact;          /* 1: cm_l1, the bit-accurate model; 0: cm_fast */
    cm_l1_t *model;
    cm_fast_t *fast;
    uint64_t addr_mask;
    sim_stats_t st;
    cm_req_t req;       /* reused request (exact path) */
    bv_t line;          /* the line memory returns (contents do not affect statistics) */
} sim_t;

/* exact = 0 picks the fast path when the configuration has one (every baseline L1 but FIFO).
 * Returns 0, or -1 (out of memory). */
int sim_new(const cfg_t *c, int exact, sim_t **out);
/* Whether sim_new(c, exact) runs the bit-accurate model: asked for, or no fast path for c
 * (a mechanism cm_fast does not model, cm_mech_ops_t.fast, or FIFO or random replacement). */
int sim_uses_exact(const cfg_t *c, int exact);
void sim_free(sim_t *s);
/* 1 when sim_ref takes TR_INVAL: every L1 without its own access event (not decoupled). */
int sim_can_inval(const sim_t *s);
void sim_ref(sim_t *s, const trace_ref_t *ref);
/* sim_ref over n references (the fast path runs them in one specialised loop). */
void sim_run(sim_t *s, const trace_ref_t *refs, long n);
/* Metadata row of a set, from whichever path runs (for the equality test). */
void sim_row(const sim_t *s, unsigned set, lay_l1_row_t *row);

#endif
