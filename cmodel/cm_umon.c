/* cm_umon: UCP's per-application auxiliary tag directories and LRU-position hit counters. */
#include "cm_umon.h"

#include <assert.h>
#include <stdlib.h>

int cm_umon_new(const umon_params_t *p, cm_umon_t **out)
{
    if (umon_check(p, NULL) != 0)
        return -1;
    cm_umon_t *u = calloc(1, sizeof *u);
    if (!u)
        goto fail;
    u->p = *p;
    u->stride = p->sets / p->umon_sets;
    u->cnt_max = (1u << (p->cnt_bits ? p->cnt_bits : UMON_CNT_BITS)) - 1;
    size_t entries = (size_t)p->apps * p->umon_sets * p->ways;
    u->atd = calloc(entries, sizeof *u->atd);
    u->hits = calloc((size_t)p->apps * p->ways, sizeof *u->hits);
    if (!u->atd || !u->hits)
        goto fail;
    for (size_t e = 0; e < entries; e++)
        u->atd[e].rank = (uint8_t)(e % p->ways);
    *out = u;
    return 0;
fail:
    cm_umon_free(u);
    return -1;
}

void cm_umon_free(cm_umon_t *u)
{
    if (!u)
        return;
    free(u->atd);
    free(u->hits);
    free(u);
}

int cm_umon_index(const cm_umon_t *u, unsigned set)
{
    assert(set < u->p.sets);
    return set % u->stride == 0 ? (int)(set / u->stride) : -1;
}

int cm_umon_access(cm_umon_t *u, unsigned app, unsigned set, uint64_t tag)
{
    int pos = cm_umon_touch(u, app, set, tag);
    if (pos >= 0)
        cm_umon_count(u, app, (unsigned)pos);
    return pos;
}

void cm_umon_count(cm_umon_t *u, unsigned app, unsigned pos)
{
    assert(app < u->p.apps && pos < u->p.ways);
    uint16_t *c = &u->hits[(size_t)app * u->p.ways + pos];
    if (*c < u->cnt_max)
        (*c)++;
}

int cm_umon_touch(cm_umon_t *u, unsigned app, unsigned set, uint64_t tag)
{
    assert(app < u->p.apps);
    int idx = cm_umon_index(u, set);
    if (idx < 0)
        return CM_UMON_UNSAMPLED;
    unsigned ways = u->p.ways;
    cm_umon_entry_t *e = &u->atd[((size_t)app * u->p.umon_sets + (unsigned)idx) * ways];
    int hit = -1, lru = -1;
    for (unsigned w = 0; w < ways; w++) {
        if (e[w].valid && e[w].tag == tag)
            hit = (int)w;
        if (e[w].rank == ways - 1)
            lru = (int)w;
    }
    assert(lru >= 0);
    unsigned way = (unsigned)(hit >= 0 ? hit : lru), pos = e[way].rank;
    for (unsigned w = 0; w < ways; w++)
        if (e[w].rank < pos)
            e[w].rank++;
    e[way].rank = 0;
    e[way].valid = 1;
    e[way].tag = tag;
    return hit >= 0 ? (int)pos : CM_UMON_MISS;
}

void cm_umon_halve(cm_umon_t *u)
{
    for (size_t i = 0; i < (size_t)u->p.apps * u->p.ways; i++)
        u->hits[i] >>= 1;
}
