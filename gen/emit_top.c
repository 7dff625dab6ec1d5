/* emit_top: the L1 top module, a two-stage pipeline (README, "Timing contract").
 * Issue stage: picks one operation per cycle (a fill > a flush > the replay queue > a new
 * request) and reads its set's row and data lines. Decide stage: the row (forwarded when the
 * previous decision wrote the same set) goes through the metadata module; the operation writes
 * the row, the data line, the MSHRs and the counters, emits its event, and pushes its memory
 * request and its response into two in-order queues (<name>_memq instances). A request that
 * must wait (line conflict, no MSHR, every line reserved) goes to the replay queue, with the
 * request behind it, and is issued again after a fill. One operation decides per cycle, so the
 * C model sees the same sequence of events as from the former one-at-a-time cache. The
 * management mechanism enters only through its gen_mech_t hooks (mech.h): no mode tests here. */
#include "emit_l1.h"
#include "emit_repl.h"

#include "codes.h"
#include "emit_pipe.h"
#include "mech.h"

#include <string.h>

enum { S_SWEEP, S_RUN, S_COUNT };
static const char *const state_names[S_COUNT] = {"SSweep", "SRun"};

typedef struct top_w {
    const gen_l1_t *g;
    unsigned la, id, pc, core, base, lb, lw, mb, m, t, wb, rb, cw, in;
    pipe_dims_t d; /* the shared pipeline's view */
    pipe_drain_t drain; /* merging's drain */
} top_w_t;

/* The baseline never bypasses, so its bypass counter is a constant 0. */
static int has_counter(const gen_l1_t *g, unsigned i)
{
    if (i == CNT_MERGED)
        return g->cfg->l1.mshr_merge > 0;
    return i != CNT_BYPASSES || gen_mech(g)->counts_bypasses;
}

/* Call hook `fn` of g's mechanism if it has one. */
#define MECH(fn, e, g)                                                                       \
    do {                                                                                     \
        const gen_mech_t *m_ = gen_mech(g);                                                  \
        if (m_->fn)                                                                          \
            m_->fn(e, g);                                                                    \
    } while (0)

/* The mechanism's own connections of the MSHR file (pipe_mshr_inst_t's conn). */
static void mech_mshr_conn(emit_t *e, const void *ctx)
{
    const gen_l1_t *g = ctx;
    MECH(mshr_conn, e, g);
}

/* The MSHR file's instance (`file`, gen_l1_mshr_file): the load's id, its first field, from
 * the request; the mechanism's fields connected by its hook; merging's waiter is an id. */
static pipe_mshr_inst_t mshr_inst(const gen_l1_t *g, gen_mshr_t *file)
{
    gen_l1_mshr_file(g, file);
    return (pipe_mshr_inst_t){file, 1, 12, mech_mshr_conn, g, "req_id_q", "fmshr_q", ""};
}

static void widths(const gen_l1_t *g, top_w_t *w)
{
    const cfg_l1_t *c = &g->cfg->l1;
    const lay_l1_t *l = &g->lay;
    w->g = g;
    PIPE_WIDTHS(w, l, c->line_bytes);
    w->id = c->id_bits;
    w->pc = c->pc_bits;
    w->core = c->core_bits;
    w->base = c->fgcb_id_bits;
    w->cw = c->counter_bits;
    w->in = gen_l1_index_in_bits(g);
    w->drain = (pipe_drain_t){c->mshr_merge, w->id, "", lay_status_bits(g->cfg), w->lw};
}

/* The request fields that travel with a request through the decide stage and the replay queue,
 * high to low: reservation failure counted, store, line, id, PC (PC predictor), base id
 * (FG-CB), be, wdata. */
static unsigned req_fields(const gen_l1_t *g, const top_w_t *w, pipe_field_t *f)
{
    unsigned n = 0;
    f[n++] = (pipe_field_t){"rsv", 1, NULL};
    f[n++] = (pipe_field_t){"store", 1, NULL};
    f[n++] = (pipe_field_t){"line", w->la, NULL};
    f[n++] = (pipe_field_t){"id", w->id, NULL};
    if (gen_mech(g)->pc_travels)
        f[n++] = (pipe_field_t){"pc", w->pc, NULL};
    if (gen_mech(g)->base_travels)
        f[n++] = (pipe_field_t){"base", w->base, NULL};
    return pipe_fields_data(f, n, w->lb, w->lw);
}

/* The event port: the pipeline's fields and the mechanism's own. */
static unsigned evt_ports(const gen_l1_t *g, const top_w_t *w, gen_sim_port_t *out)
{
    mech_evt_port_t own[MECH_EVT_PORTS_MAX];
    pipe_evt_port_t pown[MECH_EVT_PORTS_MAX];
    unsigned n_own = gen_mech(g)->evt_ports ? gen_mech(g)->evt_ports(g, own) : 0;
    for (unsigned i = 0; i < n_own; i++)
        pown[i] = (pipe_evt_port_t){own[i].name, own[i].width, own[i].width_param != NULL,
                                    own[i].is_reg, own[i].what};
    return pipe_evt_ports(&w->d, w->wb, w->t, pown, n_own, out);
}

static void emit_ports(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    pipe_emit_module_open(e, g->top);
    pipe_emit_channel_ports(e, "core request: whole-line load or store, line address, byte enables",
                            "req", 1);
    emit_line(e, "input  wire req_store_i,");
    emit_line(e, "input  wire %sreq_line_i,", emit_range(w->la));
    emit_line(e, "input  wire %sreq_id_i,", emit_range(w->id));
    emit_line(e, "input  wire %sreq_pc_i,", emit_range(w->pc));
    emit_line(e, "input  wire %sreq_core_i,", emit_range(w->core));
    emit_line(e, "input  wire %sreq_base_i, // sacat: the load's base id (FG-CB); else unused",
              emit_range(w->base));
    emit_line(e, "input  wire %sreq_be_i,", emit_range(w->lb));
    emit_line(e, "input  wire %sreq_wdata_i,", emit_range(w->lw));
    pipe_emit_channel_ports(e, "core response", "rsp", 0);
    emit_line(e, "output wire %srsp_id_o,", emit_range(w->id));
    emit_line(e, "output wire [%u:0] rsp_status_o,", lay_status_bits(g->cfg) - 1);
    emit_line(e, "output wire %srsp_data_o,", emit_range(w->lw));
    pipe_emit_mem_req_ports(e, "memory request: reads carry their MSHR number, stores write through",
                            &w->d, w->la);
    emit_line(e, "output wire %smem_req_be_o,", emit_range(w->lb));
    emit_line(e, "output wire %smem_req_wdata_o,", emit_range(w->lw));
    emit_line(e, "output wire mem_req_hint_o, // PC predictor: the read is predicted to bypass (else 0)");
    pipe_emit_mem_rsp_ports(e, &w->d);
    emit_line(e, "input  wire mem_rsp_hint_i, // the L2's hint bit (G-Cache: victim bit; PC predictor:");
    emit_line(e, "                            // bypass bit); else unused");
    if (lay_l1_mem_err(g->cfg))
        emit_line(e, "input  wire mem_rsp_err_i,  // the read failed (AXI SLVERR/DECERR): answered Err, "
                  "nothing installed");
    emit_line(e, "// control");
    emit_line(e, "input  wire flush_i,");
    emit_line(e, "input  wire kernel_start_i,");
    emit_line(e, "input  wire filter_enable_i, // decoupled: low forces threshold 0 (others: unused)");
    gen_sim_port_t ev[PIPE_EVT_PORTS_MAX];
    unsigned nev = evt_ports(g, w, ev);
    pipe_emit_tail_ports(e, lay_counter_names, CNT_COUNT, w->cw, ev, nev);
}

static void emit_decls(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    lay_l1_row_t reset;
    bv_t packed;
    lay_l1_reset_row(&g->cfg->l1, &g->lay, &reset);
    lay_l1_pack(&g->lay, &reset, &packed);
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(g, w, f);
    for (unsigned s = 0; s < S_COUNT; s++)
        emit_line(e, "localparam [0:0] %s = %s;", state_names[s], emit_const(1, s));
    emit_line(e, "localparam [%u:0] RowReset = %s;", w->rb - 1, emit_const_bv(w->rb, &packed));
    emit_code_params(e, lay_l1_mem_err(g->cfg));
    emit_meta_op_params(e);
    emit_line(e, "localparam [%u:0] LastSet = %s;", w->m - 1, emit_const(w->m, g->lay.sets - 1));
    emit_blank(e);
    gen_sim_port_t ev[PIPE_EVT_PORTS_MAX];
    gen_emit_sim_internal(e, ev, evt_ports(g, w, ev));
    emit_line(e, "reg state_q, state_d; // SSweep: init or flush sweep; SRun: the pipeline");
    emit_line(e, "reg %ssweep_set_q, sweep_set_d;", emit_range(w->m));
    emit_line(e, "reg flush_pend_q, flush_pend_d;");
    pipe_emit_stage_decls(e, &w->d, f, nf);
    emit_line(e, "reg wake_q, wake_d;         // a fill decided since the last request waited");
    emit_line(e, "reg rsv_pend_q, rsv_pend_d; // the oldest request has failed a reservation");
    pipe_emit_drain_decls(e, &w->drain);
    pipe_emit_replay_fwd_decls(e, &w->d, f, nf);
    for (unsigned i = 0; i < CNT_COUNT; i++)
        if (has_counter(g, i))
            pipe_emit_counter_decl(e, lay_counter_names[i], w->cw);
    emit_blank(e);
    pipe_emit_sram_decls(e, &w->d);
    emit_line(e, "// queues: memory requests and core responses, pushed by the decide stage");
    emit_line(e, "reg memq_push, rsp_push;");
    emit_line(e, "wire memq_full, rspq_full;");
    emit_line(e, "reg %srsp_id;", emit_range(w->id));
    emit_line(e, "reg [%u:0] rsp_status;", lay_status_bits(g->cfg) - 1);
    emit_line(e, "reg %srsp_data;", emit_range(w->lw));
    emit_blank(e);
    emit_line(e, "// metadata logic, MSHRs, index");
    emit_line(e, "wire [1:0] meta_op = s1_fill_q ? OpFill : req_store_q ? OpStore : OpLoad;");
    emit_line(e, "wire meta_hit, meta_evict;");
    MECH(meta_decls, e, g);
    emit_line(e, "wire %smeta_way;", emit_range(w->wb));
    emit_line(e, "wire [%u:0] meta_way_oh;", g->lay.ways - 1);
    emit_line(e, "wire [%u:0] meta_hit_way_oh; // the hit way, for the hit line (any way on a miss)",
              g->lay.ways - 1);
    emit_line(e, "wire %smeta_evict_tag;", emit_range(w->t));
    emit_line(e, "wire %smeta_row;", emit_range(w->rb));
    emit_line(e, "wire %smeta_row_in = fwd_row_hit_q ? %s :", emit_range(w->rb), pipe_fwd_row(&w->d));
    emit_line(e, "                          meta_rdata; // forwarded");
    gen_mshr_t mf;
    pipe_mshr_inst_t mi = mshr_inst(g, &mf);
    pipe_emit_mshr_decls(e, &mi);
    MECH(decls, e, g);
    emit_line(e, "wire %sidx_set;", emit_range(w->m));
    emit_line(e, "wire %smeta_tag = req_line_q[%u:%u];", emit_range(w->t), w->la - 1, w->m);
    emit_blank(e);
    pipe_emit_stall_decls(e);
    const gen_mech_t *mech = gen_mech(g);
    const char *mech_hold = mech->hold ? mech->hold(g) : NULL;
    if (mech_hold)
        emit_line(e, "wire hold = s1_valid_q & !s1_squash_q & (%s | rspq_full);", mech_hold);
    else
        emit_line(e, "wire hold = s1_valid_q & !s1_squash_q & rspq_full;");
    pipe_emit_drain_block(e, &w->drain);
    pipe_emit_issue_wires(e, "!drain_block & ", "!flush_pend_q & ",
                          "a full memory queue stops requests, never fills (the fill may be what frees it)",
                          "rsv");
    emit_line(e, "wire sweep_start = (state_q == SRun) & flush_pend_q & !s1_valid_q & !drain_block & !issue_fill%s;",
              mech->flush_wait ? mech->flush_wait : "");
    GEN_L1_REPL(top_decls, e, g);
    pipe_emit_idx_line(e, w->in);
}

static void emit_instances(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    pipe_emit_index_inst(e, g->index);
    emit_line(e, "%s u_meta (", g->meta);
    emit_in(e);
    emit_line(e, ".row_i       (meta_row_in),");
    emit_line(e, ".op_i        (meta_op),");
    emit_line(e, ".tag_i       (meta_tag),");
    MECH(meta_conn, e, g);
    emit_line(e, ".hit_o       (meta_hit),");
    emit_line(e, ".way_o       (meta_way),");
    emit_line(e, ".way_oh_o    (meta_way_oh),");
    emit_line(e, ".hit_way_oh_o (meta_hit_way_oh),");
    emit_line(e, ".evict_o     (meta_evict),");
    emit_line(e, ".evict_tag_o (meta_evict_tag),");
    GEN_L1_REPL(top_conn, e, g);
    emit_line(e, ".row_o       (meta_row)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    gen_mshr_t mf;
    pipe_mshr_inst_t mi = mshr_inst(g, &mf);
    pipe_emit_mshr_inst(e, &mi);
    emit_line(e, "// Memory requests leave in acceptance order through a queue, so mem_req_valid_o is");
    emit_line(e, "// held with its payload until the handshake whatever the pipeline does meanwhile.");
    char buf[256];
    snprintf(buf, sizeof buf, "{%s, req_store_q, req_line_q, mshr_free_idx, req_be_q, req_wdata_q}",
             gen_mech(g)->memq_hint ? gen_mech(g)->memq_hint : "1'b0");
    emit_memq_inst(e, g->memq, "u_memq", gen_l1_memq_width(g), "memq_push", "memq_full", buf,
               "mem_req_valid_o", "mem_req_ready_i",
               "{mem_req_hint_o, mem_req_store_o, mem_req_line_o, mem_req_mshr_o, mem_req_be_o, "
               "mem_req_wdata_o}");
    emit_line(e, "// Responses leave through a skid queue: rsp_ready_i low stops the decide stage only");
    emit_line(e, "// when the queue is full.");
    emit_memq_inst(e, g->memq, "u_rspq", w->id + lay_status_bits(g->cfg) + w->lw, "rsp_push", "rspq_full",
               "{rsp_id, rsp_status, rsp_data}", "rsp_valid_o", "rsp_ready_i",
               "{rsp_id_o, rsp_status_o, rsp_data_o}");
    emit_line(e, "// Metadata: one row per set holding every way's tag and policy bits.");
    char sram[GEN_MOD_MAX];
    gen_sram_module(g->cfg, sram, sizeof sram);
    pipe_emit_srams(e, &w->d, g->lay.sets, "// Data: one bank per way, all read in parallel with the tags.", sram);
    emit_line(e, "// The hit way's line, with the last data write merged in when it came after the read.");
    pipe_emit_fwd_line(e, &w->d, "hit_data", "meta_hit_way_oh", "");
    emit_blank(e);
}

void emit_l1_count(emit_t *e, const char *cond, lay_counter_t c)
{
    if (!strcmp(cond, "1'b1")) /* counted whenever the block runs: no constant condition */
        emit_line(e, "cnt_%s_inc = 1'b1;", lay_counter_names[c]);
    else
        emit_line(e, "if (%s) cnt_%s_inc = 1'b1;", cond, lay_counter_names[c]);
}

static void emit_respond(emit_t *e, const char *id, lay_status_t st, const char *data)
{
    emit_line(e, "rsp_push = 1'b1;");
    emit_line(e, "rsp_id = %s;", id);
    emit_line(e, "rsp_status = %s;", code_param(CODE_STATUS, st));
    if (data)
        emit_line(e, "rsp_data = %s;", data);
}

/* After a lookup: a load hit answers; a store enters the memory queue (and is acknowledged)
 * and writes its bytes if it hit (unless write-evict); a load that did not hit takes the
 * lowest free MSHR and sends its read. */
static void emit_lookup_outcome(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    emit_line(e, "if (meta_hit & !req_store_q) begin");
    emit_in(e);
    emit_respond(e, "req_id_q", ST_HIT, "hit_data");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (req_store_q) begin // acknowledged as it enters the memory queue");
    emit_in(e);
    emit_line(e, "memq_push = 1'b1;");
    emit_respond(e, "req_id_q", ST_STORE, NULL);
    emit_out(e);
    emit_line(e, "end");
    if (!c->write_evict) {
        emit_line(e, "if (meta_hit & req_store_q) begin");
        emit_in(e);
        pipe_emit_data_write(e, g->lay.ways);
        emit_line(e, "data_wdata = req_wdata_q;");
        emit_line(e, "data_wbe = req_be_q;");
        emit_out(e);
        emit_line(e, "end");
    }
    pipe_emit_miss_fetch(e, "!meta_hit & !req_store_q",
                         gen_mech(g)->lookup_comment ? gen_mech(g)->lookup_comment : "");
}

/* A request that cannot go on waits in the replay queue until a fill: stall event `dec`, one
 * reservation failure per request. */
static void emit_wait(emit_t *e, lay_decision_t dec)
{
    pipe_emit_wait(e, dec);
    emit_l1_count(e, "!req_rsv_q", CNT_RSV_FAILS);
}

/* A load joined a read: it ends any reservation wait, and counts as an access and merged. */
static void joined(emit_t *e, const void *ctx)
{
    const gen_l1_t *g = ctx;
    emit_line(e, "rsv_pend_d = 1'b0;");
    emit_l1_count(e, "1'b1", CNT_ACCESSES);
    emit_l1_count(e, "1'b1", CNT_MERGED);
    MECH(join, e, g);
}

static void emit_decide_request(emit_t *e, const gen_l1_t *g)
{
    pipe_emit_line_busy(e, g->cfg->l1.mshr_merge > 0, "read", "!(meta_hit | req_store_q | !mshr_full)",
                        joined, emit_wait, g);
    if (gen_mech(g)->wait_cond) {
        emit_line(e, "end else if (%s) begin // %s", gen_mech(g)->wait_cond,
                  gen_mech(g)->wait_comment);
        emit_in(e);
        emit_wait(e, gen_mech(g)->wait_dec);
        emit_out(e);
    }
    emit_line(e, "end else begin");
    emit_in(e);
    const gen_mech_t *mech = gen_mech(g);
    char dec[256];
    snprintf(dec, sizeof dec, "meta_hit ? (req_store_q ? %s : %s) : (req_store_q ? %s : %s)",
             pipe_dec(DEC_ST_HIT), pipe_dec(DEC_LD_HIT), pipe_dec(DEC_ST_MISS),
             mech->ld_miss_dec ? mech->ld_miss_dec(g) : pipe_dec(DEC_LD_MISS));
    pipe_emit_event(e, EVT_LOOKUP, dec, "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    if (mech->evicts_at_lookup) {
        emit_line(e, "evt_evict_o = meta_evict;");
        emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    }
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "rsv_pend_d = 1'b0;");
    emit_l1_count(e, "1'b1", CNT_ACCESSES);
    emit_l1_count(e, "meta_hit", CNT_HITS);
    if (mech->lookup_counts)
        mech->lookup_counts(e, g);
    else
        emit_l1_count(e, "!meta_hit", CNT_MISSES);
    MECH(lookup, e, g);
    emit_lookup_outcome(e, g);
    emit_out(e);
    emit_line(e, "end");
}

/* A fill that installs nothing: its event (decision FillBypass, `row` after it), the MSHR
 * freed, the read answered `st` with the returned line (its waiters follow with it). */
static void emit_fill_uninstalled(emit_t *e, const char *row, lay_status_t st)
{
    pipe_emit_event(e, EVT_FILL, pipe_dec(DEC_FILL_BYPASS), "set_q", row);
    emit_line(e, "evt_mshr_o = fmshr_q;");
    emit_line(e, "mshr_free = 1'b1;");
    emit_respond(e, "mshr_rd_id", st, "mem_rsp_data_i");
}

/* The fill of a bypassed read: answer the core BYPASS, install nothing. Decoupled: the lookup
 * decided it (and counted the bypass); PC predictor: predicted and the L2's bit 0, counted
 * here. */
static void emit_fill_bypass(emit_t *e, const gen_l1_t *g)
{
    emit_fill_uninstalled(e, "meta_row_in", ST_BYPASS);
    if (gen_mech(g)->fill_bypass_counts)
        emit_line(e, "cnt_bypasses_inc = 1'b1;");
}

/* A fill whose read failed (mem_rsp_err_i, an L1 whose memory side reports errors): the read
 * and its waiters are answered Err with the slave's data; nothing is installed and no
 * mechanism or replacement state moves, except that a mechanism which reserved the line at
 * its lookup (the decoupled store) gets its row back as its meta module releases it. */
static void emit_fill_err(emit_t *e, const gen_l1_t *g)
{
    int releases = gen_mech(g)->fill_err_releases;
    emit_fill_uninstalled(e, releases ? "meta_row" : "meta_row_in", ST_ERR);
    if (releases)
        emit_line(e, "meta_we = 1'b1;");
    MECH(fill_err, e, g);
}

static void emit_decide_fill(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    const gen_mech_t *mech = gen_mech(g);
    emit_line(e, "wake_d = 1'b1;");
    int err = lay_l1_mem_err(g->cfg);
    if (err) {
        emit_line(e, "if (mem_rsp_err_i) begin // the read failed: answered Err, nothing installed");
        emit_in(e);
        emit_fill_err(e, g);
        emit_out(e);
        emit_line(e, "end else begin");
        emit_in(e);
    }
    MECH(fill_first, e, g);
    if (mech->fill_bypass_cond) { /* a fill that does not install, else the installing one */
        emit_line(e, "if (%s) begin", mech->fill_bypass_cond);
        emit_in(e);
        if (mech->fill_bypass)
            mech->fill_bypass(e, g);
        else
            emit_fill_bypass(e, g);
        emit_out(e);
        emit_line(e, "end else begin");
        emit_in(e);
    }
    MECH(fill_install, e, g);
    pipe_emit_event(e, EVT_FILL, pipe_dec(DEC_FILL), "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    if (!mech->evicts_at_lookup) {
        emit_line(e, "evt_evict_o = meta_evict;");
        emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    }
    emit_line(e, "evt_mshr_o = fmshr_q;");
    pipe_emit_fill_install(e, &w->d, "mem_rsp_data_i");
    emit_l1_count(e, "1'b1", CNT_FILLS);
    if (!mech->evicts_at_lookup)
        emit_l1_count(e, "meta_evict", CNT_EVICTIONS);
    GEN_L1_REPL(top_evict, e, g);
    emit_respond(e, "mshr_rd_id", ST_MISS, "mem_rsp_data_i");
    if (mech->fill_bypass_cond) {
        emit_out(e);
        emit_line(e, "end");
    }
    if (err) {
        emit_out(e);
        emit_line(e, "end");
    }
}

/* The dispatch's hooks (pipe_emit_dispatch), on the top's widths. */
static void dispatch_fill(emit_t *e, const void *ctx)
{
    const top_w_t *w = ctx;
    emit_decide_fill(e, w->g, w);
}

static void dispatch_request(emit_t *e, const void *ctx)
{
    const top_w_t *w = ctx;
    emit_decide_request(e, w->g);
}

/* Merging: the next waiter's response, one per cycle, with the fill's status and line. */
static void drain_fields(emit_t *e, const void *ctx)
{
    const top_w_t *w = ctx;
    emit_line(e, "rsp_id = drain_ids_q[%u:0];", w->id - 1);
    emit_line(e, "rsp_status = drain_status_q;");
    emit_line(e, "rsp_data = drain_data_q;");
}

/* The decide stage: one event per cycle, every state write, both queue pushes. */
static void emit_decide(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    const char *cnt[CNT_COUNT];
    for (unsigned i = 0; i < CNT_COUNT; i++)
        cnt[i] = has_counter(g, i) ? lay_counter_names[i] : NULL;
    pipe_emit_decide_open(e, cnt, CNT_COUNT);
    emit_line(e, "flush_pend_d = flush_pend_q | flush_i;");
    emit_line(e, "rsv_pend_d = rsv_pend_q;");
    MECH(defaults, e, g);
    GEN_L1_REPL(top_defaults, e, g);
    emit_l1_count(e, "rsv_pend_q", CNT_STALL_CYCLES);
    pipe_emit_write_defaults(e, &w->d);
    pipe_emit_drain_defaults(e, &w->drain);
    emit_line(e, "memq_push = 1'b0;");
    emit_line(e, "rsp_push = 1'b0;");
    emit_line(e, "rsp_id = req_id_q;");
    emit_line(e, "rsp_status = %s;", code_param(CODE_STATUS, ST_HIT));
    emit_line(e, "rsp_data = mem_rsp_data_i;");
    pipe_emit_evt_defaults(e, w->wb, w->t, w->mb);
    pipe_emit_sweep(e, w->m, "SRun");
    emit_line(e, "end else if (sweep_start) begin");
    emit_in(e);
    emit_line(e, "flush_pend_d = flush_i;");
    emit_line(e, "sweep_set_d = %s;", emit_const(w->m, 0));
    emit_line(e, "state_d = SSweep;");
    emit_out(e);
    emit_line(e, "end");
    MECH(own_event, e, g);
    const pipe_dispatch_t h = {dispatch_fill, dispatch_request, &w->drain,
                               "its waiters follow, with its status and line", drain_fields,
                               "rsv_pend_d = 1'b1;"};
    pipe_emit_dispatch(e, &h, w);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The issue stage: the decide stage's next operation, the replay queue, forwarding state. */
static void emit_issue(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(g, w, f);
    pipe_emit_issue(e, &w->d, f, nf, NULL, NULL, 0);
}

/* The L1's own flops: the mechanism's, and the replacement policy's (random's LFSR). */
static void own_flops(emit_t *e, const void *ctx, int reset)
{
    const gen_l1_t *g = ctx;
    if (gen_mech(g)->flops)
        gen_mech(g)->flops(e, g, reset);
    if (gen_l1_repl(g)->top_flops)
        gen_l1_repl(g)->top_flops(e, g, reset);
}

static void emit_flops(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(g, w, f);
    pipe_regs_t r = {.n = 0};
    pipe_reg(&r, "sweep_set", w->m);
    pipe_reg(&r, "flush_pend", 1);
    pipe_regs_stage(&r, &w->d, f, nf);
    pipe_reg(&r, "wake", 1);
    pipe_reg(&r, "rsv_pend", 1);
    pipe_regs_replay_fwd(&r, &w->d, f, nf);
    pipe_regs_drain(&r, &w->drain);
    const char *cnt[CNT_COUNT];
    for (unsigned i = 0; i < CNT_COUNT; i++)
        cnt[i] = has_counter(g, i) ? lay_counter_names[i] : NULL;
    pipe_emit_flops(e, &r, cnt, CNT_COUNT, w->cw, own_flops, g);
}

static void emit_outputs(emit_t *e, const gen_l1_t *g, const top_w_t *w)
{
    pipe_emit_mem_rsp_ready(e);
    for (unsigned i = 0; i < CNT_COUNT; i++) {
        if (!has_counter(g, i))
            emit_line(e, "assign cnt_%s_o = %s; // %s", lay_counter_names[i],
                      emit_const(w->cw, 0),
                      i == CNT_MERGED ? "no merging: no load joins a read"
                                      : "the baseline never bypasses");
        else
            emit_line(e, "assign cnt_%s_o = cnt_%s_q;", lay_counter_names[i], lay_counter_names[i]);
    }
}

void emit_l1_top(emit_t *e, const gen_l1_t *g)
{
    top_w_t w;
    widths(g, &w);
    gen_header(e, g->cfg, g->top, "L1 data cache (write-through, non-blocking, pipelined, SPEC 3.1)");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, g, &w);
    emit_instances(e, g, &w);
    emit_decide(e, g, &w);
    emit_issue(e, g, &w);
    emit_flops(e, g, &w);
    emit_outputs(e, g, &w);
    emit_out(e);
    gen_footer(e);
}
