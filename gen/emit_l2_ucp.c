/* emit_l2_ucp: the L2 slice's utility-based cache partitioning (l2.replacement = ucp, SPEC 3.8,
 * docs/tap.md), the parts emit_l2_top and emit_l2_meta hook in. Per application a UMON: an
 * auxiliary tag directory (ATD) SRAM of l2.umon_sets rows (core/lay_l2.h's ATD row), read at
 * issue with the set's row, updated in the decide stage by every hit and every miss that takes
 * an MSHR (true LRU by rank), forwarded to a read issued beside its write like the main row;
 * one 16-bit saturating hit counter per app and LRU position (flops), counting an access the
 * cycle after it. Every tap.period cycles the counters are copied into the snapshot and halved, and the lookahead FSM runs on the
 * snapshot: one accumulate, multiply or compare a cycle (cross-multiplied utilities, no
 * division), its allocation applying in the cycle it commits the last round. In the lookup
 * module, a fill's victim under the allocation in force (cm_ucp_victim) over two cycles: per-app
 * line counts, the over-allocated apps and each choice's oldest way by pairwise age compares,
 * registered by the top; then the choice among them.
 * Mirrors cmodel/cm_l2.c's ucp parts, cm_umon and cm_ucp. */
#include "emit_l2.h"
#include "emit_l2_tap_ucp.h"
#include "l2pol.h"
#include "ir_lib.h"

#include <assert.h>
#include <string.h>

/* The widths: lay_l2_ucp's, and the set index's split. */
typedef struct ucp_w {
    unsigned A, W, wb, T, E, R; /* apps, ways, rank bits, tag bits, ATD entry and row bits */
    unsigned U, ub, sb, m;      /* UMON sets, their index bits, the stride's bits, set bits */
    unsigned ob, cb, ab;        /* app bits, counter bits, allocation bits (0..W) */
    unsigned sumb, pb, tb;      /* utility sum bits, product bits, period counter bits */
    unsigned P, C, core;        /* L1s, CPU ports, core-id bits */
    unsigned period;
    unsigned cand;              /* a fill's registered victim choice (lay_l2_ucp_t.cand_bits) */
    unsigned tap;               /* l2.replacement = tap_ucp: emit_l2_tap_ucp's hooks */
} ucp_w_t;

static void widths(const gen_l2_t *g, ucp_w_t *w)
{
    const lay_l2_t *l = &g->lay;
    const cfg_t *c = g->cfg;
    lay_l2_ucp_t u;
    lay_l2_ucp(c, l, &u);
    w->A = u.apps;
    w->W = u.ways;
    w->wb = l->way_bits;
    w->T = l->tag_bits;
    w->E = u.entry_bits;
    w->R = u.row_bits;
    w->U = c->l2.umon_sets;
    w->ub = cfg_log2(w->U);
    w->m = cfg_log2(c->l2.sets);
    w->sb = w->m - w->ub;
    w->ob = u.app_bits;
    w->cb = u.cnt_bits;
    w->ab = u.alloc_bits;
    w->sumb = u.sum_bits;
    w->pb = u.prod_bits;
    w->period = c->tap.period;
    w->tb = u.period_bits;
    w->P = l->cores;
    w->C = c->sys.cpu_cores;
    w->core = l->core_bits;
    w->cand = u.cand_bits;
    w->tap = cfg_l2_tap_ucp(c);
}

enum { ST_IDLE, ST_ACC, ST_MUL, ST_CMP, ST_AMUL, ST_ACMP, ST_COMMIT };
#define ST_BITS 3 /* lay_l2_ucp_t.fsm_state_bits */

static const char *st(unsigned s) { return emit_const(ST_BITS, s); }

/* An ATD set's index and sampled test of a set number `set` (an expression of m bits). */
static void idx_expr(const ucp_w_t *w, const char *set, char *out, size_t n)
{
    if (w->ub == 0)
        snprintf(out, n, "1'b0");
    else
        snprintf(out, n, "%s[%u:%u]", set, w->m - 1, w->sb);
}

void emit_l2_ucp_decls(emit_t *e, const gen_l2_t *g)
{
    ucp_w_t w;
    widths(g, &w);
    unsigned ib = w.ub ? w.ub : 1;
    emit_line(e, "// UCP (docs/tap.md): UMON ATD SRAMs (one per app), hit counters, snapshot,");
    emit_line(e, "// lookahead FSM, the allocation in force");
    emit_line(e, "localparam [%u:0] AtdReset = { // every entry invalid, rank = its way", w.R - 1);
    emit_in(e);
    for (unsigned k = w.W; k-- > 0;)
        emit_line(e, "%s%s // entry %u", emit_const(w.E, (unsigned long long)k << 1),
                  k ? "," : "", k);
    emit_out(e);
    emit_line(e, "};");
    for (unsigned k = 0; k < w.A; k++)
        emit_line(e, "wire %sucp_atd_rdata%u;", emit_range(w.R), k);
    emit_line(e, "reg %sucp_rd_app; // the application of the request being issued",
              emit_range(w.ob));
    if (w.ub) /* the ATD set of L2 set s is s / (sets / umon_sets) */
        emit_line(e, "wire %sucp_rd_idx = idx_set[%u:%u]; // the issued set's ATD set",
                  emit_range(ib), w.m - 1, w.sb);
    else
        emit_line(e, "wire %sucp_rd_idx = 1'b0; // one ATD set", emit_range(ib));
    emit_line(e, "reg ucp_access; // decide: a hit or a miss taking an MSHR (not a merge, not a "
                 "stall)");
    emit_line(e, "reg ucp_fwd_valid_q, ucp_fwd_valid_d, ucp_fwd_hit_q, ucp_fwd_hit_d;");
    emit_line(e, "reg %sucp_fwd_addr_q, ucp_fwd_addr_d; // {app, ATD set}", emit_range(w.ob + ib));
    emit_line(e, "reg %sucp_fwd_q, ucp_fwd_d;", emit_range(w.R));
    emit_line(e, "reg %sucp_hits_q, ucp_hits_d; // app k, LRU position j: [(k*%u+j)*%u +: %u]",
              emit_range(w.A * w.W * w.cb), w.W, w.cb, w.cb);
    emit_line(e, "reg %sucp_snap_q, ucp_snap_d; // the counters at the last period end",
              emit_range(w.A * w.W * w.cb));
    emit_line(e, "reg %sucp_alloc_q, ucp_alloc_d; // ways of app k: [k*%u +: %u]",
              emit_range(w.A * w.ab), w.ab, w.ab);
    emit_line(e, "reg %sucp_t_q, ucp_t_d; // cycles of the period gone", emit_range(w.tb));
    emit_line(e, "// the lookahead's state: 0 idle, 1 accumulate, 2 multiply, 3 compare b, "
                 "4 multiply,");
    emit_line(e, "// 5 compare apps, 6 commit (kept binary: the closed form counts %u bits)",
              ST_BITS);
    emit_line(e, "(* fsm_encoding = \"none\" *) reg %sucp_st_q;", emit_range(ST_BITS));
    emit_line(e, "reg %sucp_st_d;", emit_range(ST_BITS));
    emit_line(e, "reg %sucp_k_q, ucp_k_d, ucp_win_k_q, ucp_win_k_d;", emit_range(w.ob));
    emit_line(e, "reg %sucp_b_q, ucp_b_d, ucp_left_q, ucp_left_d, ucp_best_b_q, ucp_best_b_d, "
              "ucp_win_b_q, ucp_win_b_d;", emit_range(w.ab));
    emit_line(e, "reg %sucp_sum_q, ucp_sum_d, ucp_best_u_q, ucp_best_u_d, ucp_win_u_q, "
              "ucp_win_u_d;", emit_range(w.sumb));
    emit_line(e, "reg %sucp_p1_q, ucp_p1_d, ucp_p2_q, ucp_p2_d;", emit_range(w.pb));
    emit_line(e, "reg %sucp_a_q, ucp_a_d; // the allocation being built", emit_range(w.A * w.ab));
    emit_line(e, "reg ucp_part; // the lookahead's last commit: its allocation applies");
    emit_line(e, "// a fill's victim under the partition takes two cycles: the fill is held once, the");
    emit_line(e, "// choice's flags and candidates registered, and it decides with them the next cycle");
    emit_line(e, "// (unless the allocation changed)");
    emit_line(e, "wire %sucp_cand; // the lookup module's flags and candidates of this cycle's row",
              emit_range(w.cand));
    emit_line(e, "reg %sucp_cand_q, ucp_cand_d;", emit_range(w.cand));
    emit_line(e, "reg ucp_vready_q, ucp_vready_d;");
    emit_line(e, "reg %sucp_app_oh_q; // the decided request's application, one-hot (req_core_q's)",
              emit_range(w.A));
    emit_line(e, "reg %sucp_pend_app_q; // the last access's count: its app, one-hot,", emit_range(w.A));
    emit_line(e, "reg %sucp_pend_pos_q; // and its LRU position, one-hot (0: nothing to count)",
              emit_range(w.W));
    emit_line(e, "wire ucp_vhold = s1_valid_q & s1_fill_q & !ucp_vready_q;");
    emit_blank(e);
    if (w.tap)
        emit_l2_tap_ucp_decls(e, g);
}

/* The request's application being issued (req_core_d), for the ATD read and its forwarding. */
static void emit_rd_app(emit_t *e, const ucp_w_t *w)
{
    emit_line(e, "always @* begin : ucp_issue_app");
    emit_in(e);
    emit_line(e, "case (req_core_d)");
    emit_in(e);
    for (unsigned k = 0; k < w->C; k++)
        emit_line(e, "%s: ucp_rd_app = %s;", emit_const(w->core, w->P + k), emit_const(w->ob, k));
    emit_line(e, "default: ucp_rd_app = %s;", emit_const(w->ob, w->C));
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    /* The decide stage's one-hot is this one registered (req_core_q <= req_core_d every cycle):
     * decoding req_core_q there put the decode at the head of the ATD write's path, 31 levels
     * in the 16-core system with 15 CPU ports (depth sweep sys-16-cpu15, issue 40). */
    emit_line(e, "wire %sucp_cpu_oh_d; // CPU port k is core %u + k", emit_range(w->C), w->P);
    for (unsigned k = 0; k < w->C; k++)
        emit_line(e, "assign ucp_cpu_oh_d[%u] = req_core_d == %s;", k,
                  emit_const(w->core, w->P + k));
    emit_line(e, "// its application one-hot: a CPU port's, else the GPU's (the L1s)");
    emit_line(e, "wire %sucp_app_oh_d = {~|ucp_cpu_oh_d, ucp_cpu_oh_d};", emit_range(w->A));
}

/* The ATD lookup and update of the decide stage: the app's row (forwarded when it was written
 * beside its read), the hit, the position, the row after the access. */
static void emit_atd(emit_t *e, const ucp_w_t *w)
{
    char idx[64];
    idx_expr(w, "set_q", idx, sizeof idx);
    assert(w->A == w->C + 1);
    emit_line(e, "wire %sucp_app_oh = ucp_app_oh_q; // registered at issue (ucp_app_oh_d)",
              emit_range(w->A));
    if (w->sb)
        emit_line(e, "wire ucp_sampled = set_q[%u:0] == %s; // s mod %u = 0", w->sb - 1,
                  emit_const(w->sb, 0), 1u << w->sb);
    else
        emit_line(e, "wire ucp_sampled = 1'b1; // every set");
    emit_line(e, "wire %sucp_idx = %s;", emit_range(w->ub ? w->ub : 1), idx);
    emit_line(e, "wire %sucp_atd_in = ucp_fwd_hit_q ? ucp_fwd_q : // forwarded", emit_range(w->R));
    emit_in(e);
    for (unsigned k = 0; k < w->A; k++)
        emit_line(e, "%s({%u{ucp_app_oh[%u]}} & ucp_atd_rdata%u)%s", k ? "| " : "(", w->R, k, k,
                  k + 1 < w->A ? "" : ");");
    emit_out(e);
    /* Entry x of a row at [x*E +: E] = {tag, rank, valid}; every per-entry piece below is a
     * loop over the entries (gen_atd_entry, gen_atd_update). The tag match of every ATD's
     * row (and of the forwarded copy) at once, the app's picked after: matching the picked
     * row put the app's pick, fanned out to every row bit, ahead of the compares (31 levels
     * into the ATD write at 16 apps x 32 ways, issue 40). */
    unsigned W = w->W, E = w->E, rb = w->wb, T = w->T;
    ir_module_t mod, *m = &mod;
    ir_piece_begin_at(m, e);
    ir_list_t *b = &m->body;
    ir_genvars_once(m, b, IR_HAVE_GV_UMON,
                    (const char *const[]){"umon_app", "umon_pos", "umon_way", NULL});
    ir_comment(m, b, ir_fmt(m, "the ATD row's entry x at [x*%u +: %u] = {tag, rank, valid}; each "
                               "ATD's and the", E, E));
    ir_comment(m, b, "forwarded row's tag matches, then the app's (as ucp_atd_in)");
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_W(W * rb), "ucp_e_rank"),
            ir_fmt(m, "entry x's LRU rank at [x*%u +: %u]", rb, rb), 1);
    ir_node_t *d = ir_decl(m, b, IR_WIRE, IR_W(W), "ucp_match");
    ir_decl_name(m, d, "ucp_lru", 0);
    ir_decl_name(m, d, "ucp_sel", 0);
    d = ir_decl(m, b, IR_WIRE, IR_W(W), "ucp_match_a0");
    for (unsigned k = 1; k < w->A; k++)
        ir_decl_name(m, d, ir_fmt(m, "ucp_match_a%u", k), 0);
    ir_decl_name(m, d, "ucp_match_fwd", 0);
    ir_node_t *gen = ir_generate(m, b);
    ir_node_t *x = ir_genfor(m, &gen->body, "umon_way", W, "gen_atd_entry");
    const char *at = ir_fmt(m, "umon_way*%u", E);
    ir_assign(m, &x->body, ir_fmt(m, "ucp_e_rank[umon_way*%u +: %u]", rb, rb),
              ir_fmt(m, "ucp_atd_in[%s + 1 +: %u]", at, rb));
    for (unsigned k = 0; k <= w->A; k++) {
        const char *row = k < w->A ? ir_fmt(m, "ucp_atd_rdata%u", k) : "ucp_fwd_q";
        const char *name = k < w->A ? ir_fmt(m, "ucp_match_a%u", k) : "ucp_match_fwd";
        ir_assign(m, &x->body, ir_fmt(m, "%s[umon_way]", name),
                  ir_fmt(m, "%s[%s] & (%s[%s + %u +: %u] == meta_tag)", row, at, row, at, 1 + rb,
                         T));
    }
    ir_assign(m, &x->body, "ucp_lru[umon_way]",
              ir_fmt(m, "ucp_e_rank[umon_way*%u +: %u] == %s", rb, rb, emit_const(rb, W - 1)));
    char t[4096];
    size_t n = (size_t)snprintf(t, sizeof t, "ucp_fwd_hit_q ? ucp_match_fwd :");
    for (unsigned k = 0; k < w->A; k++)
        n += (size_t)snprintf(t + n, sizeof t - n, "\n  %s({%u{ucp_app_oh[%u]}} & ucp_match_a%u)%s",
                              k ? "| " : "(", W, k, k, k + 1 < w->A ? "" : ")");
    ir_assign(m, b, "ucp_match", t);
    ir_wire_init(m, b, IR_W(0), "ucp_atd_hit", "|ucp_match");
    ir_note(m, ir_assign(m, b, "ucp_sel", "ucp_atd_hit ? ucp_match : ucp_lru"),
            "the entry taken, one-hot", 1);
    ir_comment(m, b, "an entry more recent than the taken one moves one rank down (pairwise "
                     "compares); the hit's");
    ir_comment(m, b, "LRU position, one-hot; the taken entry becomes MRU with the request's tag");
    ir_age_matrix(m, b, W, rb, "ucp_e_rank", "ucp_e_younger_than",
                  ir_fmt(m, "bit x*%u + v: entry x's rank is below entry v's", W));
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_W(W * W), "ucp_rank_at"),
            ir_fmt(m, "bit j*%u + x: entry x has rank j", W), 1);
    d = ir_decl(m, b, IR_WIRE, IR_W(W), "ucp_e_younger");
    ir_decl_name(m, d, "ucp_pos_oh", 0);
    ir_decl(m, b, IR_WIRE, IR_W(w->R), "ucp_atd_wdata");
    gen = ir_generate(m, b);
    x = ir_genfor(m, &gen->body, "umon_way", W, "gen_atd_update");
    ir_localparam(m, &x->body, IR_W(rb), "Rank", "umon_way");
    ir_assign(m, &x->body, "ucp_e_younger[umon_way]",
              ir_fmt(m, "|(ucp_sel & ucp_e_younger_than[umon_way*%u +: %u])", W, W));
    ir_node_t *j = ir_genfor(m, &x->body, "umon_pos", W, "gen_rank");
    ir_assign(m, &j->body, ir_fmt(m, "ucp_rank_at[umon_way*%u + umon_pos]", W),
              ir_fmt(m, "ucp_e_rank[umon_pos*%u +: %u] == Rank", rb, rb));
    ir_assign(m, &x->body, "ucp_pos_oh[umon_way]",
              ir_fmt(m, "|(ucp_match & ucp_rank_at[umon_way*%u +: %u])", W, W));
    /* the aging bit widened to the rank (a 1-bit rank takes it as is) */
    const char *younger = rb > 1 ? ir_fmt(m, "{%u'd0, ucp_e_younger[umon_way]}", rb - 1)
                                 : "ucp_e_younger[umon_way]";
    ir_assign(m, &x->body, ir_fmt(m, "ucp_atd_wdata[%s +: %u]", at, E),
              ir_fmt(m, "ucp_sel[umon_way] ? {meta_tag, %s, 1'b1}\n    : {ucp_atd_in[%s + %u +: %u], "
                        "ucp_e_rank[umon_way*%u +: %u] + %s, ucp_atd_in[%s]}",
                     emit_const(rb, 0), at, 1 + rb, T, rb, rb, younger, at));
    ir_piece_print(e, m);
    emit_line(e, "wire ucp_atd_we = ucp_access & ucp_sampled;");
    emit_blank(e);
}

/* The hit counters. The decide stage's access is counted the next cycle: its app and LRU
 * position, one-hot, are registered (ucp_pend_app_q, ucp_pend_pos_q), so the access decision
 * drives W gates, not a multiplexer per counter bit (8,192 of them at 16 apps x 32 ways:
 * 33 levels in the 16-core system, issue 40). A period end snapshots the counters with the
 * pending count and halves them; an access in the period's last cycle counts, whole, into the
 * next period (cm_l2_ucp_period does the same). */
static void emit_counters(emit_t *e, const ucp_w_t *w)
{
    unsigned hb = w->A * w->W * w->cb, cb = w->cb;
    emit_line(e, "wire ucp_period_end = ucp_t_q == %s;", emit_const(w->tb, w->period - 1));
    emit_line(e, "// the access's count, registered: its position one-hot (0 without a sampled hit)");
    emit_line(e, "wire %sucp_pend_pos_d = {%u{ucp_access & ucp_sampled}} & ucp_pos_oh;",
              emit_range(w->W), w->W);
    emit_line(e, "wire %sucp_pend_app_d = ucp_app_oh;", emit_range(w->A));
    emit_line(e, "wire %sucp_hits_plus, ucp_hits_now, ucp_hits_half; // + 1 saturating; counted; "
                 "halved", emit_range(hb));
    emit_line(e, "wire [%u:0] ucp_inc_sel; // app k, position j: [k*%u+j]: last cycle's access's counter",
              w->A * w->W - 1, w->W);
    /* counter (k, j) of every app k and position j: a loop over both (gen_umon_app[k].gen_pos[j]) */
    ir_module_t mod, *m = &mod;
    ir_piece_begin_at(m, e);
    ir_node_t *gen = ir_generate(m, &m->body);
    ir_node_t *app = ir_genfor(m, &gen->body, "umon_app", w->A, "gen_umon_app");
    ir_node_t *pos = ir_genfor(m, &app->body, "umon_pos", w->W, "gen_pos");
    ir_list_t *b = &pos->body;
    ir_localparam(m, b, IR_W(0), "At", ir_fmt(m, "(umon_app*%u + umon_pos)*%u", w->W, cb))->d =
        "integer"; /* the counter's lowest bit */
    ir_assign(m, b, ir_fmt(m, "ucp_hits_plus[At +: %u]", cb),
              ir_fmt(m, "&ucp_hits_q[At +: %u] ? ucp_hits_q[At +: %u] :\n    ucp_hits_q[At +: %u] + %s",
                     cb, cb, cb, emit_const(cb, 1)));
    ir_assign(m, b, ir_fmt(m, "ucp_inc_sel[umon_app*%u + umon_pos]", w->W),
              "ucp_pend_app_q[umon_app] & ucp_pend_pos_q[umon_pos]");
    ir_assign(m, b, ir_fmt(m, "ucp_hits_now[At +: %u]", cb),
              ir_fmt(m, "ucp_inc_sel[umon_app*%u + umon_pos] ? ucp_hits_plus[At +: %u] : "
                        "ucp_hits_q[At +: %u]", w->W, cb, cb));
    if (cb > 1)
        ir_assign(m, b, ir_fmt(m, "ucp_hits_half[At +: %u]", cb),
                  ir_fmt(m, "{1'b0, ucp_hits_now[At + 1 +: %u]}", cb - 1));
    else /* a 1-bit counter halves to 0 */
        ir_assign(m, b, "ucp_hits_half[At]", "1'b0");
    ir_piece_print(e, m);
    emit_line(e, "wire ucp_halve = ucp_period_end; // halve after the snapshot (decision 7)");
    const char *base = "ucp_snap_q";
    if (w->tap) { /* TAP-UCP: the divider shifts the GPU's slice (never at a period end) */
        base = "ucp_snap_base";
        emit_line(e, "wire %sucp_snap_base = tu_div_step ? {tu_snap_div, ucp_snap_q[TuDivBase - 1:0]} "
                     ": ucp_snap_q;", emit_range(hb));
    }
    emit_line(e, "always @* begin : ucp_counters");
    emit_in(e);
    emit_line(e, "ucp_t_d = ucp_period_end ? %s : ucp_t_q + %s;", emit_const(w->tb, 0),
              emit_const(w->tb, 1));
    emit_line(e, "ucp_hits_d = ucp_halve ? ucp_hits_half : ucp_hits_now;");
    emit_line(e, "// the snapshot: the counters at the period end, last cycle's access counted");
    emit_line(e, "ucp_snap_d = ucp_period_end ? ucp_hits_now : %s;", base);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The lookahead FSM (cm_ucp_lookahead, one step a cycle; cm_l2_ucp_latency counts them). */
static void emit_fsm(emit_t *e, const ucp_w_t *w)
{
    unsigned ab = w->ab, A = w->A;
    /* The counter at a + b of every app at once, the current app's picked last: picking the
     * app's snapshot slice first fanned k out to every snapshot bit ahead of the position's
     * pick and the sum (31 levels at 16 apps x 32 ways, issue 40). */
    emit_line(e, "// each app's snapshot counter at its position a + b (< ways: b < ways left), then the");
    emit_line(e, "// current app's");
    for (unsigned k = 0; k < A; k++) {
        emit_line(e, "wire %sucp_pos%u = ucp_a_q[%u +: %u] + ucp_b_q;", emit_range(ab), k, k * ab, ab);
        emit_line(e, "reg %sucp_h%u;", emit_range(w->cb), k);
        emit_line(e, "always @* begin : ucp_counter_at_pos%u", k);
        emit_in(e);
        emit_line(e, "case (ucp_pos%u)", k);
        emit_in(e);
        for (unsigned j = 0; j < w->W; j++)
            emit_line(e, "%s: ucp_h%u = ucp_snap_q[%u +: %u];", emit_const(ab, j), k,
                      (k * w->W + j) * w->cb, w->cb);
        emit_line(e, "default: ucp_h%u = %s;", k, emit_const(w->cb, 0));
        emit_out(e);
        emit_line(e, "endcase");
        emit_out(e);
        emit_line(e, "end");
    }
    emit_line(e, "reg %sucp_h;", emit_range(w->cb));
    emit_line(e, "always @* begin : ucp_current_app");
    emit_in(e);
    emit_line(e, "case (ucp_k_q)");
    emit_in(e);
    for (unsigned k = 0; k < A; k++)
        emit_line(e, "%s: ucp_h = ucp_h%u;", emit_const(w->ob, k), k);
    emit_line(e, "default: ucp_h = %s;", emit_const(w->cb, 0));
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    /* Each compare's two products from registers, the compare's choice after them: choosing
     * the operands first put the state's select (fanned out to every operand bit) ahead of the
     * multipliers (31 levels at 16-bit counters and 32 ways, issue 40). */
    emit_line(e, "// u1 / b1 > u2 / b2 as u1 * b2 > u2 * b1: the products in one cycle, the compare next;");
    emit_line(e, "// b's compare (sum * best_b against best_u * b) or the apps' (best_u * win_b against");
    emit_line(e, "// win_u * best_b), both computed, the state picks");
    emit_line(e, "wire ucp_mul_b = ucp_st_q == %s; // b's compare, else the apps'", st(ST_MUL));
    static const char *const ops[4][3] = {{"b1", "ucp_sum_q", "ucp_best_b_q"},
                                          {"a1", "ucp_best_u_q", "ucp_win_b_q"},
                                          {"b2", "ucp_best_u_q", "ucp_b_q"},
                                          {"a2", "ucp_win_u_q", "ucp_best_b_q"}};
    for (unsigned i = 0; i < 4; i++)
        emit_line(e, "wire %sucp_prod_%s = {%s, %s} * {%s, %s};", emit_range(w->pb), ops[i][0],
                  emit_const(ab, 0), ops[i][1], emit_const(w->sumb, 0), ops[i][2]);
    emit_line(e, "wire %sucp_prod1 = ucp_mul_b ? ucp_prod_b1 : ucp_prod_a1;", emit_range(w->pb));
    emit_line(e, "wire %sucp_prod2 = ucp_mul_b ? ucp_prod_b2 : ucp_prod_a2;", emit_range(w->pb));
    emit_line(e, "wire ucp_gt = ucp_p1_q > ucp_p2_q;");
    emit_line(e, "always @* begin : ucp_lookahead");
    emit_in(e);
    const char *regs[] = {"st", "k", "win_k", "b", "left", "best_b", "win_b", "sum", "best_u",
                          "win_u", "p1", "p2", "a", "alloc"};
    for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++)
        emit_line(e, "ucp_%s_d = ucp_%s_q;", regs[i], regs[i]);
    emit_line(e, "ucp_part = 1'b0;");
    emit_line(e, "case (ucp_st_q)");
    emit_in(e);
    emit_line(e, "%s: begin // U(a, a+b) += the counter at a + b", st(ST_ACC));
    emit_in(e);
    emit_line(e, "ucp_sum_d = ucp_sum_q + {%s, ucp_h};", emit_const(w->sumb - w->cb, 0));
    emit_line(e, "ucp_b_d = ucp_b_q + %s;", emit_const(ab, 1));
    emit_line(e, "ucp_st_d = %s;", st(ST_MUL));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "%s, %s: begin", st(ST_MUL), st(ST_AMUL));
    emit_in(e);
    emit_line(e, "ucp_p1_d = ucp_prod1;");
    emit_line(e, "ucp_p2_d = ucp_prod2;");
    emit_line(e, "ucp_st_d = ucp_mul_b ? %s : %s;", st(ST_CMP), st(ST_ACMP));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "%s: begin // the smallest b of the best utility per way", st(ST_CMP));
    emit_in(e);
    emit_line(e, "if ((ucp_b_q == %s) | ucp_gt) begin", emit_const(ab, 1));
    emit_line(e, "    ucp_best_u_d = ucp_sum_q;");
    emit_line(e, "    ucp_best_b_d = ucp_b_q;");
    emit_line(e, "end");
    emit_line(e, "ucp_st_d = ucp_b_q == ucp_left_q ? %s : %s;", st(ST_AMUL), st(ST_ACC));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "%s: begin // the best app so far; the lowest on ties", st(ST_ACMP));
    emit_in(e);
    emit_line(e, "if ((ucp_k_q == %s) | ucp_gt) begin", emit_const(w->ob, 0));
    emit_line(e, "    ucp_win_k_d = ucp_k_q;");
    emit_line(e, "    ucp_win_u_d = ucp_best_u_q;");
    emit_line(e, "    ucp_win_b_d = ucp_best_b_q;");
    emit_line(e, "end");
    emit_line(e, "ucp_b_d = %s;", emit_const(ab, 0));
    emit_line(e, "ucp_sum_d = %s;", emit_const(w->sumb, 0));
    if (w->tap) /* TAP-UCP: under UCP-Mask the last CPU app ends the round */
        emit_line(e, "if (tu_last_k) ucp_st_d = %s;", st(ST_COMMIT));
    else
        emit_line(e, "if (ucp_k_q == %s) ucp_st_d = %s;", emit_const(w->ob, A - 1), st(ST_COMMIT));
    emit_line(e, "else begin");
    emit_line(e, "    ucp_k_d = ucp_k_q + %s;", emit_const(w->ob, 1));
    emit_line(e, "    ucp_st_d = %s;", st(ST_ACC));
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "%s: begin // the round's winner takes its b ways", st(ST_COMMIT));
    emit_in(e);
    for (unsigned k = 0; k < A; k++)
        emit_line(e, "if (ucp_win_k_q == %s) ucp_a_d[%u +: %u] = ucp_a_q[%u +: %u] + ucp_win_b_q;",
                  emit_const(w->ob, k), k * ab, ab, k * ab, ab);
    emit_line(e, "ucp_left_d = ucp_left_q - ucp_win_b_q;");
    emit_line(e, "ucp_k_d = %s;", emit_const(w->ob, 0));
    emit_line(e, "if (ucp_left_q == ucp_win_b_q) begin // the last round: the allocation applies");
    emit_line(e, "    ucp_alloc_d = ucp_a_d;");
    emit_line(e, "    ucp_part = 1'b1;");
    emit_line(e, "    ucp_st_d = %s;", st(ST_IDLE));
    emit_line(e, "end else ucp_st_d = %s;", st(ST_ACC));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "default: ;");
    emit_out(e);
    emit_line(e, "endcase");
    if (w->tap) { /* TAP-UCP: the start waits for the decision (emit_l2_tap_ucp.c) */
        emit_line(e, "if (tu_init) begin // the rounds start; UCP-Mask fixes the GPU at 1 way");
        emit_in(e);
        emit_line(e, "ucp_st_d = %s;", st(ST_ACC));
        emit_line(e, "ucp_k_d = %s;", emit_const(w->ob, 0));
        emit_line(e, "ucp_b_d = %s;", emit_const(ab, 0));
        emit_line(e, "ucp_sum_d = %s;", emit_const(w->sumb, 0));
        emit_line(e, "ucp_left_d = tu_init_mask ? %s : %s;", emit_const(ab, w->W - 1),
                  emit_const(ab, w->W));
        emit_line(e, "ucp_a_d = tu_init_mask ? {%s, %s} : %s;", emit_const(ab, 1),
                  emit_const((A - 1) * ab, 0), emit_const(A * ab, 0));
        emit_out(e);
        emit_line(e, "end");
        emit_line(e, "if (ucp_period_end) ucp_st_d = %s; // waits for the next decision",
                  st(ST_IDLE));
    } else {
        emit_line(e, "if (ucp_period_end) begin // (re)start on the snapshot: every app from 0 "
                     "ways");
        emit_in(e);
        emit_line(e, "ucp_st_d = %s;", st(ST_ACC));
        emit_line(e, "ucp_k_d = %s;", emit_const(w->ob, 0));
        emit_line(e, "ucp_b_d = %s;", emit_const(ab, 0));
        emit_line(e, "ucp_sum_d = %s;", emit_const(w->sumb, 0));
        emit_line(e, "ucp_left_d = %s;", emit_const(ab, w->W));
        emit_line(e, "ucp_a_d = %s;", emit_const(A * ab, 0));
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The ATD's forwarding copy, beside the main row's: the last decide-stage write, a hit for a
 * read of the same {app, ATD set} issued with it or after it without a read in between. */
static void emit_fwd(emit_t *e, const ucp_w_t *w)
{
    char rd[96], wr[96];
    snprintf(rd, sizeof rd, "{ucp_rd_app, 1'b0}");
    if (w->ub)
        snprintf(rd, sizeof rd, "{ucp_rd_app, set_d[%u:%u]}", w->m - 1, w->sb);
    snprintf(wr, sizeof wr, "{req_app, ucp_idx}");
    emit_line(e, "always @* begin : ucp_forward");
    emit_in(e);
    emit_line(e, "ucp_fwd_valid_d = ucp_atd_we | (ucp_fwd_valid_q & !meta_re);");
    emit_line(e, "ucp_fwd_addr_d = ucp_atd_we ? %s : ucp_fwd_addr_q;", wr);
    emit_line(e, "ucp_fwd_d = ucp_atd_we ? ucp_atd_wdata : ucp_fwd_q;");
    emit_line(e, "ucp_fwd_hit_d = ucp_atd_we ? (%s == %s) :", wr, rd);
    emit_line(e, "                (ucp_fwd_valid_q & !meta_re & (ucp_fwd_addr_q == %s));", rd);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

void emit_l2_ucp_logic(emit_t *e, const gen_l2_t *g)
{
    ucp_w_t w;
    widths(g, &w);
    emit_rd_app(e, &w);
    emit_atd(e, &w);
    emit_counters(e, &w);
    if (w.tap)
        emit_l2_tap_ucp_logic(e, g);
    emit_fsm(e, &w);
    emit_fwd(e, &w);
    emit_line(e, "always @* begin : ucp_victim_cycle");
    emit_in(e);
    emit_line(e, "ucp_cand_d = ucp_cand;");
    emit_line(e, "ucp_vready_d = s1_valid_q & s1_fill_q & hold & !ucp_part;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "assign evt_umon_hits_o = ucp_hits_d;");
    emit_line(e, "assign evt_ucp_alloc_o = ucp_alloc_d;");
    emit_line(e, "assign evt_ucp_part_o = ucp_part;");
    emit_line(e, "assign evt_atd_we_o = ucp_atd_we;");
    emit_line(e, "assign evt_atd_row_o = ucp_atd_wdata;");
    emit_blank(e);
}

void emit_l2_ucp_srams(emit_t *e, const gen_l2_t *g)
{
    ucp_w_t w;
    widths(g, &w);
    unsigned ib = w.ub ? w.ub : 1;
    char mask[32], sweep[64], sram[GEN_MOD_MAX];
    gen_sram_module(g->cfg, sram, sizeof sram);
    snprintf(mask, sizeof mask, "{%u{1'b1}}", w.R);
    if (w.ub)
        snprintf(sweep, sizeof sweep, "sweep_set_q[%u:0]", w.ub - 1);
    else
        snprintf(sweep, sizeof sweep, "1'b0");
    emit_line(e, "// UMON ATDs: one SRAM per app, row = ATD set; the init sweep resets them with the");
    emit_line(e, "// sets (ATD set s at L2 set s), a decide-stage access writes its app's row");
    emit_line(e, "wire ucp_sweeping = state_q == SSweep;");
    emit_line(e, "wire %sucp_waddr = ucp_sweeping ? %s : ucp_idx;", emit_range(ib), sweep);
    emit_line(e, "wire %sucp_wdata = ucp_sweeping ? AtdReset : ucp_atd_wdata;", emit_range(w.R));
    for (unsigned k = 0; k < w.A; k++) {
        char inst[32], rd[32], we[64];
        snprintf(inst, sizeof inst, "u_atd_sram_a%u", k);
        snprintf(rd, sizeof rd, "ucp_atd_rdata%u", k);
        snprintf(we, sizeof we, "ucp_sweeping | (ucp_atd_we & ucp_app_oh[%u])", k);
        emit_sram_1r1w(e, sram, inst, w.R, w.U, ib, "meta_re", "ucp_rd_idx", rd, we, "ucp_waddr",
                       "ucp_wdata", mask);
    }
    emit_blank(e);
}

void emit_l2_ucp_flops(emit_t *e, const gen_l2_t *g, int reset)
{
    ucp_w_t w;
    widths(g, &w);
    unsigned ib = w.ub ? w.ub : 1, hb = w.A * w.W * w.cb;
    const struct { const char *name; unsigned width; } regs[] = {
        {"fwd_valid", 1}, {"fwd_hit", 1}, {"fwd_addr", w.ob + ib}, {"fwd", w.R}, {"hits", hb},
        {"snap", hb}, {"t", w.tb}, {"st", ST_BITS}, {"k", w.ob}, {"win_k", w.ob}, {"b", w.ab},
        {"left", w.ab}, {"best_b", w.ab}, {"win_b", w.ab}, {"sum", w.sumb}, {"best_u", w.sumb},
        {"win_u", w.sumb}, {"p1", w.pb}, {"p2", w.pb}, {"a", w.A * w.ab}, {"cand", w.cand},
        {"vready", 1}, {"alloc", 0}, {"app_oh", w.A}, {"pend_app", w.A}, {"pend_pos", w.W}};
    for (unsigned i = 0; i < sizeof regs / sizeof *regs; i++) {
        if (!reset) {
            emit_line(e, "ucp_%s_q <= ucp_%s_d;", regs[i].name, regs[i].name);
            continue;
        }
        if (!regs[i].width) { /* ways / apps each, the remainder to the lowest apps */
            char v[1024];
            int n = 0;
            for (unsigned k = w.A; k-- > 0;)
                n += snprintf(v + n, sizeof v - (size_t)n, "%s%s", k + 1 < w.A ? ", " : "",
                              emit_const(w.ab, w.W / w.A + (k < w.W % w.A)));
            emit_line(e, "ucp_alloc_q <= {%s};", v);
        } else if (!strcmp(regs[i].name, "app_oh")) { /* req_core_q resets to 0: an L1's */
            emit_line(e, "ucp_app_oh_q <= %s;", emit_const(w.A, 1ull << w.C));
        } else {
            emit_line(e, "ucp_%s_q <= {%u{1'b0}};", regs[i].name, regs[i].width);
        }
    }
    if (w.tap)
        emit_l2_tap_ucp_flops(e, g, reset);
}

/* assign lhs = the OR over the apps k of a per-app flag, fanned out to the ways, and a per-app
 * way vector: "({W{flag_k}} & vec_k) | ..."; flag and vec are formats of the app number k
 * (e.g. "ucp_is%u", "ucp_own%u_q"). */
static void emit_apps_or(emit_t *e, const char *lhs, unsigned apps, unsigned ways,
                         const char *flag, const char *vec)
{
    for (unsigned k = 0; k < apps; k++) {
        char f[32], v[48];
        snprintf(f, sizeof f, flag, k);
        snprintf(v, sizeof v, vec, k);
        if (!k)
            emit_line(e, "assign %s = ({%u{%s}} & %s)%s", lhs, ways, f, v, apps > 1 ? "" : ";");
        else
            emit_line(e, "  | ({%u{%s}} & %s)%s", ways, f, v, k + 1 < apps ? "" : ";");
    }
}

/* The victim choice's registered bundle (lay_l2_ucp_t.cand_bits), least significant first: one
 * field per row, `from` the lookup's signals (concatenated, most significant first) and `to`
 * the wire the next cycle reads it as (cand_i's slice). */
typedef struct cand_field {
    char from[256], to[32];
    const char *note;
    unsigned width; /* 0: a single bit, declared without a range */
} cand_field_t;

static void cand_field(cand_field_t *f, const char *from, const char *to, unsigned width,
                       const char *note)
{
    snprintf(f->from, sizeof f->from, "%s", from);
    snprintf(f->to, sizeof f->to, "%s", to);
    f->width = width;
    f->note = note;
}

static unsigned cand_fields(unsigned A, unsigned W, cand_field_t *f)
{
    unsigned n = 0;
    char from[256], to[32];
    for (unsigned k = 0; k < A; k++) {
        snprintf(from, sizeof from, "ucp_older%u", k);
        snprintf(to, sizeof to, "ucp_older%u_q", k);
        cand_field(&f[n++], from, to, W, "");
    }
    for (unsigned k = 0; k < A; k++) {
        snprintf(from, sizeof from, "ucp_own%u", k);
        snprintf(to, sizeof to, "ucp_own%u_q", k);
        cand_field(&f[n++], from, to, W, "");
    }
    cand_field(&f[n++], "ucp_oldest_all", "ucp_oldest_all_q", W, "");
    cand_field(&f[n++], "ucp_oldest_own", "ucp_oldest_own_q", W, "");
    int at = 0; /* the per-app flags as one vector, app 0 lowest */
    for (unsigned k = A; k-- > 0;)
        at += snprintf(from + at, sizeof from - (size_t)at, "%sucp_over%u", k + 1 < A ? ", " : "", k);
    cand_field(&f[n++], from, "ucp_over_q", A, " // app k over its allocation");
    cand_field(&f[n++], "ucp_under", "ucp_under_q", 0, "");
    return n;
}

/* `out` (cw bits) = the ones of the W-bit vector `vec`, by a balanced adder tree whose nodes are
 * <node>_<level>_<i>: level 0 the bits widened, each level the sums of pairs of the last. */
static void count_tree(emit_t *e, const char *node, const char *vec, unsigned W, unsigned cw,
                       const char *out)
{
    unsigned n = W, lvl = 0;
    for (unsigned x = 0; x < W; x++)
        emit_line(e, "wire %s%s_0_%u = {%s, %s[%u]};", emit_range(cw), node, x,
                  emit_const(cw - 1, 0), vec, x);
    for (; n > 1; n = (n + 1) / 2, lvl++)
        for (unsigned i = 0; i < (n + 1) / 2; i++) {
            if (2 * i + 1 < n)
                emit_line(e, "wire %s%s_%u_%u = %s_%u_%u + %s_%u_%u;", emit_range(cw), node,
                          lvl + 1, i, node, lvl, 2 * i, node, lvl, 2 * i + 1);
            else
                emit_line(e, "wire %s%s_%u_%u = %s_%u_%u;", emit_range(cw), node, lvl + 1, i,
                          node, lvl, 2 * i);
        }
    emit_line(e, "wire %s%s = %s_%u_0;", emit_range(cw), out, node, lvl);
}

/* The lookup module's victim under the partition (cm_ucp_victim; invalid ways come first in
 * emit_ways_select): victim_oh, from the row's owners and LRU ages, alloc_i and owner_i. */
void emit_l2_ucp_victim(emit_t *e, const gen_l2_t *g)
{
    ucp_w_t w;
    widths(g, &w);
    unsigned W = w.W, A = w.A, cw = cfg_count_bits(W);
    emit_line(e, "// UCP's victim: lines per app in the set (adder trees), apps over their allocation,");
    emit_line(e, "// then the oldest way among the candidates (pairwise age compares)");
    for (unsigned k = 0; k < A; k++) {
        emit_line(e, "wire [%u:0] ucp_own%u; // ways app %u holds", W - 1, k, k);
        for (unsigned x = 0; x < W; x++)
            emit_line(e, "assign ucp_own%u[%u] = w%u_owner == %s;", k, x, x, emit_const(w.ob, k));
        char node[32], vec[32], cnt[32];
        snprintf(node, sizeof node, "ucp_c%u", k);
        snprintf(vec, sizeof vec, "ucp_own%u", k);
        snprintf(cnt, sizeof cnt, "ucp_cnt%u", k);
        count_tree(e, node, vec, W, cw, cnt);
        emit_line(e, "wire %sucp_alloc%u = alloc_i[%u +: %u];", emit_range(w.ab), k, k * w.ab, w.ab);
        emit_line(e, "wire ucp_over%u = ucp_cnt%u > ucp_alloc%u;", k, k, k);
        emit_line(e, "wire ucp_is%u = owner_i == %s;", k, emit_const(w.ob, k));
    }
    /* The filler's own line count, beside the per-app ones (which only the over flags need):
     * picking its app's count after the counts and compares put an AND-OR over the apps at
     * the end of the stage (32 levels at 16 apps x 32 ways, issue 40). */
    emit_line(e, "// the filler's lines in the set, counted directly (owner_i < apps), and its allocation");
    emit_line(e, "wire [%u:0] ucp_fill_own;", W - 1);
    for (unsigned x = 0; x < W; x++)
        emit_line(e, "assign ucp_fill_own[%u] = w%u_owner == owner_i;", x, x);
    count_tree(e, "ucp_cf", "ucp_fill_own", W, cw, "ucp_cnt_fill");
    char t[4096];
    int n = 0;
    for (unsigned k = 0; k < A; k++)
        n += snprintf(t + n, sizeof t - (size_t)n, "%s({%u{ucp_is%u}} & ucp_alloc%u)", k ? " | " : "",
                      w.ab, k, k);
    emit_line(e, "wire %sucp_alloc_fill = %s;", emit_range(w.ab), t);
    n = 0;
    for (unsigned k = 0; k < A; k++)
        n += snprintf(t + n, sizeof t - (size_t)n, "%sucp_is%u", k ? " | " : "", k);
    emit_line(e, "wire ucp_fill_app_valid = %s;", t);
    emit_line(e, "wire ucp_under = ucp_fill_app_valid & ((ucp_cnt_fill < ucp_alloc_fill) | "
                 "(ucp_cnt_fill == %s)); // the filler holds fewer lines than its ways, or none",
              emit_const(cw, 0));
    emit_line(e, "wire [%u:0] ucp_own_ways; // the filler's ways", W - 1);
    emit_apps_or(e, "ucp_own_ways", A, W, "ucp_is%u", "ucp_own%u");
    /* The candidates' oldest, cand[x] & no candidate older, is not found after the candidates
     * (an OR over the ways after the line counts, their compares and the choice of candidates:
     * 33 levels at 32 ways, issue 40) but for each choice beside the counts: "some way of app
     * k is older than x" (ucp_older<k>) does not wait for them, and the over apps' older ways
     * are those of the over apps' ucp_older. The same way as the oldest of ucp_cand. */
    emit_line(e, "// the oldest candidate, for each choice of candidates at once: way v older than x");
    emit_line(e, "// (younger_than[x*%u + v]), then per app k a way of k older than x, and any way", W);
    emit_line(e, "// older than x");
    ir_module_t mod, *m = &mod;
    ir_piece_begin_at(m, e);
    ir_younger_than(m, &m->body, W, g->lay.repl_bits);
    ir_node_t *d = ir_decl(m, &m->body, IR_WIRE, IR_W(W), "ucp_older0");
    for (unsigned k = 1; k < A; k++)
        ir_decl_name(m, d, ir_fmt(m, "ucp_older%u", k), 0);
    ir_note(m, d, "bit x: some way of app k is older than way x", 1);
    ir_decl_name(m, ir_decl(m, &m->body, IR_WIRE, IR_W(W), "ucp_older_all"), "ucp_older_own", 0);
    ir_node_t *gen = ir_generate(m, &m->body);
    ir_node_t *row = ir_genfor(m, &gen->body, "age_row", W, "gen_ucp_older");
    const char *rw = ir_fmt(m, "younger_than[age_row*%u +: %u]", W, W);
    for (unsigned k = 0; k < A; k++)
        ir_assign(m, &row->body, ir_fmt(m, "ucp_older%u[age_row]", k),
                  ir_fmt(m, "|(ucp_own%u & %s)", k, rw));
    ir_assign(m, &row->body, "ucp_older_all[age_row]", ir_fmt(m, "|%s", rw));
    ir_piece_print(e, m);
    emit_apps_or(e, "ucp_older_own", A, W, "ucp_is%u", "ucp_older%u");
    emit_line(e, "wire [%u:0] ucp_oldest_own = ucp_own_ways & ~ucp_older_own;", W - 1);
    emit_line(e, "wire [%u:0] ucp_oldest_all = ~ucp_older_all;", W - 1);
    /* The line counts and their compares take most of a cycle, so the choice among the
     * candidates waits for the next one: the top registers the flags and the candidates
     * (cand_o, ucp_cand_bits), the fill held a cycle decides with them (cand_i). */
    emit_line(e, "// the top registers the flags and candidates (ucp_cand_q); a fill held a cycle");
    emit_line(e, "// decides with them: over apps' ways, their oldest, then the choice");
    cand_field_t f[2 * LAY_MAX_WAYS + 4]; /* 2 x apps + 4 fields (checked below) */
    assert(2 * A + 4 <= sizeof f / sizeof *f);
    unsigned nf = cand_fields(A, W, f), at = 0;
    char cat[8192];
    int nc = 0;
    for (unsigned i = nf; i-- > 0;)
        nc += snprintf(cat + nc, sizeof cat - (size_t)nc, "%s%s", i + 1 < nf ? ", " : "", f[i].from);
    emit_line(e, "assign ucp_cand_o = {%s};", cat);
    for (unsigned i = 0; i < nf; i++) {
        if (f[i].width)
            emit_line(e, "wire [%u:0] %s = cand_i[%u +: %u];%s", f[i].width - 1, f[i].to, at,
                      f[i].width, f[i].note);
        else
            emit_line(e, "wire %s = cand_i[%u];", f[i].to, at);
        at += f[i].width ? f[i].width : 1;
    }
    assert(at == w.cand); /* the layout's count (lay_l2_ucp) is the bundle's */
    emit_line(e, "wire [%u:0] ucp_over_ways, ucp_older_over;", W - 1);
    emit_apps_or(e, "ucp_over_ways", A, W, "ucp_over_q[%u]", "ucp_own%u_q");
    emit_apps_or(e, "ucp_older_over", A, W, "ucp_over_q[%u]", "ucp_older%u_q");
    emit_line(e, "wire [%u:0] ucp_oldest_over = ucp_over_ways & ~ucp_older_over;", W - 1);
    emit_line(e, "wire [%u:0] victim_oh = ~ucp_under_q ? ucp_oldest_own_q : |ucp_over_q ? "
                 "ucp_oldest_over :", W - 1);
    emit_line(e, "                      ucp_oldest_all_q; // own LRU; an over app's LRU; the set's LRU");
}

/* ---- the top's hooks (l2pol.h) ------------------------------------------------------------ */

unsigned l2_ucp_evt_ports(const gen_l2_t *g, pipe_evt_port_t *out)
{
    const lay_l2_t *l = &g->lay;
    unsigned apps = cfg_l2_apps(g->cfg), ab = cfg_count_bits(l->ways);
    unsigned cb = g->cfg->l2.umon_counter_bits;
    /* every cycle: the counters and the allocation after it, the partition */
    out[0] = (pipe_evt_port_t){"umon_hits", apps * l->ways * cb, 1, 0,
                               "ucp: hit counters after this cycle"};
    out[1] = (pipe_evt_port_t){"ucp_alloc", apps * ab, 1, 0,
                               "ucp: the allocation after this cycle"};
    out[2] = (pipe_evt_port_t){"ucp_part", 1, 0, 0, "ucp: the lookahead's allocation applies"};
    out[3] = (pipe_evt_port_t){"atd_we", 1, 0, 0, "ucp: this event writes an ATD row"};
    out[4] = (pipe_evt_port_t){"atd_row", l->ways * lay_l2_atd_entry_bits(l), 1, 0,
                               "ucp: the ATD row written"};
    return 5;
}

void emit_l2_ucp_meta_inst(emit_t *e, const gen_l2_t *g, int after)
{
    (void)g;
    if (!after)
        return;
    emit_line(e, ".alloc_i       (ucp_alloc_q),");
    emit_line(e, ".cand_i        (ucp_cand_q),");
    emit_line(e, ".ucp_cand_o    (ucp_cand),");
}

void emit_l2_ucp_defaults(emit_t *e, const gen_l2_t *g)
{
    (void)g;
    emit_line(e, "ucp_access = 1'b0;");
}

void emit_l2_ucp_access(emit_t *e, const gen_l2_t *g)
{
    (void)g;
    emit_line(e, "ucp_access = 1'b1; // UCP: the request's app's UMON sees the access");
}

void emit_l2_ucp_flops_ctx(emit_t *e, const void *ctx, int reset)
{
    emit_l2_ucp_flops(e, ctx, reset);
}

void emit_l2_ucp_lm_ports(emit_t *e, const gen_l2_t *g, int after)
{
    const lay_l2_t *l = &g->lay;
    if (!after)
        return;
    emit_line(e, "input  wire %salloc_i, // ucp: the ways of app k in [k*%u +: %u]",
              emit_range(cfg_l2_apps(g->cfg) * cfg_count_bits(l->ways)), cfg_count_bits(l->ways),
              cfg_count_bits(l->ways));
    lay_l2_ucp_t u;
    lay_l2_ucp(g->cfg, l, &u);
    emit_line(e, "input  wire %scand_i, // ucp: ucp_cand_o registered", emit_range(u.cand_bits));
    emit_line(e, "output wire %sucp_cand_o, // ucp: this row's victim flags and candidates under "
              "alloc_i", emit_range(u.cand_bits));
}

void l2_ucp_lm_ways(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf)
{
    (void)g;
    (void)buf;
    x->victim_extern = 1;
}
