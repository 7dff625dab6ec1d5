/* verify: `cachegen verify`: check the arguments, the configuration and the work directory,
 * then become tb/verify.sh (see verify.h). */
#define _DEFAULT_SOURCE /* realpath */
#include "verify.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/cfg.h"
#include "../core/lay.h"
#include "../core/num.h"
#include "../core/opt.h"
#include "../core/version.h"

#define VERIFY_SEED_MAX 4294967295ULL   /* --seed: 32 bits, as the harnesses' random seeds */
#define VERIFY_REQUESTS_MAX 100000000ULL
#define VERIFY_DEFAULT_REQUESTS 20000   /* a preset in about a minute with its builds cached */
#define VERIFY_MARK ".cachegen-verify"  /* the file that makes a directory a verify work dir */

/* The harnesses --only names, in the order the flow runs them. */
static const char *const verify_harnesses[] = {"l1", "l2", "sys", "duel", "dwt", NULL};

static int verr(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cachegen verify: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cachegen verify [CONFIG.yaml | --config FILE | --preset NAME]\n"
            "                       [--set KEY=VALUE ...] [--seed N] [--requests N] [--waves]\n"
            "                       [--icarus] [--only LIST] [-o WORKDIR]\n"
            "   or: cachegen verify --rtl DIR [--seed N] ... (the same options, no configuration)\n\n"
            "Generates the configuration into WORKDIR/rtl, lints every top (verilator -Wall),\n"
            "builds the lockstep harnesses (a build is reused while the RTL, the harness sources\n"
            "and the model libraries are unchanged; ccache when installed), runs each against\n"
            "the C model with full coverage, prints one line per stage and a summary (events,\n"
            "mismatches, coverage holes, time) and, on a failure, the command that reproduces\n"
            "it.\n\n"
            "  --seed N        lockstep seed, 0..%llu (default 1)\n"
            "  --requests N    requests of each random run, 1..%llu (default %d); the system's\n"
            "                  are shared by its cores; the L1 also runs its directed script\n"
            "  --waves         an FST waveform of every run (a failing run always gets one)\n"
            "  --icarus        also the Icarus testbench, the Icarus replay of a Verilator run\n"
            "                  (identical event logs) and Icarus elaboration of the other tops\n"
            "  --only LIST     a comma list of l1, l2, sys, duel, dwt (default: every top\n"
            "                  the configuration has; duel comes with l1.mode = decoupled,\n"
            "                  dwt with l1.mode = sacat)\n"
            "  -o WORKDIR      default cachegen-verify/<name>; a new directory or an earlier\n"
            "                  verify's (marked by " VERIFY_MARK "), never anything else\n"
            "  --rtl DIR       verify RTL you changed (an ECO, your SRAM wrapper): DIR is a\n"
            "                  cachegen output folder (its cachegen.manifest and config.yaml);\n"
            "                  the model is its config.yaml's, the tops' ports must be the\n"
            "                  configuration's, the runs use a copy of DIR (DIR is only read)\n\n"
            "Exit status: 0 pass, 1 mismatch or failure, 2 bad argument (with --rtl: also tops\n"
            "whose ports differ from the configuration's), 3 coverage hole only.\n"
            "The flow is tb/verify.sh, found through $CACHEGEN_TB (a directory), then ../tb\n"
            "beside this executable's directory (a source tree), then\n"
            "../share/cachegen/tb beside it (make install).\n",
            VERIFY_SEED_MAX, VERIFY_REQUESTS_MAX, VERIFY_DEFAULT_REQUESTS);
}

/* --only: a comma list of harness names into `out`, in run order; 0, or -1 with err set (out
 * unchanged). */
static int parse_only(const char *text, char *out, size_t len, char *err, size_t errlen)
{
    int want[5] = {0, 0, 0, 0, 0};
    const char *p = text;
    for (;;) {
        size_t n = strcspn(p, ",");
        int k = -1;
        for (int i = 0; verify_harnesses[i]; i++)
            if (n == strlen(verify_harnesses[i]) && !strncmp(p, verify_harnesses[i], n))
                k = i;
        if (k < 0) {
            char shown[200], item[40], item_shown[200];
            snprintf(item, sizeof item, "%.*s", (int)(n > 32 ? 32 : n), p);
            opt_shown(text, shown, sizeof shown);
            snprintf(err, errlen, "--only = %s: unknown harness '%s'; allowed: a comma list of "
                     "l1, l2, sys, duel, dwt", shown, opt_shown(item, item_shown, sizeof item_shown));
            return -1;
        }
        want[k] = 1;
        if (!p[n])
            break;
        p += n + 1;
    }
    char list[32] = "";
    for (int i = 0; verify_harnesses[i]; i++)
        if (want[i]) {
            if (list[0])
                strcat(list, ",");
            strcat(list, verify_harnesses[i]);
        }
    snprintf(out, len, "%s", list);
    return 0;
}

/* 0 if `dir` is missing, an empty directory or an earlier verify's work directory. */
static int check_workdir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return errno == ENOENT ? 0 : verr("-o = %s: cannot be used (%s)", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return verr("-o = %s: not allowed; it exists and is not a directory; allowed: a new "
                    "directory or an earlier cachegen verify work directory", dir);
    char mark[PATH_MAX + 32];
    if (snprintf(mark, sizeof mark, "%s/%s", dir, VERIFY_MARK) < (int)sizeof mark &&
        access(mark, F_OK) == 0)
        return 0;
    DIR *d = opendir(dir);
    if (!d)
        return verr("-o = %s: cannot be read (%s)", dir, strerror(errno));
    const struct dirent *e;
    int empty = 1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            empty = 0;
    closedir(d);
    return empty ? 0
                 : verr("-o = %s: not allowed; the directory holds files and no %s; allowed: a "
                        "new or empty directory or an earlier cachegen verify work directory",
                        dir, VERIFY_MARK);
}

/* The flow script into `script` and this executable's absolute path into `exe`. */
static int find_script(char *script, size_t slen, char *exe, size_t elen)
{
    char self[PATH_MAX];
    if (!realpath("/proc/self/exe", self))
        return verr("cannot find this executable's path (/proc/self/exe: %s)", strerror(errno));
    snprintf(exe, elen, "%s", self);
    const char *env = getenv("CACHEGEN_TB");
    if (env && *env) {
        if (snprintf(script, slen, "%s/verify.sh", env) < (int)slen && access(script, X_OK) == 0)
            return 0;
        return verr("CACHEGEN_TB = %s: no executable verify.sh there; allowed: the tb/ directory "
                    "of a cachegen source tree", env);
    }
    char *slash = strrchr(self, '/');
    *slash = '\0';
    if (snprintf(script, slen, "%s/../tb/verify.sh", self) < (int)slen && access(script, X_OK) == 0)
        return 0;
    /* make install: PREFIX/bin/cachegen beside PREFIX/share/cachegen/tb (DESTDIR-relocatable) */
    if (snprintf(script, slen, "%s/../share/cachegen/tb/verify.sh", self) < (int)slen &&
        access(script, X_OK) == 0)
        return 0;
#ifdef CACHEGEN_TB_DIR
    if (snprintf(script, slen, "%s/verify.sh", CACHEGEN_TB_DIR) < (int)slen &&
        access(script, X_OK) == 0)
        return 0;
#endif
    return verr("tb/verify.sh not found beside %s (looked in %s/../tb and "
                "%s/../share/cachegen/tb); set CACHEGEN_TB to the tb/ directory of a cachegen "
                "source tree or install", exe, self, self);
}

enum { V_CONFIG, V_PRESET, V_SET, V_SEED, V_REQUESTS, V_ONLY, V_OUT, V_WAVES, V_ICARUS,
       V_RTL, V_HELP, V_H, V_VERSION };

static const opt_spec_t verify_opts[] = {
    [V_CONFIG] = {"--config", "FILE", 0},     [V_PRESET] = {"--preset", "NAME", 0},
    [V_SET] = {"--set", "KEY=VALUE", OPT_REPEAT}, [V_SEED] = {"--seed", "N", OPT_NUM},
    [V_REQUESTS] = {"--requests", "N", OPT_NUM},    [V_ONLY] = {"--only", "LIST", 0},
    [V_OUT] = {"-o", "WORKDIR", 0},           [V_WAVES] = {"--waves", NULL, 0},
    [V_ICARUS] = {"--icarus", NULL, 0},       [V_RTL] = {"--rtl", "DIR", 0},
    [V_HELP] = {"--help", NULL, 0},
    [V_H] = {"-h", NULL, 0},                  [V_VERSION] = {"--version", NULL, 0},
};

/* A number typed by the user through num.h into err; 0 or -1. */
static int vnumber(const char *opt, const char *text, uint64_t lo, uint64_t hi, uint64_t *out,
                   char *err, size_t errlen)
{
    if (num_parse_u64(text, lo, hi, out) == 0)
        return 0;
    num_error(err, errlen, opt, text, lo, hi);
    return -1;
}

int verify_parse_args(int argc, char **argv, verify_opts_t *o, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->requests = VERIFY_DEFAULT_REQUESTS;
    snprintf(o->only, sizeof o->only, "all");
    opt_init(&p, verify_opts, sizeof verify_opts / sizeof verify_opts[0], argc, argv, 0);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        char shown[200], first[200];
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG: /* CONFIG.yaml */
        case V_CONFIG:
            if (k == OPT_ARG && !strcmp(v, "-")) {
                snprintf(err, errlen, "argument -: not allowed; allowed: a CONFIG.yaml file "
                         "(not standard input)");
                return -1;
            }
            if (o->config) {
                snprintf(err, errlen, "%s%s: a second configuration (first %s); allowed: one "
                         "CONFIG.yaml, --config FILE or --preset NAME",
                         k == V_CONFIG ? "--config " : "argument ",
                         opt_shown(v, shown, sizeof shown), opt_shown(o->config, first,
                                                                      sizeof first));
                return -1;
            }
            o->config = v;
            break;
        case V_PRESET: o->preset = v; break;
        case V_SET:
            if (o->nsets == VERIFY_MAX_SETS) {
                snprintf(err, errlen, "--set: too many overrides (at most %d)", VERIFY_MAX_SETS);
                return -1;
            }
            o->sets[o->nsets++] = v;
            break;
        case V_SEED:
            if (vnumber("--seed", v, 0, VERIFY_SEED_MAX, &o->seed, err, errlen))
                return -1;
            break;
        case V_REQUESTS:
            if (vnumber("--requests", v, 1, VERIFY_REQUESTS_MAX, &o->requests, err, errlen))
                return -1;
            break;
        case V_ONLY:
            if (parse_only(v, o->only, sizeof o->only, err, errlen))
                return -1;
            break;
        case V_OUT: o->workdir = v; break;
        case V_WAVES: o->waves = 1; break;
        case V_ICARUS: o->icarus = 1; break;
        case V_RTL: o->rtl = v; break;
        case V_VERSION: return 2;
        default: return 1; /* --help, -h */
        }
    }
    return opt_keys_unique(o->sets, o->nsets, err, errlen);
}

int verify_cli(int argc, char **argv)
{
    verify_opts_t o;
    char perr[2048];
    int prc = verify_parse_args(argc, argv, &o, perr, sizeof perr);
    if (prc < 0)
        return verr("%s", perr);
    if (prc == 2) {
        printf("cachegen %s\n", GEN_VERSION);
        return 0;
    }
    if (prc == 1) {
        usage(stdout);
        return 0;
    }
    cfg_t c;
    char err[2048];
    char rtldir[PATH_MAX], rtlconfig[PATH_MAX + 16];
    if (o.rtl) { /* the configuration is the folder's own */
        if (o.config || o.preset || o.nsets)
            return verr("%s with --rtl: not allowed; the configuration of --rtl DIR is "
                        "DIR/config.yaml (what cachegen wrote it from); allowed: --rtl DIR "
                        "without a configuration, --preset or --set",
                        o.preset ? "--preset" : o.config ? "a configuration" : "--set");
        if (verify_rtl_check(o.rtl, NULL, rtldir, sizeof rtldir, rtlconfig, sizeof rtlconfig,
                             err, sizeof err))
            return verr("%s", err);
        o.config = rtlconfig;
    }
    if (cfg_from_args(&c, o.config, o.preset, o.sets, o.nsets, err, sizeof err) != 0)
        return verr("%s", err);
    if (o.icarus && strcmp(o.only, "all") && strncmp(o.only, "l1", 2))
        return verr("--icarus with --only = %s: not allowed; the Icarus testbench runs the L1, "
                    "allowed: a list with l1", o.only);
    /* Every configuration with RTL has the l1, l2 and sys tops; duel comes with a decoupled
     * L1 (its <name>_duel controller beside the L1s, lay_mech's `beside`). Refused here, before
     * WORKDIR/rtl is written. */
    if (strstr(o.only, "duel") && !lay_mech_beside_is(c.l1.mode, "duel"))
        return verr("--only = %s: %s has no duel top (duel comes with l1.mode = decoupled, "
                    "this is l1.mode = %s); allowed: l1 l2 sys", o.only, c.name,
                    cfg_mode_name(c.l1.mode));
    if (strstr(o.only, "dwt") && !lay_mech_beside_is(c.l1.mode, "dwt"))
        return verr("--only = %s: %s has no dwt top (the DWT-CS controller comes with l1.mode = "
                    "sacat, this is l1.mode = %s); allowed: l1 l2 sys%s", o.only, c.name,
                    cfg_mode_name(c.l1.mode),
                    lay_mech_beside_is(c.l1.mode, "duel") ? " duel" : "");
    char workdir[PATH_MAX], script[PATH_MAX], exe[PATH_MAX], config[PATH_MAX];
    int wl = o.workdir ? snprintf(workdir, sizeof workdir, "%s", o.workdir)
                       : snprintf(workdir, sizeof workdir, "cachegen-verify/%s", c.name);
    if (!workdir[0] || wl >= (int)sizeof workdir)
        return verr("-o = %s: not allowed; allowed: a directory path of 1..%d bytes",
                    workdir[0] ? "(too long)" : "(empty)", PATH_MAX - 1);
    if (o.rtl && verify_rtl_check(o.rtl, workdir, rtldir, sizeof rtldir, rtlconfig,
                                  sizeof rtlconfig, err, sizeof err))
        return verr("%s", err);
    if (check_workdir(workdir) || find_script(script, sizeof script, exe, sizeof exe))
        return 2;
    if (o.config && !realpath(o.config, config))
        return verr("--config = %s: cannot be resolved (%s)", o.config, strerror(errno));

    /* tb/verify.sh CACHEGEN WORKDIR SEED REQUESTS WAVES ICARUS ONLY RTL -- CONFIG_ARGS... */
    char seed[24], requests[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)o.seed);
    snprintf(requests, sizeof requests, "%llu", (unsigned long long)o.requests);
    char *args[13 + 2 * VERIFY_MAX_SETS];
    int n = 0;
    args[n++] = script;
    args[n++] = exe;
    args[n++] = workdir;
    args[n++] = seed;
    args[n++] = requests;
    args[n++] = o.waves ? "1" : "0";
    args[n++] = o.icarus ? "1" : "0";
    args[n++] = o.only;
    args[n++] = o.rtl ? rtldir : "-";
    args[n++] = "--";
    if (o.preset) {
        args[n++] = "--preset";
        args[n++] = (char *)o.preset;
    } else if (o.config) {
        args[n++] = "--config";
        args[n++] = config;
    }
    for (unsigned i = 0; i < o.nsets; i++) {
        args[n++] = "--set";
        args[n++] = (char *)o.sets[i];
    }
    args[n] = NULL;
    fflush(stdout);
    execv(script, args);
    return verr("cannot run %s (%s)", script, strerror(errno));
}
