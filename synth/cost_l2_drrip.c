/* cost_l2_drrip: DRRIP's closed form (SPEC 3.8): a PSEL of l2.psel_bits per application and
 * the 5-bit BRRIP counter, in flops (the registers drrip_). A PSEL is read only by the follower
 * sets (the sets that are no application's leader: s mod S >= 2 x apps, S = l2.sets /
 * l2.duel_leaders); with S = 2 x apps every set leads, no follower exists, and the RTL's PSELs
 * drive only the event port, which the cost flow leaves out: synthesis removes them, so the
 * closed form counts none (the C model and the event port still keep them). */
#include "cost.h"

#include <stdio.h>

void cost_l2_drrip(const cfg_t *c, l2_closed_t *k)
{
    unsigned apps = cfg_l2_apps(c), stride = c->l2.sets / c->l2.duel_leaders;
    if (stride <= 2 * apps) { /* drrip_check: stride >= 2 x apps; equal: every set a leader */
        k->pol[COST_L2_DRRIP] = 5;
        printf("cost: closed form: L2 DRRIP no follower set (l2.sets %u / l2.duel_leaders %u = "
               "%u = 2 x %u application%s: every set a leader), so no PSEL is read or kept; a "
               "5-bit BRRIP counter = 5 flop bits\n", c->l2.sets, c->l2.duel_leaders, stride,
               apps, apps > 1 ? "s" : "");
        return;
    }
    k->pol[COST_L2_DRRIP] = (unsigned long long)apps * c->l2.psel_bits + 5;
    printf("cost: closed form: L2 DRRIP %u PSEL%s x %u bits + a 5-bit BRRIP counter = %llu "
           "flop bits\n", apps, apps > 1 ? "s" : "", c->l2.psel_bits, k->pol[COST_L2_DRRIP]);
}
