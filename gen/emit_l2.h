/* emit_l2: emitters of the shared L2 slice's Verilog modules (SPEC 3.2, 3.5), one function per
 * module, sharing one context. Module names: <name>_l2 (top), <name>_l2_meta (lookup,
 * replacement and victim bits on one set's row), <name>_l2_mshr, <name>_l2_index, and with
 * l2.replacement = tap_rrip <name>_l2_tap (core sampling, XSRATIO, the masks).
 * The row layout is core/lay_l2.h and the behaviour cmodel/cm_l2.c's, event for event. */
#ifndef CACHEGEN_EMIT_L2_H
#define CACHEGEN_EMIT_L2_H

#include "../core/cfg.h"
#include "emit.h"
#include "emit_l1.h"
#include "../core/lay_l2.h"

typedef struct gen_l2 {
    const cfg_t *cfg;
    lay_l2_t lay;
    char top[GEN_MOD_MAX];    /* module names */
    char meta[GEN_MOD_MAX];
    char mshr[GEN_MOD_MAX];
    char index[GEN_MOD_MAX];
    char memq[GEN_MOD_MAX];   /* in-order queue (memory requests, read responses) */
    char tap[GEN_MOD_MAX];    /* TAP's core-sampling controller (l2.replacement = tap_rrip) */
} gen_l2_t;

/* Fill names and layout from a validated config. */
void gen_l2_init(gen_l2_t *g, const cfg_t *c);

/* Width of the L2 index network's input: m (modulo), 2m (xor), every line bit (PRIC). */
unsigned gen_l2_index_in_bits(const gen_l2_t *g);

/* The L2's op_i encoding of its lookup module: bit 1 fill, bit 0 write. */
enum { L2_OP_READ = 0, L2_OP_WRITE = 1, L2_OP_FILL_READ = 2, L2_OP_FILL_WRITE = 3 };

void emit_l2_index(emit_t *e, const gen_l2_t *g);
void emit_l2_meta(emit_t *e, const gen_l2_t *g);
void emit_l2_mshr(emit_t *e, const gen_l2_t *g);
/* The L2's MSHR file as emit_l2_mshr builds it: every field is the request's. */
void gen_l2_mshr_file(const gen_l2_t *g, gen_mshr_t *out);
void emit_l2_top(emit_t *e, const gen_l2_t *g);
/* UCP (l2.replacement = ucp, emit_l2_ucp.c): the top's declarations, its logic (ATD lookup and
 * update, counters, lookahead FSM, forwarding, event ports), the ATD SRAMs, the flops' reset
 * (reset = 1) or update (0); the lookup module's victim_oh under the partition. */
void emit_l2_ucp_decls(emit_t *e, const gen_l2_t *g);
void emit_l2_ucp_logic(emit_t *e, const gen_l2_t *g);
void emit_l2_ucp_srams(emit_t *e, const gen_l2_t *g);
void emit_l2_ucp_flops(emit_t *e, const gen_l2_t *g, int reset);
void emit_l2_ucp_victim(emit_t *e, const gen_l2_t *g);
void emit_l2_memq(emit_t *e, const gen_l2_t *g);
/* TAP's core-sampling controller (emit_tap.c), with l2.replacement = tap_rrip only. */
void emit_l2_tap(emit_t *e, const gen_l2_t *g);
/* Payload bits of an L2 memory request (store, line, mshr, wdata). */
unsigned gen_l2_memq_width(const gen_l2_t *g);

#endif
