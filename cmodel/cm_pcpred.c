/* cm_pcpred: the PC-based bypass predictor L1 policy (SPEC 3.6; Tian et al., paper 001 sec. 3
 * and Listing 1) on top of the baseline lookup: a table of l1.pc_entries saturating counters
 * (flops, outside the rows), a PC hash per line (the row's hpc field), the prediction kept in
 * the MSHR and sent with the memory read, and the fill-time decision with the L2's bypass
 * bit. Works with any replacement policy and index function: it never reads replacement
 * state, and insertion goes through cm_l1_install like the baseline's. Loads only: stores
 * never reach this file.
 * Departures from Listing 1 (each also marked where it happens):
 *  - counters saturate at both ends (the listing writes a bare -- and ++);
 *  - the victim's counter is incremented when the fill installs the line (allocation on
 *    fill), not when the miss is looked up (the listing picks and punishes the victim at the
 *    miss, before the data returns);
 *  - the correction path (predicted, but the L2 returned b = 1) also increments the victim's
 *    counter, which the listing omits;
 *  - the L2 stores `prediction AND NOT b` on every read rather than clearing the bit (cm_l2). */
#include "cm_l1_int.h"

#include <stdlib.h>

cm_pc_state_t *cm_pc(cm_l1_t *m)
{
    assert(m->mech_ops == &cm_mech_pcpred);
    return m->mech;
}

static cm_pc_state_t *pcst(cm_l1_t *m) { return m->mech; }

static int pc_init(cm_l1_t *m)
{
    cm_pc_state_t *p = calloc(1, sizeof *p);
    m->mech = p;
    if (!p)
        return -1;
    p->table = calloc(m->cfg.pc_entries, 1);
    p->seen = calloc(m->cfg.pc_entries, sizeof *p->seen);
    p->seen_valid = calloc(m->cfg.pc_entries, 1);
    return p->table && p->seen && p->seen_valid ? 0 : -1;
}

static void pc_free(cm_l1_t *m)
{
    cm_pc_state_t *p = pcst(m);
    if (p) {
        free(p->table);
        free(p->seen);
        free(p->seen_valid);
        free(p);
    }
    m->mech = NULL;
}

/* The PC as the RTL sees it: l1.pc_bits wide. */
static uint64_t pc_cut(const cfg_l1_t *c, uint64_t pc)
{
    return c->pc_bits >= 64 ? pc : pc & ((UINT64_C(1) << c->pc_bits) - 1);
}

unsigned cm_pc_hash(const cfg_l1_t *c, uint64_t pc)
{
    unsigned k = cfg_log2(c->pc_entries);
    uint64_t x = pc_cut(c, pc) >> c->pc_hash_shift, mask = (UINT64_C(1) << k) - 1;
    unsigned h = 0;
    assert(k >= 1 && c->pc_hash_shift < 64);
    for (; x; x >>= k)
        h ^= (unsigned)(x & mask);
    return h;
}

static unsigned counter_max(const cm_l1_t *m) { return (1u << m->cfg.pc_counter_bits) - 1; }

static void table_write(cm_l1_t *m, unsigned idx, unsigned val, cm_result_t *res)
{
    assert(idx < m->cfg.pc_entries && val <= counter_max(m));
    pcst(m)->table[idx] = (uint8_t)val;
    res->mech.tbl_write = 1;
    res->mech.tbl_idx = (uint16_t)idx;
    res->mech.tbl_val = (uint8_t)val;
}

/* Coverage only: a load hashing into an entry last used by a different PC. */
static void note_pc(cm_l1_t *m, uint64_t pc, unsigned h, cm_result_t *res)
{
    uint64_t cut = pc_cut(&m->cfg, pc);
    cm_pc_state_t *p = pcst(m);
    if (p->seen_valid[h] && p->seen[h] != cut)
        res->paths |= CM_PATH_PC_ALIAS;
    p->seen[h] = cut;
    p->seen_valid[h] = 1;
}

static void pc_hit(cm_l1_t *m, const cm_req_t *q, unsigned set, unsigned way, cm_result_t *res)
{
    assert(!q->store);
    lay_l1_way_t *w = &m->rows[set].way[way];
    unsigned h = cm_pc_hash(&m->cfg, q->pc), old = w->hpc, c = pcst(m)->table[old];
    note_pc(m, q->pc, h, res);
    pcst(m)->hpc = (uint16_t)h;
    /* the last PC to touch this line led to a reuse. Listing 1 decrements without a floor;
     * the counter saturates at 0 (SPEC 3.6) */
    res->paths |= c ? CM_PATH_PC_HIT_DEC : CM_PATH_PC_HIT_FLOOR;
    table_write(m, old, c ? c - 1 : 0, res);
    w->hpc = (uint16_t)h;
}

static void pc_miss(cm_l1_t *m, const cm_req_t *q, unsigned mshr, cm_result_t *res)
{
    assert(!q->store && m->mshr[mshr].valid);
    unsigned h = cm_pc_hash(&m->cfg, q->pc);
    note_pc(m, q->pc, h, res);
    unsigned pred = pcst(m)->table[h] >= m->cfg.pc_threshold;
    /* Listing 1 also picks the victim here and increments its counter when the prediction is
     * "keep"; this model decides insertion and the victim at fill time (below), when the
     * L2's bypass bit is known, so the table is not touched by a miss lookup. */
    m->mshr[mshr].pred = (uint8_t)pred;
    m->mshr[mshr].hpc = (uint16_t)h;
    res->pred = (uint8_t)pred;
    pcst(m)->hpc = (uint16_t)h;
    res->paths |= pred ? CM_PATH_PC_PREDICT_BYPASS : CM_PATH_PC_PREDICT_KEEP;
}

static void pc_fill(cm_l1_t *m, unsigned mshr, const bv_t *data, unsigned bbit, cm_result_t *res)
{
    assert(bbit <= 1);
    const cm_mshr_t *e = &m->mshr[mshr];
    unsigned set;
    uint64_t addr = cm_l1_fill_take(m, mshr, data, res, &set);
    lay_l1_row_t *r = &m->rows[set];
    res->vbit = (uint8_t)bbit;
    res->pred = e->pred;
    pcst(m)->hpc = e->hpc;

    if (e->pred && !bbit) {
        res->dec = DEC_FILL_BYPASS;
        res->status = ST_BYPASS;
        res->paths |= CM_PATH_PC_BYPASSED;
        cm_l1_count(m, CNT_BYPASSES);
        return;
    }
    /* b = 1 on a predicted fill: the line's last read was bypassed (by any L1) and it came
     * back while still in the L2, so the prediction was probably wrong; insert it instead. */
    if (e->pred)
        res->paths |= CM_PATH_PC_CORRECTED;
    unsigned way = cm_l1_install(m, set, addr, data, res);
    if (res->evict_valid) {
        /* the victim left without a reuse since its last touch: punish that PC. Departures
         * from Listing 1: done here at fill time (allocation on fill), and on the correction
         * path too, where the listing installs without updating the victim's counter */
        unsigned v = r->way[way].hpc, c = pcst(m)->table[v];
        res->paths |= CM_PATH_PC_INSERT_VALID;
        if (c == counter_max(m))
            res->paths |= CM_PATH_PC_SATURATED;
        table_write(m, v, c < counter_max(m) ? c + 1 : c, res);
    } else {
        res->paths |= CM_PATH_PC_INSERT_INVALID;
    }
    r->way[way].hpc = e->hpc;
    res->dec = DEC_FILL;
    res->status = ST_MISS;
}

/* The shadow that counts false positives: the same L1 without the predictor (SPEC 3.6). */
static void pp_shadow(cfg_t *c) { c->l1.mode = MODE_BASELINE; }

const cm_mech_ops_t cm_mech_pcpred = {
    .name = "pcpred",
    .init = pc_init,
    .free = pc_free,
    .load_hit = pc_hit,
    .load_miss = pc_miss,
    .fill = pc_fill,
    .l2_hint = CM_HINT_BBIT,
    .shadow = pp_shadow,
    .pc_keyed = 1,
    .alone = "cachesim runs one L1 without the L2 that returns bypass bits",
};
