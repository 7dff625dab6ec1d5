/* emit_row: the per-way fields of a lookup module's metadata row, for the L1's (emit_meta.c)
 * and the L2's (emit_l2_meta.c): each way's fields unpacked from row_i (w<i>_<name>), their
 * next values (w<i>_<name>_d) declared and defaulted to the current ones, the match and valid
 * vectors with the hit, and a line's install into the selected way (sel_oh). The layouts
 * (core/lay.h, core/lay_l2.h) give each field's position in way 0 and the way stride.
 * The fields, match and install are built as IR pieces (ir_lib.h); the port lines are still
 * printed here. */
#include "emit_l1.h"
#include "ir_lib.h"
#include "../core/lay_l2.h"

/* The L1's row (not decoupled): per way valid, tag, replacement, PC hash (pcpred). */
emit_row_t emit_row_l1(const lay_l1_t *l)
{
    return (emit_row_t){l->ways, l->way_stride, 4,
                        {{"valid", 1, lay_valid_lsb(l, 0), 0},
                         {"tag", l->tag_bits, lay_tag_lsb(l, 0), 1},
                         {"repl", l->repl_bits, lay_repl_lsb(l, 0), 1},
                         {"hpc", l->hpc_bits, lay_hpc_lsb(l, 0), 1}}};
}

/* The L2's row: per way valid, dirty, tag, replacement, victim bits, bypass bit, owner. */
emit_row_t emit_row_l2(const lay_l2_t *l)
{
    return (emit_row_t){l->ways, l->way_stride, 7,
                        {{"valid", 1, lay_l2_valid_lsb(l, 0), 0},
                         {"dirty", 1, lay_l2_dirty_lsb(l, 0), 0},
                         {"tag", l->tag_bits, lay_l2_tag_lsb(l, 0), 1},
                         {"repl", l->repl_bits, lay_l2_repl_lsb(l, 0), 1},
                         {"vbits", l->vbits, lay_l2_vbits_lsb(l, 0), 1},
                         {"bbit", l->bbits, lay_l2_bbit_lsb(l, 0), 0},
                         {"owner", l->obits, lay_l2_owner_lsb(l, 0), 1}}};
}

void emit_row_ports_open(emit_t *e, const char *module, unsigned row_bits, const char *op_comment,
                         unsigned tag_bits)
{
    emit_line(e, "module %s (", module);
    emit_in(e);
    emit_line(e, "input  wire %srow_i,", emit_range(row_bits));
    emit_line(e, "input  wire [1:0] op_i,%s", op_comment);
    emit_line(e, "input  wire %stag_i,", emit_range(tag_bits));
}

void emit_row_lookup_ports(emit_t *e, unsigned way_bits, unsigned ways, const char *hit,
                           const char *way)
{
    emit_line(e, "output wire hit_o,%s", hit);
    emit_line(e, "output wire %sway_o,%s", emit_range(way_bits), way);
    emit_line(e, "output wire [%u:0] way_oh_o,     // way_o, one-hot", ways - 1);
    emit_line(e, "output wire [%u:0] hit_way_oh_o, // the lookup's hit way (its data is read)",
              ways - 1);
}

void emit_row_ports_close(emit_t *e, unsigned row_bits)
{
    emit_line(e, "output wire %srow_o", emit_range(row_bits));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void emit_row_next_open(emit_t *e)
{
    emit_line(e, "always @* begin : next_row");
    emit_in(e);
}

void emit_row_pack_open(emit_t *e)
{
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "assign row_o = {");
    emit_in(e);
}

/* A field's width: none for a 1-bit scalar, else [W-1:0]. */
static ir_width_t field_w(const emit_row_field_t *f)
{
    return IR_W(f->width == 1 && !f->vector ? 0 : f->width);
}

void emit_row_unpack(emit_t *e, const emit_row_t *r, const char *layout)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_comment(&m, &m.body, ir_fmt(&m, "Row fields (layout: cachegen %s).", layout));
    for (unsigned w = 0; w < r->ways; w++) {
        for (unsigned i = 0; i < r->n; i++) {
            const emit_row_field_t *f = &r->f[i];
            unsigned lsb = f->lsb0 + w * r->stride;
            if (!f->width)
                continue;
            const char *name = ir_fmt(&m, "w%u_%s", w, f->name);
            if (f->width == 1 && !f->vector)
                ir_wire_init(&m, &m.body, IR_W(0), name, ir_fmt(&m, "row_i[%u]", lsb));
            else
                ir_wire_init(&m, &m.body, field_w(f), name,
                             ir_fmt(&m, "row_i[%u:%u]", lsb + f->width - 1, lsb));
        }
    }
    ir_piece_print(e, &m);
}

void emit_row_match(emit_t *e, unsigned ways)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_decl(&m, &m.body, IR_WIRE, IR_W(ways), "match");
    ir_decl(&m, &m.body, IR_WIRE, IR_W(ways), "valid");
    for (unsigned w = 0; w < ways; w++) {
        ir_assign(&m, &m.body, ir_fmt(&m, "match[%u]", w),
                  ir_fmt(&m, "w%u_valid & (w%u_tag == tag_i)", w, w));
        ir_assign(&m, &m.body, ir_fmt(&m, "valid[%u]", w), ir_fmt(&m, "w%u_valid", w));
    }
    ir_wire_init(&m, &m.body, IR_W(0), "any_invalid", "~&valid");
    ir_assign(&m, &m.body, "hit_o", "|match");
    ir_piece_print(e, &m);
}

void emit_row_next_decls(emit_t *e, const emit_row_t *r)
{
    ir_module_t m;
    ir_piece_begin(&m);
    for (unsigned w = 0; w < r->ways; w++)
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].width)
                ir_decl(&m, &m.body, IR_REG, field_w(&r->f[i]),
                        ir_fmt(&m, "w%u_%s_d", w, r->f[i].name));
    ir_piece_print(e, &m);
}

void emit_row_next_defaults(emit_t *e, const emit_row_t *r)
{
    ir_module_t m;
    ir_piece_begin(&m);
    for (unsigned w = 0; w < r->ways; w++)
        for (unsigned i = 0; i < r->n; i++)
            if (r->f[i].width)
                ir_set(&m, &m.body, ir_fmt(&m, "w%u_%s_d", w, r->f[i].name),
                       ir_fmt(&m, "w%u_%s", w, r->f[i].name));
    ir_piece_print(e, &m);
}

void emit_row_install(emit_t *e, unsigned ways, const emit_row_set_t *s, unsigned n)
{
    ir_module_t m;
    ir_piece_begin(&m);
    for (unsigned w = 0; w < ways; w++) {
        ir_node_t *x = ir_if(&m, &m.body, ir_fmt(&m, "sel_oh[%u]", w));
        x->flag = 1; /* begin/end even for one field */
        for (unsigned i = 0; i < n; i++)
            ir_set(&m, &x->body, ir_fmt(&m, "w%u_%s_d", w, s[i].name), s[i].value);
    }
    ir_piece_print(e, &m);
}
