/* emit_repl_lru: true LRU as a permutation of per-way ages (0 = most recent), as
 * cmodel/cm_repl_lru.c: the victim of a full set is the way of age ways - 1 (the decoupled
 * store's, the oldest eligible way); a hit or a fill gives the chosen way age 0 and ages the
 * ways younger than it by one. */
#include "emit_repl.h"
#include "ir_lib.h"

void emit_repl_lru_victim(emit_t *e, const emit_ways_t *x)
{
    char cond[96];
    snprintf(cond, sizeof cond, "w%%u_repl == %s", emit_const(x->repl_bits, x->ways - 1));
    emit_lowest_oh(e, "victim_oh", x->ways, cond);
}

/* "w_repl < the age of the way one-hot `oh` picks": an AND-OR of every pair's compare. */
static void younger_terms(const emit_ways_t *x, unsigned w, const char *oh, char *terms,
                          size_t size)
{
    int n = 0;
    for (unsigned v = 0; v < x->ways; v++)
        if (v != w)
            n += snprintf(terms + n, size - (size_t)n, "%s(%s[%u] & (w%u_repl < w%u_repl))",
                          n ? " | " : "", oh, v, w, v);
}

/* Way w is younger than the chosen way (w_repl < sel_age) when its compare against that way
 * holds: every pair is compared beside the lookup, so only an AND-OR follows the selection.
 * The AND-OR is taken for each of the three one-hots sel_oh chooses from (the hit way, the
 * lowest invalid way, the victim) and the fill/any-invalid choice comes after it: the
 * choice's inputs (every valid bit, the tag compare, the victim) no longer wait in front of
 * the AND-OR, nor does sel_oh's fanout (issue 40: l2-ucp-32's row update, 31 levels into
 * fwd_row_q through sel_oh; sacat-fermi's L2 period). Same value: sel_oh is that choice of
 * the three, and the AND-OR distributes over it. A module with its own select (the decoupled
 * store) takes the AND-OR over its sel_oh. */
void emit_repl_lru_younger(emit_t *e, const emit_ways_t *x)
{
    char terms[4096];
    ir_module_t m;
    ir_piece_begin(&m);
    for (unsigned w = 0; w < x->ways; w++) {
        if (x->own_select) {
            younger_terms(x, w, "sel_oh", terms, sizeof terms);
            ir_wire_init(&m, &m.body, IR_W(0), ir_fmt(&m, "w%u_younger", w), terms);
            continue;
        }
        static const char *const src[3] = {"hit_oh", "invalid_oh", "victim_oh"};
        for (unsigned i = 0; i < 3; i++) {
            younger_terms(x, w, src[i], terms, sizeof terms);
            ir_wire_init(&m, &m.body, IR_W(0), ir_fmt(&m, "w%u_younger_%.3s", w, src[i]), terms);
        }
        ir_wire_init(&m, &m.body, IR_W(0), ir_fmt(&m, "w%u_younger", w),
                     ir_fmt(&m, "is_fill ? (any_invalid ? w%u_younger_inv : w%u_younger_vic) : "
                                "w%u_younger_hit", w, w, w));
    }
    ir_piece_print(e, &m);
}

void emit_repl_lru_update(emit_t *e, const emit_ways_t *x)
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

const emit_repl_t emit_repl_lru = {
    .victim_oh = emit_repl_lru_victim,
    .victim_masked = emit_ways_victim_largest,
    .update_decls = emit_repl_lru_younger,
    .update = emit_repl_lru_update,
};
