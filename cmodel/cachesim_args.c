/* cachesim_args: cachesim's command line (see cachesim_args.h). */
#include "cachesim_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/num.h"
#include "../core/opt.h"

#define IFETCH_ALLOWED "--ifetch: allowed: ignore (Dinero's data-cache-only run), data (reads)"
#define GEN_PATTERNS "stream, thrash, hot_stream, stride, random, pc_mix"
#define CONVERT_USAGE                                                                         \
    "convert: usage: convert IN OUT --to FORMAT [--compress C] [--from F] [--ifetch "         \
    "ignore|data] [--line-bytes N]"

/* --ifetch VALUE: 0 ignore (the default), 1 data; -1 with err set for anything else. */
static int ifetch(const char *v, int *out, char *err, size_t errlen)
{
    if (strcmp(v, "ignore") && strcmp(v, "data")) {
        snprintf(err, errlen, IFETCH_ALLOWED);
        return -1;
    }
    *out = !strcmp(v, "data");
    return 0;
}

/* A number option through num.h into *out; 0, or -1 with err set. */
static int number(const char *key, const char *text, uint64_t lo, uint64_t hi, uint64_t *out,
                  char *err, size_t errlen)
{
    if (num_parse_u64(text, lo, hi, out) == 0)
        return 0;
    num_error(err, errlen, key, text, lo, hi);
    return -1;
}

/* ---- run and --sweep: one table, each option marked with the modes it belongs to -------- */

enum { R_CONFIG, R_PRESET, R_SET, R_FORMAT, R_IFETCH, R_EXACT, R_JSON, R_SWEEP, R_CONFIGS,
       R_TRACES, R_OUT, R_J, R_PLOT, R_HELP, R_H, R_VERSION, R_N };

static const opt_spec_t run_opts[R_N] = {
    [R_CONFIG] = {"--config", "F.yaml", 0},   [R_PRESET] = {"--preset", "P", 0},
    [R_SET] = {"--set", "K=V", OPT_REPEAT},   [R_FORMAT] = {"--format", "F", 0},
    [R_IFETCH] = {"--ifetch", "ignore|data", 0}, [R_EXACT] = {"--exact", NULL, 0},
    [R_JSON] = {"--json", NULL, 0},           [R_SWEEP] = {"--sweep", NULL, 0},
    [R_CONFIGS] = {"--configs", "A,B,..", 0}, [R_TRACES] = {"--traces", "T1,T2,..", OPT_DASH},
    [R_OUT] = {"-o", "RESULTS.csv", OPT_DASH}, [R_J] = {"-j", "N", OPT_NUM},
    [R_PLOT] = {"--plot", "OUT.svg", OPT_DASH}, [R_HELP] = {"--help", NULL, 0},
    [R_H] = {"-h", NULL, 0},                  [R_VERSION] = {"--version", NULL, 0},
};
#define M_RUN 1u
#define M_SWEEP 2u
static const unsigned run_mode[R_N] = {
    [R_CONFIG] = M_RUN, [R_PRESET] = M_RUN, [R_SET] = M_RUN, [R_FORMAT] = M_RUN,
    [R_IFETCH] = M_RUN | M_SWEEP, [R_EXACT] = M_RUN, [R_JSON] = M_RUN, [R_SWEEP] = M_SWEEP,
    [R_CONFIGS] = M_SWEEP, [R_TRACES] = M_SWEEP, [R_OUT] = M_SWEEP, [R_J] = M_SWEEP,
    [R_PLOT] = M_SWEEP, [R_HELP] = M_RUN | M_SWEEP, [R_H] = M_RUN | M_SWEEP,
    [R_VERSION] = M_RUN | M_SWEEP,
};

/* The options of one mode as "--a, --b" into buf. */
static char *mode_names(unsigned mode, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < R_N && o < len; k++)
        if (run_mode[k] & mode)
            o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "", run_opts[k].name);
    return buf;
}

static int parse_run(int argc, char **argv, cachesim_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    char shown[200], names[512];
    /* --sweep anywhere (not as a value) selects the sweep: a first walk finds it */
    opt_init(&p, run_opts, R_N, argc, argv, 1);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END && k != OPT_ERR)
        if (k == R_SWEEP)
            a->cmd = CS_SWEEP;
    unsigned mode = a->cmd == CS_SWEEP ? M_SWEEP : M_RUN;
    opt_init(&p, run_opts, R_N, argc, argv, 1);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        if (k == OPT_ERR)
            return -1;
        if (k >= 0 && !(run_mode[k] & mode)) {
            snprintf(err, errlen, "argument %s: %s; allowed%s: %s", run_opts[k].name,
                     mode == M_SWEEP ? "not a --sweep option" : "only with --sweep",
                     mode == M_SWEEP ? " with --sweep" : " without --sweep",
                     mode_names(mode, names, sizeof names));
            return -1;
        }
        switch (k) {
        case OPT_ARG:
            if (mode == M_SWEEP) {
                snprintf(err, errlen, "argument %s: --sweep takes no TRACE (its traces are "
                         "--traces T1,T2,..); allowed: %s", opt_shown(v, shown, sizeof shown),
                         mode_names(M_SWEEP, names, sizeof names));
                return -1;
            }
            if (a->trace) {
                snprintf(err, errlen, "one trace at a time (use --sweep for more)");
                return -1;
            }
            a->trace = v;
            break;
        case R_CONFIG: a->config = v; break;
        case R_PRESET: a->preset = v; break;
        case R_SET: a->sets[a->nsets++] = v; break;
        case R_FORMAT:
            if (trace_format_parse(v, &a->fmt) != 0) {
                snprintf(err, errlen, "--format: allowed: auto, din, text, binary, accel, "
                         "dinero-binary");
                return -1;
            }
            break;
        case R_IFETCH:
            if (ifetch(v, &a->ifetch_read, err, errlen))
                return -1;
            break;
        case R_EXACT: a->exact = 1; break;
        case R_JSON: a->json = 1; break;
        case R_SWEEP: break;
        case R_CONFIGS: a->clist = v; break;
        case R_TRACES: a->tlist = v; break;
        case R_OUT: a->out = v; break;
        case R_PLOT: a->plot = v; break;
        case R_J:
            if (number("-j", v, 1, 64, &a->jobs, err, errlen))
                return -1;
            break;
        case R_VERSION: a->cmd = CS_VERSION; return 0;
        default: a->help_of = a->cmd; a->cmd = CS_HELP; return 0; /* --help, -h */
        }
    }
    if (mode == M_SWEEP) {
        if (!a->clist || !a->tlist || !a->out) {
            snprintf(err, errlen, "--sweep: needs --configs A,B --traces T1,T2 -o OUT.csv "
                     "[-j 1..64]; missing %s", !a->clist ? "--configs" : !a->tlist ? "--traces"
                                                                                   : "-o");
            return -1;
        }
        return 0;
    }
    if (!a->trace) {
        snprintf(err, errlen, "no trace given (a path, or - for stdin)");
        return -1;
    }
    return opt_keys_unique(a->sets, a->nsets, err, errlen);
}

/* ---- convert ------------------------------------------------------------------------------ */

enum { C_TO, C_FROM, C_COMPRESS, C_IFETCH, C_LINE, C_HELP, C_H, C_VERSION, C_N };

static const opt_spec_t convert_opts[C_N] = {
    [C_TO] = {"--to", "FORMAT", 0},          [C_FROM] = {"--from", "F", 0},
    [C_COMPRESS] = {"--compress", "C", 0},   [C_IFETCH] = {"--ifetch", "ignore|data", 0},
    [C_LINE] = {"--line-bytes", "N", OPT_NUM}, [C_HELP] = {"--help", NULL, 0},
    [C_H] = {"-h", NULL, 0},                 [C_VERSION] = {"--version", NULL, 0},
};

static int parse_convert(int argc, char **argv, cachesim_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    a->from = "auto";
    a->comp = "none";
    opt_init(&p, convert_opts, C_N, argc, argv, 2);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            if (!a->in)
                a->in = v;
            else if (!a->out)
                a->out = v;
            else {
                snprintf(err, errlen, CONVERT_USAGE);
                return -1;
            }
            break;
        case C_TO: a->to = v; break;
        case C_FROM: a->from = v; break;
        case C_COMPRESS: a->comp = v; break;
        case C_IFETCH:
            if (ifetch(v, &a->ifetch_read, err, errlen))
                return -1;
            break;
        case C_LINE:
            if (number("--line-bytes", v, 16, 256, &a->line_bytes, err, errlen))
                return -1;
            if (a->line_bytes & (a->line_bytes - 1)) {
                snprintf(err, errlen, "--line-bytes: must be a power of two (l1.line_bytes)");
                return -1;
            }
            break;
        case C_VERSION: a->cmd = CS_VERSION; return 0;
        default: a->help_of = CS_CONVERT; a->cmd = CS_HELP; return 0;
        }
    }
    if (!a->in || !a->out || !a->to) {
        snprintf(err, errlen, CONVERT_USAGE);
        return -1;
    }
    if (trace_format_parse(a->from, &a->fi) != 0 || trace_format_parse(a->to, &a->fo) != 0) {
        snprintf(err, errlen, "--from/--to: allowed: auto, din, text, binary, accel (input "
                 "only), dinero-binary");
        return -1;
    }
    if (a->fi == TF_DINBIN && !a->line_bytes) {
        snprintf(err, errlen, "convert --from dinero-binary needs --line-bytes N (the "
                 "l1.line_bytes it will be simulated with): an access spanning lines becomes "
                 "one reference per line, as Dinero IV splits it");
        return -1;
    }
    return 0;
}

/* ---- gen ---------------------------------------------------------------------------------- */

/* gen's number options and their ranges, in the order of CS_GEN_* (wl_check then applies
 * the per-pattern limits). */
static const struct gen_num {
    const char *key;  /* option */
    uint64_t lo, hi;  /* allowed values */
} GEN_NUMS[CS_GEN_NNUMS] = {
    {"--refs", 1, GEN_MAX_REFS},       {"--seed", 0, UINT64_MAX},
    {"--footprint", 1, (uint64_t)1 << WL_REGION_LOG2}, {"--stride-log2", 0, WL_REGION_LOG2},
    {"--stores", 0, 100},               {"--cores", 1, 65536},
    {"--line-bytes", 4, 65536},
};

enum { G_PATTERN = CS_GEN_NNUMS, G_OUT, G_TO, G_COMPRESS, G_HELP, G_H, G_VERSION, G_N };

static const opt_spec_t gen_opts[G_N] = {
    {"--refs", "N", OPT_NUM},           {"--seed", "N", OPT_NUM},
    {"--footprint", "N", OPT_NUM},      {"--stride-log2", "N", OPT_NUM},
    {"--stores", "PCT", OPT_NUM},       {"--cores", "N", OPT_NUM},
    {"--line-bytes", "N", OPT_NUM},     [G_PATTERN] = {"--pattern", "P", 0},
    [G_OUT] = {"-o", "OUT", OPT_DASH},  [G_TO] = {"--to", "FORMAT", 0},
    [G_COMPRESS] = {"--compress", "C", 0}, [G_HELP] = {"--help", NULL, 0},
    [G_H] = {"-h", NULL, 0},            [G_VERSION] = {"--version", NULL, 0},
};

static int parse_gen(int argc, char **argv, cachesim_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v, *pattern = NULL;
    int k;
    char shown[200], names[512];
    a->to = "binary";
    a->comp = "none";
    opt_init(&p, gen_opts, G_N, argc, argv, 2);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            snprintf(err, errlen, "argument %s: gen takes no positional argument (the output "
                     "is -o OUT); allowed: %s", opt_shown(v, shown, sizeof shown),
                     opt_names(gen_opts, G_N, names, sizeof names));
            return -1;
        case G_PATTERN: pattern = v; break;
        case G_OUT: a->out = v; break;
        case G_TO: a->to = v; break;
        case G_COMPRESS: a->comp = v; break;
        case G_VERSION: a->cmd = CS_VERSION; return 0;
        case G_HELP:
        case G_H: a->help_of = CS_GEN; a->cmd = CS_HELP; return 0;
        default:
            if (number(GEN_NUMS[k].key, v, GEN_NUMS[k].lo, GEN_NUMS[k].hi, &a->num[k], err,
                       errlen))
                return -1;
            a->num_given[k] = 1;
            break;
        }
    }
    if (!pattern || wl_parse_pattern(pattern, &a->pattern) != 0) {
        snprintf(err, errlen, "gen: --pattern: allowed: " GEN_PATTERNS);
        return -1;
    }
    if (!a->out) {
        snprintf(err, errlen, "gen: -o OUT: missing; give the output trace file (- for "
                 "standard output)");
        return -1;
    }
    if (trace_format_parse(a->to, &a->fo) != 0) {
        snprintf(err, errlen, "gen: --to %s: not allowed; allowed: din, text, binary, "
                 "dinero-binary", opt_shown(a->to, shown, sizeof shown));
        return -1;
    }
    return 0;
}

int cachesim_parse_args(int argc, char **argv, cachesim_args_t *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    a->jobs = 2;
    a->fmt = TF_AUTO;
    if (argc > 1 && !strcmp(argv[1], "convert")) {
        a->cmd = CS_CONVERT;
        return parse_convert(argc, argv, a, err, errlen);
    }
    if (argc > 1 && !strcmp(argv[1], "gen")) {
        a->cmd = CS_GEN;
        return parse_gen(argc, argv, a, err, errlen);
    }
    a->cmd = CS_RUN;
    a->sets = calloc(argc > 0 ? (size_t)argc : 1, sizeof *a->sets); /* one per argument */
    if (!a->sets) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return parse_run(argc, argv, a, err, errlen);
}

void cachesim_args_free(cachesim_args_t *a)
{
    free(a->sets);
    a->sets = NULL;
}
