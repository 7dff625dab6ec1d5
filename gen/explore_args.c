/* explore_args: the command line of `cachegen explore` through core/opt.h (see explore.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "explore.h"
#include "../core/num.h"
#include "../core/opt.h"

void exp_usage(FILE *f)
{
    fprintf(f,
            "usage: cachegen explore [--config FILE | --preset NAME] [--set KEY=VALUE ...]\n"
            "                        (--grid KEY=V1,V2,... ... | --points FILE.yaml)\n"
            "                        --trace FILE [--trace FILE ...] [--sim cachesim|sysim]\n"
            "                        [--sim-opt NAME[=VALUE] ...]\n"
            "                        [--objective METRIC[:max|:min]] [--cost-top l1|sys]\n"
            "                        [-j N] [--local | --slurm]\n"
            "                        [--cache DIR] -o OUT\n\n"
            "Each point of the grid (every combination of the --grid values over the base, or\n"
            "each named point of a YAML list: `- name: small` then `l1.ways: 4` ...) is\n"
            "generated, validated, simulated on every trace (cachesim: one L1; sysim: the\n"
            "system; counts summed over the traces) and costed by synth/synth.sh and build/cost\n"
            "(logic and SRAM GE, storage bits, depth, period of the L1 top, or of the system top\n"
            "for sysim). Every point is simulated before any is synthesized, so an objective\n"
            "that names no column stops the run before its first synthesis. Costs and simulations\n"
            "are cached (default OUT/cache) by the normalized configuration's hash and the\n"
            "tools' version: a rerun, a grown grid or an interrupted run runs only what is\n"
            "missing. OUT gets results.csv, results.json, results.md (sorted by the objective,\n"
            "the Pareto front of objective against total GE marked) and pareto.svg; explore.log\n"
            "gets one line a run.\n\n"
            "  --grid KEY=V1,V2  a grid key and its values (repeat for more keys)\n"
            "  --sim S           cachesim (default) or sysim\n"
            "  --sim-opt N[=V]   the simulator's option --N [V] on every run (sysim's cycle\n"
            "                    model: --sim-opt timed --sim-opt l2-latency=200; its cycles\n"
            "                    become the cycles column)\n"
            "  --objective M     a column of the table (default hits; :max or :min, default max\n"
            "                    for names holding 'hit', else min)\n"
            "  --cost-top T      l1 (one L1: the default with cachesim) or sys (the system top:\n"
            "                    its L1s, arbiter and L2 slice; the default with sysim)\n"
            "  -j N              points at a time on this machine, 1..64 (default 1)\n"
            "  --local, --slurm  where points run; default: a Slurm job array when sbatch is on\n"
            "                    PATH and sinfo answers, else here\n"
            "A key or value that is refused alone, or that leaves no legal point, stops the run\n"
            "before any point runs; a point illegal as a combination is reported and skipped.\n"
            "Exit status: 0 every point done, 1 some point failed, 2 bad input, 128+N stopped by\n"
            "signal N (130: Ctrl-C; the finished points are cached and a rerun resumes).\n");
}

enum { E_CONFIG, E_PRESET, E_SET, E_GRID, E_POINTS, E_TRACE, E_SIM, E_OBJ, E_J, E_LOCAL,
       E_SLURM, E_OUT, E_CACHE, E_TASK, E_TOP, E_SIMOPT, E_HELP, E_H };

static const opt_spec_t exp_opts[] = {
    [E_CONFIG] = {"--config", "FILE", 0},       [E_PRESET] = {"--preset", "NAME", 0},
    [E_SET] = {"--set", "KEY=VALUE", OPT_REPEAT}, [E_GRID] = {"--grid", "KEY=V1,V2", OPT_REPEAT},
    [E_POINTS] = {"--points", "FILE", 0},       [E_TRACE] = {"--trace", "FILE", OPT_REPEAT},
    [E_SIM] = {"--sim", "SIM", 0},              [E_OBJ] = {"--objective", "METRIC", 0},
    [E_J] = {"-j", "N", OPT_NUM},               [E_LOCAL] = {"--local", NULL, 0},
    [E_SLURM] = {"--slurm", NULL, 0},           [E_OUT] = {"-o", "OUT", 0},
    [E_CACHE] = {"--cache", "DIR", 0},          [E_TASK] = {"--task", "K", OPT_NUM},
    [E_TOP] = {"--cost-top", "TOP", 0},         [E_SIMOPT] = {"--sim-opt", "NAME[=VALUE]", OPT_REPEAT},
    [E_HELP] = {"--help", NULL, 0},             [E_H] = {"-h", NULL, 0},
};

/* --sim-opt NAME[=VALUE]: NAME of lower-case letters, digits and '-' (the simulator's own
 * parser checks the name and the value: every point is simulated before any synthesis) */
static int sim_opt(const char *v, exp_opts_t *o, char *err, size_t errlen)
{
    char shown[200];
    size_t n = strcspn(v, "=");
    int ok = n > 0 && n < 32 && o->nsim_opts < EXP_MAX_SIM_OPTS;
    for (size_t i = 0; ok && i < n; i++)
        ok = (v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' && v[i] <= '9') || v[i] == '-';
    if (!ok || (v[n] == '=' && v[n + 1] == '\0')) {
        snprintf(err, errlen, "--sim-opt = %s: allowed: NAME or NAME=VALUE (NAME: 1..31 "
                 "lower-case letters, digits and '-', the simulator's option without its "
                 "dashes; VALUE not empty), at most %u times", opt_shown(v, shown, sizeof shown),
                 EXP_MAX_SIM_OPTS);
        return -1;
    }
    o->sim_opts[o->nsim_opts++] = v;
    return 0;
}

static int objective(const char *v, exp_opts_t *o, char *err, size_t errlen)
{
    const char *colon = strchr(v, ':');
    size_t n = colon ? (size_t)(colon - v) : strlen(v);
    char shown[200];
    if (n == 0 || n >= sizeof o->objective) {
        snprintf(err, errlen, "--objective = %s: allowed: a metric name of 1..63 characters, "
                 "optionally :max or :min", opt_shown(v, shown, sizeof shown));
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' && v[i] <= '9') || v[i] == '_')) {
            snprintf(err, errlen, "--objective = %s: allowed: a metric name of lower-case "
                     "letters, digits and '_', optionally :max or :min",
                     opt_shown(v, shown, sizeof shown));
            return -1;
        }
    memcpy(o->objective, v, n);
    o->objective[n] = '\0';
    if (!colon)
        o->maximize = strstr(o->objective, "hit") != NULL;
    else if (!strcmp(colon, ":max") || !strcmp(colon, ":min"))
        o->maximize = colon[2] == 'a';
    else {
        snprintf(err, errlen, "--objective = %s: the direction after ':' must be max or min",
                 opt_shown(v, shown, sizeof shown));
        return -1;
    }
    return 0;
}

int exp_parse_args(int argc, char **argv, exp_opts_t *o, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k, top = -1;
    char shown[200];
    uint64_t n;
    memset(o, 0, sizeof *o);
    o->jobs = 1;
    o->task = -1;
    o->runner = EXP_RUN_AUTO;
    objective("hits", o, err, errlen);
    opt_init(&p, exp_opts, sizeof exp_opts / sizeof exp_opts[0], argc, argv, 0);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            snprintf(err, errlen, "argument %s: not allowed; allowed: options only (explore "
                     "--help)", opt_shown(v, shown, sizeof shown));
            return -1;
        case E_CONFIG: o->config = v; break;
        case E_PRESET: o->preset = v; break;
        case E_SET:
        case E_GRID:
        case E_TRACE: {
            const char **arr = k == E_SET ? o->sets : k == E_GRID ? o->grid : o->traces;
            unsigned *cnt = k == E_SET ? &o->nsets : k == E_GRID ? &o->ngrid : &o->ntraces;
            unsigned max = k == E_SET ? EXP_MAX_SETS : k == E_GRID ? EXP_MAX_KEYS
                                                                   : EXP_MAX_TRACES;
            if (*cnt == max) {
                snprintf(err, errlen, "%s: given more than %u times; allowed: at most %u",
                         exp_opts[k].name, max, max);
                return -1;
            }
            arr[(*cnt)++] = v;
            break;
        }
        case E_POINTS: o->points = v; break;
        case E_SIM:
            if (!strcmp(v, "cachesim") || !strcmp(v, "sysim"))
                o->sim = v[0] == 's' ? EXP_SIM_SYSIM : EXP_SIM_CACHESIM;
            else {
                snprintf(err, errlen, "--sim = %s: allowed: cachesim or sysim",
                         opt_shown(v, shown, sizeof shown));
                return -1;
            }
            break;
        case E_OBJ:
            if (objective(v, o, err, errlen))
                return -1;
            break;
        case E_J:
            if (num_parse_u64(v, 1, 64, &n)) {
                num_error(err, errlen, "-j", v, 1, 64);
                return -1;
            }
            o->jobs = (unsigned)n;
            break;
        case E_TASK:
            if (num_parse_u64(v, 0, EXP_MAX_POINTS - 1, &n)) {
                num_error(err, errlen, "--task", v, 0, EXP_MAX_POINTS - 1);
                return -1;
            }
            o->task = (long)n;
            break;
        case E_LOCAL:
        case E_SLURM:
            if (o->runner != EXP_RUN_AUTO) {
                snprintf(err, errlen, "%s: not with the other of --local and --slurm",
                         exp_opts[k].name);
                return -1;
            }
            o->runner = k == E_LOCAL ? EXP_RUN_LOCAL : EXP_RUN_SLURM;
            break;
        case E_SIMOPT:
            if (sim_opt(v, o, err, errlen))
                return -1;
            break;
        case E_TOP:
            if (!strcmp(v, "l1") || !strcmp(v, "sys"))
                top = v[0] == 's' ? EXP_TOP_SYS : EXP_TOP_L1;
            else {
                snprintf(err, errlen, "--cost-top = %s: allowed: l1 or sys",
                         opt_shown(v, shown, sizeof shown));
                return -1;
            }
            break;
        case E_OUT: o->out = v; break;
        case E_CACHE: o->cache = v; break;
        default: return 1; /* --help, -h */
        }
    }
    o->cost_top = top >= 0 ? top : o->sim == EXP_SIM_SYSIM ? EXP_TOP_SYS : EXP_TOP_L1;
    if (o->config && o->preset) {
        snprintf(err, errlen, "--config and --preset: given both; allowed: one base");
        return -1;
    }
    if (!o->ngrid == !o->points) {
        snprintf(err, errlen, "%s; allowed: --grid KEY=V1,V2 (one or more) or --points "
                 "FILE.yaml", o->points ? "--grid and --points: given both" : "no grid");
        return -1;
    }
    if (!o->ntraces) {
        snprintf(err, errlen, "--trace: missing; give one or more traces (any format %s "
                 "reads)", o->sim == EXP_SIM_SYSIM ? "sysim" : "cachesim");
        return -1;
    }
    if (!o->out) {
        snprintf(err, errlen, "-o: missing; give the output directory");
        return -1;
    }
    return opt_keys_unique(o->sets, o->nsets, err, errlen);
}
