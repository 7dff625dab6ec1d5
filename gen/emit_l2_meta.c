/* emit_l2_meta: the combinational lookup module of the L2 slice's row (layout gen/lay_l2.h).
 * Given a set's row, an operation (read or write lookup, fill for a read or a write), a tag
 * and the requester's one-hot victim-bit group, it returns the hit, the chosen way, the
 * victim (tag, dirty), the hit line's old victim bit and the row after the operation. With a
 * bypass bit per way (l1.mode = pcpred) it also takes the read's prediction and returns the
 * hit line's old bypass bit b, storing `pred & ~b` on a read hit and `pred` on a read's fill
 * (a new line has b = 0); writes leave the bit alone. Without one, neither port exists.
 * Mirrors cm_l2_access_pred / cm_l2_fill; replacement is the L1's, through emit_ways_*. */
#include "emit_l2.h"

static void emit_ports(emit_t *e, const gen_l2_t *g)
{
    const lay_l2_t *l = &g->lay;
    emit_line(e, "module %s (", g->meta);
    emit_in(e);
    emit_line(e, "input  wire %srow_i,", emit_range(l->row_bits));
    emit_line(e, "input  wire [1:0] op_i,   // 0 read, 1 write, 2 fill of a read, 3 fill of a write");
    emit_line(e, "input  wire %stag_i,", emit_range(l->tag_bits));
    emit_line(e, "input  wire %sgroup_i, // one-hot victim-bit group of the requester",
              emit_range(l->vbits));
    if (l->bbits)
        emit_line(e, "input  wire pred_i,  // read or read's fill: the L1's bypass prediction");
    emit_line(e, "output wire hit_o,");
    emit_line(e, "output wire %sway_o,", emit_range(l->way_bits));
    emit_line(e, "output wire [%u:0] way_oh_o,     // way_o, one-hot", l->ways - 1);
    emit_line(e, "output wire [%u:0] hit_way_oh_o, // the lookup's hit way (its data is read)",
              l->ways - 1);
    emit_line(e, "output wire evict_o,       // fill: a valid line is replaced");
    emit_line(e, "output wire evict_dirty_o, // ... and owes memory a write-back");
    emit_line(e, "output reg  %sevict_tag_o,", emit_range(l->tag_bits));
    emit_line(e, "output wire vbit_o,        // lookup: the hit line's group bit before the read");
    if (l->bbits)
        emit_line(e, "output wire bbit_o,        // lookup: the hit line's bypass bit before the read");
    emit_line(e, "output wire %srow_o", emit_range(l->row_bits));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

static void emit_unpack(emit_t *e, const gen_l2_t *g)
{
    const lay_l2_t *l = &g->lay;
    emit_line(e, "// Row fields (layout: cachegen gen/lay_l2.h).");
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "wire w%u_valid = row_i[%u];", w, lay_l2_valid_lsb(l, w));
        emit_line(e, "wire w%u_dirty = row_i[%u];", w, lay_l2_dirty_lsb(l, w));
        emit_line(e, "wire %sw%u_tag = row_i[%u:%u];", emit_range(l->tag_bits), w,
                  lay_l2_tag_lsb(l, w) + l->tag_bits - 1, lay_l2_tag_lsb(l, w));
        if (l->repl_bits)
            emit_line(e, "wire %sw%u_repl = row_i[%u:%u];", emit_range(l->repl_bits), w,
                      lay_l2_repl_lsb(l, w) + l->repl_bits - 1, lay_l2_repl_lsb(l, w));
        emit_line(e, "wire %sw%u_vbits = row_i[%u:%u];", emit_range(l->vbits), w,
                  lay_l2_vbits_lsb(l, w) + l->vbits - 1, lay_l2_vbits_lsb(l, w));
        if (l->bbits)
            emit_line(e, "wire w%u_bbit = row_i[%u];", w, lay_l2_bbit_lsb(l, w));
    }
    emit_blank(e);
    emit_line(e, "wire [%u:0] match;", l->ways - 1);
    emit_line(e, "wire [%u:0] valid;", l->ways - 1);
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "assign match[%u] = w%u_valid & (w%u_tag == tag_i);", w, w, w);
        emit_line(e, "assign valid[%u] = w%u_valid;", w, w);
    }
    emit_line(e, "wire is_fill = op_i[1];");
    emit_line(e, "wire is_write = op_i[0];");
    emit_line(e, "wire any_invalid = ~&valid;");
    emit_line(e, "assign hit_o = |match;");
    emit_blank(e);
}

/* The chosen way: the hit way on a lookup; on a fill the lowest invalid way, else the victim. */
static void emit_select(emit_t *e, const gen_l2_t *g, const emit_ways_t *x)
{
    const lay_l2_t *l = &g->lay;
    emit_ways_select(e, x);
    emit_line(e, "assign way_o = sel_way;");
    emit_line(e, "assign way_oh_o = sel_oh;");
    emit_line(e, "assign hit_way_oh_o = %s;", l->ways > 1 ? "hit_oh" : "1'b1");
    emit_line(e, "reg sel_dirty;");
    emit_line(e, "reg %ssel_vbits;", emit_range(l->vbits));
    emit_ways_pick(e, x, "evict_tag_o", l->tag_bits, "tag");
    emit_ways_pick(e, x, "sel_dirty", 1, "dirty");
    emit_ways_pick(e, x, "sel_vbits", l->vbits, "vbits");
    if (l->bbits) {
        emit_line(e, "reg sel_bbit;");
        emit_ways_pick(e, x, "sel_bbit", 1, "bbit");
    }
    emit_line(e, "assign evict_o = is_fill & ~any_invalid;");
    emit_line(e, "assign evict_dirty_o = evict_o & sel_dirty;");
    emit_line(e, "assign vbit_o = |(sel_vbits & group_i);");
    if (l->bbits)
        emit_line(e, "assign bbit_o = sel_bbit;");
    if (l->ways > 1)
        emit_line(e, "wire touch = is_fill | hit_o; // hits and fills; a miss changes nothing");
    emit_blank(e);
}

static void emit_next_row(emit_t *e, const gen_l2_t *g, const emit_ways_t *x)
{
    const lay_l2_t *l = &g->lay;
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "reg w%u_valid_d, w%u_dirty_d;", w, w);
        emit_line(e, "reg %sw%u_tag_d;", emit_range(l->tag_bits), w);
        if (l->repl_bits)
            emit_line(e, "reg %sw%u_repl_d;", emit_range(l->repl_bits), w);
        emit_line(e, "reg %sw%u_vbits_d;", emit_range(l->vbits), w);
        if (l->bbits)
            emit_line(e, "reg w%u_bbit_d;", w);
    }
    if (l->ways > 1 && g->cfg->l2.repl == L2_REPL_LRU)
        emit_ways_lru_younger(e, x);
    emit_line(e, "always @* begin : next_row");
    emit_in(e);
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "w%u_valid_d = w%u_valid;", w, w);
        emit_line(e, "w%u_dirty_d = w%u_dirty;", w, w);
        emit_line(e, "w%u_tag_d = w%u_tag;", w, w);
        if (l->repl_bits)
            emit_line(e, "w%u_repl_d = w%u_repl;", w, w);
        emit_line(e, "w%u_vbits_d = w%u_vbits;", w, w);
        if (l->bbits)
            emit_line(e, "w%u_bbit_d = w%u_bbit;", w, w);
    }
    if (l->ways > 1) {
        if (g->cfg->l2.repl == L2_REPL_SRRIP)
            emit_ways_update_srrip(e, x);
        else
            emit_ways_update_lru(e, x);
    }
    emit_line(e, "if (is_fill) begin // a new line: clean, no victim bit, then its request");
    emit_in(e);
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "if (sel_oh[%u]) begin", w);
        emit_in(e);
        emit_line(e, "w%u_valid_d = 1'b1;", w);
        emit_line(e, "w%u_dirty_d = is_write;", w);
        emit_line(e, "w%u_tag_d = tag_i;", w);
        emit_line(e, "w%u_vbits_d = is_write ? %s : group_i;", w, emit_const(l->vbits, 0));
        if (l->bbits) /* pred & ~b with b = 0, the new line's bit */
            emit_line(e, "w%u_bbit_d = is_write ? 1'b0 : pred_i;", w);
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end else if (hit_o) begin // a write dirties the line, a read sets its bit");
    emit_in(e);
    for (unsigned w = 0; w < l->ways; w++) {
        emit_line(e, "if (sel_oh[%u]) begin", w);
        emit_in(e);
        emit_line(e, "if (is_write) w%u_dirty_d = 1'b1;", w);
        if (l->bbits) {
            emit_line(e, "else begin // the old bypass bit goes out, the L1's decision stays");
            emit_in(e);
            emit_line(e, "w%u_vbits_d = w%u_vbits | group_i;", w, w);
            emit_line(e, "w%u_bbit_d = pred_i & ~w%u_bbit;", w, w);
            emit_out(e);
            emit_line(e, "end");
        } else {
            emit_line(e, "else w%u_vbits_d = w%u_vbits | group_i;", w, w);
        }
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "assign row_o = {");
    emit_in(e);
    for (unsigned w = l->ways; w-- > 0;) { /* MSB first: bypass, vbits, repl, tag, ... */
        char bbit[24] = "", repl[24] = "";
        if (l->bbits)
            snprintf(bbit, sizeof bbit, "w%u_bbit_d, ", w);
        if (l->repl_bits)
            snprintf(repl, sizeof repl, "w%u_repl_d, ", w);
        emit_line(e, "%sw%u_vbits_d, %sw%u_tag_d, w%u_dirty_d, w%u_valid_d%s", bbit, w, repl, w,
                  w, w, w ? "," : "");
    }
    emit_out(e);
    emit_line(e, "};");
}

void emit_l2_meta(emit_t *e, const gen_l2_t *g)
{
    emit_ways_t x = {g->lay.ways, g->lay.way_bits, g->lay.repl_bits, 0,
                     g->cfg->l2.repl == L2_REPL_SRRIP ? WAYS_SRRIP : WAYS_LRU};
    gen_header(e, g->cfg, g->meta, "L2 lookup, replacement and victim bits of one set's row");
    emit_ports(e, g);
    emit_in(e);
    emit_unpack(e, g);
    emit_select(e, g, &x);
    emit_next_row(e, g, &x);
    emit_out(e);
    gen_footer(e);
}
