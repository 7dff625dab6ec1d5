/* slice: which of the system.l2_slices L2 slices holds a line, and the line's address inside
 * that slice (docs/slices.md): the one definition shared by the generator, the C model, sysim
 * and the harnesses. A line address L (byte address >> log2(l1.line_bytes)) goes to slice
 * slice_of(L) and is known there by slice_line(L); the slice indexes its sets and keeps its tag
 * from that in-slice address exactly as a lone slice does from L.
 *   modulo  slice L mod S, in-slice L div S (any S; for S = 2^k the low k bits of L, and L >> k)
 *   xor     slice the XOR of L's k-bit fields, L[k-1:0] ^ L[2k-1:k] ^ L[3k-1:2k] ^ ... (every
 *           line-address bit folded), in-slice L >> k (S = 2^k)
 *   pric    slice L(x) mod P(x) over GF(2) with P the smallest usable modulus of degree k
 *           (core/pric.h), every line-address bit hashed; in-slice L >> k (S = 2^k)
 * xor and pric are linear over GF(2): slice bit j is the parity of L AND mask[j] (PRIC's H
 * matrix, pric_columns, as rows). Invariants, for a validated configuration: every slice is
 * reachable; (slice_of(L), slice_line(L)) determines L (slice_global_line inverts it); with
 * S = 1 every line is in slice 0 at its own address. */
#ifndef CACHEGEN_SLICE_H
#define CACHEGEN_SLICE_H

#include <stddef.h>
#include <stdint.h>
#include "cfg.h"

#define SLICE_MAX 32u      /* system.l2_slices at most */
#define SLICE_MAX_BITS 5u  /* log2(SLICE_MAX) */

/* The slice map of a configuration (slice_map_init). */
typedef struct slice_map {
    unsigned n;                     /* S = system.l2_slices, 1..SLICE_MAX */
    cfg_index_t fn;                 /* system.slice_index */
    unsigned bits;                  /* k = log2(S) rounded up: width of a slice number */
    unsigned pow2;                  /* S is a power of two */
    unsigned line_bits;             /* line-address width, l1.addr_bits - log2(l1.line_bytes) */
    uint64_t mask[SLICE_MAX_BITS];  /* xor, pric: slice bit j = parity(L & mask[j]) */
    uint64_t poly;                  /* pric: the modulus P (degree k) */
} slice_map_t;

/* The map of a validated configuration. */
void slice_map_init(const cfg_t *c, slice_map_t *m);

/* Parity of v (the XOR of its bits). */
static inline unsigned slice_parity(uint64_t v)
{
    v ^= v >> 32;
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (unsigned)(v & 1u);
}

/* The slice of line address L (< 2^line_bits). */
static inline unsigned slice_of(const slice_map_t *m, uint64_t line)
{
    if (m->fn == INDEX_MODULO || m->n == 1)
        return m->pow2 ? (unsigned)(line & (m->n - 1u)) : (unsigned)(line % m->n);
    unsigned s = 0;
    for (unsigned j = 0; j < m->bits; j++)
        s |= slice_parity(line & m->mask[j]) << j;
    return s;
}

/* L's address inside its slice. */
static inline uint64_t slice_line(const slice_map_t *m, uint64_t line)
{
    return m->pow2 ? line >> m->bits : line / m->n;
}

/* The line address of in-slice address `sline` of slice `slice`: the inverse of the pair. */
uint64_t slice_global_line(const slice_map_t *m, unsigned slice, uint64_t sline);

/* Width of an in-slice line address: line_bits - k for S = 2^k, else the bits of
 * (2^line_bits - 1) div S. What a slice's set index and tag are cut from (docs/slices.md). */
unsigned slice_line_bits(const slice_map_t *m);

/* The slice keys' combinations (cfg_validate calls it): xor and pric need a power-of-two
 * system.l2_slices, and every slice's in-slice address must hold its sets and a tag bit.
 * Returns 0, or -1 with "key = value: why; allowed ..." in err. */
int slice_validate(const cfg_t *c, char *err, size_t errlen);

/* The generator has RTL for one slice only (issue 39's first layer: the C model and sysim
 * run S slices). Returns 0 for system.l2_slices = 1, else -1 with the reason in err. */
int slice_rtl_check(const cfg_t *c, char *err, size_t errlen);

#endif
