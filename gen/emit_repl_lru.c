/* emit_repl_lru: true LRU as a permutation of per-way ages (0 = most recent), as
 * cmodel/cm_repl_lru.c: the victim of a full set is the way of age ways - 1 (the decoupled
 * store's, the oldest eligible way); a hit or a fill gives the chosen way age 0 and ages the
 * ways younger than it by one. */
#include "emit_repl.h"
#include "ir_lib.h"

/* The victim: the lowest way at the largest age (`oldest`, a loop over way_repl). */
void emit_repl_lru_victim(emit_t *e, const emit_ways_t *x)
{
    ir_module_t m;
    ir_piece_begin_at(&m, e);
    const char *name = "oldest", *value = emit_const(x->repl_bits, x->ways - 1);
    ir_way_repl_eq(&m, &m.body, x->ways, x->repl_bits, 1, &name, &value, "oldest");
    ir_piece_print(e, &m);
    emit_lowest_oh(e, "victim_oh", x->ways, "oldest[%u]");
}

/* Way w is younger than the chosen way when its row of younger_than (ir_younger_than: every
 * pair of ways compared beside the lookup) meets the chosen one-hot: only an AND-OR follows the
 * selection. The AND-OR is taken for each of the three one-hots sel_oh chooses from (the hit
 * way, the lowest invalid way, the victim) and the fill/any-invalid choice comes after it: the
 * choice's inputs (every valid bit, the tag compare, the victim) no longer wait in front of
 * the AND-OR, nor does sel_oh's fanout (issue 40: l2-ucp-32's row update, 31 levels into
 * fwd_row_q through sel_oh; sacat-fermi's L2 period). Same value: sel_oh is that choice of
 * the three, and the AND-OR distributes over it. A module with its own select (the decoupled
 * store) takes the AND-OR over its sel_oh. The result: way_younger, a bit per way. */
void emit_repl_lru_younger(emit_t *e, const emit_ways_t *x)
{
    unsigned W = x->ways;
    ir_module_t mod, *m = &mod;
    ir_piece_begin_at(m, e);
    ir_younger_than(m, &m->body, W, x->repl_bits);
    static const char *const src[3] = {"hit_oh", "invalid_oh", "victim_oh"};
    static const char *const dst[3] = {"younger_hit", "younger_inv", "younger_vic"};
    ir_node_t *d = ir_decl(m, &m->body, IR_WIRE, IR_W(W), "way_younger");
    if (!x->own_select) {
        for (unsigned i = 0; i < 3; i++)
            ir_decl_name(m, d, dst[i], 0);
    }
    ir_note(m, d, "bit w: way w ages (younger than the chosen way)",
            1);
    ir_node_t *gen = ir_generate(m, &m->body);
    ir_node_t *row = ir_genfor(m, &gen->body, "age_row", W, "gen_younger");
    const char *rw = ir_fmt(m, "younger_than[age_row*%u +: %u]", W, W);
    if (x->own_select) {
        ir_assign(m, &row->body, "way_younger[age_row]", ir_fmt(m, "|(sel_oh & %s)", rw));
    } else {
        for (unsigned i = 0; i < 3; i++)
            ir_assign(m, &row->body, ir_fmt(m, "%s[age_row]", dst[i]),
                      ir_fmt(m, "|(%s & %s)", src[i], rw));
        ir_assign(m, &m->body, "way_younger",
                  "is_fill ? (any_invalid ? younger_inv : younger_vic) : younger_hit");
    }
    ir_piece_print(e, m);
}

void emit_repl_lru_update(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "if (touch) begin");
    emit_in(e);
    for (unsigned w = 0; w < x->ways; w++) {
        emit_line(e, "if (sel_oh[%u]) w%u_repl_d = %s;", w, w, emit_const(x->repl_bits, 0));
        emit_line(e, "else if (way_younger[%u]) w%u_repl_d = w%u_repl + %s;", w, w, w,
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
