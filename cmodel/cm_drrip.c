/* cm_drrip: thread-aware DRRIP's leader sets, PSELs and insertion RRPVs (SPEC 3.8). */
#include "cm_drrip.h"

#include <assert.h>
#include <string.h>

static unsigned psel_top(const cm_drrip_t *d) { return (1u << d->p.psel_bits) - 1; }

int cm_drrip_init(cm_drrip_t *d, const drrip_params_t *p)
{
    if (drrip_check(p, NULL) != 0)
        return -1;
    memset(d, 0, sizeof *d);
    d->p = *p;
    d->stride = p->sets / p->leaders;
    for (unsigned k = 0; k < p->apps; k++)
        d->psel[k] = (uint16_t)(1u << (p->psel_bits - 1));
    return 0;
}

cm_leader_t cm_drrip_leader(const cm_drrip_t *d, unsigned app, unsigned set)
{
    assert(app < d->p.apps && set < d->p.sets);
    unsigned off = set % d->stride; /* the low log2(S) bits of the set */
    if (off == 2 * app)
        return CM_LEADER_SRRIP;
    if (off == 2 * app + 1)
        return CM_LEADER_BRRIP;
    return CM_LEADER_NONE;
}

cm_rrip_pol_t cm_drrip_policy(const cm_drrip_t *d, unsigned app, unsigned set)
{
    switch (cm_drrip_leader(d, app, set)) {
    case CM_LEADER_SRRIP:
        return CM_RRIP_SRRIP;
    case CM_LEADER_BRRIP:
        return CM_RRIP_BRRIP;
    default:
        return (d->psel[app] >> (d->p.psel_bits - 1)) & 1u ? CM_RRIP_BRRIP : CM_RRIP_SRRIP;
    }
}

cm_leader_t cm_drrip_miss(cm_drrip_t *d, unsigned app, unsigned set)
{
    cm_leader_t kind = cm_drrip_leader(d, app, set);
    if (kind == CM_LEADER_SRRIP && d->psel[app] < psel_top(d))
        d->psel[app]++;
    else if (kind == CM_LEADER_BRRIP && d->psel[app] > 0)
        d->psel[app]--;
    return kind;
}

unsigned cm_drrip_insert(cm_drrip_t *d, cm_rrip_pol_t pol)
{
    unsigned distant = (1u << d->p.rrpv_bits) - 1, longish = distant - 1;
    if (pol == CM_RRIP_SRRIP)
        return longish;
    unsigned rrpv = d->brrip_cnt == CM_DRRIP_BRRIP_PERIOD - 1 ? longish : distant;
    d->brrip_cnt = (uint8_t)((d->brrip_cnt + 1) % CM_DRRIP_BRRIP_PERIOD);
    return rrpv;
}

unsigned cm_drrip_fill(cm_drrip_t *d, unsigned app, unsigned set)
{
    return cm_drrip_insert(d, cm_drrip_policy(d, app, set));
}
