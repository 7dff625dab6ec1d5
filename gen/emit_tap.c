/* emit_tap: TAP's core-sampling controller <name>_l2_tap inside the L2 slice (SPEC 3.8,
 * l2.replacement = tap_rrip; docs/tap.md). Each cycle it counts the instructions Core-POL1 (GPU
 * core 0) and Core-POL2 (GPU core 1) retire and the L2's access of that cycle by application,
 * in 20-bit saturating counters, and keeps the busiest CPU app's count as it grows (one access
 * a cycle, so a count passes the maximum only by equalling it first). A period's last cycle E
 * takes the counts into a snapshot and clears them; the decision is a sequence of 12 steps
 * (TAP_LATENCY, cmodel/cm_tap.h), each within the depth budget:
 *   E+1   r >= 1024 (saturation) as a_GPU[19:10] >= d, d = max(a_CPU, 1); |I1 - I2| and
 *         max(I1, I2)
 *   E+2   100 x |I1 - I2| and alpha x max (constant multiplications), first divider step
 *   E+3   cache-friendly := the first > the second; divider step 2
 *   ..    a restoring divider, one quotient bit a step, ten steps E+2 .. E+11, starting
 *         from the remainder a_GPU[19:10]: below d, the quotient is below 1024 and takes ten
 *         bits; at or above d (saturated) every step fits and the quotient is 1023 by itself
 *   E+12  r (1023 when saturated), XSRATIO, the masks: the tick (evt_*), and the mask and
 *         XSRATIO registers take the new values for E+13 on.
 * tap.period >= 12 (cfg), so a new period ends no earlier than E+12, whose snapshot load is
 * the same edge as the decision's. Mirrors cmodel/cm_tap.c. The module is built as emitter IR
 * (ir.h) and printed by ir_print. */
#include "emit_l2.h"
#include "ir_lib.h"

#include "../core/app.h"
#include "../cmodel/cm_tap.h"

#define CB CM_TAP_CNT_BITS /* counters */
#define XB 10              /* XSRATIO, the ratio */
#define PB 27              /* 100 x a 20-bit count */

typedef struct tap_w {
    unsigned apps, gpu, ob, tb, rb;
} tap_w_t;

static void widths(const gen_l2_t *g, tap_w_t *w)
{
    w->apps = cfg_l2_apps(g->cfg);
    w->gpu = app_gpu(g->cfg->sys.cpu_cores);
    w->ob = g->lay.obits;
    w->tb = cfg_count_bits(g->cfg->tap.period - 1);
    w->rb = CM_TAP_RETIRED_BITS;
}

/* The tick: one a period, in the cycle its decision lands. */
static unsigned evt_ports(gen_sim_port_t *out)
{
    const struct { const char *name; unsigned width; const char *what; } p[] = {
        {"evt_valid_o", 0, "a period's decision lands (12 cycles after its last cycle)"},
        {"evt_i1_o", CB, "instructions Core-POL1 retired in the period"},
        {"evt_i2_o", CB, "instructions Core-POL2 retired in the period"},
        {"evt_a_gpu_o", CB, "the GPU's L2 accesses in the period"},
        {"evt_a_cpu_o", CB, "the busiest CPU app's L2 accesses in the period"},
        {"evt_friendly_o", 0, "100 x |I1 - I2| > alpha x max(I1, I2)"},
        {"evt_ratio_o", XB, "a_GPU / max(a_CPU, 1), saturated at 1023"},
        {"evt_ratio_sat_o", 0, "the quotient was above 1023"},
        {"evt_xsratio_o", XB, "the new XSRATIO"},
        {"evt_rrip_mask_o", 0, "the new RRIP-Mask"},
        {"evt_ucp_mask_o", 0, "the new UCP-Mask"},
    };
    unsigned n = sizeof p / sizeof p[0];
    for (unsigned i = 0; i < n; i++) {
        out[i] = (gen_sim_port_t){0, p[i].width ? p[i].width : 1, p[i].width != 0, "", p[i].what};
        snprintf(out[i].name, sizeof out[i].name, "%s", p[i].name);
    }
    return n;
}

static void build_ports(ir_module_t *m, const tap_w_t *w)
{
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_W(2 * w->rb), "retired_i",
            ir_fmt(m, "Core-POL1 [%u:0], Core-POL2 [%u:%u]: retired this cycle", w->rb - 1,
                   2 * w->rb - 1, w->rb), 1);
    ir_port(m, IR_IN, IR_W(0), "acc_i", "the L2 counted an access this cycle ...", 7);
    ir_port(m, IR_IN, IR_W(w->ob), "acc_app_i",
            ir_fmt(m, "... of this application (the GPU is %u)", w->gpu), 1);
    ir_port(m, IR_OUT, IR_W(0), "rrip_mask_o", "RRIP-Mask: not friendly, or XSRATIO > 1", 1);
    ir_port(m, IR_OUT, IR_W(0), "ucp_mask_o", "UCP-Mask: not friendly", 2);
    ir_port(m, IR_OUT, IR_W(XB), "xsratio_o", NULL, 0);
    gen_sim_port_t ev[16];
    gen_ir_sim_ports(m, "event port (simulation only): every decision", ev, evt_ports(ev));
}

/* A reg declaration of `a` and up to three more names of the same width (NULL: none). */
static ir_node_t *regs(ir_module_t *m, ir_width_t wd, const char *a, const char *b,
                       const char *c, const char *d)
{
    ir_node_t *x = ir_decl(m, &m->body, IR_REG, wd, a);
    const char *more[] = {b, c, d};
    for (unsigned i = 0; i < 3 && more[i]; i++)
        ir_decl_name(m, x, more[i], 0);
    return x;
}

static void build_decls(ir_module_t *m, const gen_l2_t *g, const tap_w_t *w)
{
    const cfg_tap_t *t = &g->cfg->tap;
    ir_list_t *b = &m->body;
    gen_sim_port_t ev[16];
    gen_ir_sim_internal(m, b, ev, evt_ports(ev));
    ir_node_t *p = ir_param(m, b, 1, "LastCycle", emit_const(w->tb, t->period - 1ULL));
    p->w = IR_W(w->tb);
    ir_note(m, p, "tap.period - 1", 1);
    ir_param(m, b, 1, "CntMax", emit_const(CB, CM_TAP_CNT_MAX))->w = IR_W(CB);
    p = ir_param(m, b, 1, "Txs", emit_const(XB, t->txs));
    p->w = IR_W(XB);
    ir_note(m, p, "tap.txs", 1);
    p = ir_param(m, b, 1, "StepDecide", ir_fmt(m, "4'd%u", TAP_LATENCY));
    p->w = IR_W(4);
    ir_note(m, p, ir_fmt(m, "the decision lands %u cycles after E", TAP_LATENCY), 1);
    ir_blank(m, b);
    ir_comment(m, b, "the period: its cycle, the counts (20 bits, saturating), the busiest CPU "
                     "app's");
    regs(m, IR_W(w->tb), "t_q", NULL, NULL, NULL);
    ir_note(m, regs(m, IR_W(CB), "ret1_q", "ret2_q", NULL, NULL),
            "Core-POL1's and Core-POL2's instructions", 1);
    ir_note(m, regs(m, IR_W(w->apps * CB), "acc_q", NULL, NULL, NULL),
            ir_fmt(m, "app k's accesses: [k*%u +: %u]", CB, CB), 1);
    regs(m, IR_W(CB), "cmax_q", NULL, NULL, NULL);
    ir_comment(m, b, "the L2's access of the last cycle: its decision comes late in the cycle "
                     "(after the");
    ir_comment(m, b, "row lookup), so it is counted a cycle later");
    regs(m, IR_W(0), "acc_in_q", NULL, NULL, NULL);
    regs(m, IR_W(w->ob), "acc_app_in_q", NULL, NULL, NULL);
    ir_comment(m, b, "the decision's snapshot and steps (0: idle; 1..12 after a period's end)");
    regs(m, IR_W(4), "step_q", NULL, NULL, NULL);
    regs(m, IR_W(CB), "i1_q", "i2_q", "ag_q", "ac_q");
    regs(m, IR_W(CB), "diff_q", "top_q", NULL, NULL);
    regs(m, IR_W(PB), "p100_q", "palpha_q", NULL, NULL);
    regs(m, IR_W(0), "friendly_q", "sat_q", NULL, NULL);
    ir_note(m, regs(m, IR_W(CB), "rem_q", NULL, NULL, NULL),
            "the divider's remainder, below the divisor", 1);
    ir_note(m, regs(m, IR_W(XB), "lo_q", "quo_q", NULL, NULL),
            "dividend bits still to bring down, quotient so far", 1);
    ir_comment(m, b, "the decision in force");
    regs(m, IR_W(0), "rrip_mask_q", "ucp_mask_q", NULL, NULL);
    regs(m, IR_W(XB), "xsratio_q", NULL, NULL, NULL);
    ir_blank(m, b);
}

/* The counts of this cycle, saturating: the sampling cores' retired instructions and the
 * access of acc_app_i; the busiest CPU app's count grows by one when the app counting is a CPU
 * app at the maximum (counts move by at most one a cycle, so none can pass it otherwise). */
static void build_counts(ir_module_t *m, const tap_w_t *w)
{
    ir_list_t *b = &m->body;
    ir_note(m, ir_wire_init(m, b, IR_W(0), "end_w", "t_q == LastCycle"), "the period's last cycle",
            1);
    for (unsigned p = 1; p <= 2; p++) {
        ir_wire_init(m, b, IR_W(CB + 1), ir_fmt(m, "ret%u_sum", p),
                     ir_fmt(m, "{1'b0, ret%u_q} + {%s, retired_i[%u +: %u]}", p,
                            emit_const(CB + 1 - w->rb, 0), (p - 1) * w->rb, w->rb));
        ir_wire_init(m, b, IR_W(CB), ir_fmt(m, "ret%u_next", p),
                     ir_fmt(m, "ret%u_sum[%u] ? CntMax : ret%u_sum[%u:0]", p, CB, p, CB - 1));
    }
    ir_decl(m, b, IR_WIRE, IR_W(w->apps * CB), "acc_next");
    ir_decl(m, b, IR_WIRE, IR_W(w->apps), "acc_is");
    for (unsigned k = 0; k < w->apps; k++) {
        ir_assign(m, b, ir_fmt(m, "acc_is[%u]", k),
                  ir_fmt(m, "acc_in_q & (acc_app_in_q == %s)", emit_const(w->ob, k)));
        ir_assign(m, b, ir_fmt(m, "acc_next[%u +: %u]", k * CB, CB),
                  ir_fmt(m, "acc_q[%u +: %u] + {%s, acc_is[%u] & ~&acc_q[%u +: %u]}", k * CB, CB,
                         emit_const(CB - 1, 0), k, k * CB, CB));
    }
    ir_comment(m, b, "the counting CPU app at the maximum (AND-OR over the one-hot acc_is)");
    const char *at_max = "";
    for (unsigned k = 0; k < w->gpu; k++)
        at_max = ir_fmt(m, "%s\n  %s(acc_is[%u] & (acc_q[%u +: %u] == cmax_q))", at_max,
                        k ? "| " : "  ", k, k * CB, CB);
    ir_wire_init(m, b, IR_W(0), "at_max", at_max);
    ir_wire_init(m, b, IR_W(CB), "cmax_next",
                 ir_fmt(m, "cmax_q + {%s, at_max & ~&cmax_q}", emit_const(CB - 1, 0)));
    ir_blank(m, b);
}

/* The steps' combinational parts: the divisor, the divider's trial subtraction, the ratio. */
static void build_step_logic(ir_module_t *m, const cfg_tap_t *t)
{
    ir_list_t *b = &m->body;
    ir_note(m, ir_wire_init(m, b, IR_W(CB), "divisor",
                            ir_fmt(m, "|ac_q ? ac_q : %s", emit_const(CB, 1))),
            "a CPU max of 0 counts as 1", 1);
    ir_note(m, ir_wire_init(m, b, IR_W(CB + 1), "trial",
                            ir_fmt(m, "{rem_q[%u:0], lo_q[%u]}", CB - 1, XB - 1)),
            "bring the next dividend bit down", 1);
    ir_wire_init(m, b, IR_W(0), "fits", "trial >= {1'b0, divisor}");
    ir_comment(m, b, "saturated (a_GPU >= 1024 x d), the divider starts with a remainder >= d, "
                     "so every");
    ir_comment(m, b, ir_fmt(m, "step fits and the quotient is %u: the saturation needs no "
                               "multiplexer", TAP_XS_MAX));
    ir_wire_init(m, b, IR_W(XB), "ratio", "quo_q");
    ir_wire_init(m, b, IR_W(XB), "xs_new",
                 ir_fmt(m, "ratio >= Txs ? ratio : %s", emit_const(XB, 1)));
    ir_wire_init(m, b, IR_W(0), "rrip_new", ir_fmt(m, "~friendly_q | (xs_new != %s)",
                                                   emit_const(XB, 1)));
    ir_comment(m, b, ir_fmt(m, "100 x |I1 - I2| and alpha x max(I1, I2), alpha = %u: constant "
                               "multiplications", t->alpha));
    ir_wire_init(m, b, IR_W(PB), "p100", ir_fmt(m, "{%s, diff_q} * %s", emit_const(PB - CB, 0),
                                                emit_const(PB, 100)));
    ir_wire_init(m, b, IR_W(PB), "palpha", ir_fmt(m, "{%s, top_q} * %s", emit_const(PB - CB, 0),
                                                  emit_const(PB, t->alpha)));
    static const char *const out[][2] = {
        {"evt_valid_o", "step_q == StepDecide"}, {"evt_i1_o", "i1_q"}, {"evt_i2_o", "i2_q"},
        {"evt_a_gpu_o", "ag_q"}, {"evt_a_cpu_o", "ac_q"}, {"evt_friendly_o", "friendly_q"},
        {"evt_ratio_o", "ratio"}, {"evt_ratio_sat_o", "sat_q"}, {"evt_xsratio_o", "xs_new"},
        {"evt_rrip_mask_o", "rrip_new"}, {"evt_ucp_mask_o", "~friendly_q"},
        {"rrip_mask_o", "rrip_mask_q"}, {"ucp_mask_o", "ucp_mask_q"}, {"xsratio_o", "xsratio_q"},
    };
    for (unsigned i = 0; i < sizeof out / sizeof out[0]; i++)
        ir_assign(m, b, out[i][0], out[i][1]);
    ir_blank(m, b);
}

static void build_flops(ir_module_t *m, const tap_w_t *w)
{
    ir_node_t *f = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    ir_note(m, f, "TAP starts as DRRIP: XSRATIO 1, both masks 0", 1);
    ir_list_t *r = &f->alt, *u = &f->body;
    ir_nb(m, r, "t_q", emit_const(w->tb, 0));
    ir_nb(m, r, "{ret1_q, ret2_q, cmax_q}", emit_const(3 * CB, 0));
    ir_nb(m, r, "acc_q", emit_const(w->apps * CB, 0));
    ir_nb(m, r, "step_q", "4'd0");
    ir_nb(m, r, "acc_in_q", "1'b0");
    ir_nb(m, r, "acc_app_in_q", emit_const(w->ob, 0));
    ir_nb(m, r, "{i1_q, i2_q, ag_q, ac_q, diff_q, top_q}", emit_const(6 * CB, 0));
    ir_nb(m, r, "{p100_q, palpha_q}", emit_const(2 * PB, 0));
    ir_nb(m, r, "{friendly_q, sat_q}", "2'd0");
    ir_nb(m, r, "rem_q", emit_const(CB, 0));
    ir_nb(m, r, "{lo_q, quo_q}", emit_const(2 * XB, 0));
    ir_nb(m, r, "{rrip_mask_q, ucp_mask_q}", "2'd0");
    ir_nb(m, r, "xsratio_q", emit_const(XB, 1));
    ir_nb(m, u, "acc_in_q", "acc_i");
    ir_nb(m, u, "acc_app_in_q", "acc_app_i");
    ir_node_t *x = ir_if(m, u, "end_w");
    ir_note(m, x, "the snapshot; the counts restart", 1);
    ir_nb(m, &x->body, "t_q", emit_const(w->tb, 0));
    ir_nb(m, &x->body, "{i1_q, i2_q, ag_q, ac_q}",
          ir_fmt(m, "{ret1_next, ret2_next, acc_next[%u +: %u], cmax_next}", w->gpu * CB, CB));
    ir_nb(m, &x->body, "{ret1_q, ret2_q, cmax_q}", emit_const(3 * CB, 0));
    ir_nb(m, &x->body, "acc_q", emit_const(w->apps * CB, 0));
    ir_nb(m, &x->body, "step_q", "4'd1");
    ir_nb(m, &x->alt, "t_q", ir_fmt(m, "t_q + %s", emit_const(w->tb, 1)));
    ir_nb(m, &x->alt, "{ret1_q, ret2_q, cmax_q}", "{ret1_next, ret2_next, cmax_next}");
    ir_nb(m, &x->alt, "acc_q", "acc_next");
    ir_nb(m, &x->alt, "step_q", "step_q == StepDecide || step_q == 4'd0 ? 4'd0 : step_q + 4'd1");
    x = ir_if(m, u, "step_q == 4'd1");
    ir_note(m, x, "saturated: a_GPU >= 1024 x d; the friendly operands", 1);
    ir_nb(m, &x->body, "sat_q",
          ir_fmt(m, "{%s, ag_q[%u:%u]} >= divisor", emit_const(CB - XB, 0), CB - 1, XB));
    ir_nb(m, &x->body, "rem_q",
          ir_fmt(m, "{%s, ag_q[%u:%u]}", emit_const(CB - XB, 0), CB - 1, XB));
    ir_nb(m, &x->body, "lo_q", ir_fmt(m, "ag_q[%u:0]", XB - 1));
    ir_nb(m, &x->body, "quo_q", emit_const(XB, 0));
    ir_nb(m, &x->body, "diff_q", "i1_q > i2_q ? i1_q - i2_q : i2_q - i1_q");
    ir_nb(m, &x->body, "top_q", "i1_q > i2_q ? i1_q : i2_q");
    x = ir_if(m, u, ir_fmt(m, "step_q >= 4'd2 && step_q <= 4'd%u", TAP_LATENCY - 1));
    ir_note(m, x, "a restoring division step", 1);
    ir_note(m, ir_nb(m, &x->body, "rem_q",
                     ir_fmt(m, "fits ? trial[%u:0] - divisor : trial[%u:0]", CB - 1, CB - 1)),
            "below the divisor", 1);
    ir_nb(m, &x->body, "lo_q", ir_fmt(m, "{lo_q[%u:0], 1'b0}", XB - 2));
    ir_nb(m, &x->body, "quo_q", ir_fmt(m, "{quo_q[%u:0], fits}", XB - 2));
    ir_nb(m, &ir_if(m, u, "step_q == 4'd2")->body, "{p100_q, palpha_q}", "{p100, palpha}");
    ir_nb(m, &ir_if(m, u, "step_q == 4'd3")->body, "friendly_q", "p100_q > palpha_q");
    x = ir_if(m, u, "step_q == StepDecide");
    ir_note(m, x, "the decision lands", 1);
    ir_nb(m, &x->body, "rrip_mask_q", "rrip_new");
    ir_nb(m, &x->body, "ucp_mask_q", "~friendly_q");
    ir_nb(m, &x->body, "xsratio_q", "xs_new");
}

void emit_l2_tap(emit_t *e, const gen_l2_t *g)
{
    tap_w_t w;
    widths(g, &w);
    ir_module_t mod, *m = &mod;
    ir_module_init(m, g->tap);
    gen_ir_header(m, g->cfg, "TAP's core sampling, XSRATIO and masks of the L2 slice (SPEC 3.8)");
    build_ports(m, &w);
    build_decls(m, g, &w);
    build_counts(m, &w);
    build_step_logic(m, &g->cfg->tap);
    build_flops(m, &w);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
