/* explore_out: the rows of `cachegen explore` read back from the cache (a row a legal point:
 * the simulator's integer counts summed over the traces, hits, misses and hit_rate, the cost
 * totals), sorted by the objective (then by area), the Pareto front of objective against
 * total_ge marked, written as OUT/results.csv, results.json, results.md and pareto.svg, each
 * through a temporary and a rename. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "explore.h"
#include "../core/version.h"

typedef struct {
    const exp_point_t *p;
    double v[EXP_MAX_METRICS]; /* by metric index; NAN: not measured */
    int ok;                    /* cost and simulation found */
    int front;                 /* on the Pareto front */
} exp_row_t;

static const char *mname[EXP_MAX_METRICS];
static unsigned nmetric;
static int obj_i, ge_i;
static int maximize;

static int metric(const char *name)
{
    for (unsigned i = 0; i < nmetric; i++)
        if (!strcmp(mname[i], name))
            return (int)i;
    if (nmetric == EXP_MAX_METRICS)
        return -1;
    mname[nmetric] = strdup(name);
    return mname[nmetric] ? (int)nmetric++ : -1;
}

static void set(exp_row_t *w, const char *name, double v)
{
    int i = metric(name);
    if (i >= 0)
        w->v[i] = v;
}

static double get(const exp_row_t *w, const char *name)
{
    for (unsigned i = 0; i < nmetric; i++)
        if (!strcmp(mname[i], name))
            return w->v[i];
    return NAN;
}

static const char *const cost_fields[] = {"logic_ge", "sram_ge", "total_ge", "flop_bits",
                                          "sram_bits", "depth", "period_ns", NULL};

/* Fill row w of point p from the cache; 0, or -1 when an entry is missing or unreadable. */
static int load_row(const exp_run_t *r, exp_row_t *w)
{
    char path[PATH_MAX + 200];
    json_error_t je;
    for (unsigned i = 0; i < EXP_MAX_METRICS; i++)
        w->v[i] = NAN;
    exp_cache_path(r, "sim", w->p->sim_key, path, sizeof path);
    json_t *sim = json_load_file(path, 0, &je);
    exp_cache_path(r, "cost", w->p->cost_key, path, sizeof path);
    json_t *cost = json_load_file(path, 0, &je);
    json_t *tr = sim ? json_object_get(sim, "traces") : NULL;
    if (!sim || !cost || !json_is_array(tr)) {
        json_decref(sim);
        json_decref(cost);
        return -1;
    }
    size_t i;
    json_t *t;
    json_array_foreach(tr, i, t) {
        const char *k;
        json_t *v;
        json_object_foreach(t, k, v) {
            if (!json_is_integer(v))
                continue; /* rates and seconds are recomputed or left out */
            double old = get(w, k);
            set(w, k, (isnan(old) ? 0 : old) + (double)json_integer_value(v));
        }
    }
    /* hits and hit_rate: cachesim's references, sysim's L1 loads */
    double hits, refs;
    if (r->o.sim == EXP_SIM_SYSIM) {
        hits = get(w, "l1_load_hits");
        refs = get(w, "loads");
    } else {
        hits = get(w, "read_hits") + get(w, "write_hits");
        refs = get(w, "refs");
    }
    set(w, "hits", hits);
    set(w, "misses", refs - hits);
    set(w, "hit_rate", refs > 0 ? hits / refs : 0);
    for (int k = 0; cost_fields[k]; k++) {
        json_t *v = json_object_get(cost, cost_fields[k]);
        set(w, cost_fields[k], json_is_number(v) ? json_number_value(v) : NAN);
    }
    set(w, "storage_bits", get(w, "flop_bits") + get(w, "sram_bits"));
    set(w, "kge", get(w, "total_ge") / 1000.0);
    set(w, "hits_per_kge", hits / (get(w, "total_ge") / 1000.0));
    json_t *cf = json_object_get(cost, "checks_failed");
    set(w, "cost_checks_failed", json_is_integer(cf) ? (double)json_integer_value(cf) : NAN);
    json_decref(sim);
    json_decref(cost);
    return 0;
}

/* The columns every row has besides the simulator's counts: the cost's and those load_row
 * derives (the objective may name any of them). */
static const char *const derived_fields[] = {"hits", "misses", "hit_rate", "storage_bits", "kge",
                                             "hits_per_kge", "cost_checks_failed", NULL};

int exp_objective_check(const exp_run_t *r, char *err, size_t errlen)
{
    const char *obj = r->o.objective;
    for (int k = 0; cost_fields[k]; k++)
        if (!strcmp(obj, cost_fields[k]))
            return 0;
    for (int k = 0; derived_fields[k]; k++)
        if (!strcmp(obj, derived_fields[k]))
            return 0;
    /* the simulator's integer counts: the union over every cached simulation of the grid */
    json_t *names = json_object();
    unsigned sims = 0;
    for (unsigned i = 0; i < r->npt && names; i++) {
        if (!r->pt[i].legal)
            continue;
        char path[PATH_MAX + 200];
        json_error_t je;
        exp_cache_path(r, "sim", r->pt[i].sim_key, path, sizeof path);
        json_t *sim = json_load_file(path, 0, &je), *t;
        json_t *tr = sim ? json_object_get(sim, "traces") : NULL;
        size_t j;
        sims += tr != NULL;
        json_array_foreach(tr, j, t) {
            const char *k;
            json_t *v;
            json_object_foreach(t, k, v)
                if (json_is_integer(v))
                    json_object_set_new(names, k, json_true());
        }
        json_decref(sim);
    }
    if (!names || !sims || json_object_get(names, obj)) {
        json_decref(names); /* no simulation succeeded: nothing is synthesized anyway */
        return 0;
    }
    size_t n = (size_t)snprintf(err, errlen, "--objective = %s: no column of this run has that "
                                "name; allowed:", obj);
    for (int k = 0; cost_fields[k] && n < errlen; k++)
        n += (size_t)snprintf(err + n, errlen - n, " %s", cost_fields[k]);
    for (int k = 0; derived_fields[k] && n < errlen; k++)
        n += (size_t)snprintf(err + n, errlen - n, " %s", derived_fields[k]);
    const char *k;
    json_t *v;
    json_object_foreach(names, k, v)
        if (n < errlen)
            n += (size_t)snprintf(err + n, errlen - n, " %s", k);
    json_decref(names);
    return -1;
}

/* a is better than b on the objective */
static int better(double a, double b) { return maximize ? a > b : a < b; }

static int cmp_rows(const void *x, const void *y)
{
    const exp_row_t *a = x, *b = y;
    if (a->ok != b->ok)
        return b->ok - a->ok;
    double oa = a->v[obj_i], ob = b->v[obj_i];
    if (oa != ob)
        return better(oa, ob) ? -1 : 1;
    if (a->v[ge_i] != b->v[ge_i])
        return a->v[ge_i] < b->v[ge_i] ? -1 : 1;
    return strcmp(a->p->name, b->p->name);
}

/* The value of key `k` in point p's settings, or "(base)". */
static const char *setting(const exp_point_t *p, const char *k, char *buf, size_t len)
{
    size_t n = strlen(k);
    for (unsigned i = 0; i < p->nsets; i++)
        if (!strncmp(p->sets[i], k, n) && p->sets[i][n] == '=') {
            snprintf(buf, len, "%s", p->sets[i] + n + 1);
            return buf;
        }
    snprintf(buf, len, "(base)");
    return buf;
}

static void num(FILE *f, double v)
{
    if (isnan(v))
        fputs("", f);
    else if (v == floor(v) && fabs(v) < 1e15)
        fprintf(f, "%.0f", v);
    else
        fprintf(f, "%.12g", v);
}

/* Open OUT/.NAME.tmp; commit() renames it over OUT/NAME. */
static FILE *open_tmp(const exp_run_t *r, const char *name, char *tmp, size_t len)
{
    snprintf(tmp, len, "%s/.%s.tmp", r->o.out, name);
    return fopen(tmp, "w");
}

static int commit(const exp_run_t *r, FILE *f, const char *tmp, const char *name, char *err,
                  size_t errlen)
{
    char final[PATH_MAX + 64];
    snprintf(final, sizeof final, "%s/%s", r->o.out, name);
    if (!f || ferror(f) | (fclose(f) != 0) || rename(tmp, final) != 0) {
        snprintf(err, errlen, "%s: cannot be written", final);
        unlink(tmp);
        return -1;
    }
    return 0;
}

static void write_csv(const exp_run_t *r, FILE *f, const exp_row_t *w, unsigned n)
{
    char b[256];
    fputs("point", f);
    for (unsigned k = 0; k < r->nkeys; k++)
        fprintf(f, ",%s", r->keys[k]);
    fputs(",pareto", f);
    for (unsigned m = 0; m < nmetric; m++)
        fprintf(f, ",%s", mname[m]);
    fputc('\n', f);
    for (unsigned i = 0; i < n; i++) {
        if (!w[i].ok)
            continue;
        fputs(w[i].p->name, f);
        for (unsigned k = 0; k < r->nkeys; k++)
            fprintf(f, ",%s", setting(w[i].p, r->keys[k], b, sizeof b));
        fprintf(f, ",%d", w[i].front);
        for (unsigned m = 0; m < nmetric; m++) {
            fputc(',', f);
            num(f, w[i].v[m]);
        }
        fputc('\n', f);
    }
}

static json_t *settings_json(const exp_run_t *r, const exp_point_t *p)
{
    char b[256];
    json_t *s = json_object();
    for (unsigned k = 0; k < r->nkeys; k++)
        json_object_set_new(s, r->keys[k], json_string(setting(p, r->keys[k], b, sizeof b)));
    return s;
}

static json_t *results_json(const exp_run_t *r, const exp_row_t *w, unsigned n)
{
    json_t *rows = json_array(), *skipped = json_array(), *failed = json_array();
    for (unsigned i = 0; i < n; i++) {
        json_t *m = json_object();
        for (unsigned k = 0; k < nmetric; k++)
            if (!isnan(w[i].v[k]))
                json_object_set_new(m, mname[k], json_real(w[i].v[k]));
        if (w[i].ok)
            json_array_append_new(rows, json_pack("{s:s, s:o, s:b, s:o}", "point", w[i].p->name,
                                                  "settings", settings_json(r, w[i].p),
                                                  "pareto", w[i].front, "metrics", m));
        else {
            json_decref(m);
            json_array_append_new(failed, json_pack("{s:s, s:o}", "point", w[i].p->name,
                                                    "settings", settings_json(r, w[i].p)));
        }
    }
    for (unsigned i = 0; i < r->npt; i++)
        if (!r->pt[i].legal)
            json_array_append_new(skipped, json_pack("{s:s, s:o, s:s}", "point", r->pt[i].name,
                                                     "settings", settings_json(r, &r->pt[i]),
                                                     "reason", r->pt[i].why));
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o}", "version", GEN_VERSION,
                     "simulator", r->o.sim == EXP_SIM_SYSIM ? "sysim" : "cachesim",
                     "cost_top", r->o.cost_top == EXP_TOP_SYS ? "sys" : "l1",
                     "objective", r->o.objective, "direction", maximize ? "max" : "min",
                     "points", rows, "skipped", skipped, "failed", failed);
}

static const char *const md_cols[] = {"hit_rate", "misses", "kge", "logic_ge", "sram_ge",
                                      "storage_bits", "depth", "period_ns", NULL};

static void write_md(const exp_run_t *r, FILE *f, const exp_row_t *w, unsigned n, double secs,
                     unsigned synth)
{
    char b[256];
    unsigned ok = 0, nfront = 0;
    for (unsigned i = 0; i < n; i++) {
        ok += w[i].ok;
        nfront += w[i].front;
    }
    fprintf(f, "# cachegen explore: %s per area\n\n", r->o.objective);
    fprintf(f, "Base: %s%s", r->o.preset ? "preset " : r->o.config ? "config " : "defaults",
            r->o.preset ? r->o.preset : r->o.config ? r->o.config : "");
    for (unsigned i = 0; i < r->o.nsets; i++)
        fprintf(f, ", --set %s", r->o.sets[i]);
    fprintf(f, ". Simulator: %s on", r->o.sim == EXP_SIM_SYSIM ? "sysim" : "cachesim");
    for (unsigned i = 0; i < r->o.ntraces; i++)
        fprintf(f, " `%s`", r->o.traces[i]);
    fprintf(f, ". Cost: %s through synth/synth.sh and build/cost (cachegen %s).\n\n",
            r->o.cost_top == EXP_TOP_SYS ? "the system top (its L1s, arbiter and L2 slice)"
            : "the L1 top", GEN_VERSION);
    fprintf(f, "%u points: %u done, %u skipped (illegal), %u failed; %u synthesized in this "
            "run, %.0f s. Sorted by %s (%s first), then by area; `*`: on the Pareto front of "
            "%s against total GE (%u points).\n\n", r->npt, ok, r->npt - (unsigned)n,
            (unsigned)n - ok, synth, secs, r->o.objective, maximize ? "largest" : "smallest",
            r->o.objective, nfront);
    fputs("| front | point |", f);
    for (unsigned k = 0; k < r->nkeys; k++)
        fprintf(f, " %s |", r->keys[k]);
    fprintf(f, " %s |", r->o.objective);
    for (int c = 0; md_cols[c]; c++)
        if (strcmp(md_cols[c], r->o.objective))
            fprintf(f, " %s |", md_cols[c]);
    fputs("\n|---|---|", f);
    for (unsigned k = 0; k < r->nkeys; k++)
        fputs("---|", f);
    fputs("---:|", f);
    for (int c = 0; md_cols[c]; c++)
        if (strcmp(md_cols[c], r->o.objective))
            fputs("---:|", f);
    fputc('\n', f);
    for (unsigned i = 0; i < n; i++) {
        if (!w[i].ok)
            continue;
        fprintf(f, "| %s | %s |", w[i].front ? "*" : "", w[i].p->name);
        for (unsigned k = 0; k < r->nkeys; k++)
            fprintf(f, " %s |", setting(w[i].p, r->keys[k], b, sizeof b));
        fputc(' ', f);
        num(f, w[i].v[obj_i]);
        fputs(" |", f);
        for (int c = 0; md_cols[c]; c++) {
            if (!strcmp(md_cols[c], r->o.objective))
                continue;
            double v = get(&w[i], md_cols[c]);
            if (!strcmp(md_cols[c], "hit_rate"))
                fprintf(f, " %.4f |", v);
            else if (!strcmp(md_cols[c], "kge"))
                fprintf(f, " %.2f |", v);
            else if (!strcmp(md_cols[c], "period_ns"))
                fprintf(f, " %.3f |", v);
            else {
                fputc(' ', f);
                fprintf(f, "%.0f", v);
                fputs(" |", f);
            }
        }
        fputc('\n', f);
    }
    int head = 0;
    for (unsigned i = 0; i < r->npt; i++)
        if (!r->pt[i].legal) {
            if (!head++)
                fputs("\nSkipped (illegal combinations):\n\n", f);
            fprintf(f, "- %s:", r->pt[i].name);
            for (unsigned k = 0; k < r->pt[i].nsets; k++)
                fprintf(f, " %s", r->pt[i].sets[k]);
            fprintf(f, ": %s\n", r->pt[i].why);
        }
    head = 0;
    for (unsigned i = 0; i < n; i++)
        if (!w[i].ok) {
            if (!head++)
                fputs("\nFailed (see logs/<point>.log):\n\n", f);
            fprintf(f, "- %s\n", w[i].p->name);
        }
    fputs("\nAll metrics of every point: results.csv, results.json; the front: pareto.svg.\n", f);
}

int exp_write_outputs(const exp_run_t *r, double seconds, unsigned synth, char *err,
                      size_t errlen)
{
    unsigned n = 0;
    exp_row_t *w = calloc(r->npt, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    maximize = r->o.maximize;
    for (unsigned i = 0; i < r->npt; i++)
        if (r->pt[i].legal) {
            w[n].p = &r->pt[i];
            w[n].ok = load_row(r, &w[n]) == 0;
            n++;
        }
    obj_i = -1;
    for (unsigned i = 0; i < nmetric; i++)
        if (!strcmp(mname[i], r->o.objective))
            obj_i = (int)i;
    ge_i = metric("total_ge");
    if (obj_i < 0) {
        char list[4096] = "";
        for (unsigned i = 0; i < nmetric; i++) {
            size_t k = strlen(list);
            snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", mname[i]);
        }
        snprintf(err, errlen, "--objective = %s: not a metric of this run; allowed: %s "
                 "(the results are cached: a rerun with another objective runs nothing)",
                 r->o.objective, list);
        free(w);
        return -1;
    }
    for (unsigned i = 0; i < n; i++) { /* Pareto: no other row as good on both, better on one */
        w[i].front = w[i].ok && !isnan(w[i].v[obj_i]);
        for (unsigned j = 0; j < n && w[i].front; j++) {
            if (j == i || !w[j].ok)
                continue;
            double oi = w[i].v[obj_i], oj = w[j].v[obj_i], gi = w[i].v[ge_i], gj = w[j].v[ge_i];
            int no_worse = !better(oi, oj) && gj <= gi;
            if (no_worse && (better(oj, oi) || gj < gi))
                w[i].front = 0;
        }
    }
    qsort(w, n, sizeof *w, cmp_rows);
    char tmp[PATH_MAX + 64];
    FILE *f = open_tmp(r, "results.csv", tmp, sizeof tmp);
    if (f)
        write_csv(r, f, w, n);
    int rc = commit(r, f, tmp, "results.csv", err, errlen);
    json_t *j = results_json(r, w, n);
    if (!rc) {
        f = open_tmp(r, "results.json", tmp, sizeof tmp);
        if (f && json_dumpf(j, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0)
            fputc('\n', f);
        rc = commit(r, f, tmp, "results.json", err, errlen);
    }
    json_decref(j);
    if (!rc) {
        f = open_tmp(r, "results.md", tmp, sizeof tmp);
        if (f)
            write_md(r, f, w, n, seconds, synth);
        rc = commit(r, f, tmp, "results.md", err, errlen);
    }
    if (!rc) { /* the plot: kGE against the objective, the period as a label */
        char *data = NULL;
        size_t len = 0;
        FILE *d = open_memstream(&data, &len);
        for (unsigned i = 0; d && i < n; i++)
            if (w[i].ok)
                fprintf(d, "%.4f %.6g \"%s %.2fns\" %d\n", w[i].v[ge_i] / 1000.0,
                        w[i].v[obj_i], w[i].p->name, get(&w[i], "period_ns"), w[i].front);
        if (d && fclose(d) == 0) {
            char svg[PATH_MAX + 64], title[256];
            snprintf(svg, sizeof svg, "%s/pareto.svg", r->o.out);
            snprintf(title, sizeof title, "%s against area (Pareto front joined; labels: point, "
                     "period)", r->o.objective);
            rc = exp_plot(svg, title, "total area (kGE)", r->o.objective, data, err, errlen);
        } else {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
        free(data);
    }
    free(w);
    return rc;
}
