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

static void mshr_ports(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned mb = x->idx_bits, la = x->line_bits, W = x->merge, id = x->id_bits;
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "alloc_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(la), "alloc_line_i", NULL, 0);
    for (unsigned k = 0; k < x->nfields; k++)
        ir_port(m, IR_IN, IR_W(x->fields[k].width), F("alloc_%s_i", x->fields[k].name),
                x->fields[k].comment, 1);
    if (W) {
        ir_port(m, IR_IN, IR_W(0), "join_i", "merging: a load joins the read of look_line_i", 6);
        ir_port(m, IR_IN, IR_W(id), "join_id_i", NULL, 0);
        ir_port(m, IR_OUT, IR_W(0), "join_full_o",
                F("... whose entry already has %u waiters%s", W,
                  x->nojoin ? " (or serves a write)" : ""), 1);
        ir_port(m, IR_OUT_REG, IR_W(mb), "hit_idx_o", "... the number of that entry", 2);
    }
    ir_port(m, IR_IN, IR_W(0), "free_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(mb), "free_idx_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(la), "look_line_i", NULL, 0);
    ir_port(m, IR_OUT, IR_W(0), "conflict_o", "a valid entry holds look_line_i", 1);
    ir_port(m, IR_OUT, IR_W(0), "full_o", NULL, 0);
    if (x->has_empty)
        ir_port(m, IR_OUT, IR_W(0), "empty_o", NULL, 0);
    ir_port(m, IR_OUT_REG, IR_W(mb), "free_idx_o", NULL, 0);
    ir_port(m, IR_IN, IR_W(mb), "fill_idx_i", "the arriving fill's entry: its line", 1);
    ir_port(m, IR_OUT_REG, IR_W(la), "fill_line_o", NULL, 0);
    ir_port(m, IR_IN, IR_W(mb), "rd_idx_i", "the deciding fill's entry: its fields", 3);
    if (W) {
        ir_port(m, IR_OUT_REG, IR_W(cfg_count_bits(W)), "rd_nwait_o", "... its waiters", 1);
        ir_port(m, IR_OUT_REG, IR_W(W * id), "rd_wait_o",
                "... their ids, the first in the low bits", 2);
    }
    for (unsigned k = 0; k < x->nfields; k++)
        ir_port(m, IR_OUT_REG, IR_W(x->fields[k].width), F("rd_%s_o", x->fields[k].name), NULL,
                0);
}

/* The registers of every entry: e<i>_<field>_q and its next value _d. */
static void mshr_regs(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned W = x->merge, cb = cfg_count_bits(W);
    ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_W(x->entries), "valid_q"), "valid_d", 0);
    for (unsigned i = 0; i < x->entries; i++) {
        ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_W(x->line_bits), F("e%u_line_q", i)),
                     F("e%u_line_d", i), 0);
        for (unsigned k = 0; k < x->nfields; k++)
            ir_decl_name(m,
                         ir_decl(m, &m->body, IR_REG, IR_W(x->fields[k].width),
                                 F("e%u_%s_q", i, x->fields[k].name)),
                         F("e%u_%s_d", i, x->fields[k].name), 0);
        if (W)
            ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_W(cb), F("e%u_nwait_q", i)),
                         F("e%u_nwait_d", i), 0);
        for (unsigned w = 0; w < W; w++)
            ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_W(x->id_bits), F("e%u_w%u_q", i, w)),
                         F("e%u_w%u_d", i, w), 0);
    }
    ir_blank(m, &m->body);
}

/* Line-conflict search, full/empty, and with merging the waiter-full test and the hit index. */
static void mshr_search(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned n = x->entries, mb = x->idx_bits, W = x->merge, cb = cfg_count_bits(W);
    ir_list_t *b = &m->body;
    ir_decl(m, b, IR_WIRE, IR_W(n), "hits");
    for (unsigned i = 0; i < n; i++)
        ir_assign(m, b, F("hits[%u]", i), F("valid_q[%u] & (e%u_line_q == look_line_i)", i, i));
    ir_assign(m, b, "conflict_o", "|hits");
    ir_assign(m, b, "full_o", "&valid_q");
    if (x->has_empty)
        ir_assign(m, b, "empty_o", "~|valid_q");
    if (!W)
        return;
    ir_decl(m, b, IR_WIRE, IR_W(n), "wfull");
    for (unsigned i = 0; i < n; i++) {
        if (x->nojoin)
            ir_assign(m, b, F("wfull[%u]", i),
                      F("(e%u_nwait_q == %s) | e%u_%s_q", i, emit_const(cb, W), i, x->nojoin));
        else
            ir_assign(m, b, F("wfull[%u]", i), F("e%u_nwait_q == %s", i, emit_const(cb, W)));
    }
    ir_assign(m, b, "join_full_o", "|(hits & wfull)");
    ir_node_t *a = ir_always_comb(m, b, "hit_entry", "a line is outstanding in one entry at most");
    if (n == 1) {
        /* entry 0's test changes nothing but gives the block a sensitivity (an @* block
         * with none never runs in Icarus, leaving the output x) */
        ir_set(m, &a->body, "hit_idx_o", emit_const(mb, 0));
        ir_set(m, &ir_if(m, &a->body, "hits[0]")->body, "hit_idx_o", emit_const(mb, 0));
    }
    /* one hit at most: bit b of its index is the OR of the hits of the entries whose
     * index has bit b (a tree, not a chain of ifs) */
    for (unsigned k = 0; n > 1 && k < mb; k++) {
        bv_t v;
        bv_zero(&v);
        for (unsigned i = 0; i < n; i++)
            if ((i >> k) & 1u)
                bv_put(&v, i, 1, 1);
        ir_set(m, &a->body, F("hit_idx_o[%u]", k), F("|(hits & %s)", emit_const_bv(n, &v)));
    }
}

/* The reads by index are cases, which synthesize to parallel selections (a tree), not chains
 * of ifs, which synthesize to one multiplexer an entry in a row. */
static void mshr_reads(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned n = x->entries, mb = x->idx_bits, W = x->merge, id = x->id_bits;
    const unsigned nf = x->nfields;
    const gen_mshr_field_t *f = x->fields;
    ir_node_t *a = ir_always_comb(m, &m->body, "read_fill_line", NULL);
    ir_set(m, &a->body, "fill_line_o", "e0_line_q");
    ir_node_t *c = ir_case(m, &a->body, "fill_idx_i");
    for (unsigned i = 0; i < n; i++)
        ir_set(m, &ir_item(m, c, emit_const(mb, i))->body, "fill_line_o", F("e%u_line_q", i));
    if (n < (1u << mb))
        ir_item(m, c, NULL);
    ir_blank(m, &m->body);
    a = ir_always_comb(m, &m->body, "read_entry", NULL);
    for (unsigned k = 0; k < nf; k++)
        ir_set(m, &a->body, F("rd_%s_o", f[k].name), F("e0_%s_q", f[k].name));
    if (W) {
        ir_set(m, &a->body, "rd_nwait_o", "e0_nwait_q");
        ir_set(m, &a->body, "rd_wait_o", emit_const(W * id, 0));
    }
    c = ir_case(m, &a->body, "rd_idx_i");
    for (unsigned i = 0; i < n; i++) { /* entry 0 too, so rd_idx_i is used when n = 1 */
        ir_node_t *it = ir_item(m, c, emit_const(mb, i));
        it->flag = 1; /* begin/end whatever the fields */
        for (unsigned k = 0; k < nf; k++)
            ir_set(m, &it->body, F("rd_%s_o", f[k].name), F("e%u_%s_q", i, f[k].name));
        if (W)
            ir_set(m, &it->body, "rd_nwait_o", F("e%u_nwait_q", i));
        for (unsigned w = 0; w < W; w++)
            ir_set(m, &it->body, F("rd_wait_o[%u:%u]", (w + 1) * id - 1, w * id),
                   F("e%u_w%u_q", i, w));
    }
    if (n < (1u << mb))
        ir_item(m, c, NULL);
    ir_blank(m, &m->body);
}

/* Next state: hold, free, join (append a waiter), allocate. */
static void mshr_next(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned n = x->entries, mb = x->idx_bits, W = x->merge, cb = cfg_count_bits(W);
    const unsigned nf = x->nfields;
    const gen_mshr_field_t *f = x->fields;
    ir_node_t *a = ir_always_comb(m, &m->body, "next_entries", NULL);
    ir_list_t *b = &a->body;
    ir_set(m, b, "valid_d", "valid_q");
    for (unsigned i = 0; i < n; i++) {
        ir_set(m, b, F("e%u_line_d", i), F("e%u_line_q", i));
        for (unsigned k = 0; k < nf; k++)
            ir_set(m, b, F("e%u_%s_d", i, f[k].name), F("e%u_%s_q", i, f[k].name));
        if (W)
            ir_set(m, b, F("e%u_nwait_d", i), F("e%u_nwait_q", i));
        for (unsigned w = 0; w < W; w++)
            ir_set(m, b, F("e%u_w%u_d", i, w), F("e%u_w%u_q", i, w));
    }
    for (unsigned i = 0; i < n; i++)
        ir_set(m, &ir_if(m, b, F("free_i && free_idx_i == %s", emit_const(mb, i)))->body,
               F("valid_d[%u]", i), "1'b0");
    for (unsigned i = 0; i < (W ? n : 0); i++) { /* a join appends to the matching entry */
        ir_list_t *j = &ir_if(m, b, F("join_i && hits[%u]", i))->body;
        for (unsigned w = 0; w < W; w++)
            ir_set(m, &ir_if(m, j, F("e%u_nwait_q == %s", i, emit_const(cb, w)))->body,
                   F("e%u_w%u_d", i, w), "join_id_i");
        ir_set(m, j, F("e%u_nwait_d", i), F("e%u_nwait_q + %s", i, emit_const(cb, 1)));
    }
    for (unsigned i = 0; i < n; i++) {
        ir_list_t *l = &ir_if(m, b, F("alloc_i && free_idx_o == %s", emit_const(mb, i)))->body;
        ir_set(m, l, F("valid_d[%u]", i), "1'b1");
        ir_set(m, l, F("e%u_line_d", i), "alloc_line_i");
        for (unsigned k = 0; k < nf; k++)
            ir_set(m, l, F("e%u_%s_d", i, f[k].name), F("alloc_%s_i", f[k].name));
        if (W)
            ir_set(m, l, F("e%u_nwait_d", i), emit_const(cb, 0));
    }
    ir_blank(m, &m->body);
}

/* The flops: reset, then _q <= _d. */
static void mshr_flops(ir_module_t *m, const gen_mshr_t *x)
{
    const unsigned n = x->entries, W = x->merge, cb = cfg_count_bits(W);
    const gen_mshr_field_t *f = x->fields;
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    ir_nb(m, &a->alt, "valid_q", emit_const(n, 0));
    ir_nb(m, &a->body, "valid_q", "valid_d");
    for (unsigned i = 0; i < n; i++) {
        ir_nb(m, &a->alt, F("e%u_line_q", i), ir_zero(m, x->line_bits));
        ir_nb(m, &a->body, F("e%u_line_q", i), F("e%u_line_d", i));
        for (unsigned k = 0; k < x->nfields; k++) {
            ir_nb(m, &a->alt, F("e%u_%s_q", i, f[k].name), ir_zero(m, f[k].width));
            ir_nb(m, &a->body, F("e%u_%s_q", i, f[k].name), F("e%u_%s_d", i, f[k].name));
        }
        if (W) {
            ir_nb(m, &a->alt, F("e%u_nwait_q", i), emit_const(cb, 0));
            ir_nb(m, &a->body, F("e%u_nwait_q", i), F("e%u_nwait_d", i));
        }
        for (unsigned w = 0; w < W; w++) {
            ir_nb(m, &a->alt, F("e%u_w%u_q", i, w), emit_const(x->id_bits, 0));
            ir_nb(m, &a->body, F("e%u_w%u_q", i, w), F("e%u_w%u_d", i, w));
        }
    }
}

void emit_mshr_module(emit_t *e, const gen_mshr_t *x)
{
    ir_module_t mod, *m = &mod;
    assert(x->nfields >= 1);
    ir_module_init(m, x->module);
    gen_ir_header(m, x->cfg, x->purpose);
    mshr_ports(m, x);
    mshr_regs(m, x);
    mshr_search(m, x);
    ir_blank(m, &m->body);
    ir_lowest_n(m, &m->body, "lowest_free", "free_idx_o", x->entries, x->idx_bits, "!valid_q[%u]");
    ir_blank(m, &m->body);
    mshr_reads(m, x);
    mshr_next(m, x);
    mshr_flops(m, x);
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
