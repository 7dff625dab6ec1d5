/* emit_memq: the in-order queue of parameter Width, one emitter for the L1 (<name>_memq) and
 * the L2 slice (<name>_l2_memq). Each cache instances it twice: the memory-request queue
 * (requests enter it in decision order and leave through the mem_req channel, so that channel
 * follows the AXI rule whatever the cache does meanwhile; an L1 store is acknowledged when it
 * enters) and the response skid queue (rsp_ready_i low stalls the cache cleanly). Entries are
 * flops; MemqDepth of them, a power of two (GEN_MEMQ_DEPTH), written at the tail, read at the
 * head. valid_o is the queue's count, never a function of ready_i. */
#include "emit_l1.h"
#include "emit_l2.h"

/* The payload bits, low to high: wdata, be, mshr, line, store, hint. */
unsigned gen_l1_memq_width(const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    return l->line_bits + g->cfg->l1.line_bytes + l->mshr_bits + l->line_addr_bits + 2;
}

/* The L2's memory request, low to high: wdata, mshr, line, store. */
unsigned gen_l2_memq_width(const gen_l2_t *g)
{
    const lay_l2_t *l = &g->lay;
    return l->line_bits + l->mshr_bits + l->line_addr_bits + 1;
}

/* The queue module `module`; `wd` is Width's default. */
static void emit_memq_module(emit_t *e, const cfg_t *c, const char *module, unsigned wd,
                             const char *purpose)
{
    const unsigned depth = GEN_MEMQ_DEPTH, pb = cfg_log2(depth);
    gen_header(e, c, module, purpose);
    emit_line(e, "module %s #(", module);
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

void emit_memq_inst(emit_t *e, const char *module, const char *inst, unsigned width,
                    const char *push, const char *full, const char *data_in, const char *valid,
                    const char *ready, const char *data_out)
{
    emit_line(e, "%s #(.Width(%u)) %s (", module, width, inst);
    emit_in(e);
    emit_line(e, ".clk_i       (clk_i),");
    emit_line(e, ".rst_ni      (rst_ni),");
    emit_line(e, ".push_i      (%s),", push);
    emit_line(e, ".full_o      (%s),", full);
    emit_line(e, ".push_data_i (%s),", data_in);
    emit_line(e, ".valid_o     (%s),", valid);
    emit_line(e, ".ready_i     (%s),", ready);
    emit_line(e, ".data_o      (%s)", data_out);
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void emit_l1_memq(emit_t *e, const gen_l1_t *g)
{
    emit_memq_module(e, g->cfg, g->memq, gen_l1_memq_width(g),
                     "L1 memory-request queue (in order, AXI-legal output)");
}

void emit_l2_memq(emit_t *e, const gen_l2_t *g)
{
    emit_memq_module(e, g->cfg, g->memq, gen_l2_memq_width(g),
                     "L2 in-order queue (memory requests, read responses; AXI-legal output)");
}
