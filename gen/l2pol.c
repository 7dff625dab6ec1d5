/* l2pol: the registry of the generator's L2 policies (one line per policy). */
#include "l2pol.h"

#include <assert.h>
#include <stddef.h>

static const gen_l2_pol_t *const pols[] = {
    [L2_REPL_LRU] = &l2pol_lru,
    [L2_REPL_SRRIP] = &l2pol_srrip,
    [L2_REPL_DRRIP] = &l2pol_drrip,
    [L2_REPL_UCP] = &l2pol_ucp,
    [L2_REPL_TAP_RRIP] = &l2pol_tap_rrip,
    [L2_REPL_TAP_UCP] = &l2pol_tap_ucp,
    [L2_REPL_PLRU] = &l2pol_plru,
    [L2_REPL_FIFO] = &l2pol_fifo,
};

const gen_l2_pol_t *l2pol_for(const cfg_t *c)
{
    assert((size_t)c->l2.repl < sizeof pols / sizeof pols[0] && pols[c->l2.repl]);
    return pols[c->l2.repl];
}
