/* cm_l2_pol_drrip: l2.replacement = drrip (cm_drrip; SPEC 3.8): SRRIP's victim and hits; a miss
 * that takes an MSHR in one of its app's leader sets moves that app's PSEL, a fill inserts at the
 * RRPV of its set's policy for its app. The block (PSELs, BRRIP counter) is the harnesses' to
 * read, in m->drrip; tap_rrip builds on it. */
#include "cm_l2_pol.h"

#include <assert.h>

_Static_assert((1u << LAY_L2_BRRIP_BITS) == CM_DRRIP_BRRIP_PERIOD,
               "the layout's BRRIP counter is cm_drrip's");

void cm_l2_drrip_init(cm_l2_t *m)
{
    const cfg_t *c = &m->cfg;
    drrip_params_t dp = {c->l2.sets, c->l2.duel_leaders, cfg_l2_apps(c), c->l2.psel_bits,
                         c->l2.rrpv_bits};
    int ok = cm_drrip_init(&m->drrip, &dp);
    assert(ok == 0); /* cfg_validate applied drrip_check */
    (void)ok;
    m->drrip_on = 1;
}

void cm_l2_drrip_miss(cm_l2_t *m, unsigned app, unsigned set)
{
    cm_drrip_miss(&m->drrip, app, set);
}

static int init(cm_l2_t *m)
{
    cm_l2_drrip_init(m);
    return 0;
}

/* The insertion RRPV of the set's policy for the filler's app (over SRRIP's insertion). */
static void insert(cm_l2_t *m, lay_l2_row_t *r, unsigned set, unsigned way, unsigned core,
                   cm_l2_result_t *res)
{
    (void)res;
    cm_l2_repl_insert(m, r, way);
    r->way[way].repl = (uint8_t)cm_drrip_fill(&m->drrip, cm_l2_app(m, core), set);
}

const cm_l2_pol_ops_t cm_l2_pol_drrip = {
    .name = "drrip",
    .init = init,
    .miss = cm_l2_drrip_miss,
    .insert = insert,
};
