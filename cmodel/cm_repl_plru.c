/* cm_repl_plru: binary-tree pseudo-LRU. Node bit 0 sends the victim search left (lower ways),
 * 1 right; a touch points every node on the way's path away from it. Heap numbering. */
#include "cm_repl.h"

static void plru_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    cm_plru_touch(&r->plru, cfg_log2(l->ways), way);
}

static unsigned plru_victim(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible)
{
    return cm_plru_victim_masked(r->plru, cfg_log2(l->ways), eligible);
}

const cm_repl_ops_t cm_repl_plru = {"plru", plru_touch, plru_touch, plru_victim};
