/* fgcb: the sacat L1's FG-CB hooks (emit_fgcb.c), which emit_sacat.c's mechanism table lists.
 * Each emits one piece of the L1 top at the place its mech.h hook names; together they are
 * the RTL of cmodel/cm_fgcb.c, with the entry layout of lay_fgcb_pack. */
#ifndef CACHEGEN_FGCB_H
#define CACHEGEN_FGCB_H

#include "mech.h"

void fgcb_emit_decls(emit_t *e, const gen_l1_t *g);    /* table, window, lookup, fill count */
void fgcb_emit_defaults(emit_t *e, const gen_l1_t *g); /* decide block: no table write */
void fgcb_emit_lookup(emit_t *e, const gen_l1_t *g);   /* decide block: a load's lookup */
void fgcb_emit_join(emit_t *e, const gen_l1_t *g);     /* decide block: a load joins a read */
void fgcb_emit_fill(emit_t *e, const gen_l1_t *g);     /* decide block: a fill's L2 count */
void fgcb_flops(emit_t *e, const gen_l1_t *g, int reset); /* the window counter */
void fgcb_mshr_conn(emit_t *e, const gen_l1_t *g);     /* the MSHR's FG-CB fields */
unsigned fgcb_evt_ports(const gen_l1_t *g, mech_evt_port_t *out); /* the table write */
/* Its storage rows in the L1's table, its JSON section "fgcb", its Markdown paragraph and
 * table (per L1 and for the system's L1s, beside paper Table 5's count). */
unsigned fgcb_report_flops(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out);
void fgcb_report_json(const gen_l1_t *g, json_t *root);
void fgcb_report_md(emit_t *e, const gen_l1_t *g);

#endif
