/* emit_pipe: the two-stage pipeline shared by the L1 top and the L2 slice (emit_pipe.h). */
#include "emit_pipe.h"

#include "codes.h"
#include "emit_l1.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

const char *pipe_concat(const pipe_field_t *f, unsigned n, const char *pfx, const char *sfx,
                        const char *first)
{
    static char buf[512];
    size_t k = 0;
    k += (size_t)snprintf(buf + k, sizeof buf - k, "{");
    for (unsigned i = 0; i < n; i++) {
        if (i == 0 && first)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s", first);
        else
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s%s%s", i ? ", " : "", pfx,
                                  f[i].name, sfx);
    }
    snprintf(buf + k, sizeof buf - k, "}");
    return buf;
}

unsigned pipe_fields_data(pipe_field_t *f, unsigned n, unsigned line_bytes, unsigned line_bits)
{
    f[n++] = (pipe_field_t){"be", line_bytes, NULL};
    f[n++] = (pipe_field_t){"wdata", line_bits, NULL};
    return n;
}

void pipe_emit_module_open(emit_t *e, const char *module)
{
    emit_line(e, "module %s (", module);
    emit_in(e);
    emit_line(e, "input  wire clk_i,");
    emit_line(e, "input  wire rst_ni,");
}

unsigned pipe_bits(const pipe_field_t *f, unsigned n)
{
    unsigned b = 0;
    for (unsigned i = 0; i < n; i++)
        b += f[i].width;
    return b;
}

void pipe_emit_stage_decls(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f, unsigned n)
{
    emit_line(e, "// decide stage: the operation whose row and data lines the SRAMs return now");
    emit_line(e, "reg s1_valid_q, s1_valid_d;");
    emit_line(e, "reg s1_fill_q, s1_fill_d;     // a fill (else a core request)");
    emit_line(e, "reg s1_squash_q, s1_squash_d; // a request issued behind one that had to wait");
    emit_line(e, "reg %sset_q, set_d;", emit_range(d->set_bits));
    emit_line(e, "reg %sfmshr_q, fmshr_d; // the fill's MSHR", emit_range(d->mshr_bits));
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "reg %sreq_%s_q, req_%s_d;", emit_range(f[i].width), f[i].name, f[i].name);
}

void pipe_emit_replay_fwd_decls(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f,
                                unsigned n)
{
    emit_line(e, "// replay queue: requests that wait, oldest first (entry 0 is the head)");
    emit_line(e, "reg [1:0] rq_count_q, rq_count_d;");
    emit_line(e, "reg [%u:0] rq0_q, rq0_d, rq1_q, rq1_d;", pipe_bits(f, n) - 1);
    emit_line(e, "reg rq_push;");
    emit_line(e, "wire rq_pop;");
    for (unsigned i = 0; i < n; i++) {
        if (f[i].width == 1)
            emit_line(e, "wire rqh_%s;", f[i].name);
        else
            emit_line(e, "wire %srqh_%s;", emit_range(f[i].width), f[i].name);
    }
    emit_line(e, "assign %s = rq0_q;", pipe_concat(f, n, "rqh_", "", NULL));
    emit_line(e, "// forwarding: the last row and data-line writes, for an operation whose read came");
    emit_line(e, "// before them; *_hit_q: the copy is valid and of the decide stage's set (computed");
    emit_line(e, "// a cycle ahead so no compare sits between the SRAM and the lookup)");
    emit_line(e, "reg fwd_row_valid_q, fwd_row_valid_d;");
    emit_line(e, "reg %sfwd_row_set_q, fwd_row_set_d;", emit_range(d->set_bits));
    if (d->row_late) {
        emit_line(e, "reg %sfwd_wr_row_q, fwd_wr_row_d; // the row the cycle before wrote, if it wrote",
                  emit_range(d->row_bits));
        emit_line(e, "reg fwd_wr_q, fwd_wr_d; // ... whether it wrote");
        emit_line(e, "reg %sfwd_held_q, fwd_held_d; // the last written row before that cycle",
                  emit_range(d->row_bits));
        emit_line(e, "wire %sfwd_row = fwd_wr_q ? fwd_wr_row_q : fwd_held_q; // the last written row",
                  emit_range(d->row_bits));
    } else {
        emit_line(e, "reg %sfwd_row_q, fwd_row_d;", emit_range(d->row_bits));
    }
    emit_line(e, "reg fwd_row_hit_q, fwd_row_hit_d;");
    emit_line(e, "reg fwd_data_valid_q, fwd_data_valid_d;");
    emit_line(e, "reg %sfwd_data_set_q, fwd_data_set_d;", emit_range(d->set_bits));
    emit_line(e, "reg fwd_data_hit_q, fwd_data_hit_d;");
    emit_line(e, "reg [%u:0] fwd_way_oh_q, fwd_way_oh_d;", d->ways - 1);
    emit_line(e, "reg %sfwd_wdata_q, fwd_wdata_d;", emit_range(d->line_bits));
    emit_line(e, "reg %sfwd_wbe_q, fwd_wbe_d;", emit_range(d->line_bytes));
}

/* The replay queue's pop and push, and the forwarding copies (inside the issue block). */
const char *pipe_fwd_row(const pipe_dims_t *d)
{
    return d->row_late ? "fwd_row" : "fwd_row_q";
}

static void emit_replay_fwd_update(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f,
                                   unsigned n)
{
    emit_line(e, "// the replay queue: pop the head at issue, push at the tail from the decide stage");
    emit_line(e, "rq0_d = rq0_q;");
    emit_line(e, "rq1_d = rq1_q;");
    emit_line(e, "rq_count_d = rq_count_q;");
    emit_line(e, "if (rq_pop) begin");
    emit_in(e);
    emit_line(e, "rq0_d = rq1_q;");
    emit_line(e, "rq_count_d = rq_count_q - 2'd1;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "// A request that waits is older than every queued one: it goes to the head. One");
    emit_line(e, "// issued behind it (squashed) is older than every queued one but that: the tail.");
    emit_line(e, "if (rq_push & s1_requeue) begin");
    emit_in(e);
    emit_line(e, "rq1_d = rq0_d;");
    char first[64];
    snprintf(first, sizeof first, "s1_stall | req_%s_q", f[0].name);
    emit_line(e, "rq0_d = %s;", pipe_concat(f, n, "req_", "_q", first));
    emit_line(e, "rq_count_d = rq_count_d + 2'd1;");
    emit_out(e);
    emit_line(e, "end else if (rq_push) begin");
    emit_in(e);
    emit_line(e, "if (rq_count_d == 2'd0) rq0_d = %s;", pipe_concat(f, n, "req_", "_q", NULL));
    emit_line(e, "else rq1_d = %s;", pipe_concat(f, n, "req_", "_q", NULL));
    emit_line(e, "rq_count_d = rq_count_d + 2'd1;");
    emit_out(e);
    emit_line(e, "end");
    emit_line(e, "// a write makes the forwarding copy current for the read issued with it");
    emit_line(e, "fwd_row_valid_d = meta_we | (fwd_row_valid_q & !meta_re);");
    emit_line(e, "fwd_row_set_d = meta_we ? meta_waddr : fwd_row_set_q;");
    if (d->row_late) { /* the written row and its enable load unconditionally */
        emit_line(e, "fwd_wr_row_d = meta_wdata;");
        emit_line(e, "fwd_wr_d = meta_we;");
        emit_line(e, "fwd_held_d = fwd_row;");
    } else {
        emit_line(e, "fwd_row_d = meta_we ? meta_wdata : fwd_row_q;");
    }
    emit_line(e, "fwd_data_valid_d = data_wr | (fwd_data_valid_q & !data_re);");
    emit_line(e, "fwd_data_set_d = data_wr ? set_q : fwd_data_set_q;");
    emit_line(e, "fwd_way_oh_d = data_wr ? meta_way_oh : fwd_way_oh_q;");
    emit_line(e, "fwd_wdata_d = data_wr ? data_wdata : fwd_wdata_q;");
    emit_line(e, "fwd_wbe_d = data_wr ? data_wbe : fwd_wbe_q;");
    emit_line(e, "// = fwd_*_valid_d & (fwd_*_set_d == set_d), the compares ahead of the late write enables");
    emit_line(e, "fwd_row_hit_d = meta_we ? (meta_waddr == set_d) :");
    emit_line(e, "                (fwd_row_valid_q & !meta_re & (fwd_row_set_q == set_d));");
    emit_line(e, "fwd_data_hit_d = data_wr ? (set_q == set_d) :");
    emit_line(e, "                 (fwd_data_valid_q & !data_re & (fwd_data_set_q == set_d));");
}

void pipe_emit_issue(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f, unsigned n,
                     void (*fill_capture)(emit_t *e, const void *ctx), const void *ctx,
                     int fill_reads_data)
{
    emit_line(e, "always @* begin : issue");
    emit_in(e);
    emit_line(e, "s1_valid_d = hold;");
    emit_line(e, "s1_fill_d = s1_fill_q;");
    emit_line(e, "s1_squash_d = s1_squash_q;");
    emit_line(e, "set_d = set_q;");
    emit_line(e, "fmshr_d = fmshr_q;");
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "req_%s_d = req_%s_q;", f[i].name, f[i].name);
    emit_line(e, "meta_re = 1'b0;");
    emit_line(e, "data_re = 1'b0;");
    emit_line(e, "if (issue_fill) begin");
    emit_in(e);
    emit_line(e, "s1_valid_d = 1'b1;");
    emit_line(e, "s1_fill_d = 1'b1;");
    emit_line(e, "s1_squash_d = 1'b0;");
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "fmshr_d = mem_rsp_mshr_i;");
    emit_line(e, "req_line_d = mshr_fill_line;");
    if (fill_capture)
        fill_capture(e, ctx);
    emit_line(e, "meta_re = 1'b1;");
    if (fill_reads_data)
        emit_line(e, "data_re = 1'b1; // the victim's line, for its write-back");
    emit_out(e);
    emit_line(e, "end else if (issue_replay | issue_req) begin");
    emit_in(e);
    emit_line(e, "s1_valid_d = 1'b1;");
    emit_line(e, "s1_fill_d = 1'b0;");
    emit_line(e, "s1_squash_d = s1_requeue; // the request ahead of it waits: so does this one");
    emit_line(e, "set_d = idx_set;");
    emit_line(e, "meta_re = 1'b1;");
    emit_line(e, "data_re = 1'b1;");
    emit_line(e, "if (issue_replay) begin");
    emit_in(e);
    for (unsigned i = 0; i < n; i++)
        emit_line(e, "req_%s_d = rqh_%s;", f[i].name, f[i].name);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    for (unsigned i = 0; i < n; i++) {
        if (i == 0)
            emit_line(e, "req_%s_d = 1'b0;", f[i].name);
        else if (f[i].port)
            emit_line(e, "req_%s_d = %s;", f[i].name, f[i].port);
        else
            emit_line(e, "req_%s_d = req_%s_i;", f[i].name, f[i].name);
    }
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_replay_fwd_update(e, d, f, n);
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

void pipe_emit_fwd_line(emit_t *e, const pipe_dims_t *d, const char *out, const char *oh,
                        const char *pfx)
{
    char way_data[48], hit[48], mask[48];
    snprintf(way_data, sizeof way_data, "%sway_data", pfx);
    snprintf(hit, sizeof hit, "%sfwd_data_hit", pfx);
    snprintf(mask, sizeof mask, "%sfwd_mask", pfx);
    emit_way_data(e, way_data, d->line_bits, oh, d->ways);
    emit_line(e, "wire %s = fwd_data_hit_q & |(fwd_way_oh_q & %s);", hit, oh);
    emit_line(e, "wire %s%s;", emit_range(d->line_bits), mask);
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gb = 0; gb < %u; gb = gb + 1) begin : g_%s", d->line_bytes, mask);
    emit_in(e);
    emit_line(e, "assign %s[gb*8 +: 8] = {8{%s & fwd_wbe_q[gb]}};", mask, hit);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_line(e, "wire %s%s = (%s & ~%s) | (fwd_wdata_q & %s);", emit_range(d->line_bits), out,
              way_data, mask, mask);
}

void pipe_emit_event(emit_t *e, lay_evt_kind_t kind, const char *dec, const char *set,
                     const char *row)
{
    emit_line(e, "evt_valid_o = 1'b1;");
    emit_line(e, "evt_kind_o = %s;", code_param(CODE_EVT, kind));
    emit_line(e, "evt_dec_o = %s;", dec);
    emit_line(e, "evt_set_o = %s;", set);
    emit_line(e, "evt_row_o = %s;", row);
}

const char *pipe_dec(lay_decision_t d) { return code_param(CODE_DEC, d); }

void pipe_emit_sweep(emit_t *e, unsigned set_bits, const char *run)
{
    emit_line(e, "if (state_q == SSweep) begin // write the reset row into every set");
    emit_in(e);
    pipe_emit_event(e, EVT_SWEEP, pipe_dec(DEC_NONE), "sweep_set_q", "RowReset");
    emit_line(e, "meta_we = 1'b1;");
    emit_line(e, "meta_waddr = sweep_set_q;");
    emit_line(e, "meta_wdata = RowReset;");
    emit_line(e, "sweep_set_d = sweep_set_q + %s;", emit_const(set_bits, 1));
    emit_line(e, "if (sweep_set_q == LastSet) state_d = %s;", run);
    emit_out(e);
}

void pipe_reg(pipe_regs_t *r, const char *name, unsigned width)
{
    assert(r->n < sizeof r->r / sizeof r->r[0]);
    snprintf(r->r[r->n].name, sizeof r->r[r->n].name, "%s", name);
    r->r[r->n++].width = width;
}

void pipe_regs_stage(pipe_regs_t *r, const pipe_dims_t *d, const pipe_field_t *f, unsigned n)
{
    pipe_reg(r, "s1_valid", 1);
    pipe_reg(r, "s1_fill", 1);
    pipe_reg(r, "s1_squash", 1);
    pipe_reg(r, "set", d->set_bits);
    pipe_reg(r, "fmshr", d->mshr_bits);
    for (unsigned i = 0; i < n; i++) {
        char nm[24];
        snprintf(nm, sizeof nm, "req_%s", f[i].name);
        pipe_reg(r, nm, f[i].width);
    }
}

void pipe_regs_replay_fwd(pipe_regs_t *r, const pipe_dims_t *d, const pipe_field_t *f,
                          unsigned n)
{
    unsigned rqw = pipe_bits(f, n);
    pipe_reg(r, "rq_count", 2);
    pipe_reg(r, "rq0", rqw);
    pipe_reg(r, "rq1", rqw);
    pipe_reg(r, "fwd_row_valid", 1);
    pipe_reg(r, "fwd_row_set", d->set_bits);
    if (d->row_late) {
        pipe_reg(r, "fwd_wr_row", d->row_bits);
        pipe_reg(r, "fwd_wr", 1);
        pipe_reg(r, "fwd_held", d->row_bits);
    } else {
        pipe_reg(r, "fwd_row", d->row_bits);
    }
    pipe_reg(r, "fwd_row_hit", 1);
    pipe_reg(r, "fwd_data_valid", 1);
    pipe_reg(r, "fwd_data_set", d->set_bits);
    pipe_reg(r, "fwd_data_hit", 1);
    pipe_reg(r, "fwd_way_oh", d->ways);
    pipe_reg(r, "fwd_wdata", d->line_bits);
    pipe_reg(r, "fwd_wbe", d->line_bytes);
}

void pipe_emit_counter_decl(emit_t *e, const char *name, unsigned width)
{
    emit_line(e, "reg %scnt_%s_q; reg cnt_%s_inc, cnt_%s_inc_q;", emit_range(width), name, name,
              name);
}

static void regs_reset(emit_t *e, const pipe_regs_t *regs)
{
    for (unsigned i = 0; i < regs->n; i++)
        emit_line(e, "%s_q <= {%u{1'b0}};", regs->r[i].name, regs->r[i].width);
}

static void regs_load(emit_t *e, const pipe_regs_t *regs)
{
    for (unsigned i = 0; i < regs->n; i++)
        emit_line(e, "%s_q <= %s_d;", regs->r[i].name, regs->r[i].name);
}

void pipe_emit_reg_flops(emit_t *e, const pipe_regs_t *regs)
{
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    regs_reset(e, regs);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    regs_load(e, regs);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
}

void pipe_emit_flops(emit_t *e, const pipe_regs_t *regs, const char *const *cnt, unsigned ncnt,
                     unsigned cnt_width, void (*extra)(emit_t *e, const void *ctx, int reset),
                     const void *ctx)
{
    emit_line(e, "always @(posedge clk_i or negedge rst_ni) begin");
    emit_in(e);
    emit_line(e, "if (!rst_ni) begin");
    emit_in(e);
    emit_line(e, "state_q <= SSweep;");
    regs_reset(e, regs);
    for (unsigned i = 0; i < ncnt; i++)
        if (cnt[i]) {
            emit_line(e, "cnt_%s_q <= %s;", cnt[i], emit_const(cnt_width, 0));
            emit_line(e, "cnt_%s_inc_q <= 1'b0;", cnt[i]);
        }
    if (extra)
        extra(e, ctx, 1);
    emit_out(e);
    emit_line(e, "end else begin");
    emit_in(e);
    emit_line(e, "state_q <= state_d;");
    regs_load(e, regs);
    for (unsigned i = 0; i < ncnt; i++)
        if (cnt[i]) {
            const char *cn = cnt[i];
            emit_line(e, "cnt_%s_inc_q <= cnt_%s_inc; // counted a cycle after the event", cn, cn);
            emit_line(e, "if (cnt_%s_inc_q) cnt_%s_q <= cnt_%s_q + %s;", cn, cn, cn,
                      emit_const(cnt_width, 1));
        }
    if (extra)
        extra(e, ctx, 0);
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "end");
    emit_blank(e);
}

void pipe_emit_channel_ports(emit_t *e, const char *comment, const char *prefix, int in)
{
    emit_line(e, "// %s", comment);
    emit_line(e, "%s %s_valid_%s,", in ? "input  wire" : "output wire", prefix, in ? "i" : "o");
    emit_line(e, "%s %s_ready_%s,", in ? "output wire" : "input  wire", prefix, in ? "o" : "i");
}

void pipe_emit_mem_req_ports(emit_t *e, const char *comment, const pipe_dims_t *d,
                             unsigned line_addr_bits)
{
    pipe_emit_channel_ports(e, comment, "mem_req", 0);
    emit_line(e, "output wire mem_req_store_o,");
    emit_line(e, "output wire %smem_req_line_o,", emit_range(line_addr_bits));
    emit_line(e, "output wire %smem_req_mshr_o,", emit_range(d->mshr_bits));
}

void pipe_emit_mem_rsp_ports(emit_t *e, const pipe_dims_t *d)
{
    emit_line(e, "// memory response: a whole line for one MSHR, in any order");
    emit_line(e, "input  wire mem_rsp_valid_i,");
    emit_line(e, "output wire mem_rsp_ready_o,");
    emit_line(e, "input  wire %smem_rsp_mshr_i,", emit_range(d->mshr_bits));
    emit_line(e, "input  wire %smem_rsp_data_i,", emit_range(d->line_bits));
}

unsigned pipe_evt_ports(const pipe_dims_t *d, unsigned way_bits, unsigned tag_bits,
                        const pipe_evt_port_t *own, unsigned n_own, gen_sim_port_t *out)
{
    unsigned n = 0;
#define P(reg, w, vec, nm, what)                                                             \
    do {                                                                                     \
        assert(n < PIPE_EVT_PORTS_MAX);                                                      \
        out[n] = (gen_sim_port_t){reg, w, vec, "", what};                                    \
        snprintf(out[n].name, sizeof out[n].name, "%s", nm);                                 \
        n++;                                                                                 \
    } while (0)
    P(1, 1, 0, "evt_valid_o", NULL);
    P(1, LAY_EVT_KIND_BITS, 1, "evt_kind_o", NULL);
    P(1, LAY_DEC_BITS, 1, "evt_dec_o", NULL);
    P(1, d->set_bits, 1, "evt_set_o", NULL);
    P(1, way_bits, 1, "evt_way_o", NULL);
    P(1, 1, 0, "evt_evict_o", NULL);
    P(1, tag_bits, 1, "evt_evict_tag_o", NULL);
    P(1, d->mshr_bits, 1, "evt_mshr_o", NULL);
    for (unsigned i = 0; i < n_own; i++) {
        char nm[48];
        snprintf(nm, sizeof nm, "evt_%s_o", own[i].name);
        P(own[i].is_reg, own[i].width, own[i].vector, nm, own[i].what);
    }
    P(1, d->row_bits, 1, "evt_row_o", NULL);
#undef P
    return n;
}

void pipe_emit_sram_decls(emit_t *e, const pipe_dims_t *d)
{
    emit_line(e, "// SRAM ports");
    emit_line(e, "reg meta_re, meta_we;");
    emit_line(e, "reg %smeta_waddr;", emit_range(d->set_bits));
    emit_line(e, "reg %smeta_wdata;", emit_range(d->row_bits));
    emit_line(e, "wire %smeta_rdata;", emit_range(d->row_bits));
    emit_line(e, "reg data_re;");
    emit_line(e, "reg [%u:0] data_we;", d->ways - 1);
    emit_line(e, "reg data_wr; // = |data_we (the way is one-hot), without waiting for the way");
    emit_line(e, "reg %sdata_wdata;", emit_range(d->line_bits));
    emit_line(e, "reg %sdata_wbe;", emit_range(d->line_bytes));
    emit_line(e, "wire %sdata_wmask;", emit_range(d->line_bits));
    for (unsigned k = 0; k < d->ways; k++)
        emit_line(e, "wire %sdata_rdata_w%u;", emit_range(d->line_bits), k);
    emit_blank(e);
}

void pipe_emit_stall_decls(emit_t *e)
{
    emit_line(e, "// issue stage: what enters the decide stage next cycle");
    emit_line(e, "reg s1_stall;  // the decide stage's request waits (to the replay queue)");
    emit_line(e, "reg s1_bounce; // ... or finds the memory queue full: back to the replay queue");
    emit_line(e, "wire s1_requeue = s1_stall | s1_bounce;");
}

void pipe_emit_issue_wires(emit_t *e, const char *block, const char *open,
                           const char *open_comment, const char *waited)
{
    emit_line(e, "wire issue_fill = (state_q == SRun) & !hold & %smem_rsp_valid_i & !(s1_valid_q & s1_fill_q);",
              block);
    emit_line(e, "// %s", open_comment);
    emit_line(e, "wire issue_open = (state_q == SRun) & !hold & %s!issue_fill & %s!memq_full;",
              block, open);
    emit_line(e, "wire issue_replay = issue_open & (rq_count_q != 2'd0) & (!rqh_%s | wake_q);",
              waited);
    emit_line(e, "assign req_ready_o = issue_open & (rq_count_q == 2'd0);");
    emit_line(e, "wire issue_req = req_ready_o & req_valid_i;");
    emit_line(e, "assign rq_pop = issue_replay;");
}

void pipe_emit_idx_line(emit_t *e, unsigned in_bits)
{
    emit_line(e, "wire %sidx_line = issue_fill ? mshr_fill_line[%u:0] :", emit_range(in_bits),
              in_bits - 1);
    emit_line(e, "    ((rq_count_q != 2'd0) ? rqh_line[%u:0] : req_line_i[%u:0]);", in_bits - 1,
              in_bits - 1);
    emit_blank(e);
}

void pipe_emit_index_inst(emit_t *e, const char *module)
{
    emit_line(e, "%s u_index (", module);
    emit_in(e);
    emit_line(e, ".line_i (idx_line),");
    emit_line(e, ".set_o  (idx_set)");
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void pipe_emit_srams(emit_t *e, const pipe_dims_t *d, unsigned sets, const char *data_comment,
                     const char *sram_module)
{
    char mask[32];
    snprintf(mask, sizeof mask, "{%u{1'b1}}", d->row_bits);
    emit_sram_1r1w(e, sram_module, "u_meta_sram", d->row_bits, sets, d->set_bits, "meta_re", "idx_set",
                   "meta_rdata", "meta_we", "meta_waddr", "meta_wdata", mask);
    emit_blank(e);
    emit_line(e, "genvar gb;");
    emit_line(e, "generate");
    emit_in(e);
    emit_line(e, "for (gb = 0; gb < %u; gb = gb + 1) begin : g_byte_mask", d->line_bytes);
    emit_in(e);
    emit_line(e, "assign data_wmask[gb*8 +: 8] = {8{data_wbe[gb]}};");
    emit_out(e);
    emit_line(e, "end");
    emit_out(e);
    emit_line(e, "endgenerate");
    emit_blank(e);
    emit_line(e, "%s", data_comment);
    for (unsigned k = 0; k < d->ways; k++) {
        char inst[32], rd[32], we[32];
        snprintf(inst, sizeof inst, "u_data_sram_w%u", k);
        snprintf(rd, sizeof rd, "data_rdata_w%u", k);
        snprintf(we, sizeof we, "data_we[%u]", k);
        emit_sram_1r1w(e, sram_module, inst, d->line_bits, sets, d->set_bits, "data_re", "idx_set", rd, we,
                       "set_q", "data_wdata", "data_wmask");
    }
    emit_blank(e);
}

void pipe_emit_decide_open(emit_t *e, const char *const *cnt, unsigned ncnt)
{
    emit_line(e, "always @* begin : decide");
    emit_in(e);
    emit_line(e, "state_d = state_q;");
    emit_line(e, "sweep_set_d = sweep_set_q;");
    emit_line(e, "wake_d = wake_q;");
    emit_line(e, "s1_stall = 1'b0;");
    emit_line(e, "s1_bounce = 1'b0;");
    emit_line(e, "rq_push = 1'b0;");
    for (unsigned i = 0; i < ncnt; i++)
        if (cnt[i])
            emit_line(e, "cnt_%s_inc = 1'b0;", cnt[i]);
}

void pipe_emit_write_defaults(emit_t *e, const pipe_dims_t *d)
{
    emit_line(e, "meta_we = 1'b0;");
    emit_line(e, "meta_waddr = set_q;");
    emit_line(e, "meta_wdata = meta_row;");
    emit_line(e, "data_we = %s;", emit_const(d->ways, 0));
    emit_line(e, "data_wr = 1'b0;");
    emit_line(e, "data_wdata = req_wdata_q;");
    emit_line(e, "data_wbe = req_be_q;");
    emit_line(e, "mshr_alloc = 1'b0;");
    emit_line(e, "mshr_free = 1'b0;");
}

void pipe_emit_evt_defaults(emit_t *e, unsigned way_bits, unsigned tag_bits, unsigned mshr_bits)
{
    emit_line(e, "evt_valid_o = 1'b0;");
    emit_line(e, "evt_kind_o = %s;", code_param(CODE_EVT, EVT_SWEEP));
    emit_line(e, "evt_dec_o = %s;", pipe_dec(DEC_NONE));
    emit_line(e, "evt_set_o = set_q;");
    emit_line(e, "evt_way_o = %s;", emit_const(way_bits, 0));
    emit_line(e, "evt_evict_o = 1'b0;");
    emit_line(e, "evt_evict_tag_o = %s;", emit_const(tag_bits, 0));
    emit_line(e, "evt_mshr_o = %s;", emit_const(mshr_bits, 0));
    emit_line(e, "evt_row_o = meta_row;");
}

void pipe_emit_data_write(emit_t *e, unsigned ways)
{
    for (unsigned k = 0; k < ways; k++)
        emit_line(e, "data_we[%u] = meta_way_oh[%u];", k, k);
    emit_line(e, "data_wr = 1'b1;");
}

void pipe_emit_fill_install(emit_t *e, const pipe_dims_t *d, const char *wdata)
{
    emit_line(e, "meta_we = 1'b1;");
    pipe_emit_data_write(e, d->ways);
    emit_line(e, "data_wdata = %s;", wdata);
    emit_line(e, "data_wbe = {%u{1'b1}};", d->line_bytes);
    emit_line(e, "mshr_free = 1'b1;");
}

void pipe_emit_wait(emit_t *e, lay_decision_t dec)
{
    pipe_emit_event(e, EVT_STALL, pipe_dec(dec), "set_q", "meta_row_in");
    emit_line(e, "s1_stall = 1'b1;");
}

void pipe_emit_line_busy(emit_t *e, int merge, const char *what, const char *mshr_full,
                         void (*joined)(emit_t *e, const void *ctx),
                         void (*wait)(emit_t *e, lay_decision_t dec), const void *ctx)
{
    if (merge) {
        emit_line(e, "if (mshr_conflict & !req_store_q & !mshr_join_full) begin // joins that %s",
                  what);
        emit_in(e);
        pipe_emit_event(e, EVT_LOOKUP, pipe_dec(DEC_LD_MERGE), "set_q", "meta_row_in");
        emit_line(e, "evt_mshr_o = mshr_hit_idx;");
        emit_line(e, "mshr_join = 1'b1;");
        joined(e, ctx);
        emit_out(e);
        emit_line(e, "end else if (mshr_conflict) begin // its line has a %s outstanding", what);
    } else {
        emit_line(e, "if (mshr_conflict) begin // its line has a %s outstanding", what);
    }
    emit_in(e);
    wait(e, DEC_STALL_LINE);
    emit_out(e);
    emit_line(e, "end else if (%s) begin // no MSHR for the miss", mshr_full);
    emit_in(e);
    wait(e, DEC_STALL_MSHR);
    emit_out(e);
}

void pipe_emit_miss_fetch(emit_t *e, const char *cond, const char *comment)
{
    emit_line(e, "if (%s) begin%s", cond, comment);
    emit_in(e);
    emit_line(e, "mshr_alloc = 1'b1;");
    emit_line(e, "memq_push = 1'b1;");
    emit_line(e, "evt_mshr_o = mshr_free_idx;");
    emit_out(e);
    emit_line(e, "end");
}

void pipe_emit_tail_ports(emit_t *e, const char *const *cnt, unsigned ncnt, unsigned cnt_width,
                          const gen_sim_port_t *ev, unsigned nev)
{
    emit_line(e, "// performance counters (wrapping)");
    for (unsigned i = 0; i < ncnt; i++)
        emit_line(e, "output wire %scnt_%s_o%s", emit_range(cnt_width), cnt[i],
                  i + 1 < ncnt ? "," : "");
    gen_emit_sim_ports(e, "event port (simulation only): one state-changing event per cycle", ev,
                       nev);
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

/* One connection of the MSHR file's instance, its port name padded to `pad` columns. */
static void mshr_conn(emit_t *e, unsigned pad, const char *port, const char *signal,
                      const char *end)
{
    emit_line(e, ".%-*s (%s)%s", (int)pad, port, signal, end);
}

void pipe_emit_mshr_decls(emit_t *e, const pipe_mshr_inst_t *x)
{
    const gen_mshr_t *f = x->file;
    emit_line(e, "reg mshr_alloc, mshr_free;");
    emit_line(e, "wire mshr_conflict, mshr_full;");
    if (f->merge) {
        emit_line(e, "reg mshr_join;");
        emit_line(e, "wire mshr_join_full;");
        emit_line(e, "wire %smshr_hit_idx;", emit_range(f->idx_bits));
        emit_line(e, "wire %smshr_rd_nwait;", emit_range(cfg_count_bits(f->merge)));
        emit_line(e, "wire %smshr_rd_wait;", emit_range(f->merge * f->id_bits));
    }
    emit_line(e, "wire %smshr_free_idx;", emit_range(f->idx_bits));
    emit_line(e, "wire %smshr_fill_line; // the line of the fill being presented",
              emit_range(f->line_bits));
    for (unsigned i = 0; i < x->nfields; i++)
        emit_line(e, "wire %smshr_rd_%s;", emit_range(f->fields[i].width), f->fields[i].name);
}

void pipe_emit_mshr_inst(emit_t *e, const pipe_mshr_inst_t *x)
{
    const gen_mshr_t *f = x->file;
    char port[40], signal[40];
    emit_line(e, "%s u_mshr (", f->module);
    emit_in(e);
    mshr_conn(e, x->pad, "clk_i", "clk_i", ",");
    mshr_conn(e, x->pad, "rst_ni", "rst_ni", ",");
    mshr_conn(e, x->pad, "alloc_i", "mshr_alloc", ",");
    mshr_conn(e, x->pad, "alloc_line_i", "req_line_q", ",");
    for (unsigned i = 0; i < x->nfields; i++) {
        snprintf(port, sizeof port, "alloc_%s_i", f->fields[i].name);
        snprintf(signal, sizeof signal, "req_%s_q", f->fields[i].name);
        mshr_conn(e, x->pad, port, signal, ",");
        snprintf(port, sizeof port, "rd_%s_o", f->fields[i].name);
        snprintf(signal, sizeof signal, "mshr_rd_%s", f->fields[i].name);
        mshr_conn(e, x->pad, port, signal, ",");
    }
    if (x->conn)
        x->conn(e, x->ctx);
    if (f->merge) {
        mshr_conn(e, x->pad, "join_i", "mshr_join", ",");
        mshr_conn(e, x->pad, "join_id_i", x->join_id, ",");
        mshr_conn(e, x->pad, "join_full_o", "mshr_join_full", ",");
        mshr_conn(e, x->pad, "hit_idx_o", "mshr_hit_idx", ",");
        mshr_conn(e, x->pad, "rd_nwait_o", "mshr_rd_nwait", ",");
        mshr_conn(e, x->pad, "rd_wait_o", "mshr_rd_wait", ",");
    }
    mshr_conn(e, x->pad, "free_i", "mshr_free", ",");
    mshr_conn(e, x->pad, "free_idx_i", "fmshr_q", ",");
    mshr_conn(e, x->pad, "look_line_i", "req_line_q", ",");
    mshr_conn(e, x->pad, "conflict_o", "mshr_conflict", ",");
    mshr_conn(e, x->pad, "full_o", "mshr_full", ",");
    mshr_conn(e, x->pad, "free_idx_o", "mshr_free_idx", ",");
    mshr_conn(e, x->pad, "fill_idx_i", "mem_rsp_mshr_i", ",");
    mshr_conn(e, x->pad, "fill_line_o", "mshr_fill_line", ",");
    mshr_conn(e, x->pad, "rd_idx_i", x->rd_idx, x->rd_idx_comment);
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
}

void pipe_emit_drain_decls(emit_t *e, const pipe_drain_t *x)
{
    if (!x->merge)
        return;
    emit_line(e, "// merging: the waiters of the last fill, answered one per cycle after it");
    emit_line(e, "reg %sdrain_cnt_q, drain_cnt_d;", emit_range(cfg_count_bits(x->merge)));
    emit_line(e, "reg %sdrain_ids_q, drain_ids_d; // %sthe next in the low bits",
              emit_range(x->merge * x->waiter_bits), x->waiter);
    if (x->status_bits)
        emit_line(e, "reg [%u:0] drain_status_q, drain_status_d;", x->status_bits - 1);
    emit_line(e, "reg %sdrain_data_q, drain_data_d;", emit_range(x->line_bits));
}

void pipe_emit_drain_block(emit_t *e, const pipe_drain_t *x)
{
    if (!x->merge) {
        emit_line(e, "wire drain_block = 1'b0; // no merging: no waiters");
        return;
    }
    unsigned cb = cfg_count_bits(x->merge);
    emit_line(e, "// a fill's waiters are answered one per cycle, nothing issued meanwhile");
    emit_line(e, "wire drain_block = (drain_cnt_q != %s) | (s1_valid_q & s1_fill_q & (mshr_rd_nwait != %s));",
              emit_const(cb, 0), emit_const(cb, 0));
}

void pipe_emit_drain_defaults(emit_t *e, const pipe_drain_t *x)
{
    if (!x->merge)
        return;
    emit_line(e, "mshr_join = 1'b0;");
    emit_line(e, "drain_cnt_d = drain_cnt_q;");
    emit_line(e, "drain_ids_d = drain_ids_q;");
    if (x->status_bits)
        emit_line(e, "drain_status_d = drain_status_q;");
    emit_line(e, "drain_data_d = drain_data_q;");
}

void pipe_emit_drain_capture(emit_t *e, const pipe_drain_t *x, const char *why)
{
    if (!x->merge)
        return;
    emit_line(e, "drain_cnt_d = mshr_rd_nwait; // %s", why);
    emit_line(e, "drain_ids_d = mshr_rd_wait;");
    if (x->status_bits)
        emit_line(e, "drain_status_d = rsp_status;");
    emit_line(e, "drain_data_d = mem_rsp_data_i;");
}

void pipe_emit_drain_next(emit_t *e, const pipe_drain_t *x,
                          void (*fields)(emit_t *e, const void *ctx), const void *ctx)
{
    if (!x->merge)
        return;
    unsigned cb = cfg_count_bits(x->merge);
    emit_line(e, "if ((drain_cnt_q != %s) & !rspq_full) begin // the next waiter's response",
              emit_const(cb, 0));
    emit_in(e);
    emit_line(e, "rsp_push = 1'b1;");
    fields(e, ctx);
    emit_line(e, "drain_ids_d = drain_ids_q >> %u;", x->waiter_bits);
    emit_line(e, "drain_cnt_d = drain_cnt_q - %s;", emit_const(cb, 1));
    emit_out(e);
    emit_line(e, "end");
}

void pipe_regs_drain(pipe_regs_t *r, const pipe_drain_t *x)
{
    if (!x->merge)
        return;
    pipe_reg(r, "drain_cnt", cfg_count_bits(x->merge));
    pipe_reg(r, "drain_ids", x->merge * x->waiter_bits);
    if (x->status_bits)
        pipe_reg(r, "drain_status", x->status_bits);
    pipe_reg(r, "drain_data", x->line_bits);
}

void pipe_emit_dispatch(emit_t *e, const pipe_dispatch_t *h, const void *ctx)
{
    emit_line(e, "if (s1_valid_q & s1_squash_q) begin // behind a waiting request: wait too");
    emit_in(e);
    emit_line(e, "rq_push = 1'b1;");
    emit_out(e);
    emit_line(e, "end else if (s1_valid_q & !hold & s1_fill_q) begin");
    emit_in(e);
    h->fill(e, ctx);
    pipe_emit_drain_capture(e, h->drain, h->drain_why);
    emit_out(e);
    emit_line(e, "end else if (s1_valid_q & !hold & memq_full) begin // no event: issued again");
    emit_in(e);
    emit_line(e, "s1_bounce = 1'b1;");
    emit_line(e, "rq_push = 1'b1;");
    emit_out(e);
    emit_line(e, "end else if (s1_valid_q & !hold) begin");
    emit_in(e);
    h->request(e, ctx);
    emit_out(e);
    emit_line(e, "end");
    pipe_emit_drain_next(e, h->drain, h->drain_fields, ctx);
    emit_line(e, "if (s1_stall) begin");
    emit_in(e);
    emit_line(e, "rq_push = 1'b1;");
    if (h->stall_extra)
        emit_line(e, "%s", h->stall_extra);
    emit_line(e, "wake_d = 1'b0;");
    emit_out(e);
    emit_line(e, "end");
}

void pipe_emit_mem_rsp_ready(emit_t *e)
{
    emit_line(e, "// the fill in the decide stage is taken as it decides");
    emit_line(e, "assign mem_rsp_ready_o = s1_valid_q & s1_fill_q & !hold;");
}
