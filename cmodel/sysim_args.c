/* sysim_args: sysim's command line (see sysim_args.h). */
#include "sysim_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/opt.h"
#include "sys_timed_cli.h"

enum { S_PRESET, S_CONFIG, S_SET, S_FORMAT, S_JSON, S_CPU_TRACE, S_TIMED, S_CPU_LOOP,
       S_L1_LATENCY, S_L2_LATENCY, S_MEM_LATENCY, S_GPU_MLP, S_CPU_GAP, S_SHARE_EVERY, S_HELP,
       S_H, S_VERSION, S_N };

static const opt_spec_t sysim_opts[S_N] = {
    [S_PRESET] = {"--preset", "P", 0},
    [S_CONFIG] = {"--config", "F.yaml", 0},
    [S_SET] = {"--set", "K=V", OPT_REPEAT},
    [S_FORMAT] = {"--format", "F", 0},
    [S_JSON] = {"--json", NULL, 0},
    [S_CPU_TRACE] = {"--cpu-trace", "FILE", OPT_REPEAT | OPT_DASH}, /* -: stdin, once */
    [S_TIMED] = {"--timed", NULL, 0},
    [S_CPU_LOOP] = {"--cpu-loop", NULL, 0},
    [S_L1_LATENCY] = {"--l1-latency", "N", OPT_NUM},
    [S_L2_LATENCY] = {"--l2-latency", "N", OPT_NUM},
    [S_MEM_LATENCY] = {"--mem-latency", "N", OPT_NUM},
    [S_GPU_MLP] = {"--gpu-mlp", "N", OPT_NUM},
    [S_CPU_GAP] = {"--cpu-gap", "N", OPT_NUM},
    [S_SHARE_EVERY] = {"--share-every", "N", OPT_NUM},
    [S_HELP] = {"--help", NULL, 0},
    [S_H] = {"-h", NULL, 0},
    [S_VERSION] = {"--version", NULL, 0},
};

int sysim_parse_args(int argc, char **argv, sysim_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    char shown[200], names[512];
    memset(a, 0, sizeof *a);
    sys_timing_defaults(&a->tm);
    a->fmt = TF_AUTO;
    a->sets = calloc(argc > 0 ? (size_t)argc : 1, sizeof *a->sets); /* one per argument */
    a->cpu = calloc(argc > 0 ? (size_t)argc : 1, sizeof *a->cpu);
    if (!a->sets || !a->cpu) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    opt_init(&p, sysim_opts, S_N, argc, argv, 1);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            if (!strcmp(v, "-")) {
                snprintf(err, errlen, "argument -: not allowed; allowed: TRACE, a file (the GPU "
                         "trace is not read from standard input; --cpu-trace - is)");
                return -1;
            }
            if (a->path) {
                snprintf(err, errlen, "argument %s: a second trace (first %s); allowed: one "
                         "TRACE (CPU ports' traces as --cpu-trace FILE)",
                         opt_shown(v, shown, sizeof shown), opt_shown(a->path, names,
                                                                      sizeof names));
                return -1;
            }
            a->path = v;
            break;
        case S_PRESET: a->preset = v; break;
        case S_CONFIG: a->config = v; break;
        case S_SET: a->sets[a->nsets++] = v; break;
        case S_JSON: a->json = 1; break;
        case S_CPU_TRACE:
            a->cpu[a->ncpu++] = v;
            a->timed = 1;
            break;
        case S_FORMAT:
            if (trace_format_parse(v, &a->fmt) != 0) {
                snprintf(err, errlen, "--format %s: allowed: auto, din, text, binary, accel, "
                         "dinero-binary", opt_shown(v, shown, sizeof shown));
                return -1;
            }
            break;
        case S_TIMED: a->timed = 1; break;
        case S_CPU_LOOP:
            a->tm.cpu_loop = 1;
            a->timed = 1;
            break;
        case S_HELP:
        case S_H: a->help = 1; return 0;
        case S_VERSION: a->version = 1; return 0;
        default: /* a valued timing option */
            if (sys_timed_value(sysim_opts[k].name, v, &a->tm, err, errlen) != 0)
                return -1;
            a->timed = 1;
            break;
        }
    }
    if (!a->path) {
        snprintf(err, errlen, "a trace file is required");
        return -1;
    }
    return opt_keys_unique(a->sets, a->nsets, err, errlen);
}

void sysim_args_free(sysim_args_t *a)
{
    free(a->sets);
    free(a->cpu);
    a->sets = a->cpu = NULL;
}
