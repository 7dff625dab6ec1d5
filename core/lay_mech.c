/* lay_mech: what each l1.mode changes in the shared layouts and in the parts that stand beside
 * the L1 (lay.h, lay_mech_t); one row per mechanism, so the layers above ask this table
 * instead of testing the mode. */
#include "lay.h"

#include <assert.h>
#include <string.h>

static const lay_mech_t lay_mechs[] = {
    [MODE_BASELINE] = {0},
    [MODE_DECOUPLED] = {.dec_row = 1, .beside = "duel"},
    [MODE_GCACHE] = {0},
    [MODE_PCPRED] = {.line_pc_hash = 1, .l2_bypass_bit = 1},
    [MODE_SACAT] = {.fgcb = 1, .l2_noalloc = 1, .beside = "dwt"},
};

const lay_mech_t *lay_mech(cfg_mode_t m)
{
    assert((unsigned)m < sizeof lay_mechs / sizeof lay_mechs[0]);
    return &lay_mechs[m];
}

int lay_mech_beside_is(cfg_mode_t m, const char *beside)
{
    const char *b = lay_mech(m)->beside;
    return b && !strcmp(b, beside);
}
