/* emit_l2_tap_ucp: what l2.replacement = tap_ucp adds to UCP in the L2 slice's top (SPEC 3.8):
 * the wait for the period's decision, the sequential XSRATIO divider over the GPU's snapshot
 * counters, UCP-Mask's start, Core-POL1's no-allocate reads. emit_l2_ucp.c calls the hooks. */
#ifndef CACHEGEN_EMIT_L2_TAP_UCP_H
#define CACHEGEN_EMIT_L2_TAP_UCP_H

#include "emit_l2.h"

/* Declarations, after UCP's: the controller's outputs, the divider's registers, tu_init,
 * tu_init_mask, tu_last_k, tu_div_step, tu_snap_div, TuDivBase and tu_noalloc. */
void emit_l2_tap_ucp_decls(emit_t *e, const gen_l2_t *g);
/* The wait, the divider and the start, after UCP's counters (ucp_period_end). */
void emit_l2_tap_ucp_logic(emit_t *e, const gen_l2_t *g);
/* Its registers (reset values or the clocked copy). */
void emit_l2_tap_ucp_flops(emit_t *e, const gen_l2_t *g, int reset);

#endif
