/* xbar_cli: `cachegen xbar`: the crossbar module <name>_xbar alone (gen/emit_xbar.c) into an
 * output directory, with its manifest, for the crossbar's lockstep, mutants and benches
 * (tb/xbar_check.sh, bench/xbar_throughput.sh). The system top will instantiate it from the
 * configuration instead (docs/slices.md "The crossbar"). */
#include "emit_xbar.h"

#include <stdio.h>
#include <string.h>

#include "../core/closeout.h"
#include "../core/ident.h"
#include "../core/num.h"
#include "../core/opt.h"
#include "../core/version.h"

enum { X_SOURCES, X_SLICES, X_SLOTS, X_REQW, X_RSPW, X_NAME, X_OUT, X_HELP };

static const opt_spec_t xbar_opts[] = {
    [X_SOURCES] = {"--sources", "N", OPT_NUM}, [X_SLICES] = {"--slices", "S", OPT_NUM},
    [X_SLOTS] = {"--slots", "Q", OPT_NUM},     [X_REQW] = {"--req-width", "W", OPT_NUM},
    [X_RSPW] = {"--rsp-width", "W", OPT_NUM},  [X_NAME] = {"--name", "NAME", 0},
    [X_OUT] = {"-o", "OUTDIR", 0},             [X_HELP] = {"--help", NULL, 0},
};

static int fail(const char *msg)
{
    fprintf(stderr, "cachegen xbar: error: %s\n", msg);
    return 2;
}

/* A number of option `key` in lo..hi, or exit status 2 naming key, value and range. */
static int number(const char *key, const char *text, unsigned lo, unsigned hi, unsigned *out)
{
    uint64_t v;
    if (text && num_parse_u64(text, lo, hi, &v) == 0) {
        *out = (unsigned)v;
        return 0;
    }
    char msg[512];
    num_error(msg, sizeof msg, key, text ? text : "(missing)", lo, hi);
    return fail(msg);
}

int xbar_cli(int argc, char **argv)
{
    closeout_register("cachegen xbar");
    const char *v, *val[X_HELP] = {0};
    char err[2048];
    opt_t p;
    int k;
    opt_init(&p, xbar_opts, sizeof xbar_opts / sizeof xbar_opts[0], argc, argv, 0);
    while ((k = opt_next(&p, &v, err, sizeof err)) != OPT_END) {
        if (k == OPT_ERR)
            return fail(err);
        if (k == OPT_ARG) {
            snprintf(err, sizeof err, "argument %s: not an option; see --help", v);
            return fail(err);
        }
        if (k == X_HELP) {
            printf("usage: cachegen xbar --sources N --slices S --slots Q --req-width W "
                   "--rsp-width W [--name NAME] -o OUTDIR\n"
                   "Writes OUTDIR/NAME_xbar.v (NAME default xb): the crossbar of N request "
                   "sources\nand S L2 slices, Q request slots per source (docs/slices.md).\n");
            return 0;
        }
        val[k] = v;
    }
    gen_xbar_t x = {0};
    if (number("--sources", val[X_SOURCES], 1, 64, &x.sources) ||
        number("--slices", val[X_SLICES], 1, 32, &x.slices) ||
        number("--slots", val[X_SLOTS], 1, 16, &x.slots) ||
        number("--req-width", val[X_REQW], 1, 1u << 16, &x.req_width) ||
        number("--rsp-width", val[X_RSPW], 1, 1u << 16, &x.rsp_width))
        return 2;
    const char *name = val[X_NAME] ? val[X_NAME] : "xb";
    char module[128];
    if (strlen(name) > 60 || !ident_ok(name) || snprintf(module, sizeof module, "%s_xbar", name) < 0)
        return fail("--name: a Verilog identifier of at most 60 characters");
    if (!val[X_OUT])
        return fail("-o: missing; give the output directory");
    x.module = module;
    emit_dir_t d;
    emit_t e;
    char file[160], manifest[256];
    if (emit_dir_begin(&d, val[X_OUT], err, sizeof err) != 0)
        return fail(err);
    snprintf(file, sizeof file, "%s.v", module);
    if (emit_open(&e, &d, file, err, sizeof err) != 0)
        goto abort;
    emit_xbar_module(&e, &x);
    if (emit_close(&e, err, sizeof err) != 0)
        goto abort;
    snprintf(manifest, sizeof manifest, "cachegen %s crossbar output\nxbar: %s\n", GEN_VERSION,
             module);
    if (emit_open(&e, &d, EMIT_MANIFEST, err, sizeof err) != 0)
        goto abort;
    emit_raw(&e, manifest);
    if (emit_close(&e, err, sizeof err) != 0)
        goto abort;
    if (emit_dir_commit(&d, err, sizeof err) != 0)
        return fail(err);
    printf("cachegen xbar: wrote %s (%s)\n", val[X_OUT], module);
    return 0;
abort:
    emit_dir_abort(&d);
    return fail(err);
}
