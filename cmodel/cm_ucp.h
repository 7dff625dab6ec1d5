/* cm_ucp: UCP's way partitioning for one L2 slice (SPEC 3.8): the lookahead allocation of the
 * ways among applications from their UMON hit counters (Algorithm 1's loop), and the victim
 * of a miss under a partition. Pure functions over the caller's arrays.
 * Invariants: utilities per way are compared by cross-multiplication in 64-bit arithmetic (no
 * division, so no rounding); a finished allocation sums to `ways`. */
#ifndef CACHEGEN_CM_UCP_H
#define CACHEGEN_CM_UCP_H

#include <stdint.h>
#include "../core/app.h"

#define CM_UCP_MAX_WAYS 32

/* One round of the lookahead: `app` took `ways` more ways, worth `hits` hits. */
typedef struct cm_ucp_step {
    unsigned app;
    unsigned ways;   /* b: 1..ways left */
    uint64_t hits;   /* U(a, a+b): app's counters at LRU positions a..a+b-1 */
} cm_ucp_step_t;

/* One way of a set as the victim choice sees it. */
typedef struct cm_ucp_way {
    uint8_t valid;
    uint8_t owner;   /* application that brought the line in, < apps */
    uint8_t age;     /* the L2's true-LRU age: 0 = most recent; ages are a permutation */
} cm_ucp_way_t;

/* Which rule chose a victim. */
typedef enum {
    CM_UCP_VICTIM_INVALID, /* the lowest invalid way */
    CM_UCP_VICTIM_OVER,    /* the LRU line among apps holding more than their allocation */
    CM_UCP_VICTIM_OWN,     /* the missing app's own LRU line */
    CM_UCP_VICTIM_LRU      /* no app over its allocation: the set's LRU line */
} cm_ucp_victim_t;

/* The lookahead over `ways` ways. hits[k * ways + j] is app k's counter at LRU position j.
 * Apps whose bit is set in `part` take part and start at 0 ways; every other app keeps the
 * allocation given in alloc[k] (TAP-UCP's GPU under UCP-Mask: 1). While ways remain, each
 * taking app finds the smallest b (1..ways left) maximising U(a, a+b) / b from its current
 * allocation a; the app with the largest maximum (the lowest app on ties) takes its b ways.
 * steps (may be NULL) receives the rounds in order, at most `ways`, and *nsteps their count.
 * Returns 0, or -1 (apps or ways out of range, the fixed allocations above `ways`, or ways
 * left with no app taking part) with alloc, steps and *nsteps untouched. */
int cm_ucp_lookahead(unsigned ways, unsigned apps, const uint32_t *hits, uint32_t part,
                     unsigned *alloc, cm_ucp_step_t *steps, unsigned *nsteps);

/* The way a miss by `app` replaces in a set of `ways` ways under allocation alloc[0..apps-1]:
 * the lowest invalid way; else, when app holds fewer lines in the set than its allocation, or
 * none at all, the LRU line among apps holding more lines than their allocation (the set's
 * LRU line when no app does); else app's own LRU line. *why (may be NULL) says which rule. */
unsigned cm_ucp_victim(unsigned ways, const cm_ucp_way_t *set, unsigned apps,
                       const unsigned *alloc, unsigned app, cm_ucp_victim_t *why);

#endif
