/* cost_decoupled: the decoupled L1's closed forms (SPEC 3.4): its tag store and data-store
 * state in one row, an MSHR's bypass bit, and the SM-dueling controller beside the L1s. */
#include "cost.h"
#include "../core/duel.h"

#include <stdio.h>

/* The tag store (valid, tag, reference count, pv, data position per tag way) and the data
 * store's state (valid, reserved and replacement bits per way, the set's PLRU bits, the next
 * position and its valid bit) replace the baseline's metadata. */
void cost_dec_l1(const cfg_t *cf, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k)
{
    const cfg_l1_t *c = &cf->l1;
    unsigned pos = cfg_log2(c->ways);
    unsigned long long tags = (unsigned long long)c->sets * c->tag_ways *
                              (1 + tag + c->rc_bits + 1 + pos);
    unsigned long long state = (unsigned long long)c->sets *
                               (c->ways * (2 + repl) + plru + pos + 1);
    printf("cost: closed form: tag store %llu bits, data-store state %llu bits\n", tags, state);
    k->meta = tags + state;
    k->mshr += c->mshrs; /* each MSHR remembers whether its read bypasses */
}

/* The SM-dueling controller (SPEC 3.4, core/duel.h): the two load counts of bit_length(I)
 * bits (the two unserved counts feed only the simulation event port, so synthesis drops them),
 * the interval's cycle counter 0..I-1, the followers' setting, and the decision's incremental
 * form (duel_inc): D and its four coefficients. With I = 1 every cycle ends an interval: all
 * but the setting stay 0 and synthesis keeps only the setting. */
unsigned long long cost_duel_bits(const cfg_t *c)
{
    unsigned I = c->l1.duel_interval;
    duel_inc_t k = duel_inc(I, c->l1.duel_margin);
    unsigned long long counts = 2ULL * cost_bit_length(I), timer = cost_bit_length(I - 1),
                       inc = k.d_bits + 2ULL * k.km_bits + k.ka1_bits + k.ka0_bits;
    if (I == 1)
        counts = timer = inc = 0;
    printf("cost: closed form: SM-dueling controller, interval %u, margin %u: 2 load counts x "
           "%u bits + cycle counter %llu bits + setting 1 bit + D %u bits + coefficients "
           "2 x %u + %u + %u bits\n", I, c->l1.duel_margin, I == 1 ? 0 : cost_bit_length(I),
           timer, I == 1 ? 0 : k.d_bits, I == 1 ? 0 : k.km_bits, I == 1 ? 0 : k.ka1_bits,
           I == 1 ? 0 : k.ka0_bits);
    return counts + timer + 1 + inc;
}
