/* cm_l2_pol: the L2 policies of the C model behind one interface, as cm_mech is for the L1's
 * modes. cm_l2 calls the hooks of the configured l2.replacement and names no policy; each policy
 * lives in one file (cm_l2_pol_<name>.c), keeps its working state in its own struct (allocated
 * by init into m->pol_state) and is registered by one line in cm_l2_pol.c. A NULL hook means "as
 * the shared replacement table does" (cm_repl, at cfg_l2_repl's policy, on the row's replacement
 * fields: its per-way bits and its per-set state).
 * Invariants: only a policy's own file (and the block files it builds on) writes its
 * m->pol_state, which opens with cm_l2_blocks_t: pointers to the shared blocks it holds (DRRIP,
 * UCP, TAP's controller), NULL for the others; the harnesses, sysim and the unit tests read the
 * blocks through the accessors below (cm_l2_drrip_of, cm_l2_ucp_of, cm_l2_tap_of, and a
 * policy's own, cm_l2_tap_ucp_of) and the event fields in cm_l2_result_t.pol (cm_l2_pol_evt.h);
 * hooks run inside cm_l2's events, after the shared bookkeeping they name. */
#ifndef CACHEGEN_CM_L2_POL_H
#define CACHEGEN_CM_L2_POL_H

#include "cm_l2.h"
#include "cm_drrip.h"
#include "cm_tap.h"
#include "cm_tap_rrip.h"
#include "cm_tap_ucp.h"
#include "cm_ucp.h"
#include "cm_umon.h"

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

/* DRRIP's block (drrip, tap_rrip; cm_l2_pol_drrip.c): the PSELs and the BRRIP counter (the RTL's
 * drrip_psel_q, drrip_brrip_q; the event port carries them). */
void cm_l2_drrip_init(cm_l2_t *m, cm_drrip_t *d);
void cm_l2_drrip_miss(cm_l2_t *m, unsigned app, unsigned set);

/* UCP's block (ucp, tap_ucp; cm_l2_pol_ucp.c). */
typedef struct cm_l2_ucp_run {
    cm_umon_t *umon;         /* the ATDs (the RTL's ATD SRAMs) and hit counters */
    unsigned alloc[APP_MAX]; /* the allocation in force (ucp_alloc_q) */
    uint8_t part;            /* the last cm_l2_cycle_end applied the lookahead's allocation */
    uint8_t period_end;      /* the last cm_l2_cycle_end ended a period */
    uint32_t snap[APP_MAX * CM_UCP_MAX_WAYS]; /* the counters at the last period end
                                                 (ucp_snap_q), the lookahead's input */
    uint32_t t;              /* cycles of the period gone (ucp_t_q), < tap.period */
    unsigned busy;           /* cycles until the lookahead's allocation applies; 0 idle */
    unsigned next[APP_MAX];  /* the lookahead's allocation, applied at its end */
    int now_pos;             /* this cycle's UMON hit, counted at the next cycle end: its LRU
                                position, or -1 (none), and its app */
    unsigned now_app;
    int pend_pos;            /* last cycle's, counted at this cycle end (ucp_pend_pos_q) */
    unsigned pend_app;
} cm_l2_ucp_run_t;
/* The UMONs and the reset allocation into u. 0, or -1 when out of memory. */
int cm_l2_ucp_init(cm_l2_t *m, cm_l2_ucp_run_t *u);
/* Frees the UMONs (when the state was built) and the state. */
void cm_l2_ucp_free(cm_l2_t *m);
void cm_l2_ucp_lookup(cm_l2_t *m, unsigned app, unsigned set, uint64_t tag, cm_l2_result_t *res);
unsigned cm_l2_ucp_victim(cm_l2_t *m, lay_l2_row_t *r, unsigned core, cm_l2_result_t *res);
/* The first half of UCP's cycle end: last cycle's UMON hit is counted; a running lookahead
 * counts down and applies (part); the period's last cycle snapshots and halves the counters
 * (period_end); this cycle's hit waits for the next cycle end. Returns 1 when the period
 * ended: the caller starts its lookahead. */
int cm_l2_ucp_period(cm_l2_t *m, cm_l2_ucp_run_t *u);

/* Cycles the RTL's lookahead FSM takes for the rounds `st[0..n-1]` of a lookahead over `ways`
 * ways among `apps` apps (docs/tap.md): a round with `left` ways left costs
 * apps x (3 left + 2) + 1 cycles. */
unsigned cm_l2_ucp_latency(unsigned apps, unsigned ways, const cm_ucp_step_t *st, unsigned n);

/* tap_ucp: cycles from the lookahead's start (the cycle after its period's decision lands) to
 * the cycle its allocation applies: with UCP-Mask the rounds over apps - 1 apps and ways - 1
 * ways (cm_l2_ucp_latency); else, when xsratio > 1, first ways x cnt_bits cycles of the
 * sequential divider (one quotient bit of one GPU counter a cycle), then the rounds over all
 * apps and ways. */
unsigned cm_l2_tap_ucp_latency(unsigned apps, unsigned ways, unsigned cnt_bits, unsigned xsratio,
                               unsigned ucp_mask, const cm_ucp_step_t *st, unsigned n);

/* The allocation after reset: ways / apps each, the remainder one more to the lowest apps. */
void cm_l2_ucp_reset_alloc(unsigned ways, unsigned apps, unsigned *alloc);

/* Pack app's ATD set `idx` in the RTL's layout (lay_l2_atd_entry_bits). */
void cm_l2_atd_row(const cm_l2_t *m, unsigned app, unsigned idx, bv_t *out);

/* TAP's controller block (tap_rrip, tap_ucp; cm_l2_pol.c). */
typedef struct cm_l2_tap_run {
    cm_tap_t tap;            /* the controller (the RTL's <name>_l2_tap) */
    uint8_t ticked;          /* the last cycle_end landed a decision ... */
    cm_tap_tick_t tick;      /* ... this one (the RTL's evt_tap_* of that cycle) */
    uint32_t acc[APP_MAX];   /* this cycle's accesses by app, until cycle end */
    uint32_t acc_q[APP_MAX]; /* the last cycle's, which the controller counts now (the RTL's
                                acc_in_q register) */
} cm_l2_tap_run_t;
/* The controller built into t. */
void cm_l2_tap_init(cm_l2_t *m, cm_l2_tap_run_t *t);
/* The controller's cycle with the last cycle's accesses (ticked, tick); this cycle's wait in the
 * register for the next. */
void cm_l2_tap_cycle(cm_l2_t *m, cm_l2_tap_run_t *t, const uint32_t *retired);

/* The blocks a policy's state opens with (NULL: the policy has no such block). */
typedef struct cm_l2_blocks {
    cm_drrip_t *drrip;
    cm_l2_ucp_run_t *ucp;
    cm_l2_tap_run_t *tap;
} cm_l2_blocks_t;

/* The blocks of m's policy (all NULL when it keeps no state). */
static inline cm_l2_blocks_t cm_l2_blocks(const cm_l2_t *m)
{
    cm_l2_blocks_t none = {0, 0, 0};
    return m->pol_state ? *(const cm_l2_blocks_t *)m->pol_state : none;
}

/* ---- read accessors (harness plug-ins, sysim, unit tests): NULL when the policy has none ---- */
static inline const cm_drrip_t *cm_l2_drrip_of(const cm_l2_t *m) { return cm_l2_blocks(m).drrip; }
static inline const cm_l2_ucp_run_t *cm_l2_ucp_of(const cm_l2_t *m) { return cm_l2_blocks(m).ucp; }
static inline const cm_l2_tap_run_t *cm_l2_tap_of(const cm_l2_t *m) { return cm_l2_blocks(m).tap; }

/* tap_ucp's own: how the last lookahead it started was made (cm_l2_pol_tap_ucp.c). */
typedef struct cm_l2_tap_ucp_info {
    uint8_t divided;         /* it divided the GPU's copy of the counters */
    uint8_t masked;          /* it fixed the GPU at 1 way (UCP-Mask) */
    uint8_t div_mattered;    /* ... the division changed the allocation */
} cm_l2_tap_ucp_info_t;
/* NULL unless l2.replacement = tap_ucp. */
const cm_l2_tap_ucp_info_t *cm_l2_tap_ucp_of(const cm_l2_t *m);

#endif
