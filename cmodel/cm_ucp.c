/* cm_ucp: the lookahead partitioning and the victim choice under a partition. */
#include "cm_ucp.h"

#include <assert.h>
#include <string.h>

/* u1 / b1 > u2 / b2, exactly. */
static int better(uint64_t u1, unsigned b1, uint64_t u2, unsigned b2)
{
    return u1 * b2 > u2 * b1;
}

/* App k's best round from allocation a with `left` ways left: the smallest b maximising
 * U(a, a+b) / b, returned with its U in *u. */
static unsigned best_extra(const uint32_t *h, unsigned a, unsigned left, uint64_t *u)
{
    uint64_t sum = 0, best_u = 0;
    unsigned best_b = 0;
    for (unsigned b = 1; b <= left; b++) {
        sum += h[a + b - 1];
        if (best_b == 0 || better(sum, b, best_u, best_b))
            best_u = sum, best_b = b;
    }
    *u = best_u;
    return best_b;
}

int cm_ucp_lookahead(unsigned ways, unsigned apps, const uint32_t *hits, uint32_t part,
                     unsigned *alloc, cm_ucp_step_t *steps, unsigned *nsteps)
{
    if (ways < 1 || ways > CM_UCP_MAX_WAYS || apps < 1 || apps > APP_MAX)
        return -1;
    unsigned a[APP_MAX], left = ways;
    for (unsigned k = 0; k < apps; k++) {
        a[k] = (part >> k) & 1u ? 0 : alloc[k];
        if (!((part >> k) & 1u) && a[k] > left)
            return -1;
        if (!((part >> k) & 1u))
            left -= a[k];
    }
    if (left > 0 && (part & ((1u << apps) - 1)) == 0)
        return -1;
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 0;
    while (left > 0) {
        int win = -1;
        unsigned win_b = 0;
        uint64_t win_u = 0;
        for (unsigned k = 0; k < apps; k++) {
            if (!((part >> k) & 1u))
                continue;
            uint64_t u;
            unsigned b = best_extra(&hits[(size_t)k * ways], a[k], left, &u);
            if (win < 0 || better(u, b, win_u, win_b))
                win = (int)k, win_b = b, win_u = u;
        }
        assert(win >= 0 && win_b >= 1 && win_b <= left);
        a[win] += win_b;
        left -= win_b;
        st[n++] = (cm_ucp_step_t){(unsigned)win, win_b, win_u};
    }
    memcpy(alloc, a, apps * sizeof *alloc);
    if (steps)
        memcpy(steps, st, n * sizeof *steps);
    if (nsteps)
        *nsteps = n;
    return 0;
}

/* The oldest way among those whose owner's bit is set in `owners`, or -1. */
static int oldest(unsigned ways, const cm_ucp_way_t *set, uint32_t owners)
{
    int best = -1;
    for (unsigned w = 0; w < ways; w++)
        if ((owners >> set[w].owner) & 1u && (best < 0 || set[w].age > set[best].age))
            best = (int)w;
    return best;
}

unsigned cm_ucp_victim(unsigned ways, const cm_ucp_way_t *set, unsigned apps,
                       const unsigned *alloc, unsigned app, cm_ucp_victim_t *why)
{
    assert(ways >= 1 && ways <= CM_UCP_MAX_WAYS && apps <= APP_MAX && app < apps);
    cm_ucp_victim_t kind;
    int v = -1;
    unsigned count[APP_MAX] = {0};
    for (unsigned w = 0; w < ways && v < 0; w++) {
        if (!set[w].valid) {
            v = (int)w;
        } else {
            assert(set[w].owner < apps);
            count[set[w].owner]++;
        }
    }
    if (v >= 0) {
        kind = CM_UCP_VICTIM_INVALID;
    } else if (count[app] < alloc[app] || count[app] == 0) {
        uint32_t over = 0;
        for (unsigned k = 0; k < apps; k++)
            if (count[k] > alloc[k])
                over |= 1u << k;
        v = oldest(ways, set, over);
        kind = CM_UCP_VICTIM_OVER;
        if (v < 0) {
            v = oldest(ways, set, (1u << apps) - 1);
            kind = CM_UCP_VICTIM_LRU;
        }
    } else {
        v = oldest(ways, set, 1u << app);
        kind = CM_UCP_VICTIM_OWN;
    }
    assert(v >= 0);
    if (why)
        *why = kind;
    return (unsigned)v;
}
