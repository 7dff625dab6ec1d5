/* trace_io: raw reads, gzip inflate and zstd streaming decompression behind one read call. */
#include "trace_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#ifndef TIO_RAW_CAP /* the fuzz build (tb/fuzz) shrinks it to cross refill boundaries */
#define TIO_RAW_CAP (1u << 20)
#endif
#define RAW_CAP TIO_RAW_CAP

struct tio {
    FILE *f;                 /* raw input */
    int own;                 /* close f at the end (not stdin) */
    tio_codec_t codec;
    unsigned char *raw;      /* raw bytes not yet decoded: raw[pos..len) */
    size_t pos, len;
    int raw_eof;
    z_stream z;              /* TIO_GZIP */
    int z_end;               /* the current gzip member ended */
    ZSTD_DCtx *zs;           /* TIO_ZSTD */
    char err[256];
};

static int fill_raw(tio_t *t)
{
    if (t->pos < t->len || t->raw_eof)
        return 0;
    t->pos = 0;
    t->len = fread(t->raw, 1, RAW_CAP, t->f);
    if (t->len == 0) {
        if (ferror(t->f)) {
            snprintf(t->err, sizeof t->err, "read error: %s", strerror(errno));
            return -1;
        }
        t->raw_eof = 1;
    }
    return 0;
}

tio_t *tio_open(const char *path, char *err, size_t errlen)
{
    tio_t *t = calloc(1, sizeof *t);
    if (!t)
        goto fail;
    t->raw = malloc(RAW_CAP);
    if (!t->raw)
        goto fail;
    if (!strcmp(path, "-")) {
        t->f = stdin;
    } else {
        t->f = fopen(path, "rb");
        t->own = 1;
    }
    if (!t->f) {
        snprintf(err, errlen, "trace = %s: cannot open: %s", path, strerror(errno));
        goto fail;
    }
    if (fill_raw(t) != 0) {
        snprintf(err, errlen, "trace = %s: %s", path, t->err);
        goto fail;
    }
    if (t->len >= 2 && t->raw[0] == 0x1f && t->raw[1] == 0x8b) {
        t->codec = TIO_GZIP;
        if (inflateInit2(&t->z, 16 + MAX_WBITS) != Z_OK) {
            snprintf(err, errlen, "trace = %s: zlib initialization failed", path);
            goto fail;
        }
    } else if (t->len >= 4 && t->raw[0] == 0x28 && t->raw[1] == 0xb5 && t->raw[2] == 0x2f &&
               t->raw[3] == 0xfd) {
        t->codec = TIO_ZSTD;
        t->zs = ZSTD_createDCtx();
        if (!t->zs) {
            snprintf(err, errlen, "trace = %s: zstd initialization failed", path);
            goto fail;
        }
    }
    return t;
fail:
    if (t && t->own && t->f)
        fclose(t->f);
    if (t)
        free(t->raw);
    free(t);
    return NULL;
}

static long read_gzip(tio_t *t, unsigned char *buf, size_t cap)
{
    t->z.next_out = buf;
    t->z.avail_out = (uInt)cap;
    while (t->z.avail_out == cap) {
        if (fill_raw(t) != 0)
            return -1;
        if (t->pos == t->len) {
            if (!t->z_end) {
                snprintf(t->err, sizeof t->err, "gzip stream is truncated");
                return -1;
            }
            return 0;
        }
        if (t->z_end) { /* another gzip member follows (concatenated files) */
            inflateReset(&t->z);
            t->z_end = 0;
        }
        t->z.next_in = t->raw + t->pos;
        t->z.avail_in = (uInt)(t->len - t->pos);
        int rc = inflate(&t->z, Z_NO_FLUSH);
        t->pos = t->len - t->z.avail_in;
        if (rc == Z_STREAM_END)
            t->z_end = 1;
        else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            snprintf(t->err, sizeof t->err, "gzip data is corrupt (%s)", t->z.msg ? t->z.msg : "");
            return -1;
        }
    }
    return (long)(cap - t->z.avail_out);
}

static long read_zstd(tio_t *t, unsigned char *buf, size_t cap)
{
    ZSTD_outBuffer out = {buf, cap, 0};
    while (out.pos == 0) {
        if (fill_raw(t) != 0)
            return -1;
        if (t->pos == t->len) {
            if (!t->z_end) {
                snprintf(t->err, sizeof t->err, "zstd stream is truncated");
                return -1;
            }
            return 0;
        }
        ZSTD_inBuffer in = {t->raw + t->pos, t->len - t->pos, 0};
        size_t rc = ZSTD_decompressStream(t->zs, &out, &in);
        t->pos += in.pos;
        if (ZSTD_isError(rc)) {
            snprintf(t->err, sizeof t->err, "zstd data is corrupt (%s)", ZSTD_getErrorName(rc));
            return -1;
        }
        t->z_end = rc == 0; /* a frame ended */
    }
    return (long)out.pos;
}

long tio_read(tio_t *t, unsigned char *buf, size_t cap)
{
    if (cap == 0)
        return 0;
    if (t->codec == TIO_GZIP)
        return read_gzip(t, buf, cap);
    if (t->codec == TIO_ZSTD)
        return read_zstd(t, buf, cap);
    if (t->pos == t->len && !t->raw_eof) { /* plain: read straight into the caller's buffer */
        size_t n = fread(buf, 1, cap, t->f);
        if (n == 0 && ferror(t->f)) {
            snprintf(t->err, sizeof t->err, "read error: %s", strerror(errno));
            return -1;
        }
        if (n == 0)
            t->raw_eof = 1;
        return (long)n;
    }
    size_t n = t->len - t->pos < cap ? t->len - t->pos : cap;
    memcpy(buf, t->raw + t->pos, n);
    t->pos += n;
    return (long)n;
}

const char *tio_error(const tio_t *t) { return t->err; }

void tio_close(tio_t *t)
{
    if (!t)
        return;
    if (t->codec == TIO_GZIP)
        inflateEnd(&t->z);
    if (t->zs)
        ZSTD_freeDCtx(t->zs);
    if (t->own)
        fclose(t->f);
    free(t->raw);
    free(t);
}
