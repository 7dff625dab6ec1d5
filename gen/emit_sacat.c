/* emit_sacat: the sacat mode's mechanism (SPEC 3.7): FG-CB in the L1 (its hooks in
 * emit_fgcb.c), the DWT-CS controller <name>_dwt beside the L1s (emit_dwt.c), and their rows in
 * the report. */
#include "../core/dwt.h"
#include "fgcb.h"

static const char *sacat_beside_name(const gen_l1_t *g) { return g->dwt; }

/* The controller's storage, by structure: the bits the paper counts (Table 5) and the bits
 * it holds in flops, valid bits, timer and state included. */
typedef struct dwt_row {
    const char *name;
    unsigned long long paper, full;
} dwt_row_t;

static unsigned dwt_rows(const cfg_t *c, dwt_row_t *out)
{
    const cfg_dwt_t *d = &c->dwt;
    unsigned long long P = c->sys.cores, E = d->table_entries;
    unsigned long long counts = 2ULL * DWT_COUNT_BITS * P, lb = dwt_limit_bits(c);
    unsigned long long table = E * (DWT_KERNEL_BITS + d->warp_bits);
    unsigned long long sampling = d->sample_periods > 1
        ? dwt_loop_bits(d->sample_periods) + P * dwt_total_bits(d->sample_periods) : 0;
    unsigned n = 0;
    out[n++] = (dwt_row_t){"period counts: instructions and L1 misses, 16 bits each, per core",
                           counts, counts};
    out[n++] = (dwt_row_t){"table: kernel id and warp limit per entry (a limit in "
                           "bit_length(min(P, max_warps)) bits)", table,
                           E * (DWT_KERNEL_BITS + lb)};
    out[n++] = (dwt_row_t){"table: valid bit per entry, next slot", 0,
                           E + dwt_loop_bits(d->table_entries)};
    out[n++] = (dwt_row_t){"period timer, thrashing count, state", 0,
                           dwt_timer_bits(d->period) + dwt_loop_bits(d->detect_periods) +
                               DWT_STATE_BITS};
    out[n++] = (dwt_row_t){"sampling: period count and per-core totals (M > 1)", 0, sampling};
    out[n++] = (dwt_row_t){"running kernel id, decided warp limit", 0, DWT_KERNEL_BITS + lb};
    out[n++] = (dwt_row_t){"decision pipeline: stage valid bits, the period's two sums, thrashing "
                           "bit, winner's limit (P > 1)", 0, dwt_pipe_bits(c)};
    unsigned long long paper = 0, full = 0;
    for (unsigned i = 0; i < n; i++)
        paper += out[i].paper, full += out[i].full;
    assert(paper == dwt_paper_bits(c) && full == dwt_flop_bits(c));
    return n;
}

static void sacat_report_json(const gen_l1_t *g, json_t *root)
{
    const cfg_t *c = g->cfg;
    json_t *o = json_object(), *rows = json_array();
    dwt_row_t r[8];
    unsigned n = dwt_rows(c, r);
    for (unsigned i = 0; i < n; i++) {
        json_t *x = json_object();
        json_object_set_new(x, "structure", json_string(r[i].name));
        json_object_set_new(x, "kind", json_string("flops"));
        json_object_set_new(x, "paper_bits", json_integer((json_int_t)r[i].paper));
        json_object_set_new(x, "bits", json_integer((json_int_t)r[i].full));
        json_array_append_new(rows, x);
    }
    json_object_set_new(o, "controller", json_string(g->dwt));
    json_object_set_new(o, "storage", rows);
    json_object_set_new(o, "paper_bits", json_integer((json_int_t)dwt_paper_bits(c)));
    json_object_set_new(o, "flop_bits", json_integer((json_int_t)dwt_flop_bits(c)));
    json_object_set_new(root, "dwt", o);
    fgcb_report_json(g, root);
}

static void sacat_report_md(emit_t *e, const gen_l1_t *g)
{
    fgcb_report_md(e, g);
    const cfg_t *c = g->cfg;
    const cfg_dwt_t *d = &c->dwt;
    emit_line(e, "DWT-CS controller `%s` beside the L1s (%u cores, period %u cycles, MPKI "
              "threshold %u, N = %u, M = %u, %u table entries, max_warps %u): the paper counts "
              "%llu bits (2 x 16 x %u + %u x (8 + %u)); it holds %llu flop bits.", g->dwt, c->sys.cores,
              d->period, d->mpki_threshold, d->detect_periods, d->sample_periods,
              d->table_entries, d->max_warps, dwt_paper_bits(c), c->sys.cores, d->table_entries,
              d->warp_bits, dwt_flop_bits(c));
    emit_blank(e);
    emit_line(e, "| DWT-CS structure | kind | paper's count (bits) | bits |");
    emit_line(e, "|---|---|---:|---:|");
    dwt_row_t r[8];
    unsigned n = dwt_rows(c, r);
    for (unsigned i = 0; i < n; i++) {
        char paper[24] = "not counted";
        if (r[i].paper)
            snprintf(paper, sizeof paper, "%llu", r[i].paper);
        emit_line(e, "| %s | flops | %s | %llu |", r[i].name, paper, r[i].full);
    }
    emit_line(e, "| total | flops | %llu | %llu |", dwt_paper_bits(c), dwt_flop_bits(c));
}

/* The L1's inputs FG-CB does not read. */
static const char *const sacat_unused[] = {"req_pc_i", "req_core_i", "filter_enable_i", NULL};

const gen_mech_t gen_mech_sacat = {
    .mode = MODE_SACAT,
    .unused_inputs = sacat_unused,
    .counts_bypasses = 1,
    .base_travels = 1,
    .fill_bypass_cond = "mshr_rd_bypass",
    .fill_bypass_counts = 1,
    .memq_hint = "fg_byp_l2 & ~req_store_q",
    .lookup_comment = " // a bypass-L1 load's miss holds an MSHR too",
    .evt_ports = fgcb_evt_ports,
    .report_flops = fgcb_report_flops,
    .mshr_row = "MSHRs (valid, line, id, bypass-L1, tracked, base id)",
    .sys_hint = "l2_rsp_l2hit",
    .decls = fgcb_emit_decls,
    .mshr_conn = fgcb_mshr_conn,
    .defaults = fgcb_emit_defaults,
    .lookup = fgcb_emit_lookup,
    .join = fgcb_emit_join,
    .fill_first = fgcb_emit_fill,
    .flops = fgcb_flops,
    .beside_module = emit_dwt,
    .beside_name = sacat_beside_name,
    .report_json = sacat_report_json,
    .report_md = sacat_report_md,
};
