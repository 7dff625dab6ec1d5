/* emit_l1: emitters of the L1's Verilog modules, one function per module, sharing one context.
 * Module names: <name> (top), <name>_meta (lookup + replacement), <name>_mshr, <name>_index. */
#ifndef CACHEGEN_EMIT_L1_H
#define CACHEGEN_EMIT_L1_H

#include "../core/cfg.h"
#include "../core/lay.h"
#include "emit.h"
#include "../core/lay.h"

#include "../core/version.h" /* GEN_VERSION */
#define GEN_MOD_MAX (CFG_NAME_MAX + 16)

typedef struct gen_l1 {
    const cfg_t *cfg;
    lay_l1_t lay;
    char top[GEN_MOD_MAX];    /* module names */
    char meta[GEN_MOD_MAX];
    char mshr[GEN_MOD_MAX];
    char index[GEN_MOD_MAX];
    char duel[GEN_MOD_MAX];   /* SM-dueling controller (l1.mode = decoupled) */
    char dwt[GEN_MOD_MAX];    /* DWT-CS warp-throttling controller (l1.mode = sacat) */
    char pctbl[GEN_MOD_MAX];  /* PC predictor table (l1.mode = pcpred) */
    char memq[GEN_MOD_MAX];   /* memory-request queue */
} gen_l1_t;

/* Entries of each in-order queue (memory requests, core responses): core/lay.h's. */
#define GEN_MEMQ_DEPTH LAY_QUEUE_DEPTH
/* Payload bits of a memory request (hint, store, line, mshr, be, wdata). */
unsigned gen_l1_memq_width(const gen_l1_t *g);

/* Fill names and layout from a validated config. */
void gen_l1_init(gen_l1_t *g, const cfg_t *c);

/* File header: purpose, generator version, the full configuration; then default_nettype. */
void gen_header(emit_t *e, const cfg_t *c, const char *module, const char *purpose);
/* Merging (l1.mshr_merge = W > 0): bits of a waiter count 0..W (the MSHR file's and the top's
 * drain counter). */
static inline unsigned gen_wait_count_bits(const gen_l1_t *g)
{
    return cfg_count_bits(g->cfg->l1.mshr_merge);
}
/* SHA-256 of the normalized configuration (config.yaml's keys, cfg_write_yaml) in hex: the
 * same for every configuration that generates the same design. */
#define GEN_CONFIG_HASH_HEX 64
void gen_config_hash(const cfg_t *c, char hex[GEN_CONFIG_HASH_HEX + 1]);
void gen_footer(emit_t *e);

/* An MSHR file (emit_mshr.c), one emitter for the L1's and the L2's: each entry holds its line
 * and the fields below (ports alloc_<name>_i, rd_<name>_o), with merge > 0 also the waiters. */
typedef struct gen_mshr_field {
    const char *name;    /* e<i>_<name>_q */
    unsigned width;      /* bits */
    const char *comment; /* said at its alloc port, or NULL */
} gen_mshr_field_t;
#define GEN_MSHR_FIELDS_MAX 8
typedef struct gen_mshr {
    const cfg_t *cfg;
    const char *module, *purpose;
    unsigned entries, idx_bits, line_bits;
    unsigned nfields; /* at least 1 */
    gen_mshr_field_t fields[GEN_MSHR_FIELDS_MAX];
    unsigned merge;   /* waiters per entry (SPEC 3.1 merging; 0: none) */
    unsigned id_bits; /* width of a waiter's id */
    const char *nojoin; /* a field whose entries take no waiter (their line is busy), or NULL */
    int has_empty;    /* empty_o: no entry valid */
} gen_mshr_t;
void emit_mshr_module(emit_t *e, const gen_mshr_t *x);

void emit_l1_index(emit_t *e, const gen_l1_t *g);
void emit_l1_meta(emit_t *e, const gen_l1_t *g);
void emit_l1_mshr(emit_t *e, const gen_l1_t *g);
/* The L1's MSHR file as emit_l1_mshr builds it (its first field is the load's id; the
 * mechanism's fields follow). */
void gen_l1_mshr_file(const gen_l1_t *g, gen_mshr_t *out);
void emit_l1_top(emit_t *e, const gen_l1_t *g);
void emit_l1_memq(emit_t *e, const gen_l1_t *g);  /* <name>_memq: memory-request queue */
/* An instance `inst` of queue module `module` (emit_memq.c) with its Width and connections. */
void emit_memq_inst(emit_t *e, const char *module, const char *inst, unsigned width,
                    const char *push, const char *full, const char *data_in, const char *valid,
                    const char *ready, const char *data_out);
void emit_l1_duel(emit_t *e, const gen_l1_t *g);
void emit_dwt(emit_t *e, const gen_l1_t *g); /* <name>_dwt: the DWT-CS controller */
void emit_sys_top(emit_t *e, const gen_l1_t *g); /* <name>_sys: the L1s, arbiter, L2 */
void emit_l1_dmeta(emit_t *e, const gen_l1_t *g); /* decoupled tag + data store row */

/* Decide-stage piece of the L1 top (emit_top.c) that mechanism hooks use: count `c` when
 * `cond`. */
void emit_l1_count(emit_t *e, const char *cond, lay_counter_t c);
void emit_l1_pctbl(emit_t *e, const gen_l1_t *g);

/* The simulation-only event ports (docs/ip.md): with `define CACHEGEN_EVENTS (the harnesses
 * define it) they end the port list; without it, synthesis and users' flows see no event port
 * and the same names are internal signals, which nothing reads and synthesis removes. */
#define GEN_EVENTS_MACRO "CACHEGEN_EVENTS"
typedef struct gen_sim_port {
    int is_reg;       /* driven in an always block (reg), else assigned (wire) */
    unsigned width;
    int vector;       /* declared with a range (else a scalar) */
    char name[48];
    const char *what; /* a comment, or NULL */
} gen_sim_port_t;
/* In the port list, after a last port written without a comma: the ports in an `ifdef. */
void gen_emit_sim_ports(emit_t *e, const char *title, const gen_sim_port_t *p, unsigned n);
/* At the start of the module body: the same names as internal signals, in an `ifndef. */
void gen_emit_sim_internal(emit_t *e, const gen_sim_port_t *p, unsigned n);

/* `out` (declared here, `width` bits) = data_rdata_w<k> of the way k set in one-hot `oh`, by
 * AND-OR (depth grows with log2(ways)); shared by the L1 and L2 tops. */
void emit_way_data(emit_t *e, const char *out, unsigned width, const char *oh, unsigned ways);

/* One SRAM instance (emit_common.c) of `module` (gen_sram_module), shared by the L1 and L2
 * tops. */
/* The metadata module's operations (its op_i), named in the RTL by localparams OpLoad,
 * OpStore and OpFill, which emit_meta_op_params writes into each module that uses them. */
typedef enum meta_op { META_OP_LOAD, META_OP_STORE, META_OP_FILL, META_OP_COUNT } meta_op_t;
extern const char *const meta_op_names[META_OP_COUNT];
void emit_meta_op_params(emit_t *e);

void emit_sram_1r1w(emit_t *e, const char *module, const char *inst, unsigned width, unsigned depth, unsigned abits,
                    const char *re, const char *raddr, const char *rdata, const char *we,
                    const char *waddr, const char *wdata, const char *wmask);

/* The geometry and replacement policy the way-selection emitters (emit_ways.c) and the
 * policies' hooks (emit_repl.h) need, so that the L1, decoupled and L2 lookup modules share
 * them: they act on the signals match, valid, is_fill, any_invalid, touch, w<i>_repl and
 * w<i>_repl_d of the module being emitted (and sel_oh, sel_way, victim_way, victim_oh). */
struct emit_repl;
typedef struct emit_ways {
    unsigned ways;        /* associativity */
    unsigned way_bits;    /* width of a way number */
    unsigned repl_bits;   /* the policy's bits per way (w<i>_repl) */
    unsigned set_bits;    /* the policy's bits per set (its set_state), at row bit set_lsb */
    unsigned set_lsb;
    const struct emit_repl *repl; /* the replacement policy (emit_repl_for) */
    int victim_extern;    /* the module declares and drives victim_oh itself (the L2's UCP) */
    int own_select;       /* sel_oh is the module's own (the decoupled store), not
                           * emit_ways_select's choice of hit_oh, invalid_oh and victim_oh */
    int insert_by_hint;   /* G-Cache L1: SRRIP insertion by hint_i; bypass aging (age_i) */
    /* SRRIP only: the fill's RRPV, a Verilog expression of repl_bits bits (the L2's drrip:
     * chosen by the top), or NULL for the policy's own. */
    const char *ins;
    /* SRRIP only (TAP-RRIP's GPU-first victim): when prefer_on is not NULL, among the ways at
     * the top RRPV the lowest whose prefer_fmt (a condition on way %u) holds is the victim
     * while the signal prefer_on is 1 and some such way exists; else the lowest at the top. */
    const char *prefer_on, *prefer_fmt;
} emit_ways_t;
/* The L1 metadata module's (emit_meta.c; also the decoupled store's, emit_dmeta.c). */
emit_ways_t gen_l1_ways(const gen_l1_t *g);
/* A lookup module's row (emit_row.c): per-way fields, way w's `name` of `width` bits (0: the
 * row has none) at lsb0 + w * stride, declared as a vector (`vector`) or, at 1 bit, a scalar.
 * unpack: wires w<w>_<name> from row_i (the comment names `layout`); match: the match and
 * valid vectors, any_invalid and hit_o; next_decls / next_defaults: w<w>_<name>_d, each the
 * current value unless changed; install: for the way of sel_oh, each named field := value. */
typedef struct emit_row_field {
    const char *name;
    unsigned width, lsb0;
    int vector;
} emit_row_field_t;
#define EMIT_ROW_FIELDS_MAX 8
typedef struct emit_row {
    unsigned ways, stride, n;
    emit_row_field_t f[EMIT_ROW_FIELDS_MAX];
} emit_row_t;
typedef struct emit_row_set {
    const char *name, *value;
} emit_row_set_t;
/* The module's port list: its head (module, row_i, op_i with `op_comment` ("" or "   // ..."),
 * tag_i) and its end (row_o). The next row's block: its opening, and its end with the
 * packing's opening, "assign row_o = {". */
void emit_row_ports_open(emit_t *e, const char *module, unsigned row_bits, const char *op_comment,
                         unsigned tag_bits);
/* The lookup's outputs: hit_o, way_o (with comments `hit`, `way`: "" or "  // ..."), way_oh_o
 * and hit_way_oh_o. */
void emit_row_lookup_ports(emit_t *e, unsigned way_bits, unsigned ways, const char *hit,
                           const char *way);
void emit_row_ports_close(emit_t *e, unsigned row_bits);
void emit_row_next_open(emit_t *e);
void emit_row_pack_open(emit_t *e);
/* The rows of the L1 (not decoupled) and of the L2, from their layouts. */
emit_row_t emit_row_l1(const lay_l1_t *l);
struct lay_l2;
emit_row_t emit_row_l2(const struct lay_l2 *l);
void emit_row_unpack(emit_t *e, const emit_row_t *r, const char *layout);
void emit_row_match(emit_t *e, unsigned ways);
void emit_row_next_decls(emit_t *e, const emit_row_t *r);
void emit_row_next_defaults(emit_t *e, const emit_row_t *r);
void emit_row_install(emit_t *e, unsigned ways, const emit_row_set_t *s, unsigned n);

/* Defines sel_oh (one-hot of the chosen way: on a fill the lowest invalid way, else the
 * victim; on a lookup the lowest matching way; way 0 when none) and sel_way (its number), and
 * victim_oh: the policy's, or decoded from the victim_way its victim_way hook drives first
 * (SRRIP also defines rrpv_top and rrpv_add). */
void emit_ways_select(emit_t *e, const emit_ways_t *x);
/* `out` (a reg of `width` bits declared by the caller) = field w<i>_`field` of the chosen way. */
void emit_ways_pick(emit_t *e, const emit_ways_t *x, const char *out, unsigned width,
                    const char *field);
/* victim_oh (declared here) decoded from the way number victim_way. */
void emit_ways_victim_decode(emit_t *e, const emit_ways_t *x);
/* victim_oh (declared here) and victim_way (a reg the caller declares): among the ways set in
 * eligible[], the one with the largest w<i>_repl, the lowest on ties; way 0 when none is
 * (victim_oh_c is then 0). The decoupled store's victim under LRU, FIFO and SRRIP. */
void emit_ways_victim_largest(emit_t *e, const emit_ways_t *x);
/* The touch of a policy whose hits change nothing: `wire touch = is_fill;`. */
void emit_ways_touch_fills(emit_t *e, const emit_ways_t *x);
/* The policy's per-set state (its set_state, when set_bits > 0): unpacked from row_i, its
 * next value declared, defaulted to the current one, and its place in the packed next row. */
void emit_ways_state_unpack(emit_t *e, const emit_ways_t *x);
void emit_ways_state_decl(emit_t *e, const emit_ways_t *x);
void emit_ways_state_default(emit_t *e, const emit_ways_t *x);
void emit_ways_state_pack(emit_t *e, const emit_ways_t *x);

/* One-hot helpers: `out` (declared here) = one-hot of the lowest i < n with cond_fmt (%u = i)
 * true, bit 0 when none (its conditions in `out`_c); `out` (declared here, `bits` wide) = the
 * number of the set bit of one-hot `oh`; `out` (a reg the caller declares) = the field
 * field_fmt (%u = i) of the i whose bit of `oh` is set, by AND-OR. */
void emit_lowest_oh(emit_t *e, const char *out, unsigned n, const char *cond_fmt);
/* `out` (declared here) = one-hot of the candidate i < n (cand_fmt true; not_cand_fmt is its
 * negation) whose field_fmt is the smallest (largest = 0) or largest, the lowest i on ties, bit
 * 0 when there is no candidate; `out`_c: the same without that default. Every pair is compared
 * at once (n * (n - 1) compares), so the depth is one compare and an AND tree. */
void emit_best_oh(emit_t *e, const char *out, unsigned n, const char *cand_fmt,
                  const char *not_cand_fmt, const char *field_fmt, int largest);
void emit_encode_oh(emit_t *e, const char *out, const char *oh, unsigned n, unsigned bits);
void emit_pick_oh(emit_t *e, const char *out, unsigned width, const char *oh, unsigned n,
                  const char *field_fmt);
/* A block of one line per index: `head` (an "if (...) begin" line), then for each i < n the
 * line line_fmt with i for every %u (at most three), then "end". */
void emit_block_each(emit_t *e, const char *head, unsigned n, const char *line_fmt);

/* PRIC: the hashed-bit numbers (0 = address bit b) feeding index bit j; returns the count.
 * The first form is the L1's (l1.pric_*), the second any modulus over `hashed` bits. */
unsigned gen_pric_terms(const cfg_l1_t *c, unsigned j, unsigned *terms);
unsigned gen_pric_terms_of(unsigned long long poly, unsigned hashed, unsigned j, unsigned *terms);

/* A set-index network (emit_index.c), shared by the L1 and the L2: `in_bits` low line-address
 * bits in (m for modulo, 2m for xor, the hashed bits for PRIC), `set_bits` out. */
typedef struct emit_index {
    cfg_index_t index;
    unsigned set_bits;       /* m */
    unsigned in_bits;        /* width of line_i */
    unsigned off_bits;       /* b, for the comment naming address bits */
    unsigned long long poly; /* PRIC modulus (index pric only) */
} emit_index_t;
void emit_index_module(emit_t *e, const cfg_t *c, const char *module, const emit_index_t *x);

/* Width of the index network's input: the low line-address bits it hashes. */
unsigned gen_l1_index_in_bits(const gen_l1_t *g);

/* The SRAM arrays' module: cachegen_sram_1r1w, or <name>_sram with sram.macro (emit_sram.c). */
void gen_sram_module(const cfg_t *c, char *buf, size_t len);
/* <name>_sram: the arrays tiled onto the user's macro; the macro's behavioural stand-in. */
void emit_sram_wrapper(emit_t *e, const gen_l1_t *g);
void emit_sram_model(emit_t *e, const gen_l1_t *g);

#endif
