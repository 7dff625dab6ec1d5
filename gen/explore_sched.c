/* explore_sched: which points of `cachegen explore` still need work (a cost or a simulation
 * missing from the cache), and running them: -j at a time on this machine (a worker process
 * per point, in its own process group, so an interrupt stops its tools too), or as one Slurm
 * job array (one task a point: `cachegen explore ... --task K`, submitted with sbatch --wait
 * as tb/regress submits its array); progress on stderr, one line a finished point. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "explore.h"

extern int exp_argc;    /* explore.c: the arguments after "explore", for the Slurm tasks */
extern char **exp_argv;

static volatile sig_atomic_t stop;
static void on_signal(int s) { stop = s; }
int exp_stop_signal(void) { return stop; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void settings(const exp_point_t *p, char *buf, size_t len)
{
    buf[0] = '\0';
    for (unsigned k = 0; k < p->nsets; k++) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%s", k ? " " : "", p->sets[k]);
    }
}

/* 0 when a Slurm controller answers: sbatch on PATH and `timeout 20 sinfo -h` succeeds. */
static int slurm_answers(void)
{
    if (access("/usr/bin/sbatch", X_OK) != 0 && access("/usr/local/bin/sbatch", X_OK) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        freopen("/dev/null", "w", stderr);
        execlp("timeout", "timeout", "20", "sinfo", "-h", (char *)NULL);
        _exit(127);
    }
    int st;
    return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st) ? 0 : -1;
}

/* A word for bash inside single quotes. */
static void sh_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++)
        *s == '\'' ? fputs("'\\''", f) : fputc(*s, f);
    fputc('\'', f);
}

static int run_slurm(exp_run_t *r, const unsigned *todo, unsigned n, char *err, size_t errlen)
{
    char dir[PATH_MAX], script[PATH_MAX + 32], out[PATH_MAX + 64], cwd[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/slurm", r->o.out);
    snprintf(script, sizeof script, "%s/explore.sbatch", dir);
    snprintf(out, sizeof out, "--output=%s/%%A_%%a.out", dir);
    if (!getcwd(cwd, sizeof cwd) || (mkdir(dir, 0755) && errno != EEXIST)) {
        snprintf(err, errlen, "-o = %s: cannot make %s", r->o.out, dir);
        return -1;
    }
    FILE *f = fopen(script, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s", script);
        return -1;
    }
    fputs("#!/usr/bin/env bash\n# the array task of one explore point: cachegen explore ... "
          "--task K (K: the array index)\nexec ", f);
    sh_quote(f, r->exe);
    fputs(" explore", f);
    for (int i = 0; i < exp_argc; i++) {
        if (!strcmp(exp_argv[i], "--slurm") || !strcmp(exp_argv[i], "--local"))
            continue; /* a flag (no option value begins with '-'): the task runs --local */
        fputc(' ', f);
        sh_quote(f, exp_argv[i]);
    }
    fputs(" --local --task \"$SLURM_ARRAY_TASK_ID\"\n", f);
    if (fclose(f) != 0 || chmod(script, 0755) != 0) {
        snprintf(err, errlen, "cannot write %s", script);
        return -1;
    }
    size_t alen = 16 + (size_t)n * 6;
    char *array = malloc(alen), chdir_arg[PATH_MAX + 16];
    if (!array) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t k = (size_t)snprintf(array, alen, "--array=");
    for (unsigned i = 0; i < n; i++)
        k += (size_t)snprintf(array + k, alen - k, "%s%u", i ? "," : "", todo[i]);
    snprintf(chdir_arg, sizeof chdir_arg, "--chdir=%s", cwd);
    fprintf(stderr, "explore: %u points as a Slurm job array (%s)\n", n, script);
    char sbout[PATH_MAX + 32];
    snprintf(sbout, sizeof sbout, "%s/sbatch.out", dir);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(sbout, "w", stdout) || dup2(1, 2) < 0)
            _exit(127);
        execlp("sbatch", "sbatch", "--parsable", "--wait", array, "--job-name=cachegen-explore",
               chdir_arg, out, script, (char *)NULL);
        _exit(127);
    }
    free(array);
    int st = 0;
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        if (stop)
            kill(pid, SIGTERM);
    /* sbatch --wait exits non-zero when a task failed, which the cache shows per point; no
     * job id on its first line means nothing was submitted */
    FILE *o = fopen(sbout, "r");
    char line[256] = "";
    if (!o || !fgets(line, sizeof line, o) || line[0] < '0' || line[0] > '9') {
        if (o)
            fclose(o);
        snprintf(err, errlen, "--slurm: sbatch did not submit the array (%s)", sbout);
        return -1;
    }
    fclose(o);
    fprintf(stderr, "explore: Slurm array %.*s finished\n", (int)strcspn(line, ";\n"), line);
    return pid > 0 ? 0 : -1; /* the tasks' results are read back from the cache */
}

int exp_schedule(exp_run_t *r, int phase, unsigned *synth, char *err, size_t errlen)
{
    unsigned *todo = malloc((r->npt ? r->npt : 1) * sizeof *todo), n = 0, cached = 0, legal = 0,
             nosim = 0;
    if (!todo) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int simming = phase == EXP_PHASE_SIM;
    for (unsigned i = 0; i < r->npt; i++) {
        if (!r->pt[i].legal)
            continue;
        legal++;
        int has_sim = exp_cache_has(r, "sim", r->pt[i].sim_key);
        if (simming)
            has_sim ? cached++ : (todo[n++] = i, 0);
        else if (!has_sim)
            nosim++; /* its simulation failed: counted by the simulation phase */
        else if (exp_cache_has(r, "cost", r->pt[i].cost_key))
            cached++;
        else
            todo[n++] = i;
    }
    int runner = simming ? EXP_RUN_LOCAL : r->o.runner;
    if (runner == EXP_RUN_AUTO)
        runner = n && slurm_answers() == 0 ? EXP_RUN_SLURM : EXP_RUN_LOCAL;
    else if (runner == EXP_RUN_SLURM && slurm_answers() != 0) {
        snprintf(err, errlen, "--slurm: no Slurm controller answers (sbatch and sinfo -h)");
        free(todo);
        return -1;
    }
    if (simming)
        fprintf(stderr, "explore: simulating first: %u legal points, %u simulations cached, %u to "
                "run (local%s)\n", legal, cached, n, r->o.jobs > 1 ? ", -j" : "");
    else
        fprintf(stderr, "explore: %u points: %u legal, %u skipped, %u cached, %u to run (%s)%s\n",
                r->npt, legal, r->npt - legal, cached, n,
                runner == EXP_RUN_SLURM ? "Slurm" : r->o.jobs > 1 ? "local, -j" : "local",
                nosim ? ", the points whose simulation failed left out" : "");
    *synth = 0;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    int failed = 0;
    if (runner == EXP_RUN_SLURM && n) {
        if (run_slurm(r, todo, n, err, errlen)) {
            free(todo);
            return -1;
        }
        for (unsigned i = 0; i < n; i++) {
            const exp_point_t *p = &r->pt[todo[i]];
            int ok = exp_cache_has(r, "cost", p->cost_key) && exp_cache_has(r, "sim", p->sim_key);
            failed += !ok;
            *synth += ok; /* every task of the array had something to compute */
            fprintf(stderr, "explore: [%u/%u] %s: %s\n", i + 1, n, p->name,
                    ok ? "done on Slurm" : "FAILED on Slurm (OUT/logs, OUT/slurm)");
        }
    } else {
        pid_t *pids = calloc(n ? n : 1, sizeof *pids);
        double *t0 = calloc(n ? n : 1, sizeof *t0);
        unsigned next = 0, running = 0, done = 0;
        while ((next < n || running) && pids && t0) {
            while (!stop && next < n && running < r->o.jobs) {
                pid_t pid = fork();
                if (pid == 0) {
                    setpgid(0, 0);
                    signal(SIGINT, SIG_DFL);
                    signal(SIGTERM, SIG_DFL);
                    int rc = exp_point_run(r, &r->pt[todo[next]], phase);
                    _exit(rc < 0 ? 1 : rc == 1 ? 10 : 0);
                }
                if (pid < 0)
                    break;
                setpgid(pid, pid);
                pids[next] = pid;
                t0[next++] = now();
                running++;
            }
            if (stop) {
                for (unsigned i = 0; i < next; i++)
                    if (pids[i] > 0)
                        kill(-pids[i], SIGTERM);
            }
            int st;
            pid_t w = wait(&st);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            unsigned i = 0;
            while (i < next && pids[i] != w)
                i++;
            if (i == next)
                continue;
            pids[i] = 0;
            running--;
            done++;
            const exp_point_t *p = &r->pt[todo[i]];
            char s[1024];
            settings(p, s, sizeof s);
            int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            failed += code != 0 && code != 10;
            *synth += code == 10;
            fprintf(stderr, "explore: [%u/%u] %s (%s): %s, %.1f s\n", done, n, p->name, s,
                    code == 10 ? "synthesized and costed" : code == 0 ? simming ? "simulated"
                    : "costed from the cache" : stop ? "interrupted" : "FAILED, see logs/",
                    now() - t0[i]);
            if (code != 0 && code != 10 && !stop)
                fprintf(stderr, "explore:   %s/logs/%s.log\n", r->o.out, p->name);
        }
        free(pids);
        free(t0);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    free(todo);
    if (stop) {
        snprintf(err, errlen, "interrupted; the points finished so far are cached, a rerun "
                 "resumes");
        return -2;
    }
    return failed;
}
