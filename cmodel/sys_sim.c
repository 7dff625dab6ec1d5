/* sys_sim: program-order driver of P L1 models over the L2 slice model. */
#include "sys_sim.h"

#include <stdlib.h>
#include <string.h>

int sys_sim_new(const cfg_t *c, sys_sim_t **out)
{
    sys_sim_t *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->cfg = *c;
    s->cores = c->sys.cores < SYS_MAX_CORES ? c->sys.cores : SYS_MAX_CORES;
    for (unsigned i = 0; i < s->cores; i++)
        if (cm_l1_new(c, &s->l1[i]) != 0)
            goto fail;
    if (cm_l2_new(c, &s->l2) != 0)
        goto fail;
    *out = s;
    return 0;
fail:
    sys_sim_free(s);
    return -1;
}

void sys_sim_free(sys_sim_t *s)
{
    if (!s)
        return;
    for (unsigned i = 0; i < s->cores; i++)
        cm_l1_free(s->l1[i]);
    cm_l2_free(s->l2);
    free(s);
}

/* Memory answers every queued read at once; write-backs are dropped. */
static void serve_memory(sys_sim_t *s, cm_l2_result_t *res)
{
    cm_l2_mem_t q;
    while (cm_l2_mem_pop(s->l2, &q))
        if (!q.write)
            cm_l2_fill(s->l2, q.mshr, &s->line, res);
}

/* The L2 side of one L1 request; returns the read's victim bit. */
static unsigned l2_request(sys_sim_t *s, unsigned core, int store, uint64_t line,
                           const cm_req_t *q)
{
    cm_l2_result_t r;
    cm_l2_access(s->l2, core, store, line, store ? &q->be : NULL, store ? &q->wdata : NULL,
                 q->id, &r);
    if (r.dec == DEC_LD_MISS || r.dec == DEC_ST_MISS)
        serve_memory(s, &r); /* the fill completes the request: r now holds its response */
    if (!store) {
        s->st.l2_reads++;
        s->st.l2_read_hits += r.hit;
        s->st.victim_bits_set += r.vbit;
    }
    return r.vbit;
}

void sys_sim_ref(sys_sim_t *s, const trace_ref_t *ref)
{
    if (ref->op == TR_FLUSH)
        return;
    unsigned core = ref->core % s->cores;
    cm_l1_t *l1 = s->l1[core];
    cm_req_t q;
    memset(&q, 0, sizeof q);
    q.store = ref->op == TR_WRITE;
    q.addr = ref->addr;
    q.pc = ref->pc;
    q.core = core;
    cm_result_t r;
    cm_l1_access(l1, &q, &r);
    int reset_due = r.reset_due; /* the lookup completed a switch-reset period */
    uint64_t line = lay_line_addr(&l1->lay, q.addr);
    if (q.store) {
        s->st.stores++;
        l2_request(s, core, 1, line, &q); /* write-through */
    } else {
        s->st.loads++;
        s->st.load_hits += r.dec == DEC_LD_HIT;
        if (r.dec == DEC_LD_MISS) {
            unsigned vbit = l2_request(s, core, 0, line, &q);
            unsigned mshr = r.mshr;
            cm_l1_fill_hint(l1, mshr, &s->line, vbit, &r);
            s->st.fills += r.dec == DEC_FILL;
            s->st.bypasses += r.dec == DEC_FILL_BYPASS;
        }
    }
    if (reset_due) {
        cm_l1_switch_reset(l1, &r);
        s->st.switch_resets++;
    }
}
