/* emit: output directory handling and the line writer behind every generated file. */
#define _POSIX_C_SOURCE 200809L
#include "emit.h"
#include "ident.h"

#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int remove_flat_dir(const char *path)
{
    DIR *dir = opendir(path);
    if (!dir)
        return errno == ENOENT ? 0 : -1;
    struct dirent *de;
    char p[EMIT_PATH_MAX + 256];
    while ((de = readdir(dir)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", path, de->d_name);
        unlink(p);
    }
    closedir(dir);
    return rmdir(path);
}

int emit_dir_begin(emit_dir_t *d, const char *outdir, char *err, size_t errlen)
{
    size_t n = strlen(outdir);
    while (n > 1 && outdir[n - 1] == '/')
        n--;
    if (n == 0 || n + 32 >= EMIT_PATH_MAX) {
        snprintf(err, errlen, "-o = %s: not a usable output directory path", outdir);
        return -1;
    }
    snprintf(d->final_path, sizeof d->final_path, "%.*s", (int)n, outdir);
    snprintf(d->tmp_path, sizeof d->tmp_path, "%s.tmp-%ld", d->final_path, (long)getpid());
    remove_flat_dir(d->tmp_path);
    if (mkdir(d->tmp_path, 0777) != 0) {
        snprintf(err, errlen, "-o = %s: cannot create %s: %s", outdir, d->tmp_path,
                 strerror(errno));
        return -1;
    }
    return 0;
}

void emit_dir_abort(emit_dir_t *d) { remove_flat_dir(d->tmp_path); }

int emit_dir_commit(emit_dir_t *d, char *err, size_t errlen)
{
    struct stat st;
    char old[EMIT_PATH_MAX + 32], marker[EMIT_PATH_MAX + 64];
    if (stat(d->final_path, &st) == 0) {
        snprintf(marker, sizeof marker, "%s/%s", d->final_path, EMIT_MANIFEST);
        if (!S_ISDIR(st.st_mode) || access(marker, F_OK) != 0) {
            snprintf(err, errlen,
                     "-o = %s: exists and is not a cachegen output directory; "
                     "allowed: a new path or an earlier cachegen output",
                     d->final_path);
            emit_dir_abort(d);
            return -1;
        }
        snprintf(old, sizeof old, "%s.old-%ld", d->final_path, (long)getpid());
        if (rename(d->final_path, old) != 0) {
            snprintf(err, errlen, "-o = %s: cannot move the old output aside: %s",
                     d->final_path, strerror(errno));
            emit_dir_abort(d);
            return -1;
        }
        if (rename(d->tmp_path, d->final_path) != 0) {
            snprintf(err, errlen, "-o = %s: cannot rename into place: %s", d->final_path,
                     strerror(errno));
            rename(old, d->final_path);
            emit_dir_abort(d);
            return -1;
        }
        remove_flat_dir(old);
        return 0;
    }
    if (rename(d->tmp_path, d->final_path) != 0) {
        snprintf(err, errlen, "-o = %s: cannot rename into place: %s", d->final_path,
                 strerror(errno));
        emit_dir_abort(d);
        return -1;
    }
    return 0;
}

int emit_open(emit_t *e, const emit_dir_t *d, const char *name, char *err, size_t errlen)
{
    char p[EMIT_PATH_MAX + 256];
    snprintf(p, sizeof p, "%s/%s", d->tmp_path, name);
    e->indent = 0;
    e->failed = 0;
    e->f = fopen(p, "w");
    if (!e->f) {
        snprintf(err, errlen, "cannot write %s: %s", p, strerror(errno));
        return -1;
    }
    return 0;
}

int emit_close(emit_t *e, char *err, size_t errlen)
{
    assert(e->indent == 0); /* every emit_in has its emit_out */
    int bad = e->failed | ferror(e->f);
    if (fclose(e->f) != 0)
        bad = 1;
    e->f = NULL;
    if (bad) {
        snprintf(err, errlen, "write error while generating output");
        return -1;
    }
    return 0;
}

void emit_line(emit_t *e, const char *fmt, ...)
{
    char buf[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert(n >= 0 && (size_t)n < sizeof buf);
    assert(n == 0 || buf[n - 1] != ' ');  /* no trailing spaces */
    assert(!strchr(buf, '\t') && !strchr(buf, '\n'));
    if (n > 0)
        for (int i = 0; i < e->indent * 2; i++)
            fputc(' ', e->f);
    fputs(buf, e->f);
    fputc('\n', e->f);
}

void emit_blank(emit_t *e) { fputc('\n', e->f); }
void emit_raw(emit_t *e, const char *text) { fputs(text, e->f); }
void emit_in(emit_t *e) { e->indent++; }
void emit_out(emit_t *e)
{
    assert(e->indent > 0);
    e->indent--;
}

#define RING 16
static char ring[RING][BV_MAX_BITS / 4 + 32];
static unsigned ring_next;

static char *ring_buf(void) { return ring[ring_next++ % RING]; }

/* Any width: up to 16 bits in decimal, wider in hex through the bit-vector formatter. A value
 * is at most 64 bits, so every bit at or above 64 is zero however wide the constant. */
const char *emit_const(unsigned width, unsigned long long value)
{
    assert(width >= 1);
    assert(width >= 64 || value < (1ULL << width));
    if (width <= 16) {
        char *b = ring_buf();
        snprintf(b, sizeof ring[0], "%u'd%llu", width, value);
        return b;
    }
    bv_t v;
    bv_zero(&v);
    v.w[0] = value;
    return emit_const_bv(width, &v);
}

/* Bits of `v` at or above BV_MAX_BITS read as zero (the vector cannot hold them), so a
 * constant wider than a bv_t, e.g. a 16384-bit switch vector, is still exact. */
const char *emit_const_bv(unsigned width, const bv_t *v)
{
    assert(width >= 1);
    char *b = ring_buf();
    int n = snprintf(b, sizeof ring[0], "%u'h", width);
    unsigned digits = (width + 3) / 4;
    int started = 0;
    for (unsigned d = digits; d-- > 0;) {
        unsigned w = (d * 4 + 4 <= width) ? 4 : width - d * 4;
        unsigned nib = d * 4 < BV_MAX_BITS ? (unsigned)bv_get(v, d * 4, w) : 0;
        if (nib || started || d == 0) {
            b[n++] = "0123456789abcdef"[nib];
            started = 1;
        }
    }
    b[n] = 0;
    return b;
}

const char *emit_range(unsigned width)
{
    char *b = ring_buf();
    assert(width >= 1);
    snprintf(b, sizeof ring[0], "[%u:0] ", width - 1);
    return b;
}

int emit_ident_ok(const char *id) { return ident_ok(id); }
