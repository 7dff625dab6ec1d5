/* emit_readme: README.md of an output directory (issue 38 item 7): what the design is, each
 * file and its job, the tops, and the commands that lint, simulate, verify and cost it, so that
 * an output folder explains itself to an integrator who has never read cachegen's docs.
 * Deterministic: built from the configuration and the file list only. */
#ifndef CACHEGEN_EMIT_README_H
#define CACHEGEN_EMIT_README_H

#include <stddef.h>

#include "emit.h"
#include "../core/cfg.h"

/* One file of the directory and its job in a few words. */
typedef struct {
    const char *file;
    const char *what;
} readme_file_t;

/* The tops an output holds (NULL: the configuration has none). */
typedef struct {
    const char *l1, *l2, *sys, *ctrl; /* ctrl: the SM-dueling or DWT-CS controller */
} readme_tops_t;

/* Write README.md into d: files[] ends with a NULL file. 0, or -1 with err. */
int readme_write(const emit_dir_t *d, const cfg_t *c, const readme_tops_t *t,
                 const readme_file_t *files, char *err, size_t errlen);

#endif
