/* sys_timed: the system model (sys_sim) on a first-order cycle model, with the GPU's L1s fed
 * from one trace and each CPU port (system.cpu_cores, SPEC 3.8) from a trace of its own, so
 * that cache behaviour changes performance (TAP's core sampling compares the instructions two
 * GPU cores retire).
 * Cycle model. Requesters: GPU core c (the trace's references with core id c mod
 * system.cores, in trace order) and CPU port k (its trace, in order). Each cycle t, in this
 * order: GPU cores 0..P-1, then CPU ports 0..C-1, each issue at most one reference; the model
 * performs it at once (program order at issue: a fill completes before the next access, as in
 * sys_sim) and the level that served it sets its latency L: an L1 load hit l1_latency, an L2
 * hit l2_latency, an L2 miss mem_latency, a write 1 (posted: the requester does not wait).
 * The reference retires (1 instruction: the trace formats carry no instruction counts) in
 * cycle t + L - 1. A GPU core issues when it has fewer than gpu_mlp references in flight (its
 * warps' memory-level parallelism; 1: the next reference waits for the previous one); a CPU
 * port has one in flight and issues cpu_gap cycles after it retired (its private caches' hits
 * and its compute between LLC accesses). At the end of the cycle the retired references are
 * counted, the L2's per-cycle call gets every GPU core's retired instructions of the cycle
 * (l2_cycle_end in sys_timed.c: the one call site TAP's cm_l2_cycle_end slots into), every L1
 * ends its cycle, and every share_every cycles the GPU's share of the L2 (GPU-owned lines over
 * valid lines) is sampled. No contention, queueing or MSHR occupancy is modelled: the timing
 * only weighs each reference by where it was served.
 * The run ends when every trace is done and every reference retired; with cpu_loop a CPU trace
 * restarts from its beginning when it ends, and the run ends when the GPU's references have all
 * retired (CPU references then in flight are not counted as retired). */
#ifndef CACHEGEN_SYS_TIMED_H
#define CACHEGEN_SYS_TIMED_H

#include <stddef.h>
#include <stdint.h>
#include "sys_sim.h"
#include "trace.h"

#define SYS_MAX_MLP 64
#define SYS_MAX_LATENCY 100000

typedef struct sys_timing {
    unsigned l1_latency;  /* cycles of an L1 load hit (default 1) */
    unsigned l2_latency;  /* of an L2 hit (default 160: Accel-Sim's L2 ROP latency) */
    unsigned mem_latency; /* of an L2 miss (default 260: that plus Accel-Sim's DRAM 100) */
    unsigned gpu_mlp;     /* references a GPU core has in flight, 1..SYS_MAX_MLP (default 1) */
    unsigned cpu_gap;     /* cycles between a CPU reference's retirement and the next issue
                             (default 20) */
    uint64_t share_every; /* cycles between samples of the GPU's L2 share (default 10,000;
                             0: the end only) */
    uint8_t cpu_loop;     /* CPU traces restart until the GPU is done (default 0) */
} sys_timing_t;

/* Per GPU core. cycles: the cycles up to its last reference's retirement (0 with none). */
typedef struct sys_timed_core {
    uint64_t refs, retired, cycles;
} sys_timed_core_t;

/* Per CPU port; passes: how many times its trace was started (cpu_loop). */
typedef struct sys_timed_port {
    uint64_t refs, reads, writes, retired, cycles, passes;
} sys_timed_port_t;

typedef struct sys_timed_stats {
    uint64_t cycles;                   /* the run's */
    uint64_t end_valid, end_gpu;       /* the L2's valid and GPU-owned lines at the end */
    uint64_t share_samples;            /* periodic samples with at least one valid line */
    double share_sum;                  /* the sum of their GPU shares */
    uint64_t partitions;               /* l2.replacement = ucp: allocations applied */
    /* l2.replacement = tap_rrip: decisions landed (TAP's ticks), those that found the GPU
     * cache-friendly and those that set RRIP-Mask, and the sum of their XSRATIOs */
    uint64_t tap_ticks, tap_friendly, tap_rrip_mask, tap_xsratio_sum;
    sys_timed_core_t core[SYS_MAX_CORES];
    sys_timed_port_t port[CFG_MAX_CPU_CORES];
} sys_timed_stats_t;

void sys_timing_defaults(sys_timing_t *t);

/* Run GPU trace `gpu_path` (format `fmt`: din, text, binary or auto; read once per GPU core,
 * so a file, not stdin) and CPU port k's trace cpu_paths[k] (k < ncpu = system.cpu_cores) on
 * `s` (fresh; l1.mode not sacat). A flush (F) in any trace is refused (no kernel boundaries in
 * the timing model). Sets s->st.cycles. Returns 0, or -1 with err set. */
int sys_timed_run(sys_sim_t *s, const sys_timing_t *t, const char *gpu_path, trace_format_t fmt,
                  const char *const *cpu_paths, unsigned ncpu, sys_timed_stats_t *out,
                  char *err, size_t errlen);

#endif
