/* cm_repl_srrip: static RRIP with n-bit RRPVs: insert at 2^n-2, hit sets 0, victim is the
 * lowest way at 2^n-1 after aging the whole set just enough for one to get there. */
#include "cm_repl.h"

static unsigned rrpv_max(const lay_l1_t *l) { return (1u << l->repl_bits) - 1; }

static void srrip_touch(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    (void)l;
    r->way[way].repl = 0;
}

static void srrip_insert(const lay_l1_t *l, lay_l1_row_t *r, unsigned way)
{
    r->way[way].repl = (uint8_t)(rrpv_max(l) - 1);
}

/* Only eligible ways take part and age (all of them in the baseline). */
static unsigned srrip_victim(const lay_l1_t *l, lay_l1_row_t *r, uint32_t eligible)
{
    unsigned top = 0;
    for (unsigned w = 0; w < l->ways; w++)
        if (((eligible >> w) & 1) && r->way[w].repl > top)
            top = r->way[w].repl;
    unsigned add = rrpv_max(l) - top; /* repeated increments, done at once */
    for (unsigned w = 0; w < l->ways; w++)
        if ((eligible >> w) & 1)
            r->way[w].repl = (uint8_t)(r->way[w].repl + add);
    for (unsigned w = 0; w < l->ways; w++)
        if (((eligible >> w) & 1) && r->way[w].repl == rrpv_max(l))
            return w;
    assert(!"unreachable");
    return 0;
}

const cm_repl_ops_t cm_repl_srrip = {"srrip", srrip_touch, srrip_insert, srrip_victim};
