/* cm_umon: UCP's utility monitors for one L2 slice (SPEC 3.8). Per application, an auxiliary
 * tag directory (ATD) over umon_sets sampled sets of the L2 (set s is sampled when
 * s mod (sets / umon_sets) = 0; it is ATD set s / (sets / umon_sets)), `ways` entries per set
 * kept in true LRU order, and one 16-bit saturating hit counter per LRU position, halved at
 * each period end. Each ATD sees only its own application's accesses.
 * Invariants: in every ATD set the ranks are a permutation of 0..ways-1 and the valid entries
 * hold ranks 0..v-1, so the entry at rank ways-1 is the LRU one and is invalid while any is.
 * Its parameters and their legality are core/umon.h's. */
#ifndef CACHEGEN_CM_UMON_H
#define CACHEGEN_CM_UMON_H

#include <stddef.h>
#include <stdint.h>
#include "../core/app.h"
#include "../core/umon.h"

#define CM_UMON_CNT_MAX 0xffffu
#define CM_UMON_MISS (-1)      /* cm_umon_access: the ATD missed (the line is now its MRU) */
#define CM_UMON_UNSAMPLED (-2) /* cm_umon_access: the set is not sampled, nothing changed */

/* One ATD entry. */
typedef struct cm_umon_entry {
    uint8_t valid;      /* 1 bit */
    uint8_t rank;       /* LRU position, log2(ways) bits: 0 = MRU .. ways-1 = LRU */
    uint64_t tag;       /* the L2 tag of the line (the caller's tag width) */
} cm_umon_entry_t;

typedef struct cm_umon {
    umon_params_t p;
    unsigned stride;        /* sets / umon_sets */
    cm_umon_entry_t *atd;   /* [apps][umon_sets][ways] */
    uint16_t *hits;         /* [apps][ways]: hits at LRU position j, saturating */
    unsigned cnt_max;       /* 2^cnt_bits - 1, where the counters saturate */
} cm_umon_t;

/* The state after reset (and the RTL's init sweep): every entry invalid with rank = its way,
 * every counter 0. Returns 0, or -1 (parameters refused by umon_check, or out of memory)
 * with *out untouched. */
int cm_umon_new(const umon_params_t *p, cm_umon_t **out);
void cm_umon_free(cm_umon_t *u);

/* The ATD set of L2 set `set`, or -1 when it is not sampled. */
int cm_umon_index(const cm_umon_t *u, unsigned set);

/* An access by `app` to the line of tag `tag` in L2 set `set`. In a sampled set: a hit at LRU
 * position j counts (saturating at cnt_max) in hits[app][j], and returns j; a miss returns
 * CM_UMON_MISS and puts the line in the LRU entry; either way the line becomes MRU and the
 * entries more recent than it move one position down. Elsewhere returns CM_UMON_UNSAMPLED. */
int cm_umon_access(cm_umon_t *u, unsigned app, unsigned set, uint64_t tag);

/* cm_umon_access without the count: the ATD moves, the hit position is returned, and the
 * caller counts it later with cm_umon_count (the L2 counts an access the cycle after it). */
int cm_umon_touch(cm_umon_t *u, unsigned app, unsigned set, uint64_t tag);

/* One hit of `app` at LRU position `pos`, saturating at cnt_max. */
void cm_umon_count(cm_umon_t *u, unsigned app, unsigned pos);

/* The period end: every hit counter halved (shifted right by one). The ATDs are kept. */
void cm_umon_halve(cm_umon_t *u);

/* Hit counter of `app` at LRU position `pos`; the ATD entry `way` of app's ATD set `idx`. */
static inline unsigned cm_umon_hits(const cm_umon_t *u, unsigned app, unsigned pos)
{
    return u->hits[(size_t)app * u->p.ways + pos];
}
static inline const cm_umon_entry_t *cm_umon_entry(const cm_umon_t *u, unsigned app,
                                                   unsigned idx, unsigned way)
{
    return &u->atd[((size_t)app * u->p.umon_sets + idx) * u->p.ways + way];
}

#endif
