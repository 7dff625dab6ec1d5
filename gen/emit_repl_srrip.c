/* emit_repl_srrip: static RRIP on n-bit RRPVs per way, as cmodel/cm_repl_srrip.c: the victim is
 * the lowest way at the largest RRPV, and a fill into a full set first ages every way by what
 * brings that one to 2^n-1 (the decoupled store ages its eligible ways when a reservation
 * evicts); a hit sets 0, a fill inserts at 2^n-2 (G-Cache: by hint_i; the L2's drrip: x->ins).
 * With prefer_on (TAP-RRIP's GPU-first victim) a preferred way at the top RRPV goes first.
 * Up to 8 RRPV values the victim is not found as the row's maximum and then the lowest way
 * equal to it (a tree of compares and muxes, then a compare and a priority search after it:
 * 35 levels for TAP-RRIP's 32-way L2, issue 40): for every value at once, whether some way
 * holds it and the lowest way that does (one-hot); the largest value present picks one of
 * them. The same way: the lowest way at the largest RRPV. */
#include "emit_repl.h"
#include "ir_lib.h"

/* RRPV widths up to this many bits get the per-value victim (2^bits searches side by side). */
#define SRRIP_PER_VALUE_BITS 3

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

/* Per RRPV value v (all at once): rrpv_lo<v>_oh, the lowest way at v (its conditions,
 * rrpv_lo<v>_oh_c, are the ways at v), and with prefer_on rrpv_pf<v>_oh, the lowest preferred
 * way at v; rrpv_at (one-hot over values), the largest value some way holds. victim_oh is
 * the lowest (preferred, when prefer_on and one is there) way at that value; rrpv_top its
 * number and rrpv_add what ages it to max, as emit_srrip_top's. */
static void srrip_victim_per_value(emit_t *e, const emit_ways_t *x)
{
    unsigned n = x->ways, R = x->repl_bits, nv = 1u << R;
    char name[32], cond[160];
    if (x->prefer_on) {
        emit_line(e, "wire [%u:0] rrpv_pref; // the ways TAP-RRIP's victim takes first", n - 1);
        for (unsigned i = 0; i < n; i++) {
            snprintf(cond, sizeof cond, x->prefer_fmt, i);
            emit_line(e, "assign rrpv_pref[%u] = %s;", i, cond);
        }
    }
    /* rrpv_is<v>: the ways at value v, one loop over the ways for every value */
    {
        const char *names[1u << SRRIP_PER_VALUE_BITS], *values[1u << SRRIP_PER_VALUE_BITS];
        ir_module_t m;
        ir_piece_begin_at(&m, e);
        for (unsigned v = 0; v < nv; v++) {
            names[v] = ir_fmt(&m, "rrpv_is%u", v);
            values[v] = ir_fmt(&m, "%s", emit_const(R, v));
        }
        ir_way_repl_eq(&m, &m.body, n, R, nv, names, values, "rrpv_is");
        ir_piece_print(e, &m);
    }
    emit_line(e, "wire [%u:0] rrpv_has; // per value: some way holds it", nv - 1);
    if (x->prefer_on)
        emit_line(e, "wire [%u:0] rrpv_has_pf; // per value: some preferred way holds it", nv - 1);
    for (unsigned v = 0; v < nv; v++) {
        snprintf(name, sizeof name, "rrpv_lo%u_oh", v);
        snprintf(cond, sizeof cond, "rrpv_is%u[%%u]", v);
        emit_lowest_oh(e, name, n, cond);
        emit_line(e, "assign rrpv_has[%u] = |rrpv_lo%u_oh_c;", v, v);
        if (x->prefer_on) {
            emit_line(e, "wire [%u:0] rrpv_pf%u = rrpv_lo%u_oh_c & rrpv_pref;", n - 1, v, v);
            snprintf(name, sizeof name, "rrpv_pf%u_oh", v);
            snprintf(cond, sizeof cond, "rrpv_pf%u[%%u]", v);
            emit_lowest_oh(e, name, n, cond);
            emit_line(e, "assign rrpv_has_pf[%u] = |rrpv_pf%u;", v, v);
        }
    }
    emit_line(e, "wire [%u:0] rrpv_at; // one-hot: the largest value some way holds", nv - 1);
    emit_line(e, "assign rrpv_at[%u] = rrpv_has[%u];", nv - 1, nv - 1);
    for (unsigned v = 0; v + 1 < nv; v++)
        emit_line(e, "assign rrpv_at[%u] = rrpv_has[%u] & ~|rrpv_has[%u:%u];", v, v, nv - 1,
                  v + 1);
    emit_encode_oh(e, "rrpv_top", "rrpv_at", nv, R);
    emit_line(e, "wire %srrpv_add = %s - rrpv_top;", emit_range(R), emit_const(R, nv - 1));
    const char *out = x->prefer_on ? "victim_any_oh" : "victim_oh";
    emit_line(e, "reg [%u:0] %s;", n - 1, out);
    emit_pick_oh(e, out, n, "rrpv_at", nv, "rrpv_lo%u_oh");
    if (!x->prefer_on)
        return;
    emit_line(e, "reg [%u:0] victim_pref_oh;", n - 1);
    emit_pick_oh(e, "victim_pref_oh", n, "rrpv_at", nv, "rrpv_pf%u_oh");
    emit_line(e, "wire [%u:0] victim_oh = %s & |(rrpv_at & rrpv_has_pf) ? victim_pref_oh : "
                 "victim_any_oh;", n - 1, x->prefer_on);
}

static void srrip_victim(emit_t *e, const emit_ways_t *x)
{
    unsigned n = x->ways;
    if (x->repl_bits <= SRRIP_PER_VALUE_BITS) {
        srrip_victim_per_value(e, x);
        return;
    }
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
