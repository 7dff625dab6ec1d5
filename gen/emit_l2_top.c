/* emit_l2_top: the L2 slice's top module (SPEC 3.2, 3.5): ports, control FSM, SRAM instances,
 * counters, event port. One operation at a time, as the L1: IDLE picks (fill > woken parked
 * request > new request); TAG looks up and writes the row (or parks the request on a line
 * with a fetch outstanding or on a full MSHR file, until the next fill); FILL installs a
 * returned line and completes its request; MEMREQ sends a line read, WB a write-back; RESP
 * answers a read. Timing contract (README): a read hit answers 2 cycles after acceptance.
 * Every L2 has req_pred_i and rsp_bbit_o; only with l1.mode = pcpred does a read's prediction
 * go through the MSHR to the row's bypass bit and the old bit come back (else it is 0). */
#include "emit_l2.h"

#include "codes.h"

enum { S_SWEEP, S_IDLE, S_TAG, S_FILL, S_MEMREQ, S_WB, S_RESP, S_COUNT };
static const char *const state_names[S_COUNT] = {"SSweep", "SIdle", "STag", "SFill",
                                                 "SMemReq", "SWb", "SResp"};

typedef struct l2_w {
    unsigned la, id, core, lb, lw, mb, m, t, wb, rb, cw, in, v;
    unsigned b; /* bypass bits per way: 1 with l1.mode = pcpred, else 0 */
} l2_w_t;

static void widths(const gen_l2_t *g, l2_w_t *w)
{
    const lay_l2_t *l = &g->lay;
    w->la = l->line_addr_bits;
    w->id = l->id_bits;
    w->core = l->core_bits;
    w->lb = g->cfg->l1.line_bytes;
    w->lw = l->line_bits;
    w->mb = l->mshr_bits;
    w->m = l->set_bits;
    w->t = l->tag_bits;
    w->wb = l->way_bits;
    w->rb = l->row_bits;
    w->cw = g->cfg->l1.counter_bits;
    w->in = gen_l2_index_in_bits(g);
    w->v = l->vbits;
    w->b = l->bbits;
}

static void emit_ports(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "module %s (", g->top);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "// request from the L1s' arbiter: a whole-line read or a write with byte enables");
    emit_line(e, "input  wire req_valid_i,");
    emit_line(e, "output reg  req_ready_o,");
    emit_line(e, "input  wire %sreq_core_i,", emit_range(w->core));
    emit_line(e, "input  wire %sreq_mshr_i, // the requesting L1's MSHR number", emit_range(w->id));
    emit_line(e, "input  wire req_store_i,");
    emit_line(e, "input  wire %sreq_line_i,", emit_range(w->la));
    emit_line(e, "input  wire %sreq_be_i,", emit_range(w->lb));
    emit_line(e, "input  wire %sreq_wdata_i,", emit_range(w->lw));
    emit_line(e, "input  wire req_pred_i,  // read: the L1's bypass prediction (pcpred; else unused)");
    emit_line(e, "// read response (a write gets none: it is done when accepted)");
    emit_line(e, "output wire rsp_valid_o,");
    emit_line(e, "input  wire rsp_ready_i,");
    emit_line(e, "output wire %srsp_core_o,", emit_range(w->core));
    emit_line(e, "output wire %srsp_mshr_o,", emit_range(w->id));
    emit_line(e, "output wire %srsp_data_o,", emit_range(w->lw));
    emit_line(e, "output wire rsp_vbit_o,  // the line's victim bit of the requester's group, before");
    emit_line(e, "output wire rsp_bbit_o,  // the line's bypass bit before this read (pcpred; else 0)");
    emit_line(e, "output wire rsp_l2hit_o, // the read hit in the L2");
    emit_line(e, "// memory request: line reads carry their MSHR number; write-backs whole lines");
    emit_line(e, "output wire mem_req_valid_o,");
    emit_line(e, "input  wire mem_req_ready_i,");
    emit_line(e, "output wire mem_req_store_o,");
    emit_line(e, "output wire %smem_req_line_o,", emit_range(w->la));
    emit_line(e, "output wire %smem_req_mshr_o,", emit_range(w->mb));
    emit_line(e, "output wire %smem_req_wdata_o,", emit_range(w->lw));
    emit_line(e, "// memory response: a whole line for one MSHR, in any order");
    emit_line(e, "input  wire mem_rsp_valid_i,");
    emit_line(e, "output wire mem_rsp_ready_o,");
    emit_line(e, "input  wire %smem_rsp_mshr_i,", emit_range(w->mb));
    emit_line(e, "input  wire %smem_rsp_data_i,", emit_range(w->lw));
    emit_line(e, "// performance counters (wrapping)");
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "output wire %scnt_%s_o,", emit_range(w->cw), lay_l2_counter_names[i]);
    emit_line(e, "// event port (simulation only): one state-changing event per cycle");
    emit_line(e, "output reg  evt_valid_o,");
    emit_line(e, "output reg  [%u:0] evt_kind_o,", LAY_EVT_KIND_BITS - 1);
    emit_line(e, "output reg  [%u:0] evt_dec_o,", LAY_DEC_BITS - 1);
    emit_line(e, "output reg  %sevt_set_o,", emit_range(w->m));
    emit_line(e, "output reg  %sevt_way_o,", emit_range(w->wb));
    emit_line(e, "output reg  evt_evict_o,");
    emit_line(e, "output reg  evt_dirty_o, // the evicted line was dirty (a write-back follows)");
    emit_line(e, "output reg  %sevt_evict_tag_o,", emit_range(w->t));
    emit_line(e, "output reg  %sevt_mshr_o,", emit_range(w->mb));
    emit_line(e, "output reg  %sevt_core_o,", emit_range(w->core));
    emit_line(e, "output reg  evt_store_o,");
    emit_line(e, "output reg  %sevt_row_o", emit_range(w->rb));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

/* Registers of the control block, with their widths (all reset to 0). */
typedef struct reg_def {
    const char *name;
    unsigned width;
    const char *comment;     /* "" or " // why" */
} reg_def_t;

static unsigned regs(const l2_w_t *w, reg_def_t *r)
{
    unsigned n = 0;
    r[n++] = (reg_def_t){"set", w->m, ""};
    r[n++] = (reg_def_t){"line", w->la, ""};
    r[n++] = (reg_def_t){"req_store", 1, ""};
    r[n++] = (reg_def_t){"req_core", w->core, ""};
    r[n++] = (reg_def_t){"req_id", w->id, " // the requesting L1's MSHR number"};
    r[n++] = (reg_def_t){"req_be", w->lb, ""};
    r[n++] = (reg_def_t){"req_wdata", w->lw, ""};
    if (w->b)
        r[n++] = (reg_def_t){"req_pred", 1, " // a read's bypass prediction"};
    r[n++] = (reg_def_t){"park", 1, " // the request waits for a fill (line or MSHRs busy)"};
    r[n++] = (reg_def_t){"wake", 1, " // a fill completed since it parked: look up again"};
    r[n++] = (reg_def_t){"mshr", w->mb, ""};
    r[n++] = (reg_def_t){"rsp_core", w->core, ""};
    r[n++] = (reg_def_t){"rsp_id", w->id, ""};
    r[n++] = (reg_def_t){"rsp_data", w->lw, ""};
    r[n++] = (reg_def_t){"rsp_vbit", 1, ""};
    if (w->b)
        r[n++] = (reg_def_t){"rsp_bbit", 1, ""};
    r[n++] = (reg_def_t){"rsp_hit", 1, ""};
    r[n++] = (reg_def_t){"rsp_pend", 1, " // a read response follows the write-back"};
    r[n++] = (reg_def_t){"wb_line", w->la, ""};
    r[n++] = (reg_def_t){"wb_data", w->lw, ""};
    return n;
}

static void emit_decls(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    lay_l2_row_t reset;
    bv_t packed;
    lay_l2_reset_row(g->cfg, &g->lay, &reset);
    lay_l2_pack(&g->lay, &reset, &packed);
    for (unsigned s = 0; s < S_COUNT; s++)
        emit_line(e, "localparam [2:0] %s = %s;", state_names[s], emit_const(3, s));
    emit_code_params(e);
    /* one way a line (MSB first), so that wide rows stay under 100 columns */
    emit_line(e, "localparam [%u:0] RowReset = {", w->rb - 1);
    emit_in(e);
    for (unsigned k = g->lay.ways; k-- > 0;) {
        bv_t way;
        bv_zero(&way);
        for (unsigned b = 0; b < g->lay.way_stride; b += 64) {
            unsigned n = g->lay.way_stride - b < 64 ? g->lay.way_stride - b : 64;
            bv_put(&way, b, n, bv_get(&packed, k * g->lay.way_stride + b, n));
        }
        emit_line(e, "%s%s // way %u", emit_const_bv(g->lay.way_stride, &way), k ? "," : "", k);
    }
    emit_out(e);
    emit_line(e, "};");
    emit_line(e, "localparam [%u:0] LastSet = %s;", w->m - 1, emit_const(w->m, g->lay.sets - 1));
    emit_blank(e);
    emit_line(e, "reg [2:0] state_q, state_d;");
    emit_line(e, "reg %ssweep_set_q, sweep_set_d;", emit_range(w->m));
    reg_def_t r[24];
    unsigned n = regs(w, r);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "reg %s%s_q, %s_d;%s", emit_range(r[i].width), r[i].name, r[i].name,
                  r[i].comment);
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "reg %scnt_%s_q, cnt_%s_d;", emit_range(w->cw), lay_l2_counter_names[i],
                  lay_l2_counter_names[i]);
    emit_blank(e);
    emit_line(e, "// SRAM ports");
    emit_line(e, "reg meta_re, meta_we;");
    emit_line(e, "reg %smeta_raddr, meta_waddr;", emit_range(w->m));
    emit_line(e, "reg %smeta_wdata;", emit_range(w->rb));
    emit_line(e, "wire %smeta_rdata;", emit_range(w->rb));
    emit_line(e, "reg data_re;");
    emit_line(e, "reg [%u:0] data_we;", g->lay.ways - 1);
    emit_line(e, "reg %sdata_wdata;", emit_range(w->lw));
    emit_line(e, "reg %sdata_wbe;", emit_range(w->lb));
    emit_line(e, "wire %sdata_wmask;", emit_range(w->lw));
    for (unsigned k = 0; k < g->lay.ways; k++)
        emit_line(e, "wire %sdata_rdata_w%u;", emit_range(w->lw), k);
    emit_blank(e);
    emit_line(e, "// MSHRs: a fill reads the entry named by the memory response");
    emit_line(e, "reg mshr_alloc, mshr_free;");
    emit_line(e, "wire mshr_conflict, mshr_full;");
    emit_line(e, "wire %smshr_free_idx;", emit_range(w->mb));
    emit_line(e, "wire %smshr_rd_idx = (state_q == SIdle) ? mem_rsp_mshr_i : mshr_q;",
              emit_range(w->mb));
    emit_line(e, "wire %smshr_rd_line;", emit_range(w->la));
    emit_line(e, "wire %smshr_rd_core;", emit_range(w->core));
    emit_line(e, "wire %smshr_rd_id;", emit_range(w->id));
    emit_line(e, "wire [0:0] mshr_rd_store;");
    emit_line(e, "wire %smshr_rd_be;", emit_range(w->lb));
    emit_line(e, "wire %smshr_rd_wdata;", emit_range(w->lw));
    if (w->b)
        emit_line(e, "wire [0:0] mshr_rd_pred;");
    emit_blank(e);
    emit_line(e, "// Lookup module inputs, continuous assignments (not defaults in the control");
    emit_line(e, "// block: they feed back into it through u_meta; see the L1 top).");
    emit_line(e, "wire fill_op = state_q == SFill;");
    emit_line(e, "wire [1:0] meta_op = fill_op ? {1'b1, mshr_rd_store} : {1'b0, req_store_q};");
    emit_line(e, "wire %smeta_core = fill_op ? mshr_rd_core : req_core_q;", emit_range(w->core));
    emit_line(e, "wire %smeta_tag = fill_op ? mshr_rd_line[%u:%u] : line_q[%u:%u];",
              emit_range(w->t), w->la - 1, w->m, w->la - 1, w->m);
    emit_line(e, "reg %smeta_group;", emit_range(w->v));
    if (w->b) {
        emit_line(e, "wire meta_pred = fill_op ? mshr_rd_pred : req_pred_q;");
        emit_line(e, "wire meta_bbit;");
    }
    emit_line(e, "wire meta_hit, meta_evict, meta_evict_dirty, meta_vbit;");
    emit_line(e, "wire %smeta_way;", emit_range(w->wb));
    emit_line(e, "wire [%u:0] meta_way_oh, meta_hit_way_oh;", g->lay.ways - 1);
    emit_line(e, "wire %smeta_evict_tag;", emit_range(w->t));
    emit_line(e, "wire %smeta_row;", emit_range(w->rb));
    emit_blank(e);
    emit_line(e, "// Set index of the fill's line, the parked request's or the new one's.");
    emit_line(e, "wire %sidx_line = mem_rsp_valid_i ? mshr_rd_line[%u:0] :", emit_range(w->in),
              w->in - 1);
    emit_line(e, "    (park_q ? line_q[%u:0] : req_line_i[%u:0]);", w->in - 1, w->in - 1);
    emit_line(e, "wire %sidx_set;", emit_range(w->m));
    emit_blank(e);
}

/* The victim-bit group of a core, one-hot: group = core / Sv (cores beyond P: none). */
static void emit_group(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    const lay_l2_t *l = &g->lay;
    emit_line(e, "always @* begin : victim_group // group = core / Sv, Sv = %u", l->share);
    emit_in(e);
    emit_line(e, "case (meta_core)");
    emit_in(e);
    for (unsigned c = 0; c < l->cores; c++)
        emit_line(e, "%s: meta_group = %s;", emit_const(w->core, c),
                  emit_const(w->v, 1ULL << lay_l2_group(l, c)));
    emit_line(e, "default: meta_group = %s;", emit_const(w->v, 0));
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The write-back's line address from the evicted tag and the set: every index is the low m
 * line bits XOR a function of the bits above them, so low = set ^ index({tag, 0}). */
static void emit_wb_line(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    switch (g->cfg->l2.index) {
    case INDEX_XOR:
        emit_line(e, "// write-back address: low bits = set ^ tag[m-1:0] (XOR index)");
        emit_line(e, "wire %swb_line = {meta_evict_tag, set_q ^ meta_evict_tag[%u:0]};",
                  emit_range(w->la), w->m - 1);
        break;
    case INDEX_PRIC:
        emit_line(e, "// write-back address: low bits = set ^ index({tag, 0}) (PRIC is linear)");
        emit_line(e, "wire %swb_high_set;", emit_range(w->m));
        emit_line(e, "%s u_wb_index (", g->index);
        emit_in(e);
        emit_line(e, ".line_i ({meta_evict_tag, %s}),", emit_const(w->m, 0));
        emit_line(e, ".set_o  (wb_high_set)");
        emit_out(e);
        emit_line(e, ");");
        emit_line(e, "wire %swb_line = {meta_evict_tag, set_q ^ wb_high_set};", emit_range(w->la));
        break;
    default:
        emit_line(e, "// write-back address: {tag, set} (modulo index)");
        emit_line(e, "wire %swb_line = {meta_evict_tag, set_q};", emit_range(w->la));
        break;
    }
    emit_blank(e);
}

/* The memory requests and the read responses leave through in-order queues (the L1's emitter),
 * so each valid is held with its payload until its handshake and depends on no ready. */
static void emit_queues(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "// Memory requests (line reads, write-backs) and read responses leave in decision");
    emit_line(e, "// order through queues: each valid is held with its payload until the handshake.");
    emit_line(e, "wire memq_full, rspq_full;");
    emit_line(e, "wire memq_push = (state_q == SMemReq) | (state_q == SWb);");
    emit_line(e, "wire rsp_push = state_q == SResp;");
    emit_line(e, "wire %smemq_line = (state_q == SWb) ? wb_line_q : line_q;", emit_range(w->la));
    emit_memq_inst(e, g->memq, "u_memq", gen_l2_memq_width(g), "memq_push", "memq_full",
               "{state_q == SWb, memq_line, mshr_q, wb_data_q}", "mem_req_valid_o",
               "mem_req_ready_i",
               "{mem_req_store_o, mem_req_line_o, mem_req_mshr_o, mem_req_wdata_o}");
    char in[160];
    snprintf(in, sizeof in, "{rsp_core_q, rsp_id_q, rsp_data_q, rsp_vbit_q, %s, rsp_hit_q}",
             w->b ? "rsp_bbit_q" : "1'b0");
    emit_memq_inst(e, g->memq, "u_rspq", w->core + w->id + w->lw + 3, "rsp_push", "rspq_full", in,
               "rsp_valid_o", "rsp_ready_i",
               "{rsp_core_o, rsp_mshr_o, rsp_data_o, rsp_vbit_o, rsp_bbit_o, rsp_l2hit_o}");
}

static void emit_instances(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "%s u_index (", g->index);
    emit_in(e);
    emit_line(e, ".line_i (idx_line),");
    emit_line(e, ".set_o  (idx_set)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_group(e, g, w);
    emit_line(e, "%s u_meta (", g->meta);
    emit_in(e);
    emit_line(e, ".row_i         (meta_rdata),");
    emit_line(e, ".op_i          (meta_op),");
    emit_line(e, ".tag_i         (meta_tag),");
    emit_line(e, ".group_i       (meta_group),");
    if (w->b)
        emit_line(e, ".pred_i        (meta_pred),");
    emit_line(e, ".hit_o         (meta_hit),");
    emit_line(e, ".way_o         (meta_way),");
    emit_line(e, ".way_oh_o      (meta_way_oh),");
    emit_line(e, ".hit_way_oh_o  (meta_hit_way_oh),");
    emit_line(e, ".evict_o       (meta_evict),");
    emit_line(e, ".evict_dirty_o (meta_evict_dirty),");
    emit_line(e, ".evict_tag_o   (meta_evict_tag),");
    emit_line(e, ".vbit_o        (meta_vbit),");
    if (w->b)
        emit_line(e, ".bbit_o        (meta_bbit),");
    emit_line(e, ".row_o         (meta_row)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_wb_line(e, g, w);
    emit_line(e, "%s u_mshr (", g->mshr);
    emit_in(e);
    emit_line(e, ".clk_i         (clk_i),");
    emit_line(e, ".rst_ni        (rst_ni),");
    emit_line(e, ".alloc_i       (mshr_alloc),");
    emit_line(e, ".alloc_line_i  (line_q),");
    emit_line(e, ".alloc_core_i  (req_core_q),");
    emit_line(e, ".alloc_id_i    (req_id_q),");
    emit_line(e, ".alloc_store_i (req_store_q),");
    emit_line(e, ".alloc_be_i    (req_be_q),");
    emit_line(e, ".alloc_wdata_i (req_wdata_q),");
    if (w->b)
        emit_line(e, ".alloc_pred_i  (req_pred_q),");
    emit_line(e, ".free_i        (mshr_free),");
    emit_line(e, ".free_idx_i    (mshr_q),");
    emit_line(e, ".look_line_i   (line_q),");
    emit_line(e, ".conflict_o    (mshr_conflict),");
    emit_line(e, ".full_o        (mshr_full),");
    emit_line(e, ".free_idx_o    (mshr_free_idx),");
    emit_line(e, ".fill_idx_i    (mshr_rd_idx),");
    emit_line(e, ".fill_line_o   (mshr_rd_line),");
    emit_line(e, ".rd_idx_i      (mshr_rd_idx),");
    emit_line(e, ".rd_core_o     (mshr_rd_core),");
    emit_line(e, ".rd_id_o       (mshr_rd_id),");
    emit_line(e, ".rd_store_o    (mshr_rd_store),");
    emit_line(e, ".rd_be_o       (mshr_rd_be),");
    emit_line(e, ".rd_wdata_o    (mshr_rd_wdata)%s", w->b ? "," : "");
    if (w->b)
        emit_line(e, ".rd_pred_o     (mshr_rd_pred)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    char mask[32];
    snprintf(mask, sizeof mask, "{%u{1'b1}}", w->rb);
    emit_line(e, "// Metadata: one row per set holding every way's valid, dirty, tag, replacement");
    emit_line(e, "// and victim bits%s.", w->b ? ", and bypass bit" : "");
    emit_sram_1r1w(e, "u_meta_sram", w->rb, g->lay.sets, w->m, "meta_re", "meta_raddr",
                   "meta_rdata", "meta_we", "meta_waddr", "meta_wdata", mask);
    emit_blank(e);
    emit_line(e, "genvar gb;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gb = 0; gb < %u; gb = gb + 1) begin : g_byte_mask", w->lb);
    emit_in(e);
    emit_line(e, "assign data_wmask[gb*8 +: 8] = {8{data_wbe[gb]}};");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_line(e, "// A write miss's bytes merged into the fetched line.");
    emit_line(e, "wire %sfill_merged;", emit_range(w->lw));
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gb = 0; gb < %u; gb = gb + 1) begin : g_fill_merge", w->lb);
    emit_in(e);
    emit_line(e, "assign fill_merged[gb*8 +: 8] = mshr_rd_be[gb] ? mshr_rd_wdata[gb*8 +: 8] :");
    emit_line(e, "    mem_rsp_data_i[gb*8 +: 8];");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_blank(e);
    emit_line(e, "// Data: one bank per way, all read in parallel with the row.");
    char inst[32], rdata[32], we[32];
    for (unsigned k = 0; k < g->lay.ways; k++) {
        snprintf(inst, sizeof inst, "u_data_sram_w%u", k);
        snprintf(rdata, sizeof rdata, "data_rdata_w%u", k);
        snprintf(we, sizeof we, "data_we[%u]", k);
        emit_sram_1r1w(e, inst, w->lw, g->lay.sets, w->m, "data_re", "meta_raddr", rdata, we,
                       "set_q", "data_wdata", "data_wmask");
    }
    emit_blank(e);
    emit_queues(e, g, w);
    emit_line(e, "// A read hit's line (by the hit way, without the miss decisions) and the chosen");
    emit_line(e, "// way's (a dirty victim's), each by AND-OR of a one-hot way.");
    emit_way_data(e, "hit_data", w->lw, "meta_hit_way_oh", g->lay.ways);
    emit_way_data(e, "way_data", w->lw, "meta_way_oh", g->lay.ways);
    emit_blank(e);
}

static void emit_count(emit_t *e, const l2_w_t *w, const char *cond, lay_l2_counter_t c)
{
    emit_line(e, "if (%s) cnt_%s_d = cnt_%s_q + %s;", cond, lay_l2_counter_names[c],
              lay_l2_counter_names[c], emit_const(w->cw, 1));
}

static const char *dec_const(lay_decision_t d) { return code_param(CODE_DEC, d); }

static void emit_event(emit_t *e, lay_evt_kind_t kind, const char *dec, const char *set,
                       const char *row)
{
    emit_line(e, "evt_valid_o = 1'b1;");
    emit_line(e, "evt_kind_o = %s;", code_param(CODE_EVT, kind));
    emit_line(e, "evt_dec_o = %s;", dec);
    emit_line(e, "evt_set_o = %s;", set);
    emit_line(e, "evt_row_o = %s;", row);
}

/* Start a row (and data) read of idx_set and go to `next`. */
static void emit_start(emit_t *e, const char *next)
{
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "data_re = 1'b1;");
    emit_line(e, "state_d = %s;", next);
}

static void emit_fsm_idle(emit_t *e, const l2_w_t *w)
{
    emit_line(e, "SIdle: begin");
    emit_in(e);
    emit_line(e, "if (mem_rsp_valid_i) begin // fills first");
    emit_in(e);
    emit_line(e, "mshr_d = mem_rsp_mshr_i;");
    emit_start(e, "SFill");
    emit_out(e);
    emit_line(e, "end else if (park_q) begin");
    emit_in(e);
    emit_line(e, "if (wake_q) begin");
    emit_in(e);
    emit_start(e, "STag");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "req_ready_o = 1'b1;");
    emit_line(e, "if (req_valid_i) begin");
    emit_in(e);
    emit_line(e, "line_d = req_line_i;");
    emit_line(e, "req_store_d = req_store_i;");
    emit_line(e, "req_core_d = req_core_i;");
    emit_line(e, "req_id_d = req_mshr_i;");
    emit_line(e, "req_be_d = req_be_i;");
    emit_line(e, "req_wdata_d = req_wdata_i;");
    if (w->b)
        emit_line(e, "req_pred_d = req_pred_i;");
    emit_start(e, "STag");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_fsm_tag(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "STag: begin");
    emit_in(e);
    emit_line(e, "evt_core_o = req_core_q;");
    emit_line(e, "evt_store_o = req_store_q;");
    emit_line(e, "if (mshr_conflict | (!meta_hit & mshr_full)) begin // park until a fill");
    emit_in(e);
    char dec[160];
    snprintf(dec, sizeof dec, "mshr_conflict ? %s : %s", dec_const(DEC_STALL_LINE),
             dec_const(DEC_STALL_MSHR));
    emit_event(e, EVT_STALL, dec, "set_q", "meta_rdata");
    emit_line(e, "park_d = 1'b1;");
    emit_line(e, "wake_d = 1'b0;");
    emit_line(e, "state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    snprintf(dec, sizeof dec, "meta_hit ? (req_store_q ? %s : %s) : (req_store_q ? %s : %s)",
             dec_const(DEC_ST_HIT), dec_const(DEC_LD_HIT), dec_const(DEC_ST_MISS),
             dec_const(DEC_LD_MISS));
    emit_event(e, EVT_LOOKUP, dec, "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "park_d = 1'b0;");
    emit_count(e, w, "1'b1", L2CNT_ACCESSES);
    emit_count(e, w, "meta_hit & !req_store_q", L2CNT_READ_HITS);
    emit_count(e, w, "!meta_hit & !req_store_q", L2CNT_READ_MISSES);
    emit_count(e, w, "meta_hit & req_store_q", L2CNT_WRITE_HITS);
    emit_count(e, w, "!meta_hit & req_store_q", L2CNT_WRITE_MISSES);
    emit_line(e, "if (meta_hit & req_store_q) begin // merge the bytes; the row marks it dirty");
    emit_in(e);
    for (unsigned k = 0; k < g->lay.ways; k++)
        emit_line(e, "data_we[%u] = meta_way_oh[%u];", k, k);
    emit_line(e, "state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end else if (meta_hit) begin // read hit: answer with the old victim bit");
    emit_in(e);
    emit_line(e, "rsp_core_d = req_core_q;");
    emit_line(e, "rsp_id_d = req_id_q;");
    emit_line(e, "rsp_data_d = hit_data;");
    emit_line(e, "rsp_vbit_d = meta_vbit;");
    if (w->b)
        emit_line(e, "rsp_bbit_d = meta_bbit;");
    emit_line(e, "rsp_hit_d = 1'b1;");
    emit_line(e, "state_d = SResp;");
    emit_out(e);
    emit_line(e, "end else begin // miss: the lowest free MSHR takes the request, fetch the line");
    emit_in(e);
    emit_line(e, "mshr_alloc = 1'b1;");
    emit_line(e, "mshr_d = mshr_free_idx;");
    emit_line(e, "evt_mshr_o = mshr_free_idx;");
    emit_line(e, "state_d = SMemReq;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_fsm_fill(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "SFill: begin // install the line, write back a dirty victim, finish the request");
    emit_in(e);
    emit_event(e, EVT_FILL, dec_const(DEC_FILL), "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "evt_evict_o = meta_evict;");
    emit_line(e, "evt_dirty_o = meta_evict_dirty;");
    emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    emit_line(e, "evt_mshr_o = mshr_q;");
    emit_line(e, "evt_core_o = mshr_rd_core;");
    emit_line(e, "evt_store_o = mshr_rd_store;");
    emit_line(e, "meta_we = 1'b1;");
    for (unsigned k = 0; k < g->lay.ways; k++)
        emit_line(e, "data_we[%u] = meta_way_oh[%u];", k, k);
    emit_line(e, "data_wdata = mshr_rd_store ? fill_merged : mem_rsp_data_i;");
    emit_line(e, "data_wbe = {%u{1'b1}};", w->lb);
    emit_line(e, "mshr_free = 1'b1;");
    emit_line(e, "wake_d = 1'b1;");
    emit_count(e, w, "1'b1", L2CNT_FILLS);
    emit_count(e, w, "meta_evict", L2CNT_EVICTIONS);
    emit_count(e, w, "meta_evict_dirty", L2CNT_WRITEBACKS);
    emit_line(e, "wb_line_d = wb_line;");
    emit_line(e, "wb_data_d = way_data;");
    emit_line(e, "rsp_core_d = mshr_rd_core;");
    emit_line(e, "rsp_id_d = mshr_rd_id;");
    emit_line(e, "rsp_data_d = mem_rsp_data_i;");
    emit_line(e, "rsp_vbit_d = 1'b0; // a new line: no victim bit yet");
    if (w->b)
        emit_line(e, "rsp_bbit_d = 1'b0; // ... nor bypass bit (the row stores the prediction)");
    emit_line(e, "rsp_hit_d = 1'b0;");
    emit_line(e, "rsp_pend_d = !mshr_rd_store;");
    emit_line(e, "if (meta_evict_dirty) state_d = SWb;");
    emit_line(e, "else state_d = mshr_rd_store ? SIdle : SResp;");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_fsm_rest(emit_t *e, const l2_w_t *w)
{
    emit_line(e, "SMemReq: begin // the line read enters the memory queue");
    emit_in(e);
    emit_line(e, "if (!memq_full) state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "SWb: begin // the write-back enters the memory queue");
    emit_in(e);
    emit_line(e, "if (!memq_full) state_d = rsp_pend_q ? SResp : SIdle;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "SResp: begin // the read response enters the response queue");
    emit_in(e);
    emit_line(e, "if (!rspq_full) state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "default: begin // SSweep: write the reset row into every set");
    emit_in(e);
    emit_event(e, EVT_SWEEP, dec_const(DEC_NONE), "sweep_set_q", "RowReset");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "meta_waddr = sweep_set_q;");
    emit_line(e, "meta_wdata = RowReset;");
    emit_line(e, "sweep_set_d = sweep_set_q + %s;", emit_const(w->m, 1));
    emit_line(e, "if (sweep_set_q == LastSet) state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_fsm(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    reg_def_t r[24];
    unsigned n = regs(w, r);
    emit_line(e, "always @* begin : control");
    emit_in(e);
    emit_line(e, "state_d = state_q;");
    emit_line(e, "sweep_set_d = sweep_set_q;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "%s_d = %s_q;", r[i].name, r[i].name);
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "cnt_%s_d = cnt_%s_q;", lay_l2_counter_names[i], lay_l2_counter_names[i]);
    emit_line(e, "req_ready_o = 1'b0;");
    emit_line(e, "meta_re = 1'b0;");
    emit_line(e, "meta_raddr = idx_set;");
    emit_line(e, "meta_we = 1'b0;");
    emit_line(e, "meta_waddr = set_q;");
    emit_line(e, "meta_wdata = meta_row;");
    emit_line(e, "data_re = 1'b0;");
    emit_line(e, "data_we = %s;", emit_const(g->lay.ways, 0));
    emit_line(e, "data_wdata = req_wdata_q;");
    emit_line(e, "data_wbe = req_be_q;");
    emit_line(e, "mshr_alloc = 1'b0;");
    emit_line(e, "mshr_free = 1'b0;");
    emit_line(e, "evt_valid_o = 1'b0;");
    emit_line(e, "evt_kind_o = %s;", code_param(CODE_EVT, EVT_SWEEP));
    emit_line(e, "evt_dec_o = %s;", dec_const(DEC_NONE));
    emit_line(e, "evt_set_o = set_q;");
    emit_line(e, "evt_way_o = %s;", emit_const(w->wb, 0));
    emit_line(e, "evt_evict_o = 1'b0;");
    emit_line(e, "evt_dirty_o = 1'b0;");
    emit_line(e, "evt_evict_tag_o = %s;", emit_const(w->t, 0));
    emit_line(e, "evt_mshr_o = %s;", emit_const(w->mb, 0));
    emit_line(e, "evt_core_o = %s;", emit_const(w->core, 0));
    emit_line(e, "evt_store_o = 1'b0;");
    emit_line(e, "evt_row_o = meta_row;");
    emit_line(e, "case (state_q)");
    emit_in(e);
    emit_fsm_idle(e, w);
    emit_fsm_tag(e, g, w);
    emit_fsm_fill(e, g, w);
    emit_fsm_rest(e, w);
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_flops(emit_t *e, const l2_w_t *w)
{
    reg_def_t r[24];
    unsigned n = regs(w, r);
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "state_q <= SSweep;");
    emit_line(e, "sweep_set_q <= %s;", emit_const(w->m, 0));
    for (unsigned i = 0; i < n; i++) {
        if (r[i].width <= 64)
            emit_line(e, "%s_q <= %s;", r[i].name, emit_const(r[i].width, 0));
        else
            emit_line(e, "%s_q <= {%u{1'b0}};", r[i].name, r[i].width);
    }
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "cnt_%s_q <= %s;", lay_l2_counter_names[i], emit_const(w->cw, 0));
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "state_q <= state_d;");
    emit_line(e, "sweep_set_q <= sweep_set_d;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "%s_q <= %s_d;", r[i].name, r[i].name);
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "cnt_%s_q <= cnt_%s_d;", lay_l2_counter_names[i], lay_l2_counter_names[i]);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_outputs(emit_t *e)
{
    emit_line(e, "assign mem_rsp_ready_o = state_q == SFill;");
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        emit_line(e, "assign cnt_%s_o = cnt_%s_q;", lay_l2_counter_names[i], lay_l2_counter_names[i]);
}

void emit_l2_top(emit_t *e, const gen_l2_t *g)
{
    l2_w_t w;
    widths(g, &w);
    gen_header(e, g->cfg, g->top,
               "L2 slice (write-back, write-allocate, G-Cache victim bits, SPEC 3.2)");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, g, &w);
    emit_instances(e, g, &w);
    emit_fsm(e, g, &w);
    emit_flops(e, &w);
    emit_outputs(e);
    emit_out(e);
    gen_footer(e);
}
