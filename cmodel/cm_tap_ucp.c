/* cm_tap_ucp: the TAP-UCP partition at a period end (XSRATIO division, the GPU's one way). */
#include "cm_tap_ucp.h"

int cm_tap_ucp_partition(unsigned ways, unsigned apps, const uint16_t *hits, unsigned xsratio,
                         unsigned ucp_mask, unsigned *alloc, cm_ucp_step_t *steps,
                         unsigned *nsteps)
{
    if (ways < 1 || ways > CM_UCP_MAX_WAYS || apps < 1 || apps > APP_MAX || xsratio < 1 ||
        xsratio > TAP_XS_MAX || (ucp_mask && apps < 2))
        return -1;
    unsigned gpu = apps - 1, a[APP_MAX] = {0};
    uint32_t h[APP_MAX * CM_UCP_MAX_WAYS];
    for (unsigned k = 0; k < apps; k++)
        for (unsigned j = 0; j < ways; j++) {
            uint32_t c = hits[k * ways + j];
            h[k * ways + j] = k == gpu && xsratio > 1 ? c / xsratio : c;
        }
    uint32_t part = (1u << apps) - 1;
    if (ucp_mask) {
        part &= ~(1u << gpu);
        a[gpu] = 1;
    }
    if (cm_ucp_lookahead(ways, apps, h, part, a, steps, nsteps) != 0)
        return -1;
    for (unsigned k = 0; k < apps; k++)
        alloc[k] = a[k];
    return 0;
}
