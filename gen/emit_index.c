/* emit_index: the set-index network (modulo or bitwise XOR of the low line-address bits). */
#include "emit_l1.h"

void emit_l1_index(emit_t *e, const gen_l1_t *g)
{
    unsigned m = g->lay.set_bits, in = gen_l1_index_in_bits(g);
    gen_header(e, g->cfg, g->index, "set index from the low line-address bits");
    emit_line(e, "module %s (", g->index);
    emit_in(e);
    emit_line(e, "input  wire %sline_i,", emit_range(in));
    emit_line(e, "output wire %sset_o", emit_range(m));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_in(e);
    if (g->cfg->l1.index == INDEX_XOR) {
        emit_line(e, "// XOR index: A[b+m-1:b] ^ A[b+2m-1:b+m] (line_i bit 0 is address bit b).");
        emit_line(e, "assign set_o = line_i[%u:0] ^ line_i[%u:%u];", m - 1, 2 * m - 1, m);
    } else {
        emit_line(e, "// Modulo index: A[b+m-1:b] (line_i bit 0 is address bit b).");
        emit_line(e, "assign set_o = line_i;");
    }
    emit_out(e);
    gen_footer(e);
}
