/* cm_dwt: bit-accurate C model of the DWT-CS warp-throttling controller (SPEC 3.7), one call
 * per clock cycle. A period's decision is worked out at its last cycle T (from the state after
 * any decision landing in T) and lands DWT_PIPE_STAGES = 3 cycles later, at T+3, as the RTL's
 * pipeline makes it (docs/sacat.md); a kernel start at T drops it, one at T+1..T+3 cancels it.
 * Invariants: t < period; every period count <= 65535 (saturating); det < N and sp < M; state
 * DETECT holds limit = max_warps; no two valid table entries hold the same kernel id; slot is
 * the oldest entry once the table is full; at most one decision pending (period >= 3). Sums,
 * totals and the detection compare are computed in uint64_t, independently of the RTL's
 * widths (core/dwt.h). */
#ifndef CACHEGEN_CM_DWT_H
#define CACHEGEN_CM_DWT_H

#include <stdint.h>
#include "../core/dwt.h"

#define CM_DWT_CORES_MAX 64   /* system.cores at most */
#define CM_DWT_ENTRIES_MAX 64 /* dwt.table_entries at most */

/* What one cycle decided: the event port's fields, then what coverage needs. */
typedef struct cm_dwt_tick {
    dwt_evt_t kind;
    unsigned kernel;          /* the running kernel after the event (a start: the new one) */
    uint64_t inst_sum;        /* the period's counts summed over the cores (0 at a start) */
    uint64_t miss_sum;
    unsigned count;           /* thrashing periods in a row after the event */
    unsigned winner;          /* Winner: the core; else 0 */
    unsigned limit;           /* the common limit after the event */
    unsigned slot;            /* Winner: the slot written; Reuse: the slot read; else 0 */
    unsigned replaced;        /* Winner: the slot held a valid entry */
    /* --- not on the port --- */
    unsigned ties;            /* Winner: cores sharing the largest total */
    unsigned capped;          /* Winner: winner + 1 > max_warps */
    unsigned mpki_tie;        /* period end: 1000 x misses == threshold x instructions */
    unsigned saturated;       /* period end: some core's count saturated in the period */
    dwt_state_t state_before; /* the state the event found */
    unsigned limit_before;    /* ... and the common limit */
    unsigned at_period_end;   /* a kernel start in a period's last cycle */
    unsigned cancelled;       /* a kernel start cancelling a pending decision: cycles it had
                                 left (1..3), else 0 */
} cm_dwt_tick_t;

typedef struct cm_dwt_entry {
    unsigned valid, kernel, limit;
} cm_dwt_entry_t;

typedef struct cm_dwt {
    cfg_dwt_t p;          /* the configuration's dwt keys */
    unsigned cores;       /* P */
    unsigned t;           /* cycle within the period */
    uint32_t inst[CM_DWT_CORES_MAX], miss[CM_DWT_CORES_MAX]; /* this period's counts */
    uint64_t total[CM_DWT_CORES_MAX]; /* instructions of the sampling periods ended */
    unsigned saturated;   /* a count saturated this period (coverage only) */
    dwt_state_t state;
    unsigned det;         /* thrashing periods in a row, 0..N-1 */
    unsigned sp;          /* sampling periods ended, 0..M-1 */
    unsigned kernel;      /* running kernel id (0 after reset) */
    unsigned limit;       /* every core's limit outside sampling */
    cm_dwt_entry_t table[CM_DWT_ENTRIES_MAX];
    unsigned slot;        /* next slot written */
    /* the pending decision (the RTL's pipeline): what it decided, applied when it lands */
    unsigned pend;        /* cycles until it lands, 1..3; 0: none */
    cm_dwt_tick_t pend_tick;           /* its event */
    dwt_state_t pend_state;            /* the state, counts and limit after it */
    unsigned pend_det, pend_sp, pend_limit, pend_slot;
    unsigned pend_store;               /* Winner: table[pend_tick.slot] := (kernel, limit) */
    unsigned pend_clear_totals;        /* SampleStart: the totals restart */
} cm_dwt_t;

/* The state after reset for a validated configuration with l1.mode = sacat. */
void cm_dwt_init(cm_dwt_t *d, const cfg_t *c);

/* Core `core`'s warp limit this cycle (the output is a function of the state). */
unsigned cm_dwt_limit(const cm_dwt_t *d, unsigned core);

/* The state the period now running is judged in: after the pending decision, if any. */
dwt_state_t cm_dwt_judged_state(const cm_dwt_t *d);

/* One clock cycle: inst[c] instructions committed by core c (< 2^inst_bits), bit c of
 * miss_bits an L1 miss of core c, a kernel start with its id. Returns 1 when the cycle is an
 * event (a kernel start, or a decision landing 3 cycles after its period's end; tick filled),
 * else 0 (tick->kind = HOLD, zeros). tick may be NULL. */
int cm_dwt_cycle(cm_dwt_t *d, const unsigned *inst, uint64_t miss_bits, int kernel_start,
                 unsigned kernel_id, cm_dwt_tick_t *tick);

#endif
