/* cm_dec: the decoupled tag store with reference-count aging (SPEC 3.4, Li et al. sec. 4),
 * as model events. One set's row holds the tag store (valid, tag, RC, position) and the data
 * store's line states, replacement bits and free-line count. Loads probe the tag store, count
 * references and get a data line only once RC reaches the threshold; the rest bypass.
 * Invariant: every valid or reserved data line is owned by exactly one valid tag entry (pv,
 * pos), entries owning a line are never replaced, and `free` counts the invalid lines. */
#include "cm_l1_int.h"

#include <string.h>
#include "cm_index.h"
#include "cm_repl.h"

static unsigned rc_max(const lay_l1_t *l) { return (1u << l->rc_bits) - 1; }

/* Lowest valid tag entry holding `tag`, or -1. */
static int probe(const lay_l1_t *l, const lay_l1_row_t *r, uint64_t tag)
{
    for (unsigned t = 0; t < l->tag_ways; t++)
        if (r->te[t].valid && r->te[t].tag == tag)
            return (int)t;
    return -1;
}

/* The entry owning data way `w`, or -1. */
static int owner(const lay_l1_t *l, const lay_l1_row_t *r, unsigned w)
{
    for (unsigned t = 0; t < l->tag_ways; t++)
        if (r->te[t].valid && r->te[t].pv && r->te[t].pos == w)
            return (int)t;
    return -1;
}

/* Probe miss: the first invalid entry, else the entry without a position with the smallest
 * RC (lowest way on ties). One always exists: tag ways exceed data ways. */
static unsigned tag_victim(const lay_l1_t *l, const lay_l1_row_t *r, uint32_t *paths)
{
    for (unsigned t = 0; t < l->tag_ways; t++)
        if (!r->te[t].valid) {
            *paths |= CM_PATH_TAG_ALLOC_INVALID;
            return t;
        }
    int best = -1;
    unsigned ties = 0;
    for (unsigned t = 0; t < l->tag_ways; t++) {
        if (r->te[t].pv)
            continue;
        if (best < 0 || r->te[t].rc < r->te[best].rc) {
            best = (int)t;
            ties = 0;
        } else if (r->te[t].rc == r->te[best].rc) {
            ties++;
        }
    }
    assert(best >= 0);
    *paths |= CM_PATH_TAG_LFU_EVICT | (ties ? CM_PATH_TAG_LFU_TIE : 0);
    return (unsigned)best;
}

/* Decrement (floor 0) the RC of every valid entry except `keep1` and `keep2` (-1 = none). */
static void age(const lay_l1_t *l, lay_l1_row_t *r, int keep1, int keep2, uint32_t *paths)
{
    for (unsigned t = 0; t < l->tag_ways; t++) {
        if (!r->te[t].valid || (int)t == keep1 || (int)t == keep2 || r->te[t].rc == 0)
            continue;
        if (--r->te[t].rc == 0)
            *paths |= CM_PATH_AGED_TO_ZERO;
    }
}

/* Entry `t` gives up its data line. */
static void lose_position(lay_tag_entry_t *te)
{
    te->pv = 0;
    te->pos = 0;
    te->rc = 0;
}

/* Reserve a data line for entry `t`: the lowest free line, else the replacement victim among
 * valid lines (its owner loses the position). Returns the way, or -1 if every line is
 * reserved (row untouched). */
static int reserve(cm_l1_t *m, lay_l1_row_t *r, unsigned t, cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    int w = -1, lost = -1;
    if (r->free) {
        for (unsigned d = 0; d < l->ways && w < 0; d++)
            if (!r->way[d].valid && !r->way[d].rsv)
                w = (int)d;
        assert(w >= 0);
        r->free--;
        res->paths |= CM_PATH_RESERVE_FREE;
    } else {
        uint32_t eligible = 0;
        for (unsigned d = 0; d < l->ways; d++)
            eligible |= (uint32_t)r->way[d].valid << d;
        if (!eligible)
            return -1;
        lay_l1_row_t before = *r;
        w = (int)cm_repl_for(m->cfg.repl)->victim(l, r, eligible);
        res->aged = memcmp(&before, r, sizeof before) != 0;
        lost = owner(l, r, (unsigned)w);
        assert(lost >= 0);
        res->evict_valid = 1;
        res->evict_tag = r->te[lost].tag;
        lose_position(&r->te[lost]);
        r->way[w].valid = 0;
        res->paths |= CM_PATH_RESERVE_EVICT;
    }
    r->way[w].rsv = 1;
    r->te[t].pv = 1;
    r->te[t].pos = (uint8_t)w;
    age(l, r, (int)t, lost, &res->paths);
    return w;
}

static void alloc_mshr(cm_l1_t *m, uint64_t line, uint32_t id, uint8_t bypass, cm_result_t *res)
{
    int f = cm_l1_free_mshr(m);
    assert(f >= 0);
    m->mshr[f] = (cm_mshr_t){.valid = 1, .line = line, .id = id, .bypass = bypass};
    res->mshr = (unsigned)f;
}

static void store(cm_l1_t *m, cm_req_t *q, unsigned set, lay_l1_row_t *r, int t, int hit,
                  cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    if (!hit) {
        cm_l1_count(m, CNT_MISSES);
        res->dec = DEC_ST_MISS;
        return;
    }
    unsigned w = r->te[t].pos;
    cm_l1_count(m, CNT_HITS);
    res->dec = DEC_ST_HIT;
    res->way = w;
    if (m->cfg.write_evict) { /* invalidation: the owner loses its line, the set ages */
        r->way[w].valid = 0;
        r->free++;
        lose_position(&r->te[t]);
        age(l, r, t, -1, &res->paths);
        res->paths |= CM_PATH_INVALIDATE_AGES;
        return;
    }
    cm_repl_for(m->cfg.repl)->touch(l, r, w);
    cm_l1_store_bytes(m, set, w, q);
}

static void dec_access(cm_l1_t *m, cm_req_t *q, cm_result_t *res)
{
    const lay_l1_t *l = &m->lay;
    unsigned set = cm_l1_index(m, q->addr);
    uint64_t line = lay_line_addr(l, q->addr), tag = lay_tag(l, q->addr);
    lay_l1_row_t *r = &m->rows[set];
    cm_l1_result_init(res, EVT_LOOKUP, set);
    res->id = q->id;

    int t = probe(l, r, tag);
    for (unsigned i = 0; i < m->cfg.mshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].line == line) {
            /* A reserved line always has its read outstanding, so this check is also the
             * SPEC's "a reserved line stalls the request". */
            if (t >= 0 && r->te[t].pv)
                res->paths |= CM_PATH_STALL_RESERVED;
            cm_l1_stall(m, q, res, DEC_STALL_LINE);
            return;
        }
    int hit = t >= 0 && r->te[t].pv;
    assert(!hit || r->way[r->te[t].pos].valid); /* a reserved line stalled above */
    if (!q->store && !hit && cm_l1_free_mshr(m) < 0) {
        cm_l1_stall(m, q, res, DEC_STALL_MSHR);
        return;
    }
    if (q->store) { /* stores probe without allocating and leave RC alone */
        cm_l1_count(m, CNT_ACCESSES);
        store(m, q, set, r, t, hit, res);
        return;
    }

    /* Work on a copy: a load that finds every data line reserved changes nothing. */
    lay_l1_row_t n = *r;
    uint32_t paths = 0;
    if (t < 0) {
        t = (int)tag_victim(l, &n, &paths);
        n.te[t] = (lay_tag_entry_t){1, tag, 1, 0, 0};
    } else if (n.te[t].rc == rc_max(l)) {
        paths |= CM_PATH_RC_SATURATED;
    } else {
        n.te[t].rc++;
    }
    if (hit) {
        unsigned w = n.te[t].pos;
        cm_repl_for(m->cfg.repl)->touch(l, &n, w);
        *r = n;
        res->paths = paths | CM_PATH_HIT_COMMITTED;
        cm_l1_count(m, CNT_ACCESSES);
        cm_l1_count(m, CNT_HITS);
        res->dec = DEC_LD_HIT;
        res->way = w;
        res->responds = 1;
        res->status = ST_HIT;
        cm_l1_line(m, set, w, &res->data);
        return;
    }
    unsigned threshold = m->filter_enable ? m->cfg.threshold : 0;
    if (n.te[t].rc >= threshold) {
        res->paths = paths;
        int w = reserve(m, &n, (unsigned)t, res);
        if (w < 0) {
            cm_l1_result_init(res, EVT_LOOKUP, set);
            res->id = q->id;
            cm_l1_stall(m, q, res, DEC_STALL_RSV);
            return;
        }
        if (n.te[t].rc < m->cfg.threshold)
            res->paths |= CM_PATH_FILTER_OFF_ALLOC;
        if (r->te[t].valid && r->te[t].tag == tag)
            res->paths |= CM_PATH_CROSS_ON_HIT;
        *r = n;
        cm_l1_count(m, CNT_ACCESSES);
        cm_l1_count(m, CNT_MISSES);
        if (res->evict_valid)
            cm_l1_count(m, CNT_EVICTIONS);
        res->dec = DEC_LD_MISS;
        res->way = (unsigned)w;
        alloc_mshr(m, line, q->id, 0, res);
        return;
    }
    *r = n;
    res->paths = paths;
    cm_l1_count(m, CNT_ACCESSES);
    cm_l1_count(m, CNT_BYPASSES);
    res->dec = DEC_LD_BYPASS;
    alloc_mshr(m, line, q->id, 1, res);
}

static void dec_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned hint, cm_result_t *res)
{
    (void)hint; /* the decoupled store has no L2 hint */
    const lay_l1_t *l = &m->lay;
    const cm_mshr_t *e = &m->mshr[mshr];
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    lay_l1_row_t *r = &m->rows[set];
    if (e->bypass) {
        res->dec = DEC_FILL_BYPASS;
        res->status = ST_BYPASS;
        return;
    }
    int t = probe(l, r, lay_tag(l, addr));
    assert(t >= 0 && r->te[t].pv && r->way[r->te[t].pos].rsv);
    unsigned w = r->te[t].pos;
    r->way[w].rsv = 0;
    r->way[w].valid = 1;
    cm_repl_for(m->cfg.repl)->insert(l, r, w);
    bv_to_bytes(data, cm_l1_line_ptr(m, set, w), m->cfg.line_bytes);
    cm_l1_count(m, CNT_FILLS);
    res->dec = DEC_FILL;
    res->way = w;
    res->status = ST_MISS;
}

/* A failed read: the line its lookup reserved is free again and its entry owns no line (its
 * RC stays); a bypassed read reserved nothing. */
static void dec_fill_err(cm_l1_t *m, uint64_t addr, unsigned set, int bypass, cm_result_t *res)
{
    (void)res;
    if (bypass)
        return;
    const lay_l1_t *l = &m->lay;
    lay_l1_row_t *r = &m->rows[set];
    int t = probe(l, r, lay_tag(l, addr));
    assert(t >= 0 && r->te[t].pv && r->way[r->te[t].pos].rsv);
    r->way[r->te[t].pos].rsv = 0;
    r->te[t].pv = 0;
    r->te[t].pos = 0;
    r->free++;
}

/* The decoupled store replaces the whole lookup and fill; it takes no hint from the L2. */
const cm_mech_ops_t cm_mech_decoupled = {
    .name = "decoupled",
    .access = dec_access,
    .fill = dec_fill,
    .fill_err = dec_fill_err,
};
