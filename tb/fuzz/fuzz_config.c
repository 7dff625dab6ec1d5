/* fuzz_config: libFuzzer target: YAML and --set through cfg_from_args, then generation. */
#define _GNU_SOURCE /* nftw's FTW_DEPTH, FTW_PHYS */
#include <ftw.h>
#include <sys/stat.h>

#include "core/cfg.h"
#include "gen/gen_l1.h"
#include "tb/fuzz/fuzz_util.h"

/* Input: segments separated by 0xff bytes. The first is the configuration source: empty for
 * the defaults, "@NAME" for --preset NAME, anything else YAML text (--config FILE); each
 * further segment is one --set KEY=VALUE (cut at a NUL, as an argv string would be).
 * A configuration that validates is generated into a directory under $FUZZ_TMP (default
 * /dev/shm, else /tmp) when small enough (GEN_BUDGET), which must succeed (with
 * system.l2_slices > 1 it must be refused naming that key: no RTL yet); its config.yaml
 * must read back to the same normalized configuration (the same keys shown, the same
 * resolved values). The directory is removed every time. */
#define MAX_SETS 64
#ifndef GEN_BUDGET
#define GEN_BUDGET (1u << 20) /* bytes of L1 + L2 data store generated at most (presets fit) */
#endif

static char dir[4096], outdir[4200];
static unsigned long long n_units, n_valid, n_generated; /* for $FUZZ_COUNTS */

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
    (void)st, (void)flag, (void)f;
    return remove(p);
}

static void rm_tree(const char *p) { nftw(p, rm_one, 16, FTW_DEPTH | FTW_PHYS); }

/* At exit: remove the directory; append the unit counts to the file $FUZZ_COUNTS names. */
static void cleanup(void)
{
    rm_tree(dir);
    const char *p = getenv("FUZZ_COUNTS");
    FILE *f = p ? fopen(p, "a") : NULL;
    if (f) {
        fprintf(f, "config: %llu inputs, %llu valid configurations, %llu generated\n", n_units,
                n_valid, n_generated);
        fclose(f);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *base = getenv("FUZZ_TMP");
    struct stat st;
    if (!base)
        base = stat("/dev/shm", &st) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/cachegen-fuzz-XXXXXX", base);
    FZ_CHECK(mkdtemp(dir) != NULL, "mkdtemp(%s)", dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    atexit(cleanup);
    return 0;
}

/* The first key whose value differs between a and b, or NULL. */
/* The first key whose normalized value (cfg_shown_text: shown or not, resolved) differs. */
static const char *differing_key(const cfg_t *a, const cfg_t *b, char *va, char *vb)
{
    const char *k;
    for (unsigned i = 0; (k = cfg_key_name(i)) != NULL; i++) {
        if (!cfg_shown_text(a, i, va, 64))
            snprintf(va, 64, "(not shown)");
        if (!cfg_shown_text(b, i, vb, 64))
            snprintf(vb, 64, "(not shown)");
        if (strcmp(va, vb) != 0)
            return k;
    }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char buf[8192 + 1];
    if (size > 8192)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *seg[MAX_SETS + 1];
    size_t len[MAX_SETS + 1];
    unsigned nseg = 0;
    for (size_t i = 0, start = 0; i <= size && nseg <= MAX_SETS; i++)
        if (i == size || buf[i] == '\xff') {
            seg[nseg] = buf + start;
            len[nseg++] = i - start;
            buf[i] = '\0';
            start = i + 1;
        }
    n_units++;
    const char *config = NULL, *preset = NULL;
    if (len[0] && seg[0][0] == '@')
        preset = seg[0] + 1;
    else if (len[0])
        config = fz_file(0, seg[0], len[0]);
    cfg_t c;
    char err[2048];
    if (cfg_from_args(&c, config, preset, (const char *const *)seg + 1, nseg - 1, err,
                      sizeof err) != 0) {
        FZ_CHECK(err[0] != '\0', "refused without a message");
        return 0;
    }
    FZ_CHECK(cfg_validate(&c, err, sizeof err) == 0, "validated config now invalid: %s", err);
    n_valid++;
    unsigned long long l1 = (unsigned long long)c.l1.sets * c.l1.ways * c.l1.line_bytes;
    unsigned long long l2 = (unsigned long long)c.l2.sets * c.l2.ways * c.l1.line_bytes;
    if (l1 + l2 > GEN_BUDGET || c.sys.cores > 8)
        return 0;
    if (c.sys.l2_slices > 1) { /* no RTL for several L2 slices yet (docs/slices.md) */
        FZ_CHECK(gen_l1_write(&c, outdir, err, sizeof err) != 0 &&
                     strstr(err, "system.l2_slices") != NULL,
                 "system.l2_slices = %u not refused for RTL by name: %s", c.sys.l2_slices, err);
        rm_tree(outdir);
        return 0;
    }
    if (gen_l1_write(&c, outdir, err, sizeof err) != 0) {
        rm_tree(outdir);
        FZ_CHECK(0, "a valid configuration failed to generate: %s", err);
    }
    n_generated++;
    char path[4300];
    snprintf(path, sizeof path, "%s/config.yaml", outdir);
    cfg_t back;
    cfg_defaults(&back);
    FZ_CHECK(cfg_load_yaml(&back, path, err, sizeof err) == 0, "config.yaml unreadable: %s", err);
    char va[64], vb[64];
    const char *k = differing_key(&c, &back, va, vb);
    FZ_CHECK(k == NULL, "config.yaml reads back %s = %s, generated from %s", k, vb, va);
    rm_tree(outdir);
    return 0;
}
