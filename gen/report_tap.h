/* report_tap: the TAP section of the report (SPEC 3.8's storage list beside the paper's
 * Table 2 and the bits held), for an L2 slice with TAP's core-sampling controller. */
#ifndef CACHEGEN_REPORT_TAP_H
#define CACHEGEN_REPORT_TAP_H

#include "emit.h"
#include "emit_l2.h"

#include <jansson.h>

/* Whether the L2 has TAP's controller (and so a TAP section). */
int report_tap_present(const gen_l2_t *g);
/* The section as Markdown (a sentence and a table, then a blank line); nothing without TAP. */
void report_tap_md(emit_t *e, const gen_l2_t *g);
/* The section as the "tap" member of the report's "l2" object; nothing without TAP. */
void report_tap_json(const gen_l2_t *g, json_t *l2);

#endif
