/* mech: the registry of the generator's L1 mechanisms (mech.h); one line per mechanism. */
#include "mech.h"

#include <assert.h>

/* The baseline L1: every hook the default. */
static const char *const base_unused[] = {"req_base_i", "req_pc_i", "req_core_i", "kernel_start_i",
                                           "filter_enable_i", "mem_rsp_hint_i", NULL};

const gen_mech_t gen_mech_baseline = {
    .mode = MODE_BASELINE,
    .unused_inputs = base_unused,
};

static const gen_mech_t *const mechs[] = {
    &gen_mech_baseline,
    &gen_mech_decoupled,
    &gen_mech_gcache,
    &gen_mech_pcpred,
    &gen_mech_sacat,
};

const gen_mech_t *gen_mech(const gen_l1_t *g)
{
    for (unsigned i = 0; i < sizeof mechs / sizeof mechs[0]; i++)
        if (mechs[i]->mode == g->cfg->l1.mode)
            return mechs[i];
    assert(!"gen_mech: a mode without a generator mechanism");
    return &gen_mech_baseline;
}
