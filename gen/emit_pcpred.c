/* emit_pcpred: the PC bypass predictor pieces of the L1 top (SPEC 3.6): the table of
 * l1.pc_entries saturating counters in flops (reset 0; its own module <name>_pctbl, so the
 * cost report can count it), the hash of the request PC, the hit
 * decrement, the prediction kept in the MSHR and sent with the read (mem_req_hint_o), and the
 * fill's bypass condition (predicted and the L2's bit 0; the bypassing fill itself is
 * emit_top.c's, shared with the decoupled store) or the victim's PC punished on insertion.
 * These are the hooks of gen_mech_pcpred (mech.h) the L1 top calls; the per-way hpc field is
 * read and written by the metadata module (emit_meta.c). Mirrors cmodel/cm_pcpred.c. */
#include "emit_l1.h"
#include "emit_l2.h"
#include "mech.h"

static unsigned pp_hash_bits(const gen_l1_t *g) { return g->lay.hpc_bits; }

/* hash = XOR-fold of (pc >> shift) into k bits, the last chunk zero-extended. */
static void emit_hash(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned k = pp_hash_bits(g);
    emit_line(e, "reg %spp_hash; // XOR-fold of req_pc_q >> %u", emit_range(k), c->pc_hash_shift);
    emit_line(e, "always @* begin : pp_fold");
    emit_in(e);
    emit_line(e, "pp_hash = %s;", emit_const(k, 0));
    for (unsigned lo = c->pc_hash_shift; lo < c->pc_bits; lo += k) {
        unsigned hi = lo + k - 1 < c->pc_bits ? lo + k - 1 : c->pc_bits - 1;
        if (hi - lo + 1 == k)
            emit_line(e, "pp_hash = pp_hash ^ req_pc_q[%u:%u];", hi, lo);
        else
            emit_line(e, "pp_hash = pp_hash ^ {%s, req_pc_q[%u:%u]};",
                      emit_const(k - (hi - lo + 1), 0), hi, lo);
    }
    emit_out(e);
    emit_line(e, "end");
}

static void emit_pp_decls(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned k = pp_hash_bits(g), cb = c->pc_counter_bits, E = c->pc_entries;
    emit_line(e, "// PC predictor: %u counters of %u bits in flops (they clear at once), in %s",
              E, cb, g->pctbl);
    emit_line(e, "reg pp_we; // this operation writes counter pp_widx with pp_wval");
    emit_line(e, "reg %spp_widx;", emit_range(k));
    emit_line(e, "reg %spp_wval;", emit_range(cb));
    emit_hash(e, g);
    emit_line(e, "wire %spp_hash_cnt; // the request PC's counter", emit_range(cb));
    if (c->pc_threshold) {
        emit_line(e, "wire pp_pred = pp_hash_cnt >= %s;", emit_const(cb, c->pc_threshold));
    } else { /* threshold 0: every miss is predicted; the counter is read for no decision */
        emit_line(e, "wire pp_pred = 1'b1; // l1.pc_threshold 0: every load miss bypasses");
        emit_line(e, "wire unused_pp_hash_cnt = ^pp_hash_cnt; // no decision reads it");
    }
    emit_line(e, "wire mshr_rd_pred;");
    emit_line(e, "wire %smshr_rd_hpc;", emit_range(k));
    emit_line(e, "wire %smeta_old_hpc; // the chosen way's hpc before the operation", emit_range(k));
    emit_line(e, "wire %spp_meta_hpc = s1_fill_q ? mshr_rd_hpc : pp_hash;", emit_range(k));
    emit_line(e, "// the counters of every way's last PC, read beside the lookup; the chosen way's");
    emit_line(e, "// is picked by its one-hot, so no table read follows the way selection");
    emit_line(e, "wire [%u:0] pp_way_hpc = {", g->lay.ways * k - 1);
    emit_in(e);
    for (unsigned w = g->lay.ways; w-- > 0;)
        emit_line(e, "meta_row_in[%u:%u]%s", lay_hpc_lsb(&g->lay, w) + k - 1,
                  lay_hpc_lsb(&g->lay, w), w ? "," : "");
    emit_out(e);
    emit_line(e, "};");
    emit_line(e, "wire [%u:0] pp_way_cnt;", g->lay.ways * cb - 1);
    emit_line(e, "// each way's counter decremented (a hit) and incremented (its line evicted),");
    emit_line(e, "// saturating; the chosen way's are picked");
    unsigned max = (1u << cb) - 1;
    for (unsigned w = 0; w < g->lay.ways; w++) {
        emit_line(e, "wire %spp_w%u_cnt = pp_way_cnt[%u +: %u];", emit_range(cb), w, w * cb, cb);
        emit_line(e, "wire %spp_w%u_dec = (pp_w%u_cnt == %s) ? %s : pp_w%u_cnt - %s;", emit_range(cb),
                  w, w, emit_const(cb, 0), emit_const(cb, 0), w, emit_const(cb, 1));
        emit_line(e, "wire %spp_w%u_inc = (pp_w%u_cnt == %s) ? pp_w%u_cnt : pp_w%u_cnt + %s;",
                  emit_range(cb), w, w, emit_const(cb, max), w, w, emit_const(cb, 1));
    }
    emit_line(e, "reg %spp_dec, pp_inc;", emit_range(cb));
    emit_pick_oh(e, "pp_dec", cb, "meta_way_oh", g->lay.ways, "pp_w%u_dec");
    emit_pick_oh(e, "pp_inc", cb, "meta_way_oh", g->lay.ways, "pp_w%u_inc");
    emit_line(e, "wire pp_fill_bypass = mshr_rd_pred & ~mem_rsp_hint_i;");
    emit_line(e, "%s u_pctbl (", g->pctbl);
    emit_in(e);
    emit_line(e, ".clk_i (clk_i), .rst_ni (rst_ni),");
    emit_line(e, ".rd_a_idx_i (pp_hash), .rd_a_o (pp_hash_cnt),");
    emit_line(e, ".rd_b_idx_i (pp_way_hpc), .rd_b_o (pp_way_cnt),");
    emit_line(e, ".we_i (pp_we), .wr_idx_i (pp_widx), .wr_val_i (pp_wval)");
    emit_out(e);
    emit_line(e, ");");
    emit_line(e, "assign evt_pc_we_o = pp_we;");
    emit_line(e, "assign evt_pc_idx_o = pp_widx;");
    emit_line(e, "assign evt_pc_val_o = pp_wval;");
}

/* <name>_pctbl: the counters, read port a (the request PC's), read ports b (one per way: each
 * way's last PC's) and one write port, cleared by reset. Reads see every write of earlier
 * cycles (a registered write is forwarded until it lands). */
void emit_l1_pctbl(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned k = pp_hash_bits(g), cb = c->pc_counter_bits, E = c->pc_entries, W = g->lay.ways;
    gen_header(e, g->cfg, g->pctbl, "PC predictor table (SPEC 3.6): saturating counters in flops");
    emit_line(e, "module %s (", g->pctbl);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    emit_line(e, "input  wire %srd_a_idx_i,", emit_range(k));
    emit_line(e, "output wire %srd_a_o,", emit_range(cb));
    emit_line(e, "input  wire [%u:0] rd_b_idx_i, // way w's index in [%u*w +: %u]", W * k - 1, k, k);
    emit_line(e, "output wire [%u:0] rd_b_o,     // way w's counter in [%u*w +: %u]", W * cb - 1, cb,
              cb);
    emit_line(e, "input  wire we_i,");
    emit_line(e, "input  wire %swr_idx_i,", emit_range(k));
    emit_line(e, "input  wire %swr_val_i", emit_range(cb));
    emit_out(e);
    emit_line(e, ");");
    emit_in(e);
    emit_line(e, "// A write is registered and lands in the table the next cycle, so the decide stage's");
    emit_line(e, "// read-modify-write does not run into the table's write decoder; until it lands the");
    emit_line(e, "// read ports forward it, so every read sees every earlier write.");
    emit_line(e, "reg [%u:0] tbl_q; // counter i in bits [%u*i +: %u]", E * cb - 1, cb, cb);
    emit_line(e, "reg we_q;");
    emit_line(e, "reg %swr_idx_q;", emit_range(k));
    emit_line(e, "reg %swr_val_q;", emit_range(cb));
    emit_line(e, "integer i;");
    emit_line(e, "assign rd_a_o = (we_q & (wr_idx_q == rd_a_idx_i)) ? wr_val_q : tbl_q[rd_a_idx_i*%u +: %u];",
              cb, cb);
    emit_line(e, "genvar w;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (w = 0; w < %u; w = w + 1) begin : g_rd_b", W);
    emit_in(e);
    emit_line(e, "assign rd_b_o[w*%u +: %u] = (we_q & (wr_idx_q == rd_b_idx_i[w*%u +: %u])) ? wr_val_q :",
              cb, cb, k, k);
    emit_line(e, "                         tbl_q[rd_b_idx_i[w*%u +: %u]*%u +: %u];", k, k, cb, cb);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    /* cleared counter by counter: one replication of E x C bits can exceed what lint accepts */
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "for (i = 0; i < %u; i = i + 1) tbl_q[i*%u +: %u] <= %s;", E, cb, cb,
              emit_const(cb, 0));
    emit_line(e, "we_q <= 1'b0;");
    emit_line(e, "wr_idx_q <= %s;", emit_const(k, 0));
    emit_line(e, "wr_val_q <= %s;", emit_const(cb, 0));
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "we_q <= we_i;");
    emit_line(e, "wr_idx_q <= wr_idx_i;");
    emit_line(e, "wr_val_q <= wr_val_i;");
    emit_line(e, "if (we_q) tbl_q[wr_idx_q*%u +: %u] <= wr_val_q;", cb, cb);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    gen_footer(e);
}

static void emit_pp_defaults(emit_t *e, const gen_l1_t *g)
{
    unsigned k = pp_hash_bits(g), cb = g->cfg->l1.pc_counter_bits;
    emit_line(e, "pp_we = 1'b0;");
    emit_line(e, "pp_widx = %s;", emit_const(k, 0));
    emit_line(e, "pp_wval = %s;", emit_const(cb, 0));
    emit_line(e, "evt_pc_pred_o = 1'b0;");
}

/* In the decide stage, where a lookup completes: a load hit decrements the counter of the line's last
 * PC (floor 0); a load miss predicts from its own counter. */
static void emit_pp_lookup(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "if (meta_hit & !req_store_q) begin");
    emit_in(e);
    emit_line(e, "pp_we = 1'b1;");
    emit_line(e, "pp_widx = meta_old_hpc;");
    emit_line(e, "pp_wval = pp_dec;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (!meta_hit & !req_store_q) begin");
    emit_in(e);
    emit_line(e, "evt_pc_pred_o = pp_pred;");
    emit_out(e);
    emit_line(e, "end");
}

/* In the decide stage's fill: every fill reports the MSHR's prediction. Whether it bypasses (predicted and
 * the L2's bit 0: pp_fill_bypass) is emit_top.c's shared bypassing fill. */
static void emit_pp_fill_pred(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "evt_pc_pred_o = mshr_rd_pred;");
}

/* In the decide stage's fill, on the installing fill: the victim's PC led to no reuse (saturating +1). */
static void emit_pp_fill_victim(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "if (meta_evict) begin");
    emit_in(e);
    emit_line(e, "pp_we = 1'b1;");
    emit_line(e, "pp_widx = meta_old_hpc;");
    emit_line(e, "pp_wval = pp_inc;");
    emit_out(e);
    emit_line(e, "end");
}


static unsigned pp_evt_ports(const gen_l1_t *g, mech_evt_port_t *out)
{
    out[0] = (mech_evt_port_t){"pc_we", 1, NULL, NULL, 0, "PC predictor: a counter was written"};
    out[1] = (mech_evt_port_t){"pc_idx", pp_hash_bits(g), "PcHashWidth",
                               "PC predictor table index", 0, "its index"};
    out[2] = (mech_evt_port_t){"pc_val", g->cfg->l1.pc_counter_bits, "PcCounterWidth",
                               "PC predictor counter", 0, "its value"};
    out[3] = (mech_evt_port_t){"pc_pred", 1, NULL, NULL, 1,
                               "the prediction (load miss, fill)"};
    return 4;
}

static void pp_meta_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".hpc_i       (pp_meta_hpc),");
    emit_line(e, ".old_hpc_o   (meta_old_hpc),");
}

/* Each MSHR keeps its read's prediction and PC hash for the fill. */
static void pp_mshr_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".alloc_pred_i (pp_pred),");
    emit_line(e, ".alloc_hpc_i  (pp_hash),");
    emit_line(e, ".rd_pred_o    (mshr_rd_pred),");
    emit_line(e, ".rd_hpc_o     (mshr_rd_hpc),");
}

/* The rows split into the baseline fields and the per-line PC hashes. */
static unsigned pp_report_meta(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out)
{
    (void)g;
    out[0] = (gen_structure_t){"metadata rows: valid, tag, replacement", "sram",
                               s->meta_sram - s->line_hpc};
    out[1] = (gen_structure_t){"metadata rows: per-line PC hashes (hpc)", "sram", s->line_hpc};
    return 2;
}

static unsigned pp_report_flops(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out)
{
    (void)g;
    out[0] = (gen_structure_t){"PC predictor table (saturating counters)", "flops", s->pc_table};
    return 1;
}

/* The bypass bits of the L2 rows. */
static unsigned long long l2_bypass_bits(const gen_l1_t *g)
{
    gen_l2_t g2;
    gen_l2_init(&g2, g->cfg);
    lay_l2_storage_t s2;
    lay_l2_storage(g->cfg, &g2.lay, &s2);
    return s2.bypass_bits;
}

/* Its storage (SPEC 3.6): the table, the per-line hashes, the L2 bits. */
static void pp_report_json(const gen_l1_t *g, json_t *root)
{
    const cfg_l1_t *c = &g->cfg->l1;
    json_t *o = json_object();
    lay_storage_t s;
    lay_l1_storage(c, &g->lay, &s);
    json_object_set_new(o, "table_entries", json_integer(c->pc_entries));
    json_object_set_new(o, "counter_bits", json_integer(c->pc_counter_bits));
    json_object_set_new(o, "threshold", json_integer(c->pc_threshold));
    json_object_set_new(o, "hash_shift", json_integer(c->pc_hash_shift));
    json_object_set_new(o, "table_bits", json_integer((json_int_t)s.pc_table));
    json_object_set_new(o, "lines", json_integer((json_int_t)c->sets * c->ways));
    json_object_set_new(o, "hash_bits_per_line", json_integer(g->lay.hpc_bits));
    json_object_set_new(o, "line_hash_bits", json_integer((json_int_t)s.line_hpc));
    json_object_set_new(o, "l2_bypass_bits", json_integer((json_int_t)l2_bypass_bits(g)));
    json_object_set_new(root, "pcpred", o);
}

static void pp_report_md(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    lay_storage_t st;
    lay_l1_storage(c, &g->lay, &st);
    unsigned long long lines = (unsigned long long)c->sets * c->ways;
    emit_line(e, "PC bypass predictor: a table of %u x %u-bit "
              "counters = %llu bits (flops), a %u-bit PC hash per line = %llu lines x %u "
              "bits = %llu bits (in the metadata rows), and one bypass bit per L2 line = "
              "%llu bits (in the L2 rows); %llu bits per L1 in all.", c->pc_entries,
              c->pc_counter_bits, st.pc_table, g->lay.hpc_bits, lines, g->lay.hpc_bits,
              st.line_hpc, l2_bypass_bits(g), st.pc_table + st.line_hpc);
}

static const char *const pp_unused[] = {"req_base_i", "req_core_i", "kernel_start_i", "filter_enable_i",
                                         NULL};

const gen_mech_t gen_mech_pcpred = {
    .mode = MODE_PCPRED,
    .unused_inputs = pp_unused,
    .inner_module = emit_l1_pctbl,
    .counts_bypasses = 1,
    .pc_travels = 1,
    .fill_bypass_cond = "pp_fill_bypass",
    .fill_bypass_counts = 1,
    .memq_hint = "pp_pred & ~req_store_q",
    .evt_ports = pp_evt_ports,
    .mshr_row = "MSHRs (valid, line, id, prediction, PC hash)",
    .report_meta = pp_report_meta,
    .report_flops = pp_report_flops,
    .report_json = pp_report_json,
    .report_md = pp_report_md,
    .sys_hint = "l2_rsp_bbit",
    .decls = emit_pp_decls,
    .meta_conn = pp_meta_conn,
    .mshr_conn = pp_mshr_conn,
    .defaults = emit_pp_defaults,
    .lookup = emit_pp_lookup,
    .fill_first = emit_pp_fill_pred,
    .fill_install = emit_pp_fill_victim,
};
