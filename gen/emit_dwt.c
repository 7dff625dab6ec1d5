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
 * Widths and codes: dwt.h; the rules: docs/sacat.md. */
#include "../core/dwt.h"
#include "emit_l1.h"

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

/* One declaration with its comment aligned at a fixed column. */
static void decl(emit_t *e, const char *text, const char *comment)
{
    emit_line(e, "%-38s // %s", text, comment);
}

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

static void emit_ports(emit_t *e, const gen_l1_t *g, const dwt_w_t *w)
{
    emit_line(e, "module %s (", g->dwt);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
    char b[96];
    snprintf(b, sizeof b, "input  wire %sinst_i,", emit_range(w->cores * w->ib));
    decl(e, b, "core c: [c*IB +: IB], instructions committed");
    snprintf(b, sizeof b, "input  wire %sl1_miss_i,", emit_range(w->cores));
    decl(e, b, "bit c: an L1 miss of core c");
    decl(e, "input  wire kernel_start_i,", "a kernel starts: every limit max_warps");
    snprintf(b, sizeof b, "input  wire %skernel_id_i,", emit_range(DWT_KERNEL_BITS));
    decl(e, b, "... and this is its id");
    snprintf(b, sizeof b, "output reg  %swarp_limit_o", emit_range(w->cores * w->wb));
    decl(e, b, "core c: [c*WB +: WB], active warps a scheduler");
    emit_line(e, "%-38s // (IB = %u, WB = %u)", "", w->ib, w->wb);
    gen_sim_port_t ev[16];
    gen_emit_sim_ports(e, "event port (simulation only): every decision", ev, evt_ports(w, ev));
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

/* SampleLimits: core c's limit while sampling, min(c + 1, MaxWarps), eight cores a line. */
static void emit_sample_limits(emit_t *e, const dwt_w_t *w)
{
    emit_line(e, "// core c samples with min(c + 1, MaxWarps) warps");
    emit_line(e, "localparam %sSampleLimits = {", emit_range(w->cores * w->wb));
    emit_in(e);
    char line[512];
    int n = 0;
    for (unsigned c = w->cores; c-- > 0;) {
        n += snprintf(line + n, sizeof line - (size_t)n, "%s%s", n ? " " : "",
                      emit_const(w->wb, dwt_sample_limit(w->d, c)));
        if (c > 0)
            n += snprintf(line + n, sizeof line - (size_t)n, ",");
        if (c % 8 == 0) {
            emit_line(e, "%s", line);
            n = 0;
        }
    }
    emit_out(e);
    emit_line(e, "};");
}

static void emit_decls(emit_t *e, const dwt_w_t *w)
{
    const cfg_dwt_t *d = w->d;
    unsigned P = w->cores, C = DWT_COUNT_BITS;
    char b[96];
    gen_sim_port_t ev[16];
    gen_emit_sim_internal(e, ev, evt_ports(w, ev));
    emit_line(e, "// decisions (the event port's kinds) and states; some kinds may not occur");
    emit_line(e, "// verilator lint_off UNUSEDPARAM");
    for (unsigned k = 0; k < DWT_EVT_COUNT; k++)
        emit_line(e, "localparam %sEvt%s = %s;", emit_range(DWT_EVT_BITS),
                  dwt_evt_name((dwt_evt_t)k), emit_const(DWT_EVT_BITS, k));
    emit_line(e, "// verilator lint_on UNUSEDPARAM");
    for (unsigned s = 0; s < DWT_ST_COUNT; s++)
        emit_line(e, "localparam %sSt%s = %s;", emit_range(DWT_STATE_BITS),
                  dwt_state_name((dwt_state_t)s), emit_const(DWT_STATE_BITS, s));
    emit_line(e, "localparam %sLastCycle = %s;", emit_range(w->tb), emit_const(w->tb, d->period - 1));
    if (w->db)
        emit_line(e, "localparam %sDetectLast = %s;", emit_range(w->db),
                  emit_const(w->db, d->detect_periods - 1));
    if (w->pb)
        emit_line(e, "localparam %sSampleLast = %s;", emit_range(w->pb),
                  emit_const(w->pb, d->sample_periods - 1));
    if (w->eb)
        emit_line(e, "localparam %sLastSlot = %s;", emit_range(w->eb),
                  emit_const(w->eb, d->table_entries - 1));
    emit_line(e, "localparam %sMaxWarps = %s;", emit_range(w->wb), emit_const(w->wb, d->max_warps));
    if (w->cores > d->max_warps) /* some cores are capped */
        emit_line(e, "localparam %sMaxLimit = %s;", emit_range(w->lb), emit_const(w->lb, d->max_warps));
    emit_line(e, "localparam %sCountMax = %s;", emit_range(C), emit_const(C, DWT_COUNT_MAX));
    emit_line(e, "localparam %sThousand = %s;", emit_range(w->xb),
              emit_const(w->xb, DWT_MPKI_SCALE));
    emit_line(e, "localparam %sThreshold = %s;", emit_range(w->xb),
              emit_const(w->xb, d->mpki_threshold));
    emit_sample_limits(e, w);
    emit_blank(e);
    char t[96];
    snprintf(t, sizeof t, "reg %st_q, t_d;", emit_range(w->tb));
    decl(e, t, "cycle within the period");
    snprintf(t, sizeof t, "reg %sinst_q, inst_d;", emit_range(P * C));
    decl(e, t, "core c: [c*16 +: 16], instructions this period");
    snprintf(t, sizeof t, "reg %smiss_q, miss_d;", emit_range(P * C));
    decl(e, t, "core c: [c*16 +: 16], L1 misses this period");
    emit_line(e, "%-38s // (both held through the next period's first cycle)", "");
    snprintf(t, sizeof t, "reg %sstate_q, state_d;", emit_range(DWT_STATE_BITS));
    decl(e, t, "St*");
    if (w->db) {
        snprintf(t, sizeof t, "reg %sdet_q, det_d;", emit_range(w->db));
        decl(e, t, "thrashing periods in a row, 0..N-1");
    }
    if (w->pb) {
        snprintf(t, sizeof t, "reg %ssp_q, sp_d;", emit_range(w->pb));
        decl(e, t, "sampling periods ended, 0..M-1");
        snprintf(t, sizeof t, "reg %stotal_q, total_d;", emit_range(P * w->ab));
        snprintf(b, sizeof b, "core c: [c*%u +: %u], their instructions", w->ab, w->ab);
        decl(e, t, b);
    }
    emit_line(e, "// the decision pipeline: a period ended 1, 2, 3 cycles ago, its decision pending");
    decl(e, "reg [2:0] pend_q, pend_d;", "bit k: stage k+1 (T+1, T+2, T+3)");
    snprintf(t, sizeof t, "reg %spsum_inst_q, psum_inst_d;", emit_range(w->sb));
    decl(e, t, "T+1: the period's instructions, all cores");
    snprintf(t, sizeof t, "reg %spsum_miss_q, psum_miss_d;", emit_range(w->sb));
    decl(e, t, "T+1: the period's L1 misses, all cores");
    decl(e, "reg thrash_q, thrash_d;", "T+2: the period thrashed");
    if (w->cores > 1) {
        snprintf(t, sizeof t, "reg %swin_core_q, win_core_d;", emit_range(w->cb));
        decl(e, t, "T+1: the winner (event port only)");
        snprintf(t, sizeof t, "reg %swin_limit_q, win_limit_d;", emit_range(w->lb));
        decl(e, t, "... and its limit");
    }
    snprintf(t, sizeof t, "reg %skernel_q, kernel_d;", emit_range(DWT_KERNEL_BITS));
    decl(e, t, "the running kernel's id");
    snprintf(t, sizeof t, "reg %slimit_q, limit_d;", emit_range(w->lb));
    decl(e, t, "the decided limit (StDone)");
    unsigned E = d->table_entries;
    emit_line(e, "// the table: entry i remembers kernel [i*%u +: %u] with limit [i*%u +: %u]",
              DWT_KERNEL_BITS, DWT_KERNEL_BITS, w->lb, w->lb);
    emit_line(e, "reg %stbl_valid_q;", emit_range(E));
    emit_line(e, "reg %stbl_kernel_q;", emit_range(E * DWT_KERNEL_BITS));
    emit_line(e, "reg %stbl_limit_q;", emit_range(E * w->lb));
    emit_line(e, "wire %stbl_valid_d;", emit_range(E));
    emit_line(e, "wire %stbl_kernel_d;", emit_range(E * DWT_KERNEL_BITS));
    emit_line(e, "wire %stbl_limit_d;", emit_range(E * w->lb));
    if (w->eb) {
        snprintf(t, sizeof t, "reg %sslot_q, slot_d;", emit_range(w->eb));
        decl(e, t, "the next slot written (the oldest)");
    }
    snprintf(t, sizeof t, "reg %skind;", emit_range(DWT_EVT_BITS));
    decl(e, t, "this cycle's decision (Evt*)");
    decl(e, "reg store;", "remember the winner's limit");
    emit_line(e, "wire period_end = (t_q == LastCycle);");
    snprintf(t, sizeof t, "wire fresh = (t_q == %s);", emit_const(w->tb, 0));
    decl(e, t, "a period's first cycle: the counts restart");
    emit_blank(e);
}

/* Per core: this period's counts with this cycle's inputs (saturating; in a period's first
 * cycle from 0: the registers hold the last period's counts one cycle more, for stage 1) and,
 * sampling over more than one period, the total with the period just ended (stage 1). */
static void emit_counts(emit_t *e, const dwt_w_t *w)
{
    unsigned C = DWT_COUNT_BITS, P = w->cores;
    char t[96];
    snprintf(t, sizeof t, "wire %ss_inst, s_miss;", emit_range(P * C));
    decl(e, t, "this period's counts with this cycle's inputs");
    snprintf(t, sizeof t, "wire %sinst_base, miss_base;", emit_range(P * C));
    decl(e, t, "... before them: 0 in a first cycle");
    if (w->pb) {
        snprintf(t, sizeof t, "wire %ss_total;", emit_range(P * w->ab));
        decl(e, t, "T+1: sampling totals with the period's counts");
    }
    emit_line(e, "genvar gc;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gc = 0; gc < %u; gc = gc + 1) begin : g_core", P);
    emit_in(e);
    emit_line(e, "assign inst_base[gc*%u +: %u] = fresh ? %s : inst_q[gc*%u +: %u];", C, C,
              emit_const(C, 0), C, C);
    emit_line(e, "assign miss_base[gc*%u +: %u] = fresh ? %s : miss_q[gc*%u +: %u];", C, C,
              emit_const(C, 0), C, C);
    emit_line(e, "wire %sinst_inc = {1'b0, inst_base[gc*%u +: %u]} + {%s, inst_i[gc*%u +: %u]};",
              emit_range(C + 1), C, C, emit_const(C + 1 - w->ib, 0), w->ib, w->ib);
    emit_line(e, "wire %smiss_inc = {1'b0, miss_base[gc*%u +: %u]} + {%s, l1_miss_i[gc]};",
              emit_range(C + 1), C, C, emit_const(C, 0));
    emit_line(e, "assign s_inst[gc*%u +: %u] = inst_inc[%u] ? CountMax : inst_inc[%u:0];", C, C,
              C, C - 1);
    emit_line(e, "assign s_miss[gc*%u +: %u] = miss_inc[%u] ? CountMax : miss_inc[%u:0];", C, C,
              C, C - 1);
    if (w->pb)
        emit_line(e, "assign s_total[gc*%u +: %u] = total_q[gc*%u +: %u] + {%s, inst_q[gc*%u +: %u]};",
                  w->ab, w->ab, w->ab, w->ab, emit_const(w->ab - C, 0), C, C);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_blank(e);
}

/* `out` (sb bits) = the sum of the P counts of `vec`, by a tree of adders, one bit wider a
 * level. */
static void emit_sum_tree(emit_t *e, const dwt_w_t *w, const char *label, const char *vec,
                          const char *out)
{
    unsigned C = DWT_COUNT_BITS, n = w->cores, k = 0;
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "wire %s%s0_%u = %s[%u +: %u];", emit_range(C), label, i, vec, i * C, C);
    for (; n > 1; n = (n + 1) / 2, k++)
        for (unsigned i = 0; i < (n + 1) / 2; i++) {
            if (2 * i + 1 < n)
                emit_line(e, "wire %s%s%u_%u = {1'b0, %s%u_%u} + {1'b0, %s%u_%u};",
                          emit_range(C + k + 1), label, k + 1, i, label, k, 2 * i, label, k,
                          2 * i + 1);
            else
                emit_line(e, "wire %s%s%u_%u = {1'b0, %s%u_%u};", emit_range(C + k + 1), label,
                          k + 1, i, label, k, 2 * i);
        }
    assert(C + k == w->sb);
    emit_line(e, "wire %s%s = %s%u_0;", emit_range(w->sb), out, label, k);
}

static void emit_detect(emit_t *e, const dwt_w_t *w)
{
    emit_line(e, "// T+1: the period's counts (held in inst_q, miss_q) summed over the cores");
    emit_sum_tree(e, w, "isum", "inst_q", "sum_inst");
    emit_sum_tree(e, w, "msum", "miss_q", "sum_miss");
    emit_line(e, "// T+2: thrashing: 1000 x misses > threshold x instructions");
    const char *z = emit_const(w->xb - w->sb, 0);
    emit_line(e, "wire %smiss_side = Thousand * {%s, psum_miss_q};", emit_range(w->xb), z);
    emit_line(e, "wire %sinst_side = Threshold * {%s, psum_inst_q};", emit_range(w->xb), z);
    emit_line(e, "wire thrash = (miss_side > inst_side);");
    emit_blank(e);
}

/* The table: which entry remembers the running kernel, and the write of a winner's limit. */
static void emit_table(emit_t *e, const dwt_w_t *w)
{
    unsigned E = w->d->table_entries, K = DWT_KERNEL_BITS;
    emit_line(e, "// The table: lookup of the running kernel (an id is never stored twice), and");
    emit_line(e, "// the winner's limit stored into the next slot");
    emit_line(e, "wire %smatch;", emit_range(E));
    if (w->eb)
        emit_line(e, "wire %swr_oh = %s << slot_q;", emit_range(E), emit_const(E, 1));
    else
        emit_line(e, "wire %swr_oh = 1'b1;", emit_range(E));
    emit_line(e, "genvar ge;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (ge = 0; ge < %u; ge = ge + 1) begin : g_entry", E);
    emit_in(e);
    emit_line(e, "wire wr = store & wr_oh[ge];");
    emit_line(e, "assign match[ge] = tbl_valid_q[ge] & (tbl_kernel_q[ge*%u +: %u] == kernel_q);",
              K, K);
    emit_line(e, "assign tbl_valid_d[ge] = tbl_valid_q[ge] | wr;");
    emit_line(e, "assign tbl_kernel_d[ge*%u +: %u] = wr ? kernel_q : tbl_kernel_q[ge*%u +: %u];",
              K, K, K, K);
    emit_line(e, "assign tbl_limit_d[ge*%u +: %u] = wr ? %s : tbl_limit_q[ge*%u +: %u];",
              w->lb, w->lb, won_limit(w), w->lb, w->lb);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_line(e, "wire hit = |match;");
    emit_lowest_oh(e, "hit_oh", E, "match[%u]");
    emit_encode_oh(e, "hit_slot", "hit_oh", E, at_least_1(w->eb));
    emit_line(e, "reg %shit_limit;", emit_range(w->lb));
    char fmt[64];
    snprintf(fmt, sizeof fmt, "tbl_limit_q[%%u*%u +: %u]", w->lb, w->lb);
    emit_pick_oh(e, "hit_limit", w->lb, "hit_oh", E, fmt);
    emit_blank(e);
}

/* The winner: the core with the most instructions over the sampling periods, the lowest on
 * ties (win_oh_c is one-hot: every core is a candidate). Its limit, min(winner + 1, max_warps),
 * is its own sampling limit, picked by AND-OR; a capped core's line says so. */
static void emit_winner(emit_t *e, const dwt_w_t *w)
{
    unsigned P = w->cores, C = DWT_COUNT_BITS;
    emit_line(e, "// T+1: the winner of sampling: most instructions, the lowest core on ties");
    for (unsigned c = 0; P > 1 && c < P; c++) {  /* one core: the winner, no compare */
        if (w->pb)
            emit_line(e, "wire %stot%u = s_total[%u +: %u];", emit_range(w->ab), c, c * w->ab,
                      w->ab);
        else
            emit_line(e, "wire %stot%u = inst_q[%u +: %u];", emit_range(C), c, c * C, C);
    }
    if (P > 1) {
        emit_best_oh(e, "win_oh", P, "1'b1", "1'b0", "tot%u", 1);
        emit_encode_oh(e, "win_core", "win_oh_c", P, w->cb);
    } else {
        emit_line(e, "wire [0:0] win_oh = 1'b1;");
        emit_line(e, "wire [0:0] win_core = 1'b0;");
    }
    emit_line(e, "// its limit: its own sampling limit, min(winner + 1, MaxWarps)");
    emit_line(e, "reg %swin_limit;", emit_range(w->lb));
    emit_line(e, "always @* win_limit =");
    emit_in(e);
    for (unsigned c = 0; c < P; c++) {
        const char *lead = c ? "| " : "  ", *end = c + 1 < P ? "" : ";";
        if (c + 1 > w->d->max_warps)
            emit_line(e, "%s{%u{win_oh[%u]}} & MaxLimit%s  // capped: core %u", lead, w->lb, c,
                      end, c);
        else
            emit_line(e, "%s{%u{win_oh[%u]}} & %s%s", lead, w->lb, c,
                      emit_const(w->lb, dwt_sample_limit(w->d, c)), end);
    }
    emit_out(e);
    emit_blank(e);
}

static void emit_decide(emit_t *e, const dwt_w_t *w)
{
    emit_line(e, "// The pipeline: a period's end starts it, a kernel start cancels it (and one at the");
    emit_line(e, "// period's end too); stage 1 holds the sums and the winner, stage 2 the compare");
    emit_line(e, "always @* begin : pipeline");
    emit_in(e);
    emit_line(e, "pend_d[0] = period_end & ~kernel_start_i;");
    emit_line(e, "pend_d[1] = pend_q[0] & ~kernel_start_i;  // a kernel start cancels");
    emit_line(e, "pend_d[2] = pend_q[1] & ~kernel_start_i;");
    emit_line(e, "psum_inst_d = pend_q[0] ? sum_inst : psum_inst_q;");
    emit_line(e, "psum_miss_d = pend_q[0] ? sum_miss : psum_miss_q;");
    if (w->cores > 1) {
        emit_line(e, "win_core_d = pend_q[0] ? win_core : win_core_q;");
        emit_line(e, "win_limit_d = pend_q[0] ? win_limit : win_limit_q;");
    }
    emit_line(e, "thrash_d = thrash;");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "// A kernel start restarts detection; stage 3 (T+3) decides by the state");
    emit_line(e, "always @* begin : decide");
    emit_in(e);
    emit_line(e, "state_d = state_q;");
    if (w->db)
        emit_line(e, "det_d = det_q;");
    if (w->pb) {
        emit_line(e, "sp_d = sp_q;");
        emit_line(e, "total_d = total_q;");
        emit_line(e, "if (pend_q[0] && state_q == StSample) total_d = s_total;  // T+1");
    }
    emit_line(e, "kernel_d = kernel_q;");
    emit_line(e, "limit_d = limit_q;");
    if (w->eb)
        emit_line(e, "slot_d = slot_q;");
    emit_line(e, "kind = EvtHold;");
    emit_line(e, "store = 1'b0;");
    const char *det0 = w->db ? emit_const(w->db, 0) : NULL;
    emit_line(e, "if (kernel_start_i) begin");
    emit_in(e);
    emit_line(e, "kind = EvtKernelStart;");
    emit_line(e, "state_d = StDetect;  // every core unthrottled");
    if (w->db)
        emit_line(e, "det_d = %s;", det0);
    emit_line(e, "kernel_d = kernel_id_i;");
    emit_out(e);
    emit_line(e, "end else if (pend_q[2]) begin");
    emit_in(e);
    emit_line(e, "case (state_q)");
    emit_in(e);
    emit_line(e, "StDetect: begin");
    emit_in(e);
    emit_line(e, "if (!thrash_q) begin");
    emit_in(e);
    if (w->db) {
        emit_line(e, "kind = (det_q != %s) ? EvtDetectReset : EvtQuiet;", det0);
        emit_line(e, "det_d = %s;  // a quiet period restarts the count", det0);
    } else {
        emit_line(e, "kind = EvtQuiet;");
    }
    emit_out(e);
    if (w->db) {
        emit_line(e, "end else if (det_q != DetectLast) begin");
        emit_in(e);
        emit_line(e, "kind = EvtThrash;");
        emit_line(e, "det_d = det_q + %s;", emit_const(w->db, 1));
        emit_out(e);
    }
    emit_line(e, "end else if (hit) begin  // a remembered kernel: its limit");
    emit_in(e);
    emit_line(e, "kind = EvtReuse;");
    if (w->db)
        emit_line(e, "det_d = %s;", det0);
    emit_line(e, "limit_d = hit_limit;");
    emit_line(e, "state_d = StDone;");
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "kind = EvtSampleStart;");
    if (w->db)
        emit_line(e, "det_d = %s;", det0);
    if (w->pb) {
        emit_line(e, "sp_d = %s;", emit_const(w->pb, 0));
        emit_line(e, "total_d = %s;", emit_const(w->cores * w->ab, 0));
    }
    emit_line(e, "state_d = StSample;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "StSample: begin");
    emit_in(e);
    if (w->pb) {
        emit_line(e, "if (sp_q != SampleLast) begin");
        emit_in(e);
        emit_line(e, "kind = EvtSampling;");
        emit_line(e, "sp_d = sp_q + %s;", emit_const(w->pb, 1));
        emit_out(e);
        emit_line(e, "end else begin");
        emit_in(e);
    }
    emit_line(e, "kind = EvtWinner;");
    emit_line(e, "limit_d = %s;", won_limit(w));
    emit_line(e, "state_d = StDone;");
    emit_line(e, "store = 1'b1;");
    if (w->eb)
        emit_line(e, "slot_d = (slot_q == LastSlot) ? %s : slot_q + %s;", emit_const(w->eb, 0),
                  emit_const(w->eb, 1));
    if (w->pb) {
        emit_out(e);
        emit_line(e, "end");
    }
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "default: kind = EvtHold;  // decided: the limit holds until a kernel start");
    emit_out(e);
    emit_line(e, "endcase");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The next period counts, the outputs and the event port. */
static void emit_outputs(emit_t *e, const dwt_w_t *w)
{
    unsigned P = w->cores;
    emit_line(e, "always @* begin : next_counts");
    emit_in(e);
    emit_line(e, "t_d = (period_end || kernel_start_i) ? %s : t_q + %s;", emit_const(w->tb, 0),
              emit_const(w->tb, 1));
    emit_line(e, "inst_d = s_inst;  // restarted in the next cycle (fresh)");
    emit_line(e, "miss_d = s_miss;");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    emit_line(e, "// every core at MaxWarps while detecting, at its sampling limit while sampling,");
    emit_line(e, "// at the decided limit once decided");
    emit_line(e, "wire %sdecided_q = %s;", emit_range(w->wb), widen(w->lb, w->wb, "limit_q"));
    emit_line(e, "wire %sdecided_d = %s;", emit_range(w->wb), widen(w->lb, w->wb, "limit_d"));
    emit_line(e, "always @* begin : limits");
    emit_in(e);
    emit_line(e, "warp_limit_o = {%u{MaxWarps}};", P);
    emit_line(e, "if (state_q == StSample) warp_limit_o = SampleLimits;");
    emit_line(e, "if (state_q == StDone) warp_limit_o = {%u{decided_q}};", P);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
    gen_sim_port_t ev[16];
    unsigned n = evt_ports(w, ev);
    emit_line(e, "always @* begin : event_port");
    emit_in(e);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "%s = %s;", ev[i].name, emit_const(ev[i].width, 0));
    emit_line(e, "if (kernel_start_i || pend_q[2]) begin");
    emit_in(e);
    emit_line(e, "evt_valid_o = 1'b1;");
    emit_line(e, "evt_kind_o = kind;");
    emit_line(e, "evt_kernel_o = kernel_d;");
    if (w->db)
        emit_line(e, "evt_count_o = det_d;");
    emit_line(e, "evt_limit_o = (state_d == StDone) ? decided_d : MaxWarps;");
    emit_line(e, "if (!kernel_start_i) begin");
    emit_in(e);
    emit_line(e, "evt_inst_sum_o = psum_inst_q;");
    emit_line(e, "evt_miss_sum_o = psum_miss_q;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (store) begin");
    emit_in(e);
    emit_line(e, "evt_winner_o = %s;", won_core(w));
    if (w->eb)
        emit_line(e, "evt_slot_o = slot_q;");
    emit_line(e, "evt_replaced_o = |(tbl_valid_q & wr_oh);");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "if (kind == EvtReuse) evt_slot_o = hit_slot;");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

/* The registers: name, width (0: absent) and reset value. */
static void emit_flops(emit_t *e, const dwt_w_t *w)
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
    unsigned n = sizeof r / sizeof r[0];
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    for (unsigned i = 0; i < n; i++)
        if (r[i].width)
            emit_line(e, "%s_q <= %s;", r[i].name,
                      r[i].reset ? r[i].reset : emit_const(r[i].width, 0));
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    for (unsigned i = 0; i < n; i++)
        if (r[i].width)
            emit_line(e, "%s_q <= %s_d;", r[i].name, r[i].name);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
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
    gen_header(e, c, g->dwt,
               "DWT-CS controller: warp limits per core from L1 MPKI and core sampling");
    emit_ports(e, g, &w);
    emit_in(e);
    emit_decls(e, &w);
    emit_counts(e, &w);
    emit_detect(e, &w);
    emit_winner(e, &w);
    emit_table(e, &w);
    emit_decide(e, &w);
    emit_outputs(e, &w);
    emit_flops(e, &w);
    gen_footer(e);
}
