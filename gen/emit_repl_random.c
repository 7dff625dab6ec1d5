/* emit_repl_random: random replacement keeps nothing in the row. The L1 top holds one 16-bit
 * Galois LFSR (x^16+x^14+x^13+x^11+1, reset to l1.random_seed) stepped by each fill that evicts;
 * its low bits (less `ways` when not a way) come into the metadata module as rand_way_i, the
 * victim. As cmodel/cm_repl_random.c with cm_l1's LFSR; not offered by the decoupled store
 * (cfg) nor by the L2. */
#include "emit_repl.h"
#include "ir_lib.h"

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
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_comment(m, b,
               "random replacement: a 16-bit Galois LFSR (x^16+x^14+x^13+x^11+1), stepped by");
    ir_comment(m, b, ir_fmt(m, "each fill that evicts; its low bits (less %u when not a way) are "
                               "the victim", W));
    ir_decl(m, b, IR_REG, IR_W(16), "rand_q");
    ir_decl(m, b, IR_REG, IR_W(0), "rand_step");
    ir_wire_init(m, b, IR_W(16), "rand_next",
                 ir_fmt(m, "{1'b0, rand_q[15:1]} ^ (rand_q[0] ? 16'h%04x : 16'h0000)",
                        CFG_LFSR_TAPS));
    const char *low = ir_fmt(m, "rand_q[%u:0]", wb - 1);
    if (cfg_is_pow2(W)) {
        ir_wire_init(m, b, IR_W(wb), "rand_way", low);
    } else {
        ir_wire_init(m, b, IR_W(wb), "rand_raw", low);
        ir_wire_init(m, b, IR_W(wb), "rand_way",
                     ir_fmt(m, "(rand_raw >= %s) ? rand_raw - %s : rand_raw", emit_const(wb, W),
                            emit_const(wb, W)));
    }
    ir_piece_print(e, m);
}

static void random_top_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".rand_way_i  (rand_way),");
}

static void random_top_defaults(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    ir_module_t m;
    ir_piece_begin(&m);
    ir_set(&m, &m.body, "rand_step", "1'b0");
    ir_piece_print(e, &m);
}

static void random_top_evict(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    ir_module_t m;
    ir_piece_begin(&m);
    ir_set(&m, &ir_if(&m, &m.body, "meta_evict")->body, "rand_step", "1'b1");
    ir_piece_print(e, &m);
}

static void random_top_flops(emit_t *e, const gen_l1_t *g, int reset)
{
    ir_module_t m;
    ir_piece_begin(&m);
    if (reset)
        ir_nb(&m, &m.body, "rand_q", ir_fmt(&m, "16'd%u", g->cfg->l1.random_seed));
    else
        ir_nb(&m, &ir_if(&m, &m.body, "rand_step")->body, "rand_q", "rand_next");
    ir_piece_print(e, &m);
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
