/* accel_list: a kernelslist.g or one kernel trace, read kernel by kernel through trace_accel
 * over trace_io streams (the bytes read to tell the file's kind are handed on first). */
#define _GNU_SOURCE /* fopencookie, to hand trace_accel a FILE * over a trace_io stream */
#include "accel_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "trace_io.h"

#define PEEK_CAP 4096            /* bytes read to tell what a file holds */
#define LIST_MAX (64u << 20)     /* longest kernelslist.g read, bytes */
#define LIST_LINE_MAX 4096       /* longest kernelslist.g line, bytes (checked while reading) */

enum { ST_READING = 0, ST_DONE = 1, ST_FAILED = -1 };

/* One kernel trace being read: a trace_io stream whose first bytes were already taken. */
typedef struct accel_src {
    tio_t *io;                /* NULL when closed */
    unsigned char *peek;      /* peek[pos .. len): bytes taken, not yet handed on */
    size_t pos, len;
    FILE *f;                  /* fopencookie over this source */
    accel_reader_t *r;        /* the reader over f */
    char io_err[256];         /* the stream's read error, "" when none */
} accel_src_t;

struct accel_list {
    accel_opts_t opts;
    char **name;              /* [n] kernel names as listed (a kernel trace: its path) */
    char **path;              /* [n] the paths opened */
    unsigned *line;           /* [n] list line naming kernel k, 0 for a kernel trace */
    uint64_t *tbs;            /* [n] thread blocks read */
    uint64_t *overflows;      /* [n] instructions whose region found every base id taken */
    unsigned n, cap;
    uint64_t memcpys;         /* MemcpyHtoD lines */
    accel_region_t *copy;     /* [memcpys] their ranges, in list order */
    unsigned *copy_before;    /* [memcpys] kernels listed before each */
    size_t copy_cap;
    unsigned cur;             /* the kernel being read (n: none left) */
    int begun;                /* kernel cur's begin was reported */
    accel_src_t src;          /* kernel cur's stream, when open */
    int state;                /* ST_READING, ST_DONE or ST_FAILED */
    char err[768];
};

/* ---- sources ---------------------------------------------------------------------------- */

static ssize_t src_read(void *c, char *out, size_t size)
{
    accel_src_t *s = c;
    if (s->pos < s->len) {
        size_t n = s->len - s->pos < size ? s->len - s->pos : size;
        memcpy(out, s->peek + s->pos, n);
        s->pos += n;
        return (ssize_t)n;
    }
    long n = tio_read(s->io, (unsigned char *)out, size);
    if (n < 0) {
        snprintf(s->io_err, sizeof s->io_err, "%s", tio_error(s->io));
        return -1;
    }
    return n;
}

static void src_close(accel_src_t *s)
{
    accel_close(s->r);
    if (s->f)
        fclose(s->f);
    tio_close(s->io);
    free(s->peek);
    memset(s, 0, sizeof *s);
}

/* Hand the open stream s->io (with s->peek) to a new reader. 0, or -1 with err set. */
static int src_start(accel_src_t *s, const accel_opts_t *o, char *err, size_t errlen)
{
    cookie_io_functions_t io = {src_read, NULL, NULL, NULL};
    if (!(s->f = fopencookie(s, "r", io))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return (s->r = accel_open_opts(s->f, o, err, errlen)) ? 0 : -1;
}

/* Read up to PEEK_CAP bytes of s->io into s->peek (fewer only at the end of the stream).
 * 0, or -1 with err set. */
static int src_peek(accel_src_t *s, char *err, size_t errlen)
{
    if (!(s->peek = malloc(PEEK_CAP))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    while (s->len < PEEK_CAP) {
        long n = tio_read(s->io, s->peek + s->len, PEEK_CAP - s->len);
        if (n < 0) {
            snprintf(err, errlen, "%s", tio_error(s->io));
            return -1;
        }
        if (n == 0)
            break;
        s->len += (size_t)n;
    }
    return 0;
}

/* ---- telling the kind ----------------------------------------------------------------------- */

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static int is_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c) || c == '_'; }

/* What n bytes from the start of a file hold (accel_list.h): "#" comment lines and blanks are
 * skipped, as trace_open's detection does. */
static accel_sniff_t classify(const unsigned char *b, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && is_space(b[i]))
            i++;
        if (i < n && b[i] == '#') {
            while (i < n && b[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    if (i == n)
        return ACCEL_SNIFF_OTHER;
    if (b[i] == '-')
        return ACCEL_SNIFF_TRACE;
    if (n - i >= 6 && !memcmp(b + i, "kernel", 6))
        return ACCEL_SNIFF_LIST;
    size_t k = i;
    while (k < n && is_alnum(b[k]))
        k++;
    return is_alpha(b[i]) && k < n && b[k] == ',' ? ACCEL_SNIFF_LIST : ACCEL_SNIFF_OTHER;
}

int accel_list_sniff(const char *path, accel_sniff_t *kind, char *err, size_t errlen)
{
    struct stat st;
    *kind = ACCEL_SNIFF_OTHER;
    if (!strcmp(path, "-") || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0; /* not read: the caller's own open reports a missing file */
    accel_src_t s;
    memset(&s, 0, sizeof s);
    if (!(s.io = tio_open(path, err, errlen)))
        return -1;
    char e[256];
    int rc = src_peek(&s, e, sizeof e);
    if (rc == 0)
        *kind = classify(s.peek, s.len);
    else
        snprintf(err, errlen, "trace = %s: %s", path, e);
    src_close(&s);
    return rc;
}

/* ---- the list ------------------------------------------------------------------------------- */

/* Append kernel `name` (`len` bytes) from list line `line` (0: not a list); its path is
 * dir[0 .. dir_len) (the list's directory with its '/', or empty) then the name. 0, or -1 out
 * of memory. */
static int add_kernel(accel_list_t *l, const char *name, size_t len, const char *dir,
                      size_t dir_len, unsigned line)
{
    if (l->n == l->cap) {
        unsigned c = l->cap ? l->cap * 2 : 8;
        char **nm = realloc(l->name, c * sizeof *nm);
        if (nm)
            l->name = nm;
        char **p = realloc(l->path, c * sizeof *p);
        if (p)
            l->path = p;
        unsigned *ln = realloc(l->line, c * sizeof *ln);
        if (ln)
            l->line = ln;
        uint64_t *t = realloc(l->tbs, c * sizeof *t);
        if (t)
            l->tbs = t;
        uint64_t *o = realloc(l->overflows, c * sizeof *o);
        if (o)
            l->overflows = o;
        if (!nm || !p || !ln || !t || !o)
            return -1;
        l->cap = c;
    }
    char *nm = malloc(len + 1), *p = malloc(dir_len + len + 1);
    if (!nm || !p) {
        free(nm);
        free(p);
        return -1;
    }
    memcpy(nm, name, len);
    nm[len] = '\0';
    if (dir_len)
        memcpy(p, dir, dir_len);
    memcpy(p + dir_len, nm, len + 1);
    l->name[l->n] = nm;
    l->path[l->n] = p;
    l->line[l->n] = line;
    l->overflows[l->n] = 0;
    l->tbs[l->n++] = 0;
    return 0;
}

/* "Name,<hex address>,<decimal bytes>" (blanks allowed around fields): 1, with *memcpy_htod
 * set for a MemcpyHtoD and *rg its range (bytes saturating at 2^64 - 1); 0 when not of that
 * form. */
static int api_record(const char *s, size_t n, int *memcpy_htod, accel_region_t *rg)
{
    size_t i = 0, f0;
    while (i < n && is_alnum((unsigned char)s[i]))
        i++;
    f0 = i;
    if (f0 == 0 || !is_alpha((unsigned char)s[0]) || i == n || s[i++] != ',')
        return 0;
    while (i < n && is_space((unsigned char)s[i]))
        i++;
    if (i + 1 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
        i += 2;
    size_t d = i;
    rg->start = rg->bytes = 0;
    while (i < n && (is_digit((unsigned char)s[i]) || ((s[i] | 0x20) >= 'a' &&
                                                      (s[i] | 0x20) <= 'f'))) {
        rg->start = rg->start << 4 | (uint64_t)(is_digit((unsigned char)s[i])
                                                    ? s[i] - '0' : (s[i] | 0x20) - 'a' + 10);
        i++;
    }
    if (i == d || i - d > 16)
        return 0;
    while (i < n && is_space((unsigned char)s[i]))
        i++;
    if (i == n || s[i++] != ',')
        return 0;
    while (i < n && is_space((unsigned char)s[i]))
        i++;
    d = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        unsigned dg = (unsigned)(s[i] - '0');
        rg->bytes = rg->bytes > (UINT64_MAX - dg) / 10 ? UINT64_MAX : rg->bytes * 10 + dg;
        i++;
    }
    if (i == d || i - d > 20)
        return 0;
    while (i < n && is_space((unsigned char)s[i]))
        i++;
    if (i != n)
        return 0;
    *memcpy_htod = f0 == 10 && !memcmp(s, "MemcpyHtoD", 10);
    return 1;
}

/* Keep a MemcpyHtoD's range, listed after l->n kernels. 0, or -1 out of memory. */
static int add_copy(accel_list_t *l, const accel_region_t *rg)
{
    if (l->memcpys == l->copy_cap) {
        size_t c = l->copy_cap ? l->copy_cap * 2 : 8;
        accel_region_t *g = realloc(l->copy, c * sizeof *g);
        if (g)
            l->copy = g;
        unsigned *b = realloc(l->copy_before, c * sizeof *b);
        if (b)
            l->copy_before = b;
        if (!g || !b)
            return -1;
        l->copy_cap = c;
    }
    l->copy[l->memcpys] = *rg;
    l->copy_before[l->memcpys++] = l->n;
    return 0;
}

/* A kernel name s[0 .. n) names a file inside the list's folder: relative, no ".."
 * component (docs/cachesim.md: a list never reaches a file outside its folder by name). */
static int inside_folder(const char *s, size_t n)
{
    if (n == 0 || s[0] == '/')
        return 0;
    for (size_t i = 0; i < n;) {
        size_t k = i;
        while (k < n && s[k] != '/')
            k++;
        if (k - i == 2 && s[i] == '.' && s[i + 1] == '.')
            return 0;
        i = k + 1;
    }
    return 1;
}

/* Parse the whole list text b[0 .. n) of `path`. 0, or -1 with err set ("line N: ..."). */
static int parse_list(accel_list_t *l, const char *path, const char *b, size_t n, char *err,
                      size_t errlen)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0; /* with the '/' */
    unsigned line = 0;
    for (size_t i = 0; i < n;) {
        const char *s = b + i;
        const char *nl = memchr(s, '\n', n - i);
        size_t len = nl ? (size_t)(nl - s) : n - i;
        i += len + (nl ? 1 : 0);
        line++;
        if (memchr(s, '\0', len)) {
            snprintf(err, errlen, "line %u: NUL byte in a text line", line);
            return -1;
        }
        while (len && is_space((unsigned char)s[0])) {
            s++;
            len--;
        }
        while (len && is_space((unsigned char)s[len - 1]))
            len--;
        if (!len)
            continue;
        int htod = 0;
        accel_region_t rg;
        if (len >= 6 && !memcmp(s, "kernel", 6) && !memchr(s, ',', len)) {
            if (!inside_folder(s, len)) {
                snprintf(err, errlen, "line %u: kernel \"%.*s\": not allowed; allowed: a path "
                         "inside the list's folder (relative, no \"..\" component), as "
                         "Accel-Sim's tracer writes (kernel-N.traceg)", line,
                         (int)(len < 60 ? len : 60), s);
                return -1;
            }
            if (add_kernel(l, s, len, path, dir_len, line) != 0) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        } else if (api_record(s, len, &htod, &rg)) {
            if (htod && add_copy(l, &rg) != 0) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        } else {
            snprintf(err, errlen, "line %u: \"%.*s\": expected a kernel trace name "
                     "(kernel-N.traceg) or a CUDA API record such as MemcpyHtoD,<hex "
                     "address>,<bytes>", line, (int)(len < 60 ? len : 60), s);
            return -1;
        }
    }
    if (l->n == 0) {
        snprintf(err, errlen, "line %u: no kernel listed (an empty trace); a kernelslist.g "
                 "names kernel traces (kernel-N.traceg lines)", line ? line : 1);
        return -1;
    }
    return 0;
}

/* Check list bytes b[from .. to) as they arrive: no NUL byte, no line over LIST_LINE_MAX
 * (*line and *col: the line being read and its length so far). 0, or -1 with err set. */
static int list_scan(const char *b, size_t from, size_t to, unsigned *line, size_t *col,
                     char *err, size_t errlen)
{
    for (size_t i = from; i < to; i++) {
        if (b[i] == '\n') {
            ++*line;
            *col = 0;
            continue;
        }
        if (b[i] == '\0') {
            snprintf(err, errlen, "line %u: NUL byte in a text line", *line);
            return -1;
        }
        if (++*col > LIST_LINE_MAX) {
            snprintf(err, errlen, "line %u: longer than %u bytes (not a kernelslist.g?)", *line,
                     LIST_LINE_MAX);
            return -1;
        }
    }
    return 0;
}

/* Read all of s (peeked bytes, then the stream) into *out (malloc'd, *n bytes), its limits
 * (LIST_MAX, LIST_LINE_MAX, no NUL) applied while reading: an endless stream ends at the
 * first limit. 0, or -1 with err set. */
static int slurp(accel_src_t *s, char **out, size_t *n, char *err, size_t errlen)
{
    size_t cap = s->len > 4096 ? s->len * 2 : 8192, len = s->len, col = 0;
    unsigned line = 1;
    char *b = malloc(cap);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(b, s->peek, s->len);
    if (list_scan(b, 0, len, &line, &col, err, errlen) != 0)
        goto fail;
    for (;;) {
        if (len == cap) {
            char *q = cap < LIST_MAX ? realloc(b, cap * 2) : NULL;
            if (!q) {
                snprintf(err, errlen, "longer than %u bytes (not a kernelslist.g?)", LIST_MAX);
                goto fail;
            }
            b = q;
            cap *= 2;
        }
        long k = tio_read(s->io, (unsigned char *)b + len, cap - len);
        if (k < 0) {
            snprintf(err, errlen, "%s", tio_error(s->io));
            goto fail;
        }
        if (k == 0)
            break;
        if (list_scan(b, len, len + (size_t)k, &line, &col, err, errlen) != 0)
            goto fail;
        len += (size_t)k;
    }
    *out = b;
    *n = len;
    return 0;
fail:
    free(b);
    return -1;
}

/* ---- public interface ----------------------------------------------------------------------- */

accel_list_t *accel_list_open(const char *path, const accel_opts_t *o, char *err,
                              size_t errlen)
{
    char e[512];
    accel_list_t *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "trace = %s: out of memory", path);
        return NULL;
    }
    l->opts = *o;
    l->opts.regions = NULL; /* the list's copies are the known allocations (accel_list.h) */
    l->opts.nregions = 0;
    if (!(l->src.io = tio_open(path, err, errlen)))
        goto fail_quiet;
    if (src_peek(&l->src, e, sizeof e) != 0)
        goto fail;
    if (classify(l->src.peek, l->src.len) == ACCEL_SNIFF_LIST) {
        char *b;
        size_t n;
        if (slurp(&l->src, &b, &n, e, sizeof e) != 0)
            goto fail;
        src_close(&l->src);
        int rc = parse_list(l, path, b, n, e, sizeof e);
        free(b);
        if (rc != 0)
            goto fail;
        /* the options, checked by trace_accel's own rules now rather than at kernel 1 (a
         * reader reads nothing when opened) */
        accel_reader_t *r = accel_open_opts(stdin, o, e, sizeof e);
        if (!r)
            goto fail;
        accel_close(r);
    } else { /* a kernel trace (anything else: its reader says what is wrong) */
        if (add_kernel(l, path, strlen(path), NULL, 0, 0) != 0) {
            snprintf(e, sizeof e, "out of memory");
            goto fail;
        }
        if (src_start(&l->src, &l->opts, e, sizeof e) != 0)
            goto fail;
    }
    return l;
fail:
    snprintf(err, errlen, "trace = %s: %s", path, e);
fail_quiet:
    accel_list_close(l);
    return NULL;
}

/* Fail with the error of kernel cur: "kernel PATH (list line N): what". */
static int kernel_fail(accel_list_t *l, const char *what)
{
    if (l->line[l->cur])
        snprintf(l->err, sizeof l->err, "kernel %s (list line %u): %s", l->path[l->cur],
                 l->line[l->cur], what);
    else
        snprintf(l->err, sizeof l->err, "%s", what);
    l->state = ST_FAILED;
    return -1;
}

/* Open kernel cur of a list. 0, or -1 (failed). */
static int open_kernel(accel_list_t *l)
{
    char e[512];
    const char *p = l->path[l->cur];
    if (!(l->src.io = tio_open(p, e, sizeof e))) {
        /* tio names the file as "trace = PATH: "; the kernel is named already */
        size_t k = strlen("trace = ") + strlen(p) + 2;
        return kernel_fail(l, strlen(e) > k && !strncmp(e, "trace = ", 8) ? e + k : e);
    }
    accel_opts_t o = l->opts; /* the copies listed before kernel cur (accel_list.h) */
    o.regions = l->copy;
    for (o.nregions = 0; o.nregions < l->memcpys && l->copy_before[o.nregions] <= l->cur;)
        o.nregions++;
    if (src_start(&l->src, &o, e, sizeof e) != 0)
        return kernel_fail(l, e);
    return 0;
}

int accel_list_next(accel_list_t *l, accel_ref_t *out)
{
    if (!l || l->state == ST_FAILED)
        return -1;
    while (l->state == ST_READING) {
        if (l->cur == l->n) {
            l->state = ST_DONE;
            break;
        }
        if (!l->begun) {
            if (!l->src.r && open_kernel(l) != 0)
                return -1;
            l->begun = 1;
            out->kernel = l->cur;
            return 2;
        }
        int rc = accel_next_ref(l->src.r, out);
        l->tbs[l->cur] = accel_tbs(l->src.r);
        l->overflows[l->cur] = accel_base_overflows(l->src.r);
        if (rc == 1) {
            out->kernel = l->cur;
            return 1;
        }
        if (rc < 0) {
            char e[512];
            snprintf(e, sizeof e, "%s%s%s", accel_error(l->src.r), l->src.io_err[0] ? ": " : "",
                     l->src.io_err);
            return kernel_fail(l, e);
        }
        src_close(&l->src);
        l->cur++;
        l->begun = 0;
    }
    return 0;
}

unsigned accel_list_kernels(const accel_list_t *l) { return l->n; }
char **accel_list_copy_names(const accel_list_t *l)
{
    char **names = calloc(l->n, sizeof *names);
    for (unsigned k = 0; names && k < l->n; k++)
        if (!(names[k] = strdup(l->name[k]))) {
            accel_names_free(names, k);
            return NULL;
        }
    return names;
}

void accel_names_free(char **names, unsigned n)
{
    for (unsigned k = 0; names && k < n; k++)
        free(names[k]);
    free(names);
}
uint64_t accel_list_tbs(const accel_list_t *l, unsigned k) { return l->tbs[k]; }
uint64_t accel_list_memcpys(const accel_list_t *l) { return l->memcpys; }
uint64_t accel_list_base_overflows(const accel_list_t *l, unsigned k) { return l->overflows[k]; }
const char *accel_list_error(const accel_list_t *l) { return l ? l->err : "no workload"; }

void accel_list_close(accel_list_t *l)
{
    if (!l)
        return;
    src_close(&l->src);
    for (unsigned k = 0; k < l->n; k++) {
        free(l->name[k]);
        free(l->path[k]);
    }
    free(l->name);
    free(l->path);
    free(l->line);
    free(l->tbs);
    free(l->overflows);
    free(l->copy);
    free(l->copy_before);
    free(l);
}
