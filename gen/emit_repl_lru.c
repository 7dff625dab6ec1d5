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

/* Way w is younger than the chosen way (w_repl < sel_age) when its compare against that way
 * holds: every pair is compared beside the lookup, so only an AND-OR follows the selection. */
void emit_repl_lru_younger(emit_t *e, const emit_ways_t *x)
{
    char terms[4096];
    ir_module_t m;
    ir_piece_begin(&m);
    for (unsigned w = 0; w < x->ways; w++) {
        int n = 0;
        for (unsigned v = 0; v < x->ways; v++)
            if (v != w)
                n += snprintf(terms + n, sizeof terms - (size_t)n,
                              "%s(sel_oh[%u] & (w%u_repl < w%u_repl))", n ? " | " : "", v, w, v);
        ir_wire_init(&m, &m.body, IR_W(0), ir_fmt(&m, "w%u_younger", w), terms);
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
