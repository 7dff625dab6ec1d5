/* emit_duel: the SM-dueling controller of the decoupled L1 (SPEC 3.4). Per interval of I
 * cycles it counts loads (a) and loads not served from L1 data (m) of leader SMs 0 and 1; in
 * the interval's last cycle, with that cycle's inputs included, followers filter unless
 * 100*m0*a1 > 100*m1*a0 + margin*a0*a1, and keep their setting when a leader had no load. */
#include "../core/duel.h"
#include "emit_l1.h"

/* Widths of one controller: counts, cycle counter, comparison. */
typedef struct duel_w {
    unsigned interval; /* cycles per interval, I */
    unsigned cb;       /* count width */
    unsigned tb;       /* cycle-counter width */
    unsigned wb;       /* comparison width */
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

static void emit_duel_decls(emit_t *e, const gen_l1_t *g, const duel_w_t *w)
{
    gen_sim_port_t ev[8];
    gen_emit_sim_internal(e, ev, evt_ports(w, ev));
    emit_line(e, "localparam %sLastCycle = %s;", emit_range(w->tb),
              emit_const(w->tb, w->interval - 1));
    emit_line(e, "localparam %sHundred = %s;", emit_range(w->wb), emit_const(w->wb, 100));
    emit_line(e, "localparam %sMargin = %s;", emit_range(w->wb),
              emit_const(w->wb, g->cfg->l1.duel_margin));
    emit_blank(e);
    emit_line(e, "reg %st_q, t_d;", emit_range(w->tb));
    emit_line(e, "reg %sa0_q, a0_d, m0_q, m0_d, a1_q, a1_d, m1_q, m1_d;", emit_range(w->cb));
    emit_line(e, "reg filter_q, filter_d;");
    emit_line(e, "reg %ss_a0, s_m0, s_a1, s_m1;  // interval sums with this cycle's inputs",
              emit_range(w->cb));
    emit_line(e, "reg %ssm0_side, sm1_side;      // the two sides of the comparison",
              emit_range(w->wb));
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

static void emit_duel_decide(emit_t *e, const duel_w_t *w)
{
    char m0[64], m1[64], a0[64], a1[64];
    zext(m0, sizeof m0, w->cb, w->wb, "s_m0");
    zext(m1, sizeof m1, w->cb, w->wb, "s_m1");
    zext(a0, sizeof a0, w->cb, w->wb, "s_a0");
    zext(a1, sizeof a1, w->cb, w->wb, "s_a1");
    emit_line(e, "// Followers filter unless SM0 (filtering) misses relatively more than SM1 by");
    emit_line(e, "// more than the margin; an interval where a leader had no load keeps them.");
    emit_line(e, "always @* begin : decide");
    emit_in(e);
    emit_line(e, "sm0_side = Hundred * %s * %s;", m0, a1);
    emit_line(e, "sm1_side = Hundred * %s * %s", m1, a0);
    emit_line(e, "  + Margin * %s * %s;", a0, a1);
    emit_line(e, "filter_d = filter_q;");
    emit_line(e, "if (interval_end && leaders_active) begin");
    emit_in(e);
    emit_line(e, "filter_d = !(sm0_side > sm1_side);");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_duel_next(emit_t *e, const duel_w_t *w)
{
    static const char *const cnt[] = {"a0", "m0", "a1", "m1"};
    emit_line(e, "always @* begin : next_counts");
    emit_in(e);
    emit_line(e, "t_d = t_q + %s;", emit_const(w->tb, 1));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_d = s_%s;", cnt[i], cnt[i]);
    emit_line(e, "if (interval_end) begin");
    emit_in(e);
    emit_line(e, "t_d = %s;", emit_const(w->tb, 0));
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_d = %s;", cnt[i], emit_const(w->cb, 0));
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
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_q <= %s;", reg[i], emit_const(w->cb, 0));
    emit_line(e, "filter_q <= 1'b0;  // followers start like SM1, which never filters");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "t_q <= t_d;");
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "%s_q <= %s_d;", reg[i], reg[i]);
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
                  duel_cmp_bits(c->duel_interval, c->duel_margin)};
    gen_header(e, g->cfg, g->duel,
               "SM-dueling controller: sets the followers' bypass filter from leader SMs 0/1");
    emit_duel_ports(e, g, &w);
    emit_in(e);
    emit_duel_decls(e, g, &w);
    emit_duel_sums(e, &w);
    emit_duel_decide(e, &w);
    emit_duel_next(e, &w);
    emit_duel_flops(e, &w);
    gen_footer(e);
}
