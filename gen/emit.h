/* emit: the one writer of generated text. Tracks indentation (asserting on underflow), never
 * writes trailing spaces, formats every constant, checks identifiers, and owns the output
 * directory. Output directory invariants (README "Output directory"):
 * - files are written into OUTDIR.tmp-PID beside OUTDIR (OUTDIR's name cut to its first 200
 *   bytes there, so that the name always fits); at commit the manifest gets one line
 *   "file: SHA256  NAME" per file (sha256sum -c format, sorted by name), then the staging
 *   directory is swapped with OUTDIR by one renameat2(RENAME_EXCHANGE), so OUTDIR is never
 *   missing, and the old output is deleted file by file;
 * - an existing OUTDIR is replaced only if its manifest verifies it as an unmodified cachegen
 *   output (every entry listed, every hash equal); a symbolic link, a file, or a directory
 *   with any other or modified file is refused by name, and nothing of it is touched;
 * - a run holds an exclusive flock on OUTDIR's parent directory from begin to commit/abort
 *   (runs on one OUTDIR are serialized) and one on its staging directory (marks it live);
 * - abort, and SIGINT/SIGTERM/SIGHUP/SIGABRT/SIGSEGV once emit_dir_guard_signals() ran,
 *   remove what the run created; staging directories of dead runs (OUTDIR.tmp-PID, PID not
 *   running, lock free) are removed by the next run on that OUTDIR. */
#ifndef CACHEGEN_EMIT_H
#define CACHEGEN_EMIT_H

#include <stdio.h>
#include "../core/bv.h"

#define EMIT_PATH_MAX 4096

typedef struct emit_dir {
    char final_path[EMIT_PATH_MAX]; /* OUTDIR as given, trailing slashes removed */
    char base[EMIT_PATH_MAX];       /* OUTDIR's last component */
    char tmp_name[EMIT_PATH_MAX + 32]; /* BASE.tmp-PID (BASE cut to 200 bytes), in the parent:
                                          the staging directory */
    char tmp_path[EMIT_PATH_MAX + 64]; /* OUTDIR.tmp-PID, for messages */
    int parent_fd;                  /* OUTDIR's parent, flock'ed for the whole run; -1 closed */
    int tmp_fd;                     /* the staging directory, flock'ed; -1 closed */
} emit_dir_t;

/* Create the staging directory beside `outdir` after taking the lock, cleaning leftovers of
 * dead runs and checking that an existing outdir may be replaced. Returns 0, or -1 with err
 * set and nothing created. */
int emit_dir_begin(emit_dir_t *d, const char *outdir, char *err, size_t errlen);
/* Seal the manifest and swap the staging directory into place. An existing outdir must
 * verify as an unmodified cachegen output. Returns 0, or -1 (staging removed, outdir as it
 * was). */
int emit_dir_commit(emit_dir_t *d, char *err, size_t errlen);
/* Remove the staging directory and what this run wrote into it; release the lock. */
void emit_dir_abort(emit_dir_t *d);
/* Install handlers so that SIGINT, SIGTERM, SIGHUP, SIGABRT, SIGSEGV, SIGBUS and SIGFPE
 * remove the staging directory of a run in progress, then end the process by that signal (a
 * signal ignored at startup, as under nohup, stays ignored).
 * For programs (cachegen's main), not for libraries or fuzzers. Returns 0, or -1. */
int emit_dir_guard_signals(void);

typedef struct emit {
    FILE *f;        /* open file, NULL when closed */
    int indent;     /* current level, 2 spaces each */
    int failed;     /* errno of the first failed write, 0 while none failed */
    unsigned have;  /* shared signals and genvars this file declared once (IR_HAVE_*, ir.h),
                       carried through IR pieces (ir_piece_begin_at, ir_piece_print) */
    char path[EMIT_PATH_MAX + 256]; /* OUTDIR/NAME, for messages */
} emit_t;

/* 1 if `name` is a plain file name of a directory: 1..255 bytes, not "." or "..", no '/' and
 * no control character. The one check for every name cachegen opens or deletes in an output
 * directory, whether it writes the name or reads it from a manifest. */
int emit_name_ok(const char *name);

/* Open `name` inside the temporary directory. Returns 0, or -1 with err set. */
int emit_open(emit_t *e, const emit_dir_t *d, const char *name, char *err, size_t errlen);
/* Flush and close (starting the write-back; emit_dir_commit fsyncs every file before the swap);
 * returns 0, or -1 if any write failed, with err naming the file and the system's reason
 * ("cannot write OUTDIR/NAME: No space left on device"). */
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
