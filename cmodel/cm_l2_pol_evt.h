/* cm_l2_pol_evt: what an L2 policy reports in an event (cm_l2_result_t.pol), for the harnesses'
 * compares and bins. Filled only by the policy files (cm_l2_pol_<name>.c); cm_l2_pol_result_init
 * sets the defaults before each event, so a policy that has no such field leaves it there. */
#ifndef CACHEGEN_CM_L2_POL_EVT_H
#define CACHEGEN_CM_L2_POL_EVT_H

#include <stdint.h>
#include "cm_ucp.h"
#include "cm_umon.h"

typedef struct cm_l2_pol_evt {
    int umon;                /* ucp lookup: cm_umon_access's answer (hit position, CM_UMON_MISS
                                or CM_UMON_UNSAMPLED: not sampled, or no UMON access) */
    uint8_t umon_sat;        /* ucp: the hit found its counter saturated */
    cm_ucp_victim_t ucp_why; /* ucp fill into a full set: the rule that chose the victim */
    /* tap_rrip: which rule set a fill's RRPV (cm_tap_ins_t), the GPU-first victim passed over a
     * lower way, a GPU hit kept its RRPV under RRIP-Mask */
    uint8_t tap_ins, tap_gpu_first, tap_kept;
} cm_l2_pol_evt_t;

#endif
