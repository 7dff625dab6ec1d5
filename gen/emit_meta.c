/* emit_meta: the combinational lookup / replacement module of the L1 metadata row.
 * Given a set's row, an operation (load, store, fill) and a tag, it returns the hit, the chosen
 * way, the evicted tag and the row after the operation. Way selection and the LRU/SRRIP
 * updates are emit_ways.c's; policies mirror cmodel/cm_repl_*.c. */
#include "emit_l1.h"
#include "mech.h"

static void emit_ports(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_row_ports_open(e, g->meta, l->row_bits, "", l->tag_bits);
    emit_row_lookup_ports(e, l->way_bits, l->ways, "", "");
    emit_line(e, "output wire evict_o,");
    emit_line(e, "output reg  %sevict_tag_o,", emit_range(l->tag_bits));
    if (gen_mech(g)->meta_ports)
        gen_mech(g)->meta_ports(e, g);
    if (gen_has_lfsr(g))
        emit_line(e, "input  wire %srand_way_i, // random replacement: the victim (the top's LFSR)",
                  emit_range(l->way_bits));
    if (l->hpc_bits) {
        emit_line(e, "input  wire %shpc_i,     // pcpred: load hash (lookup) or the MSHR's (fill)",
                  emit_range(l->hpc_bits));
        emit_line(e, "output reg  %sold_hpc_o, // pcpred: the chosen way's hash before",
                  emit_range(l->hpc_bits));
    }
    emit_row_ports_close(e, l->row_bits);
}

static void emit_unpack(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    emit_row_t r = emit_row_l1(l);
    emit_row_unpack(e, &r, "gen/lay.h");
    if (l->plru_bits)
        emit_line(e, "wire %splru = row_i[%u:%u];", emit_range(l->plru_bits),
                  l->plru_lsb + l->plru_bits - 1, l->plru_lsb);
    emit_blank(e);
    emit_row_match(e, l->ways);
    if (gen_mech(g)->meta_fill)
        gen_mech(g)->meta_fill(e, g);
    else
        emit_line(e, "wire is_fill = op_i == OpFill;");
    emit_blank(e);
}

static emit_ways_t ways_of(const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    return (emit_ways_t){g->lay.ways, g->lay.way_bits, g->lay.repl_bits,
                         gen_mech(g)->insert_by_hint,
                         cfg_repl_ages(c->repl) ? WAYS_LRU
                         : c->repl == REPL_PLRU || c->repl == REPL_RANDOM ? WAYS_PLRU
                                                                             : WAYS_SRRIP,
                         NULL, NULL};
}

/* Tree-PLRU victim: walk from the root, bit 0 = left (lower ways). */
static void emit_victim_plru(emit_t *e, const gen_l1_t *g)
{
    unsigned levels = cfg_log2(g->lay.ways);
    for (unsigned d = 0; d < levels; d++)
        emit_line(e, "reg pick%u;", d);
    emit_line(e, "always @* begin : plru_walk");
    emit_in(e);
    emit_line(e, "pick0 = plru[0];");
    char prefix[256];
    for (unsigned d = 1; d < levels; d++) {
        int n = snprintf(prefix, sizeof prefix, "{");
        for (unsigned k = 0; k < d; k++)
            n += snprintf(prefix + n, sizeof prefix - (size_t)n, "%spick%u", k ? ", " : "", k);
        snprintf(prefix + n, sizeof prefix - (size_t)n, "}");
        emit_line(e, "case (%s)", prefix);
        emit_in(e);
        for (unsigned p = 0; p < (1u << d); p++)
            emit_line(e, "%s: pick%u = plru[%u];", emit_const(d, p), d, (1u << d) - 1 + p);
        emit_line(e, "default: pick%u = 1'b0;", d);
        emit_out(e);
        emit_line(e, "endcase");
    }
    emit_out(e);
    emit_line(e, "end");
    int n = snprintf(prefix, sizeof prefix, "{");
    for (unsigned k = 0; k < levels; k++)
        n += snprintf(prefix + n, sizeof prefix - (size_t)n, "%spick%u", k ? ", " : "", k);
    snprintf(prefix + n, sizeof prefix - (size_t)n, "}");
    emit_line(e, "always @* victim_way = %s;", prefix);
}

static void emit_select(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    emit_ways_t x = ways_of(g);
    if (gen_has_lfsr(g))
        emit_line(e, "wire %svictim_way = rand_way_i;", emit_range(l->way_bits));
    if (l->ways > 1 && c->repl == REPL_PLRU) {
        emit_line(e, "reg %svictim_way;", emit_range(l->way_bits));
        emit_victim_plru(e, g);
    }
    emit_ways_select(e, &x);
    emit_line(e, "assign way_o = sel_way;");
    emit_line(e, "assign way_oh_o = sel_oh;");
    emit_line(e, "assign hit_way_oh_o = %s;", l->ways > 1 ? "hit_oh" : "1'b1");
    emit_line(e, "assign evict_o = is_fill & ~any_invalid;");
    emit_ways_pick(e, &x, "evict_tag_o", l->tag_bits, "tag");
    if (l->hpc_bits)
        emit_ways_pick(e, &x, "old_hpc_o", l->hpc_bits, "hpc");
    if (l->ways == 1) {
        emit_blank(e);
        return; /* direct mapped: no replacement state to touch */
    }
    if (c->repl == REPL_FIFO) {
        emit_line(e, "wire touch = is_fill; // FIFO: only a fill renews a way's age");
        return;
    }
    if (c->repl == REPL_RANDOM)
        return; /* no replacement state in the row */
    emit_line(e, "wire update = is_fill | hit_o;");
    if (c->write_evict)
        emit_line(e, "wire touch = update & ~(op_i == OpStore); // write_evict: store hits invalidate");
    else
        emit_line(e, "wire touch = update;");
}

void emit_update_lru(emit_t *e, const gen_l1_t *g)
{
    emit_ways_t x = ways_of(g);
    emit_ways_update_lru(e, &x);
}

/* Tree-PLRU: every node on the chosen way's path points away from it. */
void emit_update_plru(emit_t *e, const gen_l1_t *g)
{
    unsigned levels = cfg_log2(g->lay.ways);
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

void emit_lru_younger(emit_t *e, const gen_l1_t *g)
{
    if (!cfg_repl_ages(g->cfg->l1.repl) || !g->lay.repl_bits)
        return;
    emit_ways_t x = ways_of(g);
    emit_ways_lru_younger(e, &x);
}

static void emit_next_row(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    emit_row_t r = emit_row_l1(l);
    emit_row_next_decls(e, &r);
    if (l->plru_bits)
        emit_line(e, "reg %splru_d;", emit_range(l->plru_bits));
    emit_lru_younger(e, g);
    emit_row_next_open(e);
    emit_row_next_defaults(e, &r);
    if (l->plru_bits)
        emit_line(e, "plru_d = plru;");
    if (l->ways > 1) {
        if (cfg_repl_ages(c->repl))
            emit_update_lru(e, g);
        else if (c->repl == REPL_PLRU)
            emit_update_plru(e, g);
        else if (c->repl == REPL_SRRIP) {
            emit_ways_t x = ways_of(g);
            emit_ways_update_srrip(e, &x);
        }
    }
    emit_line(e, "if (is_fill) begin");
    emit_in(e);
    static const emit_row_set_t fill[] = {{"valid", "1'b1"}, {"tag", "tag_i"}, {"hpc", "hpc_i"}};
    emit_row_install(e, l->ways, fill, l->hpc_bits ? 3 : 2);
    emit_out(e);
    emit_line(e, "end");
    if (l->hpc_bits) {
        emit_line(e, "if (hit_o & (op_i == OpLoad)) begin // pcpred: a load hit records its PC");
        emit_in(e);
        for (unsigned w = 0; w < l->ways; w++)
            emit_line(e, "if (sel_oh[%u]) w%u_hpc_d = hpc_i;", w, w);
        emit_out(e);
        emit_line(e, "end");
    }
    if (c->write_evict) {
        emit_line(e, "if (hit_o & (op_i == OpStore)) begin");
        emit_in(e);
        for (unsigned w = 0; w < l->ways; w++)
            emit_line(e, "if (sel_oh[%u]) w%u_valid_d = 1'b0;", w, w);
        emit_out(e);
        emit_line(e, "end");
    }
    emit_row_pack_open(e); /* MSB first */
    if (l->plru_bits)
        emit_line(e, "plru_d,");
    for (unsigned w = l->ways; w-- > 0;) {
        if (l->hpc_bits)
            emit_line(e, "w%u_hpc_d,", w);
        if (l->repl_bits)
            emit_line(e, "w%u_repl_d, w%u_tag_d, w%u_valid_d%s", w, w, w, w ? "," : "");
        else
            emit_line(e, "w%u_tag_d, w%u_valid_d%s", w, w, w ? "," : "");
    }
    emit_out(e);
    emit_line(e, "};");
}

void emit_l1_meta(emit_t *e, const gen_l1_t *g)
{
    gen_header(e, g->cfg, g->meta,
               "lookup and replacement on one set's metadata row (op OpLoad, OpStore or OpFill)");
    emit_ports(e, g);
    emit_in(e);
    emit_meta_op_params(e);
    emit_unpack(e, g);
    emit_select(e, g);
    emit_next_row(e, g);
    emit_out(e);
    gen_footer(e);
}
