/* cm_l2: the L2 slice's events: sweep, access (lookup or stall), fill; the memory queue. */
#include "cm_l2.h"

#include <stdlib.h>
#include <string.h>
#include "cm_index.h"
#include "cm_l2_pol.h"

unsigned cm_l2_app(const cm_l2_t *m, unsigned core)
{
    return core >= m->lay.cores ? core - m->lay.cores : app_gpu(m->lay.cpu_cores);
}

static void count(cm_l2_t *m, lay_l2_counter_t c)
{
    unsigned w = m->cfg.l1.counter_bits;
    m->cnt[c] = w >= 64 ? m->cnt[c] + 1 : (m->cnt[c] + 1) & ((UINT64_C(1) << w) - 1);
}

/* An access (SPEC 3.8's LLC access): counted, and reported to the policy. */
static void count_access(cm_l2_t *m, unsigned core)
{
    count(m, L2CNT_ACCESSES);
    if (m->pol->accessed)
        m->pol->accessed(m, cm_l2_app(m, core));
}

int cm_l2_new(const cfg_t *c, cm_l2_t **out)
{
    cm_l2_t *m = calloc(1, sizeof *m);
    if (!m)
        goto fail;
    m->cfg = *c;
    lay_l2_build(c, &m->lay);
    /* The shared policies read only `ways`, `repl_bits` and `plru_bits` of an L1 layout. */
    m->repl_lay.ways = m->lay.ways;
    m->repl_lay.sets = m->lay.sets;
    m->repl_lay.repl_bits = m->lay.repl_bits;
    m->repl_lay.plru_bits = m->lay.state_bits;
    m->repl = cm_repl_for(cfg_l2_repl(&c->l2));
    m->pol = cm_l2_pol_for(c->l2.repl);
    if (m->pol->init && m->pol->init(m) != 0)
        goto fail;
    m->rows = calloc(c->l2.sets, sizeof *m->rows);
    m->data = calloc((size_t)c->l2.sets * c->l2.ways, c->l1.line_bytes);
    if (!m->rows || !m->data)
        goto fail;
    for (unsigned s = 0; s < c->l2.sets; s++)
        lay_l2_reset_row(c, &m->lay, &m->rows[s]);
    if (c->l2.index == INDEX_PRIC) {
        m->pric_poly = cfg_l2_pric_poly(c);
        m->pric_hashed = m->lay.line_addr_bits;
    }
    *out = m;
    return 0;
fail:
    cm_l2_free(m);
    return -1;
}

void cm_l2_free(cm_l2_t *m)
{
    if (!m)
        return;
    if (m->pol && m->pol->free)
        m->pol->free(m);
    free(m->rows);
    free(m->data);
    free(m);
}

unsigned cm_l2_index(const cm_l2_t *m, uint64_t line)
{
    return cm_index(m->cfg.l2.index, m->lay.off_bits, m->lay.set_bits, m->pric_poly,
                    m->pric_hashed, line << m->lay.off_bits);
}

/* The line address of (tag, set). Every index is the low m line bits XOR a function of the
 * bits above them (the tag), so the low bits are the set XOR the index of the tag alone. */
static uint64_t line_of(const cm_l2_t *m, uint64_t tag, unsigned set)
{
    uint64_t high = tag << m->lay.set_bits;
    return high | (uint64_t)(set ^ cm_l2_index(m, high));
}

static uint8_t *line_ptr(const cm_l2_t *m, unsigned set, unsigned way)
{
    return m->data + ((size_t)set * m->lay.ways + way) * m->cfg.l1.line_bytes;
}

void cm_l2_line(const cm_l2_t *m, unsigned set, unsigned way, bv_t *out)
{
    bv_from_bytes(out, line_ptr(m, set, way), m->cfg.l1.line_bytes);
}

void cm_l2_row(const cm_l2_t *m, unsigned set, bv_t *out)
{
    lay_l2_pack(&m->lay, &m->rows[set], out);
}

int cm_l2_free_mshr(const cm_l2_t *m)
{
    for (unsigned i = 0; i < m->cfg.l2.mshrs; i++)
        if (!m->mshr[i].valid)
            return (int)i;
    return -1;
}

/* ---- replacement: the L1 policies (cm_repl's table) on a copy of the row's replacement
 * state, its per-way bits and its per-set bits ------------------------------------------ */

static void to_l1(const cm_l2_t *m, const lay_l2_row_t *r, lay_l1_row_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned w = 0; w < m->lay.ways; w++)
        t->way[w].repl = r->way[w].repl;
    t->plru = r->state;
}

static void from_l1(const cm_l2_t *m, const lay_l1_row_t *t, lay_l2_row_t *r)
{
    for (unsigned w = 0; w < m->lay.ways; w++)
        r->way[w].repl = t->way[w].repl;
    r->state = t->plru;
}

void cm_l2_repl_touch(const cm_l2_t *m, lay_l2_row_t *r, unsigned way)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return;
    to_l1(m, r, &t);
    m->repl->touch(&m->repl_lay, &t, way);
    from_l1(m, &t, r);
}

void cm_l2_repl_insert(const cm_l2_t *m, lay_l2_row_t *r, unsigned way)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return;
    to_l1(m, r, &t);
    m->repl->insert(&m->repl_lay, &t, way);
    from_l1(m, &t, r);
}

/* Every way is valid here (invalid ways are taken first); the policy may age the row. */
unsigned cm_l2_repl_victim(const cm_l2_t *m, lay_l2_row_t *r)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return 0;
    to_l1(m, r, &t);
    unsigned w = m->repl->victim(&m->repl_lay, &t, cm_all_ways(m->lay.ways));
    from_l1(m, &t, r);
    return w;
}

/* The policy's part of a cycle's end. */
void cm_l2_cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    if (m->pol->cycle_end)
        m->pol->cycle_end(m, retired);
}

/* ---- events ------------------------------------------------------------------------------ */

static void result_init(cm_l2_result_t *res, lay_evt_kind_t kind, unsigned set)
{
    memset(res, 0, offsetof(cm_l2_result_t, data));
    bv_zero(&res->data);
    res->kind = kind;
    res->set = set;
    cm_l2_pol_result_init(res);
}

static void mem_push(cm_l2_t *m, int write, uint64_t line, unsigned mshr, const bv_t *data)
{
    assert(m->memq_len < CM_L2_MEMQ); /* the caller drains the queue */
    cm_l2_mem_t *q = &m->memq[(m->memq_head + m->memq_len++) % CM_L2_MEMQ];
    q->write = (uint8_t)write;
    q->line = line;
    q->mshr = mshr;
    if (data)
        q->data = *data;
    else
        bv_zero(&q->data);
}

int cm_l2_mem_pop(cm_l2_t *m, cm_l2_mem_t *out)
{
    if (!m->memq_len)
        return 0;
    *out = m->memq[m->memq_head];
    m->memq_head = (m->memq_head + 1) % CM_L2_MEMQ;
    m->memq_len--;
    return 1;
}

void cm_l2_sweep(cm_l2_t *m, unsigned set, cm_l2_result_t *res)
{
    result_init(res, EVT_SWEEP, set);
    res->dec = DEC_NONE;
    lay_l2_reset_row(&m->cfg, &m->lay, &m->rows[set]);
}

static void merge(cm_l2_t *m, unsigned set, unsigned way, const bv_t *be, const bv_t *wdata)
{
    uint8_t *p = line_ptr(m, set, way);
    for (unsigned i = 0; i < m->cfg.l1.line_bytes; i++)
        if (bv_get(be, i, 1))
            p[i] = bv_byte(wdata, i);
}

/* A read served from (set, way): the line, and the old victim bit of core's group, then set;
 * with a bypass bit (pcpred), its old value b, then `pred AND NOT b`: the bit says whether the
 * L1 will actually bypass this read (Listing 1 of paper 001 clears the bit on a read and its
 * text sets it on a bypass; SPEC 3.6 combines both). */
static void read_line(cm_l2_t *m, unsigned set, unsigned way, unsigned core, unsigned pred,
                      cm_l2_result_t *res)
{
    lay_l2_way_t *x = &m->rows[set].way[way];
    res->responds = 1;
    if (core < m->lay.cores) { /* a CPU port has no victim-bit group */
        unsigned g = lay_l2_group(&m->lay, core);
        res->vbit = (uint8_t)((x->vbits >> g) & 1);
        x->vbits |= UINT64_C(1) << g;
    }
    if (m->lay.bbits) {
        res->bbit = x->bbit;
        x->bbit = (uint8_t)(pred && !x->bbit);
    }
    cm_l2_line(m, set, way, &res->data);
}

void cm_l2_access(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                  const bv_t *wdata, uint32_t id, cm_l2_result_t *res)
{
    cm_l2_access_pred(m, core, store, line, be, wdata, id, 0, res);
}

void cm_l2_access_pred(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                       const bv_t *wdata, uint32_t id, unsigned pred, cm_l2_result_t *res)
{
    cm_l2_access_noalloc(m, core, store, line, be, wdata, id, pred, 0, res);
}

void cm_l2_access_noalloc(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                          const bv_t *wdata, uint32_t id, unsigned pred, unsigned noalloc,
                          cm_l2_result_t *res)
{
    const lay_l2_t *l = &m->lay;
    assert(core < l->cores + l->cpu_cores && (!store || (be && wdata)) && pred <= 1 &&
           !(store && pred) && noalloc <= 1 && !(store && noalloc));
    if (m->pol->noalloc && m->pol->noalloc(m, core, store))
        noalloc = 1; /* the policy answers this read without allocating */
    unsigned set = cm_l2_index(m, line);
    uint64_t tag = lay_l2_tag(l, line);
    lay_l2_row_t *r = &m->rows[set];
    result_init(res, EVT_LOOKUP, set);
    res->core = core;
    res->id = id;
    res->store = (uint8_t)!!store;

    for (unsigned i = 0; i < m->cfg.l2.mshrs; i++) {
        cm_l2_mshr_t *e = &m->mshr[i];
        if (!e->valid || e->line != line)
            continue;
        if (!store && !e->store && e->nwait < m->cfg.l2.mshr_merge) { /* a read joins a read */
            e->wait_core[e->nwait] = core;
            e->wait_id[e->nwait++] = id;
            res->dec = DEC_LD_MERGE;
            res->mshr = i;
            count_access(m, core);
            count(m, L2CNT_MERGED);
            return;
        }
        res->kind = EVT_STALL;
        res->dec = DEC_STALL_LINE;
        return;
    }
    int hit = -1;
    for (unsigned w = 0; w < l->ways; w++)
        if (r->way[w].valid && r->way[w].tag == tag) {
            hit = (int)w;
            break;
        }
    int f = hit < 0 ? cm_l2_free_mshr(m) : -1;
    if (hit < 0 && f < 0) {
        res->kind = EVT_STALL;
        res->dec = DEC_STALL_MSHR;
        return;
    }

    count_access(m, core);
    unsigned app = cm_l2_app(m, core);
    if (m->pol->lookup) /* every hit and every miss that takes an MSHR */
        m->pol->lookup(m, app, set, tag, res);
    if (hit >= 0) {
        res->way = (unsigned)hit;
        if (m->pol->hit)
            m->pol->hit(m, r, (unsigned)hit, app, res);
        else
            cm_l2_repl_touch(m, r, (unsigned)hit);
        if (store) {
            count(m, L2CNT_WRITE_HITS);
            res->dec = DEC_ST_HIT;
            merge(m, set, (unsigned)hit, be, wdata);
            r->way[hit].dirty = 1;
        } else {
            count(m, L2CNT_READ_HITS);
            res->dec = DEC_LD_HIT;
            res->hit = 1;
            read_line(m, set, (unsigned)hit, core, pred, res);
        }
        return;
    }
    count(m, store ? L2CNT_WRITE_MISSES : L2CNT_READ_MISSES);
    cm_l2_mshr_t *e = &m->mshr[f];
    e->valid = 1;
    e->line = line;
    e->core = core;
    e->id = id;
    e->store = (uint8_t)!!store;
    e->pred = (uint8_t)(l->bbits ? pred : 0);
    e->noalloc = (uint8_t)noalloc;
    bv_zero(&e->be);
    bv_zero(&e->wdata);
    if (store) {
        e->be = *be;
        e->wdata = *wdata;
    }
    if (m->pol->miss)
        m->pol->miss(m, app, set);
    res->dec = store ? DEC_ST_MISS : DEC_LD_MISS;
    res->mshr = (unsigned)f;
    res->mem_read = 1;
    mem_push(m, 0, line, (unsigned)f, NULL);
}

void cm_l2_fill(cm_l2_t *m, unsigned mshr, const bv_t *data, cm_l2_result_t *res)
{
    const lay_l2_t *l = &m->lay;
    assert(mshr < m->cfg.l2.mshrs && m->mshr[mshr].valid);
    cm_l2_mshr_t *e = &m->mshr[mshr];
    unsigned set = cm_l2_index(m, e->line);
    uint64_t tag = lay_l2_tag(l, e->line);
    lay_l2_row_t *r = &m->rows[set];
    result_init(res, EVT_FILL, set);
    res->dec = DEC_FILL;
    res->mshr = mshr;
    res->core = e->core;
    res->id = e->id;
    res->store = e->store;

    if (e->noalloc) { /* answered from the fetched line; the row is left alone */
        res->dec = DEC_FILL_BYPASS;
        res->responds = 1; /* hit, victim and bypass bits 0: no line of the L2's */
        res->data = *data;
        res->nwait = e->nwait;
        memcpy(res->wait_core, e->wait_core, sizeof res->wait_core);
        memcpy(res->wait_id, e->wait_id, sizeof res->wait_id);
        e->nwait = 0;
        e->valid = 0;
        return;
    }
    int way = -1;
    for (unsigned w = 0; w < l->ways; w++) {
        assert(!(r->way[w].valid && r->way[w].tag == tag)); /* requests to it stalled */
        if (way < 0 && !r->way[w].valid)
            way = (int)w;
    }
    if (way < 0) {
        lay_l2_row_t before = *r;
        way = (int)(m->pol->victim ? m->pol->victim(m, r, e->core, res)
                                   : cm_l2_repl_victim(m, r));
        res->aged = memcmp(&before, r, sizeof before) != 0;
        lay_l2_way_t *v = &r->way[way];
        res->evict_valid = 1;
        res->evict_tag = v->tag;
        res->evict_dirty = v->dirty;
        count(m, L2CNT_EVICTIONS);
        if (v->dirty) {
            bv_t old;
            cm_l2_line(m, set, (unsigned)way, &old);
            mem_push(m, 1, line_of(m, v->tag, set), 0, &old);
            res->mem_write = 1;
            count(m, L2CNT_WRITEBACKS);
        }
    }
    lay_l2_way_t *x = &r->way[way];
    x->valid = 1;
    x->dirty = 0;
    x->tag = tag;
    x->vbits = 0;
    x->bbit = 0;
    x->owner = (uint8_t)(l->obits ? cm_l2_app(m, e->core) : 0); /* SPEC 3.8: the filler's app */
    if (m->pol->insert)
        m->pol->insert(m, r, set, (unsigned)way, e->core, res);
    else
        cm_l2_repl_insert(m, r, (unsigned)way);
    bv_to_bytes(data, line_ptr(m, set, (unsigned)way), m->cfg.l1.line_bytes);
    count(m, L2CNT_FILLS);
    res->way = (unsigned)way;
    if (e->store) {
        merge(m, set, (unsigned)way, &e->be, &e->wdata);
        x->dirty = 1;
    } else {
        read_line(m, set, (unsigned)way, e->core, e->pred, res); /* vbit, bbit 0: a new line */
        res->nwait = e->nwait;
        memcpy(res->wait_core, e->wait_core, sizeof res->wait_core);
        memcpy(res->wait_id, e->wait_id, sizeof res->wait_id);
    }
    e->nwait = 0;
    e->valid = 0;
}
