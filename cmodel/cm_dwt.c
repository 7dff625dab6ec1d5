/* cm_dwt: the DWT-CS controller's counting, detection, sampling and table, one cycle a call;
 * a period's decision lands three cycles after its end (the RTL's pipeline). */
#include "cm_dwt.h"
#include "../core/lay.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void cm_dwt_init(cm_dwt_t *d, const cfg_t *c)
{
    assert(lay_mech_beside_is(c->l1.mode, "dwt") && c->sys.cores >= 1 &&
           c->sys.cores <= CM_DWT_CORES_MAX);
    assert(c->dwt.table_entries >= 1 && c->dwt.table_entries <= CM_DWT_ENTRIES_MAX);
    assert(c->dwt.max_warps < (1u << c->dwt.warp_bits));
    assert(c->dwt.period >= DWT_PERIOD_MIN);
    memset(d, 0, sizeof *d);
    d->p = c->dwt;
    d->cores = c->sys.cores;
    d->state = DWT_ST_DETECT;
    d->limit = c->dwt.max_warps;
}

unsigned cm_dwt_limit(const cm_dwt_t *d, unsigned core)
{
    assert(core < d->cores);
    return d->state == DWT_ST_SAMPLE ? dwt_sample_limit(&d->p, core) : d->limit;
}

static uint32_t sat_add(uint32_t a, unsigned b)
{
    uint64_t s = (uint64_t)a + b;
    return s > DWT_COUNT_MAX ? DWT_COUNT_MAX : (uint32_t)s;
}

/* The period has ended while detecting: count it, and after N in a row reuse or sample. */
static void end_detect(cm_dwt_t *d, int thrash, cm_dwt_tick_t *r)
{
    if (!thrash) {
        r->kind = d->det ? DWT_EVT_DETECT_RESET : DWT_EVT_QUIET;
        d->det = 0;
        return;
    }
    if (d->det + 1 < d->p.detect_periods) {
        r->kind = DWT_EVT_THRASH;
        d->det++;
        return;
    }
    d->det = 0;
    for (unsigned i = 0; i < d->p.table_entries; i++)
        if (d->table[i].valid && d->table[i].kernel == d->kernel) {
            r->kind = DWT_EVT_REUSE;
            r->slot = i;
            d->limit = d->table[i].limit;
            d->state = DWT_ST_DONE;
            return;
        }
    r->kind = DWT_EVT_SAMPLE_START;
    d->sp = 0;
    memset(d->total, 0, sizeof d->total);
    d->state = DWT_ST_SAMPLE;
}

/* A sampling period has ended (its counts already in d->total): the last one picks the
 * winner. */
static void end_sample(cm_dwt_t *d, cm_dwt_tick_t *r)
{
    if (d->sp + 1 < d->p.sample_periods) {
        r->kind = DWT_EVT_SAMPLING;
        d->sp++;
        return;
    }
    unsigned win = 0;
    for (unsigned c = 1; c < d->cores; c++)
        if (d->total[c] > d->total[win])
            win = c;
    for (unsigned c = 0; c < d->cores; c++)
        r->ties += d->total[c] == d->total[win];
    r->kind = DWT_EVT_WINNER;
    r->winner = win;
    r->capped = win + 1 > d->p.max_warps;
    d->limit = dwt_sample_limit(&d->p, win);
    cm_dwt_entry_t *e = &d->table[d->slot];
    r->slot = d->slot;
    r->replaced = e->valid;
    *e = (cm_dwt_entry_t){1, d->kernel, d->limit};
    d->slot = (d->slot + 1) % d->p.table_entries;
    d->state = DWT_ST_DONE;
}

dwt_state_t cm_dwt_judged_state(const cm_dwt_t *d) { return d->pend ? d->pend_state : d->state; }

/* The period ends at this cycle (its counts in d->inst, d->miss): work out its decision from
 * the state now (after any decision that landed this cycle), to land DWT_PIPE_STAGES cycles
 * later. A sampling period's counts join the totals now (the RTL: at T+1, unobservably
 * later). */
static void capture(cm_dwt_t *d)
{
    assert(d->pend == 0);
    cm_dwt_tick_t r;
    memset(&r, 0, sizeof r);
    r.kind = DWT_EVT_HOLD;
    r.state_before = d->state;
    r.limit_before = d->limit;
    r.saturated = d->saturated;
    for (unsigned c = 0; c < d->cores; c++)
        r.inst_sum += d->inst[c], r.miss_sum += d->miss[c];
    uint64_t miss_side = DWT_MPKI_SCALE * r.miss_sum;
    uint64_t inst_side = (uint64_t)d->p.mpki_threshold * r.inst_sum;
    r.mpki_tie = miss_side == inst_side;
    if (d->state == DWT_ST_SAMPLE)
        for (unsigned c = 0; c < d->cores; c++)
            d->total[c] += d->inst[c];
    cm_dwt_t *nx = malloc(sizeof *nx);  /* the state after the decision, worked out on a copy */
    assert(nx != NULL);
    *nx = *d;
    if (d->state == DWT_ST_DETECT)
        end_detect(nx, miss_side > inst_side, &r);
    else if (d->state == DWT_ST_SAMPLE)
        end_sample(nx, &r);
    r.kernel = nx->kernel;
    r.count = nx->det;
    r.limit = nx->limit;
    d->pend = DWT_PIPE_STAGES;
    d->pend_tick = r;
    d->pend_state = nx->state;
    d->pend_det = nx->det;
    d->pend_sp = nx->sp;
    d->pend_limit = nx->limit;
    d->pend_slot = nx->slot;
    d->pend_store = r.kind == DWT_EVT_WINNER;
    d->pend_clear_totals = r.kind == DWT_EVT_SAMPLE_START;
    free(nx);
}

/* The pending decision lands: its state, and the winner's table entry. */
static void land(cm_dwt_t *d, cm_dwt_tick_t *r)
{
    *r = d->pend_tick;
    d->state = d->pend_state;
    d->det = d->pend_det;
    d->sp = d->pend_sp;
    d->limit = d->pend_limit;
    if (d->pend_store)
        d->table[r->slot] = (cm_dwt_entry_t){1, d->kernel, d->limit};
    d->slot = d->pend_slot;
    if (d->pend_clear_totals)
        memset(d->total, 0, sizeof d->total);
}

int cm_dwt_cycle(cm_dwt_t *d, const unsigned *inst, uint64_t miss_bits, int kernel_start,
                 unsigned kernel_id, cm_dwt_tick_t *tick)
{
    assert(kernel_id < (1u << DWT_KERNEL_BITS));
    cm_dwt_tick_t r;
    memset(&r, 0, sizeof r);
    r.kind = DWT_EVT_HOLD;
    int period_end = d->t + 1 == d->p.period, event = 0;
    if (kernel_start) {  /* priority over a decision landing and a period ending */
        r.kind = DWT_EVT_KERNEL_START;
        r.state_before = d->state;
        r.limit_before = d->limit;
        r.at_period_end = (unsigned)period_end;
        r.cancelled = d->pend;
        d->pend = 0;
        d->state = DWT_ST_DETECT;
        d->det = 0;
        d->kernel = kernel_id;
        d->limit = d->p.max_warps;
        r.kernel = d->kernel;
        r.limit = d->limit;
        event = 1;
    } else {
        if (d->pend && --d->pend == 0) {
            land(d, &r);
            event = 1;
        }
        for (unsigned c = 0; c < d->cores; c++) {
            assert(inst[c] < (1u << d->p.inst_bits));
            uint32_t i = sat_add(d->inst[c], inst[c]), m = sat_add(d->miss[c], (miss_bits >> c) & 1);
            d->saturated |= (uint64_t)d->inst[c] + inst[c] > DWT_COUNT_MAX ||
                            (uint64_t)d->miss[c] + ((miss_bits >> c) & 1) > DWT_COUNT_MAX;
            d->inst[c] = i;
            d->miss[c] = m;
        }
        if (period_end)
            capture(d);
    }
    if (kernel_start || period_end) {  /* the counts and the timer restart */
        d->t = 0;
        memset(d->inst, 0, sizeof d->inst);
        memset(d->miss, 0, sizeof d->miss);
        d->saturated = 0;
    } else {
        d->t++;
    }
    if (tick) {
        if (!event) {
            memset(tick, 0, sizeof *tick);
            tick->kind = DWT_EVT_HOLD;
        } else {
            *tick = r;
        }
    }
    return event;
}
