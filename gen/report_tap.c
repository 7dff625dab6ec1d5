/* report_tap: the TAP part of the report (SPEC 3.8's storage list: owner bits per line, PSELs,
 * UMON tags and counters, the core-sampling counters and the two POL ids, XSRATIO, the masks),
 * each structure with SPEC 3.8's count, the paper's (Lee and Kim, Table 2) where it counts one,
 * and the bits the L2 holds (lay_l2_storage, the closed form synth/cost.c checks). */
#include "report_tap.h"

#include "../cmodel/cm_tap.h"
#include "../cmodel/cm_umon.h"

#include <stdio.h>
#include <string.h>

/* The paper's system has 4 LLC tiles, each with its own two POL id registers (Table 2). */
#define PAPER_TILES 4u
/* RRIP-Mask and UCP-Mask, one bit each. */
#define TAP_MASK_BITS 2u
/* XSRATIO's width: 0..TAP_XS_MAX. */
#define TAP_XS_BITS 10u

typedef struct tap_row {
    const char *name, *kind;
    long long spec, paper; /* -1: not in SPEC 3.8's list / not counted by the paper */
    unsigned long long held;
} tap_row_t;

static unsigned tap_rows(const gen_l2_t *g, tap_row_t *out)
{
    const cfg_t *c = g->cfg;
    lay_l2_storage_t s;
    lay_l2_storage(c, &g->lay, &s);
    const unsigned long long P = c->sys.cores, apps = cfg_l2_apps(c), cnt = CM_TAP_CNT_BITS;
    unsigned n = 0;
    out[n++] = (tap_row_t){"owner application per line (sets x ways x log2(C + 1))", "sram",
                           (long long)s.owner_bits, -1, s.owner_bits};
    if (s.drrip_flops) {
        unsigned long long psel = apps * c->l2.psel_bits;
        out[n++] = (tap_row_t){"PSEL per application (l2.psel_bits each)", "flops",
                               (long long)psel, -1, psel};
        out[n++] = (tap_row_t){"DRRIP's BRRIP counter", "flops", -1, -1, s.drrip_flops - psel};
    }
    if (s.ucp_atd_sram) {
        unsigned long long hits = apps * g->lay.ways * c->l2.umon_counter_bits;
        out[n++] = (tap_row_t){"UMON tags: an ATD per application over the sampled sets", "sram",
                               (long long)s.ucp_atd_sram, -1, s.ucp_atd_sram};
        out[n++] = (tap_row_t){"UMON hit counters (held twice: the counters and their "
                               "period-end snapshot)", "flops", (long long)hits, -1,
                               s.ucp_hit_flops};
        out[n++] = (tap_row_t){"UCP's allocation, lookahead FSM, period counter, ATD "
                               "forwarding, fill victim", "flops", -1, -1,
                               s.ucp_alloc_flops + s.ucp_fsm_flops};
        if (s.tap_ucp_flops)
            out[n++] = (tap_row_t){"TAP-UCP: decision wait, the GPU counters' XSRATIO divider, "
                                   "the lookahead's XSRATIO and UCP-Mask", "flops", -1, -1,
                                   s.tap_ucp_flops};
    }
    out[n++] = (tap_row_t){"core-sampling counters, 20 bits per GPU core (held: Core-POL1's "
                           "and Core-POL2's, the only ones read)", "flops",
                           (long long)(cnt * P), (long long)(cnt * P), 2 * cnt};
    out[n++] = (tap_row_t){"Core-POL1 and Core-POL2 ids, 5 bits each (held: the constants 0 "
                           "and 1)", "flops", 2 * CM_TAP_POL_BITS, 2 * CM_TAP_POL_BITS, 0};
    out[n++] = (tap_row_t){"XSRATIO", "flops", TAP_XS_BITS, -1, TAP_XS_BITS};
    out[n++] = (tap_row_t){"RRIP-Mask and UCP-Mask", "flops", TAP_MASK_BITS, -1,
                           TAP_MASK_BITS};
    out[n++] = (tap_row_t){"accesses per application and the busiest CPU app's, 20 bits each",
                           "flops", -1, -1, (apps + 1) * cnt};
    out[n++] = (tap_row_t){"period cycle, the last access and its application", "flops", -1, -1,
                           s.tap_count_flops - (2 + apps + 1) * cnt};
    out[n++] = (tap_row_t){"decision steps, snapshot, I1 - I2 (absolute) and max, friendly "
                           "products, divider, saturated", "flops", -1, -1,
                           s.tap_decide_flops - TAP_XS_BITS - TAP_MASK_BITS};
    return n;
}

int report_tap_present(const gen_l2_t *g)
{
    lay_l2_storage_t s;
    lay_l2_storage(g->cfg, &g->lay, &s);
    return s.tap_count_flops != 0;
}

/* The sums of a kind of storage: SPEC 3.8's count, the paper's for this tile, the bits held. */
static void tap_totals(const tap_row_t *r, unsigned n, const char *kind, unsigned long long *spec,
                       unsigned long long *paper, unsigned long long *held)
{
    *spec = *paper = *held = 0;
    for (unsigned i = 0; i < n; i++) {
        if (strcmp(r[i].kind, kind) != 0)
            continue;
        *spec += r[i].spec > 0 ? (unsigned long long)r[i].spec : 0;
        *paper += r[i].paper > 0 ? (unsigned long long)r[i].paper : 0;
        *held += r[i].held;
    }
}

/* The paper's count for its whole system: the counters once, the POL ids in every tile. */
static unsigned long long paper_system_bits(const cfg_t *c)
{
    return (unsigned long long)CM_TAP_CNT_BITS * c->sys.cores + PAPER_TILES * 2 * CM_TAP_POL_BITS;
}

void report_tap_json(const gen_l2_t *g, json_t *l2)
{
    if (!report_tap_present(g))
        return;
    tap_row_t r[16];
    unsigned n = tap_rows(g, r);
    json_t *o = json_object(), *rows = json_array();
    for (unsigned i = 0; i < n; i++) {
        json_t *x = json_object();
        json_object_set_new(x, "structure", json_string(r[i].name));
        json_object_set_new(x, "kind", json_string(r[i].kind));
        json_object_set_new(x, "spec_bits", r[i].spec < 0 ? json_null() : json_integer(r[i].spec));
        json_object_set_new(x, "paper_bits",
                            r[i].paper < 0 ? json_null() : json_integer(r[i].paper));
        json_object_set_new(x, "bits", json_integer((json_int_t)r[i].held));
        json_array_append_new(rows, x);
    }
    json_object_set_new(o, "storage", rows);
    static const char *const kinds[] = {"sram", "flops"};
    for (unsigned k = 0; k < 2; k++) {
        unsigned long long spec, paper, held;
        tap_totals(r, n, kinds[k], &spec, &paper, &held);
        json_t *t = json_object();
        json_object_set_new(t, "spec_bits", json_integer((json_int_t)spec));
        json_object_set_new(t, "paper_bits", json_integer((json_int_t)paper));
        json_object_set_new(t, "bits", json_integer((json_int_t)held));
        json_object_set_new(o, k ? "flops" : "sram", t);
    }
    json_object_set_new(o, "paper_system_bits", json_integer((json_int_t)paper_system_bits(g->cfg)));
    json_object_set_new(l2, "tap", o);
}

/* A count, or `none` (-1: the list or the paper has no such structure). */
static void count_text(long long v, const char *none, char *buf, size_t len)
{
    if (v < 0)
        snprintf(buf, len, "%s", none);
    else
        snprintf(buf, len, "%lld", v);
}

void report_tap_md(emit_t *e, const gen_l2_t *g)
{
    if (!report_tap_present(g))
        return;
    const cfg_t *c = g->cfg;
    emit_line(e, "TAP's storage (SPEC 3.8's list; %u GPU cores, %u CPU ports, %u applications): "
              "the paper (Table 2) counts 20 bits of retired instructions per GPU core and two "
              "5-bit POL ids per LLC tile, %u x 20 + 2 x 5 = %llu bits for this tile and %u x 20 "
              "+ %u x 2 x 5 = %llu for its %u tiles; the structures of the underlying DRRIP or "
              "UCP it takes as already there.", c->sys.cores, c->sys.cpu_cores, cfg_l2_apps(c),
              c->sys.cores, (unsigned long long)CM_TAP_CNT_BITS * c->sys.cores + 2 * CM_TAP_POL_BITS,
              c->sys.cores, PAPER_TILES, paper_system_bits(c), PAPER_TILES);
    emit_blank(e);
    emit_line(e, "| TAP structure | kind | SPEC 3.8's count | paper's count (Table 2) | bits held |");
    emit_line(e, "|---|---|---:|---:|---:|");
    tap_row_t r[16];
    unsigned n = tap_rows(g, r);
    char spec[24], paper[24];
    for (unsigned i = 0; i < n; i++) {
        count_text(r[i].spec, "not listed", spec, sizeof spec);
        count_text(r[i].paper, "not counted", paper, sizeof paper);
        emit_line(e, "| %s | %s | %s | %s | %llu |", r[i].name, r[i].kind, spec, paper, r[i].held);
    }
    static const char *const kinds[] = {"sram", "flops"};
    for (unsigned k = 0; k < 2; k++) {
        unsigned long long s, p, h;
        tap_totals(r, n, kinds[k], &s, &p, &h);
        emit_line(e, "| total | %s | %llu | %llu | %llu |", kinds[k], s, p, h);
    }
    emit_blank(e);
}
