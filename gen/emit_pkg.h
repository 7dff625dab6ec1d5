/* emit_pkg: what a user needs to adopt an output directory as IP: the L1's port table (one
 * derivation of every port's name, direction, width and meaning from the layout), and the
 * files built from it and from the file lists: <name>_pkg.vh (localparams), <name>_inst.vh
 * (instantiation template), <name>_l1.f (L1-only file list) and <name>.core (FuseSoC CAPI2).
 * Invariant: every width below is a lay_l1_t / cfg_t field, as the top's emitter uses it. */
#ifndef CACHEGEN_EMIT_PKG_H
#define CACHEGEN_EMIT_PKG_H

#include "emit_l1.h"

#define PKG_PARAMS_MAX 48
#define PKG_PORTS_MAX 64
#define PKG_ID_MAX (GEN_MOD_MAX + 32)

/* A width or count the pkg file names, e.g. suffix "LineAddrWidth" -> <Prefix>LineAddrWidth. */
typedef struct pkg_param {
    const char *suffix; /* UpperCamelCase, appended to the prefix */
    unsigned value;     /* bits, or a count */
    const char *what;   /* one-line meaning */
} pkg_param_t;

typedef struct pkg_port {
    char name[32];      /* port name, e.g. req_line_i or cnt_hits_o */
    int out;            /* 1 output, 0 input */
    int vec;            /* declared with a range ([W-1:0], even when W = 1) */
    unsigned width;     /* bits */
    int param;          /* index of the pkg_param_t giving the width, -1 for a 1-bit scalar */
    int sim_only;       /* event port: for the lockstep harnesses, not for synthesis */
    const char *what;   /* one-line meaning */
    const char *group;  /* non-NULL: this port opens a group of ports, described so */
} pkg_port_t;

typedef struct pkg {
    char prefix[PKG_ID_MAX];       /* UpperCamelCase form of the name, e.g. FermiL1 */
    pkg_param_t param[PKG_PARAMS_MAX];
    unsigned nparams;
    pkg_port_t port[PKG_PORTS_MAX];/* in the top's port order */
    unsigned nports;
    const char *pending;           /* group of the next port added (pkg_build only) */
} pkg_t;

/* The parameters and the L1 top's ports of a validated configuration. */
void pkg_build(const gen_l1_t *g, pkg_t *p);

/* The files; each returns 0, or -1 with err set (the caller aborts the output directory).
 * l1_files: the L1's Verilog files in compile order (for the file list: the SRAM files first;
 * for the core: without them, sram_file and model_file given apart: the primitive and NULL, or
 * with sram.macro the wrapper and the macro's stand-in), top last, then what sits beside the
 * L1s; l2_files: the L2 slice's; sys_file: the system top's. */
int pkg_write_vh(const emit_dir_t *d, const gen_l1_t *g, const pkg_t *p, char *err,
                 size_t errlen);
int pkg_write_inst(const emit_dir_t *d, const gen_l1_t *g, const pkg_t *p, char *err,
                   size_t errlen);
int pkg_write_l1_filelist(const emit_dir_t *d, const gen_l1_t *g, const char *const *l1_files,
                          char *err, size_t errlen);
int pkg_write_core(const emit_dir_t *d, const gen_l1_t *g, const char *l2_top,
                   const char *sram_file, const char *model_file, const char *const *l1_files,
                   const char *const *l2_files, const char *sys_file, char *err, size_t errlen);

#endif
