/* emit_axi: <name>_axi, the L1 behind an AXI4 master, and <name>_l2_axi, the L2 slice's
 * memory port bridged to one (axi.enable; docs/ip.md "AXI4 memory side"). The L1's in-order
 * memory-request channel leaves as AR (a line read: one INCR burst of the line's beats, ARID =
 * the MSHR) or as AW + W (a store: one INCR burst over the line, WSTRB = the byte enables,
 * AWID 0, so writes complete in order); R beats are gathered per id (interleaving allowed)
 * into one line buffer per MSHR and handed to the L1 in completion order (through a register:
 * valid and the MSHR from flops, the line by a one-hot pick); B retires the oldest
 * write. A read waits while a write to its line awaits its B. A read with SLVERR/DECERR on a
 * beat reaches the L1 with its error bit (answered Err, not installed); error responses and protocol
 * violations set a sticky error register (axi_err_*). The L2's bridge is the same logic on the
 * L2's channel: its write-backs are whole lines (WSTRB all ones), its reads carry no hint (no
 * ARUSER/RUSER). Built as emitter IR (ir.h) and printed by ir_print. */
#include "emit_axi.h"

#include "emit_pkg.h"
#include "ir_lib.h"

#include "../core/lay_l2.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define F(...) ir_fmt(m, __VA_ARGS__)
#define K(w, v) emit_const((w), (v))

/* Error kinds of axi_err_kind_o (the localparams Err*). */
enum { ERR_NONE, ERR_READ, ERR_WRITE, ERR_PROTOCOL };

typedef struct axi_w {
    unsigned la, lb, be, ob;  /* line address bits, line bits, line bytes, log2(line bytes) */
    unsigned d, s, n, cb;     /* data bits, strobe bits, beats a line, beat counter bits */
    unsigned iw, mshrs, mb;   /* id bits, MSHRs, MSHR number bits */
    unsigned wr, wb;          /* outstanding writes, their pointer bits */
    const char *p;            /* the cache side's wire prefix: l1 (wrapper) or l2 (bridge) */
    int hint;                 /* the cache side has a read hint (ARUSER, RUSER): the L1 */
    int err;                  /* the cache side takes a failed read's error bit: the L1 */
} axi_w_t;

typedef struct reg_list {
    const char *name[1024];   /* registers name_q / name_d, in declaration order */
    unsigned width[1024];
    unsigned n;
} reg_list_t;

void emit_axi_name(const gen_l1_t *g, char *out, size_t len)
{
    snprintf(out, len, "%s_axi", g->cfg->name);
}

/* reg [w] name_q, name_d; remembered for the flop block. */
static void qd(ir_module_t *m, reg_list_t *r, unsigned w, const char *name)
{
    assert(r->n < 1024); /* 64 writes + 64 MSHRs x 4 + a few */
    ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_W(w), F("%s_q", name)), F("%s_d", name), 0);
    r->name[r->n] = F("%s", name);
    r->width[r->n++] = w;
}

static int mem_port(const char *name) { return !strncmp(name, "mem_", 4); }

/* s with every name starting l1_ renamed to the cache side's prefix (x->p): the request and
 * response logic is written once, for the L1's wrapper and the L2's bridge. */
static const char *pfx(ir_module_t *m, const axi_w_t *x, const char *s)
{
    if (!strcmp(x->p, "l1"))
        return s;
    char out[1024];
    size_t n = 0;
    for (size_t i = 0; s[i]; i++) {
        const int start = !strncmp(s + i, "l1_", 3) &&
                          (i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'));
        if (start) {
            n += (size_t)snprintf(out + n, sizeof out - n, "%s_", x->p);
            i += 2;
        } else if (n + 1 < sizeof out) {
            out[n++] = s[i];
        }
        assert(n + 1 < sizeof out);
    }
    out[n] = 0;
    return F("%s", out);
}
#define P(s) pfx(m, x, (s))

static void axi_ports(ir_module_t *m, const pkg_t *pk, const axi_w_t *x)
{
    for (unsigned i = 0; pk && i < pk->nports; i++) {
        const pkg_port_t *q = &pk->port[i];
        if (q->sim_only || mem_port(q->name))
            continue;
        ir_port(m, q->out ? IR_OUT : IR_IN, IR_W(q->vec ? q->width : 0), q->name, NULL, 0);
    }
    const unsigned aw = x->la + x->ob;
    for (int rd = 0; rd < 2; rd++) {
        const char c = rd ? 'r' : 'w';
        ir_port(m, IR_OUT, IR_W(x->iw), F("m_axi_a%cid", c),
                rd ? "AXI4 read address: a line read, ARID = its MSHR"
                   : "AXI4 write address: a store, one burst over its line",
                1);
        ir_port(m, IR_OUT, IR_W(aw), F("m_axi_a%caddr", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(8), F("m_axi_a%clen", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(3), F("m_axi_a%csize", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(2), F("m_axi_a%cburst", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), F("m_axi_a%clock", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(4), F("m_axi_a%ccache", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(3), F("m_axi_a%cprot", c), NULL, 0);
        ir_port(m, IR_OUT, IR_W(4), F("m_axi_a%cqos", c), NULL, 0);
        if (rd && x->hint)
            ir_port(m, IR_OUT, IR_W(1), "m_axi_aruser",
                    "the L1's read hint (PC predictor: predicted to bypass)", 1);
        ir_port(m, IR_OUT, IR_W(0), F("m_axi_a%cvalid", c), NULL, 0);
        ir_port(m, IR_IN, IR_W(0), F("m_axi_a%cready", c), NULL, 0);
        if (rd)
            continue;
        ir_port(m, IR_OUT_REG, IR_W(x->d), "m_axi_wdata", "AXI4 write data", 1);
        ir_port(m, IR_OUT_REG, IR_W(x->s), "m_axi_wstrb", NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), "m_axi_wlast", NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), "m_axi_wvalid", NULL, 0);
        ir_port(m, IR_IN, IR_W(0), "m_axi_wready", NULL, 0);
        ir_port(m, IR_IN, IR_W(x->iw), "m_axi_bid", "AXI4 write response", 1);
        ir_port(m, IR_IN, IR_W(2), "m_axi_bresp", NULL, 0);
        ir_port(m, IR_IN, IR_W(0), "m_axi_bvalid", NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), "m_axi_bready", NULL, 0);
    }
    ir_port(m, IR_IN, IR_W(x->iw), "m_axi_rid", "AXI4 read data: any id order, interleaved", 1);
    ir_port(m, IR_IN, IR_W(x->d), "m_axi_rdata", NULL, 0);
    ir_port(m, IR_IN, IR_W(2), "m_axi_rresp", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "m_axi_rlast", NULL, 0);
    if (x->hint)
        ir_port(m, IR_IN, IR_W(1), "m_axi_ruser", "hint bit of the line (mem_rsp_hint_i); else 0",
                1);
    ir_port(m, IR_IN, IR_W(0), "m_axi_rvalid", NULL, 0);
    ir_port(m, IR_OUT, IR_W(0), "m_axi_rready", NULL, 0);
    ir_port(m, IR_OUT, IR_W(0), "axi_err_o", "sticky: an error response or protocol violation", 1);
    ir_port(m, IR_OUT, IR_W(2), "axi_err_kind_o", "the first one's Err* code", 1);
    ir_port(m, IR_OUT, IR_W(2), "axi_err_resp_o", "... its RRESP or BRESP", 1);
    ir_port(m, IR_OUT, IR_W(x->iw), "axi_err_id_o", "... its RID or BID", 1);
    ir_port(m, IR_OUT, IR_W(x->la), "axi_err_line_o", "... the line of its read or write", 1);
    ir_port(m, IR_IN, IR_W(0), "axi_err_clear_i", "clears the error register", 1);
    ir_node_t *grp = NULL;
    for (unsigned i = 0; pk && i < pk->nports; i++) {
        const pkg_port_t *q = &pk->port[i];
        if (!q->sim_only)
            continue;
        if (!grp)
            grp = ir_port_ifdef(m, GEN_EVENTS_MACRO,
                                "event port (simulation only): the L1's, passed through");
        ir_port_in(m, grp, IR_OUT, IR_W(q->vec ? q->width : 0), q->name, NULL, 0);
    }
}

/* The L1 instance, with (`ifdef) and without (`ifndef) its event port. */
static void axi_l1(ir_module_t *m, const gen_l1_t *g, const pkg_t *pk)
{
    for (int ev = 1; ev >= 0; ev--) {
        ir_node_t *d = ir_ifdef(m, &m->body, GEN_EVENTS_MACRO, !ev);
        ir_node_t *u = ir_inst(m, &d->body, g->top, "u_l1");
        for (unsigned i = 0; i < pk->nports; i++) {
            const pkg_port_t *q = &pk->port[i];
            if (q->sim_only && !ev)
                continue;
            ir_conn(m, u, q->name,
                    mem_port(q->name) ? F("l1_%.*s", (int)(strlen(q->name) - 6), q->name + 4)
                                      : q->name);
        }
    }
    ir_blank(m, &m->body);
}

/* Next value of a pointer 0..n-1 (bits wide) that wraps. */
static const char *wrap_next(ir_module_t *m, const char *q, unsigned n, unsigned bits)
{
    return F("(%s == %s) ? %s : %s + %s", q, K(bits, n - 1), K(bits, 0), q, K(bits, 1));
}

/* Requests: AR for a line read, AW + W for a store; the writes awaiting B. */
static void axi_requests(ir_module_t *m, const axi_w_t *x, reg_list_t *r)
{
    ir_comment(m, &m->body, "writes awaiting B, the oldest at wq_head_q: a read of one of their "
                            "lines waits");
    qd(m, r, x->wr, "wq_valid");
    for (unsigned i = 0; i < x->wr; i++)
        qd(m, r, x->la, F("wq%u_line", i));
    qd(m, r, x->wb, "wq_head");
    qd(m, r, x->wb, "wq_tail");
    ir_comment(m, &m->body, "the store at the head of the L1's channel: AW sent, W sent, W beat");
    qd(m, r, 1, "aw_done");
    qd(m, r, 1, "w_done");
    if (x->n > 1)
        qd(m, r, x->cb, "w_beat");
    ir_comment(m, &m->body, "per write awaiting B: of the requested line; free at the tail; the "
                            "oldest (one-hot: the pointers name one entry each)");
    ir_node_t *wv = ir_decl(m, &m->body, IR_WIRE, IR_W(x->wr), "wq_hit");
    ir_decl_name(m, wv, "wq_free", 0);
    ir_decl_name(m, wv, "wq_oldest", 0);
    for (unsigned i = 0; i < x->wr; i++) {
        ir_assign(m, &m->body, F("wq_hit[%u]", i),
                  P(F("wq_valid_q[%u] && wq%u_line_q == l1_req_line", i, i)));
        ir_assign(m, &m->body, F("wq_free[%u]", i),
                  F("wq_tail_q == %s && !wq_valid_q[%u]", K(x->wb, i), i));
        ir_assign(m, &m->body, F("wq_oldest[%u]", i),
                  F("wq_head_q == %s && wq_valid_q[%u]", K(x->wb, i), i));
    }
    ir_wire_init(m, &m->body, IR_W(0), "rd_hazard", "|wq_hit");
    ir_wire_init(m, &m->body, IR_W(0), "wq_room", "|wq_free");
    ir_wire_init(m, &m->body, IR_W(0), "b_head_valid", "|wq_oldest");
    ir_decl(m, &m->body, IR_REG, IR_W(x->la), "b_line");
    ir_pick_oh(m, &m->body, "b_line", x->la, "wq_oldest", x->wr, "wq%u_line_q");
    ir_blank(m, &m->body);

    const char *w_last = x->n > 1 ? F("w_beat_q == %s", K(x->cb, x->n - 1)) : "1'b1";
    ir_assign(m, &m->body, "m_axi_arid", P(F("%s", x->iw > x->mb ? F("{%s, l1_req_mshr}",
                                                                    K(x->iw - x->mb, 0))
                                                               : "l1_req_mshr")));
    ir_assign(m, &m->body, "m_axi_awid", K(x->iw, 0));
    for (int rd = 0; rd < 2; rd++) {
        const char c = rd ? 'r' : 'w';
        ir_assign(m, &m->body, F("m_axi_a%caddr", c), P(F("{l1_req_line, %s}", K(x->ob, 0))));
        ir_assign(m, &m->body, F("m_axi_a%clen", c), K(8, x->n - 1));
        ir_assign(m, &m->body, F("m_axi_a%csize", c), K(3, cfg_log2(x->s)));
        ir_assign(m, &m->body, F("m_axi_a%cburst", c), "2'b01"); /* INCR */
        ir_assign(m, &m->body, F("m_axi_a%clock", c), "1'b0");
        ir_assign(m, &m->body, F("m_axi_a%ccache", c), "4'b0011"); /* normal, bufferable */
        ir_assign(m, &m->body, F("m_axi_a%cprot", c), "3'b000");
        ir_assign(m, &m->body, F("m_axi_a%cqos", c), "4'b0000");
    }
    if (x->hint)
        ir_assign(m, &m->body, "m_axi_aruser", "l1_req_hint");
    ir_assign(m, &m->body, "m_axi_arvalid", P("l1_req_valid & ~l1_req_store & ~rd_hazard"));
    ir_assign(m, &m->body, "m_axi_awvalid", P("l1_req_valid & l1_req_store & ~aw_done_q & wq_room"));
    ir_assign(m, &m->body, "m_axi_wvalid",
              P("l1_req_valid & l1_req_store & ~w_done_q & (aw_done_q | wq_room)"));
    ir_assign(m, &m->body, "m_axi_wlast", w_last);
    ir_assign(m, &m->body, "m_axi_bready", "1'b1");
    ir_wire_init(m, &m->body, IR_W(0), "ar_fire", "m_axi_arvalid & m_axi_arready");
    ir_wire_init(m, &m->body, IR_W(0), "aw_fire", "m_axi_awvalid & m_axi_awready");
    ir_wire_init(m, &m->body, IR_W(0), "w_fire", "m_axi_wvalid & m_axi_wready");
    ir_wire_init(m, &m->body, IR_W(0), "wr_done",
                 F("(aw_done_q | aw_fire) & (w_done_q | (w_fire & (%s)))", w_last));
    ir_wire_init(m, &m->body, IR_W(0), "b_pop", "m_axi_bvalid & b_head_valid");
    ir_assign(m, &m->body, P("l1_req_ready"), "ar_fire | wr_done");
    ir_blank(m, &m->body);

    /* W: the beat's slice of the line and of its byte enables */
    ir_node_t *wd = ir_always_comb(m, &m->body, "wbeat", NULL);
    if (x->n == 1) {
        ir_set(m, &wd->body, "m_axi_wdata", P("l1_req_wdata"));
        ir_set(m, &wd->body, "m_axi_wstrb", P("l1_req_be"));
    } else {
        ir_set(m, &wd->body, "m_axi_wdata", K(x->d, 0));
        ir_set(m, &wd->body, "m_axi_wstrb", K(x->s, 0));
        ir_node_t *c = ir_case(m, &wd->body, "w_beat_q");
        for (unsigned b = 0; b < x->n; b++) {
            ir_node_t *it = ir_item(m, c, K(x->cb, b));
            ir_set(m, &it->body, "m_axi_wdata",
                   P(F("l1_req_wdata[%u:%u]", (b + 1) * x->d - 1, b * x->d)));
            ir_set(m, &it->body, "m_axi_wstrb", P(F("l1_req_be[%u:%u]", (b + 1) * x->s - 1, b * x->s)));
        }
        ir_item(m, c, NULL);
        ir_set(m, &c->body.tail->body, "m_axi_wdata", K(x->d, 0));
    }

    ir_node_t *ws = ir_always_comb(m, &m->body, "write", NULL);
    ir_set(m, &ws->body, "aw_done_d", "aw_done_q");
    ir_set(m, &ws->body, "w_done_d", "w_done_q");
    if (x->n > 1)
        ir_set(m, &ws->body, "w_beat_d", "w_beat_q");
    ir_set(m, &ws->body, "wq_valid_d", "wq_valid_q");
    ir_set(m, &ws->body, "wq_head_d", "wq_head_q");
    ir_set(m, &ws->body, "wq_tail_d", "wq_tail_q");
    for (unsigned i = 0; i < x->wr; i++)
        ir_set(m, &ws->body, F("wq%u_line_d", i), F("wq%u_line_q", i));
    ir_set(m, &ir_if(m, &ws->body, "aw_fire")->body, "aw_done_d", "1'b1");
    ir_node_t *wf = ir_if(m, &ws->body, "w_fire");
    if (x->n > 1)
        ir_set(m, &wf->body, "w_beat_d", F("w_beat_q + %s", K(x->cb, 1)));
    ir_set(m, &ir_if(m, &wf->body, w_last)->body, "w_done_d", "1'b1");
    wf->flag = 1;
    ir_node_t *wr = ir_if(m, &ws->body, "wr_done");
    ir_set(m, &wr->body, "aw_done_d", "1'b0");
    ir_set(m, &wr->body, "w_done_d", "1'b0");
    if (x->n > 1)
        ir_set(m, &wr->body, "w_beat_d", K(x->cb, 0));
    wr->flag = 1;
    ir_node_t *push = ir_if(m, &ws->body, "aw_fire");
    push->flag = 1;
    for (unsigned i = 0; i < x->wr; i++) {
        ir_node_t *e = ir_if(m, &push->body, F("wq_tail_q == %s", K(x->wb, i)));
        e->flag = 1;
        ir_set(m, &e->body, F("wq_valid_d[%u]", i), "1'b1");
        ir_set(m, &e->body, F("wq%u_line_d", i), P("l1_req_line"));
    }
    ir_set(m, &push->body, "wq_tail_d", wrap_next(m, "wq_tail_q", x->wr, x->wb));
    ir_node_t *pop = ir_if(m, &ws->body, "b_pop");
    pop->flag = 1;
    for (unsigned i = 0; i < x->wr; i++)
        ir_set(m, &ir_if(m, &pop->body, F("wq_head_q == %s", K(x->wb, i)))->body,
               F("wq_valid_d[%u]", i), "1'b0");
    ir_set(m, &pop->body, "wq_head_d", wrap_next(m, "wq_head_q", x->wr, x->wb));
    ir_blank(m, &m->body);
}

/* Reads: R beats gathered per MSHR, complete lines handed to the L1 in completion order. */
static void axi_reads(ir_module_t *m, const axi_w_t *x, reg_list_t *r)
{
    ir_comment(m, &m->body, x->hint ? "per MSHR: read sent (busy), line complete (done), its hint, "
                                      "line address, beat count and line buffer (beats shift in "
                                      "from the top)"
                                    : "per MSHR: read sent (busy), line complete (done), line "
                                      "address, beat count and line buffer (beats shift in from "
                                      "the top)");
    qd(m, r, x->mshrs, "busy");
    qd(m, r, x->mshrs, "done");
    if (x->hint)
        qd(m, r, x->mshrs, "hint");
    if (x->err) {
        ir_comment(m, &m->body, "per MSHR: some beat of its read came back SLVERR or DECERR");
        qd(m, r, x->mshrs, "rerr");
    }
    for (unsigned k = 0; k < x->mshrs; k++) {
        qd(m, r, x->la, F("rl%u_line", k));
        if (x->n > 1)
            qd(m, r, x->cb, F("rb%u_beat", k));
        qd(m, r, x->lb, F("rb%u_data", k));
    }
    ir_comment(m, &m->body, "complete lines in completion order, the oldest at cq_head_q");
    qd(m, r, x->mshrs, "cq_valid");
    for (unsigned k = 0; k < x->mshrs; k++)
        qd(m, r, x->mb, F("cq%u_mshr", k));
    qd(m, r, x->mb, "cq_head");
    qd(m, r, x->mb, "cq_tail");
    ir_comment(m, &m->body, "the line handed to the cache side, registered (valid, its MSHR, one-hot "
                            "and binary): the cache reads the MSHR number from a flop, its line "
                            "from that MSHR's buffer by a one-hot pick");
    qd(m, r, 1, "hv");
    qd(m, r, x->mb, "hm");
    qd(m, r, x->mshrs, "hoh");
    ir_comment(m, &m->body, "the MSHR an R beat belongs to, one-hot (RID is one value, so at most "
                            "one), and which MSHRs are at their last beat");
    ir_node_t *rv = ir_decl(m, &m->body, IR_WIRE, IR_W(x->mshrs), "r_hit");
    ir_decl_name(m, rv, "r_lastv", 0);
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_assign(m, &m->body, F("r_hit[%u]", k),
                  F("m_axi_rid == %s && busy_q[%u] && !done_q[%u]", K(x->iw, k), k, k));
        ir_assign(m, &m->body, F("r_lastv[%u]", k),
                  x->n > 1 ? F("rb%u_beat_q == %s", k, K(x->cb, x->n - 1)) : "1'b1");
    }
    ir_wire_init(m, &m->body, IR_W(0), "r_match", "|r_hit");
    ir_wire_init(m, &m->body, IR_W(0), "r_last", "|(r_hit & r_lastv)");
    ir_encode_oh(m, &m->body, "r_idx", "r_hit", x->mshrs, x->mb);
    ir_decl(m, &m->body, IR_REG, IR_W(x->la), "r_line");
    ir_pick_oh(m, &m->body, "r_line", x->la, "r_hit", x->mshrs, "rl%u_line_q");
    ir_wire_init(m, &m->body, IR_W(0), "r_take", "m_axi_rvalid & r_match");
    ir_assign(m, &m->body, "m_axi_rready", "1'b1");
    ir_wire_init(m, &m->body, IR_W(0), "fill_take", P("l1_rsp_valid & l1_rsp_ready"));
    ir_blank(m, &m->body);

    ir_comment(m, &m->body, "the queue's oldest entry (one-hot) and its MSHR, loaded into the hand-off "
                            "register when that is empty or being taken");
    ir_node_t *cv = ir_decl(m, &m->body, IR_WIRE, IR_W(x->mshrs), "cq_sel");
    ir_decl_name(m, cv, "next_oh", 0);
    for (unsigned k = 0; k < x->mshrs; k++)
        ir_assign(m, &m->body, F("cq_sel[%u]", k),
                  F("cq_head_q == %s && cq_valid_q[%u]", K(x->mb, k), k));
    ir_decl(m, &m->body, IR_REG, IR_W(x->mb), "next_mshr");
    ir_pick_oh(m, &m->body, "next_mshr", x->mb, "cq_sel", x->mshrs, "cq%u_mshr_q");
    for (unsigned k = 0; k < x->mshrs; k++)
        ir_assign(m, &m->body, F("next_oh[%u]", k), F("next_mshr == %s", K(x->mb, k)));
    ir_wire_init(m, &m->body, IR_W(0), "h_load", "(~hv_q | fill_take) & |cq_sel");
    ir_node_t *f = ir_always_comb(m, &m->body, "fill", "the handed line, to the cache side");
    ir_set(m, &f->body, P("l1_rsp_valid"), "hv_q");
    ir_set(m, &f->body, P("l1_rsp_mshr"), "hm_q");
    if (x->hint)
        ir_set(m, &f->body, "l1_rsp_hint", "|(hoh_q & hint_q)");
    if (x->err)
        ir_set(m, &f->body, "l1_rsp_err", "|(hoh_q & rerr_q)");
    ir_pick_oh(m, &m->body, P("l1_rsp_data"), x->lb, "hoh_q", x->mshrs, "rb%u_data_q");

    ir_node_t *s = ir_always_comb(m, &m->body, "rstate", NULL);
    ir_set(m, &s->body, "busy_d", "busy_q");
    ir_set(m, &s->body, "done_d", "done_q");
    if (x->hint)
        ir_set(m, &s->body, "hint_d", "hint_q");
    if (x->err)
        ir_set(m, &s->body, "rerr_d", "rerr_q");
    ir_set(m, &s->body, "cq_valid_d", "cq_valid_q");
    ir_set(m, &s->body, "cq_head_d", "cq_head_q");
    ir_set(m, &s->body, "hv_d", "hv_q & ~fill_take");
    ir_set(m, &s->body, "hm_d", "hm_q");
    ir_set(m, &s->body, "hoh_d", "hoh_q");
    ir_set(m, &s->body, "cq_tail_d", "cq_tail_q");
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_set(m, &s->body, F("rl%u_line_d", k), F("rl%u_line_q", k));
        if (x->n > 1)
            ir_set(m, &s->body, F("rb%u_beat_d", k), F("rb%u_beat_q", k));
        ir_set(m, &s->body, F("rb%u_data_d", k), F("rb%u_data_q", k));
        ir_set(m, &s->body, F("cq%u_mshr_d", k), F("cq%u_mshr_q", k));
    }
    ir_node_t *ar = ir_if(m, &s->body, "ar_fire");
    ar->flag = 1;
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_node_t *h = ir_if(m, &ar->body, P(F("l1_req_mshr == %s", K(x->mb, k))));
        h->flag = 1;
        ir_set(m, &h->body, F("busy_d[%u]", k), "1'b1");
        ir_set(m, &h->body, F("rl%u_line_d", k), P("l1_req_line"));
        if (x->err)
            ir_set(m, &h->body, F("rerr_d[%u]", k), "1'b0");
    }
    ir_node_t *rt = ir_if(m, &s->body, "r_take");
    rt->flag = 1;
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_node_t *h = ir_if(m, &rt->body, F("r_hit[%u]", k));
        h->flag = 1;
        ir_set(m, &h->body, F("rb%u_data_d", k),
               x->n > 1 ? F("{m_axi_rdata, rb%u_data_q[%u:%u]}", k, x->lb - 1, x->d)
                        : "m_axi_rdata");
        if (x->n > 1)
            ir_set(m, &h->body, F("rb%u_beat_d", k), F("rb%u_beat_q + %s", k, K(x->cb, 1)));
        if (x->hint)
            ir_set(m, &h->body, F("hint_d[%u]", k), "m_axi_ruser[0]");
        if (x->err) /* SLVERR 2, DECERR 3 */
            ir_set(m, &ir_if(m, &h->body, "m_axi_rresp[1]")->body, F("rerr_d[%u]", k), "1'b1");
        ir_set(m, &ir_if(m, &h->body, "r_last")->body, F("done_d[%u]", k), "1'b1");
    }
    ir_node_t *push = ir_if(m, &rt->body, "r_last");
    push->flag = 1;
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_node_t *e = ir_if(m, &push->body, F("cq_tail_q == %s", K(x->mb, k)));
        e->flag = 1;
        ir_set(m, &e->body, F("cq_valid_d[%u]", k), "1'b1");
        ir_set(m, &e->body, F("cq%u_mshr_d", k), "r_idx");
    }
    ir_set(m, &push->body, "cq_tail_d", wrap_next(m, "cq_tail_q", x->mshrs, x->mb));
    ir_node_t *ft = ir_if(m, &s->body, "fill_take");
    ft->flag = 1;
    for (unsigned k = 0; k < x->mshrs; k++) {
        ir_node_t *h = ir_if(m, &ft->body, F("hoh_q[%u]", k));
        h->flag = 1;
        ir_set(m, &h->body, F("busy_d[%u]", k), "1'b0");
        ir_set(m, &h->body, F("done_d[%u]", k), "1'b0");
    }
    /* the head entry leaves the queue as its MSHR enters the hand-off register */
    ir_node_t *hl = ir_if(m, &s->body, "h_load");
    hl->flag = 1;
    ir_set(m, &hl->body, "hv_d", "1'b1");
    ir_set(m, &hl->body, "hm_d", "next_mshr");
    ir_set(m, &hl->body, "hoh_d", "next_oh");
    for (unsigned k = 0; k < x->mshrs; k++)
        ir_set(m, &ir_if(m, &hl->body, F("cq_sel[%u]", k))->body, F("cq_valid_d[%u]", k), "1'b0");
    ir_set(m, &hl->body, "cq_head_d", wrap_next(m, "cq_head_q", x->mshrs, x->mb));
    ir_blank(m, &m->body);
}

/* The sticky error register: the first error response or protocol violation since the last
 * clear (a B is looked at before an R of the same cycle). */
static void axi_errors(ir_module_t *m, const axi_w_t *x, reg_list_t *r)
{
    qd(m, r, 1, "err");
    qd(m, r, 2, "err_kind");
    qd(m, r, 2, "err_resp");
    qd(m, r, x->iw, "err_id");
    qd(m, r, x->la, "err_line");
    ir_wire_init(m, &m->body, IR_W(0), "b_proto",
                 F("m_axi_bvalid & (~b_head_valid | (m_axi_bid != %s))", K(x->iw, 0)));
    ir_wire_init(m, &m->body, IR_W(0), "r_proto",
                 "m_axi_rvalid & (~r_match | (m_axi_rlast != r_last))");
    ir_node_t *a = ir_always_comb(m, &m->body, "error", NULL);
    ir_set(m, &a->body, "err_d", "err_q & ~axi_err_clear_i");
    ir_set(m, &a->body, "err_kind_d", "err_kind_q");
    ir_set(m, &a->body, "err_resp_d", "err_resp_q");
    ir_set(m, &a->body, "err_id_d", "err_id_q");
    ir_set(m, &a->body, "err_line_d", "err_line_q");
    ir_node_t *nw = ir_if(m, &a->body, "!err_d");
    nw->flag = 1;
    ir_node_t *b = ir_if(m, &nw->body, "b_proto | (b_pop & m_axi_bresp[1])");
    ir_set(m, &b->body, "err_d", "1'b1");
    ir_set(m, &b->body, "err_kind_d", "b_proto ? ErrProtocol : ErrWrite");
    ir_set(m, &b->body, "err_resp_d", "m_axi_bresp");
    ir_set(m, &b->body, "err_id_d", "m_axi_bid");
    ir_set(m, &b->body, "err_line_d", "b_line");
    ir_node_t *rr = ir_elif(m, b, "r_proto | (r_take & m_axi_rresp[1])");
    ir_set(m, &rr->body, "err_d", "1'b1");
    ir_set(m, &rr->body, "err_kind_d", "r_proto ? ErrProtocol : ErrRead");
    ir_set(m, &rr->body, "err_resp_d", "m_axi_rresp");
    ir_set(m, &rr->body, "err_id_d", "m_axi_rid");
    ir_set(m, &rr->body, "err_line_d", "r_line");
    ir_assign(m, &m->body, "axi_err_o", "err_q");
    ir_assign(m, &m->body, "axi_err_kind_o", "err_kind_q");
    ir_assign(m, &m->body, "axi_err_resp_o", "err_resp_q");
    ir_assign(m, &m->body, "axi_err_id_o", "err_id_q");
    ir_assign(m, &m->body, "axi_err_line_o", "err_line_q");
    ir_blank(m, &m->body);
}

/* The widths of either side: a line of la address and lb data bits, mshrs MSHRs of mb bits. */
static void axi_widths(axi_w_t *x, const cfg_t *c, unsigned la, unsigned lb, unsigned mshrs,
                       unsigned mb)
{
    x->la = la;
    x->lb = lb;
    x->be = lb / 8;
    x->ob = cfg_log2(x->be);
    x->d = c->axi.data_bits;
    x->s = x->d / 8;
    x->n = x->lb / x->d;
    x->cb = x->n > 1 ? cfg_log2(x->n) : 1;
    x->iw = c->axi.id_bits;
    x->mshrs = mshrs;
    x->mb = mb;
    x->wr = c->axi.max_writes;
    x->wb = x->wr > 1 ? cfg_log2(x->wr) : 1;
    assert(x->n >= 1 && x->n <= 256 && x->lb % x->d == 0 && x->mb <= x->iw);
}

/* The error codes, the cache side's wires (prefix x->p) and the three parts, then the flops. */
static void axi_body(ir_module_t *m, const axi_w_t *x, const char *side,
                     void (*attach)(ir_module_t *, const void *), const void *arg)
{
    reg_list_t *r = calloc(1, sizeof *r);
    assert(r);
    ir_param(m, &m->body, 1, "ErrRead", K(2, ERR_READ))->w = IR_W(2);
    ir_param(m, &m->body, 1, "ErrWrite", K(2, ERR_WRITE))->w = IR_W(2);
    ir_param(m, &m->body, 1, "ErrProtocol", K(2, ERR_PROTOCOL))->w = IR_W(2);
    ir_comment(m, &m->body, side);
    ir_node_t *w1 = ir_decl(m, &m->body, IR_WIRE, IR_W(0), P("l1_req_valid"));
    ir_decl_name(m, w1, P("l1_req_store"), 0);
    if (x->hint)
        ir_decl_name(m, w1, "l1_req_hint", 0);
    ir_decl_name(m, w1, P("l1_req_ready"), 0);
    ir_decl_name(m, w1, P("l1_rsp_ready"), 0);
    ir_decl(m, &m->body, IR_WIRE, IR_W(x->la), P("l1_req_line"));
    ir_decl(m, &m->body, IR_WIRE, IR_W(x->mb), P("l1_req_mshr"));
    ir_decl(m, &m->body, IR_WIRE, IR_W(x->be), P("l1_req_be"));
    ir_decl(m, &m->body, IR_WIRE, IR_W(x->lb), P("l1_req_wdata"));
    ir_node_t *r1 = ir_decl(m, &m->body, IR_REG, IR_W(0), P("l1_rsp_valid"));
    if (x->hint)
        ir_decl_name(m, r1, "l1_rsp_hint", 0);
    if (x->err)
        ir_decl_name(m, r1, "l1_rsp_err", 0);
    ir_decl(m, &m->body, IR_REG, IR_W(x->mb), P("l1_rsp_mshr"));
    ir_decl(m, &m->body, IR_REG, IR_W(x->lb), P("l1_rsp_data"));
    ir_blank(m, &m->body);
    attach(m, arg);
    axi_requests(m, x, r);
    axi_reads(m, x, r);
    axi_errors(m, x, r);

    ir_node_t *ff = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    for (unsigned i = 0; i < r->n; i++) {
        ir_nb(m, &ff->alt, F("%s_q", r->name[i]), ir_zero(m, r->width[i]));
        ir_nb(m, &ff->body, F("%s_q", r->name[i]), F("%s_d", r->name[i]));
    }
    free(r);
}

typedef struct l1_attach {
    const gen_l1_t *g;
    const pkg_t *pk;
} l1_attach_t;

static void attach_l1(ir_module_t *m, const void *arg)
{
    const l1_attach_t *a = arg;
    axi_l1(m, a->g, a->pk);
}

void emit_l1_axi(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    assert(c->axi.enable);
    axi_w_t x;
    axi_widths(&x, c, g->lay.line_addr_bits, g->lay.line_bits, c->l1.mshrs, g->lay.mshr_bits);
    x.p = "l1";
    x.hint = 1;
    x.err = 1;

    pkg_t *pk = calloc(1, sizeof *pk);
    assert(pk);
    pkg_build(g, pk);
    char name[GEN_MOD_MAX];
    emit_axi_name(g, name, sizeof name);
    ir_module_t mod, *m = &mod;
    ir_module_init(m, name);
    gen_ir_header(m, c, "the L1 with an AXI4 master as its memory side (docs/ip.md)");
    axi_ports(m, pk, &x);
    const l1_attach_t a = {g, pk};
    axi_body(m, &x, "the L1's memory side", attach_l1, &a);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
    free(pk);
}

void emit_l2_axi_name(const gen_l1_t *g, char *out, size_t len)
{
    snprintf(out, len, "%s_l2_axi", g->cfg->name);
}

/* The bridge's cache side: the L2 slice's memory port, mirrored (connect mem_req_*_o to
 * req_*_i, mem_rsp_*_i to rsp_*_o). */
static void l2_ports(ir_module_t *m, const axi_w_t *x)
{
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "req_valid_i",
            "the L2 slice's memory request (its mem_req_*_o): a line read tagged by its MSHR, or "
            "a write-back of a whole line",
            1);
    ir_port(m, IR_OUT, IR_W(0), "req_ready_o", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "req_store_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(x->la), "req_line_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(x->mb), "req_mshr_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(x->lb), "req_wdata_i", NULL, 0);
    ir_port(m, IR_OUT, IR_W(0), "rsp_valid_o",
            "the line of a read, to the L2 slice's mem_rsp_*_i: complete lines in the order their "
            "last beats came",
            1);
    ir_port(m, IR_IN, IR_W(0), "rsp_ready_i", NULL, 0);
    ir_port(m, IR_OUT, IR_W(x->mb), "rsp_mshr_o", NULL, 0);
    ir_port(m, IR_OUT, IR_W(x->lb), "rsp_data_o", NULL, 0);
}

static void attach_l2(ir_module_t *m, const void *arg)
{
    const axi_w_t *x = arg;
    ir_comment(m, &m->body, "a write-back writes its whole line");
    ir_assign(m, &m->body, "l2_req_valid", "req_valid_i");
    ir_assign(m, &m->body, "l2_req_store", "req_store_i");
    ir_assign(m, &m->body, "l2_req_line", "req_line_i");
    ir_assign(m, &m->body, "l2_req_mshr", "req_mshr_i");
    ir_assign(m, &m->body, "l2_req_be", F("{%u{1'b1}}", x->be));
    ir_assign(m, &m->body, "l2_req_wdata", "req_wdata_i");
    ir_assign(m, &m->body, "req_ready_o", "l2_req_ready");
    ir_assign(m, &m->body, "rsp_valid_o", "l2_rsp_valid");
    ir_assign(m, &m->body, "rsp_mshr_o", "l2_rsp_mshr");
    ir_assign(m, &m->body, "rsp_data_o", "l2_rsp_data");
    ir_assign(m, &m->body, "l2_rsp_ready", "rsp_ready_i");
    ir_blank(m, &m->body);
}

void emit_l2_axi(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    assert(c->axi.enable);
    lay_l2_t l2;
    lay_l2_build(c, &l2);
    axi_w_t x;
    axi_widths(&x, c, g->lay.line_addr_bits, g->lay.line_bits, c->l2.mshrs, l2.mshr_bits);
    x.p = "l2";
    x.hint = 0;
    x.err = 0; /* the L2 answers no error: its failed reads set axi_err_o only */
    char name[GEN_MOD_MAX];
    emit_l2_axi_name(g, name, sizeof name);
    ir_module_t mod, *m = &mod;
    ir_module_init(m, name);
    gen_ir_header(m, c, "the L2 slice's memory port as an AXI4 master: a bridge (docs/ip.md)");
    l2_ports(m, &x);
    axi_ports(m, NULL, &x);
    axi_body(m, &x, "the L2 slice's memory side", attach_l2, &x);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
