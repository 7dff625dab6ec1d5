/* sys_sim: the whole system in program order: system.cores L1 models in front of
 * system.l2_slices L2 slice models, one reference at a time (an L1 miss goes to the L2, an L2 miss is answered by memory
 * at once, and the line with its hint bit returns before the next reference). The hint is the
 * G-Cache victim bit, or with l1.mode = pcpred the bypass bit, the read having carried the
 * L1's prediction. The statistics SPEC 3.5's evaluation needs: L1 hits, fills and bypasses,
 * L2 hits; and for pcpred those of paper 001 sec. 5.3: coverage and false positives.
 * False positives are measured against a shadow L1 per core: the same geometry, replacement
 * and index in l1.mode = baseline (never bypassing), fed the same references. A bypass of a
 * line is a false positive when the next load of that line by the same core hits in the
 * shadow, i.e. the line would still have been resident had it been inserted.
 * Requests that skip the L1 (Accel-Sim's L2-only loads and atomics, trace_accel.h) go straight
 * to the L2 slice: a load as a read (its hint bit goes nowhere), an atomic as a write (the
 * read-modify-write the L2 performs); neither touches an L1. Statistics are kept in total and
 * per core.
 * Cycles (SPEC 3.7's model time; there is no timing): every core issues one request a cycle,
 * the cores in parallel, so core c's t-th request since the kernel start is in cycle t, and
 * its L1 is told the cycle ended (cm_l1_cycle_end) after that request's events. A kernel lasts
 * as many cycles as its busiest core has requests. A kernel start (sys_sim_kernel_start)
 * takes one cycle of its own with kernel_start high on every L1.
 * L2 slices (system.l2_slices = S, docs/slices.md): every request goes to slice
 * slice_of(line) (core/slice.h, the one map) at its in-slice address slice_line(line); each
 * slice is a whole cm_l2 (its rows, policy state, victim and bypass bits, MSHRs, memory queue),
 * so a read's victim bit, bypass bit and L2-hit flag are those of the slice holding the line.
 * Statistics are summed over the slices and also kept per slice (st.slice). With S = 1 the
 * one slice sees every line at its own address, as before.
 * l1.mode = sacat (FG-CB, docs/sacat.md): a load carries its base id (trace_ref_t.base_id,
 * masked to l1.fgcb_id_bits as req_base_i is: the callers check it fits); a bypass-L2 load's
 * read goes to the L2 with no_allocate (cm_l2_access_noalloc); the L2's hit flag comes back
 * as the fill's hint, which FG-CB counts as the L2 hit or miss. */
#ifndef CACHEGEN_SYS_SIM_H
#define CACHEGEN_SYS_SIM_H

#include <stdint.h>
#include "../core/cfg.h"
#include "../core/slice.h"
#include "cm_l1.h"
#include "cm_l2.h"
#include "trace.h"

#define SYS_MAX_CORES 64
#define SYS_MAX_APPS (CFG_MAX_CPU_CORES + 1) /* C CPU ports and the GPU */
#define SYS_MAX_SLICES SLICE_MAX /* system.l2_slices at most */
#define SYS_MAX_PCS 32 /* distinct load PCs with their own pcpred statistics; more share "other" */

/* Per load PC (pcpred). */
typedef struct sys_pc_stats {
    uint64_t pc;
    uint64_t loads, misses, predicted, bypasses, false_positives;
} sys_pc_stats_t;

/* sacat: per base id, summed over the L1s and kernels. */
typedef struct sys_base_stats {
    uint64_t loads, load_hits;
    uint64_t bypassed_loads;       /* loads whose entry had decided bypass-L1 at their lookup */
    uint64_t noalloc_reads;        /* reads sent to the L2 with no_allocate */
    uint64_t l1_bypass, l1_keep;   /* L1 decisions: misses > M, misses <= M */
    uint64_t l2_bypass, l2_keep;   /* L2 decisions */
} sys_base_stats_t;

/* sacat: per FG-CB table entry (index), summed over the L1s and kernels. */
typedef struct sys_entry_stats {
    uint64_t allocs;               /* base ids it took (in the window) */
    uint64_t l1_bypass, l1_keep, l2_bypass, l2_keep; /* its decisions */
} sys_entry_stats_t;

/* Per core: its L1's loads and stores, and its requests to the L2 only. */
typedef struct sys_core_stats {
    uint64_t loads, load_hits, fills, bypasses, stores;
    uint64_t l2_loads, atomics;
} sys_core_stats_t;

/* Per application (cfg_l2_app_of): its requests at the L2 (reads and writes) and their hits. */
typedef struct sys_app_stats {
    uint64_t accesses, hits;
} sys_app_stats_t;

/* Per L2 slice: the requests routed to it (reads and writes) and their hits. */
typedef struct sys_slice_stats {
    uint64_t accesses, hits;
} sys_slice_stats_t;

/* Which level served a reference (the timing model's latency). */
typedef enum {
    SYS_SERVED_L1,     /* an L1 load hit */
    SYS_SERVED_L2,     /* an L2 hit (a read, an L2-only load or an atomic) */
    SYS_SERVED_MEM,    /* an L2 miss: memory answered */
    SYS_SERVED_POSTED  /* a write: the requester does not wait for it */
} sys_served_t;

typedef struct sys_stats {
    uint64_t loads, load_hits, fills, bypasses, stores;
    uint64_t l2_reads, l2_read_hits, victim_bits_set, switch_resets;
    uint64_t l2_loads, l2_load_hits;  /* loads that skip the L1 (also in l2_reads, ..._hits) */
    uint64_t atomics, atomic_hits;    /* atomics, written at the L2 (hit: the line was there) */
    uint64_t l1_flushes;              /* sys_sim_flush_l1 calls */
    uint64_t l2_writes;               /* write requests at the L2: stores and atomics */
    uint64_t mem_reads, mem_writebacks; /* the L2's memory requests (lines) */
    uint64_t cycles;                  /* kernels' cycles and kernel starts' (after finish) */
    uint64_t kernel_starts;           /* sys_sim_kernel_start calls */
    /* sacat (FG-CB) */
    uint64_t fg_bypassed_loads;       /* loads of an entry decided bypass-L1 ... */
    uint64_t fg_bypassed_hits;        /* ... of them served by a hit */
    uint64_t fg_untracked;            /* loads in the window that found the table full */
    uint64_t fg_allocs;               /* entries allocated */
    uint64_t fg_l1_bypass, fg_l1_keep, fg_l2_bypass, fg_l2_keep; /* decisions */
    uint64_t fg_window_undecided;     /* L1 windows closing with an entry below N */
    uint64_t noalloc_reads, noalloc_read_hits; /* L2 reads with no_allocate, and their hits */
    sys_entry_stats_t entry[64];      /* by entry index (l1.fgcb_entries <= 64) */
    sys_core_stats_t core[SYS_MAX_CORES];
    sys_app_stats_t app[SYS_MAX_APPS]; /* [cfg_l2_app_of(core)]: CPU port k, then the GPU */
    sys_slice_stats_t slice[SYS_MAX_SLICES]; /* [slice_of(line)] */
    /* pcpred only */
    uint64_t predicted;        /* L1 load misses predicted to bypass */
    uint64_t corrected;        /* ... whose fill the L2's bypass bit (1) turned into an insert */
    uint64_t bypass_bits_set;  /* L2 reads that returned bypass bit 1 */
    uint64_t false_positives;  /* bypasses re-referenced while still resident in the shadow */
    uint64_t shadow_hits;      /* load hits of the shadow (non-bypassing) L1s */
    unsigned npcs;             /* entries used in pcs[] */
    sys_pc_stats_t pcs[SYS_MAX_PCS + 1]; /* the last one counts every further PC */
} sys_stats_t;

typedef struct sys_sim {
    cfg_t cfg;
    unsigned cores;
    cm_l1_t *l1[SYS_MAX_CORES];
    unsigned slices;           /* S = system.l2_slices */
    slice_map_t map;           /* which slice holds a line (core/slice.h) */
    cm_l2_t *l2[SYS_MAX_SLICES]; /* [slices]: each a whole L2 slice */
    sys_stats_t st;
    bv_t line; /* the contents memory returns (statistics do not depend on it) */
    /* pcpred: the shadow L1s and, per shadow way, "the real L1 bypassed this line at its last
     * reference" ([sets * ways], set * ways + way) */
    cm_l1_t *shadow[SYS_MAX_CORES];
    uint8_t *bypassed[SYS_MAX_CORES];
    uint64_t core_cycles[SYS_MAX_CORES]; /* each core's cycles (requests) in this kernel */
    sys_base_stats_t *base;    /* sacat: [2^l1.fgcb_id_bits], else NULL */
} sys_sim_t;

/* Returns 0, or -1 (out of memory). */
int sys_sim_new(const cfg_t *c, sys_sim_t **out);
void sys_sim_free(sys_sim_t *s);
/* One trace reference, from L1 (ref->core mod system.cores); flushes are ignored. */
void sys_sim_ref(sys_sim_t *s, const trace_ref_t *ref);
/* One request that skips the L1s, from core ref->core mod system.cores, to its L2 slice: a
 * load (atomic = 0; ref->op is ignored) or an atomic (atomic = 1). */
void sys_sim_l2_ref(sys_sim_t *s, const trace_ref_t *ref, int atomic);
/* sys_sim_ref and sys_sim_l2_ref (atomic = -1: through the L1, else as sys_sim_l2_ref)
 * without ending a cycle: the caller keeps time (sys_sim_cycle_end). Returns the level that
 * served the reference (a flush: SYS_SERVED_L1, nothing done). */
sys_served_t sys_sim_access(sys_sim_t *s, const trace_ref_t *ref, int atomic);
/* CPU port `port` (< system.cpu_cores): a read or write (ref->op; other ops are reads) of the
 * line holding ref->addr (masked to l1.addr_bits), at the L2 as core id P + port. Returns
 * SYS_SERVED_L2 or _MEM for a read, SYS_SERVED_POSTED for a write. Ends no cycle. */
sys_served_t sys_sim_cpu_access(sys_sim_t *s, unsigned port, const trace_ref_t *ref);
/* The end of a cycle on every L1 (cm_l1_cycle_end, kernel_start low). */
void sys_sim_cycle_end(sys_sim_t *s);
/* The L2's valid lines now (every slice), and those owned by the GPU (application C). */
void sys_sim_l2_owners(const sys_sim_t *s, uint64_t *valid, uint64_t *gpu);
/* Invalidate every L1 (and pcpred's shadow L1s and their marks), as a GPU does between
 * kernels; the L2 keeps its lines. */
void sys_sim_flush_l1(sys_sim_t *s);
/* A kernel starts: a cycle with kernel_start high on every L1 (sacat: every FG-CB table
 * clears and its window restarts). The L1s are not flushed (sys_sim_flush_l1). */
void sys_sim_kernel_start(sys_sim_t *s);
/* The end of the run: the last kernel's cycles are counted (st.cycles complete). */
void sys_sim_finish(sys_sim_t *s);

#endif
