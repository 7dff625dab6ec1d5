/* cm_l2: the L2 slice's events: sweep, access (lookup or stall), fill; the memory queue. */
#include "cm_l2.h"

#include <stdlib.h>
#include <string.h>
#include "cm_index.h"

_Static_assert((1u << LAY_L2_BRRIP_BITS) == CM_DRRIP_BRRIP_PERIOD,
               "the layout's BRRIP counter is cm_drrip's");

/* The application of a request from `core` (SPEC 3.8): an L1 (core < P) is the GPU's, app C;
 * core P + k is CPU port k, app k. */
static unsigned req_app(const cm_l2_t *m, unsigned core)
{
    return core >= m->lay.cores ? core - m->lay.cores : app_gpu(m->lay.cpu_cores);
}

static void count(cm_l2_t *m, lay_l2_counter_t c)
{
    unsigned w = m->cfg.l1.counter_bits;
    m->cnt[c] = w >= 64 ? m->cnt[c] + 1 : (m->cnt[c] + 1) & ((UINT64_C(1) << w) - 1);
}

/* An access (SPEC 3.8's LLC access): counted, and (tap_rrip) one more for its app this cycle. */
static void count_access(cm_l2_t *m, unsigned core)
{
    count(m, L2CNT_ACCESSES);
    if (m->tap_on)
        m->tap_acc[req_app(m, core)]++;
}

/* TAP's part of a cycle's end: the controller's cycle with the last cycle's accesses; this
 * cycle's wait in the register for the next. */
static void tap_cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    if (!m->tap_on)
        return;
    m->tap_ticked = (uint8_t)cm_tap_cycle(&m->tap, retired, m->tap_acc_q, &m->tap_tick);
    memcpy(m->tap_acc_q, m->tap_acc, sizeof m->tap_acc_q);
    memset(m->tap_acc, 0, sizeof m->tap_acc);
}


int cm_l2_new(const cfg_t *c, cm_l2_t **out)
{
    cm_l2_t *m = calloc(1, sizeof *m);
    if (!m)
        goto fail;
    m->cfg = *c;
    lay_l2_build(c, &m->lay);
    /* The shared policies read only `ways` and `repl_bits` of an L1 layout. */
    m->repl_lay.ways = m->lay.ways;
    m->repl_lay.sets = m->lay.sets;
    m->repl_lay.repl_bits = m->lay.repl_bits;
    m->pol = cm_repl_for(cfg_l2_repl(&c->l2));
    if (cfg_l2_drrip(c)) {
        drrip_params_t dp = {c->l2.sets, c->l2.duel_leaders, cfg_l2_apps(c), c->l2.psel_bits,
                             c->l2.rrpv_bits};
        int ok = cm_drrip_init(&m->drrip, &dp);
        assert(ok == 0); /* cfg_validate applied drrip_check */
        (void)ok;
        m->drrip_on = 1;
    }
    if (cfg_l2_ucp(c)) {
        umon_params_t up = {c->l2.sets, c->l2.umon_sets, c->l2.ways, cfg_l2_apps(c),
                            c->l2.umon_counter_bits};
        if (cm_umon_new(&up, &m->umon) != 0)
            goto fail;
        cm_l2_ucp_reset_alloc(c->l2.ways, cfg_l2_apps(c), m->ucp_alloc);
        m->ucp_on = 1;
    }
    if (cfg_l2_tap(c)) {
        tap_params_t tp = {c->sys.cores, c->sys.cpu_cores, c->tap.period, c->tap.alpha,
                           c->tap.txs};
        int ok = cm_tap_init(&m->tap, &tp);
        assert(ok == 0); /* cfg_validate applied tap_check */
        (void)ok;
        m->tap_on = 1;
        m->tap_rrip_on = (uint8_t)cfg_l2_tap_rrip(c);
        m->tap_ucp_on = (uint8_t)cfg_l2_tap_ucp(c);
    }
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
    cm_umon_free(m->umon);
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

/* ---- replacement: the L1 policies on a copy of the row's replacement fields -------------- */

static void to_l1(const cm_l2_t *m, const lay_l2_row_t *r, lay_l1_row_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned w = 0; w < m->lay.ways; w++)
        t->way[w].repl = r->way[w].repl;
}

static void from_l1(const cm_l2_t *m, const lay_l1_row_t *t, lay_l2_row_t *r)
{
    for (unsigned w = 0; w < m->lay.ways; w++)
        r->way[w].repl = t->way[w].repl;
}

static void repl_touch(const cm_l2_t *m, lay_l2_row_t *r, unsigned way)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return;
    to_l1(m, r, &t);
    m->pol->touch(&m->repl_lay, &t, way);
    from_l1(m, &t, r);
}

static void repl_insert(const cm_l2_t *m, lay_l2_row_t *r, unsigned way)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return;
    to_l1(m, r, &t);
    m->pol->insert(&m->repl_lay, &t, way);
    from_l1(m, &t, r);
}

/* Every way is valid here (invalid ways are taken first); SRRIP may age the row. */
static unsigned repl_victim(const cm_l2_t *m, lay_l2_row_t *r)
{
    lay_l1_row_t t;
    if (m->lay.ways < 2)
        return 0;
    to_l1(m, r, &t);
    unsigned w = m->pol->victim(&m->repl_lay, &t, cm_all_ways(m->lay.ways));
    from_l1(m, &t, r);
    return w;
}

/* ---- UCP (l2.replacement = ucp; docs/tap.md) ------------------------------------------------ */

void cm_l2_ucp_reset_alloc(unsigned ways, unsigned apps, unsigned *alloc)
{
    for (unsigned k = 0; k < apps; k++)
        alloc[k] = ways / apps + (k < ways % apps);
}

unsigned cm_l2_ucp_latency(unsigned apps, unsigned ways, const cm_ucp_step_t *st, unsigned n)
{
    unsigned cycles = 0, left = ways;
    for (unsigned i = 0; i < n; i++) {
        cycles += apps * (3 * left + 2) + 1;
        left -= st[i].ways;
    }
    return cycles;
}

void cm_l2_atd_row(const cm_l2_t *m, unsigned app, unsigned idx, bv_t *out)
{
    const lay_l2_t *l = &m->lay;
    unsigned eb = lay_l2_atd_entry_bits(l);
    bv_zero(out);
    for (unsigned w = 0; w < l->ways; w++) {
        const cm_umon_entry_t *x = cm_umon_entry(m->umon, app, idx, w);
        bv_put(out, w * eb, 1, x->valid);
        bv_put(out, w * eb + 1, l->way_bits, x->rank);
        bv_put(out, w * eb + 1 + l->way_bits, l->tag_bits, x->tag);
    }
}

unsigned cm_l2_tap_ucp_latency(unsigned apps, unsigned ways, unsigned cnt_bits, unsigned xsratio,
                               unsigned ucp_mask, const cm_ucp_step_t *st, unsigned n)
{
    if (ucp_mask)
        return cm_l2_ucp_latency(apps - 1, ways - 1, st, n);
    return (xsratio > 1 ? ways * cnt_bits : 0) + cm_l2_ucp_latency(apps, ways, st, n);
}

/* A hit or a miss that takes an MSHR: the request's app's UMON sees it (a merge or a stall does
 * not: the request that fetches the line was counted, a stalled one counts when decided). */
static void ucp_access(cm_l2_t *m, unsigned core, unsigned set, uint64_t tag,
                       cm_l2_result_t *res)
{
    unsigned app = req_app(m, core);
    int idx = cm_umon_index(m->umon, set);
    if (idx < 0)
        return;
    unsigned ways = m->lay.ways;
    for (unsigned w = 0; w < ways; w++) {
        const cm_umon_entry_t *x = cm_umon_entry(m->umon, app, (unsigned)idx, w);
        if (x->valid && x->tag == tag)
            res->umon_sat = cm_umon_hits(m->umon, app, x->rank) == m->umon->cnt_max;
    }
    res->umon = cm_umon_access(m->umon, app, set, tag);
}

/* A fill into a full set: cm_ucp_victim over the row's owners and true-LRU ages. */
static unsigned ucp_victim(const cm_l2_t *m, const lay_l2_row_t *r, unsigned app,
                           cm_l2_result_t *res)
{
    cm_ucp_way_t set[CM_UCP_MAX_WAYS];
    for (unsigned w = 0; w < m->lay.ways; w++)
        set[w] = (cm_ucp_way_t){r->way[w].valid, r->way[w].owner, r->way[w].repl};
    return cm_ucp_victim(m->lay.ways, set, cfg_l2_apps(&m->cfg), m->ucp_alloc, app,
                         &res->ucp_why);
}

/* The period (decision 7): a running lookahead finishes first, then the period's last cycle
 * snapshots the counters (this cycle's hits included), halves them and starts the lookahead
 * on the snapshot, all apps taking part from 0 ways. */
static void ucp_cycle_end(cm_l2_t *m)
{
    unsigned apps = cfg_l2_apps(&m->cfg), ways = m->lay.ways;
    m->ucp_part = m->ucp_period_end = 0;
    if (m->ucp_busy && --m->ucp_busy == 0) {
        memcpy(m->ucp_alloc, m->ucp_next, sizeof m->ucp_alloc);
        m->ucp_part = 1;
    }
    if (++m->ucp_t < m->cfg.tap.period)
        return;
    m->ucp_t = 0;
    m->ucp_period_end = 1;
    for (unsigned i = 0; i < apps * ways; i++)
        m->ucp_snap[i] = m->umon->hits[i];
    cm_umon_halve(m->umon);
    if (m->tap_ucp_on) { /* the lookahead waits for this period's decision; a running one stops */
        m->ucp_busy = 0;
        m->tu_wait = 1;
        m->tu_start = 0;
        return;
    }
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 0;
    int ok = cm_ucp_lookahead(ways, apps, m->ucp_snap, (uint32_t)((1u << apps) - 1),
                              m->ucp_next, st, &n);
    assert(ok == 0);
    (void)ok;
    m->ucp_busy = cm_l2_ucp_latency(apps, ways, st, n);
}

/* tap_ucp: the lookahead starts the cycle after its period's decision landed (no period ended
 * since), on the period end's snapshot, with the XSRATIO and UCP-Mask now in force (that
 * decision's): cm_tap_ucp_partition, applying cm_l2_tap_ucp_latency cycles later. */
static void tap_ucp_start(cm_l2_t *m)
{
    unsigned apps = cfg_l2_apps(&m->cfg), ways = m->lay.ways;
    uint16_t h[APP_MAX * CM_UCP_MAX_WAYS];
    for (unsigned i = 0; i < apps * ways; i++)
        h[i] = (uint16_t)m->ucp_snap[i];
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 0, xs = m->tap.xsratio, mask = m->tap.ucp_mask;
    int ok = cm_tap_ucp_partition(ways, apps, h, xs, mask, m->ucp_next, st, &n);
    assert(ok == 0);
    (void)ok;
    m->tu_start = 0;
    m->tu_divided = (uint8_t)(xs > 1 && !mask);
    m->tu_masked = (uint8_t)mask;
    unsigned plain[APP_MAX];
    m->tu_div_mattered = 0;
    if (m->tu_divided && cm_tap_ucp_partition(ways, apps, h, 1, 0, plain, NULL, NULL) == 0)
        m->tu_div_mattered = (uint8_t)(memcmp(plain, m->ucp_next, apps * sizeof *plain) != 0);
    m->ucp_busy = cm_l2_tap_ucp_latency(apps, ways, m->cfg.l2.umon_counter_bits, xs, mask, st, n);
}

/* tap_rrip: TAP-RRIP's victim of a full set (the RRPVs age as SRRIP's; under RRIP-Mask a GPU
 * line first among those at 2^n-1); *gpu_first as cm_tap_rrip_victim's. */
static unsigned tap_victim(const cm_l2_t *m, lay_l2_row_t *r, int *gpu_first)
{
    uint8_t rrpv[LAY_MAX_WAYS], owner[LAY_MAX_WAYS];
    unsigned n = m->lay.ways;
    for (unsigned w = 0; w < n; w++)
        rrpv[w] = r->way[w].repl, owner[w] = r->way[w].owner;
    unsigned v = cm_tap_rrip_victim(n, m->lay.repl_bits, rrpv, owner,
                                    app_gpu(m->lay.cpu_cores), m->tap.rrip_mask, gpu_first);
    for (unsigned w = 0; w < n; w++)
        r->way[w].repl = rrpv[w];
    return v;
}

void cm_l2_cycle_end(cm_l2_t *m, const uint32_t *retired)
{
    if (m->ucp_on)
        ucp_cycle_end(m);
    if (m->tap_ucp_on && m->tu_start && !m->ucp_period_end)
        tap_ucp_start(m);
    tap_cycle_end(m, retired);
    if (m->tap_ucp_on && m->tap_ticked && !m->ucp_period_end) {
        assert(m->tu_wait); /* the controller's periods are UCP's */
        m->tu_wait = 0;
        m->tu_start = 1;
    }
}

/* ---- events ------------------------------------------------------------------------------ */

static void result_init(cm_l2_result_t *res, lay_evt_kind_t kind, unsigned set)
{
    memset(res, 0, offsetof(cm_l2_result_t, data));
    bv_zero(&res->data);
    res->kind = kind;
    res->set = set;
    res->umon = CM_UMON_UNSAMPLED;
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
    if (m->tap_ucp_on && cm_tap_ucp_bypass(cm_tap_role(&m->tap, core < l->cores, core), store))
        noalloc = 1; /* TAP-UCP: Core-POL1's reads are answered without allocating */
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
    if (m->ucp_on) /* UCP: every hit and every miss that takes an MSHR, its app's UMON */
        ucp_access(m, core, set, tag, res);
    if (hit >= 0) {
        res->way = (unsigned)hit;
        if (!m->tap_rrip_on || cm_tap_rrip_promotes(m->tap.rrip_mask, req_app(m, core),
                                               app_gpu(l->cpu_cores)))
            repl_touch(m, r, (unsigned)hit);
        else /* TAP-RRIP: a GPU hit under RRIP-Mask keeps its RRPV */
            res->tap_kept = 1;
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
    if (m->drrip_on) /* a miss in one of its leader sets moves the app's PSEL */
        cm_drrip_miss(&m->drrip, req_app(m, core), set);
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
        int gpu_first = 0;
        if (m->ucp_on)
            way = (int)ucp_victim(m, r, req_app(m, e->core), res);
        else
            way = (int)(m->tap_rrip_on ? tap_victim(m, r, &gpu_first) : repl_victim(m, r));
        res->tap_gpu_first = (uint8_t)gpu_first;
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
    x->owner = (uint8_t)(l->obits ? req_app(m, e->core) : 0); /* SPEC 3.8: the filler's app */
    repl_insert(m, r, (unsigned)way);
    if (m->tap_rrip_on) { /* TAP-RRIP: the sampling cores', the mask's or DRRIP's insertion */
        cm_tap_ins_t why;
        cm_tap_role_t role = cm_tap_role(&m->tap, e->core < l->cores, e->core);
        x->repl = (uint8_t)cm_tap_rrip_fill(&m->drrip, m->tap.rrip_mask, req_app(m, e->core),
                                            role, set, &why);
        res->tap_ins = (uint8_t)why;
    } else if (m->drrip_on) { /* DRRIP: the insertion RRPV of the set's policy for the app */
        x->repl = (uint8_t)cm_drrip_fill(&m->drrip, req_app(m, e->core), set);
    }
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
