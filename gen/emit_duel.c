/* emit_duel: the SM-dueling controller of the decoupled L1 (SPEC 3.4). Per interval of I
 * cycles it counts loads (a) and loads not served from L1 data (m) of leader SMs 0 and 1; in
 * the interval's last cycle, with that cycle's inputs included, followers filter unless
 * 100*m0*a1 > 100*m1*a0 + margin*a0*a1, and keep their setting when a leader had no load.
 * No multiplier: the difference of the two sides (scaled, core/duel.h duel_inc) is a register
 * that each count's rise moves by a coefficient kept in a register of its own, so the
 * decision is the sign of a sum of registers (docs/decoupled.md, "SM dueling's depth").
 * The module is built as emitter IR (ir.h) and printed by ir_print; expressions are still
 * strings inside the nodes. */
#include "../core/duel.h"
#include "emit_l1.h"
#include "ir_lib.h"

#define F(...) ir_fmt(m, __VA_ARGS__)

/* Widths of one controller: counts, cycle counter, comparison. */
typedef struct duel_w {
    unsigned interval; /* cycles per interval, I */
    unsigned cb;       /* count width */
    unsigned tb;       /* cycle-counter width */
    duel_inc_t k;      /* the incremental form's scale and widths */
    unsigned margin;   /* the margin in percentage points */
} duel_w_t;

/* `name` zero-extended from `from` to `to` bits, as Verilog text in `buf`. */
static const char *zext(char *buf, size_t len, unsigned from, unsigned to, const char *name)
{
    if (from == to)
        snprintf(buf, len, "%s", name);
    else
        snprintf(buf, len, "{%s, %s}", emit_const(to - from, 0), name);
    return buf;
}

/* The event port: the interval's sums and the decision. */
static unsigned evt_ports(const duel_w_t *w, gen_sim_port_t *out)
{
    static const char *const names[] = {"evt_valid_o", "evt_a0_o", "evt_m0_o", "evt_a1_o",
                                        "evt_m1_o", "evt_filter_o"};
    static const char *const what[] = {"this cycle ends an interval", NULL, NULL, NULL, NULL,
                                       "follower setting after the decision"};
    for (unsigned i = 0; i < 6; i++) {
        int counter = i > 0 && i < 5;
        out[i] = (gen_sim_port_t){1, counter ? w->cb : 1, counter, "", what[i]};
        snprintf(out[i].name, sizeof out[i].name, "%s", names[i]);
    }
    return 6;
}

static void duel_ports(ir_module_t *m, const duel_w_t *w)
{
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_W(2), "load_i", "bit k: leader SM k had a load accepted", 6);
    ir_port(m, IR_IN, IR_W(2), "unserved_i", "bit k: a load of leader k answered not from", 2);
    ir_comment(m, &m->ports, "L1 data (miss or bypass)")->n = 31;
    ir_port(m, IR_OUT, IR_W(0), "follower_filter_o", "setting of every follower SM", 2);
    gen_sim_port_t ev[8];
    gen_ir_sim_ports(m, "event port (simulation only): the end of each interval", ev,
                     evt_ports(w, ev));
}

/* A declaration of two or more names of one type, a trailing comment or NULL. */
static ir_node_t *duel_regs(ir_module_t *m, unsigned bits, const char *const *names,
                            unsigned n, const char *comment, unsigned gap)
{
    ir_node_t *d = ir_decl(m, &m->body, IR_REG, IR_W(bits), names[0]);
    for (unsigned i = 1; i < n; i++)
        ir_decl_name(m, d, names[i], 0);
    if (comment)
        ir_note(m, d, comment, gap);
    return d;
}

static void duel_decls(ir_module_t *m, const duel_w_t *w)
{
    ir_list_t *b = &m->body;
    const duel_inc_t *k = &w->k;
    gen_sim_port_t ev[8];
    gen_ir_sim_internal(m, b, ev, evt_ports(w, ev));
    ir_param(m, b, 1, "LastCycle", emit_const(w->tb, w->interval - 1))->w = IR_W(w->tb);
    ir_blank(m, b);
    duel_regs(m, w->tb, (const char *[]){"t_q", "t_d"}, 2, NULL, 0);
    duel_regs(m, w->cb,
              (const char *[]){"a0_q", "a0_d", "m0_q", "m0_d", "a1_q", "a1_d", "m1_q", "m1_d"},
              8, NULL, 0);
    duel_regs(m, 0, (const char *[]){"filter_q", "filter_d"}, 2, NULL, 0);
    duel_regs(m, w->cb, (const char *[]){"s_a0", "s_m0", "s_a1", "s_m1"}, 4,
              "interval sums with this cycle's inputs", 2);
    ir_comment(m, b,
               F("With H = %u and N = %u (100 and the margin %u over their gcd): D = H*m0*a1 -",
                 k->h, k->n, w->margin));
    ir_comment(m, b, "H*m1*a0 - N*a0*a1 over the counts so far (two's complement), and the step");
    ir_comment(m, b, "a rise of each count moves D by");
    duel_regs(m, k->d_bits, (const char *[]){"d_q", "d_d", "d_sum"}, 3, NULL, 0);
    duel_regs(m, k->km_bits, (const char *[]){"k_m0_q", "k_m0_d"}, 2,
              F("for m0: H*a1 = (%u*a1) << %u", k->hodd, k->hshift), 2);
    duel_regs(m, k->km_bits, (const char *[]){"k_m1_q", "k_m1_d"}, 2,
              F("for m1: -H*a0 = -((%u*a0) << %u)", k->hodd, k->hshift), 2);
    duel_regs(m, k->ka1_bits, (const char *[]){"k_a1_q", "k_a1_d"}, 2, "for a1: H*m0 - N*a0", 2);
    duel_regs(m, k->ka0_bits, (const char *[]){"k_a0_q", "k_a0_d"}, 2,
              "for a0: -(H*m1 + N*a1)", 2);
    duel_regs(m, k->d_bits, (const char *[]){"d_both"}, 1,
              "the step of two counts rising together", 10);
    ir_param(m, b, 1, "H_D", emit_const(k->d_bits, k->h))->w = IR_W(k->d_bits);
    if (k->n) { /* the margin's terms (none with a margin of 0) */
        ir_param(m, b, 1, "N_D", emit_const(k->d_bits, k->n))->w = IR_W(k->d_bits);
        ir_param(m, b, 1, "N_A1", emit_const(k->ka1_bits, k->n))->w = IR_W(k->ka1_bits);
        ir_param(m, b, 1, "N_A0", emit_const(k->ka0_bits, k->n))->w = IR_W(k->ka0_bits);
    }
    ir_wire_init(m, b, IR_W(0), "interval_end", "(t_q == LastCycle)");
    ir_wire_init(m, b, IR_W(0), "leaders_active",
                 F("(s_a0 != %s) && (s_a1 != %s)", emit_const(w->cb, 0), emit_const(w->cb, 0)));
    ir_blank(m, b);
    ir_assign(m, b, "follower_filter_o", "filter_q");
    ir_blank(m, b);
}

static void duel_sums(ir_module_t *m, const duel_w_t *w)
{
    static const char *const sums[4][3] = {{"s_a0", "a0_q", "load_i[0]"},
                                           {"s_m0", "m0_q", "unserved_i[0]"},
                                           {"s_a1", "a1_q", "load_i[1]"},
                                           {"s_m1", "m1_q", "unserved_i[1]"}};
    char b[96];
    ir_node_t *a = ir_always_comb(m, &m->body, "sums", NULL);
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, &a->body, sums[i][0],
               F("%s + %s", sums[i][1], zext(b, sizeof b, 1, w->cb, sums[i][2])));
    ir_blank(m, &m->body);
}

/* Register `k` of `bits` bits, as D's width (db) in `buf`: shifted left by `shift`, then
 * sign-extended (`sign`) or zero-extended, and kept where input bit `on` is 1. */
static const char *d_term(char *buf, size_t len, unsigned db, const char *k, unsigned bits,
                          unsigned shift, int sign, const char *on)
{
    char ext[64] = "", low[32] = "";
    unsigned pad = db - bits - shift;
    if (pad && sign)
        snprintf(ext, sizeof ext, "{%u{%s[%u]}}, ", pad, k, bits - 1);
    else if (pad)
        snprintf(ext, sizeof ext, "%s, ", emit_const(pad, 0));
    if (shift)
        snprintf(low, sizeof low, ", %s", emit_const(shift, 0));
    snprintf(buf, len, "({%u{%s}} & {%s%s%s})", db, on, ext, k, low);
    return buf;
}

/* The step of D where two counts rise in one cycle (m0 with a1: +H, m1 with a0: -H, a0 with
 * a1: -N), for each of the 8 cases, as constant expressions of H_D and N_D. */
static void duel_both(ir_module_t *m, const duel_w_t *w)
{
    ir_node_t *a = ir_always_comb(m, &m->body, "both_rise", NULL);
    ir_node_t *c = ir_case(m, &a->body,
                           "{unserved_i[0] & load_i[1], unserved_i[1] & load_i[0], "
                           "load_i[0] & load_i[1]}");
    for (unsigned v = 0; v < 8; v++) {
        char x[64] = "";
        size_t n = 0;
        if ((v & 4) && !(v & 2))
            n += (size_t)snprintf(x + n, sizeof x - n, "H_D");
        if ((v & 2) && !(v & 4))
            n += (size_t)snprintf(x + n, sizeof x - n, "-H_D");
        if ((v & 1) && w->k.n)
            n += (size_t)snprintf(x + n, sizeof x - n, n ? " - N_D" : "-N_D");
        ir_set(m, &ir_item(m, c, v < 7 ? emit_const(3, v) : NULL)->body, "d_both",
               n ? x : emit_const(w->k.d_bits, 0));
    }
    ir_blank(m, &m->body);
}

static void duel_decide(ir_module_t *m, const duel_w_t *w)
{
    const duel_inc_t *k = &w->k;
    char t[4][192];
    d_term(t[0], sizeof t[0], k->d_bits, "k_m0_q", k->km_bits, k->hshift, 0, "unserved_i[0]");
    d_term(t[1], sizeof t[1], k->d_bits, "k_a1_q", k->ka1_bits, 0, 1, "load_i[1]");
    d_term(t[2], sizeof t[2], k->d_bits, "k_m1_q", k->km_bits, k->hshift, 0, "unserved_i[1]");
    d_term(t[3], sizeof t[3], k->d_bits, "k_a0_q", k->ka0_bits, 0, 0, "load_i[0]");
    duel_both(m, w);
    ir_list_t *b = &m->body;
    ir_comment(m, b, "D after this cycle's inputs, a sum of registers; followers filter unless");
    ir_comment(m, b, "SM0 (filtering) misses relatively more than SM1 by more than the margin");
    ir_comment(m, b, "(D > 0); an interval where a leader had no load keeps them.");
    ir_node_t *a = ir_always_comb(m, &m->body, "decide", NULL);
    ir_set(m, &a->body, "d_sum",
           F("d_q + %s\n  + %s\n  - %s\n  - %s\n  + d_both", t[0], t[1], t[2], t[3]));
    ir_set(m, &a->body, "filter_d", "filter_q");
    ir_node_t *i = ir_if(m, &a->body, "interval_end && leaders_active");
    i->flag = 1;
    ir_set(m, &i->body, "filter_d",
           F("d_sum[%u] || (d_sum == %s)", k->d_bits - 1, emit_const(k->d_bits, 0)));
    ir_blank(m, &m->body);
}

/* A coefficient's step: `k`_d = `k`_q + (on0 ? c0 : 0), then `sign1` (on1 ? c1 : 0) where c1
 * (a constant's text) is not NULL; constants of `bits` bits. */
static void duel_coef(ir_module_t *m, ir_list_t *to, const char *k, unsigned bits,
                      const char *on0, unsigned c0, const char *sign1, const char *on1,
                      const char *c1)
{
    char z[32], a[32];
    snprintf(z, sizeof z, "%s", emit_const(bits, 0));
    snprintf(a, sizeof a, "%s", emit_const(bits, c0));
    if (!c1)
        ir_set(m, to, F("%s_d", k), F("%s_q + (%s ? %s : %s)", k, on0, a, z));
    else
        ir_set(m, to, F("%s_d", k),
               F("%s_q + (%s ? %s : %s)\n  %s (%s ? %s : %s)", k, on0, a, z, sign1, on1, c1, z));
}

static void duel_next(ir_module_t *m, const duel_w_t *w)
{
    static const char *const cnt[] = {"a0", "m0", "a1", "m1"};
    const duel_inc_t *k = &w->k;
    const unsigned kbits[4] = {k->ka0_bits, k->km_bits, k->ka1_bits, k->km_bits};
    ir_node_t *a = ir_always_comb(m, &m->body, "next_counts", NULL);
    ir_list_t *b = &a->body;
    ir_set(m, b, "t_d", F("t_q + %s", emit_const(w->tb, 1)));
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, b, F("%s_d", cnt[i]), F("s_%s", cnt[i]));
    ir_set(m, b, "d_d", "d_sum");
    duel_coef(m, b, "k_m0", k->km_bits, "load_i[1]", k->hodd, NULL, NULL, NULL);
    duel_coef(m, b, "k_m1", k->km_bits, "load_i[0]", k->hodd, NULL, NULL, NULL);
    duel_coef(m, b, "k_a1", k->ka1_bits, "unserved_i[0]", k->h, "-", "load_i[0]",
              k->n ? "N_A1" : NULL);
    duel_coef(m, b, "k_a0", k->ka0_bits, "unserved_i[1]", k->h, "+", "load_i[1]",
              k->n ? "N_A0" : NULL);
    ir_list_t *end = &ir_if(m, b, "interval_end")->body;
    ir_set(m, end, "t_d", emit_const(w->tb, 0));
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, end, F("%s_d", cnt[i]), emit_const(w->cb, 0));
    ir_set(m, end, "d_d", emit_const(k->d_bits, 0));
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, end, F("k_%s_d", cnt[i]), emit_const(kbits[i], 0));
    ir_blank(m, &m->body);
    a = ir_always_comb(m, &m->body, "event_port", NULL);
    b = &a->body;
    ir_set(m, b, "evt_valid_o", "1'b0");
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, b, F("evt_%s_o", cnt[i]), emit_const(w->cb, 0));
    ir_set(m, b, "evt_filter_o", "1'b0");
    end = &ir_if(m, b, "interval_end")->body;
    ir_set(m, end, "evt_valid_o", "1'b1");
    for (unsigned i = 0; i < 4; i++)
        ir_set(m, end, F("evt_%s_o", cnt[i]), F("s_%s", cnt[i]));
    ir_set(m, end, "evt_filter_o", "filter_d");
    ir_blank(m, &m->body);
}

static void duel_flops(ir_module_t *m, const duel_w_t *w)
{
    static const char *const reg[] = {"a0", "m0", "a1", "m1"};
    const duel_inc_t *k = &w->k;
    const unsigned kbits[4] = {k->ka0_bits, k->km_bits, k->ka1_bits, k->km_bits};
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    ir_nb(m, &a->alt, "t_q", emit_const(w->tb, 0));
    ir_nb(m, &a->body, "t_q", "t_d");
    for (unsigned i = 0; i < 4; i++) {
        ir_nb(m, &a->alt, F("%s_q", reg[i]), emit_const(w->cb, 0));
        ir_nb(m, &a->body, F("%s_q", reg[i]), F("%s_d", reg[i]));
    }
    ir_nb(m, &a->alt, "d_q", emit_const(k->d_bits, 0));
    ir_nb(m, &a->body, "d_q", "d_d");
    for (unsigned i = 0; i < 4; i++) {
        ir_nb(m, &a->alt, F("k_%s_q", reg[i]), emit_const(kbits[i], 0));
        ir_nb(m, &a->body, F("k_%s_q", reg[i]), F("k_%s_d", reg[i]));
    }
    ir_note(m, ir_nb(m, &a->alt, "filter_q", "1'b0"),
            "followers start like SM1, which never filters", 2);
    ir_nb(m, &a->body, "filter_q", "filter_d");
}

void emit_l1_duel(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    assert(c->duel_interval >= 1 && c->duel_interval <= 65535 && c->duel_margin <= 100);
    duel_w_t w = {c->duel_interval, duel_count_bits(c->duel_interval),
                  duel_timer_bits(c->duel_interval),
                  duel_inc(c->duel_interval, c->duel_margin), c->duel_margin};
    ir_module_t mod, *m = &mod;
    ir_module_init(m, g->duel);
    gen_ir_header(m, g->cfg,
                  "SM-dueling controller: sets the followers' bypass filter from leader SMs 0/1");
    duel_ports(m, &w);
    duel_decls(m, &w);
    duel_sums(m, &w);
    duel_decide(m, &w);
    duel_next(m, &w);
    duel_flops(m, &w);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
