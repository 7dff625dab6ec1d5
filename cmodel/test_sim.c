/* test_sim: cachesim's simulator and trace formats (cmocka).
 * - the fast path equals the bit-accurate model (counters and every row) on random traces over
 *   random configurations of every policy, index and write policy;
 * - hand-computed statistics of small traces for LRU, tree-PLRU and SRRIP;
 * - every format round-trips, compressed inputs read back identically, malformed lines name
 *   their line number, and random bytes never crash a reader. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "sim.h"
#include "trace.h"

static char dir[64];
static uint64_t rng = 0x243f6a8885a308d3ULL;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void set(cfg_t *c, const char *k, const char *v)
{
    char err[512];
    if (cfg_set(c, k, v, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* 2 sets x 2 ways x 16 B, 16-bit addresses: lines 0x00, 0x20, 0x40, 0x60 share set 0. */
static void small(cfg_t *c, const char *repl)
{
    char err[512];
    cfg_defaults(c);
    set(c, "l1.sets", "2");
    set(c, "l1.ways", "2");
    set(c, "l1.line_bytes", "16");
    set(c, "l1.addr_bits", "16");
    set(c, "l1.replacement", repl);
    assert_int_equal(cfg_validate(c, err, sizeof err), 0);
}

static sim_stats_t run_refs(const cfg_t *c, int exact, const char *ops, const uint64_t *addr, int n)
{
    sim_t *s;
    assert_int_equal(sim_new(c, exact, &s), 0);
    for (int i = 0; i < n; i++) {
        trace_ref_t r = {addr[i], 0, 0, 0, ops[i] == 'W' ? TR_WRITE : TR_READ};
        sim_ref(s, &r);
    }
    sim_stats_t st = s->st;
    sim_free(s);
    return st;
}

/* R0 R0 R20 R40 R60 R0 in one 2-way set. LRU: the second R0 hits; R40 evicts 0x00 (LRU), R60
 * evicts 0x20, the last R0 misses: 1 hit, 5 misses, 3 evictions. SRRIP (2-bit): 0x00 is at
 * RRPV 0 after its hit, so R40 and R60 each age the set once and evict the newcomer in way 1;
 * the last R0 hits: 2 hits, 4 misses, 2 evictions. Tree-PLRU on 2 ways is LRU. */
static void test_hand_computed_policies(void **state)
{
    (void)state;
    const char ops[] = "RRRRRR";
    const uint64_t a[] = {0x00, 0x00, 0x20, 0x40, 0x60, 0x00};
    cfg_t c;
    struct { const char *repl; uint64_t hits, misses, evictions; } want[] = {
        {"lru", 1, 5, 3}, {"plru", 1, 5, 3}, {"srrip", 2, 4, 2}};
    for (int k = 0; k < 3; k++) {
        small(&c, want[k].repl);
        for (int exact = 0; exact < 2; exact++) {
            sim_stats_t st = run_refs(&c, exact, ops, a, 6);
            assert_int_equal(st.read_hits, want[k].hits);
            assert_int_equal(st.read_misses, want[k].misses);
            assert_int_equal(st.evictions, want[k].evictions);
            assert_int_equal(st.fills, want[k].misses);
        }
    }
}

/* Writes: no allocate, write-through; a write hit counts as a hit and updates LRU. */
static void test_hand_computed_writes(void **state)
{
    (void)state;
    cfg_t c;
    small(&c, "lru");
    /* W0 (miss, no fill) R0 (miss, fill) R20 (miss, fill) W0 (hit: 0x00 becomes MRU)
     * R40 (miss: evicts 0x20) R0 (hit) */
    const char ops[] = "WRRWRR";
    const uint64_t a[] = {0x00, 0x00, 0x20, 0x00, 0x40, 0x00};
    sim_stats_t st = run_refs(&c, 0, ops, a, 6);
    assert_int_equal(st.writes, 2);
    assert_int_equal(st.write_misses, 1);
    assert_int_equal(st.write_hits, 1);
    assert_int_equal(st.write_throughs, 2);
    assert_int_equal(st.read_hits, 1);
    assert_int_equal(st.read_misses, 3);
    assert_int_equal(st.fills, 3);
    assert_int_equal(st.evictions, 1);
}

static const char *pick(const char *const *v, int n) { return v[rnd() % (uint64_t)n]; }

/* The fast path against the bit-accurate model on random configurations and traces. */
static void test_fast_equals_exact(void **state)
{
    (void)state;
    static const char *const sets[] = {"2", "4", "16", "64"}, *const lines[] = {"16", "64", "128"};
    static const char *const repl[] = {"lru", "plru", "srrip"}, *const idx[] = {"modulo", "xor", "pric"};
    char err[512], v[32];
    for (int cfgn = 0; cfgn < 60; cfgn++) {
        cfg_t c;
        cfg_defaults(&c);
        const char *r = pick(repl, 3);
        set(&c, "l1.sets", pick(sets, 4));
        set(&c, "l1.line_bytes", pick(lines, 3));
        snprintf(v, sizeof v, "%u", !strcmp(r, "plru") ? 2u << (rnd() % 4) : 1 + (unsigned)(rnd() % 8));
        set(&c, "l1.ways", v);
        set(&c, "l1.replacement", r);
        snprintf(v, sizeof v, "%u", 1 + (unsigned)(rnd() % 3));
        set(&c, "l1.rrpv_bits", v);
        set(&c, "l1.index", pick(idx, 3));
        set(&c, "l1.write_evict", rnd() % 3 ? "false" : "true");
        snprintf(v, sizeof v, "%u", 24 + (unsigned)(rnd() % 40));
        set(&c, "l1.addr_bits", v);
        if (cfg_validate(&c, err, sizeof err) != 0)
            continue;
        sim_t *fast, *exact, *batch;
        assert_int_equal(sim_new(&c, 0, &fast), 0);
        assert_int_equal(sim_new(&c, 1, &exact), 0);
        assert_int_equal(sim_new(&c, 0, &batch), 0);
        static trace_ref_t refs[20000];
        assert_non_null(fast->fast);
        assert_non_null(exact->model);
        uint64_t pool = (uint64_t)c.l1.sets * c.l1.ways * 3, base = rnd();
        for (int i = 0; i < 20000; i++) {
            trace_ref_t ref = {0, rnd(), 0, 0, TR_READ};
            uint64_t line = rnd() % 8 ? base + rnd() % pool : rnd();
            ref.addr = line * c.l1.line_bytes + rnd() % c.l1.line_bytes;
            ref.op = rnd() % 4 == 0 ? TR_WRITE : i % 7001 == 7000 ? TR_FLUSH : TR_READ;
            sim_ref(fast, &ref);
            sim_ref(exact, &ref);
            refs[i] = ref;
        }
        for (int i = 0; i < 20000; i += 1000) /* the batched loop of cachesim */
            sim_run(batch, refs + i, 1000);
        assert_memory_equal(&fast->st, &exact->st, sizeof fast->st);
        assert_memory_equal(&batch->st, &exact->st, sizeof batch->st);
        for (unsigned s = 0; s < c.l1.sets; s++) {
            lay_l1_row_t a, b;
            bv_t pa, pb;
            sim_row(s % 2 ? fast : batch, s, &a);
            sim_row(exact, s, &b);
            lay_l1_pack(&fast->fast->lay, &a, &pa);
            lay_l1_pack(&exact->model->lay, &b, &pb);
            if (!bv_eq(&pa, &pb, exact->model->lay.row_bits))
                fail_msg("config %d (%s, %s, %u ways): set %u rows differ", cfgn, r,
                         cfg_index_name(c.l1.index), c.l1.ways, s);
        }
        sim_free(fast);
        sim_free(exact);
        sim_free(batch);
    }
}

static void write_all(const char *path, trace_format_t f, const char *comp, const trace_ref_t *r, int n)
{
    char err[512];
    trace_writer_t *w = trace_create(path, f, comp, err, sizeof err);
    if (!w)
        fail_msg("%s", err);
    for (int i = 0; i < n; i++)
        assert_int_equal(trace_write(w, &r[i]), 0);
    if (trace_finish(w, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static int read_all(const char *path, trace_reader_t **keep, trace_ref_t *out, int cap)
{
    char err[512];
    trace_reader_t *r = trace_open(path, TF_AUTO, err, sizeof err);
    if (!r)
        fail_msg("%s", err);
    int n = 0, rc;
    while (n < cap && (rc = trace_next(r, &out[n])) == 1)
        n++;
    if (keep)
        *keep = r;
    else
        trace_close(r);
    return n;
}

/* text -> binary -> din and back, plain, gzip and zstd: the same references and statistics.
 * Large enough (2.4 MB binary, 4+ MB text) to cross the readers' 1 MB buffer boundaries. */
static void test_round_trips(void **state)
{
    (void)state;
    enum { N = 150000 };
    static trace_ref_t in[N], back[N];
    for (int i = 0; i < N; i++) {
        in[i].addr = rnd() & 0xffffffffffULL;
        in[i].pc = rnd() & 0xfffffffcu;
        in[i].core = (uint16_t)(rnd() % 80);
        in[i].base_id = (uint32_t)(rnd() % 7);
        in[i].op = (uint8_t)(rnd() % 9 == 0 ? TR_WRITE : TR_READ);
    }
    in[100].op = TR_FLUSH;
    in[100].addr = in[100].pc = 0;
    in[100].core = 0;
    in[100].base_id = 0;
    static const trace_format_t fmts[] = {TF_TEXT, TF_BINARY, TF_DIN};
    static const char *const comps[] = {"none", "gz", "zst"};
    cfg_t c;
    char err[512];
    cfg_preset(&c, "fermi-l1", err, sizeof err);
    sim_stats_t first = {0};
    for (int f = 0; f < 3; f++)
        for (int k = 0; k < 3; k++) {
            char path[128];
            snprintf(path, sizeof path, "%s/t%d%d", dir, f, k);
            write_all(path, fmts[f], comps[k], in, N);
            trace_reader_t *r;
            assert_int_equal(read_all(path, &r, back, N), N);
            assert_int_equal(trace_format(r), fmts[f]);
            trace_close(r);
            /* the batched reader gives the same records */
            static trace_ref_t batch[N];
            char err[512];
            trace_reader_t *rb = trace_open(path, TF_AUTO, err, sizeof err);
            assert_non_null(rb);
            long got = 0, k;
            while ((k = trace_next_batch(rb, batch + got, got + 777 <= N ? 777 : N - got)) > 0)
                got += k;
            assert_int_equal(k, 0);
            assert_int_equal(got, N);
            trace_close(rb);
            assert_memory_equal(batch, back, sizeof batch);
            for (int i = 0; i < N; i++) {
                assert_int_equal(back[i].addr, in[i].addr);
                assert_int_equal(back[i].op, in[i].op);
                if (fmts[f] != TF_DIN) { /* din carries only the label and the address */
                    assert_int_equal(back[i].pc, in[i].pc);
                    assert_int_equal(back[i].core, in[i].core);
                    assert_int_equal(back[i].base_id, in[i].base_id);
                }
            }
            sim_t *s;
            assert_int_equal(sim_new(&c, 0, &s), 0);
            for (int i = 0; i < N; i++)
                sim_ref(s, &back[i]);
            if (f == 0 && k == 0)
                first = s->st;
            assert_memory_equal(&s->st, &first, sizeof first);
            sim_free(s);
        }
}

static void expect_error_n(const char *text, size_t len, const char *needle)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/bad", dir);
    FILE *f = fopen(path, "w");
    fwrite(text, 1, len, f);
    fclose(f);
    trace_reader_t *r = trace_open(path, TF_AUTO, err, sizeof err);
    if (!r) {
        assert_non_null(strstr(err, needle));
        return;
    }
    trace_ref_t ref;
    int rc;
    while ((rc = trace_next(r, &ref)) == 1)
        ;
    assert_int_equal(rc, -1);
    if (!strstr(trace_error(r), needle))
        fail_msg("error \"%s\" lacks \"%s\"", trace_error(r), needle);
    trace_close(r);
    /* the batched reader (cachesim's loop) finds the same error */
    r = trace_open(path, TF_AUTO, err, sizeof err);
    assert_non_null(r);
    trace_ref_t batch[4];
    long n;
    while ((n = trace_next_batch(r, batch, 4)) > 0)
        ;
    assert_int_equal(n, -1);
    if (!strstr(trace_error(r), needle))
        fail_msg("batch: error \"%s\" lacks \"%s\"", trace_error(r), needle);
    trace_close(r);
}

static void expect_error(const char *text, const char *needle)
{
    expect_error_n(text, strlen(text), needle);
}

static void test_malformed_lines(void **state)
{
    (void)state;
    expect_error("0 1000\n1 2000\n7 3000\n", "line 3");
    expect_error("0 1000\n0 zz\n", "line 2");
    expect_error("0 12345678901234567\n", "line 1");            /* over 64 bits */
    expect_error("R 1000 40 0 0\nW 2000 44\nQ 1\n", "line 3");
    expect_error("# comment\nR 1000 40 0 0 9 9\n", "line 2");  /* too many fields */
    expect_error("CGTRACE1" "0123456789", "record 1");          /* truncated record */
    expect_error("%%%\n", "cannot tell the format");
    /* cut files: a last line without its newline, a binary file without its end record */
    expect_error("0 1000\n1 2000\n0 30", "line 3: no newline");
    expect_error("R 1000 40 0 0\nW 2000 44", "line 2: no newline");
#define REC(op, a) a "\0\0\0\0\0\0\0" "\0\0\0\0\0\0\0" op
    static const char cut[] = "CGTRACE2" REC("\0", "\x10");
    expect_error_n(cut, sizeof cut - 1, "record 2: missing end record");
    static const char miscount[] = "CGTRACE2" REC("\0", "\x10") REC("\xff", "\x02");
    expect_error_n(miscount, sizeof miscount - 1, "counts 2 records, the file holds 1");
    static const char after[] = "CGTRACE2" REC("\0", "\x10") REC("\xff", "\x01") REC("\0", "\x20");
    expect_error_n(after, sizeof after - 1, "data after the end record");
    static const char end1[] = "CGTRACE1" REC("\xff", "\x00"); /* no end record in version 1 */
    expect_error_n(end1, sizeof end1 - 1, "operation 255");
#undef REC
}

/* Random bytes, random lines and truncated binary records never crash a reader. */
static void test_garbage_does_not_crash(void **state)
{
    (void)state;
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/garbage", dir);
    for (int it = 0; it < 300; it++) {
        FILE *f = fopen(path, "wb");
        int n = (int)(rnd() % 3000);
        if (it % 3 == 0)
            fputs(it % 2 ? "CGTRACE1" : "0 ", f);
        for (int i = 0; i < n; i++) {
            unsigned ch = (unsigned)(rnd() % 256);
            if (it % 3 == 1)
                ch = (unsigned char)"0123 45\nRWxf#abcdef"[rnd() % 20];
            fputc((int)ch, f);
        }
        fclose(f);
        for (int fmt = 0; fmt < 4; fmt++) {
            trace_reader_t *r = trace_open(path, (trace_format_t)fmt, err, sizeof err);
            if (!r)
                continue;
            trace_ref_t ref;
            while (trace_next(r, &ref) == 1)
                ;
            trace_close(r);
        }
    }
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_sim.XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_computed_policies),
        cmocka_unit_test(test_hand_computed_writes),
        cmocka_unit_test(test_fast_equals_exact),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_malformed_lines),
        cmocka_unit_test(test_garbage_does_not_crash),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        rc = 1;
    return rc;
}
