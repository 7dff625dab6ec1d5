/* emit_meta: the combinational lookup / replacement module of the L1 metadata row.
 * Given a set's row, an operation (load, store, fill) and a tag, it returns the hit, the chosen
 * way, the evicted tag and the row after the operation. Way selection is emit_ways.c's, the
 * replacement policy's victim and updates its table's (emit_repl.h). */
#include "emit_repl.h"
#include "mech.h"
#include "ir_lib.h"

static void emit_ports(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_row_ports_open(e, g->meta, l->row_bits, "", l->tag_bits);
    emit_row_lookup_ports(e, l->way_bits, l->ways, "", "");
    emit_line(e, "output wire evict_o,");
    emit_line(e, "output reg  %sevict_tag_o,", emit_range(l->tag_bits));
    if (gen_mech(g)->meta_ports)
        gen_mech(g)->meta_ports(e, g);
    GEN_L1_REPL(meta_ports, e, g);
    if (l->hpc_bits) {
        emit_line(e, "input  wire %shpc_i,     // pcpred: load hash (lookup) or the MSHR's (fill)",
                  emit_range(l->hpc_bits));
        emit_line(e, "output reg  %sold_hpc_o, // pcpred: the chosen way's hash before",
                  emit_range(l->hpc_bits));
    }
    emit_row_ports_close(e, l->row_bits);
}

static void emit_unpack(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_row_t r = emit_row_l1(l);
    emit_ways_t x = gen_l1_ways(g);
    emit_row_unpack(e, &r, "gen/lay.h");
    emit_ways_state_unpack(e, &x);
    emit_blank(e);
    emit_row_match(e, l->ways);
    if (gen_mech(g)->meta_fill)
        gen_mech(g)->meta_fill(e, g);
    else
        emit_line(e, "wire is_fill = op_i == OpFill;");
    emit_blank(e);
}

emit_ways_t gen_l1_ways(const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    return (emit_ways_t){.ways = l->ways, .way_bits = l->way_bits, .repl_bits = l->repl_bits,
                         .set_bits = l->plru_bits, .set_lsb = l->plru_lsb, .repl = gen_l1_repl(g),
                         .insert_by_hint = gen_mech(g)->insert_by_hint};
}

static void emit_select(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    emit_ways_t x = gen_l1_ways(g);
    emit_ways_select(e, &x);
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_assign(m, b, "way_o", "sel_way");
    ir_assign(m, b, "way_oh_o", "sel_oh");
    /* the tag match (emit_ways_select's hit_oh is the same: zero on a miss; issue 40:
     * l1-all32's deepest path) */
    ir_assign(m, b, "hit_way_oh_o", l->ways > 1 ? "match" : "1'b1");
    ir_assign(m, b, "evict_o", "is_fill & ~any_invalid");
    ir_ways_pick(m, b, l->ways, "evict_tag_o", l->tag_bits, "tag");
    if (l->hpc_bits)
        ir_ways_pick(m, b, l->ways, "old_hpc_o", l->hpc_bits, "hpc");
    ir_piece_print(e, m);
    if (l->ways == 1) {
        emit_blank(e);
        return; /* direct mapped: no replacement state to touch */
    }
    if (x.repl->fills_only) {
        emit_ways_touch_fills(e, &x);
        return;
    }
    if (!x.repl_bits && !x.set_bits)
        return; /* no replacement state in the row */
    emit_line(e, "wire update = is_fill | hit_o;");
    if (c->write_evict)
        emit_line(e, "wire touch = update & ~(op_i == OpStore); // write_evict: store hits invalidate");
    else
        emit_line(e, "wire touch = update;");
}

static void emit_next_row(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    emit_row_t r = emit_row_l1(l);
    emit_ways_t x = gen_l1_ways(g);
    emit_row_next_decls(e, &r);
    emit_ways_state_decl(e, &x);
    EMIT_REPL(update_decls, e, &x);
    emit_row_next_open(e);
    emit_row_next_defaults(e, &r);
    emit_ways_state_default(e, &x);
    EMIT_REPL(update, e, &x);
    emit_line(e, "if (is_fill) begin");
    emit_in(e);
    static const emit_row_set_t fill[] = {{"valid", "1'b1"}, {"tag", "tag_i"}, {"hpc", "hpc_i"}};
    emit_row_install(e, l->ways, fill, l->hpc_bits ? 3 : 2);
    emit_out(e);
    emit_line(e, "end");
    if (l->hpc_bits)
        emit_block_each(e, "if (hit_o & (op_i == OpLoad)) begin "
                           "// pcpred: a load hit records its PC",
                        l->ways, "if (sel_oh[%u]) w%u_hpc_d = hpc_i;");
    if (c->write_evict)
        emit_block_each(e, "if (hit_o & (op_i == OpStore)) begin", l->ways,
                        "if (sel_oh[%u]) w%u_valid_d = 1'b0;");
    emit_row_pack_open(e); /* MSB first */
    emit_ways_state_pack(e, &x);
    for (unsigned w = l->ways; w-- > 0;) {
        if (l->hpc_bits)
            emit_line(e, "w%u_hpc_d,", w);
        if (l->repl_bits)
            emit_line(e, "w%u_repl_d, w%u_tag_d, w%u_valid_d%s", w, w, w, w ? "," : "");
        else
            emit_line(e, "w%u_tag_d, w%u_valid_d%s", w, w, w ? "," : "");
    }
    emit_out(e);
    emit_line(e, "};");
}

void emit_l1_meta(emit_t *e, const gen_l1_t *g)
{
    gen_header(e, g->cfg, g->meta,
               "lookup and replacement on one set's metadata row (op OpLoad, OpStore or OpFill)");
    emit_ports(e, g);
    emit_in(e);
    emit_meta_op_params(e);
    emit_unpack(e, g);
    emit_select(e, g);
    emit_next_row(e, g);
    emit_out(e);
    gen_footer(e);
}
