/* lay: layouts derived from the configuration; pack/unpack of metadata rows. */
#include "lay.h"

#include <stdio.h>
#include <string.h>

const char *const lay_counter_names[CNT_COUNT] = {
    "accesses", "hits", "misses", "bypasses", "fills", "evictions", "rsv_fails", "stall_cycles",
    "merged"};

/* The closed forms of the replacement state (lay_repl_t). */
static unsigned age_bits(unsigned ways, unsigned rrpv_bits)
{
    (void)rrpv_bits;
    return cfg_log2(ways);
}
static unsigned rrpv_bits(unsigned ways, unsigned rrpv_bits)
{
    (void)ways;
    return rrpv_bits;
}
static unsigned tree_bits(unsigned ways) { return ways - 1; }

/* One line per replacement policy. */
static const lay_repl_t lay_repls[] = {
    [REPL_LRU] = {age_bits, NULL, 1},
    [REPL_PLRU] = {NULL, tree_bits, 0},
    [REPL_SRRIP] = {rrpv_bits, NULL, 0},
    [REPL_FIFO] = {age_bits, NULL, 1},
    [REPL_RANDOM] = {NULL, NULL, 0},
};

const lay_repl_t *lay_repl(cfg_repl_t r)
{
    assert((unsigned)r < sizeof lay_repls / sizeof lay_repls[0]);
    return &lay_repls[r];
}

unsigned lay_repl_way_bits(cfg_repl_t r, unsigned ways, unsigned rrpv_bits)
{
    return ways > 1 && lay_repl(r)->way_bits ? lay_repl(r)->way_bits(ways, rrpv_bits) : 0;
}

unsigned lay_repl_set_bits(cfg_repl_t r, unsigned ways)
{
    return ways > 1 && lay_repl(r)->set_bits ? lay_repl(r)->set_bits(ways) : 0;
}

void lay_l1_build(const cfg_l1_t *c, lay_l1_t *l)
{
    memset(l, 0, sizeof *l);
    l->ways = c->ways;
    l->sets = c->sets;
    l->off_bits = cfg_log2(c->line_bytes);
    l->set_bits = cfg_log2(c->sets);
    l->tag_bits = c->addr_bits - l->off_bits - l->set_bits;
    l->way_bits = c->ways > 1 ? cfg_log2(c->ways) : 1;
    l->repl_bits = lay_repl_way_bits(c->repl, c->ways, c->rrpv_bits);
    l->plru_bits = lay_repl_set_bits(c->repl, c->ways);
    l->dec = lay_mech(c->mode)->dec_row;
    if (l->dec) {
        l->tag_ways = c->tag_ways;
        l->rc_bits = c->rc_bits;
        l->pos_bits = cfg_log2(c->ways);
        l->te_stride = 1 + l->tag_bits + l->rc_bits + 1 + l->pos_bits;
        l->way_base = l->tag_ways * l->te_stride;
        l->way_stride = 2 + l->repl_bits;
    } else {
        l->hpc_bits = lay_mech(c->mode)->line_pc_hash ? cfg_log2(c->pc_entries) : 0;
        l->way_stride = 1 + l->tag_bits + l->repl_bits + l->hpc_bits;
    }
    l->plru_lsb = l->way_base + c->ways * l->way_stride;
    l->row_bits = l->plru_lsb + l->plru_bits;
    if (l->dec) {
        l->free_lsb = l->row_bits;
        l->free_bits = cfg_log2(c->ways) + 1;
        l->row_bits += l->free_bits;
    }
    l->line_bits = 8 * c->line_bytes;
    l->line_addr_bits = c->addr_bits - l->off_bits;
    l->mshr_bits = c->mshrs > 1 ? cfg_log2(c->mshrs) : 1;
    assert(l->row_bits <= BV_MAX_BITS && l->line_bits <= BV_MAX_BITS);
}

void lay_l1_pack(const lay_l1_t *l, const lay_l1_row_t *r, bv_t *out)
{
    bv_zero(out);
    for (unsigned t = 0; l->dec && t < l->tag_ways; t++) {
        const lay_tag_entry_t *te = &r->te[t];
        bv_put(out, lay_te_lsb(l, t), 1, te->valid);
        bv_put(out, lay_te_tag_lsb(l, t), l->tag_bits, te->tag);
        bv_put(out, lay_te_rc_lsb(l, t), l->rc_bits, te->rc);
        bv_put(out, lay_te_pv_lsb(l, t), 1, te->pv);
        bv_put(out, lay_te_pos_lsb(l, t), l->pos_bits, te->pos);
    }
    for (unsigned w = 0; w < l->ways; w++) {
        bv_put(out, lay_valid_lsb(l, w), 1, r->way[w].valid);
        if (l->dec)
            bv_put(out, lay_rsv_lsb(l, w), 1, r->way[w].rsv);
        else
            bv_put(out, lay_tag_lsb(l, w), l->tag_bits, r->way[w].tag);
        if (l->repl_bits)
            bv_put(out, lay_repl_lsb(l, w), l->repl_bits, r->way[w].repl);
        if (l->hpc_bits)
            bv_put(out, lay_hpc_lsb(l, w), l->hpc_bits, r->way[w].hpc);
    }
    if (l->plru_bits)
        bv_put(out, l->plru_lsb, l->plru_bits, r->plru);
    if (l->dec)
        bv_put(out, l->free_lsb, l->free_bits, r->free);
}

void lay_l1_unpack(const lay_l1_t *l, const bv_t *in, lay_l1_row_t *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned t = 0; l->dec && t < l->tag_ways; t++) {
        lay_tag_entry_t *te = &r->te[t];
        te->valid = (uint8_t)bv_get(in, lay_te_lsb(l, t), 1);
        te->tag = bv_get(in, lay_te_tag_lsb(l, t), l->tag_bits);
        te->rc = (uint8_t)bv_get(in, lay_te_rc_lsb(l, t), l->rc_bits);
        te->pv = (uint8_t)bv_get(in, lay_te_pv_lsb(l, t), 1);
        te->pos = (uint8_t)bv_get(in, lay_te_pos_lsb(l, t), l->pos_bits);
    }
    for (unsigned w = 0; w < l->ways; w++) {
        r->way[w].valid = (uint8_t)bv_get(in, lay_valid_lsb(l, w), 1);
        if (l->dec)
            r->way[w].rsv = (uint8_t)bv_get(in, lay_rsv_lsb(l, w), 1);
        else
            r->way[w].tag = bv_get(in, lay_tag_lsb(l, w), l->tag_bits);
        if (l->repl_bits)
            r->way[w].repl = (uint8_t)bv_get(in, lay_repl_lsb(l, w), l->repl_bits);
        if (l->hpc_bits)
            r->way[w].hpc = (uint16_t)bv_get(in, lay_hpc_lsb(l, w), l->hpc_bits);
    }
    if (l->plru_bits)
        r->plru = (uint32_t)bv_get(in, l->plru_lsb, l->plru_bits);
    if (l->dec)
        r->free = (uint8_t)bv_get(in, l->free_lsb, l->free_bits);
}

void lay_l1_reset_row(const cfg_l1_t *c, const lay_l1_t *l, lay_l1_row_t *r)
{
    memset(r, 0, sizeof *r);
    if (lay_repl(c->repl)->ages && l->repl_bits)
        for (unsigned w = 0; w < l->ways; w++)
            r->way[w].repl = (uint8_t)w;
    if (l->dec)
        r->free = (uint8_t)l->ways;
}

/* Decoupled fields: t<k>.{valid,tag,rc,pv,pos} for every tag way, then d<w>.{valid,rsv,repl},
 * then plru and free. */
static int dec_field(const lay_l1_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                     unsigned *width)
{
    static const char *const tname[] = {"valid", "tag", "rc", "pv", "pos"};
    const unsigned per_te = 5;
    if (i < l->tag_ways * per_te) {
        unsigned t = i / per_te, f = i % per_te;
        const unsigned lsbs[] = {lay_te_lsb(l, t), lay_te_tag_lsb(l, t), lay_te_rc_lsb(l, t),
                                 lay_te_pv_lsb(l, t), lay_te_pos_lsb(l, t)};
        const unsigned widths[] = {1, l->tag_bits, l->rc_bits, 1, l->pos_bits};
        snprintf(name, len, "t%u.%s", t, tname[f]);
        *lsb = lsbs[f];
        *width = widths[f];
        return 0;
    }
    i -= l->tag_ways * per_te;
    unsigned per_way = l->repl_bits ? 3 : 2;
    if (i < l->ways * per_way) {
        unsigned w = i / per_way, f = i % per_way;
        static const char *const dname[] = {"valid", "rsv", "repl"};
        snprintf(name, len, "d%u.%s", w, dname[f]);
        *lsb = f == 0 ? lay_valid_lsb(l, w) : f == 1 ? lay_rsv_lsb(l, w) : lay_repl_lsb(l, w);
        *width = f == 2 ? l->repl_bits : 1;
        return 0;
    }
    i -= l->ways * per_way;
    if (l->plru_bits && i-- == 0) {
        snprintf(name, len, "plru");
        *lsb = l->plru_lsb;
        *width = l->plru_bits;
        return 0;
    }
    if (i == 0) {
        snprintf(name, len, "free");
        *lsb = l->free_lsb;
        *width = l->free_bits;
        return 0;
    }
    return -1;
}

int lay_l1_field(const lay_l1_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                 unsigned *width)
{
    if (l->dec)
        return dec_field(l, i, name, len, lsb, width);
    /* per way: valid, tag, then repl and hpc when present */
    enum { F_VALID, F_TAG, F_REPL, F_HPC };
    unsigned fields[4], per_way = 0;
    fields[per_way++] = F_VALID;
    fields[per_way++] = F_TAG;
    if (l->repl_bits)
        fields[per_way++] = F_REPL;
    if (l->hpc_bits)
        fields[per_way++] = F_HPC;
    if (i < l->ways * per_way) {
        unsigned w = i / per_way, f = fields[i % per_way];
        static const char *const fname[] = {"valid", "tag", "repl", "hpc"};
        const unsigned lsbs[] = {lay_valid_lsb(l, w), lay_tag_lsb(l, w), lay_repl_lsb(l, w),
                                 lay_hpc_lsb(l, w)};
        const unsigned widths[] = {1, l->tag_bits, l->repl_bits, l->hpc_bits};
        snprintf(name, len, "w%u.%s", w, fname[f]);
        *lsb = lsbs[f];
        *width = widths[f];
        return 0;
    }
    if (i == l->ways * per_way && l->plru_bits) {
        snprintf(name, len, "plru");
        *lsb = l->plru_lsb;
        *width = l->plru_bits;
        return 0;
    }
    return -1;
}

void lay_l1_storage(const cfg_l1_t *c, const lay_l1_t *l, lay_storage_t *s)
{
    s->meta_sram = (unsigned long long)c->sets * l->row_bits;
    s->data_sram = (unsigned long long)c->sets * c->ways * l->line_bits;
    unsigned pc = l->hpc_bits ? 1 + l->hpc_bits : 0; /* pcpred: prediction + the load's hash */
    lay_fgcb_t fl;
    lay_fgcb(c, &fl);
    unsigned fg = lay_mech(c->mode)->fgcb ? fl.mshr_bits : 0; /* sacat: bypass-L1, tracked, id */
    s->mshr_flops =
        (unsigned long long)c->mshrs * (1 + l->line_addr_bits + c->id_bits + l->dec + pc + fg);
    if (c->mshr_merge) /* merging: per MSHR a waiter count and W waiter ids */
        s->mshr_flops += (unsigned long long)c->mshrs *
                         (cfg_count_bits(c->mshr_merge) + c->mshr_merge * c->id_bits);
    s->tag_store = (unsigned long long)c->sets * l->tag_ways * l->te_stride;
    s->data_state = l->dec ? s->meta_sram - s->tag_store : 0;
    s->line_hpc = (unsigned long long)c->sets * c->ways * l->hpc_bits;
    s->pc_table = l->hpc_bits ? (unsigned long long)c->pc_entries * c->pc_counter_bits : 0;
    int fgcb = lay_mech(c->mode)->fgcb;
    s->fgcb_paper = fgcb ? (unsigned long long)c->fgcb_entries *
                               (c->fgcb_id_bits + 4ULL * c->fgcb_counter_bits) : 0;
    s->fgcb_table = fgcb ? (unsigned long long)c->fgcb_entries * fl.entry_bits : 0;
    s->fgcb_window = fgcb ? cfg_count_bits(c->fgcb_window) : 0;
    s->fgcb_mshr = fgcb ? (unsigned long long)c->mshrs * fl.mshr_bits : 0;
}

void lay_fgcb(const cfg_l1_t *c, lay_fgcb_t *out)
{
    unsigned cb = c->fgcb_counter_bits;
    lay_fgcb_t x;
    x.id = 1;
    x.l1_acc = x.id + c->fgcb_id_bits;
    x.l1_miss = x.l1_acc + cb;
    x.l2_acc = x.l1_miss + cb;
    x.l2_miss = x.l2_acc + cb;
    x.byp_l1 = x.l2_miss + cb;
    x.byp_l2 = x.byp_l1 + 1;
    x.entry_bits = x.byp_l2 + 1;
    x.idx_bits = c->fgcb_entries > 1 ? cfg_count_bits(c->fgcb_entries - 1) : 1;
    x.mshr_bits = 2 + c->fgcb_id_bits;
    *out = x;
}

unsigned lay_fgcb_entry_bits(const cfg_l1_t *c)
{
    lay_fgcb_t x;
    lay_fgcb(c, &x);
    return x.entry_bits;
}

void lay_fgcb_pack(const cfg_l1_t *c, const lay_fgcb_entry_t *x, bv_t *out)
{
    unsigned cb = c->fgcb_counter_bits;
    lay_fgcb_t f;
    lay_fgcb(c, &f);
    bv_zero(out);
    bv_put(out, 0, 1, x->valid);
    bv_put(out, f.id, c->fgcb_id_bits, x->id);
    bv_put(out, f.l1_acc, cb, x->l1_acc);
    bv_put(out, f.l1_miss, cb, x->l1_miss);
    bv_put(out, f.l2_acc, cb, x->l2_acc);
    bv_put(out, f.l2_miss, cb, x->l2_miss);
    bv_put(out, f.byp_l1, 1, x->byp_l1);
    bv_put(out, f.byp_l2, 1, x->byp_l2);
}
