/* emit_l2_tap_ucp: what l2.replacement = tap_ucp adds to UCP's logic in the L2 slice's top
 * (SPEC 3.8, cm_tap_ucp, docs/tap.md): the lookahead waits for its period's decision (13
 * cycles after the period end: the decision lands in the 12th, its XSRATIO and UCP-Mask are in
 * force from the 13th, where the lookahead starts), then, with XSRATIO above 1 and UCP-Mask
 * clear, a sequential divider brings the GPU's snapshot counters down to counter / XSRATIO, one
 * quotient bit a cycle (the GPU's snapshot slice shifts left through it), before the rounds;
 * with UCP-Mask the GPU starts at 1 way and stays out of the rounds. Core-POL1's (GPU core 0)
 * reads do not allocate (tu_noalloc, the top's no-allocate fill). emit_l2_ucp.c calls these
 * hooks only with tap_ucp. Mirrors cmodel/cm_l2.c's tap_ucp_start and cm_tap_ucp. */
#include "emit_l2_tap_ucp.h"

/* The widths the hooks need: UCP's (lay_l2_ucp). */
typedef struct tu_w {
    unsigned A, W, cb, ab, ob, bitb, jb, core;
} tu_w_t;

static void widths(const gen_l2_t *g, tu_w_t *w)
{
    lay_l2_ucp_t u;
    lay_l2_ucp(g->cfg, &g->lay, &u);
    w->A = u.apps;
    w->W = u.ways;
    w->cb = u.cnt_bits;
    w->ab = u.alloc_bits;
    w->ob = u.app_bits;
    w->bitb = u.div_bit_bits;
    w->jb = u.div_ctr_bits;
    w->core = g->lay.core_bits;
}

void emit_l2_tap_ucp_decls(emit_t *e, const gen_l2_t *g)
{
    tu_w_t w;
    widths(g, &w);
    emit_line(e, "// TAP-UCP (docs/tap.md): the lookahead waits for its period's decision, "
                 "divides");
    emit_line(e, "// the GPU's snapshot by XSRATIO (or fixes the GPU at 1 way under UCP-Mask)");
    emit_line(e, "wire tap_rrip_mask, tap_ucp_mask; // the controller's state in force");
    emit_line(e, "wire [9:0] tap_xsratio;");
    emit_line(e, "reg [3:0] tu_wait_q, tu_wait_d; // cycles until the lookahead starts (13 after "
                 "the period end)");
    emit_line(e, "reg tu_div_q, tu_div_d; // the divider runs");
    emit_line(e, "reg %stu_bit_q, tu_bit_d; // the quotient bit of the counter being divided",
              emit_range(w.bitb));
    emit_line(e, "reg %stu_j_q, tu_j_d; // the counters divided so far", emit_range(w.jb));
    emit_line(e, "reg [9:0] tu_rem_q, tu_rem_d; // the remainder (< XSRATIO)");
    emit_line(e, "reg [9:0] tu_xs_q, tu_xs_d; // XSRATIO and UCP-Mask of this lookahead");
    emit_line(e, "reg tu_mask_q, tu_mask_d;");
    emit_line(e, "wire tu_init; // the rounds start next cycle (FSM state, k, b, left, a)");
    emit_line(e, "wire tu_init_mask; // ... with the GPU at 1 way, out of the rounds");
    emit_line(e, "wire tu_last_k; // the round's last app (the GPU's, or the last CPU app's)");
    emit_line(e, "wire tu_div_step; // a divider cycle: the GPU's snapshot slice shifts");
    emit_line(e, "wire %stu_snap_div; // the GPU's snapshot slice after the shift",
              emit_range(w.W * w.cb));
    emit_line(e, "localparam integer TuDivBase = %u; // the GPU's counters in the snapshot",
              (w.A - 1) * w.W * w.cb);
    emit_line(e, "// Core-POL1's (GPU core 0) reads are answered from the fetched line only");
    emit_line(e, "wire tu_noalloc = (req_core_q == %s) & ~req_store_q;", emit_const(w.core, 0));
    emit_blank(e);
}

void emit_l2_tap_ucp_logic(emit_t *e, const gen_l2_t *g)
{
    tu_w_t w;
    widths(g, &w);
    unsigned N = w.W * w.cb;
    emit_line(e, "// TAP-UCP's start: 13 cycles after a period end (a period end cancels a wait,");
    emit_line(e, "// a division or rounds under way), the decision's XSRATIO and UCP-Mask in "
                 "force");
    emit_line(e, "wire tu_start = (tu_wait_q == 4'd1) & ~ucp_period_end;");
    emit_line(e, "wire tu_needs_div = (tap_xsratio != 10'd1) & ~tap_ucp_mask;");
    emit_line(e, "wire tu_top = ucp_snap_q[TuDivBase + %u]; // the dividend's next bit", N - 1);
    emit_line(e, "wire [10:0] tu_trial = {(tu_bit_q == %s) ? 10'd0 : tu_rem_q, tu_top};",
              emit_const(w.bitb, 0));
    emit_line(e, "wire tu_ge = tu_trial >= {1'b0, tu_xs_q};");
    emit_line(e, "wire [9:0] tu_less = tu_trial[9:0] - tu_xs_q; // < XSRATIO when tu_ge: 10 bits");
    emit_line(e, "wire tu_qbit = tu_ge;");
    emit_line(e, "wire tu_bit_last = tu_bit_q == %s;", emit_const(w.bitb, w.cb - 1));
    emit_line(e, "wire tu_div_last = tu_bit_last & (tu_j_q == %s);", emit_const(w.jb, w.W - 1));
    emit_line(e, "assign tu_div_step = tu_div_q & ~ucp_period_end;");
    emit_line(e, "assign tu_snap_div = {ucp_snap_q[TuDivBase +: %u], tu_qbit};", N - 1);
    emit_line(e, "assign tu_init = (tu_start & ~tu_needs_div) | (tu_div_step & tu_div_last);");
    emit_line(e, "assign tu_init_mask = tu_start & tap_ucp_mask;");
    emit_line(e, "assign tu_last_k = ucp_k_q == (tu_mask_q ? %s : %s);", emit_const(w.ob, w.A - 2),
              emit_const(w.ob, w.A - 1));
    emit_line(e, "always @* begin : tu_control");
    emit_in(e);
    emit_line(e, "tu_wait_d = ucp_period_end ? 4'd13 : tu_wait_q - {3'd0, tu_wait_q != 4'd0};");
    emit_line(e, "tu_xs_d = tu_start ? tap_xsratio : tu_xs_q;");
    emit_line(e, "tu_mask_d = tu_start ? tap_ucp_mask : tu_mask_q;");
    emit_line(e, "tu_div_d = ucp_period_end ? 1'b0 : tu_start ? tu_needs_div : "
                 "tu_div_q & ~tu_div_last;");
    char inc[32];
    if (w.bitb > 1)
        snprintf(inc, sizeof inc, "{%s, tu_div_q}", emit_const(w.bitb - 1, 0));
    else
        snprintf(inc, sizeof inc, "tu_div_q");
    emit_line(e, "tu_bit_d = tu_start | (tu_div_q & tu_bit_last) ? %s : tu_bit_q + %s;",
              emit_const(w.bitb, 0), inc);
    emit_line(e, "tu_j_d = tu_start ? %s : tu_div_q & tu_bit_last ? tu_j_q + %s : tu_j_q;",
              emit_const(w.jb, 0), emit_const(w.jb, 1));
    emit_line(e, "tu_rem_d = tu_ge ? tu_less : tu_trial[9:0];");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

void emit_l2_tap_ucp_flops(emit_t *e, const gen_l2_t *g, int reset)
{
    tu_w_t w;
    widths(g, &w);
    const struct { const char *name; unsigned width; } regs[] = {
        {"wait", 4}, {"div", 1}, {"bit", w.bitb}, {"j", w.jb}, {"rem", 10}, {"xs", 10},
        {"mask", 1}};
    for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++) {
        if (reset)
            emit_line(e, "tu_%s_q <= %s;", regs[i].name, emit_const(regs[i].width, 0));
        else
            emit_line(e, "tu_%s_q <= tu_%s_d;", regs[i].name, regs[i].name);
    }
}
