/* emit_l2_top: the L2 slice's top module (SPEC 3.2, 3.5) on the cache pipeline of emit_pipe.h,
 * the L1's: the issue stage picks one operation per cycle (a fill > the replay queue > a new
 * request) and reads its set's row and every way's data line; the decide stage looks the row
 * up and decides. What is the L2's own enters as the decisions below: write-back and
 * write-allocate (a write hit merges its bytes and marks the line dirty; a write miss fetches
 * the line and merges at the fill), a dirty victim's write-back (its line read with the row,
 * forwarded like a hit's, pushed into the memory queue by the fill), the G-Cache victim bits
 * and (l1.mode = pcpred) the bypass bit in the row, and the hit flag of each response. A
 * request whose line has a fetch outstanding, or a miss without a free MSHR, waits in the
 * replay queue until a fill. Timing contract (docs): one request per cycle on hits; a read
 * hit answers 2 cycles after acceptance. Every L2 has req_pred_i and rsp_bbit_o; only with
 * l1.mode = pcpred does a read's prediction reach the row's bypass bit and the old bit come
 * back (else it is 0). With system.cpu_cores = C > 0 the requests of core ids P..P+C-1 are CPU
 * ports' (SPEC 3.8): req_app decodes the application from the core id, and a fill writes it
 * into the line's owner field. What l2.replacement adds (state beside the decide stage, its
 * event fields, its lookup-module ports, its decide-stage lines) comes from the policy's hooks
 * (l2pol.h, one file per policy); this file names no policy. */
#include "emit_l2.h"
#include "codes.h"
#include "emit_pipe.h"
#include "l2pol.h"

#include <string.h>

enum { S_SWEEP, S_RUN, S_COUNT };
static const char *const state_names[S_COUNT] = {"SSweep", "SRun"};

typedef struct l2_w {
    const gen_l2_t *g;
    unsigned la, id, core, lb, lw, mb, m, t, wb, rb, cw, in, v;
    unsigned b; /* bypass bits per way: 1 with l1.mode = pcpred, else 0 */
    unsigned na; /* FG-CB's no-allocate reads (l1.mode = sacat) */
    unsigned merge; /* l2.mshr_merge: waiters per fetch */
    const gen_l2_pol_t *pol; /* l2.replacement's hooks (l2pol.h) */
    unsigned cpu, ob; /* system.cpu_cores (C) and the owner bits per line (log2(C + 1), or 0) */
    pipe_dims_t d; /* the shared pipeline's view */
    pipe_drain_t drain; /* merging's drain */
} l2_w_t;

static void widths(const gen_l2_t *g, l2_w_t *w)
{
    const lay_l2_t *l = &g->lay;
    w->g = g;
    PIPE_WIDTHS(w, l, g->cfg->l1.line_bytes);
    w->d.row_late = 1; /* the decide's row write waits for the victim and the MSHR checks */
    w->id = l->id_bits;
    w->core = l->core_bits;
    w->cw = g->cfg->l1.counter_bits;
    w->in = gen_l2_index_in_bits(g);
    w->v = l->vbits;
    w->b = l->bbits;
    w->na = lay_mech(g->cfg->l1.mode)->l2_noalloc;
    w->merge = g->cfg->l2.mshr_merge;
    w->pol = l2pol_for(g->cfg);
    w->cpu = g->cfg->sys.cpu_cores;
    w->ob = l->obits;
    w->drain = (pipe_drain_t){w->merge, w->core + w->id, "{core, L1 MSHR}, ", 0, w->lw};
}

/* The request fields that travel through the decide stage and the replay queue, high to low:
 * has waited, write, line, core, the L1's MSHR number, prediction (pcpred), be, wdata. A fill
 * loads them from its MSHR entry at issue. */
static unsigned req_fields(const l2_w_t *w, pipe_field_t *f)
{
    unsigned n = 0;
    f[n++] = (pipe_field_t){"waited", 1, NULL};
    f[n++] = (pipe_field_t){"store", 1, NULL};
    f[n++] = (pipe_field_t){"line", w->la, NULL};
    f[n++] = (pipe_field_t){"core", w->core, NULL};
    f[n++] = (pipe_field_t){"id", w->id, "req_mshr_i"};
    if (w->b)
        f[n++] = (pipe_field_t){"pred", 1, NULL};
    if (w->na)
        f[n++] = (pipe_field_t){"noalloc", 1, NULL};
    return pipe_fields_data(f, n, w->lb, w->lw);
}

/* The MSHR file's instance (`file`, gen_l2_mshr_file): each entry keeps the whole request,
 * every field from the request fields, read by a fill at issue; merging's waiter is
 * {core, L1 MSHR}. */
static pipe_mshr_inst_t mshr_inst(const gen_l2_t *g, gen_mshr_t *file)
{
    gen_l2_mshr_file(g, file);
    return (pipe_mshr_inst_t){file, file->nfields, 13, NULL, NULL, "{req_core_q, req_id_q}",
                              "mem_rsp_mshr_i", " // read at issue into the request fields"};
}

/* The merged counter is a constant 0 without merging. */
static const char *counter_of(const l2_w_t *w, unsigned i)
{
    return i == L2CNT_MERGED && !w->merge ? NULL : lay_l2_counter_names[i];
}

/* The event port: the pipeline's fields, the L2's own and the policy's (which may carry their
 * own valid). */
static unsigned evt_ports(const l2_w_t *w, gen_sim_port_t *out)
{
    pipe_evt_port_t own[3 + L2POL_EVT_PORTS_MAX] = {
        {"dirty", 1, 0, 1, "the evicted line was dirty (a write-back follows)"},
        {"core", w->core, 1, 1, "the request's L1"},
        {"store", 1, 0, 1, "the request is a write"},
    };
    unsigned n = 3;
    if (w->pol->evt_ports)
        n += w->pol->evt_ports(w->g, own + n);
    return pipe_evt_ports(&w->d, w->wb, w->t, own, n, out);
}

/* out = a line of lb bytes, byte i from data when be[i], else from base: a generate loop named
 * block (the caller declares out and the genvar gb). */
static void emit_byte_merge(emit_t *e, unsigned lb, const char *block, const char *out,
                            const char *be, const char *data, const char *base)
{
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gb = 0; gb < %u; gb = gb + 1) begin : %s", lb, block);
    emit_in(e);
    emit_line(e, "assign %s[gb*8 +: 8] = %s[gb] ? %s[gb*8 +: 8] :", out, be, data);
    emit_line(e, "    %s[gb*8 +: 8];", base);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
}

static void emit_ports(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    pipe_emit_module_open(e, g->top);
    pipe_emit_channel_ports(e, "request from the L1s' arbiter: a whole-line read or a write with byte enables",
                            "req", 1);
    emit_line(e, "input  wire %sreq_core_i,", emit_range(w->core));
    emit_line(e, "input  wire %sreq_mshr_i, // the requesting L1's MSHR number", emit_range(w->id));
    emit_line(e, "input  wire req_store_i,");
    emit_line(e, "input  wire %sreq_line_i,", emit_range(w->la));
    emit_line(e, "input  wire %sreq_be_i,", emit_range(w->lb));
    emit_line(e, "input  wire %sreq_wdata_i,", emit_range(w->lw));
    emit_line(e, "input  wire req_pred_i,  // read: the L1's bypass prediction (pcpred; else unused)");
    emit_line(e, "input  wire req_noalloc_i, // read: FG-CB's no_allocate (sacat; else unused)");
    if (w->pol->ports)
        w->pol->ports(e, g);
    pipe_emit_channel_ports(e, "read response (a write gets none: it is done when accepted)", "rsp",
                            0);
    emit_line(e, "output wire %srsp_core_o,", emit_range(w->core));
    emit_line(e, "output wire %srsp_mshr_o,", emit_range(w->id));
    emit_line(e, "output wire %srsp_data_o,", emit_range(w->lw));
    emit_line(e, "output wire rsp_vbit_o,  // the line's victim bit of the requester's group, before");
    emit_line(e, "output wire rsp_bbit_o,  // the line's bypass bit before this read (pcpred; else 0)");
    emit_line(e, "output wire rsp_l2hit_o, // the read hit in the L2");
    pipe_emit_mem_req_ports(e, "memory request: line reads carry their MSHR number; write-backs whole lines",
                            &w->d, w->la);
    emit_line(e, "output wire %smem_req_wdata_o,", emit_range(w->lw));
    pipe_emit_mem_rsp_ports(e, &w->d);
    gen_sim_port_t ev[PIPE_EVT_PORTS_MAX];
    unsigned nev = evt_ports(w, ev);
    pipe_emit_tail_ports(e, lay_l2_counter_names, L2CNT_COUNT, w->cw, ev, nev);
}

/* With CPU ports (SPEC 3.8): the request's application from its core id; core P + k is CPU
 * port k, app k, and every L1 is the GPU's, app C. A fill's request is its MSHR's. */
static void emit_req_app(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    unsigned P = g->lay.cores;
    emit_line(e, "// the request's application: CPU port k (core %u + k) is app k, the L1s app %u",
              P, w->cpu);
    emit_line(e, "reg %sreq_app;", emit_range(w->ob));
    emit_line(e, "always @* begin : requester_app");
    emit_in(e);
    emit_line(e, "case (req_core_q)");
    emit_in(e);
    for (unsigned k = 0; k < w->cpu; k++)
        emit_line(e, "%s: req_app = %s;", emit_const(w->core, P + k), emit_const(w->ob, k));
    emit_line(e, "default: req_app = %s;", emit_const(w->ob, w->cpu));
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

static void emit_decls(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    lay_l2_row_t reset;
    bv_t packed;
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(w, f);
    lay_l2_reset_row(g->cfg, &g->lay, &reset);
    lay_l2_pack(&g->lay, &reset, &packed);
    for (unsigned s = 0; s < S_COUNT; s++)
        emit_line(e, "localparam [0:0] %s = %s;", state_names[s], emit_const(1, s));
    emit_code_params(e, 0); /* the L2 answers no error */
    /* one way a line (MSB first), so that wide rows stay under 100 columns */
    emit_line(e, "localparam [%u:0] RowReset = {", w->rb - 1);
    emit_in(e);
    if (g->lay.state_bits) /* the replacement policy's per-set state, after the ways */
        emit_line(e, "%s, // the replacement's per-set state",
                  emit_const(g->lay.state_bits, bv_get(&packed, g->lay.state_lsb,
                                                       g->lay.state_bits)));
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
    gen_sim_port_t ev[PIPE_EVT_PORTS_MAX];
    gen_emit_sim_internal(e, ev, evt_ports(w, ev));
    emit_line(e, "reg state_q, state_d; // SSweep: init sweep; SRun: the pipeline");
    emit_line(e, "reg %ssweep_set_q, sweep_set_d;", emit_range(w->m));
    pipe_emit_stage_decls(e, &w->d, f, nf);
    emit_line(e, "reg wake_q, wake_d; // a fill decided since the last request waited");
    pipe_emit_replay_fwd_decls(e, &w->d, f, nf);
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        if (counter_of(w, i))
            pipe_emit_counter_decl(e, lay_l2_counter_names[i], w->cw);
    pipe_emit_drain_decls(e, &w->drain);
    emit_blank(e);
    pipe_emit_sram_decls(e, &w->d);
    emit_line(e, "// queues: memory requests (line reads, write-backs) and read responses");
    emit_line(e, "reg memq_push, rsp_push;");
    emit_line(e, "wire memq_q_full, rspq_full; // the queues' own");
    emit_line(e, "// the memory-request stage: the decide stage's push (a miss's line read, a fill's");
    emit_line(e, "// write-back) is registered here and enters the queue next cycle, so that neither the");
    emit_line(e, "// queue's push nor its payload comes from this cycle's victim choice");
    emit_line(e, "reg mreq_valid_q, mreq_valid_d;");
    emit_line(e, "reg %smreq_q, mreq_d;", emit_range(gen_l2_memq_width(g)));
    emit_line(e, "reg %smreq_fwd_way_q, mreq_fwd_way_d; // the victim's way, if the last data write hit it",
              emit_range(g->lay.ways));
    emit_line(e, "reg %smreq_fwd_wbe_q, mreq_fwd_wbe_d; // that write's byte enables", emit_range(w->lb));
    emit_line(e, "reg %smreq_fwd_data_q, mreq_fwd_data_d;", emit_range(w->lw));
    emit_line(e, "// no push this cycle: the stage holds a request the full queue cannot take");
    emit_line(e, "wire memq_full = mreq_valid_q & memq_q_full;");
    emit_blank(e);
    emit_line(e, "// lookup module, MSHRs, index");
    emit_line(e, "wire [1:0] meta_op = {s1_fill_q, req_store_q}; // fill, write");
    emit_line(e, "wire %smeta_tag = req_line_q[%u:%u];", emit_range(w->t), w->la - 1, w->m);
    emit_line(e, "wire %smeta_row_in = fwd_row_hit_q ? %s :", emit_range(w->rb), pipe_fwd_row(&w->d));
    emit_line(e, "                          meta_rdata; // forwarded");
    emit_line(e, "reg %smeta_group;", emit_range(w->v));
    if (w->b)
        emit_line(e, "wire meta_bbit;");
    emit_line(e, "wire meta_hit, meta_evict, meta_evict_dirty, meta_vbit;");
    emit_line(e, "wire %smeta_way;", emit_range(w->wb));
    emit_line(e, "wire [%u:0] meta_way_oh, meta_hit_way_oh, meta_evict_way_oh;", g->lay.ways - 1);
    emit_line(e, "wire %smeta_evict_tag;", emit_range(w->t));
    emit_line(e, "wire %smeta_row;", emit_range(w->rb));
    gen_mshr_t mf;
    pipe_mshr_inst_t mi = mshr_inst(g, &mf);
    pipe_emit_mshr_decls(e, &mi);
    emit_line(e, "wire %sidx_set;", emit_range(w->m));
    emit_blank(e);
    if (w->cpu)
        emit_req_app(e, g, w);
    if (w->pol->decls)
        w->pol->decls(e, g);
    pipe_emit_stall_decls(e);
    emit_line(e, "// a full response queue holds the decide stage; a full memory queue holds a fill");
    emit_line(e, "// (its dirty victim's write-back) and sends a request back to the replay queue");
    emit_line(e, "wire hold = s1_valid_q & !s1_squash_q & (rspq_full | (s1_fill_q & memq_full)%s);",
              w->pol->hold ? w->pol->hold : "");
    pipe_emit_drain_block(e, &w->drain);
    pipe_emit_issue_wires(e, "!drain_block & ", "",
                          "a full memory queue also stops new requests", "waited");
    pipe_emit_idx_line(e, w->in);
}

/* The victim-bit group of a core, one-hot: group = core / Sv (cores beyond P: none). */
static void emit_group(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    const lay_l2_t *l = &g->lay;
    emit_line(e, "always @* begin : victim_group // group = core / Sv, Sv = %u", l->share);
    emit_in(e);
    emit_line(e, "case (req_core_q)");
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
    emit_line(e, "// A fill pushes its write-back, a miss its line read.");
    emit_line(e, "wire %smemq_line = s1_fill_q ? wb_line : req_line_q;", emit_range(w->la));
    emit_line(e, "wire %smemq_mshr = s1_fill_q ? fmshr_q : mshr_free_idx;", emit_range(w->mb));
    emit_line(e, "// the stage: valid with a push, or while the queue cannot take it; its payload is");
    emit_line(e, "// loaded in every cycle it is free (a push only ever comes then), whatever the push");
    emit_line(e, "always @* begin : memory_request_stage");
    emit_in(e);
    emit_line(e, "mreq_valid_d = memq_push | memq_full;");
    emit_line(e, "mreq_d = memq_full ? mreq_q : {s1_fill_q, memq_line, memq_mshr, vict_data};");
    emit_line(e, "mreq_fwd_way_d = memq_full ? mreq_fwd_way_q : vict_fwd_way;");
    emit_line(e, "mreq_fwd_wbe_d = memq_full ? mreq_fwd_wbe_q : fwd_wbe_q;");
    emit_line(e, "mreq_fwd_data_d = memq_full ? mreq_fwd_data_q : fwd_wdata_q;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "wire %smreq_data; // the write-back's line with the forwarded bytes", emit_range(w->lw));
    emit_line(e, "wire %smreq_fwd_be = {%u{|mreq_fwd_way_q}} & mreq_fwd_wbe_q; // the victim's forwarded bytes",
              emit_range(w->lb), w->lb);
    emit_byte_merge(e, w->lb, "g_mreq_data", "mreq_data", "mreq_fwd_be", "mreq_fwd_data_q", "mreq_q");
    char mq[64];
    snprintf(mq, sizeof mq, "{mreq_q[%u:%u], mreq_data}", gen_l2_memq_width(g) - 1, w->lw);
    emit_memq_inst(e, g->memq, "u_memq", gen_l2_memq_width(g), "mreq_valid_q", "memq_q_full", mq,
               "mem_req_valid_o",
               "mem_req_ready_i",
               "{mem_req_store_o, mem_req_line_o, mem_req_mshr_o, mem_req_wdata_o}");
    emit_line(e, "reg %srsp_core;", emit_range(w->core));
    emit_line(e, "reg %srsp_id;", emit_range(w->id));
    emit_line(e, "reg %srsp_data;", emit_range(w->lw));
    emit_line(e, "reg rsp_hit;");
    char in[200];
    snprintf(in, sizeof in, "{rsp_core, rsp_id, rsp_data, rsp_hit & meta_vbit, %s, rsp_hit}",
             w->b ? "rsp_hit & meta_bbit" : "1'b0");
    emit_memq_inst(e, g->memq, "u_rspq", w->core + w->id + w->lw + 3, "rsp_push", "rspq_full", in,
               "rsp_valid_o", "rsp_ready_i",
               "{rsp_core_o, rsp_mshr_o, rsp_data_o, rsp_vbit_o, rsp_bbit_o, rsp_l2hit_o}");
}

static void emit_instances(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    pipe_emit_index_inst(e, g->index);
    emit_group(e, g, w);
    emit_line(e, "%s u_meta (", g->meta);
    emit_in(e);
    emit_line(e, ".row_i         (meta_row_in),");
    emit_line(e, ".op_i          (meta_op),");
    emit_line(e, ".tag_i         (meta_tag),");
    emit_line(e, ".group_i       (meta_group),");
    if (w->b)
        emit_line(e, ".pred_i        (req_pred_q),");
    if (w->pol->meta_ports)
        w->pol->meta_ports(e, g, 0);
    if (w->ob)
        emit_line(e, ".owner_i       (req_app),");
    if (w->pol->meta_ports)
        w->pol->meta_ports(e, g, 1);
    emit_line(e, ".hit_o         (meta_hit),");
    emit_line(e, ".way_o         (meta_way),");
    emit_line(e, ".way_oh_o      (meta_way_oh),");
    emit_line(e, ".hit_way_oh_o  (meta_hit_way_oh),");
    emit_line(e, ".evict_o       (meta_evict),");
    emit_line(e, ".evict_dirty_o (meta_evict_dirty),");
    emit_line(e, ".evict_way_oh_o (meta_evict_way_oh),");
    emit_line(e, ".evict_tag_o   (meta_evict_tag),");
    emit_line(e, ".vbit_o        (meta_vbit),");
    if (w->b)
        emit_line(e, ".bbit_o        (meta_bbit),");
    emit_line(e, ".row_o         (meta_row)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    if (w->pol->insts)
        w->pol->insts(e, g);
    emit_wb_line(e, g, w);
    gen_mshr_t mf;
    pipe_mshr_inst_t mi = mshr_inst(g, &mf);
    pipe_emit_mshr_inst(e, &mi);
    emit_line(e, "// Metadata: one row per set holding every way's valid, dirty, tag, replacement");
    emit_line(e, "// and victim bits%s.", w->b ? ", and bypass bit" : "");
    char sram[GEN_MOD_MAX];
    gen_sram_module(g->cfg, sram, sizeof sram);
    pipe_emit_srams(e, &w->d, g->lay.sets, "// Data: one bank per way, all read in parallel with the row.", sram);
    if (w->pol->srams)
        w->pol->srams(e, g);
    emit_line(e, "// A write miss's bytes merged into the fetched line.");
    emit_line(e, "wire %sfill_merged;", emit_range(w->lw));
    emit_byte_merge(e, w->lb, "g_fill_merge", "fill_merged", "req_be_q", "req_wdata_q",
                    "mem_rsp_data_i");
    emit_line(e, "// A read hit's line (by the hit way, without the miss decisions) and a fill's victim");
    emit_line(e, "// line (by the chosen way), each by AND-OR of a one-hot way, with the last data");
    emit_line(e, "// write merged in when it came after the read.");
    pipe_emit_fwd_line(e, &w->d, "hit_data", "meta_hit_way_oh", "");
    emit_line(e, "// A fill's victim line goes to the memory-request stage as read; the bytes of the");
    emit_line(e, "// last data write, when it came after the read and wrote the victim's way, are");
    emit_line(e, "// merged in after the stage, off the victim choice's path: the stage holds the way");
    emit_line(e, "// the write hit, if the victim's, and its byte enables; their OR and fanout come after.");
    emit_way_data(e, "vict_data", w->lw, "meta_evict_way_oh", g->lay.ways);
    emit_line(e, "wire %svict_fwd_way = fwd_way_oh_q & meta_evict_way_oh & {%u{fwd_data_hit_q}};",
              emit_range(g->lay.ways), g->lay.ways);
    emit_blank(e);
    emit_queues(e, g, w);
    emit_blank(e);
    if (w->pol->logic)
        w->pol->logic(e, g);
}

static void emit_count(emit_t *e, const char *cond, lay_l2_counter_t c)
{
    if (!strcmp(cond, "1'b1")) /* counted whenever the block runs: no constant condition */
        emit_line(e, "cnt_%s_inc = 1'b1;", lay_l2_counter_names[c]);
    else
        emit_line(e, "if (%s) cnt_%s_inc = 1'b1;", cond, lay_l2_counter_names[c]);
}

/* A read joined a fetch: an access, merged. */
static void joined(emit_t *e, const void *ctx)
{
    (void)ctx;
    emit_count(e, "1'b1", L2CNT_ACCESSES);
    emit_count(e, "1'b1", L2CNT_MERGED);
}

static void emit_decide_request(emit_t *e, const gen_l2_t *g, const l2_w_t *w)
{
    emit_line(e, "evt_core_o = req_core_q;");
    emit_line(e, "evt_store_o = req_store_q;");
    pipe_emit_line_busy(e, g->cfg->l2.mshr_merge > 0, "fetch", "!meta_hit & mshr_full", joined,
                        pipe_emit_wait, g);
    emit_line(e, "end else begin");
    emit_in(e);
    char dec[200];
    snprintf(dec, sizeof dec, "meta_hit ? (req_store_q ? %s : %s) : (req_store_q ? %s : %s)",
             pipe_dec(DEC_ST_HIT), pipe_dec(DEC_LD_HIT), pipe_dec(DEC_ST_MISS),
             pipe_dec(DEC_LD_MISS));
    pipe_emit_event(e, EVT_LOOKUP, dec, "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "meta_we = 1'b1;");
    if (w->pol->decide_access)
        w->pol->decide_access(e, g);
    emit_count(e, "1'b1", L2CNT_ACCESSES);
    emit_count(e, "meta_hit & !req_store_q", L2CNT_READ_HITS);
    emit_count(e, "!meta_hit & !req_store_q", L2CNT_READ_MISSES);
    emit_count(e, "meta_hit & req_store_q", L2CNT_WRITE_HITS);
    emit_count(e, "!meta_hit & req_store_q", L2CNT_WRITE_MISSES);
    emit_line(e, "if (meta_hit & req_store_q) begin // merge the bytes; the row marks it dirty");
    emit_in(e);
    pipe_emit_data_write(e, g->lay.ways);
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (meta_hit & !req_store_q) rsp_push = 1'b1; // with the old victim bit");
    if (w->pol->decide_miss)
        w->pol->decide_miss(e, g);
    pipe_emit_miss_fetch(e, "!meta_hit", " // the lowest free MSHR takes the request; fetch the line");
    emit_out(e);
    emit_line(e, "end");
}

static void emit_decide_fill(emit_t *e, const l2_w_t *w)
{
    const char *noalloc = w->na ? "req_noalloc_q" : w->pol->fill_noalloc;
    if (noalloc) { /* FG-CB's or the policy's no-allocate read: answered, row and data left
                      alone */
        emit_line(e, "if (%s) begin // answer the read from the fetched line only", noalloc);
        emit_in(e);
        emit_line(e, "wake_d = 1'b1;");
        pipe_emit_event(e, EVT_FILL, pipe_dec(DEC_FILL_BYPASS), "set_q", "meta_row_in");
        emit_line(e, "evt_mshr_o = fmshr_q;");
        emit_line(e, "evt_core_o = req_core_q;");
        emit_line(e, "mshr_free = 1'b1;");
        emit_line(e, "rsp_push = 1'b1;");
        emit_out(e);
        emit_line(e, "end else begin");
        emit_in(e);
    }
    emit_line(e, "// install the line, write back a dirty victim, complete the MSHR's request");
    emit_line(e, "wake_d = 1'b1;");
    pipe_emit_event(e, EVT_FILL, pipe_dec(DEC_FILL), "set_q", "meta_row");
    emit_line(e, "evt_way_o = meta_way;");
    emit_line(e, "evt_evict_o = meta_evict;");
    emit_line(e, "evt_dirty_o = meta_evict_dirty;");
    emit_line(e, "evt_evict_tag_o = meta_evict_tag;");
    emit_line(e, "evt_mshr_o = fmshr_q;");
    emit_line(e, "evt_core_o = req_core_q;");
    emit_line(e, "evt_store_o = req_store_q;");
    pipe_emit_fill_install(e, &w->d, "req_store_q ? fill_merged : mem_rsp_data_i");
    emit_count(e, "1'b1", L2CNT_FILLS);
    emit_count(e, "meta_evict", L2CNT_EVICTIONS);
    emit_count(e, "meta_evict_dirty", L2CNT_WRITEBACKS);
    emit_line(e, "if (meta_evict_dirty) memq_push = 1'b1;");
    emit_line(e, "if (!req_store_q) rsp_push = 1'b1;");
    if (w->pol->fill_end)
        w->pol->fill_end(e, w->g);
    if (noalloc) {
        emit_out(e);
        emit_line(e, "end");
    }
}

/* The dispatch's hooks (pipe_emit_dispatch), on the top's widths. */
static void dispatch_fill(emit_t *e, const void *ctx) { emit_decide_fill(e, ctx); }

static void dispatch_request(emit_t *e, const void *ctx)
{
    const l2_w_t *w = ctx;
    emit_decide_request(e, w->g, w);
}

/* Merging: the next waiter's response, one per cycle, with the fill's line and flags 0. */
static void drain_fields(emit_t *e, const void *ctx)
{
    const l2_w_t *w = ctx;
    emit_line(e, "{rsp_core, rsp_id} = drain_ids_q[%u:0];", w->drain.waiter_bits - 1);
    emit_line(e, "rsp_data = drain_data_q;");
    emit_line(e, "rsp_hit = 1'b0;");
}

/* The decide stage: one event per cycle, every state write, both queue pushes. */
static void emit_decide(emit_t *e, const l2_w_t *w)
{
    const char *cnt[L2CNT_COUNT];
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        cnt[i] = counter_of(w, i);
    pipe_emit_decide_open(e, cnt, L2CNT_COUNT);
    pipe_emit_write_defaults(e, &w->d);
    pipe_emit_drain_defaults(e, &w->drain);
    emit_line(e, "memq_push = 1'b0;");
    emit_line(e, "rsp_push = 1'b0;");
    if (w->pol->decide_defaults)
        w->pol->decide_defaults(e, w->g);
    emit_line(e, "// a hit answers with its line, its old victim bit%s and hit = 1; a fill with the",
              w->b ? " and bypass bit" : "");
    emit_line(e, "// fetched line, 0, 0 and hit = 0 (a new line has no victim%s bit yet)",
              w->b ? " or bypass" : "");
    emit_line(e, "rsp_core = req_core_q;");
    emit_line(e, "rsp_id = req_id_q;");
    emit_line(e, "rsp_data = s1_fill_q ? mem_rsp_data_i : hit_data;");
    emit_line(e, "rsp_hit = !s1_fill_q;");
    pipe_emit_evt_defaults(e, w->wb, w->t, w->mb);
    emit_line(e, "evt_dirty_o = 1'b0;");
    emit_line(e, "evt_core_o = %s;", emit_const(w->core, 0));
    emit_line(e, "evt_store_o = 1'b0;");
    pipe_emit_sweep(e, w->m, "SRun");
    emit_line(e, "end");
    const pipe_dispatch_t h = {dispatch_fill, dispatch_request, &w->drain,
                               "a read's waiters follow (a write's has none)", drain_fields, NULL};
    pipe_emit_dispatch(e, &h, w);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* A fill loads its MSHR entry's request into the request fields as it issues. */
static void fill_capture(emit_t *e, const void *ctx)
{
    const l2_w_t *w = ctx;
    emit_line(e, "req_waited_d = 1'b0;");
    emit_line(e, "req_store_d = mshr_rd_store;");
    emit_line(e, "req_core_d = mshr_rd_core;");
    emit_line(e, "req_id_d = mshr_rd_id;");
    if (w->b)
        emit_line(e, "req_pred_d = mshr_rd_pred;");
    if (w->na)
        emit_line(e, "req_noalloc_d = mshr_rd_noalloc;");
    emit_line(e, "req_be_d = mshr_rd_be;");
    emit_line(e, "req_wdata_d = mshr_rd_wdata;");
}

static void emit_issue(emit_t *e, const l2_w_t *w)
{
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(w, f);
    pipe_emit_issue(e, &w->d, f, nf, fill_capture, w, 1);
}

static void emit_flops(emit_t *e, const l2_w_t *w)
{
    pipe_field_t f[PIPE_FIELDS_MAX];
    unsigned nf = req_fields(w, f);
    pipe_regs_t r = {.n = 0};
    pipe_reg(&r, "sweep_set", w->m);
    pipe_regs_stage(&r, &w->d, f, nf);
    pipe_reg(&r, "wake", 1);
    pipe_reg(&r, "mreq_valid", 1);
    pipe_reg(&r, "mreq", gen_l2_memq_width(w->g));
    pipe_reg(&r, "mreq_fwd_way", w->g->lay.ways);
    pipe_reg(&r, "mreq_fwd_wbe", w->lb);
    pipe_reg(&r, "mreq_fwd_data", w->lw);
    pipe_regs_replay_fwd(&r, &w->d, f, nf);
    pipe_regs_drain(&r, &w->drain);
    const char *cnt[L2CNT_COUNT];
    for (unsigned i = 0; i < L2CNT_COUNT; i++)
        cnt[i] = counter_of(w, i);
    pipe_emit_flops(e, &r, cnt, L2CNT_COUNT, w->cw,
                    w->pol->flops, w->g);
}

static void emit_outputs(emit_t *e, const l2_w_t *w)
{
    pipe_emit_mem_rsp_ready(e);
    for (unsigned i = 0; i < L2CNT_COUNT; i++) {
        if (counter_of(w, i))
            emit_line(e, "assign cnt_%s_o = cnt_%s_q;", lay_l2_counter_names[i],
                      lay_l2_counter_names[i]);
        else
            emit_line(e, "assign cnt_%s_o = %s; // no merging: no read joins a fetch",
                      lay_l2_counter_names[i], emit_const(w->cw, 0));
    }
}

void emit_l2_top(emit_t *e, const gen_l2_t *g)
{
    l2_w_t w;
    widths(g, &w);
    gen_header(e, g->cfg, g->top,
               "L2 slice (write-back, write-allocate, G-Cache victim bits, pipelined, SPEC 3.2)");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, g, &w);
    emit_instances(e, g, &w);
    emit_decide(e, &w);
    emit_issue(e, &w);
    emit_flops(e, &w);
    emit_outputs(e, &w);
    emit_out(e);
    gen_footer(e);
}
