/* trace_accel: Accel-Sim traceg reader. Reads a wave of thread blocks (one per core), keeps per
 * warp the coalesced line addresses of its memory instructions with their sector counts, then
 * issues the wave in rounds. The format and every decision are described in trace_accel.h. */
#include "trace_accel.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WARP_THREADS 32
#ifndef ACCEL_IN_CAP /* the fuzz build (tb/fuzz) shrinks it to cross refill boundaries */
#define ACCEL_IN_CAP 65536
#endif
#define IN_CAP ACCEL_IN_CAP             /* bytes read from the stream at once */
#define MAX_TOKENS (ACCEL_LINE_MAX / 2 + 1)
#define MAX_REGS 32                     /* register operands per list (Accel-Sim: 1 and 4) */

#define SECTORS_MAX (WARP_THREADS * (ACCEL_MAX_WIDTH / ACCEL_SECTOR_BYTES + 1)) /* per inst */

typedef enum { K_OTHER, K_READ, K_WRITE, K_ATOMIC, K_GEN_READ, K_GEN_WRITE } kind_t;

/* One memory instruction that issues requests: lines pool[first .. first+count). */
typedef struct accel_inst {
    uint64_t pc;      /* instruction PC (offset in the kernel, hex in the trace) */
    size_t first;     /* index of its first line address in the pool */
    uint32_t count;   /* number of distinct lines, >= 1 (at most 32 * (256 + 1)) */
    uint32_t base;    /* base id of its region (trace_accel.h) */
    uint8_t op;       /* TR_READ or TR_WRITE */
    uint8_t path;     /* accel_path_t */
} accel_inst_t;

/* One warp of a buffered thread block. */
typedef struct accel_warp {
    accel_inst_t *inst;  /* request-issuing instructions, in trace order */
    size_t n, cap;       /* used / allocated entries of inst */
    uint8_t seen;        /* its "warp = W" line was met in this thread block */
} accel_warp_t;

/* One buffered thread block of the wave (a slot, reused by the next wave). */
typedef struct accel_tb {
    accel_warp_t *warp;  /* slots by warp id: warp[0 .. nwarp) in use */
    size_t nwarp;        /* 1 + highest warp id seen, 0 = none */
    size_t warp_cap;     /* allocated slots: 0 or ACCEL_MAX_WARPS */
    uint64_t number;     /* thread block number in the kernel, from 0 */
} accel_tb_t;

enum { ST_READING = 0, ST_DONE = 1, ST_FAILED = -1 };

struct accel_reader {
    FILE *f;                          /* input, not owned */
    uint64_t line_bytes;              /* coalescing granularity, a power of two */
    unsigned addr_bits;               /* simulated addresses lie below 2^addr_bits (1..64) */
    unsigned cores;                   /* wave size: thread block k on core k mod cores */
    /* base ids (trace_accel.h) */
    unsigned base_ids;                /* ids available, 0 = every id 0 */
    accel_region_t *regions;          /* known allocations, merged, sorted by start */
    size_t nregions;
    uint64_t *base_key;               /* [base_ids]: the region holding id i (region_key) */
    unsigned nbase;                   /* ids given so far */
    uint64_t base_overflows;          /* instructions whose region found every id taken */
    /* input */
    char in[IN_CAP];                  /* in[in_pos .. in_len): bytes read, not yet split */
    size_t in_pos, in_len;
    int in_eof;                       /* the stream reported its end */
    char line[ACCEL_LINE_MAX + 1];    /* current line, NUL-terminated, later tokenized */
    size_t line_len;                  /* bytes in line (without the newline) */
    unsigned long long lineno;        /* number of the current line, from 1 */
    unsigned long long idle;          /* blank and comment lines in a row (ACCEL_IDLE_MAX) */
    char *tok[MAX_TOKENS];            /* whitespace-separated tokens of line */
    size_t ntok;
    /* header */
    unsigned long long version;       /* "-accelsim tracer version", valid if have_version */
    int have_version;
    int recognized;                   /* a "-key = value" line was read: the input is a trace,
                                       * and its text may be quoted in errors */
    int lineinfo;                     /* instruction lines start with a source line number */
    uint64_t shmem_base, local_base;  /* generic-address windows; 0 = not given */
    uint64_t block_warps;             /* warps per thread block from "-block dim", 0 = unknown */
    /* thread block being read: tb[ntb] */
    int in_tb;                        /* between #BEGIN_TB and #END_TB */
    unsigned long long tb_line;       /* line of its #BEGIN_TB */
    long cur_warp;                    /* warp whose instructions follow, -1 = none yet */
    int have_insts;                   /* its "insts = M" was read */
    unsigned long long insts_expect;  /* M */
    unsigned long long insts_seen;    /* instruction lines read for it so far */
    /* the wave: tb[0 .. ntb) complete, then the one being read */
    accel_tb_t *tb;                   /* [cores] slots */
    size_t ntb;
    uint64_t tbs;                     /* complete thread blocks read (the next one's number) */
    uint64_t *pool;                   /* line addresses of all buffered instructions */
    uint16_t *pool_sec;               /* ... and the sectors counted on each */
    size_t pool_n, pool_cap;          /* both arrays have pool_cap entries */
    /* issuing the buffered wave */
    int issuing;
    size_t round, rounds;             /* round k issues every warp's k-th instruction */
    size_t ti, wi, li;                /* block slot, warp slot, line within the instruction */
    uint64_t skipped;                 /* L2-only requests accel_next left out */
    int state;                        /* ST_READING, ST_DONE or ST_FAILED */
    char err[256];
};

/* ---- errors and number parsing --------------------------------------------------------- */

static int fail(accel_reader_t *r, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, sizeof r->err, "line %llu: %s", r->lineno, msg);
    r->state = ST_FAILED;
    return -1;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Hex number, optional 0x, at least one digit, fits 64 bits. 0 or -1. */
static int parse_hex(const char *s, uint64_t *v)
{
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    if (!*s)
        return -1;
    uint64_t x = 0;
    for (; *s; s++) {
        int d = hex_digit(*s);
        if (d < 0 || (x >> 60) != 0)
            return -1;
        x = x << 4 | (uint64_t)d;
    }
    *v = x;
    return 0;
}

/* Unsigned decimal, digits only, fits 64 bits. 0 or -1. */
static int parse_udec(const char *s, uint64_t *v)
{
    if (!*s)
        return -1;
    uint64_t x = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return -1;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* Signed decimal with an optional sign, within int64. 0 or -1. */
static int parse_sdec(const char *s, int64_t *v)
{
    int neg = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    uint64_t m;
    if (parse_udec(s, &m) != 0 || m > (uint64_t)INT64_MAX + (neg ? 1u : 0u))
        return -1;
    *v = neg ? (int64_t)(0 - m) : (int64_t)m;  /* 0 - m wraps to the two's complement */
    return 0;
}

/* Three decimal integers "x,y,z", in parentheses when `parens`, blanks allowed around each
 * number, each >= min and < 2^32. 0 or -1. */
static int parse_triple(const char *s, int parens, uint64_t min, uint64_t d[3])
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (parens && *s++ != '(')
        return -1;
    for (int i = 0; i < 3; i++) {
        while (*s == ' ' || *s == '\t')
            s++;
        char num[24];
        size_t n = 0;
        while (*s >= '0' && *s <= '9' && n < sizeof num - 1)
            num[n++] = *s++;
        num[n] = '\0';
        if (parse_udec(num, &d[i]) != 0 || d[i] < min || d[i] > UINT32_MAX)
            return -1;
        while (*s == ' ' || *s == '\t')
            s++;
        if (i < 2 && *s++ != ',')
            return -1;
    }
    if (parens && *s++ != ')')
        return -1;
    while (*s == ' ' || *s == '\t')
        s++;
    return *s ? -1 : 0;
}

/* ---- input ----------------------------------------------------------------------------- */

/* Read the next line into r->line: 1, 0 at the end of input, -1 on a read error, -2 when the
 * line holds a NUL byte, -3 when it runs past the skip limit (ACCEL_SKIP_MAX; *over then says
 * whether it may be skipped at all). The limits hold while reading: no more than the limit is
 * read of a line, so an endless or NUL-filled stream (a device, a FIFO being written forever)
 * ends at once. *over is set when the line was longer than ACCEL_LINE_MAX (its first bytes are
 * kept); only a "-kernel name" header line is read on past that, up to ACCEL_SKIP_MAX. */
static int read_line(accel_reader_t *r, int *over)
{
    size_t n = 0, total = 0;
    int got = 0;
    *over = 0;
    for (;;) {
        if (r->in_pos == r->in_len) {
            if (r->in_eof)
                break;
            size_t k = fread(r->in, 1, IN_CAP, r->f);
            if (k == 0) {
                if (ferror(r->f))
                    return -1;
                r->in_eof = 1;
                break;
            }
            r->in_pos = 0;
            r->in_len = k;
        }
        got = 1;
        char *s = r->in + r->in_pos;
        size_t avail = r->in_len - r->in_pos;
        char *nl = memchr(s, '\n', avail);
        size_t take = nl ? (size_t)(nl - s) : avail;
        if (memchr(s, '\0', take)) {
            r->lineno++;
            return -2;
        }
        size_t copy = take < ACCEL_LINE_MAX - n ? take : ACCEL_LINE_MAX - n;
        memcpy(r->line + n, s, copy);
        n += copy;
        total += take;
        r->in_pos += take + (nl ? 1 : 0);
        if (take > copy && !*over) {
            *over = 1;
            r->line[n] = '\0';
            const char *p = r->line;
            while (*p == ' ' || *p == '\t')
                p++;
            if (r->in_tb || strncmp(p, "-kernel name", 12) != 0) {
                *over = 0;
                r->lineno++;
                return -3; /* not a line that may be skipped: stop reading it */
            }
        }
        if (nl)
            break;
        if (total > ACCEL_SKIP_MAX) {
            r->lineno++;
            return -3;
        }
    }
    if (!got)
        return 0;
    r->line[n] = '\0';
    r->line_len = n;
    r->lineno++;
    return 1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Split r->line in place into r->tok. */
static void tokenize(accel_reader_t *r)
{
    char *p = r->line;
    r->ntok = 0;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            return;
        r->tok[r->ntok++] = p;  /* a token takes at least 2 bytes with its separator */
        while (*p && !is_blank(*p))
            p++;
        if (!*p)
            return;
        *p++ = '\0';
    }
}

/* ---- header ---------------------------------------------------------------------------- */

/* A "-key = value" line (raw text after the '-'). Unknown keys and lines without '=' are
 * skipped; the values this reader uses are checked. */
static int header_line(accel_reader_t *r, const char *p)
{
    const char *eq = strchr(p, '=');
    if (!eq)
        return 0;
    r->recognized = 1;
    char key[48];  /* the key with blanks collapsed to one space */
    size_t n = 0;
    for (const char *s = p; s < eq; s++) {
        if (is_blank(*s)) {
            if (n > 0 && key[n - 1] != ' ' && n < sizeof key - 1)
                key[n++] = ' ';
        } else if (n < sizeof key - 1) {
            key[n++] = *s;
        } else {
            return 0;  /* too long for any key we know */
        }
    }
    if (n > 0 && key[n - 1] == ' ')
        n--;
    key[n] = '\0';
    char val[64];
    const char *v = eq + 1;
    while (is_blank(*v))
        v++;
    size_t vn = strlen(v);
    while (vn > 0 && is_blank(v[vn - 1]))
        vn--;
    int long_val = vn >= sizeof val;  /* malformed for every key we check */
    if (long_val)
        vn = sizeof val - 1;
    memcpy(val, v, vn);
    val[vn] = '\0';

    uint64_t x, d[3];
    if (!strcmp(key, "accelsim tracer version")) {
        if (long_val || parse_udec(val, &x) != 0)
            return fail(r, "-accelsim tracer version: expected a number, got \"%s\"", val);
        if (x < 1 || x > ACCEL_MAX_VERSION)
            return fail(r, "-accelsim tracer version = %llu: allowed: 1 to %d",
                        (unsigned long long)x, ACCEL_MAX_VERSION);
        r->version = x;
        r->have_version = 1;
    } else if (!strcmp(key, "enable lineinfo")) {
        if (long_val || parse_udec(val, &x) != 0)
            return fail(r, "-enable lineinfo: expected 0 or 1, got \"%s\"", val);
        r->lineinfo = x != 0;
    } else if (!strcmp(key, "shmem base_addr") || !strcmp(key, "local mem base_addr")) {
        if (long_val || parse_hex(val, &x) != 0)
            return fail(r, "-%s: expected a hex address, got \"%s\"", key, val);
        if (key[0] == 's')
            r->shmem_base = x;
        else
            r->local_base = x;
    } else if (!strcmp(key, "block dim") || !strcmp(key, "grid dim")) {
        if (long_val || parse_triple(val, 1, 1, d) != 0)
            return fail(r, "-%s: expected (x,y,z) with x, y, z >= 1, got \"%s\"", key, val);
        uint64_t threads = d[0] * d[1];  /* < 2^64: each is < 2^32 */
        threads = threads > UINT64_MAX / d[2] ? UINT64_MAX : threads * d[2];
        if (key[0] == 'b')
            r->block_warps = threads / WARP_THREADS + (threads % WARP_THREADS != 0);
    }
    return 0;
}

/* ---- one thread block ------------------------------------------------------------------ */

/* Empty one block slot for reuse. */
static void tb_clear(accel_tb_t *t)
{
    for (size_t i = 0; i < t->nwarp; i++) {
        t->warp[i].n = 0;
        t->warp[i].seen = 0;
    }
    t->nwarp = 0;
}

/* The wave was issued: empty every slot and the pool. */
static void wave_reset(accel_reader_t *r)
{
    for (size_t i = 0; i < r->ntb; i++)
        tb_clear(&r->tb[i]);
    r->ntb = 0;
    r->pool_n = 0;
    r->issuing = 0;
    r->round = r->rounds = r->ti = r->wi = r->li = 0;
}

/* Start issuing the complete blocks tb[0 .. ntb). */
static void wave_start(accel_reader_t *r)
{
    r->rounds = 0;
    for (size_t t = 0; t < r->ntb; t++)
        for (size_t i = 0; i < r->tb[t].nwarp; i++)
            if (r->tb[t].warp[i].n > r->rounds)
                r->rounds = r->tb[t].warp[i].n;
    r->issuing = 1;
    r->round = r->ti = r->wi = r->li = 0;
}

/* Room for one more element of size sz in p (n used of *cap): the possibly moved block, or
 * NULL when out of memory (p is then untouched). */
static void *grow(void *p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? *cap * 2 : 16;
    if (c < *cap || c > SIZE_MAX / sz)
        return NULL;
    void *q = realloc(p, c * sz);
    if (q)
        *cap = c;
    return q;
}

/* The warp just read must have as many instruction lines as its "insts =" said. */
static int warp_done(accel_reader_t *r)
{
    if (r->cur_warp < 0)
        return 0;
    if (!r->have_insts)
        return fail(r, "warp %ld has no \"insts = M\" line", r->cur_warp);
    if (r->insts_seen != r->insts_expect)
        return fail(r, "warp %ld: insts = %llu but %llu instruction lines", r->cur_warp,
                    r->insts_expect, r->insts_seen);
    return 0;
}

/* "warp = W": start warp W of the thread block. */
static int warp_line(accel_reader_t *r)
{
    uint64_t w;
    if (r->ntok != 3 || strcmp(r->tok[1], "=") != 0 || parse_udec(r->tok[2], &w) != 0)
        return fail(r, "expected \"warp = W\"");
    if (warp_done(r) != 0)
        return -1;
    if (w >= ACCEL_MAX_WARPS)
        return fail(r, "warp %llu: warp ids must be below %d", (unsigned long long)w,
                    ACCEL_MAX_WARPS);
    if (r->block_warps && w >= r->block_warps)
        return fail(r, "warp %llu: the block dim gives %llu warps", (unsigned long long)w,
                    (unsigned long long)r->block_warps);
    accel_tb_t *t = &r->tb[r->ntb];
    if (w >= t->warp_cap) {
        size_t c = ACCEL_MAX_WARPS;
        accel_warp_t *q = realloc(t->warp, c * sizeof *q);
        if (!q)
            return fail(r, "out of memory");
        memset(q + t->warp_cap, 0, (c - t->warp_cap) * sizeof *q);
        t->warp = q;
        t->warp_cap = c;
    }
    if (w >= t->nwarp)
        t->nwarp = (size_t)w + 1;
    if (t->warp[w].seen)
        return fail(r, "warp %llu appears twice in the thread block begun at line %llu",
                    (unsigned long long)w, r->tb_line);
    t->warp[w].seen = 1;
    r->cur_warp = (long)w;
    r->have_insts = 0;
    r->insts_seen = 0;
    return 0;
}

/* Access width in bytes from the opcode, as Accel-Sim: the first '.'-part that is a number
 * or "U<number>" gives bits; else 4 bytes. Clamped to 1..ACCEL_MAX_WIDTH. */
static unsigned opcode_width(const char *op)
{
    for (const char *s = op; *s;) {
        const char *e = strchr(s, '.');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        const char *d = s;
        if (n > 1 && *d == 'U')
            d++;
        size_t nd = n - (size_t)(d - s);
        int numeric = nd > 0;
        uint64_t bits = 0;
        for (size_t i = 0; i < nd; i++) {
            if (d[i] < '0' || d[i] > '9') {
                numeric = 0;
                break;
            }
            if (bits < 1000000)
                bits = bits * 10 + (uint64_t)(d[i] - '0');
        }
        if (numeric) {
            uint64_t w = bits / 8;
            return w < 1 ? 1 : w > ACCEL_MAX_WIDTH ? ACCEL_MAX_WIDTH : (unsigned)w;
        }
        if (!e)
            break;
        s = e + 1;
    }
    return 4;
}

/* What an opcode does, from its first '.'-part. Everything not listed is skipped: shared
 * memory (LDS, STS, ATOMS, LDSM, STSM, STAS, REDAS), constant, texture, surface, TMA... */
static kind_t opcode_kind(const char *op)
{
    static const struct { const char *name; kind_t kind; } table[] = {
        {"LDG", K_READ},    {"LDL", K_READ},     {"LDGSTS", K_READ},
        {"STG", K_WRITE},   {"STL", K_WRITE},
        {"ATOM", K_ATOMIC}, {"ATOMG", K_ATOMIC}, {"RED", K_ATOMIC}, {"REDG", K_ATOMIC},
        {"LD", K_GEN_READ}, {"ST", K_GEN_WRITE},
    };
    size_t n = strcspn(op, ".");
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strlen(table[i].name) == n && !strncmp(op, table[i].name, n))
            return table[i].kind;
    return K_OTHER;
}

/* 1 when a '.'-part of the opcode after the first is exactly `part`. */
static int has_part(const char *op, const char *part)
{
    size_t n = strlen(part);
    for (const char *s = strchr(op, '.'); s; s = strchr(s, '.')) {
        s++;
        if (!strncmp(s, part, n) && (s[n] == '.' || s[n] == '\0'))
            return 1;
    }
    return 0;
}

/* A load whose cache operator sends it past the L1 (trace_accel.h). */
static int skips_l1(const char *op)
{
    return has_part(op, "CG") || has_part(op, "CS") || has_part(op, "CV") ||
           has_part(op, "BYPASS") ||
           (has_part(op, "STRONG") && (has_part(op, "GPU") || has_part(op, "SYS")));
}

static int is_tma(const char *op)
{
    static const char *const names[] = {"UTMALDG", "UTMASTG", "UTMAPF", "UTMAREDG",
                                        "UBLKCP",  "UBLKPF",  "UBLKRED"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strstr(op, names[i]))
            return 1;
    return 0;
}

static int valid_opcode(const char *op)
{
    if (!((*op >= 'A' && *op <= 'Z') || (*op >= 'a' && *op <= 'z')))
        return 0;
    for (; *op; op++)
        if (!((*op >= 'A' && *op <= 'Z') || (*op >= 'a' && *op <= 'z') ||
              (*op >= '0' && *op <= '9') || *op == '_' || *op == '.'))
            return 0;
    return 1;
}

/* "R<digits>"; with uniform (tracer version 6) also "UR<digits>" */
static int valid_reg(const char *t, int uniform)
{
    uint64_t v;
    if (uniform && t[0] == 'U')
        t++;
    return t[0] == 'R' && parse_udec(t + 1, &v) == 0;
}

/* A decimal (optionally signed) or hex (optional 0x) number: an immediate or a value. */
static int is_number(const char *t)
{
    uint64_t v;
    int64_t sv;
    return parse_sdec(t, &sv) == 0 || parse_hex(t, &v) == 0;
}

/* Room for one more pool entry (both arrays). 0, or -1 when out of memory. */
static int pool_room(accel_reader_t *r)
{
    if (r->pool_n < r->pool_cap)
        return 0;
    size_t cap = r->pool_cap;
    uint64_t *q = grow(r->pool, &cap, r->pool_n, sizeof *q);
    if (!q)
        return -1;
    r->pool = q;
    uint16_t *qs = realloc(r->pool_sec, cap * sizeof *qs);
    if (!qs)
        return -1; /* pool_cap unchanged: the next call retries the second array */
    r->pool_sec = qs;
    r->pool_cap = cap;
    return 0;
}

/* ---- base ids ------------------------------------------------------------------------ */

/* The region of address a: the index of the known allocation holding it, else its 2 MiB
 * block with the top bit set (a block number has at most 43 bits). */
static uint64_t region_key(const accel_reader_t *r, uint64_t a)
{
    size_t lo = 0, hi = r->nregions; /* the first region starting above a is regions[lo] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->regions[mid].start <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && a - r->regions[lo - 1].start < r->regions[lo - 1].bytes)
        return lo - 1;
    return UINT64_C(1) << 63 | a >> ACCEL_BLOCK_LOG2;
}

/* The base id of an instruction whose first active thread reads a: its region's id, a new
 * one for a region not met before, the last one when every id is taken. */
static uint32_t base_of(accel_reader_t *r, uint64_t a)
{
    if (!r->base_ids)
        return 0;
    uint64_t key = region_key(r, a);
    for (unsigned i = r->nbase; i-- > 0;) /* the latest regions first */
        if (r->base_key[i] == key)
            return i;
    if (r->nbase < r->base_ids) {
        r->base_key[r->nbase] = key;
        return r->nbase++;
    }
    r->base_overflows++;
    return r->base_ids - 1;
}

static int cmp_region(const void *x, const void *y)
{
    const accel_region_t *a = x, *b = y;
    return a->start < b->start ? -1 : a->start > b->start;
}

/* Copy n regions into r, sorted, empty ones dropped, overlapping ones merged. 0, or -1 when
 * out of memory. */
static int set_regions(accel_reader_t *r, const accel_region_t *g, size_t n)
{
    if (!n)
        return 0;
    if (!(r->regions = malloc(n * sizeof *r->regions)))
        return -1;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (g[i].bytes) {
            r->regions[m] = g[i];
            if (g[i].bytes > UINT64_MAX - g[i].start) /* clamp to the address space */
                r->regions[m].bytes = UINT64_MAX - g[i].start;
            m++;
        }
    qsort(r->regions, m, sizeof *r->regions, cmp_region);
    size_t k = 0;
    for (size_t i = 0; i < m; i++) {
        accel_region_t *p = k ? &r->regions[k - 1] : NULL;
        if (p && r->regions[i].start - p->start < p->bytes) { /* overlaps the one before */
            uint64_t end = r->regions[i].start + r->regions[i].bytes;
            if (end - p->start > p->bytes)
                p->bytes = end - p->start;
        } else {
            r->regions[k++] = r->regions[i];
        }
    }
    r->nregions = k;
    return 0;
}

/* Add the distinct lines touched by n accesses of `width` bytes at a[] to the pool, in
 * increasing order, each with the sectors counted on it (trace_accel.h), and record the
 * instruction in the current warp. */
static int add_inst(accel_reader_t *r, uint64_t pc, uint8_t op, uint8_t path, const uint64_t *a,
                    unsigned n, unsigned width)
{
    uint64_t lo[WARP_THREADS], hi[WARP_THREADS];
    uint64_t sec[SECTORS_MAX]; /* distinct sector numbers (address / 32), increasing */
    size_t ns = 0;
    const uint64_t mask = ~(r->line_bytes - 1);
    for (unsigned i = 0; i < n; i++) {
        uint64_t end = a[i] > UINT64_MAX - (width - 1) ? UINT64_MAX : a[i] + (width - 1);
        uint64_t l = a[i] & mask, h = end & mask;
        unsigned j = i; /* insertion sort by lo */
        for (; j > 0 && lo[j - 1] > l; j--) {
            lo[j] = lo[j - 1];
            hi[j] = hi[j - 1];
        }
        lo[j] = l;
        hi[j] = h;
        for (uint64_t sc = a[i] / ACCEL_SECTOR_BYTES;; sc++) { /* at most 9 per thread */
            size_t k = ns; /* insertion into the sorted set; coalesced warps append */
            while (k > 0 && sec[k - 1] > sc)
                k--;
            if (k == 0 || sec[k - 1] != sc) {
                memmove(sec + k + 1, sec + k, (ns - k) * sizeof *sec);
                sec[k] = sc;
                ns++;
            }
            if (sc == end / ACCEL_SECTOR_BYTES)
                break;
        }
    }
    size_t first = r->pool_n;
    size_t si = 0;      /* next sector not yet counted */
    uint64_t next = 0;  /* lowest line not yet issued */
    int top = 0;        /* the last line of the address space was issued */
    for (unsigned i = 0; i < n && !top; i++) {
        uint64_t l = lo[i] > next ? lo[i] : next;
        if (l > hi[i])
            continue;
        for (;;) {
            if (pool_room(r) != 0)
                return fail(r, "out of memory (thread block too large)");
            /* the sectors not yet counted that start at or below this line's last byte all
             * overlap it: a lower one would overlap an earlier issued line */
            uint64_t last = (l + (r->line_bytes - 1)) / ACCEL_SECTOR_BYTES;
            uint16_t cnt = 0;
            while (si < ns && sec[si] <= last) {
                si++;
                cnt++;
            }
            r->pool[r->pool_n] = l;
            r->pool_sec[r->pool_n++] = cnt;
            if (l == hi[i])
                break;
            l += r->line_bytes;
        }
        if (hi[i] > UINT64_MAX - r->line_bytes)
            top = 1;
        else
            next = hi[i] + r->line_bytes;
    }
    accel_warp_t *w = &r->tb[r->ntb].warp[r->cur_warp];
    accel_inst_t *q = grow(w->inst, &w->cap, w->n, sizeof *q);
    if (!q)
        return fail(r, "out of memory (thread block too large)");
    w->inst = q;
    w->inst[w->n++] = (accel_inst_t){pc, first, (uint32_t)(r->pool_n - first),
                                     base_of(r, a[0]), op, path};
    return 0;
}

/* Fail with "missing <what>" when the tokens have run out (uses the locals i and nt). */
#define NEED(what)                                                                     \
    do {                                                                               \
        if (i >= nt)                                                                   \
            return fail(r, "instruction: missing %s", what);                           \
    } while (0)

/* The address part of a memory instruction from token *pi (the address mode) on: the
 * addresses of its nact active threads into addr (TMA transfers: checked, not kept). */
static int mem_operands(accel_reader_t *r, size_t *pi, int tma, unsigned nact, uint64_t *addr)
{
    char **t = r->tok;
    size_t nt = r->ntok, i = *pi;
    uint64_t mode, base, count, v;
    int64_t sv;

    NEED("address mode");
    if (parse_udec(t[i++], &mode) != 0)
        return fail(r, "instruction: bad address mode \"%.40s\"", t[i - 1]);
    if (tma) {
        if (mode != 3 && mode != 4)
            return fail(r, "instruction: TMA address mode %llu (expected 3 or 4)",
                        (unsigned long long)mode);
        if (mode == 4) {
            NEED("TMA base address");
            if (parse_hex(t[i++], &base) != 0)
                return fail(r, "instruction: bad address \"%.40s\"", t[i - 1]);
        }
        NEED("TMA transfer count");
        if (parse_udec(t[i++], &count) != 0 || count > nt)
            return fail(r, "instruction: bad TMA transfer count \"%.40s\"", t[i - 1]);
        for (uint64_t k = mode == 4 ? 1 : 0; k < count; k++, i++) {
            NEED(mode == 4 ? "TMA delta" : "TMA address");
            if (mode == 4 ? parse_sdec(t[i], &sv) != 0 : parse_hex(t[i], &v) != 0)
                return fail(r, "instruction: bad TMA %s \"%.40s\"",
                            mode == 4 ? "delta" : "address", t[i]);
        }
    } else if (mode == 0) {
        for (unsigned k = 0; k < nact; k++, i++) {
            NEED("address (mode 0 lists one per active thread)");
            if (parse_hex(t[i], &addr[k]) != 0)
                return fail(r, "instruction: bad address \"%.40s\"", t[i]);
        }
    } else if (mode == 1 || mode == 2) {
        NEED("base address");
        if (parse_hex(t[i++], &base) != 0)
            return fail(r, "instruction: bad base address \"%.40s\"", t[i - 1]);
        if (mode == 1) {
            NEED("stride");
            if (parse_sdec(t[i++], &sv) != 0)
                return fail(r, "instruction: bad stride \"%.40s\"", t[i - 1]);
            for (unsigned k = 0; k < nact; k++)
                addr[k] = base + (uint64_t)sv * k;
        } else {
            for (unsigned k = 0; k < nact; k++) {
                if (k > 0) {
                    NEED("delta (mode 2 has one per active thread after the first)");
                    if (parse_sdec(t[i++], &sv) != 0)
                        return fail(r, "instruction: bad delta \"%.40s\"", t[i - 1]);
                }
                addr[k] = k ? addr[k - 1] + (uint64_t)sv : base;
            }
        }
    } else {
        return fail(r, "instruction: address mode %llu (expected 0, 1 or 2)",
                    (unsigned long long)mode);
    }
    *pi = i;
    return 0;
}

/* Every active thread's bytes [a, a + width - 1] lie below 2^addr_bits; else an error naming
 * the first that does not, its thread and the address bits it needs. */
static int fits(accel_reader_t *r, const uint64_t *a, unsigned nact, uint32_t mask,
                unsigned width)
{
    if (r->addr_bits >= 64)
        return 0;
    const uint64_t top = (UINT64_C(1) << r->addr_bits) - 1; /* highest address that fits */
    unsigned lane = 0;
    for (unsigned k = 0; k < nact; k++, lane++) {
        while (!(mask >> lane & 1))
            lane++;
        if (a[k] <= top && width - 1 <= top - a[k])
            continue;
        unsigned need = 64; /* bits of the access's last byte (64 when it wraps) */
        if (a[k] <= UINT64_MAX - (width - 1)) {
            uint64_t last = a[k] + (width - 1);
            need = 0;
            while (need < 64 && last >> need)
                need++;
        }
        return fail(r, "address 0x%llx (thread %u, %u bytes) does not fit l1.addr_bits = %u "
                    "(addresses up to 0x%llx); raise l1.addr_bits to %u or more",
                    (unsigned long long)a[k], lane, width, r->addr_bits,
                    (unsigned long long)top, need);
    }
    return 0;
}

/* One instruction line (tokenized): check it whole, then keep its requests if any. */
static int inst_line(accel_reader_t *r)
{
    char **t = r->tok;
    size_t nt = r->ntok, i = 0;
    uint64_t v, pc, mask, mem_width;
    int v6 = r->have_version && r->version >= 6; /* uniform registers, Val/NoVal */

    if (r->have_version && r->version < 3)
        for (int k = 0; k < 4; k++, i++) {
            NEED("thread block / warp id");
            if (parse_udec(t[i], &v) != 0)
                return fail(r, "instruction: bad thread block / warp id \"%.40s\"", t[i]);
        }
    if (r->lineinfo) {
        NEED("source line number");
        if (parse_udec(t[i++], &v) != 0)
            return fail(r, "instruction: bad source line number \"%.40s\"", t[i - 1]);
    }
    NEED("PC");
    if (parse_hex(t[i++], &pc) != 0)
        return fail(r, "instruction: bad PC \"%.40s\" (expected hex)", t[i - 1]);
    NEED("active mask");
    if (parse_hex(t[i++], &mask) != 0 || mask > UINT32_MAX)
        return fail(r, "instruction: bad active mask \"%.40s\" (expected 32-bit hex)", t[i - 1]);
    const char *opcode = NULL;
    for (int list = 0; list < 2; list++) {  /* destinations, opcode, sources */
        NEED(list ? "source count" : "destination count");
        if (parse_udec(t[i++], &v) != 0 || v > MAX_REGS)
            return fail(r, "instruction: bad %s count \"%.40s\"",
                        list ? "source" : "destination", t[i - 1]);
        for (uint64_t k = 0; k < v; k++, i++) {
            NEED("register");
            if (!valid_reg(t[i], v6))
                return fail(r, "instruction: bad register \"%.40s\" (expected Rn%s)", t[i],
                            v6 ? " or URn" : valid_reg(t[i], 1) ? "; URn needs tracer version 6"
                                                                : "");
        }
        if (!list) {
            NEED("opcode");
            opcode = t[i++];
            if (!valid_opcode(opcode))
                return fail(r, "instruction: bad opcode \"%.40s\"", opcode);
        }
    }
    NEED("memory width");
    if (parse_udec(t[i++], &mem_width) != 0)
        return fail(r, "instruction: bad memory width \"%.40s\"", t[i - 1]);

    uint64_t addr[WARP_THREADS];
    unsigned nact = 0;
    for (unsigned s = 0; s < WARP_THREADS; s++)
        nact += (unsigned)(mask >> s & 1);
    int tma = is_tma(opcode);
    if (mem_width > 0 && mem_operands(r, &i, tma, nact, addr) != 0)
        return -1;
    /* the tail: immediates (version 5: one; version 6: up to two), then version 6's
     * NoVal or Val with the register values */
    unsigned imms = 0;
    for (; i < nt && imms < (v6 ? 2u : 1u) && is_number(t[i]); i++)
        imms++;
    if (v6) {
        NEED("NoVal or Val (tracer version 6)");
        if (!strcmp(t[i], "Val")) {
            i++;
            NEED("value after Val");
            for (; i < nt; i++)
                if (!is_number(t[i]))
                    return fail(r, "instruction: bad value \"%.40s\" after Val", t[i]);
        } else if (!strcmp(t[i], "NoVal")) {
            i++;
        } else {
            return fail(r, "instruction: expected NoVal or Val (tracer version 6), got "
                        "\"%.40s\"", t[i]);
        }
    }
    if (i < nt)
        return fail(r, v6     ? "instruction: unexpected \"%.40s\" after NoVal"
                       : imms ? "instruction: unexpected \"%.40s\" after the immediate"
                              : "instruction: unexpected \"%.40s\"", t[i]);

    if (mem_width == 0 || tma || nact == 0)
        return 0;
    kind_t k = opcode_kind(opcode);
    if (k == K_GEN_READ || k == K_GEN_WRITE) {
        /* generic: shared unless the windows are known and the first address is outside */
        if (r->shmem_base == 0 || r->local_base == 0 ||
            (addr[0] >= r->shmem_base && addr[0] < r->local_base))
            return 0;
        k = k == K_GEN_READ ? K_READ : K_WRITE;
    }
    if (k == K_OTHER)
        return 0;
    unsigned width = opcode_width(opcode);
    if (fits(r, addr, nact, (uint32_t)mask, width) != 0)
        return -1;
    uint8_t path = k == K_ATOMIC ? ACCEL_ATOMIC
                   : k == K_READ && skips_l1(opcode) ? ACCEL_L2_LOAD : ACCEL_L1;
    return add_inst(r, pc, k == K_WRITE || k == K_ATOMIC ? TR_WRITE : TR_READ, path, addr, nact,
                    width);
}

#undef NEED

/* Join tokens from `from` on into buf (one space between). 0, or -1 if too long. */
static int join_tokens(const accel_reader_t *r, size_t from, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = from; i < r->ntok; i++) {
        size_t k = strlen(r->tok[i]);
        if (n + k + 2 > len)
            return -1;
        if (n)
            buf[n++] = ' ';
        memcpy(buf + n, r->tok[i], k + 1);
        n += k;
    }
    return 0;
}

/* "thread block = x,y,z" (Accel-Sim reads it with "%d,%d,%d": blanks allowed after ','). */
static int tb_id_line(accel_reader_t *r)
{
    char buf[96];
    uint64_t d[3];
    if (r->ntok < 4 || strcmp(r->tok[1], "block") != 0 || strcmp(r->tok[2], "=") != 0 ||
        join_tokens(r, 3, buf, sizeof buf) != 0 || parse_triple(buf, 0, 0, d) != 0)
        return fail(r, "expected \"thread block = x,y,z\"");
    return 0;
}

/* A line inside #BEGIN_TB .. #END_TB. */
static int tb_line(accel_reader_t *r)
{
    const char *t0 = r->tok[0];
    uint64_t v;
    if (!strcmp(t0, "#END_TB")) {
        if (r->ntok != 1)
            return fail(r, "unexpected text after #END_TB");
        if (warp_done(r) != 0)
            return -1;
        r->in_tb = 0;
        r->tbs++;
        if (++r->ntb == r->cores) /* a full wave: one block per core */
            wave_start(r);
        return 0;
    }
    if (!strcmp(t0, "#BEGIN_TB"))
        return fail(r, "#BEGIN_TB inside the thread block begun at line %llu", r->tb_line);
    if (!strcmp(t0, "thread"))
        return tb_id_line(r);
    if (!strcmp(t0, "warp"))
        return warp_line(r);
    if (!strcmp(t0, "insts")) {
        if (r->ntok != 3 || strcmp(r->tok[1], "=") != 0 || parse_udec(r->tok[2], &v) != 0)
            return fail(r, "expected \"insts = M\"");
        if (r->cur_warp < 0 || r->have_insts)
            return fail(r, "\"insts = M\" must follow a \"warp = W\" line");
        r->have_insts = 1;
        r->insts_expect = v;
        return 0;
    }
    if (!strcmp(t0, "cluster") || t0[0] == '#')
        return 0;  /* "cluster id/cta/rank = ..." (Hopper) and comments */
    if (r->cur_warp < 0 || !r->have_insts)
        return fail(r, "instruction line before \"warp = W\" and \"insts = M\"");
    if (r->insts_seen == r->insts_expect)
        return fail(r, "warp %ld: more than insts = %llu instruction lines", r->cur_warp,
                    r->insts_expect);
    r->insts_seen++;
    return inst_line(r);
}

/* Read and handle one line: 0, or -1 on error. Sets ST_DONE at the end of input. */
static int step(accel_reader_t *r)
{
    int over;
    int rc = read_line(r, &over);
    if (rc == -2)
        return fail(r, "NUL byte in a text line");
    if (rc == -3)
        return over ? fail(r, "longer than %d bytes (a \"-kernel name\" line: %d)",
                            ACCEL_LINE_MAX, ACCEL_SKIP_MAX)
                    : fail(r, "longer than %d bytes", ACCEL_LINE_MAX);
    if (rc < 0) {
        r->lineno++;
        return fail(r, "read error");
    }
    if (rc == 0) {
        if (r->in_tb)
            return fail(r, "input ends inside the thread block begun at line %llu", r->tb_line);
        if (r->tbs == 0) {
            if (r->lineno == 0) {
                r->lineno = 1; /* where the header should begin */
                return fail(r, "empty input (an empty trace); expected a kernel trace: "
                            "\"-key = value\" header lines, then #BEGIN_TB ... #END_TB "
                            "thread blocks");
            }
            return fail(r, "input ends without a thread block (an empty trace); expected "
                        "#BEGIN_TB ... #END_TB after the header");
        }
        if (r->ntb > 0) /* the last wave, shorter than cores */
            wave_start(r);
        r->state = ST_DONE;
        return 0;
    }
    const char *p = r->line;
    while (is_blank(*p))
        p++;
    if (!*p || (*p == '#' && strncmp(p, "#BEGIN_TB", 9) && strncmp(p, "#END_TB", 7))) {
        if (++r->idle > ACCEL_IDLE_MAX) /* an endless input of nothing (`yes ''`) ends */
            return fail(r, "more than %d blank or comment lines in a row (an endless input?)",
                        ACCEL_IDLE_MAX);
    } else {
        r->idle = 0;
    }
    if (over)
        return 0;  /* a long mangled "-kernel name" (read_line stops at any other) */
    if (!r->in_tb && *p == '-')
        return header_line(r, p + 1);
    tokenize(r);
    if (r->ntok == 0)
        return 0;
    if (r->in_tb)
        return tb_line(r);
    if (!strcmp(r->tok[0], "#BEGIN_TB")) {
        if (r->ntok != 1)
            return fail(r, "unexpected text after #BEGIN_TB");
        r->in_tb = 1;
        r->tb_line = r->lineno;
        r->cur_warp = -1;
        r->have_insts = 0;
        r->tb[r->ntb].number = r->tbs; /* ntb < cores: a full wave is issued first */
        return 0;
    }
    if (!strcmp(r->tok[0], "#END_TB"))
        return fail(r, "#END_TB outside a thread block");
    if (r->tok[0][0] == '#')
        return 0;  /* "#traces format = ..." and other comments */
    if (!r->recognized) /* perhaps no trace at all (a list naming another file): not quoted */
        return fail(r, "not an Accel-Sim kernel trace: expected a \"-key = value\" header "
                    "line or #BEGIN_TB (the line is not shown)");
    return fail(r, "expected a \"-key = value\" header line or #BEGIN_TB, got \"%.40s\"",
                r->tok[0]);
}

/* ---- public interface ------------------------------------------------------------------ */

accel_reader_t *accel_open_opts(FILE *f, const accel_opts_t *o, char *err, size_t errlen)
{
    accel_reader_t *r = NULL;
    char msg[96] = "";
    if (!f)
        snprintf(msg, sizeof msg, "accel: no input stream");
    else if (!o)
        snprintf(msg, sizeof msg, "accel: no options");
    else if (o->line_bytes == 0 || (o->line_bytes & (o->line_bytes - 1)) != 0)
        snprintf(msg, sizeof msg, "accel: line size %u is not a power of two", o->line_bytes);
    else if (o->addr_bits < 1 || o->addr_bits > 64)
        snprintf(msg, sizeof msg, "accel: address bits %u: allowed: 1 to 64", o->addr_bits);
    else if (o->cores < 1 || o->cores > ACCEL_MAX_CORES)
        snprintf(msg, sizeof msg, "accel: cores %u: allowed: 1 to %d", o->cores,
                 ACCEL_MAX_CORES);
    else if (o->base_ids > ACCEL_MAX_BASE_IDS)
        snprintf(msg, sizeof msg, "accel: base ids %u: allowed: 0 to %d", o->base_ids,
                 ACCEL_MAX_BASE_IDS);
    else if (o->nregions && !o->regions)
        snprintf(msg, sizeof msg, "accel: %zu regions given without their array", o->nregions);
    if (msg[0])
        goto fail;
    if (!(r = calloc(1, sizeof *r)) || !(r->tb = calloc(o->cores, sizeof *r->tb)) ||
        (o->base_ids && !(r->base_key = calloc(o->base_ids, sizeof *r->base_key))) ||
        set_regions(r, o->regions, o->nregions) != 0) {
        snprintf(msg, sizeof msg, "accel: out of memory");
        goto fail;
    }
    r->base_ids = o->base_ids;
    r->f = f;
    r->line_bytes = o->line_bytes;
    r->addr_bits = o->addr_bits;
    r->cores = o->cores;
    r->cur_warp = -1;
    return r;
fail:
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
    if (r) {
        free(r->tb);
        free(r->base_key);
        free(r->regions);
    }
    free(r);
    return NULL;
}

accel_reader_t *accel_open(FILE *f, unsigned line_bytes, char *err, size_t errlen)
{
    accel_opts_t o = {line_bytes, 64, 1, 0, NULL, 0};
    return accel_open_opts(f, &o, err, errlen);
}

/* Next line of the buffered wave, in rounds (trace_accel.h): 1, or 0 when all issued. */
static int issue(accel_reader_t *r, accel_ref_t *out)
{
    for (; r->round < r->rounds; r->round++, r->ti = 0) {
        for (; r->ti < r->ntb; r->ti++, r->wi = 0) {
            const accel_tb_t *t = &r->tb[r->ti];
            for (; r->wi < t->nwarp; r->wi++, r->li = 0) {
                const accel_warp_t *w = &t->warp[r->wi];
                if (r->round >= w->n)
                    continue;
                const accel_inst_t *in = &w->inst[r->round];
                if (r->li < in->count) {
                    size_t k = in->first + r->li++;
                    out->addr = r->pool[k];
                    out->pc = in->pc;
                    out->tb = t->number;
                    out->base = in->base;
                    out->kernel = 0;
                    out->core = (uint16_t)(t->number % r->cores);
                    out->sectors = r->pool_sec[k];
                    out->op = in->op;
                    out->path = in->path;
                    return 1;
                }
            }
        }
    }
    return 0;
}

int accel_next_ref(accel_reader_t *r, accel_ref_t *out)
{
    if (!r)
        return -1;
    if (!out && r->state != ST_FAILED) {
        snprintf(r->err, sizeof r->err, "accel: no output record");
        r->state = ST_FAILED;
    }
    for (;;) {
        if (r->state == ST_FAILED)
            return -1;
        if (r->issuing) {
            if (issue(r, out))
                return 1;
            wave_reset(r);
        }
        if (r->state == ST_DONE)
            return 0;
        if (step(r) != 0)
            return -1;
    }
}

int accel_next(accel_reader_t *r, trace_ref_t *out)
{
    accel_ref_t a;
    int rc;
    if (r && !out && r->state != ST_FAILED) {
        snprintf(r->err, sizeof r->err, "accel: no output record");
        r->state = ST_FAILED;
    }
    while ((rc = accel_next_ref(r, &a)) == 1) {
        if (a.path == ACCEL_L1) {
            out->addr = a.addr;
            out->pc = a.pc;
            out->base_id = a.base;
            out->core = a.core;
            out->op = a.op;
            return 1;
        }
        r->skipped++;
    }
    return rc;
}

uint64_t accel_skipped(const accel_reader_t *r) { return r ? r->skipped : 0; }

uint64_t accel_tbs(const accel_reader_t *r) { return r ? r->tbs : 0; }

uint64_t accel_base_overflows(const accel_reader_t *r) { return r ? r->base_overflows : 0; }

const char *accel_error(const accel_reader_t *r)
{
    return r ? r->err : "accel: no reader";
}

void accel_close(accel_reader_t *r)
{
    if (!r)
        return;
    for (size_t t = 0; t < r->cores; t++) {
        for (size_t i = 0; i < r->tb[t].warp_cap; i++)
            free(r->tb[t].warp[i].inst);
        free(r->tb[t].warp);
    }
    free(r->tb);
    free(r->pool);
    free(r->pool_sec);
    free(r->base_key);
    free(r->regions);
    free(r);
}
