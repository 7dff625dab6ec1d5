/* emit_pipe: the two-stage cache pipeline, one emitter for the L1 top (emit_top.c) and the L2
 * slice (emit_l2_top.c). The issue stage picks one operation per cycle (a fill > the replay
 * queue > a new request) and reads its set's row and data lines; the decide stage looks the
 * row up (forwarded when the previous decision wrote the same set), decides, writes, and
 * pushes into the output queues. What both caches share is here: the request fields that
 * travel through the decide stage and the two-entry replay queue, the issue block, the
 * forwarding of the last row and data writes, the event fields, the sweep, the registers and
 * their flops, the counters (counted a cycle after the event). Each top supplies what is its
 * own as hooks: its ports, its fill capture, its decisions and its queues' payloads. */
#ifndef CACHEGEN_EMIT_PIPE_H
#define CACHEGEN_EMIT_PIPE_H

#include "emit.h"
#include "emit_l1.h"
#include "../core/lay.h"

/* A request field carried by the decide stage (req_<name>_q) and the replay queue, high to
 * low. Field 0 is the "has waited" flag: a request that waited replays only after a fill.
 * `port`: what a new request loads into it (NULL: req_<name>_i). */
typedef struct pipe_field {
    const char *name;
    unsigned width;
    const char *port;
} pipe_field_t;
#define PIPE_FIELDS_MAX 10

/* Appends the fields every request ends with: byte enables and write data. */
unsigned pipe_fields_data(pipe_field_t *f, unsigned n, unsigned line_bytes, unsigned line_bits);
/* "module <name> (" with the clock and the active-low reset, the port list indented. */
void pipe_emit_module_open(emit_t *e, const char *module);

/* "{<pfx><f0><sfx>, ...}"; with `first` not NULL, field 0 is `first` instead. */
const char *pipe_concat(const pipe_field_t *f, unsigned n, const char *pfx, const char *sfx,
                        const char *first);
unsigned pipe_bits(const pipe_field_t *f, unsigned n);

/* The widths the shared pieces need. */
typedef struct pipe_dims {
    unsigned set_bits, row_bits, ways, line_bits, line_bytes, mshr_bits;
    /* The row's write enable comes late (the L2's decide, issue 40): the forwarding copy then
     * loads the written row in every cycle with the enable beside it, and the choice of that
     * row or the one held before comes after the registers (the wire fwd_row), not in front. */
    int row_late;
} pipe_dims_t;
/* The last written row, as the lookup's forwarding reads it: fwd_row_q, or with row_late the
 * wire fwd_row. */
const char *pipe_fwd_row(const pipe_dims_t *d);

/* A top's widths from its layout `l` (a lay_l1_t or a lay_l2_t: the fields have the same
 * names) into the width record `w` of the top (each has these members): line address la,
 * byte enables lb (`line_bytes`), line lw, MSHR number mb, set m, tag t, way wb, row rb, and
 * the shared pipeline's view d. */
#define PIPE_WIDTHS(w, l, line_bytes)                                                        \
    do {                                                                                     \
        (w)->la = (l)->line_addr_bits;                                                       \
        (w)->lb = (line_bytes);                                                              \
        (w)->lw = (l)->line_bits;                                                            \
        (w)->mb = (l)->mshr_bits;                                                            \
        (w)->m = (l)->set_bits;                                                              \
        (w)->t = (l)->tag_bits;                                                              \
        (w)->wb = (l)->way_bits;                                                             \
        (w)->rb = (l)->row_bits;                                                             \
        (w)->d = (pipe_dims_t){(w)->m, (w)->rb, (l)->ways, (w)->lw, (w)->lb, (w)->mb, 0};    \
    } while (0)

/* Declarations: the decide stage's operation registers and request fields. */
void pipe_emit_stage_decls(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f, unsigned n);
/* Declarations: the replay queue (rq*), its head's fields (rqh_*) and the forwarding copies. */
void pipe_emit_replay_fwd_decls(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f,
                                unsigned n);

/* The issue block. `fill_capture(e, ctx)` adds what a fill loads beside its line (may be
 * NULL); `fill_reads_data`: a fill also reads the data lines (the L2's dirty victim). */
void pipe_emit_issue(emit_t *e, const pipe_dims_t *d, const pipe_field_t *f, unsigned n,
                     void (*fill_capture)(emit_t *e, const void *ctx), const void *ctx,
                     int fill_reads_data);

/* `out`: the line of way `oh` (one-hot) with the last data write merged in when it came
 * after the read; `tag` names the intermediate wires (<tag>_way_data, <tag>_fwd_hit,
 * <tag>_fwd_mask). Uses the genvar gb. */
void pipe_emit_fwd_line(emit_t *e, const pipe_dims_t *d, const char *out, const char *oh,
                        const char *tag);

/* Event fields of the current cycle (inside the decide block). */
void pipe_emit_event(emit_t *e, lay_evt_kind_t kind, const char *dec, const char *set,
                     const char *row);
const char *pipe_dec(lay_decision_t d);
/* The decide block's sweep branch: the reset row into every set, then `run`. */
void pipe_emit_sweep(emit_t *e, unsigned set_bits, const char *run);

/* An event port beside the common ones, between evt_mshr_o and evt_row_o: output reg (or
 * wire) [width-1:0] evt_<name>_o (vector: declared with a range), with a comment. */
typedef struct pipe_evt_port {
    const char *name;
    unsigned width;
    int vector;
    int is_reg;
    const char *what;
} pipe_evt_port_t;

/* Ports: a channel's comment, valid and ready (`in`: the cache receives on it). */
void pipe_emit_channel_ports(emit_t *e, const char *comment, const char *prefix, int in);
/* Ports: the memory request channel's head (comment, valid, ready, store, line, MSHR). */
void pipe_emit_mem_req_ports(emit_t *e, const char *comment, const pipe_dims_t *d,
                             unsigned line_addr_bits);
/* Ports: the memory response channel (comment, valid, ready, MSHR, data). */
void pipe_emit_mem_rsp_ports(emit_t *e, const pipe_dims_t *d);
/* The event port (simulation only, gen_emit_sim_ports): the common fields, `own` between
 * evt_mshr_o and evt_row_o. Returns the number of ports written into `out`. */
#define PIPE_EVT_PORTS_MAX 32
unsigned pipe_evt_ports(const pipe_dims_t *d, unsigned way_bits, unsigned tag_bits,
                        const pipe_evt_port_t *own, unsigned n_own, gen_sim_port_t *out);
/* Declarations: the SRAM ports (row and per-way data). */
void pipe_emit_sram_decls(emit_t *e, const pipe_dims_t *d);
/* Declarations: the issue stage's stall wires (s1_stall, s1_bounce, s1_requeue). */
void pipe_emit_stall_decls(emit_t *e);
/* The issue decisions after `hold`: issue_fill, issue_open (a full memory queue stops new
 * requests), issue_replay, req_ready_o, issue_req, rq_pop. `block`: a condition that stops
 * every issue ("" or "!x & "); `open`: one that stops requests only (or ""); `open_comment`
 * says why a full memory queue stops requests. */
void pipe_emit_issue_wires(emit_t *e, const char *block, const char *open,
                           const char *open_comment, const char *waited);
/* The index network's input: the fill's line, the replay queue's head or the new request. */
void pipe_emit_idx_line(emit_t *e, unsigned in_bits);
void pipe_emit_index_inst(emit_t *e, const char *module);
/* The row SRAM, the byte mask (genvar gb) and one data SRAM bank per way; `data_comment` is
 * the line above the banks. */
void pipe_emit_srams(emit_t *e, const pipe_dims_t *d, unsigned sets, const char *data_comment,
                     const char *sram_module);
/* The decide block's opening: "always @* begin : decide" and the defaults of the state, the
 * sweep, the wake flag, the stall strobes and the counters named in `cnt` (NULL skipped). */
void pipe_emit_decide_open(emit_t *e, const char *const *cnt, unsigned ncnt);
/* The decide block's defaults of the SRAM writes and MSHR strobes, and of the common event
 * fields. */
void pipe_emit_write_defaults(emit_t *e, const pipe_dims_t *d);
void pipe_emit_evt_defaults(emit_t *e, unsigned way_bits, unsigned tag_bits, unsigned mshr_bits);
/* Write the data line of the way meta_way_oh (data_we, data_wr). */
void pipe_emit_data_write(emit_t *e, unsigned ways);
/* A fill's install: the row, the whole data line `wdata` into the chosen way, the MSHR freed. */
void pipe_emit_fill_install(emit_t *e, const pipe_dims_t *d, const char *wdata);
/* A request that cannot go on: its stall event `dec`, and to the replay queue. */
void pipe_emit_wait(emit_t *e, lay_decision_t dec);

/* A request's first tests, opening the decide stage's if-chain (the caller goes on with
 * "end else if"): its line has a read (fetch) outstanding, and with merging (`merge`) a load
 * joins it (event LOOKUP / LdMerge, MSHR strobe, then `joined`), else the request waits
 * (`wait`, decision stall_line); then a miss that finds `mshr_full` true waits (stall_mshr).
 * `what` names the outstanding operation. */
void pipe_emit_line_busy(emit_t *e, int merge, const char *what, const char *mshr_full,
                         void (*joined)(emit_t *e, const void *ctx),
                         void (*wait)(emit_t *e, lay_decision_t dec), const void *ctx);
/* A miss (`cond`, `comment` after "begin"): the lowest free MSHR takes it and its read goes
 * to the memory queue. */
void pipe_emit_miss_fetch(emit_t *e, const char *cond, const char *comment);

/* Ports: the performance counters cnt_<name>_o and the event port, then the list's end. */
void pipe_emit_tail_ports(emit_t *e, const char *const *cnt, unsigned ncnt, unsigned cnt_width,
                          const gen_sim_port_t *ev, unsigned nev);

/* The instance u_mshr of MSHR file `file` (emit_mshr.c's description) and the wires it
 * drives: the ports every cache connects; the file's first `nfields` fields each as
 * alloc_<f>_i (req_<f>_q) and rd_<f>_o (mshr_rd_<f>); `conn(e, ctx)` adds the cache's own
 * (the other fields; may be NULL); with merging its ports, `join_id` the joining request's
 * waiter id; rd_idx_i last, then `rd_idx_comment` ("" or " // ..."). */
typedef struct pipe_mshr_inst {
    const gen_mshr_t *file;
    unsigned nfields;
    unsigned pad; /* port-name column width */
    void (*conn)(emit_t *e, const void *ctx);
    const void *ctx;
    const char *join_id;
    const char *rd_idx, *rd_idx_comment;
} pipe_mshr_inst_t;
void pipe_emit_mshr_decls(emit_t *e, const pipe_mshr_inst_t *x);
void pipe_emit_mshr_inst(emit_t *e, const pipe_mshr_inst_t *x);

/* MSHR merging's drain (SPEC 3.1): the last fill's waiters, answered one per cycle after it
 * while nothing issues. With merge = 0 only drain_block (a constant 0) is emitted. */
typedef struct pipe_drain {
    unsigned merge;        /* waiters per MSHR */
    unsigned waiter_bits;  /* bits of one waiter (the next in the low bits of drain_ids) */
    const char *waiter;    /* what a waiter is, for the comment ("" or "{core, L1 MSHR}, ") */
    unsigned status_bits;  /* a status register beside the line (the L1's), or 0 */
    unsigned line_bits;
} pipe_drain_t;
void pipe_emit_drain_decls(emit_t *e, const pipe_drain_t *x);
void pipe_emit_drain_block(emit_t *e, const pipe_drain_t *x);
/* Inside the decide block: the defaults, and the fill's capture of its waiters (`why`: the
 * capture's comment). */
void pipe_emit_drain_defaults(emit_t *e, const pipe_drain_t *x);
void pipe_emit_drain_capture(emit_t *e, const pipe_drain_t *x, const char *why);
/* The next waiter's response: rsp_push, then `fields` (the top's response fields from
 * drain_ids_q's low bits, drain_data_q...), then the shift. */
void pipe_emit_drain_next(emit_t *e, const pipe_drain_t *x,
                          void (*fields)(emit_t *e, const void *ctx), const void *ctx);

/* The decide stage's dispatch: a request issued behind a waiting one waits too; a fill
 * decides (unless held) and captures its waiters (merging: `drain`, `drain_why` the comment);
 * a request finding the memory queue full goes back without an event; else the request
 * decides; then the next waiter's response (`drain_fields`, see pipe_emit_drain_next), and a
 * waiting request goes to the replay queue (`stall_extra`: one more line there, or NULL). */
typedef struct pipe_dispatch {
    void (*fill)(emit_t *e, const void *ctx);
    void (*request)(emit_t *e, const void *ctx);
    const pipe_drain_t *drain;
    const char *drain_why;
    void (*drain_fields)(emit_t *e, const void *ctx);
    const char *stall_extra;
} pipe_dispatch_t;
void pipe_emit_dispatch(emit_t *e, const pipe_dispatch_t *h, const void *ctx);
/* mem_rsp_ready_o: the fill in the decide stage is taken as it decides. */
void pipe_emit_mem_rsp_ready(emit_t *e);

/* Registers of a top, each reset to 0 and loaded from <name>_d. */
typedef struct pipe_regs {
    struct {
        char name[24];
        unsigned width;
    } r[48];
    unsigned n;
} pipe_regs_t;
void pipe_reg(pipe_regs_t *r, const char *name, unsigned width);
/* The decide stage's registers (s1_*, set, fmshr, the request fields). */
void pipe_regs_stage(pipe_regs_t *r, const pipe_dims_t *d, const pipe_field_t *f, unsigned n);
/* The replay queue's and the forwarding registers. */
void pipe_regs_replay_fwd(pipe_regs_t *r, const pipe_dims_t *d, const pipe_field_t *f,
                          unsigned n);

/* Merging's drain registers (pipe_drain_t). */
void pipe_regs_drain(pipe_regs_t *r, const pipe_drain_t *x);

/* A flop block of `regs` alone: each reset to 0 and loaded from <name>_d. */
void pipe_emit_reg_flops(emit_t *e, const pipe_regs_t *regs);

/* Counters: cnt_<name>_q, incremented a cycle after cnt_<name>_inc. */
void pipe_emit_counter_decl(emit_t *e, const char *name, unsigned width);
/* The flops: state_q (reset to SSweep), `regs`, the counters named in `cnt` (NULL entries
 * skipped); `extra(e, ctx, reset)` adds a top's own flops in both branches (may be NULL). */
void pipe_emit_flops(emit_t *e, const pipe_regs_t *regs, const char *const *cnt, unsigned ncnt,
                     unsigned cnt_width, void (*extra)(emit_t *e, const void *ctx, int reset),
                     const void *ctx);

#endif
