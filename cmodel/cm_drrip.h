/* cm_drrip: thread-aware DRRIP's set dueling and insertion for one L2 slice (SPEC 3.8), the
 * state the RTL holds beside the rows: one PSEL per application and the slice's 5-bit BRRIP
 * counter. Hits (RRPV to 0) and the victim search are SRRIP's (cm_repl_srrip).
 * Invariants: psel[k] <= 2^psel_bits - 1; brrip_cnt < 32; stride = sets / leaders and
 * stride >= 2 * apps, so the leader sets of different applications never collide. */
#ifndef CACHEGEN_CM_DRRIP_H
#define CACHEGEN_CM_DRRIP_H

#include <stddef.h>
#include <stdint.h>
#include "cm_app.h"

#define CM_DRRIP_PSEL_MAX_BITS 16
#define CM_DRRIP_BRRIP_PERIOD 32 /* BRRIP inserts at 2^n-2 once per this many (5-bit counter) */

typedef enum { CM_RRIP_SRRIP, CM_RRIP_BRRIP } cm_rrip_pol_t;

/* What a set is to one application. */
typedef enum {
    CM_LEADER_NONE,  /* a follower for this app (other apps' leaders included) */
    CM_LEADER_SRRIP, /* this app's SRRIP leader: s mod S = 2k */
    CM_LEADER_BRRIP  /* this app's BRRIP leader: s mod S = 2k + 1 */
} cm_leader_t;

typedef struct cm_drrip_params {
    unsigned sets;      /* L2 sets, a power of two */
    unsigned leaders;   /* L = l2.duel_leaders: leader sets per app and policy, power of two */
    unsigned apps;      /* C + 1, 1..CM_APP_MAX */
    unsigned psel_bits; /* l2.psel_bits: each PSEL's width, 1..16 */
    unsigned rrpv_bits; /* n = l2.rrpv_bits, 1..8 */
} cm_drrip_params_t;

typedef struct cm_drrip {
    cm_drrip_params_t p;
    unsigned stride;             /* S = sets / leaders */
    uint16_t psel[CM_APP_MAX];   /* psel_bits each, saturating; reset 2^(psel_bits-1) */
    uint8_t brrip_cnt;           /* 5 bits, wrapping: the slice's BRRIP insertions mod 32 */
} cm_drrip_t;

/* The one definition of legal parameters (config validation calls it too): 0, or -1 with a
 * static reason in *why. */
static inline int cm_drrip_check(const cm_drrip_params_t *p, const char **why)
{
    const char *w = NULL;
    if (!p->sets || (p->sets & (p->sets - 1)))
        w = "sets must be a power of two";
    else if (!p->leaders || (p->leaders & (p->leaders - 1)) || p->leaders > p->sets)
        w = "leaders must be a power of two no larger than sets";
    else if (p->apps < 1 || p->apps > CM_APP_MAX)
        w = "apps (cpu ports + 1) must be 1..16";
    else if (p->sets / p->leaders < 2 * p->apps)
        w = "sets / leaders must be at least 2 * (cpu ports + 1)";
    else if (p->psel_bits < 1 || p->psel_bits > CM_DRRIP_PSEL_MAX_BITS)
        w = "psel bits must be 1..16";
    else if (p->rrpv_bits < 1 || p->rrpv_bits > 8)
        w = "rrpv bits must be 1..8";
    if (why)
        *why = w;
    return w ? -1 : 0;
}

/* The state after reset: every PSEL at 2^(psel_bits-1), the BRRIP counter at 0.
 * Returns 0, or -1 when cm_drrip_check refuses p (then nothing is written). */
int cm_drrip_init(cm_drrip_t *d, const cm_drrip_params_t *p);

/* What set `set` is to application `app`. */
cm_leader_t cm_drrip_leader(const cm_drrip_t *d, unsigned app, unsigned set);

/* The policy `app` uses in `set`: its leaders' own, elsewhere BRRIP when PSEL_app's top bit
 * is 1, else SRRIP. */
cm_rrip_pol_t cm_drrip_policy(const cm_drrip_t *d, unsigned app, unsigned set);

/* A miss by `app` in `set`: in its SRRIP leader PSEL_app + 1, in its BRRIP leader - 1, both
 * saturating; elsewhere nothing. Returns what the set is to app. */
cm_leader_t cm_drrip_miss(cm_drrip_t *d, unsigned app, unsigned set);

/* The RRPV of one insertion under `pol`: SRRIP 2^n-2; BRRIP 2^n-2 when the counter is at 31
 * (the 32nd, 64th... BRRIP insertion since reset), else 2^n-1, and the counter advances
 * (mod 32). Only BRRIP insertions advance it. */
unsigned cm_drrip_insert(cm_drrip_t *d, cm_rrip_pol_t pol);

/* cm_drrip_insert(d, cm_drrip_policy(d, app, set)): a fill of app's line into set. */
unsigned cm_drrip_fill(cm_drrip_t *d, unsigned app, unsigned set);

#endif
