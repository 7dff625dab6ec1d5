/* cost_pcpred: the PC predictor's closed form (SPEC 3.6): its table in flops, a PC hash per
 * line in the metadata, and an MSHR's prediction and PC hash. */
#include "cost.h"

#include <stdio.h>

void cost_pcpred_l1(const cfg_t *cf, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k)
{
    (void)tag, (void)repl, (void)plru;
    const cfg_l1_t *c = &cf->l1;
    unsigned h = cfg_log2(c->pc_entries);
    /* the counters, and the registered write (enable, index, value) */
    k->pctbl = (unsigned long long)c->pc_entries * c->pc_counter_bits + 1 + h +
               c->pc_counter_bits;
    printf("cost: closed form: predictor table %llu bits, line PC hashes %llu bits\n",
           k->pctbl, (unsigned long long)c->sets * c->ways * h);
    k->meta += (unsigned long long)c->sets * c->ways * h;
    k->mshr += (unsigned long long)c->mshrs * (1 + h); /* the prediction and the PC hash */
}
