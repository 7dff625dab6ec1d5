/* cm_l2_pol: the registry of L2 policies (one line per policy), the event fields' defaults and
 * TAP's controller block, which tap_rrip and tap_ucp share. */
#include "cm_l2_pol.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

static const cm_l2_pol_ops_t *const pols[] = {
    [L2_REPL_LRU] = &cm_l2_pol_lru,
    [L2_REPL_SRRIP] = &cm_l2_pol_srrip,
    [L2_REPL_DRRIP] = &cm_l2_pol_drrip,
    [L2_REPL_UCP] = &cm_l2_pol_ucp,
    [L2_REPL_TAP_RRIP] = &cm_l2_pol_tap_rrip,
    [L2_REPL_TAP_UCP] = &cm_l2_pol_tap_ucp,
    [L2_REPL_PLRU] = &cm_l2_pol_plru,
    [L2_REPL_FIFO] = &cm_l2_pol_fifo,
};

const cm_l2_pol_ops_t *cm_l2_pol_for(cfg_l2_repl_t r)
{
    assert((size_t)r < sizeof pols / sizeof pols[0] && pols[r]);
    return pols[r];
}

void cm_l2_pol_result_init(cm_l2_result_t *res)
{
    res->pol.umon = CM_UMON_UNSAMPLED;
}

void cm_l2_tap_init(cm_l2_t *m, cm_l2_tap_run_t *t)
{
    const cfg_t *c = &m->cfg;
    tap_params_t tp = {c->sys.cores, c->sys.cpu_cores, c->tap.period, c->tap.alpha, c->tap.txs};
    int ok = cm_tap_init(&t->tap, &tp);
    assert(ok == 0); /* cfg_validate applied tap_check */
    (void)ok;
}

void cm_l2_tap_cycle(cm_l2_t *m, cm_l2_tap_run_t *t, const uint32_t *retired)
{
    (void)m;
    t->ticked = (uint8_t)cm_tap_cycle(&t->tap, retired, t->acc_q, &t->tick);
    memcpy(t->acc_q, t->acc, sizeof t->acc_q);
    memset(t->acc, 0, sizeof t->acc);
}
