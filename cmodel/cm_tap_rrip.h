/* cm_tap_rrip: TAP-RRIP's changes to thread-aware DRRIP (SPEC 3.8), as the functions the L2
 * calls on a fill, a hit and a victim search: Core-POL1 and Core-POL2 insert at 2^n-1 and 0;
 * with RRIP-Mask set, the GPU's following fills use BRRIP, its hits keep their RRPV, and the
 * victim among lines at 2^n-1 is the lowest way holding a GPU line. With the mask clear and
 * the sampling cores aside it is DRRIP (cm_drrip) with SRRIP's hits and victim.
 * Invariant: only insertions under BRRIP (leader, follower or forced) advance the slice's
 * BRRIP counter; the sampling cores' insertions do not. */
#ifndef CACHEGEN_CM_TAP_RRIP_H
#define CACHEGEN_CM_TAP_RRIP_H

#include <stdint.h>
#include "cm_drrip.h"
#include "cm_tap.h"

/* Which rule set a fill's RRPV. */
typedef enum {
    CM_TAP_INS_POL1,   /* Core-POL1: 2^n-1 (LRU) */
    CM_TAP_INS_POL2,   /* Core-POL2: 0 (MRU) */
    CM_TAP_INS_MASK,   /* a GPU fill following PSEL, forced to BRRIP by RRIP-Mask */
    CM_TAP_INS_DRRIP   /* DRRIP's own policy: the app's leader's, or its PSEL's */
} cm_tap_ins_t;

/* The RRPV of a fill of `app`'s line into `set` from a core of role `role` (cm_tap_role),
 * with RRIP-Mask `rrip_mask`; the GPU is app d->p.apps - 1. The sampling cores' rules hold in
 * every set; the mask applies where the GPU would follow its PSEL, so its leader sets keep
 * dueling. why (may be NULL) says which rule. */
unsigned cm_tap_rrip_fill(cm_drrip_t *d, unsigned rrip_mask, unsigned app, cm_tap_role_t role,
                          unsigned set, cm_tap_ins_t *why);

/* A hit by `app`: 1 when the line is promoted (RRPV to 0), 0 when it keeps its RRPV (a GPU
 * hit with RRIP-Mask set). */
int cm_tap_rrip_promotes(unsigned rrip_mask, unsigned app, unsigned gpu_app);

/* The victim of a full set of `ways` ways of n-bit RRPVs (the caller fills invalid ways
 * first): the whole set ages just enough for a line to reach 2^n-1 (rrpv[] updated, as
 * SRRIP), then with rrip_mask the lowest way at 2^n-1 holding a GPU line (owner[w] ==
 * gpu_app), else the lowest way at 2^n-1. *gpu_first (may be NULL) is 1 when the GPU rule
 * passed over a lower way at 2^n-1. */
unsigned cm_tap_rrip_victim(unsigned ways, unsigned rrpv_bits, uint8_t *rrpv,
                            const uint8_t *owner, unsigned gpu_app, unsigned rrip_mask,
                            int *gpu_first);

#endif
