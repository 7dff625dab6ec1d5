/* emit_ways: way selection shared by the L1, decoupled and L2 lookup modules, and the pieces
 * their replacement policies share.
 * Every selection is a tree (depth grows with log2(ways)): the chosen way travels as a one-hot
 * vector, fields of the chosen way are picked by AND-OR, and per-way updates test one bit of
 * the vector instead of comparing a way number. The replacement policies' own logic is one
 * file each behind emit_repl.h (emit_repl_*.c); this file names none. */
#include "emit_repl.h"

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
 * With n = 1 that bit is 1 and no conditions are emitted (a 1-entry table lints clean).
 * Bit i tests the OR of the conditions below it, from a parallel prefix (log2(n) deep). */
void emit_lowest_oh(emit_t *e, const char *out, unsigned n, const char *cond_fmt)
{
    char cond[128];
    if (n == 1) { /* the one bit is set either way: no conditions, so no wire nothing reads */
        emit_line(e, "wire [0:0] %s;", out);
        emit_line(e, "assign %s = 1'b1;", out);
        return;
    }
    emit_line(e, "wire [%u:0] %s_c;", n - 1, out);
    emit_line(e, "wire [%u:0] %s;", n - 1, out);
    for (unsigned i = 0; i < n; i++) {
        snprintf(cond, sizeof cond, cond_fmt, i);
        emit_line(e, "assign %s_c[%u] = %s;", out, i, cond);
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
    EMIT_REPL(victim_way, e, x);
    /* A set never holds a line twice (a line is filled only after a lookup missed it, and a
     * second miss to it waits for the first fill), so `match` is already one-hot or zero: no
     * lowest-index search follows the tag compare. A row that broke this would differ from
     * the C model's (lowest way) and fail lockstep. */
    emit_line(e, "wire [%u:0] hit_oh = {match[%u:1], match[0] | ~|match}; // one-hot: see above",
              n - 1, n - 1);
    emit_lowest_oh(e, "invalid_oh", n, "!valid[%u]");
    if (!x->victim_extern) { /* else the module drives victim_oh (the L2's UCP victim) */
        if (x->repl->victim_way) /* the policy drove victim_way above */
            emit_ways_victim_decode(e, x);
        else
            x->repl->victim_oh(e, x);
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

void emit_block_each(emit_t *e, const char *head, unsigned n, const char *line_fmt)
{
    char line[256];
    emit_line(e, "%s", head);
    emit_in(e);
    for (unsigned i = 0; i < n; i++) {
        snprintf(line, sizeof line, line_fmt, i, i, i);
        emit_line(e, "%s", line);
    }
    emit_out(e);
    emit_line(e, "end");
}

void emit_ways_victim_decode(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "wire [%u:0] victim_oh;", x->ways - 1);
    for (unsigned i = 0; i < x->ways; i++)
        emit_line(e, "assign victim_oh[%u] = victim_way == %s;", i, emit_const(x->way_bits, i));
}

/* Way w wins every pairwise compare, all made at once. */
void emit_ways_victim_largest(emit_t *e, const emit_ways_t *x)
{
    emit_best_oh(e, "victim_oh", x->ways, "eligible[%u]", "!eligible[%u]", "w%u_repl", 1);
    emit_encode_oh(e, "victim_way_n", "victim_oh_c", x->ways, x->way_bits);
    emit_line(e, "always @* victim_way = victim_way_n;");
}

void emit_ways_touch_fills(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "wire touch = is_fill; // %s: only a fill renews a way's age",
              x->repl->fills_only);
}

void emit_ways_state_unpack(emit_t *e, const emit_ways_t *x)
{
    if (x->set_bits)
        emit_line(e, "wire %s%s = row_i[%u:%u];", emit_range(x->set_bits), x->repl->set_state,
                  x->set_lsb + x->set_bits - 1, x->set_lsb);
}

void emit_ways_state_decl(emit_t *e, const emit_ways_t *x)
{
    if (x->set_bits)
        emit_line(e, "reg %s%s_d;", emit_range(x->set_bits), x->repl->set_state);
}

void emit_ways_state_default(emit_t *e, const emit_ways_t *x)
{
    if (x->set_bits)
        emit_line(e, "%s_d = %s;", x->repl->set_state, x->repl->set_state);
}

void emit_ways_state_pack(emit_t *e, const emit_ways_t *x)
{
    if (x->set_bits)
        emit_line(e, "%s_d,", x->repl->set_state);
}
