/* cm_l2_pol_ucp: l2.replacement = ucp (cm_umon, cm_ucp; docs/tap.md): every hit and every miss
 * that takes an MSHR accesses its app's UMON, a fill's victim is chosen under the allocation in
 * force (over true LRU), and the period's end snapshots and halves the counters and starts the
 * lookahead, whose allocation applies cm_l2_ucp_latency cycles later, as the RTL's FSM finishes.
 * The block (UMONs, allocation, period events) is the harnesses' to read (cm_l2_ucp_of); tap_ucp
 * builds on it. */
#include "cm_l2_pol.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void cm_l2_ucp_reset_alloc(unsigned ways, unsigned apps, unsigned *alloc)
{
    for (unsigned k = 0; k < apps; k++)
        alloc[k] = ways / apps + (k < ways % apps);
}

unsigned cm_l2_ucp_latency(unsigned apps, unsigned ways, const cm_ucp_step_t *st, unsigned n)
{
    unsigned cycles = 0, left = ways;
    for (unsigned i = 0; i < n; i++) {
        cycles += apps * (3 * left + 2) + 1;
        left -= st[i].ways;
    }
    return cycles;
}

void cm_l2_atd_row(const cm_l2_t *m, unsigned app, unsigned idx, bv_t *out)
{
    const lay_l2_t *l = &m->lay;
    unsigned eb = lay_l2_atd_entry_bits(l);
    bv_zero(out);
    for (unsigned w = 0; w < l->ways; w++) {
        const cm_umon_entry_t *x = cm_umon_entry(cm_l2_ucp_of(m)->umon, app, idx, w);
        bv_put(out, w * eb, 1, x->valid);
        bv_put(out, w * eb + 1, l->way_bits, x->rank);
        bv_put(out, w * eb + 1 + l->way_bits, l->tag_bits, x->tag);
    }
}

typedef struct ucp_state {
    cm_l2_blocks_t b;        /* first: cm_l2_blocks */
    cm_l2_ucp_run_t ucp;
} ucp_state_t;

int cm_l2_ucp_init(cm_l2_t *m, cm_l2_ucp_run_t *u)
{
    const cfg_t *c = &m->cfg;
    umon_params_t up = {c->l2.sets, c->l2.umon_sets, c->l2.ways, cfg_l2_apps(c),
                        c->l2.umon_counter_bits};
    if (cm_umon_new(&up, &u->umon) != 0)
        return -1;
    cm_l2_ucp_reset_alloc(c->l2.ways, cfg_l2_apps(c), u->alloc);
    u->now_pos = u->pend_pos = -1;
    return 0;
}

void cm_l2_ucp_free(cm_l2_t *m)
{
    if (m->pol_state && cm_l2_blocks(m).ucp)
        cm_umon_free(cm_l2_blocks(m).ucp->umon);
    free(m->pol_state);
}

/* A hit or a miss that takes an MSHR: the request's app's UMON sees it (a merge or a stall does
 * not: the request that fetches the line was counted, a stalled one counts when decided). The
 * ATD moves now; a hit's counter counts at the next cycle end (cm_l2_ucp_period). */
void cm_l2_ucp_lookup(cm_l2_t *m, unsigned app, unsigned set, uint64_t tag, cm_l2_result_t *res)
{
    cm_l2_ucp_run_t *u = cm_l2_blocks(m).ucp;
    cm_umon_t *um = u->umon;
    int idx = cm_umon_index(um, set);
    if (idx < 0)
        return;
    unsigned ways = m->lay.ways;
    for (unsigned w = 0; w < ways; w++) {
        const cm_umon_entry_t *x = cm_umon_entry(um, app, (unsigned)idx, w);
        if (x->valid && x->tag == tag)
            res->pol.umon_sat = cm_umon_hits(um, app, x->rank) == um->cnt_max;
    }
    res->pol.umon = cm_umon_touch(um, app, set, tag);
    if (res->pol.umon >= 0) {
        /* the RTL decides one access a cycle; a second before the cycle ends (the model driven
         * without cycles, as the unit tests do) counts the first at once */
        if (u->now_pos >= 0)
            cm_umon_count(um, u->now_app, (unsigned)u->now_pos);
        u->now_pos = res->pol.umon;
        u->now_app = app;
    }
}

/* A fill into a full set: cm_ucp_victim over the row's owners and true-LRU ages. */
unsigned cm_l2_ucp_victim(cm_l2_t *m, lay_l2_row_t *r, unsigned core, cm_l2_result_t *res)
{
    cm_ucp_way_t set[CM_UCP_MAX_WAYS];
    for (unsigned w = 0; w < m->lay.ways; w++)
        set[w] = (cm_ucp_way_t){r->way[w].valid, r->way[w].owner, r->way[w].repl};
    return cm_ucp_victim(m->lay.ways, set, cfg_l2_apps(&m->cfg), cm_l2_blocks(m).ucp->alloc,
                         cm_l2_app(m, core), &res->pol.ucp_why);
}

/* The period (decision 7): last cycle's hit is counted, a running lookahead finishes, then the
 * period's last cycle snapshots the counters and halves them; this cycle's hit is counted at
 * the next cycle end (the RTL registers it: ucp_pend_*_q), so one in a period's last cycle
 * counts into the next period. */
int cm_l2_ucp_period(cm_l2_t *m, cm_l2_ucp_run_t *u)
{
    unsigned apps = cfg_l2_apps(&m->cfg), ways = m->lay.ways;
    if (u->pend_pos >= 0)
        cm_umon_count(u->umon, u->pend_app, (unsigned)u->pend_pos);
    u->pend_pos = u->now_pos;
    u->pend_app = u->now_app;
    u->now_pos = -1;
    u->part = u->period_end = 0;
    if (u->busy && --u->busy == 0) {
        memcpy(u->alloc, u->next, sizeof u->alloc);
        u->part = 1;
    }
    if (++u->t < m->cfg.tap.period)
        return 0;
    u->t = 0;
    u->period_end = 1;
    for (unsigned i = 0; i < apps * ways; i++)
        u->snap[i] = u->umon->hits[i];
    cm_umon_halve(u->umon);
    return 1;
}

static int init(cm_l2_t *m)
{
    ucp_state_t *s = calloc(1, sizeof *s);
    if (!(m->pol_state = s))
        return -1;
    s->b.ucp = &s->ucp;
    return cm_l2_ucp_init(m, &s->ucp);
}

/* At a period's end the lookahead starts on the snapshot, all apps taking part from 0 ways
 * (restarting one still running). */
static void cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    (void)retired;
    cm_l2_ucp_run_t *u = &((ucp_state_t *)m->pol_state)->ucp;
    if (!cm_l2_ucp_period(m, u))
        return;
    unsigned apps = cfg_l2_apps(&m->cfg), ways = m->lay.ways;
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 0;
    int ok = cm_ucp_lookahead(ways, apps, u->snap, (uint32_t)((1u << apps) - 1), u->next, st,
                              &n);
    assert(ok == 0);
    (void)ok;
    u->busy = cm_l2_ucp_latency(apps, ways, st, n);
}

const cm_l2_pol_ops_t cm_l2_pol_ucp = {
    .name = "ucp",
    .init = init,
    .free = cm_l2_ucp_free,
    .lookup = cm_l2_ucp_lookup,
    .victim = cm_l2_ucp_victim,
    .cycle_end = cycle_end,
};
