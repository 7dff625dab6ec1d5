/* emit_memq: the in-order queue of parameter Width, one emitter for the L1 (<name>_memq) and
 * the L2 slice (<name>_l2_memq). Each cache instances it twice: the memory-request queue
 * (requests enter it in decision order and leave through the mem_req channel, so that channel
 * follows the AXI rule whatever the cache does meanwhile; an L1 store is acknowledged when it
 * enters) and the response skid queue (rsp_ready_i low stalls the cache cleanly). Entries are
 * flops; MemqDepth of them, a power of two (GEN_MEMQ_DEPTH), written at the tail, read at the
 * head. valid_o is the queue's count, never a function of ready_i. */
#include "emit_l1.h"
#include "emit_l2.h"
#include "ir_lib.h"

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
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_param(m, b, 1, "MemqDepth", emit_const(pb + 1, depth))->w = IR_W(pb + 1);
    ir_blank(m, b);
    ir_node_t *d = ir_decl(m, b, IR_REG, IR_W(pb), "wptr_q");
    ir_decl_name(m, d, "wptr_d", 0);
    ir_decl_name(m, d, "rptr_q", 0);
    ir_decl_name(m, d, "rptr_d", 0);
    ir_decl_name(m, ir_decl(m, b, IR_REG, IR_W(pb + 1), "count_q"), "count_d", 0);
    for (unsigned i = 0; i < depth; i++)
        ir_decl_name(m, ir_decl(m, b, IR_REG, IR_WN("Width"), ir_fmt(m, "entry%u_q", i)),
                     ir_fmt(m, "entry%u_d", i), 0);
    ir_wire_init(m, b, IR_W(0), "push", "push_i & !full_o");
    ir_wire_init(m, b, IR_W(0), "pop", "valid_o & ready_i");
    ir_blank(m, b);
    ir_node_t *q = ir_always_comb(m, b, "queue", NULL);
    ir_set(m, &q->body, "wptr_d", ir_fmt(m, "push ? wptr_q + %s : wptr_q", emit_const(pb, 1)));
    ir_set(m, &q->body, "rptr_d", ir_fmt(m, "pop ? rptr_q + %s : rptr_q", emit_const(pb, 1)));
    ir_set(m, &q->body, "count_d", ir_fmt(m, "count_q + {%s, push} - {%s, pop}",
                                          emit_const(pb, 0), emit_const(pb, 0)));
    for (unsigned i = 0; i < depth; i++)
        ir_set(m, &q->body, ir_fmt(m, "entry%u_d", i),
               ir_fmt(m, "(push & (wptr_q == %s)) ? push_data_i : entry%u_q", emit_const(pb, i),
                      i));
    ir_blank(m, b);
    ir_node_t *f = ir_always_ff(m, b, "clk_i", "rst_ni");
    ir_nb(m, &f->alt, "wptr_q", emit_const(pb, 0));
    ir_nb(m, &f->alt, "rptr_q", emit_const(pb, 0));
    ir_nb(m, &f->alt, "count_q", emit_const(pb + 1, 0));
    for (unsigned i = 0; i < depth; i++)
        ir_nb(m, &f->alt, ir_fmt(m, "entry%u_q", i), "{Width{1'b0}}");
    ir_nb(m, &f->body, "wptr_q", "wptr_d");
    ir_nb(m, &f->body, "rptr_q", "rptr_d");
    ir_nb(m, &f->body, "count_q", "count_d");
    for (unsigned i = 0; i < depth; i++)
        ir_nb(m, &f->body, ir_fmt(m, "entry%u_q", i), ir_fmt(m, "entry%u_d", i));
    ir_blank(m, b);
    ir_assign(m, b, "full_o", "count_q == MemqDepth");
    ir_assign(m, b, "valid_o", ir_fmt(m, "count_q != %s", emit_const(pb + 1, 0)));
    /* the head: one mux per entry on the read pointer (GEN_MEMQ_DEPTH is small) */
    ir_decl(m, b, IR_WIRE, IR_WN("Width"), "head");
    const char *head = "";
    for (unsigned i = 0; i + 1 < depth; i++)
        head = ir_fmt(m, "%s\n  (rptr_q == %s) ? entry%u_q :", head, emit_const(pb, i), i);
    ir_assign(m, b, "head", ir_fmt(m, "%s\n  entry%u_q", head, depth - 1));
    ir_assign(m, b, "data_o", "head");
    ir_piece_print(e, m);
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
