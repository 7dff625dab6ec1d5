/* test_workload: cmocka tests of the synthetic workload generator (workload.h) against
 * properties worked out independently of its code: counts, reproducibility, the documented
 * address layout and PCs, each pattern's reuse structure, and its effect on a small LRU cache
 * simulated here (32 sets x 4 ways x 128 B, modulo index: the fermi-l1 geometry).
 * Build: cc -std=c11 -I. cmodel/test_workload.c cmodel/workload.c -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cmodel/workload.h"

/* ---- helpers --------------------------------------------------------------------------- */

/* A whole trace in memory. */
typedef struct trace_buf {
    trace_ref_t *r;  /* [n] */
    uint64_t n;      /* references received */
    uint64_t cap;    /* capacity of r */
    uint64_t stop;   /* emit returns 7 on the stop-th call (1-based); 0 = never */
} trace_buf_t;

static int collect(void *ctx, const trace_ref_t *ref)
{
    trace_buf_t *b = ctx;
    if (b->n < b->cap)
        b->r[b->n] = *ref;
    b->n++;
    return b->stop && b->n == b->stop ? 7 : 0;
}

/* Generate p into a fresh buffer (must succeed). */
static trace_buf_t gen(const wl_params_t *p)
{
    trace_buf_t b = {0};
    b.cap = p->refs;
    b.r = calloc(p->refs ? p->refs : 1, sizeof *b.r);
    assert_non_null(b.r);
    assert_int_equal(wl_generate(p, collect, &b), 0);
    assert_true(b.n == p->refs);
    return b;
}

static wl_params_t params(wl_pattern_t pat, uint64_t refs)
{
    wl_params_t p;
    wl_defaults(pat, &p);
    p.refs = refs;
    return p;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* 1 if the n values have no duplicate (sorts v). */
static int all_distinct(uint64_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_u64);
    for (size_t i = 1; i < n; i++)
        if (v[i] == v[i - 1])
            return 0;
    return 1;
}

/* Set-associative LRU cache with modulo index, loads and stores alike allocate. */
#define C_SETS 32
#define C_WAYS 4
#define C_LINE 128
typedef struct lru {
    uint64_t tag[C_SETS][C_WAYS];  /* line address + 1; 0 = empty; way 0 = most recent */
} lru_t;

static int lru_access(lru_t *c, uint64_t addr)
{
    uint64_t line = addr / C_LINE, *t = c->tag[line % C_SETS];
    unsigned w = 0;
    while (w < C_WAYS && t[w] != line + 1)
        w++;
    int hit = w < C_WAYS;
    if (!hit)
        w = C_WAYS - 1;
    memmove(&t[1], &t[0], w * sizeof *t);
    t[0] = line + 1;
    return hit;
}

static unsigned set_of(uint64_t addr)
{
    return (unsigned)(addr / C_LINE % C_SETS);
}

/* ---- names, defaults, parameter checks ---------------------------------------------------- */

static void test_names(void **state)
{
    static const char *const names[] = {"stream", "thrash", "hot_stream",
                                        "stride", "random", "pc_mix"};
    static const wl_pattern_t pats[] = {WL_STREAM, WL_THRASH, WL_HOT_STREAM,
                                        WL_STRIDE, WL_RANDOM, WL_PC_MIX};
    (void)state;
    for (unsigned i = 0; i < 6; i++) {
        wl_pattern_t p = WL_PC_MIX;
        assert_int_equal(wl_parse_pattern(names[i], &p), 0);
        assert_int_equal(p, pats[i]);
        assert_string_equal(wl_pattern_name(pats[i]), names[i]);
    }
    wl_pattern_t p = WL_STRIDE;
    assert_int_equal(wl_parse_pattern("streams", &p), -1);
    assert_int_equal(wl_parse_pattern("", &p), -1);
    assert_int_equal(wl_parse_pattern("STREAM", &p), -1);
    assert_int_equal(wl_parse_pattern(NULL, &p), -1);
    assert_int_equal(p, WL_STRIDE); /* untouched */
    assert_null(wl_pattern_name((wl_pattern_t)6));
    assert_null(wl_pattern_name((wl_pattern_t)-1));
}

static void test_defaults(void **state)
{
    static const uint64_t foot[] = {4096, 32768, 4096, 262144, 65536, 4096};
    static const unsigned pct[] = {33, 0, 5, 0, 10, 10};
    (void)state;
    for (unsigned i = 0; i < 6; i++) {
        wl_params_t p;
        char err[160];
        memset(&p, 0xa5, sizeof p);
        wl_defaults((wl_pattern_t)i, &p);
        assert_int_equal(p.pattern, i);
        assert_true(p.refs == 100000 && p.seed == 1);
        assert_int_equal(p.line_bytes, 128);
        assert_true(p.footprint == foot[i]);
        assert_int_equal(p.stride_log2, 12);
        assert_int_equal(p.store_pct, pct[i]);
        assert_int_equal(p.cores, 1);
        assert_int_equal(wl_check(&p, err, sizeof err), 0);
        p.refs = 5000;
        trace_buf_t b = gen(&p);
        free(b.r);
    }
}

static void test_check_rejects(void **state)
{
    struct bad {
        wl_pattern_t pat;
        const char *field;
        uint64_t value;
    } bad[] = {
        {WL_STREAM, "line_bytes", 96},     {WL_STREAM, "line_bytes", 2},
        {WL_STREAM, "line_bytes", 0},      {WL_STREAM, "line_bytes", 131072},
        {WL_RANDOM, "store_pct", 101},     {WL_THRASH, "cores", 0},
        {WL_THRASH, "cores", 65537},       {WL_STREAM, "footprint", 64},
        {WL_THRASH, "footprint", 0},       {WL_HOT_STREAM, "footprint", (1u << 28) + 128},
        {WL_PC_MIX, "footprint", (1u << 27) + 128},
        {WL_STRIDE, "footprint", 31u << 12},   /* 31 rows: less than one warp's group */
        {WL_STRIDE, "stride_log2", 6},     /* pitch 64 B below the 128 B line */
        {WL_STRIDE, "stride_log2", 24},    /* 32 rows of 16 MiB exceed the region */
        {WL_RANDOM, "footprint", 3},       {(wl_pattern_t)6, "footprint", 4096},
    };
    (void)state;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wl_params_t p = params(bad[i].pat == (wl_pattern_t)6 ? WL_STREAM : bad[i].pat, 100);
        char err[160] = "";
        p.pattern = bad[i].pat;
        if (strcmp(bad[i].field, "line_bytes") == 0)
            p.line_bytes = (unsigned)bad[i].value;
        else if (strcmp(bad[i].field, "store_pct") == 0)
            p.store_pct = (unsigned)bad[i].value;
        else if (strcmp(bad[i].field, "cores") == 0)
            p.cores = (unsigned)bad[i].value;
        else if (strcmp(bad[i].field, "stride_log2") == 0)
            p.stride_log2 = (unsigned)bad[i].value;
        else
            p.footprint = bad[i].value;
        assert_int_equal(wl_check(&p, err, sizeof err), -1);
        assert_true(strlen(err) > 0);
        trace_buf_t b = {0};
        assert_int_equal(wl_generate(&p, collect, &b), WL_EPARAM);
        assert_true(b.n == 0);
    }
    /* The limits themselves are legal. */
    wl_params_t p = params(WL_STRIDE, 10);
    char err[160];
    p.footprint = 32u << 12;
    assert_int_equal(wl_check(&p, err, sizeof err), 0);
    p.stride_log2 = 23;
    p.footprint = 1u << 28;
    assert_int_equal(wl_check(&p, err, sizeof err), 0);
    p = params(WL_PC_MIX, 10);
    p.footprint = 1u << 27;
    p.cores = 65536;
    p.store_pct = 100;
    assert_int_equal(wl_check(&p, err, sizeof err), 0);
}

/* ---- counts, stopping, reproducibility ---------------------------------------------------- */

static void test_exact_count(void **state)
{
    static const uint64_t counts[] = {0, 1, 33, 12345};
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++)
        for (unsigned k = 0; k < 4; k++) {
            wl_params_t p = params((wl_pattern_t)pat, counts[k]);
            p.cores = 3;
            trace_buf_t b = gen(&p); /* asserts b.n == refs */
            free(b.r);
        }
}

static void test_emit_stop(void **state)
{
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++) {
        wl_params_t p = params((wl_pattern_t)pat, 1000);
        trace_buf_t b = {0};
        b.stop = 10;
        assert_int_equal(wl_generate(&p, collect, &b), 7);
        assert_true(b.n == 10);
    }
}

static int same_refs(const trace_buf_t *a, const trace_buf_t *b)
{
    for (uint64_t i = 0; i < a->n; i++)
        if (a->r[i].addr != b->r[i].addr || a->r[i].pc != b->r[i].pc ||
            a->r[i].base_id != b->r[i].base_id || a->r[i].core != b->r[i].core ||
            a->r[i].op != b->r[i].op)
            return 0;
    return 1;
}

static void test_reproducible(void **state)
{
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++) {
        wl_params_t p = params((wl_pattern_t)pat, 20000);
        p.store_pct = 50;
        p.cores = 2;
        p.seed = 0x1234;
        trace_buf_t a = gen(&p), b = gen(&p);
        assert_true(same_refs(&a, &b));
        /* Another seed: the op draws always differ; the addresses too where they are random. */
        p.seed = 0x1235;
        trace_buf_t c = gen(&p);
        uint64_t ops = 0, addrs = 0;
        for (uint64_t i = 0; i < c.n; i++) {
            ops += a.r[i].op != c.r[i].op;
            addrs += a.r[i].addr != c.r[i].addr;
        }
        assert_true(ops > 5000); /* about half of 20000 */
        if (pat == WL_HOT_STREAM || pat == WL_RANDOM || pat == WL_PC_MIX)
            assert_true(addrs > 5000);
        else
            assert_true(addrs == 0); /* the deterministic patterns ignore the seed */
        free(a.r);
        free(b.r);
        free(c.r);
    }
}

/* store_pct draws from its own stream: changing it leaves addresses, bases and cores alone. */
static void test_store_pct_keeps_addresses(void **state)
{
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++) {
        wl_params_t p = params((wl_pattern_t)pat, 10000);
        p.cores = 3;
        p.store_pct = 0;
        trace_buf_t a = gen(&p);
        p.store_pct = 70;
        trace_buf_t b = gen(&p);
        for (uint64_t i = 0; i < a.n; i++) {
            assert_true(a.r[i].addr == b.r[i].addr);
            assert_int_equal(a.r[i].base_id, b.r[i].base_id);
            assert_int_equal(a.r[i].core, b.r[i].core);
            assert_int_equal(a.r[i].op, TR_READ);
            assert_true(b.r[i].pc == (b.r[i].op == TR_WRITE ? a.r[i].pc + 0x10 : a.r[i].pc));
        }
        free(a.r);
        free(b.r);
    }
}

static void test_store_pct(void **state)
{
    static const unsigned pcts[] = {0, 10, 33, 50, 100};
    (void)state;
    for (unsigned pat = 0; pat < 6; pat += 5) /* stream (2 arrays in 3 read) and pc_mix */
        for (unsigned k = 0; k < 5; k++) {
            wl_params_t p = params((wl_pattern_t)pat, 100000);
            p.store_pct = pcts[k];
            p.seed = 99 + k;
            trace_buf_t b = gen(&p);
            uint64_t w = 0;
            for (uint64_t i = 0; i < b.n; i++) {
                assert_true(b.r[i].op == TR_READ || b.r[i].op == TR_WRITE);
                /* Load PCs have bit 4 clear, the paired store PCs have it set. */
                assert_int_equal(b.r[i].op == TR_WRITE, (b.r[i].pc & 0x10) != 0);
                w += b.r[i].op == TR_WRITE;
            }
            uint64_t want = 1000u * pcts[k];
            if (pcts[k] == 0 || pcts[k] == 100)
                assert_true(w == want);
            else /* binomial sd <= 160; 1000 is over six of them */
                assert_true(w + 1000 > want && w < want + 1000);
            free(b.r);
        }
}

/* Layout rules every pattern shares: round-robin cores, base regions, PCs. */
static void test_common_layout(void **state)
{
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++) {
        wl_params_t p = params((wl_pattern_t)pat, 30000);
        p.cores = 3;
        p.store_pct = 20;
        trace_buf_t b = gen(&p);
        uint64_t pcs[64];
        unsigned npc = 0;
        for (uint64_t i = 0; i < b.n; i++) {
            const trace_ref_t *r = &b.r[i];
            assert_int_equal(r->core, i % 3);
            assert_true(r->base_id <= 6);
            assert_true(r->addr >> 28 == r->base_id + 1u);
            assert_true(r->addr < ((uint64_t)1 << 32));
            assert_true(r->pc % 16 == 0);
            assert_true(r->pc >= 0x1000u + 0x200u * pat && r->pc < 0x1000u + 0x200u * (pat + 1));
            unsigned k = 0;
            while (k < npc && pcs[k] != r->pc)
                k++;
            if (k == npc) {
                assert_true(npc < 64);
                pcs[npc++] = r->pc;
            }
        }
        assert_true(npc >= 2 && npc <= 12); /* a few loads, each with its store */
        free(b.r);
    }
}

/* ---- streaming ------------------------------------------------------------------------- */

/* Hand-worked first references: 2 cores, 2-line (256 B) chunks, 128 B lines. Core c's j-th
 * ref is array j % 3 at its streamed line q = j / 3, which is ((q/2)*2 + c)*2 + q%2. */
static void test_stream_layout(void **state)
{
    static const struct {
        uint64_t addr;
        unsigned base, core;
    } want[] = {
        {0x10000000, 0, 0}, {0x10000100, 0, 1}, /* q 0: core 0 line 0, core 1 line 2 */
        {0x20000000, 1, 0}, {0x20000100, 1, 1},
        {0x30000000, 2, 0}, {0x30000100, 2, 1},
        {0x10000080, 0, 0}, {0x10000180, 0, 1}, /* q 1: lines 1 and 3 */
        {0x20000080, 1, 0}, {0x20000180, 1, 1},
        {0x30000080, 2, 0}, {0x30000180, 2, 1},
        {0x10000200, 0, 0}, {0x10000300, 0, 1}, /* q 2: next chunks, lines 4 and 6 */
    };
    (void)state;
    wl_params_t p = params(WL_STREAM, 14);
    p.cores = 2;
    p.footprint = 256;
    p.store_pct = 0;
    trace_buf_t b = gen(&p);
    for (unsigned i = 0; i < 14; i++) {
        assert_true(b.r[i].addr == want[i].addr);
        assert_int_equal(b.r[i].base_id, want[i].base);
        assert_int_equal(b.r[i].core, want[i].core);
        assert_true(b.r[i].pc == 0x1000u + 0x20u * want[i].base);
        assert_int_equal(b.r[i].op, TR_READ);
    }
    free(b.r);
}

static void test_stream_once(void **state)
{
    static const unsigned cores[] = {1, 4, 5};
    (void)state;
    for (unsigned k = 0; k < 3; k++) {
        wl_params_t p = params(WL_STREAM, 60000);
        p.cores = cores[k];
        trace_buf_t b = gen(&p);
        uint64_t *lines = malloc(b.n * sizeof *lines);
        for (uint64_t i = 0; i < b.n; i++) {
            lines[i] = b.r[i].addr / 128;
            assert_true(b.r[i].addr % 128 == 0);
        }
        assert_true(all_distinct(lines, b.n));
        /* Within a core and an array, consecutive lines are sequential inside a 32-line chunk. */
        for (uint64_t i = 3 * cores[k]; i < b.n; i++) {
            uint64_t q = i / cores[k] / 3; /* this core's streamed-line count */
            if (q % 32 != 0)
                assert_true(b.r[i].addr == b.r[i - 3 * cores[k]].addr + 128);
            else /* next chunk of this core: cores chunks further on */
                assert_true(b.r[i].addr == b.r[i - 3 * cores[k]].addr + 128 +
                                               (uint64_t)(cores[k] - 1) * 32 * 128);
        }
        free(lines);
        free(b.r);
    }
}

/* ---- thrashing ------------------------------------------------------------------------- */

static void test_thrash_cycle(void **state)
{
    (void)state;
    wl_params_t p = params(WL_THRASH, 1000);
    p.footprint = 40 * 128;
    trace_buf_t b = gen(&p);
    uint64_t first[40];
    for (unsigned i = 0; i < 40; i++) {
        first[i] = b.r[i].addr;
        /* sweep line i: array i % 2, line i / 2 of it */
        assert_true(b.r[i].addr == WL_BASE(i % 2) + (i / 2) * 128u);
        assert_true(b.r[i].pc == 0x1200u + 0x20u * (i % 2));
    }
    assert_true(all_distinct(first, 40));
    for (unsigned i = 40; i < 1000; i++)
        assert_true(b.r[i].addr == b.r[i - 40].addr);
    free(b.r);

    /* Two cores: each repeats the same 40-line cycle, core 1 starting 20 lines in. */
    p.cores = 2;
    b = gen(&p);
    for (unsigned i = 0; i < 1000; i++) {
        unsigned c = i % 2, j = i / 2, k = (j + 20 * c) % 40;
        assert_int_equal(b.r[i].core, c);
        assert_true(b.r[i].addr == WL_BASE(k % 2) + (k / 2) * 128u);
    }
    free(b.r);
}

/* Larger than the 128-line cache: LRU never hits. Smaller: every sweep after the first hits. */
static void test_thrash_lru(void **state)
{
    (void)state;
    wl_params_t p = params(WL_THRASH, 20000); /* default 32 KiB = 256 lines */
    trace_buf_t b = gen(&p);
    lru_t *c = calloc(1, sizeof *c);
    uint64_t hits = 0;
    for (uint64_t i = 0; i < b.n; i++)
        hits += (uint64_t)lru_access(c, b.r[i].addr);
    assert_true(hits == 0);
    free(b.r);

    p.footprint = 8192; /* 64 lines */
    b = gen(&p);
    memset(c, 0, sizeof *c);
    hits = 0;
    for (uint64_t i = 0; i < b.n; i++)
        hits += (uint64_t)lru_access(c, b.r[i].addr);
    assert_true(hits == b.n - 64);
    free(c);
    free(b.r);
}

/* ---- hot set plus stream --------------------------------------------------------------- */

static void test_hot_stream(void **state)
{
    (void)state;
    wl_params_t p = params(WL_HOT_STREAM, 40000);
    p.cores = 2;
    p.store_pct = 0;
    trace_buf_t b = gen(&p);
    uint64_t *streamed = malloc(b.n * sizeof *streamed), ns = 0, nhot = 0;
    uint64_t seen[32] = {0};
    for (uint64_t i = 0; i < b.n; i++) {
        const trace_ref_t *r = &b.r[i];
        unsigned g = (unsigned)(i / 2 % 4); /* step j = i / cores */
        assert_true(r->addr % 128 == 0);
        if (g < 2) { /* val[] then col[], streamed */
            assert_int_equal(r->base_id, g);
            assert_true(r->pc == 0x1400u + 0x20u * g);
            streamed[ns++] = r->addr;
        } else { /* x[] gathers: within the 4 KiB hot set */
            assert_int_equal(r->base_id, 2);
            assert_true(r->pc == 0x1440);
            assert_true(r->addr >= WL_BASE(2) && r->addr < WL_BASE(2) + 4096);
            seen[(r->addr - WL_BASE(2)) / 128]++;
            nhot++;
        }
    }
    assert_true(ns == 20000 && nhot == 20000);
    assert_true(all_distinct(streamed, ns)); /* the matrix is never reused */
    for (unsigned k = 0; k < 32; k++) /* uniform over 32 lines: 625 each on average */
        assert_true(seen[k] > 450 && seen[k] < 800);
    free(streamed);
    free(b.r);
}

/* ---- power-of-two stride --------------------------------------------------------------- */

static void test_stride_sets(void **state)
{
    (void)state;
    wl_params_t p = params(WL_STRIDE, 33 * 2000); /* 2000 iterations over 1024 columns */
    trace_buf_t b = gen(&p);
    for (uint64_t it = 0; it < 2000; it++) {
        const trace_ref_t *r = &b.r[it * 33];
        uint64_t col = it % 1024, group = it / 1024; /* 2 groups of 32 rows */
        for (unsigned t = 0; t < 32; t++) {
            assert_true(r[t].addr == WL_BASE(0) + (group * 32 + t) * 4096 + col * 4);
            assert_true((r[t].addr - r[0].addr) % 4096 == 0);
            assert_int_equal(set_of(r[t].addr), set_of(r[0].addr));
            assert_true(r[t].pc == 0x1600 && r[t].base_id == 0);
        }
        assert_true(r[32].addr == WL_BASE(1) + col * 4);
        assert_true(r[32].pc == 0x1620 && r[32].base_id == 1);
        assert_int_equal(set_of(r[32].addr), set_of(r[0].addr));
    }
    /* Modulo indexing puts each iteration's 32 rows in one 4-way set: the column loads never
     * hit, though each line is read 32 times. */
    lru_t *c = calloc(1, sizeof *c);
    uint64_t hits = 0;
    for (uint64_t i = 0; i < b.n; i++)
        if (lru_access(c, b.r[i].addr) && b.r[i].base_id == 0)
            hits++;
    assert_true(hits == 0);
    free(b.r);

    /* A 128 B pitch spreads the 32 rows over the 32 sets: all but the first of 32 reads hit. */
    p.stride_log2 = 7;
    p.footprint = 64 * 128;
    b = gen(&p);
    memset(c, 0, sizeof *c);
    hits = 0;
    uint64_t loads = 0;
    for (uint64_t i = 0; i < b.n; i++)
        if (b.r[i].base_id == 0) {
            loads++;
            hits += (uint64_t)lru_access(c, b.r[i].addr);
        } else {
            lru_access(c, b.r[i].addr);
        }
    assert_true(hits * 32 >= loads * 30);
    free(c);
    free(b.r);
}

/* Cores take row groups round-robin: core c starts at group c, then c + cores. */
static void test_stride_cores(void **state)
{
    (void)state;
    wl_params_t p = params(WL_STRIDE, 3 * 33 * 2048 * 2); /* two whole groups per core */
    p.stride_log2 = 13;                                    /* 2048 columns */
    p.footprint = (uint64_t)5 * 32 << 13;                  /* 5 groups */
    p.cores = 3;
    trace_buf_t b = gen(&p);
    for (unsigned c = 0; c < 3; c++)
        for (unsigned pass = 0; pass < 2; pass++) {
            uint64_t j = (uint64_t)pass * 33 * 2048; /* first ref of the pass */
            unsigned group = (pass * 3 + c) % 5;
            const trace_ref_t *r = &b.r[j * 3 + c];
            assert_int_equal(r->core, c);
            assert_true(r->addr == WL_BASE(0) + (uint64_t)group * 32 * 8192);
        }
    free(b.r);
}

/* ---- uniform random -------------------------------------------------------------------- */

static void test_random(void **state)
{
    (void)state;
    wl_params_t p = params(WL_RANDOM, 80000); /* 64 KiB table */
    trace_buf_t b = gen(&p);
    unsigned bucket[16] = {0};
    for (uint64_t i = 0; i < b.n; i++) {
        const trace_ref_t *r = &b.r[i];
        assert_true(r->addr >= WL_BASE(0) && r->addr < WL_BASE(0) + 65536);
        assert_true(r->addr % 4 == 0);
        assert_int_equal(r->base_id, 0);
        uint64_t pc = r->op == TR_WRITE ? r->pc - 0x10 : r->pc;
        assert_true(pc == 0x1800u + 0x20u * (i % 2));
        bucket[(r->addr - WL_BASE(0)) / 4096]++;
    }
    for (unsigned k = 0; k < 16; k++) /* 5000 expected, sd about 69 */
        assert_true(bucket[k] > 4500 && bucket[k] < 5500);
    free(b.r);
}

/* ---- per-PC mixture -------------------------------------------------------------------- */

static void test_pc_mix(void **state)
{
    static const unsigned pc_of_step[8] = {0x1A00, 0x1A40, 0x1A20, 0x1A40,
                                           0x1A60, 0x1A80, 0x1A40, 0x1AA0};
    static const unsigned base_of_step[8] = {0, 2, 1, 2, 3, 4, 2, 4};
    (void)state;
    wl_params_t p = params(WL_PC_MIX, 80000); /* hot set 32 lines, cyclic 64 lines */
    p.store_pct = 0;
    trace_buf_t b = gen(&p);
    uint64_t *stream[3];
    uint64_t ns[3] = {0, 0, 0}, ncyc = 0, pc_count[6] = {0};
    for (unsigned k = 0; k < 3; k++)
        stream[k] = malloc(b.n * sizeof *stream[k]);
    for (uint64_t i = 0; i < b.n; i++) {
        const trace_ref_t *r = &b.r[i];
        unsigned s = (unsigned)(i % 8);
        assert_true(r->pc == pc_of_step[s]);
        assert_int_equal(r->base_id, base_of_step[s]);
        assert_true(r->addr % 128 == 0);
        pc_count[(r->pc - 0x1A00) / 0x20]++;
        switch (s) {
        case 0:
        case 2:
        case 5:
            stream[s == 0 ? 0 : s == 2 ? 1 : 2][ns[s == 0 ? 0 : s == 2 ? 1 : 2]++] = r->addr;
            break;
        case 4: /* cyclic over 64 lines in visiting order */
            assert_true(r->addr == WL_BASE(3) + (ncyc++ % 64) * 128);
            break;
        case 7: /* consumer re-reads the producer's line of two steps before */
            assert_true(r->addr == b.r[i - 2].addr);
            break;
        default: /* hot */
            assert_true(r->addr >= WL_BASE(2) && r->addr < WL_BASE(2) + 4096);
        }
    }
    for (unsigned k = 0; k < 3; k++) {
        assert_true(ns[k] == 10000);
        assert_true(all_distinct(stream[k], ns[k])); /* streaming PCs never reuse a line */
        free(stream[k]);
    }
    /* Exactly the six documented load PCs, in the documented proportions. */
    assert_true(pc_count[0] == 10000 && pc_count[1] == 10000 && pc_count[2] == 30000);
    assert_true(pc_count[3] == 10000 && pc_count[4] == 10000 && pc_count[5] == 10000);

    /* The stream PCs pollute LRU: cyclic loads hit only once the streams are bypassed. */
    lru_t *c = calloc(1, sizeof *c);
    uint64_t hits_all = 0, hits_bypass = 0, cyc = 0;
    for (uint64_t i = 0; i < b.n; i++)
        if (b.r[i].pc == 0x1A60)
            hits_all += (uint64_t)lru_access(c, b.r[i].addr);
        else
            lru_access(c, b.r[i].addr);
    memset(c, 0, sizeof *c);
    for (uint64_t i = 0; i < b.n; i++) {
        unsigned pc = (unsigned)b.r[i].pc;
        if (pc == 0x1A00 || pc == 0x1A20 || pc == 0x1A80 || pc == 0x1AA0)
            continue; /* bypassed */
        int hit = lru_access(c, b.r[i].addr);
        if (pc == 0x1A60) {
            cyc++;
            hits_bypass += (uint64_t)hit;
        }
    }
    assert_true(hits_all * 10 < cyc);       /* under 10 % */
    assert_true(hits_bypass * 10 > cyc * 9); /* over 90 % */
    free(c);
    free(b.r);
}

/* ---- cross-machine pin --------------------------------------------------------------------- */

static uint64_t fnv(uint64_t h, uint64_t v)
{
    for (unsigned k = 0; k < 8; k++) {
        h ^= (v >> (8 * k)) & 0xff;
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static int digest(void *ctx, const trace_ref_t *r)
{
    uint64_t *h = ctx;
    *h = fnv(*h, r->addr);
    *h = fnv(*h, r->pc);
    *h = fnv(*h, ((uint64_t)r->base_id << 32) | ((uint64_t)r->core << 8) | r->op);
    return 0;
}

/* Digests recorded from this implementation (defaults, 2 cores, seed 42, 10000 refs): any
 * change to them means a seed no longer reproduces traces made by earlier builds. */
static void test_golden(void **state)
{
    static const uint64_t want[6] = {
        UINT64_C(0x87824c60fb6ebec4), UINT64_C(0xab9c71a0fe2ec84d), UINT64_C(0xc9d4200131e19c7b),
        UINT64_C(0xa3a817743268df27), UINT64_C(0x7fe56c1e0e9aeaf2), UINT64_C(0x99f9c39dfa3021e3),
    };
    (void)state;
    for (unsigned pat = 0; pat < 6; pat++) {
        wl_params_t p = params((wl_pattern_t)pat, 10000);
        uint64_t h = UINT64_C(0xcbf29ce484222325);
        p.cores = 2;
        p.seed = 42;
        assert_int_equal(wl_generate(&p, digest, &h), 0);
        assert_true(h == want[pat]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_check_rejects),
        cmocka_unit_test(test_exact_count),
        cmocka_unit_test(test_emit_stop),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_store_pct_keeps_addresses),
        cmocka_unit_test(test_store_pct),
        cmocka_unit_test(test_common_layout),
        cmocka_unit_test(test_stream_layout),
        cmocka_unit_test(test_stream_once),
        cmocka_unit_test(test_thrash_cycle),
        cmocka_unit_test(test_thrash_lru),
        cmocka_unit_test(test_hot_stream),
        cmocka_unit_test(test_stride_sets),
        cmocka_unit_test(test_stride_cores),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_pc_mix),
        cmocka_unit_test(test_golden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
