/* emit: the one writer of generated text. Tracks indentation (asserting on underflow), never
 * writes trailing spaces, formats every constant, checks identifiers, and owns the output
 * directory: files go to a temporary directory that is renamed into place only on success. */
#ifndef CACHEGEN_EMIT_H
#define CACHEGEN_EMIT_H

#include <stdio.h>
#include "bv.h"

#define EMIT_PATH_MAX 4096

typedef struct emit_dir {
    char final_path[EMIT_PATH_MAX]; /* OUTDIR as given */
    char tmp_path[EMIT_PATH_MAX + 64];/* OUTDIR.tmp-PID, written first */
} emit_dir_t;

typedef struct emit {
    FILE *f;        /* open file, NULL when closed */
    int indent;     /* current level, 2 spaces each */
    int failed;     /* a write failed */
} emit_t;

/* Create the temporary directory beside `outdir`. Returns 0, or -1 with err set. */
int emit_dir_begin(emit_dir_t *d, const char *outdir, char *err, size_t errlen);
/* Replace `outdir` with the temporary directory. An existing outdir must carry the
 * cachegen manifest (it is never some other directory). Returns 0, or -1 (tmp removed). */
int emit_dir_commit(emit_dir_t *d, char *err, size_t errlen);
/* Remove the temporary directory and everything in it. */
void emit_dir_abort(emit_dir_t *d);

/* Open `name` inside the temporary directory. Returns 0, or -1 with err set. */
int emit_open(emit_t *e, const emit_dir_t *d, const char *name, char *err, size_t errlen);
/* Close; returns 0, or -1 if any write failed. */
int emit_close(emit_t *e, char *err, size_t errlen);

/* One line at the current indentation; trailing spaces are an internal error. */
void emit_line(emit_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void emit_blank(emit_t *e);
/* Raw text without indentation handling (for copying a fixed file verbatim). */
void emit_raw(emit_t *e, const char *text);
void emit_in(emit_t *e);
void emit_out(emit_t *e);

/* Constants of any width >= 1: "W'dV" (or W'hV when wider than 16 bits). The result lives
 * in a small ring of buffers, valid for the next few calls (enough for one emit_line). */
const char *emit_const(unsigned width, unsigned long long value);
const char *emit_const_bv(unsigned width, const bv_t *v);
/* "[W-1:0] " (also for width 1, so that bit selects stay legal). */
const char *emit_range(unsigned width);

/* 1 if `id` is a legal identifier (ident_ok(): not a Verilog, SystemVerilog or C++ keyword). */
int emit_ident_ok(const char *id);

/* Name of the file holding the manifest of an output directory. */
#define EMIT_MANIFEST "cachegen.manifest"

#endif
