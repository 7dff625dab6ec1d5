/* report: the configuration and storage report of a generated cache (JSON and Markdown). */
#ifndef CACHEGEN_REPORT_H
#define CACHEGEN_REPORT_H

#include "emit.h"
#include "emit_l1.h"

/* Write <name>_report.json and <name>_report.md into the output directory.
 * Returns 0, or -1 with err set. */
int report_write(const emit_dir_t *d, const gen_l1_t *g, char *err, size_t errlen);

#endif
