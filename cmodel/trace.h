/* trace: memory-reference traces for cachesim: one record type, readers for every format
 * (Dinero din, cachegen extended text, cachegen binary, Accel-Sim traceg), any of them plain,
 * gzip or zstd (detected by content), and writers for text and binary.
 * Invariants: readers stream (memory use does not grow with the trace) and never crash on bad
 * input: a malformed record is an error naming the line (or record) number. A cut file is an
 * error: din and text lines must each end with a newline (the last one too); cachegen binary
 * (CGTRACE2) ends with a record holding the record count; gzip and zstd streams must end.
 * Writers go through tio_out: the target is replaced only by a complete file. */
#ifndef CACHEGEN_TRACE_H
#define CACHEGEN_TRACE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    TR_READ = 0,   /* load (din labels 0 and 2) */
    TR_WRITE = 1,  /* store (din label 1) */
    TR_FLUSH = 2   /* invalidate the whole cache (din label 4) */
} trace_op_t;

typedef struct trace_ref {
    uint64_t addr;     /* byte address */
    uint64_t pc;       /* instruction address, 0 when the format has none */
    uint32_t base_id;  /* base-address id (SACAT FG-CB), 0 when unknown */
    uint16_t core;     /* core (SM) id, 0 when unknown */
    uint8_t op;        /* trace_op_t */
} trace_ref_t;

typedef enum { TF_AUTO, TF_DIN, TF_TEXT, TF_BINARY, TF_ACCEL } trace_format_t;

typedef struct trace_reader trace_reader_t;

/* Open `path` ("-" = stdin) as `fmt` (TF_AUTO: by content). Returns NULL with err set. */
trace_reader_t *trace_open(const char *path, trace_format_t fmt, char *err, size_t errlen);
/* Next reference: 1, 0 at the end, -1 on error (message via trace_error). */
int trace_next(trace_reader_t *r, trace_ref_t *out);
/* Up to n references into out: the count, 0 at the end, -1 on error. Faster than trace_next
 * for long traces (binary and din have dedicated loops); the same references in the same order. */
long trace_next_batch(trace_reader_t *r, trace_ref_t *out, long n);
const char *trace_error(const trace_reader_t *r);
/* Format in use after opening (TF_AUTO resolved). */
trace_format_t trace_format(const trace_reader_t *r);
void trace_close(trace_reader_t *r);

/* Name <-> format ("din", "text", "binary", "accel"). */
const char *trace_format_name(trace_format_t f);
int trace_format_parse(const char *name, trace_format_t *out);

typedef struct trace_writer trace_writer_t;
/* Write `fmt` (TF_DIN, TF_TEXT or TF_BINARY) to `path` ("-" = stdout) through tio_out (a
 * temporary beside a regular target); compression "none", "gz" or "zst". Returns NULL with
 * err set (nothing created). */
trace_writer_t *trace_create(const char *path, trace_format_t fmt, const char *compression,
                             char *err, size_t errlen);
/* Append one reference; 0, or -1 if it does not fit the format (binary: 32-bit PC, 8-bit
 * base id), with nothing written. */
int trace_write(trace_writer_t *w, const trace_ref_t *ref);
/* End the trace (binary: the end record), flush, and put it in place; returns 0, or -1 with
 * err set if any write or the rename failed (the target untouched). Frees w either way. */
int trace_finish(trace_writer_t *w, char *err, size_t errlen);
/* Drop what was written (the target untouched). Frees w; NULL is a no-op. */
void trace_discard(trace_writer_t *w);

#endif
