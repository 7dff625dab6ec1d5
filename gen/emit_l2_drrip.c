/* emit_l2_drrip: DRRIP's block of the L2 slice's top (SPEC 3.8, cm_drrip; l2.replacement = drrip
 * and tap_rrip): one PSEL per application and the BRRIP counter beside the decide stage, the
 * set's policy for the request's app, the fill's insertion RRPV, the PSEL and BRRIP event
 * fields. */
#include "l2pol.h"
#include "ir_lib.h"

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
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_comment(m, b,
               "DRRIP: a PSEL per application, the BRRIP counter, the decide stage's policy");
    ir_node_t *d = ir_decl(m, b, IR_REG, IR_W(A * P), "drrip_psel_q");
    ir_decl_name(m, d, "drrip_psel_d", 0);
    ir_note(m, d, ir_fmt(m, "app k: [k*%u +: %u]", P, P), 1);
    d = ir_decl(m, b, IR_REG, IR_W(LAY_L2_BRRIP_BITS), "drrip_brrip_q");
    ir_decl_name(m, d, "drrip_brrip_d", 0);
    ir_note(m, d, "BRRIP insertions mod 32", 1);
    if (!w.cpu) {
        ir_note(m, ir_wire_init(m, b, IR_W(A), "drrip_app", emit_const(A, 1ULL << (A - 1))),
                ir_fmt(m, "one-hot: every L1 request is the GPU's (app %u)", A - 1), 1);
    } else {
        ir_note(m, ir_decl(m, b, IR_WIRE, IR_W(A), "drrip_app"),
                "one-hot: the request's application", 1);
        for (unsigned k = 0; k < A; k++)
            ir_assign(m, b, ir_fmt(m, "drrip_app[%u]", k),
                      ir_fmt(m, "req_app == %s", emit_const(w.ob, k)));
    }
    ir_note(m, ir_wire_init(m, b, IR_W(w.lead), "drrip_off", ir_fmt(m, "set_q[%u:0]", w.lead - 1)),
            ir_fmt(m, "s mod S, S = %u", g->cfg->l2.sets / g->cfg->l2.duel_leaders), 1);
    d = ir_decl(m, b, IR_WIRE, IR_W(A), "drrip_lead_srrip");
    ir_decl_name(m, d, "drrip_lead_brrip", 0);
    ir_decl_name(m, d, "drrip_brrip", 0);
    for (unsigned k = 0; k < A; k++) {
        ir_assign(m, b, ir_fmt(m, "drrip_lead_srrip[%u]", k),
                  ir_fmt(m, "drrip_off == %s", emit_const(w.lead, 2 * k)));
        ir_assign(m, b, ir_fmt(m, "drrip_lead_brrip[%u]", k),
                  ir_fmt(m, "drrip_off == %s", emit_const(w.lead, 2 * k + 1)));
        ir_assign(m, b, ir_fmt(m, "drrip_brrip[%u]", k),
                  ir_fmt(m, "drrip_lead_brrip[%u] | (~drrip_lead_srrip[%u] & drrip_psel_q[%u])",
                         k, k, k * P + P - 1));
    }
    ir_wire_init(m, b, IR_W(0), "drrip_use_brrip", "|(drrip_app & drrip_brrip)");
    ir_comment(m, b, "SRRIP inserts at 2^n-2, BRRIP at 2^n-1 but on its 32nd insertion "
                     "(counter at 31)");
    ir_wire_init(m, b, IR_W(0), "drrip_ins_long",
                 ir_fmt(m, "~drrip_use_brrip | (drrip_brrip_q == %s)",
                        emit_const(LAY_L2_BRRIP_BITS, (1u << LAY_L2_BRRIP_BITS) - 1)));
    ir_assign(m, b, "evt_psel_o", "drrip_psel_d");
    ir_assign(m, b, "evt_brrip_o", "drrip_brrip_d");
    ir_blank(m, b);
    ir_piece_print(e, m);
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
    ir_module_t m;
    ir_piece_begin(&m);
    ir_set(&m, &m.body, "drrip_psel_d", "drrip_psel_q");
    ir_set(&m, &m.body, "drrip_brrip_d", "drrip_brrip_q");
    ir_piece_print(e, &m);
}

void emit_l2_drrip_fill(emit_t *e, const char *use_brrip)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_note(&m, ir_set(&m, &ir_if(&m, &m.body, use_brrip)->body, "drrip_brrip_d",
                       ir_fmt(&m, "drrip_brrip_q + %s", emit_const(LAY_L2_BRRIP_BITS, 1))),
            "BRRIP's", 1);
    ir_piece_print(e, &m);
}

/* Every PSEL resets to 2^(P-1), the BRRIP counter to 0. */
void emit_l2_drrip_flops(emit_t *e, const void *ctx, int reset)
{
    drrip_w_t w = widths(ctx);
    ir_module_t m;
    ir_piece_begin(&m);
    if (reset) {
        ir_nb(&m, &m.body, "drrip_psel_q",
              ir_fmt(&m, "{%u{%s}}", w.apps, emit_const(w.psel, 1ULL << (w.psel - 1))));
        ir_nb(&m, &m.body, "drrip_brrip_q", emit_const(LAY_L2_BRRIP_BITS, 0));
    } else {
        ir_nb(&m, &m.body, "drrip_psel_q", "drrip_psel_d");
        ir_nb(&m, &m.body, "drrip_brrip_q", "drrip_brrip_d");
    }
    ir_piece_print(e, &m);
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
