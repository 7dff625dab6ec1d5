/* emit_l2_pol_tap_ucp: l2.replacement = tap_ucp (SPEC 3.8, docs/tap.md): UCP's block, whose
 * lookahead waits for its period's decision and divides the GPU's counters by XSRATIO first
 * (emit_l2_tap_ucp.c, via emit_l2_ucp.c), and TAP's controller (emit_l2_tap.c); Core-POL1's read
 * fills take the no-allocate branch (tu_noalloc). */
#include "l2pol.h"

#include "emit_l2_tap.h"

static unsigned evt_ports(const gen_l2_t *g, pipe_evt_port_t *out)
{
    unsigned n = l2_ucp_evt_ports(g, out);
    return n + l2_tap_evt_ports(out + n);
}

const gen_l2_pol_t l2pol_tap_ucp = {
    .name = "tap_ucp",
    .evt_ports = evt_ports,
    .ports = emit_l2_tap_ports,
    .sys_ports = emit_l2_tap_sys_ports,
    .decls = emit_l2_ucp_decls,
    .hold = " | ucp_vhold",
    .meta_ports = emit_l2_ucp_meta_inst,
    .insts = emit_l2_tap_inst,
    .srams = emit_l2_ucp_srams,
    .logic = emit_l2_ucp_logic,
    .decide_defaults = emit_l2_ucp_defaults,
    .decide_access = emit_l2_ucp_access,
    .fill_noalloc = "tu_noalloc",
    .flops = emit_l2_ucp_flops_ctx,
    .lm_ports = emit_l2_ucp_lm_ports,
    .lm_ways = l2_ucp_lm_ways,
    .lm_logic = emit_l2_ucp_victim,
    .module_name = l2_tap_module_name,
    .module = emit_l2_tap,
    .lint = emit_l2_tap_lint,
};
