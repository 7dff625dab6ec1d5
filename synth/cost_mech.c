/* cost_mech: the L1 mechanisms' closed forms, one row per l1.mode (cost.h): what each adds to
 * the L1's storage and the storage of its controller beside the L1s (lay_mech's `beside`). A
 * new mechanism adds its file and one line here. */
#include "cost.h"

#include <assert.h>

static const cost_mech_t cost_mechs[] = {
    [MODE_BASELINE] = {0},
    [MODE_DECOUPLED] = {cost_dec_l1, "SM-dueling controller storage bits", cost_duel_bits},
    [MODE_GCACHE] = {0},
    [MODE_PCPRED] = {cost_pcpred_l1, NULL, NULL},
    [MODE_SACAT] = {cost_sacat_l1, "DWT-CS controller storage bits", cost_dwt_bits},
};

const cost_mech_t *cost_mech(cfg_mode_t m)
{
    assert((unsigned)m < sizeof cost_mechs / sizeof cost_mechs[0]);
    return &cost_mechs[m];
}
