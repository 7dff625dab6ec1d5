/* cm_repl_lru: true LRU as a permutation of per-way ages (0 = most recent). */
#include "cm_repl.h"

void cm_lru_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    uint8_t old = r->way[way].repl;
    for (unsigned w = 0; w < l->ways; w++)
        if (r->way[w].repl < old)
            r->way[w].repl++;
    r->way[way].repl = 0;
}

/* The eligible way with the oldest age (ways-1 when every way is eligible). */
unsigned cm_lru_victim(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible)
{
    int best = -1;
    for (unsigned w = 0; w < l->ways; w++)
        if (((eligible >> w) & 1) && (best < 0 || r->way[w].repl > r->way[best].repl))
            best = (int)w;
    assert(best >= 0);
    return (unsigned)best;
}

const cm_repl_ops_t cm_repl_lru = {"lru", cm_lru_touch, cm_lru_touch, cm_lru_victim};
