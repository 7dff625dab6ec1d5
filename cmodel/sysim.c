/* sysim: runs a trace through the G-Cache system model (system.cores L1s over the L2 slice)
 * in program order and prints L1 and L2 statistics as JSON. Each reference goes to the L1 of
 * its core id (mod system.cores).
 * usage: sysim [--preset P | --config F.yaml] [--set K=V ...] TRACE */
#include <stdio.h>
#include <string.h>

#include "../gen/cfg.h"
#include "sys_sim.h"
#include "trace.h"

#define MAX_SETS 64

int main(int argc, char **argv)
{
    const char *preset = NULL, *config = NULL, *path = NULL, *sets[MAX_SETS];
    unsigned nsets = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--preset") && i + 1 < argc)
            preset = argv[++i];
        else if (!strcmp(argv[i], "--config") && i + 1 < argc)
            config = argv[++i];
        else if (!strcmp(argv[i], "--set") && i + 1 < argc && nsets < MAX_SETS)
            sets[nsets++] = argv[++i];
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else {
            fprintf(stderr, "usage: sysim [--preset P | --config F.yaml] [--set K=V ...] TRACE\n");
            return 2;
        }
    }
    char err[1024];
    cfg_t c;
    if (!path) {
        fprintf(stderr, "sysim: a trace file is required\n");
        return 2;
    }
    if (cfg_from_args(&c, config, preset, sets, nsets, err, sizeof err) != 0) {
        fprintf(stderr, "sysim: %s\n", err);
        return 2;
    }
    trace_reader_t *r = trace_open(path, TF_AUTO, err, sizeof err);
    if (!r) {
        fprintf(stderr, "sysim: %s\n", err);
        return 2;
    }
    sys_sim_t *s;
    if (sys_sim_new(&c, &s) != 0) {
        fprintf(stderr, "sysim: out of memory\n");
        return 2;
    }
    trace_ref_t ref;
    int rc;
    while ((rc = trace_next(r, &ref)) > 0)
        sys_sim_ref(s, &ref);
    if (rc < 0) {
        fprintf(stderr, "sysim: %s\n", trace_error(r));
        return 2;
    }
    const sys_stats_t *t = &s->st;
    double loads = t->loads ? (double)t->loads : 1.0, misses = (double)(t->loads - t->load_hits);
    printf("{\n  \"config\": \"%s\",\n  \"mode\": \"%s\",\n  \"cores\": %u,\n", c.name,
           c.l1.mode == MODE_GCACHE ? "gcache" : "other", s->cores);
    printf("  \"loads\": %llu,\n  \"l1_load_hits\": %llu,\n  \"l1_hit_rate\": %.4f,\n",
           (unsigned long long)t->loads, (unsigned long long)t->load_hits, t->load_hits / loads);
    printf("  \"l1_fills\": %llu,\n  \"l1_bypasses\": %llu,\n  \"bypass_ratio\": %.4f,\n",
           (unsigned long long)t->fills, (unsigned long long)t->bypasses,
           misses > 0 ? t->bypasses / misses : 0.0);
    printf("  \"stores\": %llu,\n  \"l2_reads\": %llu,\n  \"l2_read_hits\": %llu,\n",
           (unsigned long long)t->stores, (unsigned long long)t->l2_reads,
           (unsigned long long)t->l2_read_hits);
    printf("  \"victim_bits_returned_1\": %llu,\n  \"switch_resets\": %llu\n}\n",
           (unsigned long long)t->victim_bits_set, (unsigned long long)t->switch_resets);
    sys_sim_free(s);
    trace_close(r);
    return 0;
}
