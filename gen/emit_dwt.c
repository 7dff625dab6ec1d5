/* emit_dwt: the DWT-CS warp-throttling controller <name>_dwt beside the system (SPEC 3.7,
 * docs/sacat.md). Per core it counts instructions and L1 misses of each period (16 bits,
 * saturating). A period's decision is a pipeline of three stages after its last cycle T (each
 * at most ~26 gate levels, SPEC 3.1): at T+1 the counts, held until then (they restart lazily),
 * are summed over the cores and the sampling winner found; at T+2 the sums are compared
 * (thrashing is 1000 x misses > threshold x instructions); at T+3 the state decides: N
 * thrashing periods in a row reuse the kernel's remembered limit or start sampling (core c at
 * min(c + 1, max_warps) warps for M periods), whose winner, the core with the most
 * instructions (the lowest on ties), sets every core's limit and is remembered FIFO.
 * kernel_start_i restores max_warps, restarts detection and cancels a pending decision.
 * Widths and codes: dwt.h; the rules: docs/sacat.md. The module is built as emitter IR
 * (ir.h) and printed by ir_print; expressions are still strings inside the nodes. */
#include "../core/dwt.h"
#include "emit_l1.h"
#include "ir_lib.h"

#define F(...) ir_fmt(m, __VA_ARGS__)
#define NOTE_COL 38 /* the column of the declarations' comments */

/* Widths of one controller (0: the register does not exist). */
typedef struct dwt_w {
    const cfg_dwt_t *d;
    unsigned cores;   /* P */
    unsigned ib, wb;  /* instructions a cycle, warp limit */
    unsigned lb;      /* a decided limit, at most min(P, max_warps) */
    unsigned cb;      /* a core id on the event port */
    unsigned sb;      /* a sum of P counts */
    unsigned xb;      /* the detection compare */
    unsigned ab;      /* a core's sampling total (16 with M = 1: this period's count) */
    unsigned tb;      /* period timer */
    unsigned db;      /* thrashing periods in a row */
    unsigned pb;      /* sampling periods ended */
    unsigned eb;      /* the table's next slot */
} dwt_w_t;

static unsigned at_least_1(unsigned n) { return n ? n : 1; }

/* The winner's core and limit as stage 3 reads them: registered at T+1, or with one core the
 * constants. */
static const char *won_core(const dwt_w_t *w) { return w->cores > 1 ? "win_core_q" : "win_core"; }
static const char *won_limit(const dwt_w_t *w) { return w->cores > 1 ? "win_limit_q" : "win_limit"; }

/* `name` zero-extended from `from` to `to` bits, as Verilog text (valid until the next few
 * emit_const calls). */
static const char *widen(unsigned from, unsigned to, const char *name)
{
    static char buf[2][96];
    static unsigned k;
    char *b = buf[k++ % 2];
    if (from == to)
        snprintf(b, sizeof buf[0], "%s", name);
    else
        snprintf(b, sizeof buf[0], "{%s, %s}", emit_const(to - from, 0), name);
    return b;
}

/* A declaration of `names` (NULL-terminated) with its comment at NOTE_COL, or none. */
static ir_node_t *decl(ir_module_t *m, ir_list_t *to, ir_net_t net, unsigned bits,
                       const char *const *names, const char *comment)
{
    ir_node_t *d = ir_decl(m, to, net, IR_W(bits), names[0]);
    for (unsigned i = 1; names[i]; i++)
        ir_decl_name(m, d, names[i], 0);
    if (comment)
        ir_note_col(m, d, comment, NOTE_COL);
    return d;
}
#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})

/* The event port: one event per kernel start or period end. */
static unsigned evt_ports(const dwt_w_t *w, gen_sim_port_t *out)
{
    const struct { const char *name; unsigned width; const char *what; } p[] = {
        {"evt_valid_o", 0, "a kernel start or a period's decision (T+3)"},
        {"evt_kind_o", DWT_EVT_BITS, "what was decided (Evt*)"},
        {"evt_kernel_o", DWT_KERNEL_BITS, "the kernel (at a kernel start, the new one)"},
        {"evt_inst_sum_o", w->sb, "the period's instructions, all cores"},
        {"evt_miss_sum_o", w->sb, "the period's L1 misses, all cores"},
        {"evt_count_o", at_least_1(w->db), "thrashing periods in a row, after"},
        {"evt_winner_o", w->cb, "Winner: the core with the most instructions"},
        {"evt_limit_o", w->wb, "every core's limit outside sampling, after"},
        {"evt_slot_o", at_least_1(w->eb), "Winner: the slot written; Reuse: the slot read"},
        {"evt_replaced_o", 0, "Winner: the slot held another kernel's limit"},
    };
    unsigned n = sizeof p / sizeof p[0];
    for (unsigned i = 0; i < n; i++) {
        out[i] = (gen_sim_port_t){1, at_least_1(p[i].width), p[i].width != 0, "", p[i].what};
        snprintf(out[i].name, sizeof out[i].name, "%s", p[i].name);
    }
    return n;
}

static void dwt_ports(ir_module_t *m, const dwt_w_t *w)
{
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "rst_ni", NULL, 0);
    ir_note_col(m, ir_port(m, IR_IN, IR_W(w->cores * w->ib), "inst_i", NULL, 0),
                "core c: [c*IB +: IB], instructions committed", NOTE_COL);
    ir_note_col(m, ir_port(m, IR_IN, IR_W(w->cores), "l1_miss_i", NULL, 0),
                "bit c: an L1 miss of core c", NOTE_COL);
    ir_note_col(m, ir_port(m, IR_IN, IR_W(0), "kernel_start_i", NULL, 0),
                "a kernel starts: every limit max_warps", NOTE_COL);
    ir_note_col(m, ir_port(m, IR_IN, IR_W(DWT_KERNEL_BITS), "kernel_id_i", NULL, 0),
                "... and this is its id", NOTE_COL);
    ir_note_col(m, ir_port(m, IR_OUT_REG, IR_W(w->cores * w->wb), "warp_limit_o", NULL, 0),
                "core c: [c*WB +: WB], active warps a scheduler", NOTE_COL);
    ir_comment(m, &m->ports, F("(IB = %u, WB = %u)", w->ib, w->wb))->n = NOTE_COL + 1;
    gen_sim_port_t ev[16];
    gen_ir_sim_ports(m, "event port (simulation only): every decision", ev, evt_ports(w, ev));
}

/* SampleLimits: core c's limit while sampling, min(c + 1, MaxWarps), eight cores a line. */
static void dwt_sample_limits(ir_module_t *m, const dwt_w_t *w)
{
    ir_list_t *b = &m->body;
    ir_comment(m, b, "core c samples with min(c + 1, MaxWarps) warps");
    char value[8192], line[512];
    size_t v = (size_t)snprintf(value, sizeof value, "{");
    int n = 0;
    for (unsigned c = w->cores; c-- > 0;) {
        n += snprintf(line + n, sizeof line - (size_t)n, "%s%s", n ? " " : "",
                      emit_const(w->wb, dwt_sample_limit(w->d, c)));
        if (c > 0)
            n += snprintf(line + n, sizeof line - (size_t)n, ",");
        if (c % 8 == 0) {
            v += (size_t)snprintf(value + v, sizeof value - v, "\n  %s", line);
            n = 0;
        }
    }
    v += (size_t)snprintf(value + v, sizeof value - v, "\n}");
    assert(v < sizeof value);
    ir_param(m, b, 1, "SampleLimits", value)->w = IR_W(w->cores * w->wb);
}

/* localparam [bits-1:0] name = value (bits wide). */
static void lparam(ir_module_t *m, unsigned bits, const char *name, unsigned long long value)
{
    ir_param(m, &m->body, 1, name, emit_const(bits, value))->w = IR_W(bits);
}

static void dwt_decls(ir_module_t *m, const dwt_w_t *w)
{
    const cfg_dwt_t *d = w->d;
    ir_list_t *b = &m->body;
    unsigned P = w->cores, C = DWT_COUNT_BITS;
    gen_sim_port_t ev[16];
    gen_ir_sim_internal(m, b, ev, evt_ports(w, ev));
    ir_comment(m, b, "decisions (the event port's kinds) and states; some kinds may not occur");
    ir_comment(m, b, "verilator lint_off UNUSEDPARAM");
    for (unsigned k = 0; k < DWT_EVT_COUNT; k++)
        lparam(m, DWT_EVT_BITS, F("Evt%s", dwt_evt_name((dwt_evt_t)k)), k);
    ir_comment(m, b, "verilator lint_on UNUSEDPARAM");
    for (unsigned s = 0; s < DWT_ST_COUNT; s++)
        lparam(m, DWT_STATE_BITS, F("St%s", dwt_state_name((dwt_state_t)s)), s);
    lparam(m, w->tb, "LastCycle", d->period - 1);
    if (w->db)
        lparam(m, w->db, "DetectLast", d->detect_periods - 1);
    if (w->pb)
        lparam(m, w->pb, "SampleLast", d->sample_periods - 1);
    if (w->eb)
        lparam(m, w->eb, "LastSlot", d->table_entries - 1);
    lparam(m, w->wb, "MaxWarps", d->max_warps);
    if (w->cores > d->max_warps) /* some cores are capped */
        lparam(m, w->lb, "MaxLimit", d->max_warps);
    lparam(m, C, "CountMax", DWT_COUNT_MAX);
    lparam(m, w->xb, "Thousand", DWT_MPKI_SCALE);
    lparam(m, w->xb, "Threshold", d->mpki_threshold);
    dwt_sample_limits(m, w);
    ir_blank(m, b);
    decl(m, b, IR_REG, w->tb, NAMES("t_q", "t_d"), "cycle within the period");
    decl(m, b, IR_REG, P * C, NAMES("inst_q", "inst_d"),
         "core c: [c*16 +: 16], instructions this period");
    decl(m, b, IR_REG, P * C, NAMES("miss_q", "miss_d"),
         "core c: [c*16 +: 16], L1 misses this period");
    ir_comment(m, b, "(both held through the next period's first cycle)")->n = NOTE_COL + 1;
    decl(m, b, IR_REG, DWT_STATE_BITS, NAMES("state_q", "state_d"), "St*");
    if (w->db)
        decl(m, b, IR_REG, w->db, NAMES("det_q", "det_d"), "thrashing periods in a row, 0..N-1");
    if (w->pb) {
        decl(m, b, IR_REG, w->pb, NAMES("sp_q", "sp_d"), "sampling periods ended, 0..M-1");
        decl(m, b, IR_REG, P * w->ab, NAMES("total_q", "total_d"),
             F("core c: [c*%u +: %u], their instructions", w->ab, w->ab));
    }
    ir_comment(m, b,
               "the decision pipeline: a period ended 1, 2, 3 cycles ago, its decision pending");
    decl(m, b, IR_REG, 3, NAMES("pend_q", "pend_d"), "bit k: stage k+1 (T+1, T+2, T+3)");
    decl(m, b, IR_REG, w->sb, NAMES("psum_inst_q", "psum_inst_d"),
         "T+1: the period's instructions, all cores");
    decl(m, b, IR_REG, w->sb, NAMES("psum_miss_q", "psum_miss_d"),
         "T+1: the period's L1 misses, all cores");
    decl(m, b, IR_REG, 0, NAMES("thrash_q", "thrash_d"), "T+2: the period thrashed");
    if (w->cores > 1) {
        decl(m, b, IR_REG, w->cb, NAMES("win_core_q", "win_core_d"),
             "T+1: the winner (event port only)");
        decl(m, b, IR_REG, w->lb, NAMES("win_limit_q", "win_limit_d"), "... and its limit");
    }
    decl(m, b, IR_REG, DWT_KERNEL_BITS, NAMES("kernel_q", "kernel_d"), "the running kernel's id");
    decl(m, b, IR_REG, w->lb, NAMES("limit_q", "limit_d"), "the decided limit (StDone)");
    unsigned E = d->table_entries;
    ir_comment(m, b, F("the table: entry i remembers kernel [i*%u +: %u] with limit [i*%u +: %u]",
                       DWT_KERNEL_BITS, DWT_KERNEL_BITS, w->lb, w->lb));
    ir_decl(m, b, IR_REG, IR_W(E), "tbl_valid_q");
    ir_decl(m, b, IR_REG, IR_W(E * DWT_KERNEL_BITS), "tbl_kernel_q");
    ir_decl(m, b, IR_REG, IR_W(E * w->lb), "tbl_limit_q");
    ir_decl(m, b, IR_WIRE, IR_W(E), "tbl_valid_d");
    ir_decl(m, b, IR_WIRE, IR_W(E * DWT_KERNEL_BITS), "tbl_kernel_d");
    ir_decl(m, b, IR_WIRE, IR_W(E * w->lb), "tbl_limit_d");
    if (w->eb)
        decl(m, b, IR_REG, w->eb, NAMES("slot_q", "slot_d"), "the next slot written (the oldest)");
    decl(m, b, IR_REG, DWT_EVT_BITS, NAMES("kind"), "this cycle's decision (Evt*)");
    decl(m, b, IR_REG, 0, NAMES("store"), "remember the winner's limit");
    ir_wire_init(m, b, IR_W(0), "period_end", "(t_q == LastCycle)");
    ir_note_col(m, ir_wire_init(m, b, IR_W(0), "fresh", F("(t_q == %s)", emit_const(w->tb, 0))),
                "a period's first cycle: the counts restart", NOTE_COL);
    ir_blank(m, b);
}

/* Per core: this period's counts with this cycle's inputs (saturating; in a period's first
 * cycle from 0: the registers hold the last period's counts one cycle more, for stage 1) and,
 * sampling over more than one period, the total with the period just ended (stage 1). */
static void dwt_counts(ir_module_t *m, const dwt_w_t *w)
{
    unsigned C = DWT_COUNT_BITS, P = w->cores;
    ir_list_t *b = &m->body;
    decl(m, b, IR_WIRE, P * C, NAMES("s_inst", "s_miss"),
         "this period's counts with this cycle's inputs");
    decl(m, b, IR_WIRE, P * C, NAMES("inst_base", "miss_base"),
         "... before them: 0 in a first cycle");
    if (w->pb)
        decl(m, b, IR_WIRE, P * w->ab, NAMES("s_total"),
             "T+1: sampling totals with the period's counts");
    ir_decl(m, b, IR_GENVAR, IR_W(0), "gc");
    ir_node_t *g = ir_genfor(m, b, "gc", P, "g_core");
    g->flag = 1;
    ir_list_t *l = &g->body;
    ir_assign(m, l, F("inst_base[gc*%u +: %u]", C, C),
              F("fresh ? %s : inst_q[gc*%u +: %u]", emit_const(C, 0), C, C));
    ir_assign(m, l, F("miss_base[gc*%u +: %u]", C, C),
              F("fresh ? %s : miss_q[gc*%u +: %u]", emit_const(C, 0), C, C));
    ir_wire_init(m, l, IR_W(C + 1), "inst_inc",
                 F("{1'b0, inst_base[gc*%u +: %u]} + {%s, inst_i[gc*%u +: %u]}", C, C,
                   emit_const(C + 1 - w->ib, 0), w->ib, w->ib));
    ir_wire_init(m, l, IR_W(C + 1), "miss_inc",
                 F("{1'b0, miss_base[gc*%u +: %u]} + {%s, l1_miss_i[gc]}", C, C,
                   emit_const(C, 0)));
    ir_assign(m, l, F("s_inst[gc*%u +: %u]", C, C),
              F("inst_inc[%u] ? CountMax : inst_inc[%u:0]", C, C - 1));
    ir_assign(m, l, F("s_miss[gc*%u +: %u]", C, C),
              F("miss_inc[%u] ? CountMax : miss_inc[%u:0]", C, C - 1));
    if (w->pb)
        ir_assign(m, l, F("s_total[gc*%u +: %u]", w->ab, w->ab),
                  F("total_q[gc*%u +: %u] + {%s, inst_q[gc*%u +: %u]}", w->ab, w->ab,
                    emit_const(w->ab - C, 0), C, C));
    ir_blank(m, b);
}

/* `out` (sb bits) = the sum of the P counts of `vec`, by a tree of adders, one bit wider a
 * level. */
static void dwt_sum_tree(ir_module_t *m, const dwt_w_t *w, const char *label, const char *vec,
                         const char *out)
{
    unsigned C = DWT_COUNT_BITS, n = w->cores, k = 0;
    ir_list_t *b = &m->body;
    for (unsigned i = 0; i < n; i++)
        ir_wire_init(m, b, IR_W(C), F("%s0_%u", label, i), F("%s[%u +: %u]", vec, i * C, C));
    for (; n > 1; n = (n + 1) / 2, k++)
        for (unsigned i = 0; i < (n + 1) / 2; i++) {
            const char *name = F("%s%u_%u", label, k + 1, i);
            if (2 * i + 1 < n)
                ir_wire_init(m, b, IR_W(C + k + 1), name,
                             F("{1'b0, %s%u_%u} + {1'b0, %s%u_%u}", label, k, 2 * i, label, k,
                               2 * i + 1));
            else
                ir_wire_init(m, b, IR_W(C + k + 1), name, F("{1'b0, %s%u_%u}", label, k, 2 * i));
        }
    assert(C + k == w->sb);
    ir_wire_init(m, b, IR_W(w->sb), out, F("%s%u_0", label, k));
}

static void dwt_detect(ir_module_t *m, const dwt_w_t *w)
{
    ir_list_t *b = &m->body;
    ir_comment(m, b, "T+1: the period's counts (held in inst_q, miss_q) summed over the cores");
    dwt_sum_tree(m, w, "isum", "inst_q", "sum_inst");
    dwt_sum_tree(m, w, "msum", "miss_q", "sum_miss");
    ir_comment(m, b, "T+2: thrashing: 1000 x misses > threshold x instructions");
    const char *z = ir_fmt(m, "%s", emit_const(w->xb - w->sb, 0));
    ir_wire_init(m, b, IR_W(w->xb), "miss_side", F("Thousand * {%s, psum_miss_q}", z));
    ir_wire_init(m, b, IR_W(w->xb), "inst_side", F("Threshold * {%s, psum_inst_q}", z));
    ir_wire_init(m, b, IR_W(0), "thrash", "(miss_side > inst_side)");
    ir_blank(m, b);
}

/* The table: which entry remembers the running kernel, and the write of a winner's limit. */
static void dwt_table(ir_module_t *m, const dwt_w_t *w)
{
    unsigned E = w->d->table_entries, K = DWT_KERNEL_BITS;
    ir_list_t *b = &m->body;
    ir_comment(m, b, "The table: lookup of the running kernel (an id is never stored twice), and");
    ir_comment(m, b, "the winner's limit stored into the next slot");
    ir_decl(m, b, IR_WIRE, IR_W(E), "match");
    ir_wire_init(m, b, IR_W(E), "wr_oh",
                 w->eb ? F("%s << slot_q", emit_const(E, 1)) : "1'b1");
    ir_decl(m, b, IR_GENVAR, IR_W(0), "ge");
    ir_node_t *g = ir_genfor(m, b, "ge", E, "g_entry");
    g->flag = 1;
    ir_list_t *l = &g->body;
    ir_wire_init(m, l, IR_W(0), "wr", "store & wr_oh[ge]");
    ir_assign(m, l, "match[ge]",
              F("tbl_valid_q[ge] & (tbl_kernel_q[ge*%u +: %u] == kernel_q)", K, K));
    ir_assign(m, l, "tbl_valid_d[ge]", "tbl_valid_q[ge] | wr");
    ir_assign(m, l, F("tbl_kernel_d[ge*%u +: %u]", K, K),
              F("wr ? kernel_q : tbl_kernel_q[ge*%u +: %u]", K, K));
    ir_assign(m, l, F("tbl_limit_d[ge*%u +: %u]", w->lb, w->lb),
              F("wr ? %s : tbl_limit_q[ge*%u +: %u]", won_limit(w), w->lb, w->lb));
    ir_wire_init(m, b, IR_W(0), "hit", "|match");
    ir_lowest_oh(m, b, "hit_oh", E, "match[%u]");
    ir_encode_oh(m, b, "hit_slot", "hit_oh", E, at_least_1(w->eb));
    ir_decl(m, b, IR_REG, IR_W(w->lb), "hit_limit");
    char fmt[64];
    snprintf(fmt, sizeof fmt, "tbl_limit_q[%%u*%u +: %u]", w->lb, w->lb);
    ir_pick_oh(m, b, "hit_limit", w->lb, "hit_oh", E, fmt);
    ir_blank(m, b);
}

/* The winner: the core with the most instructions over the sampling periods, the lowest on
 * ties (win_oh_c is one-hot: every core is a candidate). Its limit, min(winner + 1, max_warps),
 * is its own sampling limit, picked by AND-OR; a capped core's line says so. */
static void dwt_winner(ir_module_t *m, const dwt_w_t *w)
{
    unsigned P = w->cores, C = DWT_COUNT_BITS;
    ir_list_t *b = &m->body;
    ir_comment(m, b, "T+1: the winner of sampling: most instructions, the lowest core on ties");
    for (unsigned c = 0; P > 1 && c < P; c++) {  /* one core: the winner, no compare */
        if (w->pb)
            ir_wire_init(m, b, IR_W(w->ab), F("tot%u", c),
                         F("s_total[%u +: %u]", c * w->ab, w->ab));
        else
            ir_wire_init(m, b, IR_W(C), F("tot%u", c), F("inst_q[%u +: %u]", c * C, C));
    }
    if (P > 1) {
        ir_best_oh(m, b, "win_oh", P, "1'b1", "1'b0", "tot%u", 1);
        ir_encode_oh(m, b, "win_core", "win_oh_c", P, w->cb);
    } else {
        ir_wire_init(m, b, IR_W(1), "win_oh", "1'b1");
        ir_wire_init(m, b, IR_W(1), "win_core", "1'b0");
    }
    ir_comment(m, b, "its limit: its own sampling limit, min(winner + 1, MaxWarps)");
    ir_decl(m, b, IR_REG, IR_W(w->lb), "win_limit");
    char rhs[16384];
    size_t len = 0;
    int capped_last = 0;
    for (unsigned c = 0; c < P; c++) {
        const char *lead = c ? "| " : "  ";
        int capped = c + 1 > w->d->max_warps, last = c + 1 == P;
        if (capped)
            len += (size_t)snprintf(rhs + len, sizeof rhs - len,
                                    "\n  %s{%u{win_oh[%u]}} & MaxLimit%s", lead, w->lb, c,
                                    last ? "" : ir_fmt(m, "  // capped: core %u", c));
        else
            len += (size_t)snprintf(rhs + len, sizeof rhs - len, "\n  %s{%u{win_oh[%u]}} & %s",
                                    lead, w->lb, c, emit_const(w->lb, dwt_sample_limit(w->d, c)));
        assert(len < sizeof rhs);
        capped_last = capped && last;
    }
    ir_node_t *s = ir_set(m, &ir_always_comb(m, b, NULL, NULL)->body, "win_limit", rhs);
    if (capped_last)
        ir_note(m, s, F("capped: core %u", P - 1), 2);
    ir_blank(m, b);
}

static void dwt_decide(ir_module_t *m, const dwt_w_t *w)
{
    ir_list_t *b = &m->body;
    ir_comment(m, b,
               "The pipeline: a period's end starts it, a kernel start cancels it (and one at the");
    ir_comment(m, b,
               "period's end too); stage 1 holds the sums and the winner, stage 2 the compare");
    ir_list_t *p = &ir_always_comb(m, b, "pipeline", NULL)->body;
    ir_set(m, p, "pend_d[0]", "period_end & ~kernel_start_i");
    ir_note(m, ir_set(m, p, "pend_d[1]", "pend_q[0] & ~kernel_start_i"), "a kernel start cancels",
            2);
    ir_set(m, p, "pend_d[2]", "pend_q[1] & ~kernel_start_i");
    ir_set(m, p, "psum_inst_d", "pend_q[0] ? sum_inst : psum_inst_q");
    ir_set(m, p, "psum_miss_d", "pend_q[0] ? sum_miss : psum_miss_q");
    if (w->cores > 1) {
        ir_set(m, p, "win_core_d", "pend_q[0] ? win_core : win_core_q");
        ir_set(m, p, "win_limit_d", "pend_q[0] ? win_limit : win_limit_q");
    }
    ir_set(m, p, "thrash_d", "thrash");
    ir_blank(m, b);
    ir_comment(m, b, "A kernel start restarts detection; stage 3 (T+3) decides by the state");
    ir_list_t *d = &ir_always_comb(m, b, "decide", NULL)->body;
    ir_set(m, d, "state_d", "state_q");
    if (w->db)
        ir_set(m, d, "det_d", "det_q");
    if (w->pb) {
        ir_set(m, d, "sp_d", "sp_q");
        ir_set(m, d, "total_d", "total_q");
        ir_note(m, ir_set(m, &ir_if(m, d, "pend_q[0] && state_q == StSample")->body, "total_d",
                          "s_total"), "T+1", 2);
    }
    ir_set(m, d, "kernel_d", "kernel_q");
    ir_set(m, d, "limit_d", "limit_q");
    if (w->eb)
        ir_set(m, d, "slot_d", "slot_q");
    ir_set(m, d, "kind", "EvtHold");
    ir_set(m, d, "store", "1'b0");
    const char *det0 = w->db ? ir_fmt(m, "%s", emit_const(w->db, 0)) : NULL;
    ir_node_t *ks = ir_if(m, d, "kernel_start_i");
    ir_set(m, &ks->body, "kind", "EvtKernelStart");
    ir_note(m, ir_set(m, &ks->body, "state_d", "StDetect"), "every core unthrottled", 2);
    if (w->db)
        ir_set(m, &ks->body, "det_d", det0);
    ir_set(m, &ks->body, "kernel_d", "kernel_id_i");
    ir_node_t *c = ir_case(m, &ir_elif(m, ks, "pend_q[2]")->body, "state_q");
    /* StDetect */
    ir_node_t *q = ir_if(m, &ir_item(m, c, "StDetect")->body, "!thrash_q");
    if (w->db) {
        ir_set(m, &q->body, "kind", F("(det_q != %s) ? EvtDetectReset : EvtQuiet", det0));
        ir_note(m, ir_set(m, &q->body, "det_d", det0), "a quiet period restarts the count", 2);
    } else {
        ir_set(m, &q->body, "kind", "EvtQuiet");
    }
    ir_node_t *last = q;
    if (w->db) {
        last = ir_elif(m, q, "det_q != DetectLast");
        ir_set(m, &last->body, "kind", "EvtThrash");
        ir_set(m, &last->body, "det_d", F("det_q + %s", emit_const(w->db, 1)));
    }
    ir_node_t *hit = ir_elif(m, last, "hit");
    ir_note(m, hit, "a remembered kernel: its limit", 2);
    ir_set(m, &hit->body, "kind", "EvtReuse");
    if (w->db)
        ir_set(m, &hit->body, "det_d", det0);
    ir_set(m, &hit->body, "limit_d", "hit_limit");
    ir_set(m, &hit->body, "state_d", "StDone");
    ir_list_t *ss = &hit->alt;
    ir_set(m, ss, "kind", "EvtSampleStart");
    if (w->db)
        ir_set(m, ss, "det_d", det0);
    if (w->pb) {
        ir_set(m, ss, "sp_d", emit_const(w->pb, 0));
        ir_set(m, ss, "total_d", emit_const(w->cores * w->ab, 0));
    }
    ir_set(m, ss, "state_d", "StSample");
    /* StSample */
    ir_list_t *sm = &ir_item(m, c, "StSample")->body;
    if (w->pb) {
        ir_node_t *more = ir_if(m, sm, "sp_q != SampleLast");
        ir_set(m, &more->body, "kind", "EvtSampling");
        ir_set(m, &more->body, "sp_d", F("sp_q + %s", emit_const(w->pb, 1)));
        sm = &more->alt;
    }
    ir_set(m, sm, "kind", "EvtWinner");
    ir_set(m, sm, "limit_d", won_limit(w));
    ir_set(m, sm, "state_d", "StDone");
    ir_set(m, sm, "store", "1'b1");
    if (w->eb)
        ir_set(m, sm, "slot_d", F("(slot_q == LastSlot) ? %s : slot_q + %s",
                                  ir_fmt(m, "%s", emit_const(w->eb, 0)), emit_const(w->eb, 1)));
    ir_note(m, ir_set(m, &ir_item(m, c, NULL)->body, "kind", "EvtHold"),
            "decided: the limit holds until a kernel start", 2);
    ir_blank(m, b);
}

/* The next period counts, the outputs and the event port. */
static void dwt_outputs(ir_module_t *m, const dwt_w_t *w)
{
    unsigned P = w->cores;
    ir_list_t *b = &m->body;
    ir_list_t *n = &ir_always_comb(m, b, "next_counts", NULL)->body;
    ir_set(m, n, "t_d", F("(period_end || kernel_start_i) ? %s : t_q + %s",
                          ir_fmt(m, "%s", emit_const(w->tb, 0)), emit_const(w->tb, 1)));
    ir_note(m, ir_set(m, n, "inst_d", "s_inst"), "restarted in the next cycle (fresh)", 2);
    ir_set(m, n, "miss_d", "s_miss");
    ir_blank(m, b);
    ir_comment(m, b,
               "every core at MaxWarps while detecting, at its sampling limit while sampling,");
    ir_comment(m, b, "at the decided limit once decided");
    ir_wire_init(m, b, IR_W(w->wb), "decided_q", widen(w->lb, w->wb, "limit_q"));
    ir_wire_init(m, b, IR_W(w->wb), "decided_d", widen(w->lb, w->wb, "limit_d"));
    ir_list_t *l = &ir_always_comb(m, b, "limits", NULL)->body;
    ir_set(m, l, "warp_limit_o", F("{%u{MaxWarps}}", P));
    ir_set(m, &ir_if(m, l, "state_q == StSample")->body, "warp_limit_o", "SampleLimits");
    ir_set(m, &ir_if(m, l, "state_q == StDone")->body, "warp_limit_o", F("{%u{decided_q}}", P));
    ir_blank(m, b);
    gen_sim_port_t ev[16];
    unsigned k = evt_ports(w, ev);
    ir_list_t *e = &ir_always_comb(m, b, "event_port", NULL)->body;
    for (unsigned i = 0; i < k; i++)
        ir_set(m, e, ev[i].name, emit_const(ev[i].width, 0));
    ir_list_t *v = &ir_if(m, e, "kernel_start_i || pend_q[2]")->body;
    ir_set(m, v, "evt_valid_o", "1'b1");
    ir_set(m, v, "evt_kind_o", "kind");
    ir_set(m, v, "evt_kernel_o", "kernel_d");
    if (w->db)
        ir_set(m, v, "evt_count_o", "det_d");
    ir_set(m, v, "evt_limit_o", "(state_d == StDone) ? decided_d : MaxWarps");
    ir_node_t *nk = ir_if(m, v, "!kernel_start_i");
    ir_set(m, &nk->body, "evt_inst_sum_o", "psum_inst_q");
    ir_set(m, &nk->body, "evt_miss_sum_o", "psum_miss_q");
    ir_node_t *st = ir_if(m, v, "store");
    ir_set(m, &st->body, "evt_winner_o", won_core(w));
    if (w->eb)
        ir_set(m, &st->body, "evt_slot_o", "slot_q");
    ir_set(m, &st->body, "evt_replaced_o", "|(tbl_valid_q & wr_oh)");
    ir_set(m, &ir_if(m, v, "kind == EvtReuse")->body, "evt_slot_o", "hit_slot");
    ir_blank(m, b);
}

/* The registers: name, width (0: absent) and reset value. */
static void dwt_flops(ir_module_t *m, const dwt_w_t *w)
{
    unsigned P = w->cores, C = DWT_COUNT_BITS, E = w->d->table_entries;
    const struct { const char *name; unsigned width; const char *reset; } r[] = {
        {"t", w->tb, NULL},
        {"pend", 3, NULL},
        {"psum_inst", w->sb, NULL},
        {"psum_miss", w->sb, NULL},
        {"thrash", 1, NULL},
        {"win_core", P > 1 ? w->cb : 0, NULL},
        {"win_limit", P > 1 ? w->lb : 0, NULL},
        {"inst", P * C, NULL},
        {"miss", P * C, NULL},
        {"state", DWT_STATE_BITS, "StDetect"},
        {"det", w->db, NULL},
        {"sp", w->pb, NULL},
        {"total", w->pb ? P * w->ab : 0, NULL},
        {"kernel", DWT_KERNEL_BITS, NULL},
        {"limit", w->lb, NULL},
        {"tbl_valid", E, NULL},
        {"tbl_kernel", E * DWT_KERNEL_BITS, NULL},
        {"tbl_limit", E * w->lb, NULL},
        {"slot", w->eb, NULL},
    };
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    for (unsigned i = 0; i < sizeof r / sizeof r[0]; i++)
        if (r[i].width) {
            ir_nb(m, &a->alt, F("%s_q", r[i].name),
                  r[i].reset ? r[i].reset : emit_const(r[i].width, 0));
            ir_nb(m, &a->body, F("%s_q", r[i].name), F("%s_d", r[i].name));
        }
}

void emit_dwt(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    const cfg_dwt_t *d = &c->dwt;
    assert(lay_mech_beside_is(c->l1.mode, "dwt") && d->max_warps < (1u << d->warp_bits));
    assert(d->period >= DWT_PERIOD_MIN);
    dwt_w_t w = {d, c->sys.cores, d->inst_bits, d->warp_bits, dwt_limit_bits(c),
                 dwt_core_bits(c->sys.cores),
                 dwt_sum_bits(c->sys.cores), dwt_cmp_bits(c->sys.cores, d->mpki_threshold),
                 d->sample_periods > 1 ? dwt_total_bits(d->sample_periods) : DWT_COUNT_BITS,
                 dwt_timer_bits(d->period), dwt_loop_bits(d->detect_periods),
                 dwt_loop_bits(d->sample_periods), dwt_loop_bits(d->table_entries)};
    ir_module_t mod, *m = &mod;
    ir_module_init(m, g->dwt);
    gen_ir_header(m, c, "DWT-CS controller: warp limits per core from L1 MPKI and core sampling");
    dwt_ports(m, &w);
    dwt_decls(m, &w);
    dwt_counts(m, &w);
    dwt_detect(m, &w);
    dwt_winner(m, &w);
    dwt_table(m, &w);
    dwt_decide(m, &w);
    dwt_outputs(m, &w);
    dwt_flops(m, &w);
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
