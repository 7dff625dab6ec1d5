/* sys_timed_cli: sysim's side of the timing model (sys_timed.h): the options that select and
 * tune it, the checks of what it is given (errors on stderr, nothing on stdout), and its
 * report. Options: --timed, --cpu-loop, --l1-latency, --l2-latency, --mem-latency (1..
 * SYS_MAX_LATENCY), --gpu-mlp (1..SYS_MAX_MLP), --cpu-gap (0..1,000,000), --share-every
 * (0..2^40), each value a decimal integer. */
#ifndef CACHEGEN_SYS_TIMED_CLI_H
#define CACHEGEN_SYS_TIMED_CLI_H

#include <stddef.h>

#include "../core/cfg.h"
#include "sys_sim.h"
#include "sys_timed.h"

/* The value `v` of timing option `opt` (one of the valued ones above, as typed) into *t:
 * 0, or -1 with err set ("--gpu-mlp 0: allowed: an integer 1..64"). Prints nothing. */
int sys_timed_value(const char *opt, const char *v, sys_timing_t *t, char *err, size_t errlen);
/* What the timed run needs of the configuration and the inputs (ncpu --cpu-trace files, the
 * GPU trace `path`, an Accel-Sim one when accel): 0, or -1 after the error. */
int sys_timed_inputs_ok(const cfg_t *c, unsigned ncpu, const char *path, int accel);
/* The values and inputs sysim runs with, checked after parsing (timed: whether the timing
 * model runs): the latencies in order, --l1-latency <= --l2-latency <= --mem-latency (an L1 hit
 * never slower than an L2 hit, a miss never faster than a hit); every input read more than
 * once a regular file and stdin read at most once (tio_inputs_check: the GPU trace is read
 * once per GPU core in the timing model, a --cpu-trace looped by --cpu-loop, a file given
 * twice). 0, or -1 after the error naming the options or the input. */
int sys_timed_values_ok(const cfg_t *c, const sys_timing_t *t, int timed, const char *path,
                        const char *const *cpu, unsigned ncpu);
/* The timed run's report lines (after sysim's program-order ones): the parameters, per
 * application its L2 accesses and hits, the GPU's L2 share, per GPU core its retired
 * instructions and cycles. */
void sys_timed_print_text(const sys_sim_t *s, const sys_timing_t *tm,
                          const sys_timed_stats_t *ts);
/* The same as JSON members ("timing", "apps", "gpu_llc_share", "gpu_cores"), each preceded by
 * ",\n" (the caller closes the object). */
void sys_timed_print_json(const sys_sim_t *s, const sys_timing_t *tm,
                          const sys_timed_stats_t *ts);

#endif
