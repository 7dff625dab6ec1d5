/* emit_l2_meta: the combinational lookup module of the L2 slice's row (layout core/lay_l2.h).
 * Given a set's row, an operation (read or write lookup, fill for a read or a write), a tag
 * and the requester's one-hot victim-bit group, it returns the hit, the chosen way, the
 * victim (tag, dirty), the hit line's old victim bit and the row after the operation. With a
 * bypass bit per way (l1.mode = pcpred) it also takes the read's prediction and returns the
 * hit line's old bypass bit b, storing `pred & ~b` on a read hit and `pred` on a read's fill
 * (a new line has b = 0); writes leave the bit alone. Without one, neither port exists.
 * With CPU ports (system.cpu_cores > 0) each way holds its owner application, which a fill
 * sets to owner_i. What l2.replacement changes (its ports, the fill's insertion value, the
 * victim's choice, a hit's update) comes from the policy's lm_ hooks (l2pol.h); this file names
 * no policy. Mirrors cm_l2_access_pred / cm_l2_fill; replacement is the L1's, through its table
 * (emit_repl.h) at cfg_l2_repl's policy: its per-way bits, its per-set state after the ways (the
 * layout's S2) and its touch (hits and fills, or fills only). */
#include "emit_l2.h"
#include "emit_repl.h"
#include "l2pol.h"
#include "ir_lib.h"

static void emit_ports(emit_t *e, const gen_l2_t *g, const gen_l2_pol_t *pol)
{
    const lay_l2_t *l = &g->lay;
    emit_row_ports_open(e, g->meta, l->row_bits,
                        "   // 0 read, 1 write, 2 fill of a read, 3 fill of a write", l->tag_bits);
    emit_line(e, "input  wire %sgroup_i, // one-hot victim-bit group of the requester",
              emit_range(l->vbits));
    if (l->bbits)
        emit_line(e, "input  wire pred_i,  // read or read's fill: the L1's bypass prediction");
    if (pol->lm_ports)
        pol->lm_ports(e, g, 0);
    if (l->obits)
        emit_line(e, "input  wire %sowner_i, // fill: the requester's application (SPEC 3.8)",
                  emit_range(l->obits));
    if (pol->lm_ports)
        pol->lm_ports(e, g, 1);
    emit_row_lookup_ports(e, l->way_bits, l->ways, "", "");
    emit_line(e, "output wire evict_o,       // fill: a valid line is replaced");
    emit_line(e, "output wire evict_dirty_o, // ... and owes memory a write-back");
    emit_line(e, "output wire %sevict_way_oh_o, // fill: the way evict_o replaces, one-hot",
              emit_range(l->ways));
    emit_line(e, "output reg  %sevict_tag_o,", emit_range(l->tag_bits));
    emit_line(e, "output wire vbit_o,        // lookup: the hit line's group bit before the read");
    if (l->bbits)
        emit_line(e, "output wire bbit_o,        // lookup: the hit line's bypass bit before the read");
    emit_row_ports_close(e, l->row_bits);
}

static void emit_unpack(emit_t *e, const gen_l2_t *g)
{
    const lay_l2_t *l = &g->lay;
    emit_row_t r = emit_row_l2(l);
    emit_row_unpack(e, &r, "gen/lay_l2.h");
    emit_blank(e);
    emit_row_match(e, l->ways);
    ir_module_t m;
    ir_piece_begin(&m);
    ir_wire_init(&m, &m.body, IR_W(0), "is_fill", "op_i[1]");
    ir_wire_init(&m, &m.body, IR_W(0), "is_write", "op_i[0]");
    ir_blank(&m, &m.body);
    ir_piece_print(e, &m);
}

/* The chosen way: the hit way on a lookup; on a fill the lowest invalid way, else the victim. */
static void emit_select(emit_t *e, const gen_l2_t *g, const emit_ways_t *x)
{
    const lay_l2_t *l = &g->lay;
    emit_ways_select(e, x);
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_assign(m, b, "way_o", "sel_way");
    ir_assign(m, b, "way_oh_o", "sel_oh");
    /* Each output waits only for what it answers (issue 40). A hit's way, line, victim and
     * bypass bits: hit_oh, the tag match, zero on a miss. A fill's evicted way, its tag, dirty
     * bit and line: the victim alone, which is sel_oh whenever evict_o; neither waits for
     * is_fill's choice, the victim for no tag compare. */
    const char *vict = l->ways > 1 ? "victim_oh" : "sel_oh";
    const char *hit = l->ways > 1 ? "hit_oh" : "sel_oh";
    ir_assign(m, b, "hit_way_oh_o", hit);
    ir_assign(m, b, "evict_way_oh_o", vict);
    ir_decl(m, b, IR_REG, IR_W(0), "victim_dirty");
    ir_decl(m, b, IR_REG, IR_W(l->vbits), "hit_vbits");
    ir_ways_pick_by(m, b, l->ways, vict, "evict_tag_o", l->tag_bits, "tag");
    ir_ways_pick_by(m, b, l->ways, vict, "victim_dirty", 1, "dirty");
    ir_ways_pick_by(m, b, l->ways, hit, "hit_vbits", l->vbits, "vbits");
    if (l->bbits) {
        ir_decl(m, b, IR_REG, IR_W(0), "hit_bbit");
        ir_ways_pick_by(m, b, l->ways, hit, "hit_bbit", 1, "bbit");
    }
    ir_assign(m, b, "evict_o", "is_fill & ~any_invalid");
    ir_assign(m, b, "evict_dirty_o", "evict_o & victim_dirty");
    ir_assign(m, b, "vbit_o", "|(hit_vbits & group_i)");
    if (l->bbits)
        ir_assign(m, b, "bbit_o", "hit_bbit");
    ir_piece_print(e, m);
    if (l->ways > 1 && x->repl->fills_only)
        emit_ways_touch_fills(e, x);
    else if (l->ways > 1)
        emit_line(e, "wire touch = is_fill | hit_o; // hits and fills; a miss changes nothing");
    emit_blank(e);
}

static void emit_next_row(emit_t *e, const gen_l2_t *g, const gen_l2_pol_t *pol,
                          const emit_ways_t *x)
{
    const lay_l2_t *l = &g->lay;
    emit_row_t r = emit_row_l2(l);
    emit_row_next_decls(e, &r);
    emit_ways_state_decl(e, x);
    EMIT_REPL(update_decls, e, x);
    emit_row_next_open(e);
    emit_row_next_defaults(e, &r);
    emit_ways_state_default(e, x);
    EMIT_REPL(update, e, x);
    if (pol->lm_update)
        pol->lm_update(e, g);
    emit_line(e, "if (is_fill) begin // a new line: clean, no victim bit, then its request");
    emit_in(e);
    char vbits[64];
    snprintf(vbits, sizeof vbits, "is_write ? %s : group_i", emit_const(l->vbits, 0));
    const emit_row_set_t fill[] = {{"valid", "1'b1"}, {"dirty", "is_write"}, {"tag", "tag_i"},
                                   {"vbits", vbits},
                                   /* pred & ~b with b = 0, the new line's bit */
                                   {"bbit", "is_write ? 1'b0 : pred_i"}};
    emit_row_install(e, l->ways, fill, l->bbits ? 5 : 4);
    if (l->obits) { /* the filler's application owns the line */
        emit_line(e, "// the owner: the application of the request the fill completes");
        for (unsigned w = 0; w < l->ways; w++)
            emit_line(e, "if (sel_oh[%u]) w%u_owner_d = owner_i;", w, w);
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
    emit_row_pack_open(e);
    emit_ways_state_pack(e, x); /* MSB first: the per-set state, then the ways */
    for (unsigned w = l->ways; w-- > 0;) { /* MSB first: owner, bypass, vbits, repl, tag, ... */
        char bbit[48] = "", repl[24] = "";
        if (l->obits && l->bbits)
            snprintf(bbit, sizeof bbit, "w%u_owner_d, w%u_bbit_d, ", w, w);
        else if (l->obits)
            snprintf(bbit, sizeof bbit, "w%u_owner_d, ", w);
        else if (l->bbits)
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
    const lay_l2_t *l = &g->lay;
    const gen_l2_pol_t *pol = l2pol_for(g->cfg);
    emit_ways_t x = {.ways = l->ways, .way_bits = l->way_bits, .repl_bits = l->repl_bits,
                     .set_bits = l->state_bits, .set_lsb = l->state_lsb,
                     .repl = emit_repl_for(cfg_l2_repl(&g->cfg->l2), l->ways)};
    l2pol_meta_buf_t buf;
    if (pol->lm_ways)
        pol->lm_ways(g, &x, &buf);
    gen_header(e, g->cfg, g->meta, "L2 lookup, replacement and victim bits of one set's row");
    emit_ports(e, g, pol);
    emit_in(e);
    emit_unpack(e, g);
    emit_ways_state_unpack(e, &x);
    if (pol->lm_logic)
        pol->lm_logic(e, g);
    emit_select(e, g, &x);
    emit_next_row(e, g, pol, &x);
    emit_out(e);
    gen_footer(e);
}
