/* cm_l2_pol_tap_ucp: l2.replacement = tap_ucp (cm_tap, cm_tap_ucp; docs/tap.md): UCP's block and
 * TAP's controller. A period's lookahead waits for that period's decision and starts the cycle
 * after it lands, on the period end's snapshot, with the GPU's copy divided by XSRATIO (when above
 * 1 and UCP-Mask is clear) or the GPU fixed at 1 way (UCP-Mask), as cm_tap_ucp_partition;
 * Core-POL1's reads (GPU core 0) do not allocate; their accesses reach the UMON as every GPU
 * access does. Reports how each lookahead it started was made (cm_l2_tap_ucp_of) for the
 * harnesses' bins. */
#include "cm_l2_pol.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef struct tu_state {
    cm_l2_blocks_t b;        /* first: cm_l2_blocks */
    cm_l2_ucp_run_t ucp;
    cm_l2_tap_run_t tap;
    cm_l2_tap_ucp_info_t info; /* the last lookahead started */
    uint8_t wait;            /* a snapshot waits for its period's decision */
    uint8_t start;           /* the decision landed; the lookahead starts next cycle */
} tu_state_t;

unsigned cm_l2_tap_ucp_latency(unsigned apps, unsigned ways, unsigned cnt_bits, unsigned xsratio,
                               unsigned ucp_mask, const cm_ucp_step_t *st, unsigned n)
{
    if (ucp_mask)
        return cm_l2_ucp_latency(apps - 1, ways - 1, st, n);
    return (xsratio > 1 ? ways * cnt_bits : 0) + cm_l2_ucp_latency(apps, ways, st, n);
}

static int init(cm_l2_t *m)
{
    tu_state_t *s = calloc(1, sizeof *s);
    if (!(m->pol_state = s))
        return -1;
    s->b.ucp = &s->ucp;
    s->b.tap = &s->tap;
    if (cm_l2_ucp_init(m, &s->ucp) != 0)
        return -1;
    cm_l2_tap_init(m, &s->tap);
    return 0;
}

const cm_l2_tap_ucp_info_t *cm_l2_tap_ucp_of(const cm_l2_t *m)
{
    return m->pol == &cm_l2_pol_tap_ucp ? &((const tu_state_t *)m->pol_state)->info : NULL;
}

static int noalloc(cm_l2_t *m, unsigned core, int store)
{
    const tu_state_t *s = m->pol_state;
    return cm_tap_ucp_bypass(cm_tap_role(&s->tap.tap, core < m->lay.cores, core), store);
}

static void accessed(cm_l2_t *m, unsigned app)
{
    ((tu_state_t *)m->pol_state)->tap.acc[app]++;
}

/* The lookahead starts the cycle after its period's decision landed (no period ended since), on
 * the period end's snapshot, with the XSRATIO and UCP-Mask now in force (that decision's):
 * cm_tap_ucp_partition, applying cm_l2_tap_ucp_latency cycles later. */
static void start(cm_l2_t *m, tu_state_t *s)
{
    unsigned apps = cfg_l2_apps(&m->cfg), ways = m->lay.ways;
    uint16_t h[APP_MAX * CM_UCP_MAX_WAYS];
    for (unsigned i = 0; i < apps * ways; i++)
        h[i] = (uint16_t)s->ucp.snap[i];
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 0, xs = s->tap.tap.xsratio, mask = s->tap.tap.ucp_mask;
    int ok = cm_tap_ucp_partition(ways, apps, h, xs, mask, s->ucp.next, st, &n);
    assert(ok == 0);
    (void)ok;
    s->start = 0;
    s->info.divided = (uint8_t)(xs > 1 && !mask);
    s->info.masked = (uint8_t)mask;
    unsigned plain[APP_MAX];
    s->info.div_mattered = 0;
    if (s->info.divided && cm_tap_ucp_partition(ways, apps, h, 1, 0, plain, NULL, NULL) == 0)
        s->info.div_mattered = (uint8_t)(memcmp(plain, s->ucp.next, apps * sizeof *plain) != 0);
    s->ucp.busy =
        cm_l2_tap_ucp_latency(apps, ways, m->cfg.l2.umon_counter_bits, xs, mask, st, n);
}

/* UCP's period, whose lookahead waits for the period's decision (a running one stops); the
 * controller's cycle; a decision that lands lets the lookahead start next cycle. */
static void cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    tu_state_t *s = m->pol_state;
    if (cm_l2_ucp_period(m, &s->ucp)) {
        s->ucp.busy = 0;
        s->wait = 1;
        s->start = 0;
    }
    if (s->start && !s->ucp.period_end)
        start(m, s);
    cm_l2_tap_cycle(m, &s->tap, retired);
    if (s->tap.ticked && !s->ucp.period_end) {
        assert(s->wait); /* the controller's periods are UCP's */
        s->wait = 0;
        s->start = 1;
    }
}

const cm_l2_pol_ops_t cm_l2_pol_tap_ucp = {
    .name = "tap_ucp",
    .init = init,
    .free = cm_l2_ucp_free,
    .noalloc = noalloc,
    .accessed = accessed,
    .lookup = cm_l2_ucp_lookup,
    .victim = cm_l2_ucp_victim,
    .cycle_end = cycle_end,
};
