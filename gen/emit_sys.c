/* emit_sys: the system top of SPEC 3.2: system.cores copies of the L1, a round-robin arbiter
 * from their memory channels to the L2 slice, the L2's read responses routed back by core id
 * (on each L1's mem_rsp_hint_i the L2's victim bit, or with the PC predictor its bypass bit;
 * each L1's mem_req_hint_o, the bypass prediction, goes with its read to the L2's req_pred_i),
 * and the L2's memory port outside. Core ports,
 * counters and every cache's event port are concatenated per L1 (L1 c in slice c). With
 * system.cpu_cores = C > 0 (SPEC 3.8) the top also has C CPU request ports, each shaped like an
 * L1's memory side (line reads and writes with an id; read responses with that id and the
 * line): the arbiter serves them after the L1s as requesters P..P+C-1, their core id on the L2,
 * and the L2's responses to those ids go back to them. The L2 policy's own inputs (TAP's
 * retired_i, 4 bits per GPU core, for its core-sampling controller) and event fields pass
 * through the top by the policy's hooks (l2pol.h: sys_ports, evt_ports): this file names no
 * policy. */
#include "emit_l1.h"
#include "emit_l2.h"
#include "emit_pipe.h"
#include "l2pol.h"

#include "../core/lay_l2.h"
#include "mech.h"

#include <assert.h>

static void emit_l2_pol_sys_ports(emit_t *e, const gen_l1_t *g, int decl);
static void emit_l2_event_ports(emit_t *e, const gen_l1_t *g, const char *prefix, int decl);
static const char *slice(const char *name, unsigned c, unsigned width);

/* `ifdef CACHEGEN_EVENTS and the comma that goes on the list (the event ports end it). */
static void sim_open(emit_t *e, const char *what)
{
    emit_line(e, "`ifdef %s", GEN_EVENTS_MACRO);
    emit_line(e, ", // %s (simulation only)", what);
}


typedef struct sys_w {
    unsigned C, N; /* CPU ports (system.cpu_cores) and requesters of the arbiter (P + C) */
    unsigned P, pb, la, id, pc, base, lb, lw, mb, cw, m, wb, t, rb, core, l2mb;
    mech_evt_port_t own[MECH_EVT_PORTS_MAX]; /* the mechanism's own L1 event ports */
    unsigned n_own;
    const char *hint; /* the L2 response bit each L1 reads on mem_rsp_hint_i */
} sys_w_t;

static void widths(const gen_l1_t *g, sys_w_t *w)
{
    const cfg_t *c = g->cfg;
    const lay_l1_t *l = &g->lay;
    lay_l2_t l2;
    lay_l2_build(c, &l2);
    w->P = c->sys.cores;
    w->C = c->sys.cpu_cores;
    w->N = w->P + w->C;
    w->pb = w->N > 1 ? cfg_log2(w->N) : 1;
    w->la = l->line_addr_bits;
    w->id = c->l1.id_bits;
    w->pc = c->l1.pc_bits;
    w->base = c->l1.fgcb_id_bits;
    w->lb = c->l1.line_bytes;
    w->lw = l->line_bits;
    w->mb = l->mshr_bits;
    w->cw = c->l1.counter_bits;
    w->m = l->set_bits;
    w->wb = l->way_bits;
    w->t = l->tag_bits;
    w->rb = l->row_bits;
    w->core = c->l1.core_bits;
    w->l2mb = l2.mshr_bits;
    const gen_mech_t *mech = gen_mech(g);
    w->n_own = mech->evt_ports ? mech->evt_ports(g, w->own) : 0;
    w->hint = mech->sys_hint ? mech->sys_hint : "l2_rsp_vbit";
}

/* "[W*P-1:0] " for a port of P concatenated W-bit fields. */
static const char *vec(const sys_w_t *w, unsigned width) { return emit_range(width * w->P); }

/* The CPU ports (SPEC 3.8): port k in bit / slice k, the channels of an L1's memory side. */
static void emit_cpu_ports(emit_t *e, const sys_w_t *w)
{
    unsigned C = w->C;
    emit_line(e, "// CPU ports (SPEC 3.8), port k in bit / slice k: line reads and writes into");
    emit_line(e, "// the L2 (core id %u + k, application k), read responses back with their id",
              w->P);
    emit_line(e, "input  wire %scpu_req_valid_i,", emit_range(C));
    emit_line(e, "output wire %scpu_req_ready_o,", emit_range(C));
    emit_line(e, "input  wire %scpu_req_store_i,", emit_range(C));
    emit_line(e, "input  wire %scpu_req_line_i,", emit_range(C * w->la));
    emit_line(e, "input  wire %scpu_req_id_i, // a read's id comes back with its line",
              emit_range(C * w->mb));
    emit_line(e, "input  wire %scpu_req_be_i,", emit_range(C * w->lb));
    emit_line(e, "input  wire %scpu_req_wdata_i,", emit_range(C * w->lw));
    emit_line(e, "output wire %scpu_rsp_valid_o,", emit_range(C));
    emit_line(e, "input  wire %scpu_rsp_ready_i,", emit_range(C));
    emit_line(e, "output wire %scpu_rsp_id_o,", emit_range(C * w->mb));
    emit_line(e, "output wire %scpu_rsp_data_o,", emit_range(C * w->lw));
}

/* Requester i's memory-request wire `field`: L1 i's (l1_<i>_mreq_), else CPU port i - P's. */
static const char *req_wire(const sys_w_t *w, unsigned i, const char *field)
{
    static char buf[4][48];
    static unsigned k;
    char *b = buf[k++ % 4];
    if (i < w->P)
        snprintf(b, 48, "l1_%u_mreq_%s", i, field);
    else
        snprintf(b, 48, "cpu_%u_mreq_%s", i - w->P, field);
    return b;
}

/* The arbiter's AND-OR pick of one request field over every requester (emit_pick_oh's text). */
static void emit_pick_req(emit_t *e, const sys_w_t *w, const char *out, unsigned width,
                          const char *from)
{
    if (!w->C) {
        char fmt[48];
        snprintf(fmt, sizeof fmt, "l1_%%u_mreq_%s", from);
        emit_pick_oh(e, out, width, "grant_oh", w->P, fmt);
        return;
    }
    emit_line(e, "always @* %s =", out);
    emit_in(e);
    for (unsigned i = 0; i < w->N; i++)
        emit_line(e, "%s{%u{grant_oh[%u]}} & %s%s", i ? "| " : "  ", width, i,
                  req_wire(w, i, from), i + 1 < w->N ? "" : ";");
    emit_out(e);
}

/* CPU port k's request as the arbiter's requester P + k (no bypass prediction: hint 0) and its
 * responses: the L2's for core id P + k, with the id the L2 carries as the L1 MSHR number. */
static void emit_cpu_wires(emit_t *e, const sys_w_t *w)
{
    for (unsigned k = 0; k < w->C; k++) {
        emit_line(e, "// CPU port %u: requester %u of the arbiter", k, w->P + k);
        emit_line(e, "wire cpu_%u_mreq_valid = %s;", k, slice("cpu_req_valid_i", k, 1));
        emit_line(e, "wire cpu_%u_mreq_store = %s;", k, slice("cpu_req_store_i", k, 1));
        emit_line(e, "wire cpu_%u_mreq_hint = 1'b0; // no bypass prediction", k);
        emit_line(e, "wire %scpu_%u_mreq_line = %s;", emit_range(w->la), k,
                  slice("cpu_req_line_i", k, w->la));
        emit_line(e, "wire %scpu_%u_mreq_mshr = %s;", emit_range(w->mb), k,
                  slice("cpu_req_id_i", k, w->mb));
        emit_line(e, "wire %scpu_%u_mreq_be = %s;", emit_range(w->lb), k,
                  slice("cpu_req_be_i", k, w->lb));
        emit_line(e, "wire %scpu_%u_mreq_wdata = %s;", emit_range(w->lw), k,
                  slice("cpu_req_wdata_i", k, w->lw));
        emit_line(e, "wire cpu_%u_mrsp_ready = %s;", k, slice("cpu_rsp_ready_i", k, 1));
        emit_line(e, "assign %s = l1_mreq_ready[%u];", slice("cpu_req_ready_o", k, 1), w->P + k);
        emit_line(e, "assign %s = l1_mrsp_valid[%u];", slice("cpu_rsp_valid_o", k, 1), w->P + k);
        emit_line(e, "assign %s = l2_rsp_mshr;", slice("cpu_rsp_id_o", k, w->mb));
        emit_line(e, "assign %s = l2_rsp_data;", slice("cpu_rsp_data_o", k, w->lw));
    }
    if (w->C)
        emit_blank(e);
}

static void emit_ports(emit_t *e, const gen_l1_t *g, const sys_w_t *w)
{
    emit_line(e, "module %s_sys (", g->top);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "// core requests and responses, L1 c in bit / slice c");
    emit_line(e, "input  wire %sreq_valid_i,", vec(w, 1));
    emit_line(e, "output wire %sreq_ready_o,", vec(w, 1));
    emit_line(e, "input  wire %sreq_store_i,", vec(w, 1));
    emit_line(e, "input  wire %sreq_line_i,", vec(w, w->la));
    emit_line(e, "input  wire %sreq_id_i,", vec(w, w->id));
    emit_line(e, "input  wire %sreq_pc_i,", vec(w, w->pc));
    emit_line(e, "input  wire %sreq_base_i, // sacat: each load's base id (FG-CB)", vec(w, w->base));
    emit_line(e, "input  wire %sreq_be_i,", vec(w, w->lb));
    emit_line(e, "input  wire %sreq_wdata_i,", vec(w, w->lw));
    emit_line(e, "output wire %srsp_valid_o,", vec(w, 1));
    emit_line(e, "input  wire %srsp_ready_i,", vec(w, 1));
    emit_line(e, "output wire %srsp_id_o,", vec(w, w->id));
    emit_line(e, "output wire %srsp_status_o,", vec(w, lay_status_bits(g->cfg)));
    emit_line(e, "output wire %srsp_data_o,", vec(w, w->lw));
    if (w->C)
        emit_cpu_ports(e, w);
    emit_l2_pol_sys_ports(e, g, 1);
    emit_line(e, "input  wire flush_i,");
    emit_line(e, "input  wire kernel_start_i,");
    emit_line(e, "input  wire filter_enable_i,");
    emit_line(e, "// the L2 slice's memory port");
    emit_line(e, "output wire mem_req_valid_o,");
    emit_line(e, "input  wire mem_req_ready_i,");
    emit_line(e, "output wire mem_req_store_o,");
    emit_line(e, "output wire %smem_req_line_o,", emit_range(w->la));
    emit_line(e, "output wire %smem_req_mshr_o,", emit_range(w->l2mb));
    emit_line(e, "output wire %smem_req_wdata_o,", emit_range(w->lw));
    emit_line(e, "input  wire mem_rsp_valid_i,");
    emit_line(e, "output wire mem_rsp_ready_o,");
    emit_line(e, "input  wire %smem_rsp_mshr_i,", emit_range(w->l2mb));
    emit_line(e, "input  wire %smem_rsp_data_i,", emit_range(w->lw));
    emit_line(e, "// counters: every L1's, then the L2's");
    for (unsigned i = 0; i < CNT_COUNT; i++)
        emit_line(e, "output wire %scnt_%s_o,", vec(w, w->cw), lay_counter_names[i]);
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "output wire %sl2_cnt_%s_o,", emit_range(w->cw), lay_l2_counter_names[i]);
    emit_line(e, "// simulation only: the arbiter's grant, the L2's responses, every event port");
    emit_line(e, "output wire l2_req_valid_o,");
    emit_line(e, "output wire l2_req_ready_o,");
    emit_line(e, "output wire %sl2_req_core_o,", emit_range(w->core));
    emit_line(e, "output wire l2_rsp_valid_o,");
    emit_line(e, "output wire l2_rsp_ready_o,");
    emit_line(e, "output wire %sl2_rsp_core_o,", emit_range(w->core));
    emit_line(e, "output wire %sl2_rsp_mshr_o,", emit_range(w->mb));
    emit_line(e, "output wire %sl2_rsp_data_o,", emit_range(w->lw));
    emit_line(e, "output wire l2_req_pred_o, // the granted read's bypass prediction (PC predictor)");
    emit_line(e, "output wire l2_rsp_vbit_o,");
    emit_line(e, "output wire l2_rsp_bbit_o, // the line's bypass bit before the read (PC predictor)");
    emit_line(e, "output wire l2_rsp_l2hit_o");
    sim_open(e, "every event port, concatenated over the L1s, then the L2's");
    emit_line(e, "output wire %sevt_l1_valid_o,", vec(w, 1));
    emit_line(e, "output wire %sevt_l1_kind_o,", vec(w, LAY_EVT_KIND_BITS));
    emit_line(e, "output wire %sevt_l1_dec_o,", vec(w, LAY_DEC_BITS));
    emit_line(e, "output wire %sevt_l1_set_o,", vec(w, w->m));
    emit_line(e, "output wire %sevt_l1_way_o,", vec(w, w->wb));
    emit_line(e, "output wire %sevt_l1_evict_o,", vec(w, 1));
    emit_line(e, "output wire %sevt_l1_evict_tag_o,", vec(w, w->t));
    emit_line(e, "output wire %sevt_l1_mshr_o,", vec(w, w->mb));
    for (unsigned i = 0; i < w->n_own; i++)
        emit_line(e, "output wire %sevt_l1_%s_o,", vec(w, w->own[i].width), w->own[i].name);
    emit_line(e, "output wire %sevt_l1_row_o,", vec(w, w->rb));
    emit_l2_event_ports(e, g, "evt_l2_", 1);
    emit_line(e, "`endif");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

/* The L2 policy's inputs on the system top (decl = 1) or on the slice's instance (decl = 0). */
static void emit_l2_pol_sys_ports(emit_t *e, const gen_l1_t *g, int decl)
{
    const gen_l2_pol_t *pol = l2pol_for(g->cfg);
    if (pol->sys_ports) {
        gen_l2_t g2;
        gen_l2_init(&g2, g->cfg);
        pol->sys_ports(e, &g2, decl);
    }
}

/* The L2's event port: as declarations of the system's ports (decl = 1, names prefixed) or as
 * the instance's connections to them (decl = 0). Widths from core/lay_l2. */
static void emit_l2_event_ports(emit_t *e, const gen_l1_t *g, const char *prefix, int decl)
{
    lay_l2_t l2;
    lay_l2_build(g->cfg, &l2);
    /* the L2 policy's own fields go between store and row (emit_l2_top's order; tb/l2pol_tb_*.h
     * compare them through the system top) */
    struct { const char *name; unsigned width; } f[12 + L2POL_EVT_PORTS_MAX] = {
        {"valid", 1}, {"kind", LAY_EVT_KIND_BITS}, {"dec", LAY_DEC_BITS}, {"set", l2.set_bits},
        {"way", l2.way_bits}, {"evict", 1}, {"dirty", 1}, {"evict_tag", l2.tag_bits},
        {"mshr", l2.mshr_bits}, {"core", g->cfg->l1.core_bits}, {"store", 1}};
    unsigned n = 11;
    const gen_l2_pol_t *pol = l2pol_for(g->cfg);
    if (pol->evt_ports) {
        gen_l2_t g2;
        pipe_evt_port_t t[L2POL_EVT_PORTS_MAX];
        gen_l2_init(&g2, g->cfg);
        for (unsigned i = 0, k = pol->evt_ports(&g2, t); i < k; i++)
            f[n].name = t[i].name, f[n++].width = t[i].width;
    }
    f[n].name = "row", f[n++].width = l2.row_bits;
    for (unsigned i = 0; i < n; i++) {
        const char *sep = i + 1 < n ? "," : "";
        if (decl)
            emit_line(e, "output wire %s%s%s_o%s", f[i].width > 1 ? emit_range(f[i].width) : "",
                      prefix, f[i].name, sep);
        else
            emit_line(e, ".evt_%s_o (%s%s_o)%s", f[i].name, prefix, f[i].name, sep);
    }
}

/* Slice c of a concatenated port of w-bit fields. */
static const char *slice(const char *name, unsigned c, unsigned width)
{
    static char buf[4][96];
    static unsigned k;
    char *b = buf[k++ % 4];
    if (width == 1)
        snprintf(b, 96, "%s[%u]", name, c);
    else
        snprintf(b, 96, "%s[%u:%u]", name, (c + 1) * width - 1, c * width);
    return b;
}

static void emit_l1_instance(emit_t *e, const gen_l1_t *g, const sys_w_t *w, unsigned c)
{
    emit_line(e, "wire l1_%u_mreq_valid, l1_%u_mreq_store, l1_%u_mreq_hint, l1_%u_mrsp_ready;", c, c,
              c, c);
    emit_line(e, "wire %sl1_%u_mreq_line;", emit_range(w->la), c);
    emit_line(e, "wire %sl1_%u_mreq_mshr;", emit_range(w->mb), c);
    emit_line(e, "wire %sl1_%u_mreq_be;", emit_range(w->lb), c);
    emit_line(e, "wire %sl1_%u_mreq_wdata;", emit_range(w->lw), c);
    emit_line(e, "%s u_l1_%u (", g->top, c);
    emit_in(e);
    emit_line(e, ".clk_i (clk_i), .rst_ni (rst_ni),");
    emit_line(e, ".req_valid_i (%s), .req_ready_o (%s),", slice("req_valid_i", c, 1),
              slice("req_ready_o", c, 1));
    emit_line(e, ".req_store_i (%s), .req_line_i (%s),", slice("req_store_i", c, 1),
              slice("req_line_i", c, w->la));
    emit_line(e, ".req_id_i (%s), .req_pc_i (%s),", slice("req_id_i", c, w->id),
              slice("req_pc_i", c, w->pc));
    emit_line(e, ".req_core_i (%s), .req_base_i (%s),", emit_const(w->core, c),
              slice("req_base_i", c, w->base));
    emit_line(e, ".req_be_i (%s), .req_wdata_i (%s),", slice("req_be_i", c, w->lb),
              slice("req_wdata_i", c, w->lw));
    emit_line(e, ".rsp_valid_o (%s), .rsp_ready_i (%s),", slice("rsp_valid_o", c, 1),
              slice("rsp_ready_i", c, 1));
    emit_line(e, ".rsp_id_o (%s), .rsp_status_o (%s),", slice("rsp_id_o", c, w->id),
              slice("rsp_status_o", c, lay_status_bits(g->cfg)));
    emit_line(e, ".rsp_data_o (%s),", slice("rsp_data_o", c, w->lw));
    emit_line(e, ".mem_req_valid_o (l1_%u_mreq_valid), .mem_req_ready_i (l1_mreq_ready[%u]),", c, c);
    emit_line(e, ".mem_req_store_o (l1_%u_mreq_store), .mem_req_line_o (l1_%u_mreq_line),", c, c);
    emit_line(e, ".mem_req_mshr_o (l1_%u_mreq_mshr), .mem_req_be_o (l1_%u_mreq_be),", c, c);
    emit_line(e, ".mem_req_wdata_o (l1_%u_mreq_wdata), .mem_req_hint_o (l1_%u_mreq_hint),", c, c);
    emit_line(e, ".mem_rsp_valid_i (l1_mrsp_valid[%u]), .mem_rsp_ready_o (l1_%u_mrsp_ready),", c, c);
    emit_line(e, ".mem_rsp_mshr_i (l2_rsp_mshr), .mem_rsp_data_i (l2_rsp_data),");
    emit_line(e, ".mem_rsp_hint_i (%s),", w->hint);
    if (lay_l1_mem_err(g->cfg)) /* the L2 answers no error (its bridge keeps axi_err_o) */
        emit_line(e, ".mem_rsp_err_i (1'b0),");
    emit_line(e, ".flush_i (flush_i), .kernel_start_i (kernel_start_i),");
    emit_line(e, ".filter_enable_i (filter_enable_i),");
    for (unsigned i = 0; i < CNT_COUNT; i++) {
        char port[48];
        snprintf(port, sizeof port, "cnt_%s_o", lay_counter_names[i]);
        emit_line(e, ".%s (%s)%s", port, slice(port, c, w->cw), i + 1 < CNT_COUNT ? "," : "");
    }
    sim_open(e, "the event port");
    emit_line(e, ".evt_valid_o (%s), .evt_kind_o (%s),", slice("evt_l1_valid_o", c, 1),
              slice("evt_l1_kind_o", c, LAY_EVT_KIND_BITS));
    emit_line(e, ".evt_dec_o (%s), .evt_set_o (%s),", slice("evt_l1_dec_o", c, LAY_DEC_BITS),
              slice("evt_l1_set_o", c, w->m));
    emit_line(e, ".evt_way_o (%s), .evt_evict_o (%s),", slice("evt_l1_way_o", c, w->wb),
              slice("evt_l1_evict_o", c, 1));
    emit_line(e, ".evt_evict_tag_o (%s), .evt_mshr_o (%s),", slice("evt_l1_evict_tag_o", c, w->t),
              slice("evt_l1_mshr_o", c, w->mb));
    for (unsigned i = 0; i < w->n_own; i++) {
        char port[48];
        snprintf(port, sizeof port, "evt_l1_%s_o", w->own[i].name);
        emit_line(e, ".evt_%s_o (%s),", w->own[i].name, slice(port, c, w->own[i].width));
    }
    emit_line(e, ".evt_row_o (%s)", slice("evt_l1_row_o", c, w->rb));
    emit_line(e, "`endif");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

/* The fields of a request to the L2, as the arbiter selects them and the request slice holds
 * them: each L1's memory request (l1_<c>_mreq_<from>) and, in the slice, the grant. */
typedef struct req_field {
    const char *name, *from;
    unsigned width;
} req_field_t;

static unsigned req_fields(const sys_w_t *w, req_field_t f[7])
{
    unsigned n = 0;
    f[n++] = (req_field_t){"store", "store", 1};
    f[n++] = (req_field_t){"pred", "hint", 1};
    f[n++] = (req_field_t){"line", "line", w->la};
    f[n++] = (req_field_t){"mshr", "mshr", w->mb};
    f[n++] = (req_field_t){"be", "be", w->lb};
    f[n++] = (req_field_t){"wdata", "wdata", w->lw};
    if (w->N > 1)
        f[n++] = (req_field_t){"core", NULL, w->pb}; /* the grant */
    return n;
}

/* Round robin: the first requester (an L1, or a CPU port after the L1s) after the last one
 * granted, else the lowest; rr_q moves when the request slice takes the granted request. The
 * grant is one-hot from a parallel prefix and the granted request's fields (arb_*) are picked
 * from it by AND-OR, so the arbiter's depth grows with log2(system.cores + system.cpu_cores). */
static void emit_arbiter(emit_t *e, const sys_w_t *w)
{
    unsigned P = w->N, pb = w->pb; /* every requester: the L1s, then the CPU ports */
    if (w->C)
        emit_line(e, "// requesters: L1 c is c, CPU port k is %u + k", w->P);
    emit_line(e, "wire [%u:0] l1_mreq_valid;", P - 1);
    emit_line(e, "wire [%u:0] l1_mreq_ready;", P - 1);
    emit_line(e, "wire [%u:0] l1_mrsp_valid;", P - 1);
    for (unsigned c = 0; c < P; c++)
        emit_line(e, "assign l1_mreq_valid[%u] = %s;", c, req_wire(w, c, "valid"));
    emit_line(e, "wire arb_valid = |l1_mreq_valid;");
    emit_line(e, "wire arb_ready; // the request slice takes the granted request");
    if (P == 1) {
        emit_line(e, "wire [0:0] grant_oh = 1'b1;");
    } else {
        /* kept binary: Yosys would take it for a state machine and recode it */
        emit_line(e, "(* fsm_encoding = \"none\" *) reg %srr_q; // the L1 granted last",
                  emit_range(pb));
        emit_line(e, "wire [%u:0] after_last;", P - 1);
        emit_line(e, "assign after_last[0] = 1'b0;");
        for (unsigned c = 1; c < P; c++)
            emit_line(e, "assign after_last[%u] = rr_q < %s;", c, emit_const(pb, c));
        emit_line(e, "wire [%u:0] late = l1_mreq_valid & after_last;", P - 1);
        emit_line(e, "// a requester after the last grant goes first");
        emit_line(e, "wire [%u:0] candidates = |late ? late : l1_mreq_valid;", P - 1);
        emit_lowest_oh(e, "grant_oh", P, "candidates[%u]");
        emit_encode_oh(e, "grant", "grant_oh", P, pb);
        emit_line(e, "wire %srr_d = (arb_valid & arb_ready) ? grant : rr_q;", emit_range(pb));
        emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
        emit_in(e);
        emit_line(e, "if (!rst_ni) rr_q <= %s;", emit_const(pb, P - 1));
        emit_line(e, "else rr_q <= rr_d;");
        emit_out(e);
        emit_line(e, "end");
    }
    req_field_t f[7];
    unsigned n = req_fields(w, f);
    for (unsigned i = 0; i < n; i++) {
        if (!f[i].from)
            continue;
        char out[32];
        snprintf(out, sizeof out, "arb_%s", f[i].name);
        emit_line(e, "reg %s%s;", emit_range(f[i].width), out);
        emit_pick_req(e, w, out, f[i].width, f[i].from);
    }
    if (P > 1)
        emit_line(e, "wire %sarb_core = grant;", emit_range(pb));
    for (unsigned c = 0; c < P; c++)
        emit_line(e, "assign l1_mreq_ready[%u] = arb_ready & grant_oh[%u];", c, c);
    emit_blank(e);
}

/* The L2's request channel. With several L1s, a two-entry slice between the arbiter and the
 * L2: the L2 sees flops (l2_req_*, valid held until taken, AXI's rule) and the arbiter sees
 * a ready that is a flop (the second entry free), so neither the round robin nor the
 * selection adds to the L2's issue path, nor the L2's ready to the L1s'. It passes one
 * request per cycle. With one L1 the L1's memory queue is the L2's channel itself. */
static void emit_request_slice(emit_t *e, const sys_w_t *w)
{
    req_field_t f[7];
    unsigned n = req_fields(w, f);
    emit_line(e, "wire l2_req_ready;");
    if (w->N == 1) {
        emit_line(e, "wire l2_req_valid = arb_valid;");
        emit_line(e, "assign arb_ready = l2_req_ready;");
        for (unsigned i = 0; i < n; i++)
            emit_line(e, "wire %sl2_req_%s = arb_%s;", emit_range(f[i].width), f[i].name,
                      f[i].name);
        emit_blank(e);
        return;
    }
    emit_line(e, "// request slice: the head (head_*_q, the L2's request), the second entry (skid_*_q)");
    emit_line(e, "reg head_valid_q, head_valid_d, skid_valid_q, skid_valid_d;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "reg %shead_%s_q, head_%s_d, skid_%s_q, skid_%s_d;", emit_range(f[i].width),
                  f[i].name, f[i].name, f[i].name, f[i].name);
    emit_line(e, "wire l2_req_valid = head_valid_q;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "wire %sl2_req_%s = head_%s_q;", emit_range(f[i].width), f[i].name,
                  f[i].name);
    emit_line(e, "assign arb_ready = ~skid_valid_q;");
    emit_line(e, "wire slice_push = arb_valid & arb_ready;");
    emit_line(e, "wire head_free = ~head_valid_q | l2_req_ready; // empty, or taken now");
    emit_line(e, "always @* begin : request_slice");
    emit_in(e);
    emit_line(e, "head_valid_d = head_valid_q;");
    emit_line(e, "skid_valid_d = skid_valid_q;");
    for (unsigned i = 0; i < n; i++) {
        emit_line(e, "head_%s_d = head_%s_q;", f[i].name, f[i].name);
        emit_line(e, "skid_%s_d = skid_%s_q;", f[i].name, f[i].name);
    }
    emit_line(e, "if (head_free) begin // the head takes the second entry, else the arbiter's");
    emit_in(e);
    emit_line(e, "head_valid_d = skid_valid_q | slice_push;");
    emit_line(e, "skid_valid_d = 1'b0;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "head_%s_d = skid_valid_q ? skid_%s_q : arb_%s;", f[i].name, f[i].name,
                  f[i].name);
    emit_out(e);
    emit_line(e, "end else if (slice_push) begin // the head waits: the second entry takes it");
    emit_in(e);
    emit_line(e, "skid_valid_d = 1'b1;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "skid_%s_d = arb_%s;", f[i].name, f[i].name);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    pipe_regs_t regs = {.n = 0};
    pipe_reg(&regs, "head_valid", 1);
    pipe_reg(&regs, "skid_valid", 1);
    for (unsigned i = 0; i < n; i++) {
        char name[24];
        snprintf(name, sizeof name, "head_%s", f[i].name);
        pipe_reg(&regs, name, f[i].width);
        snprintf(name, sizeof name, "skid_%s", f[i].name);
        pipe_reg(&regs, name, f[i].width);
    }
    pipe_emit_reg_flops(e, &regs);
    emit_blank(e);
}

static void emit_routing(emit_t *e, const gen_l1_t *g, const sys_w_t *w)
{
    (void)g;
    emit_line(e, "// L2 read responses go back to the L1 of their core id");
    emit_line(e, "wire l2_rsp_valid, l2_rsp_vbit, l2_rsp_bbit, l2_rsp_l2hit;");
    emit_line(e, "wire %sl2_rsp_core;", emit_range(w->core));
    emit_line(e, "wire %sl2_rsp_mshr; // the L2 carries the L1's MSHR number as its id",
              emit_range(w->mb));
    emit_line(e, "wire %sl2_rsp_data;", emit_range(w->lw));
    for (unsigned c = 0; c < w->N; c++)
        emit_line(e, "assign l1_mrsp_valid[%u] = l2_rsp_valid & (l2_rsp_core == %s);", c,
                  emit_const(w->core, c));
    /* The ready of the head's destination, picked by its core id as a mux tree (log2 of the
     * ids): a chain of one if per destination put 31 priority levels in the path from an
     * L1's response queue through this pick into the L2's (the 16-core system with 15 CPU
     * ports measured 31 levels, issue 40). Ids past the last port read 0, as before. */
    unsigned ids = 1u << w->core;
    char v[8192];
    int n = 0;
    if (ids > w->N)
        n += snprintf(v + n, sizeof v - (size_t)n, "%u'd0", ids - w->N);
    for (unsigned c = w->N; c-- > 0;)
        n += snprintf(v + n, sizeof v - (size_t)n, "%s%s_%u_mrsp_ready", n ? ", " : "",
                      c < w->P ? "l1" : "cpu", c < w->P ? c : c - w->P);
    assert((size_t)n < sizeof v);
    emit_line(e, "// the ready of the response's destination, by core id (ids past the last port: 0)");
    emit_line(e, "wire %srsp_dest_ready = {%s};", emit_range(ids), v);
    emit_line(e, "wire l2_rsp_ready = rsp_dest_ready[l2_rsp_core];");
    emit_line(e, "assign l2_req_valid_o = l2_req_valid;");
    emit_line(e, "assign l2_req_ready_o = l2_req_ready;");
    if (w->N == 1)
        emit_line(e, "assign l2_req_core_o = %s; // the one L1", emit_const(w->core, 0));
    else if (w->core > w->pb)
        emit_line(e, "assign l2_req_core_o = {%s, l2_req_core};", emit_const(w->core - w->pb, 0));
    else
        emit_line(e, "assign l2_req_core_o = l2_req_core[%u:0];", w->core - 1);
    emit_line(e, "assign l2_rsp_valid_o = l2_rsp_valid;");
    emit_line(e, "assign l2_rsp_ready_o = l2_rsp_ready;");
    emit_line(e, "assign l2_rsp_core_o = l2_rsp_core;");
    emit_line(e, "assign l2_rsp_mshr_o = l2_rsp_mshr;");
    emit_line(e, "assign l2_rsp_data_o = l2_rsp_data;");
    emit_line(e, "assign l2_req_pred_o = l2_req_pred;");
    emit_line(e, "assign l2_rsp_vbit_o = l2_rsp_vbit;");
    emit_line(e, "assign l2_rsp_bbit_o = l2_rsp_bbit;");
    emit_line(e, "assign l2_rsp_l2hit_o = l2_rsp_l2hit;");
    emit_blank(e);
}

static void emit_l2_instance(emit_t *e, const gen_l1_t *g)
{
    emit_line(e, "%s_l2 u_l2 (", g->top);
    emit_in(e);
    emit_line(e, ".clk_i (clk_i), .rst_ni (rst_ni),");
    emit_line(e, ".req_valid_i (l2_req_valid), .req_ready_o (l2_req_ready),");
    emit_line(e, ".req_core_i (l2_req_core_o),");
    emit_line(e, ".req_mshr_i (l2_req_mshr),");
    emit_line(e, ".req_store_i (l2_req_store), .req_pred_i (l2_req_pred),");
    if (lay_mech(g->cfg->l1.mode)->l2_noalloc)
        emit_line(e, ".req_noalloc_i (l2_req_pred), // FG-CB: the L1's hint is no_allocate");
    else
        emit_line(e, ".req_noalloc_i (1'b0),");
    emit_line(e, ".req_line_i (l2_req_line),");
    emit_line(e, ".req_be_i (l2_req_be), .req_wdata_i (l2_req_wdata),");
    emit_l2_pol_sys_ports(e, g, 0);
    emit_line(e, ".rsp_valid_o (l2_rsp_valid), .rsp_ready_i (l2_rsp_ready),");
    emit_line(e, ".rsp_core_o (l2_rsp_core), .rsp_mshr_o (l2_rsp_mshr),");
    emit_line(e, ".rsp_data_o (l2_rsp_data), .rsp_vbit_o (l2_rsp_vbit),");
    emit_line(e, ".rsp_bbit_o (l2_rsp_bbit),");
    emit_line(e, ".rsp_l2hit_o (l2_rsp_l2hit),");
    emit_line(e, ".mem_req_valid_o (mem_req_valid_o), .mem_req_ready_i (mem_req_ready_i),");
    emit_line(e, ".mem_req_store_o (mem_req_store_o), .mem_req_line_o (mem_req_line_o),");
    emit_line(e, ".mem_req_mshr_o (mem_req_mshr_o), .mem_req_wdata_o (mem_req_wdata_o),");
    emit_line(e, ".mem_rsp_valid_i (mem_rsp_valid_i), .mem_rsp_ready_o (mem_rsp_ready_o),");
    emit_line(e, ".mem_rsp_mshr_i (mem_rsp_mshr_i), .mem_rsp_data_i (mem_rsp_data_i),");
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, ".cnt_%s_o (l2_cnt_%s_o)%s", lay_l2_counter_names[i], lay_l2_counter_names[i],
                  i + 1 < L2CNT_COUNT ? "," : "");
    sim_open(e, "the event port");
    emit_l2_event_ports(e, g, "evt_l2_", 0);
    emit_line(e, "`endif");
    emit_out(e);
    emit_line(e, ");");
}

void emit_sys_top(emit_t *e, const gen_l1_t *g)
{
    sys_w_t w;
    widths(g, &w);
    char name[GEN_MOD_MAX + 8];
    snprintf(name, sizeof name, "%s_sys", g->top);
    gen_header(e, g->cfg, name,
               "system top (SPEC 3.2): the L1s, a round-robin arbiter and the L2 slice");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_arbiter(e, &w);
    emit_request_slice(e, &w);
    emit_routing(e, g, &w);
    emit_cpu_wires(e, &w);
    for (unsigned c = 0; c < w.P; c++)
        emit_l1_instance(e, g, &w, c);
    emit_l2_instance(e, g);
    emit_out(e);
    gen_footer(e);
}
