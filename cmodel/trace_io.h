/* trace_io: a byte source over a file or stdin that undoes gzip (zlib) or zstd (libzstd)
 * compression, detected by the first bytes, and hands out data in large chunks; and the one
 * way cachesim and sysim write an output file (tio_out: temporary file, rename on success).
 * Invariants: memory is a fixed set of buffers, whatever the input length; input is read as
 * it arrives (one read(2) at a time, never waiting for a full buffer), so a reader's limits
 * stop an endless pipe or a compressor of one as soon as its data breaks them; an output never
 * deletes, truncates or cuts an existing file: a regular (or new) target is written to a
 * temporary ".NAME.cachesim-tmp-PID" beside it and renamed over it only when complete (the
 * temporary is removed on error, SIGINT and SIGTERM, and a later open of the same target
 * removes those of dead processes, e.g. after SIGKILL); a non-regular target (character
 * device, FIFO) or an existing name under /dev or /proc is written directly and never
 * unlinked; a directory is refused. */
#ifndef CACHEGEN_TRACE_IO_H
#define CACHEGEN_TRACE_IO_H

#include <stddef.h>
#include <stdio.h>

typedef enum { TIO_PLAIN, TIO_GZIP, TIO_ZSTD } tio_codec_t;

typedef struct tio tio_t;

/* Open `path` ("-" = stdin). Returns NULL with err set. */
tio_t *tio_open(const char *path, char *err, size_t errlen);
/* Up to `cap` decompressed bytes into buf: count, 0 at the end, -1 on error (tio_error). */
long tio_read(tio_t *t, unsigned char *buf, size_t cap);
const char *tio_error(const tio_t *t);
void tio_close(tio_t *t);

/* One input of a run: its path ("-" = stdin), how the user named it in messages ("--cpu-trace",
 * "TRACE"), and how many times the run reads it from the start (2 stands for "more than
 * once", e.g. a looped trace). */
typedef struct tio_input {
    const char *path;
    const char *role;
    unsigned reads;
    const char *why;  /* why it is read more than once, for the message ("looped"), or NULL */
} tio_input_t;

/* Inputs that cannot be read again: 0 when every input read more than once (counting every
 * name of the same file: a path given twice, /dev/stdin and "-") is a regular file and stdin
 * ("-") is read at most once; else -1 with err naming the input, what it is and the rule. A
 * path that does not exist is left to its open. Never opens a file (a FIFO is not blocked on). */
int tio_inputs_check(const tio_input_t *in, size_t n, char *err, size_t errlen);

typedef struct tio_out tio_out_t;

/* Open `path` for writing ("-" = stdout), as the header says. A symbolic link is followed:
 * the file it names is replaced, the link stays. Returns NULL with err set (nothing
 * created). */
tio_out_t *tio_out_open(const char *path, char *err, size_t errlen);
/* The stream to write to (owned by the tio_out). */
FILE *tio_out_file(tio_out_t *o);
/* 1 if `path` is written directly (stdout, device, FIFO), 0 through a temporary file. */
int tio_out_direct(const tio_out_t *o);
/* Flush, close and rename the temporary over the target. Returns 0, or -1 with err set, the
 * temporary removed and the target untouched. Frees o either way. */
int tio_out_commit(tio_out_t *o, char *err, size_t errlen);
/* Close and remove the temporary (the target untouched). Frees o; NULL is a no-op. */
void tio_out_abort(tio_out_t *o);

#endif
