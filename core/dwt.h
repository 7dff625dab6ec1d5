/* dwt: register widths, states and event codes of the DWT-CS warp-throttling controller
 * (SPEC 3.7), shared by its emitter (emit_dwt.c), its C model (cm_dwt), its harness and the
 * report, so all four size and name it the same way.
 * Invariants, for a validated configuration: a period count fits DWT_COUNT_BITS (it saturates
 * there); a sum of P counts fits dwt_sum_bits(P); both sides of the detection compare,
 * 1000 x misses and threshold x instructions, fit dwt_cmp_bits(P, threshold); a core's
 * instructions over M sampling periods fit dwt_total_bits(M); every warp limit is at most
 * max_warps < 2^warp_bits. */
#ifndef CACHEGEN_DWT_H
#define CACHEGEN_DWT_H

#include <assert.h>
#include "cfg.h"

#define DWT_COUNT_BITS 16      /* each per-core period count (SPEC 3.7, paper Table 5) */
#define DWT_COUNT_MAX 65535u   /* ... where it saturates */
#define DWT_KERNEL_BITS 8      /* kernel_id_i and a table entry's kernel id */
#define DWT_MPKI_SCALE 1000u   /* misses are compared per 1000 instructions */
#define DWT_PIPE_STAGES 3      /* a period's decision lands this many cycles after its end */
#define DWT_PERIOD_MIN 3       /* dwt.period at least: one decision in flight at a time */

/* The controller's state. */
typedef enum dwt_state {
    DWT_ST_DETECT, /* counting thrashing periods of the kernel (every core at max_warps) */
    DWT_ST_SAMPLE, /* core c runs min(c + 1, max_warps) warps */
    DWT_ST_DONE,   /* the kernel's limit is decided and holds until kernel_start */
    DWT_ST_COUNT
} dwt_state_t;
#define DWT_STATE_BITS 2

/* What one event decided (the event port's kind): a kernel start, or a period's end. */
typedef enum dwt_evt {
    DWT_EVT_KERNEL_START, /* kernel_start: every limit max_warps, detection restarts */
    DWT_EVT_QUIET,        /* detecting: the period did not thrash (the count was 0) */
    DWT_EVT_DETECT_RESET, /* detecting: the period did not thrash; a count above 0 restarts */
    DWT_EVT_THRASH,       /* detecting: the period thrashed, fewer than N in a row so far */
    DWT_EVT_REUSE,        /* N in a row, the kernel is remembered: its limit, no sampling */
    DWT_EVT_SAMPLE_START, /* N in a row, the kernel is new: sampling starts */
    DWT_EVT_SAMPLING,     /* a sampling period that is not the last ended */
    DWT_EVT_WINNER,       /* sampling ended: the winner's limit for all, remembered */
    DWT_EVT_HOLD,         /* decided: the period changes nothing */
    DWT_EVT_COUNT
} dwt_evt_t;
#define DWT_EVT_BITS 4

/* UpperCamelCase names: localparams St<Name> and Evt<Name> of the RTL, and the harness's. */
static inline const char *dwt_state_name(dwt_state_t s)
{
    static const char *const names[DWT_ST_COUNT] = {"Detect", "Sample", "Done"};
    assert(s < DWT_ST_COUNT);
    return names[s];
}
static inline const char *dwt_evt_name(dwt_evt_t k)
{
    static const char *const names[DWT_EVT_COUNT] = {
        "KernelStart", "Quiet", "DetectReset", "Thrash", "Reuse", "SampleStart", "Sampling",
        "Winner", "Hold"};
    assert(k < DWT_EVT_COUNT);
    return names[k];
}

/* Bits to hold the value v (at least 1). */
static inline unsigned dwt_bits_for(unsigned long long v)
{
    unsigned n = 1;
    while (n < 64 && (v >> n) != 0)
        n++;
    return n;
}

/* A sum of P period counts: at most P x 65535. */
static inline unsigned dwt_sum_bits(unsigned cores)
{
    return dwt_bits_for((unsigned long long)cores * DWT_COUNT_MAX);
}

/* Both sides of 1000 x misses > threshold x instructions, over sums of P counts. */
static inline unsigned dwt_cmp_bits(unsigned cores, unsigned threshold)
{
    unsigned long long k = threshold > DWT_MPKI_SCALE ? threshold : DWT_MPKI_SCALE;
    return dwt_bits_for(k * cores * DWT_COUNT_MAX);
}

/* A core's instructions over M sampling periods (sums of saturated period counts). */
static inline unsigned dwt_total_bits(unsigned sample_periods)
{
    return dwt_bits_for((unsigned long long)sample_periods * DWT_COUNT_MAX);
}

/* The period timer runs 0..period-1. */
static inline unsigned dwt_timer_bits(unsigned period)
{
    assert(period >= DWT_PERIOD_MIN);
    return dwt_bits_for(period - 1);
}

/* Counters of the small loops: thrashing periods so far 0..N-1, sampling periods so far
 * 0..M-1, the table's next slot 0..E-1; none when the loop has one step. */
static inline unsigned dwt_loop_bits(unsigned n) { return n > 1 ? dwt_bits_for(n - 1) : 0; }

/* A core id 0..P-1 on the event port (at least one bit). */
static inline unsigned dwt_core_bits(unsigned cores) { return dwt_bits_for(cores - 1); }

/* A decided limit is some core's sampling limit, at most min(P, max_warps): the table and the
 * decided-limit register hold this many bits (the event port and outputs carry warp_bits). */
static inline unsigned dwt_limit_bits(const cfg_t *c)
{
    unsigned top = c->sys.cores < c->dwt.max_warps ? c->sys.cores : c->dwt.max_warps;
    return dwt_bits_for(top);
}

/* Warps core c runs while sampling: min(c + 1, max_warps). */
static inline unsigned dwt_sample_limit(const cfg_dwt_t *d, unsigned core)
{
    return core + 1 < d->max_warps ? core + 1 : d->max_warps;
}

/* Storage the paper counts (SPEC 3.7, Table 5): two 16-bit counts per core, and per table
 * entry a kernel id and a warp limit. */
static inline unsigned long long dwt_paper_bits(const cfg_t *c)
{
    return 2ULL * DWT_COUNT_BITS * c->sys.cores +
           (unsigned long long)c->dwt.table_entries * (DWT_KERNEL_BITS + c->dwt.warp_bits);
}

/* The decision pipeline's flops: a valid bit per stage, the period's two sums (stage 1), the
 * thrashing bit (stage 2) and, with more than one core, the winner's limit (stage 1). The
 * winner's id is registered beside it for the event port only; synthesis removes it (SPEC 4:
 * the event port is for simulation), so it is not counted. */
static inline unsigned long long dwt_pipe_bits(const cfg_t *c)
{
    unsigned P = c->sys.cores;
    unsigned long long n = DWT_PIPE_STAGES + 2ULL * dwt_sum_bits(P) + 1;
    return P > 1 ? n + dwt_limit_bits(c) : n;
}

/* Everything the controller holds in flops: the period counts, per table entry a valid bit, a
 * kernel id and a limit of dwt_limit_bits (the paper counts warp_bits), the table's next
 * slot, the period timer, the thrashing count, the state, with M > 1 the sampling period count
 * and P sampling totals, the running kernel's id and the decided limit, and the decision
 * pipeline (dwt_pipe_bits). */
static inline unsigned long long dwt_flop_bits(const cfg_t *c)
{
    const cfg_dwt_t *d = &c->dwt;
    unsigned lb = dwt_limit_bits(c);
    unsigned long long n = 2ULL * DWT_COUNT_BITS * c->sys.cores;
    n += (unsigned long long)d->table_entries * (1 + DWT_KERNEL_BITS + lb) +
         dwt_loop_bits(d->table_entries);
    n += dwt_timer_bits(d->period) + dwt_loop_bits(d->detect_periods) + DWT_STATE_BITS;
    if (d->sample_periods > 1)
        n += dwt_loop_bits(d->sample_periods) +
             (unsigned long long)c->sys.cores * dwt_total_bits(d->sample_periods);
    return n + DWT_KERNEL_BITS + lb + dwt_pipe_bits(c);
}

#endif
