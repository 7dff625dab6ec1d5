/* cost_sacat: SACAT's closed forms (SPEC 3.7): FG-CB's fields of an MSHR, and the DWT-CS
 * controller beside the L1s. */
#include "cost.h"

#include <stdio.h>

/* FG-CB: per MSHR bypass-L1, tracked and the base id. */
void cost_sacat_l1(const cfg_t *cf, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k)
{
    (void)tag, (void)repl, (void)plru;
    const cfg_l1_t *c = &cf->l1;
    k->mshr += (unsigned long long)c->mshrs * (2 + c->fgcb_id_bits);
}

/* The DWT-CS controller (SPEC 3.7, core/dwt.h), counted from the SPEC's fields: per core two
 * 16-bit period counts; per table entry a valid bit, an 8-bit kernel id and a limit (a decided
 * limit is a core's sampling limit, at most min(P, max_warps): bit_length of that); the table's
 * next slot 0..E-1, the period timer 0..T-1, the thrashing count 0..N-1 (none where the range
 * is one value); the three states, one flop each (Yosys's fsm pass recodes the 2-bit state
 * register one-hot); with M > 1 the sampling period count 0..M-1 and per core a total
 * of cost_bit_length(M x 65535) bits; the running kernel's 8-bit id and the decided limit; the
 * decision pipeline (docs/sacat.md): three stage bits, the period's two sums of P counts
 * (bit_length(P x 65535) bits each), the thrashing bit and, with P > 1, the winner's limit
 * (the winner's id register feeds only the event port, so synthesis removes it). Also prints
 * the paper's count (Table 5: 2 x 16 x P + E x (8 + warp_bits)). */
unsigned long long cost_dwt_bits(const cfg_t *c)
{
    const cfg_dwt_t *d = &c->dwt;
    unsigned long long P = c->sys.cores, E = d->table_entries;
    unsigned top = P < d->max_warps ? (unsigned)P : d->max_warps, lb = cost_bit_length(top);
    unsigned slot = E > 1 ? cost_bit_length(E - 1) : 0, timer = cost_bit_length(d->period - 1);
    unsigned det = d->detect_periods > 1 ? cost_bit_length(d->detect_periods - 1) : 0;
    unsigned long long counts = 2ULL * 16 * P, table = E * (1 + 8 + lb);
    unsigned long long pipe = 3 + 2ULL * cost_bit_length(65535ULL * P) + 1 + (P > 1 ? lb : 0);
    unsigned long long sampling = 0;
    if (d->sample_periods > 1)
        sampling = cost_bit_length(d->sample_periods - 1) +
                   P * cost_bit_length(65535ULL * d->sample_periods);
    printf("cost: closed form: DWT-CS controller, %llu cores: period counts 2 x 16 x %llu = %llu "
           "bits, table %llu x (valid + kernel 8 + limit %u) = %llu, next slot %u, timer %u, "
           "thrashing count %u, state 3 (one-hot), sampling %llu, kernel id 8, decided limit %u, "
           "decision pipeline 3 + 2 x %u + 1 + %u = %llu\n",
           P, P, counts, E, lb, table, slot, timer, det, sampling, lb,
           cost_bit_length(65535ULL * P), P > 1 ? lb : 0, pipe);
    printf("cost: closed form: DWT-CS storage the paper counts (Table 5): 2 x 16 x %llu + %llu x "
           "(8 + %u) = %llu bits\n", P, E, d->warp_bits, 32 * P + E * (8 + d->warp_bits));
    return counts + table + slot + timer + det + 3 + sampling + 8 + lb + pipe;
}
