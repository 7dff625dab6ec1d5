/* explore: `cachegen explore` (explore.h): check everything (arguments, grid, traces, OUT),
 * then run the points not cached, then write the table, the plot and a log line. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include "explore.h"
#include "../core/version.h"

#define EXP_MARK ".cachegen-explore" /* the file that makes a directory an explore OUT */

int exp_argc;    /* the arguments after "explore": a Slurm task reruns them (explore_sched.c) */
char **exp_argv;

static int xerr(const char *msg)
{
    fprintf(stderr, "cachegen explore: error: %s\n", msg);
    return 2;
}

/* Stopped by a signal: its exit status is the shell's 128 + N (130 for Ctrl-C), not bad
 * input's 2, so that a script can tell a refused grid from a stopped run. */
static int interrupted(const char *msg)
{
    fprintf(stderr, "cachegen explore: %s\n", msg);
    return 128 + exp_stop_signal();
}

/* OUT: new, empty or an earlier explore's (its mark); made with logs/, work/ and the cache. */
static int claim_out(exp_run_t *r, char *err, size_t errlen)
{
    const char *out = r->o.out;
    char p[PATH_MAX + 64];
    struct stat st;
    if (lstat(out, &st) == 0) {
        snprintf(p, sizeof p, "%s/%s", out, EXP_MARK);
        if (!S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "-o = %s: not a directory; allowed: a new or empty directory "
                     "or an earlier explore's", out);
            return -1;
        }
        if (access(p, F_OK) != 0) {
            DIR *d = opendir(out);
            const struct dirent *e;
            int empty = 1;
            while (d && (e = readdir(d)) != NULL)
                empty &= !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
            if (d)
                closedir(d);
            if (!d || !empty) {
                snprintf(err, errlen, "-o = %s: not allowed; it holds files and no %s; "
                         "allowed: a new or empty directory or an earlier explore's", out,
                         EXP_MARK);
                return -1;
            }
        }
    } else if (mkdir(out, 0755) != 0) {
        snprintf(err, errlen, "-o = %s: cannot be made (%s)", out, strerror(errno));
        return -1;
    }
    snprintf(p, sizeof p, "%s/%s", out, EXP_MARK);
    FILE *m = fopen(p, "w");
    if (!m || fputs("made by cachegen explore: its cache, logs and results\n", m) < 0 ||
        fclose(m) != 0) {
        snprintf(err, errlen, "-o = %s: cannot be written", out);
        return -1;
    }
    const char *sub[] = {"logs", "work", NULL};
    for (int i = 0; sub[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", out, sub[i]);
        if (mkdir(p, 0755) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%.1024s: cannot be made (%s)", p, strerror(errno));
            return -1;
        }
    }
    if (mkdir(r->cache, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "--cache = %.1024s: cannot be made (%s)", r->cache, strerror(errno));
        return -1;
    }
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int explore_cli(int argc, char **argv)
{
    static exp_run_t r;
    char err[4096];
    exp_argc = argc;
    exp_argv = argv;
    int prc = exp_parse_args(argc, argv, &r.o, err, sizeof err);
    if (prc < 0)
        return xerr(err);
    if (prc == 1) {
        exp_usage(stdout);
        return 0;
    }
    double t0 = now();
    if (exp_find_tools(&r, err, sizeof err) || exp_grid_build(&r, err, sizeof err) ||
        exp_cache_keys(&r, err, sizeof err))
        return xerr(err);
    snprintf(r.cache, sizeof r.cache, "%s", r.o.cache ? r.o.cache : "");
    if (!r.o.cache)
        snprintf(r.cache, sizeof r.cache, "%s/cache", r.o.out);
    if (r.o.task >= 0) { /* one Slurm array task: this point only */
        if ((unsigned long)r.o.task >= r.npt || !r.pt[r.o.task].legal) {
            snprintf(err, sizeof err, "--task = %ld: no legal point has that index", r.o.task);
            return xerr(err);
        }
        int rc = exp_point_run(&r, &r.pt[r.o.task], EXP_PHASE_ALL);
        printf("%s - %s\n", rc < 0 ? "not ok" : "ok", r.pt[r.o.task].name);
        return rc < 0 ? 1 : 0;
    }
    if (claim_out(&r, err, sizeof err))
        return xerr(err);
    for (unsigned i = 0; i < r.npt; i++)
        if (!r.pt[i].legal) {
            fprintf(stderr, "explore: %s (", r.pt[i].name);
            for (unsigned k = 0; k < r.pt[i].nsets; k++)
                fprintf(stderr, "%s%s", k ? " " : "", r.pt[i].sets[k]);
            fprintf(stderr, "): skipped: %s\n", r.pt[i].why);
        }
    /* every simulation first (cheap beside a synthesis), so that the objective is checked
     * against the columns the rows will have before anything is synthesized */
    unsigned synth = 0;
    int simfail = exp_schedule(&r, EXP_PHASE_SIM, &synth, err, sizeof err);
    if (simfail == -2)
        return interrupted(err);
    if (simfail < 0 || exp_objective_check(&r, err, sizeof err))
        return xerr(err);
    int failed = exp_schedule(&r, EXP_PHASE_ALL, &synth, err, sizeof err);
    if (failed == -2)
        return interrupted(err);
    if (failed < 0)
        return xerr(err);
    failed += simfail;
    double secs = now() - t0;
    if (exp_write_outputs(&r, secs, synth, err, sizeof err))
        return xerr(err);
    unsigned legal = 0;
    for (unsigned i = 0; i < r.npt; i++)
        legal += r.pt[i].legal;
    char line[512];
    snprintf(line, sizeof line, "explore: %u points, %u skipped, %d failed, %u synthesized, "
             "%.0f s; %s/results.md (.csv, .json, pareto.svg)", r.npt, r.npt - legal, failed,
             synth, secs, r.o.out);
    printf("%s\n", line);
    char logp[PATH_MAX + 32];
    snprintf(logp, sizeof logp, "%s/explore.log", r.o.out);
    FILE *l = fopen(logp, "a");
    time_t t = time(NULL);
    char ts[32];
    strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    if (l) {
        fprintf(l, "%s cachegen %s %s\n", ts, GEN_VERSION, line);
        fclose(l);
    }
    return failed ? 1 : 0;
}
