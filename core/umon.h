/* umon: the parameters of UCP's utility monitors (SPEC 3.8; l2.sets, l2.umon_sets, l2.ways,
 * l2.umon_counter_bits and the applications) and their one legality rule, shared by
 * configuration validation (cfg.c names the key it refuses) and the C model (cmodel/cm_umon,
 * which refuses what umon_check refuses).
 * Invariant: a configuration cfg_validate accepts with l2.replacement = ucp or tap_ucp gives
 * parameters umon_check accepts. */
#ifndef CACHEGEN_UMON_H
#define CACHEGEN_UMON_H

#include "app.h"

#define UMON_CNT_BITS 16 /* a hit counter's width (SPEC 3.8) */

typedef struct umon_params {
    unsigned sets;      /* L2 sets, a power of two */
    unsigned umon_sets; /* l2.umon_sets: sampled sets, a power of two no larger than sets */
    unsigned ways;      /* l2.ways: ATD entries per set and hit counters per app, 1..32 */
    unsigned apps;      /* C + 1, 1..APP_MAX */
    unsigned cnt_bits;  /* hit counter width, 1..16; 0 = UMON_CNT_BITS (SPEC 3.8's 16; the
                           L2's l2.umon_counter_bits, narrower only to test saturation) */
} umon_params_t;

/* The one definition of legal parameters: 0, or -1 with a static reason in *why. */
static inline int umon_check(const umon_params_t *p, const char **why)
{
    const char *w = NULL;
    if (!p->sets || (p->sets & (p->sets - 1)))
        w = "sets must be a power of two";
    else if (!p->umon_sets || (p->umon_sets & (p->umon_sets - 1)) || p->umon_sets > p->sets)
        w = "umon sets must be a power of two no larger than sets";
    else if (p->ways < 1 || p->ways > 32)
        w = "ways must be 1..32";
    else if (p->apps < 1 || p->apps > APP_MAX)
        w = "apps (cpu ports + 1) must be 1..16";
    else if (p->cnt_bits > UMON_CNT_BITS)
        w = "counter bits must be 1..16";
    if (why)
        *why = w;
    return w ? -1 : 0;
}

#endif
