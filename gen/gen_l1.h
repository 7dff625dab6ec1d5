/* gen_l1: writes a complete, self-contained output directory for one L1 configuration. */
#ifndef CACHEGEN_GEN_L1_H
#define CACHEGEN_GEN_L1_H

#include "../core/cfg.h"

/* Validate `c` and generate into `outdir` (created or replaced atomically); a mode without
 * RTL (cfg_mode_has_rtl) is refused. Returns 0, or -1 with err set and nothing written at outdir. */
int gen_l1_write(const cfg_t *c, const char *outdir, char *err, size_t errlen);

/* Validate `c` and write only config.yaml, the report and a manifest into `outdir` (no RTL):
 * the storage of modes whose RTL does not exist yet. Returns 0, or -1 with err set and
 * nothing written at outdir. */
int gen_report_only_write(const cfg_t *c, const char *outdir, char *err, size_t errlen);

/* The SRAM primitive's text (rtl/cachegen_sram_1r1w.v), compiled in by the build. */
extern const char gen_sram_text[];

#endif
