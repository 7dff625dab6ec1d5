/* explore_cache: where explore's tools are, what version they are (a sha256 over the version
 * string and the files of the flow), and the cache keys of each point:
 *   cost: sha256("cost", the costed top (l1 or sys), GEN_VERSION, this cachegen's executable (it writes the RTL), the
 *         flow's files (synth/synth.sh, check.sh, liberty.sh, sta.sh, build/cost,
 *         build/stanet), the normalized configuration)
 *   sim:  sha256("sim", the simulator's name and binary, GEN_VERSION, each trace's absolute
 *         path, size and modification time, each --sim-opt (and the file its value names, if
 *         any, as a trace), the normalized configuration)
 * An entry is CACHE/cost/KEY.json or CACHE/sim/KEY.json, written by the point's worker through
 * a temporary and a rename, so it exists only complete. */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explore.h"
#include "../core/version.h"

char *exp_cfg_text(const cfg_t *c)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    cfg_write_yaml(c, f);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Hash the whole of file `path` into ctx; 0 or -1. */
static int hash_file(struct sha256_ctx *ctx, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    unsigned char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sha256_update(ctx, n, buf);
    int bad = ferror(f);
    fclose(f);
    return bad ? -1 : 0;
}

static void hash_str(struct sha256_ctx *ctx, const char *s)
{
    sha256_update(ctx, strlen(s) + 1, (const uint8_t *)s); /* with its NUL: a separator */
}

static void hex_digest(struct sha256_ctx *ctx, char *out)
{
    uint8_t d[SHA256_DIGEST_SIZE];
    sha256_digest(ctx, sizeof d, d);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        sprintf(out + 2 * i, "%02x", d[i]);
}

int exp_find_tools(exp_run_t *r, char *err, size_t errlen)
{
    if (!realpath("/proc/self/exe", r->exe)) {
        snprintf(err, errlen, "cannot find this executable's path (/proc/self/exe: %s)",
                 strerror(errno));
        return -1;
    }
    snprintf(r->bin, sizeof r->bin, "%s", r->exe);
    *strrchr(r->bin, '/') = '\0';
    snprintf(r->root, sizeof r->root, "%s/..", r->bin);
    static const char *const need[] = {"B/cost", "B/stanet", "B/cachesim", "B/sysim",
                                       "R/synth/synth.sh", NULL};
    for (int i = 0; need[i]; i++) {
        char p[2 * PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", need[i][0] == 'B' ? r->bin : r->root, need[i] + 2);
        if (access(p, X_OK) != 0) {
            snprintf(err, errlen, "%s: not found or not executable; explore runs from a built "
                     "source tree (make all)", p);
            return -1;
        }
    }
    return 0;
}

int exp_cache_keys(exp_run_t *r, char *err, size_t errlen)
{
    static const char *const flow[] = {"R/synth/synth.sh", "R/synth/check.sh",
                                       "R/synth/liberty.sh", "R/synth/sta.sh", "B/cost",
                                       "B/stanet", NULL};
    char p[2 * PATH_MAX], flowfp[EXP_KEY_HEX], simfp[EXP_KEY_HEX], tr[PATH_MAX];
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    hash_str(&ctx, GEN_VERSION);
    if (hash_file(&ctx, r->exe) != 0) { /* a generator change is a cost change */
        snprintf(err, errlen, "%s: cannot be read (%s)", r->exe, strerror(errno));
        return -1;
    }
    for (int i = 0; flow[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", flow[i][0] == 'B' ? r->bin : r->root, flow[i] + 2);
        if (hash_file(&ctx, p) != 0) {
            snprintf(err, errlen, "%s: cannot be read (%s)", p, strerror(errno));
            return -1;
        }
    }
    hex_digest(&ctx, flowfp);
    const char *simname = r->o.sim == EXP_SIM_SYSIM ? "sysim" : "cachesim";
    sha256_init(&ctx);
    hash_str(&ctx, GEN_VERSION);
    hash_str(&ctx, simname);
    snprintf(p, sizeof p, "%s/%s", r->bin, simname);
    if (hash_file(&ctx, p) != 0) {
        snprintf(err, errlen, "%s: cannot be read (%s)", p, strerror(errno));
        return -1;
    }
    for (unsigned i = 0; i < r->o.ntraces; i++) {
        struct stat st;
        if (!realpath(r->o.traces[i], tr) || stat(tr, &st) != 0 || !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "--trace = %s: %s; allowed: a regular trace file",
                     r->o.traces[i], errno ? strerror(errno) : "not a regular file");
            return -1;
        }
        char id[PATH_MAX + 80];
        snprintf(id, sizeof id, "%s %lld %lld.%09ld", tr, (long long)st.st_size,
                 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
        hash_str(&ctx, id);
    }
    for (unsigned i = 0; i < r->o.nsim_opts; i++) {
        /* an option's value that names a file (sysim's --cpu-trace) is that file as it is now */
        const char *o = r->o.sim_opts[i], *eq = strchr(o, '=');
        struct stat st;
        hash_str(&ctx, o);
        if (eq && realpath(eq + 1, tr) && stat(tr, &st) == 0 && S_ISREG(st.st_mode)) {
            char id[PATH_MAX + 80];
            snprintf(id, sizeof id, "%s %lld %lld.%09ld", tr, (long long)st.st_size,
                     (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
            hash_str(&ctx, id);
        }
    }
    hex_digest(&ctx, simfp);
    for (unsigned i = 0; i < r->npt; i++) {
        exp_point_t *pt = &r->pt[i];
        if (!pt->legal)
            continue;
        char *text = exp_cfg_text(&pt->cfg);
        if (!text) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        sha256_init(&ctx);
        hash_str(&ctx, "cost");
        hash_str(&ctx, r->o.cost_top == EXP_TOP_SYS ? "top=sys" : "top=l1");
        hash_str(&ctx, flowfp);
        hash_str(&ctx, text);
        hex_digest(&ctx, pt->cost_key);
        sha256_init(&ctx);
        hash_str(&ctx, "sim");
        hash_str(&ctx, simfp);
        hash_str(&ctx, text);
        hex_digest(&ctx, pt->sim_key);
        free(text);
    }
    return 0;
}

void exp_cache_path(const exp_run_t *r, const char *kind, const char *key, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s/%s.json", r->cache, kind, key);
}

int exp_cache_has(const exp_run_t *r, const char *kind, const char *key)
{
    char p[PATH_MAX + 200];
    exp_cache_path(r, kind, key, p, sizeof p);
    return access(p, R_OK) == 0;
}
