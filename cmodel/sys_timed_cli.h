/* sys_timed_cli: sysim's side of the timing model (sys_timed.h): the options that select and
 * tune it, the checks of what it is given (errors on stderr, nothing on stdout), and its
 * report. Options: --timed, --cpu-loop, --l1-latency, --l2-latency, --mem-latency (1..
 * SYS_MAX_LATENCY), --gpu-mlp (1..SYS_MAX_MLP), --cpu-gap (0..1,000,000), --share-every
 * (0..2^40), each value a decimal integer. */
#ifndef CACHEGEN_SYS_TIMED_CLI_H
#define CACHEGEN_SYS_TIMED_CLI_H

#include <stddef.h>

#include "../gen/cfg.h"
#include "sys_sim.h"
#include "sys_timed.h"

/* The value `v` of timing option `opt` (one of the valued ones above, as typed) into *t:
 * 0, or -1 with err set ("--gpu-mlp 0: allowed: an integer 1..64"). Prints nothing. */
int sys_timed_value(const char *opt, const char *v, sys_timing_t *t, char *err, size_t errlen);
/* What the timed run needs of the configuration and the inputs (ncpu --cpu-trace files, the
 * GPU trace `path`, an Accel-Sim one when accel): 0, or -1 after the error. */
int sys_timed_inputs_ok(const cfg_t *c, unsigned ncpu, const char *path, int accel);
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
