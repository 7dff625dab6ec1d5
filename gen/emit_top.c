/* emit_top: the L1 top module: ports, control FSM, SRAM instances, counters, event port.
 * One operation at a time: IDLE picks (fill > flush > parked load > new request), TAG looks up
 * and writes the row, FILL installs a returned line, MEMREQ pushes into the memory-request
 * queue (<name>_memq, which drives the mem_req channel), RESP waits on the core. Timing
 * contract (README): hit response valid 2 cycles after acceptance. */
#include "emit_l1.h"

#include <string.h>

enum { S_SWEEP, S_IDLE, S_TAG, S_FILL, S_MEMREQ, S_RESP, S_COUNT };
static const char *const state_names[S_COUNT] = {"SSweep", "SIdle", "STag", "SFill", "SMemReq",
                                                 "SResp"};

typedef struct top_w {
    unsigned la, id, pc, core, lb, lw, mb, m, t, wb, rb, cw, in;
} top_w_t;

/* The baseline never bypasses, so its bypass counter is a constant 0. */
static int has_counter(const gen_l1_t *g, unsigned i)
{
    return i != CNT_BYPASSES || g->lay.dec || gc_enabled(g) || pp_enabled(g);
}

static void widths(const gen_l1_t *g, top_w_t *w)
{
    const cfg_l1_t *c = &g->cfg->l1;
    const lay_l1_t *l = &g->lay;
    w->la = l->line_addr_bits;
    w->id = c->id_bits;
    w->pc = c->pc_bits;
    w->core = c->core_bits;
    w->lb = c->line_bytes;
    w->lw = l->line_bits;
    w->mb = l->mshr_bits;
    w->m = l->set_bits;
    w->t = l->tag_bits;
    w->wb = l->way_bits;
    w->rb = l->row_bits;
    w->cw = c->counter_bits;
    w->in = gen_l1_index_in_bits(g);
}

static void emit_ports(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "module %s (", g->top);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "// core request: whole-line load or store, line address, byte enables");
    emit_line(e, "input  wire req_valid_i,");
    emit_line(e, "output reg  req_ready_o,");
    emit_line(e, "input  wire req_store_i,");
    emit_line(e, "input  wire %sreq_line_i,", emit_range(w->la));
    emit_line(e, "input  wire %sreq_id_i,", emit_range(w->id));
    emit_line(e, "input  wire %sreq_pc_i,", emit_range(w->pc));
    emit_line(e, "input  wire %sreq_core_i,", emit_range(w->core));
    emit_line(e, "input  wire %sreq_be_i,", emit_range(w->lb));
    emit_line(e, "input  wire %sreq_wdata_i,", emit_range(w->lw));
    emit_line(e, "// core response");
    emit_line(e, "output wire rsp_valid_o,");
    emit_line(e, "input  wire rsp_ready_i,");
    emit_line(e, "output wire %srsp_id_o,", emit_range(w->id));
    emit_line(e, "output wire [%u:0] rsp_status_o,", LAY_STATUS_BITS - 1);
    emit_line(e, "output wire %srsp_data_o,", emit_range(w->lw));
    emit_line(e, "// memory request: reads carry their MSHR number, stores write through");
    emit_line(e, "output wire mem_req_valid_o,");
    emit_line(e, "input  wire mem_req_ready_i,");
    emit_line(e, "output wire mem_req_store_o,");
    emit_line(e, "output wire %smem_req_line_o,", emit_range(w->la));
    emit_line(e, "output wire %smem_req_mshr_o,", emit_range(w->mb));
    emit_line(e, "output wire %smem_req_be_o,", emit_range(w->lb));
    emit_line(e, "output wire %smem_req_wdata_o,", emit_range(w->lw));
    emit_line(e, "output wire mem_req_hint_o, // PC predictor: the read is predicted to bypass (else 0)");
    emit_line(e, "// memory response: a whole line for one MSHR, in any order");
    emit_line(e, "input  wire mem_rsp_valid_i,");
    emit_line(e, "output wire mem_rsp_ready_o,");
    emit_line(e, "input  wire %smem_rsp_mshr_i,", emit_range(w->mb));
    emit_line(e, "input  wire %smem_rsp_data_i,", emit_range(w->lw));
    emit_line(e, "input  wire mem_rsp_hint_i, // the L2's hint bit (G-Cache: victim bit; PC predictor:");
    emit_line(e, "                            // bypass bit); else unused");
    emit_line(e, "// control");
    emit_line(e, "input  wire flush_i,");
    emit_line(e, "input  wire kernel_start_i,");
    emit_line(e, "input  wire filter_enable_i, // decoupled: low forces threshold 0 (others: unused)");
    emit_line(e, "// performance counters (wrapping)");
    for (unsigned i = 0; i < CNT_COUNT; i++)
        emit_line(e, "output wire %scnt_%s_o,", emit_range(w->cw), lay_counter_names[i]);
    emit_line(e, "// event port (simulation only): one state-changing event per cycle");
    emit_line(e, "output reg  evt_valid_o,");
    emit_line(e, "output reg  [%u:0] evt_kind_o,", LAY_EVT_KIND_BITS - 1);
    emit_line(e, "output reg  [%u:0] evt_dec_o,", LAY_DEC_BITS - 1);
    emit_line(e, "output reg  %sevt_set_o,", emit_range(w->m));
    emit_line(e, "output reg  %sevt_way_o,", emit_range(w->wb));
    emit_line(e, "output reg  evt_evict_o,");
    emit_line(e, "output reg  %sevt_evict_tag_o,", emit_range(w->t));
    emit_line(e, "output reg  %sevt_mshr_o,", emit_range(w->mb));
    if (gc_enabled(g)) {
        emit_line(e, "output reg  evt_switch_o, // G-Cache fills: the set's switch after the fill");
        emit_line(e, "output reg  %sevt_count_o,  // ... and its bypass counter",
                  emit_range(gc_evt_count_bits(g)));
    }
    if (pp_enabled(g)) {
        emit_line(e, "output wire evt_pc_we_o,  // PC predictor: this event wrote a counter");
        emit_line(e, "output wire %sevt_pc_idx_o, // ... this one", emit_range(pp_hash_bits(g)));
        emit_line(e, "output wire %sevt_pc_val_o, // ... with this value",
                  emit_range(g->cfg->l1.pc_counter_bits));
        emit_line(e, "output reg  evt_pc_pred_o, // load miss / fill: the prediction");
    }
    emit_line(e, "output reg  %sevt_row_o", emit_range(w->rb));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

static void emit_decls(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    lay_l1_row_t reset;
    bv_t packed;
    lay_l1_reset_row(&g->cfg->l1, &g->lay, &reset);
    lay_l1_pack(&g->lay, &reset, &packed);
    for (unsigned s = 0; s < S_COUNT; s++)
        emit_line(e, "localparam [2:0] %s = %s;", state_names[s], emit_const(3, s));
    emit_line(e, "localparam [%u:0] RowReset = %s;", w->rb - 1, emit_const_bv(w->rb, &packed));
    emit_line(e, "localparam [%u:0] LastSet = %s;", w->m - 1, emit_const(w->m, g->lay.sets - 1));
    emit_blank(e);
    emit_line(e, "reg [2:0] state_q, state_d;");
    emit_line(e, "reg %ssweep_set_q, sweep_set_d;", emit_range(w->m));
    emit_line(e, "reg %sset_q, set_d;", emit_range(w->m));
    emit_line(e, "reg %sline_q, line_d;", emit_range(w->la));
    emit_line(e, "reg req_store_q, req_store_d;");
    emit_line(e, "reg %sreq_id_q, req_id_d;", emit_range(w->id));
    emit_line(e, "reg %sreq_be_q, req_be_d;", emit_range(w->lb));
    emit_line(e, "reg %sreq_wdata_q, req_wdata_d;", emit_range(w->lw));
    emit_line(e, "reg park_q, park_d;");
    emit_line(e, "reg rsv_counted_q, rsv_counted_d;");
    emit_line(e, "reg flush_pend_q, flush_pend_d;");
    if (g->lay.dec)
        emit_line(e, "reg park_wake_q, park_wake_d; // a fill completed since the load parked");
    emit_line(e, "reg %smshr_q, mshr_d;   // the MSHR of the memory read being sent", emit_range(w->mb));
    emit_line(e, "reg %sfmshr_q, fmshr_d; // the MSHR being filled", emit_range(w->mb));
    emit_line(e, "reg resume_q, resume_d;  // a fill came while a memory request waited: resume it");
    emit_line(e, "reg %srsp_id_q, rsp_id_d;", emit_range(w->id));
    emit_line(e, "reg [%u:0] rsp_status_q, rsp_status_d;", LAY_STATUS_BITS - 1);
    emit_line(e, "reg %srsp_data_q, rsp_data_d;", emit_range(w->lw));
    for (unsigned i = 0; i < CNT_COUNT; i++)
        if (has_counter(g, i))
            emit_line(e, "reg %scnt_%s_q, cnt_%s_d;", emit_range(w->cw), lay_counter_names[i],
                      lay_counter_names[i]);
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
    emit_line(e, "// metadata logic, MSHRs, index");
    emit_line(e, "// A continuous assignment, not a default in the control block: meta_op feeds");
    emit_line(e, "// back into that block through u_meta, and event-driven simulators would see");
    emit_line(e, "// the default and the override as two changes and never settle.");
    emit_line(e, "wire [1:0] meta_op = (state_q == SFill) ? 2'd2 : {1'b0, req_store_q};");
    emit_line(e, "wire meta_hit, meta_evict;");
    if (g->lay.dec)
        emit_line(e, "wire meta_reserve, meta_bypass, meta_stall;");
    emit_line(e, "wire %smeta_way;", emit_range(w->wb));
    emit_line(e, "wire %smeta_evict_tag;", emit_range(w->t));
    emit_line(e, "wire %smeta_row;", emit_range(w->rb));
    emit_line(e, "reg mshr_alloc, mshr_free;");
    emit_line(e, "wire memq_push, memq_full;");
    emit_line(e, "wire mshr_conflict, mshr_full;");
    if (gc_enabled(g))
        emit_gc_decls(e, g);
    if (g->lay.dec)
        emit_line(e, "wire mshr_empty, mshr_rd_bypass;");
    if (pp_enabled(g)) {
        emit_pp_decls(e, g);
        emit_pp_values(e, g);
    }
    emit_line(e, "wire %smshr_free_idx;", emit_range(w->mb));
    emit_line(e, "wire %smshr_rd_idx = (state_q == SFill) ? fmshr_q : mem_rsp_mshr_i;",
              emit_range(w->mb));
    emit_line(e, "wire %smshr_rd_line;", emit_range(w->la));
    emit_line(e, "wire %smshr_rd_id;", emit_range(w->id));
    emit_line(e, "wire %sidx_line = mem_rsp_valid_i ? mshr_rd_line[%u:0] :", emit_range(w->in),
              w->in - 1);
    emit_line(e, "    (park_q ? line_q[%u:0] : req_line_i[%u:0]);", w->in - 1, w->in - 1);
    emit_line(e, "wire %sidx_set;", emit_range(w->m));
    emit_line(e, "wire %smeta_tag = (state_q == SFill) ? mshr_rd_line[%u:%u] : line_q[%u:%u];",
              emit_range(w->t), w->la - 1, w->m, w->la - 1, w->m);
    emit_blank(e);
}

static void emit_instances(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "%s u_index (", g->index);
    emit_in(e);
    emit_line(e, ".line_i (idx_line),");
    emit_line(e, ".set_o  (idx_set)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_line(e, "%s u_meta (", g->meta);
    emit_in(e);
    emit_line(e, ".row_i       (meta_rdata),");
    emit_line(e, ".op_i        (meta_op),");
    emit_line(e, ".tag_i       (meta_tag),");
    if (gc_enabled(g)) {
        emit_line(e, ".hint_i      (mem_rsp_hint_i),");
        emit_line(e, ".switch_i    (gc_switch_set),");
        emit_line(e, ".age_i       (gc_age),");
        emit_line(e, ".fill_bypass_o (meta_fill_bypass),");
    }
    if (pp_enabled(g)) {
        emit_line(e, ".hpc_i       (pp_meta_hpc),");
        emit_line(e, ".old_hpc_o   (meta_old_hpc),");
    }
    if (g->lay.dec) {
        emit_line(e, ".filter_i    (filter_enable_i),");
        emit_line(e, ".reserve_o   (meta_reserve),");
        emit_line(e, ".bypass_o    (meta_bypass),");
        emit_line(e, ".stall_o     (meta_stall),");
    }
    emit_line(e, ".hit_o       (meta_hit),");
    emit_line(e, ".way_o       (meta_way),");
    emit_line(e, ".evict_o     (meta_evict),");
    emit_line(e, ".evict_tag_o (meta_evict_tag),");
    emit_line(e, ".row_o       (meta_row)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_line(e, "%s u_mshr (", g->mshr);
    emit_in(e);
    emit_line(e, ".clk_i        (clk_i),");
    emit_line(e, ".rst_ni       (rst_ni),");
    emit_line(e, ".alloc_i      (mshr_alloc),");
    emit_line(e, ".alloc_line_i (line_q),");
    emit_line(e, ".alloc_id_i   (req_id_q),");
    if (g->lay.dec) {
        emit_line(e, ".alloc_bypass_i (meta_bypass),");
        emit_line(e, ".rd_bypass_o  (mshr_rd_bypass),");
        emit_line(e, ".empty_o      (mshr_empty),");
    }
    if (pp_enabled(g)) {
        emit_line(e, ".alloc_pred_i (pp_pred),");
        emit_line(e, ".alloc_hpc_i  (pp_hash),");
        emit_line(e, ".rd_pred_o    (mshr_rd_pred),");
        emit_line(e, ".rd_hpc_o     (mshr_rd_hpc),");
    }
    emit_line(e, ".free_i       (mshr_free),");
    emit_line(e, ".free_idx_i   (fmshr_q),");
    emit_line(e, ".look_line_i  (req_line_i),");
    emit_line(e, ".conflict_o   (mshr_conflict),");
    emit_line(e, ".full_o       (mshr_full),");
    emit_line(e, ".free_idx_o   (mshr_free_idx),");
    emit_line(e, ".rd_idx_i     (mshr_rd_idx),");
    emit_line(e, ".rd_line_o    (mshr_rd_line),");
    emit_line(e, ".rd_id_o      (mshr_rd_id)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_line(e, "// Memory requests leave in acceptance order through the queue, so mem_req_valid_o");
    emit_line(e, "// is held with its payload until the handshake whatever the FSM does meanwhile.");
    emit_line(e, "assign memq_push = (state_q == SMemReq) & !memq_full;");
    emit_line(e, "%s u_memq (", g->memq);
    emit_in(e);
    emit_line(e, ".clk_i       (clk_i),");
    emit_line(e, ".rst_ni      (rst_ni),");
    emit_line(e, ".push_i      (memq_push),");
    emit_line(e, ".full_o      (memq_full),");
    emit_line(e, ".push_data_i ({%s, req_store_q, line_q, mshr_q, req_be_q, req_wdata_q}),",
              pp_enabled(g) ? "pp_pred_q & ~req_store_q" : "1'b0");
    emit_line(e, ".valid_o     (mem_req_valid_o),");
    emit_line(e, ".ready_i     (mem_req_ready_i),");
    emit_line(e, ".data_o      ({mem_req_hint_o, mem_req_store_o, mem_req_line_o, mem_req_mshr_o,");
    emit_line(e, "               mem_req_be_o, mem_req_wdata_o})");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_line(e, "// Metadata: one row per set holding every way's tag and policy bits.");
    emit_line(e, "cachegen_sram_1r1w #(");
    emit_in(e);
    emit_line(e, ".Width    (%u),", w->rb);
    emit_line(e, ".Depth    (%u),", g->lay.sets);
    emit_line(e, ".AddrBits (%u)", w->m);
    emit_out(e);
    emit_line(e, ") u_meta_sram (");
    emit_in(e);
    emit_line(e, ".clk_i   (clk_i),");
    emit_line(e, ".re_i    (meta_re),");
    emit_line(e, ".raddr_i (meta_raddr),");
    emit_line(e, ".rdata_o (meta_rdata),");
    emit_line(e, ".we_i    (meta_we),");
    emit_line(e, ".waddr_i (meta_waddr),");
    emit_line(e, ".wdata_i (meta_wdata),");
    emit_line(e, ".wmask_i ({%u{1'b1}})", w->rb);
    emit_out(e);
    emit_line(e, ");");
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
    emit_blank(e);
    emit_line(e, "// Data: one bank per way, all read in parallel with the tags.");
    for (unsigned k = 0; k < g->lay.ways; k++) {
        emit_line(e, "cachegen_sram_1r1w #(");
        emit_in(e);
        emit_line(e, ".Width    (%u),", w->lw);
        emit_line(e, ".Depth    (%u),", g->lay.sets);
        emit_line(e, ".AddrBits (%u)", w->m);
        emit_out(e);
        emit_line(e, ") u_data_sram_w%u (", k);
        emit_in(e);
        emit_line(e, ".clk_i   (clk_i),");
        emit_line(e, ".re_i    (data_re),");
        emit_line(e, ".raddr_i (meta_raddr),");
        emit_line(e, ".rdata_o (data_rdata_w%u),", k);
        emit_line(e, ".we_i    (data_we[%u]),", k);
        emit_line(e, ".waddr_i (set_q),");
        emit_line(e, ".wdata_i (data_wdata),");
        emit_line(e, ".wmask_i (data_wmask)");
        emit_out(e);
        emit_line(e, ");");
    }
    emit_blank(e);
    emit_line(e, "reg %shit_data;", emit_range(w->lw));
    emit_line(e, "always @* begin : hit_data_select");
    emit_in(e);
    emit_line(e, "hit_data = data_rdata_w0;");
    for (unsigned k = 1; k < g->lay.ways; k++)
        emit_line(e, "if (meta_way == %s) hit_data = data_rdata_w%u;", emit_const(w->wb, k), k);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_count(emit_t *e, const top_w_t *w, const char *cond, lay_counter_t c)
{
    emit_line(e, "if (%s) cnt_%s_d = cnt_%s_q + %s;", cond, lay_counter_names[c],
              lay_counter_names[c], emit_const(w->cw, 1));
}

/* Event fields for the current cycle (called inside the FSM block). */
static void emit_event(emit_t *e, const top_w_t *w, lay_evt_kind_t kind, const char *dec,
                       const char *set, const char *row)
{
    emit_line(e, "evt_valid_o = 1'b1;");
    emit_line(e, "evt_kind_o = %s;", emit_const(LAY_EVT_KIND_BITS, kind));
    emit_line(e, "evt_dec_o = %s;", dec);
    emit_line(e, "evt_set_o = %s;", set);
    emit_line(e, "evt_row_o = %s;", row);
    (void)w;
}

static const char *dec_const(lay_decision_t d) { return emit_const(LAY_DEC_BITS, d); }

static void emit_fsm_idle(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    (void)g;
    emit_line(e, "SIdle: begin");
    emit_in(e);
    if (gc_resets(g)) {
        emit_gc_reset_event(e, g);
        emit_line(e, "end else if (mem_rsp_valid_i) begin // then fills");
    } else {
        emit_line(e, "if (mem_rsp_valid_i) begin // fills first");
    }
    emit_in(e);
    emit_line(e, "set_d = idx_set; // line_q keeps a parked load; the fill's line is in its MSHR");
    emit_line(e, "fmshr_d = mem_rsp_mshr_i;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "state_d = SFill;");
    emit_out(e);
    emit_line(e, "end else if (flush_pend_q) begin");
    emit_in(e);
    if (g->lay.dec) { /* reserved lines must fill before their rows are swept */
        emit_line(e, "if (mshr_empty) begin // decoupled: outstanding reads drain first");
        emit_in(e);
    }
    emit_line(e, "flush_pend_d = flush_i;");
    emit_line(e, "sweep_set_d = %s;", emit_const(w->m, 0));
    emit_line(e, "state_d = SSweep;");
    if (g->lay.dec) {
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    if (g->lay.dec) {
        emit_line(e, "end else if (park_q) begin // load held for an MSHR or a data line");
        emit_in(e);
        emit_line(e, "if (park_wake_q) begin");
    } else {
        emit_line(e, "end else if (park_q) begin // load held for a free MSHR");
        emit_in(e);
        emit_line(e, "if (!mshr_full) begin");
    }
    emit_in(e);
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "data_re = 1'b1;");
    emit_line(e, "state_d = STag;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end else if (req_valid_i) begin");
    emit_in(e);
    emit_line(e, "if (mshr_conflict) begin // its line has a read outstanding");
    emit_in(e);
    emit_line(e, "if (!rsv_counted_q) begin");
    emit_in(e);
    emit_event(e, w, EVT_STALL, dec_const(DEC_STALL_LINE), "idx_set", emit_const_bv(w->rb, &(bv_t){{0}}));
    emit_line(e, "rsv_counted_d = 1'b1;");
    emit_line(e, "cnt_rsv_fails_d = cnt_rsv_fails_q + %s;", emit_const(w->cw, 1));
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "req_ready_o = 1'b1;");
    emit_line(e, "req_store_d = req_store_i;");
    emit_line(e, "line_d = req_line_i;");
    emit_line(e, "req_id_d = req_id_i;");
    emit_line(e, "req_be_d = req_be_i;");
    emit_line(e, "req_wdata_d = req_wdata_i;");
    if (pp_enabled(g))
        emit_line(e, "req_pc_d = req_pc_i;");
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "data_re = 1'b1;");
    emit_line(e, "state_d = STag;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

/* After a lookup: a load hit answers, everything else goes to memory; a store hit writes its
 * bytes (unless write-evict); a load that did not hit takes the lowest free MSHR. */
static void emit_lookup_outcome(emit_t *e, const gen_l1_t *g, const top_w_t *w,
                                const char *mshr_note)
{
    const cfg_l1_t *c = &g->cfg->l1;
    emit_line(e, "if (meta_hit & !req_store_q) begin");
    emit_in(e);
    emit_line(e, "rsp_id_d = req_id_q;");
    emit_line(e, "rsp_status_d = %s;", emit_const(LAY_STATUS_BITS, ST_HIT));
    emit_line(e, "rsp_data_d = hit_data;");
    emit_line(e, "state_d = SResp;");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "state_d = SMemReq;");
    emit_out(e);
    emit_line(e, "end");
    if (!c->write_evict) {
        emit_line(e, "if (meta_hit & req_store_q) begin");
        emit_in(e);
        for (unsigned k = 0; k < g->lay.ways; k++)
            emit_line(e, "data_we[%u] = meta_way == %s;", k, emit_const(w->wb, k));
        emit_line(e, "data_wdata = req_wdata_q;");
        emit_line(e, "data_wbe = req_be_q;");
        emit_out(e);
        emit_line(e, "end");
    }
    emit_line(e, "if (!meta_hit & !req_store_q) begin%s", mshr_note);
    emit_in(e);
    emit_line(e, "mshr_alloc = 1'b1;");
    emit_line(e, "mshr_d = mshr_free_idx;");
    emit_line(e, "evt_mshr_o = mshr_free_idx;");
    emit_out(e);
    emit_line(e, "end");
}

/* A lookup that cannot go on parks its request until a fill: stall event `dec`, one
 * reservation failure per request; `wake` (decoupled) also clears the parked wake-up. */
static void emit_park(emit_t *e, const top_w_t *w, lay_decision_t dec, int wake)
{
    emit_event(e, w, EVT_STALL, dec_const(dec), "set_q", "meta_rdata");
    emit_line(e, "park_d = 1'b1;");
    if (wake)
        emit_line(e, "park_wake_d = 1'b0;");
    emit_line(e, "rsv_counted_d = 1'b1;");
    emit_count(e, w, "!rsv_counted_q", CNT_RSV_FAILS);
    emit_line(e, "state_d = SIdle;");
}

static void emit_fsm_tag(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "STag: begin");
    emit_in(e);
    emit_line(e, "if (meta_hit | req_store_q | !mshr_full) begin");
    emit_in(e);
    char dec[160];
    snprintf(dec, sizeof dec, "meta_hit ? (req_store_q ? %s : %s) : (req_store_q ? %s : %s)",
             dec_const(DEC_ST_HIT), dec_const(DEC_LD_HIT), dec_const(DEC_ST_MISS),
             dec_const(DEC_LD_MISS));
    emit_event(e, w, EVT_LOOKUP, dec, "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "park_d = 1'b0;");
    emit_line(e, "rsv_counted_d = 1'b0;");
    emit_count(e, w, "1'b1", CNT_ACCESSES);
    emit_count(e, w, "meta_hit", CNT_HITS);
    emit_count(e, w, "!meta_hit", CNT_MISSES);
    if (gc_resets(g))
        emit_gc_count_request(e, g);
    if (pp_enabled(g))
        emit_pp_lookup(e, g);
    emit_lookup_outcome(e, g, w, "");
    emit_out(e);
    emit_line(e, "end else begin // load miss with every MSHR busy: park until a fill frees one");
    emit_in(e);
    emit_park(e, w, DEC_STALL_MSHR, 0);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

/* Decoupled lookup: the metadata module decides hit / reserve / bypass / stall. */
static void emit_fsm_tag_dec(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "STag: begin");
    emit_in(e);
    emit_line(e, "if (!(meta_hit | req_store_q | !mshr_full)) begin // load needs an MSHR: park");
    emit_in(e);
    emit_park(e, w, DEC_STALL_MSHR, 1);
    emit_out(e);
    emit_line(e, "end else if (meta_stall) begin // every data line reserved: park until a fill");
    emit_in(e);
    emit_park(e, w, DEC_STALL_RSV, 1);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    char dec[256];
    snprintf(dec, sizeof dec,
             "meta_hit ? (req_store_q ? %s : %s) : (req_store_q ? %s : (meta_reserve ? %s : %s))",
             dec_const(DEC_ST_HIT), dec_const(DEC_LD_HIT), dec_const(DEC_ST_MISS),
             dec_const(DEC_LD_MISS), dec_const(DEC_LD_BYPASS));
    emit_event(e, w, EVT_LOOKUP, dec, "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "evt_evict_o = meta_evict;");
    emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "park_d = 1'b0;");
    emit_line(e, "rsv_counted_d = 1'b0;");
    emit_count(e, w, "1'b1", CNT_ACCESSES);
    emit_count(e, w, "meta_hit", CNT_HITS);
    emit_count(e, w, "!meta_hit & !meta_bypass", CNT_MISSES);
    emit_count(e, w, "meta_bypass", CNT_BYPASSES);
    emit_count(e, w, "meta_evict", CNT_EVICTIONS);
    emit_lookup_outcome(e, g, w, " // reserve or bypass: both hold an MSHR");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

/* The fill of a bypassed read: answer the core BYPASS, install nothing. Decoupled: the lookup
 * decided it (and counted the bypass); PC predictor: predicted and the L2's bit 0, counted
 * here. Leaves an "else begin" open for the installing fill. */
static void emit_fill_bypass(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "if (%s) begin", g->lay.dec ? "mshr_rd_bypass" : "pp_fill_bypass");
    emit_in(e);
    emit_event(e, w, EVT_FILL, dec_const(DEC_FILL_BYPASS), "set_q", "meta_rdata");
    emit_line(e, "evt_mshr_o = fmshr_q;");
    emit_line(e, "mshr_free = 1'b1;");
    if (g->lay.dec) /* a line reservation may wait for this fill */
        emit_line(e, "park_wake_d = 1'b1;");
    emit_line(e, "rsp_id_d = mshr_rd_id;");
    emit_line(e, "rsp_status_d = %s;", emit_const(LAY_STATUS_BITS, ST_BYPASS));
    emit_line(e, "rsp_data_d = mem_rsp_data_i;");
    emit_line(e, "state_d = SResp;");
    if (pp_enabled(g))
        emit_line(e, "cnt_bypasses_d = cnt_bypasses_q + %s;", emit_const(w->cw, 1));
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
}

static void emit_fsm_rest(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "SFill: begin");
    emit_in(e);
    if (pp_enabled(g))
        emit_pp_fill_pred(e);
    if (g->lay.dec || pp_enabled(g))
        emit_fill_bypass(e, g, w);
    if (gc_enabled(g))
        emit_gc_fill_bypass(e, g, w->cw);
    if (pp_enabled(g))
        emit_pp_fill_victim(e, g);
    emit_event(e, w, EVT_FILL, dec_const(DEC_FILL), "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    if (!g->lay.dec) {
        emit_line(e, "evt_evict_o = meta_evict;");
        emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    }
    emit_line(e, "evt_mshr_o = fmshr_q;");
    emit_line(e, "meta_we = 1'b1;");
    for (unsigned k = 0; k < g->lay.ways; k++)
        emit_line(e, "data_we[%u] = meta_way == %s;", k, emit_const(w->wb, k));
    emit_line(e, "data_wdata = mem_rsp_data_i;");
    emit_line(e, "data_wbe = {%u{1'b1}};", w->lb);
    emit_line(e, "mshr_free = 1'b1;");
    emit_count(e, w, "1'b1", CNT_FILLS);
    if (g->lay.dec) /* the decoupled store evicts when it reserves, not when it fills */
        emit_line(e, "park_wake_d = 1'b1;");
    else
        emit_count(e, w, "meta_evict", CNT_EVICTIONS);
    emit_line(e, "rsp_id_d = mshr_rd_id;");
    emit_line(e, "rsp_status_d = %s;", emit_const(LAY_STATUS_BITS, ST_MISS));
    emit_line(e, "rsp_data_d = mem_rsp_data_i;");
    emit_line(e, "state_d = SResp;");
    if (g->lay.dec || gc_enabled(g) || pp_enabled(g)) {
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "SMemReq: begin");
    emit_in(e);
    emit_line(e, "// A fill is taken while the queue is full, so the cache never blocks the fill");
    emit_line(e, "// path (an L2 holding a response for this L1 may be what keeps the queue full).");
    emit_line(e, "if (memq_full & mem_rsp_valid_i) begin");
    emit_in(e);
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "fmshr_d = mem_rsp_mshr_i;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "resume_d = 1'b1;");
    emit_line(e, "state_d = SFill;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (!memq_full) begin // memq_push");
    emit_in(e);
    emit_line(e, "if (req_store_q) begin // a store is acknowledged when it enters the queue");
    emit_in(e);
    emit_line(e, "rsp_id_d = req_id_q;");
    emit_line(e, "rsp_status_d = %s;", emit_const(LAY_STATUS_BITS, ST_STORE));
    emit_line(e, "state_d = SResp;");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "SResp: begin");
    emit_in(e);
    emit_line(e, "if (rsp_ready_i) begin");
    emit_in(e);
    emit_line(e, "state_d = resume_q ? SMemReq : SIdle;");
    emit_line(e, "resume_d = 1'b0;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "default: begin // SSweep: write the reset row into every set");
    emit_in(e);
    emit_event(e, w, EVT_SWEEP, dec_const(DEC_NONE), "sweep_set_q", "RowReset");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "meta_waddr = sweep_set_q;");
    emit_line(e, "meta_wdata = RowReset;");
    emit_line(e, "sweep_set_d = sweep_set_q + %s;", emit_const(w->m, 1));
    emit_line(e, "if (sweep_set_q == LastSet) state_d = SIdle;");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_fsm(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "always @* begin : control");
    emit_in(e);
    emit_line(e, "state_d = state_q;");
    emit_line(e, "sweep_set_d = sweep_set_q;");
    emit_line(e, "set_d = set_q;");
    emit_line(e, "line_d = line_q;");
    emit_line(e, "req_store_d = req_store_q;");
    emit_line(e, "req_id_d = req_id_q;");
    emit_line(e, "req_be_d = req_be_q;");
    emit_line(e, "req_wdata_d = req_wdata_q;");
    emit_line(e, "park_d = park_q;");
    emit_line(e, "rsv_counted_d = rsv_counted_q;");
    emit_line(e, "flush_pend_d = flush_pend_q | flush_i;");
    emit_line(e, "mshr_d = mshr_q;");
    emit_line(e, "fmshr_d = fmshr_q;");
    emit_line(e, "resume_d = resume_q;");
    emit_line(e, "rsp_id_d = rsp_id_q;");
    emit_line(e, "rsp_status_d = rsp_status_q;");
    emit_line(e, "rsp_data_d = rsp_data_q;");
    for (unsigned i = 0; i < CNT_COUNT; i++)
        if (has_counter(g, i))
            emit_line(e, "cnt_%s_d = cnt_%s_q;", lay_counter_names[i], lay_counter_names[i]);
    if (g->lay.dec)
        emit_line(e, "park_wake_d = park_wake_q;");
    if (gc_enabled(g))
        emit_gc_defaults(e, g);
    if (pp_enabled(g))
        emit_pp_defaults(e, g);
    emit_count(e, w, "rsv_counted_q", CNT_STALL_CYCLES);
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
    emit_line(e, "evt_kind_o = %s;", emit_const(LAY_EVT_KIND_BITS, 0));
    emit_line(e, "evt_dec_o = %s;", dec_const(DEC_NONE));
    emit_line(e, "evt_set_o = set_q;");
    emit_line(e, "evt_way_o = %s;", emit_const(w->wb, 0));
    emit_line(e, "evt_evict_o = 1'b0;");
    emit_line(e, "evt_evict_tag_o = %s;", emit_const(w->t, 0));
    emit_line(e, "evt_mshr_o = %s;", emit_const(w->mb, 0));
    emit_line(e, "evt_row_o = meta_row;");
    emit_line(e, "case (state_q)");
    emit_in(e);
    emit_fsm_idle(e, g, w);
    if (g->lay.dec)
        emit_fsm_tag_dec(e, g, w);
    else
        emit_fsm_tag(e, g, w);
    emit_fsm_rest(e, g, w);
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_flops(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    static const char *const regs[] = {"set", "line", "req_store", "req_id", "req_be",
                                       "req_wdata", "park", "rsv_counted", "flush_pend", "mshr",
                                       "fmshr", "resume", "rsp_id", "rsp_status", "rsp_data",
                                       NULL};
    const unsigned widths_of[] = {w->m, w->la, 1, w->id, w->lb, w->lw, 1, 1, 1, w->mb, w->mb, 1,
                                  w->id, LAY_STATUS_BITS, w->lw};
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "state_q <= SSweep;");
    emit_line(e, "sweep_set_q <= %s;", emit_const(w->m, 0));
    for (unsigned i = 0; regs[i]; i++) {
        if (widths_of[i] <= 64)
            emit_line(e, "%s_q <= %s;", regs[i], emit_const(widths_of[i], 0));
        else
            emit_line(e, "%s_q <= {%u{1'b0}};", regs[i], widths_of[i]);
    }
    for (unsigned i = 0; i < CNT_COUNT; i++)
        if (has_counter(g, i))
            emit_line(e, "cnt_%s_q <= %s;", lay_counter_names[i], emit_const(w->cw, 0));
    if (g->lay.dec)
        emit_line(e, "park_wake_q <= 1'b0;");
    if (gc_enabled(g))
        emit_gc_flops(e, g, 1);
    if (pp_enabled(g))
        emit_pp_flops(e, g, 1);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "state_q <= state_d;");
    emit_line(e, "sweep_set_q <= sweep_set_d;");
    for (unsigned i = 0; regs[i]; i++)
        emit_line(e, "%s_q <= %s_d;", regs[i], regs[i]);
    for (unsigned i = 0; i < CNT_COUNT; i++)
        if (has_counter(g, i))
            emit_line(e, "cnt_%s_q <= cnt_%s_d;", lay_counter_names[i], lay_counter_names[i]);
    if (g->lay.dec)
        emit_line(e, "park_wake_q <= park_wake_d;");
    if (gc_enabled(g))
        emit_gc_flops(e, g, 0);
    if (pp_enabled(g))
        emit_pp_flops(e, g, 0);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_outputs(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    emit_line(e, "assign rsp_valid_o = state_q == SResp;");
    emit_line(e, "assign rsp_id_o = rsp_id_q;");
    emit_line(e, "assign rsp_status_o = rsp_status_q;");
    emit_line(e, "assign rsp_data_o = rsp_data_q;");
    emit_line(e, "assign mem_rsp_ready_o = state_q == SFill;");
    for (unsigned i = 0; i < CNT_COUNT; i++) {
        if (!has_counter(g, i))
            emit_line(e, "assign cnt_bypasses_o = %s; // the baseline never bypasses",
                      emit_const(w->cw, 0));
        else
            emit_line(e, "assign cnt_%s_o = cnt_%s_q;", lay_counter_names[i], lay_counter_names[i]);
    }
}

void emit_l1_top(emit_t *e, const gen_l1_t *g)
{
    top_w_t w;
    widths(g, &w);
    gen_header(e, g->cfg, g->top, "L1 data cache (write-through, non-blocking, SPEC 3.1)");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, g, &w);
    emit_instances(e, g, &w);
    emit_fsm(e, g, &w);
    emit_flops(e, g, &w);
    emit_outputs(e, g, &w);
    emit_out(e);
    gen_footer(e);
}
