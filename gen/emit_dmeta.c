/* emit_dmeta: the combinational module of the decoupled store (SPEC 3.4): given a set's row
 * (tag store + data-store state, layout core/lay.h), an operation (0 load, 1 store, 2 fill),
 * a tag and filter_i, it decides hit / reserve / bypass / stall and returns the row after
 * the operation. Mirrors cmodel/cm_dec.c; the replacement policy's victim among the eligible
 * lines and its updates are its table's (emit_repl.h), shared with emit_meta. */
#include "emit_repl.h"

#include <assert.h>

static void emit_ports(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_row_ports_open(e, g->meta, l->row_bits, "", l->tag_bits);
    emit_line(e, "input  wire filter_i,     // low: threshold 0, every load gets a line");
    if (lay_l1_mem_err(g->cfg))
        emit_line(e, "input  wire fill_err_i,   // fill: its read failed, release the reserved line");
    emit_row_lookup_ports(e, l->way_bits, l->ways, "        // the entry owns a (valid) data line",
                          "      // data way: hit, reserved or filled");
    emit_line(e, "output wire reserve_o,    // load: reserve a data line and fetch it");
    emit_line(e, "output wire bypass_o,     // load: fetch without a data line");
    emit_line(e, "output wire stall_o,      // load: wants a line but every line is reserved");
    emit_line(e, "output wire evict_o,      // a valid data line was taken from its owner");
    emit_line(e, "output reg  %sevict_tag_o,", emit_range(l->tag_bits));
    emit_row_ports_close(e, l->row_bits);
}

static void emit_unpack(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_ways_t x = gen_l1_ways(g);
    emit_line(e, "// Row fields (layout: cachegen gen/lay.h).");
    for (unsigned t = 0; t < l->tag_ways; t++) {
        emit_line(e, "wire t%u_valid = row_i[%u];", t, lay_te_lsb(l, t));
        emit_line(e, "wire %st%u_tag = row_i[%u:%u];", emit_range(l->tag_bits), t,
                  lay_te_tag_lsb(l, t) + l->tag_bits - 1, lay_te_tag_lsb(l, t));
        emit_line(e, "wire %st%u_rc = row_i[%u:%u];", emit_range(l->rc_bits), t,
                  lay_te_rc_lsb(l, t) + l->rc_bits - 1, lay_te_rc_lsb(l, t));
        emit_line(e, "wire t%u_pv = row_i[%u];", t, lay_te_pv_lsb(l, t));
        emit_line(e, "wire %st%u_pos = row_i[%u:%u];", emit_range(l->pos_bits), t,
                  lay_te_pos_lsb(l, t) + l->pos_bits - 1, lay_te_pos_lsb(l, t));
    }
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "wire w%u_valid = row_i[%u];", w, lay_valid_lsb(l, w));
        emit_line(e, "wire w%u_rsv = row_i[%u];", w, lay_rsv_lsb(l, w));
        if (l->repl_bits)
            emit_line(e, "wire %sw%u_repl = row_i[%u:%u];", emit_range(l->repl_bits), w,
                      lay_repl_lsb(l, w) + l->repl_bits - 1, lay_repl_lsb(l, w));
    }
    emit_ways_state_unpack(e, &x);
    emit_line(e, "wire %sfree_cnt = row_i[%u:%u];", emit_range(l->free_bits),
              l->free_lsb + l->free_bits - 1, l->free_lsb);
    emit_blank(e);
    emit_line(e, "wire is_load = op_i == OpLoad;");
    if (!x.repl->fills_only || g->cfg->l1.write_evict) /* else no store test */
        emit_line(e, "wire is_store = op_i == OpStore;");
    if (lay_l1_mem_err(g->cfg)) {
        emit_line(e, "wire is_fill = (op_i == OpFill) & ~fill_err_i; // an installing fill");
        emit_line(e, "wire fill_err = (op_i == OpFill) & fill_err_i;");
    } else {
        emit_line(e, "wire is_fill = op_i == OpFill;");
    }
    emit_blank(e);
}

/* Tag store: probe, the entry a probe miss takes, and the probed entry's fields. Every choice
 * is a one-hot vector (emit_ways.c's helpers), so fields are picked by AND-OR trees. */
static void emit_tag_select(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    unsigned T = l->tag_ways, rc = l->rc_bits, W = l->ways;
    emit_line(e, "wire [%u:0] match;", T - 1);
    emit_line(e, "wire [%u:0] tvalid;", T - 1);
    for (unsigned t = 0; t < T; t++) {
        emit_line(e, "assign match[%u] = t%u_valid & (t%u_tag == tag_i);", t, t, t);
        emit_line(e, "assign tvalid[%u] = t%u_valid;", t, t);
    }
    emit_line(e, "wire probe_hit = |match;");
    /* The tag store never holds a tag twice (a probe miss takes an entry only for a tag no
     * entry holds), so `match` is one-hot or zero; a row breaking this would fail lockstep. */
    emit_line(e, "wire [%u:0] probe_oh = {match[%u:1], match[0] | ~probe_hit}; // entry 0 if none",
              T - 1, T - 1);
    emit_lowest_oh(e, "tinv_oh", T, "!tvalid[%u]");
    emit_line(e, "// Least-RC entry without a data line, lowest entry on ties (one always exists:");
    emit_line(e, "// the tag store has more ways than the data store): entry t wins every pairwise");
    emit_line(e, "// compare, all made at once.");
    emit_best_oh(e, "lfu_oh", T, "!t%u_pv", "t%u_pv", "t%u_rc", 0);
    emit_line(e, "wire [%u:0] sel_t_oh = probe_hit ? probe_oh : (&tvalid ? lfu_oh : tinv_oh);", T - 1);
    emit_line(e, "reg %sh_rc;", emit_range(rc));
    emit_line(e, "reg %sh_pos;", emit_range(l->pos_bits));
    emit_line(e, "reg h_pv;");
    emit_pick_oh(e, "h_rc", rc, "probe_oh", T, "t%u_rc");
    emit_pick_oh(e, "h_pos", l->pos_bits, "probe_oh", T, "t%u_pos");
    emit_pick_oh(e, "h_pv", 1, "probe_oh", T, "t%u_pv");
    emit_line(e, "// each entry's data way, one-hot");
    for (unsigned t = 0; t < T; t++) {
        emit_line(e, "wire [%u:0] t%u_pos_oh;", W - 1, t);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "assign t%u_pos_oh[%u] = t%u_pos == %s;", t, w, t,
                      emit_const(l->pos_bits, w));
    }
    emit_line(e, "reg [%u:0] hpos_oh;", W - 1);
    emit_pick_oh(e, "hpos_oh", W, "probe_oh", T, "t%u_pos_oh");
    emit_blank(e);
}

/* The victim among the eligible (valid, not reserved) data lines: the policy's. */
static void emit_victim(emit_t *e, const gen_l1_t *g)
{
    emit_ways_t x = gen_l1_ways(g);
    emit_line(e, "reg %svictim_way;", emit_range(x.way_bits));
    assert(x.repl->victim_masked); /* cfg offers the decoupled store no other policy */
    x.repl->victim_masked(e, &x);
}

/* The decision: hit, or RC update then reserve / bypass / stall. */
static void emit_decide(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned W = l->ways, wb = l->way_bits, rc = l->rc_bits, T = l->tag_ways;
    emit_ways_t x = gen_l1_ways(g);
    emit_line(e, "assign hit_o = probe_hit & h_pv;");
    emit_line(e, "wire %src_inc = (h_rc == %s) ? h_rc : h_rc + %s; // saturating",
              emit_range(rc), emit_const(rc, (1u << rc) - 1), emit_const(rc, 1));
    emit_line(e, "wire %src_new = probe_hit ? rc_inc : %s;", emit_range(rc), emit_const(rc, 1));
    if (c->threshold > 1) {
        /* rc_new >= threshold, decided per entry beside the probe: the saturating increment of
         * an entry's RC reaches the threshold iff RC >= threshold - 1 (threshold <= RC max); a
         * new entry's RC is 1, below it */
        emit_line(e, "// rc_new >= %u: an entry's incremented RC reaches it iff RC >= %u",
                  c->threshold, c->threshold - 1);
        emit_line(e, "wire [%u:0] rc_reaches;", T - 1);
        for (unsigned t = 0; t < T; t++)
            emit_line(e, "assign rc_reaches[%u] = t%u_rc >= %s;", t, t,
                      emit_const(rc, c->threshold - 1));
        emit_line(e, "wire want_line = ~filter_i | (probe_hit & |(probe_oh & rc_reaches));");
    } else {
        emit_line(e, "wire want_line = ~filter_i | 1'b1; // threshold %u: RC is always >= it",
                  c->threshold);
    }
    emit_line(e, "wire need_line = is_load & ~hit_o & want_line;");
    emit_line(e, "assign bypass_o = is_load & ~hit_o & ~want_line;");
    emit_line(e, "wire [%u:0] free_line;", W - 1);
    emit_line(e, "wire [%u:0] eligible;", W - 1);
    for (unsigned w = 0; w < W; w++) {
        emit_line(e, "assign free_line[%u] = ~w%u_valid & ~w%u_rsv;", w, w, w);
        emit_line(e, "assign eligible[%u] = w%u_valid;", w, w);
    }
    emit_line(e, "wire any_free = free_cnt != %s;", emit_const(l->free_bits, 0));
    emit_lowest_oh(e, "free_oh", W, "free_line[%u]");
    emit_encode_oh(e, "free_way", "free_oh", W, wb);
    emit_victim(e, g);
    emit_line(e, "assign stall_o = need_line & ~any_free & ~|eligible;");
    emit_line(e, "assign reserve_o = need_line & ~stall_o;");
    emit_line(e, "assign evict_o = reserve_o & ~any_free;");
    emit_line(e, "wire %sres_way = any_free ? free_way : victim_way;", emit_range(wb));
    emit_line(e, "wire [%u:0] res_oh = any_free ? free_oh : victim_oh;", W - 1);
    emit_line(e, "assign way_o = reserve_o ? res_way : h_pos; // the chosen data way");
    emit_line(e, "assign way_oh_o = reserve_o ? res_oh : hpos_oh;");
    emit_line(e, "// The replacement state is touched only by hits and fills, whose data way is the");
    emit_line(e, "// probed entry's (a reservation ages, it does not touch): the updates need not wait");
    emit_line(e, "// for the reservation decision.");
    if (x.repl->sel_by_number)
        emit_line(e, "wire %ssel_way = h_pos;", emit_range(wb));
    else
        emit_line(e, "wire [%u:0] sel_oh = hpos_oh;", W - 1);
    emit_line(e, "assign hit_way_oh_o = hpos_oh;");
    emit_line(e, "// The entry that owned the evicted line loses it.");
    emit_line(e, "wire [%u:0] owns_victim;", T - 1);
    for (unsigned t = 0; t < T; t++)
        emit_line(e, "assign owns_victim[%u] = t%u_valid & t%u_pv & |(t%u_pos_oh & victim_oh);", t,
                  t, t, t);
    emit_lowest_oh(e, "lost_oh", T, "owns_victim[%u]");
    emit_pick_oh(e, "evict_tag_o", l->tag_bits, "lost_oh", T, "t%u_tag");
    if (x.repl->fills_only) {
        emit_line(e, "// Replacement touch: fills only (%s).", x.repl->fills_only);
        emit_ways_touch_fills(e, &x);
    } else {
        emit_line(e, "// Replacement touch: load and store hits (write-evict stores invalidate), fills.");
        if (c->write_evict)
            emit_line(e, "wire touch = (is_load & hit_o) | is_fill;");
        else
            emit_line(e, "wire touch = ((is_load | is_store) & hit_o) | is_fill;");
    }
    emit_line(e, "// Aging: every data-line allocation and every invalidation.");
    if (c->write_evict)
        emit_line(e, "wire invalidate = is_store & hit_o;");
    emit_line(e, "wire age_en = reserve_o%s;", c->write_evict ? " | invalidate" : "");
    emit_blank(e);
}

static void emit_next_row(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned W = l->ways, T = l->tag_ways;
    unsigned rc = l->rc_bits, P = l->pos_bits;
    emit_ways_t x = gen_l1_ways(g);
    for (unsigned t = 0; t < T; t++) {
        emit_line(e, "reg t%u_valid_d, t%u_pv_d;", t, t);
        emit_line(e, "reg %st%u_tag_d;", emit_range(l->tag_bits), t);
        emit_line(e, "reg %st%u_rc_d;", emit_range(rc), t);
        emit_line(e, "reg %st%u_pos_d;", emit_range(P), t);
    }
    for (unsigned w = 0; w < W; w++) {
        emit_line(e, "reg w%u_valid_d, w%u_rsv_d;", w, w);
        if (l->repl_bits)
            emit_line(e, "reg %sw%u_repl_d;", emit_range(l->repl_bits), w);
    }
    emit_ways_state_decl(e, &x);
    emit_line(e, "reg %sfree_d;", emit_range(l->free_bits));
    x.own_select = 1; /* its sel_oh is the reservation's, not emit_ways_select's */
    EMIT_REPL(update_decls, e, &x);
    emit_row_next_open(e);
    for (unsigned t = 0; t < T; t++) {
        emit_line(e, "t%u_valid_d = t%u_valid;", t, t);
        emit_line(e, "t%u_tag_d = t%u_tag;", t, t);
        emit_line(e, "t%u_rc_d = t%u_rc;", t, t);
        emit_line(e, "t%u_pv_d = t%u_pv;", t, t);
        emit_line(e, "t%u_pos_d = t%u_pos;", t, t);
    }
    for (unsigned w = 0; w < W; w++) {
        emit_line(e, "w%u_valid_d = w%u_valid;", w, w);
        emit_line(e, "w%u_rsv_d = w%u_rsv;", w, w);
        if (l->repl_bits)
            emit_line(e, "w%u_repl_d = w%u_repl;", w, w);
    }
    emit_ways_state_default(e, &x);
    emit_line(e, "free_d = free_cnt;");
    /* aging of the other valid entries (the chosen entry and the one losing its line are
     * written below) */
    emit_line(e, "if (age_en) begin");
    emit_in(e);
    for (unsigned t = 0; t < T; t++)
        emit_line(e, "if (t%u_valid && t%u_rc != %s) t%u_rc_d = t%u_rc - %s;", t, t,
                  emit_const(rc, 0), t, t, emit_const(rc, 1));
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (is_load & ~stall_o) begin // the probed or newly taken entry");
    emit_in(e);
    for (unsigned t = 0; t < T; t++) {
        emit_line(e, "if (sel_t_oh[%u]) begin", t);
        emit_in(e);
        emit_line(e, "t%u_valid_d = 1'b1;", t);
        emit_line(e, "t%u_tag_d = tag_i;", t);
        emit_line(e, "t%u_rc_d = rc_new;", t);
        emit_line(e, "if (!probe_hit) begin");
        emit_in(e);
        emit_line(e, "t%u_pv_d = 1'b0;", t);
        emit_line(e, "t%u_pos_d = %s;", t, emit_const(P, 0));
        emit_out(e);
        emit_line(e, "end");
        emit_line(e, "if (reserve_o) begin");
        emit_in(e);
        emit_line(e, "t%u_pv_d = 1'b1;", t);
        emit_line(e, "t%u_pos_d = res_way;", t);
        emit_out(e);
        emit_line(e, "end");
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (evict_o) begin // the victim line's owner loses it");
    emit_in(e);
    for (unsigned t = 0; t < T; t++)
        emit_line(e, "if (lost_oh[%u]) begin t%u_pv_d = 1'b0; t%u_pos_d = %s; t%u_rc_d = %s; end",
                  t, t, t, emit_const(P, 0), t, emit_const(rc, 0));
    emit_out(e);
    emit_line(e, "end");
    if (c->write_evict) {
        emit_line(e, "if (invalidate) begin // write-evict: the owner loses its line, RC 0");
        emit_in(e);
        for (unsigned t = 0; t < T; t++)
            emit_line(e, "if (probe_oh[%u]) begin t%u_pv_d = 1'b0; t%u_pos_d = %s; t%u_rc_d = %s; end",
                      t, t, t, emit_const(P, 0), t, emit_const(rc, 0));
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "if (hpos_oh[%u]) w%u_valid_d = 1'b0;", w, w);
        emit_line(e, "free_d = free_cnt + %s;", emit_const(l->free_bits, 1));
        emit_out(e);
        emit_line(e, "end");
    }
    emit_line(e, "if (reserve_o) begin");
    emit_in(e);
    for (unsigned w = 0; w < W; w++)
        emit_line(e, "if (res_oh[%u]) begin w%u_valid_d = 1'b0; w%u_rsv_d = 1'b1; end", w, w, w);
    emit_line(e, "if (any_free) free_d = free_cnt - %s;", emit_const(l->free_bits, 1));
    EMIT_REPL(age_masked, e, &x);
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (is_fill) begin // the reserved line becomes valid");
    emit_in(e);
    for (unsigned w = 0; w < W; w++)
        emit_line(e, "if (hpos_oh[%u]) begin w%u_valid_d = 1'b1; w%u_rsv_d = 1'b0; end", w, w, w);
    emit_out(e);
    emit_line(e, "end");
    if (lay_l1_mem_err(g->cfg)) {
        /* a bypassed read reserved nothing: its entry (if any) has no line */
        emit_line(e, "if (fill_err & probe_hit & h_pv) begin // a failed read: its reserved line is");
        emit_line(e, "                                       // free again, its entry has none");
        emit_in(e);
        for (unsigned t = 0; t < T; t++)
            emit_line(e, "if (probe_oh[%u]) begin t%u_pv_d = 1'b0; t%u_pos_d = %s; end", t, t, t,
                      emit_const(P, 0));
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "if (hpos_oh[%u]) w%u_rsv_d = 1'b0;", w, w);
        emit_line(e, "free_d = free_cnt + %s;", emit_const(l->free_bits, 1));
        emit_out(e);
        emit_line(e, "end");
    }
    if (x.repl->update_masked)
        x.repl->update_masked(e, &x);
    else
        EMIT_REPL(update, e, &x);
    emit_row_pack_open(e);
    emit_line(e, "free_d,");
    emit_ways_state_pack(e, &x);
    for (unsigned w = W; w-- > 0;) {
        if (l->repl_bits)
            emit_line(e, "w%u_repl_d, w%u_rsv_d, w%u_valid_d,", w, w, w);
        else
            emit_line(e, "w%u_rsv_d, w%u_valid_d,", w, w);
    }
    for (unsigned t = T; t-- > 0;)
        emit_line(e, "t%u_pos_d, t%u_pv_d, t%u_rc_d, t%u_tag_d, t%u_valid_d%s", t, t, t, t, t,
                  t ? "," : "");
    emit_out(e);
    emit_line(e, "};");
}

void emit_l1_dmeta(emit_t *e, const gen_l1_t *g)
{
    gen_header(e, g->cfg, g->meta,
               "decoupled tag store with reference counts and its data-store state (SPEC 3.4; "
               "op OpLoad, OpStore or OpFill)");
    emit_ports(e, g);
    emit_in(e);
    emit_meta_op_params(e);
    emit_unpack(e, g);
    emit_tag_select(e, g);
    emit_decide(e, g);
    emit_next_row(e, g);
    emit_out(e);
    gen_footer(e);
}
