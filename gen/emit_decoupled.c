/* emit_decoupled: the decoupled tag/data store's hooks in the L1 top (SPEC 3.4; the metadata
 * module is emit_dmeta.c, the SM-dueling controller emit_duel.c). A load may be answered
 * uncached (bypass) or wait for a data line (every line reserved); its lookup reserves the
 * line (and evicts, which is reported then, not at the fill); each MSHR remembers whether its
 * read bypasses, and a flush waits until every read has returned. */
#include "codes.h"
#include "../core/duel.h"
#include "mech.h"

static void dec_meta_decls(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "wire meta_reserve, meta_bypass, meta_stall;");
}

static void dec_decls(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "wire mshr_empty, mshr_rd_bypass;");
}

static void dec_meta_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".filter_i    (filter_enable_i),");
    if (lay_l1_mem_err(g->cfg))
        emit_line(e, ".fill_err_i  (mem_rsp_err_i),");
    emit_line(e, ".reserve_o   (meta_reserve),");
    emit_line(e, ".bypass_o    (meta_bypass),");
    emit_line(e, ".stall_o     (meta_stall),");
}

static void dec_mshr_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".alloc_bypass_i (meta_bypass),");
    emit_line(e, ".rd_bypass_o  (mshr_rd_bypass),");
    emit_line(e, ".empty_o      (mshr_empty),");
}

/* A load miss reserves a line (a miss) or goes uncached (a bypass). */
static const char *dec_ld_miss(const gen_l1_t *g)
{
    (void)g;
    static char buf[96];
    snprintf(buf, sizeof buf, "(meta_reserve ? %s : %s)", code_param(CODE_DEC, DEC_LD_MISS),
             code_param(CODE_DEC, DEC_LD_BYPASS));
    return buf;
}

static void dec_lookup_counts(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_l1_count(e, "!meta_hit & !meta_bypass", CNT_MISSES);
    emit_l1_count(e, "meta_bypass", CNT_BYPASSES);
    emit_l1_count(e, "meta_evict", CNT_EVICTIONS);
}

/* Metadata bits of the baseline L1 with the same data store (the report's comparison). */
static unsigned long long baseline_meta_bits(const cfg_l1_t *c)
{
    cfg_l1_t b = *c;
    lay_l1_t l;
    lay_storage_t s;
    b.mode = MODE_BASELINE;
    lay_l1_build(&b, &l);
    lay_l1_storage(&b, &l, &s);
    return s.meta_sram;
}

/* The SM-dueling controller's flops: four counts, the interval timer and the setting. */
static unsigned duel_flop_bits(const cfg_l1_t *c)
{
    return 4 * duel_count_bits(c->duel_interval) + duel_timer_bits(c->duel_interval) + 1;
}

/* One SRAM row per set holds both the tag store and the data-store state. */
static unsigned dec_report_meta(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out)
{
    (void)g;
    out[0] = (gen_structure_t){"tag store (valid, tag, RC, position valid, position)", "sram",
                               s->tag_store};
    out[1] = (gen_structure_t){"data-store state (valid, reserved, replacement, free count)",
                               "sram", s->data_state};
    return 2;
}

static void dec_report_json(const gen_l1_t *g, json_t *root)
{
    json_t *d = json_object();
    lay_storage_t ls;
    lay_l1_storage(&g->cfg->l1, &g->lay, &ls);
    json_object_set_new(d, "tag_store_bits", json_integer((json_int_t)ls.tag_store));
    json_object_set_new(d, "data_state_bits", json_integer((json_int_t)ls.data_state));
    json_object_set_new(d, "baseline_metadata_bits",
                        json_integer((json_int_t)baseline_meta_bits(&g->cfg->l1)));
    json_object_set_new(d, "duel_controller", json_string(g->duel));
    json_object_set_new(d, "duel_flop_bits", json_integer(duel_flop_bits(&g->cfg->l1)));
    json_object_set_new(root, "decoupled", d);
}

static void dec_report_md(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned long long base = baseline_meta_bits(c);
    lay_storage_t st;
    lay_l1_storage(c, &g->lay, &st);
    emit_line(e, "Decoupled: the tag store holds %llu bits where the baseline L1 of the "
              "same data store (%u sets x %u ways) holds %llu bits of metadata (%+.1f%%). "
              "The SM-dueling controller `%s` beside the L1s holds %u flop bits.",
              st.tag_store, c->sets, c->ways, base,
              100.0 * ((double)st.tag_store - (double)base) / (double)base, g->duel,
              duel_flop_bits(c));
}

static const char *dec_beside_name(const gen_l1_t *g) { return g->duel; }

static const char *const dec_unused[] = {"req_base_i", "req_pc_i", "req_core_i", "kernel_start_i",
                                          "mem_rsp_hint_i", NULL};

const gen_mech_t gen_mech_decoupled = {
    .mode = MODE_DECOUPLED,
    .unused_inputs = dec_unused,
    .meta_module = emit_l1_dmeta,
    .beside_module = emit_l1_duel,
    .beside_name = dec_beside_name,
    .counts_bypasses = 1,
    .evicts_at_lookup = 1,
    .flush_wait = " & mshr_empty",
    .fill_bypass_cond = "mshr_rd_bypass",
    .fill_err_releases = 1,
    .lookup_comment = " // reserve or bypass: both hold an MSHR",
    .mshr_row = "MSHRs (valid, line, id, bypass)",
    .report_meta = dec_report_meta,
    .report_json = dec_report_json,
    .report_md = dec_report_md,
    .meta_decls = dec_meta_decls,
    .decls = dec_decls,
    .meta_conn = dec_meta_conn,
    .mshr_conn = dec_mshr_conn,
    .wait_cond = "meta_stall", /* a load that wants a data line while every line is reserved */
    .wait_comment = "every data line reserved",
    .wait_dec = DEC_STALL_RSV,
    .ld_miss_dec = dec_ld_miss,
    .lookup_counts = dec_lookup_counts,
};
