/* sim: program-order driver over cm_l1 (exact) or cm_fast, with read/write statistics. */
#include "sim.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cm_mech.h"

int sim_uses_exact(const cfg_t *c, int exact)
{
    return exact || !cm_mech_for(c->l1.mode)->fast || c->l1.repl == REPL_FIFO ||
           c->l1.repl == REPL_RANDOM;
}

int sim_new(const cfg_t *c, int exact, sim_t **out)
{
    sim_t *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->cfg = *c;
    s->exact = sim_uses_exact(c, exact);
    s->addr_mask = c->l1.addr_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << c->l1.addr_bits) - 1;
    int rc = s->exact ? cm_l1_new(c, &s->model) : cm_fast_new(c, &s->fast);
    if (rc != 0) {
        free(s);
        return -1;
    }
    for (unsigned i = 0; i < c->l1.line_bytes; i++)
        bv_put(&s->req.be, i, 1, 1); /* whole-line stores */
    *out = s;
    return 0;
}

void sim_free(sim_t *s)
{
    if (!s)
        return;
    cm_l1_free(s->model);
    cm_fast_free(s->fast);
    free(s);
}

static void flush(sim_t *s)
{
    s->st.flushes++;
    if (s->fast) {
        cm_fast_flush(s->fast);
        return;
    }
    cm_result_t r;
    for (unsigned set = 0; set < s->cfg.l1.sets; set++)
        cm_l1_sweep(s->model, set, &r);
}

int sim_can_inval(const sim_t *s) { return s->fast || !s->model->mech_ops->access; }

/* Clear the valid bit of the way holding addr's line, if any (sim.h). */
static void inval(sim_t *s, uint64_t addr)
{
    s->st.invalidates++;
    if (s->fast) {
        cm_fast_inval(s->fast, addr);
        return;
    }
    assert(sim_can_inval(s));
    cm_l1_t *m = s->model;
    lay_l1_row_t *row = &m->rows[cm_l1_index(m, addr)];
    uint64_t tag = lay_tag(&m->lay, addr);
    for (unsigned w = 0; w < m->cfg.ways; w++)
        if (row->way[w].valid && row->way[w].tag == tag)
            row->way[w].valid = 0;
}

void sim_ref(sim_t *s, const trace_ref_t *ref)
{
    if (ref->op == TR_FLUSH) {
        flush(s);
        return;
    }
    if (ref->op == TR_INVAL) {
        inval(s, ref->addr & s->addr_mask);
        return;
    }
    int store = ref->op == TR_WRITE, hit;
    uint64_t addr = ref->addr & s->addr_mask;
    s->st.refs++;
    if (s->fast) {
        uint64_t fills = s->fast->fills, evictions = s->fast->evictions;
        hit = cm_fast_access(s->fast, addr, store);
        s->st.fills += s->fast->fills - fills;
        s->st.evictions += s->fast->evictions - evictions;
    } else {
        cm_result_t r;
        s->req.store = (uint8_t)store;
        s->req.addr = addr;
        s->req.pc = ref->pc;
        s->req.core = ref->core;
        s->req.rsv_counted = 0;
        cm_l1_access(s->model, &s->req, &r);
        hit = r.dec == DEC_LD_HIT || r.dec == DEC_ST_HIT;
        s->st.evictions += r.evict_valid; /* the decoupled store evicts when it reserves */
        if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) {
            s->st.bypasses += r.dec == DEC_LD_BYPASS;
            cm_l1_fill(s->model, r.mshr, &s->line, &r);
            s->st.fills += r.dec == DEC_FILL;
            s->st.evictions += r.evict_valid;
        }
    }
    if (store) {
        s->st.writes++;
        s->st.write_throughs++; /* write-through: every store goes to memory */
        hit ? s->st.write_hits++ : s->st.write_misses++;
    } else {
        s->st.reads++;
        hit ? s->st.read_hits++ : s->st.read_misses++;
    }
}

void sim_row(const sim_t *s, unsigned set, lay_l1_row_t *row)
{
    if (s->fast)
        cm_fast_row(s->fast, set, row);
    else
        *row = s->model->rows[set];
}

void sim_run(sim_t *s, const trace_ref_t *refs, long n)
{
    if (!s->fast) {
        for (long i = 0; i < n; i++)
            sim_ref(s, &refs[i]);
        return;
    }
    cm_fast_counts_t c;
    memset(&c, 0, sizeof c);
    cm_fast_run(s->fast, refs, n, s->addr_mask, &c);
    s->st.read_misses += c.by_kind[0][0];
    s->st.read_hits += c.by_kind[0][1];
    s->st.write_misses += c.by_kind[1][0];
    s->st.write_hits += c.by_kind[1][1];
    s->st.reads += c.by_kind[0][0] + c.by_kind[0][1];
    s->st.writes += c.by_kind[1][0] + c.by_kind[1][1];
    s->st.write_throughs += c.by_kind[1][0] + c.by_kind[1][1];
    s->st.refs += (uint64_t)n - c.flushes - c.invalidates;
    s->st.flushes += c.flushes;
    s->st.invalidates += c.invalidates;
    s->st.fills = s->fast->fills;       /* the fast path counts these itself, from creation */
    s->st.evictions = s->fast->evictions;
}
