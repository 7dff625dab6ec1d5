/* emit_l2_pol_tap_rrip: l2.replacement = tap_rrip (SPEC 3.8, docs/tap.md): DRRIP's block and TAP's
 * core-sampling controller (emit_l2_tap.c): retired_i, the controller's instance and event
 * fields, and TAP-RRIP's rules over DRRIP (tap_ins_long, tap_use_brrip and the lookup module's
 * TAP ports). */
#include "l2pol.h"

#include "emit_l2_tap.h"

#include <stdio.h>

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

/* The lookup module: DRRIP's insertion input and TAP-RRIP's three. */
static void lm_ports(emit_t *e, const gen_l2_t *g, int after)
{
    if (after)
        return;
    emit_l2_drrip_lm_ports(e, g, 0);
    emit_line(e, "input  wire ins_mru_i,  // tap_rrip fill: 1 inserts at 0 (Core-POL2)");
    emit_line(e, "input  wire promote_i,  // tap_rrip hit: 1 sets RRPV 0, 0 keeps it");
    emit_line(e, "input  wire gpu_first_i, // tap_rrip victim: a GPU line first (RRIP-Mask)");
}

/* Core-POL2 inserts at 0, else DRRIP's insertion; the GPU-first victim: owner == the GPU's
 * app. */
static void lm_ways(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf)
{
    const lay_l2_t *l = &g->lay;
    if (l->ways > 1) {
        unsigned max = (1u << l->repl_bits) - 1;
        snprintf(buf->ins, sizeof buf->ins, "(ins_mru_i ? %s : ins_long_i ? %s : %s)",
                 emit_const(l->repl_bits, 0), emit_const(l->repl_bits, max - 1),
                 emit_const(l->repl_bits, max));
        x->ins = buf->ins;
    }
    snprintf(buf->prefer, sizeof buf->prefer, "(w%%u_owner == %s)",
             emit_const(l->obits, g->cfg->sys.cpu_cores));
    x->prefer_on = "gpu_first_i";
    x->prefer_fmt = buf->prefer;
}

/* A hit keeps its RRPV when promote_i is 0 (a GPU hit under RRIP-Mask). */
static void lm_update(emit_t *e, const gen_l2_t *g)
{
    if (g->lay.ways > 1)
        emit_block_each(e, "if (!is_fill & !promote_i) begin // TAP-RRIP: the hit keeps its RRPV",
                        g->lay.ways, "w%u_repl_d = w%u_repl;");
}

const gen_l2_pol_t l2pol_tap_rrip = {
    .name = "tap_rrip",
    .evt_ports = evt_ports,
    .ports = emit_l2_tap_ports,
    .sys_ports = emit_l2_tap_sys_ports,
    .decls = decls,
    .meta_ports = meta_ports,
    .insts = emit_l2_tap_inst,
    .decide_defaults = emit_l2_drrip_defaults,
    .decide_miss = emit_l2_drrip_miss,
    .fill_end = fill_end,
    .flops = emit_l2_drrip_flops,
    .lm_ports = lm_ports,
    .lm_ways = lm_ways,
    .lm_update = lm_update,
    .module_name = l2_tap_module_name,
    .module = emit_l2_tap,
    .lint = emit_l2_tap_lint,
};
