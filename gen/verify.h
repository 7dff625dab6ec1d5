/* verify: the `cachegen verify` subcommand, one command from a configuration to a lockstep
 * verdict. It checks every argument and the configuration (cfg_from_args, as cachegen does)
 * and the work directory, then runs the flow script tb/verify.sh in its place (generate, lint,
 * build the harnesses (cached), lockstep with coverage, optionally Icarus, a summary, and on
 * failure the command that reproduces it). Nothing runs unless every argument is valid.
 *
 * The script is looked for, in order, in $CACHEGEN_TB (a directory), in ../tb beside the
 * directory of the running cachegen (build/cachegen -> tb/verify.sh of the source tree), and in
 * CACHEGEN_TB_DIR if the build defines it (an installed tree). It needs the tree around it:
 * tb/ (harness sources, build scripts) and build/ (libcmodel.a, libcore.a, mkstim). */
#ifndef CACHEGEN_VERIFY_H
#define CACHEGEN_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#define VERIFY_MAX_SETS 256

/* The checked arguments of one `cachegen verify`. */
typedef struct {
    const char *config;                  /* YAML file as given (positional or --config), or NULL */
    const char *preset;                  /* --preset NAME, or NULL */
    const char *sets[VERIFY_MAX_SETS];   /* --set KEY=VALUE, in order */
    unsigned nsets;                      /* how many sets[] */
    uint64_t seed;                       /* --seed: the lockstep seed, 0..2^32-1 */
    uint64_t requests;                   /* --requests: per random run (a system: in all) */
    int waves;                           /* --waves: an FST waveform of every run */
    int icarus;                          /* --icarus: the Icarus testbench and replay too */
    char only[24];                       /* --only: "all" or a list of l1,l2,sys,duel,dwt */
    const char *workdir;                 /* -o, or NULL: cachegen-verify/<name> */
    const char *rtl;                     /* --rtl DIR: the user's RTL (configuration: its
                                          * config.yaml), or NULL: the generated RTL */
} verify_opts_t;

/* Parse argv[0..argc-1] (the arguments after "verify") into *o through opt.h, numbers and
 * --only checked: 0 parsed, 1 --help or -h, 2 --version (each ends the parse where it
 * stands), -1 with err set. Prints nothing, touches no file (the work directory and the
 * configuration are checked by verify_cli). */
int verify_parse_args(int argc, char **argv, verify_opts_t *o, char *err, size_t errlen);

/* argv holds the arguments after "verify". On success it does not return: the process becomes
 * tb/verify.sh, whose exit status is the verdict (0 pass, 1 mismatch or failure, 3 coverage
 * hole). It returns 0 after --help and 2 after an error, printed as "cachegen verify: error:
 * ..." naming the option, the value and what is allowed; on error nothing is run or written. */
int verify_cli(int argc, char **argv);

/* verify_rtl.c: --rtl DIR checked against the work directory (which need not exist; NULL: not
 * checked): DIR is a directory with cachegen.manifest and config.yaml, and neither directory
 * holds the other.
 * 0 with DIR's resolved path in absdir and its config.yaml in config, or -1 with err set. */
int verify_rtl_check(const char *dir, const char *workdir, char *absdir, size_t alen,
                     char *config, size_t clen, char *err, size_t errlen);

#endif
