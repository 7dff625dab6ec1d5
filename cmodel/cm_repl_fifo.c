/* cm_repl_fifo: first in, first out. The ages of LRU (a permutation, 0 = newest), renewed only
 * when a fill installs a way: a hit changes nothing, so the victim is the way filled longest
 * ago (Dinero IV's and GPGPU-Sim's FIFO). */
#include "cm_repl.h"

static void fifo_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    (void)l, (void)r, (void)way;
}

const cm_repl_ops_t cm_repl_fifo = {"fifo", fifo_touch, cm_lru_touch, cm_lru_victim};
