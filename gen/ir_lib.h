/* ir_lib: IR builders shared by ported emitters (file header, event port, priority tree, one-hot helpers). */
#ifndef CACHEGEN_IR_LIB_H
#define CACHEGEN_IR_LIB_H

#include "emit_l1.h"
#include "ir.h"

/* The file header of m (gen_header's lines): purpose, generator version, configuration. */
void gen_ir_header(ir_module_t *m, const cfg_t *c, const char *purpose);
/* emit_lowest_oh as IR into `to`: `out` (n bits) the one-hot of the lowest i < n with
 * `cond_fmt` (%u = i) true, or bit 0 when none is; a parallel prefix, log2(n) deep. */
void ir_lowest_oh(ir_module_t *m, ir_list_t *to, const char *out, unsigned n,
                  const char *cond_fmt);
/* `genvar names...;` (a NULL-ended list) unless the module declared them already (`have_bit`,
 * an IR_HAVE_GV_* of ir.h): loops of several builders share one declaration. */
void ir_genvars_once(ir_module_t *m, ir_list_t *to, unsigned have_bit, const char *const *names);
/* Once per module (IR_HAVE_WAY_REPL): `way_repl`, every way's replacement field w<i>_repl
 * packed, way w at [w*bits +: bits]. */
void ir_way_repl(ir_module_t *m, ir_list_t *to, unsigned ways, unsigned bits);
/* For each i < n: `names[i]` (ways bits, declared here), bit w set when way w's replacement
 * field equals `values[i]` (a constant of `bits`); one loop over the ways (gen_<label>). */
void ir_way_repl_eq(ir_module_t *m, ir_list_t *to, unsigned ways, unsigned bits, unsigned n,
                    const char *const *names, const char *const *values, const char *label);
/* Once per module (IR_HAVE_AGES): way_repl and the matrix `younger_than` of ways x ways bits,
 * bit w*ways + v set when way w's age is below way v's (w used more recently; 0 on the
 * diagonal), as generate loops. LRU's aging and UCP's oldest candidate both read its rows. */
void ir_younger_than(ir_module_t *m, ir_list_t *to, unsigned ways, unsigned bits);
/* The matrix alone: `matrix` (n x n bits, declared here), bit r*n + c set when field r of
 * `ages` (n fields of `bits`, field r at [r*bits +: bits]) is below field c; 0 on the
 * diagonal; loops gen_<matrix>_row[r].gen_col[c] over the genvars age_row, age_col. */
void ir_age_matrix(ir_module_t *m, ir_list_t *to, unsigned n, unsigned bits, const char *ages,
                   const char *matrix, const char *comment);
/* emit_best_oh as IR: `out` (n bits) the one-hot of the candidate with the largest (or
 * smallest) field, the lowest on ties; bit 0 when no candidate. */
void ir_best_oh(ir_module_t *m, ir_list_t *to, const char *out, unsigned n,
                const char *cand_fmt, const char *not_cand_fmt, const char *field_fmt,
                int largest);
/* emit_encode_oh as IR: `out` (bits) the index of one-hot `oh` (n bits). */
void ir_encode_oh(ir_module_t *m, ir_list_t *to, const char *out, const char *oh, unsigned n,
                  unsigned bits);
/* emit_pick_oh as IR: `out` (width, declared by the caller) the AND-OR of `field_fmt` (%u = i)
 * under one-hot `oh` (n bits). */
void ir_pick_oh(ir_module_t *m, ir_list_t *to, const char *out, unsigned width, const char *oh,
                unsigned n, const char *field_fmt);

/* emit_ways_pick as IR: `out` (width) = the field w<i>_`field` of the selected way (sel_oh of
 * `ways` bits), by AND-OR. */
void ir_ways_pick(ir_module_t *m, ir_list_t *to, unsigned ways, const char *out, unsigned width,
                  const char *field);
/* The same, of the way the one-hot `oh` (not sel_oh) picks. */
void ir_ways_pick_by(ir_module_t *m, ir_list_t *to, unsigned ways, const char *oh,
                     const char *out, unsigned width, const char *field);

/* A piece: nodes a text emitter's hook builds into `m`'s body (ir_piece_begin), printed at
 * e's indentation and released (ir_piece_print). How hooks that still take an emit_t build
 * their lines as IR. */
void ir_piece_begin(ir_module_t *m);
/* The same, for a piece that may share what e's module declared once (ir_module_t.have):
 * ir_piece_print hands what the piece declared back to e. */
void ir_piece_begin_at(ir_module_t *m, const emit_t *e);
void ir_piece_print(emit_t *e, ir_module_t *m);

/* gen_emit_sim_ports as IR: the event port's ports in an `ifdef after the last port. */
void gen_ir_sim_ports(ir_module_t *m, const char *title, const gen_sim_port_t *p, unsigned n);
/* gen_emit_sim_internal as IR into `to`: the same names as internal signals, in an `ifndef. */
void gen_ir_sim_internal(ir_module_t *m, ir_list_t *to, const gen_sim_port_t *p, unsigned n);

#endif
