/* emit_l2_tap: what l2.replacement = tap_rrip adds to the L2 slice's top (SPEC 3.8): the
 * retired_i port, the core-sampling controller's instance (<name>_l2_tap, emit_tap.c) fed with
 * the slice's counted accesses, its tick and state on the event port, and TAP-RRIP's rules
 * over DRRIP (the sampling cores' insertions, the mask's forced BRRIP, no GPU promotion under
 * the mask, the GPU-first victim). The policy files (l2pol.h) call them: emit_l2_pol_tap_ucp.c
 * the controller's (ports, events, instance, module, lint), emit_l2_pol_tap_rrip.c all. */
#ifndef CACHEGEN_EMIT_L2_TAP_H
#define CACHEGEN_EMIT_L2_TAP_H

#include "emit_l2.h"
#include "emit_pipe.h"

/* The controller's fields on the L2's event port: the tick (its own valid) and the state. */
#define L2_TAP_EVT_PORTS 12
unsigned l2_tap_evt_ports(pipe_evt_port_t *out);

/* The top's retired_i port (a line of the port list, with its comma). */
void emit_l2_tap_ports(emit_t *e, const gen_l2_t *g);
/* retired_i on the system top (decl = 1) or its connection to the slice (decl = 0). */
void emit_l2_tap_sys_ports(emit_t *e, const gen_l2_t *g, int decl);

/* In the declarations, after DRRIP's: the controller's outputs (tap_rrip_mask, the mask in
 * force) and TAP-RRIP's decide-stage signals over DRRIP's: tap_use_brrip (the fill is a BRRIP
 * insertion: DRRIP's, or forced by the mask; never a sampling core's), tap_ins_long,
 * tap_ins_mru and tap_promote for the lookup module. */
void emit_l2_tap_policy(emit_t *e, const gen_l2_t *g);

/* The controller's instance: accesses from cnt_accesses_inc and req_app. */
void emit_l2_tap_inst(emit_t *e, const gen_l2_t *g);

/* The lookup module's TAP-RRIP ports (lines of its instance). */
void emit_l2_tap_meta_ports(emit_t *e);

/* The controller as the policy's own module (l2pol.h): its name and its lint waivers. */
const char *l2_tap_module_name(const gen_l2_t *g);
void emit_l2_tap_lint(emit_t *e, const gen_l2_t *g);

#endif
