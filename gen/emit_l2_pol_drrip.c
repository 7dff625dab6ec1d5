/* emit_l2_pol_drrip: l2.replacement = drrip (SPEC 3.8): DRRIP's block (emit_l2_drrip.c) on
 * SRRIP's lookup module, whose fill inserts at the RRPV of the set's policy for the app. */
#include "l2pol.h"

static void meta_ports(emit_t *e, const gen_l2_t *g, int after)
{
    (void)g;
    if (!after)
        emit_line(e, ".ins_long_i    (drrip_ins_long),");
}

static void fill_end(emit_t *e, const gen_l2_t *g)
{
    (void)g;
    emit_l2_drrip_fill(e, "drrip_use_brrip");
}

const gen_l2_pol_t l2pol_drrip = {
    .name = "drrip",
    .evt_ports = l2_drrip_evt_ports,
    .decls = emit_l2_drrip_decls,
    .meta_ports = meta_ports,
    .decide_defaults = emit_l2_drrip_defaults,
    .decide_miss = emit_l2_drrip_miss,
    .fill_end = fill_end,
    .flops = emit_l2_drrip_flops,
    .lm_ports = emit_l2_drrip_lm_ports,
    .lm_ways = l2_drrip_lm_ways,
};
