/* emit_repl_plru: tree pseudo-LRU on ways - 1 node bits per set (heap order: root 0, children
 * 2i+1, 2i+2; a node bit of 0 sends the victim search to the lower half), as
 * cmodel/cm_repl_plru.c: the victim is the end of a walk from the root (the decoupled store's
 * turns at a node whose preferred half holds no eligible way); a hit or a fill points every
 * node on the chosen way's path away from it.
 * The walk is not emitted as a walk (each level's pick muxed by the picks above it, a chain
 * that grows with log2(ways) squared and put the 32-way L2 at 35 levels, issue 40): every
 * node's direction is found at once (plru_go), and way w is the victim when every node on its
 * path goes its way, an AND of log2(ways) directions: the same way as the walk's end, since
 * exactly one path agrees with every node on it. */
#include "emit_repl.h"

/* victim_oh (declared here) from plru_go[] (ways - 1 node directions, declared here, driven by
 * the caller after this): bit w is the AND of the directions on w's path. */
static void path_oh(emit_t *e, const emit_ways_t *x)
{
    unsigned levels = cfg_log2(x->ways);
    emit_line(e, "wire [%u:0] plru_go; // per node: the walk leaves it to the upper half",
              x->ways - 2);
    emit_line(e, "wire [%u:0] victim_oh; // the way whose whole path the walk takes", x->ways - 1);
    for (unsigned w = 0; w < x->ways; w++) {
        char terms[512];
        int k = 0;
        for (unsigned d = 0; d < levels; d++) {
            unsigned node = (1u << d) - 1 + (w >> (levels - d)), dir = w >> (levels - 1 - d) & 1;
            k += snprintf(terms + k, sizeof terms - (size_t)k, "%s%splru_go[%u]", d ? " & " : "",
                          dir ? "" : "~", node);
        }
        emit_line(e, "assign victim_oh[%u] = %s;", w, terms);
    }
}

static void plru_victim(emit_t *e, const emit_ways_t *x)
{
    path_oh(e, x);
    for (unsigned n = 0; n + 1 < x->ways; n++)
        emit_line(e, "assign plru_go[%u] = plru[%u];", n, n);
}

/* A node turns when its preferred half holds no eligible way; victim_way (the caller's reg)
 * is victim_oh's number. */
static void plru_victim_masked(emit_t *e, const emit_ways_t *x)
{
    unsigned levels = cfg_log2(x->ways);
    path_oh(e, x);
    emit_line(e, "// A node whose preferred half has no eligible line turns.");
    for (unsigned d = 0; d < levels; d++) {
        unsigned span = 1u << (levels - 1 - d); /* ways under each child */
        for (unsigned p = 0; p < (1u << d); p++) {
            unsigned node = (1u << d) - 1 + p, lo = 2 * p * span, hi = lo + span;
            emit_line(e, "assign plru_go[%u] = plru[%u] ? |eligible[%u:%u] : ~|eligible[%u:%u];",
                      node, node, hi + span - 1, hi, hi - 1, lo);
        }
    }
    emit_encode_oh(e, "victim_way_n", "victim_oh", x->ways, x->way_bits);
    emit_line(e, "always @* victim_way = victim_way_n;");
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
    .victim_oh = plru_victim,
    .victim_masked = plru_victim_masked,
    .update = plru_update,
};
