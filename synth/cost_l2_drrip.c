/* cost_l2_drrip: DRRIP's closed form (SPEC 3.8): a PSEL of l2.psel_bits per application and
 * the 5-bit BRRIP counter, in flops (the registers drrip_). */
#include "cost.h"

#include <stdio.h>

void cost_l2_drrip(const cfg_t *c, l2_closed_t *k)
{
    k->pol[COST_L2_DRRIP] = (unsigned long long)cfg_l2_apps(c) * c->l2.psel_bits + 5;
    printf("cost: closed form: L2 DRRIP %u PSEL%s x %u bits + a 5-bit BRRIP counter = %llu "
           "flop bits\n", cfg_l2_apps(c), cfg_l2_apps(c) > 1 ? "s" : "", c->l2.psel_bits,
           k->pol[COST_L2_DRRIP]);
}
