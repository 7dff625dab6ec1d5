/* emit_l2_mshr: the L2's MSHR file in flops. Each entry holds a whole pending request (line,
 * core, the L1's MSHR number, for a write its byte enables and data, and with l1.mode =
 * pcpred a read's bypass prediction, kept for the fill), as cm_l2_mshr_t: allocate-lowest-free,
 * line-conflict search, free, read one entry. */
#include "emit_l2.h"

typedef struct field {
    const char *name;   /* e<i>_<name>_q, alloc_<name>_i, rd_<name>_o */
    unsigned width;
} field_t;

static unsigned fields(const gen_l2_t *g, field_t *f)
{
    const lay_l2_t *l = &g->lay;
    unsigned n = 0;
    f[n++] = (field_t){"line", l->line_addr_bits};
    f[n++] = (field_t){"core", l->core_bits};
    f[n++] = (field_t){"id", l->id_bits};
    f[n++] = (field_t){"store", 1};
    f[n++] = (field_t){"be", g->cfg->l1.line_bytes};
    f[n++] = (field_t){"wdata", l->line_bits};
    if (l->bbits)
        f[n++] = (field_t){"pred", 1};
    return n;
}

/* A reset value of any width. */
static void emit_reset(emit_t *e, const char *reg, unsigned width)
{
    if (width <= 64)
        emit_line(e, "%s <= %s;", reg, emit_const(width, 0));
    else
        emit_line(e, "%s <= {%u{1'b0}};", reg, width);
}

static void emit_ports(emit_t *e, const gen_l2_t *g, const field_t *f, unsigned nf)
{
    unsigned mb = g->lay.mshr_bits;
    emit_line(e, "module %s (", g->mshr);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire alloc_i,");
    for (unsigned k = 0; k < nf; k++)
        emit_line(e, "input  wire %salloc_%s_i,", emit_range(f[k].width),
                  f[k].name);
    emit_line(e, "input  wire free_i,");
    emit_line(e, "input  wire %sfree_idx_i,", emit_range(mb));
    emit_line(e, "input  wire %slook_line_i,", emit_range(g->lay.line_addr_bits));
    emit_line(e, "output wire conflict_o, // a valid entry holds look_line_i");
    emit_line(e, "output wire full_o,");
    emit_line(e, "output reg  %sfree_idx_o,", emit_range(mb));
    emit_line(e, "input  wire %srd_idx_i,", emit_range(mb));
    for (unsigned k = 0; k < nf; k++)
        emit_line(e, "output reg  %srd_%s_o%s", emit_range(f[k].width),
                  f[k].name, k + 1 < nf ? "," : "");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void emit_l2_mshr(emit_t *e, const gen_l2_t *g)
{
    unsigned n = g->cfg->l2.mshrs, mb = g->lay.mshr_bits;
    field_t f[8];
    unsigned nf = fields(g, f);
    gen_header(e, g->cfg, g->mshr, "L2 miss status holding registers (one per line fetch)");
    emit_ports(e, g, f, nf);
    emit_in(e);
    emit_line(e, "reg [%u:0] valid_q, valid_d;", n - 1);
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "reg %se%u_%s_q, e%u_%s_d;",
                      emit_range(f[k].width), i, f[k].name, i, f[k].name);
    emit_blank(e);
    emit_line(e, "wire [%u:0] hits;", n - 1);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "assign hits[%u] = valid_q[%u] & (e%u_line_q == look_line_i);", i, i, i);
    emit_line(e, "assign conflict_o = |hits;");
    emit_line(e, "assign full_o = &valid_q;");
    emit_blank(e);
    emit_lowest_n(e, "lowest_free", "free_idx_o", n, mb, "!valid_q[%u]");
    emit_blank(e);
    emit_line(e, "always @* begin : read_entry");
    emit_in(e);
    for (unsigned k = 0; k < nf; k++)
        emit_line(e, "rd_%s_o = e0_%s_q;", f[k].name, f[k].name);
    for (unsigned i = 0; i < n; i++) { /* entry 0 too, so rd_idx_i is used when n = 1 */
        emit_line(e, "if (rd_idx_i == %s) begin", emit_const(mb, i));
        emit_in(e);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "rd_%s_o = e%u_%s_q;", f[k].name, i, f[k].name);
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : next_entries");
    emit_in(e);
    emit_line(e, "valid_d = valid_q;");
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_d = e%u_%s_q;", i, f[k].name, i, f[k].name);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "if (free_i && free_idx_i == %s) valid_d[%u] = 1'b0;", emit_const(mb, i), i);
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "if (alloc_i && free_idx_o == %s) begin", emit_const(mb, i));
        emit_in(e);
        emit_line(e, "valid_d[%u] = 1'b1;", i);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_d = alloc_%s_i;", i, f[k].name, f[k].name);
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "valid_q <= %s;", emit_const(n, 0));
    char reg[64];
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < nf; k++) {
            snprintf(reg, sizeof reg, "e%u_%s_q", i, f[k].name);
            emit_reset(e, reg, f[k].width);
        }
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "valid_q <= valid_d;");
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_q <= e%u_%s_d;", i, f[k].name, i, f[k].name);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    gen_footer(e);
}
