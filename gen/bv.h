/* bv: fixed-capacity bit vectors for packed rows and wide data lines.
 * Invariant: bits at or above a vector's logical width are zero; bit 0 is the LSB of w[0]. */
#ifndef CACHEGEN_BV_H
#define CACHEGEN_BV_H

#include <stdint.h>
#include <string.h>
#include <assert.h>

#define BV_MAX_BITS 4096                 /* widest row or line any config may produce */
#define BV_WORDS (BV_MAX_BITS / 64)

typedef struct bv {
    uint64_t w[BV_WORDS];                /* little-endian words */
} bv_t;

static inline void bv_zero(bv_t *v) { memset(v, 0, sizeof *v); }

/* Read `width` (1..64) bits starting at `lsb`. */
static inline uint64_t bv_get(const bv_t *v, unsigned lsb, unsigned width)
{
    assert(width >= 1 && width <= 64 && lsb + width <= BV_MAX_BITS);
    unsigned wi = lsb / 64, sh = lsb % 64;
    uint64_t r = v->w[wi] >> sh;
    if (sh && sh + width > 64)
        r |= v->w[wi + 1] << (64 - sh);
    return width == 64 ? r : (r & ((UINT64_C(1) << width) - 1));
}

/* Write the low `width` (1..64) bits of `val` at `lsb`; other bits are untouched. */
static inline void bv_put(bv_t *v, unsigned lsb, unsigned width, uint64_t val)
{
    assert(width >= 1 && width <= 64 && lsb + width <= BV_MAX_BITS);
    for (unsigned i = 0; i < width; i++) {
        unsigned b = lsb + i;
        uint64_t m = UINT64_C(1) << (b % 64);
        if ((val >> i) & 1)
            v->w[b / 64] |= m;
        else
            v->w[b / 64] &= ~m;
    }
}

static inline int bv_eq(const bv_t *a, const bv_t *b, unsigned width)
{
    for (unsigned i = 0; i < width; i += 64) {
        unsigned n = width - i < 64 ? width - i : 64;
        if (bv_get(a, i, n) != bv_get(b, i, n))
            return 0;
    }
    return 1;
}

/* Byte `i` of a vector holding a data line (byte 0 in bits 7:0). */
static inline uint8_t bv_byte(const bv_t *v, unsigned i) { return (uint8_t)bv_get(v, i * 8, 8); }
static inline void bv_set_byte(bv_t *v, unsigned i, uint8_t b) { bv_put(v, i * 8, 8, b); }

#endif
