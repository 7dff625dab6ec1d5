/* ir_lib: IR builders shared by ported emitters (file header, priority tree). */
#ifndef CACHEGEN_IR_LIB_H
#define CACHEGEN_IR_LIB_H

#include "emit_l1.h"
#include "ir.h"

/* The file header of m (gen_header's lines): purpose, generator version, configuration. */
void gen_ir_header(ir_module_t *m, const cfg_t *c, const char *purpose);
/* emit_lowest_n as IR into `to`: `out` (width bits) = lowest i < n with `cond_fmt` (%u = i)
 * true, else 0, as a tree of depth log2(n). */
void ir_lowest_n(ir_module_t *m, ir_list_t *to, const char *label, const char *out, unsigned n,
                 unsigned width, const char *cond_fmt);

/* gen_emit_sim_ports as IR: the event port's ports in an `ifdef after the last port. */
void gen_ir_sim_ports(ir_module_t *m, const char *title, const gen_sim_port_t *p, unsigned n);
/* gen_emit_sim_internal as IR into `to`: the same names as internal signals, in an `ifndef. */
void gen_ir_sim_internal(ir_module_t *m, ir_list_t *to, const gen_sim_port_t *p, unsigned n);

#endif
