/* explore_point: one point of `cachegen explore` in OUT/work/<name>: its normalized
 * config.yaml, then (unless cached) the simulator on every trace, then (unless cached)
 * cachegen -o rtl, synth/synth.sh and build/cost one on the chosen top (the L1 or the
 * system); each result copied into the cache through a temporary and a rename. Tools run from argument vectors (no shell); their output goes to
 * OUT/logs/<name>.log. */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore.h"

/* Run argv with stdout to `out` (or the log) and stderr to the log; its exit status, or -1. */
static int run(char *const argv[], const char *out, int logfd)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int o = out ? open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644) : logfd;
        if (o < 0)
            _exit(127);
        dup2(o, 1);
        dup2(logfd, 2);
        execv(argv[0], argv);
        dprintf(logfd, "explore: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        dprintf(logfd, "explore: %s exited with %d\n", argv[0],
                WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
        return -1;
    }
    return 0;
}

static int rm_rf(const char *path, int logfd)
{
    char *argv[] = {"/bin/rm", "-rf", "--", (char *)path, NULL};
    return run(argv, NULL, logfd);
}

/* Put `json` into the cache as KIND/KEY.json: a temporary in that folder, then a rename. */
static int cache_put(const exp_run_t *r, const char *kind, const char *key, json_t *json,
                     int logfd)
{
    char dir[PATH_MAX + 32], tmp[PATH_MAX + 200], final[PATH_MAX + 200];
    snprintf(dir, sizeof dir, "%s/%s", r->cache, kind);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    snprintf(tmp, sizeof tmp, "%s/.%s.tmp-%ld", dir, key, (long)getpid());
    exp_cache_path(r, kind, key, final, sizeof final);
    if (json_dump_file(json, tmp, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0 ||
        rename(tmp, final) != 0) {
        dprintf(logfd, "explore: cannot write %s\n", final);
        unlink(tmp);
        return -1;
    }
    return 0;
}

int exp_point_run(const exp_run_t *r, const exp_point_t *p, int phase)
{
    char work[PATH_MAX], logp[PATH_MAX], cfgp[PATH_MAX + 16], rtl[PATH_MAX + 16],
        syn[PATH_MAX + 16], costj[PATH_MAX + 16], tool[2 * PATH_MAX], simout[PATH_MAX + 32];
    snprintf(work, sizeof work, "%s/work/%s", r->o.out, p->name);
    snprintf(logp, sizeof logp, "%s/logs/%s.log", r->o.out, p->name);
    int logfd = open(logp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (logfd < 0)
        return -1;
    int rc = -1, synth = 0;
    json_t *traces = NULL, *sim = NULL;
    if (rm_rf(work, logfd) || mkdir(work, 0755) != 0)
        goto out;
    snprintf(cfgp, sizeof cfgp, "%s/config.yaml", work);
    FILE *f = fopen(cfgp, "w");
    if (!f)
        goto out;
    cfg_write_yaml(&p->cfg, f);
    if (fclose(f) != 0)
        goto out;
    if ((phase & EXP_PHASE_SIM) && !exp_cache_has(r, "sim", p->sim_key)) {
        const char *simname = r->o.sim == EXP_SIM_SYSIM ? "sysim" : "cachesim";
        snprintf(tool, sizeof tool, "%s/%s", r->bin, simname);
        traces = json_array();
        for (unsigned i = 0; i < r->o.ntraces; i++) {
            snprintf(simout, sizeof simout, "%s/sim%u.json", work, i);
            /* tool --config F --json [--NAME [VALUE]]... TRACE: the options split at their '=' */
            char *sim_argv[6 + 2 * EXP_MAX_SIM_OPTS], optbuf[EXP_MAX_SIM_OPTS][40];
            unsigned a = 0;
            sim_argv[a++] = tool;
            sim_argv[a++] = "--config";
            sim_argv[a++] = cfgp;
            sim_argv[a++] = "--json";
            for (unsigned k = 0; k < r->o.nsim_opts; k++) {
                const char *o = r->o.sim_opts[k];
                size_t n = strcspn(o, "=");
                snprintf(optbuf[k], sizeof optbuf[k], "--%.*s", (int)n, o);
                sim_argv[a++] = optbuf[k];
                if (o[n] == '=')
                    sim_argv[a++] = (char *)o + n + 1;
            }
            sim_argv[a++] = (char *)r->o.traces[i];
            sim_argv[a] = NULL;
            if (run(sim_argv, simout, logfd))
                goto out;
            json_error_t je;
            json_t *s = json_load_file(simout, 0, &je);
            if (!s)
                goto out;
            json_array_append_new(traces, s);
        }
        sim = json_pack("{s:s, s:O}", "sim", simname, "traces", traces);
        if (!sim || cache_put(r, "sim", p->sim_key, sim, logfd))
            goto out;
    }
    if ((phase & EXP_PHASE_COST) && !exp_cache_has(r, "cost", p->cost_key)) {
        synth = 1;
        snprintf(rtl, sizeof rtl, "%s/rtl", work);
        snprintf(syn, sizeof syn, "%s/syn", work);
        snprintf(costj, sizeof costj, "%s/cost.json", work);
        char *gen[] = {(char *)r->exe, "--config", cfgp, "-o", rtl, NULL};
        snprintf(tool, sizeof tool, "%s/synth/synth.sh", r->root);
        /* the L1 top is the configuration's name, the system top <name>_sys (emit_sys.c) */
        char top[CFG_NAME_MAX + 8];
        snprintf(top, sizeof top, "%s%s", p->cfg.name, r->o.cost_top == EXP_TOP_SYS ? "_sys" : "");
        char *syn_argv[] = {tool, rtl, syn, top, NULL};
        char cost[PATH_MAX + 16];
        snprintf(cost, sizeof cost, "%s/cost", r->bin);
        /* over the depth budget is a measured point, not a failed one: its depth is a column */
        char *cost_argv[] = {cost, "one", "--allow-depth", rtl, syn, costj, top, NULL};
        if (run(gen, NULL, logfd) || run(syn_argv, NULL, logfd) || run(cost_argv, NULL, logfd))
            goto out;
        json_error_t je;
        json_t *c = json_load_file(costj, 0, &je);
        if (!c)
            goto out;
        json_object_del(c, "stage_paths"); /* the row needs the totals, not every path */
        char *text = exp_cfg_text(&p->cfg);
        json_object_set_new(c, "config_yaml", json_string(text ? text : ""));
        free(text);
        int bad = cache_put(r, "cost", p->cost_key, c, logfd);
        json_decref(c);
        if (bad)
            goto out;
    }
    rc = synth;
    rm_rf(work, logfd);
out:
    json_decref(traces);
    json_decref(sim);
    if (rc < 0)
        dprintf(logfd, "explore: point %s failed\n", p->name);
    close(logfd);
    return rc;
}
