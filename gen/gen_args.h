/* gen_args: the command line of `cachegen` itself (generation; not its pric and verify
 * subcommands), checked through opt.h with no side effect so that main and the argv fuzz
 * target (tb/fuzz/fuzz_argv.c) share it. */
#ifndef CACHEGEN_GEN_ARGS_H
#define CACHEGEN_GEN_ARGS_H

#define GEN_MAX_SETS 256

/* What gen_parse_args found. */
typedef enum { GA_RUN, GA_HELP, GA_VERSION, GA_LIST } gen_action_t;

/* The checked arguments of one `cachegen` run. */
typedef struct gen_args {
    gen_action_t action;             /* what to do: generate, or print help/version/presets */
    const char *config;              /* --config FILE.yaml, or NULL */
    const char *preset;              /* --preset NAME, or NULL */
    const char *sets[GEN_MAX_SETS];  /* --set KEY=VALUE, in order, one per key */
    unsigned nsets;                  /* how many sets[] */
    const char *outdir;              /* -o OUTDIR, or NULL */
    int report_only;                 /* --report-only */
} gen_args_t;

/* Parse argv[1..argc-1] into *a; --help, --version and --list-presets end the parse where
 * they stand (an error before them wins). Returns 0, or -1 with err set ("argument ...";
 * on error *a is partly filled). Prints nothing. */
int gen_parse_args(int argc, char **argv, gen_args_t *a, char *err, size_t errlen);

#endif
