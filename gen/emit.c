/* emit: output directory handling and the line writer behind every generated file. */
#define _POSIX_C_SOURCE 200809L
#include "emit.h"

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

const char *emit_const(unsigned width, unsigned long long value)
{
    assert(width >= 1 && width <= 64);
    assert(width == 64 || value < (1ULL << width));
    char *b = ring_buf();
    if (width <= 16)
        snprintf(b, sizeof ring[0], "%u'd%llu", width, value);
    else
        snprintf(b, sizeof ring[0], "%u'h%llx", width, value);
    return b;
}

const char *emit_const_bv(unsigned width, const bv_t *v)
{
    char *b = ring_buf();
    int n = snprintf(b, sizeof ring[0], "%u'h", width);
    unsigned digits = (width + 3) / 4;
    int started = 0;
    for (unsigned d = digits; d-- > 0;) {
        unsigned w = (d * 4 + 4 <= width) ? 4 : width - d * 4;
        unsigned nib = (unsigned)bv_get(v, d * 4, w);
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

static const char *const keywords[] = {
    /* Verilog-2005 */
    "always", "and", "assign", "automatic", "begin", "buf", "bufif0", "bufif1", "case", "casex",
    "casez", "cell", "cmos", "config", "deassign", "default", "defparam", "design", "disable",
    "edge", "else", "end", "endcase", "endconfig", "endfunction", "endgenerate", "endmodule",
    "endprimitive", "endspecify", "endtable", "endtask", "event", "for", "force", "forever",
    "fork", "function", "generate", "genvar", "highz0", "highz1", "if", "ifnone", "incdir",
    "include", "initial", "inout", "input", "instance", "integer", "join", "large", "liblist",
    "library", "localparam", "macromodule", "medium", "module", "nand", "negedge", "nmos",
    "nor", "noshowcancelled", "not", "notif0", "notif1", "or", "output", "parameter", "pmos",
    "posedge", "primitive", "pull0", "pull1", "pulldown", "pullup", "pulsestyle_onevent",
    "pulsestyle_ondetect", "rcmos", "real", "realtime", "reg", "release", "repeat", "rnmos",
    "rpmos", "rtran", "rtranif0", "rtranif1", "scalared", "showcancelled", "signed", "small",
    "specify", "specparam", "strong0", "strong1", "supply0", "supply1", "table", "task", "time",
    "tran", "tranif0", "tranif1", "tri", "tri0", "tri1", "triand", "trior", "trireg", "unsigned",
    "use", "uwire", "vectored", "wait", "wand", "weak0", "weak1", "while", "wire", "wor", "xnor",
    "xor",
    /* C++ */
    "alignas", "alignof", "asm", "auto", "bool", "break", "catch", "char", "class", "const",
    "constexpr", "continue", "decltype", "delete", "do", "double", "enum", "explicit", "export",
    "extern", "false", "float", "friend", "goto", "inline", "int", "long", "mutable",
    "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected", "public",
    "register", "return", "short", "sizeof", "static", "struct", "switch", "template", "this",
    "throw", "true", "try", "typedef", "typeid", "typename", "union", "using", "virtual", "void",
    "volatile", NULL};

int emit_ident_ok(const char *id)
{
    if (!id[0] || !(isalpha((unsigned char)id[0]) || id[0] == '_'))
        return 0;
    for (const char *p = id; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    for (const char *const *k = keywords; *k; k++)
        if (!strcmp(*k, id))
            return 0;
    return 1;
}
