/* emit_gcache: the G-Cache pieces of the L1 top (SPEC 3.5): per-set bypass switches and
 * M-th-bypass counters in flops, the fill that bypasses, and the periodic switch reset with
 * its own event: the hooks of gen_mech_gcache (mech.h) the L1 top calls; the bypass decision
 * itself is in the metadata module (emit_meta.c). Mirrors cmodel/cm_gcache.c. */
#include "emit_l1.h"
#include "mech.h"

#include "codes.h"
#include "ir_lib.h"

/* Width of a set's bypass counter (0..M-1), 0 when M = 1 (no counter). */
static unsigned count_bits(const cfg_l1_t *c)
{
    return c->gc_bypass_age_every > 1 ? cfg_log2(c->gc_bypass_age_every) : 0;
}

/* Width of the accepted-request counter (0..period-1). */
static unsigned req_bits(const cfg_l1_t *c)
{
    unsigned p = c->gc_switch_reset_period;
    return p > 1 ? cfg_log2(p) : 1;
}

static int gc_resets(const gen_l1_t *g) { return g->cfg->l1.gc_switch_reset_period != 0; }
static unsigned gc_evt_count_bits(const gen_l1_t *g)
{
    unsigned b = count_bits(&g->cfg->l1);
    return b ? b : 1;
}

static void emit_gc_decls(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned S = c->sets, cb = count_bits(c);
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_comment(m, b,
               "G-Cache: per-set bypass switches and bypass counters (flops: they clear at once)");
    ir_comment(m, b,
               "the decide stage's set's switch and counter are read a cycle ahead, from the");
    ir_comment(m, b,
               "next values at the next set, so no set-wide multiplexer follows the SRAM read");
    ir_decl_name(m, ir_decl(m, b, IR_REG, IR_W(S), "gc_switch_q"), "gc_switch_d", 0);
    ir_note(m, ir_decl(m, b, IR_REG, IR_W(0), "gc_switch_set_q"), "= gc_switch_q[set_q]", 1);
    ir_wire_init(m, b, IR_W(0), "gc_switch_set", "gc_switch_set_q");
    ir_wire_init(m, b, IR_W(0), "gc_switch_next", "gc_switch_d[set_d]");
    if (cb) {
        ir_decl_name(m, ir_decl(m, b, IR_REG, IR_W(S * cb), "gc_count_q"), "gc_count_d", 0);
        ir_note(m, ir_decl(m, b, IR_REG, IR_W(cb), "gc_count_set_q"), "= the counter of set_q", 1);
        ir_wire_init(m, b, IR_W(cb), "gc_count_set", "gc_count_set_q");
        ir_wire_init(m, b, IR_W(cb), "gc_count_next",
                     ir_fmt(m, "gc_count_d[set_d*%u +: %u]", cb, cb));
        ir_note(m, ir_wire_init(m, b, IR_W(0), "gc_age",
                                ir_fmt(m, "gc_count_set == %s",
                                       emit_const(cb, c->gc_bypass_age_every - 1))),
                "the M-th bypass ages the set", 1);
    } else {
        ir_note(m, ir_wire_init(m, b, IR_W(0), "gc_age", "1'b1"),
                "M = 1: every bypass ages the set", 1);
    }
    if (c->gc_switch_reset_period) {
        ir_node_t *d = ir_decl(m, b, IR_REG, IR_W(req_bits(c)), "gc_req_q");
        ir_decl_name(m, d, "gc_req_d", 0);
        ir_note(m, d, "accepted requests in this period", 1);
        ir_decl_name(m, ir_decl(m, b, IR_REG, IR_W(0), "gc_reset_pend_q"), "gc_reset_pend_d", 0);
    }
    ir_decl(m, b, IR_WIRE, IR_W(0), "meta_fill_bypass");
    ir_piece_print(e, m);
}

static void emit_gc_defaults(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_set(m, b, "gc_switch_d", "gc_switch_q");
    if (count_bits(c))
        ir_set(m, b, "gc_count_d", "gc_count_q");
    if (c->gc_switch_reset_period) {
        ir_set(m, b, "gc_req_d", "gc_req_q");
        ir_set(m, b, "gc_reset_pend_d", "gc_reset_pend_q");
    }
    ir_set(m, b, "evt_switch_o", "1'b0");
    ir_set(m, b, "evt_count_o", emit_const(gc_evt_count_bits(g), 0));
    ir_piece_print(e, m);
}

/* In the decide stage, before everything else: the switch reset is an event of its own (the
 * operation in the stage waits a cycle). */
static void emit_gc_reset_event(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    ir_module_t mod, *m = &mod;
    ir_piece_begin(m);
    ir_node_t *x = ir_if(m, &m->body, "gc_reset_pend_q");
    ir_note(m, x, "a period of accepted requests completed", 1);
    ir_list_t *b = &x->body;
    ir_set(m, b, "evt_valid_o", "1'b1");
    ir_set(m, b, "evt_kind_o", code_param(CODE_EVT, EVT_SWITCH_RESET));
    ir_set(m, b, "evt_dec_o", code_param(CODE_DEC, DEC_NONE));
    ir_set(m, b, "evt_set_o", emit_const(g->lay.set_bits, 0));
    ir_set(m, b, "gc_switch_d", emit_const(c->sets, 0));
    if (count_bits(c))
        ir_set(m, b, "gc_count_d", ir_fmt(m, "{%u{1'b0}}", c->sets * count_bits(c)));
    ir_set(m, b, "gc_reset_pend_d", "1'b0");
    ir_piece_print(e, m);
}

/* In the decide stage, where a lookup completes (not a stall): count it toward the period. */
static void emit_gc_count_request(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned rb = req_bits(c);
    ir_module_t mod, *m = &mod;
    ir_piece_begin(m);
    const char *last = emit_const(rb, c->gc_switch_reset_period - 1);
    ir_node_t *x = ir_if(m, &m->body, ir_fmt(m, "gc_req_q == %s", last));
    ir_set(m, &x->body, "gc_req_d", emit_const(rb, 0));
    ir_set(m, &x->body, "gc_reset_pend_d", "1'b1");
    ir_set(m, &x->alt, "gc_req_d", ir_fmt(m, "gc_req_q + %s", emit_const(rb, 1)));
    ir_piece_print(e, m);
}

/* In the decide stage's fill, for every load fill: a victim bit of 1 turns the set's switch
 * on; report the set's switch and counter after the fill. */
static void build_switch_update(ir_module_t *m, const gen_l1_t *g)
{
    ir_list_t *b = &m->body;
    ir_set(m, &ir_if(m, b, "mem_rsp_hint_i")->body, "gc_switch_d[set_q]", "1'b1");
    ir_set(m, b, "evt_switch_o", "gc_switch_set | mem_rsp_hint_i");
    if (count_bits(&g->cfg->l1))
        ir_set(m, b, "evt_count_o", "gc_count_set");
}

/* First in every fill: the MSHR is freed and the core answered (the status is the core's:
 * MISS, or BYPASS below), and the set's switch is updated. */
static void emit_gc_fill_first(emit_t *e, const gen_l1_t *g)
{
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_set(m, b, "evt_mshr_o", "fmshr_q");
    ir_set(m, b, "mshr_free", "1'b1");
    ir_set(m, b, "rsp_push", "1'b1");
    ir_set(m, b, "rsp_id", "mshr_rd_id");
    ir_set(m, b, "rsp_data", "mem_rsp_data_i");
    build_switch_update(m, g);
    ir_piece_print(e, m);
}

/* A failed fill (mem_rsp_err_i): the set's switch and bypass count as they stay, on the event
 * port as at every fill. */
static void emit_gc_fill_err(emit_t *e, const gen_l1_t *g)
{
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_set(m, b, "evt_switch_o", "gc_switch_set");
    if (count_bits(&g->cfg->l1))
        ir_set(m, b, "evt_count_o", "gc_count_set");
    ir_piece_print(e, m);
}

/* A fill the metadata module decided to bypass (meta_fill_bypass): answered without
 * installing; the row is written only for the RRPV aging of the M-th bypass. */
static void emit_gc_fill_bypass(emit_t *e, const gen_l1_t *g)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned cb = count_bits(c), sb = g->lay.set_bits;
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    ir_set(m, b, "evt_valid_o", "1'b1");
    ir_set(m, b, "evt_kind_o", code_param(CODE_EVT, EVT_FILL));
    ir_set(m, b, "evt_dec_o", code_param(CODE_DEC, DEC_FILL_BYPASS));
    ir_set(m, b, "evt_set_o", "set_q");
    ir_set(m, b, "evt_row_o", "meta_row");
    ir_set(m, b, "meta_we", "1'b1");
    ir_set(m, b, "rsp_status", code_param(CODE_STATUS, ST_BYPASS));
    ir_set(m, b, "cnt_bypasses_inc", "1'b1");
    if (cb) {
        const char *next = ir_fmt(m, "gc_age ? %s : gc_count_set + %s", emit_const(cb, 0),
                                  emit_const(cb, 1));
        for (unsigned s = 0; s < c->sets; s++)
            ir_set(m, &ir_if(m, b, ir_fmt(m, "set_q == %s", emit_const(sb, s)))->body,
                   ir_fmt(m, "gc_count_d[%u:%u]", (s + 1) * cb - 1, s * cb), next);
        ir_set(m, b, "evt_count_o", next);
    }
    ir_piece_print(e, m);
}

static void emit_gc_flops(emit_t *e, const gen_l1_t *g, int reset)
{
    const cfg_l1_t *c = &g->cfg->l1;
    unsigned cb = count_bits(c);
    ir_module_t mod, *m = &mod;
    ir_list_t *b = &m->body;
    ir_piece_begin(m);
    if (reset) {
        ir_nb(m, b, "gc_switch_q", emit_const(c->sets, 0));
        ir_nb(m, b, "gc_switch_set_q", "1'b0");
        if (cb) {
            ir_nb(m, b, "gc_count_q", ir_fmt(m, "{%u{1'b0}}", c->sets * cb));
            ir_nb(m, b, "gc_count_set_q", emit_const(cb, 0));
        }
        if (c->gc_switch_reset_period) {
            ir_nb(m, b, "gc_req_q", emit_const(req_bits(c), 0));
            ir_nb(m, b, "gc_reset_pend_q", "1'b0");
        }
    } else {
        ir_nb(m, b, "gc_switch_q", "gc_switch_d");
        ir_nb(m, b, "gc_switch_set_q", "gc_switch_next");
        if (cb) {
            ir_nb(m, b, "gc_count_q", "gc_count_d");
            ir_nb(m, b, "gc_count_set_q", "gc_count_next");
        }
        if (c->gc_switch_reset_period) {
            ir_nb(m, b, "gc_req_q", "gc_req_d");
            ir_nb(m, b, "gc_reset_pend_q", "gc_reset_pend_d");
        }
    }
    ir_piece_print(e, m);
}

static void gc_meta_ports(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, "input  wire hint_i,        // G-Cache: the L2's victim bit of this fill");
    emit_line(e, "input  wire switch_i,      // G-Cache: the set's bypass switch");
    emit_line(e, "input  wire age_i,         // G-Cache: a bypass now ages the set (M-th)");
    emit_line(e, "output wire fill_bypass_o, // G-Cache: the fill is answered, not installed");
}

/* In the metadata module. G-Cache (SPEC 3.5): a fill with victim bit 1 turns the switch on first; with the switch on
 * and every way valid and hot (RRPV below TH_hot, or TH_victim for bit 1) the line bypasses.
 * is_fill then means an installing fill, so the baseline fill logic below is unchanged. */
static void gc_meta_fill(emit_t *e, const gen_l1_t *g)
{
    const lay_l1_t *l = &g->lay;
    const cfg_l1_t *c = &g->cfg->l1;
    emit_line(e, "wire fill_op = op_i == OpFill;");
    emit_line(e, "wire [%u:0] gc_hot;", l->ways - 1);
    if (c->gc_th_victim == 0 && c->gc_th_hot == 0) { /* RRPV < 0: never; no constant compare */
        emit_line(e, "assign gc_hot = %s; // both thresholds 0: no way is ever hot",
                  emit_const(l->ways, 0));
    } else {
        emit_line(e, "wire %sgc_th = hint_i ? %s : %s;", emit_range(l->repl_bits),
                  emit_const(l->repl_bits, c->gc_th_victim), emit_const(l->repl_bits, c->gc_th_hot));
        for (unsigned w = 0; w < l->ways; w++)
            emit_line(e, "assign gc_hot[%u] = w%u_repl < gc_th;", w, w);
    }
    emit_line(e, "assign fill_bypass_o = fill_op & (switch_i | hint_i) & (&valid) & (&gc_hot);");
    emit_line(e, "wire is_fill = fill_op & ~fill_bypass_o;");
}

static unsigned gc_evt_ports(const gen_l1_t *g, mech_evt_port_t *out)
{
    out[0] = (mech_evt_port_t){"switch", 1, NULL, NULL, 1,
                               "G-Cache: the set's switch after a fill"};
    out[1] = (mech_evt_port_t){"count", gc_evt_count_bits(g), "GcCountWidth",
                               "G-Cache bypass counter", 1, "G-Cache: its bypass counter"};
    return 2;
}

static void gc_meta_conn(emit_t *e, const gen_l1_t *g)
{
    (void)g;
    emit_line(e, ".hint_i      (mem_rsp_hint_i),");
    emit_line(e, ".switch_i    (gc_switch_set),");
    emit_line(e, ".age_i       (gc_age),");
    emit_line(e, ".fill_bypass_o (meta_fill_bypass),");
}

/* The switch reset, an event of its own, with periodic resets only. */
static void gc_own_event(emit_t *e, const gen_l1_t *g)
{
    if (!gc_resets(g))
        return;
    emit_gc_reset_event(e, g);
}

/* The decide stage waits a cycle while a switch reset is due. */
static const char *gc_hold(const gen_l1_t *g) { return gc_resets(g) ? "gc_reset_pend_q" : NULL; }

static void gc_lookup(emit_t *e, const gen_l1_t *g)
{
    if (gc_resets(g))
        emit_gc_count_request(e, g);
}

static const char *const gc_unused[] = {"req_base_i", "req_pc_i", "req_core_i", "kernel_start_i",
                                         "filter_enable_i", NULL};

const gen_mech_t gen_mech_gcache = {
    .mode = MODE_GCACHE,
    .unused_inputs = gc_unused,
    .counts_bypasses = 1,
    .fill_bypass_cond = "meta_fill_bypass",
    .hold = gc_hold,
    .evt_ports = gc_evt_ports,
    .decls = emit_gc_decls,
    .meta_conn = gc_meta_conn,
    .meta_ports = gc_meta_ports,
    .meta_fill = gc_meta_fill,
    .insert_by_hint = 1,
    .defaults = emit_gc_defaults,
    .own_event = gc_own_event,
    .lookup = gc_lookup,
    .fill_first = emit_gc_fill_first,
    .fill_bypass = emit_gc_fill_bypass,
    .fill_err = emit_gc_fill_err,
    .flops = emit_gc_flops,
};
