/* cm_fgcb: FG-CB, the sacat L1's fine-grained per-base-address bypass (SPEC 3.7; Khairy et
 * al., paper 002 sec. 4.3), on top of the baseline lookup, as docs/sacat.md decides it: a
 * table of l1.fgcb_entries entries in flops (outside the rows), sampled during the first
 * l1.fgcb_window cycles after kernel_start (or reset): each tracked load counts an L1 access
 * and, missing, an L1 miss; each of its reads counts an L2 access and, when the L2's hit flag
 * is 0, an L2 miss; the N-th access of a level decides that level's bypass (misses > M).
 * Bypass-L1 loads are looked up as usual and their fills are not installed; bypass-L2 loads'
 * reads carry no_allocate. A load's own decisions are the entry's from before its lookup.
 * Stores never reach this file. The DWT-CS controller, beside the system, is cm_dwt. */
#include "cm_l1_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct cm_fg_state {
    lay_fgcb_entry_t *e; /* [fgcb_entries] */
    uint32_t win;        /* cycles since kernel_start or reset, saturating at the window */
    uint8_t *tracked;    /* [mshrs]: the read's load had an entry at its lookup */
    uint32_t *id;        /* [mshrs]: ... its base id, whose entry counts the read's L2 access */
} cm_fg_state_t;

static cm_fg_state_t *fgst(cm_l1_t *m) { return m->mech; }

static int fg_init(cm_l1_t *m)
{
    cm_fg_state_t *s = calloc(1, sizeof *s);
    m->mech = s;
    if (!s)
        return -1;
    s->e = calloc(m->cfg.fgcb_entries, sizeof *s->e);
    s->tracked = calloc(m->cfg.mshrs, sizeof *s->tracked);
    s->id = calloc(m->cfg.mshrs, sizeof *s->id);
    return s->e && s->tracked && s->id ? 0 : -1;
}

static void fg_free(cm_l1_t *m)
{
    cm_fg_state_t *s = fgst(m);
    if (s) {
        free(s->e);
        free(s->tracked);
        free(s->id);
        free(s);
    }
    m->mech = NULL;
}

static int in_window(cm_l1_t *m) { return fgst(m)->win < m->cfg.fgcb_window; }

/* The valid entry holding base id `id` (an id is held at most once), or -1. */
static int find(cm_l1_t *m, uint32_t id)
{
    for (unsigned i = 0; i < m->cfg.fgcb_entries; i++)
        if (fgst(m)->e[i].valid && fgst(m)->e[i].id == id)
            return (int)i;
    return -1;
}

static void record(cm_l1_t *m, unsigned i, cm_result_t *res)
{
    res->mech.fg_write = 1;
    res->mech.fg_idx = (uint8_t)i;
    res->mech.fg_entry = fgst(m)->e[i];
}

/* One more access (and miss) of a level of entry x, until N; the N-th decides its bypass. */
static int count(const cfg_l1_t *c, uint32_t *acc, uint32_t *miss, unsigned missed,
                 uint8_t *bypass)
{
    if (*acc >= c->fgcb_n)
        return 0;
    *acc += 1;
    *miss += missed;
    if (*acc == c->fgcb_n)
        *bypass = *miss > c->fgcb_m;
    return 1;
}

/* A load's lookup (hit, miss or join): its entry (allocated inside the window), its L1
 * counts; returns the entry's index or -1 (untracked), with its decisions from before. */
static int fg_lookup(cm_l1_t *m, const cm_req_t *q, unsigned missed, uint8_t *byp_l1,
                     uint8_t *byp_l2, cm_result_t *res)
{
    assert(!q->store);
    const cfg_l1_t *c = &m->cfg;
    uint32_t id = q->base & ((1u << c->fgcb_id_bits) - 1);
    int i = find(m, id), wrote = 0;
    if (i < 0 && in_window(m)) {
        for (unsigned k = 0; k < c->fgcb_entries && i < 0; k++)
            if (!fgst(m)->e[k].valid)
                i = (int)k;
        if (i < 0) {
            res->mech.fg_paths |= CM_FG_TABLE_FULL;
        } else {
            fgst(m)->e[i] = (lay_fgcb_entry_t){.valid = 1, .id = id};
            res->mech.fg_paths |= CM_FG_ALLOC;
            wrote = 1;
        }
    }
    *byp_l1 = *byp_l2 = 0;
    if (i < 0)
        return -1;
    lay_fgcb_entry_t *x = &fgst(m)->e[i];
    *byp_l1 = x->byp_l1;
    *byp_l2 = x->byp_l2;
    if (in_window(m) && count(c, &x->l1_acc, &x->l1_miss, missed, &x->byp_l1)) {
        wrote = 1;
        if (x->l1_acc == c->fgcb_n)
            res->mech.fg_paths |= x->byp_l1 ? CM_FG_DECIDE_L1_BYPASS : CM_FG_DECIDE_L1_KEEP;
    }
    if (wrote)
        record(m, (unsigned)i, res);
    return i;
}

static void fg_hit(cm_l1_t *m, const cm_req_t *q, unsigned set, unsigned way, cm_result_t *res)
{
    (void)set, (void)way;
    uint8_t b1, b2;
    fg_lookup(m, q, 0, &b1, &b2, res);
    if (b1) /* a bypass-L1 load that hits is served as any hit */
        res->mech.fg_paths |= CM_FG_BYPASSED_HIT;
}

static void fg_miss(cm_l1_t *m, const cm_req_t *q, unsigned mshr, cm_result_t *res)
{
    uint8_t b1, b2;
    int i = fg_lookup(m, q, 1, &b1, &b2, res);
    m->mshr[mshr].bypass = b1;
    fgst(m)->tracked[mshr] = i >= 0;
    fgst(m)->id[mshr] = q->base & ((1u << m->cfg.fgcb_id_bits) - 1);
    res->noalloc = b2;
    if (b2)
        res->mech.fg_paths |= CM_FG_NOALLOC_READ;
}

/* A merged load is an L1 access that missed; it sends no read of its own. */
static void fg_join(cm_l1_t *m, const cm_req_t *q, unsigned mshr, cm_result_t *res)
{
    (void)mshr;
    uint8_t b1, b2;
    fg_lookup(m, q, 1, &b1, &b2, res);
}

static void fg_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned l2hit, cm_result_t *res)
{
    const cm_fg_state_t *s = fgst(m);
    const cm_mshr_t *e = &m->mshr[mshr];
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    res->vbit = (uint8_t)l2hit;
    int i = s->tracked[mshr] && in_window(m) ? find(m, s->id[mshr]) : -1;
    if (i >= 0) {
        lay_fgcb_entry_t *x = &fgst(m)->e[i];
        if (count(&m->cfg, &x->l2_acc, &x->l2_miss, !l2hit, &x->byp_l2)) {
            record(m, (unsigned)i, res);
            if (x->l2_acc == m->cfg.fgcb_n)
                res->mech.fg_paths |= x->byp_l2 ? CM_FG_DECIDE_L2_BYPASS : CM_FG_DECIDE_L2_KEEP;
        }
    }
    if (e->bypass) {
        res->dec = DEC_FILL_BYPASS;
        res->status = ST_BYPASS;
        res->mech.fg_paths |= CM_FG_BYPASSED_FILL;
        cm_l1_count(m, CNT_BYPASSES);
        return;
    }
    res->dec = DEC_FILL;
    res->status = ST_MISS;
    cm_l1_install(m, set, addr, data, res);
}

static uint32_t fg_cycle_end(cm_l1_t *m, int kernel_start)
{
    cm_fg_state_t *s = fgst(m);
    uint32_t paths = 0;
    if (kernel_start) {
        for (unsigned i = 0; i < m->cfg.fgcb_entries; i++)
            if (s->e[i].valid)
                paths |= CM_FG_KERNEL_CLEAR;
        memset(s->e, 0, m->cfg.fgcb_entries * sizeof *s->e);
        s->win = 0;
        return paths;
    }
    if (s->win < m->cfg.fgcb_window && ++s->win == m->cfg.fgcb_window)
        for (unsigned i = 0; i < m->cfg.fgcb_entries; i++)
            if (s->e[i].valid && s->e[i].l1_acc < m->cfg.fgcb_n)
                paths |= CM_FG_WINDOW_UNDECIDED;
    return paths;
}

static unsigned fg_base_id_bits(const cfg_l1_t *c) { return c->fgcb_id_bits; }

const cm_mech_ops_t cm_mech_sacat = {
    .name = "sacat",
    .init = fg_init,
    .free = fg_free,
    .load_hit = fg_hit,
    .load_miss = fg_miss,
    .load_join = fg_join,
    .fill = fg_fill,
    .cycle_end = fg_cycle_end,
    .l2_hint = CM_HINT_L2HIT, /* rsp_l2hit_o, which the system top wires to the sacat L1s' hint */
    .base_id_bits = fg_base_id_bits,
    .untimed = "FG-CB's per-cycle window paths are not counted",
    .alone = "cachesim runs one L1 in program order, without the L2 whose hit flag FG-CB counts "
             "or the cycles its window counts",
};
