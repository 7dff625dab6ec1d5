/* cm_duel: bit-accurate C model of the decoupled L1's SM-dueling controller (SPEC 3.4), one
 * call per clock cycle. Invariants: t < interval; every count <= interval; filter is the
 * followers' setting (0 after reset: followers start like SM1, which never filters). The
 * decision is computed independently of the RTL, in uint64_t arithmetic that cannot overflow. */
#ifndef CACHEGEN_CM_DUEL_H
#define CACHEGEN_CM_DUEL_H

#include <stdint.h>
#include "../core/cfg.h"

/* What an interval's end decided. */
typedef enum {
    DUEL_NONE,       /* not an interval's last cycle */
    DUEL_FILTER_ON,  /* both leaders had loads; followers filter */
    DUEL_FILTER_OFF, /* both leaders had loads; SM0 was worse by more than the margin */
    DUEL_KEEP        /* a leader had no load: followers keep their setting */
} cm_duel_kind_t;

typedef struct cm_duel_tick {
    uint32_t a0, m0, a1, m1;  /* interval sums, the last cycle's inputs included */
    uint8_t filter;           /* follower setting after the decision */
    cm_duel_kind_t kind;
    uint8_t margin_decided;   /* 100*m0*a1 > 100*m1*a0 held, but not with the margin term */
} cm_duel_tick_t;

typedef struct cm_duel {
    unsigned interval;  /* cycles per interval, 1..65535 */
    unsigned margin;    /* percentage points, 0..100 */
    unsigned t;         /* cycle within the interval, 0..interval-1 */
    uint32_t a[2];      /* loads of leader SM k so far this interval */
    uint32_t m[2];      /* loads of leader SM k not served from L1 data so far */
    uint8_t filter;     /* followers' setting */
} cm_duel_t;

/* The state after reset, for l1.duel_interval and l1.duel_margin of a validated config. */
void cm_duel_init(cm_duel_t *d, const cfg_l1_t *c);

/* One clock cycle with these input bits (bit k = leader SM k); returns 1 when the cycle ends
 * an interval (tick filled), else 0 (tick->kind = DUEL_NONE). tick may be NULL. */
int cm_duel_cycle(cm_duel_t *d, unsigned load_bits, unsigned unserved_bits, cm_duel_tick_t *tick);

#endif
