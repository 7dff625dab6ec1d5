/* cm_l2_pol_srrip: l2.replacement = srrip, the shared replacement table's SRRIP: no hooks. */
#include "cm_l2_pol.h"

const cm_l2_pol_ops_t cm_l2_pol_srrip = {.name = "srrip"};
