/* trace: format detection, the din / text / binary / Dinero binary parsers, Accel-Sim through
 * trace_accel, and the writers. Text is parsed in place from large decompressed chunks. */
#define _GNU_SOURCE /* fopencookie, to hand Accel-Sim parsing a FILE * */
#include "trace.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "trace_accel.h"
#include "trace_io.h"

/* Buffer and line limits; the fuzz build (tb/fuzz) shrinks them (-D) so that small inputs
 * cross every refill boundary. LINE_MAX_BYTES must stay below BUF_CAP. */
#ifndef TRACE_BUF_CAP
#define TRACE_BUF_CAP (1u << 20)
#endif
#ifndef TRACE_LINE_MAX
#define TRACE_LINE_MAX 65536
#endif
#ifndef TRACE_SKIP_MAX
#define TRACE_SKIP_MAX (1u << 20)
#endif
#define BUF_CAP TRACE_BUF_CAP          /* decompressed text held at once */
#define LINE_MAX_BYTES TRACE_LINE_MAX  /* longer lines are an error */
#define BIN_MAGIC "CGTRACE2"    /* written: records, then an end record holding their count */
#define BIN_MAGIC1 "CGTRACE1"   /* still read: the same records, no end record */
#define BIN_RECORD 16
#define BIN_END 0xffu           /* op of the end record; its address field = records before it */
#define DBIN_RECORD 8           /* Dinero binary: address 32, size 16, label 8, pad 8 */
#define DIN_LABELS 6            /* Dinero IV's labels 0..5 (din and Dinero binary) */
#define ACCEL_LINE_BYTES 128    /* Accel-Sim coalescing when no line size is given */

/* What a Dinero label becomes (trace_reader.act): a trace_op_t, or one of these. */
enum {
    ACT_SKIP_IFETCH = 16,  /* instruction fetch, not simulated: counted in ifetches */
    ACT_SKIP_COPYBACK,     /* copy-back: no effect in a write-through cache, counted */
    ACT_NO_INVAL,          /* invalidate one line, which the consumer cannot: an error */
    ACT_BAD                /* not a Dinero label (6-255): an error */
};

struct trace_reader {
    tio_t *io;
    trace_format_t fmt;
    trace_opts_t opts;
    uint8_t act[256];     /* Dinero label -> TR_* or ACT_*, from opts (ACT_BAD above 5) */
    unsigned char *buf;   /* buf[pos..len): bytes not yet parsed */
    size_t pos, len;
    int eof;
    unsigned long long line;  /* text: current line number; binary: record number */
    int counted;              /* binary: CGTRACE2, an end record must close the file */
    int ended;                /* binary: the end record was read */
    int any;                  /* a record was read (blank and comment lines are none) */
    unsigned blank_run;       /* din, text: blank and comment lines since the last record */
    uint64_t ifetches;        /* Dinero: instruction fetches skipped */
    uint64_t copybacks;       /* Dinero: copy-backs (skipped) */
    uint64_t split_addr;      /* Dinero binary: the next line of a record spanning lines */
    uint32_t split_left;      /* ... lines of it still to deliver (at most 65536 / 16) */
    uint8_t split_op;         /* ... their op */
    accel_reader_t *accel;
    FILE *accel_stream;
    char err[512];
};

static const char *const format_names[] = {"auto",  "din",          "text", "binary",
                                            "accel", "dinero-binary"};
#define NFORMATS (int)(sizeof format_names / sizeof format_names[0])
const char *trace_format_name(trace_format_t f) { return format_names[f]; }
int trace_format_parse(const char *name, trace_format_t *out)
{
    for (int i = 0; i < NFORMATS; i++)
        if (!strcmp(name, format_names[i])) {
            *out = (trace_format_t)i;
            return 0;
        }
    return -1;
}
trace_format_t trace_format(const trace_reader_t *r) { return r->fmt; }
void trace_skipped(const trace_reader_t *r, uint64_t *ifetches, uint64_t *copybacks)
{
    *ifetches = r->ifetches;
    *copybacks = r->copybacks;
}
void trace_where(const trace_reader_t *r, char *buf, size_t n)
{
    int rec = r->fmt == TF_BINARY || r->fmt == TF_DINBIN;
    snprintf(buf, n, "%s %llu", rec ? "record" : "line", r->line);
}

const char *trace_error(const trace_reader_t *r) { return r->err; }

/* Keep buf[pos..len) and append more input; sets eof at the end of the input. */
static int refill(trace_reader_t *r)
{
    if (r->eof)
        return 0;
    memmove(r->buf, r->buf + r->pos, r->len - r->pos);
    r->len -= r->pos;
    r->pos = 0;
    long n = tio_read(r->io, r->buf + r->len, BUF_CAP - r->len);
    if (n < 0) {
        snprintf(r->err, sizeof r->err, "%s", tio_error(r->io));
        return -1;
    }
    if (n == 0)
        r->eof = 1;
    r->len += (size_t)n;
    return 0;
}

/* Serve the Accel-Sim parser the buffered bytes first, then the rest of the input. */
static ssize_t accel_cookie_read(void *c, char *out, size_t size)
{
    trace_reader_t *r = c;
    if (r->pos == r->len && refill(r) != 0)
        return -1;
    size_t n = r->len - r->pos < size ? r->len - r->pos : size;
    memcpy(out, r->buf + r->pos, n);
    r->pos += n;
    return (ssize_t)n;
}

/* Binary data: a NUL byte in the first 4 KB. Text formats never hold one; a Dinero binary
 * trace always does (its pad byte), and has no header to be recognised by. */
static int looks_binary(const trace_reader_t *r)
{
    return memchr(r->buf, 0, r->len < 4096 ? r->len : 4096) != NULL;
}

static trace_format_t detect(const trace_reader_t *r)
{
    size_t n = r->len;
    const unsigned char *b = r->buf;
    if (n >= 8 && (!memcmp(b, BIN_MAGIC, 8) || !memcmp(b, BIN_MAGIC1, 8)))
        return TF_BINARY;
    if (looks_binary(r))
        return TF_AUTO;
    size_t i = 0;
    while (i < n) {
        while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
            i++;
        if (i < n && b[i] == '#') { /* a comment line: skip it */
            while (i < n && b[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    if (i >= n)
        return TF_DIN; /* empty: any text format reads it as no references */
    if (b[i] == '-')
        return TF_ACCEL;
    if (b[i] >= '0' && b[i] <= '9')
        return TF_DIN;
    if (strchr("RWFVrwfv", b[i]))
        return TF_TEXT;
    return TF_AUTO;
}

/* Why detection failed: binary data without a cachegen header is most likely Dinero's. */
static const char *undetected_hint(const trace_reader_t *r)
{
    return looks_binary(r) ? "; binary data without a " BIN_MAGIC " header: a Dinero IV binary "
                             "trace (-informat b) is read with --format dinero-binary"
                           : "";
}

trace_reader_t *trace_open(const char *path, trace_format_t fmt, char *err, size_t errlen)
{
    return trace_open_opts(path, fmt, NULL, err, errlen);
}

trace_reader_t *trace_open_opts(const char *path, trace_format_t fmt, const trace_opts_t *opts,
                                char *err, size_t errlen)
{
    trace_reader_t *r = calloc(1, sizeof *r);
    if (!r || !(r->buf = malloc(BUF_CAP))) {
        snprintf(err, errlen, "trace = %s: out of memory", path);
        goto fail;
    }
    if (opts)
        r->opts = *opts;
    if (r->opts.line_bytes & (r->opts.line_bytes - 1)) {
        snprintf(err, errlen, "trace = %s: line size %u is not a power of two", path,
                 r->opts.line_bytes);
        goto fail;
    }
    /* Dinero IV's data-cache-only run, write-through (SPEC 6): labels 0 and 3 read, 1 write,
     * 2 goes to the (absent) instruction cache, 4 copies back nothing, 5 invalidates. */
    static const uint8_t base_act[DIN_LABELS] = {TR_READ, TR_WRITE, ACT_SKIP_IFETCH, TR_READ,
                                                 ACT_SKIP_COPYBACK, TR_INVAL};
    memset(r->act, ACT_BAD, sizeof r->act);
    memcpy(r->act, base_act, sizeof base_act);
    if (r->opts.ifetch_read)
        r->act[2] = TR_READ;
    if (!r->opts.inval)
        r->act[5] = ACT_NO_INVAL;
    if (!(r->io = tio_open(path, err, errlen)))
        goto fail;
    /* Detect from a full buffer: one read may return only a few bytes (a short first gzip
     * member or zstd frame), too few to tell the format or see past leading comments. */
    while (!r->eof && r->len < BUF_CAP)
        if (refill(r) != 0) {
            snprintf(err, errlen, "trace = %s: %s", path, r->err);
            goto fail;
        }
    r->fmt = fmt == TF_AUTO ? detect(r) : fmt;
    if (r->fmt == TF_AUTO) {
        snprintf(err, errlen, "trace = %s: cannot tell the format; allowed: din (\"0 1f40\"), "
                 "text (\"R 1f40 ...\"), binary (" BIN_MAGIC " header), accel (traceg)%s", path,
                 undetected_hint(r));
        goto fail;
    }
    if (r->fmt == TF_BINARY) {
        r->counted = r->len >= 8 && !memcmp(r->buf, BIN_MAGIC, 8);
        if (!r->counted && (r->len < 8 || memcmp(r->buf, BIN_MAGIC1, 8) != 0)) {
            snprintf(err, errlen, "trace = %s: not a cachegen binary trace (no " BIN_MAGIC
                     " header); a Dinero IV binary trace (-informat b) is --format "
                     "dinero-binary", path);
            goto fail;
        }
        r->pos = 8;
    }
    if (r->fmt == TF_ACCEL) {
        cookie_io_functions_t io = {accel_cookie_read, NULL, NULL, NULL};
        r->accel_stream = fopencookie(r, "r", io);
        if (!r->accel_stream ||
            !(r->accel = accel_open(r->accel_stream,
                                    r->opts.line_bytes ? r->opts.line_bytes : ACCEL_LINE_BYTES,
                                    err, errlen)))
            goto fail;
    }
    return r;
fail:
    trace_close(r);
    return NULL;
}

void trace_close(trace_reader_t *r)
{
    if (!r)
        return;
    if (r->accel)
        accel_close(r->accel);
    if (r->accel_stream)
        fclose(r->accel_stream);
    tio_close(r->io);
    free(r->buf);
    free(r);
}

/* Next line as [*s, *e) without the newline; 1, 0 at the end, -1 on error. */
static int next_line(trace_reader_t *r, const unsigned char **s, const unsigned char **e)
{
    for (;;) {
        unsigned char *start = r->buf + r->pos;
        unsigned char *nl = memchr(start, '\n', r->len - r->pos);
        /* The limit holds wherever the line lies in the buffer (and however the input was
         * cut into reads): a long line wholly buffered is refused as one cut by a refill. */
        size_t len = (size_t)((nl ? nl : r->buf + r->len) - start);
        if (len >= LINE_MAX_BYTES && (nl || r->eof)) {
            snprintf(r->err, sizeof r->err, "line %llu: longer than %d bytes", r->line + 1,
                     LINE_MAX_BYTES);
            return -1;
        }
        if (nl) {
            *s = start;
            *e = nl;
            r->pos = (size_t)(nl - r->buf) + 1;
            r->line++;
            return 1;
        }
        if (r->eof) {
            if (r->pos == r->len)
                return 0;
            /* Writers end every line; a last line without one is a cut file. */
            snprintf(r->err, sizeof r->err, "line %llu: no newline at its end: the file is cut "
                     "(every line, the last one too, must end with a newline)", r->line + 1);
            return -1;
        }
        if (r->len - r->pos >= LINE_MAX_BYTES) {
            snprintf(r->err, sizeof r->err, "line %llu: longer than %d bytes", r->line + 1,
                     LINE_MAX_BYTES);
            return -1;
        }
        if (refill(r) != 0)
            return -1;
    }
}

static const unsigned char *skip_space(const unsigned char *p, const unsigned char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

/* Value of each byte as a hex digit, X (above 15) for the others: one load per digit and
 * no branch on which kind of digit it is (random addresses mix 0-9 and a-f evenly). */
#define X 0xff
static const unsigned char hex_value[256] = {
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, X, X, X, X, X,
    X, 10, 11, 12, 13, 14, 15, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, 10, 11, 12, 13, 14, 15, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
};
#undef X

/* Value of a hex digit, or -1. */
static inline int hexdigit(unsigned char c)
{
    return hex_value[c] < 16 ? hex_value[c] : -1;
}

/* Hex number (optional 0x) at p; returns the end, or NULL if none or over 64 bits. */
static const unsigned char *hex(const unsigned char *p, const unsigned char *e, uint64_t *out)
{
    if (e - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    uint64_t v = 0;
    int digits = 0;
    for (int d; p < e && (d = hexdigit(*p)) >= 0; p++) {
        if (v >> 60) /* a 17th significant digit */
            return NULL;
        v = v << 4 | (unsigned)d;
        digits++;
    }
    if (!digits || (p < e && *p != ' ' && *p != '\t' && *p != '\r'))
        return NULL;
    *out = v;
    return p;
}

/* Before the first record the file may be no trace at all (a private file named by mistake or
 * through a link): its bytes are not quoted in errors until a record has been read. */
#define NOT_SHOWN "the line is not shown: no record read yet, it may be no trace"

static int bad_line(trace_reader_t *r, const char *what, const unsigned char *s,
                    const unsigned char *e)
{
    if (!r->any) {
        snprintf(r->err, sizeof r->err, "line %llu: %s (%s)", r->line, what, NOT_SHOWN);
        return -1;
    }
    int n = (int)(e - s > 60 ? 60 : e - s);
    snprintf(r->err, sizeof r->err, "line %llu: %s: \"%.*s\"", r->line, what, n, (const char *)s);
    return -1;
}

/* End of the field starting at p (the next blank or the line end). */
static const unsigned char *field_end(const unsigned char *p, const unsigned char *e)
{
    while (p < e && *p != ' ' && *p != '\t' && *p != '\r')
        p++;
    return p;
}

/* A bad field: "line N: WHAT \"VALUE\": WHY" (the value cut at 40 bytes). */
static int bad_field(trace_reader_t *r, const char *what, const unsigned char *p,
                     const unsigned char *e, const char *why)
{
    if (!r->any) {
        snprintf(r->err, sizeof r->err, "line %llu: %s: %s (%s)", r->line, what, why, NOT_SHOWN);
        return -1;
    }
    const unsigned char *q = field_end(p, e);
    int n = (int)(q - p > 40 ? 40 : q - p);
    snprintf(r->err, sizeof r->err, "line %llu: %s \"%.*s\": %s", r->line, what, n,
             (const char *)p, why);
    return -1;
}

#define DIN_LABELS_ALLOWED                                                                   \
    "allowed: 0 read, 1 write, 2 instruction fetch, 3 miscellaneous, 4 copy-back, "           \
    "5 invalidate"
#define NO_INVAL_WHY                                                                          \
    "invalidating one line is not supported by this simulator or l1.mode (cachesim with "     \
    "l1.mode = baseline supports it)"

/* One more blank or comment line: 0, or -1 past TRACE_SKIP_MAX in a row (an endless input of
 * no record, such as `yes ''`, ends there). */
static int blank_line(trace_reader_t *r)
{
    if (++r->blank_run <= TRACE_SKIP_MAX)
        return 0;
    snprintf(r->err, sizeof r->err, "line %llu: more than %u blank or comment lines in a row "
             "(an endless input without records?)", r->line, TRACE_SKIP_MAX);
    return -1;
}

static int next_din(trace_reader_t *r, trace_ref_t *out)
{
    const unsigned char *s, *e;
    int rc;
    while ((rc = next_line(r, &s, &e)) == 1) {
        const unsigned char *lab = skip_space(s, e);
        if (lab == e || *lab == '#') {
            if (blank_line(r) != 0)
                return -1;
            continue;
        }
        if (field_end(lab, e) != lab + 1 || *lab < '0' || *lab >= '0' + DIN_LABELS)
            return bad_field(r, "din label", lab, e, DIN_LABELS_ALLOWED);
        unsigned label = (unsigned)(*lab - '0');
        const unsigned char *p = skip_space(lab + 1, e);
        uint64_t addr = 0;
        if (!hex(p, e, &addr)) /* every label has one; the rest of the line is ignored */
            return bad_field(r, "din address", p, e,
                             "expected a hexadecimal number of at most 64 bits");
        r->any = 1;
        r->blank_run = 0;
        switch (r->act[label]) {
        case ACT_SKIP_IFETCH: r->ifetches++; continue;
        case ACT_SKIP_COPYBACK: r->copybacks++; continue;
        case ACT_NO_INVAL: return bad_field(r, "din label", lab, e, NO_INVAL_WHY);
        default: break;
        }
        memset(out, 0, sizeof *out);
        out->addr = addr;
        out->op = r->act[label];
        return 1;
    }
    return rc;
}

static int next_text(trace_reader_t *r, trace_ref_t *out)
{
    const unsigned char *s, *e;
    int rc;
    while ((rc = next_line(r, &s, &e)) == 1) {
        const unsigned char *p = skip_space(s, e);
        if (p == e || *p == '#') {
            if (blank_line(r) != 0)
                return -1;
            continue;
        }
        unsigned char op = (unsigned char)(*p | 0x20);
        if ((op != 'r' && op != 'w' && op != 'f' && op != 'v') ||
            (p + 1 < e && p[1] != ' ' && p[1] != '\t'))
            return bad_line(r, "expected R, W, F or V, then hex address [pc [core [base_id]]]",
                            s, e);
        if (op == 'v' && !r->opts.inval)
            return bad_field(r, "operation", p, e, NO_INVAL_WHY);
        memset(out, 0, sizeof *out);
        out->op = op == 'w' ? TR_WRITE : op == 'f' ? TR_FLUSH : op == 'v' ? TR_INVAL : TR_READ;
        uint64_t v[4] = {0, 0, 0, 0};
        int n = 0;
        p = skip_space(p + 1, e);
        while (p < e && *p != '#' && n < 4) {
            const unsigned char *q = hex(p, e, &v[n]);
            if (!q)
                return bad_line(r, "expected hexadecimal numbers of at most 64 bits", s, e);
            n++;
            p = skip_space(q, e);
        }
        if (p < e && *p != '#')
            return bad_line(r, "too many fields (op addr pc core base_id)", s, e);
        if (n == 0 && out->op != TR_FLUSH)
            return bad_line(r, "missing address", s, e);
        if (v[2] > 0xffff || v[3] > 0xffffffffu)
            return bad_line(r, "core must fit 16 bits and base_id 32 bits", s, e);
        out->addr = v[0];
        out->pc = v[1];
        out->core = (uint16_t)v[2];
        out->base_id = (uint32_t)v[3];
        r->any = 1;
        r->blank_run = 0;
        return 1;
    }
    return rc;
}

static uint64_t le(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static int next_binary(trace_reader_t *r, trace_ref_t *out)
{
    if (r->ended)
        return 0;
    while (r->len - r->pos < BIN_RECORD && !r->eof) /* a read may return a partial record */
        if (refill(r) != 0)
            return -1;
    if (r->len - r->pos == 0 && r->counted) {
        snprintf(r->err, sizeof r->err, "record %llu: missing end record: the file is cut "
                 "after %llu records", r->line + 1, r->line);
        return -1;
    }
    if (r->len - r->pos == 0)
        return 0;
    if (r->len - r->pos < BIN_RECORD) {
        snprintf(r->err, sizeof r->err, "record %llu: truncated (%zu of %d bytes)", r->line + 1,
                 r->len - r->pos, BIN_RECORD);
        return -1;
    }
    const unsigned char *p = r->buf + r->pos;
    r->pos += BIN_RECORD;
    r->line++;
    r->any |= p[15] != BIN_END || !r->counted;
    out->addr = le(p, 8);
    out->pc = le(p + 8, 4);
    out->core = (uint16_t)le(p + 12, 2);
    out->base_id = p[14];
    out->op = p[15];
    if (out->op == BIN_END && r->counted) {
        if (out->addr != r->line - 1) {
            snprintf(r->err, sizeof r->err, "record %llu: end record counts %llu records, the "
                     "file holds %llu", r->line, (unsigned long long)out->addr, r->line - 1);
            return -1;
        }
        while (r->pos == r->len && !r->eof)
            if (refill(r) != 0)
                return -1;
        if (r->pos < r->len) {
            snprintf(r->err, sizeof r->err, "record %llu: data after the end record", r->line);
            return -1;
        }
        r->ended = 1;
        return 0;
    }
    if (out->op > TR_INVAL) {
        snprintf(r->err, sizeof r->err, "record %llu: operation %u; allowed: 0 read, 1 write, "
                 "2 flush, 3 invalidate a line", r->line, out->op);
        return -1;
    }
    if (out->op == TR_INVAL && !r->opts.inval) {
        snprintf(r->err, sizeof r->err, "record %llu: operation 3: " NO_INVAL_WHY, r->line);
        return -1;
    }
    return 1;
}

/* One Dinero binary record (SPEC 6; Dinero IV's -informat b): 1 with the first reference in
 * out (the rest of a record spanning lines queued in split_*), 0 when it gives none, -1 on
 * error. r->line is its number. */
static int dinbin_record(trace_reader_t *r, const unsigned char *p, trace_ref_t *out)
{
    uint64_t addr = le(p, 4);
    unsigned size = (unsigned)le(p + 4, 2), label = p[6]; /* p[7]: padding, ignored */
    if (label >= DIN_LABELS) {
        snprintf(r->err, sizeof r->err, "record %llu: label %u; " DIN_LABELS_ALLOWED, r->line,
                 label);
        return -1;
    }
    unsigned act = r->act[label];
    if (label == 5 && size == 0) { /* size 0: the whole cache */
        memset(out, 0, sizeof *out);
        out->op = TR_FLUSH;
        return 1;
    }
    if (act == ACT_SKIP_IFETCH || act == ACT_SKIP_COPYBACK) {
        act == ACT_SKIP_IFETCH ? r->ifetches++ : r->copybacks++;
        return 0;
    }
    if (act == ACT_NO_INVAL) {
        snprintf(r->err, sizeof r->err, "record %llu: label 5 of size %u: " NO_INVAL_WHY, r->line,
                 size);
        return -1;
    }
    if (size == 0) { /* Dinero allows it only where it means the whole cache */
        snprintf(r->err, sizeof r->err, "record %llu: label %u with size 0; only 4 (copy-back) "
                 "and 5 (invalidate) take size 0 (the whole cache)", r->line, label);
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->addr = addr;
    out->op = (uint8_t)act;
    uint64_t lb = r->opts.line_bytes;
    if (act != TR_INVAL && lb) { /* an invalidate affects the line holding addr only */
        uint64_t first = addr & ~(lb - 1), last = (addr + size - 1) & ~(lb - 1);
        r->split_addr = first + lb;
        r->split_left = (uint32_t)((last - first) / lb);
        r->split_op = (uint8_t)act;
    }
    return 1;
}

static int next_dinbin(trace_reader_t *r, trace_ref_t *out)
{
    for (;;) {
        if (r->split_left) { /* the next line of a record spanning lines */
            memset(out, 0, sizeof *out);
            out->addr = r->split_addr;
            out->op = r->split_op;
            r->split_addr += r->opts.line_bytes;
            r->split_left--;
            return 1;
        }
        while (r->len - r->pos < DBIN_RECORD && !r->eof)
            if (refill(r) != 0)
                return -1;
        size_t avail = r->len - r->pos;
        if (avail == 0)
            return 0;
        if (avail < DBIN_RECORD) {
            snprintf(r->err, sizeof r->err, "record %llu: truncated (%zu of %d bytes)",
                     r->line + 1, avail, DBIN_RECORD);
            return -1;
        }
        const unsigned char *p = r->buf + r->pos;
        r->pos += DBIN_RECORD;
        r->line++;
        r->any = 1;
        int rc = dinbin_record(r, p, out);
        if (rc != 0)
            return rc;
    }
}

/* din lines of the common shape "L ADDR\n" (L = 0 to 3; at most 16 hex digits), parsed
 * straight from the buffer; anything else (comments, labels 4 and 5, CRLF, errors, a line cut
 * by the buffer end) goes through next_din, which handles every case. */
static long batch_din(trace_reader_t *r, trace_ref_t *out, long n)
{
    long k = 0;
    while (k < n) {
        const unsigned char *p = r->buf + r->pos, *end = r->buf + r->len;
        while (k < n && end - p >= 20) { /* room for the longest fast line */
            unsigned label = (unsigned)(p[0] - '0');
            if (label > 3 || p[1] != ' ')
                break;
            const unsigned char *q = p + 2;
            const unsigned char *digits = q;
            uint64_t v = 0;
            for (unsigned d; (d = hex_value[*q]) < 16 && q - digits < 16; q++)
                v = v << 4 | d;
            if (q == digits || *q != '\n')
                break;
            unsigned act = r->act[label]; /* TR_READ, TR_WRITE or ACT_SKIP_IFETCH */
            if (act == ACT_SKIP_IFETCH) {
                r->ifetches++;
            } else {
                out[k].addr = v;
                out[k].pc = 0;
                out[k].base_id = 0;
                out[k].core = 0;
                out[k].op = (uint8_t)act;
                k++;
            }
            r->line++;
            p = q + 1;
        }
        if (p != r->buf + r->pos) {
            r->any = 1;
            r->blank_run = 0;
        }
        r->pos = (size_t)(p - r->buf);
        if (k == n)
            break;
        int rc = next_din(r, &out[k]); /* the careful path for one line, with refills */
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        k++;
    }
    return k;
}

static long batch_binary(trace_reader_t *r, trace_ref_t *out, long n)
{
    long k = 0;
    while (k < n) {
        size_t avail = (r->len - r->pos) / BIN_RECORD;
        if (avail == 0) { /* refill, or report the end or a truncated record */
            int rc = next_binary(r, &out[k]);
            if (rc < 0)
                return -1;
            if (rc == 0)
                break;
            k++;
            continue;
        }
        if (avail > (size_t)(n - k))
            avail = (size_t)(n - k);
        const unsigned char *p = r->buf + r->pos;
        size_t i;
        for (i = 0; i < avail && p[15] <= TR_FLUSH; i++, p += BIN_RECORD, k++) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            uint64_t addr;
            uint32_t pc;
            uint16_t core;
            memcpy(&addr, p, 8);
            memcpy(&pc, p + 8, 4);
            memcpy(&core, p + 12, 2);
            out[k].addr = addr;
            out[k].pc = pc;
            out[k].core = core;
#else
            out[k].addr = le(p, 8);
            out[k].pc = le(p + 8, 4);
            out[k].core = (uint16_t)le(p + 12, 2);
#endif
            out[k].base_id = p[14];
            out[k].op = p[15];
        }
        r->pos += i * BIN_RECORD;
        r->line += i;
        r->any |= i > 0;
        if (i < avail) { /* the end record or a bad operation: the careful path */
            int rc = next_binary(r, &out[k]);
            if (rc < 0)
                return -1;
            if (rc == 0)
                break;
            k++;
        }
    }
    return k;
}

/* The 8 bytes at p as a little-endian number. */
static inline uint64_t le64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    return le(p, 8);
#endif
}

/* *o = {addr, op}, the other fields 0: base_id, core, op and the pad byte in one 8-byte store
 * where the layout allows. */
static inline void put_addr_op(trace_ref_t *o, uint64_t addr, unsigned op)
{
    o->addr = addr;
    o->pc = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(trace_ref_t, base_id) == 16 && offsetof(trace_ref_t, core) == 20 &&
                   offsetof(trace_ref_t, op) == 22 && sizeof(trace_ref_t) == 24,
                   "trace_ref_t: base_id, core, op and a pad byte in its last 8 bytes");
    const uint64_t tail = (uint64_t)op << 48; /* bytes 16-23: base_id 0, core 0, op, pad 0 */
    memcpy((unsigned char *)o + offsetof(trace_ref_t, base_id), &tail, sizeof tail);
#else
    o->base_id = 0;
    o->core = 0;
    o->op = (uint8_t)op;
#endif
}

/* Dinero binary records of the common kind (a read or write within one line, or a skipped
 * instruction fetch) decoded straight from the buffer, each record one 8-byte load and two
 * tests; anything else (a split, copy-back, invalidate, size 0, errors, the end) goes through
 * next_dinbin. Not inlined: inside trace_next_batch its loop spilled registers. */
static __attribute__((noinline)) long batch_dinbin(trace_reader_t *r, trace_ref_t *out, long n)
{
    trace_ref_t *o = out, *const o_end = out + n;
    /* a record stays in its line when size - 1 <= room - its offset in the line (size 0
     * wraps to the largest value: never); without line_bytes any size 1-65535 does */
    const uint64_t lb = r->opts.line_bytes, off_mask = lb ? lb - 1 : 0;
    const uint64_t room = lb ? lb - 1 : 0xffff;
    while (o < o_end) {
        const unsigned char *p = r->buf + r->pos, *const start = p;
        if (!r->split_left) {
            size_t records = (r->len - r->pos) / DBIN_RECORD;
            if (records > (size_t)(o_end - o))
                records = (size_t)(o_end - o);
            const unsigned char *const end = p + DBIN_RECORD * records;
            uint64_t ifetches = 0;
            for (; p < end; p += DBIN_RECORD) {
                const uint64_t rec = le64(p); /* address 0-31, size 32-47, label 48-55 */
                const unsigned act = r->act[(rec >> 48) & 0xff];
                const uint64_t addr = rec & 0xffffffffu, size = (rec >> 32) & 0xffff;
                if (act > TR_WRITE || size - 1 > room - (addr & off_mask)) {
                    if (act == ACT_SKIP_IFETCH) { /* any size: Dinero's instruction side */
                        ifetches++;
                        continue;
                    }
                    break;
                }
                put_addr_op(o++, addr, act);
            }
            r->ifetches += ifetches;
            r->line += (unsigned long long)(p - start) / DBIN_RECORD;
            r->any |= p != start;
            r->pos = (size_t)(p - r->buf);
            if (o == o_end)
                break;
        }
        int rc = next_dinbin(r, o); /* the careful path for one reference, with refills */
        if (rc < 0)
            return -1;
        if (rc == 0)
            break;
        o++;
    }
    return o - out;
}

static int next_one(trace_reader_t *r, trace_ref_t *out);

/* The end of the input (a reader returned 0): 0, or -1 when it held no record (SPEC 6: an
 * empty trace is an error, whatever the format; blank and comment lines are no records). */
static int at_end(trace_reader_t *r)
{
    if (r->any || r->fmt == TF_ACCEL) /* trace_accel refuses a trace without a block itself */
        return 0;
    int rec = r->fmt == TF_BINARY || r->fmt == TF_DINBIN;
    snprintf(r->err, sizeof r->err, "no %s: an empty trace%s is an error",
             rec ? "record" : "reference line", rec ? "" : " (blank and # comment lines only)");
    return -1;
}

long trace_next_batch(trace_reader_t *r, trace_ref_t *out, long n)
{
    long k;
    if (r->fmt == TF_BINARY)
        k = batch_binary(r, out, n);
    else if (r->fmt == TF_DIN)
        k = batch_din(r, out, n);
    else if (r->fmt == TF_DINBIN)
        k = batch_dinbin(r, out, n);
    else {
        int rc = 1;
        for (k = 0; k < n && (rc = next_one(r, &out[k])) == 1;)
            k++;
        if (rc < 0)
            return -1;
    }
    return k == 0 && n > 0 && at_end(r) != 0 ? -1 : k;
}

int trace_next(trace_reader_t *r, trace_ref_t *out)
{
    int rc = next_one(r, out);
    return rc == 0 && at_end(r) != 0 ? -1 : rc;
}

/* One reference of any format: 1, 0 at the end, -1 on error. */
static int next_one(trace_reader_t *r, trace_ref_t *out)
{
    switch (r->fmt) {
    case TF_DIN: return next_din(r, out);
    case TF_TEXT: return next_text(r, out);
    case TF_BINARY: return next_binary(r, out);
    case TF_DINBIN: return next_dinbin(r, out);
    case TF_ACCEL: {
        int rc = accel_next(r->accel, out);
        if (rc < 0)
            snprintf(r->err, sizeof r->err, "%s", accel_error(r->accel));
        return rc;
    }
    default: return -1;
    }
}

/* ---- writers ---------------------------------------------------------------------------- */

struct trace_writer {
    tio_out_t *out;         /* temporary file beside the target (or stdout, a device) */
    FILE *f;                /* its stream */
    uint64_t records;       /* references written (the binary end record's count) */
    trace_format_t fmt;
    int codec;              /* 0 none, 1 gz, 2 zst */
    gzFile gz;
    ZSTD_CCtx *zs;
    unsigned char *buf, *zbuf;
    size_t len;
    int failed;             /* errno of the first failed write, 0 while none */
    char path[PATH_MAX];    /* as given, for messages */
};

static void w_flush(trace_writer_t *w, int end)
{
    errno = 0; /* zlib and zstd failures may leave it unset: then EIO */
    if (w->codec == 1) {
        if (w->len && gzwrite(w->gz, w->buf, (unsigned)w->len) != (int)w->len)
            w->failed = errno ? errno : EIO;
    } else if (w->codec == 2) {
        ZSTD_inBuffer in = {w->buf, w->len, 0};
        size_t rc;
        do {
            ZSTD_outBuffer out = {w->zbuf, ZSTD_CStreamOutSize(), 0};
            rc = ZSTD_compressStream2(w->zs, &out, &in, end ? ZSTD_e_end : ZSTD_e_continue);
            if (ZSTD_isError(rc) || fwrite(w->zbuf, 1, out.pos, w->f) != out.pos)
                w->failed = errno ? errno : EIO;
        } while (!w->failed && (end ? rc != 0 : in.pos < in.size));
    } else if (w->len && fwrite(w->buf, 1, w->len, w->f) != w->len) {
        w->failed = errno ? errno : EIO;
    }
    w->len = 0;
}

trace_writer_t *trace_create(const char *path, trace_format_t fmt, const char *compression,
                             char *err, size_t errlen)
{
    trace_writer_t *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fmt = fmt;
    snprintf(w->path, sizeof w->path, "%s", strcmp(path, "-") ? path : "standard output");
    if (fmt != TF_DIN && fmt != TF_TEXT && fmt != TF_BINARY && fmt != TF_DINBIN) {
        snprintf(err, errlen, "format = %s: cannot be written; allowed: din, text, binary, "
                 "dinero-binary", trace_format_name(fmt));
        goto fail;
    }
    if (!strcmp(compression, "gz"))
        w->codec = 1;
    else if (!strcmp(compression, "zst"))
        w->codec = 2;
    else if (strcmp(compression, "none") != 0) {
        snprintf(err, errlen, "compression = %s: unknown; allowed: none, gz, zst", compression);
        goto fail;
    }
    w->buf = malloc(BUF_CAP);
    w->zbuf = malloc(ZSTD_CStreamOutSize());
    if (!w->buf || !w->zbuf) {
        snprintf(err, errlen, "trace = %s: out of memory", path);
        goto fail;
    }
    char oerr[PATH_MAX + 256];
    if (!(w->out = tio_out_open(path, oerr, sizeof oerr))) {
        snprintf(err, errlen, "trace = %s", oerr);
        goto fail;
    }
    w->f = tio_out_file(w->out);
    if (w->codec == 1 && !(w->gz = gzdopen(dup(fileno(w->f)), "wb6"))) {
        snprintf(err, errlen, "trace = %s: zlib cannot write", path);
        goto fail;
    }
    if (w->codec == 2 && !(w->zs = ZSTD_createCCtx())) {
        snprintf(err, errlen, "trace = %s: zstd cannot write", path);
        goto fail;
    }
    if (fmt == TF_BINARY) {
        memcpy(w->buf, BIN_MAGIC, 8);
        w->len = 8;
    }
    return w;
fail:
    tio_out_abort(w->out);
    free(w->buf);
    free(w->zbuf);
    free(w);
    return NULL;
}

int trace_write(trace_writer_t *w, const trace_ref_t *ref)
{
    if (w->len > BUF_CAP - 256)
        w_flush(w, 0);
    char *p = (char *)w->buf + w->len;
    if (ref->op > TR_INVAL)
        return -1;
    if (w->fmt == TF_BINARY) {
        if (ref->pc > 0xffffffffu || ref->base_id > 0xff)
            return -1; /* binary records hold a 32-bit PC and an 8-bit base id */
        unsigned char *b = (unsigned char *)p;
        for (int i = 0; i < 8; i++)
            b[i] = (unsigned char)(ref->addr >> (8 * i));
        for (int i = 0; i < 4; i++)
            b[8 + i] = (unsigned char)(ref->pc >> (8 * i));
        b[12] = (unsigned char)ref->core;
        b[13] = (unsigned char)(ref->core >> 8);
        b[14] = (unsigned char)ref->base_id;
        b[15] = ref->op;
        w->len += BIN_RECORD;
        w->records++;
    } else if (w->fmt == TF_DINBIN) { /* size 4 (Dinero's din size); a flush: size 0 */
        if (ref->addr > 0xffffffffu)
            return -1;
        static const uint8_t label[] = {[TR_READ] = 0, [TR_WRITE] = 1, [TR_FLUSH] = 5,
                                        [TR_INVAL] = 5};
        unsigned char *b = (unsigned char *)p;
        uint64_t addr = ref->op == TR_FLUSH ? 0 : ref->addr;
        for (int i = 0; i < 4; i++)
            b[i] = (unsigned char)(addr >> (8 * i));
        b[4] = ref->op == TR_FLUSH ? 0 : 4;
        b[5] = 0;
        b[6] = label[ref->op];
        b[7] = 0;
        w->len += DBIN_RECORD;
    } else if (w->fmt == TF_DIN) { /* din has no whole-cache flush (Dinero III's 4 was one) */
        static const int label[] = {[TR_READ] = 0, [TR_WRITE] = 1, [TR_FLUSH] = -1,
                                    [TR_INVAL] = 5};
        if (label[ref->op] < 0)
            return -1;
        w->len += (size_t)sprintf(p, "%d %llx\n", label[ref->op], (unsigned long long)ref->addr);
    } else {
        w->len += (size_t)sprintf(p, "%c %llx %llx %x %x\n", "RWFV"[ref->op],
                                  (unsigned long long)ref->addr, (unsigned long long)ref->pc,
                                  ref->core, ref->base_id);
    }
    return 0;
}

/* Flush the compressor and close it; 0, or -1 if any write failed. */
static int w_end(trace_writer_t *w)
{
    if (w->fmt == TF_BINARY) { /* the end record: op BIN_END, address = records before it */
        unsigned char *b = w->buf + w->len;
        memset(b, 0, BIN_RECORD);
        for (int i = 0; i < 8; i++)
            b[i] = (unsigned char)(w->records >> (8 * i));
        b[15] = BIN_END;
        w->len += BIN_RECORD;
    }
    w_flush(w, 1);
    if (w->gz && gzclose(w->gz) != Z_OK && !w->failed)
        w->failed = errno ? errno : EIO;
    w->gz = NULL;
    if (w->zs)
        ZSTD_freeCCtx(w->zs);
    w->zs = NULL;
    return w->failed ? -1 : 0;
}

static void w_free(trace_writer_t *w)
{
    free(w->buf);
    free(w->zbuf);
    free(w);
}

int trace_finish(trace_writer_t *w, char *err, size_t errlen)
{
    int rc = 0;
    if (w_end(w) != 0) {
        snprintf(err, errlen, "%s: write failed: %s", w->path, strerror(w->failed));
        tio_out_abort(w->out);
        rc = -1;
    } else if (tio_out_commit(w->out, err, errlen) != 0) {
        rc = -1;
    }
    w_free(w);
    return rc;
}

void trace_discard(trace_writer_t *w)
{
    if (!w)
        return;
    if (w->gz)
        gzclose(w->gz);
    if (w->zs)
        ZSTD_freeCCtx(w->zs);
    tio_out_abort(w->out);
    w_free(w);
}
