/* cachesim: the trace-driven simulator CLI over the C model.
 *   cachesim [CONFIG] [--format F] [--ifetch ignore|data] [--exact] [--json] TRACE
 *                                                                   run one trace ("-" = stdin)
 *   cachesim convert IN OUT --to din|text|binary|dinero-binary [--compress none|gz|zst]
 *                [--from F] [--ifetch ignore|data] [--line-bytes N]
 *   cachesim gen --pattern P -o OUT [--refs N] [--seed S] [--footprint BYTES]
 *                [--stride-log2 K] [--stores PCT] [--cores N] [--to F] [--compress C]
 *   cachesim --sweep --configs A,B,.. --traces T1,T2,.. -o RESULTS.csv [-j N] [--plot OUT.svg]
 *                [--ifetch ignore|data]
 * CONFIG is cachegen's: [--config FILE.yaml | --preset NAME] [--set KEY=VALUE ...].
 * Dinero's labels as Dinero IV's data-cache-only run (SPEC 6; trace.h): --ifetch data counts
 * instruction fetches (label 2) as reads, as a unified cache would.
 * Accel-Sim traces (a kernel-N.traceg or a kernelslist.g, SPEC 6) are read through accel_list,
 * coalesced at l1.line_bytes and checked against l1.addr_bits: every thread block runs on
 * this one L1; loads that skip the L1 and atomics are counted, not simulated (the L1 has no
 * L2 behind it); the L1 is invalidated between kernels. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/cfg.h"
#include "../core/num.h"
#include "../core/closeout.h"
#include "../core/version.h"
#include "accel_list.h"
#include "cachesim_args.h"
#include "cm_mech.h"
#include "sim.h"
#include "trace.h"
#include "trace_io.h"
#include "workload.h"

static int usage_error(const char *msg)
{
    fprintf(stderr, "cachesim: error: %s\n", msg);
    return 2;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* What an Accel-Sim run adds to the L1's statistics, per kernel and in total. */
typedef struct accel_run {
    unsigned kernels;        /* kernels run (1 for a kernel trace) */
    char **name;             /* [kernels] as listed, owned */
    uint64_t *tbs;           /* [kernels] thread blocks */
    sim_stats_t *st;         /* [kernels] the L1's statistics of each kernel */
    accel_counts_t *cnt;     /* [kernels] requests and sectors by path */
    accel_counts_t total;    /* ... of all kernels */
    uint64_t tbs_total;      /* thread blocks of all kernels */
    uint64_t memcpys;        /* MemcpyHtoD lines of the list (not simulated) */
} accel_run_t;

static void accel_run_free(accel_run_t *ar)
{
    if (!ar)
        return;
    accel_names_free(ar->name, ar->kernels);
    free(ar->tbs);
    free(ar->st);
    free(ar->cnt);
    memset(ar, 0, sizeof *ar);
}

/* a - b, field by field. */
static sim_stats_t stats_sub(const sim_stats_t *a, const sim_stats_t *b)
{
    sim_stats_t d;
#define SUB(f) d.f = a->f - b->f
    SUB(refs); SUB(reads); SUB(writes); SUB(flushes); SUB(invalidates); SUB(ifetches_skipped);
    SUB(copybacks); SUB(read_hits); SUB(read_misses); SUB(write_hits); SUB(write_misses);
    SUB(bypasses); SUB(fills); SUB(evictions); SUB(write_throughs);
#undef SUB
    return d;
}

/* Run an Accel-Sim workload (accel_list) through one configuration: its L1 requests through
 * the L1, kernel by kernel with the L1 invalidated between kernels; per-kernel results into
 * *ar when not NULL (freed by the caller with accel_run_free, also on error). Returns 0, or -1
 * with err set. */
static int run_accel(const cfg_t *c, const char *path, int exact, sim_stats_t *st,
                     accel_run_t *ar, double *secs, char *err, size_t errlen)
{
    sim_t *s;
    if (sim_new(c, exact, &s) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    accel_opts_t o = {c->l1.line_bytes, c->l1.addr_bits, 1, 0, NULL, 0}; /* no base ids */
    accel_list_t *l = accel_list_open(path, &o, err, errlen);
    if (!l) {
        sim_free(s);
        return -1;
    }
    unsigned nk = accel_list_kernels(l);
    if (ar) {
        memset(ar, 0, sizeof *ar);
        ar->name = accel_list_copy_names(l);
        ar->tbs = calloc(nk, sizeof *ar->tbs);
        ar->st = calloc(nk, sizeof *ar->st);
        ar->cnt = calloc(nk, sizeof *ar->cnt);
        if (ar->name)
            ar->kernels = nk;
        if (!ar->name || !ar->tbs || !ar->st || !ar->cnt) {
            snprintf(err, errlen, "out of memory");
            accel_list_close(l);
            sim_free(s);
            return -1;
        }
    }
    static trace_ref_t batch[1024];
    static const trace_ref_t flush = {0, 0, 0, 0, TR_FLUSH};
    long nb = 0;
    sim_stats_t before;
    memset(&before, 0, sizeof before);
    accel_ref_t a;
    unsigned cur = 0;
    int rc;
    double t0 = now();
    while ((rc = accel_list_next(l, &a)) > 0) {
        if (rc == 2) { /* kernel a.kernel begins: end the one before */
            sim_run(s, batch, nb);
            nb = 0;
            if (ar && a.kernel > 0)
                ar->st[a.kernel - 1] = stats_sub(&s->st, &before);
            before = s->st;
            if (a.kernel > 0)
                sim_ref(s, &flush); /* a GPU invalidates its L1s between kernels */
            cur = a.kernel;
            continue;
        }
        if (ar) {
            accel_count(&ar->cnt[cur], &a);
            accel_count(&ar->total, &a);
        }
        if (a.path != ACCEL_L1)
            continue; /* to the L2 only: counted above */
        batch[nb++] = (trace_ref_t){a.addr, a.pc, 0, 0, a.op};
        if (nb == (long)(sizeof batch / sizeof batch[0])) {
            sim_run(s, batch, nb);
            nb = 0;
        }
    }
    sim_run(s, batch, nb);
    *secs = now() - t0;
    if (rc < 0) {
        snprintf(err, errlen, "trace = %s: %s", path, accel_list_error(l));
    } else if (ar) {
        ar->st[cur] = stats_sub(&s->st, &before);
        for (unsigned k = 0; k < nk; k++) {
            ar->tbs[k] = accel_list_tbs(l, k);
            ar->tbs_total += ar->tbs[k];
        }
        ar->memcpys = accel_list_memcpys(l);
    }
    *st = s->st;
    accel_list_close(l);
    sim_free(s);
    return rc < 0 ? -1 : 0;
}

/* Run one trace through one configuration; ifetch_read: --ifetch data. An Accel-Sim workload
 * (--format accel, or a regular file holding one) goes to run_accel, with *ar (may be NULL)
 * filled and *is_accel set. Returns 0, or -1 with err set. */
static int run_trace(const cfg_t *c, const char *path, trace_format_t fmt, int ifetch_read,
                     int exact, sim_stats_t *st, accel_run_t *ar, int *is_accel, double *secs,
                     char *err, size_t errlen)
{
    *is_accel = fmt == TF_ACCEL;
    if (fmt == TF_AUTO) {
        accel_sniff_t kind;
        if (accel_list_sniff(path, &kind, err, errlen) != 0)
            return -1;
        *is_accel = kind != ACCEL_SNIFF_OTHER;
    }
    if (*is_accel)
        return run_accel(c, path, exact, st, ar, secs, err, errlen);
    sim_t *s;
    if (sim_new(c, exact, &s) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* Dinero binary accesses are split at this L1's lines, as Dinero splits them */
    trace_opts_t o = {(uint8_t)ifetch_read, (uint8_t)sim_can_inval(s), c->l1.line_bytes};
    trace_reader_t *r = trace_open_opts(path, fmt, &o, err, errlen);
    if (!r) {
        sim_free(s);
        return -1;
    }
    if (trace_format(r) == TF_ACCEL) { /* seen only on stdin, a FIFO or a device */
        snprintf(err, errlen, "trace = %s: an Accel-Sim trace read from stdin, a pipe or a "
                 "device needs --format accel (it is then coalesced at l1.line_bytes and "
                 "checked against l1.addr_bits)", path);
        trace_close(r);
        sim_free(s);
        return -1;
    }
    static trace_ref_t batch[1024];
    long rc;
    double t0 = now();
    while ((rc = trace_next_batch(r, batch, 1024)) > 0)
        sim_run(s, batch, rc);
    *secs = now() - t0;
    if (rc < 0)
        snprintf(err, errlen, "trace = %s: %s", path, trace_error(r));
    *st = s->st;
    trace_skipped(r, &st->ifetches_skipped, &st->copybacks);
    sim_free(s);
    trace_close(r);
    return rc < 0 ? -1 : 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void print_text(const cfg_t *c, const char *path, const sim_stats_t *st,
                       const accel_run_t *ar, double secs, int exact)
{
    uint64_t hits = st->read_hits + st->write_hits, misses = st->read_misses + st->write_misses;
    printf("cachesim: %s (%u sets x %u ways x %u B, %s, %s index) on %s, %s path\n", c->name,
           c->l1.sets, c->l1.ways, c->l1.line_bytes, cfg_repl_name(c->l1.repl),
           cfg_index_name(c->l1.index), path, exact ? "exact" : "fast");
    printf("  references      %llu (reads %llu, writes %llu), flushes %llu, invalidates %llu\n",
           (unsigned long long)st->refs, (unsigned long long)st->reads,
           (unsigned long long)st->writes, (unsigned long long)st->flushes,
           (unsigned long long)st->invalidates);
    if (st->ifetches_skipped || st->copybacks)
        printf("  not simulated   %llu instruction fetches (--ifetch data reads them), %llu "
               "copy-backs\n", (unsigned long long)st->ifetches_skipped,
               (unsigned long long)st->copybacks);
    printf("  hits            %llu (%.2f%%): read %llu, write %llu\n", (unsigned long long)hits,
           pct(hits, st->refs), (unsigned long long)st->read_hits,
           (unsigned long long)st->write_hits);
    printf("  misses          %llu (%.2f%%): read %llu, write %llu\n",
           (unsigned long long)misses, pct(misses, st->refs),
           (unsigned long long)st->read_misses, (unsigned long long)st->write_misses);
    printf("  fills %llu, evictions %llu, bypasses %llu, write-throughs %llu\n",
           (unsigned long long)st->fills, (unsigned long long)st->evictions,
           (unsigned long long)st->bypasses, (unsigned long long)st->write_throughs);
    if (ar) {
        const accel_counts_t *t = &ar->total;
        printf("  Accel-Sim       %u kernel%s, %llu thread blocks, %u-byte lines, %llu "
               "MemcpyHtoD not simulated\n", ar->kernels, ar->kernels == 1 ? "" : "s",
               (unsigned long long)ar->tbs_total, c->l1.line_bytes,
               (unsigned long long)ar->memcpys);
        printf("  sectors (32 B)  read %llu, write %llu\n", (unsigned long long)t->read_sectors,
               (unsigned long long)t->write_sectors);
        printf("  L2 only         %llu loads (%llu sectors), %llu atomics (%llu sectors): not "
               "in the L1\n", (unsigned long long)t->l2_loads,
               (unsigned long long)t->l2_load_sectors, (unsigned long long)t->atomics,
               (unsigned long long)t->atomic_sectors);
        for (unsigned k = 0; ar->kernels > 1 && k < ar->kernels; k++) {
            const sim_stats_t *ks = &ar->st[k];
            printf("  kernel %-8u %s: %llu thread blocks, references %llu, misses %llu, "
                   "L2 only %llu loads %llu atomics\n", k + 1, ar->name[k],
                   (unsigned long long)ar->tbs[k], (unsigned long long)ks->refs,
                   (unsigned long long)(ks->read_misses + ks->write_misses),
                   (unsigned long long)ar->cnt[k].l2_loads,
                   (unsigned long long)ar->cnt[k].atomics);
        }
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("  time %.3f s, %.1f million references/s, peak memory %.1f MB\n", secs,
           secs > 0 ? (double)st->refs / secs / 1e6 : 0.0, ru.ru_maxrss / 1024.0);
}

/* The L1 counters of st into o. */
static void sim_fields(json_t *o, const sim_stats_t *st)
{
#define NUM(k) json_object_set_new(o, #k, json_integer((json_int_t)st->k))
    NUM(refs); NUM(reads); NUM(writes); NUM(flushes); NUM(invalidates); NUM(ifetches_skipped);
    NUM(copybacks); NUM(read_hits); NUM(read_misses);
    NUM(write_hits); NUM(write_misses); NUM(bypasses); NUM(fills); NUM(evictions);
    NUM(write_throughs);
#undef NUM
}

/* The path and sector counts of t into o. */
static void accel_fields(json_t *o, const accel_counts_t *t)
{
#define NUM(k) json_object_set_new(o, #k, json_integer((json_int_t)t->k))
    NUM(read_sectors); NUM(write_sectors); NUM(l2_loads); NUM(l2_load_sectors); NUM(atomics);
    NUM(atomic_sectors);
#undef NUM
}

static json_t *stats_json(const cfg_t *c, const char *path, const sim_stats_t *st,
                          const accel_run_t *ar, double secs, int exact)
{
    json_t *o = json_object();
    json_object_set_new(o, "config", json_string(c->name));
    json_object_set_new(o, "trace", json_string(path));
    json_object_set_new(o, "path", json_string(exact ? "exact" : "fast"));
    sim_fields(o, st);
    json_object_set_new(o, "miss_rate",
                        json_real(pct(st->read_misses + st->write_misses, st->refs) / 100));
    if (ar) { /* totals, then one entry per kernel (L1 counters of that kernel alone) */
        json_t *a = json_object(), *ks = json_array();
        json_object_set_new(a, "line_bytes", json_integer(c->l1.line_bytes));
        json_object_set_new(a, "kernels", json_integer(ar->kernels));
        json_object_set_new(a, "thread_blocks", json_integer((json_int_t)ar->tbs_total));
        json_object_set_new(a, "memcpys", json_integer((json_int_t)ar->memcpys));
        accel_fields(a, &ar->total);
        for (unsigned k = 0; k < ar->kernels; k++) {
            json_t *e = json_object();
            json_object_set_new(e, "kernel", json_string(ar->name[k]));
            json_object_set_new(e, "thread_blocks", json_integer((json_int_t)ar->tbs[k]));
            sim_fields(e, &ar->st[k]);
            accel_fields(e, &ar->cnt[k]);
            json_array_append_new(ks, e);
        }
        json_object_set_new(a, "per_kernel", ks);
        json_object_set_new(o, "accel", a);
    }
    json_object_set_new(o, "seconds", json_real(secs));
    return o;
}

/* ---- convert ------------------------------------------------------------------------------ */

#define CONVERT_SYNOPSIS                                                                      \
    "convert IN OUT --to FORMAT [--compress C] [--from F] [--ifetch ignore|data] [--line-bytes N]"

static int cmd_convert(const cachesim_args_t *a)
{
    const char *in = a->in, *out = a->out, *to = a->to, *comp = a->comp;
    trace_format_t fi = a->fi, fo = a->fo;
    /* every output format holds a line invalidate */
    trace_opts_t o = {(uint8_t)a->ifetch_read, 1, (unsigned)a->line_bytes};
    /* In place is safe for a regular file (the output replaces it by a rename when complete,
     * the input stays open until then); not for one FIFO or device read and written. */
    struct stat si, so;
    if (strcmp(in, "-") && strcmp(out, "-") && stat(in, &si) == 0 && stat(out, &so) == 0 &&
        si.st_dev == so.st_dev && si.st_ino == so.st_ino && !S_ISREG(so.st_mode))
        return usage_error("convert: IN and OUT are the same non-regular file");
    char err[PATH_MAX + 1024];
    trace_reader_t *r = trace_open_opts(in, fi, &o, err, sizeof err);
    if (!r)
        return usage_error(err);
    trace_writer_t *w = trace_create(out, fo, comp, err, sizeof err);
    if (!w) {
        trace_close(r);
        return usage_error(err);
    }
    trace_ref_t ref;
    int rc;
    unsigned long long n = 0;
    while ((rc = trace_next(r, &ref)) == 1) {
        if (trace_write(w, &ref) != 0) {
            static const char *const why[] = {
                [TF_BINARY] = "binary holds a 32-bit PC and an 8-bit base id",
                [TF_DIN] = "din has no whole-cache flush (label 4 is Dinero IV's copy-back)",
                [TF_DINBIN] = "dinero-binary holds 32-bit addresses"};
            snprintf(err, sizeof err, "reference %llu (op %u, address %llx, pc %llx, base_id %u) "
                     "does not fit the %s format: %s", n + 1, ref.op,
                     (unsigned long long)ref.addr, (unsigned long long)ref.pc, ref.base_id, to,
                     why[fo] ? why[fo] : "?");
            rc = -2;
            break;
        }
        n++;
    }
    if (rc == -1)
        snprintf(err, sizeof err, "trace = %s: %s; %s left as it was", in, trace_error(r), out);
    uint64_t ifetches, copybacks;
    trace_skipped(r, &ifetches, &copybacks);
    trace_close(r);
    if (rc < 0) {
        trace_discard(w);
        return usage_error(err);
    }
    char werr[PATH_MAX + 256];
    if (trace_finish(w, werr, sizeof werr) != 0) {
        snprintf(err, sizeof err, "trace = %s", werr);
        return usage_error(err);
    }
    fprintf(stderr, "cachesim: converted %llu references to %s (%s)", n, to, comp);
    if (ifetches || copybacks)
        fprintf(stderr, "; left out %llu instruction fetches (--ifetch data keeps them as reads) "
                "and %llu copy-backs", (unsigned long long)ifetches,
                (unsigned long long)copybacks);
    fprintf(stderr, "\n");
    return 0;
}

/* ---- gen ---------------------------------------------------------------------------------- */

static int emit_ref(void *ctx, const trace_ref_t *ref) { return trace_write(ctx, ref); }

#define GEN_PATTERNS "stream, thrash, hot_stream, stride, random, pc_mix"

static int cmd_gen(const cachesim_args_t *a)
{
    wl_params_t p;
    const char *out = a->out, *comp = a->comp;
    trace_format_t fo = a->fo;
    wl_defaults(a->pattern, &p);
    uint64_t num[CS_GEN_NNUMS] = {p.refs, p.seed, p.footprint, p.stride_log2, p.store_pct,
                                  p.cores, p.line_bytes};
    for (unsigned k = 0; k < CS_GEN_NNUMS; k++)
        if (a->num_given[k])
            num[k] = a->num[k];
    p.refs = num[CS_GEN_REFS];
    p.seed = num[CS_GEN_SEED];
    p.footprint = num[CS_GEN_FOOTPRINT];
    p.stride_log2 = (unsigned)num[CS_GEN_STRIDE_LOG2];
    p.store_pct = (unsigned)num[CS_GEN_STORES];
    p.cores = (unsigned)num[CS_GEN_CORES];
    p.line_bytes = (unsigned)num[CS_GEN_LINE_BYTES];
    char err[PATH_MAX + 1024];
    if (wl_check(&p, err, sizeof err) != 0)
        return usage_error(err);
    trace_writer_t *w = trace_create(out, fo, comp, err, sizeof err);
    if (!w)
        return usage_error(err);
    if (wl_generate(&p, emit_ref, w) != 0) {
        trace_discard(w);
        return usage_error("gen: a reference does not fit the output format");
    }
    char werr[PATH_MAX + 256];
    if (trace_finish(w, werr, sizeof werr) != 0) {
        snprintf(err, sizeof err, "gen: trace = %s", werr);
        return usage_error(err);
    }
    fprintf(stderr, "cachesim: wrote %llu %s references to %s\n", (unsigned long long)p.refs,
            wl_pattern_name(p.pattern), out);
    return 0;
}

/* ---- sweep -------------------------------------------------------------------------------- */

/* Split a comma-separated list (any length, any count) into *items (pointers into a copy
 * kept in *copy). Returns the count, or 0 with err set for an empty list or item. */
static size_t split(const char *key, const char *list, char **copy, char ***items, char *err,
                    size_t errlen)
{
    size_t n = 1;
    for (const char *p = list; *p; p++)
        n += *p == ',';
    *copy = strdup(list);
    *items = calloc(n, sizeof **items);
    if (!*copy || !*items) {
        snprintf(err, errlen, "%s: out of memory", key);
        return 0;
    }
    char *t = *copy;
    for (size_t i = 0; i < n; i++) {
        char *c = strchr(t, ',');
        if (c)
            *c = 0;
        if (!*t) {
            snprintf(err, errlen, "%s: item %zu of %zu is empty; give a comma-separated list "
                     "of names", key, i + 1, n);
            return 0;
        }
        (*items)[i] = t;
        t = c ? c + 1 : t + strlen(t);
    }
    return n;
}

/* A valid config cachesim can run: not one whose mechanism needs an L2 or the cycles
 * (cm_mech_ops_t.alone: gcache's and pcpred's fills take the L2's victim or bypass bit, sacat's
 * FG-CB counts the L2's hit flag and the cycles of its window; sysim gives both). Returns 0, or
 * -1 with err set. */
static int runnable(const cfg_t *c, char *err, size_t errlen)
{
    const char *why = cm_mech_for(c->l1.mode)->alone;
    if (!why)
        return 0;
    int n = snprintf(err, errlen, "l1.mode = %s: %s (build/sysim runs the system); allowed: ",
                     cfg_mode_name(c->l1.mode), why);
    const char *sep = "";
    for (cfg_mode_t m = 0; m < cm_mech_count() && n >= 0 && (size_t)n < errlen; m++)
        if (!cm_mech_for(m)->alone) {
            n += snprintf(err + n, errlen - (size_t)n, "%s%s", sep, cfg_mode_name(m));
            sep = ", ";
        }
    return -1;
}

static int config_of(const char *name, cfg_t *c, char *err, size_t errlen)
{
    size_t n = strlen(name);
    int yaml = n > 5 && (!strcmp(name + n - 5, ".yaml") || !strcmp(name + n - 4, ".yml"));
    if (cfg_from_args(c, yaml ? name : NULL, yaml ? NULL : name, NULL, 0, err, errlen) != 0)
        return -1;
    return runnable(c, err, errlen);
}

static const char *CSV_HEADER = "config,trace,refs,reads,writes,hits,misses,miss_rate,fills,"
                                "evictions,bypasses,write_throughs,seconds\n";

/* One run's result, written by its child into memory shared with the parent. */
typedef struct sweep_result {
    int ok;            /* 1 when the run completed */
    sim_stats_t st;    /* its counters */
    double secs;       /* simulation time */
} sweep_result_t;

/* A name as a CSV field (RFC 4180: quoted, quotes doubled, when it holds a quote or a line
 * break). */
static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, "\"\r\n,")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* A name as a quoted string of gnuplot data: characters that could end the string, the line
 * or the datablock (quotes, backslashes, control characters) become '_'. Data is never
 * executed; this keeps the columns and labels intact. */
static void gp_label(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' || *s == '\\' || (unsigned char)*s < 0x20 || *s == 0x7f ? '_' : *s, f);
    fputc('"', f);
}

/* Short plot labels for names that are paths: the last component without its extension,
 * or, while two labels are equal (every Accel-Sim trace is kernel-1.traceg), more of the
 * path's trailing components with theirs ("matrixmul/kernel-1"). labels[i] is malloc'ed;
 * returns 0, or -1 when out of memory. */
static const char *tail_start(const char *s, unsigned comps) /* the last `comps` components */
{
    const char *end = s + strlen(s);
    while (end > s && end[-1] == '/')
        end--;
    const char *p = end;
    for (unsigned k = 0; k < comps && p > s; k++) {
        if (k)
            p--; /* past the slash */
        while (p > s && p[-1] != '/')
            p--;
    }
    return p;
}

static char *short_label(const char *s, unsigned comps)
{
    const char *p = tail_start(s, comps);
    size_t n = strlen(p);
    while (n && p[n - 1] == '/')
        n--;
    const char *last = tail_start(s, 1), *dot = strrchr(last, '.');
    if (dot && dot > last && dot < p + n) /* drop the extension of the last component */
        n = (size_t)(dot - p);
    return strndup(p, n);
}

static int plot_labels(char **names, size_t n, char **labels)
{
    for (size_t i = 0; i < n; i++)
        labels[i] = NULL;
    for (size_t i = 0; i < n; i++) {
        unsigned comps = 1;
        for (;;) {
            free(labels[i]);
            if (!(labels[i] = short_label(names[i], comps)))
                return -1;
            int clash = 0;
            for (size_t j = 0; j < n && !clash; j++) {
                if (j == i || !strcmp(names[i], names[j]))
                    continue;
                char *other = short_label(names[j], comps);
                if (!other)
                    return -1;
                clash = !strcmp(other, labels[i]);
                free(other);
            }
            if (!clash || tail_start(names[i], comps) == names[i])
                break;
            comps++;
        }
    }
    return 0;
}

static void free_labels(char **labels, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(labels[i]);
}

/* Write the plot: gnuplot runs from an argument vector (no shell), reads its script and the
 * data as an inline datablock on stdin, and writes the SVG to a pipe that this process copies
 * into `o` (a temporary renamed over `plot` once gnuplot succeeds), so a write error (a full
 * disk: gnuplot ignores its own) fails the plot. No file name is given to gnuplot. */
static int write_plot(tio_out_t *o, const char *plot, char **configs, size_t nc,
                      char **traces, size_t nt, const double *miss)
{
    char err[PATH_MAX + 512], msg[PATH_MAX + 600];
    int in[2], svg[2];
    if (pipe(in) != 0) {
        tio_out_abort(o);
        return usage_error("--plot: pipe failed");
    }
    if (pipe(svg) != 0) {
        close(in[0]);
        close(in[1]);
        tio_out_abort(o);
        return usage_error("--plot: pipe failed");
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, svg[1], 1);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, svg[0]);
    char *gp_argv[] = {"gnuplot", NULL};
    extern char **environ;
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, gp_argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(svg[1]);
    if (rc != 0) {
        close(in[1]);
        close(svg[0]);
        tio_out_abort(o);
        snprintf(msg, sizeof msg, "--plot: cannot run gnuplot: %s", strerror(rc));
        return usage_error(msg);
    }
    void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN); /* gnuplot may exit before reading all */
    char **clab = calloc(nc ? nc : 1, sizeof *clab), **tlab = calloc(nt ? nt : 1, sizeof *tlab);
    FILE *g = clab && tlab && plot_labels(configs, nc, clab) == 0 &&
              plot_labels(traces, nt, tlab) == 0 ? fdopen(in[1], "w") : NULL;
    if (g) {
        fprintf(g, "set terminal svg size 900,480 dynamic noenhanced\nset output\n"
                   "set key autotitle columnhead\n"
                   "set style fill solid 0.8 border -1\nset ylabel 'miss rate'\n"
                   "set yrange [0:*]\nset xtics rotate by -20 offset -1,-0.3\nset bmargin 5\n"
                   "set key outside right\nset title 'Miss rate per configuration'\n"
                   "$sweep << EOD\n\"config\"");
        for (size_t t = 0; t < nt; t++) {
            fputc(' ', g);
            gp_label(g, tlab[t]);
        }
        fputc('\n', g);
        for (size_t c = 0; c < nc; c++) {
            gp_label(g, clab[c]);
            for (size_t t = 0; t < nt; t++)
                fprintf(g, " %.6f", miss[c * nt + t]);
            fputc('\n', g);
        }
        /* clusters of K bars at x = 0, 1, ...: bar k is centred at x + (k - (K - 1) / 2) w,
         * w = 1 / (K + 2) (two bars' room between clusters), its value printed above it */
        fprintf(g, "EOD\nK = %zu\nw = 1.0 / (K + 2)\nset boxwidth w absolute\n"
                   "set xrange [-0.5:%zu - 0.5]\n"
                   "plot for [i=2:K+1] $sweep using ($0 + (i - 2 - (K - 1) / 2.0) * w):i "
                   "with boxes, \\\n  $sweep using 0:(NaN):xtic(1) notitle, \\\n"
                   "  for [i=2:K+1] $sweep using ($0 + (i - 2 - (K - 1) / 2.0) * w):i:"
                   "(sprintf('%%.3f', column(i))) with labels offset 0,0.6 font ',9' notitle\n",
                nt, nc);
        fclose(g);
    } else {
        close(in[1]);
    }
    /* gnuplot draws once its script ends (the plot command is last): the SVG is read after */
    char buf[65536];
    int copy = 1; /* after a write error the rest is drained (gnuplot never blocks) */
    for (ssize_t k; (k = read(svg[0], buf, sizeof buf)) != 0;) {
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            break; /* closing the pipe ends gnuplot, whose failure is reported below */
        if (copy && fwrite(buf, 1, (size_t)k, tio_out_file(o)) != (size_t)k)
            copy = 0; /* the stream's error: tio_out_commit reports it */
    }
    close(svg[0]);
    if (clab)
        free_labels(clab, nc);
    if (tlab)
        free_labels(tlab, nt);
    free(clab);
    free(tlab);
    signal(SIGPIPE, old_pipe);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        tio_out_abort(o);
        return usage_error("--plot: gnuplot failed (see above); no plot written");
    }
    if (tio_out_commit(o, err, sizeof err) != 0) {
        snprintf(msg, sizeof msg, "--plot: %s", err);
        return usage_error(msg);
    }
    fprintf(stderr, "cachesim: plot written to %s\n", plot);
    return 0;
}

/* Each sweep trace is read once per config (nc of them): every trace read more than once a
 * regular file (a FIFO or device would hand each run part of its data), as tio_inputs_check
 * says. 0, or -1 with err set. */
static int sweep_inputs_ok(char **traces, size_t nt, size_t nc, char *err, size_t errlen)
{
    tio_input_t *in = calloc(nt, sizeof *in);
    char why[96];
    snprintf(why, sizeof why, "once per config: %zu configs", nc);
    if (!in) {
        snprintf(err, errlen, "--sweep: out of memory");
        return -1;
    }
    for (size_t t = 0; t < nt; t++)
        in[t] = (tio_input_t){traces[t], "--traces", (unsigned)(nc < 2 ? nc : 2), why};
    int rc = tio_inputs_check(in, nt, err, errlen);
    free(in);
    return rc;
}

static int cmd_sweep(const cachesim_args_t *a)
{
    const char *out = a->out, *plot = a->plot, *clist = a->clist, *tlist = a->tlist;
    uint64_t jobs_max = a->jobs;
    int ifetch_read = a->ifetch_read;
    char err[PATH_MAX + 1024], *cbuf = NULL, *tbuf = NULL, **configs = NULL, **traces = NULL;
    size_t nc = split("--configs", clist, &cbuf, &configs, err, sizeof err);
    size_t nt = nc ? split("--traces", tlist, &tbuf, &traces, err, sizeof err) : 0;
    if (!nc || !nt)
        return usage_error(err);
    size_t total = nc * nt;
    for (size_t t = 0; t < nt; t++)
        if (!strcmp(traces[t], "-") && total > 1) {
            snprintf(err, sizeof err, "--traces: - (stdin) can be read by one run only, and "
                     "this sweep has %zu runs (%zu configs x %zu traces); save it to a file",
                     total, nc, nt);
            return usage_error(err);
        }
    if (sweep_inputs_ok(traces, nt, nc, err, sizeof err) != 0)
        return usage_error(err);
    /* An output never replaces an input (a trace, a YAML config) or the other output. */
    const char *outs[2] = {out, plot};
    for (int w = 0; w < 2; w++) {
        struct stat so, si;
        if (!outs[w] || !strcmp(outs[w], "-") || stat(outs[w], &so) != 0)
            continue;
        for (size_t i = 0; i < nc + nt + 1; i++) {
            const char *name = i < nc ? configs[i] : i < nc + nt ? traces[i - nc] : outs[1 - w];
            if (name && strcmp(name, "-") && stat(name, &si) == 0 && si.st_dev == so.st_dev &&
                si.st_ino == so.st_ino && (i < nc + nt || w == 0)) {
                snprintf(err, sizeof err, "%s = %s: is also %s %s; refusing to overwrite it",
                         w ? "--plot" : "-o", outs[w], i < nc + nt ? "an input," : "--plot,",
                         name);
                return usage_error(err);
            }
        }
    }
    cfg_t *cfgs = calloc(nc, sizeof *cfgs);
    if (!cfgs)
        return usage_error("--sweep: out of memory");
    for (size_t i = 0; i < nc; i++)
        if (config_of(configs[i], &cfgs[i], err, sizeof err) != 0)
            return usage_error(err);
    /* Outputs are opened (as temporaries beside them) before the runs, so a bad path fails
     * before the work, and put in place only at the end. */
    char msg[PATH_MAX + 1100];
    tio_out_t *o = tio_out_open(out, err, sizeof err), *po = NULL;
    if (!o) {
        snprintf(msg, sizeof msg, "-o: %s", err);
        return usage_error(msg);
    }
    if (plot && !(po = tio_out_open(plot, err, sizeof err))) {
        tio_out_abort(o);
        snprintf(msg, sizeof msg, "--plot: %s", err);
        return usage_error(msg);
    }
    /* Results come back through shared memory: the sweep creates no file but its outputs. */
    sweep_result_t *res = mmap(NULL, total * sizeof *res, PROT_READ | PROT_WRITE,
                               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (res == MAP_FAILED) {
        tio_out_abort(o);
        tio_out_abort(po);
        return usage_error("--sweep: out of memory");
    }
    size_t started = 0, done = 0, failed = 0;
    int tty = isatty(STDERR_FILENO);
    pid_t parent = getpid();
    double t0 = now();
    fflush(NULL);
    while (done < total) {
        while (started < total && started - done < jobs_max) {
            size_t k = started++;
            pid_t pid = fork();
            if (pid == 0) {
                char e[PATH_MAX + 1024];
                /* the parent's temporaries are the parent's to remove; a run ends with its
                 * parent (killed or interrupted), not later on its own */
                signal(SIGINT, SIG_DFL);
                signal(SIGTERM, SIG_DFL);
                signal(SIGHUP, SIG_DFL);
                if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)
                    _exit(1);
                sweep_result_t *me = &res[k];
                int is_accel;
                if (run_trace(&cfgs[k / nt], traces[k % nt], TF_AUTO, ifetch_read, 0, &me->st,
                              NULL, &is_accel, &me->secs, e, sizeof e) != 0) {
                    fprintf(stderr, "\ncachesim: %s\n", e);
                    _exit(1);
                }
                me->ok = 1;
                _exit(0);
            }
            if (pid < 0) {
                tio_out_abort(o);
                tio_out_abort(po);
                return usage_error("--sweep: fork failed");
            }
        }
        int status;
        pid_t pid = wait(&status);
        if (pid < 0)
            break;
        done++;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            failed++;
        if (tty) /* a progress line only on a terminal: a log gets the final count alone */
            fprintf(stderr, "\rcachesim: sweep %zu/%zu runs done, %zu failed, %.1f s", done,
                    total, failed, now() - t0);
    }
    fprintf(stderr, "%scachesim: sweep %zu/%zu runs done, %zu failed, %.1f s\n", tty ? "\r" : "",
            done, total, failed, now() - t0);
    for (size_t k = 0; k < total; k++)
        failed += !res[k].ok; /* a run that did not finish is a failure, whatever its status */
    if (failed) {
        tio_out_abort(o);
        tio_out_abort(po);
        return usage_error("--sweep: some runs failed (see above); no CSV written");
    }
    FILE *csv = tio_out_file(o);
    double *miss = calloc(total, sizeof *miss);
    if (!miss) {
        tio_out_abort(o);
        tio_out_abort(po);
        return usage_error("--sweep: out of memory");
    }
    fputs(CSV_HEADER, csv);
    for (size_t k = 0; k < total; k++) {
        const sim_stats_t *st = &res[k].st;
        uint64_t misses = st->read_misses + st->write_misses;
        miss[k] = pct(misses, st->refs) / 100;
        csv_field(csv, configs[k / nt]);
        fputc(',', csv);
        csv_field(csv, traces[k % nt]);
        fprintf(csv, ",%llu,%llu,%llu,%llu,%llu,%.6f,%llu,%llu,%llu,%llu,%.3f\n",
                (unsigned long long)st->refs, (unsigned long long)st->reads,
                (unsigned long long)st->writes,
                (unsigned long long)(st->read_hits + st->write_hits),
                (unsigned long long)misses, miss[k], (unsigned long long)st->fills,
                (unsigned long long)st->evictions, (unsigned long long)st->bypasses,
                (unsigned long long)st->write_throughs, res[k].secs);
    }
    munmap(res, total * sizeof *res);
    if (tio_out_commit(o, err, sizeof err) != 0) {
        snprintf(msg, sizeof msg, "-o: %s; no CSV written", err);
        free(miss);
        tio_out_abort(po);
        return usage_error(msg);
    }
    fprintf(stderr, "cachesim: %zu runs written to %s\n", total, out);
    int rc = po ? write_plot(po, plot, configs, nc, traces, nt, miss) : 0;
    free(miss);
    free(cfgs);
    free(configs);
    free(traces);
    free(cbuf);
    free(tbuf);
    return rc;
}

/* ---- run ---------------------------------------------------------------------------------- */

/* The usage of command `c` (run and --sweep share the main one) on stdout; returns 0. */
static int help(cs_cmd_t c)
{
    if (c == CS_CONVERT)
        printf("cachesim " CONVERT_SYNOPSIS "\n"
               "  rewrite a trace in another format (din, text, binary, dinero-binary; "
               "accel as input only)\n"
               "  and compression (none, gz, zst); --line-bytes: the line size of "
               "dinero-binary input\n  and of Accel-Sim coalescing (default 128).\n");
    else if (c == CS_GEN)
        printf("cachesim gen --pattern P -o OUT [--to FORMAT] [--compress C] [--refs N] "
               "[--seed N] [--footprint N]\n"
               "             [--stride-log2 N] [--stores PCT] [--cores N] [--line-bytes N]\n"
               "  write a synthetic trace; P: " GEN_PATTERNS ".\n");
    else
        printf("Usage: cachesim [--config F.yaml | --preset P] [--set K=V ...] [--format "
               "auto|din|text|binary|accel|dinero-binary] [--ifetch ignore|data] [--exact] "
               "[--json] TRACE\n"
               "  or:  cachesim convert IN OUT --to din|text|binary|dinero-binary "
               "[--compress none|gz|zst] [--from F] [--ifetch ignore|data] [--line-bytes N]\n"
               "  or:  cachesim gen --pattern P -o OUT [--refs N] [--seed S] ...\n"
               "  or:  cachesim --sweep --configs A,B --traces T1,T2 -o OUT.csv [-j N] "
               "[--plot OUT.svg] [--ifetch ignore|data]\n"
               "  or:  cachesim --version | --help\n\n"
               "Runs a memory trace (a path, or - for stdin) through the C model of one L1\n"
               "configured as for cachegen (l1.mode baseline or decoupled) and prints its\n"
               "statistics; converts and generates traces; sweeps configurations x traces.\n\n"
               "Options:\n"
               "  --config F.yaml, --preset P, --set K=V\n"
               "                  the configuration, as for cachegen (cachegen --help)\n"
               "  --format F      trace format (default auto: detected from the contents)\n"
               "  --ifetch data   count instruction fetches (Dinero label 2) as reads\n"
               "  --exact         the bit-accurate model (cm_l1) instead of the fast path\n"
               "  --json          statistics as JSON\n");
    return 0;
}

static int cmd_run(const cachesim_args_t *a)
{
    const char *config = a->config, *preset = a->preset, *trace = a->trace;
    const char **sets = a->sets;
    unsigned nsets = a->nsets;
    int exact = a->exact, json = a->json, ifetch_read = a->ifetch_read;
    trace_format_t fmt = a->fmt;
    cfg_t c;
    char err[2048];
    if (cfg_from_args(&c, config, preset, sets, nsets, err, sizeof err) != 0)
        return usage_error(err);
    if (runnable(&c, err, sizeof err) != 0)
        return usage_error(err);
    sim_stats_t st;
    accel_run_t ar;
    int is_accel;
    double secs;
    memset(&ar, 0, sizeof ar);
    if (run_trace(&c, trace, fmt, ifetch_read, exact, &st, &ar, &is_accel, &secs, err,
                  sizeof err) != 0) {
        accel_run_free(&ar);
        return usage_error(err);
    }
    int used_exact = sim_uses_exact(&c, exact);
    if (json) {
        json_t *o = stats_json(&c, trace, &st, is_accel ? &ar : NULL, secs, used_exact);
        char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        printf("%s\n", text);
        free(text);
        json_decref(o);
    } else {
        print_text(&c, trace, &st, is_accel ? &ar : NULL, secs, used_exact);
    }
    accel_run_free(&ar);
    return 0;
}

int main(int argc, char **argv)
{
    closeout_register("cachesim"); /* a write error on stdout is an error (core/closeout.h) */
    cachesim_args_t a;
    char perr[2048];
    if (cachesim_parse_args(argc, argv, &a, perr, sizeof perr) != 0) {
        cachesim_args_free(&a);
        return usage_error(perr);
    }
    int prc;
    switch (a.cmd) {
    case CS_VERSION: printf("cachesim %s\n", GEN_VERSION); prc = 0; break;
    case CS_HELP: prc = help(a.help_of); break;
    case CS_CONVERT: prc = cmd_convert(&a); break;
    case CS_GEN: prc = cmd_gen(&a); break;
    case CS_SWEEP: prc = cmd_sweep(&a); break;
    default: prc = cmd_run(&a); break;
    }
    cachesim_args_free(&a);
    return prc;
}
