/* test_sim: cachesim's simulator and trace formats (cmocka).
 * - the fast path equals the bit-accurate model (counters and every row) on random traces over
 *   random configurations of every policy, index and write policy, line invalidates included,
 *   and over every LRU loop it specialises (way counts 1 to 32, every index);
 * - hand-computed statistics of small traces for LRU, tree-PLRU and SRRIP;
 * - Dinero IV (SPEC 6): every din label and the binary layout (byte order, field sizes, label
 *   values, accesses split at lines, truncation) against hand-worked counts, the same through
 *   both readers and both simulator paths; a 7-line trace giving Dinero IV's counts;
 * - every format round-trips, compressed inputs read back identically, malformed lines name
 *   their line number and value, and random bytes never crash a reader;
 * - sysim's system driver on a sacat system (FG-CB, SPEC 3.7): base ids reach the L1s, the
 *   cycles it tells the model (one request per core a cycle), kernel starts, no-allocate reads
 *   at the L2 and the L2's hit flag fed back, on traces whose decisions are worked by hand;
 * - the timing model (sys_timed, heterogeneous sysim): a GPU and a CPU-port trace whose L2
 *   hits, misses, owners, latencies, cycles and share samples are worked by hand, and unit
 *   latencies reproducing program order (every statistic and the cycle count) on a random
 *   round-robin trace. */
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
#include "sys_sim.h"
#include "sys_timed.h"
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

/* The fast path against the bit-accurate model on a random trace of c (20000 references with
 * writes, flushes and line invalidates), per reference (sim_ref) and batched (sim_run, the
 * specialised loops; flat_mode as cm_fast_t's: -1 lets the 4-way LRU loop choose, 0 and 1
 * force lru_loop or lru4_flat): the same counters and every row. */
static void check_fast_equals_exact(const cfg_t *c, const char *what, int flat_mode)
{
    sim_t *fast, *exact, *batch;
    assert_int_equal(sim_new(c, 0, &fast), 0);
    assert_int_equal(sim_new(c, 1, &exact), 0);
    assert_int_equal(sim_new(c, 0, &batch), 0);
    batch->fast->flat_mode = flat_mode;
    static trace_ref_t refs[20000];
    assert_non_null(fast->fast);
    assert_non_null(exact->model);
    uint64_t pool = (uint64_t)c->l1.sets * c->l1.ways * 3, base = rnd();
    for (int i = 0; i < 20000; i++) {
        trace_ref_t ref = {0, rnd(), 0, 0, TR_READ};
        uint64_t line = rnd() % 8 ? base + rnd() % pool : rnd();
        ref.addr = line * c->l1.line_bytes + rnd() % c->l1.line_bytes;
        ref.op = rnd() % 4 == 0    ? TR_WRITE
                 : i % 7001 == 7000 ? TR_FLUSH
                 : rnd() % 23 == 0  ? TR_INVAL /* a line that is often resident */
                                    : TR_READ;
        sim_ref(fast, &ref);
        sim_ref(exact, &ref);
        refs[i] = ref;
    }
    for (int i = 0; i < 20000; i += 1000) /* the batched loop of cachesim */
        sim_run(batch, refs + i, 1000);
    assert_true(exact->st.invalidates > 500);
    assert_memory_equal(&fast->st, &exact->st, sizeof fast->st);
    assert_memory_equal(&batch->st, &exact->st, sizeof batch->st);
    for (unsigned s = 0; s < c->l1.sets; s++) {
        lay_l1_row_t a, b;
        bv_t pa, pb;
        sim_row(s % 2 ? fast : batch, s, &a);
        sim_row(exact, s, &b);
        lay_l1_pack(&fast->fast->lay, &a, &pa);
        lay_l1_pack(&exact->model->lay, &b, &pb);
        if (!bv_eq(&pa, &pb, exact->model->lay.row_bits))
            fail_msg("%s (%s, %s, %u ways): set %u rows differ", what,
                     cfg_repl_name(c->l1.repl), cfg_index_name(c->l1.index), c->l1.ways, s);
    }
    sim_free(fast);
    sim_free(exact);
    sim_free(batch);
}

/* The fast path against the bit-accurate model on random configurations and traces. */
static void test_fast_equals_exact(void **state)
{
    (void)state;
    static const char *const sets[] = {"2", "4", "16", "64"}, *const lines[] = {"16", "64", "128"};
    static const char *const repl[] = {"lru", "plru", "srrip"}, *const idx[] = {"modulo", "xor", "pric"};
    char err[512], v[32], what[32];
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
        snprintf(what, sizeof what, "config %d", cfgn);
        check_fast_equals_exact(&c, what, -1);
    }
}

/* Every LRU loop of cm_fast_run (the way counts it specialises, 2, 4, 8 and 16 with modulo
 * index, the generic order-list loop at 1, 3 and 5 ways and under xor and PRIC, the stamp
 * loop past 16 ways, and the branch-free 4-way loop, forced and chosen), with and without
 * write-evict, against the bit-accurate model. */
static void test_fast_lru_loops(void **state)
{
    (void)state;
    static const char *const ways[] = {"1", "2", "3", "4", "5", "8", "16", "17", "32"};
    static const char *const idx[] = {"modulo", "xor", "pric"};
    char err[512], what[64];
    for (unsigned w = 0; w < sizeof ways / sizeof ways[0]; w++)
        for (unsigned x = 0; x < 3; x++)
            for (int we = 0; we < 2; we++) {
                cfg_t c;
                cfg_defaults(&c);
                set(&c, "l1.sets", "16");
                set(&c, "l1.line_bytes", "64");
                set(&c, "l1.ways", ways[w]);
                set(&c, "l1.replacement", "lru");
                set(&c, "l1.index", idx[x]);
                set(&c, "l1.write_evict", we ? "true" : "false");
                if (cfg_validate(&c, err, sizeof err) != 0)
                    fail_msg("%s ways, %s index: %s", ways[w], idx[x], err);
                for (int flat = -1; flat <= 1; flat++) {
                    snprintf(what, sizeof what, "lru loop, write_evict %d, flat %d", we, flat);
                    check_fast_equals_exact(&c, what, flat);
                }
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

static const trace_opts_t with_inval = {0, 1, 0}; /* cachesim's opts on a baseline L1 */

static int read_all(const char *path, trace_reader_t **keep, trace_ref_t *out, int cap)
{
    char err[512];
    trace_reader_t *r = trace_open_opts(path, TF_AUTO, &with_inval, err, sizeof err);
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
    in[100].op = TR_INVAL; /* every format holds it; the flush, which din does not, is below */
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
            trace_reader_t *rb = trace_open_opts(path, TF_AUTO, &with_inval, err, sizeof err);
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

/* `len` bytes of `data` as the file dir/name; returns its path (static, one per name). */
static const char *put(const char *name, const void *data, size_t len)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, 128, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
    return p;
}

/* Reading `len` bytes of `text` as `fmt` with `o` fails with an error holding `needle`, the
 * same through trace_next and trace_next_batch. */
static void expect_error_fo(const void *text, size_t len, trace_format_t fmt,
                            const trace_opts_t *o, const char *needle)
{
    char err[512];
    const char *path = put("bad", text, len);
    trace_reader_t *r = trace_open_opts(path, fmt, o, err, sizeof err);
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
    r = trace_open_opts(path, fmt, o, err, sizeof err);
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

static void expect_error_n(const char *text, size_t len, const char *needle)
{
    expect_error_fo(text, len, TF_AUTO, NULL, needle);
}

static void expect_error(const char *text, const char *needle)
{
    expect_error_n(text, strlen(text), needle);
}

static void test_malformed_lines(void **state)
{
    (void)state;
    /* din: the line and the value, for a label, an address, a missing address */
    expect_error("0 1000\n1 2000\n7 3000\n", "line 3: din label \"7\": allowed: 0 read, 1 write, "
                 "2 instruction fetch, 3 miscellaneous, 4 copy-back, 5 invalidate");
    expect_error("0 1000\n00 3000\n", "line 2: din label \"00\"");
    expect_error("0 1000\n0 zz\n", "line 2: din address \"zz\": expected a hexadecimal number");
    expect_error("0 1000\n0 12g4 rest\n", "line 2: din address \"12g4\"");
    expect_error("0 10\n4\n", "line 2: din address \"\""); /* Dinero III's bare flush */
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
        for (int fmt = 0; fmt <= TF_DINBIN; fmt++) {
            if (fmt == TF_ACCEL)
                continue; /* test_trace_accel.c and fuzz_accel cover it */
            trace_opts_t o = {(uint8_t)(it & 1), (uint8_t)(it >> 1 & 1),
                              it % 5 ? 16u << (it % 3) : 0};
            trace_reader_t *r = trace_open_opts(path, (trace_format_t)fmt, &o, err, sizeof err);
            if (!r)
                continue;
            trace_ref_t ref;
            while (trace_next(r, &ref) == 1)
                ;
            trace_close(r);
        }
    }
}

/* ---- Dinero IV (SPEC 6) ------------------------------------------------------------------ */

/* One trace simulated: the statistics and the reader's skipped records. */
typedef struct dres {
    sim_stats_t st;
    uint64_t ifetches, copybacks;
} dres_t;

/* Simulate dir/name as `fmt` with reader options `o` on small(lru) (2 sets x 2 ways x 16 B:
 * lines 0x00, 0x20, 0x40 share set 0, 0x10 and 0x30 are in set 1; `ways` 4 for 4 ways) four
 * ways: trace_next into sim_ref and trace_next_batch (odd batches) into sim_run, each on the
 * exact and the fast path. All four must agree; returns their result. */
static dres_t dsim_w(const char *path, trace_format_t fmt, const trace_opts_t *o, int ways)
{
    cfg_t c;
    small(&c, "lru");
    if (ways != 2) {
        char err[512], v[16];
        snprintf(v, sizeof v, "%d", ways);
        set(&c, "l1.ways", v);
        assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    }
    dres_t res[4];
    char err[512];
    for (int k = 0; k < 4; k++) {
        sim_t *s;
        assert_int_equal(sim_new(&c, k & 1, &s), 0);
        assert_true(sim_can_inval(s));
        trace_reader_t *r = trace_open_opts(path, fmt, o, err, sizeof err);
        if (!r)
            fail_msg("%s", err);
        trace_ref_t batch[3];
        long n;
        if (k < 2) {
            while ((n = trace_next(r, batch)) == 1)
                sim_ref(s, batch);
        } else {
            while ((n = trace_next_batch(r, batch, 3)) > 0)
                sim_run(s, batch, n);
        }
        if (n != 0)
            fail_msg("%s", trace_error(r));
        memset(&res[k], 0, sizeof res[k]);
        res[k].st = s->st;
        trace_skipped(r, &res[k].ifetches, &res[k].copybacks);
        trace_close(r);
        sim_free(s);
        if (k)
            assert_memory_equal(&res[k], &res[0], sizeof res[0]);
    }
    return res[0];
}

static dres_t dsim(const char *path, trace_format_t fmt, const trace_opts_t *o)
{
    return dsim_w(path, fmt, o, 2);
}

/* dsim of din text with the defaults of cachesim on a baseline L1: fetches ignored, line
 * invalidates taken; ifetch_read = --ifetch data. Run twice: as it is (short: the batched
 * reader takes its careful path) and followed by a long comment line (its lines are then
 * parsed by the batched reader's fast loop), with the same result. */
static dres_t din(const char *text, int ifetch_read)
{
    trace_opts_t o = {(uint8_t)ifetch_read, 1, 16};
    dres_t r = dsim(put("t.din", text, strlen(text)), TF_DIN, &o);
    char padded[512];
    snprintf(padded, sizeof padded, "%s# a comment long enough for the fast loop\n", text);
    dres_t p = dsim(put("t.din", padded, strlen(padded)), TF_DIN, &o);
    assert_memory_equal(&p, &r, sizeof r);
    return r;
}

#define EXPECT(r, refs_, reads_, rhits, rmisses, writes_, whits, wmisses)                    \
    do {                                                                                      \
        assert_int_equal((r).st.refs, refs_);                                                 \
        assert_int_equal((r).st.reads, reads_);                                               \
        assert_int_equal((r).st.read_hits, rhits);                                            \
        assert_int_equal((r).st.read_misses, rmisses);                                        \
        assert_int_equal((r).st.writes, writes_);                                             \
        assert_int_equal((r).st.write_hits, whits);                                           \
        assert_int_equal((r).st.write_misses, wmisses);                                       \
    } while (0)

/* Each din label alone, in a context where every other meaning gives other counts. */
static void test_din_labels(void **state)
{
    (void)state;
    dres_t r;
    /* 0 read: R0 misses and fills, R0 hits. */
    r = din("0 0\n0 0\n", 0);
    EXPECT(r, 2, 2, 1, 1, 0, 0, 0);
    assert_int_equal(r.st.fills, 1);
    /* 1 write, write-through without allocation: W0 misses (no fill), W0 misses again, R0
     * misses and fills, W0 hits. 3 writes (2 misses, 1 hit), all written through. */
    r = din("1 0\n1 0\n0 0\n1 0\n", 0);
    EXPECT(r, 4, 1, 0, 1, 3, 1, 2);
    assert_int_equal(r.st.write_throughs, 3);
    assert_int_equal(r.st.fills, 1);
    /* 2 instruction fetch: Dinero's data cache never sees it (it goes to the instruction
     * side), so F0 R0 is one read, a miss; as a read (a unified cache, --ifetch data) F0
     * misses and fills and R0 hits. */
    r = din("2 0\n0 0\n", 0);
    EXPECT(r, 1, 1, 0, 1, 0, 0, 0);
    assert_int_equal(r.ifetches, 1);
    r = din("2 0\n0 0\n", 1);
    EXPECT(r, 2, 2, 1, 1, 0, 0, 0);
    assert_int_equal(r.ifetches, 0);
    /* 3 miscellaneous: a read (Dinero III skipped it): M0 misses and fills, R0 hits. */
    r = din("3 0\n0 0\n", 0);
    EXPECT(r, 2, 2, 1, 1, 0, 0, 0);
    /* 4 copy-back: nothing to copy in a write-through cache, no invalidation (Dinero III
     * flushed): R0 misses, C0, R0 hits. Not a reference, not a flush. */
    r = din("0 0\n4 0\n0 0\n", 0);
    EXPECT(r, 2, 2, 1, 1, 0, 0, 0);
    assert_int_equal(r.copybacks, 1);
    assert_int_equal(r.st.flushes, 0);
    /* 5 invalidate the line holding the address: R0 R20 fill set 0 (0x20 most recent); V0
     * drops 0x00 only; R20 hits (a whole-cache flush would miss it); R0 misses (ignored, it
     * would hit) and takes the invalid way: no eviction (had V0 dropped 0x20 instead, R20
     * would miss). V10 (set 1, not resident) changes nothing: R0 R20 hit. 6 reads, 3 hits, 3
     * misses, 3 fills, 0 evictions, 2 invalidates. */
    r = din("0 0\n0 20\n5 0\n0 20\n0 0\n5 10\n0 0\n0 20\n", 0);
    EXPECT(r, 6, 6, 3, 3, 0, 0, 0);
    assert_int_equal(r.st.fills, 3);
    assert_int_equal(r.st.evictions, 0);
    assert_int_equal(r.st.invalidates, 2);
    /* ... and keeps the LRU order of the other lines, on 4 ways: R0 R20 R40 R60 miss (least
     * recent first: 00 20 40 60); V20; R80 misses into 0x20's way, no eviction (00 40 60
     * 80); R0 hits (40 60 80 00); R20 misses and evicts 0x40, R40 misses and evicts 0x60.
     * 8 reads, 1 hit, 7 misses, 2 evictions (Dinero: 8 fetches, 7 misses). */
    const char *t4 = "0 0\n0 20\n0 40\n0 60\n5 20\n0 80\n0 0\n0 20\n0 40\n";
    trace_opts_t o = {0, 1, 16};
    r = dsim_w(put("t4.din", t4, strlen(t4)), TF_DIN, &o, 4);
    EXPECT(r, 8, 8, 1, 7, 0, 0, 0);
    assert_int_equal(r.st.evictions, 2);
    /* The address is any hexadecimal number (0x allowed, Dinero's "rest of the line is
     * ignored" kept), labels are one digit. R 0x10 misses, R 1f hits (line 0x10). */
    r = din("0 0x10 a comment\n0 1f\n", 0);
    EXPECT(r, 2, 2, 1, 1, 0, 0, 0);
    /* Without opts.inval (sysim, a decoupled L1) label 5 is an error naming the line. */
    expect_error_fo("0 0\n5 0\n", 8, TF_DIN, NULL,
                    "line 2: din label \"5\": invalidating one line is not supported");
}

/* The kind of trace: 7 lines, one of each kind. Dinero IV d4-7 on it, as
 *   dineroIV -informat d -l1-dsize 64 -l1-dbsize 16 -l1-dassoc 2 -l1-drepl l
 *            -l1-dwalloc n -l1-dwback n
 * (the small cache; with -l1-usize/-l1-ubsize/... for a unified cache), by hand:
 *   0 0    read  0x00: miss, fill               set 0: 00
 *   2 40   fetch: not in the data cache         (unified: miss, fill; set 0: 40 00)
 *   3 20   misc  0x20: miss, fill               set 0: 20 00     (unified: evicts 00)
 *   0 20   read  0x20: hit
 *   4 0    copy-back: nothing (write-through)
 *   0 10   read  0x10: miss, fill               set 1: 10
 *   1 0    write 0x00: hit                      (unified: miss, 00 was evicted)
 * Data cache: 5 demand fetches (read 3, write 1, misc 1), 3 misses (read 2, misc 1).
 * Unified: 6 fetches, 5 misses (instrn 1, read 2, misc 1, write 1): Dinero's "Demand
 * Fetches" and "Demand Misses" lines. cachesim counts misc as a read. Dinero III's meanings
 * (the reader before issue 19: fetch a read, misc skipped, 4 a flush) gave 5 misses of 5. */
static void test_dinero_seven_lines(void **state)
{
    (void)state;
    const char *t = "0 0\n2 40\n3 20\n0 20\n4 0\n0 10\n1 0\n";
    dres_t r = din(t, 0);
    EXPECT(r, 5, 4, 1, 3, 1, 1, 0);
    assert_int_equal(r.ifetches, 1);
    assert_int_equal(r.copybacks, 1);
    r = din(t, 1); /* --ifetch data */
    EXPECT(r, 6, 5, 1, 4, 1, 0, 1);
}

/* One Dinero binary record: address (32), size (16), label (8), pad (8), little-endian. */
static unsigned char *dbrec(unsigned char *p, uint32_t addr, uint16_t size, uint8_t label,
                            uint8_t pad)
{
    const unsigned char b[8] = {(unsigned char)addr, (unsigned char)(addr >> 8),
                                (unsigned char)(addr >> 16), (unsigned char)(addr >> 24),
                                (unsigned char)size, (unsigned char)(size >> 8), label, pad};
    memcpy(p, b, 8);
    return p + 8;
}

/* All references of a Dinero binary file read with `o`, through trace_next (batched reads
 * of 1, 2 and 5 must give the same); returns the count. */
static int dbin_refs(const unsigned char *data, size_t len, const trace_opts_t *o,
                     trace_ref_t *out, int cap)
{
    const char *path = put("t.dbin", data, len);
    char err[512];
    trace_reader_t *r = trace_open_opts(path, TF_DINBIN, o, err, sizeof err);
    if (!r)
        fail_msg("%s", err);
    int n = 0, rc;
    while (n < cap && (rc = trace_next(r, &out[n])) == 1)
        n++;
    if (rc < 0)
        fail_msg("%s", trace_error(r));
    trace_close(r);
    for (long b = 1; b <= 5; b += b == 1 ? 1 : 3) {
        r = trace_open_opts(path, TF_DINBIN, o, err, sizeof err);
        trace_ref_t got[64];
        long k = 0, m;
        while ((m = trace_next_batch(r, got + k, k + b <= 64 ? b : 64 - k)) > 0)
            k += m;
        assert_int_equal(m, 0);
        assert_int_equal(k, n);
        for (int i = 0; i < n; i++) {
            assert_int_equal(got[i].addr, out[i].addr);
            assert_int_equal(got[i].op, out[i].op);
        }
        trace_close(r);
    }
    return n;
}

static void test_dinero_binary_layout(void **state)
{
    (void)state;
    unsigned char buf[256], *p;
    trace_ref_t ref[64];
    trace_opts_t o = {0, 1, 16};
    /* Byte order and field sizes, by hand: 78 56 34 12 | 04 00 | 01 | 00 is a 4-byte write
     * of 0x12345678 (big-endian would read 0x78563412); the second record starts at byte 8
     * (a 16-byte record, as cachegen's, would read its address from 0x..10). */
    static const unsigned char two[16] = {0x78, 0x56, 0x34, 0x12, 0x04, 0x00, 0x01, 0x00,
                                          0x10, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0xee};
    assert_int_equal(dbin_refs(two, 16, &o, ref, 64), 2);
    assert_int_equal(ref[0].addr, 0x12345678u);
    assert_int_equal(ref[0].op, TR_WRITE);
    assert_int_equal(ref[1].addr, 0x10); /* the pad byte (0xee) is ignored, as Dinero does */
    assert_int_equal(ref[1].op, TR_READ);
    /* The size is 16 bits, little-endian: 00 01 = 256 bytes from 0x100 = lines 0x100 to
     * 0x1f0 of 16 bytes: 16 references, in address order (00 01 read big-endian would be 1
     * byte, one reference). An access of 8 bytes at 0x0c spans lines 0x00 and 0x10: 2, the
     * first at its own address. With line_bytes 0 each record is one reference. */
    p = dbrec(buf, 0x100, 0x100, 0, 0);
    p = dbrec(p, 0x0c, 8, 1, 0);
    assert_int_equal(dbin_refs(buf, (size_t)(p - buf), &o, ref, 64), 18);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(ref[i].addr, 0x100 + 16 * i);
        assert_int_equal(ref[i].op, TR_READ);
    }
    assert_int_equal(ref[16].addr, 0x0c);
    assert_int_equal(ref[17].addr, 0x10);
    assert_int_equal(ref[17].op, TR_WRITE);
    trace_opts_t whole = {0, 1, 0};
    assert_int_equal(dbin_refs(buf, (size_t)(p - buf), &whole, ref, 64), 2);
    /* Labels: 0 read, 1 write, 2 fetch (skipped; a read with ifetch_read), 3 misc (a read),
     * 4 copy-back (skipped, of any size), 5 of size 4 invalidates the line holding the
     * address (never split: Dinero invalidates one block), 5 of size 0 the whole cache. */
    p = buf;
    for (uint8_t l = 0; l <= 4; l++)
        p = dbrec(p, 0x20u * l, 4, l, 0);
    p = dbrec(p, 0x4c, 0, 4, 0);
    p = dbrec(p, 0x3c, 64, 5, 0);
    p = dbrec(p, 0x77, 0, 5, 0);
    static const struct { uint64_t addr; uint8_t op; } want[] = {
        {0x00, TR_READ}, {0x20, TR_WRITE}, {0x60, TR_READ}, {0x3c, TR_INVAL}, {0, TR_FLUSH}};
    assert_int_equal(dbin_refs(buf, (size_t)(p - buf), &o, ref, 64), 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(ref[i].addr, want[i].addr);
        assert_int_equal(ref[i].op, want[i].op);
    }
    trace_opts_t fetch = {1, 1, 16};
    assert_int_equal(dbin_refs(buf, (size_t)(p - buf), &fetch, ref, 64), 6);
    assert_int_equal(ref[2].addr, 0x40);
    assert_int_equal(ref[2].op, TR_READ);
    /* Simulated: the seven-line trace of test_dinero_seven_lines as 4-byte records gives
     * Dinero's counts (5 references, 3 misses; --ifetch data 6 and 5), plus a write of 8
     * bytes at 0x1c: lines 0x10 (hit) and 0x20 (hit): Dinero counts two demand fetches. */
    static const struct { uint32_t a; uint8_t l; } seven[] = {
        {0x0, 0}, {0x40, 2}, {0x20, 3}, {0x20, 0}, {0x0, 4}, {0x10, 0}, {0x0, 1}};
    p = buf;
    for (int i = 0; i < 7; i++)
        p = dbrec(p, seven[i].a, 4, seven[i].l, 0);
    dres_t r = dsim(put("seven.dbin", buf, (size_t)(p - buf)), TF_DINBIN, &o);
    EXPECT(r, 5, 4, 1, 3, 1, 1, 0);
    assert_int_equal(r.ifetches, 1);
    assert_int_equal(r.copybacks, 1);
    r = dsim(put("seven.dbin", buf, (size_t)(p - buf)), TF_DINBIN, &fetch);
    EXPECT(r, 6, 5, 1, 4, 1, 0, 1);
    p = dbrec(p, 0x1c, 8, 1, 0);
    r = dsim(put("eight.dbin", buf, (size_t)(p - buf)), TF_DINBIN, &o);
    EXPECT(r, 7, 4, 1, 3, 3, 3, 0);
    /* Errors name the record (its number, 1-based) and the value. */
    p = dbrec(buf, 0, 4, 0, 0);
    p = dbrec(p, 0x10, 4, 1, 0);
    memcpy(p, "\x20\0\0\0\4", 5); /* 5 of 8 bytes: the file is cut */
    expect_error_fo(buf, (size_t)(p - buf) + 5, TF_DINBIN, &o,
                    "record 3: truncated (5 of 8 bytes)");
    p = dbrec(dbrec(buf, 0, 4, 0, 0), 0x10, 4, 6, 0);
    expect_error_fo(buf, (size_t)(p - buf), TF_DINBIN, &o, "record 2: label 6; allowed: 0 read");
    p = dbrec(buf, 0x10, 0, 0, 0);
    expect_error_fo(buf, (size_t)(p - buf), TF_DINBIN, &o, "record 1: label 0 with size 0");
    p = dbrec(buf, 0x10, 4, 5, 0);
    expect_error_fo(buf, (size_t)(p - buf), TF_DINBIN, NULL, "record 1: label 5 of size 4: "
                    "invalidating one line is not supported");
    /* Not detected by content (it has no header); the error says how to read it. */
    p = dbrec(buf, 0x31, 4, 0, 0);
    expect_error_fo(buf, (size_t)(p - buf), TF_AUTO, NULL, "--format dinero-binary");
    expect_error_fo(buf, (size_t)(p - buf), TF_BINARY, NULL, "--format dinero-binary");
}

/* A flush (text F, cachegen binary op 2, Dinero binary label 5 of size 0) round-trips; din
 * has none (label 4 is Dinero IV's copy-back): writing one fails and writes nothing. A line
 * invalidate and a Dinero binary record of a 32-bit address round-trip; a wider one fails. */
static void test_flush_formats(void **state)
{
    (void)state;
    const trace_ref_t in[3] = {{0x40, 0, 0, 0, TR_READ}, {0, 0, 0, 0, TR_FLUSH},
                               {0x40, 0, 0, 0, TR_INVAL}};
    static const trace_format_t fmts[] = {TF_TEXT, TF_BINARY, TF_DINBIN};
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/flush", dir);
    for (int f = 0; f < 3; f++) {
        write_all(path, fmts[f], "none", in, 3);
        trace_reader_t *r = trace_open_opts(path, fmts[f], &with_inval, err, sizeof err);
        assert_non_null(r);
        trace_ref_t back;
        for (int i = 0; i < 3; i++) {
            assert_int_equal(trace_next(r, &back), 1);
            assert_int_equal(back.op, in[i].op);
            assert_int_equal(back.addr, in[i].addr);
        }
        assert_int_equal(trace_next(r, &back), 0);
        trace_close(r);
    }
    trace_writer_t *w = trace_create(path, TF_DIN, "none", err, sizeof err);
    assert_int_equal(trace_write(w, &in[0]), 0);
    assert_int_equal(trace_write(w, &in[1]), -1);
    assert_int_equal(trace_write(w, &in[2]), 0);
    assert_int_equal(trace_finish(w, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    char text[64] = {0};
    assert_int_equal(fread(text, 1, sizeof text - 1, f), 10);
    fclose(f);
    assert_string_equal(text, "0 40\n5 40\n");
    w = trace_create(path, TF_DINBIN, "none", err, sizeof err);
    const trace_ref_t wide = {0x100000000ull, 0, 0, 0, TR_READ};
    assert_int_equal(trace_write(w, &wide), -1);
    trace_discard(w);
}

/* ---- sysim's driver on a sacat system (FG-CB) ------------------------------------------ */

/* `cores` L1s of 2 sets x 2 ways x 16 B (LRU) over an L2 of 2 sets x 8 ways, 16-bit
 * addresses; FG-CB with N = 4, M = 2, `entries` entries and a window of `window` cycles. */
static void sacat_small(cfg_t *c, const char *cores, const char *entries, const char *window)
{
    char err[512];
    small(c, "lru");
    set(c, "l1.mode", "sacat");
    set(c, "system.cores", cores);
    set(c, "l2.sets", "2");
    set(c, "l2.ways", "8");
    set(c, "l1.fgcb_entries", entries);
    set(c, "l1.fgcb_id_bits", "2");
    set(c, "l1.fgcb_counter_bits", "3");
    set(c, "l1.fgcb_window", window);
    set(c, "l1.fgcb_n", "4");
    set(c, "l1.fgcb_m", "2");
    assert_int_equal(cfg_validate(c, err, sizeof err), 0);
}

/* A load of line `line` (16-byte lines: set = line & 1) by `core` with base id `base`. */
static void sys_load(sys_sim_t *s, unsigned core, unsigned base, uint64_t line)
{
    trace_ref_t t = {line * 16, 0x100 + base, base, (uint16_t)core, TR_READ};
    sys_sim_ref(s, &t);
}

/* One core, E = 2, window 100. Base 1 streams S0..S5 (lines 0x10..0x15), base 2 re-reads R
 * (0x20), base 3 reads T (0x30); set 0 holds even lines. By hand (L1 LRU, 2 ways a set):
 *  i0 1 S0 miss: entry 0 = id 1, L1 1/1 (accesses/misses); L2 miss: L2 1/1
 *  i1 2 R  miss: entry 1 = id 2, 1/1; L2 1/1
 *  i2 1 S1 miss 2/2, L2 2/2      i3 2 R hit 2/1
 *  i4 1 S2 miss (S0 out) 3/3, L2 3/3   i5 2 R hit 3/1
 *  i6 1 S3 miss 4/4: decides bypass-L1 (4 > M), itself installed; L2 4/4: bypass-L2
 *  i7 2 R  hit 4/1: decides keep
 *  i8 3 T  miss (S2 out): the table is full, untracked, cached normally
 *  i9 1 S4 miss: bypass-L1 and bypass-L2: a no-allocate read, an L2 miss, not installed in
 *          the L2 nor the L1
 *  i10 1 S4 again: the L1 and the L2 miss again (with the L2 allocating: an L2 hit)
 *  i11 2 R hit    i12 1 S3 hit: a bypassed load served by a hit
 *  kernel start: the table clears
 *  i13 1 S5 miss: entry 0 = id 1 again, undecided: a normal read (L2 miss, allocated)
 *  i14 1 S4 miss: a normal read, an L2 miss (never allocated), installed (T out)
 *  i15 1 S4 hit. */
static void test_sys_sacat_hand(void **state)
{
    (void)state;
    cfg_t c;
    sacat_small(&c, "1", "2", "100");
    sys_sim_t *s = NULL;
    assert_int_equal(sys_sim_new(&c, &s), 0);
    static const struct { unsigned base; uint64_t line; } refs[] = {
        {1, 0x10}, {2, 0x20}, {1, 0x11}, {2, 0x20}, {1, 0x12}, {2, 0x20}, {1, 0x13},
        {2, 0x20}, {3, 0x30}, {1, 0x14}, {1, 0x14}, {2, 0x20}, {1, 0x13}};
    for (unsigned i = 0; i < sizeof refs / sizeof refs[0]; i++)
        sys_load(s, 0, refs[i].base, refs[i].line);
    const sys_stats_t *t = &s->st;
    assert_int_equal(t->fg_l1_bypass, 1);
    assert_int_equal(t->fg_l1_keep, 1);
    assert_int_equal(t->fg_l2_bypass, 1);
    assert_int_equal(t->fg_l2_keep, 0);
    assert_int_equal(t->fg_untracked, 1);
    assert_int_equal(t->noalloc_reads, 2);
    assert_int_equal(t->noalloc_read_hits, 0);
    assert_int_equal(t->l2_read_hits, 0); /* i10 misses: i9 did not allocate */
    sys_sim_kernel_start(s);
    sys_load(s, 0, 1, 0x15);
    sys_load(s, 0, 1, 0x14);
    sys_load(s, 0, 1, 0x14);
    sys_sim_finish(s);
    assert_int_equal(t->loads, 16);
    assert_int_equal(t->load_hits, 6);     /* i3 i5 i7 i11 i12 i15 */
    assert_int_equal(t->fills, 8);
    assert_int_equal(t->bypasses, 2);      /* i9 i10: fills not installed */
    assert_int_equal(t->fg_bypassed_loads, 3);
    assert_int_equal(t->fg_bypassed_hits, 1);
    assert_int_equal(t->noalloc_reads, 2); /* none after the kernel start */
    assert_int_equal(t->fg_allocs, 3);     /* i0 i1 i13 */
    assert_int_equal(t->l2_reads, 10);
    assert_int_equal(t->l2_read_hits, 0);
    assert_int_equal(t->mem_reads, 10);
    assert_int_equal(t->kernel_starts, 1);
    assert_int_equal(t->cycles, 17);       /* one a load, one for the kernel start */
    const sys_base_stats_t *b1 = &s->base[1], *b2 = &s->base[2], *b3 = &s->base[3];
    assert_int_equal(b1->loads, 10);
    assert_int_equal(b1->load_hits, 2);
    assert_int_equal(b1->bypassed_loads, 3);
    assert_int_equal(b1->noalloc_reads, 2);
    assert_int_equal(b1->l1_bypass, 1);
    assert_int_equal(b1->l2_bypass, 1);
    assert_int_equal(b2->loads, 5);
    assert_int_equal(b2->load_hits, 4);
    assert_int_equal(b2->l1_keep, 1);
    assert_int_equal(b2->l2_bypass + b2->l2_keep, 0); /* one L2 access, below N */
    assert_int_equal(b3->loads, 1);
    assert_int_equal(s->base[0].loads, 0);
    /* per entry: 0 held id 1 twice (i0, i13) and decided both bypasses; 1 held id 2 */
    assert_int_equal(t->entry[0].allocs, 2);
    assert_int_equal(t->entry[0].l1_bypass, 1);
    assert_int_equal(t->entry[0].l2_bypass, 1);
    assert_int_equal(t->entry[0].l1_keep + t->entry[0].l2_keep, 0);
    assert_int_equal(t->entry[1].allocs, 1);
    assert_int_equal(t->entry[1].l1_keep, 1);
    assert_int_equal(t->entry[1].l1_bypass + t->entry[1].l2_bypass + t->entry[1].l2_keep, 0);
    sys_sim_free(s);
}

/* Two cores, E = 3, window 3 cycles: the cores run in parallel, core c's t-th request in
 * cycle t, whatever the order of the trace (4 cycles, not 8). Core 0 loads base 1 (lines
 * 0x40, 0x42, 0x44: all misses) in its cycles 0-2, then core 1 base 1 twice and base 2 in
 * its cycles 0-2: base 2 takes an entry, inside the window (issued sixth, its cycle is 2).
 * At cycle 2's end the window closes with undecided entries on both L1s. Cycle 3 is outside:
 * core 0's 4th load of base 1 counts nothing (no decision), core 1's base 3 takes no
 * entry. */
static void test_sys_sacat_window(void **state)
{
    (void)state;
    cfg_t c;
    sacat_small(&c, "2", "3", "3");
    sys_sim_t *s = NULL;
    assert_int_equal(sys_sim_new(&c, &s), 0);
    sys_load(s, 0, 1, 0x40);
    sys_load(s, 0, 1, 0x42);
    sys_load(s, 0, 1, 0x44);
    sys_load(s, 1, 1, 0x41);
    sys_load(s, 1, 1, 0x43);
    sys_load(s, 1, 2, 0x50);
    sys_load(s, 0, 1, 0x45);
    sys_load(s, 1, 3, 0x60);
    sys_sim_finish(s);
    const sys_stats_t *t = &s->st;
    assert_int_equal(t->cycles, 4);
    assert_int_equal(t->fg_allocs, 3);            /* core 0: 1; core 1: 1, 2 */
    assert_int_equal(t->fg_window_undecided, 2);  /* both L1s */
    assert_int_equal(t->fg_l1_bypass + t->fg_l1_keep, 0);
    assert_int_equal(t->fg_untracked, 0);
    sys_sim_free(s);
}

/* The L2's hit flag reaches FG-CB's L2 counts. Two cores, E = 2: core 1 reads X0, X1, X2
 * (lines 0x40, 0x42, 0x44, set 0), which the L2 keeps. Core 0 then reads them with base 2:
 * X0, X1, X2, X0: four misses in its 2-way L1 set (bypass-L1 decided) and four L2 hits: 0 L2
 * misses, so bypass-L2 is decided 0 (keep). (The L2's G-Cache victim bit, the hint of other
 * modes, is 0 at core 0's first three reads: taken for the flag, it decides bypass-L2.) */
static void test_sys_sacat_l2_flag(void **state)
{
    (void)state;
    cfg_t c;
    sacat_small(&c, "2", "2", "100");
    sys_sim_t *s = NULL;
    assert_int_equal(sys_sim_new(&c, &s), 0);
    static const uint64_t x[] = {0x40, 0x42, 0x44};
    for (unsigned i = 0; i < 3; i++)
        sys_load(s, 1, 3, x[i]);
    for (unsigned i = 0; i < 4; i++)
        sys_load(s, 0, 2, x[i % 3]);
    sys_sim_finish(s);
    const sys_stats_t *t = &s->st;
    assert_int_equal(t->load_hits, 0);
    assert_int_equal(t->l2_read_hits, 4);
    assert_int_equal(t->core[0].loads, 4);
    assert_int_equal(s->base[2].l1_bypass, 1);
    assert_int_equal(s->base[2].l2_keep, 1);
    assert_int_equal(t->fg_l2_bypass, 0);
    sys_sim_free(s);
}

/* Write `text` to dir/name; the path in path[]. */
static void write_file(char *path, size_t n, const char *name, const char *text)
{
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* 2 GPU cores (L1s of 2 sets x 2 ways x 16 B) and 1 CPU port over an LRU L2 of 2 sets x 2
 * ways (16-bit addresses: line L is in set L mod 2 of both). */
static void hetero(cfg_t *c)
{
    small(c, "lru");
    set(c, "system.cores", "2");
    set(c, "system.cpu_cores", "1");
    set(c, "l2.sets", "2");
    set(c, "l2.ways", "2");
    set(c, "l2.replacement", "lru");
    char err[512];
    assert_int_equal(cfg_validate(c, err, sizeof err), 0);
}

/* Latencies L1 1, L2 3, memory 10, write 1; GPU MLP 2, CPU gap 2, a share sample every 4
 * cycles. GPU trace: core 0 reads line 2 twice; core 1 reads line 2, then writes line 4. CPU
 * port 0 reads lines 6, 3, 6. By hand (L2 set 0 unless said; LRU first):
 *  cycle 0: core 0 R2: L1 and L2 miss, line 2 installed (GPU), retires in cycle 9;
 *           core 1 R2: L1 miss, L2 hit, retires in 2; CPU R6: L2 miss, set 0 = {2 G, 6 C},
 *           retires in 9 (port ready again in 9 + 1 + 2 = 12)
 *  cycle 1: core 0 R2 (a second reference in flight): an L1 hit (the model filled at issue),
 *           retires in 1; core 1 W4: an L2 write miss evicts line 2 (LRU), installs 4 (GPU),
 *           posted: retires in 1
 *  cycle 12: CPU R3: L2 miss in set 1, line 3 (CPU), retires in 21; ready in 24
 *  cycle 24: CPU R6: L2 hit, retires in 26: 27 cycles.
 * Samples at the ends of cycles 3, 7, 11 (lines 6 C, 4 G: 1/2), 15, 19, 23 (6, 4, 3: 1/3):
 * mean 5/12; at the end 1/3. GPU (app 1): 3 L2 accesses (R2 miss, R2 hit, W4 miss), 1 hit;
 * CPU (app 0): 3 accesses, 1 hit. Core 0: 2 retired in 10 cycles; core 1: 2 in 3. */
static void test_timed_hand(void **state)
{
    (void)state;
    cfg_t c;
    hetero(&c);
    char gpu[128], cpu[128], err[512];
    write_file(gpu, sizeof gpu, "gpu.txt", "R 20 0 0\nR 20 0 1\nR 20 0 0\nW 40 0 1\n");
    write_file(cpu, sizeof cpu, "cpu.txt", "R 60\nR 30\nR 60\n");
    sys_timing_t t;
    sys_timing_defaults(&t);
    t.l2_latency = 3;
    t.mem_latency = 10;
    t.gpu_mlp = 2;
    t.cpu_gap = 2;
    t.share_every = 4;
    const char *cpus[] = {cpu};
    static sys_timed_stats_t ts;
    sys_sim_t *s = NULL;
    assert_int_equal(sys_sim_new(&c, &s), 0);
    if (sys_timed_run(s, &t, gpu, TF_AUTO, cpus, 1, &ts, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(ts.cycles, 27);
    assert_int_equal(s->st.cycles, 27);
    assert_int_equal(s->st.app[1].accesses, 3);
    assert_int_equal(s->st.app[1].hits, 1);
    assert_int_equal(s->st.app[0].accesses, 3);
    assert_int_equal(s->st.app[0].hits, 1);
    assert_int_equal(s->st.loads, 3);
    assert_int_equal(s->st.load_hits, 1);
    assert_int_equal(s->st.stores, 1);
    assert_int_equal(ts.core[0].refs, 2);
    assert_int_equal(ts.core[0].retired, 2);
    assert_int_equal(ts.core[0].cycles, 10);
    assert_int_equal(ts.core[1].refs, 2);
    assert_int_equal(ts.core[1].retired, 2);
    assert_int_equal(ts.core[1].cycles, 3);
    assert_int_equal(ts.port[0].refs, 3);
    assert_int_equal(ts.port[0].reads, 3);
    assert_int_equal(ts.port[0].retired, 3);
    assert_int_equal(ts.port[0].cycles, 27);
    assert_int_equal(ts.port[0].passes, 1);
    assert_int_equal(ts.end_valid, 3);
    assert_int_equal(ts.end_gpu, 1);
    assert_int_equal(ts.share_samples, 6);
    assert_true(ts.share_sum > 2.5 - 1e-9 && ts.share_sum < 2.5 + 1e-9); /* 3/2 + 3/3 */
    sys_sim_free(s);
}

/* With every latency 1 and one reference in flight, the cycle model issues core 0..P-1's
 * t-th references in cycle t: on a trace whose cores take turns that is program order, so
 * every statistic and the cycle count (the busiest core's references) equal sys_sim_ref's. */
static void test_timed_unit_latency_is_program_order(void **state)
{
    (void)state;
    cfg_t c;
    hetero(&c);
    set(&c, "l1.mode", "baseline");
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/rr.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    sys_sim_t *po = NULL, *tm = NULL;
    assert_int_equal(sys_sim_new(&c, &po), 0);
    assert_int_equal(sys_sim_new(&c, &tm), 0);
    for (int i = 0; i < 4000; i++) { /* core i % 2, 3 in 4 reads, over 64 lines */
        trace_ref_t r = {(rnd() % 64) * 16, 0, 0, (uint16_t)(i % 2),
                         rnd() % 4 ? TR_READ : TR_WRITE};
        fprintf(f, "%c %llx 0 %x\n", r.op == TR_WRITE ? 'W' : 'R', (unsigned long long)r.addr,
                r.core);
        sys_sim_ref(po, &r);
    }
    fclose(f);
    sys_sim_finish(po);
    sys_timing_t t;
    sys_timing_defaults(&t);
    t.l2_latency = t.mem_latency = 1;
    static sys_timed_stats_t ts;
    if (sys_timed_run(tm, &t, path, TF_AUTO, NULL, 0, &ts, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(po->st.cycles, 2000);
    assert_int_equal(tm->st.cycles, po->st.cycles);
    assert_int_equal(ts.core[0].retired + ts.core[1].retired, 4000);
    assert_int_equal(ts.core[1].cycles, 2000);
    assert_true(po->st.l2_read_hits > 0 && po->st.l2_read_hits < po->st.l2_reads);
    assert_memory_equal(&tm->st, &po->st, sizeof po->st);
    sys_sim_free(po);
    sys_sim_free(tm);
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
        cmocka_unit_test(test_fast_lru_loops),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_malformed_lines),
        cmocka_unit_test(test_din_labels),
        cmocka_unit_test(test_dinero_seven_lines),
        cmocka_unit_test(test_dinero_binary_layout),
        cmocka_unit_test(test_flush_formats),
        cmocka_unit_test(test_garbage_does_not_crash),
        cmocka_unit_test(test_sys_sacat_hand),
        cmocka_unit_test(test_sys_sacat_window),
        cmocka_unit_test(test_sys_sacat_l2_flag),
        cmocka_unit_test(test_timed_hand),
        cmocka_unit_test(test_timed_unit_latency_is_program_order),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        rc = 1;
    return rc;
}
