/* cost_l2: the L2 policies' closed forms, one row per l2.replacement (cost.h), and the groups
 * of their registers the cost check measures. A new policy adds its file and one line here;
 * NULL: no state beyond the row's replacement bits. */
#include "cost.h"

#include <assert.h>

static cost_l2_pol_fn *const cost_l2_pols[] = {
    [L2_REPL_LRU] = NULL,
    [L2_REPL_SRRIP] = NULL,
    [L2_REPL_DRRIP] = cost_l2_drrip,
    [L2_REPL_UCP] = cost_l2_ucp,
    [L2_REPL_TAP_RRIP] = cost_l2_tap_rrip,
    [L2_REPL_TAP_UCP] = cost_l2_tap_ucp,
    [L2_REPL_PLRU] = NULL,
    [L2_REPL_FIFO] = NULL,
};

static const char *const drrip_regs[] = {"drrip_", NULL};
static const char *const tap_regs[] = {"ret", "acc_", "cmax_", "t_", NULL};
static const char *const ucp_regs[] = {"ucp_", "tu_", NULL}; /* tap_ucp's count with UCP's */

const cost_l2_group_t cost_l2_groups[COST_L2_GROUPS] = {
    [COST_L2_DRRIP] = {"L2 DRRIP PSEL and BRRIP counter flop bits", drrip_regs, NULL, NULL},
    /* TAP's controller: its counts; its ucp_mask_q is TAP's, not UCP's */
    [COST_L2_TAP] = {"L2 TAP controller count flop bits", tap_regs, "_tap", NULL},
    [COST_L2_UCP] = {"L2 UCP flop bits (counters, snapshot, allocation, FSM)", ucp_regs, NULL,
                     "_tap"},
};
const struct cost_l2_sram cost_l2_sram = {"L2 UCP ATD SRAM bits", "atd_sram"};

cost_l2_pol_fn *cost_l2_pol(cfg_l2_repl_t r)
{
    assert((unsigned)r < sizeof cost_l2_pols / sizeof cost_l2_pols[0]);
    return cost_l2_pols[r];
}
