/* lay_l2: the L2 slice's row layout; pack/unpack, reset row, field names, storage (the
 * policy's own state through its row of lay_l2_pol.c). */
#include "lay_l2.h"
#include "lay.h"

#include <stdio.h>
#include <string.h>

const char *const lay_l2_counter_names[L2CNT_COUNT] = {
    "accesses", "read_hits", "read_misses", "write_hits", "write_misses", "fills", "evictions",
    "writebacks", "merged"};

/* Replacement bits per way (LRU or FIFO age, RRPV) and per set (tree-PLRU's nodes), from the
 * replacement table; none for a direct-mapped L2. */
static unsigned l2_repl_bits(const cfg_l2_t *l2)
{
    return lay_repl_way_bits(cfg_l2_repl(l2), l2->ways, l2->rrpv_bits);
}
static unsigned l2_state_bits(const cfg_l2_t *l2)
{
    return lay_repl_set_bits(cfg_l2_repl(l2), l2->ways);
}

/* The PC predictor's bypass bit per line (SPEC 3.6), only when the L1s' mechanism keeps it. */
static unsigned l2_bypass_bits(const cfg_t *c) { return lay_mech(c->l1.mode)->l2_bypass_bit; }

/* The owner application per line (SPEC 3.8): log2(C + 1) bits with C CPU ports, else none. */
static unsigned l2_owner_bits(const cfg_t *c)
{
    return c->sys.cpu_cores ? cfg_log2(cfg_l2_apps(c)) : 0;
}

unsigned lay_l2_row_bits(const cfg_t *c)
{
    unsigned tag = c->l1.addr_bits - cfg_log2(c->l1.line_bytes) - cfg_log2(c->l2.sets);
    unsigned v = c->sys.cores / c->l2.victim_share;
    return c->l2.ways * (2 + tag + l2_repl_bits(&c->l2) + v + l2_bypass_bits(c) +
                         l2_owner_bits(c)) +
           l2_state_bits(&c->l2);
}

void lay_l2_build(const cfg_t *c, lay_l2_t *l)
{
    memset(l, 0, sizeof *l);
    l->ways = c->l2.ways;
    l->sets = c->l2.sets;
    l->cores = c->sys.cores;
    l->share = c->l2.victim_share;
    l->cpu_cores = c->sys.cpu_cores;
    l->off_bits = cfg_log2(c->l1.line_bytes);
    l->set_bits = cfg_log2(c->l2.sets);
    l->tag_bits = c->l1.addr_bits - l->off_bits - l->set_bits;
    l->way_bits = c->l2.ways > 1 ? cfg_log2(c->l2.ways) : 1;
    l->repl_bits = l2_repl_bits(&c->l2);
    l->vbits = c->sys.cores / c->l2.victim_share;
    l->bbits = l2_bypass_bits(c);
    l->obits = l2_owner_bits(c);
    l->way_stride = 2 + l->tag_bits + l->repl_bits + l->vbits + l->bbits + l->obits;
    l->state_bits = l2_state_bits(&c->l2);
    l->state_lsb = l->ways * l->way_stride;
    l->row_bits = l->state_lsb + l->state_bits;
    l->line_bits = 8 * c->l1.line_bytes;
    l->line_addr_bits = c->l1.addr_bits - l->off_bits;
    l->mshr_bits = c->l2.mshrs > 1 ? cfg_log2(c->l2.mshrs) : 1;
    l->id_bits = c->l1.mshrs > 1 ? cfg_log2(c->l1.mshrs) : 1;
    l->core_bits = c->l1.core_bits;
    assert(c->sys.cores % c->l2.victim_share == 0 && l->vbits <= 64);
    assert(l->row_bits == lay_l2_row_bits(c) && l->row_bits <= BV_MAX_BITS);
}

void lay_l2_pack(const lay_l2_t *l, const lay_l2_row_t *r, bv_t *out)
{
    bv_zero(out);
    for (unsigned w = 0; w < l->ways; w++) {
        const lay_l2_way_t *x = &r->way[w];
        bv_put(out, lay_l2_valid_lsb(l, w), 1, x->valid);
        bv_put(out, lay_l2_dirty_lsb(l, w), 1, x->dirty);
        bv_put(out, lay_l2_tag_lsb(l, w), l->tag_bits, x->tag);
        if (l->repl_bits)
            bv_put(out, lay_l2_repl_lsb(l, w), l->repl_bits, x->repl);
        bv_put(out, lay_l2_vbits_lsb(l, w), l->vbits, x->vbits);
        if (l->bbits)
            bv_put(out, lay_l2_bbit_lsb(l, w), 1, x->bbit);
        if (l->obits)
            bv_put(out, lay_l2_owner_lsb(l, w), l->obits, x->owner);
    }
    if (l->state_bits)
        bv_put(out, l->state_lsb, l->state_bits, r->state);
}

void lay_l2_unpack(const lay_l2_t *l, const bv_t *in, lay_l2_row_t *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned w = 0; w < l->ways; w++) {
        lay_l2_way_t *x = &r->way[w];
        x->valid = (uint8_t)bv_get(in, lay_l2_valid_lsb(l, w), 1);
        x->dirty = (uint8_t)bv_get(in, lay_l2_dirty_lsb(l, w), 1);
        x->tag = bv_get(in, lay_l2_tag_lsb(l, w), l->tag_bits);
        if (l->repl_bits)
            x->repl = (uint8_t)bv_get(in, lay_l2_repl_lsb(l, w), l->repl_bits);
        x->vbits = bv_get(in, lay_l2_vbits_lsb(l, w), l->vbits);
        if (l->bbits)
            x->bbit = (uint8_t)bv_get(in, lay_l2_bbit_lsb(l, w), 1);
        if (l->obits)
            x->owner = (uint8_t)bv_get(in, lay_l2_owner_lsb(l, w), l->obits);
    }
    if (l->state_bits)
        r->state = (uint32_t)bv_get(in, l->state_lsb, l->state_bits);
}

void lay_l2_reset_row(const cfg_t *c, const lay_l2_t *l, lay_l2_row_t *r)
{
    memset(r, 0, sizeof *r);
    if (lay_repl(cfg_l2_repl(&c->l2))->ages && l->repl_bits)
        for (unsigned w = 0; w < l->ways; w++)
            r->way[w].repl = (uint8_t)w;
}

int lay_l2_field(const lay_l2_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                 unsigned *width)
{
    const char *names[7];
    unsigned per_way = 0;
    names[per_way++] = "valid";
    names[per_way++] = "dirty";
    names[per_way++] = "tag";
    if (l->repl_bits)
        names[per_way++] = "repl";
    names[per_way++] = "vbits";
    if (l->bbits)
        names[per_way++] = "bypass";
    if (l->obits)
        names[per_way++] = "owner";
    if (i == l->ways * per_way && l->state_bits) { /* after the ways: the per-set state */
        snprintf(name, len, "repl_set");
        *lsb = l->state_lsb;
        *width = l->state_bits;
        return 0;
    }
    if (i >= l->ways * per_way)
        return -1;
    unsigned w = i / per_way;
    const char *f = names[i % per_way];
    snprintf(name, len, "w%u.%s", w, f);
    if (!strcmp(f, "valid")) {
        *lsb = lay_l2_valid_lsb(l, w);
        *width = 1;
    } else if (!strcmp(f, "dirty")) {
        *lsb = lay_l2_dirty_lsb(l, w);
        *width = 1;
    } else if (!strcmp(f, "tag")) {
        *lsb = lay_l2_tag_lsb(l, w);
        *width = l->tag_bits;
    } else if (!strcmp(f, "repl")) {
        *lsb = lay_l2_repl_lsb(l, w);
        *width = l->repl_bits;
    } else if (!strcmp(f, "vbits")) {
        *lsb = lay_l2_vbits_lsb(l, w);
        *width = l->vbits;
    } else if (!strcmp(f, "bypass")) {
        *lsb = lay_l2_bbit_lsb(l, w);
        *width = 1;
    } else {
        *lsb = lay_l2_owner_lsb(l, w);
        *width = l->obits;
    }
    return 0;
}

void lay_l2_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    s->meta_sram = (unsigned long long)l->sets * l->row_bits;
    s->data_sram = (unsigned long long)l->sets * l->ways * l->line_bits;
    s->victim_bits = (unsigned long long)l->sets * l->ways * l->vbits;
    s->bypass_bits = (unsigned long long)l->sets * l->ways * l->bbits;
    s->owner_bits = (unsigned long long)l->sets * l->ways * l->obits;
    s->mshr_flops = (unsigned long long)c->l2.mshrs *
                    (1 + l->line_addr_bits + l->core_bits + l->id_bits + 1 +
                     c->l1.line_bytes + l->line_bits + l->bbits +
                     lay_mech(c->l1.mode)->l2_noalloc); /* FG-CB: a read's no_allocate */
    unsigned w = c->l2.mshr_merge;
    if (w) /* merging: per MSHR a waiter count and W waiters {core, L1 MSHR} */
        s->mshr_flops += (unsigned long long)c->l2.mshrs *
                         (cfg_count_bits(w) + w * (l->core_bits + l->id_bits));
    s->ucp_atd_sram = s->ucp_hit_flops = s->ucp_alloc_flops = s->ucp_fsm_flops = 0;
    s->tap_ucp_flops = s->drrip_flops = s->tap_count_flops = s->tap_decide_flops = 0;
    lay_l2_pol_storage_fn *pol = lay_l2_pol_storage(c->l2.repl);
    if (pol) /* what the policy keeps beyond the row's replacement bits */
        pol(c, l, s);
}
