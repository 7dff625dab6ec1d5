/* lay_l2_pol: what each L2 policy keeps beyond the row's replacement bits, one row per
 * l2.replacement (lay_l2.h, lay_l2_pol_storage): its widths (UCP's lay_l2_ucp) and its storage
 * closed form. A new policy adds its functions and one line to the table; NULL: no state of
 * its own. */
#include "lay_l2.h"

#include <assert.h>

void lay_l2_ucp(const cfg_t *c, const lay_l2_t *l, lay_l2_ucp_t *u)
{
    u->apps = cfg_l2_apps(c);
    u->ways = l->ways;
    u->entry_bits = lay_l2_atd_entry_bits(l);
    u->row_bits = u->ways * u->entry_bits;
    u->idx_bits = c->l2.umon_sets > 1 ? cfg_log2(c->l2.umon_sets) : 1;
    u->app_bits = l->obits;
    u->cnt_bits = c->l2.umon_counter_bits;
    u->alloc_bits = cfg_count_bits(l->ways);
    u->sum_bits = u->cnt_bits + u->alloc_bits;
    u->prod_bits = u->sum_bits + u->alloc_bits;
    u->period_bits = cfg_count_bits(c->tap.period - 1);
    u->fsm_state_bits = 3;
    u->cand_bits = 1 + u->apps + 2 * u->ways + 2 * u->apps * u->ways;
    u->div_bit_bits = u->cnt_bits > 1 ? cfg_count_bits(u->cnt_bits - 1) : 1;
    u->div_ctr_bits = cfg_count_bits(u->ways - 1);
}

/* DRRIP: apps x l2.psel_bits PSELs and the BRRIP counter. */
static void drrip_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    (void)l;
    s->drrip_flops = (unsigned long long)cfg_l2_apps(c) * c->l2.psel_bits + LAY_L2_BRRIP_BITS;
}

/* UCP: the UMONs' ATDs, the hit counters and their snapshot, the allocation, the lookahead
 * FSM with the period counter, the ATD's forwarding copy and a fill's registered victim choice
 * (its flags and candidates, cand_bits), the decided request's application one-hot and the
 * pending count (the last access's app and LRU position, one-hot). */
static void ucp_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    lay_l2_ucp_t u;
    lay_l2_ucp(c, l, &u);
    s->ucp_atd_sram = (unsigned long long)u.apps * c->l2.umon_sets * u.row_bits;
    s->ucp_hit_flops = 2ULL * u.apps * u.ways * u.cnt_bits;
    s->ucp_alloc_flops = (unsigned long long)u.apps * u.alloc_bits;
    s->ucp_fsm_flops = u.fsm_state_bits + 2 * u.app_bits + 4 * u.alloc_bits +
                       3 * u.sum_bits + 2 * u.prod_bits + u.apps * u.alloc_bits +
                       u.period_bits + 2 + u.app_bits + u.idx_bits + u.row_bits +
                       u.cand_bits + 1 + /* the fill's victim choice and its ready bit */
                       u.apps + /* the decided request's application, one-hot */
                       u.apps + u.ways; /* the access counted next cycle: app, position */
}

/* TAP's controller (gen/emit_tap.c): its counts and its decision (lay_l2_storage_t). */
static void tap_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    s->tap_count_flops = cfg_count_bits(c->tap.period - 1) + 20ULL * (2 + cfg_l2_apps(c)) +
                         20 + 1 + l->obits;
    s->tap_decide_flops = 4 + 4 * 20 + 2 * 20 + 2 * 27 + 2 + 20 + 2 * 10 + 2 + 10;
}

/* TAP-RRIP: DRRIP's state and TAP's controller. */
static void tap_rrip_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    drrip_storage(c, l, s);
    tap_storage(c, l, s);
}

/* TAP-UCP: UCP's state, TAP's controller, and its own wait (4), divider running (1), the
 * divider's quotient-bit and counter counts, its 10-bit remainder, the lookahead's XSRATIO
 * (10) and UCP-Mask (1). */
static void tap_ucp_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s)
{
    lay_l2_ucp_t u;
    lay_l2_ucp(c, l, &u);
    ucp_storage(c, l, s);
    s->tap_ucp_flops = 4 + 1 + u.div_bit_bits + u.div_ctr_bits + 10 + 10 + 1;
    tap_storage(c, l, s);
}

static lay_l2_pol_storage_fn *const lay_l2_pols[] = {
    [L2_REPL_LRU] = NULL,
    [L2_REPL_SRRIP] = NULL,
    [L2_REPL_DRRIP] = drrip_storage,
    [L2_REPL_UCP] = ucp_storage,
    [L2_REPL_TAP_RRIP] = tap_rrip_storage,
    [L2_REPL_TAP_UCP] = tap_ucp_storage,
    [L2_REPL_PLRU] = NULL,
    [L2_REPL_FIFO] = NULL,
};

lay_l2_pol_storage_fn *lay_l2_pol_storage(cfg_l2_repl_t r)
{
    assert((unsigned)r < sizeof lay_l2_pols / sizeof lay_l2_pols[0]);
    return lay_l2_pols[r];
}
