/* emit_mshr: the MSHR file in flops: allocate-lowest-free, line-conflict search, free, and two
 * reads: the arriving fill's line (issue stage, for its set) and the deciding fill's entry.
 * With l1.mshr_merge = W > 0 each entry also holds up to W waiters (SPEC 3.1 merging): a join
 * appends a load's id to the entry of its line, and the deciding fill reads them back. */
#include "emit_l1.h"

void emit_l1_mshr(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    unsigned n = g->cfg->l1.mshrs, mb = l->mshr_bits, la = l->line_addr_bits;
    unsigned id = g->cfg->l1.id_bits, dec = g->lay.dec, k = g->lay.hpc_bits;
    unsigned W = g->cfg->l1.mshr_merge, cb = gen_wait_count_bits(g); /* waiters, count bits */
    gen_header(e, g->cfg, g->mshr, "miss status holding registers (one per outstanding read)");
    emit_line(e, "module %s (", g->mshr);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire alloc_i,");
    emit_line(e, "input  wire %salloc_line_i,", emit_range(la));
    emit_line(e, "input  wire %salloc_id_i,", emit_range(id));
    if (dec) {
        emit_line(e, "input  wire alloc_bypass_i, // decoupled: the read answers without a fill");
        emit_line(e, "output reg  rd_bypass_o,");
        emit_line(e, "output wire empty_o,");
    }
    if (k) {
        emit_line(e, "input  wire alloc_pred_i, // pcpred: the read is predicted to bypass");
        emit_line(e, "input  wire %salloc_hpc_i, // pcpred: hash of the load's PC", emit_range(k));
        emit_line(e, "output reg  rd_pred_o,");
        emit_line(e, "output reg  %srd_hpc_o,", emit_range(k));
    }
    if (W) {
        emit_line(e, "input  wire join_i,      // merging: a load joins the read of look_line_i");
        emit_line(e, "input  wire %sjoin_id_i,", emit_range(id));
        emit_line(e, "output wire join_full_o, // ... whose entry already has %u waiters", W);
        emit_line(e, "output reg  %shit_idx_o,  // ... the number of that entry", emit_range(mb));
        emit_line(e, "output reg  %srd_nwait_o, // the deciding fill's entry: its waiters",
                  emit_range(cb));
        emit_line(e, "output reg  %srd_wait_o,  // ... their ids, the first in the low bits",
                  emit_range(W * id));
    }
    emit_line(e, "input  wire free_i,");
    emit_line(e, "input  wire %sfree_idx_i,", emit_range(mb));
    emit_line(e, "input  wire %slook_line_i,", emit_range(la));
    emit_line(e, "output wire conflict_o,");
    emit_line(e, "output wire full_o,");
    emit_line(e, "output reg  %sfree_idx_o,", emit_range(mb));
    emit_line(e, "input  wire %sfill_idx_i,", emit_range(mb));
    emit_line(e, "output reg  %sfill_line_o,", emit_range(la));
    emit_line(e, "input  wire %srd_idx_i,", emit_range(mb));
    emit_line(e, "output reg  %srd_id_o", emit_range(id));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_in(e);
    emit_line(e, "reg [%u:0] valid_q, valid_d;", n - 1);
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "reg %se%u_line_q, e%u_line_d;", emit_range(la), i, i);
        emit_line(e, "reg %se%u_id_q, e%u_id_d;", emit_range(id), i, i);
        if (dec)
            emit_line(e, "reg e%u_bypass_q, e%u_bypass_d;", i, i);
        if (k) {
            emit_line(e, "reg e%u_pred_q, e%u_pred_d;", i, i);
            emit_line(e, "reg %se%u_hpc_q, e%u_hpc_d;", emit_range(k), i, i);
        }
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
    if (dec)
        emit_line(e, "assign empty_o = ~|valid_q;");
    if (W) {
        emit_line(e, "wire [%u:0] wfull;", n - 1);
        for (unsigned i = 0; i < n; i++)
            emit_line(e, "assign wfull[%u] = e%u_nwait_q == %s;", i, i, emit_const(cb, W));
        emit_line(e, "assign join_full_o = |(hits & wfull);");
        emit_line(e, "always @* begin : hit_entry // a line is outstanding in one entry at most");
        emit_in(e);
        emit_line(e, "hit_idx_o = %s;", emit_const(mb, 0));
        /* entry 0's test changes nothing but gives one entry's block a sensitivity (an
         * @* block with none never runs in Icarus, leaving the output x) */
        for (unsigned i = n == 1 ? 0 : 1; i < n; i++)
            emit_line(e, "if (hits[%u]) hit_idx_o = %s;", i, emit_const(mb, i));
        emit_out(e);
        emit_line(e, "end");
    }
    emit_blank(e);
    emit_line(e, "always @* begin : lowest_free");
    emit_in(e);
    emit_line(e, "free_idx_o = %s;", emit_const(mb, 0));
    for (unsigned i = n; i-- > 0;)
        emit_line(e, "if (!valid_q[%u]) free_idx_o = %s;", i, emit_const(mb, i));
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : read_fill_line");
    emit_in(e);
    emit_line(e, "fill_line_o = e0_line_q;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "if (fill_idx_i == %s) fill_line_o = e%u_line_q;", emit_const(mb, i), i);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : read_entry");
    emit_in(e);
    emit_line(e, "rd_id_o = e0_id_q;");
    if (W) {
        emit_line(e, "rd_nwait_o = e0_nwait_q;");
        emit_line(e, "rd_wait_o = %s;", emit_const(W * id, 0));
    }
    if (dec)
        emit_line(e, "rd_bypass_o = e0_bypass_q;");
    if (k) {
        emit_line(e, "rd_pred_o = e0_pred_q;");
        emit_line(e, "rd_hpc_o = e0_hpc_q;");
    }
    for (unsigned i = 0; i < n; i++) { /* entry 0 too, so rd_idx_i is used when n = 1 */
        emit_line(e, "if (rd_idx_i == %s) begin", emit_const(mb, i));
        emit_in(e);
        emit_line(e, "rd_id_o = e%u_id_q;", i);
        if (W)
            emit_line(e, "rd_nwait_o = e%u_nwait_q;", i);
        for (unsigned w = 0; w < W; w++)
            emit_line(e, "rd_wait_o[%u:%u] = e%u_w%u_q;", (w + 1) * id - 1, w * id, i, w);
        if (dec)
            emit_line(e, "rd_bypass_o = e%u_bypass_q;", i);
        if (k) {
            emit_line(e, "rd_pred_o = e%u_pred_q;", i);
            emit_line(e, "rd_hpc_o = e%u_hpc_q;", i);
        }
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @* begin : next_entries");
    emit_in(e);
    emit_line(e, "valid_d = valid_q;");
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "e%u_line_d = e%u_line_q;", i, i);
        emit_line(e, "e%u_id_d = e%u_id_q;", i, i);
        if (dec)
            emit_line(e, "e%u_bypass_d = e%u_bypass_q;", i, i);
        if (k) {
            emit_line(e, "e%u_pred_d = e%u_pred_q;", i, i);
            emit_line(e, "e%u_hpc_d = e%u_hpc_q;", i, i);
        }
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
        emit_line(e, "e%u_id_d = alloc_id_i;", i);
        if (dec)
            emit_line(e, "e%u_bypass_d = alloc_bypass_i;", i);
        if (k) {
            emit_line(e, "e%u_pred_d = alloc_pred_i;", i);
            emit_line(e, "e%u_hpc_d = alloc_hpc_i;", i);
        }
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
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "e%u_line_q <= %s;", i, emit_const(la, 0));
        emit_line(e, "e%u_id_q <= %s;", i, emit_const(id, 0));
        if (dec)
            emit_line(e, "e%u_bypass_q <= 1'b0;", i);
        if (k) {
            emit_line(e, "e%u_pred_q <= 1'b0;", i);
            emit_line(e, "e%u_hpc_q <= %s;", i, emit_const(k, 0));
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
        emit_line(e, "e%u_id_q <= e%u_id_d;", i, i);
        if (dec)
            emit_line(e, "e%u_bypass_q <= e%u_bypass_d;", i, i);
        if (k) {
            emit_line(e, "e%u_pred_q <= e%u_pred_d;", i, i);
            emit_line(e, "e%u_hpc_q <= e%u_hpc_d;", i, i);
        }
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
