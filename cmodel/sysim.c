/* sysim: runs a trace through the system model (system.cores L1s over the L2 slice) in
 * program order and prints L1 and L2 statistics as JSON; with l1.mode = pcpred also the
 * predictor's coverage and false positives (overall and per load PC). Each reference goes to
 * the L1 of its core id (mod system.cores).
 * usage: sysim [--preset P | --config F.yaml] [--set K=V ...] TRACE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gen/cfg.h"
#include "../gen/version.h"
#include "sys_sim.h"
#include "trace.h"

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* Paper 001 sec. 5.3: coverage (here bypasses / L1 load misses, and predictions / misses)
 * and the false-positive rate (bypasses re-referenced while the shadow, non-bypassing L1
 * still held the line / bypasses); then the same per load PC. */
static void print_pcpred(const sys_stats_t *t, double misses)
{
    printf(",\n  \"l1_load_misses\": %.0f,\n  \"predicted_bypass\": %llu,\n", misses,
           (unsigned long long)t->predicted);
    printf("  \"corrected_by_l2_bit\": %llu,\n  \"bypass_bits_returned_1\": %llu,\n",
           (unsigned long long)t->corrected, (unsigned long long)t->bypass_bits_set);
    printf("  \"coverage\": %.4f,\n  \"prediction_coverage\": %.4f,\n",
           ratio((double)t->bypasses, misses), ratio((double)t->predicted, misses));
    printf("  \"false_positives\": %llu,\n  \"false_positive_rate\": %.4f,\n",
           (unsigned long long)t->false_positives,
           ratio((double)t->false_positives, (double)t->bypasses));
    printf("  \"shadow_load_hits\": %llu,\n  \"shadow_hit_rate\": %.4f,\n",
           (unsigned long long)t->shadow_hits, ratio((double)t->shadow_hits, (double)t->loads));
    printf("  \"per_pc\": [");
    for (unsigned i = 0; i <= SYS_MAX_PCS; i++) {
        const sys_pc_stats_t *p = &t->pcs[i];
        if (i == SYS_MAX_PCS ? p->loads == 0 : i >= t->npcs)
            continue;
        char pc[24];
        if (i == SYS_MAX_PCS)
            snprintf(pc, sizeof pc, "other");
        else
            snprintf(pc, sizeof pc, "0x%llx", (unsigned long long)p->pc);
        printf("%s\n    {\"pc\": \"%s\", \"loads\": %llu, \"misses\": %llu, "
               "\"predicted\": %llu, \"bypasses\": %llu, \"false_positives\": %llu}",
               i ? "," : "", pc,
               (unsigned long long)p->loads, (unsigned long long)p->misses,
               (unsigned long long)p->predicted, (unsigned long long)p->bypasses,
               (unsigned long long)p->false_positives);
    }
    printf("\n  ]");
}

int main(int argc, char **argv)
{
    if (gen_version_asked(argc, argv)) {
        printf("sysim %s\n", GEN_VERSION);
        return 0;
    }
    const char *preset = NULL, *config = NULL, *path = NULL;
    const char **sets = calloc((size_t)argc, sizeof *sets); /* at most one per argument */
    unsigned nsets = 0;
    if (!sets) {
        fprintf(stderr, "sysim: out of memory\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--preset") && i + 1 < argc)
            preset = argv[++i];
        else if (!strcmp(argv[i], "--config") && i + 1 < argc)
            config = argv[++i];
        else if (!strcmp(argv[i], "--set") && i + 1 < argc)
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
        fprintf(stderr, "sysim: trace = %s: %s\n", path, trace_error(r));
        return 2;
    }
    const sys_stats_t *t = &s->st;
    double loads = t->loads ? (double)t->loads : 1.0, misses = (double)(t->loads - t->load_hits);
    printf("{\n  \"config\": \"%s\",\n  \"mode\": \"%s\",\n  \"cores\": %u,\n", c.name,
           cfg_mode_name(c.l1.mode), s->cores);
    printf("  \"loads\": %llu,\n  \"l1_load_hits\": %llu,\n  \"l1_hit_rate\": %.4f,\n",
           (unsigned long long)t->loads, (unsigned long long)t->load_hits, t->load_hits / loads);
    printf("  \"l1_fills\": %llu,\n  \"l1_bypasses\": %llu,\n  \"bypass_ratio\": %.4f,\n",
           (unsigned long long)t->fills, (unsigned long long)t->bypasses,
           misses > 0 ? t->bypasses / misses : 0.0);
    printf("  \"stores\": %llu,\n  \"l2_reads\": %llu,\n  \"l2_read_hits\": %llu,\n",
           (unsigned long long)t->stores, (unsigned long long)t->l2_reads,
           (unsigned long long)t->l2_read_hits);
    printf("  \"victim_bits_returned_1\": %llu,\n  \"switch_resets\": %llu",
           (unsigned long long)t->victim_bits_set, (unsigned long long)t->switch_resets);
    if (c.l1.mode == MODE_PCPRED)
        print_pcpred(t, misses);
    printf("\n}\n");
    sys_sim_free(s);
    trace_close(r);
    return 0;
}
