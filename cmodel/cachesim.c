/* cachesim: the trace-driven simulator CLI over the C model.
 *   cachesim [CONFIG] [--format F] [--exact] [--json] TRACE          run one trace ("-" = stdin)
 *   cachesim convert IN OUT --to din|text|binary [--compress none|gz|zst] [--from F]
 *   cachesim gen --pattern P -o OUT [--refs N] [--seed S] [--footprint BYTES]
 *                [--stride-log2 K] [--stores PCT] [--cores N] [--to F] [--compress C]
 *   cachesim --sweep --configs A,B,.. --traces T1,T2,.. -o RESULTS.csv [-j N] [--plot OUT.svg]
 * CONFIG is cachegen's: [--config FILE.yaml | --preset NAME] [--set KEY=VALUE ...]. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../gen/cfg.h"
#include "../gen/version.h"
#include "sim.h"
#include "trace.h"
#include "workload.h"

#define MAX_SETS 256
#define MAX_LIST 256

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

/* Run one trace through one configuration. Returns 0, or -1 with err set. */
static int run_trace(const cfg_t *c, const char *path, trace_format_t fmt, int exact,
                     sim_stats_t *st, double *secs, char *err, size_t errlen)
{
    sim_t *s;
    trace_reader_t *r = trace_open(path, fmt, err, errlen);
    if (!r)
        return -1;
    if (sim_new(c, exact, &s) != 0) {
        trace_close(r);
        snprintf(err, errlen, "out of memory");
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
    sim_free(s);
    trace_close(r);
    return rc < 0 ? -1 : 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void print_text(const cfg_t *c, const char *path, const sim_stats_t *st, double secs,
                       int exact)
{
    uint64_t hits = st->read_hits + st->write_hits, misses = st->read_misses + st->write_misses;
    printf("cachesim: %s (%u sets x %u ways x %u B, %s, %s index) on %s, %s path\n", c->name,
           c->l1.sets, c->l1.ways, c->l1.line_bytes, cfg_repl_name(c->l1.repl),
           cfg_index_name(c->l1.index), path, exact ? "exact" : "fast");
    printf("  references      %llu (reads %llu, writes %llu), flushes %llu\n",
           (unsigned long long)st->refs, (unsigned long long)st->reads,
           (unsigned long long)st->writes, (unsigned long long)st->flushes);
    printf("  hits            %llu (%.2f%%): read %llu, write %llu\n", (unsigned long long)hits,
           pct(hits, st->refs), (unsigned long long)st->read_hits,
           (unsigned long long)st->write_hits);
    printf("  misses          %llu (%.2f%%): read %llu, write %llu\n",
           (unsigned long long)misses, pct(misses, st->refs),
           (unsigned long long)st->read_misses, (unsigned long long)st->write_misses);
    printf("  fills %llu, evictions %llu, bypasses %llu, write-throughs %llu\n",
           (unsigned long long)st->fills, (unsigned long long)st->evictions,
           (unsigned long long)st->bypasses, (unsigned long long)st->write_throughs);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("  time %.3f s, %.1f million references/s, peak memory %.1f MB\n", secs,
           secs > 0 ? (double)st->refs / secs / 1e6 : 0.0, ru.ru_maxrss / 1024.0);
}

static json_t *stats_json(const cfg_t *c, const char *path, const sim_stats_t *st, double secs,
                          int exact)
{
    json_t *o = json_object();
    json_object_set_new(o, "config", json_string(c->name));
    json_object_set_new(o, "trace", json_string(path));
    json_object_set_new(o, "path", json_string(exact ? "exact" : "fast"));
#define NUM(k) json_object_set_new(o, #k, json_integer((json_int_t)st->k))
    NUM(refs); NUM(reads); NUM(writes); NUM(flushes); NUM(read_hits); NUM(read_misses);
    NUM(write_hits); NUM(write_misses); NUM(bypasses); NUM(fills); NUM(evictions);
    NUM(write_throughs);
#undef NUM
    json_object_set_new(o, "miss_rate",
                        json_real(pct(st->read_misses + st->write_misses, st->refs) / 100));
    json_object_set_new(o, "seconds", json_real(secs));
    return o;
}

/* ---- convert ------------------------------------------------------------------------------ */

static int cmd_convert(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *to = NULL, *from = "auto", *comp = "none";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--to") && i + 1 < argc)
            to = argv[++i];
        else if (!strcmp(argv[i], "--from") && i + 1 < argc)
            from = argv[++i];
        else if (!strcmp(argv[i], "--compress") && i + 1 < argc)
            comp = argv[++i];
        else if (!in)
            in = argv[i];
        else if (!out)
            out = argv[i];
        else
            return usage_error("convert: usage: convert IN OUT --to FORMAT [--compress C]");
    }
    trace_format_t fi, fo;
    if (!in || !out || !to)
        return usage_error("convert: usage: convert IN OUT --to FORMAT [--compress C]");
    if (trace_format_parse(from, &fi) != 0 || trace_format_parse(to, &fo) != 0)
        return usage_error("--from/--to: allowed: auto, din, text, binary, accel (input only)");
    char err[1024];
    trace_reader_t *r = trace_open(in, fi, err, sizeof err);
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
            snprintf(err, sizeof err, "reference %llu: pc %llx or base_id %u does not fit the "
                     "binary format (32-bit PC, 8-bit base id)", n + 1,
                     (unsigned long long)ref.pc, ref.base_id);
            rc = -2;
            break;
        }
        n++;
    }
    if (rc == -1)
        snprintf(err, sizeof err, "trace = %s: %s", in, trace_error(r));
    trace_close(r);
    if (trace_finish(w) != 0 && rc >= 0) {
        snprintf(err, sizeof err, "trace = %s: write failed", out);
        rc = -1;
    }
    if (rc < 0) {
        if (strcmp(out, "-") != 0)
            remove(out);
        return usage_error(err);
    }
    fprintf(stderr, "cachesim: converted %llu references to %s (%s)\n", n, to, comp);
    return 0;
}

/* ---- gen ---------------------------------------------------------------------------------- */

static int emit_ref(void *ctx, const trace_ref_t *ref) { return trace_write(ctx, ref); }

static int cmd_gen(int argc, char **argv)
{
    wl_params_t p;
    const char *out = NULL, *to = "binary", *comp = "none", *pattern = NULL;
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--pattern") && i + 1 < argc)
            pattern = argv[++i];
    if (!pattern || wl_parse_pattern(pattern, &p.pattern) != 0)
        return usage_error("gen: --pattern: allowed: stream, thrash, hot_stream, stride, "
                           "random, pc_mix");
    wl_defaults(p.pattern, &p);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return usage_error("gen: every option needs a value");
        i++;
        unsigned long long n = strtoull(v, NULL, 10);
        if (!strcmp(a, "--pattern"))
            continue;
        else if (!strcmp(a, "-o"))
            out = v;
        else if (!strcmp(a, "--to"))
            to = v;
        else if (!strcmp(a, "--compress"))
            comp = v;
        else if (!strcmp(a, "--refs"))
            p.refs = n;
        else if (!strcmp(a, "--seed"))
            p.seed = n;
        else if (!strcmp(a, "--footprint"))
            p.footprint = n;
        else if (!strcmp(a, "--stride-log2"))
            p.stride_log2 = (unsigned)n;
        else if (!strcmp(a, "--stores"))
            p.store_pct = (unsigned)n;
        else if (!strcmp(a, "--cores"))
            p.cores = (unsigned)n;
        else if (!strcmp(a, "--line-bytes"))
            p.line_bytes = (unsigned)n;
        else
            return usage_error("gen: unknown option; allowed: --pattern -o --to --compress "
                               "--refs --seed --footprint --stride-log2 --stores --cores "
                               "--line-bytes");
    }
    trace_format_t fo;
    if (!out || trace_format_parse(to, &fo) != 0)
        return usage_error("gen: needs -o OUT; --to: allowed: din, text, binary");
    char err[1024];
    if (wl_check(&p, err, sizeof err) != 0)
        return usage_error(err);
    trace_writer_t *w = trace_create(out, fo, comp, err, sizeof err);
    if (!w)
        return usage_error(err);
    int rc = wl_generate(&p, emit_ref, w);
    if (trace_finish(w) != 0 || rc != 0) {
        remove(out);
        return usage_error("gen: writing the trace failed");
    }
    fprintf(stderr, "cachesim: wrote %llu %s references to %s\n", (unsigned long long)p.refs,
            wl_pattern_name(p.pattern), out);
    return 0;
}

/* ---- sweep -------------------------------------------------------------------------------- */

static unsigned split(char *list, char **out)
{
    unsigned n = 0;
    for (char *t = strtok(list, ","); t && n < MAX_LIST; t = strtok(NULL, ","))
        out[n++] = t;
    return n;
}

/* A valid config cachesim can run: not gcache or pcpred, whose fills need the hint bit of an
 * L2 (victim bit, bypass bit). Returns 0, or -1 with err set. */
static int runnable(const cfg_t *c, char *err, size_t errlen)
{
    if (c->l1.mode != MODE_GCACHE && c->l1.mode != MODE_PCPRED)
        return 0;
    snprintf(err, errlen, "l1.mode = %s: cachesim runs one L1 without the L2 that returns "
             "%s bits (build/sysim runs the system); allowed: baseline, decoupled",
             cfg_mode_name(c->l1.mode), c->l1.mode == MODE_GCACHE ? "victim" : "bypass");
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

static int cmd_sweep(int argc, char **argv)
{
    char *configs[MAX_LIST], *traces[MAX_LIST], cbuf[8192] = "", tbuf[8192] = "";
    const char *out = NULL, *plot = NULL;
    unsigned jobs_max = 2;
    for (int i = 0; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--sweep"))
            continue;
        if (!v)
            return usage_error("--sweep: every option needs a value");
        if (!strcmp(argv[i], "--configs"))
            snprintf(cbuf, sizeof cbuf, "%s", v);
        else if (!strcmp(argv[i], "--traces"))
            snprintf(tbuf, sizeof tbuf, "%s", v);
        else if (!strcmp(argv[i], "-o"))
            out = v;
        else if (!strcmp(argv[i], "--plot"))
            plot = v;
        else if (!strcmp(argv[i], "-j"))
            jobs_max = (unsigned)strtoul(v, NULL, 10);
        else
            return usage_error("--sweep: allowed: --configs --traces -o -j --plot");
        i++;
    }
    unsigned nc = split(cbuf, configs), nt = split(tbuf, traces), total = nc * nt;
    if (!nc || !nt || !out || jobs_max < 1 || jobs_max > 64)
        return usage_error("--sweep: needs --configs A,B --traces T1,T2 -o OUT.csv [-j 1..64]");
    cfg_t cfgs[MAX_LIST];
    char err[1024];
    for (unsigned i = 0; i < nc; i++)
        if (config_of(configs[i], &cfgs[i], err, sizeof err) != 0)
            return usage_error(err);
    char tmpl[4096];
    snprintf(tmpl, sizeof tmpl, "%s.parts-%ld", out, (long)getpid());
    pid_t *pids = calloc(total, sizeof *pids);
    unsigned started = 0, done = 0, failed = 0;
    double t0 = now();
    while (done < total) {
        while (started < total && started - done < jobs_max) {
            unsigned k = started++;
            pid_t pid = fork();
            if (pid == 0) {
                sim_stats_t st;
                double secs;
                char part[4200], e[1024];
                snprintf(part, sizeof part, "%s.%u", tmpl, k);
                const cfg_t *c = &cfgs[k / nt];
                if (run_trace(c, traces[k % nt], TF_AUTO, 0, &st, &secs, e, sizeof e) != 0) {
                    fprintf(stderr, "\ncachesim: %s\n", e);
                    _exit(1);
                }
                FILE *f = fopen(part, "w");
                if (!f)
                    _exit(1);
                fprintf(f, "%s,%s,%llu,%llu,%llu,%llu,%llu,%.6f,%llu,%llu,%llu,%llu,%.3f\n",
                        configs[k / nt], traces[k % nt], (unsigned long long)st.refs,
                        (unsigned long long)st.reads, (unsigned long long)st.writes,
                        (unsigned long long)(st.read_hits + st.write_hits),
                        (unsigned long long)(st.read_misses + st.write_misses),
                        pct(st.read_misses + st.write_misses, st.refs) / 100,
                        (unsigned long long)st.fills, (unsigned long long)st.evictions,
                        (unsigned long long)st.bypasses, (unsigned long long)st.write_throughs,
                        secs);
                _exit(fclose(f) == 0 ? 0 : 1);
            }
            if (pid < 0)
                return usage_error("--sweep: fork failed");
            pids[k] = pid;
        }
        int status;
        pid_t pid = wait(&status);
        if (pid < 0)
            break;
        done++;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            failed++;
        fprintf(stderr, "\rcachesim: sweep %u/%u runs done, %u failed, %.1f s", done, total,
                failed, now() - t0);
    }
    fprintf(stderr, "\n");
    free(pids);
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", out, (long)getpid());
    FILE *csv = fopen(tmp, "w");
    if (!csv)
        return usage_error("-o: cannot write the CSV");
    fputs(CSV_HEADER, csv);
    double *miss = calloc(total, sizeof *miss);
    for (unsigned k = 0; k < total && miss; k++) {
        char part[4200], line[8192];
        snprintf(part, sizeof part, "%s.%u", tmpl, k);
        FILE *f = fopen(part, "r");
        if (f && fgets(line, sizeof line, f)) {
            fputs(line, csv);
            const char *field = line; /* the 8th column is the miss rate */
            for (int col = 0; col < 7 && field; col++)
                field = strchr(field, ',') ? strchr(field, ',') + 1 : NULL;
            miss[k] = field ? atof(field) : 0;
        }
        if (f)
            fclose(f);
        remove(part);
    }
    if (fclose(csv) != 0 || failed) {
        remove(tmp);
        return usage_error(failed ? "--sweep: some runs failed (see above); no CSV written"
                                  : "-o: write failed");
    }
    rename(tmp, out);
    fprintf(stderr, "cachesim: %u runs written to %s\n", total, out);
    if (!plot || !miss) {
        free(miss);
        return 0;
    }
    char gp[4200], dat[4200];
    snprintf(gp, sizeof gp, "%s.gp", out);
    snprintf(dat, sizeof dat, "%s.dat", out);
    FILE *g = fopen(gp, "w"), *d = fopen(dat, "w");
    if (!g || !d) {
        free(miss);
        return usage_error("--plot: cannot write the gnuplot files");
    }
    fprintf(d, "config");
    for (unsigned t = 0; t < nt; t++)
        fprintf(d, " \"%s\"", traces[t]);
    fprintf(d, "\n");
    for (unsigned c = 0; c < nc; c++) {
        fprintf(d, "\"%s\"", configs[c]);
        for (unsigned t = 0; t < nt; t++)
            fprintf(d, " %.6f", miss[c * nt + t]);
        fprintf(d, "\n");
    }
    fclose(d);
    free(miss);
    fprintf(g, "set terminal svg size 900,480 dynamic noenhanced\nset output '%s'\n", plot);
    fprintf(g, "set style data histograms\n"
               "set style histogram clustered\nset style fill solid 0.8 border -1\n"
               "set ylabel 'miss rate'\nset yrange [0:*]\nset xtics rotate by -20 offset -1,-0.3\nset bmargin 5\n"
               "set key outside right\nset title 'Miss rate per configuration'\n");
    fprintf(g, "plot for [i=2:%u] '%s' using i:xtic(1) title columnheader(i)\n", nt + 1, dat);
    fclose(g);
    char cmd[8600];
    snprintf(cmd, sizeof cmd, "gnuplot '%s'", gp);
    if (system(cmd) != 0)
        return usage_error("--plot: gnuplot failed");
    fprintf(stderr, "cachesim: plot written to %s\n", plot);
    return 0;
}

/* ---- run ---------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    if (gen_version_asked(argc, argv)) {
        printf("cachesim %s\n", GEN_VERSION);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "convert"))
        return cmd_convert(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "gen"))
        return cmd_gen(argc - 2, argv + 2);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--sweep"))
            return cmd_sweep(argc - 1, argv + 1);
    const char *config = NULL, *preset = NULL, *trace = NULL, *sets[MAX_SETS];
    unsigned nsets = 0;
    int exact = 0, json = 0;
    trace_format_t fmt = TF_AUTO;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: cachesim [--config F.yaml | --preset P] [--set K=V ...] [--format "
                   "auto|din|text|binary|accel] [--exact] [--json] TRACE\n"
                   "       cachesim convert IN OUT --to din|text|binary [--compress none|gz|zst]\n"
                   "       cachesim gen --pattern P -o OUT [--refs N] [--seed S] ...\n"
                   "       cachesim --sweep --configs A,B --traces T1,T2 -o OUT.csv [-j N] "
                   "[--plot OUT.svg]\n"
                   "       cachesim --version | --help\n");
            return 0;
        }
        if (!strcmp(a, "--exact"))
            exact = 1;
        else if (!strcmp(a, "--json"))
            json = 1;
        else if ((!strcmp(a, "--config") || !strcmp(a, "--preset") || !strcmp(a, "--set") ||
                  !strcmp(a, "--format")) && !v)
            return usage_error("an option needs a value");
        else if (!strcmp(a, "--config"))
            config = argv[++i];
        else if (!strcmp(a, "--preset"))
            preset = argv[++i];
        else if (!strcmp(a, "--set") && nsets < MAX_SETS)
            sets[nsets++] = argv[++i];
        else if (!strcmp(a, "--format")) {
            if (trace_format_parse(argv[++i], &fmt) != 0)
                return usage_error("--format: allowed: auto, din, text, binary, accel");
        } else if (a[0] == '-' && a[1] != 0)
            return usage_error("unknown option; see --help");
        else if (!trace)
            trace = a;
        else
            return usage_error("one trace at a time (use --sweep for more)");
    }
    if (!trace)
        return usage_error("no trace given (a path, or - for stdin)");
    cfg_t c;
    char err[2048];
    if (cfg_from_args(&c, config, preset, sets, nsets, err, sizeof err) != 0)
        return usage_error(err);
    if (runnable(&c, err, sizeof err) != 0)
        return usage_error(err);
    sim_stats_t st;
    double secs;
    if (run_trace(&c, trace, fmt, exact, &st, &secs, err, sizeof err) != 0)
        return usage_error(err);
    int used_exact = exact || c.l1.mode != MODE_BASELINE;
    if (json) {
        json_t *o = stats_json(&c, trace, &st, secs, used_exact);
        char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        printf("%s\n", text);
        free(text);
        json_decref(o);
    } else {
        print_text(&c, trace, &st, secs, used_exact);
    }
    return 0;
}
