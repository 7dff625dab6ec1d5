/* sysim_args: sysim's command line, checked through core/opt.h with no side effect (nothing
 * printed, no file opened) so that sysim's main and the argv fuzz target
 * (tb/fuzz/fuzz_argv.c) share it. --cpu-trace and --set repeat; every other option is given
 * at most once. */
#ifndef CACHEGEN_SYSIM_ARGS_H
#define CACHEGEN_SYSIM_ARGS_H

#include <stddef.h>

#include "sys_timed.h"
#include "trace.h"

/* The checked arguments of one sysim run. */
typedef struct sysim_args {
    int help, version;        /* --help/-h or --version: print that (the parse ends there) */
    const char *config;       /* --config F.yaml, or NULL */
    const char *preset;       /* --preset P, or NULL */
    const char **sets;        /* [nsets] --set K=V in order, one per key (owned array) */
    unsigned nsets;
    const char **cpu;         /* [ncpu] --cpu-trace files, port 0 first (owned array) */
    unsigned ncpu;
    sys_timing_t tm;          /* the timing options over sys_timing_defaults */
    int timed;                /* a timing option or --cpu-trace was given */
    trace_format_t fmt;       /* --format, default TF_AUTO */
    int json;                 /* --json */
    const char *path;         /* TRACE */
} sysim_args_t;

/* Parse argv[1..argc-1] into *a (sysim_args_free releases it, also after an error). Returns
 * 0, or -1 with err set. Prints nothing. */
int sysim_parse_args(int argc, char **argv, sysim_args_t *a, char *err, size_t errlen);
void sysim_args_free(sysim_args_t *a);

#endif
