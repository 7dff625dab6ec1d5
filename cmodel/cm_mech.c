/* cm_mech: the registry of L1 mechanisms (one line per mechanism) and the baseline's empty
 * hook set. */
#include "cm_mech.h"

#include <assert.h>
#include <stddef.h>

const cm_mech_ops_t cm_mech_baseline = {.name = "baseline", .fast = 1};

static const cm_mech_ops_t *const mechs[] = {
    [MODE_BASELINE] = &cm_mech_baseline,
    [MODE_DECOUPLED] = &cm_mech_decoupled,
    [MODE_GCACHE] = &cm_mech_gcache,
    [MODE_PCPRED] = &cm_mech_pcpred,
    [MODE_SACAT] = &cm_mech_sacat,
};

const cm_mech_ops_t *cm_mech_for(cfg_mode_t mode)
{
    assert((size_t)mode < sizeof mechs / sizeof mechs[0] && mechs[mode]);
    return mechs[mode];
}

unsigned cm_mech_count(void) { return sizeof mechs / sizeof mechs[0]; }

uint64_t cm_mech_base_ids(const cfg_l1_t *c)
{
    const cm_mech_ops_t *o = cm_mech_for(c->mode);
    return o->base_id_bits ? UINT64_C(1) << o->base_id_bits(c) : 0;
}
