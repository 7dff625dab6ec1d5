/* cm_l2_pol_drrip: l2.replacement = drrip (cm_drrip; SPEC 3.8): SRRIP's victim and hits; a miss
 * that takes an MSHR in one of its app's leader sets moves that app's PSEL, a fill inserts at the
 * RRPV of its set's policy for its app. The block (PSELs, BRRIP counter) is the harnesses' to
 * read (cm_l2_drrip_of); tap_rrip builds on it. */
#include "cm_l2_pol.h"

#include <assert.h>
#include <stdlib.h>

_Static_assert((1u << LAY_L2_BRRIP_BITS) == CM_DRRIP_BRRIP_PERIOD,
               "the layout's BRRIP counter is cm_drrip's");

typedef struct dr_state {
    cm_l2_blocks_t b;        /* first: cm_l2_blocks */
    cm_drrip_t drrip;
} dr_state_t;

void cm_l2_drrip_init(cm_l2_t *m, cm_drrip_t *d)
{
    const cfg_t *c = &m->cfg;
    drrip_params_t dp = {c->l2.sets, c->l2.duel_leaders, cfg_l2_apps(c), c->l2.psel_bits,
                         c->l2.rrpv_bits};
    int ok = cm_drrip_init(d, &dp);
    assert(ok == 0); /* cfg_validate applied drrip_check */
    (void)ok;
}

void cm_l2_drrip_miss(cm_l2_t *m, unsigned app, unsigned set)
{
    cm_drrip_miss(cm_l2_blocks(m).drrip, app, set);
}

static int init(cm_l2_t *m)
{
    dr_state_t *s = calloc(1, sizeof *s);
    if (!(m->pol_state = s))
        return -1;
    s->b.drrip = &s->drrip;
    cm_l2_drrip_init(m, &s->drrip);
    return 0;
}

static void pol_free(cm_l2_t *m)
{
    free(m->pol_state);
}

/* The insertion RRPV of the set's policy for the filler's app (over SRRIP's insertion). */
static void insert(cm_l2_t *m, lay_l2_row_t *r, unsigned set, unsigned way, unsigned core,
                   cm_l2_result_t *res)
{
    (void)res;
    cm_l2_repl_insert(m, r, way);
    r->way[way].repl = (uint8_t)cm_drrip_fill(cm_l2_blocks(m).drrip, cm_l2_app(m, core), set);
}

const cm_l2_pol_ops_t cm_l2_pol_drrip = {
    .name = "drrip",
    .init = init,
    .free = pol_free,
    .miss = cm_l2_drrip_miss,
    .insert = insert,
};
