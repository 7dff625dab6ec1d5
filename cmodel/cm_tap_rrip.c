/* cm_tap_rrip: TAP-RRIP's insertion, promotion and victim rules over DRRIP. */
#include "cm_tap_rrip.h"

#include <assert.h>

unsigned cm_tap_rrip_fill(cm_drrip_t *d, unsigned rrip_mask, unsigned app, cm_tap_role_t role,
                          unsigned set, cm_tap_ins_t *why)
{
    unsigned gpu = d->p.apps - 1;
    cm_tap_ins_t kind = CM_TAP_INS_DRRIP;
    unsigned rrpv;
    if (app == gpu && role == CM_TAP_POL1) {
        kind = CM_TAP_INS_POL1;
        rrpv = (1u << d->p.rrpv_bits) - 1;
    } else if (app == gpu && role == CM_TAP_POL2) {
        kind = CM_TAP_INS_POL2;
        rrpv = 0;
    } else if (app == gpu && rrip_mask && cm_drrip_leader(d, app, set) == CM_LEADER_NONE) {
        kind = CM_TAP_INS_MASK;
        rrpv = cm_drrip_insert(d, CM_RRIP_BRRIP);
    } else {
        rrpv = cm_drrip_fill(d, app, set);
    }
    if (why)
        *why = kind;
    return rrpv;
}

int cm_tap_rrip_promotes(unsigned rrip_mask, unsigned app, unsigned gpu_app)
{
    return !(rrip_mask && app == gpu_app);
}

unsigned cm_tap_rrip_victim(unsigned ways, unsigned rrpv_bits, uint8_t *rrpv,
                            const uint8_t *owner, unsigned gpu_app, unsigned rrip_mask,
                            int *gpu_first)
{
    assert(ways >= 1 && rrpv_bits >= 1 && rrpv_bits <= 8);
    unsigned far = (1u << rrpv_bits) - 1, top = 0;
    for (unsigned w = 0; w < ways; w++)
        top = rrpv[w] > top ? rrpv[w] : top;
    for (unsigned w = 0; w < ways; w++) /* repeated increments, done at once */
        rrpv[w] = (uint8_t)(rrpv[w] + far - top);
    int lowest = -1, gpu = -1;
    for (unsigned w = 0; w < ways; w++) {
        if (rrpv[w] != far)
            continue;
        if (lowest < 0)
            lowest = (int)w;
        if (gpu < 0 && owner[w] == gpu_app)
            gpu = (int)w;
    }
    assert(lowest >= 0);
    int v = rrip_mask && gpu >= 0 ? gpu : lowest;
    if (gpu_first)
        *gpu_first = v != lowest;
    return (unsigned)v;
}
