/* trace_io: a byte source over a file or stdin that undoes gzip (zlib) or zstd (libzstd)
 * compression, detected by the first bytes, and hands out data in large chunks.
 * Invariant: memory is a fixed set of buffers, whatever the input length. */
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

#endif
