/* emit_repl_plru: tree pseudo-LRU on ways - 1 node bits per set (heap order: root 0, children
 * 2i+1, 2i+2; a node bit of 0 sends the victim search to the lower half), as
 * cmodel/cm_repl_plru.c: the victim is the end of a walk from the root (the decoupled store's
 * turns at a node whose preferred half holds no eligible way); a hit or a fill points every
 * node on the chosen way's path away from it. */
#include "emit_repl.h"

/* "{pick0, pick1, ...}" of the first n levels' picks. */
static const char *picks(char *buf, size_t len, unsigned n)
{
    int k = snprintf(buf, len, "{");
    for (unsigned d = 0; d < n; d++)
        k += snprintf(buf + k, len - (size_t)k, "%spick%u", d ? ", " : "", d);
    snprintf(buf + k, len - (size_t)k, "}");
    return buf;
}

/* The walk into victim_way: pick<d> is the direction taken at level d, by a case on the
 * picks above it. Masked: a node turns when its preferred half holds no eligible way. */
static void walk(emit_t *e, const emit_ways_t *x, int masked)
{
    unsigned levels = cfg_log2(x->ways);
    char prefix[256], body[160];
    for (unsigned d = 0; d < levels; d++)
        emit_line(e, "reg pick%u;", d);
    if (masked)
        emit_line(e, "// Tree walk; a node whose preferred half has no eligible line turns.");
    emit_line(e, "always @* begin : plru_walk");
    emit_in(e);
    for (unsigned d = 0; d < levels; d++) {
        unsigned span = 1u << (levels - 1 - d); /* ways under each child */
        if (d > 0) {
            emit_line(e, "case (%s)", picks(prefix, sizeof prefix, d));
            emit_in(e);
        }
        for (unsigned p = 0; p < (1u << d); p++) {
            unsigned node = (1u << d) - 1 + p, lo = 2 * p * span, hi = lo + span;
            if (masked)
                snprintf(body, sizeof body, "pick%u = plru[%u] ? |eligible[%u:%u] : ~|eligible[%u:%u];",
                         d, node, hi + span - 1, hi, hi - 1, lo);
            else
                snprintf(body, sizeof body, "pick%u = plru[%u];", d, node);
            if (d > 0)
                emit_line(e, "%s: %s", emit_const(d, p), body);
            else
                emit_line(e, "%s", body);
        }
        if (d > 0) {
            emit_line(e, "default: pick%u = 1'b0;", d);
            emit_out(e);
            emit_line(e, "endcase");
        }
    }
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "always @* victim_way = %s;", picks(prefix, sizeof prefix, levels));
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
