/* cm_gcache: the G-Cache L1 policy (SPEC 3.5, paper 000 sec. 4.2) on top of the baseline
 * lookup: per-set bypass switches and bypass counters (flops, outside the rows), the bypass
 * decision and the victim-bit-dependent insertion at fill time, and the periodic switch reset.
 * Lookups are the baseline's (SRRIP: a hit sets RRPV 0); stores never touch this state. */
#include "cm_l1_int.h"

#include <stdlib.h>
#include <string.h>

cm_gc_state_t *cm_gc(cm_l1_t *m)
{
    assert(m->mech_ops == &cm_mech_gcache);
    return m->mech;
}

static cm_gc_state_t *gc(cm_l1_t *m) { return m->mech; }

static int gc_init(cm_l1_t *m)
{
    cm_gc_state_t *g = calloc(1, sizeof *g);
    m->mech = g;
    if (!g)
        return -1;
    g->sw = calloc(m->cfg.sets, 1);
    g->count = calloc(m->cfg.sets, 1);
    return g->sw && g->count ? 0 : -1;
}

static void gc_free(cm_l1_t *m)
{
    cm_gc_state_t *g = gc(m);
    if (g) {
        free(g->sw);
        free(g->count);
        free(g);
    }
    m->mech = NULL;
}

/* Called once per accepted lookup (load or store, hit or miss; not for stalls). */
static void gc_accepted(cm_l1_t *m, cm_result_t *res)
{
    uint32_t period = m->cfg.gc_switch_reset_period;
    if (period == 0)
        return;
    if (++gc(m)->requests == period) {
        gc(m)->requests = 0;
        gc(m)->reset_pending = 1;
        res->reset_due = 1;
    }
}

/* The switch-reset event: every switch and bypass counter clears. */
static void gc_switch_reset(cm_l1_t *m, cm_result_t *res)
{
    cm_l1_result_init(res, EVT_SWITCH_RESET, 0);
    res->dec = DEC_NONE;
    memset(gc(m)->sw, 0, m->cfg.sets);
    memset(gc(m)->count, 0, m->cfg.sets);
    gc(m)->reset_pending = 0;
}

/* A bypass of `set`: count it (mod M); on the count's wrap to 0 (the M-th, 2M-th, ... bypass
 * since the last clear) every way's RRPV rises by one. SPEC 3.5 says saturating; it never
 * has to saturate, since a bypass needs every RRPV below TH <= 2^n-1 (cfg_validate). */
static void bypass_age(cm_l1_t *m, unsigned set, cm_result_t *res)
{
    lay_l1_row_t *r = &m->rows[set];
    unsigned top = (1u << m->lay.repl_bits) - 1;
    uint8_t *count = &gc(m)->count[set];
    *count = (uint8_t)((*count + 1u) % m->cfg.gc_bypass_age_every);
    if (*count != 0) {
        res->paths |= CM_PATH_GC_BYPASS_NO_AGE;
        return;
    }
    res->paths |= CM_PATH_GC_BYPASS_AGED;
    for (unsigned w = 0; w < m->cfg.ways; w++) {
        assert(r->way[w].repl < top);
        r->way[w].repl++;
    }
    res->aged = 1;
}

static void gc_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned vbit, cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    uint8_t *sw = gc(m)->sw;
    assert(vbit <= 1);
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    lay_l1_row_t *r = &m->rows[set];
    unsigned top = (1u << l->repl_bits) - 1;
    res->vbit = (uint8_t)vbit;

    /* a victim bit of 1 turns the switch on before the check */
    if (vbit && !sw[set])
        res->paths |= CM_PATH_GC_SWITCH_ON;
    if (vbit)
        sw[set] = 1;
    int invalid = 0;
    for (unsigned w = 0; w < m->cfg.ways; w++)
        invalid |= !r->way[w].valid;
    if (sw[set] && invalid)
        res->paths |= CM_PATH_GC_INVALID_WAY;
    if (sw[set] && !invalid) {
        unsigned th = vbit ? m->cfg.gc_th_victim : m->cfg.gc_th_hot;
        int all_hot = 1;
        for (unsigned w = 0; w < m->cfg.ways; w++)
            all_hot &= r->way[w].repl < th;
        if (all_hot) {
            res->dec = DEC_FILL_BYPASS;
            res->status = ST_BYPASS;
            cm_l1_count(m, CNT_BYPASSES);
            bypass_age(m, set, res);
            return;
        }
        res->paths |= CM_PATH_GC_NOT_ALL_HOT;
    }
    /* SRRIP's victim rule (invalid way first, else age to the largest RRPV), then the
     * insertion that tells cold lines (victim bit 0) from lines that lost locality (1) */
    unsigned way = cm_l1_install(m, set, addr, data, res);
    r->way[way].repl = (uint8_t)(vbit ? top - 1 : top);
    res->paths |= vbit ? CM_PATH_GC_INSERT_HOT : CM_PATH_GC_INSERT_COLD;
    res->dec = DEC_FILL;
    res->status = ST_MISS;
}

const cm_mech_ops_t cm_mech_gcache = {
    .name = "gcache",
    .init = gc_init,
    .free = gc_free,
    .accepted = gc_accepted,
    .fill = gc_fill,
    .tick = gc_switch_reset,
    .alone = "cachesim runs one L1 without the L2 that returns victim bits",
};
