/* cost_l2_ucp: UCP's closed form (SPEC 3.8, docs/tap.md): the UMONs' ATDs in SRAM, their hit
 * counters, snapshot, allocation, the lookahead FSM, the period counter, the ATD forwarding
 * copy and the pending hit in flops; TAP-UCP adds its wait, divider, XSRATIO and UCP-Mask, and TAP's counts. */
#include "cost.h"

#include <stdio.h>

void cost_l2_ucp(const cfg_t *c, l2_closed_t *k)
{
    const cfg_l2_t *l2 = &c->l2;
    unsigned long long A = cfg_l2_apps(c), W = l2->ways, U = l2->umon_sets;
    unsigned rank = W > 1 ? cfg_log2(W) : 1, cb = l2->umon_counter_bits;
    unsigned ab = cost_bit_length(W), ob = cost_bit_length(A - 1), ib = U > 1 ? cfg_log2(U) : 1;
    unsigned tb = cost_bit_length(c->tap.period - 1);
    unsigned long long entry = 1 + rank + k->tag, sum = cb + ab, prod = sum + ab;
    k->pol_sram = A * U * W * entry;
    unsigned long long counters = 2 * A * W * cb, alloc = A * ab;
    unsigned long long fsm = 3 + 2 * ob + 4 * ab + 3 * sum + 2 * prod + A * ab;
    unsigned long long fwd = 2 + ob + ib + W * entry;
    /* a fill's victim choice: under (1), over per app, the own and set oldest ways, each
     * app's ways and its older-than-way bits; and the ready bit */
    unsigned long long cand = 1 + A + 2 * W + 2 * A * W;
    /* the decided request's application, one-hot, registered at issue; the hit counted the
     * next cycle: its application and LRU position, one-hot */
    unsigned long long pend = A + W;
    k->pol[COST_L2_UCP] = counters + alloc + fsm + tb + fwd + cand + 1 + A + pend;
    printf("cost: closed form: L2 UCP ATDs %llu apps x %llu sets x %llu ways x %llu bits = "
           "%llu SRAM bits; flops: counters and snapshot %llu + allocation %llu + lookahead "
           "%llu + period counter %u + ATD forwarding %llu + a fill's victim choice and ready "
           "bit %llu + the request's application %llu + the pending hit %llu = %llu\n", A, U,
           W, entry, k->pol_sram, counters, alloc, fsm, tb, fwd, cand + 1, A, pend,
           k->pol[COST_L2_UCP]);
}

/* UCP's, then the wait, the divider (running, bit, counter, remainder), the lookahead's
 * XSRATIO and UCP-Mask (counted with UCP's flops: registers tu_), then TAP's counts. */
void cost_l2_tap_ucp(const cfg_t *c, l2_closed_t *k)
{
    unsigned cb = c->l2.umon_counter_bits, W = c->l2.ways;
    cost_l2_ucp(c, k);
    unsigned long long tu = 4 + 1 + cost_bit_length(cb - 1) + cost_bit_length(W - 1) + 10 + 10 +
                            1;
    k->pol[COST_L2_UCP] += tu;
    printf("cost: closed form: L2 TAP-UCP wait 4 + divider 1 + %u + %u + remainder 10 + "
           "XSRATIO 10 + UCP-Mask 1 = %llu flop bits (in the UCP flops: %llu)\n",
           cost_bit_length(cb - 1), cost_bit_length(W - 1), tu, k->pol[COST_L2_UCP]);
    cost_l2_tap_counts(c, k);
}
