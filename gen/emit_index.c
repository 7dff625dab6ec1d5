/* emit_index: the set-index network: modulo, bitwise XOR, or PRIC (one balanced tree of
 * 2-input XORs per index bit, from the H matrix of P; gen/pric.h). */
#include "emit_l1.h"

#include <string.h>

#include "pric.h"

/* One index bit as a balanced tree of 2-input XORs over `n` terms (line_i bit numbers):
 * level by level, adjacent pairs are XORed and an odd last term moves up unchanged, so the
 * depth is ceil(log2(n)). */
static void emit_xor_tree(emit_t *e, unsigned bit, const unsigned *terms, unsigned n)
{
    char cur[PRIC_MAX_HASHED][48], next[PRIC_MAX_HASHED][48];
    for (unsigned i = 0; i < n; i++)
        snprintf(cur[i], sizeof cur[i], "line_i[%u]", terms[i]);
    unsigned level = 0;
    while (n > 1) {
        unsigned m = 0;
        for (unsigned i = 0; i + 1 < n; i += 2, m++) {
            snprintf(next[m], sizeof next[m], "i%u_l%u_%u", bit, level + 1, m);
            emit_line(e, "wire %s = %s ^ %s;", next[m], cur[i], cur[i + 1]);
        }
        if (n % 2)
            snprintf(next[m++], sizeof next[m], "%s", cur[n - 1]);
        for (unsigned i = 0; i < m; i++)
            memcpy(cur[i], next[i], sizeof cur[i]);
        n = m;
        level++;
    }
    emit_line(e, "assign set_o[%u] = %s; // depth %u", bit, cur[0], level);
}

/* The terms of index bit j: hashed bits k whose column x^k mod P has bit j set. */
unsigned gen_pric_terms(const cfg_l1_t *c, unsigned j, unsigned *terms)
{
    uint64_t col[PRIC_MAX_HASHED];
    unsigned hashed = cfg_pric_hashed_bits(c), n = 0;
    pric_columns(cfg_pric_poly(c), hashed, col);
    for (unsigned k = 0; k < hashed; k++)
        if ((col[k] >> j) & 1)
            terms[n++] = k;
    return n;
}

void emit_l1_index(emit_t *e, const gen_l1_t *g)
{
    unsigned m = g->lay.set_bits, in = gen_l1_index_in_bits(g);
    gen_header(e, g->cfg, g->index, "set index from the low line-address bits");
    emit_line(e, "module %s (", g->index);
    emit_in(e);
    emit_line(e, "input  wire %sline_i,", emit_range(in));
    emit_line(e, "output wire %sset_o", emit_range(m));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_in(e);
    if (g->cfg->l1.index == INDEX_PRIC) {
        unsigned b = g->lay.off_bits;
        emit_line(e, "// PRIC: set = A mod P over GF(2), P = %llu, hashing address bits %u..%u",
                  cfg_pric_poly(&g->cfg->l1), b, b + in - 1);
        emit_line(e, "// (line_i bit k is address bit b+k; index bit j is the coefficient of x^j).");
        for (unsigned j = 0; j < m; j++) {
            unsigned terms[PRIC_MAX_HASHED];
            unsigned n = gen_pric_terms(&g->cfg->l1, j, terms);
            emit_xor_tree(e, j, terms, n);
        }
    } else if (g->cfg->l1.index == INDEX_XOR) {
        emit_line(e, "// XOR index: A[b+m-1:b] ^ A[b+2m-1:b+m] (line_i bit 0 is address bit b).");
        emit_line(e, "assign set_o = line_i[%u:0] ^ line_i[%u:%u];", m - 1, 2 * m - 1, m);
    } else {
        emit_line(e, "// Modulo index: A[b+m-1:b] (line_i bit 0 is address bit b).");
        emit_line(e, "assign set_o = line_i;");
    }
    emit_out(e);
    gen_footer(e);
}
