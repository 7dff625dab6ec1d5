/* cm_l2_pol_lru: l2.replacement = lru, the shared replacement table's true LRU: no hooks. */
#include "cm_l2_pol.h"

const cm_l2_pol_ops_t cm_l2_pol_lru = {.name = "lru"};
