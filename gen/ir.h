/* ir: the emitter IR — a generated module built as data (after Yosys's RTLIL: module, wires,
 * processes, cells) that one printer (ir_print.c) turns into Verilog text.
 * Invariants:
 * - every node and every string of a module lives in the module's arena; ir_module_free()
 *   releases all of it at once, so builders never free and nodes are never shared between
 *   modules;
 * - builders copy every string they are given (constants from emit_const's ring buffer are
 *   safe to pass), so a node never points at the caller's memory;
 * - a node is appended to one list (the module's ports or body, or a child list of another
 *   node) and stays in that order: the printed text follows build order exactly;
 * - widths are (bits, name): the first printer style (IR_STYLE_LITERAL) prints the bits as
 *   today (`[24:0] `), a named style may print the name (`[LineAddrWidth-1:0] `); a width
 *   with no bits, only a name (IR_WN: a module parameter such as Width), prints the name in
 *   every style;
 * - expressions (right-hand sides, conditions, case labels) are still strings for now; a
 *   right-hand side may hold '\n': its later lines print as continuation lines at the
 *   statement's indentation (their own leading spaces kept), the ';' after the last. */
#ifndef CACHEGEN_IR_H
#define CACHEGEN_IR_H

#include <stddef.h>
#include "emit.h"

typedef enum ir_kind {
    IR_COMMENT, /* a: text (without "// "); n: spaces before "//" */
    IR_BLANK,   /* an empty line */
    IR_PARAM,   /* a: name, b: value, w: width (0: none); flag: 1 localparam, 0 parameter;
                   d: a type ("integer") or NULL; in the module's header list (ir_mparam) c is
                   a trailing comment at column col */
    IR_PORT,    /* a: name, b: comment or NULL; n: spaces before the comment; flag: ir_dir_t */
    IR_DECL,    /* names: a list of IR_NAME; flag: ir_net_t; b: initial value (wire x = b) */
    IR_NAME,    /* a: name; n: array entries (0: not an array) */
    IR_ASSIGN,  /* continuous: assign a = b; */
    IR_ALWAYS,  /* flag: ir_proc_t; a: label or NULL; b: comment (posedge: on the reset's if,
                   ir_note, n spaces before it); c/d: clock/reset (posedge); body: statements
                   (posedge: the update); alt: reset statements */
    IR_SET,     /* a = b (blocking) or a <= b (flag 1: non-blocking) */
    IR_IF,      /* a: condition; body: then; alt: else; flag 1: begin/end even for one,
                   IR_IF_CHAINED: the only node of its parent's else ("end else if");
                   b/d: the then/else block's label (a generate if: `begin : b`) or NULL */
    IR_CASE,    /* a: subject; body: IR_ITEM list */
    IR_ITEM,    /* a: label, NULL for default; body: statements; flag 1: begin/end even for one */
    IR_GENFOR,  /* a: genvar, b: label; n: count, or c: the count's name (a parameter); body:
                   items of the loop; flag 1: inside generate / endgenerate */
    IR_INST,    /* a: module, b: instance; body: IR_CONN ports; alt: IR_CONN parameters; flag 1:
                   names aligned (each list padded to its longest name and one space) */
    IR_CONN,    /* .a(b) */
    IR_GENERATE, /* body: items between generate and endgenerate */
    IR_IFDEF,   /* a: macro; flag 1: `ifndef; body: items. In the port list, b: the title of
                   ports that follow the last port (", // b"), body: IR_PORT */
} ir_kind_t;

typedef enum ir_dir { IR_IN, IR_OUT, IR_OUT_REG } ir_dir_t;
/* IR_REG_PAD prints "reg  ", lined up with "wire " (the event port's internal signals). */
typedef enum ir_net { IR_WIRE, IR_REG, IR_GENVAR, IR_REG_PAD } ir_net_t;
typedef enum ir_proc { IR_COMB, IR_POSEDGE } ir_proc_t;
#define IR_IF_CHAINED 2 /* IR_IF's flag: printed as "end else if" after its parent */

/* A width: `bits` (0: none, a scalar) and the localparam that names it, or NULL. */
typedef struct ir_width {
    unsigned bits;
    const char *name;
} ir_width_t;
#define IR_W(bits) ((ir_width_t){(bits), NULL})
#define IR_WN(name) ((ir_width_t){0, (name)}) /* [name-1:0], name a parameter */

typedef struct ir_node ir_node_t;
typedef struct ir_list {
    ir_node_t *head, *tail;
} ir_list_t;

struct ir_node {
    ir_kind_t kind;
    ir_node_t *next;     /* next in the list that holds this node */
    const char *a, *b, *c, *d; /* text fields, by kind (above); IR_DECL, IR_SET, IR_PARAM,
                                  IR_ASSIGN:
                                  c is a trailing comment, n the spaces before it */
    ir_width_t w;        /* IR_PORT, IR_DECL */
    unsigned n;          /* by kind */
    unsigned col;        /* a trailing comment's column: the text padded to it, then one
                            space (0: n spaces before the comment instead) */
    int flag;            /* by kind */
    ir_list_t body, alt; /* child lists, by kind */
};

typedef struct ir_chunk ir_chunk_t; /* one arena block (ir.c) */

/* Declarations several builders share, made once per module by the first that needs them
 * (ir_module_t.have, and emit_t.have for modules printed in pieces). */
enum {
    IR_HAVE_GV_PREFIX = 1u << 0, /* genvar pfx_lvl, pfx_bit (ir_lowest_oh) */
    IR_HAVE_GV_AGE = 1u << 1,    /* genvar age_row, age_col (ir_younger_than) */
    IR_HAVE_AGES = 1u << 2,      /* younger_than (ir_younger_than) */
    IR_HAVE_GV_UMON = 1u << 3,   /* genvar umon_app, umon_pos, umon_way (UCP's UMONs) */
    IR_HAVE_WAY_REPL = 1u << 4,  /* way_repl (ir_way_repl) */
    IR_HAVE_GV_WAY = 1u << 5,    /* genvar way (ir_way_repl_eq) */
};

typedef struct ir_module {
    const char *name;
    ir_list_t head;  /* IR_COMMENT lines above `default_nettype none (the file header) */
    ir_list_t params; /* IR_PARAM (and IR_COMMENT) of the header's #( ... ), or empty */
    ir_list_t ports; /* IR_PORT, in order */
    ir_list_t body;  /* the module's items, printed one level in */
    unsigned have;   /* IR_HAVE_*: what this module declared once for every builder to share */
    ir_chunk_t *arena;
} ir_module_t;

/* Start an empty module `name` (copied). */
void ir_module_init(ir_module_t *m, const char *name);
/* Release every node and string of `m`. */
void ir_module_free(ir_module_t *m);
/* A string in `m`'s arena, printf-formatted. */
const char *ir_fmt(ir_module_t *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Builders: each appends one node to `to` (a list of `m`) and returns it. */
ir_node_t *ir_comment(ir_module_t *m, ir_list_t *to, const char *text);
ir_node_t *ir_blank(ir_module_t *m, ir_list_t *to);
ir_node_t *ir_param(ir_module_t *m, ir_list_t *to, int local, const char *name,
                    const char *value);
/* A port; `comment` may be NULL, `gap` spaces go before it (at least 1). */
ir_node_t *ir_port(ir_module_t *m, ir_dir_t dir, ir_width_t w, const char *name,
                   const char *comment, unsigned gap);
/* A declaration of one name; more names of the same type with ir_decl_name. */
ir_node_t *ir_decl(ir_module_t *m, ir_list_t *to, ir_net_t net, ir_width_t w, const char *name);
ir_node_t *ir_decl_name(ir_module_t *m, ir_node_t *decl, const char *name, unsigned array);
/* A wire declared with its value: wire [w] name = value; */
ir_node_t *ir_wire_init(ir_module_t *m, ir_list_t *to, ir_width_t w, const char *name,
                        const char *value);
ir_node_t *ir_assign(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs);
/* always @* [begin : label [// comment]]; a block without label holding one IR_SET prints
 * on one line. */
ir_node_t *ir_always_comb(ir_module_t *m, ir_list_t *to, const char *label,
                          const char *comment);
/* always @(posedge clk or negedge rst_n): reset statements in ->alt, the update in ->body;
 * rst_n NULL: always @(posedge clk), ->body only (flops without reset, an SRAM's). */
ir_node_t *ir_always_ff(ir_module_t *m, ir_list_t *to, const char *clk, const char *rst_n);
ir_node_t *ir_set(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs);
ir_node_t *ir_nb(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs);
/* if (cond): then in ->body, else in ->alt. One IR_SET and no else print on one line. */
ir_node_t *ir_if(ir_module_t *m, ir_list_t *to, const char *cond);
ir_node_t *ir_case(ir_module_t *m, ir_list_t *to, const char *subject);
/* A case item (`label` NULL: default); statements in ->body. */
ir_node_t *ir_item(ir_module_t *m, ir_node_t *c, const char *label);
/* for (g = 0; g < count; g = g + 1) begin : label; the genvar is declared with ir_decl. */
ir_node_t *ir_genfor(ir_module_t *m, ir_list_t *to, const char *genvar, unsigned count,
                     const char *label);
/* The same loop up to a parameter: for (g = 0; g < count_name; g = g + 1) begin : label. */
ir_node_t *ir_genfor_n(ir_module_t *m, ir_list_t *to, const char *genvar, const char *count_name,
                       const char *label);
/* A parameter of the module's header, `parameter integer name = value,` and `comment` (or
 * NULL) at column `col` of the line. */
ir_node_t *ir_mparam(ir_module_t *m, const char *name, unsigned value, const char *comment,
                     unsigned col);
/* localparam [w] name = value; (w named or in bits). */
ir_node_t *ir_localparam(ir_module_t *m, ir_list_t *to, ir_width_t w, const char *name,
                         const char *value);
ir_node_t *ir_inst(ir_module_t *m, ir_list_t *to, const char *module, const char *name);
ir_node_t *ir_conn(ir_module_t *m, ir_node_t *inst, const char *port, const char *expr);
ir_node_t *ir_inst_param(ir_module_t *m, ir_node_t *inst, const char *name, const char *value);

/* A trailing comment on a declaration, statement, assign, parameter, if (after its "begin") or
 * posedge always (after its reset's "if (!rst_n) begin"),
 * `gap` spaces after it. */
void ir_note(ir_module_t *m, ir_node_t *x, const char *comment, unsigned gap);
/* A trailing comment as ir_note, the line (port or as ir_note) padded to column `col` and one
 * space before it. */
void ir_note_col(ir_module_t *m, ir_node_t *x, const char *comment, unsigned col);
/* A generate if: `if (cond) begin : then_label` ... `end else begin : else_label` (the else
 * only when ->alt gets items); then in ->body, else in ->alt. */
ir_node_t *ir_gen_if(ir_module_t *m, ir_list_t *to, const char *cond, const char *then_label,
                     const char *else_label);
/* `else if (cond)` after if `x` (itself an if or a chained one): its then in ->body. */
ir_node_t *ir_elif(ir_module_t *m, ir_node_t *x, const char *cond);
/* generate ... endgenerate around the items appended to ->body. */
ir_node_t *ir_generate(ir_module_t *m, ir_list_t *to);
/* `ifdef macro (ifndef: `ifndef) around the items appended to ->body. */
ir_node_t *ir_ifdef(ir_module_t *m, ir_list_t *to, const char *macro, int ifndef);
/* In the port list after the last port: ports inside `ifdef macro, titled ", // title". */
ir_node_t *ir_port_ifdef(ir_module_t *m, const char *macro, const char *title);
/* A port appended to such a group (see ir_port). */
ir_node_t *ir_port_in(ir_module_t *m, ir_node_t *group, ir_dir_t dir, ir_width_t w,
                      const char *name, const char *comment, unsigned gap);

/* Expression helpers (strings for now): all-zero constant of any width. */
const char *ir_zero(ir_module_t *m, unsigned width);

/* The printer: IR_STYLE_LITERAL prints widths as bits (today's output). */
typedef enum ir_style { IR_STYLE_LITERAL } ir_style_t;
/* Print `m`: its header comments, `default_nettype none, the module, `default_nettype wire.
 * Write errors are recorded in `e` (emit_close reports them). */
void ir_print(emit_t *e, const ir_module_t *m, ir_style_t style);
/* Print the items of `l` (a list of `m`) at e's current indentation: a piece built as IR
 * inside a module whose emitter still prints its other lines itself. */
void ir_print_items(emit_t *e, const ir_list_t *l, ir_style_t style);

#endif
