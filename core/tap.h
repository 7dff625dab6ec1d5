/* tap: TAP's parameters (SPEC 3.8; system.cores, system.cpu_cores and the tap.* keys) and their
 * one legality rule, shared by configuration validation (cfg.c names the key it refuses), the
 * C model (cmodel/cm_tap, which refuses what tap_check refuses) and the emitters.
 * Invariant: a configuration cfg_validate accepts with l2.replacement = tap_rrip or tap_ucp
 * gives parameters tap_check accepts. */
#ifndef CACHEGEN_TAP_H
#define CACHEGEN_TAP_H

#include "app.h"

#define TAP_MAX_GPU_CORES 64
#define TAP_XS_MAX 1023u /* XSRATIO is 10 bits */
/* Cycles from a period's last cycle E to the cycle its decision lands (E + 12 reports the tick;
 * the masks change for E + 13): the RTL's snapshot, saturation test, 10 divider steps and the
 * decision (gen/emit_tap.c). tap.period must be at least this, so a period ends no earlier
 * than the cycle its predecessor's decision lands. */
#define TAP_LATENCY 12u

typedef struct tap_params {
    unsigned gpu_cores; /* system.cores: GPU L1s, 3..64 (POL1, POL2 and a follower) */
    unsigned cpu_ports; /* C = system.cpu_cores, 1..APP_MAX-1 */
    unsigned period;    /* tap.period: cycles per period, 1..2^31 */
    unsigned alpha;     /* tap.alpha: percent, 0..100 */
    unsigned txs;       /* tap.txs: the XSRATIO threshold T_xs, 1..1023 */
} tap_params_t;

/* The one definition of legal parameters: 0, or -1 with a static reason in *why. */
static inline int tap_check(const tap_params_t *p, const char **why)
{
    const char *w = NULL;
    if (p->gpu_cores < 3 || p->gpu_cores > TAP_MAX_GPU_CORES)
        w = "TAP needs 3..64 GPU cores (Core-POL1, Core-POL2 and a follower)";
    else if (p->cpu_ports < 1 || p->cpu_ports > APP_MAX - 1)
        w = "TAP needs 1..15 CPU ports";
    else if (p->period < TAP_LATENCY || p->period > 0x80000000u)
        w = "period must be 12..2^31 cycles (a period's decision lands 12 cycles after its end)";
    else if (p->alpha > 100)
        w = "alpha must be 0..100 percent";
    else if (p->txs < 1 || p->txs > TAP_XS_MAX)
        w = "T_xs must be 1..1023";
    if (why)
        *why = w;
    return w ? -1 : 0;
}

#endif
