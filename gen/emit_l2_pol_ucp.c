/* emit_l2_pol_ucp: l2.replacement = ucp (docs/tap.md): UCP's block (emit_l2_ucp.c): the UMON ATD
 * SRAMs read with the row and updated by the decide stage's hits and MSHR misses, the counters
 * and the lookahead FSM beside it, a fill held one cycle for its victim under the partition. */
#include "l2pol.h"

const gen_l2_pol_t l2pol_ucp = {
    .name = "ucp",
    .evt_ports = l2_ucp_evt_ports,
    .decls = emit_l2_ucp_decls,
    .hold = " | ucp_vhold",
    .meta_ports = emit_l2_ucp_meta_inst,
    .srams = emit_l2_ucp_srams,
    .logic = emit_l2_ucp_logic,
    .decide_defaults = emit_l2_ucp_defaults,
    .decide_access = emit_l2_ucp_access,
    .flops = emit_l2_ucp_flops_ctx,
    .lm_ports = emit_l2_ucp_lm_ports,
    .lm_ways = l2_ucp_lm_ways,
    .lm_logic = emit_l2_ucp_victim,
};
