/* emit_index: the set-index network: modulo, bitwise XOR, or PRIC (one balanced tree of
 * 2-input XORs per index bit, from the H matrix of P; core/pric.h). One emitter serves the L1
 * (l1.index over its sets) and the L2 slice (l2.index over its own sets). The module is built
 * as emitter IR (ir.h) and printed by ir_print. */
#include "emit_l2.h"

#include <string.h>

#include "../core/pric.h"
#include "ir_lib.h"

/* One index bit as a balanced tree of 2-input XORs over `n` terms (line_i bit numbers):
 * level by level, adjacent pairs are XORed and an odd last term moves up unchanged, so the
 * depth is ceil(log2(n)). */
static void ir_xor_tree(ir_module_t *mod, unsigned bit, const unsigned *terms, unsigned n)
{
    char cur[PRIC_MAX_HASHED][48], next[PRIC_MAX_HASHED][48];
    for (unsigned i = 0; i < n; i++)
        snprintf(cur[i], sizeof cur[i], "line_i[%u]", terms[i]);
    unsigned level = 0;
    while (n > 1) {
        unsigned m = 0;
        for (unsigned i = 0; i + 1 < n; i += 2, m++) {
            snprintf(next[m], sizeof next[m], "i%u_l%u_%u", bit, level + 1, m);
            ir_wire_init(mod, &mod->body, IR_W(0), next[m],
                         ir_fmt(mod, "%s ^ %s", cur[i], cur[i + 1]));
        }
        if (n % 2)
            snprintf(next[m++], sizeof next[m], "%s", cur[n - 1]);
        for (unsigned i = 0; i < m; i++)
            memcpy(cur[i], next[i], sizeof cur[i]);
        n = m;
        level++;
    }
    ir_note(mod, ir_assign(mod, &mod->body, ir_fmt(mod, "set_o[%u]", bit), cur[0]),
            ir_fmt(mod, "depth %u", level), 1);
}

/* The terms of index bit j: hashed bits k whose column x^k mod P has bit j set. */
unsigned gen_pric_terms_of(unsigned long long poly, unsigned hashed, unsigned j, unsigned *terms)
{
    uint64_t col[PRIC_MAX_HASHED];
    unsigned n = 0;
    pric_columns(poly, hashed, col);
    for (unsigned k = 0; k < hashed; k++)
        if ((col[k] >> j) & 1)
            terms[n++] = k;
    return n;
}

unsigned gen_pric_terms(const cfg_l1_t *c, unsigned j, unsigned *terms)
{
    return gen_pric_terms_of(cfg_pric_poly(c), cfg_pric_hashed_bits(c), j, terms);
}

void emit_index_module(emit_t *e, const cfg_t *c, const char *module, const emit_index_t *x)
{
    unsigned m = x->set_bits, in = x->in_bits;
    ir_module_t mod;
    ir_module_init(&mod, module);
    gen_ir_header(&mod, c, "set index from the low line-address bits");
    ir_port(&mod, IR_IN, IR_W(in), "line_i", NULL, 0);
    ir_port(&mod, IR_OUT, IR_W(m), "set_o", NULL, 0);
    ir_list_t *b = &mod.body;
    if (x->index == INDEX_PRIC) {
        unsigned lsb = x->off_bits;
        ir_comment(&mod, b, ir_fmt(&mod, "PRIC: set = A mod P over GF(2), P = %llu, hashing "
                                   "address bits %u..%u", x->poly, lsb, lsb + in - 1));
        ir_comment(&mod, b, "(line_i bit k is address bit b+k; index bit j is the coefficient "
                            "of x^j).");
        for (unsigned j = 0; j < m; j++) {
            unsigned terms[PRIC_MAX_HASHED];
            unsigned n = gen_pric_terms_of(x->poly, in, j, terms);
            ir_xor_tree(&mod, j, terms, n);
        }
    } else if (x->index == INDEX_XOR) {
        ir_comment(&mod, b,
                   "XOR index: A[b+m-1:b] ^ A[b+2m-1:b+m] (line_i bit 0 is address bit b).");
        ir_assign(&mod, b, "set_o",
                  ir_fmt(&mod, "line_i[%u:0] ^ line_i[%u:%u]", m - 1, 2 * m - 1, m));
    } else {
        ir_comment(&mod, b, "Modulo index: A[b+m-1:b] (line_i bit 0 is address bit b).");
        ir_assign(&mod, b, "set_o", "line_i");
    }
    ir_print(e, &mod, IR_STYLE_LITERAL);
    ir_module_free(&mod);
}

void emit_l1_index(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    emit_index_t x = {c->index, g->lay.set_bits, gen_l1_index_in_bits(g), g->lay.off_bits,
                      c->index == INDEX_PRIC ? cfg_pric_poly(c) : 0};
    emit_index_module(e, g->cfg, g->index, &x);
}

/* The L2's own network: l2.index over the L2's sets; PRIC hashes every line-address bit. */
void emit_l2_index(emit_t *e, const gen_l2_t *g)
{
    emit_index_t x = {g->cfg->l2.index, g->lay.set_bits, gen_l2_index_in_bits(g),
                      g->lay.off_bits, g->cfg->l2.index == INDEX_PRIC ? cfg_l2_pric_poly(g->cfg) : 0};
    emit_index_module(e, g->cfg, g->index, &x);
}
