/* cm_tap: TAP's core-sampling controller and XSRATIO for one L2 slice (SPEC 3.8), one call per
 * clock cycle. Counts the instructions GPU cores retire and each application's LLC accesses
 * over a period of tap.period cycles; its last cycle (that cycle's inputs included) takes the
 * counts and clears them. The decision (cache-friendliness from Core-POL1 against Core-POL2,
 * XSRATIO, RRIP-Mask and UCP-Mask) lands TAP_LATENCY cycles later, the RTL's sequential
 * divider's latency (gen/emit_tap.c): that cycle reports it as a tick, and the masks and
 * XSRATIO hold the new values from the next cycle on.
 * Invariants: t < period; counts <= CM_TAP_CNT_MAX (saturating); 1 <= xsratio <= 1023;
 * ucp_mask = not cache-friendly and rrip_mask = ucp_mask or xsratio > 1, as of the last
 * decision landed (both 0 and xsratio 1 after reset: TAP starts as its underlying policy);
 * at most one decision is pending (period >= TAP_LATENCY). Its parameters and their legality
 * are core/tap.h's. */
#ifndef CACHEGEN_CM_TAP_H
#define CACHEGEN_CM_TAP_H

#include <stddef.h>
#include <stdint.h>
#include "../core/app.h"
#include "../core/tap.h"

#define CM_TAP_CNT_BITS 20           /* retired-instruction and access counters */
#define CM_TAP_CNT_MAX 0xfffffu
#define CM_TAP_POL_BITS 5            /* the Core-POL id registers */
#define CM_TAP_RETIRED_BITS 4        /* the RTL's retired_i per GPU core: 0..15 a cycle */

/* What a request's core is to core sampling. */
typedef enum {
    CM_TAP_FOLLOWER, /* a GPU core that follows the decision, or a CPU port */
    CM_TAP_POL1,     /* Core-POL1: LRU insertion under RRIP, bypass under UCP */
    CM_TAP_POL2      /* Core-POL2: MRU insertion under RRIP, the partition under UCP */
} cm_tap_role_t;

/* One period end. */
typedef struct cm_tap_tick {
    uint32_t i1, i2;        /* instructions retired by POL1 and POL2 this period */
    uint32_t a_gpu;         /* the GPU's LLC accesses this period */
    uint32_t a_cpu;         /* the most accesses of one CPU app this period (0 if none) */
    uint8_t friendly;       /* 100*|i1 - i2| > alpha*max(i1, i2) */
    uint16_t ratio;         /* a_gpu / max(a_cpu, 1), integer, saturated at 1023 */
    uint8_t ratio_sat;      /* the quotient was above 1023 */
    uint16_t xsratio;       /* the new XSRATIO: ratio when ratio >= txs, else 1 */
    uint8_t rrip_mask;      /* not friendly, or xsratio > 1 */
    uint8_t ucp_mask;       /* not friendly */
} cm_tap_tick_t;

typedef struct cm_tap {
    tap_params_t p;
    uint32_t t;                               /* cycle within the period, 0..period-1 */
    uint32_t retired[TAP_MAX_GPU_CORES];      /* per GPU core, 20 bits, saturating */
    uint32_t acc[APP_MAX];                    /* per app, 20 bits, saturating */
    uint8_t pol[2];                           /* Core-POL1 and Core-POL2 ids: 0 and 1 */
    uint16_t xsratio;                         /* 10 bits, reset 1 */
    uint8_t rrip_mask, ucp_mask;              /* reset 0 */
    uint8_t wait;                             /* cycles until the pending decision lands;
                                                 0: none pending */
    cm_tap_tick_t pending;                    /* the decision of the last period end */
} cm_tap_t;

/* The state after reset. Returns 0, or -1 when tap_check refuses p (nothing written). */
int cm_tap_init(cm_tap_t *t, const tap_params_t *p);

/* What GPU core `core` is to core sampling (CPU ports are followers). */
cm_tap_role_t cm_tap_role(const cm_tap_t *t, int is_gpu, unsigned core);

/* One clock cycle: retired[c] instructions retired by GPU core c (NULL: none) and acc[k] LLC
 * accesses of app k (NULL: none) in this cycle. A period's last cycle takes the counts (its own
 * inputs included) and clears them. Returns 1 in the cycle a decision lands, TAP_LATENCY
 * cycles after its period's last cycle (tick filled; masks and XSRATIO updated, for the next
 * cycle's requests), else 0 (tick zeroed). tick may be NULL. */
int cm_tap_cycle(cm_tap_t *t, const uint32_t *retired, const uint32_t *acc, cm_tap_tick_t *tick);

/* The decision of a period's counts, without state: what cm_tap_cycle computes at a period
 * end from i1, i2, the GPU's accesses and the CPU apps' maximum. */
cm_tap_tick_t cm_tap_decide(const tap_params_t *p, uint32_t i1, uint32_t i2, uint32_t a_gpu,
                            uint32_t a_cpu);

#endif
