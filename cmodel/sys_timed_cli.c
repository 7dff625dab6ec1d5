/* sys_timed_cli: sysim's side of the timing model (sys_timed.h): its command-line options,
 * the checks of its inputs, and its report as text and as JSON members. */
#include "sys_timed_cli.h"
#include "cm_l2_pol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/num.h"
#include "../core/opt.h"
#include "cm_mech.h"
#include "trace_io.h"

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }
static double pct(double a, double b) { return 100.0 * ratio(a, b); }

/* The timed run, as text: the model's parameters, per application its L2 accesses and hits
 * (CPU ports first, as their application numbers), the GPU's share of the L2, per GPU core its
 * retired instructions and cycles. */
void sys_timed_print_text(const sys_sim_t *s, const sys_timing_t *tm,
                          const sys_timed_stats_t *ts)
{
    unsigned C = s->cfg.sys.cpu_cores;
    printf("  timing          %llu cycles; latency L1 hit %u, L2 hit %u, memory %u; GPU core "
           "MLP %u; CPU gap %u%s\n", (unsigned long long)ts->cycles, tm->l1_latency,
           tm->l2_latency, tm->mem_latency, tm->gpu_mlp, tm->cpu_gap,
           tm->cpu_loop ? "; CPU traces looped" : "");
    for (unsigned a = 0; a <= C; a++) {
        const sys_app_stats_t *ap = &s->st.app[a];
        if (a == C) {
            printf("  LLC GPU         accesses %llu, hits %llu (%.2f%%)\n",
                   (unsigned long long)ap->accesses, (unsigned long long)ap->hits,
                   pct((double)ap->hits, (double)ap->accesses));
            continue;
        }
        const sys_timed_port_t *p = &ts->port[a];
        printf("  LLC CPU %-2u      accesses %llu, hits %llu (%.2f%%); references %llu (%llu "
               "reads, %llu writes, %llu passes), retired %llu, cycles %llu\n", a,
               (unsigned long long)ap->accesses, (unsigned long long)ap->hits,
               pct((double)ap->hits, (double)ap->accesses), (unsigned long long)p->refs,
               (unsigned long long)p->reads, (unsigned long long)p->writes,
               (unsigned long long)p->passes, (unsigned long long)p->retired,
               (unsigned long long)p->cycles);
    }
    printf("  GPU LLC share   end %.2f%% (%llu of %llu valid lines), mean %.2f%% over %llu "
           "samples (every %llu cycles)\n", pct((double)ts->end_gpu, (double)ts->end_valid),
           (unsigned long long)ts->end_gpu, (unsigned long long)ts->end_valid,
           100.0 * ratio(ts->share_sum, (double)ts->share_samples),
           (unsigned long long)ts->share_samples, (unsigned long long)tm->share_every);
    if (cm_l2_ucp_of(s->l2[0])) {
        printf("  LLC partition   %llu applied (every %u cycles); ways now",
               (unsigned long long)ts->partitions, s->cfg.tap.period);
        for (unsigned a = 0; a <= C; a++)
            printf(" %s %u%s", a == C ? "GPU" : "CPU", cm_l2_ucp_of(s->l2[0])->alloc[a], a == C ? "\n" : ",");
    }
    if (cm_l2_tap_of(s->l2[0]))
        printf("  TAP decisions   %llu (every %u cycles): cache-friendly %llu, RRIP-Mask set %llu; "
               "XSRATIO mean %.2f, now %u\n", (unsigned long long)ts->tap_ticks,
               s->cfg.tap.period, (unsigned long long)ts->tap_friendly,
               (unsigned long long)ts->tap_rrip_mask,
               ratio((double)ts->tap_xsratio_sum, (double)ts->tap_ticks), cm_l2_tap_of(s->l2[0])->tap.xsratio);
    for (unsigned c = 0; c < s->cores; c++) {
        const sys_timed_core_t *k = &ts->core[c];
        printf("  GPU core %-3u    references %llu, retired %llu, cycles %llu (IPC %.4f)\n", c,
               (unsigned long long)k->refs, (unsigned long long)k->retired,
               (unsigned long long)k->cycles, ratio((double)k->retired, (double)k->cycles));
    }
}

/* The timed run, as JSON members ("timing", "apps", "gpu_llc_share", "gpu_cores"). */
void sys_timed_print_json(const sys_sim_t *s, const sys_timing_t *tm,
                          const sys_timed_stats_t *ts)
{
    unsigned C = s->cfg.sys.cpu_cores;
    printf(",\n  \"timing\": {\"l1_latency\": %u, \"l2_latency\": %u, \"mem_latency\": %u, "
           "\"gpu_mlp\": %u, \"cpu_gap\": %u, \"share_every\": %llu, \"cpu_loop\": %s},\n",
           tm->l1_latency, tm->l2_latency, tm->mem_latency, tm->gpu_mlp, tm->cpu_gap,
           (unsigned long long)tm->share_every, tm->cpu_loop ? "true" : "false");
    printf("  \"apps\": [");
    for (unsigned a = 0; a <= C; a++) {
        const sys_app_stats_t *ap = &s->st.app[a];
        printf("%s\n    {\"app\": %u, \"kind\": \"%s\", \"llc_accesses\": %llu, "
               "\"llc_hits\": %llu, \"llc_hit_rate\": %.4f", a ? "," : "", a,
               a == C ? "gpu" : "cpu", (unsigned long long)ap->accesses,
               (unsigned long long)ap->hits, ratio((double)ap->hits, (double)ap->accesses));
        if (a < C) {
            const sys_timed_port_t *p = &ts->port[a];
            printf(", \"port\": %u, \"references\": %llu, \"reads\": %llu, \"writes\": %llu, "
                   "\"passes\": %llu, \"retired\": %llu, \"cycles\": %llu", a,
                   (unsigned long long)p->refs, (unsigned long long)p->reads,
                   (unsigned long long)p->writes, (unsigned long long)p->passes,
                   (unsigned long long)p->retired, (unsigned long long)p->cycles);
        }
        printf("}");
    }
    printf("\n  ],\n  \"gpu_llc_share\": {\"end\": %.4f, \"end_gpu_lines\": %llu, "
           "\"end_valid_lines\": %llu, \"mean\": %.4f, \"samples\": %llu},\n",
           ratio((double)ts->end_gpu, (double)ts->end_valid), (unsigned long long)ts->end_gpu,
           (unsigned long long)ts->end_valid, ratio(ts->share_sum, (double)ts->share_samples),
           (unsigned long long)ts->share_samples);
    if (cm_l2_ucp_of(s->l2[0])) {
        printf("  \"partitions\": {\"applied\": %llu, \"ways\": [",
               (unsigned long long)ts->partitions);
        for (unsigned a = 0; a <= C; a++)
            printf("%s%u", a ? ", " : "", cm_l2_ucp_of(s->l2[0])->alloc[a]);
        printf("]},\n");
    }
    if (cm_l2_tap_of(s->l2[0]))
        printf("  \"tap\": {\"decisions\": %llu, \"friendly\": %llu, \"rrip_mask\": %llu, "
               "\"xsratio_mean\": %.4f, \"xsratio\": %u},\n", (unsigned long long)ts->tap_ticks,
               (unsigned long long)ts->tap_friendly, (unsigned long long)ts->tap_rrip_mask,
               ratio((double)ts->tap_xsratio_sum, (double)ts->tap_ticks), cm_l2_tap_of(s->l2[0])->tap.xsratio);
    printf("  \"gpu_cores\": [");
    for (unsigned c = 0; c < s->cores; c++) {
        const sys_timed_core_t *k = &ts->core[c];
        printf("%s\n    {\"core\": %u, \"references\": %llu, \"retired\": %llu, "
               "\"cycles\": %llu, \"ipc\": %.4f}", c ? "," : "", c,
               (unsigned long long)k->refs, (unsigned long long)k->retired,
               (unsigned long long)k->cycles, ratio((double)k->retired, (double)k->cycles));
    }
    printf("\n  ]");
}

int sys_timed_value(const char *opt, const char *v, sys_timing_t *t, char *err, size_t errlen)
{
    static const struct {
        const char *name;
        uint64_t lo, hi;
    } opts[] = {{"--l1-latency", 1, SYS_MAX_LATENCY}, {"--l2-latency", 1, SYS_MAX_LATENCY},
                {"--mem-latency", 1, SYS_MAX_LATENCY}, {"--gpu-mlp", 1, SYS_MAX_MLP},
                {"--cpu-gap", 0, 1000000}, {"--share-every", 0, UINT64_C(1) << 40}};
    for (unsigned k = 0; k < sizeof opts / sizeof opts[0]; k++) {
        if (strcmp(opt, opts[k].name))
            continue;
        uint64_t x;
        if (num_parse_u64(v, opts[k].lo, opts[k].hi, &x) != 0) {
            char shown[200];
            snprintf(err, errlen, "%s %s: allowed: an integer %llu..%llu", opt,
                     opt_shown(v, shown, sizeof shown), (unsigned long long)opts[k].lo,
                     (unsigned long long)opts[k].hi);
            return -1;
        }
        unsigned *field[] = {&t->l1_latency, &t->l2_latency, &t->mem_latency, &t->gpu_mlp,
                             &t->cpu_gap};
        if (k < 5)
            *field[k] = (unsigned)x;
        else
            t->share_every = x;
        return 0;
    }
    snprintf(err, errlen, "%s: not a timing option", opt);
    return -1;
}

/* What the timed run needs of the configuration and the inputs; 0, or -1 after the error. */
int sys_timed_inputs_ok(const cfg_t *c, unsigned ncpu, const char *path, int accel)
{
    unsigned C = c->sys.cpu_cores;
    if (ncpu && C == 0) {
        fprintf(stderr, "sysim: --cpu-trace given %u time%s but system.cpu_cores = 0: CPU "
                "traces need CPU ports (--set system.cpu_cores=%u)\n", ncpu, ncpu > 1 ? "s" : "",
                ncpu);
        return -1;
    }
    if (ncpu && ncpu != C) {
        fprintf(stderr, "sysim: --cpu-trace given %u time%s but system.cpu_cores = %u: one "
                "trace per CPU port, in port order\n", ncpu, ncpu > 1 ? "s" : "", C);
        return -1;
    }
    const char *untimed = cm_mech_for(c->l1.mode)->untimed;
    if (untimed) {
        fprintf(stderr, "sysim: l1.mode = %s does not run in the timing model (--cpu-trace and "
                "the timing options: %s); allowed there: ", cfg_mode_name(c->l1.mode), untimed);
        for (cfg_mode_t m = 0; m < cm_mech_count(); m++)
            if (!cm_mech_for(m)->untimed)
                fprintf(stderr, "%s%s", m ? ", " : "", cfg_mode_name(m));
        fprintf(stderr, "\n");
        return -1;
    }
    if (accel) {
        fprintf(stderr, "sysim: trace = %s: an Accel-Sim trace does not run in the timing "
                "model; allowed: a din, text or binary file (the GPU trace is read once per "
                "GPU core)\n", path);
        return -1;
    }
    return 0;
}

int sys_timed_values_ok(const cfg_t *c, const sys_timing_t *t, int timed, const char *path,
                        const char *const *cpu, unsigned ncpu)
{
    static const char rule[] = "allowed: --l1-latency <= --l2-latency <= --mem-latency "
                               "(defaults 1, 160, 260)";
    if (timed && t->l1_latency > t->l2_latency) {
        fprintf(stderr, "sysim: --l1-latency %u > --l2-latency %u: an L1 hit cannot be slower "
                "than an L2 hit; %s\n", t->l1_latency, t->l2_latency, rule);
        return -1;
    }
    if (timed && t->l2_latency > t->mem_latency) {
        fprintf(stderr, "sysim: --mem-latency %u < --l2-latency %u: an L2 miss cannot be faster "
                "than an L2 hit; %s\n", t->mem_latency, t->l2_latency, rule);
        return -1;
    }
    tio_input_t *in = calloc((size_t)ncpu + 1, sizeof *in);
    if (!in) {
        fprintf(stderr, "sysim: out of memory\n");
        return -1;
    }
    unsigned gpu_cores = c->sys.cores < SYS_MAX_CORES ? c->sys.cores : SYS_MAX_CORES;
    char why[96];
    snprintf(why, sizeof why, "once per GPU core in the timing model: system.cores = %u",
             gpu_cores);
    in[0] = (tio_input_t){path, "TRACE", timed ? gpu_cores : 1, why};
    for (unsigned k = 0; k < ncpu; k++)
        in[k + 1] = (tio_input_t){cpu[k], "--cpu-trace", t->cpu_loop ? 2u : 1u,
                                  "--cpu-loop restarts it at its end"};
    char err[1024];
    int rc = tio_inputs_check(in, (size_t)ncpu + 1, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "sysim: %s\n", err);
    free(in);
    return rc;
}
