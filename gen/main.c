/* main: the cachegen command line. Reads a preset or YAML config, applies --set overrides,
 * validates everything, then writes the output directory (or nothing). */
#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "emit.h"
#include "emit_l1.h"
#include "gen_l1.h"
#include "pric_cli.h"
#include "verify.h"
#include "version.h"

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: cachegen [--config FILE.yaml | --preset NAME] [--set KEY=VALUE ...] "
            "[--report-only] -o OUTDIR\n"
            "  or:  cachegen pric --sets N --line-bytes L --addr-bits W [--poly P] [--top-bit T]\n"
            "  or:  cachegen verify [CONFIG.yaml | --preset NAME] [--set ...] [--seed N] ... "
            "(verify --help)\n"
            "  or:  cachegen --list-presets | --version | --help\n\n"
            "Generates Verilog-2005 for the configured L1 cache (one module per file, the SRAM\n"
            "primitive, a file list OUTDIR/<name>.f, lint waivers, config.yaml, and a storage\n"
            "report <name>_report.json/.md). Without --config or --preset, the defaults below.\n"
            "--set applies after the file or preset, left to right. Nothing is written unless\n"
            "every key and combination is valid. OUTDIR is created, or replaced atomically if\n"
            "it is an unmodified earlier cachegen output; anything else there is refused.\n"
            "--report-only writes only config.yaml, the report and the manifest.\n\n");
    cfg_print_help(f);
}

static int fail(const char *msg)
{
    fprintf(stderr, "cachegen: error: %s\n", msg);
    return 2;
}

int main(int argc, char **argv)
{
    cfg_t c;
    char err[2048];
    const char *config = NULL, *preset = NULL, *outdir = NULL;
    int report_only = 0;
    const char *sets[256];
    unsigned nsets = 0;
    cfg_defaults(&c);
    if (gen_version_asked(argc, argv)) {
        printf("cachegen %s\n", GEN_VERSION);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "pric"))
        return pric_cli(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "verify"))
        return verify_cli(argc - 2, argv + 2);
    /* An interrupted or crashing run removes what it wrote (the earlier output stays). */
    if (emit_dir_guard_signals() != 0)
        return fail("cannot install the signal handlers that clean up an interrupted run");

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--list-presets")) {
            for (const char *const *p = cfg_preset_names(); *p; p++)
                printf("%-12s %s\n", *p, cfg_preset_summary(*p));
            return 0;
        }
        if (!strcmp(a, "--report-only")) {
            report_only = 1;
            continue;
        }
        int has_value = !strcmp(a, "--config") || !strcmp(a, "--preset") ||
                        !strcmp(a, "--set") || !strcmp(a, "-o");
        if (!has_value) {
            snprintf(err, sizeof err, "argument %s: unknown option; allowed: --config, --preset, "
                     "--set, --report-only, -o, --list-presets, --version, --help", a);
            return fail(err);
        }
        if (i + 1 >= argc) {
            snprintf(err, sizeof err, "argument %s: needs a value", a);
            return fail(err);
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--config"))
            config = v;
        else if (!strcmp(a, "--preset"))
            preset = v;
        else if (!strcmp(a, "-o"))
            outdir = v;
        else if (nsets < sizeof sets / sizeof sets[0])
            sets[nsets++] = v;
        else
            return fail("--set: too many overrides (at most 256)");
    }
    if (cfg_from_args(&c, config, preset, sets, nsets, err, sizeof err) != 0)
        return fail(err);
    if (!outdir)
        return fail("-o: missing; give the output directory");
    if (report_only) {
        if (gen_report_only_write(&c, outdir, err, sizeof err) != 0)
            return fail(err);
        printf("cachegen: wrote %s (report only, %s)\n", outdir, c.name);
        return 0;
    }
    if (gen_l1_write(&c, outdir, err, sizeof err) != 0)
        return fail(err);
    printf("cachegen: wrote %s (top %s)\n", outdir, c.name);
    return 0;
}
