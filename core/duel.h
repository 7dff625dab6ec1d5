/* duel: register widths of the SM-dueling controller (SPEC 3.4), shared by its emitter
 * (emit_duel.c), its C model (cm_duel) and its harness, so all three size it the same way.
 * Invariant: for an interval I (1..65535) and a margin (0..100) every count fits
 * duel_count_bits(I), the cycle counter fits duel_timer_bits(I), and both sides of the
 * decision's comparison fit duel_cmp_bits(I, margin) without overflow. */
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

#endif
