/* duel: register widths of the SM-dueling controller (SPEC 3.4), shared by its emitter
 * (emit_duel.c), its C model (cm_duel) and its harness, so all three size it the same way.
 * Invariant: for an interval I (1..65535) and a margin (0..100) every count fits
 * duel_count_bits(I), the cycle counter fits duel_timer_bits(I), and both sides of the
 * decision's comparison fit duel_cmp_bits(I, margin) without overflow; its incremental form
 * (duel_inc) fits the widths duel_inc gives. */
#ifndef CACHEGEN_DUEL_H
#define CACHEGEN_DUEL_H

#include <assert.h>

/* Bits to hold the value v (at least 1). */
static inline unsigned duel_bits_for(unsigned long long v)
{
    unsigned n = 1;
    while (n < 64 && (v >> n) != 0)
        n++;
    return n;
}

/* Width of each count: a count reaches at most I (one per cycle). */
static inline unsigned duel_count_bits(unsigned interval)
{
    assert(interval >= 1);
    return duel_bits_for(interval);
}

/* Width of the cycle counter t, which runs 0..I-1. */
static inline unsigned duel_timer_bits(unsigned interval)
{
    assert(interval >= 1);
    return duel_bits_for(interval - 1);
}

/* Width of the comparison 100*m0*a1 > 100*m1*a0 + margin*a0*a1: the right side is at
 * most (100 + margin) * I * I, the left side at most 100 * I * I. */
static inline unsigned duel_cmp_bits(unsigned interval, unsigned margin)
{
    unsigned long long i = interval;
    return duel_bits_for((100ULL + margin) * i * i);
}

/* The decision's incremental form (emit_duel.c, docs/decoupled.md "SM dueling's depth"): with
 * g = gcd(100, margin) (100 when the margin is 0), h = 100/g and n = margin/g, the test
 * 100*m0*a1 > 100*m1*a0 + margin*a0*a1 is D > 0 for D = h*m0*a1 - h*m1*a0 - n*a0*a1, which the
 * RTL keeps in a register with four coefficients, each the step one count's rise gives D:
 * h*a1 (for m0), h*m0 - n*a0 (for a1), h*a0 (for m1, subtracted), h*m1 + n*a1 (for a0,
 * subtracted). h*a1 and h*a0 are held as hodd*a1, hodd*a0 with h = hodd << hshift, so no
 * register bit is constant. Widths: every value fits for counts up to I. */
typedef struct duel_inc {
    unsigned h, n;         /* the scaled hundred and margin */
    unsigned hodd, hshift; /* h = hodd << hshift, hodd odd */
    unsigned d_bits;       /* D, signed: within [-(h + n)*I*I, h*I*I] */
    unsigned km_bits;      /* hodd*a1, hodd*a0: unsigned, at most hodd*I */
    unsigned ka1_bits;     /* h*m0 - n*a0, signed: within [-n*I, h*I] */
    unsigned ka0_bits;     /* h*m1 + n*a1: unsigned, at most (h + n)*I */
} duel_inc_t;

static inline duel_inc_t duel_inc(unsigned interval, unsigned margin)
{
    assert(interval >= 1 && margin <= 100);
    unsigned g = 100, r = margin;
    while (r) { /* Euclid: g = gcd(100, margin) */
        unsigned t = g % r;
        g = r;
        r = t;
    }
    duel_inc_t d = {100 / g, margin / g, 100 / g, 0, 0, 0, 0, 0};
    while (!(d.hodd & 1u)) {
        d.hodd >>= 1;
        d.hshift++;
    }
    unsigned long long i = interval, hi = d.h > d.n ? d.h : d.n;
    d.d_bits = duel_bits_for((d.h + d.n) * i * i) + 1;
    d.km_bits = duel_bits_for(d.hodd * i);
    d.ka1_bits = duel_bits_for(hi * i) + 1;
    d.ka0_bits = duel_bits_for((d.h + d.n) * i);
    return d;
}

#endif
