/* emit_mshr: the MSHR file in flops, one emitter for the L1 (<name>_mshr) and the L2 slice
 * (<name>_l2_mshr); what each entry holds beside its line is a parameter (gen_mshr_t's
 * fields): the L1 keeps the load's id (decoupled: the bypass bit; pcpred: the prediction and
 * the PC hash), the L2 the whole request (core, the L1's MSHR number, write flag, byte enables
 * and data; pcpred: the prediction). Allocate-lowest-free (a priority tree), line-conflict
 * search, free, and two reads: the arriving fill's line (for its set) and every field of the
 * deciding fill's entry. With merge = W > 0 each entry also holds up to W waiters (SPEC 3.1
 * merging): a join appends a load's id to the entry of its line, and the deciding fill reads
 * them back.
 * The module is built as emitter IR (ir.h) and printed by ir_print; expressions are still
 * strings inside the nodes. */
#include "emit_l1.h"
#include "emit_l2.h"
#include "ir_lib.h"

#include <assert.h>

#define F(...) ir_fmt(m, __VA_ARGS__)

/* The names a module of this file gives its sizes (header parameters, fixed by the
 * configuration) and the per-field names. */
typedef struct mshr_names {
    const char *field_w[GEN_MSHR_FIELDS_MAX]; /* <Field>Width, or NULL for a 1-bit field */
} mshr_names_t;

/* "id" -> "IdWidth" */
static const char *camel_width(ir_module_t *m, const char *field)
{
    char b[64];
    snprintf(b, sizeof b, "%sWidth", field);
    if (b[0] >= 'a' && b[0] <= 'z')
        b[0] = (char)(b[0] - 'a' + 'A');
    return ir_fmt(m, "%s", b);
}

/* A field's width: named, or a scalar for one bit. */
static ir_width_t fw(const mshr_names_t *nm, unsigned k)
{
    return nm->field_w[k] ? IR_WN(nm->field_w[k]) : IR_W(0);
}

static void mshr_params(ir_module_t *m, const gen_mshr_t *x, mshr_names_t *nm)
{
    const unsigned W = x->merge;
    ir_comment(m, &m->params, "sizes fixed by the configuration: an instance does not override");
    ir_comment(m, &m->params, "them (the C model and the harnesses follow the configuration)");
    ir_mparam(m, "Entries", x->entries, "MSHR entries", 33);
    ir_mparam(m, "IdxWidth", x->idx_bits, "an entry's number", 33);
    ir_mparam(m, "LineWidth", x->line_bits, "line address", 33);
    for (unsigned k = 0; k < x->nfields; k++) {
        nm->field_w[k] = NULL;
        if (x->fields[k].width > 1) {
            nm->field_w[k] = camel_width(m, x->fields[k].name);
            ir_mparam(m, nm->field_w[k], x->fields[k].width,
                      F("field %s", x->fields[k].name), 33);
        }
    }
    if (W) {
        ir_mparam(m, "Waiters", W, "merging: loads that wait on an entry's read", 33);
        ir_mparam(m, "NwaitWidth", cfg_count_bits(W), "merging: a count of waiters", 33);
        ir_mparam(m, "WaitIdWidth", x->id_bits, "merging: a waiter's id", 33);
    }
}

static void mshr_ports(ir_module_t *m, const gen_mshr_t *x, const mshr_names_t *nm)
{
    const unsigned W = x->merge;
    const ir_width_t idx = IR_WN("IdxWidth"), line = IR_WN("LineWidth");
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "alloc_i", NULL, 0);
    ir_port(m, IR_IN, line, "alloc_line_i", NULL, 0);
    for (unsigned k = 0; k < x->nfields; k++)
        ir_port(m, IR_IN, fw(nm, k), F("alloc_%s_i", x->fields[k].name), x->fields[k].comment, 1);
    if (W) {
        ir_port(m, IR_IN, IR_W(0), "join_i", "merging: a load joins the read of look_line_i", 6);
        ir_port(m, IR_IN, IR_WN("WaitIdWidth"), "join_id_i", NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), "join_full_o",
                F("... whose entry already has Waiters waiters%s",
                  x->nojoin ? " (or serves a write)" : ""), 1);
        ir_port(m, IR_OUT, idx, "hit_idx_o", "... the number of that entry", 2);
    }
    ir_port(m, IR_IN, IR_W(0), "free_i", NULL, 0);
    ir_port(m, IR_IN, idx, "free_idx_i", NULL, 0);
    ir_port(m, IR_IN, line, "look_line_i", NULL, 0);
    ir_port(m, IR_OUT, IR_W(0), "conflict_o", "a valid entry holds look_line_i", 1);
    ir_port(m, IR_OUT, IR_W(0), "full_o", NULL, 0);
    if (x->has_empty)
        ir_port(m, IR_OUT, IR_W(0), "empty_o", NULL, 0);
    ir_port(m, IR_OUT, idx, "free_idx_o", NULL, 0);
    ir_port(m, IR_IN, idx, "fill_idx_i", "the arriving fill's entry: its line", 1);
    ir_port(m, IR_OUT, line, "fill_line_o", NULL, 0);
    ir_port(m, IR_IN, idx, "rd_idx_i", "the deciding fill's entry: its fields", 3);
    if (W) {
        ir_port(m, IR_OUT, IR_WN("NwaitWidth"), "rd_nwait_o", "... its waiters", 1);
        ir_port(m, IR_OUT, IR_WN("Waiters*WaitIdWidth"), "rd_wait_o",
                "... their ids, the first in the low bits", 2);
    }
    for (unsigned k = 0; k < x->nfields; k++)
        ir_port(m, IR_OUT, fw(nm, k), F("rd_%s_o", x->fields[k].name), NULL, 0);
}

/* `[Entries*Width-1:0] ` for a packed vector of one `width`-named field per entry (a 1-bit
 * field: one bit per entry). */
static ir_width_t per_entry(ir_module_t *m, const char *width)
{
    return IR_WN(width ? F("Entries*%s", width) : "Entries");
}

/* out = the OR over the entries of `picks` (one `width`-named field per entry, already
 * masked by a one-hot select): per bit, a reduction OR (a tree) in a generate loop. */
static void or_columns(ir_module_t *m, ir_list_t *to, const char *label, const char *out,
                       const char *picks, const char *width)
{
    if (!width) {
        ir_assign(m, to, out, F("|%s", picks));
        return;
    }
    ir_node_t *g = ir_genfor_n(m, to, "b", width, label);
    ir_decl(m, &g->body, IR_WIRE, IR_WN("Entries"), "column");
    ir_node_t *e = ir_genfor_n(m, &g->body, "i", "Entries", "gen_entry");
    ir_assign(m, &e->body, "column[i]", F("%s[i*%s + b]", picks, width));
    ir_assign(m, &g->body, F("%s[b]", out), "|column");
}

/* The selects of the reads by index: entry i is chosen by `idx` == i; an index past the last
 * entry (when Entries is not a power of two) reads entry 0, as a case's default did
 * (`past0`: whether it does; the waiters read 0 there). */
static void mshr_selects(ir_module_t *m, const gen_mshr_t *x)
{
    ir_list_t *b = &m->body;
    int past = x->entries < (1u << x->idx_bits);
    if (past)
        ir_localparam(m, b, IR_WN("IdxWidth"), "LastEntry", emit_const(x->idx_bits, x->entries - 1));
    static const char *const sel[] = {"fill", "rd"};
    for (unsigned s = 0; s < 2; s++) {
        ir_decl(m, b, IR_WIRE, IR_WN("Entries"), F("%s_at", sel[s]));
        if (!past)
            continue;
        ir_node_t *d = ir_decl(m, b, IR_WIRE, IR_WN("Entries"), F("%s_sel", sel[s]));
        ir_note(m, d, F("%s_at, and entry 0 for an index past the last", sel[s]), 1);
        if (x->entries == 1)
            ir_assign(m, b, F("%s_sel", sel[s]), F("%s_at | (%s_idx_i > LastEntry)", sel[s], sel[s]));
        else
            ir_assign(m, b, F("%s_sel", sel[s]),
                      F("%s_at | {{(Entries-1){1'b0}}, %s_idx_i > LastEntry}", sel[s], sel[s]));
    }
}

/* The module-level vectors: per-entry bits and the masked fields the reads OR together. */
static void mshr_vectors(ir_module_t *m, const gen_mshr_t *x, const mshr_names_t *nm)
{
    ir_list_t *b = &m->body;
    const unsigned W = x->merge;
    ir_comment(m, b, "entry i's state is in gen_entry[i]; these vectors hold one field per entry,");
    ir_comment(m, b, "entry i at [i*Width +: Width]");
    ir_decl(m, b, IR_WIRE, IR_WN("Entries"), "valid");
    ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Entries"), "hits"), "entry i holds look_line_i", 1);
    if (W) {
        ir_note(m, ir_decl(m, b, IR_WIRE, IR_WN("Entries"), "wfull"),
                "entry i takes no further waiter", 1);
        ir_note(m, ir_decl(m, b, IR_WIRE, per_entry(m, "IdxWidth"), "hit_idx_pick"),
                "entry i's number where it hits, else 0", 1);
    }
    ir_note(m, ir_decl(m, b, IR_WIRE, per_entry(m, "LineWidth"), "fill_line_pick"),
            "entry i's line where fill_idx_i selects it, else 0", 1);
    for (unsigned k = 0; k < x->nfields; k++)
        ir_decl(m, b, IR_WIRE, per_entry(m, nm->field_w[k]), F("rd_%s_pick", x->fields[k].name));
    if (W) {
        ir_decl(m, b, IR_WIRE, per_entry(m, "NwaitWidth"), "rd_nwait_pick");
        ir_decl(m, b, IR_WIRE, per_entry(m, "Waiters*WaitIdWidth"), "rd_wait_pick");
    }
    mshr_selects(m, x);
    ir_decl_name(m, ir_decl(m, b, IR_GENVAR, IR_W(0), "i"), W ? "j" : "b", 0);
    if (W)
        ir_decl_name(m, b->tail, "b", 0);
    ir_blank(m, b);
    ir_assign(m, b, "conflict_o", "|hits");
    ir_assign(m, b, "full_o", "&valid");
    if (x->has_empty)
        ir_assign(m, b, "empty_o", "~|valid");
    if (W)
        ir_assign(m, b, "join_full_o", "|(hits & wfull)");
    ir_blank(m, b);
}

/* One entry's block: its registers, the hit, the next state (hold, free, join, allocate), the
 * flops and its part of the vectors above. */
static void mshr_entry(ir_module_t *m, const gen_mshr_t *x, const mshr_names_t *nm)
{
    const unsigned W = x->merge, nf = x->nfields;
    const gen_mshr_field_t *f = x->fields;
    const int past = x->entries < (1u << x->idx_bits);
    ir_node_t *g = ir_genfor_n(m, &m->body, "i", "Entries", "gen_entry");
    g->flag = 1;
    ir_list_t *b = &g->body;
    ir_localparam(m, b, IR_WN("IdxWidth"), "Idx", "i");
    ir_decl_name(m, ir_decl(m, b, IR_REG, IR_W(0), "valid_q"), "valid_d", 0);
    ir_decl_name(m, ir_decl(m, b, IR_REG, IR_WN("LineWidth"), "line_q"), "line_d", 0);
    for (unsigned k = 0; k < nf; k++)
        ir_decl_name(m, ir_decl(m, b, IR_REG, fw(nm, k), F("%s_q", f[k].name)),
                     F("%s_d", f[k].name), 0);
    if (W) {
        ir_decl_name(m, ir_decl(m, b, IR_REG, IR_WN("NwaitWidth"), "nwait_q"), "nwait_d", 0);
        ir_note(m, ir_decl(m, b, IR_REG, IR_WN("Waiters*WaitIdWidth"), "wait_q"),
                "waiter j at [j*WaitIdWidth +: WaitIdWidth]", 1);
        ir_decl(m, b, IR_WIRE, IR_WN("Waiters*WaitIdWidth"), "wait_d");
    }
    ir_assign(m, b, "hits[i]", "valid_q & (line_q == look_line_i)");
    if (W) {
        const char *full = emit_const(cfg_count_bits(W), W);
        ir_assign(m, b, "wfull[i]", x->nojoin ? F("(nwait_q == %s) | %s_q", full, x->nojoin)
                                              : F("nwait_q == %s", full));
    }
    ir_node_t *a = ir_always_comb(m, b, "next", "hold, free, join (append a waiter), allocate");
    ir_list_t *n = &a->body;
    ir_set(m, n, "valid_d", "valid_q");
    ir_set(m, n, "line_d", "line_q");
    for (unsigned k = 0; k < nf; k++)
        ir_set(m, n, F("%s_d", f[k].name), F("%s_q", f[k].name));
    if (W)
        ir_set(m, n, "nwait_d", "nwait_q");
    ir_set(m, &ir_if(m, n, "free_i && free_idx_i == Idx")->body, "valid_d", "1'b0");
    if (W)
        ir_set(m, &ir_if(m, n, "join_i && hits[i]")->body, "nwait_d",
               F("nwait_q + %s", emit_const(cfg_count_bits(W), 1)));
    ir_list_t *l = &ir_if(m, n, "alloc_i && free_idx_o == Idx")->body;
    ir_set(m, l, "valid_d", "1'b1");
    ir_set(m, l, "line_d", "alloc_line_i");
    for (unsigned k = 0; k < nf; k++)
        ir_set(m, l, F("%s_d", f[k].name), F("alloc_%s_i", f[k].name));
    if (W) {
        ir_set(m, l, "nwait_d", emit_const(cfg_count_bits(W), 0));
        ir_node_t *w = ir_genfor_n(m, b, "j", "Waiters", "gen_waiter");
        ir_comment(m, &w->body, "a join fills the first free waiter slot");
        ir_localparam(m, &w->body, IR_WN("NwaitWidth"), "Slot", "j");
        ir_assign(m, &w->body, "wait_d[j*WaitIdWidth +: WaitIdWidth]",
                  "(join_i && hits[i] && nwait_q == Slot) ? join_id_i\n"
                  "    : wait_q[j*WaitIdWidth +: WaitIdWidth]");
    }
    ir_node_t *ff = ir_always_ff(m, b, "clk_i", "rst_ni");
    ir_nb(m, &ff->alt, "valid_q", "1'b0");
    ir_nb(m, &ff->body, "valid_q", "valid_d");
    ir_nb(m, &ff->alt, "line_q", "{LineWidth{1'b0}}");
    ir_nb(m, &ff->body, "line_q", "line_d");
    for (unsigned k = 0; k < nf; k++) {
        ir_nb(m, &ff->alt, F("%s_q", f[k].name),
              nm->field_w[k] ? F("{%s{1'b0}}", nm->field_w[k]) : "1'b0");
        ir_nb(m, &ff->body, F("%s_q", f[k].name), F("%s_d", f[k].name));
    }
    if (W) {
        ir_nb(m, &ff->alt, "nwait_q", "{NwaitWidth{1'b0}}");
        ir_nb(m, &ff->body, "nwait_q", "nwait_d");
        ir_nb(m, &ff->alt, "wait_q", "{Waiters*WaitIdWidth{1'b0}}");
        ir_nb(m, &ff->body, "wait_q", "wait_d");
    }
    /* this entry's part of the vectors */
    ir_assign(m, b, "valid[i]", "valid_q");
    ir_assign(m, b, "fill_at[i]", "fill_idx_i == Idx");
    ir_assign(m, b, "rd_at[i]", "rd_idx_i == Idx");
    const char *fsel = past ? "fill_sel[i]" : "fill_at[i]", *rsel = past ? "rd_sel[i]" : "rd_at[i]";
    ir_assign(m, b, "fill_line_pick[i*LineWidth +: LineWidth]",
              F("{LineWidth{%s}} & line_q", fsel));
    for (unsigned k = 0; k < nf; k++) {
        if (nm->field_w[k])
            ir_assign(m, b, F("rd_%s_pick[i*%s +: %s]", f[k].name, nm->field_w[k], nm->field_w[k]),
                      F("{%s{%s}} & %s_q", nm->field_w[k], rsel, f[k].name));
        else
            ir_assign(m, b, F("rd_%s_pick[i]", f[k].name), F("%s & %s_q", rsel, f[k].name));
    }
    if (W) {
        ir_assign(m, b, "hit_idx_pick[i*IdxWidth +: IdxWidth]", "{IdxWidth{hits[i]}} & Idx");
        ir_assign(m, b, "rd_nwait_pick[i*NwaitWidth +: NwaitWidth]",
                  F("{NwaitWidth{%s}} & nwait_q", rsel));
        ir_assign(m, b, "rd_wait_pick[i*Waiters*WaitIdWidth +: Waiters*WaitIdWidth]",
                  "{Waiters*WaitIdWidth{rd_at[i]}} & wait_q");
    }
    ir_blank(m, &m->body);
}

/* The reads: every output is the OR of its picks (one entry selected at most), in one
 * generate region. */
static void mshr_reads(ir_module_t *m, const gen_mshr_t *x, const mshr_names_t *nm)
{
    const unsigned W = x->merge;
    ir_list_t *b = &m->body;
    ir_comment(m, b, "the reads by index and the hit's number: ORs of the picks, a tree per bit");
    ir_list_t *r = &ir_generate(m, b)->body;
    or_columns(m, r, "gen_fill_line", "fill_line_o", "fill_line_pick", "LineWidth");
    for (unsigned k = 0; k < x->nfields; k++)
        or_columns(m, r, F("gen_rd_%s", x->fields[k].name), F("rd_%s_o", x->fields[k].name),
                   F("rd_%s_pick", x->fields[k].name), nm->field_w[k]);
    if (W) {
        or_columns(m, r, "gen_hit_idx", "hit_idx_o", "hit_idx_pick", "IdxWidth");
        or_columns(m, r, "gen_rd_nwait", "rd_nwait_o", "rd_nwait_pick", "NwaitWidth");
        or_columns(m, r, "gen_rd_wait", "rd_wait_o", "rd_wait_pick", "Waiters*WaitIdWidth");
    }
    ir_blank(m, b);
}

/* free_idx_o: the lowest entry not valid, else 0, as a tree of log2(Entries) levels: level k
 * has one node per 2^k entries (free_any<k>: one of them is free; free_low<k>: the lowest free
 * one's number within the node, k bits). */
static void mshr_lowest_free(ir_module_t *m, const gen_mshr_t *x)
{
    ir_list_t *b = &m->body;
    unsigned levels = 0;
    while ((1u << levels) < x->entries)
        levels++;
    ir_comment(m, b, "the lowest free entry: a tree, level k one node per 2^k entries (any: one is");
    ir_comment(m, b, "free; low: the lowest free one's number within the node)");
    if (!levels) { /* one entry: its number is 0 */
        ir_assign(m, b, "free_idx_o", "{IdxWidth{1'b0}}");
        return;
    }
    unsigned leaves = 1u << levels;
    ir_localparam(m, b, IR_W(0), "Leaves", F("%u", leaves))->d = "integer";
    ir_note(m, b->tail, "Entries rounded up to a power of two", 1);
    ir_node_t *d = ir_decl(m, b, IR_WIRE, IR_WN("Leaves"), "free_any0");
    d->b = leaves > x->entries ? "{{(Leaves-Entries){1'b0}}, ~valid}" : "~valid";
    for (unsigned k = 1; k <= levels; k++) {
        ir_decl(m, b, IR_WIRE, IR_WN(F("(Leaves>>%u)", k)), F("free_any%u", k));
        ir_decl(m, b, IR_WIRE, IR_WN(k == 1 ? "(Leaves>>1)" : F("(Leaves>>%u)*%u", k, k)),
                F("free_low%u", k));
    }
    ir_list_t *r = &ir_generate(m, b)->body;
    for (unsigned k = 1; k <= levels; k++) {
        ir_node_t *g = ir_genfor_n(m, r, "i", F("(Leaves>>%u)", k), F("gen_free%u", k));
        ir_assign(m, &g->body, F("free_any%u[i]", k),
                  F("free_any%u[2*i] | free_any%u[2*i+1]", k - 1, k - 1));
        if (k == 1)
            ir_assign(m, &g->body, "free_low1[i]", "~free_any0[2*i]");
        else if (k == 2)
            ir_assign(m, &g->body, "free_low2[i*2 +: 2]",
                      "free_any1[2*i] ? {1'b0, free_low1[2*i]} : {1'b1, free_low1[2*i+1]}");
        else
            ir_assign(m, &g->body, F("free_low%u[i*%u +: %u]", k, k, k),
                      F("free_any%u[2*i] ? {1'b0, free_low%u[2*i*%u +: %u]}\n"
                        "    : {1'b1, free_low%u[(2*i+1)*%u +: %u]}",
                        k - 1, k - 1, k - 1, k - 1, k - 1, k - 1, k - 1));
    }
    if (x->idx_bits > levels)
        ir_assign(m, b, "free_idx_o",
                  F("free_any%u[0] ? {%s, free_low%u} : {IdxWidth{1'b0}}", levels,
                    emit_const(x->idx_bits - levels, 0), levels));
    else
        ir_assign(m, b, "free_idx_o", F("free_any%u[0] ? free_low%u : {IdxWidth{1'b0}}", levels,
                                        levels));
}

void emit_mshr_module(emit_t *e, const gen_mshr_t *x)
{
    ir_module_t mod, *m = &mod;
    mshr_names_t nm;
    assert(x->nfields >= 1);
    ir_module_init(m, x->module);
    gen_ir_header(m, x->cfg, x->purpose);
    mshr_params(m, x, &nm);
    mshr_ports(m, x, &nm);
    mshr_vectors(m, x, &nm);
    mshr_entry(m, x, &nm);
    mshr_reads(m, x, &nm);
    mshr_lowest_free(m, x);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}

/* The L1's entries: the load's id (first); decoupled: whether the read bypasses; pcpred: the
 * prediction and the PC hash; merging: the waiters. */
void gen_l1_mshr_file(const gen_l1_t *g, gen_mshr_t *out)
{
    gen_mshr_t x = {g->cfg, g->mshr, "miss status holding registers (one per outstanding read)",
                    g->cfg->l1.mshrs, g->lay.mshr_bits, g->lay.line_addr_bits, 0, {{0}},
                    g->cfg->l1.mshr_merge, g->cfg->l1.id_bits, NULL, g->lay.dec != 0};
    x.fields[x.nfields++] = (gen_mshr_field_t){"id", g->cfg->l1.id_bits, NULL};
    if (g->lay.dec)
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"bypass", 1, "decoupled: the read answers without a fill"};
    if (g->lay.hpc_bits) {
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"pred", 1, "pcpred: the read is predicted to bypass"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"hpc", g->lay.hpc_bits, "pcpred: hash of the load's PC"};
    }
    if (lay_mech(g->cfg->l1.mode)->fgcb) {
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"bypass", 1, "FG-CB: the read bypasses the L1 (no install)"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"fgtrk", 1, "FG-CB: the load had an entry at its lookup"};
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"fgid", g->cfg->l1.fgcb_id_bits, "FG-CB: the load's base id"};
    }
    *out = x;
}

void emit_l1_mshr(emit_t *e, const gen_l1_t *g)
{
    gen_mshr_t x;
    gen_l1_mshr_file(g, &x);
    emit_mshr_module(e, &x);
}

/* The L2's entries: the whole request (kept for the fill), with l1.mode = pcpred a read's
 * bypass prediction (as cm_l2_mshr_t); merging: the waiting reads, each {core, L1 MSHR}, on
 * the fetches of reads only. */
void gen_l2_mshr_file(const gen_l2_t *g, gen_mshr_t *out)
{
    const lay_l2_t *l = &g->lay;
    gen_mshr_t x = {g->cfg, g->mshr, "L2 miss status holding registers (one per line fetch)",
                    g->cfg->l2.mshrs, l->mshr_bits, l->line_addr_bits, 0, {{0}},
                    g->cfg->l2.mshr_merge, l->core_bits + l->id_bits, "store", 0};
    x.fields[x.nfields++] = (gen_mshr_field_t){"core", l->core_bits, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"id", l->id_bits, "the requesting L1's MSHR"};
    x.fields[x.nfields++] = (gen_mshr_field_t){"store", 1, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"be", g->cfg->l1.line_bytes, NULL};
    x.fields[x.nfields++] = (gen_mshr_field_t){"wdata", l->line_bits, NULL};
    if (l->bbits)
        x.fields[x.nfields++] = (gen_mshr_field_t){"pred", 1, "a read's bypass prediction"};
    if (lay_mech(g->cfg->l1.mode)->l2_noalloc)
        x.fields[x.nfields++] =
            (gen_mshr_field_t){"noalloc", 1, "FG-CB: the read is answered, not installed"};
    *out = x;
}

void emit_l2_mshr(emit_t *e, const gen_l2_t *g)
{
    gen_mshr_t x;
    gen_l2_mshr_file(g, &x);
    emit_mshr_module(e, &x);
}
