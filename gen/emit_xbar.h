/* emit_xbar: the crossbar between N request sources (L1s, then CPU ports) and S L2 slices,
 * <name>_xbar (issue 39; docs/slices.md "The crossbar"; its cycle model is cmodel/cm_xbar.c,
 * which the RTL matches port for port). Sizes are header parameters fixed by the caller. */
#ifndef CACHEGEN_EMIT_XBAR_H
#define CACHEGEN_EMIT_XBAR_H

#include "../core/cfg.h"
#include "emit.h"

typedef struct gen_xbar {
    const cfg_t *cfg;     /* the configuration for the file header, or NULL (standalone) */
    const char *module;   /* <name>_xbar */
    unsigned sources;     /* N >= 1 */
    unsigned slices;      /* S >= 1 */
    unsigned slots;       /* Q >= 1: requests a source keeps (its lookahead) */
    unsigned req_width;   /* a request's payload bits (>= 1) */
    unsigned rsp_width;   /* a response's payload bits (>= 1) */
} gen_xbar_t;

/* Print the module into `e` (an open file). */
void emit_xbar_module(emit_t *e, const gen_xbar_t *x);
/* `cachegen xbar`: the crossbar alone into an output directory (tests and benches). */
int xbar_cli(int argc, char **argv);

#endif
