/* slice: the slice map's masks (PRIC's H matrix as rows), its inverse and its legality. */
#include "slice.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>

#include "pric.h"

/* system.slice_index's and l2.index's names, as cfg.c spells them (cfg.c calls this file, so
 * this file calls nothing of cfg.c: core/check_layers.sh's no-loop rule) */
static const char *index_name(cfg_index_t x)
{
    static const char *const names[] = {"modulo", "xor", "pric"};
    return x <= INDEX_PRIC ? names[x] : "?";
}

static void errf(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && len)
        vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

void slice_map_init(const cfg_t *c, slice_map_t *m)
{
    *m = (slice_map_t){0};
    m->n = c->sys.l2_slices;
    m->fn = c->sys.slice_index;
    m->bits = cfg_log2(m->n);
    m->pow2 = cfg_is_pow2(m->n);
    m->line_bits = c->l1.addr_bits - cfg_log2(c->l1.line_bytes);
    assert(m->n >= 1 && m->n <= SLICE_MAX);
    assert(m->pow2 || m->fn == INDEX_MODULO);
    if (m->n == 1 || m->fn == INDEX_MODULO)
        return;
    unsigned k = m->bits;
    if (m->fn == INDEX_XOR) { /* slice bit j: line bits j, j + k, j + 2k, ... */
        for (unsigned i = 0; i < m->line_bits; i++)
            m->mask[i % k] |= UINT64_C(1) << i;
        return;
    }
    /* pric: column i of H is x^i mod P; slice bit j hashes the line bits whose column has j */
    m->poly = pric_smallest(k);
    uint64_t col[PRIC_MAX_HASHED];
    pric_columns(m->poly, m->line_bits, col);
    for (unsigned i = 0; i < m->line_bits; i++)
        for (unsigned j = 0; j < k; j++)
            m->mask[j] |= ((col[i] >> j) & 1u) << i;
}

uint64_t slice_global_line(const slice_map_t *m, unsigned slice, uint64_t sline)
{
    assert(slice < m->n);
    if (!m->pow2)
        return sline * m->n + slice;
    uint64_t high = sline << m->bits;
    /* every map is the low k bits XOR a function of the bits above them (linear for xor and
     * pric, zero for modulo), and maps a value below 2^k to itself */
    return high | (uint64_t)(slice ^ slice_of(m, high));
}

unsigned slice_line_bits(const slice_map_t *m)
{
    if (m->pow2)
        return m->line_bits - m->bits;
    uint64_t top = (m->line_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << m->line_bits) - 1) / m->n;
    unsigned w = 0;
    while (w < 64 && (top >> w))
        w++;
    return w;
}

int slice_validate(const cfg_t *c, char *err, size_t errlen)
{
    unsigned S = c->sys.l2_slices;
    cfg_index_t fn = c->sys.slice_index;
    if (fn != INDEX_MODULO && !cfg_is_pow2(S)) {
        errf(err, errlen,
             "system.slice_index = %s: hashes a power-of-two number of slices, but "
             "system.l2_slices = %u; allowed: modulo with %u slices, or %s with "
             "system.l2_slices = 1, 2, 4, 8, 16 or 32", index_name(fn), S, S,
             index_name(fn));
        return -1;
    }
    if (S == 1)
        return 0;
    slice_map_t m = {0};
    m.n = S;
    m.bits = cfg_log2(S);
    m.pow2 = cfg_is_pow2(S);
    m.line_bits = c->l1.addr_bits - cfg_log2(c->l1.line_bytes);
    /* the slice's own set index, as a lone slice's (cfg.c's index_need without the offset) */
    unsigned m2 = cfg_log2(c->l2.sets), need = m2 + 1;
    if (c->l2.index == INDEX_XOR && 2 * m2 > need)
        need = 2 * m2;
    unsigned have = m.line_bits >= m.bits ? slice_line_bits(&m) : 0;
    if (have < need) {
        errf(err, errlen,
             "system.l2_slices = %u: l1.addr_bits = %u leaves %u in-slice line-address bits, "
             "and l2.sets = %u with l2.index = %s needs %u; allowed: fewer slices or l2.sets, "
             "or a wider l1.addr_bits", S, c->l1.addr_bits, have, c->l2.sets,
             index_name(c->l2.index), need);
        return -1;
    }
    return 0;
}

int slice_rtl_check(const cfg_t *c, char *err, size_t errlen)
{
    if (c->sys.l2_slices == 1)
        return 0;
    errf(err, errlen,
         "system.l2_slices = %u: the C model and sysim run several L2 slices, but their RTL "
         "(the crossbar, issue 39) does not exist yet, so no Verilog can be generated; "
         "allowed: 1, or sysim / --report-only for this configuration", c->sys.l2_slices);
    return -1;
}
