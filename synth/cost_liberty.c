/* cost_liberty: reads one cell of a user's Liberty file, the SRAM macro an output puts its
 * arrays on (sram.macro; docs/ip.md "Your own SRAM macros"): its area, its clock pin's minimum
 * period and its pins with their widths. A small reader of Liberty's syntax (groups
 * `name (args) { ... }`, simple attributes `name : value ;`, complex attributes `name (args) ;`,
 * C comments, quoted strings, backslash-newline), not of any one tool's layout: OpenRAM's
 * `pin(clk0){` and liberty.sh's `pin (clk_i) {` read alike. What it takes:
 *   - library: time_unit ("1ns", "100ps", ...; default 1 ns) and each type group's bit_width;
 *   - the cell's area (the library's area unit, which cost assumes is um^2: cost.h);
 *   - each pin or bus (bus_type's width; a pin `name[3]` counts towards the bus `name`);
 *   - the minimum period: a pin's `min_period : X`, or a timing group with timing_type
 *     minimum_period (its rise_constraint or fall_constraint value, the larger), in ns.
 * Nothing here evaluates expressions or tables beyond a scalar's first value. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"

#define LIB_MAX_BYTES (256u << 20) /* a Liberty file larger than this is refused */
#define LIB_TYPES 256
#define LIB_DEPTH 64               /* groups nested deeper than this are refused */

typedef struct lib_reader {
    const char *s;      /* the file's text, NUL-terminated */
    size_t pos, len;
    int line;           /* line of the current position, for errors */
    int depth;          /* groups being skipped, nested */
    char tok[4096];     /* the current token's text (a string without its quotes) */
    int kind;           /* TOK_* of the current token */
    char err[512];
} lib_reader_t;

enum { TOK_END, TOK_WORD, TOK_STRING, TOK_PUNCT };

/* The next token: a word (any run of characters but blanks, quotes and the punctuation: a name,
 * a number, an unquoted expression's part), a quoted string, or one of ( ) { } : ; , */
static void lib_next(lib_reader_t *r)
{
    for (;;) { /* blanks, comments, line continuations */
        while (r->pos < r->len && (isspace((unsigned char)r->s[r->pos]) || r->s[r->pos] == '\\')) {
            if (r->s[r->pos] == '\n')
                r->line++;
            r->pos++;
        }
        if (r->pos + 1 < r->len && r->s[r->pos] == '/' && r->s[r->pos + 1] == '*') {
            const char *e = strstr(r->s + r->pos + 2, "*/");
            size_t end = e ? (size_t)(e - r->s) + 2 : r->len;
            for (size_t i = r->pos; i < end; i++)
                r->line += r->s[i] == '\n';
            r->pos = end;
            continue;
        }
        break;
    }
    size_t n = 0;
    r->tok[0] = '\0';
    if (r->pos >= r->len) {
        r->kind = TOK_END;
        return;
    }
    char ch = r->s[r->pos];
    if (ch == '"') {
        r->pos++;
        while (r->pos < r->len && r->s[r->pos] != '"') {
            if (r->s[r->pos] == '\n')
                r->line++;
            if (r->s[r->pos] == '\\' && r->pos + 1 < r->len) /* an escaped newline or quote */
                r->pos++;
            if (n + 1 < sizeof r->tok)
                r->tok[n++] = r->s[r->pos];
            r->pos++;
        }
        r->pos++;
        r->tok[n] = '\0';
        r->kind = TOK_STRING;
        return;
    }
    if (strchr("(){}:;,", ch)) {
        r->tok[0] = ch, r->tok[1] = '\0';
        r->pos++;
        r->kind = TOK_PUNCT;
        return;
    }
    while (r->pos < r->len && !isspace((unsigned char)r->s[r->pos]) &&
           !strchr("(){}:;,\"", r->s[r->pos])) {
        if (n + 1 < sizeof r->tok)
            r->tok[n++] = r->s[r->pos];
        r->pos++;
    }
    r->tok[n] = '\0';
    r->kind = TOK_WORD;
}

/* Copies src into dst of n bytes, cut to fit. */
static void lib_copy(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = '\0';
}

static int lib_is(const lib_reader_t *r, const char *punct)
{
    return r->kind == TOK_PUNCT && !strcmp(r->tok, punct);
}

/* One parsed statement: its name, its first argument or value, and whether a group body
 * follows (the reader then stands on the '{'). */
typedef struct lib_stmt {
    char name[128];
    char arg[256];      /* a group's or complex attribute's first argument, a simple one's value */
    char args[1024];    /* a group's arguments, each followed by a blank (`pin (a, b)`: "a b ") */
    int group;          /* 1: a group, its body next */
} lib_stmt_t;

/* Reads one statement; returns 0, 1 at the closing '}' of the enclosing group (consumed) or the
 * end of the file, -1 on a syntax error (r->err set). */
static int lib_stmt(lib_reader_t *r, lib_stmt_t *st)
{
    memset(st, 0, sizeof *st);
    lib_next(r);
    while (lib_is(r, ";"))
        lib_next(r);
    if (r->kind == TOK_END || lib_is(r, "}"))
        return 1;
    if (r->kind != TOK_WORD) {
        snprintf(r->err, sizeof r->err, "line %d: a name expected, '%.40s' found", r->line, r->tok);
        return -1;
    }
    lib_copy(st->name, sizeof st->name, r->tok);
    lib_next(r);
    if (lib_is(r, ":")) { /* name : value [;] */
        lib_next(r);
        if (r->kind != TOK_WORD && r->kind != TOK_STRING) {
            snprintf(r->err, sizeof r->err, "line %d: a value expected after '%s :'", r->line,
                     st->name);
            return -1;
        }
        lib_copy(st->arg, sizeof st->arg, r->tok);
        for (;;) { /* to the ';', which is optional at the end of a line; the rest of an
                      unquoted expression on the value's line is passed over */
            size_t save = r->pos;
            int line = r->line;
            lib_next(r);
            if (lib_is(r, ";"))
                break;
            if (r->line != line || (r->kind != TOK_WORD && r->kind != TOK_STRING)) {
                r->pos = save, r->line = line;
                break;
            }
        }
        return 0;
    }
    if (!lib_is(r, "(")) {
        snprintf(r->err, sizeof r->err, "line %d: ':' or '(' expected after '%s'", r->line,
                 st->name);
        return -1;
    }
    int first = 1;
    for (lib_next(r); !lib_is(r, ")"); lib_next(r)) {
        if (r->kind == TOK_END) {
            snprintf(r->err, sizeof r->err, "line %d: ')' missing after '%s ('", r->line,
                     st->name);
            return -1;
        }
        if (r->kind == TOK_WORD || r->kind == TOK_STRING) {
            if (first)
                lib_copy(st->arg, sizeof st->arg, r->tok);
            first = 0;
            size_t n = strlen(st->args);
            if (n + strlen(r->tok) + 2 <= sizeof st->args)
                snprintf(st->args + n, sizeof st->args - n, "%s ", r->tok);
        }
    }
    size_t save = r->pos;
    int line = r->line;
    lib_next(r);
    if (lib_is(r, "{")) {
        st->group = 1;
        return 0;
    }
    if (!lib_is(r, ";"))
        r->pos = save, r->line = line;
    return 0;
}

/* Skips a group's body (after its '{'), nested groups included, at most LIB_DEPTH deep.
 * Returns 0, -1 on an error. */
static int lib_skip(lib_reader_t *r)
{
    if (++r->depth > LIB_DEPTH) {
        snprintf(r->err, sizeof r->err, "line %d: groups nested more than %d deep", r->line,
                 LIB_DEPTH);
        return -1;
    }
    lib_stmt_t st;
    int rc;
    while ((rc = lib_stmt(r, &st)) == 0)
        if (st.group && lib_skip(r) != 0)
            return -1;
    r->depth--;
    return rc < 0 ? -1 : 0;
}

typedef struct lib_type {
    char name[128];
    int width;
} lib_type_t;

typedef struct lib_ctx {
    lib_reader_t r;
    double time_ns;            /* one time unit in ns */
    lib_type_t types[LIB_TYPES];
    int ntypes;
    cost_macro_lib_t *m;
    int found;
} lib_ctx_t;

/* A scalar table's first value: `values ("0.5")` or `values ("0.5, 0.6")`. */
static int lib_values(lib_ctx_t *x, double *v)
{
    lib_stmt_t st;
    int rc, got = 0;
    while ((rc = lib_stmt(&x->r, &st)) == 0) {
        if (st.group && lib_skip(&x->r) != 0)
            return -1;
        if (!st.group && !strcmp(st.name, "values") && !got)
            *v = strtod(st.arg, NULL), got = 1;
    }
    return rc < 0 ? -1 : got;
}

/* A timing group of a pin: with timing_type minimum_period, its constraint (the larger of rise
 * and fall) raises the pin's minimum period. */
static int lib_timing(lib_ctx_t *x, double *min_period)
{
    lib_stmt_t st;
    int rc, is_period = 0;
    double worst = 0;
    while ((rc = lib_stmt(&x->r, &st)) == 0) {
        if (!st.group) {
            if (!strcmp(st.name, "timing_type") && !strcmp(st.arg, "minimum_period"))
                is_period = 1;
            continue;
        }
        if (!strcmp(st.name, "rise_constraint") || !strcmp(st.name, "fall_constraint")) {
            double v = 0;
            int got = lib_values(x, &v);
            if (got < 0)
                return -1;
            if (got && v > worst)
                worst = v;
        } else if (lib_skip(&x->r) != 0) {
            return -1;
        }
    }
    if (rc < 0)
        return -1;
    if (is_period && worst * x->time_ns > *min_period)
        *min_period = worst * x->time_ns;
    return 0;
}

/* Records pin or bus `name` of the cell (a pin "q[3]" counts one bit towards the bus "q"). */
static void lib_pin_add(lib_ctx_t *x, const char *name, int width, int clock, double period,
                        const char *direction)
{
    cost_macro_lib_t *m = x->m;
    char base[COST_LIB_NAME];
    lib_copy(base, sizeof base, name);
    base[strcspn(base, "[")] = '\0';
    cost_lib_pin_t *p = NULL;
    for (int i = 0; i < m->npins; i++)
        if (!strcmp(m->pins[i].name, base))
            p = &m->pins[i];
    if (!p && m->npins < COST_LIB_PINS) {
        p = &m->pins[m->npins++];
        memset(p, 0, sizeof *p);
        lib_copy(p->name, sizeof p->name, base);
    }
    if (!p)
        return;
    if (strchr(name, '[')) /* one bit of a bus written as pins */
        p->width++;
    else
        p->width = width;
    p->clock |= clock;
    if (direction[0])
        lib_copy(p->direction, sizeof p->direction, direction);
    if (period > m->min_period_ns) {
        m->min_period_ns = period;
        lib_copy(m->period_pin, sizeof m->period_pin, base);
    }
}

/* A pin or bus group of the cell, for each name it lists (`pin (a, b) {...}`): its width (a
 * bus: its bus_type's), direction, clock and minimum period. */
static int lib_pin(lib_ctx_t *x, const char *kind, const char *names)
{
    int width = 1, clock = 0;
    double period = 0;
    char direction[16] = "";
    lib_stmt_t st;
    int rc;
    while ((rc = lib_stmt(&x->r, &st)) == 0) {
        if (st.group) {
            if (!strcmp(st.name, "timing") ? lib_timing(x, &period) != 0 : lib_skip(&x->r) != 0)
                return -1;
        } else if (!strcmp(st.name, "bus_type") && !strcmp(kind, "bus")) {
            width = -1;
            for (int i = 0; i < x->ntypes; i++)
                if (!strcmp(x->types[i].name, st.arg))
                    width = x->types[i].width;
        } else if (!strcmp(st.name, "clock") && !strcmp(st.arg, "true")) {
            clock = 1;
        } else if (!strcmp(st.name, "min_period")) {
            double v = strtod(st.arg, NULL) * x->time_ns;
            if (v > period)
                period = v;
        } else if (!strcmp(st.name, "direction")) {
            lib_copy(direction, sizeof direction, st.arg);
        }
    }
    if (rc < 0)
        return -1;
    char list[1024], *save = NULL;
    lib_copy(list, sizeof list, names);
    for (char *n = strtok_r(list, " ", &save); n; n = strtok_r(NULL, " ", &save))
        lib_pin_add(x, n, width, clock, period, direction);
    return 0;
}

static int lib_cell(lib_ctx_t *x)
{
    lib_stmt_t st;
    int rc;
    while ((rc = lib_stmt(&x->r, &st)) == 0) {
        if (!st.group) {
            if (!strcmp(st.name, "area"))
                x->m->area = strtod(st.arg, NULL), x->m->has_area = 1;
            continue;
        }
        if (!strcmp(st.name, "pin") || !strcmp(st.name, "bus")) {
            if (lib_pin(x, st.name, st.args) != 0)
                return -1;
        } else if (lib_skip(&x->r) != 0) {
            return -1;
        }
    }
    return rc < 0 ? -1 : 0;
}

/* "1ns", "100ps", "1us" as ns; 0 when not a time unit. */
static double lib_time_unit(const char *v)
{
    char *e;
    double n = strtod(v, &e);
    if (e == v)
        n = 1;
    return !strcmp(e, "ns") ? n : !strcmp(e, "ps") ? n / 1000 : !strcmp(e, "us") ? n * 1000 : 0;
}

static int lib_library(lib_ctx_t *x, const char *cell)
{
    lib_stmt_t st;
    int rc;
    while ((rc = lib_stmt(&x->r, &st)) == 0) {
        if (!st.group) {
            if (!strcmp(st.name, "time_unit") && (x->time_ns = lib_time_unit(st.arg)) <= 0) {
                snprintf(x->r.err, sizeof x->r.err, "line %d: time_unit '%s': allowed: a number "
                         "of ps, ns or us", x->r.line, st.arg);
                return -1;
            }
            continue;
        }
        if (!strcmp(st.name, "type")) {
            lib_type_t *t = x->ntypes < LIB_TYPES ? &x->types[x->ntypes++] : NULL;
            lib_stmt_t a;
            if (t)
                lib_copy(t->name, sizeof t->name, st.arg), t->width = -1;
            while ((rc = lib_stmt(&x->r, &a)) == 0) {
                if (a.group && lib_skip(&x->r) != 0)
                    return -1;
                if (t && !a.group && !strcmp(a.name, "bit_width"))
                    t->width = atoi(a.arg);
            }
            if (rc < 0)
                return -1;
        } else if (!strcmp(st.name, "cell") && !strcmp(st.arg, cell) && !x->found) {
            x->found = 1;
            if (lib_cell(x) != 0)
                return -1;
        } else if (lib_skip(&x->r) != 0) {
            return -1;
        }
    }
    return rc < 0 ? -1 : 0;
}

int cost_liberty_macro(const char *path, const char *cell, cost_macro_lib_t *m, char *err,
                       size_t errlen)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 65536 + 1 > cap) {
            if (cap >= LIB_MAX_BYTES) {
                fclose(f);
                free(text);
                snprintf(err, errlen, "%s: larger than %u MiB", path, LIB_MAX_BYTES >> 20);
                return -1;
            }
            cap = cap ? cap * 2 : 1 << 20;
            char *t = realloc(text, cap);
            if (!t) {
                fclose(f);
                free(text);
                snprintf(err, errlen, "%s: out of memory", path);
                return -1;
            }
            text = t;
        }
        size_t n = fread(text + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    text[len] = '\0';
    lib_ctx_t *x = calloc(1, sizeof *x);
    if (!x) {
        free(text);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    x->r.s = text, x->r.len = strlen(text), x->r.line = 1, x->time_ns = 1, x->m = m;
    lib_stmt_t st;
    int rc = lib_stmt(&x->r, &st), ret = 0;
    if (rc != 0 || !st.group || strcmp(st.name, "library") != 0) {
        snprintf(err, errlen, "%s: not a Liberty file (it does not open with a library group)%s%s",
                 path, x->r.err[0] ? ": " : "", x->r.err);
        ret = -3;
    } else if (lib_library(x, cell) != 0) {
        snprintf(err, errlen, "%s: %s", path, x->r.err);
        ret = -3;
    } else if (!x->found) {
        snprintf(err, errlen, "%s has no cell %s", path, cell);
        ret = -2;
    }
    free(x);
    free(text);
    return ret;
}

const cost_lib_pin_t *cost_liberty_pin(const cost_macro_lib_t *m, const char *name)
{
    for (int i = 0; i < m->npins; i++)
        if (!strcmp(m->pins[i].name, name))
            return &m->pins[i];
    return NULL;
}
