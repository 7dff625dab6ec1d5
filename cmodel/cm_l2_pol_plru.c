/* cm_l2_pol_plru: l2.replacement = plru, the shared replacement table's tree pseudo-LRU
 * (cm_repl_plru) on the row's ways - 1 node bits a set: no hooks. */
#include "cm_l2_pol.h"

const cm_l2_pol_ops_t cm_l2_pol_plru = {.name = "plru"};
