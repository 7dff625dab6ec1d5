/* cm_l1: the L1 model's events: sweep, access (lookup or stall), fill; the baseline's rules,
 * with the configured mechanism's hooks (cm_mech.h) called where it acts. */
#include "cm_l1_int.h"

#include <stdlib.h>
#include <string.h>
#include "cm_repl.h"
#include "cm_index.h"

void cm_l1_count(cm_l1_t *m, lay_counter_t c)
{
    unsigned w = m->cfg.counter_bits;
    m->cnt[c] = w >= 64 ? m->cnt[c] + 1 : (m->cnt[c] + 1) & ((UINT64_C(1) << w) - 1);
}

int cm_l1_new(const cfg_t *c, cm_l1_t **out)
{
    cm_l1_t *m = calloc(1, sizeof *m);
    if (!m)
        goto fail;
    m->cfg = c->l1;
    m->filter_enable = 1;
    lay_l1_build(&c->l1, &m->lay);
    m->rows = calloc(c->l1.sets, sizeof *m->rows);
    m->data = calloc((size_t)c->l1.sets * c->l1.ways, c->l1.line_bytes);
    if (!m->rows || !m->data)
        goto fail;
    m->mech_ops = cm_mech_for(c->l1.mode);
    m->lfsr = (uint16_t)c->l1.random_seed;
    if (m->mech_ops->init && m->mech_ops->init(m) != 0)
        goto fail;
    for (unsigned s = 0; s < c->l1.sets; s++)
        lay_l1_reset_row(&m->cfg, &m->lay, &m->rows[s]);
    if (c->l1.index == INDEX_PRIC) {
        m->pric_poly = cfg_pric_poly(&c->l1);
        m->pric_hashed = cfg_pric_hashed_bits(&c->l1);
    }
    *out = m;
    return 0;
fail:
    cm_l1_free(m);
    return -1;
}

void cm_l1_free(cm_l1_t *m)
{
    if (!m)
        return;
    if (m->mech_ops && m->mech_ops->free)
        m->mech_ops->free(m);
    free(m->rows);
    free(m->data);
    free(m);
}

unsigned cm_l1_index(const cm_l1_t *m, uint64_t addr)
{
    return cm_index(m->cfg.index, m->lay.off_bits, m->lay.set_bits, m->pric_poly,
                    m->pric_hashed, addr);
}

uint8_t *cm_l1_line_ptr(const cm_l1_t *m, unsigned set, unsigned way)
{
    return m->data + ((size_t)set * m->cfg.ways + way) * m->cfg.line_bytes;
}

void cm_l1_line(const cm_l1_t *m, unsigned set, unsigned way, bv_t *out)
{
    bv_from_bytes(out, cm_l1_line_ptr(m, set, way), m->cfg.line_bytes);
}

void cm_l1_row(const cm_l1_t *m, unsigned set, bv_t *out)
{
    lay_l1_pack(&m->lay, &m->rows[set], out);
}

int cm_l1_free_mshr(const cm_l1_t *m)
{
    for (unsigned i = 0; i < m->cfg.mshrs; i++)
        if (!m->mshr[i].valid)
            return (int)i;
    return -1;
}

void cm_l1_result_init(cm_result_t *res, lay_evt_kind_t kind, unsigned set)
{
    memset(res, 0, offsetof(cm_result_t, data));
    bv_zero(&res->data);
    res->kind = kind;
    res->set = set;
}

uint64_t cm_l1_fill_take(cm_l1_t *m, unsigned mshr, const bv_t *data, cm_result_t *res,
                         unsigned *set)
{
    assert(mshr < m->cfg.mshrs && m->mshr[mshr].valid);
    cm_mshr_t *e = &m->mshr[mshr];
    uint64_t addr = e->line << m->lay.off_bits;
    *set = cm_l1_index(m, addr);
    cm_l1_result_init(res, EVT_FILL, *set);
    res->mshr = mshr;
    res->responds = 1;
    res->id = e->id;
    res->data = *data;
    res->nwait = e->nwait;
    memcpy(res->wait_id, e->wait_id, sizeof res->wait_id);
    e->valid = 0;
    e->nwait = 0;
    return addr;
}

void cm_l1_sweep(cm_l1_t *m, unsigned set, cm_result_t *res)
{
    cm_l1_result_init(res, EVT_SWEEP, set);
    res->dec = DEC_NONE;
    lay_l1_reset_row(&m->cfg, &m->lay, &m->rows[set]);
}

void cm_l1_stall(cm_l1_t *m, cm_req_t *q, cm_result_t *res, lay_decision_t why)
{
    res->kind = EVT_STALL;
    res->dec = why;
    if (!q->rsv_counted)
        cm_l1_count(m, CNT_RSV_FAILS);
    q->rsv_counted = 1;
}

void cm_l1_store_bytes(cm_l1_t *m, unsigned set, unsigned way, const cm_req_t *q)
{
    uint8_t *p = cm_l1_line_ptr(m, set, way);
    for (unsigned i = 0; i < m->cfg.line_bytes; i++)
        if (bv_get(&q->be, i, 1))
            p[i] = bv_byte(&q->wdata, i);
}

/* SPEC 3.1 merging: a load whose line has an outstanding read with room for a waiter joins it.
 * Returns 1 when it did (res is the join event). No replacement or mechanism state changes. */
static int cm_l1_join(cm_l1_t *m, const cm_req_t *q, cm_result_t *res)
{
    if (q->store || m->cfg.mshr_merge == 0)
        return 0;
    uint64_t line = lay_line_addr(&m->lay, q->addr);
    for (unsigned i = 0; i < m->cfg.mshrs; i++) {
        cm_mshr_t *e = &m->mshr[i];
        if (!e->valid || e->line != line)
            continue;
        if (e->nwait >= m->cfg.mshr_merge)
            return 0; /* full: the request stalls on its line */
        e->wait_id[e->nwait++] = q->id;
        cm_l1_result_init(res, EVT_LOOKUP, cm_l1_index(m, q->addr));
        res->dec = DEC_LD_MERGE;
        res->mshr = i;
        res->id = q->id;
        cm_l1_count(m, CNT_ACCESSES);
        cm_l1_count(m, CNT_MERGED);
        if (m->mech_ops->load_join)
            m->mech_ops->load_join(m, q, i, res);
        return 1;
    }
    return 0;
}

void cm_l1_access(cm_l1_t *m, cm_req_t *q, cm_result_t *res)
{
    const cm_mech_ops_t *mech = m->mech_ops;
    if (cm_l1_join(m, q, res))
        return;
    if (mech->access) {
        mech->access(m, q, res);
        return;
    }
    const lay_l1_t *l = &m->lay;
    unsigned set = cm_l1_index(m, q->addr);
    uint64_t line = lay_line_addr(l, q->addr), tag = lay_tag(l, q->addr);
    lay_l1_row_t *r = &m->rows[set];
    cm_l1_result_init(res, EVT_LOOKUP, set);
    res->id = q->id;

    for (unsigned i = 0; i < m->cfg.mshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].line == line) {
            cm_l1_stall(m, q, res, DEC_STALL_LINE);
            return;
        }
    int hit = -1;
    for (unsigned w = 0; w < m->cfg.ways; w++)
        if (r->way[w].valid && r->way[w].tag == tag) {
            hit = (int)w;
            break;
        }
    if (!q->store && hit < 0 && cm_l1_free_mshr(m) < 0) {
        cm_l1_stall(m, q, res, DEC_STALL_MSHR);
        return;
    }

    cm_l1_count(m, CNT_ACCESSES);
    if (mech->accepted)
        mech->accepted(m, res);
    const cm_repl_ops_t *pol = cm_repl_for(m->cfg.repl);
    if (hit >= 0) {
        cm_l1_count(m, CNT_HITS);
        res->way = (unsigned)hit;
        if (q->store && m->cfg.write_evict) {
            r->way[hit].valid = 0;
        } else if (m->cfg.ways > 1) {
            pol->touch(l, r, (unsigned)hit);
        }
        if (q->store) {
            res->dec = DEC_ST_HIT;
            if (!m->cfg.write_evict)
                cm_l1_store_bytes(m, set, (unsigned)hit, q);
        } else {
            if (mech->load_hit)
                mech->load_hit(m, q, set, (unsigned)hit, res);
            res->dec = DEC_LD_HIT;
            res->responds = 1;
            res->status = ST_HIT;
            cm_l1_line(m, set, (unsigned)hit, &res->data);
        }
        return;
    }
    cm_l1_count(m, CNT_MISSES);
    if (q->store) {
        res->dec = DEC_ST_MISS;
        return;
    }
    int f = cm_l1_free_mshr(m);
    m->mshr[f].valid = 1;
    m->mshr[f].line = line;
    m->mshr[f].id = q->id;
    res->dec = DEC_LD_MISS;
    res->mshr = (unsigned)f;
    if (mech->load_miss)
        mech->load_miss(m, q, (unsigned)f, res);
}

unsigned cm_l1_install(cm_l1_t *m, unsigned set, uint64_t addr, const bv_t *data,
                       cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    lay_l1_row_t *r = &m->rows[set];
    const cm_repl_ops_t *pol = cm_repl_for(m->cfg.repl);
    int way = -1;
    for (unsigned w = 0; w < m->cfg.ways; w++)
        if (!r->way[w].valid) {
            way = (int)w;
            break;
        }
    if (way < 0) {
        lay_l1_row_t before = *r;
        if (m->cfg.repl == REPL_RANDOM && m->cfg.ways > 1) { /* the LFSR's way, then its step */
            way = (int)cfg_lfsr_way(m->lfsr, m->cfg.ways);
            m->lfsr = (uint16_t)cfg_lfsr_next(m->lfsr);
        } else {
            way = m->cfg.ways > 1 ? (int)pol->victim(l, r, cm_all_ways(l->ways)) : 0;
        }
        res->aged = memcmp(&before, r, sizeof before) != 0;
        res->evict_valid = 1;
        res->evict_tag = r->way[way].tag;
        cm_l1_count(m, CNT_EVICTIONS);
    }
    r->way[way].valid = 1;
    r->way[way].tag = lay_tag(l, addr);
    if (m->cfg.ways > 1)
        pol->insert(l, r, (unsigned)way);
    bv_to_bytes(data, cm_l1_line_ptr(m, set, (unsigned)way), m->cfg.line_bytes);
    cm_l1_count(m, CNT_FILLS);
    res->way = (unsigned)way;
    return (unsigned)way;
}

void cm_l1_fill_hint(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned hint,
                     cm_result_t *res)
{
    if (m->mech_ops->fill) {
        m->mech_ops->fill(m, mshr, data, hint & 1, res);
        return;
    }
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    res->dec = DEC_FILL;
    res->status = ST_MISS;
    cm_l1_install(m, set, addr, data, res);
}

void cm_l1_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, cm_result_t *res)
{
    cm_l1_fill_hint(m, mshr, data, 0, res);
}

void cm_l1_fill_err(cm_l1_t *m, unsigned mshr, const bv_t *data, cm_result_t *res)
{
    assert(mshr < m->cfg.mshrs);
    int bypass = m->mshr[mshr].bypass;
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    res->dec = DEC_FILL_BYPASS;
    res->status = ST_ERR;
    if (m->mech_ops->fill_err)
        m->mech_ops->fill_err(m, addr, set, bypass, res);
}

void cm_l1_switch_reset(cm_l1_t *m, cm_result_t *res)
{
    assert(m->mech_ops->tick);
    m->mech_ops->tick(m, res);
}

void cm_l1_stall_cycle(cm_l1_t *m) { cm_l1_count(m, CNT_STALL_CYCLES); }

uint32_t cm_l1_cycle_end(cm_l1_t *m, int kernel_start)
{
    return m->mech_ops->cycle_end ? m->mech_ops->cycle_end(m, kernel_start) : 0;
}
