/* fuzz_argv: libFuzzer target: the command lines of every tool through their side-effect-free
 * parsers (core/opt.h): cachegen (gen_parse_args), cachegen pric (pric_parse_args), cachegen
 * verify (verify_parse_args), cachesim and its subcommands (cachesim_parse_args) and sysim
 * (sysim_parse_args). The first byte picks the tool, the rest is argv split on NUL.
 * Oracles: a status each parser may return; an error is one non-empty line; the same argv
 * parses the same way twice; on success no value begins with '-' (but "-" where stdin or
 * stdout is allowed, and negative numbers the number checks refuse), each value follows its
 * option, and no --set key is given twice; --version or --help first is always honoured.
 * Leaks are findings (LeakSanitizer). */
#define _GNU_SOURCE
#include "cmodel/cachesim_args.h"
#include "cmodel/sysim_args.h"
#include "gen/gen_args.h"
#include "gen/pric_cli.h"
#include "gen/verify.h"
#include "tb/fuzz/fuzz_util.h"

#define MAX_ARGS 40

/* A value the parser returned: NULL, or not beginning with '-' unless `dash` allows "-". */
static void value_ok(const char *v, int dash, const char *what)
{
    FZ_CHECK(!v || v[0] != '-' || (dash && v[1] == '\0'), "%s = \"%s\" begins with '-'", what, v);
}

/* `v` is argv[i + 1] for some argv[i] equal to `opt` (the value follows its option). */
static void follows(int argc, char **argv, const char *opt, const char *v)
{
    if (!v)
        return;
    for (int i = 0; i + 1 < argc; i++)
        if (argv[i + 1] == v && !strcmp(argv[i], opt))
            return;
    FZ_CHECK(0, "value \"%s\" does not follow %s", v, opt);
}

/* Each of the NULL-terminated `names` (options that may not repeat) is at most one of
 * argv[0..argc-1]: values never begin with '-' (but "-" and "-<digit>"), so every argument
 * equal to an option's name is that option. */
static void once(int argc, char **argv, const char *const *names)
{
    for (; *names; names++) {
        int seen = 0;
        for (int i = 0; i < argc; i++)
            seen += !strcmp(argv[i], *names);
        FZ_CHECK(seen <= 1, "%s given %d times and accepted", *names, seen);
    }
}

/* No two of sets[0..n-1] share a key (a brute-force reference for opt_keys_unique). */
static void keys_unique(const char *const *sets, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const char *e = strchr(sets[i], '=');
        if (!e)
            continue;
        size_t l = (size_t)(e - sets[i]);
        for (unsigned j = i + 1; j < n; j++)
            FZ_CHECK(strncmp(sets[i], sets[j], l) || sets[j][l] != '=',
                     "--set %s and --set %s accepted", sets[i], sets[j]);
    }
}

/* The error text: one line, not empty. */
static void err_ok(const char *err)
{
    FZ_CHECK(err[0] != '\0', "an error without a message");
    FZ_CHECK(!strchr(err, '\n'), "a message of more than one line: %s", err);
}

static void run_gen(int argc, char **argv)
{
    static gen_args_t a, b;
    char e1[2048], e2[2048];
    e1[0] = e2[0] = '\0';
    int r1 = gen_parse_args(argc, argv, &a, e1, sizeof e1);
    int r2 = gen_parse_args(argc, argv, &b, e2, sizeof e2);
    FZ_CHECK(r1 == 0 || r1 == -1, "status %d", r1);
    FZ_CHECK(r1 == r2 && !strcmp(e1, e2), "two parses differ");
    if (argc > 1 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "--help")))
        FZ_CHECK(r1 == 0 && a.action != GA_RUN, "%s first not honoured", argv[1]);
    if (r1) {
        err_ok(e1);
        return;
    }
    FZ_CHECK(a.action == b.action && a.nsets == b.nsets, "two parses differ");
    value_ok(a.config, 0, "--config");
    value_ok(a.preset, 0, "--preset");
    value_ok(a.outdir, 0, "-o");
    follows(argc, argv, "--config", a.config);
    follows(argc, argv, "--preset", a.preset);
    follows(argc, argv, "-o", a.outdir);
    for (unsigned i = 0; i < a.nsets; i++) {
        value_ok(a.sets[i], 0, "--set");
        follows(argc, argv, "--set", a.sets[i]);
    }
    if (a.action == GA_RUN) {
        static const char *const names[] = {"--config", "--preset", "--report-only", "-o", NULL};
        keys_unique(a.sets, a.nsets);
        once(argc, argv, names);
    }
}

static void run_pric(int argc, char **argv)
{
    pric_args_t a;
    char err[2048];
    err[0] = '\0';
    int rc = pric_parse_args(argc, argv, &a, err, sizeof err);
    FZ_CHECK(rc >= -1 && rc <= 2, "status %d", rc);
    if (argc > 0 && !strcmp(argv[0], "--version"))
        FZ_CHECK(rc == 2, "--version first not honoured");
    if (rc < 0) {
        err_ok(err);
        return;
    }
    const char *v[] = {a.sets, a.line_bytes, a.addr_bits, a.poly, a.top_bit};
    static const char *const o[] = {"--sets", "--line-bytes", "--addr-bits", "--poly",
                                     "--top-bit", NULL};
    if (rc == 0)
        once(argc, argv, o);
    for (int k = 0; k < 5; k++) {
        FZ_CHECK(!v[k] || v[k][0] != '-' || (v[k][1] >= '0' && v[k][1] <= '9'),
                 "%s = \"%s\"", o[k], v[k]);
        follows(argc, argv, o[k], v[k]);
    }
}

static void run_verify(int argc, char **argv)
{
    static verify_opts_t o;
    char err[2048];
    err[0] = '\0';
    int rc = verify_parse_args(argc, argv, &o, err, sizeof err);
    FZ_CHECK(rc >= -1 && rc <= 2, "status %d", rc);
    if (argc > 0 && !strcmp(argv[0], "--help"))
        FZ_CHECK(rc == 1, "--help first not honoured");
    if (rc < 0) {
        err_ok(err);
        return;
    }
    value_ok(o.config, 0, "config");
    value_ok(o.preset, 0, "--preset");
    value_ok(o.workdir, 0, "-o");
    follows(argc, argv, "--preset", o.preset);
    follows(argc, argv, "-o", o.workdir);
    FZ_CHECK(o.seed <= 4294967295ull && o.requests >= 1, "seed %llu requests %llu",
             (unsigned long long)o.seed, (unsigned long long)o.requests);
    for (unsigned i = 0; i < o.nsets; i++)
        value_ok(o.sets[i], 0, "--set");
    if (rc == 0) {
        static const char *const names[] = {"--config", "--preset", "--seed", "--requests",
                                            "--only", "-o", "--waves", "--icarus", NULL};
        keys_unique(o.sets, o.nsets);
        once(argc, argv, names);
    }
}

static void run_cachesim(int argc, char **argv)
{
    cachesim_args_t a;
    char err[2048];
    err[0] = '\0';
    int rc = cachesim_parse_args(argc, argv, &a, err, sizeof err);
    FZ_CHECK(rc == 0 || rc == -1, "status %d", rc);
    if (rc) {
        err_ok(err);
        cachesim_args_free(&a);
        return;
    }
    if (argc > 1 && !strcmp(argv[1], "--version"))
        FZ_CHECK(a.cmd == CS_VERSION, "--version first not honoured");
    value_ok(a.config, 0, "--config");
    value_ok(a.preset, 0, "--preset");
    value_ok(a.plot, 1, "--plot");
    value_ok(a.clist, 0, "--configs");
    value_ok(a.to, 0, "--to");
    value_ok(a.from, 0, "--from");
    value_ok(a.comp, 0, "--compress");
    static const char *const run_names[] = {"--config", "--preset", "--format", "--ifetch",
                                            "--exact", "--json", "--sweep", "--configs",
                                            "--traces", "-o", "-j", "--plot", NULL};
    static const char *const convert_names[] = {"--to", "--from", "--compress", "--ifetch",
                                                "--line-bytes", NULL};
    static const char *const gen_names[] = {"--refs", "--seed", "--footprint", "--stride-log2",
                                            "--stores", "--cores", "--line-bytes", "--pattern",
                                            "-o", "--to", "--compress", NULL};
    switch (a.cmd) {
    case CS_RUN:
    case CS_SWEEP: once(argc, argv, run_names); break;
    case CS_CONVERT: once(argc, argv, convert_names); break;
    case CS_GEN: once(argc, argv, gen_names); break;
    default: break;
    }
    switch (a.cmd) {
    case CS_RUN:
        FZ_CHECK(a.trace != NULL, "a run without a trace");
        keys_unique(a.sets, a.nsets);
        for (unsigned i = 0; i < a.nsets; i++)
            follows(argc, argv, "--set", a.sets[i]);
        break;
    case CS_SWEEP:
        FZ_CHECK(a.clist && a.tlist && a.out && a.jobs >= 1 && a.jobs <= 64, "sweep");
        value_ok(a.out, 1, "-o");
        follows(argc, argv, "-o", a.out);
        break;
    case CS_GEN:
        FZ_CHECK(a.out != NULL, "gen without -o");
        value_ok(a.out, 1, "-o");
        follows(argc, argv, "-o", a.out);
        break;
    case CS_CONVERT:
        FZ_CHECK(a.in && a.out && a.to, "convert without IN, OUT or --to");
        break;
    default: break;
    }
    cachesim_args_free(&a);
}

static void run_sysim(int argc, char **argv)
{
    sysim_args_t a;
    char err[2048];
    err[0] = '\0';
    int rc = sysim_parse_args(argc, argv, &a, err, sizeof err);
    FZ_CHECK(rc == 0 || rc == -1, "status %d", rc);
    if (argc > 1 && !strcmp(argv[1], "--help"))
        FZ_CHECK(rc == 0 && a.help, "--help first not honoured");
    if (rc) {
        err_ok(err);
        sysim_args_free(&a);
        return;
    }
    if (!a.help && !a.version) {
        FZ_CHECK(a.path && strcmp(a.path, "-"), "a run without a trace file");
        value_ok(a.path, 0, "TRACE");
        keys_unique(a.sets, a.nsets);
        for (unsigned i = 0; i < a.ncpu; i++) {
            value_ok(a.cpu[i], 1, "--cpu-trace"); /* - : standard input */
            follows(argc, argv, "--cpu-trace", a.cpu[i]);
        }
        FZ_CHECK(a.tm.gpu_mlp >= 1 && a.tm.l1_latency >= 1, "timing out of range");
        static const char *const names[] = {"--preset", "--config", "--format", "--json",
                                            "--timed", "--cpu-loop", "--l1-latency",
                                            "--l2-latency", "--mem-latency", "--gpu-mlp",
                                            "--cpu-gap", "--share-every", NULL};
        once(argc, argv, names);
    }
    value_ok(a.config, 0, "--config");
    value_ok(a.preset, 0, "--preset");
    sysim_args_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char buf[4096 + 1];
    static const char *const names[] = {"cachegen", "pric", "verify", "cachesim", "sysim"};
    if (size < 1 || size > 4096)
        return 0;
    unsigned tool = data[0] % 5;
    memcpy(buf, data + 1, size - 1);
    buf[size - 1] = '\0';
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)names[tool];
    for (char *p = buf; p < buf + size - 1 && argc < MAX_ARGS + 1; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;
    switch (tool) {
    case 0: run_gen(argc, argv); break;
    case 1: run_pric(argc - 1, argv + 1); break; /* the arguments after "pric" */
    case 2: run_verify(argc - 1, argv + 1); break;
    case 3: run_cachesim(argc, argv); break;
    default: run_sysim(argc, argv); break;
    }
    return 0;
}
