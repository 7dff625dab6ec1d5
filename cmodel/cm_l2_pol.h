/* cm_l2_pol: the L2 policies of the C model behind one interface, as cm_mech is for the L1's
 * modes. cm_l2 calls the hooks of the configured l2.replacement and names no policy; each policy
 * lives in one file (cm_l2_pol_<name>.c), keeps its working state in its own struct (allocated
 * by init into m->pol_state) and is registered by one line in cm_l2_pol.c. A NULL hook means "as
 * the shared replacement table does" (cm_repl, at cfg_l2_repl's policy, on the row's replacement
 * fields: its per-way bits and its per-set state).
 * Invariants: only a policy's own file touches its m->pol_state; the fields of cm_l2_t and
 * cm_l2_result_t the harnesses read (cm_l2.h: drrip, umon, ucp_*, tap*, tu_*) are written only by
 * the policy files; hooks run inside cm_l2's events, after the shared bookkeeping they name. */
#ifndef CACHEGEN_CM_L2_POL_H
#define CACHEGEN_CM_L2_POL_H

#include "cm_l2.h"

typedef struct cm_l2_pol_ops {
    const char *name;
    /* Build the policy's state (m->cfg and m->lay are set; m->pol_state is NULL). 0, or -1 when
     * out of memory (free is still called). */
    int (*init)(cm_l2_t *m);
    void (*free)(cm_l2_t *m);
    /* A read from `core` is answered without allocating (TAP-UCP's Core-POL1), whatever its
     * noalloc flag says: 1, else 0. */
    int (*noalloc)(cm_l2_t *m, unsigned core, int store);
    /* One access counted (L2CNT_ACCESSES: a lookup that is not a stall, a read joining a fetch)
     * of application `app`. */
    void (*accessed)(cm_l2_t *m, unsigned app);
    /* A hit, or a miss that takes an MSHR, of app's request for `tag` in `set`, before either is
     * served (UCP's UMON access). */
    void (*lookup)(cm_l2_t *m, unsigned app, unsigned set, uint64_t tag, cm_l2_result_t *res);
    /* A lookup hit `way` of row `r`: the replacement update (NULL: cm_l2_repl_touch). */
    void (*hit)(cm_l2_t *m, lay_l2_row_t *r, unsigned way, unsigned app, cm_l2_result_t *res);
    /* A miss of app's request in `set` took an MSHR. */
    void (*miss)(cm_l2_t *m, unsigned app, unsigned set);
    /* The victim of a fill into full row `r` of the request from `core` (may age the row; NULL:
     * cm_l2_repl_victim). */
    unsigned (*victim)(cm_l2_t *m, lay_l2_row_t *r, unsigned core, cm_l2_result_t *res);
    /* The fill from `core`'s request installed `way` of row `r` in `set`: the insertion (NULL:
     * cm_l2_repl_insert). */
    void (*insert)(cm_l2_t *m, lay_l2_row_t *r, unsigned set, unsigned way, unsigned core,
                   cm_l2_result_t *res);
    /* The end of a clock cycle (cm_l2_cycle_end); retired as there. */
    void (*cycle_end)(cm_l2_t *m, const uint32_t *retired);
} cm_l2_pol_ops_t;

extern const cm_l2_pol_ops_t cm_l2_pol_lru;
extern const cm_l2_pol_ops_t cm_l2_pol_srrip;
extern const cm_l2_pol_ops_t cm_l2_pol_drrip;
extern const cm_l2_pol_ops_t cm_l2_pol_ucp;
extern const cm_l2_pol_ops_t cm_l2_pol_tap_rrip;
extern const cm_l2_pol_ops_t cm_l2_pol_tap_ucp;
extern const cm_l2_pol_ops_t cm_l2_pol_plru;
extern const cm_l2_pol_ops_t cm_l2_pol_fifo;

/* The policy of l2.replacement `r` (never NULL for a validated config). */
const cm_l2_pol_ops_t *cm_l2_pol_for(cfg_l2_repl_t r);

/* The event fields a policy reports, before the event (no UMON access). */
void cm_l2_pol_result_init(cm_l2_result_t *res);

/* ---- for the policy files: the shared replacement table and the blocks policies share ---- */

/* The application of a request from `core` (SPEC 3.8): an L1 (core < P) is the GPU's, app C;
 * core P + k is CPU port k, app k. */
unsigned cm_l2_app(const cm_l2_t *m, unsigned core);

/* The shared replacement policy (m->repl, cm_repl_for(cfg_l2_repl): any of cm_repl's table) on
 * row r's replacement fields. The victim assumes every way valid and may age the row (SRRIP). */
void cm_l2_repl_touch(const cm_l2_t *m, lay_l2_row_t *r, unsigned way);
void cm_l2_repl_insert(const cm_l2_t *m, lay_l2_row_t *r, unsigned way);
unsigned cm_l2_repl_victim(const cm_l2_t *m, lay_l2_row_t *r);

/* DRRIP's block (drrip, tap_rrip; cm_l2_pol_drrip.c): m->drrip built, m->drrip_on set. */
void cm_l2_drrip_init(cm_l2_t *m);
void cm_l2_drrip_miss(cm_l2_t *m, unsigned app, unsigned set);

/* UCP's block (ucp, tap_ucp; cm_l2_pol_ucp.c). Its working state opens the state of both. */
typedef struct cm_l2_ucp_run {
    uint32_t snap[APP_MAX * CM_UCP_MAX_WAYS]; /* the counters at the last period end
                                                 (ucp_snap_q), the lookahead's input */
    uint32_t t;              /* cycles of the period gone (ucp_t_q), < tap.period */
    unsigned busy;           /* cycles until the lookahead's allocation applies; 0 idle */
    unsigned next[APP_MAX];  /* the lookahead's allocation, applied at its end */
} cm_l2_ucp_run_t;
/* The UMONs and the reset allocation; m->ucp_on set. 0, or -1 when out of memory. */
int cm_l2_ucp_init(cm_l2_t *m);
void cm_l2_ucp_free(cm_l2_t *m);
void cm_l2_ucp_lookup(cm_l2_t *m, unsigned app, unsigned set, uint64_t tag, cm_l2_result_t *res);
unsigned cm_l2_ucp_victim(cm_l2_t *m, lay_l2_row_t *r, unsigned core, cm_l2_result_t *res);
/* The first half of UCP's cycle end: a running lookahead counts down and applies (ucp_part);
 * the period's last cycle snapshots and halves the counters (ucp_period_end). Returns 1 when
 * the period ended: the caller starts its lookahead. */
int cm_l2_ucp_period(cm_l2_t *m, cm_l2_ucp_run_t *u);
/* ucp's and tap_ucp's run state (the first member of both policies' states), for unit tests. */
cm_l2_ucp_run_t *cm_l2_ucp_run(const cm_l2_t *m);

/* TAP's controller block (tap_rrip, tap_ucp; cm_l2_pol.c): the accesses it counts. */
typedef struct cm_l2_tap_run {
    uint32_t acc[APP_MAX];   /* this cycle's accesses by app, until cycle end */
    uint32_t acc_q[APP_MAX]; /* the last cycle's, which the controller counts now (the RTL's
                                acc_in_q register) */
} cm_l2_tap_run_t;
/* m->tap built, m->tap_on set. */
void cm_l2_tap_init(cm_l2_t *m);
/* The controller's cycle with the last cycle's accesses (tap_ticked, tap_tick); this cycle's
 * wait in the register for the next. */
void cm_l2_tap_cycle(cm_l2_t *m, cm_l2_tap_run_t *t, const uint32_t *retired);

#endif
