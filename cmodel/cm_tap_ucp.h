/* cm_tap_ucp: TAP-UCP's changes to UCP (SPEC 3.8; paper 003 Algorithm 1): at a period end the
 * GPU's hit counters are divided by XSRATIO (when above 1) before the lookahead, and with
 * UCP-Mask set the GPU gets 1 way and stays out of the loop; Core-POL1's reads bypass the L2.
 * Invariant: the division applies to the lookahead's copy of the counters; the monitors'
 * own counters are only halved (cm_umon_halve). */
#ifndef CACHEGEN_CM_TAP_UCP_H
#define CACHEGEN_CM_TAP_UCP_H

#include <stdint.h>
#include "cm_tap.h"
#include "cm_ucp.h"

/* The partition of `ways` ways among `apps` apps (the GPU is app apps-1) from the monitors'
 * counters hits[k * ways + j] (as cm_umon holds them), with XSRATIO `xsratio` (1..1023) and
 * UCP-Mask `ucp_mask`. alloc, steps and *nsteps as cm_ucp_lookahead (steps may be NULL).
 * Returns 0, or -1 (as cm_ucp_lookahead, or apps < 2 with the mask set) with nothing
 * written. */
int cm_tap_ucp_partition(unsigned ways, unsigned apps, const uint16_t *hits, unsigned xsratio,
                         unsigned ucp_mask, unsigned *alloc, cm_ucp_step_t *steps,
                         unsigned *nsteps);

/* 1 when a request of role `role` must not allocate in the L2: Core-POL1's reads. */
static inline int cm_tap_ucp_bypass(cm_tap_role_t role, int store)
{
    return role == CM_TAP_POL1 && !store;
}

#endif
