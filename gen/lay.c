/* lay: layouts derived from the configuration; pack/unpack of metadata rows. */
#include "lay.h"

#include <stdio.h>
#include <string.h>

const char *const lay_counter_names[CNT_COUNT] = {
    "accesses", "hits", "misses", "bypasses", "fills", "evictions", "rsv_fails", "stall_cycles"};

void lay_l1_build(const cfg_l1_t *c, lay_l1_t *l)
{
    memset(l, 0, sizeof *l);
    l->ways = c->ways;
    l->sets = c->sets;
    l->off_bits = cfg_log2(c->line_bytes);
    l->set_bits = cfg_log2(c->sets);
    l->tag_bits = c->addr_bits - l->off_bits - l->set_bits;
    l->way_bits = c->ways > 1 ? cfg_log2(c->ways) : 1;
    if (c->ways > 1 && c->repl == REPL_LRU)
        l->repl_bits = cfg_log2(c->ways);
    else if (c->ways > 1 && c->repl == REPL_SRRIP)
        l->repl_bits = c->rrpv_bits;
    l->plru_bits = (c->ways > 1 && c->repl == REPL_PLRU) ? c->ways - 1 : 0;
    l->way_stride = 1 + l->tag_bits + l->repl_bits;
    l->plru_lsb = c->ways * l->way_stride;
    l->row_bits = l->plru_lsb + l->plru_bits;
    l->line_bits = 8 * c->line_bytes;
    l->line_addr_bits = c->addr_bits - l->off_bits;
    l->mshr_bits = c->mshrs > 1 ? cfg_log2(c->mshrs) : 1;
    assert(l->row_bits <= BV_MAX_BITS && l->line_bits <= BV_MAX_BITS);
}

void lay_l1_pack(const lay_l1_t *l, const lay_l1_row_t *r, bv_t *out)
{
    bv_zero(out);
    for (unsigned w = 0; w < l->ways; w++) {
        bv_put(out, lay_valid_lsb(l, w), 1, r->way[w].valid);
        bv_put(out, lay_tag_lsb(l, w), l->tag_bits, r->way[w].tag);
        if (l->repl_bits)
            bv_put(out, lay_repl_lsb(l, w), l->repl_bits, r->way[w].repl);
    }
    if (l->plru_bits)
        bv_put(out, l->plru_lsb, l->plru_bits, r->plru);
}

void lay_l1_unpack(const lay_l1_t *l, const bv_t *in, lay_l1_row_t *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned w = 0; w < l->ways; w++) {
        r->way[w].valid = (uint8_t)bv_get(in, lay_valid_lsb(l, w), 1);
        r->way[w].tag = bv_get(in, lay_tag_lsb(l, w), l->tag_bits);
        if (l->repl_bits)
            r->way[w].repl = (uint8_t)bv_get(in, lay_repl_lsb(l, w), l->repl_bits);
    }
    if (l->plru_bits)
        r->plru = (uint32_t)bv_get(in, l->plru_lsb, l->plru_bits);
}

void lay_l1_reset_row(const cfg_l1_t *c, const lay_l1_t *l, lay_l1_row_t *r)
{
    memset(r, 0, sizeof *r);
    if (c->repl == REPL_LRU && l->repl_bits)
        for (unsigned w = 0; w < l->ways; w++)
            r->way[w].repl = (uint8_t)w;
}

int lay_l1_field(const lay_l1_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                 unsigned *width)
{
    unsigned per_way = l->repl_bits ? 3 : 2;
    if (i < l->ways * per_way) {
        unsigned w = i / per_way, f = i % per_way;
        static const char *const fname[] = {"valid", "tag", "repl"};
        snprintf(name, len, "w%u.%s", w, fname[f]);
        *lsb = f == 0 ? lay_valid_lsb(l, w) : f == 1 ? lay_tag_lsb(l, w) : lay_repl_lsb(l, w);
        *width = f == 0 ? 1 : f == 1 ? l->tag_bits : l->repl_bits;
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
    s->mshr_flops = (unsigned long long)c->mshrs * (1 + l->line_addr_bits + c->id_bits);
}
