/* gen_args: cachegen's command line (see gen_args.h). */
#include <stddef.h>

#include "gen_args.h"

#include <stdio.h>
#include <string.h>

#include "../core/opt.h"

enum { O_CONFIG, O_PRESET, O_SET, O_REPORT_ONLY, O_OUT, O_LIST, O_VERSION, O_HELP, O_H };

static const opt_spec_t gen_opts[] = {
    [O_CONFIG] = {"--config", "FILE.yaml", 0},
    [O_PRESET] = {"--preset", "NAME", 0},
    [O_SET] = {"--set", "KEY=VALUE", OPT_REPEAT},
    [O_REPORT_ONLY] = {"--report-only", NULL, 0},
    [O_OUT] = {"-o", "OUTDIR", 0},
    [O_LIST] = {"--list-presets", NULL, 0},
    [O_VERSION] = {"--version", NULL, 0},
    [O_HELP] = {"--help", NULL, 0},
    [O_H] = {"-h", NULL, 0},
};

int gen_parse_args(int argc, char **argv, gen_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    memset(a, 0, sizeof *a);
    opt_init(&p, gen_opts, sizeof gen_opts / sizeof gen_opts[0], argc, argv, 1);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        char shown[200], names[512];
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            snprintf(err, errlen, "argument %s: not an option (cachegen takes no positional "
                     "argument; a subcommand comes first); allowed: %s, or pric or verify first",
                     opt_shown(v, shown, sizeof shown),
                     opt_names(gen_opts, sizeof gen_opts / sizeof gen_opts[0], names,
                               sizeof names));
            return -1;
        case O_CONFIG: a->config = v; break;
        case O_PRESET: a->preset = v; break;
        case O_OUT: a->outdir = v; break;
        case O_REPORT_ONLY: a->report_only = 1; break;
        case O_SET:
            if (a->nsets == GEN_MAX_SETS) {
                snprintf(err, errlen, "--set: too many overrides (at most %d)", GEN_MAX_SETS);
                return -1;
            }
            a->sets[a->nsets++] = v;
            break;
        case O_LIST: a->action = GA_LIST; return 0;
        case O_VERSION: a->action = GA_VERSION; return 0;
        default: a->action = GA_HELP; return 0;
        }
    }
    return opt_keys_unique(a->sets, a->nsets, err, errlen);
}
