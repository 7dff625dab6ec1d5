/* cm_repl_plru: binary-tree pseudo-LRU. Node bit 0 sends the victim search left (lower ways),
 * 1 right; a touch points every node on the way's path away from it. Heap numbering. */
#include "cm_repl.h"

static void plru_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    unsigned levels = cfg_log2(l->ways), node = 0;
    for (unsigned d = 0; d < levels; d++) {
        unsigned dir = (way >> (levels - 1 - d)) & 1;
        if (dir)
            r->plru &= ~(1u << node); /* way is right: point left */
        else
            r->plru |= 1u << node;    /* way is left: point right */
        node = 2 * node + 1 + dir;
    }
}

static unsigned plru_victim(const lay_l1_t *l, lay_l1_row_t *r)
{
    unsigned levels = cfg_log2(l->ways), node = 0, way = 0;
    for (unsigned d = 0; d < levels; d++) {
        unsigned dir = (r->plru >> node) & 1;
        way = 2 * way + dir;
        node = 2 * node + 1 + dir;
    }
    return way;
}

const cm_repl_ops_t cm_repl_plru = {"plru", plru_touch, plru_touch, plru_victim};
