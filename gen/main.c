/* main: the cachegen command line. Reads a preset or YAML config, applies --set overrides,
 * validates everything, then writes the output directory (or nothing). */
#include <stdio.h>
#include <string.h>

#include "../core/cfg.h"
#include "emit.h"
#include "emit_l1.h"
#include "emit_xbar.h"
#include "explore.h"
#include "gen_args.h"
#include "gen_l1.h"
#include "keys_cli.h"
#include "pric_cli.h"
#include "verify.h"
#include "../core/version.h"

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: cachegen [--config FILE.yaml | --preset NAME] [--set KEY=VALUE ...] "
            "[--report-only] -o OUTDIR\n"
            "  or:  cachegen pric --sets N --line-bytes L --addr-bits W [--poly P] [--top-bit T]\n"
            "  or:  cachegen verify [CONFIG.yaml | --preset NAME] [--set ...] [--seed N] ... "
            "(verify --help)\n"
            "  or:  cachegen keys [--markdown]   (every key below; --markdown: as a table)\n"
            "  or:  cachegen explore [--preset NAME] --grid KEY=V1,V2 ... --trace FILE -o OUT "
            "(explore --help)\n"
            "  or:  cachegen xbar --sources N --slices S --slots Q ... -o OUTDIR (xbar --help)\n"
            "  or:  cachegen --list-presets | --version | --help\n\n"
            "Generates Verilog-2005 for the configured L1 cache, the L2 slice and the system top\n"
            "of its configuration (one module per file, the SRAM primitive, file lists, lint\n"
            "waivers, FuseSoC cores, a pkg and instance template, README.md, config.yaml, a\n"
            "storage report <name>_report.json/.md and cachegen.manifest). Without --config or\n"
            "--preset, the defaults below.\n"
            "--set applies after the file or preset, once per key. Nothing is written unless\n"
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
    gen_args_t a;
    if (argc > 1 && !strcmp(argv[1], "pric"))
        return pric_cli(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "verify"))
        return verify_cli(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "keys"))
        return keys_cli(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "xbar"))
        return xbar_cli(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "explore"))
        return explore_cli(argc - 2, argv + 2);
    if (gen_parse_args(argc, argv, &a, err, sizeof err) != 0)
        return fail(err);
    switch (a.action) {
    case GA_VERSION: printf("cachegen %s\n", GEN_VERSION); return 0;
    case GA_HELP: usage(stdout); return 0;
    case GA_LIST:
        for (const char *const *p = cfg_preset_names(); *p; p++)
            printf("%-12s %s\n", *p, cfg_preset_summary(*p));
        return 0;
    case GA_RUN: break;
    }
    /* An interrupted or crashing run removes what it wrote (the earlier output stays). */
    if (emit_dir_guard_signals() != 0)
        return fail("cannot install the signal handlers that clean up an interrupted run");
    if (cfg_from_args(&c, a.config, a.preset, a.sets, a.nsets, err, sizeof err) != 0)
        return fail(err);
    if (!a.outdir)
        return fail("-o: missing; give the output directory");
    if (a.report_only) {
        if (gen_report_only_write(&c, a.outdir, err, sizeof err) != 0)
            return fail(err);
        printf("cachegen: wrote %s (report only, %s)\n", a.outdir, c.name);
        return 0;
    }
    if (gen_l1_write(&c, a.outdir, err, sizeof err) != 0)
        return fail(err);
    printf("cachegen: wrote %s (top %s)\n", a.outdir, c.name);
    return 0;
}
