/* sys_timed: the cycle loop of the timing model (sys_timed.h): requesters fed from traces,
 * latencies by the level that served each reference, per-cycle retirement. */
#include "sys_timed.h"
#include "cm_l2_pol.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sys_timing_defaults(sys_timing_t *t)
{
    memset(t, 0, sizeof *t);
    t->l1_latency = 1;
    t->l2_latency = 160;
    t->mem_latency = 260;
    t->gpu_mlp = 1;
    t->cpu_gap = 20;
    t->share_every = 10000;
}

/* One requester's input: a trace reader and, for a GPU core, the core whose references it
 * takes (the others are skipped); the reference it will issue next. */
typedef struct stream {
    trace_reader_t *r;
    const char *path;
    const char *who;     /* "GPU core 3" / "CPU port 1", for errors */
    int core;            /* GPU core, or -1 for a CPU port (every reference) */
    trace_ref_t next;
    int have;            /* next holds a reference */
} stream_t;

/* The run's state. Retirements are booked on a wheel of `wheel_len` cycles (longer than any
 * latency): wheel[cycle mod wheel_len][requester] references retire in that cycle. */
typedef struct timed {
    sys_sim_t *s;
    const sys_timing_t *t;
    trace_format_t fmt;
    trace_opts_t opts;
    unsigned P, C, nreq;         /* GPU cores, CPU ports, P + C requesters */
    stream_t in[SYS_MAX_CORES + CFG_MAX_CPU_CORES];
    unsigned inflight[SYS_MAX_CORES + CFG_MAX_CPU_CORES];
    uint64_t ready_at[SYS_MAX_CORES + CFG_MAX_CPU_CORES]; /* CPU ports: earliest next issue */
    uint32_t *wheel;
    unsigned wheel_len;
    sys_timed_stats_t *st;
    /* the L2's valid and GPU-owned lines as last counted; stale once a reference was issued
     * (only an access changes the L2's lines; a cycle's end does not), so a sample every
     * cycle costs a count per issue, not a scan of the L2 per cycle */
    uint64_t owners_valid, owners_gpu;
    int owners_stale;
    char *err;
    size_t errlen;
} timed_t;

static int stream_open(timed_t *m, stream_t *in)
{
    char e[1024];
    in->r = trace_open_opts(in->path, m->fmt, &m->opts, e, sizeof e);
    if (!in->r) {
        snprintf(m->err, m->errlen, "%s: %s", in->who, e);
        return -1;
    }
    if (trace_format(in->r) == TF_ACCEL) {
        snprintf(m->err, m->errlen, "%s: trace = %s: Accel-Sim traces do not run in the timing "
                 "model (din, text or binary only)", in->who, in->path);
        return -1;
    }
    return 0;
}

/* Read the stream's next reference into in->next: 1, 0 at its end, -1 with the error set. */
static int stream_pull(timed_t *m, stream_t *in)
{
    int rc;
    in->have = 0;
    while ((rc = trace_next(in->r, &in->next)) > 0) {
        if (in->next.op == TR_FLUSH) {
            char where[64];
            trace_where(in->r, where, sizeof where);
            snprintf(m->err, m->errlen, "%s: trace = %s: %s: a flush (F, a kernel boundary) "
                     "does not run in the timing model", in->who, in->path, where);
            return -1;
        }
        if (in->core < 0 || in->next.core % m->P == (unsigned)in->core)
            return in->have = 1;
    }
    if (rc < 0)
        snprintf(m->err, m->errlen, "%s: trace = %s: %s", in->who, in->path,
                 trace_error(in->r));
    return rc;
}

/* A CPU port's trace ended: with cpu_loop it starts again (unless it holds no reference). */
static int stream_restart(timed_t *m, unsigned k)
{
    stream_t *in = &m->in[m->P + k];
    trace_close(in->r);
    in->r = NULL;
    if (stream_open(m, in) != 0)
        return -1;
    int rc = stream_pull(m, in);
    m->st->port[k].passes += rc > 0;
    return rc;
}

static unsigned latency(const sys_timing_t *t, sys_served_t where)
{
    switch (where) {
    case SYS_SERVED_L1:
        return t->l1_latency;
    case SYS_SERVED_L2:
        return t->l2_latency;
    case SYS_SERVED_MEM:
        return t->mem_latency;
    default:
        return 1; /* a posted write */
    }
}

/* The L2's per-cycle call, with the instructions every GPU core retired this cycle (retired[c],
 * c < system.cores). The one place TAP's core sampling gets them: cm_l2_cycle_end(l2, retired)
 * runs each slice's periods (ucp: the UMONs' halving and the repartition; tap_rrip: the
 * controller, whose decisions are counted here, one per slice: S a period). Every slice gets
 * the same retired instructions, so their core-sampling verdicts are one global verdict
 * (asserted; docs/slices.md); XSRATIO and the partition are each slice's own. */
static void l2_cycle_end(timed_t *m, const uint32_t *retired)
{
    for (unsigned c = 0; c < m->P; c++)
        m->st->core[c].retired += retired[c];
    for (unsigned s = 0; s < m->s->slices; s++) {
        cm_l2_t *l2 = m->s->l2[s];
        cm_l2_cycle_end(l2, retired);
        const cm_l2_tap_run_t *t = cm_l2_tap_of(l2);
        m->st->partitions += cm_l2_ucp_of(l2) ? cm_l2_ucp_of(l2)->part : 0;
        if (t && t->ticked) { /* TAP: a period's decision landed */
            const cm_tap_tick_t *k = &t->tick;
            const cm_l2_tap_run_t *t0 = cm_l2_tap_of(m->s->l2[0]);
            assert(t0->ticked && t0->tick.friendly == k->friendly); /* one CSC verdict */
            (void)t0;
            m->st->tap_ticks++;
            m->st->tap_friendly += k->friendly;
            m->st->tap_rrip_mask += k->rrip_mask;
            m->st->tap_xsratio_sum += k->xsratio;
        }
    }
}

/* Requester q issues its next reference in cycle `now`. 0, or -1 with the error set. */
static int issue(timed_t *m, unsigned q, uint64_t now)
{
    stream_t *in = &m->in[q];
    sys_served_t where;
    if (q < m->P) {
        where = sys_sim_access(m->s, &in->next, -1);
        m->st->core[q].refs++;
    } else {
        sys_timed_port_t *p = &m->st->port[q - m->P];
        where = sys_sim_cpu_access(m->s, q - m->P, &in->next);
        p->refs++;
        p->writes += in->next.op == TR_WRITE;
        p->reads += in->next.op != TR_WRITE;
    }
    m->owners_stale = 1;
    unsigned lat = latency(m->t, where);
    m->wheel[((now + lat - 1) % m->wheel_len) * m->nreq + q]++;
    m->inflight[q]++;
    int rc = stream_pull(m, in);
    if (rc == 0 && q >= m->P && m->t->cpu_loop)
        rc = stream_restart(m, q - m->P);
    return rc < 0 ? -1 : 0;
}

/* The end of cycle `now`: its retirements counted, the L2's and the L1s' cycle ends. */
static void retire(timed_t *m, uint64_t now)
{
    uint32_t *slot = &m->wheel[(now % m->wheel_len) * m->nreq];
    uint32_t retired[SYS_MAX_CORES];
    for (unsigned q = 0; q < m->nreq; q++) {
        uint32_t n = slot[q];
        slot[q] = 0;
        m->inflight[q] -= n;
        if (q < m->P) {
            retired[q] = n;
            if (n)
                m->st->core[q].cycles = now + 1;
        } else if (n) {
            sys_timed_port_t *p = &m->st->port[q - m->P];
            p->retired += n;
            p->cycles = now + 1;
            m->ready_at[q] = now + 1 + m->t->cpu_gap;
        }
    }
    l2_cycle_end(m, retired);
    sys_sim_cycle_end(m->s);
}

static void sample_share(timed_t *m)
{
    if (m->owners_stale) {
        sys_sim_l2_owners(m->s, &m->owners_valid, &m->owners_gpu);
        m->owners_stale = 0;
    }
    if (m->owners_valid) {
        m->st->share_samples++;
        m->st->share_sum += (double)m->owners_gpu / (double)m->owners_valid;
    }
}

/* Something is left to do: a GPU reference (or, without cpu_loop, a CPU one) to issue or in
 * flight. */
static int busy(const timed_t *m)
{
    unsigned n = m->t->cpu_loop ? m->P : m->nreq;
    for (unsigned q = 0; q < n; q++)
        if (m->in[q].have || m->inflight[q])
            return 1;
    return 0;
}

static int run(timed_t *m)
{
    for (unsigned q = 0; q < m->nreq; q++) {
        if (stream_open(m, &m->in[q]) != 0 || stream_pull(m, &m->in[q]) < 0)
            return -1;
        if (q >= m->P)
            m->st->port[q - m->P].passes = m->in[q].have;
    }
    uint64_t now = 0;
    for (; busy(m); now++) {
        for (unsigned q = 0; q < m->nreq; q++) {
            int may = q < m->P ? m->inflight[q] < m->t->gpu_mlp
                               : m->inflight[q] == 0 && now >= m->ready_at[q];
            if (may && m->in[q].have && issue(m, q, now) != 0)
                return -1;
        }
        retire(m, now);
        if (m->t->share_every && (now + 1) % m->t->share_every == 0)
            sample_share(m);
    }
    m->st->cycles = now;
    m->s->st.cycles = now;
    sys_sim_l2_owners(m->s, &m->st->end_valid, &m->st->end_gpu);
    return 0;
}

int sys_timed_run(sys_sim_t *s, const sys_timing_t *t, const char *gpu_path, trace_format_t fmt,
                  const char *const *cpu_paths, unsigned ncpu, sys_timed_stats_t *out,
                  char *err, size_t errlen)
{
    timed_t m;
    memset(&m, 0, sizeof m);
    memset(out, 0, sizeof *out);
    m.s = s;
    m.t = t;
    m.fmt = fmt;
    m.opts.line_bytes = s->cfg.l1.line_bytes; /* Dinero binary accesses split at lines */
    m.P = s->cores;
    m.C = ncpu;
    m.nreq = m.P + m.C;
    m.st = out;
    m.err = err;
    m.errlen = errlen;
    m.owners_stale = 1;
    char who[SYS_MAX_CORES + CFG_MAX_CPU_CORES][24];
    for (unsigned q = 0; q < m.nreq; q++) {
        stream_t *in = &m.in[q];
        in->core = q < m.P ? (int)q : -1;
        in->path = q < m.P ? gpu_path : cpu_paths[q - m.P];
        snprintf(who[q], sizeof who[q], q < m.P ? "GPU core %u" : "CPU port %u",
                 q < m.P ? q : q - m.P);
        in->who = who[q];
    }
    unsigned longest = t->l1_latency;
    longest = t->l2_latency > longest ? t->l2_latency : longest;
    longest = t->mem_latency > longest ? t->mem_latency : longest;
    m.wheel_len = longest + 1;
    m.wheel = calloc((size_t)m.wheel_len * m.nreq, sizeof *m.wheel);
    int rc = -1;
    if (!m.wheel)
        snprintf(err, errlen, "out of memory");
    else
        rc = run(&m);
    for (unsigned q = 0; q < m.nreq; q++)
        trace_close(m.in[q].r);
    free(m.wheel);
    return rc;
}
