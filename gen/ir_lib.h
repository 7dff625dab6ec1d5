/* ir_lib: IR builders shared by ported emitters (file header, event port). */
#ifndef CACHEGEN_IR_LIB_H
#define CACHEGEN_IR_LIB_H

#include "emit_l1.h"
#include "ir.h"

/* The file header of m (gen_header's lines): purpose, generator version, configuration. */
void gen_ir_header(ir_module_t *m, const cfg_t *c, const char *purpose);
/* gen_emit_sim_ports as IR: the event port's ports in an `ifdef after the last port. */
void gen_ir_sim_ports(ir_module_t *m, const char *title, const gen_sim_port_t *p, unsigned n);
/* gen_emit_sim_internal as IR into `to`: the same names as internal signals, in an `ifndef. */
void gen_ir_sim_internal(ir_module_t *m, ir_list_t *to, const gen_sim_port_t *p, unsigned n);

#endif
