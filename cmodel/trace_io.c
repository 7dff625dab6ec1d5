/* trace_io: raw reads, gzip inflate and zstd streaming decompression behind one read call;
 * output files through a temporary beside the target. */
#define _DEFAULT_SOURCE /* realpath, fchmod */
#include "trace_io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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

/* One read(2) of up to cap bytes: what the input has now, not a full buffer, so a pipe that
 * trickles (a compressor of an endless stream writes a few bytes per block) is decoded as it
 * comes and the readers' limits end it. The count, 0 at the end, -1 with errno set. */
static long raw_read(tio_t *t, unsigned char *buf, size_t cap)
{
    for (;;) {
        ssize_t n = read(fileno(t->f), buf, cap);
        if (n >= 0 || errno != EINTR)
            return (long)n;
    }
}

static int fill_raw(tio_t *t)
{
    if (t->pos < t->len || t->raw_eof)
        return 0;
    t->pos = 0;
    long n = raw_read(t, t->raw, RAW_CAP);
    if (n < 0) {
        t->len = 0;
        snprintf(t->err, sizeof t->err, "read error: %s", strerror(errno));
        return -1;
    }
    t->len = (size_t)n;
    if (n == 0)
        t->raw_eof = 1;
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
    while (t->len < 4 && !t->raw_eof) { /* a pipe may hand out the magic bytes one by one */
        long n = raw_read(t, t->raw + t->len, RAW_CAP - t->len);
        if (n < 0) {
            snprintf(err, errlen, "trace = %s: read error: %s", path, strerror(errno));
            goto fail;
        }
        t->raw_eof = n == 0;
        t->len += (size_t)n;
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
        long n = raw_read(t, buf, cap);
        if (n < 0) {
            snprintf(t->err, sizeof t->err, "read error: %s", strerror(errno));
            return -1;
        }
        if (n == 0)
            t->raw_eof = 1;
        return n;
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

/* ---- inputs read more than once --------------------------------------------------------- */

static const char *file_kind(mode_t m)
{
    return S_ISFIFO(m) ? "a pipe or FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket"
         : S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* One input's identity for tio_inputs_check: the file (device, inode; "-": what stdin is);
 * inputs that do not exist are left out. */
typedef struct in_key {
    dev_t dev;
    ino_t ino;
    mode_t mode;
    size_t i;            /* index of the input */
} in_key_t;

static int key_cmp(const void *a, const void *b)
{
    const in_key_t *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    if (x->ino != y->ino)
        return x->ino < y->ino ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

int tio_inputs_check(const tio_input_t *in, size_t n, char *err, size_t errlen)
{
    in_key_t *k = calloc(n ? n : 1, sizeof *k);
    size_t m = 0, dashes = 0, dash_reads = 0, first_dash = 0;
    int rc = 0;
    if (!k) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) { /* stat never opens: a FIFO is not waited on */
        struct stat st;
        int dash = !strcmp(in[i].path, "-");
        if (dash) {
            first_dash = dashes++ ? first_dash : i;
            dash_reads += in[i].reads;
        }
        if (dash ? fstat(0, &st) != 0 : stat(in[i].path, &st) != 0)
            continue; /* missing: its open says so */
        k[m++] = (in_key_t){st.st_dev, st.st_ino, st.st_mode, i};
    }
    if (dashes > 1 || dash_reads > 1) { /* stdin itself read twice, whatever it is */
        snprintf(err, errlen, "%s -: stdin is read %s (%s); standard input can be read once: "
                 "save it to a file", in[first_dash].role,
                 dashes > 1 ? "by more than one input" : "more than once",
                 dashes > 1 ? "- given more than once"
                 : in[first_dash].why ? in[first_dash].why : "re-read");
        rc = -1;
    }
    qsort(k, m, sizeof *k, key_cmp); /* the names of one file side by side, in input order */
    for (size_t g = 0; g < m && rc == 0;) {
        size_t e = g, reads = 0;
        for (; e < m && k[e].dev == k[g].dev && k[e].ino == k[g].ino; e++)
            reads += in[k[e].i].reads;
        const tio_input_t *a = &in[k[g].i];
        int several = e - g > 1;
        if (reads > 1 && !S_ISREG(k[g].mode)) { /* a pipe as "-" and as /dev/stdin, too */
            snprintf(err, errlen, "%s %s: is %s and would be read %s (%s); an input read more "
                     "than once must be a regular file (a pipe, FIFO or device gives its data "
                     "once)", a->role, a->path, file_kind(k[g].mode),
                     several ? "by more than one input" : "more than once",
                     several ? "given more than once" : a->why ? a->why : "re-read");
            rc = -1;
        }
        g = e;
    }
    free(k);
    return rc;
}

/* ---- output files --------------------------------------------------------------------- */

#define TMP_TAG ".cachesim-tmp-"  /* temporaries are DIR/.NAME.cachesim-tmp-PID */
#define OUT_SLOTS 4               /* temporaries open at once (cachesim uses one) */

struct tio_out {
    FILE *f;                /* the stream handed out */
    int slot;               /* index in tmp_slots, -1 when written directly */
    char target[PATH_MAX];  /* the file replaced on commit (symbolic link resolved) */
    char shown[PATH_MAX];   /* the path as the user gave it, for messages */
};

/* Temporaries to remove if a signal ends the process: written before the file is created,
 * cleared after it is renamed or removed, read by the handler only. */
static struct {
    volatile sig_atomic_t used;
    char path[PATH_MAX];
} tmp_slots[OUT_SLOTS];

static void on_fatal_signal(int sig)
{
    for (int i = 0; i < OUT_SLOTS; i++)
        if (tmp_slots[i].used)
            unlink(tmp_slots[i].path);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Remove temporaries on SIGINT, SIGTERM and SIGHUP (kept ignored if they were ignored). */
static void install_handlers(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
}

/* Remove DIR/.BASE.cachesim-tmp-PID left by processes that no longer exist (SIGKILL, crash). */
static void clean_stale(const char *dir, const char *base)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t blen = strlen(base), tlen = strlen(TMP_TAG);
    for (struct dirent *e; (e = readdir(d));) {
        const char *n = e->d_name;
        if (n[0] != '.' || strncmp(n + 1, base, blen) || strncmp(n + 1 + blen, TMP_TAG, tlen))
            continue;
        const char *p = n + 1 + blen + tlen;
        long pid = 0;
        int digits = 0;
        for (; *p >= '0' && *p <= '9' && digits < 9; p++, digits++)
            pid = pid * 10 + (*p - '0');
        if (*p || !digits || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* that process still runs (or is not ours to judge) */
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, n) < (int)sizeof path)
            unlink(path);
    }
    closedir(d);
}

/* The descriptor a name stands for (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N),
 * or -1. Reopening such a name would start at offset 0 and lose the shell's O_APPEND. */
static int fd_name(const char *path)
{
    if (!strcmp(path, "/dev/stdout"))
        return 1;
    if (!strcmp(path, "/dev/stderr"))
        return 2;
    const char *p = !strncmp(path, "/dev/fd/", 8) ? path + 8
                  : !strncmp(path, "/proc/self/fd/", 14) ? path + 14 : NULL;
    int fd = 0, digits = 0;
    for (; p && *p >= '0' && *p <= '9' && digits < 6; p++, digits++)
        fd = fd * 10 + (*p - '0');
    return p && !*p && digits ? fd : -1;
}

tio_out_t *tio_out_open(const char *path, char *err, size_t errlen)
{
    tio_out_t *o = calloc(1, sizeof *o);
    int fd = -1;
    if (!o) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    o->slot = -1;
    snprintf(o->shown, sizeof o->shown, "%s", strcmp(path, "-") ? path : "standard output");
    if (!strcmp(path, "-")) {
        o->f = stdout;
        return o;
    }
    struct stat st, lst;
    int exists = stat(path, &st) == 0;
    if (!exists && lstat(path, &lst) == 0) {
        snprintf(err, errlen, "%s: a symbolic link to a missing file; not written", path);
        goto fail;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", path);
        goto fail;
    }
    /* device, FIFO, socket, or a /dev or /proc name (/dev/stdout redirected to a file is
     * that file's descriptor, not a file to replace): written in place, through the
     * inherited descriptor when the name is one */
    if (exists && (!S_ISREG(st.st_mode) || !strncmp(path, "/dev/", 5) ||
                   !strncmp(path, "/proc/", 6))) {
        int inherited = fd_name(path);
        fd = inherited >= 0 ? dup(inherited) : open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
            snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
            goto fail;
        }
        return o;
    }
    if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        if (!realpath(path, o->target)) {
            snprintf(err, errlen, "%s: cannot resolve the symbolic link: %s", path,
                     strerror(errno));
            goto fail;
        }
    } else if (snprintf(o->target, sizeof o->target, "%s", path) >= (int)sizeof o->target) {
        snprintf(err, errlen, "%s: path too long", path);
        goto fail;
    }
    char dir[PATH_MAX];
    const char *slash = strrchr(o->target, '/'), *base = slash ? slash + 1 : o->target;
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == o->target)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - o->target), o->target);
    if (!*base) {
        snprintf(err, errlen, "%s: not a file name", path);
        goto fail;
    }
    clean_stale(dir, base);
    for (int i = 0; i < OUT_SLOTS && o->slot < 0; i++)
        if (!tmp_slots[i].used)
            o->slot = i;
    if (o->slot < 0) {
        snprintf(err, errlen, "%s: too many outputs open", path);
        goto fail;
    }
    char *tmp = tmp_slots[o->slot].path;
    if (snprintf(tmp, PATH_MAX, "%s/.%s" TMP_TAG "%ld", dir, base, (long)getpid()) >= PATH_MAX) {
        snprintf(err, errlen, "%s: path too long", path);
        o->slot = -1;
        goto fail;
    }
    for (int i = 0; i < OUT_SLOTS; i++)
        if (tmp_slots[i].used && !strcmp(tmp_slots[i].path, tmp)) {
            snprintf(err, errlen, "%s: already being written by this run", path);
            o->slot = -1;
            goto fail;
        }
    install_handlers();
    tmp_slots[o->slot].used = 1;
    unlink(tmp); /* our own pid: a leftover of an earlier process with this pid */
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create a temporary file beside it: %s", path,
                 strerror(errno));
        tmp_slots[o->slot].used = 0;
        o->slot = -1;
        goto fail;
    }
    if (exists)
        (void)fchmod(fd, st.st_mode & 07777); /* keep the replaced file's permissions */
    if (!(o->f = fdopen(fd, "wb"))) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        goto fail;
    }
    return o;
fail:
    if (fd >= 0)
        close(fd);
    if (o->slot >= 0) {
        unlink(tmp_slots[o->slot].path);
        tmp_slots[o->slot].used = 0;
    }
    free(o);
    return NULL;
}

FILE *tio_out_file(tio_out_t *o) { return o->f; }

int tio_out_direct(const tio_out_t *o) { return o->slot < 0; }

/* Close the stream; 0, or -1 with errno set. */
static int out_close(tio_out_t *o)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno;
    if (o->slot >= 0 && !bad && fsync(fileno(o->f)) != 0) {
        bad = 1;
        e = errno;
    }
    if (o->f != stdout && fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (o->f == stdout)
        clearerr(stdout); /* reported here: not again by the check at exit (closeout.h) */
    o->f = NULL;
    errno = e;
    return bad ? -1 : 0;
}

int tio_out_commit(tio_out_t *o, char *err, size_t errlen)
{
    int rc = 0;
    if (out_close(o) != 0) {
        snprintf(err, errlen, "%s: write failed: %s", o->shown, strerror(errno ? errno : EIO));
        rc = -1;
    } else if (o->slot >= 0 && rename(tmp_slots[o->slot].path, o->target) != 0) {
        snprintf(err, errlen, "%s: cannot rename the temporary file over it: %s", o->shown,
                 strerror(errno));
        rc = -1;
    }
    if (o->slot >= 0) {
        if (rc != 0)
            unlink(tmp_slots[o->slot].path);
        tmp_slots[o->slot].used = 0;
    }
    free(o);
    return rc;
}

void tio_out_abort(tio_out_t *o)
{
    if (!o)
        return;
    if (o->f && o->f != stdout)
        fclose(o->f);
    else if (o->f && fflush(o->f) != 0)
        clearerr(o->f); /* the run failed already: its error is the one reported */
    if (o->slot >= 0) {
        unlink(tmp_slots[o->slot].path);
        tmp_slots[o->slot].used = 0;
    }
    free(o);
}
