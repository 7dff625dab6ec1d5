/* cm_l2_pol_tap_rrip: l2.replacement = tap_rrip (cm_tap, cm_tap_rrip; docs/tap.md): DRRIP's block
 * and TAP's core-sampling controller, which counts every access by application and takes the
 * retired instructions at cycle end; its masks steer DRRIP as cm_tap_rrip says (the sampling
 * cores' insertions, the mask's forced BRRIP, no GPU promotion and the GPU-first victim under
 * RRIP-Mask). Reports tap_ins, tap_gpu_first and tap_kept in the event. */
#include "cm_l2_pol.h"

#include <stdlib.h>

typedef struct tr_state {
    cm_l2_blocks_t b;        /* first: cm_l2_blocks */
    cm_drrip_t drrip;
    cm_l2_tap_run_t tap;
} tr_state_t;

static int init(cm_l2_t *m)
{
    tr_state_t *s = calloc(1, sizeof *s);
    if (!(m->pol_state = s))
        return -1;
    s->b.drrip = &s->drrip;
    s->b.tap = &s->tap;
    cm_l2_drrip_init(m, &s->drrip);
    cm_l2_tap_init(m, &s->tap);
    return 0;
}

static void pol_free(cm_l2_t *m)
{
    free(m->pol_state);
}

static void accessed(cm_l2_t *m, unsigned app)
{
    ((tr_state_t *)m->pol_state)->tap.acc[app]++;
}

/* A GPU hit under RRIP-Mask keeps its RRPV. */
static void hit(cm_l2_t *m, lay_l2_row_t *r, unsigned way, unsigned app, cm_l2_result_t *res)
{
    if (cm_tap_rrip_promotes(cm_l2_blocks(m).tap->tap.rrip_mask, app, app_gpu(m->lay.cpu_cores)))
        cm_l2_repl_touch(m, r, way);
    else
        res->pol.tap_kept = 1;
}

/* The RRPVs age as SRRIP's; under RRIP-Mask a GPU line first among those at 2^n-1. */
static unsigned victim(cm_l2_t *m, lay_l2_row_t *r, unsigned core, cm_l2_result_t *res)
{
    (void)core;
    uint8_t rrpv[LAY_MAX_WAYS] = {0}, owner[LAY_MAX_WAYS] = {0};
    unsigned n = m->lay.ways;
    int gpu_first = 0;
    for (unsigned w = 0; w < n; w++)
        rrpv[w] = r->way[w].repl, owner[w] = r->way[w].owner;
    unsigned v = cm_tap_rrip_victim(n, m->lay.repl_bits, rrpv, owner,
                                    app_gpu(m->lay.cpu_cores),
                                    cm_l2_blocks(m).tap->tap.rrip_mask, &gpu_first);
    for (unsigned w = 0; w < n; w++)
        r->way[w].repl = rrpv[w];
    res->pol.tap_gpu_first = (uint8_t)gpu_first;
    return v;
}

/* The sampling cores', the mask's or DRRIP's insertion. */
static void insert(cm_l2_t *m, lay_l2_row_t *r, unsigned set, unsigned way, unsigned core,
                   cm_l2_result_t *res)
{
    tr_state_t *s = m->pol_state;
    cm_tap_ins_t why;
    cm_tap_role_t role = cm_tap_role(&s->tap.tap, core < m->lay.cores, core);
    cm_l2_repl_insert(m, r, way);
    r->way[way].repl = (uint8_t)cm_tap_rrip_fill(&s->drrip, s->tap.tap.rrip_mask,
                                                 cm_l2_app(m, core), role, set, &why);
    res->pol.tap_ins = (uint8_t)why;
}

static void cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    cm_l2_tap_cycle(m, &((tr_state_t *)m->pol_state)->tap, retired);
}

const cm_l2_pol_ops_t cm_l2_pol_tap_rrip = {
    .name = "tap_rrip",
    .init = init,
    .free = pol_free,
    .accessed = accessed,
    .hit = hit,
    .miss = cm_l2_drrip_miss,
    .victim = victim,
    .insert = insert,
    .cycle_end = cycle_end,
};
