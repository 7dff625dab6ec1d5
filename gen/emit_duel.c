/* emit_duel: the SM-dueling controller of the decoupled L1 (SPEC 3.4). Per interval of I
 * cycles it counts loads (a) and loads not served from L1 data (m) of leader SMs 0 and 1; in
 * the interval's last cycle, with that cycle's inputs included, followers filter unless
 * 100*m0*a1 > 100*m1*a0 + margin*a0*a1, and keep their setting when a leader had no load.
 * No multiplier: the difference of the two sides (scaled, core/duel.h duel_inc) is a register
 * that each count's rise moves by a coefficient kept in a register of its own, so the
 * decision is the sign of a sum of registers (docs/decoupled.md, "SM dueling's depth"). */
#include "../core/duel.h"
#include "emit_l1.h"

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

static void emit_duel_ports(emit_t *e, const gen_l1_t *g, const duel_w_t *w)
{
    emit_line(e, "module %s (", g->duel);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire [1:0] load_i,      // bit k: leader SM k had a load accepted");
    emit_line(e, "input  wire [1:0] unserved_i,  // bit k: a load of leader k answered not from");
    emit_line(e, "                               // L1 data (miss or bypass)");
    emit_line(e, "output wire follower_filter_o  // setting of every follower SM");
    gen_sim_port_t ev[8];
    gen_emit_sim_ports(e, "event port (simulation only): the end of each interval", ev,
                       evt_ports(w, ev));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

static void emit_duel_decls(emit_t *e, const duel_w_t *w)
{
    gen_sim_port_t ev[8];
    gen_emit_sim_internal(e, ev, evt_ports(w, ev));
    emit_line(e, "localparam %sLastCycle = %s;", emit_range(w->tb),
              emit_const(w->tb, w->interval - 1));
    emit_blank(e);
    emit_line(e, "reg %st_q, t_d;", emit_range(w->tb));
    emit_line(e, "reg %sa0_q, a0_d, m0_q, m0_d, a1_q, a1_d, m1_q, m1_d;", emit_range(w->cb));
    emit_line(e, "reg filter_q, filter_d;");
    emit_line(e, "reg %ss_a0, s_m0, s_a1, s_m1;  // interval sums with this cycle's inputs",
              emit_range(w->cb));
    emit_line(e, "// With H = %u and N = %u (100 and the margin %u over their gcd): D = H*m0*a1 -",
              w->k.h, w->k.n, w->margin);
    emit_line(e, "// H*m1*a0 - N*a0*a1 over the counts so far (two's complement), and the step");
    emit_line(e, "// a rise of each count moves D by");
    emit_line(e, "reg %sd_q, d_d, d_sum;", emit_range(w->k.d_bits));
    emit_line(e, "reg %sk_m0_q, k_m0_d;  // for m0: H*a1 = (%u*a1) << %u", emit_range(w->k.km_bits),
              w->k.hodd, w->k.hshift);
    emit_line(e, "reg %sk_m1_q, k_m1_d;  // for m1: -H*a0 = -((%u*a0) << %u)",
              emit_range(w->k.km_bits), w->k.hodd, w->k.hshift);
    emit_line(e, "reg %sk_a1_q, k_a1_d;  // for a1: H*m0 - N*a0", emit_range(w->k.ka1_bits));
    emit_line(e, "reg %sk_a0_q, k_a0_d;  // for a0: -(H*m1 + N*a1)", emit_range(w->k.ka0_bits));
    emit_line(e, "reg %sd_both;          // the step of two counts rising together",
              emit_range(w->k.d_bits));
    emit_line(e, "localparam %sH_D = %s;", emit_range(w->k.d_bits), emit_const(w->k.d_bits, w->k.h));
    if (w->k.n) { /* the margin's terms (none with a margin of 0) */
        emit_line(e, "localparam %sN_D = %s;", emit_range(w->k.d_bits),
                  emit_const(w->k.d_bits, w->k.n));
        emit_line(e, "localparam %sN_A1 = %s;", emit_range(w->k.ka1_bits),
                  emit_const(w->k.ka1_bits, w->k.n));
        emit_line(e, "localparam %sN_A0 = %s;", emit_range(w->k.ka0_bits),
                  emit_const(w->k.ka0_bits, w->k.n));
    }
    emit_line(e, "wire interval_end = (t_q == LastCycle);");
    emit_line(e, "wire leaders_active = (s_a0 != %s) && (s_a1 != %s);", emit_const(w->cb, 0),
              emit_const(w->cb, 0));
    emit_blank(e);
    emit_line(e, "assign follower_filter_o = filter_q;");
    emit_blank(e);
}

static void emit_duel_sums(emit_t *e, const duel_w_t *w)
{
    static const char *const sums[4][3] = {{"s_a0", "a0_q", "load_i[0]"},
                                           {"s_m0", "m0_q", "unserved_i[0]"},
                                           {"s_a1", "a1_q", "load_i[1]"},
                                           {"s_m1", "m1_q", "unserved_i[1]"}};
    char b[96];
    emit_line(e, "always @* begin : sums");
    emit_in(e);
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s = %s + %s;", sums[i][0], sums[i][1],
                  zext(b, sizeof b, 1, w->cb, sums[i][2]));
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
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
static void emit_duel_both(emit_t *e, const duel_w_t *w)
{
    emit_line(e, "always @* begin : both_rise");
    emit_in(e);
    emit_line(e, "case ({unserved_i[0] & load_i[1], unserved_i[1] & load_i[0], "
                 "load_i[0] & load_i[1]})");
    emit_in(e);
    for (unsigned v = 0; v < 8; v++) {
        char x[64] = "";
        size_t n = 0;
        if ((v & 4) && !(v & 2))
            n += (size_t)snprintf(x + n, sizeof x - n, "H_D");
        if ((v & 2) && !(v & 4))
            n += (size_t)snprintf(x + n, sizeof x - n, "-H_D");
        if ((v & 1) && w->k.n)
            n += (size_t)snprintf(x + n, sizeof x - n, n ? " - N_D" : "-N_D");
        emit_line(e, "%s: d_both = %s;", v < 7 ? emit_const(3, v) : "default",
                  n ? x : emit_const(w->k.d_bits, 0));
    }
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_duel_decide(emit_t *e, const duel_w_t *w)
{
    const duel_inc_t *k = &w->k;
    char t[4][192];
    d_term(t[0], sizeof t[0], k->d_bits, "k_m0_q", k->km_bits, k->hshift, 0, "unserved_i[0]");
    d_term(t[1], sizeof t[1], k->d_bits, "k_a1_q", k->ka1_bits, 0, 1, "load_i[1]");
    d_term(t[2], sizeof t[2], k->d_bits, "k_m1_q", k->km_bits, k->hshift, 0, "unserved_i[1]");
    d_term(t[3], sizeof t[3], k->d_bits, "k_a0_q", k->ka0_bits, 0, 0, "load_i[0]");
    emit_duel_both(e, w);
    emit_line(e, "// D after this cycle's inputs, a sum of registers; followers filter unless");
    emit_line(e, "// SM0 (filtering) misses relatively more than SM1 by more than the margin");
    emit_line(e, "// (D > 0); an interval where a leader had no load keeps them.");
    emit_line(e, "always @* begin : decide");
    emit_in(e);
    emit_line(e, "d_sum = d_q + %s", t[0]);
    emit_line(e, "  + %s", t[1]);
    emit_line(e, "  - %s", t[2]);
    emit_line(e, "  - %s", t[3]);
    emit_line(e, "  + d_both;");
    emit_line(e, "filter_d = filter_q;");
    emit_line(e, "if (interval_end && leaders_active) begin");
    emit_in(e);
    emit_line(e, "filter_d = d_sum[%u] || (d_sum == %s);", k->d_bits - 1,
              emit_const(k->d_bits, 0));
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* A coefficient's step: `k`_d = `k`_q + (on0 ? c0 : 0), then `sign1` (on1 ? c1 : 0) where c1
 * (a constant's text) is not NULL; constants of `bits` bits. */
static void emit_duel_coef(emit_t *e, const char *k, unsigned bits, const char *on0,
                           unsigned c0, const char *sign1, const char *on1, const char *c1)
{
    char z[32], a[32];
    snprintf(z, sizeof z, "%s", emit_const(bits, 0));
    snprintf(a, sizeof a, "%s", emit_const(bits, c0));
    if (!c1) {
        emit_line(e, "%s_d = %s_q + (%s ? %s : %s);", k, k, on0, a, z);
        return;
    }
    emit_line(e, "%s_d = %s_q + (%s ? %s : %s)", k, k, on0, a, z);
    emit_line(e, "  %s (%s ? %s : %s);", sign1, on1, c1, z);
}

static void emit_duel_next(emit_t *e, const duel_w_t *w)
{
    static const char *const cnt[] = {"a0", "m0", "a1", "m1"};
    emit_line(e, "always @* begin : next_counts");
    emit_in(e);
    const duel_inc_t *k = &w->k;
    const unsigned kbits[4] = {k->ka0_bits, k->km_bits, k->ka1_bits, k->km_bits};
    emit_line(e, "t_d = t_q + %s;", emit_const(w->tb, 1));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_d = s_%s;", cnt[i], cnt[i]);
    emit_line(e, "d_d = d_sum;");
    emit_duel_coef(e, "k_m0", k->km_bits, "load_i[1]", k->hodd, NULL, NULL, NULL);
    emit_duel_coef(e, "k_m1", k->km_bits, "load_i[0]", k->hodd, NULL, NULL, NULL);
    emit_duel_coef(e, "k_a1", k->ka1_bits, "unserved_i[0]", k->h, "-", "load_i[0]",
                   k->n ? "N_A1" : NULL);
    emit_duel_coef(e, "k_a0", k->ka0_bits, "unserved_i[1]", k->h, "+", "load_i[1]",
                   k->n ? "N_A0" : NULL);
    emit_line(e, "if (interval_end) begin");
    emit_in(e);
    emit_line(e, "t_d = %s;", emit_const(w->tb, 0));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_d = %s;", cnt[i], emit_const(w->cb, 0));
    emit_line(e, "d_d = %s;", emit_const(k->d_bits, 0));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "k_%s_d = %s;", cnt[i], emit_const(kbits[i], 0));
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : event_port");
    emit_in(e);
    emit_line(e, "evt_valid_o = 1'b0;");
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "evt_%s_o = %s;", cnt[i], emit_const(w->cb, 0));
    emit_line(e, "evt_filter_o = 1'b0;");
    emit_line(e, "if (interval_end) begin");
    emit_in(e);
    emit_line(e, "evt_valid_o = 1'b1;");
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "evt_%s_o = s_%s;", cnt[i], cnt[i]);
    emit_line(e, "evt_filter_o = filter_d;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_duel_flops(emit_t *e, const duel_w_t *w)
{
    static const char *const reg[] = {"a0", "m0", "a1", "m1"};
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "t_q <= %s;", emit_const(w->tb, 0));
    const duel_inc_t *k = &w->k;
    const unsigned kbits[4] = {k->ka0_bits, k->km_bits, k->ka1_bits, k->km_bits};
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_q <= %s;", reg[i], emit_const(w->cb, 0));
    emit_line(e, "d_q <= %s;", emit_const(k->d_bits, 0));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "k_%s_q <= %s;", reg[i], emit_const(kbits[i], 0));
    emit_line(e, "filter_q <= 1'b0;  // followers start like SM1, which never filters");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "t_q <= t_d;");
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_q <= %s_d;", reg[i], reg[i]);
    emit_line(e, "d_q <= d_d;");
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "k_%s_q <= k_%s_d;", reg[i], reg[i]);
    emit_line(e, "filter_q <= filter_d;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
}

void emit_l1_duel(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    assert(c->duel_interval >= 1 && c->duel_interval <= 65535 && c->duel_margin <= 100);
    duel_w_t w = {c->duel_interval, duel_count_bits(c->duel_interval),
                  duel_timer_bits(c->duel_interval),
                  duel_inc(c->duel_interval, c->duel_margin), c->duel_margin};
    gen_header(e, g->cfg, g->duel,
               "SM-dueling controller: sets the followers' bypass filter from leader SMs 0/1");
    emit_duel_ports(e, g, &w);
    emit_in(e);
    emit_duel_decls(e, &w);
    emit_duel_sums(e, &w);
    emit_duel_decide(e, &w);
    emit_duel_next(e, &w);
    emit_duel_flops(e, &w);
    gen_footer(e);
}
