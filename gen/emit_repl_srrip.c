/* emit_repl_srrip: static RRIP on n-bit RRPVs per way, as cmodel/cm_repl_srrip.c: the victim is
 * the lowest way at the largest RRPV, and a fill into a full set first ages every way by what
 * brings that one to 2^n-1 (the decoupled store ages its eligible ways when a reservation
 * evicts); a hit sets 0, a fill inserts at 2^n-2 (G-Cache: by hint_i; the L2's drrip: x->ins).
 * With prefer_on (TAP-RRIP's GPU-first victim) a preferred way at the top RRPV goes first. */
#include "emit_repl.h"

/* rrpv_top, the largest RRPV of the row, by a tree of pairwise maxima; rrpv_add ages it to max. */
static void emit_srrip_top(emit_t *e, const emit_ways_t *x)
{
    const char *r = emit_range(x->repl_bits);
    unsigned n = x->ways;
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "wire %srrpv_max0_%u = w%u_repl;", r, i, i);
    unsigned k = 0;
    for (; n > 1; n = (n + 1) / 2, k++)
        for (unsigned i = 0; i < (n + 1) / 2; i++) {
            if (2 * i + 1 < n)
                emit_line(e, "wire %srrpv_max%u_%u = rrpv_max%u_%u > rrpv_max%u_%u ? rrpv_max%u_%u : "
                             "rrpv_max%u_%u;", r, k + 1, i, k, 2 * i, k, 2 * i + 1, k, 2 * i, k,
                          2 * i + 1);
            else
                emit_line(e, "wire %srrpv_max%u_%u = rrpv_max%u_%u;", r, k + 1, i, k, 2 * i);
        }
    emit_line(e, "wire %srrpv_top = rrpv_max%u_0;", r, k);
    emit_line(e, "wire %srrpv_add = %s - rrpv_top;", r,
              emit_const(x->repl_bits, (1u << x->repl_bits) - 1));
}

/* The preferred victim: victim_pref_oh, the lowest way meeting cond_fmt (which names way %u
 * twice), is the victim when `on` and some way meets it; else victim_any_oh. */
static void emit_lowest_pref(emit_t *e, unsigned n, const char *cond_fmt, const char *on)
{
    char cond[160];
    emit_line(e, "wire [%u:0] victim_pref;", n - 1);
    for (unsigned i = 0; i < n; i++) {
        snprintf(cond, sizeof cond, cond_fmt, i, i);
        emit_line(e, "assign victim_pref[%u] = %s;", i, cond);
    }
    emit_lowest_oh(e, "victim_pref_oh", n, "victim_pref[%u]");
    emit_line(e, "wire [%u:0] victim_oh = %s & |victim_pref ? victim_pref_oh : victim_any_oh;",
              n - 1, on);
}

static void srrip_victim(emit_t *e, const emit_ways_t *x)
{
    unsigned n = x->ways;
    emit_srrip_top(e, x);
    if (!x->prefer_on) {
        emit_lowest_oh(e, "victim_oh", n, "w%u_repl == rrpv_top");
        return;
    }
    emit_lowest_oh(e, "victim_any_oh", n, "w%u_repl == rrpv_top");
    char cond[96];
    snprintf(cond, sizeof cond, "(w%%u_repl == rrpv_top) & %s", x->prefer_fmt);
    emit_lowest_pref(e, n, cond, x->prefer_on);
}

/* The eligible way with the largest RRPV; the eligible ways then age by max - its RRPV. */
static void srrip_victim_masked(emit_t *e, const emit_ways_t *x)
{
    unsigned R = x->repl_bits;
    emit_ways_victim_largest(e, x);
    emit_line(e, "reg %svictim_repl; // 0 when none is eligible", emit_range(R));
    emit_pick_oh(e, "victim_repl", R, "victim_oh_c", x->ways, "w%u_repl");
    emit_line(e, "wire %srrpv_add = %s - victim_repl;", emit_range(R),
              emit_const(R, (1u << R) - 1));
}

/* A touch: the chosen way's RRPV to `ins` on a fill, to 0 on a hit. */
static void touch_block(emit_t *e, const emit_ways_t *x, const char *comment, const char *ins)
{
    char head[64], line[128];
    snprintf(head, sizeof head, "if (touch) begin%s", comment);
    snprintf(line, sizeof line, "if (sel_oh[%%u]) w%%u_repl_d = is_fill ? %s : %s;", ins,
             emit_const(x->repl_bits, 0));
    emit_block_each(e, head, x->ways, line);
}

/* A fill into a full set ages every way first; then the touch. */
static void srrip_update(emit_t *e, const emit_ways_t *x)
{
    unsigned max = (1u << x->repl_bits) - 1;
    char ins[64], line[64];
    if (x->ins)
        snprintf(ins, sizeof ins, "%s", x->ins);
    else if (x->insert_by_hint) /* G-Cache: cold lines (victim bit 0) at max, others max-1 */
        snprintf(ins, sizeof ins, "(hint_i ? %s : %s)", emit_const(x->repl_bits, max - 1),
                 emit_const(x->repl_bits, max));
    else
        snprintf(ins, sizeof ins, "%s", emit_const(x->repl_bits, max - 1));
    emit_block_each(e, "if (is_fill & ~any_invalid) begin", x->ways,
                    "w%u_repl_d = w%u_repl + rrpv_add;");
    touch_block(e, x, "", ins);
    if (x->insert_by_hint) {
        snprintf(line, sizeof line, "w%%u_repl_d = w%%u_repl + %s;", emit_const(x->repl_bits, 1));
        emit_block_each(e, "if (fill_bypass_o & age_i) begin // every way hot: none reaches max",
                        x->ways, line);
    }
}

static void srrip_age_masked(emit_t *e, const emit_ways_t *x)
{
    emit_block_each(e, "if (evict_o) begin // the eligible lines age until the victim is at max",
                    x->ways, "if (eligible[%u]) w%u_repl_d = w%u_repl + rrpv_add;");
}

static void srrip_update_masked(emit_t *e, const emit_ways_t *x)
{
    char ins[32];
    snprintf(ins, sizeof ins, "%s", emit_const(x->repl_bits, (1u << x->repl_bits) - 2));
    touch_block(e, x, " // SRRIP: hit -> 0, fill -> max-1", ins);
}

const emit_repl_t emit_repl_srrip = {
    .victim_oh = srrip_victim,
    .victim_masked = srrip_victim_masked,
    .update = srrip_update,
    .age_masked = srrip_age_masked,
    .update_masked = srrip_update_masked,
};
