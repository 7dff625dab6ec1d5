/* cost_l2_tap: TAP's controller counts (SPEC 3.8), shared by TAP-RRIP and TAP-UCP, and
 * TAP-RRIP's closed form: those counts and DRRIP's PSELs and BRRIP counter. */
#include "cost.h"

#include <stdio.h>

/* The period's cycle, 20 bits for POL1, POL2, each app and the CPU maximum, the last cycle's
 * access and its app (the registers ret, acc_, cmax_, t_ of the _tap module). */
void cost_l2_tap_counts(const cfg_t *c, l2_closed_t *k)
{
    unsigned tb = cfg_count_bits(c->tap.period - 1), apps = cfg_l2_apps(c);
    k->pol[COST_L2_TAP] = tb + 20ULL * (2 + apps + 1) + 1 + k->o;
    printf("cost: closed form: L2 TAP counts: period %u + 20 x (POL1, POL2, %u apps, CPU max) "
           "+ last access 1 + its app %u = %llu flop bits\n", tb, apps, k->o, k->pol[COST_L2_TAP]);
}

void cost_l2_tap_rrip(const cfg_t *c, l2_closed_t *k)
{
    cost_l2_tap_counts(c, k);
    cost_l2_drrip(c, k);
}
