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
    uint64_t mask = width == 64 ? ~UINT64_C(0) : ((UINT64_C(1) << width) - 1);
    unsigned wi = lsb / 64, sh = lsb % 64;
    val &= mask;
    v->w[wi] = (v->w[wi] & ~(mask << sh)) | (val << sh);
    if (sh && sh + width > 64) {            /* the field straddles two words */
        unsigned lo = 64 - sh;
        v->w[wi + 1] = (v->w[wi + 1] & ~(mask >> lo)) | (val >> lo);
    }
}

/* Equal in bits [width-1:0]. */
static inline int bv_eq(const bv_t *a, const bv_t *b, unsigned width)
{
    unsigned full = width / 64;
    for (unsigned i = 0; i < full; i++)
        if (a->w[i] != b->w[i])
            return 0;
    if (width % 64) {
        uint64_t m = (UINT64_C(1) << (width % 64)) - 1;
        if ((a->w[full] ^ b->w[full]) & m)
            return 0;
    }
    return 1;
}

/* Load / store `n` bytes (n a multiple of 8) as a line: byte i in bits 8i+7:8i. */
static inline void bv_from_bytes(bv_t *v, const uint8_t *p, unsigned n)
{
    assert(n % 8 == 0 && n * 8 <= BV_MAX_BITS);
    bv_zero(v);
    for (unsigned k = 0; k < n / 8; k++) {
        uint64_t w = 0;
        for (unsigned j = 0; j < 8; j++)
            w |= (uint64_t)p[8 * k + j] << (8 * j);
        v->w[k] = w;
    }
}
static inline void bv_to_bytes(const bv_t *v, uint8_t *p, unsigned n)
{
    assert(n % 8 == 0 && n * 8 <= BV_MAX_BITS);
    for (unsigned k = 0; k < n / 8; k++)
        for (unsigned j = 0; j < 8; j++)
            p[8 * k + j] = (uint8_t)(v->w[k] >> (8 * j));
}

/* Byte `i` of a vector holding a data line (byte 0 in bits 7:0). */
static inline uint8_t bv_byte(const bv_t *v, unsigned i) { return (uint8_t)bv_get(v, i * 8, 8); }
static inline void bv_set_byte(bv_t *v, unsigned i, uint8_t b) { bv_put(v, i * 8, 8, b); }

#endif
