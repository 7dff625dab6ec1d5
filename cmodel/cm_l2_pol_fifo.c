/* cm_l2_pol_fifo: l2.replacement = fifo, the shared replacement table's first in, first out
 * (cm_repl_fifo: LRU's ages renewed by fills only) on the row's per-way ages: no hooks. */
#include "cm_l2_pol.h"

const cm_l2_pol_ops_t cm_l2_pol_fifo = {.name = "fifo"};
