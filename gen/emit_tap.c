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
 * the same edge as the decision's. Mirrors cmodel/cm_tap.c. */
#include "emit_l2.h"

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

static void emit_ports(emit_t *e, const gen_l2_t *g, const tap_w_t *w)
{
    emit_line(e, "module %s (", g->tap);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire %sretired_i, // Core-POL1 [%u:0], Core-POL2 [%u:%u]: retired this "
                 "cycle",
              emit_range(2 * w->rb), w->rb - 1, 2 * w->rb - 1, w->rb);
    emit_line(e, "input  wire acc_i,       // the L2 counted an access this cycle ...");
    emit_line(e, "input  wire %sacc_app_i, // ... of this application (the GPU is %u)",
              emit_range(w->ob), w->gpu);
    emit_line(e, "output wire rrip_mask_o, // RRIP-Mask: not friendly, or XSRATIO > 1");
    emit_line(e, "output wire ucp_mask_o,  // UCP-Mask: not friendly");
    emit_line(e, "output wire %sxsratio_o", emit_range(XB));
    gen_sim_port_t ev[16];
    gen_emit_sim_ports(e, "event port (simulation only): every decision", ev, evt_ports(ev));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

static void emit_decls(emit_t *e, const gen_l2_t *g, const tap_w_t *w)
{
    const cfg_tap_t *t = &g->cfg->tap;
    gen_sim_port_t ev[16];
    gen_emit_sim_internal(e, ev, evt_ports(ev));
    emit_line(e, "localparam %sLastCycle = %s; // tap.period - 1", emit_range(w->tb),
              emit_const(w->tb, t->period - 1ULL));
    emit_line(e, "localparam %sCntMax = %s;", emit_range(CB), emit_const(CB, CM_TAP_CNT_MAX));
    emit_line(e, "localparam %sTxs = %s; // tap.txs", emit_range(XB), emit_const(XB, t->txs));
    emit_line(e, "localparam [3:0] StepDecide = 4'd%u; // the decision lands %u cycles after E",
              TAP_LATENCY, TAP_LATENCY);
    emit_blank(e);
    emit_line(e, "// the period: its cycle, the counts (20 bits, saturating), the busiest CPU "
                 "app's");
    emit_line(e, "reg %st_q;", emit_range(w->tb));
    emit_line(e, "reg %sret1_q, ret2_q; // Core-POL1's and Core-POL2's "
                 "instructions", emit_range(CB));
    emit_line(e, "reg %sacc_q; // app k's accesses: [k*%u +: "
                 "%u]", emit_range(w->apps * CB), CB, CB);
    emit_line(e, "reg %scmax_q;", emit_range(CB));
    emit_line(e, "// the L2's access of the last cycle: its decision comes late in the cycle "
                 "(after the");
    emit_line(e, "// row lookup), so it is counted a cycle later");
    emit_line(e, "reg acc_in_q;");
    emit_line(e, "reg %sacc_app_in_q;", emit_range(w->ob));
    emit_line(e, "// the decision's snapshot and steps (0: idle; 1..12 after a period's end)");
    emit_line(e, "reg [3:0] step_q;");
    emit_line(e, "reg %si1_q, i2_q, ag_q, ac_q;", emit_range(CB));
    emit_line(e, "reg %sdiff_q, top_q;", emit_range(CB));
    emit_line(e, "reg %sp100_q, palpha_q;", emit_range(PB));
    emit_line(e, "reg friendly_q, sat_q;");
    emit_line(e, "reg %srem_q; // the divider's remainder, below the divisor", emit_range(CB));
    emit_line(e, "reg %slo_q, quo_q; // dividend bits still to bring down, quotient so far",
              emit_range(XB));
    emit_line(e, "// the decision in force");
    emit_line(e, "reg rrip_mask_q, ucp_mask_q;");
    emit_line(e, "reg %sxsratio_q;", emit_range(XB));
    emit_blank(e);
}

/* The counts of this cycle, saturating: the sampling cores' retired instructions and the
 * access of acc_app_i; the busiest CPU app's count grows by one when the app counting is a CPU
 * app at the maximum (counts move by at most one a cycle, so none can pass it otherwise). */
static void emit_counts(emit_t *e, const tap_w_t *w)
{
    emit_line(e, "wire end_w = t_q == LastCycle; // the period's last cycle");
    for (unsigned p = 1; p <= 2; p++) {
        emit_line(e, "wire %sret%u_sum = {1'b0, ret%u_q} + {%s, retired_i[%u +: %u]};",
                  emit_range(CB + 1), p, p, emit_const(CB + 1 - w->rb, 0), (p - 1) * w->rb, w->rb);
        emit_line(e, "wire %sret%u_next = ret%u_sum[%u] ? CntMax : ret%u_sum[%u:0];",
                  emit_range(CB), p, p, CB, p, CB - 1);
    }
    emit_line(e, "wire %sacc_next;", emit_range(w->apps * CB));
    emit_line(e, "wire %sacc_is;", emit_range(w->apps));
    for (unsigned k = 0; k < w->apps; k++) {
        emit_line(e, "assign acc_is[%u] = acc_in_q & (acc_app_in_q == %s);", k,
                  emit_const(w->ob, k));
        emit_line(e, "assign acc_next[%u +: %u] = acc_q[%u +: %u] + {%s, acc_is[%u] & "
                  "~&acc_q[%u +: %u]};", k * CB, CB, k * CB, CB, emit_const(CB - 1, 0), k,
                  k * CB, CB);
    }
    emit_line(e, "// the counting CPU app at the maximum (AND-OR over the one-hot acc_is)");
    emit_line(e, "wire at_max =");
    emit_in(e);
    for (unsigned k = 0; k < w->gpu; k++)
        emit_line(e, "%s(acc_is[%u] & (acc_q[%u +: %u] == cmax_q))%s", k ? "| " : "  ", k, k * CB,
                  CB, k + 1 < w->gpu ? "" : ";");
    emit_out(e);
    emit_line(e, "wire %scmax_next = cmax_q + {%s, at_max & ~&cmax_q};", emit_range(CB),
              emit_const(CB - 1, 0));
    emit_blank(e);
}

/* The steps' combinational parts: the divisor, the divider's trial subtraction, the ratio. */
static void emit_step_logic(emit_t *e, const cfg_tap_t *t)
{
    emit_line(e, "wire %sdivisor = |ac_q ? ac_q : %s; // a CPU max of 0 counts as 1",
              emit_range(CB), emit_const(CB, 1));
    emit_line(e, "wire %strial = {rem_q[%u:0], lo_q[%u]}; // bring the next dividend bit down",
              emit_range(CB + 1), CB - 1, XB - 1);
    emit_line(e, "wire fits = trial >= {1'b0, divisor};");
    emit_line(e, "// saturated (a_GPU >= 1024 x d), the divider starts with a remainder >= d, so "
                 "every");
    emit_line(e, "// step fits and the quotient is %u: the saturation needs no "
                 "multiplexer", TAP_XS_MAX);
    emit_line(e, "wire %sratio = quo_q;", emit_range(XB));
    emit_line(e, "wire %sxs_new = ratio >= Txs ? ratio : %s;", emit_range(XB), emit_const(XB, 1));
    emit_line(e, "wire rrip_new = ~friendly_q | (xs_new != %s);", emit_const(XB, 1));
    emit_line(e, "// 100 x |I1 - I2| and alpha x max(I1, I2), alpha = %u: constant multiplications",
              t->alpha);
    emit_line(e, "wire %sp100 = {%s, diff_q} * %s;", emit_range(PB), emit_const(PB - CB, 0),
              emit_const(PB, 100));
    emit_line(e, "wire %spalpha = {%s, top_q} * %s;", emit_range(PB), emit_const(PB - CB, 0),
              emit_const(PB, t->alpha));
    emit_line(e, "assign evt_valid_o = step_q == StepDecide;");
    emit_line(e, "assign evt_i1_o = i1_q;");
    emit_line(e, "assign evt_i2_o = i2_q;");
    emit_line(e, "assign evt_a_gpu_o = ag_q;");
    emit_line(e, "assign evt_a_cpu_o = ac_q;");
    emit_line(e, "assign evt_friendly_o = friendly_q;");
    emit_line(e, "assign evt_ratio_o = ratio;");
    emit_line(e, "assign evt_ratio_sat_o = sat_q;");
    emit_line(e, "assign evt_xsratio_o = xs_new;");
    emit_line(e, "assign evt_rrip_mask_o = rrip_new;");
    emit_line(e, "assign evt_ucp_mask_o = ~friendly_q;");
    emit_line(e, "assign rrip_mask_o = rrip_mask_q;");
    emit_line(e, "assign ucp_mask_o = ucp_mask_q;");
    emit_line(e, "assign xsratio_o = xsratio_q;");
    emit_blank(e);
}

static void emit_flops(emit_t *e, const tap_w_t *w)
{
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin // TAP starts as DRRIP: XSRATIO 1, both masks 0");
    emit_in(e);
    emit_line(e, "t_q <= %s;", emit_const(w->tb, 0));
    emit_line(e, "{ret1_q, ret2_q, cmax_q} <= %s;", emit_const(3 * CB, 0));
    emit_line(e, "acc_q <= %s;", emit_const(w->apps * CB, 0));
    emit_line(e, "step_q <= 4'd0;");
    emit_line(e, "acc_in_q <= 1'b0;");
    emit_line(e, "acc_app_in_q <= %s;", emit_const(w->ob, 0));
    emit_line(e, "{i1_q, i2_q, ag_q, ac_q, diff_q, top_q} <= %s;", emit_const(6 * CB, 0));
    emit_line(e, "{p100_q, palpha_q} <= %s;", emit_const(2 * PB, 0));
    emit_line(e, "{friendly_q, sat_q} <= 2'd0;");
    emit_line(e, "rem_q <= %s;", emit_const(CB, 0));
    emit_line(e, "{lo_q, quo_q} <= %s;", emit_const(2 * XB, 0));
    emit_line(e, "{rrip_mask_q, ucp_mask_q} <= 2'd0;");
    emit_line(e, "xsratio_q <= %s;", emit_const(XB, 1));
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "acc_in_q <= acc_i;");
    emit_line(e, "acc_app_in_q <= acc_app_i;");
    emit_line(e, "if (end_w) begin // the snapshot; the counts restart");
    emit_in(e);
    emit_line(e, "t_q <= %s;", emit_const(w->tb, 0));
    emit_line(e, "{i1_q, i2_q, ag_q, ac_q} <= {ret1_next, ret2_next, acc_next[%u +: %u], "
                 "cmax_next};",
              w->gpu * CB, CB);
    emit_line(e, "{ret1_q, ret2_q, cmax_q} <= %s;", emit_const(3 * CB, 0));
    emit_line(e, "acc_q <= %s;", emit_const(w->apps * CB, 0));
    emit_line(e, "step_q <= 4'd1;");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "t_q <= t_q + %s;", emit_const(w->tb, 1));
    emit_line(e, "{ret1_q, ret2_q, cmax_q} <= {ret1_next, ret2_next, cmax_next};");
    emit_line(e, "acc_q <= acc_next;");
    emit_line(e, "step_q <= step_q == StepDecide || step_q == 4'd0 ? 4'd0 : step_q + 4'd1;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (step_q == 4'd1) begin // saturated: a_GPU >= 1024 x d; the friendly "
                 "operands");
    emit_in(e);
    emit_line(e, "sat_q <= {%s, ag_q[%u:%u]} >= divisor;", emit_const(CB - XB, 0), CB - 1, XB);
    emit_line(e, "rem_q <= {%s, ag_q[%u:%u]};", emit_const(CB - XB, 0), CB - 1, XB);
    emit_line(e, "lo_q <= ag_q[%u:0];", XB - 1);
    emit_line(e, "quo_q <= %s;", emit_const(XB, 0));
    emit_line(e, "diff_q <= i1_q > i2_q ? i1_q - i2_q : i2_q - i1_q;");
    emit_line(e, "top_q <= i1_q > i2_q ? i1_q : i2_q;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (step_q >= 4'd2 && step_q <= 4'd%u) begin // a restoring division step",
              TAP_LATENCY - 1);
    emit_in(e);
    emit_line(e, "rem_q <= fits ? trial[%u:0] - divisor : trial[%u:0]; // below the divisor",
              CB - 1, CB - 1);
    emit_line(e, "lo_q <= {lo_q[%u:0], 1'b0};", XB - 2);
    emit_line(e, "quo_q <= {quo_q[%u:0], fits};", XB - 2);
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (step_q == 4'd2) {p100_q, palpha_q} <= {p100, palpha};");
    emit_line(e, "if (step_q == 4'd3) friendly_q <= p100_q > palpha_q;");
    emit_line(e, "if (step_q == StepDecide) begin // the decision lands");
    emit_in(e);
    emit_line(e, "rrip_mask_q <= rrip_new;");
    emit_line(e, "ucp_mask_q <= ~friendly_q;");
    emit_line(e, "xsratio_q <= xs_new;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

void emit_l2_tap(emit_t *e, const gen_l2_t *g)
{
    tap_w_t w;
    widths(g, &w);
    gen_header(e, g->cfg, g->tap,
               "TAP's core sampling, XSRATIO and masks of the L2 slice (SPEC 3.8)");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, g, &w);
    emit_counts(e, &w);
    emit_step_logic(e, &g->cfg->tap);
    emit_flops(e, &w);
    emit_out(e);
    gen_footer(e);
}
