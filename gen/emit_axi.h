/* emit_axi: <name>_axi, the L1 with an AXI4 master as its memory side, and <name>_l2_axi, the
 * L2 slice's memory port bridged to an AXI4 master (axi.enable; docs/ip.md "AXI4 memory side").
 * Invariant: the wrapper's core-side ports are the L1 top's, taken from the one port table
 * (emit_pkg.c), so the two cannot drift apart. */
#ifndef CACHEGEN_EMIT_AXI_H
#define CACHEGEN_EMIT_AXI_H

#include "emit_l1.h"

/* The module's name: <name>_axi, into out (GEN_MOD_MAX bytes). */
void emit_axi_name(const gen_l1_t *g, char *out, size_t len);
/* The wrapper module of a validated configuration with axi.enable. */
void emit_l1_axi(emit_t *e, const gen_l1_t *g);
/* The L2 bridge's name: <name>_l2_axi. */
void emit_l2_axi_name(const gen_l1_t *g, char *out, size_t len);
/* The bridge from the L2 slice's memory port to an AXI4 master, of the same configuration. */
void emit_l2_axi(emit_t *e, const gen_l1_t *g);

#endif
