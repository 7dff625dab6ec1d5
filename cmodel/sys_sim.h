/* sys_sim: the whole G-Cache system in program order: system.cores L1 models in front of the
 * L2 slice model, one reference at a time (an L1 miss goes to the L2, an L2 miss is answered
 * by memory at once, and the line with its victim bit returns before the next reference).
 * The statistics SPEC 3.5's evaluation needs: L1 hits, fills and bypasses, L2 hits. */
#ifndef CACHEGEN_SYS_SIM_H
#define CACHEGEN_SYS_SIM_H

#include <stdint.h>
#include "../gen/cfg.h"
#include "cm_l1.h"
#include "cm_l2.h"
#include "trace.h"

#define SYS_MAX_CORES 64

typedef struct sys_stats {
    uint64_t loads, load_hits, fills, bypasses, stores;
    uint64_t l2_reads, l2_read_hits, victim_bits_set, switch_resets;
} sys_stats_t;

typedef struct sys_sim {
    cfg_t cfg;
    unsigned cores;
    cm_l1_t *l1[SYS_MAX_CORES];
    cm_l2_t *l2;
    sys_stats_t st;
    bv_t line; /* the contents memory returns (statistics do not depend on it) */
} sys_sim_t;

/* Returns 0, or -1 (out of memory). */
int sys_sim_new(const cfg_t *c, sys_sim_t **out);
void sys_sim_free(sys_sim_t *s);
/* One trace reference, from L1 (ref->core mod system.cores); flushes are ignored. */
void sys_sim_ref(sys_sim_t *s, const trace_ref_t *ref);

#endif
