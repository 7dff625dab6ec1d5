/* emit_ways: way selection shared by the L1, decoupled and L2 lookup modules, and the pieces
 * their replacement policies share.
 * Every selection is a tree (depth grows with log2(ways)): the chosen way travels as a one-hot
 * vector, fields of the chosen way are picked by AND-OR, and per-way updates test one bit of
 * the vector instead of comparing a way number. The replacement policies' own logic is one
 * file each behind emit_repl.h (emit_repl_*.c); this file names none. */
#include "emit_repl.h"
#include "ir_lib.h"

/* The one-hot helpers below print what their IR twins (ir_lib.c) build, as a piece at e's
 * indentation: one definition of each circuit, whether its caller prints text or builds IR. */
void emit_lowest_oh(emit_t *e, const char *out, unsigned n, const char *cond_fmt)
{
    ir_module_t m;
    ir_piece_begin_at(&m, e);
    ir_lowest_oh(&m, &m.body, out, n, cond_fmt);
    ir_piece_print(e, &m);
}

void emit_best_oh(emit_t *e, const char *out, unsigned n, const char *cand_fmt,
                  const char *not_cand_fmt, const char *field_fmt, int largest)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_best_oh(&m, &m.body, out, n, cand_fmt, not_cand_fmt, field_fmt, largest);
    ir_piece_print(e, &m);
}

void emit_encode_oh(emit_t *e, const char *out, const char *oh, unsigned n, unsigned bits)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_encode_oh(&m, &m.body, out, oh, n, bits);
    ir_piece_print(e, &m);
}

void emit_pick_oh(emit_t *e, const char *out, unsigned width, const char *oh, unsigned n,
                  const char *field_fmt)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_pick_oh(&m, &m.body, out, width, oh, n, field_fmt);
    ir_piece_print(e, &m);
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
     * the C model's (lowest way) and fail lockstep. On a miss it is zero: a miss touches no
     * way (every update of the chosen way is gated by a hit or a fill), and its way number,
     * sel_way, is 0 as when way 0 stood in for it; so the chosen way of a lookup does not wait
     * for the miss's ~|match (issue 40: the row update into the forwarding register). */
    emit_line(e, "wire [%u:0] hit_oh = match; // one-hot on a hit, zero on a miss: see above",
              n - 1);
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
    ir_module_t m;
    ir_piece_begin(&m);
    ir_ways_pick(&m, &m.body, x->ways, out, width, field);
    ir_piece_print(e, &m);
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
