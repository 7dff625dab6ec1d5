/* emit_memq: the L1's in-order queue, <name>_memq, of parameter Width. Two instances: the
 * memory-request queue (store write-throughs and reads enter it in acceptance order and leave
 * through the mem_req channel, so that channel follows the AXI rule whatever the cache does
 * meanwhile, and a store is acknowledged when it enters) and the response skid queue (the core
 * response channel, so rsp_ready_i low stalls the pipeline cleanly). Entries are flops;
 * MemqDepth of them, a power of two (GEN_MEMQ_DEPTH), written at the tail, read at the head. */
#include "emit_l1.h"

/* The payload bits, low to high: wdata, be, mshr, line, store, hint. */
unsigned gen_l1_memq_width(const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    return l->line_bits + g->cfg->l1.line_bytes + l->mshr_bits + l->line_addr_bits + 2;
}

void emit_l1_memq(emit_t *e, const gen_l1_t *g)
{
    const unsigned wd = gen_l1_memq_width(g), depth = GEN_MEMQ_DEPTH, pb = cfg_log2(depth);
    gen_header(e, g->cfg, g->memq, "L1 memory-request queue (in order, AXI-legal output)");
    emit_line(e, "module %s #(", g->memq);
    emit_in(e);
    emit_line(e, "parameter integer Width = %u // default: the memory request's payload", wd);
    emit_out(e);
    emit_line(e, ") (");
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "// tail: the cache pushes when not full");
    emit_line(e, "input  wire push_i,");
    emit_line(e, "output wire full_o,");
    emit_line(e, "input  wire [Width-1:0] push_data_i,");
    emit_line(e, "// head: the mem_req channel");
    emit_line(e, "output wire valid_o,");
    emit_line(e, "input  wire ready_i,");
    emit_line(e, "output wire [Width-1:0] data_o");
    emit_out(e);
    emit_line(e, ");");
    emit_in(e);
    emit_line(e, "localparam [%u:0] MemqDepth = %s;", pb, emit_const(pb + 1, depth));
    emit_blank(e);
    emit_line(e, "reg %swptr_q, wptr_d, rptr_q, rptr_d;", emit_range(pb));
    emit_line(e, "reg [%u:0] count_q, count_d;", pb);
    for (unsigned i = 0; i < depth; i++)
        emit_line(e, "reg [Width-1:0] entry%u_q, entry%u_d;", i, i);
    emit_line(e, "wire push = push_i & !full_o;");
    emit_line(e, "wire pop = valid_o & ready_i;");
    emit_blank(e);
    emit_line(e, "always @* begin : queue");
    emit_in(e);
    emit_line(e, "wptr_d = push ? wptr_q + %s : wptr_q;", emit_const(pb, 1));
    emit_line(e, "rptr_d = pop ? rptr_q + %s : rptr_q;", emit_const(pb, 1));
    emit_line(e, "count_d = count_q + {%s, push} - {%s, pop};", emit_const(pb, 0),
              emit_const(pb, 0));
    for (unsigned i = 0; i < depth; i++)
        emit_line(e, "entry%u_d = (push & (wptr_q == %s)) ? push_data_i : entry%u_q;", i,
                  emit_const(pb, i), i);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "wptr_q <= %s;", emit_const(pb, 0));
    emit_line(e, "rptr_q <= %s;", emit_const(pb, 0));
    emit_line(e, "count_q <= %s;", emit_const(pb + 1, 0));
    for (unsigned i = 0; i < depth; i++)
        emit_line(e, "entry%u_q <= {Width{1'b0}};", i);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "wptr_q <= wptr_d;");
    emit_line(e, "rptr_q <= rptr_d;");
    emit_line(e, "count_q <= count_d;");
    for (unsigned i = 0; i < depth; i++)
        emit_line(e, "entry%u_q <= entry%u_d;", i, i);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "assign full_o = count_q == MemqDepth;");
    emit_line(e, "assign valid_o = count_q != %s;", emit_const(pb + 1, 0));
    /* the head: one mux per entry on the read pointer (GEN_MEMQ_DEPTH is small) */
    emit_line(e, "wire [Width-1:0] head;");
    emit_line(e, "assign head =");
    emit_in(e);
    for (unsigned i = 0; i + 1 < depth; i++)
        emit_line(e, "(rptr_q == %s) ? entry%u_q :", emit_const(pb, i), i);
    emit_line(e, "entry%u_q;", depth - 1);
    emit_out(e);
    emit_line(e, "assign data_o = head;");
    emit_out(e);
    gen_footer(e);
}
