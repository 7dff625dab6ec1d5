/* cm_gcache: the G-Cache L1 policy (SPEC 3.5, paper 000 sec. 4.2) on top of the baseline
 * lookup: per-set bypass switches and bypass counters (flops, outside the rows), the bypass
 * decision and the victim-bit-dependent insertion at fill time, and the periodic switch reset.
 * Lookups are the baseline's (SRRIP: a hit sets RRPV 0); stores never touch this state. */
#include "cm_l1.h"

#include <string.h>

/* Called once per accepted lookup (load or store, hit or miss; not for stalls). */
void cm_gc_accepted(cm_l1_t *m, cm_result_t *res)
{
    uint32_t period = m->cfg.gc_switch_reset_period;
    if (period == 0)
        return;
    if (++m->gc_requests == period) {
        m->gc_requests = 0;
        m->gc_reset_pending = 1;
        res->reset_due = 1;
    }
}

void cm_l1_switch_reset(cm_l1_t *m, cm_result_t *res)
{
    assert(m->cfg.mode == MODE_GCACHE);
    cm_l1_result_init(res, EVT_SWITCH_RESET, 0);
    res->dec = DEC_NONE;
    memset(m->gc_switch, 0, m->cfg.sets);
    memset(m->gc_count, 0, m->cfg.sets);
    m->gc_reset_pending = 0;
}

/* A bypass of `set`: count it (mod M); on the count's wrap to 0 (the M-th, 2M-th, ... bypass
 * since the last clear) every way's RRPV rises by one. SPEC 3.5 says saturating; it never
 * has to saturate, since a bypass needs every RRPV below TH <= 2^n-1 (cfg_validate). */
static void bypass_age(cm_l1_t *m, unsigned set, cm_result_t *res)
{
    lay_l1_row_t *r = &m->rows[set];
    unsigned top = (1u << m->lay.repl_bits) - 1;
    m->gc_count[set] = (uint8_t)((m->gc_count[set] + 1u) % m->cfg.gc_bypass_age_every);
    if (m->gc_count[set] != 0) {
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

void cm_gc_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned vbit, cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    assert(m->cfg.mode == MODE_GCACHE && vbit <= 1);
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    lay_l1_row_t *r = &m->rows[set];
    unsigned top = (1u << l->repl_bits) - 1;
    res->vbit = (uint8_t)vbit;

    /* a victim bit of 1 turns the switch on before the check */
    if (vbit && !m->gc_switch[set])
        res->paths |= CM_PATH_GC_SWITCH_ON;
    if (vbit)
        m->gc_switch[set] = 1;
    int invalid = 0;
    for (unsigned w = 0; w < m->cfg.ways; w++)
        invalid |= !r->way[w].valid;
    if (m->gc_switch[set] && invalid)
        res->paths |= CM_PATH_GC_INVALID_WAY;
    if (m->gc_switch[set] && !invalid) {
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
