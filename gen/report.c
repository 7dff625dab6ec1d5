/* report: configuration, row layout and storage bits per structure, as JSON (jansson) and
 * Markdown, for the L1 and beside it the L2 slice. Storage counts come from lay_l1_storage()
 * and lay_l2_storage(), the same layouts the RTL uses. */
#include "report.h"

#include "emit_l2.h"
#include "emit_pkg.h"
#include "mech.h"
#include "report_tap.h"

#include <jansson.h>
#include "../core/pric.h"
#include <stdlib.h>
#include <string.h>

static unsigned structures(const gen_l1_t *g, gen_structure_t *out)
{
    const gen_mech_t *mech = gen_mech(g);
    lay_storage_t s;
    lay_l1_storage(&g->cfg->l1, &g->lay, &s);
    unsigned n = 0;
    if (mech->report_meta)
        n += mech->report_meta(g, &s, out + n);
    else
        out[n++] = (gen_structure_t){"metadata rows (valid, tag, replacement)", "sram", s.meta_sram};
    out[n++] = (gen_structure_t){"data lines", "sram", s.data_sram};
    out[n++] = (gen_structure_t){mech->mshr_row ? mech->mshr_row : "MSHRs (valid, line, id)",
                                 "flops", s.mshr_flops};
    if (mech->report_flops)
        n += mech->report_flops(g, &s, out + n);
    /* the baseline's bypass counter is a constant 0, and so is merged without merging */
    unsigned counters = CNT_COUNT - !mech->counts_bypasses - !g->cfg->l1.mshr_merge;
    out[n++] = (gen_structure_t){"performance counters", "flops",
                                 (unsigned long long)counters * g->cfg->l1.counter_bits};
    return n;
}

/* The L2 slice's structures. Its rows are split into the baseline fields and the G-Cache
 * victim bits, so that the parts add up to the SRAM. */
static unsigned l2_structures(const gen_l2_t *g, gen_structure_t *out)
{
    lay_l2_storage_t s;
    lay_l2_storage(g->cfg, &g->lay, &s);
    unsigned n = 0;
    out[n++] = (gen_structure_t){"L2 rows: valid, dirty, tag, replacement", "sram",
                             s.meta_sram - s.victim_bits - s.bypass_bits - s.owner_bits};
    out[n++] = (gen_structure_t){"L2 rows: G-Cache victim bits", "sram", s.victim_bits};
    if (g->lay.bbits)
        out[n++] = (gen_structure_t){"L2 rows: PC-predictor bypass bits", "sram", s.bypass_bits};
    if (g->lay.obits) /* SPEC 3.8: log2(C + 1) bits a line */
        out[n++] = (gen_structure_t){"L2 rows: owner applications", "sram", s.owner_bits};
    out[n++] = (gen_structure_t){"L2 data lines", "sram", s.data_sram};
    static const char *const mshr_rows[2][2] = {
        {"L2 MSHRs (valid, line, core, L1 MSHR, write, byte enables, data)",
         "L2 MSHRs (valid, line, core, L1 MSHR, write, byte enables, data, waiters)"},
        {"L2 MSHRs (valid, line, core, L1 MSHR, write, byte enables, data, prediction)",
         "L2 MSHRs (valid, line, core, L1 MSHR, write, byte enables, data, prediction, waiters)"}};
    out[n++] = (gen_structure_t){mshr_rows[g->lay.bbits != 0][g->cfg->l2.mshr_merge != 0],
                                 "flops", s.mshr_flops};
    if (s.drrip_flops)
        out[n++] = (gen_structure_t){"L2 DRRIP: a PSEL per application, the BRRIP counter",
                                     "flops", s.drrip_flops};
    if (s.ucp_atd_sram) { /* SPEC 3.8: UMON tags and counters */
        out[n++] = (gen_structure_t){"L2 UCP: UMON ATDs (valid, LRU rank, tag), one SRAM an app",
                                     "sram", s.ucp_atd_sram};
        out[n++] = (gen_structure_t){"L2 UCP: UMON hit counters and their period-end snapshot",
                                     "flops", s.ucp_hit_flops};
        out[n++] = (gen_structure_t){"L2 UCP: the allocation in force", "flops",
                                     s.ucp_alloc_flops};
        out[n++] = (gen_structure_t){"L2 UCP: lookahead FSM, period counter, ATD forwarding, fill victim choice",
                                     "flops", s.ucp_fsm_flops};
    }
    if (s.tap_ucp_flops) /* SPEC 3.8: TAP-UCP's start and XSRATIO divider, emit_l2_tap_ucp.c */
        out[n++] = (gen_structure_t){"L2 TAP-UCP: decision wait, GPU counters' XSRATIO divider, "
                                     "the lookahead's XSRATIO and UCP-Mask", "flops",
                                     s.tap_ucp_flops};
    if (s.tap_count_flops) { /* SPEC 3.8: the core-sampling controller, gen/emit_tap.c */
        out[n++] = (gen_structure_t){"L2 TAP controller: period cycle, POL1/POL2 instructions, "
                                     "accesses per app, CPU maximum, last access", "flops",
                                     s.tap_count_flops};
        out[n++] = (gen_structure_t){"L2 TAP controller: decision steps, snapshot, friendly "
                                     "products, divider, masks, XSRATIO", "flops",
                                     s.tap_decide_flops};
    }
    out[n++] = (gen_structure_t){"L2 performance counters", "flops",
                             (unsigned long long)(L2CNT_COUNT - !g->cfg->l2.mshr_merge) *
                                 g->cfg->l1.counter_bits};
    return n;
}

/* Storage array of structures as JSON; adds the SRAM and flop bits to *sram and *flops. */
static json_t *storage_json(const gen_structure_t *s, unsigned n, unsigned long long *sram,
                            unsigned long long *flops)
{
    json_t *st = json_array();
    for (unsigned i = 0; i < n; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "structure", json_string(s[i].name));
        json_object_set_new(o, "kind", json_string(s[i].kind));
        json_object_set_new(o, "bits", json_integer((json_int_t)s[i].bits));
        json_array_append_new(st, o);
        if (!strcmp(s[i].kind, "sram"))
            *sram += s[i].bits;
        else
            *flops += s[i].bits;
    }
    return st;
}

static json_t *l2_json(const gen_l2_t *g)
{
    json_t *o = json_object(), *lay = json_object(), *fields = json_array(), *idx = json_object();
    lay_l2_storage_t ls;
    lay_l2_storage(g->cfg, &g->lay, &ls);
    json_object_set_new(o, "top", json_string(g->top));
    json_object_set_new(lay, "row_bits", json_integer(g->lay.row_bits));
    json_object_set_new(lay, "tag_bits", json_integer(g->lay.tag_bits));
    json_object_set_new(lay, "victim_bits_per_line", json_integer(g->lay.vbits));
    char name[32];
    unsigned lsb, width;
    for (unsigned i = 0; lay_l2_field(&g->lay, i, name, sizeof name, &lsb, &width) == 0; i++) {
        json_t *f = json_object();
        json_object_set_new(f, "name", json_string(name));
        json_object_set_new(f, "lsb", json_integer(lsb));
        json_object_set_new(f, "width", json_integer(width));
        json_array_append_new(fields, f);
    }
    json_object_set_new(lay, "row", fields);
    json_object_set_new(o, "layout", lay);
    json_object_set_new(idx, "function", json_string(cfg_index_name(g->cfg->l2.index)));
    if (g->cfg->l2.index == INDEX_PRIC)
        json_object_set_new(idx, "poly", json_integer((json_int_t)cfg_l2_pric_poly(g->cfg)));
    json_object_set_new(o, "index", idx);
    gen_structure_t s[16];
    unsigned n = l2_structures(g, s);
    unsigned long long sram = 0, flops = 0;
    json_object_set_new(o, "storage", storage_json(s, n, &sram, &flops));
    json_object_set_new(o, "victim_bits", json_integer((json_int_t)ls.victim_bits));
    if (g->lay.bbits)
        json_object_set_new(o, "bypass_bits", json_integer((json_int_t)ls.bypass_bits));
    if (g->lay.obits)
        json_object_set_new(o, "owner_bits", json_integer((json_int_t)ls.owner_bits));
    json_object_set_new(o, "sram_bits", json_integer((json_int_t)sram));
    json_object_set_new(o, "flop_bits", json_integer((json_int_t)flops));
    report_tap_json(g, o);
    return o;
}

/* The set-index network: its function and, for PRIC, P, the hashed bits and each bit's
 * fan-in and XOR-tree depth (storage: none). */
static unsigned index_depth(const gen_l1_t *g, unsigned *fan_max)
{
    unsigned depth = g->cfg->l1.index == INDEX_XOR ? 1 : 0, terms[PRIC_MAX_HASHED];
    *fan_max = g->cfg->l1.index == INDEX_XOR ? 2 : 1;
    if (g->cfg->l1.index == INDEX_PRIC)
        for (unsigned j = 0; j < g->lay.set_bits; j++) {
            unsigned n = gen_pric_terms(&g->cfg->l1, j, terms);
            if (n > *fan_max)
                *fan_max = n;
            if (cfg_log2(n) > depth)
                depth = cfg_log2(n);
        }
    return depth;
}

static json_t *index_json(const gen_l1_t *g)
{
    json_t *o = json_object();
    unsigned fan, depth = index_depth(g, &fan);
    json_object_set_new(o, "function", json_string(cfg_index_name(g->cfg->l1.index)));
    if (g->cfg->l1.index == INDEX_PRIC) {
        json_object_set_new(o, "poly", json_integer((json_int_t)cfg_pric_poly(&g->cfg->l1)));
        json_object_set_new(o, "hashed_address_bits_lsb", json_integer(g->lay.off_bits));
        json_object_set_new(o, "hashed_address_bits_msb",
                            json_integer(g->lay.off_bits + cfg_pric_hashed_bits(&g->cfg->l1) - 1));
    }
    json_object_set_new(o, "max_fan_in", json_integer(fan));
    json_object_set_new(o, "xor_depth", json_integer(depth));
    json_object_set_new(o, "storage_bits", json_integer(0));
    return o;
}

/* The L1 top's ports, from the table the pkg file and the template use (emit_pkg). */
static json_t *ports_json(const pkg_t *p)
{
    json_t *a = json_array();
    for (unsigned i = 0; i < p->nports; i++) {
        const pkg_port_t *q = &p->port[i];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(q->name));
        json_object_set_new(o, "direction", json_string(q->out ? "output" : "input"));
        json_object_set_new(o, "bits", json_integer(q->width));
        json_object_set_new(o, "simulation_only", json_boolean(q->sim_only));
        json_object_set_new(o, "meaning", json_string(q->what));
        json_array_append_new(a, o);
    }
    return a;
}

static int write_json(const emit_dir_t *d, const gen_l1_t *g, char *err, size_t errlen)
{
    json_t *root = json_object(), *cfg = json_object(), *lay = json_object();
    json_t *fields = json_array();
    char buf[GEN_MOD_MAX + 16], name[32];
    for (unsigned i = 0; cfg_key_name(i); i++)
        if (cfg_shown_text(g->cfg, i, buf, sizeof buf))
            json_object_set_new(cfg, cfg_key_name(i), json_string(buf));
    json_object_set_new(root, "generator", json_string("cachegen " GEN_VERSION));
    json_object_set_new(root, "top", json_string(g->top));
    json_object_set_new(root, "config", cfg);
    char hash[GEN_CONFIG_HASH_HEX + 1];
    gen_config_hash(g->cfg, hash);
    json_object_set_new(root, "config_sha256", json_string(hash));
    pkg_t *pk = malloc(sizeof *pk);
    if (!pk) {
        json_decref(root), json_decref(lay), json_decref(fields);
        snprintf(err, errlen, "report: out of memory");
        return -1;
    }
    pkg_build(g, pk);
    json_object_set_new(root, "ports", ports_json(pk));
    free(pk);
    json_object_set_new(lay, "row_bits", json_integer(g->lay.row_bits));
    json_object_set_new(lay, "tag_bits", json_integer(g->lay.tag_bits));
    json_object_set_new(lay, "line_bits", json_integer(g->lay.line_bits));
    unsigned lsb, width;
    for (unsigned i = 0; lay_l1_field(&g->lay, i, name, sizeof name, &lsb, &width) == 0; i++) {
        json_t *f = json_object();
        json_object_set_new(f, "name", json_string(name));
        json_object_set_new(f, "lsb", json_integer(lsb));
        json_object_set_new(f, "width", json_integer(width));
        json_array_append_new(fields, f);
    }
    json_object_set_new(lay, "metadata_row", fields);
    json_object_set_new(root, "layout", lay);
    json_object_set_new(root, "index", index_json(g));
    if (gen_mech(g)->report_json)
        gen_mech(g)->report_json(g, root);
    gen_structure_t s[16];
    unsigned n = structures(g, s);
    unsigned long long sram = 0, flops = 0;
    json_object_set_new(root, "storage", storage_json(s, n, &sram, &flops));
    json_object_set_new(root, "sram_bits", json_integer((json_int_t)sram));
    json_object_set_new(root, "flop_bits", json_integer((json_int_t)flops));
    gen_l2_t g2;
    gen_l2_init(&g2, g->cfg);
    json_object_set_new(root, "l2", l2_json(&g2));
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text) {
        snprintf(err, errlen, "report: out of memory");
        return -1;
    }
    emit_t e;
    snprintf(buf, sizeof buf, "%s_report.json", g->top);
    if (emit_open(&e, d, buf, err, errlen) != 0) {
        free(text);
        return -1;
    }
    emit_raw(&e, text);
    emit_raw(&e, "\n");
    free(text);
    return emit_close(&e, err, errlen);
}

static int write_md(const emit_dir_t *d, const gen_l1_t *g, char *err, size_t errlen)
{
    emit_t e;
    char buf[96];
    pkg_t *pk = malloc(sizeof *pk);
    if (!pk) {
        snprintf(err, errlen, "report: out of memory");
        return -1;
    }
    pkg_build(g, pk);
    snprintf(buf, sizeof buf, "%s_report.md", g->top);
    if (emit_open(&e, d, buf, err, errlen) != 0) {
        free(pk);
        return -1;
    }
    const cfg_l1_t *c = &g->cfg->l1;
    emit_line(&e, "# %s: cachegen %s report", g->top, GEN_VERSION);
    emit_blank(&e);
    emit_line(&e, "%u sets x %u ways x %u B lines = %u B of data; %s replacement, %s index.",
              c->sets, c->ways, c->line_bytes, c->sets * c->ways * c->line_bytes,
              cfg_repl_name(c->repl), cfg_index_name(c->index));
    emit_blank(&e);
    emit_line(&e, "## Configuration");
    emit_blank(&e);
    emit_line(&e, "| key | value |");
    emit_line(&e, "|---|---|");
    for (unsigned i = 0; cfg_key_name(i); i++)
        if (cfg_shown_text(g->cfg, i, buf, sizeof buf))
            emit_line(&e, "| %s | %s |", cfg_key_name(i), buf);
    emit_blank(&e);
    emit_line(&e, "## Ports of `%s`", g->top);
    emit_blank(&e);
    emit_line(&e, "Widths as localparams of `%s_pkg.vh` (`%sLineWidth`, ...); the event port is "
              "for the lockstep harnesses (simulation only).", g->top, pk->prefix);
    emit_blank(&e);
    emit_line(&e, "| port | direction | bits | meaning |");
    emit_line(&e, "|---|---|---:|---|");
    for (unsigned i = 0; i < pk->nports; i++) {
        const pkg_port_t *q = &pk->port[i];
        emit_line(&e, "| `%s` | %s | %u | %s%s |", q->name, q->out ? "output" : "input",
                  q->width, q->what, q->sim_only ? " (simulation only)" : "");
    }
    free(pk);
    emit_blank(&e);
    emit_line(&e, "## Storage");
    emit_blank(&e);
    emit_line(&e, "| structure | kind | bits |");
    emit_line(&e, "|---|---|---:|");
    gen_structure_t s[16];
    unsigned n = structures(g, s);
    for (unsigned i = 0; i < n; i++)
        emit_line(&e, "| %s | %s | %llu |", s[i].name, s[i].kind, s[i].bits);
    emit_blank(&e);
    gen_l2_t g2;
    gen_l2_init(&g2, g->cfg);
    const cfg_l2_t *c2 = &g->cfg->l2;
    lay_l2_storage_t ls2;
    lay_l2_storage(g->cfg, &g2.lay, &ls2);
    emit_line(&e, "L2 slice `%s` beside the L1s: %u sets x %u ways x %u B lines = %u B of data, "
              "%s replacement, %s index, %u MSHRs; %u victim bit%s a line (P = %u cores, Sv = "
              "%u), %llu victim bits in all.", g2.top, c2->sets, c2->ways, c->line_bytes,
              c2->sets * c2->ways * c->line_bytes, cfg_l2_repl_name(c2),
              cfg_index_name(c2->index), c2->mshrs, g2.lay.vbits, g2.lay.vbits > 1 ? "s" : "",
              g->cfg->sys.cores, c2->victim_share, ls2.victim_bits);
    emit_blank(&e);
    emit_line(&e, "| L2 structure | kind | bits |");
    emit_line(&e, "|---|---|---:|");
    n = l2_structures(&g2, s);
    for (unsigned i = 0; i < n; i++)
        emit_line(&e, "| %s | %s | %llu |", s[i].name, s[i].kind, s[i].bits);
    emit_blank(&e);
    report_tap_md(&e, &g2);
    if (gen_mech(g)->report_md) {
        gen_mech(g)->report_md(&e, g);
        emit_blank(&e);
    }
    unsigned fan, depth = index_depth(g, &fan);
    if (c->index == INDEX_PRIC)
        emit_line(&e, "Set index: PRIC, P = %llu over address bits %u..%u: largest fan-in %u, "
                  "XOR-tree depth %u, no storage.", cfg_pric_poly(c), g->lay.off_bits,
                  g->lay.off_bits + cfg_pric_hashed_bits(c) - 1, fan, depth);
    else
        emit_line(&e, "Set index: %s, XOR depth %u, no storage.", cfg_index_name(c->index), depth);
    emit_blank(&e);
    emit_line(&e, "## Metadata row layout (%u bits per set, LSB first)", g->lay.row_bits);
    emit_blank(&e);
    emit_line(&e, "| field | bits |");
    emit_line(&e, "|---|---|");
    char name[32];
    unsigned lsb, width;
    for (unsigned i = 0; lay_l1_field(&g->lay, i, name, sizeof name, &lsb, &width) == 0; i++)
        emit_line(&e, "| %s | [%u:%u] |", name, lsb + width - 1, lsb);
    emit_blank(&e);
    emit_line(&e, "## L2 row layout (%u bits per set, LSB first)", g2.lay.row_bits);
    emit_blank(&e);
    emit_line(&e, "| field | bits |");
    emit_line(&e, "|---|---|");
    for (unsigned i = 0; lay_l2_field(&g2.lay, i, name, sizeof name, &lsb, &width) == 0; i++)
        emit_line(&e, "| %s | [%u:%u] |", name, lsb + width - 1, lsb);
    return emit_close(&e, err, errlen);
}

int report_write(const emit_dir_t *d, const gen_l1_t *g, char *err, size_t errlen)
{
    if (write_json(d, g, err, errlen) != 0)
        return -1;
    return write_md(d, g, err, errlen);
}
