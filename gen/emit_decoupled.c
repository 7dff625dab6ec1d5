/* emit_decoupled: the decoupled tag/data store's hooks in the L1 top (SPEC 3.4; the metadata
 * module is emit_dmeta.c, the SM-dueling controller emit_duel.c). A load may be answered
 * uncached (bypass) or wait for a data line (every line reserved); its lookup reserves the
 * line (and evicts, which is reported then, not at the fill); each MSHR remembers whether its
 * read bypasses, and a flush waits until every read has returned. */
#include "codes.h"
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

static const char *const dec_unused[] = {"req_pc_i", "req_core_i", "kernel_start_i",
                                          "mem_rsp_hint_i", NULL};

const gen_mech_t gen_mech_decoupled = {
    .mode = MODE_DECOUPLED,
    .unused_inputs = dec_unused,
    .meta_module = emit_l1_dmeta,
    .beside_module = emit_l1_duel,
    .counts_bypasses = 1,
    .evicts_at_lookup = 1,
    .flush_wait = " & mshr_empty",
    .fill_bypass_cond = "mshr_rd_bypass",
    .lookup_comment = " // reserve or bypass: both hold an MSHR",
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
