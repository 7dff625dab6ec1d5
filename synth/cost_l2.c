/* cost_l2: the L2 policies' closed forms, one row per l2.replacement (cost.h). A new policy
 * adds its file and one line here; NULL: no state beyond the row's replacement bits. */
#include "cost.h"

#include <assert.h>

static cost_l2_pol_fn *const cost_l2_pols[] = {
    [L2_REPL_LRU] = NULL,
    [L2_REPL_SRRIP] = NULL,
    [L2_REPL_DRRIP] = cost_l2_drrip,
    [L2_REPL_UCP] = cost_l2_ucp,
    [L2_REPL_TAP_RRIP] = cost_l2_tap_rrip,
    [L2_REPL_TAP_UCP] = cost_l2_tap_ucp,
};

cost_l2_pol_fn *cost_l2_pol(cfg_l2_repl_t r)
{
    assert((unsigned)r < sizeof cost_l2_pols / sizeof cost_l2_pols[0]);
    return cost_l2_pols[r];
}
