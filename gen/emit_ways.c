/* emit_ways: way selection and replacement updates shared by the L1 and L2 lookup modules.
 * Every selection is a tree (depth grows with log2(ways)): the chosen way travels as a one-hot
 * vector, fields of the chosen way are picked by AND-OR, and per-way updates test one bit of
 * the vector instead of comparing a way number. Policies mirror cmodel/cm_repl_*.c. */
#include "emit_l1.h"

/* Emit a priority encoder: `out` (width bits) = lowest index i < n with `cond_fmt` (%u = i)
 * true, else 0. A tree: each level pairs nodes (any, index) and keeps the lower one that has a
 * true leaf, so the depth grows with log2(n), not n. */
void emit_lowest_n(emit_t *e, const char *label, const char *out, unsigned n, unsigned width,
                   const char *cond_fmt)
{
    char cond[128];
    if (n == 1) { /* one candidate; its condition keeps the block sensitive to something */
        snprintf(cond, sizeof cond, cond_fmt, 0u);
        emit_line(e, "always @* begin : %s", label);
        emit_in(e);
        emit_line(e, "%s = %s;", out, emit_const(width, 0));
        emit_line(e, "if (%s) %s = %s;", cond, out, emit_const(width, 0));
        emit_out(e);
        emit_line(e, "end");
        return;
    }
    unsigned levels = 0;
    while ((1u << levels) < n)
        levels++;
    for (unsigned i = 0; i < (1u << levels); i++) {
        snprintf(cond, sizeof cond, cond_fmt, i);
        emit_line(e, "wire %s_a0_%u = %s;", label, i, i < n ? cond : "1'b0");
    }
    for (unsigned k = 1; k <= levels; k++) {
        for (unsigned i = 0; i < (1u << (levels - k)); i++) {
            unsigned lo = 2 * i, hi = 2 * i + 1;
            emit_line(e, "wire %s_a%u_%u = %s_a%u_%u | %s_a%u_%u;", label, k, i, label, k - 1, lo,
                      label, k - 1, hi);
            if (k == 1)
                emit_line(e, "wire %s_i1_%u = ~%s_a0_%u;", label, i, label, lo);
            else
                emit_line(e, "wire [%u:0] %s_i%u_%u = %s_a%u_%u ? {1'b0, %s_i%u_%u} : {1'b1, %s_i%u_%u};",
                          k - 1, label, k, i, label, k - 1, lo, label, k - 1, lo, label, k - 1, hi);
        }
    }
    if (width > levels)
        emit_line(e, "always @* %s = %s_a%u_0 ? {%s, %s_i%u_0} : %s;", out, label, levels,
                  emit_const(width - levels, 0), label, levels, emit_const(width, 0));
    else
        emit_line(e, "always @* %s = %s_a%u_0 ? %s_i%u_0 : %s;", out, label, levels, label,
                  levels, emit_const(width, 0));
}

/* Emit `out` (n bits, declared here, with its conditions in `out`_c): the one-hot of the
 * lowest i < n with `cond_fmt` true, or bit 0 when none is (as emit_lowest_n gives index 0).
 * Bit i tests the OR of the conditions below it, from a parallel prefix (log2(n) deep). */
void emit_lowest_oh(emit_t *e, const char *out, unsigned n, const char *cond_fmt)
{
    char cond[128];
    emit_line(e, "wire [%u:0] %s_c;", n - 1, out);
    emit_line(e, "wire [%u:0] %s;", n - 1, out);
    for (unsigned i = 0; i < n; i++) {
        snprintf(cond, sizeof cond, cond_fmt, i);
        emit_line(e, "assign %s_c[%u] = %s;", out, i, cond);
    }
    if (n == 1) {
        emit_line(e, "assign %s = 1'b1;", out);
        return;
    }
    /* Sklansky parallel prefix: after level k, bit i is the OR of the conditions from the
     * start of its 2^k-aligned block to i. Written out so synthesis cannot share the
     * prefixes into a chain (one OR per index, n - 1 deep) to save area. */
    unsigned levels = 0;
    while ((1u << levels) < n)
        levels++;
    emit_line(e, "wire [%u:0] %s_p0 = %s_c;", n - 1, out, out);
    for (unsigned k = 0; k < levels; k++) {
        emit_line(e, "wire [%u:0] %s_p%u;", n - 1, out, k + 1);
        for (unsigned i = 0; i < n; i++) {
            if (i >> k & 1)
                emit_line(e, "assign %s_p%u[%u] = %s_p%u[%u] | %s_p%u[%u];", out, k + 1, i, out, k,
                          i, out, k, ((i >> k) << k) - 1);
            else
                emit_line(e, "assign %s_p%u[%u] = %s_p%u[%u];", out, k + 1, i, out, k, i);
        }
    }
    emit_line(e, "assign %s[0] = %s_c[0] | ~%s_p%u[%u];", out, out, out, levels, n - 1);
    for (unsigned i = 1; i < n; i++)
        emit_line(e, "assign %s[%u] = %s_c[%u] & ~%s_p%u[%u];", out, i, out, i, out, levels, i - 1);
}

void emit_best_oh(emit_t *e, const char *out, unsigned n, const char *cand_fmt,
                  const char *not_cand_fmt, const char *field_fmt, int largest)
{
    char cond[4096], a[96], b[96], c[96];
    emit_line(e, "wire [%u:0] %s_c; // the winner, none if no candidate", n - 1, out);
    for (unsigned i = 0; i < n; i++) {
        snprintf(c, sizeof c, cand_fmt, i);
        int len = snprintf(cond, sizeof cond, "%s", c);
        for (unsigned j = 0; j < n; j++) {
            if (j == i)
                continue;
            snprintf(a, sizeof a, field_fmt, i);
            snprintf(b, sizeof b, field_fmt, j);
            snprintf(c, sizeof c, not_cand_fmt, j);
            /* a lower candidate wins a tie: i must beat it strictly */
            const char *op = largest ? (j < i ? ">" : ">=") : (j < i ? "<" : "<=");
            len += snprintf(cond + len, sizeof cond - (size_t)len, " & (%s | (%s %s %s))", c, a,
                            op, b);
        }
        emit_line(e, "assign %s_c[%u] = %s;", out, i, cond);
    }
    emit_line(e, "wire [%u:0] %s = {%s_c[%u:1], %s_c[0] | ~|%s_c};", n - 1, out, out, n - 1, out,
              out);
}

/* SRRIP: rrpv_top, the largest RRPV of the row, by a tree of pairwise maxima. */
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

void emit_encode_oh(emit_t *e, const char *out, const char *oh, unsigned n, unsigned bits)
{
    emit_line(e, "wire %s%s;", emit_range(bits), out);
    for (unsigned j = 0; j < bits; j++) {
        char terms[4096];
        int len = 0;
        for (unsigned i = 0; i < n; i++)
            if (i >> j & 1)
                len += snprintf(terms + len, sizeof terms - (size_t)len, "%s%s[%u]",
                                len ? ", " : "", oh, i);
        if (len)
            emit_line(e, "assign %s[%u] = |{%s};", out, j, terms);
        else
            emit_line(e, "assign %s[%u] = 1'b0;", out, j);
    }
}

void emit_pick_oh(emit_t *e, const char *out, unsigned width, const char *oh, unsigned n,
                  const char *field_fmt)
{
    char field[96];
    emit_line(e, "always @* %s =", out);
    emit_in(e);
    for (unsigned i = 0; i < n; i++) {
        snprintf(field, sizeof field, field_fmt, i);
        emit_line(e, "%s{%u{%s[%u]}} & %s%s", i ? "| " : "  ", width, oh, i, field,
                  i + 1 < n ? "" : ";");
    }
    emit_out(e);
}

void emit_ways_select(emit_t *e, const emit_ways_t *x)
{
    unsigned n = x->ways;
    if (n == 1) {
        emit_line(e, "wire [0:0] sel_oh = 1'b1;");
        emit_line(e, "wire [0:0] sel_way = 1'b0;");
        return;
    }
    /* A set never holds a line twice (a line is filled only after a lookup missed it, and a
     * second miss to it waits for the first fill), so `match` is already one-hot or zero: no
     * lowest-index search follows the tag compare. A row that broke this would differ from
     * the C model's (lowest way) and fail lockstep. */
    emit_line(e, "wire [%u:0] hit_oh = {match[%u:1], match[0] | ~|match}; // one-hot: see above",
              n - 1, n - 1);
    emit_lowest_oh(e, "invalid_oh", n, "!valid[%u]");
    char cond[96];
    switch (x->policy) {
    case WAYS_LRU:
        snprintf(cond, sizeof cond, "w%%u_repl == %s", emit_const(x->repl_bits, n - 1));
        emit_lowest_oh(e, "victim_oh", n, cond);
        break;
    case WAYS_SRRIP:
        emit_srrip_top(e, x);
        if (!x->prefer_on) {
            emit_lowest_oh(e, "victim_oh", n, "w%u_repl == rrpv_top");
            break;
        }
        emit_lowest_oh(e, "victim_any_oh", n, "w%u_repl == rrpv_top");
        snprintf(cond, sizeof cond, "(w%%u_repl == rrpv_top) & %s", x->prefer_fmt);
        emit_lowest_pref(e, n, cond, x->prefer_on);
        break;
    case WAYS_EXTERN: /* the module drives victim_oh (the L2's UCP victim) */
        break;
    case WAYS_PLRU: /* the module walked its tree into victim_way */
        emit_line(e, "wire [%u:0] victim_oh;", n - 1);
        for (unsigned i = 0; i < n; i++)
            emit_line(e, "assign victim_oh[%u] = victim_way == %s;", i, emit_const(x->way_bits, i));
        break;
    }
    emit_line(e, "wire [%u:0] sel_oh = is_fill ? (any_invalid ? invalid_oh : victim_oh) : hit_oh;",
              n - 1);
    emit_encode_oh(e, "sel_way", "sel_oh", n, x->way_bits);
}

void emit_ways_pick(emit_t *e, const emit_ways_t *x, const char *out, unsigned width,
                    const char *field)
{
    char fmt[64];
    snprintf(fmt, sizeof fmt, "w%%u_%s", field);
    emit_pick_oh(e, out, width, "sel_oh", x->ways, fmt);
}

/* LRU: the chosen way gets age 0, younger ways age by one (touch and insert alike). Way w is
 * younger than the chosen way (w_repl < sel_age) when its compare against that way holds:
 * every pair is compared beside the lookup, so only an AND-OR follows the selection. */
void emit_ways_lru_younger(emit_t *e, const emit_ways_t *x)
{
    char terms[4096];
    for (unsigned w = 0; w < x->ways; w++) {
        int n = 0;
        for (unsigned v = 0; v < x->ways; v++)
            if (v != w)
                n += snprintf(terms + n, sizeof terms - (size_t)n, "%s(sel_oh[%u] & (w%u_repl < w%u_repl))",
                              n ? " | " : "", v, w, v);
        emit_line(e, "wire w%u_younger = %s;", w, terms);
    }
}

void emit_ways_update_lru(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "if (touch) begin");
    emit_in(e);
    for (unsigned w = 0; w < x->ways; w++) {
        emit_line(e, "if (sel_oh[%u]) w%u_repl_d = %s;", w, w, emit_const(x->repl_bits, 0));
        emit_line(e, "else if (w%u_younger) w%u_repl_d = w%u_repl + %s;", w, w, w,
                  emit_const(x->repl_bits, 1));
    }
    emit_out(e);
    emit_line(e, "end");
}

/* RRIP: a fill into a full set ages every way first; hit -> 0, insert -> `ins`. */
void emit_ways_update_rrip(emit_t *e, const emit_ways_t *x, const char *ins)
{
    emit_line(e, "if (is_fill & ~any_invalid) begin");
    emit_in(e);
    for (unsigned w = 0; w < x->ways; w++)
        emit_line(e, "w%u_repl_d = w%u_repl + rrpv_add;", w, w);
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (touch) begin");
    emit_in(e);
    for (unsigned w = 0; w < x->ways; w++)
        emit_line(e, "if (sel_oh[%u]) w%u_repl_d = is_fill ? %s : %s;", w, w, ins,
                  emit_const(x->repl_bits, 0));
    emit_out(e);
    emit_line(e, "end");
}

/* SRRIP: a fill into a full set ages every way first; hit -> 0, insert -> max-1. */
void emit_ways_update_srrip(emit_t *e, const emit_ways_t *x)
{
    unsigned max = (1u << x->repl_bits) - 1;
    char ins[64];
    if (x->insert_by_hint) /* G-Cache: cold lines (victim bit 0) at max, others max-1 */
        snprintf(ins, sizeof ins, "(hint_i ? %s : %s)", emit_const(x->repl_bits, max - 1),
                 emit_const(x->repl_bits, max));
    else
        snprintf(ins, sizeof ins, "%s", emit_const(x->repl_bits, max - 1));
    emit_ways_update_rrip(e, x, ins);
    if (x->insert_by_hint) {
        emit_line(e, "if (fill_bypass_o & age_i) begin // every way hot: none reaches max");
        emit_in(e);
        for (unsigned w = 0; w < x->ways; w++)
            emit_line(e, "w%u_repl_d = w%u_repl + %s;", w, w, emit_const(x->repl_bits, 1));
        emit_out(e);
        emit_line(e, "end");
    }
}

