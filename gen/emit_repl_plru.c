/* emit_repl_plru: tree pseudo-LRU on ways - 1 node bits per set (heap order: root 0, children
 * 2i+1, 2i+2; a node bit of 0 sends the victim search to the lower half), as
 * cmodel/cm_repl_plru.c: the victim is the end of a walk from the root (the decoupled store's
 * turns at a node whose preferred half holds no eligible way); a hit or a fill points every
 * node on the chosen way's path away from it. */
#include "emit_repl.h"

/* The victim into victim_way as a tree of pairwise choices (log depth, issue 40): pick<n> is
 * node n's direction, read straight off its node bit (masked: turned when its preferred half
 * holds no eligible way), and sub<n> the way the walk from node n ends at, {pick<n>, the chosen
 * child's sub}: the same way as the walk from the root, without a chain of picks. */
static void walk(emit_t *e, const emit_ways_t *x, int masked)
{
    unsigned levels = cfg_log2(x->ways);
    for (unsigned n = 0; n + 1 < x->ways; n++)
        emit_line(e, "reg pick%u;", n);
    for (unsigned d = 0; d < levels; d++)
        for (unsigned p = 0; p < (1u << d); p++)
            emit_line(e, "reg %ssub%u;", emit_range(levels - d), (1u << d) - 1 + p);
    if (masked)
        emit_line(e, "// Tree of choices; a node whose preferred half has no eligible line turns.");
    emit_line(e, "always @* begin : plru_walk");
    emit_in(e);
    for (unsigned d = 0; d < levels; d++) {
        unsigned span = 1u << (levels - 1 - d); /* ways under each child */
        for (unsigned p = 0; p < (1u << d); p++) {
            unsigned node = (1u << d) - 1 + p, lo = 2 * p * span, hi = lo + span;
            if (masked)
                emit_line(e, "pick%u = plru[%u] ? |eligible[%u:%u] : ~|eligible[%u:%u];", node,
                          node, hi + span - 1, hi, hi - 1, lo);
            else
                emit_line(e, "pick%u = plru[%u];", node, node);
        }
    }
    for (unsigned d = levels; d-- > 0;)
        for (unsigned p = 0; p < (1u << d); p++) {
            unsigned node = (1u << d) - 1 + p;
            if (d + 1 == levels)
                emit_line(e, "sub%u = pick%u;", node, node);
            else
                emit_line(e, "sub%u = pick%u ? {1'b1, sub%u} : {1'b0, sub%u};", node, node,
                          2 * node + 2, 2 * node + 1);
        }
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "always @* victim_way = sub0;");
}

static void plru_victim(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "reg %svictim_way;", emit_range(x->way_bits));
    walk(e, x, 0);
}

static void plru_victim_masked(emit_t *e, const emit_ways_t *x)
{
    walk(e, x, 1);
    emit_ways_victim_decode(e, x);
}

static void plru_update(emit_t *e, const emit_ways_t *x)
{
    unsigned levels = cfg_log2(x->ways);
    emit_line(e, "if (touch) begin");
    emit_in(e);
    emit_line(e, "plru_d[0] = ~sel_way[%u];", levels - 1);
    for (unsigned d = 1; d < levels; d++)
        for (unsigned p = 0; p < (1u << d); p++)
            emit_line(e, "if (sel_way[%u:%u] == %s) plru_d[%u] = ~sel_way[%u];", levels - 1,
                      levels - d, emit_const(d, p), (1u << d) - 1 + p, levels - 1 - d);
    emit_out(e);
    emit_line(e, "end");
}

const emit_repl_t emit_repl_plru = {
    .set_state = "plru",
    .sel_by_number = 1,
    .victim_way = plru_victim,
    .victim_masked = plru_victim_masked,
    .update = plru_update,
};
