/* trace: memory-reference traces for cachesim: one record type, readers for every format
 * (Dinero din, cachegen extended text, cachegen binary, Accel-Sim traceg), any of them plain,
 * gzip or zstd (detected by content), and writers for text and binary.
 * Invariant: readers stream (memory use does not grow with the trace) and never crash on bad
 * input: a malformed record is an error naming the line (or record) number. */
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
/* Write `fmt` (TF_DIN, TF_TEXT or TF_BINARY) to `path` ("-" = stdout); compression "none",
 * "gz" or "zst". Returns NULL with err set. */
trace_writer_t *trace_create(const char *path, trace_format_t fmt, const char *compression,
                             char *err, size_t errlen);
int trace_write(trace_writer_t *w, const trace_ref_t *ref);
/* Flush and close; returns 0, or -1 if any write failed. */
int trace_finish(trace_writer_t *w);

#endif
