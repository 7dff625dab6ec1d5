/* sysim: runs a trace through the system model (system.cores L1s over system.l2_slices L2
 * slices, docs/slices.md) in program order and prints L1 and L2 statistics as text (or JSON with --json, every count),
 * in total and per core; with l1.mode = pcpred also the predictor's coverage and false
 * positives (overall and per load PC). Each reference goes to the L1 of its core id (mod
 * system.cores).
 * Accel-Sim traces (a kernel-N.traceg or a kernelslist.g, SPEC 6) go through accel_list,
 * coalesced at l1.line_bytes and checked against l1.addr_bits, with thread block k on core k
 * mod system.cores; loads that skip the L1 and atomics go to the L2 only; kernels run in
 * order, the L1s invalidated between them, with per-kernel statistics.
 * l1.mode = sacat (FG-CB): base ids from the trace (text and binary: checked against
 * l1.fgcb_id_bits; Accel-Sim: derived from allocations, trace_accel.h), cycles and kernel
 * starts as sys_sim.h defines them (a text or binary F is a kernel boundary), and FG-CB's
 * statistics (docs/cachesim.md).
 * Heterogeneous systems and timing (sys_timed.h): with --cpu-trace FILE (one per CPU port,
 * system.cpu_cores of them) or any timing option, the GPU trace and the CPU ports' traces run
 * on the cycle model instead of program order, and the report adds per application (each CPU
 * port, the GPU) the L2's accesses and hits, the GPU's share of the L2, and per GPU core its
 * retired instructions and cycles. Without them the output is as before, byte for byte.
 * usage: sysim [--preset P | --config F.yaml] [--set K=V ...] [--format F] [--json]
 *              [--cpu-trace FILE ...] [timing options] TRACE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cfg.h"
#include "../core/closeout.h"
#include "../core/version.h"
#include "accel_list.h"
#include "cm_mech.h"
#include "progress.h"
#include "sys_sim.h"
#include "sys_timed.h"
#include "sys_timed_cli.h"
#include "sysim_args.h"
#include "trace.h"

/* One kernel's share of an Accel-Sim run. */
typedef struct kernel_stats {
    uint64_t tbs;                  /* thread blocks */
    uint64_t overflows;            /* instructions whose region found every base id taken */
    uint64_t loads, load_hits, fills, bypasses, stores, l2_reads, l2_read_hits;
    accel_counts_t cnt;            /* requests and sectors by path */
} kernel_stats_t;

/* An Accel-Sim run's per-kernel results. */
typedef struct accel_run {
    unsigned kernels;
    char **name;                   /* [kernels] as listed, owned */
    kernel_stats_t *k;             /* [kernels] */
    accel_counts_t total;
    uint64_t tbs, memcpys;         /* thread blocks of all kernels; MemcpyHtoD lines */
} accel_run_t;

static void accel_run_free(accel_run_t *ar)
{
    accel_names_free(ar->name, ar->kernels);
    free(ar->k);
}

/* Kernel statistics from the system's counters now (t) and at the kernel's start (b). */
static void kernel_close(kernel_stats_t *k, const sys_stats_t *t, const sys_stats_t *b)
{
    k->loads = t->loads - b->loads;
    k->load_hits = t->load_hits - b->load_hits;
    k->fills = t->fills - b->fills;
    k->bypasses = t->bypasses - b->bypasses;
    k->stores = t->stores - b->stores;
    k->l2_reads = t->l2_reads - b->l2_reads;
    k->l2_read_hits = t->l2_read_hits - b->l2_read_hits;
}

/* Run an Accel-Sim workload through the system. 0, or -1 with err set. */
static int run_accel(sys_sim_t *s, const cfg_t *c, const char *path, accel_run_t *ar,
                     char *err, size_t errlen)
{
    accel_opts_t o = {c->l1.line_bytes, c->l1.addr_bits, s->cores,
                      (unsigned)cm_mech_base_ids(&c->l1), NULL, 0};
    accel_list_t *l = accel_list_open(path, &o, err, errlen);
    if (!l)
        return -1;
    unsigned nk = accel_list_kernels(l);
    ar->name = accel_list_copy_names(l);
    ar->k = calloc(nk, sizeof *ar->k);
    if (ar->name)
        ar->kernels = nk;
    if (!ar->name || !ar->k) {
        snprintf(err, errlen, "out of memory");
        accel_list_close(l);
        return -1;
    }
    static sys_stats_t before;
    accel_ref_t a;
    unsigned cur = 0;
    int rc;
    while ((rc = accel_list_next(l, &a)) > 0) {
        if (rc == 2) { /* kernel a.kernel begins: end the one before */
            if (a.kernel > 0) {
                kernel_close(&ar->k[a.kernel - 1], &s->st, &before);
                sys_sim_flush_l1(s); /* a GPU invalidates its L1s between kernels */
                sys_sim_kernel_start(s); /* reset is the first kernel's start */
            }
            before = s->st;
            cur = a.kernel;
            continue;
        }
        accel_count(&ar->k[cur].cnt, &a);
        accel_count(&ar->total, &a);
        trace_ref_t ref = {a.addr, a.pc, a.base, a.core, a.op};
        if (a.path == ACCEL_L1)
            sys_sim_ref(s, &ref);
        else
            sys_sim_l2_ref(s, &ref, a.path == ACCEL_ATOMIC);
    }
    if (rc < 0) {
        snprintf(err, errlen, "trace = %s: %s", path, accel_list_error(l));
    } else {
        kernel_close(&ar->k[cur], &s->st, &before);
        for (unsigned k = 0; k < nk; k++) {
            ar->k[k].tbs = accel_list_tbs(l, k);
            ar->k[k].overflows = accel_list_base_overflows(l, k);
            ar->tbs += ar->k[k].tbs;
        }
        ar->memcpys = accel_list_memcpys(l);
    }
    accel_list_close(l);
    return rc < 0 ? -1 : 0;
}

/* Run a din, text or binary trace through the system. 0, or -1 with err set. */
static int run_trace(sys_sim_t *s, const cfg_t *c, const char *path, trace_format_t fmt,
                     char *err, size_t errlen)
{
    trace_opts_t o = {0, 0, c->l1.line_bytes}; /* Dinero binary accesses split at lines */
    trace_reader_t *r = trace_open_opts(path, fmt, &o, err, errlen);
    if (!r)
        return -1;
    if (trace_format(r) == TF_ACCEL) { /* seen only on stdin, a FIFO or a device */
        snprintf(err, errlen, "trace = %s: an Accel-Sim trace read from stdin, a pipe or a "
                 "device needs --format accel (it is then coalesced at l1.line_bytes and "
                 "checked against l1.addr_bits)", path);
        trace_close(r);
        return -1;
    }
    trace_ref_t ref;
    int rc;
    uint64_t ids = cm_mech_base_ids(&c->l1);
    while ((rc = trace_next(r, &ref)) > 0) {
        if (ref.op == TR_FLUSH) { /* a kernel boundary: the L1s invalidated, kernel_start */
            sys_sim_flush_l1(s);
            sys_sim_kernel_start(s);
            continue;
        }
        if (ids && ref.base_id >= ids) { /* req_base_i holds l1.fgcb_id_bits: never alias */
            char where[64];
            trace_where(r, where, sizeof where);
            snprintf(err, errlen, "trace = %s: %s: base id 0x%lx does not fit "
                     "l1.fgcb_id_bits = %u; allowed: 0x0..0x%lx (or raise l1.fgcb_id_bits)",
                     path, where, (unsigned long)ref.base_id, c->l1.fgcb_id_bits,
                     (unsigned long)(ids - 1));
            trace_close(r);
            return -1;
        }
        sys_sim_ref(s, &ref);
    }
    if (rc < 0)
        snprintf(err, errlen, "trace = %s: %s", path, trace_error(r));
    trace_close(r);
    return rc < 0 ? -1 : 0;
}

/* s as a JSON string (quotes, backslashes and control characters escaped). */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20 || ch == 0x7f)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

/* Requests and sectors by path, as JSON members (each line begins with `ind`). */
static void print_counts(const accel_counts_t *t, const char *ind)
{
    printf("%s\"read_sectors\": %llu, \"write_sectors\": %llu,\n", ind,
           (unsigned long long)t->read_sectors, (unsigned long long)t->write_sectors);
    printf("%s\"l2_only_loads\": %llu, \"l2_only_load_sectors\": %llu,\n", ind,
           (unsigned long long)t->l2_loads, (unsigned long long)t->l2_load_sectors);
    printf("%s\"atomics\": %llu, \"atomic_sectors\": %llu", ind,
           (unsigned long long)t->atomics, (unsigned long long)t->atomic_sectors);
}

static void print_accel(const cfg_t *c, const accel_run_t *ar)
{
    printf(",\n  \"accel\": {\n    \"line_bytes\": %u, \"kernels\": %u, \"thread_blocks\": %llu, "
           "\"memcpys\": %llu,\n", c->l1.line_bytes, ar->kernels, (unsigned long long)ar->tbs,
           (unsigned long long)ar->memcpys);
    print_counts(&ar->total, "    ");
    printf(",\n    \"per_kernel\": [");
    for (unsigned i = 0; i < ar->kernels; i++) {
        const kernel_stats_t *k = &ar->k[i];
        printf("%s\n      {\"kernel\": ", i ? "," : "");
        json_str(ar->name[i]);
        if (cm_mech_base_ids(&c->l1))
            printf(", \"base_id_overflows\": %llu", (unsigned long long)k->overflows);
        printf(", \"thread_blocks\": %llu,\n       \"loads\": %llu, \"l1_load_hits\": %llu, "
               "\"l1_fills\": %llu, \"l1_bypasses\": %llu, \"stores\": %llu,\n       "
               "\"l2_reads\": %llu, \"l2_read_hits\": %llu,\n", (unsigned long long)k->tbs,
               (unsigned long long)k->loads, (unsigned long long)k->load_hits,
               (unsigned long long)k->fills, (unsigned long long)k->bypasses,
               (unsigned long long)k->stores, (unsigned long long)k->l2_reads,
               (unsigned long long)k->l2_read_hits);
        print_counts(&k->cnt, "       ");
        printf("}");
    }
    printf("\n    ]\n  }");
}

/* Per core: its L1's loads and stores, its L2-only requests. */
static void print_cores(const sys_sim_t *s)
{
    printf(",\n  \"per_core\": [");
    for (unsigned i = 0; i < s->cores; i++) {
        const sys_core_stats_t *k = &s->st.core[i];
        printf("%s\n    {\"core\": %u, \"loads\": %llu, \"l1_load_hits\": %llu, \"l1_fills\": "
               "%llu, \"l1_bypasses\": %llu, \"stores\": %llu, \"l2_only_loads\": %llu, "
               "\"atomics\": %llu}", i ? "," : "", i, (unsigned long long)k->loads,
               (unsigned long long)k->load_hits, (unsigned long long)k->fills,
               (unsigned long long)k->bypasses, (unsigned long long)k->stores,
               (unsigned long long)k->l2_loads, (unsigned long long)k->atomics);
    }
    printf("\n  ]");
}

/* With several L2 slices: their number, map and per-slice requests and hits (none with one,
 * so a one-slice report is as before). */
static void print_slices(const sys_sim_t *s)
{
    if (s->slices == 1)
        return;
    printf(",\n  \"l2_slices\": %u,\n  \"slice_index\": \"%s\",\n  \"per_slice\": [",
           s->slices, cfg_index_name(s->map.fn));
    for (unsigned k = 0; k < s->slices; k++)
        printf("%s\n    {\"slice\": %u, \"l2_requests\": %llu, \"l2_hits\": %llu}",
               k ? "," : "", k, (unsigned long long)s->st.slice[k].accesses,
               (unsigned long long)s->st.slice[k].hits);
    printf("\n  ]");
}

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

/* Paper 001 sec. 5.3: coverage (here bypasses / L1 load misses, and predictions / misses)
 * and the false-positive rate (bypasses re-referenced while the shadow, non-bypassing L1
 * still held the line / bypasses); then the same per load PC. */
static void print_pcpred(const sys_sim_t *s, double misses)
{
    const sys_stats_t *t = &s->st;
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

static double pct(double a, double b) { return 100.0 * ratio(a, b); }

/* sacat: FG-CB's totals and, per base id that had a load, its loads and decisions. */
static void print_fgcb(const sys_sim_t *s, double misses)
{
    (void)misses;
    const sys_stats_t *t = &s->st;
    printf(",\n  \"fgcb\": {\n    \"bypassed_loads\": %llu, \"bypassed_load_hits\": %llu, "
           "\"bypass_ratio\": %.4f,\n", (unsigned long long)t->fg_bypassed_loads,
           (unsigned long long)t->fg_bypassed_hits,
           ratio((double)t->fg_bypassed_loads, (double)t->loads));
    printf("    \"noalloc_reads\": %llu, \"noalloc_read_hits\": %llu,\n",
           (unsigned long long)t->noalloc_reads, (unsigned long long)t->noalloc_read_hits);
    printf("    \"entries_allocated\": %llu, \"untracked_loads\": %llu, "
           "\"windows_closed_undecided\": %llu,\n", (unsigned long long)t->fg_allocs,
           (unsigned long long)t->fg_untracked, (unsigned long long)t->fg_window_undecided);
    printf("    \"l1_bypass_decisions\": %llu, \"l1_keep_decisions\": %llu, "
           "\"l2_bypass_decisions\": %llu, \"l2_keep_decisions\": %llu,\n",
           (unsigned long long)t->fg_l1_bypass, (unsigned long long)t->fg_l1_keep,
           (unsigned long long)t->fg_l2_bypass, (unsigned long long)t->fg_l2_keep);
    printf("    \"per_base\": [");
    unsigned n = 0;
    for (uint64_t i = 0; i < UINT64_C(1) << s->cfg.l1.fgcb_id_bits; i++) {
        const sys_base_stats_t *b = &s->base[i];
        if (!b->loads)
            continue;
        printf("%s\n      {\"base\": %llu, \"loads\": %llu, \"l1_load_hits\": %llu, "
               "\"bypassed_loads\": %llu, \"noalloc_reads\": %llu, \"l1_bypass_decisions\": "
               "%llu, \"l1_keep_decisions\": %llu, \"l2_bypass_decisions\": %llu, "
               "\"l2_keep_decisions\": %llu}", n++ ? "," : "", (unsigned long long)i,
               (unsigned long long)b->loads, (unsigned long long)b->load_hits,
               (unsigned long long)b->bypassed_loads, (unsigned long long)b->noalloc_reads,
               (unsigned long long)b->l1_bypass, (unsigned long long)b->l1_keep,
               (unsigned long long)b->l2_bypass, (unsigned long long)b->l2_keep);
    }
    printf("\n    ],\n    \"per_entry\": [");
    for (unsigned i = 0; i < s->cfg.l1.fgcb_entries && i < 64; i++) {
        const sys_entry_stats_t *e = &t->entry[i];
        printf("%s\n      {\"entry\": %u, \"allocations\": %llu, \"l1_bypass_decisions\": "
               "%llu, \"l1_keep_decisions\": %llu, \"l2_bypass_decisions\": %llu, "
               "\"l2_keep_decisions\": %llu}", i ? "," : "", i, (unsigned long long)e->allocs,
               (unsigned long long)e->l1_bypass, (unsigned long long)e->l1_keep,
               (unsigned long long)e->l2_bypass, (unsigned long long)e->l2_keep);
    }
    printf("\n    ]\n  }");
}

/* sacat: FG-CB's totals, per base id and per entry. */
static void text_fgcb(const sys_sim_t *s, double misses)
{
    const sys_stats_t *t = &s->st;
    (void)misses;
    printf("  FG-CB           bypassed loads %llu (%.2f%% of loads, %llu of them hits), "
           "no-allocate reads %llu (%llu L2 hits), untracked loads %llu\n",
           (unsigned long long)t->fg_bypassed_loads,
           pct((double)t->fg_bypassed_loads, (double)t->loads),
           (unsigned long long)t->fg_bypassed_hits, (unsigned long long)t->noalloc_reads,
           (unsigned long long)t->noalloc_read_hits, (unsigned long long)t->fg_untracked);
    printf("  FG-CB decisions L1 bypass %llu, keep %llu; L2 bypass %llu, keep %llu; windows "
           "closed undecided %llu; %llu cycles, %llu kernel starts\n",
           (unsigned long long)t->fg_l1_bypass, (unsigned long long)t->fg_l1_keep,
           (unsigned long long)t->fg_l2_bypass, (unsigned long long)t->fg_l2_keep,
           (unsigned long long)t->fg_window_undecided, (unsigned long long)t->cycles,
           (unsigned long long)t->kernel_starts);
    for (uint64_t i = 0; i < UINT64_C(1) << s->cfg.l1.fgcb_id_bits; i++) {
        const sys_base_stats_t *b = &s->base[i];
        if (b->loads)
            printf("  base %-3llu        loads %llu, hit rate %.2f%%, bypassed %llu, "
                   "no-allocate reads %llu; decisions L1 bypass %llu, keep %llu, L2 bypass "
                   "%llu, keep %llu\n", (unsigned long long)i, (unsigned long long)b->loads,
                   pct((double)b->load_hits, (double)b->loads),
                   (unsigned long long)b->bypassed_loads,
                   (unsigned long long)b->noalloc_reads, (unsigned long long)b->l1_bypass,
                   (unsigned long long)b->l1_keep, (unsigned long long)b->l2_bypass,
                   (unsigned long long)b->l2_keep);
    }
    for (unsigned i = 0; i < s->cfg.l1.fgcb_entries && i < 64; i++) {
        const sys_entry_stats_t *e = &t->entry[i];
        if (e->allocs)
            printf("  entry %-3u       allocations %llu; decisions L1 bypass %llu, keep "
                   "%llu, L2 bypass %llu, keep %llu\n", i, (unsigned long long)e->allocs,
                   (unsigned long long)e->l1_bypass, (unsigned long long)e->l1_keep,
                   (unsigned long long)e->l2_bypass, (unsigned long long)e->l2_keep);
    }
}

static void text_gcache(const sys_sim_t *s, double misses)
{
    const sys_stats_t *t = &s->st;
    (void)misses;
    printf("  G-Cache         victim bits returned 1: %llu, switch resets %llu\n",
           (unsigned long long)t->victim_bits_set, (unsigned long long)t->switch_resets);
}

static void text_pcpred(const sys_sim_t *s, double misses)
{
    const sys_stats_t *t = &s->st;
    printf("  PC predictor    coverage %.2f%% (predicted %.2f%%), false positives %llu "
           "(%.2f%% of bypasses), corrected by the L2 bit %llu\n",
           pct((double)t->bypasses, misses), pct((double)t->predicted, misses),
           (unsigned long long)t->false_positives,
           pct((double)t->false_positives, (double)t->bypasses),
           (unsigned long long)t->corrected);
}

/* Each mechanism's sections of the report (text and JSON), registered by one line. */
typedef struct sysim_mech {
    const cm_mech_ops_t *mech;
    void (*text)(const sys_sim_t *s, double misses); /* after the L2 traffic line */
    void (*json)(const sys_sim_t *s, double misses); /* after the switch resets */
} sysim_mech_t;

static const sysim_mech_t sysim_mechs[] = {
    {&cm_mech_sacat, text_fgcb, print_fgcb},
    {&cm_mech_gcache, text_gcache, NULL},
    {&cm_mech_pcpred, text_pcpred, print_pcpred},
};

/* The report sections of c's L1 mechanism, or NULL: none. */
static const sysim_mech_t *sysim_mech(const cfg_t *c)
{
    for (size_t i = 0; i < sizeof sysim_mechs / sizeof sysim_mechs[0]; i++)
        if (sysim_mechs[i].mech == cm_mech_for(c->l1.mode))
            return &sysim_mechs[i];
    return NULL;
}

/* The text report: the totals a reader looks at first, one line per core and per kernel, the
 * predictor's coverage; --json has every count. */
static void print_text(const cfg_t *c, const char *path, const sys_sim_t *s,
                       const accel_run_t *ar, int accel)
{
    const sys_stats_t *t = &s->st;
    double misses = (double)(t->loads - t->load_hits);
    char l2[64] = "an L2";
    if (s->slices > 1)
        snprintf(l2, sizeof l2, "%u L2 slices (%s)", s->slices, cfg_index_name(s->map.fn));
    printf("sysim: %s, %u L1s (%u sets x %u ways x %u B, %s, %s) over %s of %u sets x %u "
           "ways, on %s\n", c->name, s->cores, c->l1.sets, c->l1.ways, c->l1.line_bytes,
           cfg_repl_name(c->l1.repl), cfg_mode_name(c->l1.mode), l2, c->l2.sets, c->l2.ways,
           path);
    printf("  L1 loads        %llu, hits %llu (%.2f%%), fills %llu, bypasses %llu (%.2f%% of "
           "misses)\n", (unsigned long long)t->loads, (unsigned long long)t->load_hits,
           pct((double)t->load_hits, (double)t->loads), (unsigned long long)t->fills,
           (unsigned long long)t->bypasses, pct((double)t->bypasses, misses));
    printf("  stores          %llu\n", (unsigned long long)t->stores);
    printf("  L2 reads        %llu, hits %llu (%.2f%%)\n", (unsigned long long)t->l2_reads,
           (unsigned long long)t->l2_read_hits,
           pct((double)t->l2_read_hits, (double)t->l2_reads));
    if (t->l2_loads || t->atomics)
        printf("  L2 only         %llu loads (%llu hits), %llu atomics (%llu hits)\n",
               (unsigned long long)t->l2_loads, (unsigned long long)t->l2_load_hits,
               (unsigned long long)t->atomics, (unsigned long long)t->atomic_hits);
    printf("  L2 traffic      %llu requests (%llu reads, %llu writes), %llu read bytes; memory "
           "reads %llu, write-backs %llu\n", (unsigned long long)(t->l2_reads + t->l2_writes),
           (unsigned long long)t->l2_reads, (unsigned long long)t->l2_writes,
           (unsigned long long)(t->l2_reads * c->l1.line_bytes),
           (unsigned long long)t->mem_reads, (unsigned long long)t->mem_writebacks);
    for (unsigned k = 0; s->slices > 1 && k < s->slices; k++)
        printf("  L2 slice %-3u    %llu requests, hits %llu (%.2f%%)\n", k,
               (unsigned long long)t->slice[k].accesses, (unsigned long long)t->slice[k].hits,
               pct((double)t->slice[k].hits, (double)t->slice[k].accesses));
    const sysim_mech_t *mech = sysim_mech(c);
    if (mech && mech->text)
        mech->text(s, misses);
    for (unsigned i = 0; i < s->cores; i++) {
        const sys_core_stats_t *k = &t->core[i];
        printf("  core %-3u        loads %llu, hit rate %.2f%%, fills %llu, bypasses %llu, "
               "stores %llu\n", i, (unsigned long long)k->loads,
               pct((double)k->load_hits, (double)k->loads), (unsigned long long)k->fills,
               (unsigned long long)k->bypasses, (unsigned long long)k->stores);
    }
    if (accel)
        for (unsigned i = 0; i < ar->kernels; i++) {
            const kernel_stats_t *k = &ar->k[i];
            printf("  kernel %s: %llu thread blocks, loads %llu, L1 hit rate %.2f%%, L2 "
                   "reads %llu", ar->name[i], (unsigned long long)k->tbs,
                   (unsigned long long)k->loads, pct((double)k->load_hits, (double)k->loads),
                   (unsigned long long)k->l2_reads);
            if (k->overflows) /* sacat: more regions than base ids (trace_accel.h) */
                printf(", %llu instructions sharing the last base id",
                       (unsigned long long)k->overflows);
            printf("\n");
        }
}

/* The run of parsed arguments; the process exit status. */
static int sysim_main(const sysim_args_t *a)
{
    const char *preset = a->preset, *config = a->config, *path = a->path;
    const char *const *sets = a->sets, *const *cpu = a->cpu;
    unsigned nsets = a->nsets, ncpu = a->ncpu;
    const sys_timing_t tm = a->tm;
    int timed = a->timed, json = a->json;
    trace_format_t fmt = a->fmt;
    char err[2048];
    cfg_t c;
    if (cfg_from_args(&c, config, preset, sets, nsets, err, sizeof err) != 0) {
        fprintf(stderr, "sysim: %s\n", err);
        return 2;
    }
    int accel = fmt == TF_ACCEL;
    accel_sniff_t kind;
    if (fmt == TF_AUTO) {
        if (accel_list_sniff(path, &kind, err, sizeof err) != 0) {
            fprintf(stderr, "sysim: %s\n", err);
            return 2;
        }
        accel = kind != ACCEL_SNIFF_OTHER;
    }
    if ((timed && sys_timed_inputs_ok(&c, ncpu, path, accel) != 0) ||
        sys_timed_values_ok(&c, &tm, timed, path, (const char *const *)cpu, ncpu) != 0)
        return 2;
    sys_sim_t *s;
    if (sys_sim_new(&c, &s) != 0) {
        fprintf(stderr, "sysim: out of memory\n");
        return 2;
    }
    accel_run_t ar;
    memset(&ar, 0, sizeof ar);
    static sys_timed_stats_t ts;
    progress_start("sysim", &s->st.loads, &s->st.stores); /* a terminal sees a long run move */
    if ((timed ? sys_timed_run(s, &tm, path, fmt, (const char *const *)cpu, ncpu, &ts, err,
                           sizeof err)
         : accel ? run_accel(s, &c, path, &ar, err, sizeof err)
                 : run_trace(s, &c, path, fmt, err, sizeof err)) != 0) {
        progress_stop();
        fprintf(stderr, "sysim: %s\n", err); /* nothing was printed on stdout */
        accel_run_free(&ar);
        sys_sim_free(s);
        return 2;
    }
    progress_stop();
    if (!timed)
        sys_sim_finish(s); /* the timed run counted its cycles */
    if (!json) {
        print_text(&c, path, s, &ar, accel);
        if (timed)
            sys_timed_print_text(s, &tm, &ts);
        accel_run_free(&ar);
        sys_sim_free(s);
        return 0;
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
    printf("  \"l2_only_loads\": %llu,\n  \"l2_only_load_hits\": %llu,\n  \"atomics\": %llu,\n"
           "  \"atomic_hits\": %llu,\n  \"l1_flushes\": %llu,\n",
           (unsigned long long)t->l2_loads, (unsigned long long)t->l2_load_hits,
           (unsigned long long)t->atomics, (unsigned long long)t->atomic_hits,
           (unsigned long long)t->l1_flushes);
    printf("  \"l2_writes\": %llu,\n  \"l2_requests\": %llu,\n  \"l2_read_bytes\": %llu,\n"
           "  \"mem_reads\": %llu,\n  \"mem_writebacks\": %llu,\n  \"cycles\": %llu,\n"
           "  \"kernel_starts\": %llu,\n", (unsigned long long)t->l2_writes,
           (unsigned long long)(t->l2_reads + t->l2_writes),
           (unsigned long long)(t->l2_reads * c.l1.line_bytes), (unsigned long long)t->mem_reads,
           (unsigned long long)t->mem_writebacks, (unsigned long long)t->cycles,
           (unsigned long long)t->kernel_starts);
    printf("  \"victim_bits_returned_1\": %llu,\n  \"switch_resets\": %llu",
           (unsigned long long)t->victim_bits_set, (unsigned long long)t->switch_resets);
    const sysim_mech_t *mech = sysim_mech(&c);
    if (mech && mech->json)
        mech->json(s, misses);
    print_cores(s);
    print_slices(s);
    if (accel)
        print_accel(&c, &ar);
    if (timed)
        sys_timed_print_json(s, &tm, &ts);
    printf("\n}\n");
    accel_run_free(&ar);
    sys_sim_free(s);
    return 0;
}

int main(int argc, char **argv)
{
    closeout_register("sysim"); /* a write error on stdout is an error (core/closeout.h) */
    sysim_args_t a;
    char err[2048];
    if (sysim_parse_args(argc, argv, &a, err, sizeof err) != 0) {
        fprintf(stderr, "sysim: %s\n", err);
        sysim_args_free(&a);
        return 2;
    }
    if (a.version || a.help) {
        if (a.version)
            printf("sysim %s\n", GEN_VERSION);
        else
            printf("Usage: sysim [--preset P | --config F.yaml] [--set K=V ...] [--format F] "
                   "[--json] [--cpu-trace F ...] [timing options] TRACE\n"
                   "  or:  sysim --version | --help\n\n"
                   "Runs a trace through the system model (system.cores L1s over the L2\n"
                   "slices: --set system.l2_slices=S, system.slice_index=modulo|xor|pric)\n"
                   "in program order and prints L1 and L2 statistics as text (every count as\n"
                   "JSON with --json), in total and per core; with l1.mode = pcpred also the\n"
                   "predictor's coverage and false\n"
                   "positives. Each reference goes to the L1 of its core id (mod system.cores).\n"
                   "Accel-Sim traces (kernel-N.traceg, kernelslist.g) run thread block k on\n"
                   "core k mod system.cores, kernel by kernel, with per-kernel statistics.\n"
                   "With l1.mode = sacat, loads carry base ids (a text trace's fifth field;\n"
                   "Accel-Sim: from the allocations) and FG-CB's bypass statistics are\n"
                   "reported; a flush (F) is a kernel boundary.\n\n"
                   "Options:\n"
                   "  --config F.yaml, --preset P, --set K=V\n"
                   "                  the configuration, as for cachegen (cachegen --help)\n"
                   "  --format F      auto (default: detected), din, text, binary, accel or\n"
                   "                  dinero-binary\n"
                   "  --json          the statistics as JSON (every count), as cachesim --json\n"
                   "\nHeterogeneous systems and timing (the cycle model of docs/tap.md, section\n"
                   "\"Heterogeneous sysim\"): any of these runs TRACE (the GPU's: din, text or\n"
                   "binary, a file) on the cycle model and adds per application L2 accesses\n"
                   "and hits, the GPU's share of the L2 and per GPU core retired instructions\n"
                   "and cycles:\n"
                   "  --cpu-trace F   CPU port k's trace (given system.cpu_cores times, port 0\n"
                   "                  first; its references are L2 reads and writes)\n"
                   "  --timed         the cycle model with the defaults below\n"
                   "  --l1-latency N  cycles of an L1 load hit (1)\n"
                   "  --l2-latency N  of an L2 hit (160)\n"
                   "  --mem-latency N\n"
                   "                  of an L2 miss (260)\n"
                   "  --gpu-mlp N     references a GPU core has in flight (1; up to 64)\n"
                   "  --cpu-gap N     cycles a CPU port waits after a reference retires (20)\n"
                   "  --share-every N\n"
                   "                  cycles between samples of the GPU's L2 share (10000;\n"
                   "                  0: at the end only)\n"
                   "  --cpu-loop      restart each CPU trace at its end until the GPU is done\n");
        sysim_args_free(&a);
        return 0;
    }
    int rc = sysim_main(&a);
    sysim_args_free(&a);
    return rc;
}
