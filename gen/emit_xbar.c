/* emit_xbar: the crossbar <name>_xbar between N request sources and S L2 slices (emit_xbar.h;
 * docs/slices.md "The crossbar"), built as emitter IR and printed in the named style: header
 * parameters, generate loops per source, per slot and per slice. Its cycle model is
 * cmodel/cm_xbar.c; every choice here is that file's (slots, grants, stage X, queues).
 * Stages: the match reads only flops (slots, output-queue counts, pointers) and ends in flops
 * (stage X: the granted source and slot per slice); stage X reads the payload by AND-OR into
 * the slice's output queue; the slice sees flops. Responses: per source a round robin over
 * the slices offering it a response, into its response queue (rsp_ready_o combinational from
 * rsp_valid_i / rsp_src_i and flops). */
#include "emit_xbar.h"
#include "ir.h"
#include "ir_lib.h"

#include <assert.h>

#define F(...) ir_fmt(m, __VA_ARGS__)

static unsigned bits_for(unsigned n) { return n > 1 ? cfg_log2(n) : 1; }

static void xbar_params(ir_module_t *m, const gen_xbar_t *x)
{
    ir_comment(m, &m->params, "sizes fixed by the generator: an instance does not override them");
    ir_comment(m, &m->params, "(the C model and the harnesses follow the same sizes)");
    ir_mparam(m, "Sources", x->sources, "request sources: the L1s, then the CPU ports", 34);
    ir_mparam(m, "Slices", x->slices, "L2 slices", 34);
    ir_mparam(m, "Slots", x->slots, "requests a source keeps (its lookahead)", 34);
    ir_mparam(m, "SrcWidth", bits_for(x->sources), "a source's number", 34);
    ir_mparam(m, "SliceWidth", bits_for(x->slices), "a slice's number", 34);
    ir_mparam(m, "ReqWidth", x->req_width, "a request's payload", 34);
    ir_mparam(m, "RspWidth", x->rsp_width, "a response's payload", 34);
}

static void xbar_ports(ir_module_t *m)
{
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_WN("Sources"), "req_valid_i", "source s in bit / field s", 1);
    ir_port(m, IR_OUT, IR_WN("Sources"), "req_ready_o", "a free slot (a flop's function)", 1);
    ir_port(m, IR_IN, IR_WN("Sources*SliceWidth"), "req_slice_i", "the slice it goes to", 1);
    ir_port(m, IR_IN, IR_WN("Sources*ReqWidth"), "req_data_i", NULL, 0);
    ir_port(m, IR_OUT, IR_WN("Slices"), "out_valid_o", "to slice d in bit / field d (flops)", 1);
    ir_port(m, IR_IN, IR_WN("Slices"), "out_ready_i", NULL, 0);
    ir_port(m, IR_OUT, IR_WN("Slices*SrcWidth"), "out_src_o", "the source it came from", 1);
    ir_port(m, IR_OUT, IR_WN("Slices*ReqWidth"), "out_data_o", NULL, 0);
    ir_port(m, IR_IN, IR_WN("Slices"), "rsp_valid_i", "slice d's response", 1);
    ir_port(m, IR_OUT, IR_WN("Slices"), "rsp_ready_o", NULL, 0);
    ir_port(m, IR_IN, IR_WN("Slices*SrcWidth"), "rsp_src_i", "the source it goes to", 1);
    ir_port(m, IR_IN, IR_WN("Slices*RspWidth"), "rsp_data_i", NULL, 0);
    ir_port(m, IR_OUT, IR_WN("Sources"), "src_rsp_valid_o", "to source s (flops)", 1);
    ir_port(m, IR_IN, IR_WN("Sources"), "src_rsp_ready_i", NULL, 0);
    ir_port(m, IR_OUT, IR_WN("Sources*RspWidth"), "src_rsp_data_o", NULL, 0);
}

/* `v` shifted up one bit with a 0 in, `n` bits (n_name): bit i of the result is bit i-1 of v. */
static const char *up1(ir_module_t *m, const char *v, unsigned n, const char *n_name)
{
    return n > 1 ? F("{%s[%s-2:0], 1'b0}", v, n_name) : "1'b0";
}

/* out (n bits, declared by the caller) = the first bit of `req` at or after the round-robin
 * pointer (thermometer `hp`: bit i set for i >= pointer), else the lowest: the lowest one of
 * {req, req & hp}, folded. A prefix OR per bit (log2(2n) deep). */
static void rr_pick(ir_module_t *m, ir_list_t *to, const char *n_name, const char *req,
                    const char *hp, const char *out, const char *label)
{
    ir_wire_init(m, to, IR_WN(F("2*%s", n_name)), "dbl", F("{%s, %s & %s}", req, req, hp));
    ir_wire_init(m, to, IR_WN(F("2*%s", n_name)), "below", F("{dbl[2*%s-2:0], 1'b0}", n_name));
    ir_decl(m, to, IR_WIRE, IR_WN(F("2*%s", n_name)), "lowest");
    ir_node_t *g = ir_genfor_n(m, to, "i", F("2*%s", n_name), label);
    ir_assign(m, &g->body, "lowest[i]", "dbl[i] & ~|below[i:0]");
    ir_assign(m, to, out, F("lowest[%s-1:0] | lowest[2*%s-1:%s]", n_name, n_name, n_name));
}

/* next (n bits) = the thermometer past one-hot `oh`: bit j set for j above oh's bit. */
static void rr_past(ir_module_t *m, ir_list_t *to, unsigned n, const char *n_name,
                    const char *oh, const char *past, const char *label)
{
    ir_wire_init(m, to, IR_WN(n_name), "oh_up", up1(m, oh, n, n_name));
    ir_node_t *g = ir_genfor_n(m, to, "j", n_name, label);
    ir_assign(m, &g->body, F("%s[j]", past), "|oh_up[j:0]");
}

/* out (width w_name) = the OR over k < k_name of `masked`'s field k (each already ANDed with
 * its select): per bit a reduction OR, as the MSHR file's reads. */
static void or_fields(ir_module_t *m, ir_list_t *to, const char *k_name, const char *w_name,
                      const char *masked, const char *out, const char *label)
{
    ir_node_t *g = ir_genfor_n(m, to, "b", w_name, label);
    ir_decl(m, &g->body, IR_WIRE, IR_WN(k_name), "column");
    ir_node_t *k = ir_genfor_n(m, &g->body, "k", k_name, "gen_k");
    ir_assign(m, &k->body, "column[k]", F("%s[k*%s + b]", masked, w_name));
    ir_assign(m, &g->body, F("%s[b]", out), "|column");
}

/* A shift queue of `depth_name` entries of `w_name` bits (entry 0 the head, an output from
 * flops): `pfx`_q / _d, its count cnt_q; `push` / `pop` / `in` given. Entries past the count
 * hold stale values. */
static void shift_queue(ir_module_t *m, ir_list_t *to, const char *pfx, const char *w_name,
                        const char *depth_name, unsigned cw, const char *in,
                        const char *label)
{
    ir_decl(m, to, IR_REG, IR_WN(F("%s*%s", depth_name, w_name)), F("%s_q", pfx));
    ir_decl(m, to, IR_WIRE, IR_WN(F("%s*%s", depth_name, w_name)), F("%s_d", pfx));
    ir_comment(m, to, F("%s_next: entry k is entry k+1 (a pop)", pfx));
    ir_wire_init(m, to, IR_WN(F("%s*%s", depth_name, w_name)), F("%s_next", pfx),
                 F("{{%s{1'b0}},\n    %s_q[%s*%s-1:%s]}", w_name, pfx, depth_name, w_name,
                   w_name));
    ir_node_t *g = ir_genfor_n(m, to, "k", depth_name, label);
    ir_localparam(m, &g->body, IR_W(cw), "Entry", "k");
    ir_assign(m, &g->body, F("%s_d[k*%s +: %s]", pfx, w_name, w_name),
              F("(push && base == Entry) ? %s\n"
                "    : pop ? %s_next[k*%s +: %s] : %s_q[k*%s +: %s]",
                in, pfx, w_name, w_name, pfx, w_name, w_name));
}

/* The flops of a queue's fields and count. */
static void queue_flops(ir_module_t *m, ir_node_t *ff, const char *const *pfx, const char *const *w,
                        unsigned n, const char *depth_name)
{
    for (unsigned i = 0; i < n; i++) {
        ir_nb(m, &ff->alt, F("%s_q", pfx[i]), F("{%s*%s{1'b0}}", depth_name, w[i]));
        ir_nb(m, &ff->body, F("%s_q", pfx[i]), F("%s_d", pfx[i]));
    }
}

/* Module-level vectors that connect the per-source and per-slice blocks. */
static void xbar_vectors(ir_module_t *m)
{
    ir_list_t *b = &m->body;
    ir_param(m, b, 1, "OutEntries", "3");
    ir_note(m, b->tail, "a slice's output queue: full rate with a room from flops", 1);
    ir_param(m, b, 1, "RspEntries", "2");
    ir_note(m, b->tail, "a source's response queue", 1);
    ir_localparam(m, b, IR_W(2), "OutDepth", "2'd3");
    ir_note(m, b->tail, "the same as counts", 1);
    ir_localparam(m, b, IR_W(2), "OutLast", "2'd2");
    ir_localparam(m, b, IR_W(2), "RspDepth", "2'd2");
    ir_blank(m, b);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Sources*Slices"), "want"),
            "[s*Slices + d]: source s holds a slot for slice d", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Sources*Slots*Slices"), "first"),
            "[(s*Slots + e)*Slices + d]: slot e is s's oldest for d", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Slices*Sources"), "gnt"),
            "[d*Sources + s]: slice d grants source s", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Sources*Slots*ReqWidth"), "slot_data"),
            "each slot's payload, field s*Slots + e", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Sources*Slices"), "rsp_take"),
            "[s*Slices + d]: source s takes slice d's response", 1);
    ir_node_t *gv = ir_decl(m, b, IR_GENVAR, IR_W(0), "s");
    ir_decl_name(m, gv, "d", 0);
    ir_decl_name(m, gv, "e", 0);
    ir_decl_name(m, gv, "i", 0);
    ir_decl_name(m, gv, "j", 0);
    ir_decl_name(m, gv, "k", 0);
    ir_decl_name(m, gv, "b", 0);
    ir_blank(m, b);
}

/* Source s: its slots, the age order, what it wants, what leaves and what enters. */
static void xbar_source(ir_module_t *m, const gen_xbar_t *x)
{
    ir_comment(m, &m->body, "source s: Slots slots (valid, slice one-hot, age row, payload); a");
    ir_comment(m, &m->body, "request enters the lowest free slot as the youngest; the oldest slot");
    ir_comment(m, &m->body, "for a slice leaves when that slice grants s (several may, one cycle)");
    ir_node_t *g = ir_genfor_n(m, &m->body, "s", "Sources", "gen_src");
    ir_list_t *b = &g->body;
    ir_decl(m, b, IR_REG, IR_WN("Slots"), "valid_q");
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Slots*Slices"), "slice_q"),
            "slot e's slice, one-hot, at [e*Slices +: Slices]", 1);
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Slots*Slots"), "older_q"),
            "[e*Slots + j]: slot j is older than slot e", 1);
    ir_decl(m, b, IR_REG, IR_WN("Slots*ReqWidth"), "data_q");
    ir_decl(m, b, IR_WIRE, IR_WN("Slots"), "valid_d");
    ir_decl(m, b, IR_WIRE, IR_WN("Slots*Slices"), "slice_d");
    ir_decl(m, b, IR_WIRE, IR_WN("Slots*Slots"), "older_d");
    ir_decl(m, b, IR_WIRE, IR_WN("Slots*ReqWidth"), "data_d");
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Slots"), "free_oh"), "the lowest free slot", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Slots"), "leave"), "slots granted now", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Slots*Slices"), "took"),
            "[e*Slices + d]: slice d takes slot e", 1);
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Slices"), "dec"), "req_slice_i one-hot", 1);
    ir_assign(m, b, F("req_ready_o[s]"), "~&valid_q");
    ir_wire_init(m, b, IR_W(0), "push", "req_valid_i[s] & ~&valid_q");
    ir_wire_init(m, b, IR_WN("Slots"), "free_up", up1(m, "~valid_q", x->slots, "Slots"));
    ir_assign(m, b, "valid_d", "(valid_q & ~leave) | ({Slots{push}} & free_oh)");
    ir_assign(m, b, "slot_data[s*Slots*ReqWidth +: Slots*ReqWidth]", "data_q");
    ir_node_t *dl = ir_genfor_n(m, b, "d", "Slices", "gen_dec");
    ir_localparam(m, &dl->body, IR_WN("SliceWidth"), "Slice", "d");
    ir_assign(m, &dl->body, "dec[d]", "req_slice_i[s*SliceWidth +: SliceWidth] == Slice");
    /* per slice: the slots for it, wanted, the oldest */
    ir_node_t *gd = ir_genfor_n(m, b, "d", "Slices", "gen_want");
    ir_decl(m, &gd->body, IR_WIRE, IR_WN("Slots"), "mine");
    ir_node_t *gj = ir_genfor_n(m, &gd->body, "j", "Slots", "gen_mine");
    ir_assign(m, &gj->body, "mine[j]", "valid_q[j] & slice_q[j*Slices + d]");
    ir_assign(m, &gd->body, "want[s*Slices + d]", "|mine");
    ir_node_t *ge = ir_genfor_n(m, &gd->body, "e", "Slots", "gen_first");
    ir_assign(m, &ge->body, "first[(s*Slots + e)*Slices + d]",
              "mine[e] & ~|(older_q[e*Slots +: Slots] & mine)");
    ir_assign(m, &ge->body, "took[e*Slices + d]",
              "gnt[d*Sources + s] & first[(s*Slots + e)*Slices + d]");
    /* per slot: lowest free, leave, next values */
    ir_node_t *gs = ir_genfor_n(m, b, "e", "Slots", "gen_slot");
    ir_list_t *sb = &gs->body;
    ir_assign(m, sb, "free_oh[e]", "~valid_q[e] & ~|free_up[e:0]");
    ir_assign(m, sb, "leave[e]", "|took[e*Slices +: Slices]");
    ir_wire_init(m, sb, IR_W(0), "fill", "push & free_oh[e]");
    ir_assign(m, sb, "slice_d[e*Slices +: Slices]", "fill ? dec : slice_q[e*Slices +: Slices]");
    ir_assign(m, sb, "data_d[e*ReqWidth +: ReqWidth]",
              "fill ? req_data_i[s*ReqWidth +: ReqWidth]\n    : data_q[e*ReqWidth +: ReqWidth]");
    ir_comment(m, sb, "filled: every valid slot is older; else a slot filled now is not older");
    ir_assign(m, sb, "older_d[e*Slots +: Slots]",
              "fill ? valid_q\n    : older_q[e*Slots +: Slots] & ~({Slots{push}} & free_oh)");
    ir_node_t *ff = ir_always_ff(m, b, "clk_i", "rst_ni");
    ir_nb(m, &ff->alt, "valid_q", "{Slots{1'b0}}");
    ir_nb(m, &ff->body, "valid_q", "valid_d");
    ir_nb(m, &ff->alt, "slice_q", "{Slots*Slices{1'b0}}");
    ir_nb(m, &ff->body, "slice_q", "slice_d");
    ir_nb(m, &ff->alt, "older_q", "{Slots*Slots{1'b0}}");
    ir_nb(m, &ff->body, "older_q", "older_d");
    ir_nb(m, &ff->alt, "data_q", "{Slots*ReqWidth{1'b0}}");
    ir_nb(m, &ff->body, "data_q", "data_d");
    (void)x;
    ir_blank(m, &m->body);
}

/* Slice d: the grant (round robin over the sources that want d while its queue has room), stage
 * X (the granted source and slot, read the next cycle), the output queue, rsp_ready_o. */
static void xbar_slice(ir_module_t *m, const gen_xbar_t *x)
{
    ir_comment(m, &m->body, "slice d: the match (from flops) grants the first source at or after");
    ir_comment(m, &m->body, "the pointer; stage X reads the granted slot into the output queue");
    ir_node_t *g = ir_genfor_n(m, &m->body, "d", "Slices", "gen_slice");
    ir_list_t *b = &g->body;
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Sources"), "hp_q"),
            "round robin: bit s set for s at or after the pointer", 1);
    ir_decl(m, b, IR_WIRE, IR_WN("Sources"), "hp_d");
    ir_note(m, ir_decl(m, b, IR_REG, IR_W(0), "xv_q"), "stage X: a grant to read", 1);
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Sources"), "xsrc_q"), "... its source, one-hot", 1);
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Slots"), "xslot_q"), "... its slot, one-hot", 1);
    ir_decl(m, b, IR_REG, IR_W(2), "cnt_q");
    ir_decl(m, b, IR_WIRE, IR_W(2), "cnt_d");
    ir_note(m, ir_wire_init(m, b, IR_W(0), "room", "xv_q ? cnt_q < OutLast : cnt_q < OutDepth"),
            "queued and in stage X below the depth", 1);
    ir_decl(m, b, IR_WIRE, IR_WN("Sources"), "asks");
    ir_decl(m, b, IR_WIRE, IR_WN("Sources"), "grant");
    ir_decl(m, b, IR_WIRE, IR_WN("Slots"), "slot_oh");
    ir_node_t *gs = ir_genfor_n(m, b, "s", "Sources", "gen_ask");
    ir_assign(m, &gs->body, "asks[s]", "want[s*Slices + d] & room");
    ir_assign(m, &gs->body, "gnt[d*Sources + s]", "grant[s]");
    rr_pick(m, b, "Sources", "asks", "hp_q", "grant", "gen_lowest");
    ir_wire_init(m, b, IR_W(0), "any", "|asks");
    ir_comment(m, b, "the granted source's oldest slot for d");
    ir_node_t *ge = ir_genfor_n(m, b, "e", "Slots", "gen_slot");
    ir_decl(m, &ge->body, IR_WIRE, IR_WN("Sources"), "column");
    ir_node_t *gk = ir_genfor_n(m, &ge->body, "k", "Sources", "gen_k");
    ir_assign(m, &gk->body, "column[k]", "grant[k] & first[(k*Slots + e)*Slices + d]");
    ir_assign(m, &ge->body, "slot_oh[e]", "|column");
    ir_decl(m, b, IR_WIRE, IR_WN("Sources"), "past");
    rr_past(m, b, x->sources, "Sources", "grant", "past", "gen_past");
    ir_assign(m, b, "hp_d", "any ? past : hp_q");
    /* stage X */
    ir_comment(m, b, "stage X: the payload of slot xslot_q of source xsrc_q, by AND-OR");
    ir_decl(m, b, IR_WIRE, IR_WN("Sources*Slots*ReqWidth"), "masked");
    ir_decl(m, b, IR_WIRE, IR_WN("ReqWidth"), "xdata");
    ir_decl(m, b, IR_WIRE, IR_WN("SrcWidth"), "xsrc");
    ir_node_t *gm = ir_genfor_n(m, b, "k", "Sources*Slots", "gen_mask");
    ir_assign(m, &gm->body, "masked[k*ReqWidth +: ReqWidth]",
              "{ReqWidth{xsrc_q[k/Slots] & xslot_q[k%Slots]}}\n"
              "    & slot_data[k*ReqWidth +: ReqWidth]");
    or_fields(m, b, "Sources*Slots", "ReqWidth", "masked", "xdata", "gen_xdata");
    ir_node_t *gb = ir_genfor_n(m, b, "b", "SrcWidth", "gen_xsrc");
    ir_decl(m, &gb->body, IR_WIRE, IR_WN("Sources"), "column");
    ir_node_t *gk2 = ir_genfor_n(m, &gb->body, "k", "Sources", "gen_k");
    ir_localparam(m, &gk2->body, IR_WN("SrcWidth"), "Src", "k");
    ir_assign(m, &gk2->body, "column[k]", "xsrc_q[k] & Src[b]");
    ir_assign(m, &gb->body, "xsrc[b]", "|column");
    /* the output queue */
    ir_comment(m, b, "the output queue: entry 0 is the slice's request");
    ir_wire_init(m, b, IR_W(0), "pop", "(cnt_q != 2'd0) & out_ready_i[d]");
    ir_wire_init(m, b, IR_W(0), "push", "xv_q");
    ir_note(m, ir_wire_init(m, b, IR_W(2), "base", "cnt_q - {1'b0, pop}"), "where a push lands", 1);
    shift_queue(m, b, "src", "SrcWidth", "OutEntries", 2, "xsrc", "gen_src_ent");
    shift_queue(m, b, "data", "ReqWidth", "OutEntries", 2, "xdata", "gen_data_ent");
    ir_assign(m, b, "cnt_d", "cnt_q + {1'b0, push} - {1'b0, pop}");
    ir_assign(m, b, "out_valid_o[d]", "cnt_q != 2'd0");
    ir_assign(m, b, "out_src_o[d*SrcWidth +: SrcWidth]", "src_q[SrcWidth-1:0]");
    ir_assign(m, b, "out_data_o[d*ReqWidth +: ReqWidth]", "data_q[ReqWidth-1:0]");
    ir_decl(m, b, IR_WIRE, IR_WN("Sources"), "rsp_column");
    ir_node_t *gr = ir_genfor_n(m, b, "k", "Sources", "gen_rsp_ready");
    ir_assign(m, &gr->body, "rsp_column[k]", "rsp_take[k*Slices + d]");
    ir_assign(m, b, "rsp_ready_o[d]", "|rsp_column");
    ir_node_t *ff = ir_always_ff(m, b, "clk_i", "rst_ni");
    ir_nb(m, &ff->alt, "hp_q", "{Sources{1'b1}}");
    ir_nb(m, &ff->body, "hp_q", "hp_d");
    ir_nb(m, &ff->alt, "xv_q", "1'b0");
    ir_nb(m, &ff->body, "xv_q", "any");
    ir_nb(m, &ff->alt, "xsrc_q", "{Sources{1'b0}}");
    ir_nb(m, &ff->body, "xsrc_q", "grant");
    ir_nb(m, &ff->alt, "xslot_q", "{Slots{1'b0}}");
    ir_nb(m, &ff->body, "xslot_q", "slot_oh");
    ir_nb(m, &ff->alt, "cnt_q", "2'd0");
    ir_nb(m, &ff->body, "cnt_q", "cnt_d");
    static const char *const qp[] = {"src", "data"}, *const qw[] = {"SrcWidth", "ReqWidth"};
    queue_flops(m, ff, qp, qw, 2, "OutEntries");
    ir_blank(m, &m->body);
}

/* Source s's responses: a round robin over the slices offering it one, the response queue. */
static void xbar_response(ir_module_t *m, const gen_xbar_t *x)
{
    ir_comment(m, &m->body, "responses to source s: the first slice at or after the pointer that");
    ir_comment(m, &m->body, "offers one, while the response queue has room");
    ir_node_t *g = ir_genfor_n(m, &m->body, "s", "Sources", "gen_rsp");
    ir_list_t *b = &g->body;
    ir_localparam(m, b, IR_WN("SrcWidth"), "Src", "s");
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Slices"), "hp_q"),
            "round robin: bit d set for d at or after the pointer", 1);
    ir_decl(m, b, IR_WIRE, IR_WN("Slices"), "hp_d");
    ir_decl(m, b, IR_REG, IR_W(2), "cnt_q");
    ir_decl(m, b, IR_WIRE, IR_W(2), "cnt_d");
    ir_decl(m, b, IR_WIRE, IR_WN("Slices"), "asks");
    ir_decl(m, b, IR_WIRE, IR_WN("Slices"), "take");
    ir_wire_init(m, b, IR_W(0), "room", "cnt_q != RspDepth");
    ir_node_t *gd = ir_genfor_n(m, b, "d", "Slices", "gen_ask");
    ir_assign(m, &gd->body, "asks[d]",
              "rsp_valid_i[d] & (rsp_src_i[d*SrcWidth +: SrcWidth] == Src) & room");
    ir_assign(m, &gd->body, "rsp_take[s*Slices + d]", "take[d]");
    rr_pick(m, b, "Slices", "asks", "hp_q", "take", "gen_lowest");
    ir_decl(m, b, IR_WIRE, IR_WN("Slices"), "past");
    rr_past(m, b, x->slices, "Slices", "take", "past", "gen_past");
    ir_wire_init(m, b, IR_W(0), "push", "|asks");
    ir_assign(m, b, "hp_d", "push ? past : hp_q");
    ir_decl(m, b, IR_WIRE, IR_WN("Slices*RspWidth"), "masked");
    ir_decl(m, b, IR_WIRE, IR_WN("RspWidth"), "in");
    ir_node_t *gm = ir_genfor_n(m, b, "k", "Slices", "gen_mask");
    ir_assign(m, &gm->body, "masked[k*RspWidth +: RspWidth]",
              "{RspWidth{take[k]}}\n    & rsp_data_i[k*RspWidth +: RspWidth]");
    or_fields(m, b, "Slices", "RspWidth", "masked", "in", "gen_in");
    ir_wire_init(m, b, IR_W(0), "pop", "(cnt_q != 2'd0) & src_rsp_ready_i[s]");
    ir_wire_init(m, b, IR_W(2), "base", "cnt_q - {1'b0, pop}");
    shift_queue(m, b, "data", "RspWidth", "RspEntries", 2, "in", "gen_ent");
    ir_assign(m, b, "cnt_d", "cnt_q + {1'b0, push} - {1'b0, pop}");
    ir_assign(m, b, "src_rsp_valid_o[s]", "cnt_q != 2'd0");
    ir_assign(m, b, "src_rsp_data_o[s*RspWidth +: RspWidth]", "data_q[RspWidth-1:0]");
    ir_node_t *ff = ir_always_ff(m, b, "clk_i", "rst_ni");
    ir_nb(m, &ff->alt, "hp_q", "{Slices{1'b1}}");
    ir_nb(m, &ff->body, "hp_q", "hp_d");
    ir_nb(m, &ff->alt, "cnt_q", "2'd0");
    ir_nb(m, &ff->body, "cnt_q", "cnt_d");
    static const char *const qp[] = {"data"}, *const qw[] = {"RspWidth"};
    queue_flops(m, ff, qp, qw, 1, "RspEntries");
}

static void xbar_header(ir_module_t *m, const gen_xbar_t *x)
{
    const char *purpose = "crossbar from the request sources to the L2 slices and back";
    if (x->cfg) {
        gen_ir_header(m, x->cfg, purpose);
        return;
    }
    ir_comment(m, &m->head, F("%s: %s", m->name, purpose));
    ir_comment(m, &m->head, F("Generated by cachegen %s (cachegen xbar); do not edit.", GEN_VERSION));
    ir_comment(m, &m->head, F("Sizes: %u sources, %u slices, %u slots, payloads %u / %u bits.",
                              x->sources, x->slices, x->slots, x->req_width, x->rsp_width));
}

void emit_xbar_module(emit_t *e, const gen_xbar_t *x)
{
    ir_module_t mod, *m = &mod;
    assert(x->sources >= 1 && x->slices >= 1 && x->slots >= 1);
    assert(x->req_width >= 1 && x->rsp_width >= 1);
    ir_module_init(m, x->module);
    xbar_header(m, x);
    xbar_params(m, x);
    xbar_ports(m);
    xbar_vectors(m);
    xbar_source(m, x);
    xbar_slice(m, x);
    xbar_response(m, x);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
