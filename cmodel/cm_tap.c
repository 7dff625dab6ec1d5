/* cm_tap: core sampling, XSRATIO and the two masks, one clock cycle per call. */
#include "cm_tap.h"

#include <assert.h>
#include <string.h>

int cm_tap_init(cm_tap_t *t, const tap_params_t *p)
{
    if (tap_check(p, NULL) != 0)
        return -1;
    memset(t, 0, sizeof *t);
    t->p = *p;
    t->pol[0] = 0;
    t->pol[1] = 1;
    t->xsratio = 1;
    return 0;
}

cm_tap_role_t cm_tap_role(const cm_tap_t *t, int is_gpu, unsigned core)
{
    if (!is_gpu)
        return CM_TAP_FOLLOWER;
    assert(core < t->p.gpu_cores);
    return core == t->pol[0] ? CM_TAP_POL1 : core == t->pol[1] ? CM_TAP_POL2 : CM_TAP_FOLLOWER;
}

static uint32_t sat_add(uint32_t c, uint32_t x)
{
    return x >= CM_TAP_CNT_MAX - c ? CM_TAP_CNT_MAX : c + x;
}

cm_tap_tick_t cm_tap_decide(const tap_params_t *p, uint32_t i1, uint32_t i2, uint32_t a_gpu,
                            uint32_t a_cpu)
{
    cm_tap_tick_t r = {0};
    r.i1 = i1, r.i2 = i2, r.a_gpu = a_gpu, r.a_cpu = a_cpu;
    uint64_t diff = i1 > i2 ? i1 - i2 : i2 - i1, top = i1 > i2 ? i1 : i2;
    r.friendly = 100 * diff > (uint64_t)p->alpha * top;
    uint32_t q = a_gpu / (a_cpu ? a_cpu : 1);
    r.ratio_sat = q > TAP_XS_MAX;
    r.ratio = (uint16_t)(r.ratio_sat ? TAP_XS_MAX : q);
    r.xsratio = r.ratio >= p->txs ? r.ratio : 1;
    r.ucp_mask = !r.friendly;
    r.rrip_mask = !r.friendly || r.xsratio > 1;
    return r;
}

int cm_tap_cycle(cm_tap_t *t, const uint32_t *retired, const uint32_t *acc, cm_tap_tick_t *tick)
{
    unsigned apps = t->p.cpu_ports + 1;
    int landed = 0;
    if (tick)
        memset(tick, 0, sizeof *tick);
    if (t->wait && --t->wait == 0) { /* the decision of the period that ended LATENCY ago */
        t->xsratio = t->pending.xsratio;
        t->rrip_mask = t->pending.rrip_mask;
        t->ucp_mask = t->pending.ucp_mask;
        if (tick)
            *tick = t->pending;
        landed = 1;
    }
    for (unsigned c = 0; retired && c < t->p.gpu_cores; c++)
        t->retired[c] = sat_add(t->retired[c], retired[c]);
    for (unsigned k = 0; acc && k < apps; k++)
        t->acc[k] = sat_add(t->acc[k], acc[k]);
    if (t->t + 1 < t->p.period) {
        t->t++;
        return landed;
    }
    assert(t->wait == 0); /* period >= TAP_LATENCY: the last decision has landed */
    uint32_t a_cpu = 0;
    for (unsigned k = 0; k < t->p.cpu_ports; k++)
        a_cpu = t->acc[k] > a_cpu ? t->acc[k] : a_cpu;
    t->pending = cm_tap_decide(&t->p, t->retired[t->pol[0]], t->retired[t->pol[1]],
                               t->acc[app_gpu(t->p.cpu_ports)], a_cpu);
    t->wait = TAP_LATENCY;
    t->t = 0;
    memset(t->retired, 0, sizeof t->retired);
    memset(t->acc, 0, sizeof t->acc);
    return landed;
}
