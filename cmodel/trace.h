/* trace: memory-reference traces for cachesim: one record type, readers for every format
 * (Dinero IV din and binary, cachegen extended text, cachegen binary, Accel-Sim traceg), any of
 * them plain, gzip or zstd (detected by content), and writers for din, text and both binaries.
 * Dinero's labels (SPEC 6) are resolved by the reader as Dinero IV's data-cache-only run does:
 * 0 read, 1 write, 3 miscellaneous (a read), 2 instruction fetch (skipped, or a read with
 * trace_opts_t.ifetch_read), 4 copy-back (skipped: no effect in a write-through cache), 5
 * invalidate (one line; the whole cache when a Dinero binary record has size 0).
 * Invariants: readers stream (memory use does not grow with the trace) and never crash on bad
 * input: a malformed record is an error naming the line (or record) number and the value (a
 * line's text is quoted only once a record has been read: before, the file may be no trace). A
 * cut file is an error: din and text lines must each end with a newline (the last one too);
 * cachegen binary (CGTRACE2) ends with a record holding the record count; a Dinero binary file
 * holds whole 8-byte records; gzip and zstd streams must end. The formats are told apart by
 * content except Dinero binary, which has no header and is read only when asked for.
 * Writers go through tio_out: the target is replaced only by a complete file. */
#ifndef CACHEGEN_TRACE_H
#define CACHEGEN_TRACE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    TR_READ = 0,   /* load: din 0 and 3 (miscellaneous), 2 (fetch) with ifetch_read; text R */
    TR_WRITE = 1,  /* store: din 1; text W */
    TR_FLUSH = 2,  /* invalidate the whole cache: text F; Dinero binary 5 with size 0 */
    TR_INVAL = 3   /* invalidate the line holding addr: din 5; text V; only with opts.inval */
} trace_op_t;

typedef struct trace_ref {
    uint64_t addr;     /* byte address */
    uint64_t pc;       /* instruction address, 0 when the format has none */
    uint32_t base_id;  /* base-address id (SACAT FG-CB), 0 when unknown */
    uint16_t core;     /* core (SM) id, 0 when unknown */
    uint8_t op;        /* trace_op_t */
} trace_ref_t;

/* TF_DINBIN: Dinero IV's -informat b: 8-byte records, each a 32-bit address, a 16-bit size
 * (bytes), an 8-bit label (the din labels) and a pad byte, all little-endian; no header. */
typedef enum { TF_AUTO, TF_DIN, TF_TEXT, TF_BINARY, TF_ACCEL, TF_DINBIN } trace_format_t;

/* What the consumer of a reader wants from Dinero's labels. All zero = trace_open's default:
 * instruction fetches skipped, no line invalidates, one reference per record. */
typedef struct trace_opts {
    uint8_t ifetch_read;  /* din 2: 1 = a read (cachesim --ifetch data); 0 = skipped, as in
                           * Dinero's data-cache-only run */
    uint8_t inval;        /* 1: din 5 (with an address) is TR_INVAL; 0: an error naming the
                           * line, for a consumer that cannot invalidate one line */
    unsigned line_bytes;  /* Dinero binary: an access of `size` bytes spanning several lines of
                           * this many bytes (a power of two) becomes one reference per line,
                           * in address order, as Dinero splits it; 0 = one per record */
} trace_opts_t;

typedef struct trace_reader trace_reader_t;

/* Open `path` ("-" = stdin) as `fmt` (TF_AUTO: by content; never TF_DINBIN) with `opts`
 * (NULL: all zero). Returns NULL with err set. */
trace_reader_t *trace_open_opts(const char *path, trace_format_t fmt, const trace_opts_t *opts,
                                char *err, size_t errlen);
/* trace_open_opts with the default options. */
trace_reader_t *trace_open(const char *path, trace_format_t fmt, char *err, size_t errlen);
/* Next reference: 1, 0 at the end, -1 on error (message via trace_error). */
int trace_next(trace_reader_t *r, trace_ref_t *out);
/* Up to n references into out: the count, 0 at the end, -1 on error. Faster than trace_next
 * for long traces (binary and din have dedicated loops); the same references in the same order. */
long trace_next_batch(trace_reader_t *r, trace_ref_t *out, long n);
const char *trace_error(const trace_reader_t *r);
/* Where the reference trace_next returned last came from, as the errors name it: "line N"
 * (din, text) or "record N" (binary, Dinero binary). For a consumer's own checks (sysim: a
 * base id wider than l1.fgcb_id_bits). */
void trace_where(const trace_reader_t *r, char *buf, size_t n);
/* Format in use after opening (TF_AUTO resolved). */
trace_format_t trace_format(const trace_reader_t *r);
/* Dinero records read so far that gave no reference: instruction fetches skipped (without
 * ifetch_read) and copy-backs. */
void trace_skipped(const trace_reader_t *r, uint64_t *ifetches, uint64_t *copybacks);
void trace_close(trace_reader_t *r);

/* Name <-> format ("auto", "din", "text", "binary", "accel", "dinero-binary"). */
const char *trace_format_name(trace_format_t f);
int trace_format_parse(const char *name, trace_format_t *out);

typedef struct trace_writer trace_writer_t;
/* Write `fmt` (TF_DIN, TF_TEXT, TF_BINARY or TF_DINBIN) to `path` ("-" = stdout) through
 * tio_out (a temporary beside a regular target); compression "none", "gz" or "zst". Returns
 * NULL with err set (nothing created). */
trace_writer_t *trace_create(const char *path, trace_format_t fmt, const char *compression,
                             char *err, size_t errlen);
/* Append one reference; 0, or -1 if it does not fit the format (binary: 32-bit PC, 8-bit
 * base id; din: no whole-cache flush; Dinero binary: 32-bit address), with nothing written.
 * Dinero binary records are written with size 4 (a flush: label 5, size 0). */
int trace_write(trace_writer_t *w, const trace_ref_t *ref);
/* End the trace (binary: the end record), flush, and put it in place; returns 0, or -1 with
 * err set if any write or the rename failed (the target untouched). Frees w either way. */
int trace_finish(trace_writer_t *w, char *err, size_t errlen);
/* Drop what was written (the target untouched). Frees w; NULL is a no-op. */
void trace_discard(trace_writer_t *w);

#endif
