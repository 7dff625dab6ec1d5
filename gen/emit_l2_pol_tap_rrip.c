/* emit_l2_pol_tap_rrip: l2.replacement = tap_rrip (SPEC 3.8, docs/tap.md): DRRIP's block and TAP's
 * core-sampling controller (emit_l2_tap.c): retired_i, the controller's instance and event
 * fields, and TAP-RRIP's rules over DRRIP (tap_ins_long, tap_use_brrip and the lookup module's
 * TAP ports). */
#include "l2pol.h"

#include "emit_l2_tap.h"

static unsigned evt_ports(const gen_l2_t *g, pipe_evt_port_t *out)
{
    unsigned n = l2_drrip_evt_ports(g, out);
    return n + l2_tap_evt_ports(out + n);
}

static void decls(emit_t *e, const gen_l2_t *g)
{
    emit_l2_drrip_decls(e, g);
    emit_l2_tap_policy(e, g);
}

static void meta_ports(emit_t *e, const gen_l2_t *g, int after)
{
    (void)g;
    if (after)
        return;
    emit_line(e, ".ins_long_i    (tap_ins_long),");
    emit_l2_tap_meta_ports(e);
}

static void fill_end(emit_t *e, const gen_l2_t *g)
{
    (void)g;
    emit_l2_drrip_fill(e, "tap_use_brrip");
}

const gen_l2_pol_t l2pol_tap_rrip = {
    .name = "tap_rrip",
    .evt_ports = evt_ports,
    .ports = emit_l2_tap_ports,
    .decls = decls,
    .meta_ports = meta_ports,
    .insts = emit_l2_tap_inst,
    .decide_defaults = emit_l2_drrip_defaults,
    .decide_miss = emit_l2_drrip_miss,
    .fill_end = fill_end,
    .flops = emit_l2_drrip_flops,
};
