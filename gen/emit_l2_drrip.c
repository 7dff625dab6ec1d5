/* emit_l2_drrip: DRRIP's block of the L2 slice's top (SPEC 3.8, cm_drrip; l2.replacement = drrip
 * and tap_rrip): one PSEL per application and the BRRIP counter beside the decide stage, the
 * set's policy for the request's app, the fill's insertion RRPV, the PSEL and BRRIP event
 * fields. */
#include "l2pol.h"

#include <stdio.h>

/* PSEL bits, applications, log2(S) (S = sets / L) of a drrip config. */
typedef struct drrip_w {
    unsigned apps, psel, lead, cpu, ob;
} drrip_w_t;

static drrip_w_t widths(const gen_l2_t *g)
{
    const cfg_t *c = g->cfg;
    return (drrip_w_t){cfg_l2_apps(c), c->l2.psel_bits, cfg_log2(c->l2.sets / c->l2.duel_leaders),
                       c->sys.cpu_cores, g->lay.obits};
}

unsigned l2_drrip_evt_ports(const gen_l2_t *g, pipe_evt_port_t *out)
{
    drrip_w_t w = widths(g);
    /* the state beside the rows, after the event, for the lockstep */
    out[0] = (pipe_evt_port_t){"psel", w.apps * w.psel, 1, 0,
                               "drrip: every app's PSEL (app k at k x psel_bits)"};
    out[1] = (pipe_evt_port_t){"brrip", LAY_L2_BRRIP_BITS, 1, 0, "drrip: the BRRIP counter"};
    return 2;
}

/* PSEL_k in drrip_psel_q[k*P +: P]; set s is app k's SRRIP leader when s mod S = 2k, its BRRIP
 * leader when s mod S = 2k + 1, a constant compare of the set's low log2(S) bits (S = sets / L,
 * a power of two since both are); elsewhere app k uses BRRIP when its PSEL's top bit is 1. The
 * request's application is the one-hot drrip_app: a constant (the GPU, app A - 1) without CPU
 * ports, else decoded from req_app. */
void emit_l2_drrip_decls(emit_t *e, const gen_l2_t *g)
{
    drrip_w_t w = widths(g);
    unsigned A = w.apps, P = w.psel;
    emit_line(e, "// DRRIP: a PSEL per application, the BRRIP counter, the decide stage's policy");
    emit_line(e, "reg %sdrrip_psel_q, drrip_psel_d; // app k: [k*%u +: %u]", emit_range(A * P), P,
              P);
    emit_line(e, "reg %sdrrip_brrip_q, drrip_brrip_d; // BRRIP insertions mod 32",
              emit_range(LAY_L2_BRRIP_BITS));
    if (!w.cpu) {
        emit_line(e, "wire %sdrrip_app = %s; // one-hot: every L1 request is the GPU's (app %u)",
                  emit_range(A), emit_const(A, 1ULL << (A - 1)), A - 1);
    } else {
        emit_line(e, "wire %sdrrip_app; // one-hot: the request's application", emit_range(A));
        for (unsigned k = 0; k < A; k++)
            emit_line(e, "assign drrip_app[%u] = req_app == %s;", k, emit_const(w.ob, k));
    }
    emit_line(e, "wire %sdrrip_off = set_q[%u:0]; // s mod S, S = %u", emit_range(w.lead),
              w.lead - 1, g->cfg->l2.sets / g->cfg->l2.duel_leaders);
    emit_line(e, "wire %sdrrip_lead_srrip, drrip_lead_brrip, drrip_brrip;", emit_range(A));
    for (unsigned k = 0; k < A; k++) {
        emit_line(e, "assign drrip_lead_srrip[%u] = drrip_off == %s;", k,
                  emit_const(w.lead, 2 * k));
        emit_line(e, "assign drrip_lead_brrip[%u] = drrip_off == %s;", k,
                  emit_const(w.lead, 2 * k + 1));
        emit_line(e, "assign drrip_brrip[%u] = drrip_lead_brrip[%u] | (~drrip_lead_srrip[%u] & "
                  "drrip_psel_q[%u]);", k, k, k, k * P + P - 1);
    }
    emit_line(e, "wire drrip_use_brrip = |(drrip_app & drrip_brrip);");
    emit_line(e, "// SRRIP inserts at 2^n-2, BRRIP at 2^n-1 but on its 32nd insertion "
                 "(counter at 31)");
    emit_line(e, "wire drrip_ins_long = ~drrip_use_brrip | (drrip_brrip_q == %s);",
              emit_const(LAY_L2_BRRIP_BITS, (1u << LAY_L2_BRRIP_BITS) - 1));
    emit_line(e, "assign evt_psel_o = drrip_psel_d;");
    emit_line(e, "assign evt_brrip_o = drrip_brrip_d;");
    emit_blank(e);
}

/* A miss (it takes an MSHR) by app k in its SRRIP leader raises PSEL_k, in its BRRIP leader
 * lowers it, both saturating. */
void emit_l2_drrip_miss(emit_t *e, const gen_l2_t *g)
{
    drrip_w_t w = widths(g);
    unsigned P = w.psel;
    emit_line(e, "if (!meta_hit) begin // DRRIP: a miss in the app's leader set moves its PSEL");
    emit_in(e);
    for (unsigned k = 0; k < w.apps; k++) {
        emit_line(e, "if (drrip_app[%u] & drrip_lead_srrip[%u] & ~&drrip_psel_q[%u +: %u])", k, k,
                  k * P, P);
        emit_line(e, "    drrip_psel_d[%u +: %u] = drrip_psel_q[%u +: %u] + %s;", k * P, P,
                  k * P, P, emit_const(P, 1));
        emit_line(e, "else if (drrip_app[%u] & drrip_lead_brrip[%u] & |drrip_psel_q[%u +: %u])", k,
                  k, k * P, P);
        emit_line(e, "    drrip_psel_d[%u +: %u] = drrip_psel_q[%u +: %u] - %s;", k * P, P,
                  k * P, P, emit_const(P, 1));
    }
    emit_out(e);
    emit_line(e, "end");
}

void emit_l2_drrip_defaults(emit_t *e, const gen_l2_t *g)
{
    (void)g;
    emit_line(e, "drrip_psel_d = drrip_psel_q;");
    emit_line(e, "drrip_brrip_d = drrip_brrip_q;");
}

void emit_l2_drrip_fill(emit_t *e, const char *use_brrip)
{
    emit_line(e, "if (%s) drrip_brrip_d = drrip_brrip_q + %s; // BRRIP's", use_brrip,
              emit_const(LAY_L2_BRRIP_BITS, 1));
}

/* Every PSEL resets to 2^(P-1), the BRRIP counter to 0. */
void emit_l2_drrip_flops(emit_t *e, const void *ctx, int reset)
{
    drrip_w_t w = widths(ctx);
    if (reset) {
        emit_line(e, "drrip_psel_q <= {%u{%s}};", w.apps, emit_const(w.psel, 1ULL << (w.psel - 1)));
        emit_line(e, "drrip_brrip_q <= %s;", emit_const(LAY_L2_BRRIP_BITS, 0));
    } else {
        emit_line(e, "drrip_psel_q <= drrip_psel_d;");
        emit_line(e, "drrip_brrip_q <= drrip_brrip_d;");
    }
}

void emit_l2_drrip_lm_ports(emit_t *e, const gen_l2_t *g, int after)
{
    (void)g;
    if (!after)
        emit_line(e, "input  wire ins_long_i, // drrip fill: 1 inserts at 2^n-2, 0 at 2^n-1");
}

/* SRRIP's aging and hits, the top's insertion. */
void l2_drrip_lm_ways(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf)
{
    const lay_l2_t *l = &g->lay;
    if (l->ways < 2)
        return;
    unsigned max = (1u << l->repl_bits) - 1;
    snprintf(buf->ins, sizeof buf->ins, "(ins_long_i ? %s : %s)", emit_const(l->repl_bits, max - 1),
             emit_const(l->repl_bits, max));
    x->ins = buf->ins;
}
