/* cm_duel: the SM-dueling controller's counting and decision, one clock cycle per call. */
#include "cm_duel.h"

#include <assert.h>
#include <string.h>

void cm_duel_init(cm_duel_t *d, const cfg_l1_t *c)
{
    assert(c->duel_interval >= 1 && c->duel_interval <= 65535 && c->duel_margin <= 100);
    memset(d, 0, sizeof *d);
    d->interval = c->duel_interval;
    d->margin = c->duel_margin;
}

int cm_duel_cycle(cm_duel_t *d, unsigned load_bits, unsigned unserved_bits, cm_duel_tick_t *tick)
{
    for (unsigned k = 0; k < 2; k++) {
        d->a[k] += (load_bits >> k) & 1u;
        d->m[k] += (unserved_bits >> k) & 1u;
        assert(d->a[k] <= d->interval && d->m[k] <= d->interval);
    }
    if (d->t + 1 < d->interval) {
        d->t++;
        if (tick) {
            memset(tick, 0, sizeof *tick);
            tick->kind = DUEL_NONE;
        }
        return 0;
    }
    cm_duel_tick_t r = {d->a[0], d->m[0], d->a[1], d->m[1], d->filter, DUEL_KEEP, 0};
    if (r.a0 > 0 && r.a1 > 0) {
        uint64_t a0 = r.a0, m0 = r.m0, a1 = r.a1, m1 = r.m1;
        uint64_t sm0 = 100 * m0 * a1, sm1 = 100 * m1 * a0;
        int worse = sm0 > sm1 + (uint64_t)d->margin * a0 * a1;
        r.filter = (uint8_t)!worse;
        r.kind = worse ? DUEL_FILTER_OFF : DUEL_FILTER_ON;
        r.margin_decided = (uint8_t)(sm0 > sm1 && !worse);
    }
    d->filter = r.filter;
    d->t = 0;
    d->a[0] = d->a[1] = d->m[0] = d->m[1] = 0;
    if (tick)
        *tick = r;
    return 1;
}
