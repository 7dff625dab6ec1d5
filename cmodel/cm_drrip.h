/* cm_drrip: thread-aware DRRIP's set dueling and insertion for one L2 slice (SPEC 3.8), the
 * state the RTL holds beside the rows: one PSEL per application and the slice's 5-bit BRRIP
 * counter. Hits (RRPV to 0) and the victim search are SRRIP's (cm_repl_srrip).
 * Invariants: psel[k] <= 2^psel_bits - 1; brrip_cnt < 32; stride = sets / leaders and
 * stride >= 2 * apps, so the leader sets of different applications never collide. Its
 * parameters and their legality are core/drrip.h's. */
#ifndef CACHEGEN_CM_DRRIP_H
#define CACHEGEN_CM_DRRIP_H

#include <stddef.h>
#include <stdint.h>
#include "../core/app.h"
#include "../core/drrip.h"

#define CM_DRRIP_BRRIP_PERIOD 32 /* BRRIP inserts at 2^n-2 once per this many (5-bit counter) */

typedef enum { CM_RRIP_SRRIP, CM_RRIP_BRRIP } cm_rrip_pol_t;

/* What a set is to one application. */
typedef enum {
    CM_LEADER_NONE,  /* a follower for this app (other apps' leaders included) */
    CM_LEADER_SRRIP, /* this app's SRRIP leader: s mod S = 2k */
    CM_LEADER_BRRIP  /* this app's BRRIP leader: s mod S = 2k + 1 */
} cm_leader_t;

typedef struct cm_drrip {
    drrip_params_t p;
    unsigned stride;             /* S = sets / leaders */
    uint16_t psel[APP_MAX];      /* psel_bits each, saturating; reset 2^(psel_bits-1) */
    uint8_t brrip_cnt;           /* 5 bits, wrapping: the slice's BRRIP insertions mod 32 */
} cm_drrip_t;

/* The state after reset: every PSEL at 2^(psel_bits-1), the BRRIP counter at 0.
 * Returns 0, or -1 when drrip_check refuses p (then nothing is written). */
int cm_drrip_init(cm_drrip_t *d, const drrip_params_t *p);

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
