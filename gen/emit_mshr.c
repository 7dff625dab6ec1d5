/* emit_mshr: the MSHR file in flops, one emitter for the L1 (<name>_mshr) and the L2 slice
 * (<name>_l2_mshr); what each entry holds beside its line is a parameter (gen_mshr_t's
 * fields): the L1 keeps the load's id (decoupled: the bypass bit; pcpred: the prediction and
 * the PC hash), the L2 the whole request (core, the L1's MSHR number, write flag, byte enables
 * and data; pcpred: the prediction). Allocate-lowest-free (a priority tree), line-conflict
 * search, free, and two reads: the arriving fill's line (for its set) and every field of the
 * deciding fill's entry. With merge = W > 0 each entry also holds up to W waiters (SPEC 3.1
 * merging): a join appends a load's id to the entry of its line, and the deciding fill reads
 * them back. */
#include "emit_l1.h"
#include "emit_l2.h"

#include <assert.h>

/* A reset value of any width. */
static void emit_reset(emit_t *e, const char *reg, unsigned width)
{
    if (width <= 64)
        emit_line(e, "%s <= %s;", reg, emit_const(width, 0));
    else
        emit_line(e, "%s <= {%u{1'b0}};", reg, width);
}

static void emit_ports(emit_t *e, const gen_mshr_t *x)
{
    const unsigned mb = x->idx_bits, la = x->line_bits, W = x->merge, id = x->id_bits;
    emit_line(e, "module %s (", x->module);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire alloc_i,");
    emit_line(e, "input  wire %salloc_line_i,", emit_range(la));
    for (unsigned k = 0; k < x->nfields; k++)
        emit_line(e, "input  wire %salloc_%s_i,%s%s", emit_range(x->fields[k].width),
                  x->fields[k].name, x->fields[k].comment ? " // " : "",
                  x->fields[k].comment ? x->fields[k].comment : "");
    if (W) {
        emit_line(e, "input  wire join_i,      // merging: a load joins the read of look_line_i");
        emit_line(e, "input  wire %sjoin_id_i,", emit_range(id));
        emit_line(e, "output wire join_full_o, // ... whose entry already has %u waiters%s", W,
                  x->nojoin ? " (or serves a write)" : "");
        emit_line(e, "output reg  %shit_idx_o,  // ... the number of that entry", emit_range(mb));
    }
    emit_line(e, "input  wire free_i,");
    emit_line(e, "input  wire %sfree_idx_i,", emit_range(mb));
    emit_line(e, "input  wire %slook_line_i,", emit_range(la));
    emit_line(e, "output wire conflict_o, // a valid entry holds look_line_i");
    emit_line(e, "output wire full_o,");
    if (x->has_empty)
        emit_line(e, "output wire empty_o,");
    emit_line(e, "output reg  %sfree_idx_o,", emit_range(mb));
    emit_line(e, "input  wire %sfill_idx_i, // the arriving fill's entry: its line", emit_range(mb));
    emit_line(e, "output reg  %sfill_line_o,", emit_range(la));
    emit_line(e, "input  wire %srd_idx_i,   // the deciding fill's entry: its fields", emit_range(mb));
    if (W) {
        emit_line(e, "output reg  %srd_nwait_o, // ... its waiters", emit_range(cfg_count_bits(W)));
        emit_line(e, "output reg  %srd_wait_o,  // ... their ids, the first in the low bits",
                  emit_range(W * id));
    }
    for (unsigned k = 0; k < x->nfields; k++)
        emit_line(e, "output reg  %srd_%s_o%s", emit_range(x->fields[k].width), x->fields[k].name,
                  k + 1 < x->nfields ? "," : "");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void emit_mshr_module(emit_t *e, const gen_mshr_t *x)
{
    const unsigned n = x->entries, mb = x->idx_bits, la = x->line_bits, id = x->id_bits;
    const unsigned W = x->merge, cb = cfg_count_bits(W), nf = x->nfields;
    const gen_mshr_field_t *f = x->fields;
    assert(nf >= 1);
    gen_header(e, x->cfg, x->module, x->purpose);
    emit_ports(e, x);
    emit_in(e);
    emit_line(e, "reg [%u:0] valid_q, valid_d;", n - 1);
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "reg %se%u_line_q, e%u_line_d;", emit_range(la), i, i);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "reg %se%u_%s_q, e%u_%s_d;", emit_range(f[k].width), i, f[k].name, i,
                      f[k].name);
        if (W)
            emit_line(e, "reg %se%u_nwait_q, e%u_nwait_d;", emit_range(cb), i, i);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "reg %se%u_w%u_q, e%u_w%u_d;", emit_range(id), i, w, i, w);
    }
    emit_blank(e);
    emit_line(e, "wire [%u:0] hits;", n - 1);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "assign hits[%u] = valid_q[%u] & (e%u_line_q == look_line_i);", i, i, i);
    emit_line(e, "assign conflict_o = |hits;");
    emit_line(e, "assign full_o = &valid_q;");
    if (x->has_empty)
        emit_line(e, "assign empty_o = ~|valid_q;");
    if (W) {
        emit_line(e, "wire [%u:0] wfull;", n - 1);
        for (unsigned i = 0; i < n; i++) {
            if (x->nojoin)
                emit_line(e, "assign wfull[%u] = (e%u_nwait_q == %s) | e%u_%s_q;", i, i,
                          emit_const(cb, W), i, x->nojoin);
            else
                emit_line(e, "assign wfull[%u] = e%u_nwait_q == %s;", i, i, emit_const(cb, W));
        }
        emit_line(e, "assign join_full_o = |(hits & wfull);");
        emit_line(e, "always @* begin : hit_entry // a line is outstanding in one entry at most");
        emit_in(e);
        if (n == 1) {
            /* entry 0's test changes nothing but gives the block a sensitivity (an @* block
             * with none never runs in Icarus, leaving the output x) */
            emit_line(e, "hit_idx_o = %s;", emit_const(mb, 0));
            emit_line(e, "if (hits[0]) hit_idx_o = %s;", emit_const(mb, 0));
        }
        /* one hit at most: bit b of its index is the OR of the hits of the entries whose
         * index has bit b (a tree, not a chain of ifs) */
        for (unsigned b = 0; n > 1 && b < mb; b++) {
            bv_t m;
            bv_zero(&m);
            for (unsigned i = 0; i < n; i++)
                if ((i >> b) & 1u)
                    bv_put(&m, i, 1, 1);
            emit_line(e, "hit_idx_o[%u] = |(hits & %s);", b, emit_const_bv(n, &m));
        }
        emit_out(e);
        emit_line(e, "end");
    }
    emit_blank(e);
    emit_lowest_n(e, "lowest_free", "free_idx_o", n, mb, "!valid_q[%u]");
    emit_blank(e);
    /* the reads by index are cases, which synthesize to parallel selections (a tree), not
     * chains of ifs, which synthesize to one multiplexer an entry in a row */
    emit_line(e, "always @* begin : read_fill_line");
    emit_in(e);
    emit_line(e, "fill_line_o = e0_line_q;");
    emit_line(e, "case (fill_idx_i)");
    emit_in(e);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "%s: fill_line_o = e%u_line_q;", emit_const(mb, i), i);
    if (n < (1u << mb))
        emit_line(e, "default: ;");
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : read_entry");
    emit_in(e);
    for (unsigned k = 0; k < nf; k++)
        emit_line(e, "rd_%s_o = e0_%s_q;", f[k].name, f[k].name);
    if (W) {
        emit_line(e, "rd_nwait_o = e0_nwait_q;");
        emit_line(e, "rd_wait_o = %s;", emit_const(W * id, 0));
    }
    emit_line(e, "case (rd_idx_i)");
    emit_in(e);
    for (unsigned i = 0; i < n; i++) { /* entry 0 too, so rd_idx_i is used when n = 1 */
        emit_line(e, "%s: begin", emit_const(mb, i));
        emit_in(e);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "rd_%s_o = e%u_%s_q;", f[k].name, i, f[k].name);
        if (W)
            emit_line(e, "rd_nwait_o = e%u_nwait_q;", i);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "rd_wait_o[%u:%u] = e%u_w%u_q;", (w + 1) * id - 1, w * id, i, w);
        emit_out(e);
        emit_line(e, "end");
    }
    if (n < (1u << mb))
        emit_line(e, "default: ;");
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : next_entries");
    emit_in(e);
    emit_line(e, "valid_d = valid_q;");
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "e%u_line_d = e%u_line_q;", i, i);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_d = e%u_%s_q;", i, f[k].name, i, f[k].name);
        if (W)
            emit_line(e, "e%u_nwait_d = e%u_nwait_q;", i, i);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "e%u_w%u_d = e%u_w%u_q;", i, w, i, w);
    }
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "if (free_i && free_idx_i == %s) valid_d[%u] = 1'b0;", emit_const(mb, i), i);
    for (unsigned i = 0; i < (W ? n : 0); i++) { /* a join appends to the matching entry */
        emit_line(e, "if (join_i && hits[%u]) begin", i);
        emit_in(e);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "if (e%u_nwait_q == %s) e%u_w%u_d = join_id_i;", i, emit_const(cb, w), i,
                      w);
        emit_line(e, "e%u_nwait_d = e%u_nwait_q + %s;", i, i, emit_const(cb, 1));
        emit_out(e);
        emit_line(e, "end");
    }
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "if (alloc_i && free_idx_o == %s) begin", emit_const(mb, i));
        emit_in(e);
        emit_line(e, "valid_d[%u] = 1'b1;", i);
        emit_line(e, "e%u_line_d = alloc_line_i;", i);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_d = alloc_%s_i;", i, f[k].name, f[k].name);
        if (W)
            emit_line(e, "e%u_nwait_d = %s;", i, emit_const(cb, 0));
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
    for (unsigned i = 0; i < n; i++) {
        snprintf(reg, sizeof reg, "e%u_line_q", i);
        emit_reset(e, reg, la);
        for (unsigned k = 0; k < nf; k++) {
            snprintf(reg, sizeof reg, "e%u_%s_q", i, f[k].name);
            emit_reset(e, reg, f[k].width);
        }
        if (W)
            emit_line(e, "e%u_nwait_q <= %s;", i, emit_const(cb, 0));
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "e%u_w%u_q <= %s;", i, w, emit_const(id, 0));
    }
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "valid_q <= valid_d;");
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "e%u_line_q <= e%u_line_d;", i, i);
        for (unsigned k = 0; k < nf; k++)
            emit_line(e, "e%u_%s_q <= e%u_%s_d;", i, f[k].name, i, f[k].name);
        if (W)
            emit_line(e, "e%u_nwait_q <= e%u_nwait_d;", i, i);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "e%u_w%u_q <= e%u_w%u_d;", i, w, i, w);
    }
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    gen_footer(e);
}

/* The L1's entries: the load's id (first); decoupled: whether the read bypasses; pcpred: the
 * prediction and the PC hash; merging: the waiters. */
void gen_l1_mshr_file(const gen_l1_t *g, gen_mshr_t *out)
{
    gen_mshr_t x = {g->cfg, g->mshr, "miss status holding registers (one per outstanding read)",
                    g->cfg->l1.mshrs, g->lay.mshr_bits, g->lay.line_addr_bits, 0, {{0}},
                    g->cfg->l1.mshr_merge, g->cfg->l1.id_bits, NULL, g->lay.dec != 0};
    x.fields[x.nfields++] = (gen_mshr_field_t){"id", g->cfg->l1.id_bits, NULL};
    if (g->lay.dec)
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"bypass", 1, "decoupled: the read answers without a fill"};
    if (g->lay.hpc_bits) {
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"pred", 1, "pcpred: the read is predicted to bypass"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"hpc", g->lay.hpc_bits, "pcpred: hash of the load's PC"};
    }
    if (lay_mech(g->cfg->l1.mode)->fgcb) {
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"bypass", 1, "FG-CB: the read bypasses the L1 (no install)"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"fgtrk", 1, "FG-CB: the load had an entry at its lookup"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"fgid", g->cfg->l1.fgcb_id_bits, "FG-CB: the load's base id"};
    }
    *out = x;
}

void emit_l1_mshr(emit_t *e, const gen_l1_t *g)
{
    gen_mshr_t x;
    gen_l1_mshr_file(g, &x);
    emit_mshr_module(e, &x);
}

/* The L2's entries: the whole request (kept for the fill), with l1.mode = pcpred a read's
 * bypass prediction (as cm_l2_mshr_t); merging: the waiting reads, each {core, L1 MSHR}, on
 * the fetches of reads only. */
void gen_l2_mshr_file(const gen_l2_t *g, gen_mshr_t *out)
{
    const lay_l2_t *l = &g->lay;
    gen_mshr_t x = {g->cfg, g->mshr, "L2 miss status holding registers (one per line fetch)",
                    g->cfg->l2.mshrs, l->mshr_bits, l->line_addr_bits, 0, {{0}},
                    g->cfg->l2.mshr_merge, l->core_bits + l->id_bits, "store", 0};
    x.fields[x.nfields++] = (gen_mshr_field_t){"core", l->core_bits, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"id", l->id_bits, "the requesting L1's MSHR"};
    x.fields[x.nfields++] = (gen_mshr_field_t){"store", 1, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"be", g->cfg->l1.line_bytes, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"wdata", l->line_bits, NULL};
    if (l->bbits)
        x.fields[x.nfields++] = (gen_mshr_field_t){"pred", 1, "a read's bypass prediction"};
    if (lay_mech(g->cfg->l1.mode)->l2_noalloc)
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"noalloc", 1, "FG-CB: the read is answered, not installed"};
    *out = x;
}

void emit_l2_mshr(emit_t *e, const gen_l2_t *g)
{
    gen_mshr_t x;
    gen_l2_mshr_file(g, &x);
    emit_mshr_module(e, &x);
}
