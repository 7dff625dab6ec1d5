/* emit_repl_random: random replacement keeps nothing in the row. The L1 top holds one 16-bit
 * Galois LFSR (x^16+x^14+x^13+x^11+1, reset to l1.random_seed) stepped by each fill that evicts;
 * its low bits (less `ways` when not a way) come into the metadata module as rand_way_i, the
 * victim. As cmodel/cm_repl_random.c with cm_l1's LFSR; not offered by the decoupled store
 * (cfg) nor by the L2. */
#include "emit_repl.h"

static void random_victim(emit_t *e, const emit_ways_t *x)
{
    emit_line(e, "wire %svictim_way = rand_way_i;", emit_range(x->way_bits));
}

static void random_meta_ports(emit_t *e, const gen_l1_t *g)
{
    emit_line(e, "input  wire %srand_way_i, // random replacement: the victim (the top's LFSR)",
              emit_range(g->lay.way_bits));
}

static void random_top_decls(emit_t *e, const gen_l1_t *g)
{
    unsigned W = g->lay.ways, wb = g->lay.way_bits;
    emit_line(e, "// random replacement: a 16-bit Galois LFSR (x^16+x^14+x^13+x^11+1), stepped by");
    emit_line(e, "// each fill that evicts; its low bits (less %u when not a way) are the victim", W);
    emit_line(e, "reg [15:0] rand_q;");
    emit_line(e, "reg rand_step;");
    emit_line(e, "wire [15:0] rand_next = {1'b0, rand_q[15:1]} ^ (rand_q[0] ? 16'h%04x : 16'h0000);",
              CFG_LFSR_TAPS);
    if (cfg_is_pow2(W)) {
        emit_line(e, "wire %srand_way = rand_q[%u:0];", emit_range(wb), wb - 1);
    } else {
        emit_line(e, "wire %srand_raw = rand_q[%u:0];", emit_range(wb), wb - 1);
        emit_line(e, "wire %srand_way = (rand_raw >= %s) ? rand_raw - %s : rand_raw;",
                  emit_range(wb), emit_const(wb, W), emit_const(wb, W));
    }
}

static void random_top_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".rand_way_i  (rand_way),");
}

static void random_top_defaults(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "rand_step = 1'b0;");
}

static void random_top_evict(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "if (meta_evict) rand_step = 1'b1;");
}

static void random_top_flops(emit_t *e, const gen_l1_t *g, int reset)
{
    if (reset)
        emit_line(e, "rand_q <= 16'd%u;", g->cfg->l1.random_seed);
    else
        emit_line(e, "if (rand_step) rand_q <= rand_next;");
}

const emit_repl_t emit_repl_random = {
    .victim_way = random_victim,
    .meta_ports = random_meta_ports,
    .top_decls = random_top_decls,
    .top_conn = random_top_conn,
    .top_defaults = random_top_defaults,
    .top_evict = random_top_evict,
    .top_flops = random_top_flops,
};
