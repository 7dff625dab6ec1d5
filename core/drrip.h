/* drrip: thread-aware DRRIP's parameters (SPEC 3.8; l2.sets, l2.duel_leaders, l2.psel_bits,
 * l2.rrpv_bits and the applications) and their one legality rule, shared by configuration
 * validation (cfg.c names the key it refuses) and the C model (cmodel/cm_drrip, which refuses
 * what drrip_check refuses).
 * Invariant: a configuration cfg_validate accepts with l2.replacement = drrip or tap_rrip
 * gives parameters drrip_check accepts: stride = sets / leaders >= 2 * apps, so the leader
 * sets of different applications never collide. */
#ifndef CACHEGEN_DRRIP_H
#define CACHEGEN_DRRIP_H

#include "app.h"

#define DRRIP_PSEL_MAX_BITS 16

typedef struct drrip_params {
    unsigned sets;      /* L2 sets, a power of two */
    unsigned leaders;   /* L = l2.duel_leaders: leader sets per app and policy, power of two */
    unsigned apps;      /* C + 1, 1..APP_MAX */
    unsigned psel_bits; /* l2.psel_bits: each PSEL's width, 1..16 */
    unsigned rrpv_bits; /* n = l2.rrpv_bits, 1..8 */
} drrip_params_t;

/* The one definition of legal parameters (config validation calls it too): 0, or -1 with a
 * static reason in *why. */
static inline int drrip_check(const drrip_params_t *p, const char **why)
{
    const char *w = NULL;
    if (!p->sets || (p->sets & (p->sets - 1)))
        w = "sets must be a power of two";
    else if (!p->leaders || (p->leaders & (p->leaders - 1)) || p->leaders > p->sets)
        w = "leaders must be a power of two no larger than sets";
    else if (p->apps < 1 || p->apps > APP_MAX)
        w = "apps (cpu ports + 1) must be 1..16";
    else if (p->sets / p->leaders < 2 * p->apps)
        w = "sets / leaders must be at least 2 * (cpu ports + 1)";
    else if (p->psel_bits < 1 || p->psel_bits > DRRIP_PSEL_MAX_BITS)
        w = "psel bits must be 1..16";
    else if (p->rrpv_bits < 1 || p->rrpv_bits > 8)
        w = "rrpv bits must be 1..8";
    if (why)
        *why = w;
    return w ? -1 : 0;
}

#endif
