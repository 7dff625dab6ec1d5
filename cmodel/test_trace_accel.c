/* test_trace_accel: cmocka tests of the Accel-Sim traceg reader (trace_accel) on small
 * handwritten traces: header lines, thread block structure, the three address modes, the
 * opcode classes (loads, stores, atomics, shared/non-memory skipped), coalescing into lines of
 * the configured size and the 32-byte sectors counted on each, loads that skip the L1 and
 * atomics (to the L2 only), thread blocks round-robin over cores in waves, tracer versions 1
 * to 6 (v6's uniform registers and Val/NoVal), addresses beyond the address bits, empty
 * traces, malformed lines (error names the line), truncated and fuzzed input, and the base
 * ids derived from allocations (known ranges, else 2 MiB blocks; first met, first numbered;
 * the last id shared once every id is taken), and endless streams (a pipe written forever, of
 * NUL bytes or of one endless line) ending at the reader's limits.
 * Every expected request was worked out by hand in the comment next to it.
 * Build: cc -std=c11 -D_POSIX_C_SOURCE=200809L -I. cmodel/test_trace_accel.c
 *        cmodel/trace_accel.c -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "trace_accel.h"

/* One expected request. */
typedef struct exp_ref {
    char op;        /* 'R' / 'W' L1 read / write, 'L' load to the L2 only, 'A' atomic */
    uint64_t addr;  /* line address */
    uint64_t pc;
} exp_ref_t;

#define MAX_REFS 256

/* ---- helpers --------------------------------------------------------------------------- */

/* The exp_ref_t letter of a request. */
static char kind_of(const accel_ref_t *a)
{
    return a->path == ACCEL_ATOMIC    ? 'A'
           : a->path == ACCEL_L2_LOAD ? 'L'
           : a->op == TR_WRITE        ? 'W'
                                      : 'R';
}

/* A stream holding exactly `len` bytes of `text`. */
static FILE *stream_of(const char *text, size_t len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    if (len)
        assert_int_equal(fwrite(text, 1, len, f), len);
    rewind(f);
    return f;
}

/* Read all of `text` with `o`: the final accel_next_ref status; the requests in
 * refs[0 .. *n); the error text (if any) in err. Reads it again through accel_next and checks
 * that it gives the L1 requests alone, in the same order, as trace references (core kept),
 * with the same end, the others counted by accel_skipped. */
static int run_opts(const char *text, size_t len, const accel_opts_t *o, accel_ref_t *refs,
                    size_t *n, char *err, size_t errlen)
{
    FILE *f = stream_of(text, len);
    char oerr[256];
    accel_reader_t *r = accel_open_opts(f, o, oerr, sizeof oerr);
    assert_non_null(r);
    int rc;
    accel_ref_t t;
    *n = 0;
    while ((rc = accel_next_ref(r, &t)) == 1) {
        assert_int_equal(t.addr % o->line_bytes, 0);
        assert_true(t.core < o->cores && t.core == t.tb % o->cores);
        if (*n < MAX_REFS)
            refs[*n] = t;
        (*n)++;
    }
    snprintf(err, errlen, "%s", accel_error(r));
    if (rc < 0) { /* errors stick */
        assert_int_equal(accel_next_ref(r, &t), -1);
        assert_string_equal(accel_error(r), err);
    } else {
        assert_int_equal(accel_next_ref(r, &t), 0);
    }
    accel_close(r);

    rewind(f); /* the same through accel_next */
    r = accel_open_opts(f, o, oerr, sizeof oerr);
    assert_non_null(r);
    trace_ref_t tr;
    size_t k = 0, l2 = 0;
    int rc2;
    while ((rc2 = accel_next(r, &tr)) == 1) {
        while (k < *n && k < MAX_REFS && refs[k].path != ACCEL_L1) {
            k++;
            l2++;
        }
        if (k < *n && k < MAX_REFS) {
            assert_int_equal(tr.addr, refs[k].addr);
            assert_int_equal(tr.pc, refs[k].pc);
            assert_int_equal(tr.op, refs[k].op);
            assert_int_equal(tr.core, refs[k].core);
            assert_int_equal(tr.base_id, refs[k].base);
        }
        k++;
    }
    for (; k < *n && k < MAX_REFS; k++)
        l2 += refs[k].path != ACCEL_L1;
    assert_int_equal(rc2, rc);
    if (*n <= MAX_REFS)
        assert_int_equal(accel_skipped(r), l2);
    if (rc < 0)
        assert_string_equal(accel_error(r), err);
    accel_close(r);
    fclose(f);
    return rc;
}

/* run_opts with lines of `lb` bytes, 64 address bits and one core. */
static int run_len(const char *text, size_t len, unsigned lb, accel_ref_t *refs, size_t *n,
                   char *err, size_t errlen)
{
    accel_opts_t o = {lb, 64, 1, 0, NULL, 0};
    return run_opts(text, len, &o, refs, n, err, errlen);
}

static void expect_refs(const char *text, unsigned lb, const exp_ref_t *e, size_t ne)
{
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    int rc = run_len(text, strlen(text), lb, refs, &n, err, sizeof err);
    if (rc != 0)
        fail_msg("unexpected error: %s", err);
    if (n != ne) {
        for (size_t i = 0; i < n && i < MAX_REFS; i++)
            print_message("got %c %llx pc %llx\n", kind_of(&refs[i]),
                          (unsigned long long)refs[i].addr, (unsigned long long)refs[i].pc);
        fail_msg("got %zu requests, expected %zu", n, ne);
    }
    for (size_t i = 0; i < n; i++) {
        if (refs[i].addr != e[i].addr || refs[i].pc != e[i].pc || kind_of(&refs[i]) != e[i].op)
            fail_msg("request %zu: got %c %llx pc %llx, expected %c %llx pc %llx", i,
                     kind_of(&refs[i]), (unsigned long long)refs[i].addr,
                     (unsigned long long)refs[i].pc, e[i].op, (unsigned long long)e[i].addr,
                     (unsigned long long)e[i].pc);
        assert_int_equal(refs[i].core, 0);
        assert_int_equal(refs[i].kernel, 0);
    }
}

#define EXPECT(text, lb, ...)                                                          \
    do {                                                                               \
        static const exp_ref_t e_[] = {__VA_ARGS__};                                   \
        expect_refs(text, lb, e_, sizeof e_ / sizeof e_[0]);                           \
    } while (0)

#define EXPECT_NONE(text, lb) expect_refs(text, lb, NULL, 0)

static void expect_error_len(const char *text, size_t len, const char *msg)
{
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    int rc = run_len(text, len, 128, refs, &n, err, sizeof err);
    if (rc != -1)
        fail_msg("no error, expected \"%s\"", msg);
    assert_string_equal(err, msg);
}

static void expect_error(const char *text, const char *msg)
{
    expect_error_len(text, strlen(text), msg);
}

/* A minimal header (version 5, no block dim) and one thread block with one warp: line 1 the
 * version, 2 #BEGIN_TB, 3 thread block, 4 warp = 0, 5 insts = 1, 6 the instruction. */
#define MINI_HEAD                                                                      \
    "-accelsim tracer version = 5\n"                                                   \
    "#BEGIN_TB\n"                                                                      \
    "thread block = 0,0,0\n"                                                           \
    "warp = 0\n"                                                                       \
    "insts = 1\n"
#define MINI(inst) MINI_HEAD inst "\n#END_TB\n"

/* A full tracer-5 header as tracer_tool.cu writes it (shared window below local window). */
#define FULL_HEAD                                                                      \
    "-kernel name = _Z6vecAddPfS_S_i\n"                                                \
    "-kernel id = 1\n"                                                                 \
    "-grid dim = (2,1,1)\n"                                                            \
    "-block dim = (128,1,1)\n"                                                         \
    "-shmem = 0\n"                                                                     \
    "-nregs = 16\n"                                                                    \
    "-binary version = 86\n"                                                           \
    "-cuda stream id = 0\n"                                                            \
    "-shmem base_addr = 0x00007f0675000000\n"                                          \
    "-local mem base_addr = 0x00007f0677000000\n"                                      \
    "-nvbit version = 1.5.5\n"                                                         \
    "-accelsim tracer version = 5\n"                                                   \
    "-enable lineinfo = 0\n"                                                           \
    "\n"                                                                               \
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num "         \
    "[reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n"               \
    "\n"

/* ---- opening --------------------------------------------------------------------------- */

static void test_open_checks_arguments(void **state)
{
    (void)state;
    char err[128];
    FILE *f = stream_of("", 0);
    assert_null(accel_open(f, 0, err, sizeof err));
    assert_string_equal(err, "accel: line size 0 is not a power of two");
    assert_null(accel_open(f, 96, err, sizeof err));
    assert_string_equal(err, "accel: line size 96 is not a power of two");
    assert_null(accel_open(NULL, 128, err, sizeof err));
    assert_string_equal(err, "accel: no input stream");
    assert_null(accel_open(f, 3, NULL, 0)); /* no room for a message: still no crash */
    accel_reader_t *r = accel_open(f, 1, err, sizeof err);
    assert_non_null(r);
    assert_string_equal(accel_error(r), "");
    accel_close(r);
    accel_close(NULL);
    assert_int_equal(accel_next(NULL, NULL), -1);
    accel_opts_t o = {128, 0, 1, 0, NULL, 0};
    assert_null(accel_open_opts(f, &o, err, sizeof err));
    assert_string_equal(err, "accel: address bits 0: allowed: 1 to 64");
    o.addr_bits = 65;
    assert_null(accel_open_opts(f, &o, err, sizeof err));
    assert_string_equal(err, "accel: address bits 65: allowed: 1 to 64");
    o.addr_bits = 32;
    o.cores = 0;
    assert_null(accel_open_opts(f, &o, err, sizeof err));
    assert_string_equal(err, "accel: cores 0: allowed: 1 to 1024");
    o.cores = ACCEL_MAX_CORES + 1;
    assert_null(accel_open_opts(f, &o, err, sizeof err));
    assert_string_equal(err, "accel: cores 1025: allowed: 1 to 1024");
    assert_null(accel_open_opts(f, NULL, err, sizeof err));
    assert_string_equal(err, "accel: no options");
    fclose(f);
}

/* SPEC 6: an empty trace is an error, naming the line where a thread block was expected. A
 * thread block without memory instructions is not empty: it issues nothing, without error. */
static void test_empty_and_header_only(void **state)
{
    (void)state;
    expect_error("", "line 1: empty input (an empty trace); expected a kernel trace: "
                     "\"-key = value\" header lines, then #BEGIN_TB ... #END_TB thread blocks");
    expect_error("\n\n   \n", "line 3: input ends without a thread block (an empty trace); "
                               "expected #BEGIN_TB ... #END_TB after the header");
    /* FULL_HEAD is 16 lines */
    expect_error(FULL_HEAD, "line 16: input ends without a thread block (an empty trace); "
                            "expected #BEGIN_TB ... #END_TB after the header");
    EXPECT_NONE(MINI("0000 ffffffff 0 EXIT 0 0"), 128);
}

/* ---- header ---------------------------------------------------------------------------- */

/* Every header line of tracer 5, unknown "-" lines, "-" lines without '=', comments and blank
 * lines are accepted; the request is the LDG's single line. */
static void test_header_lines(void **state)
{
    (void)state;
    EXPECT(FULL_HEAD
           "-some future key = whatever it is\n"
           "-no equals sign here\n"
           "# a comment\n"
           "   \t\n"
           "#BEGIN_TB\n"
           "\n"
           "thread block = 1,0,0\n"
           "\n"
           "warp = 0\n"
           "insts = 1\n"
           /* 32 threads x 4 bytes from 0x7f0000001000: one 128-byte line */
           "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f0000001000 4 0 \n"
           "\n"
           "#END_TB\n",
           128, {'R', 0x7f0000001000, 0x10});
}

/* A long mangled kernel name (over ACCEL_LINE_MAX) is skipped, not an error. */
static void test_long_kernel_name(void **state)
{
    (void)state;
    size_t name = 3 * ACCEL_LINE_MAX;
    const char *tail = "\n" MINI("0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0");
    char *text = malloc(name + strlen(tail) + 32);
    assert_non_null(text);
    strcpy(text, "-kernel name = _Z");
    size_t n = strlen(text);
    memset(text + n, 'x', name);
    strcpy(text + n + name, tail);
    EXPECT(text, 128, {'R', 0x1000, 0x10});
    free(text);
}

/* "-enable lineinfo = 1": a source line number leads every instruction line. */
static void test_lineinfo(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\n"
           "-enable lineinfo = 1\n"
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
           "17 0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0\n"
           "42 0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n"
           "#END_TB\n",
           128, {'R', 0x1000, 0x10});
}

/* Tracer versions below 3 start each line with the thread block and warp ids; version 4 has
 * no immediate at the end, version 5 has one (possibly negative). */
static void test_versions(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 2\n"
           "#BEGIN_TB\nthread block = 1,2,0\nwarp = 0\ninsts = 1\n"
           "1 2 0 0 0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000\n"
           "#END_TB\n",
           128, {'R', 0x1000, 0x10});
    EXPECT("-accelsim tracer version = 4\n"
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
           "0000 ffffffff 0 EXIT 0 0\n"
           "0010 00000003 1 R4 LDG.E 1 R2 4 2 0x1000 256\n"
           "#END_TB\n",
           128, {'R', 0x1000, 0x10}, {'R', 0x1100, 0x10});
    EXPECT(MINI("0010 00000003 1 R4 LDG.E 1 R2 4 2 0x1000 256 -3"), 128,
           {'R', 0x1000, 0x10}, {'R', 0x1100, 0x10});
}

/* Hopper's "cluster ..." lines inside a thread block are skipped; CRLF line ends work. */
static void test_cluster_lines_and_crlf(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\r\n"
           "\r\n"
           "#BEGIN_TB\r\n"
           "thread block = 0,0,0\r\n"
           "cluster id = 0,0,0\r\n"
           "cluster cta = 0,0,0\r\n"
           "cluster rank = 0\r\n"
           "warp = 0\r\n"
           "insts = 1\r\n"
           "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\r\n"
           "#END_TB\r\n",
           128, {'R', 0x1000, 0x10});
}

/* ---- address modes ----------------------------------------------------------------------- */

static void test_mode_list(void **state)
{
    (void)state;
    /* threads 0, 2, 31 at 0x10c0, 0x1000, 0x1010 -> lines 0x10c0, 0x1000, 0x1000:
     * distinct and increasing: 0x1000, 0x10c0 */
    EXPECT(MINI("0020 80000005 1 R4 LDG.E 1 R2 4 0 0x00000000000010c0 0x0000000000001000 "
                "0x0000000000001010 0"),
           64, {'R', 0x1000, 0x20}, {'R', 0x10c0, 0x20});
    /* hex addresses without 0x are read as Accel-Sim's std::hex does */
    EXPECT(MINI("0020 00000001 1 R4 LDG.E 1 R2 4 0 10c4 0"), 64, {'R', 0x10c0, 0x20});
}

static void test_mode_base_stride(void **state)
{
    (void)state;
    /* threads 4..7: 0x2000, 0x2020, 0x2040, 0x2060 -> lines 0x2000, 0x2040 */
    EXPECT(MINI("0030 000000f0 1 R4 LDG.E 1 R2 4 1 0x2000 32 0"), 64,
           {'R', 0x2000, 0x30}, {'R', 0x2040, 0x30});
    /* negative stride: 0x3080, 0x3040, 0x3000 -> increasing 0x3000, 0x3040, 0x3080 */
    EXPECT(MINI("0030 00000007 1 R4 LDG.E 1 R2 4 1 0x3080 -64 0"), 64,
           {'R', 0x3000, 0x30}, {'R', 0x3040, 0x30}, {'R', 0x3080, 0x30});
    /* a hole in the mask (never written by the tracer): the i-th active thread is at
     * base + i*stride: threads 0 and 4 at 0x4000 and 0x4040 */
    EXPECT(MINI("0030 00000011 1 R4 LDG.E 1 R2 4 1 0x4000 64 0"), 64,
           {'R', 0x4000, 0x30}, {'R', 0x4040, 0x30});
    /* all 32 threads, stride 4 from 0x7f0000001000: 128 bytes = 2 lines of 64 */
    EXPECT(MINI("0030 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f0000001000 4 0"), 64,
           {'R', 0x7f0000001000, 0x30}, {'R', 0x7f0000001040, 0x30});
    /* stride 0: every thread at the same word, one line */
    EXPECT(MINI("0030 ffffffff 1 R4 LDG.E 1 R2 4 1 0x5010 0 0"), 64, {'R', 0x5000, 0x30});
}

static void test_mode_base_delta(void **state)
{
    (void)state;
    /* 4 threads: 0x5000, +4 = 0x5004, -4 = 0x5000, +200 = 0x50c8 -> lines 0x5000, 0x50c0 */
    EXPECT(MINI("0040 0000000f 1 R4 LDG.E 1 R2 4 2 0x5000 4 -4 200 0"), 64,
           {'R', 0x5000, 0x40}, {'R', 0x50c0, 0x40});
    /* one active thread (thread 8): base only, no delta */
    EXPECT(MINI("0040 00000100 1 R4 LDG.E 1 R2 4 2 0x6008 0"), 64, {'R', 0x6000, 0x40});
    /* deltas are from the previous thread, not from the base: 0x7000, 0x7040, 0x7080 */
    EXPECT(MINI("0040 00000007 1 R4 LDG.E 1 R2 4 2 0x7000 64 64 0"), 64,
           {'R', 0x7000, 0x40}, {'R', 0x7040, 0x40}, {'R', 0x7080, 0x40});
}

/* 32 threads listed with the tracer's 0x%016lx (the longest regular line), with lineinfo:
 * thread i at 0x7f0000000000 + 0x40*i, 128-byte lines -> 16 lines 0x80 apart. */
static void test_long_list_line(void **state)
{
    (void)state;
    char text[4096];
    int n = snprintf(text, sizeof text,
                     "-accelsim tracer version = 5\n-enable lineinfo = 1\n"
                     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                     "123456 0050 ffffffff 1 R10 LDG.E.64.SYS 1 R12 8 0 ");
    for (int i = 0; i < 32; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "0x%016llx ",
                      0x7f0000000000ULL + 0x40ULL * (unsigned)i);
    snprintf(text + n, sizeof text - (size_t)n, "0 \n#END_TB\n");
    exp_ref_t e[16];
    for (int i = 0; i < 16; i++)
        e[i] = (exp_ref_t){'R', 0x7f0000000000ULL + 0x80ULL * (unsigned)i, 0x50};
    expect_refs(text, 128, e, 16);
}

/* ---- access width ---------------------------------------------------------------------- */

static void test_width_straddles_lines(void **state)
{
    (void)state;
    /* 64-byte lines. LDG.E.128: 16 bytes at 0x1038 cover 0x1038..0x1047: lines 0x1000,
     * 0x1040 */
    EXPECT(MINI("0010 00000001 1 R4 LDG.E.128 1 R2 16 0 0x1038 0"), 64,
           {'R', 0x1000, 0x10}, {'R', 0x1040, 0x10});
    /* STG.E.U8: one byte at 0x103f: line 0x1000 only */
    EXPECT(MINI("0010 00000001 0 STG.E.U8 2 R2 R4 1 0 0x103f 0"), 64, {'W', 0x1000, 0x10});
    /* LDG.E.64, 2 threads at 0x2038 and 0x2040: 0x2038..0x203f, 0x2040..0x2047 */
    EXPECT(MINI("0010 00000003 1 R4 LDG.E.64 1 R2 8 1 0x2038 8 0"), 64,
           {'R', 0x2000, 0x10}, {'R', 0x2040, 0x10});
    /* no size in the opcode: 4 bytes (Accel-Sim's default), 0x303e..0x3041 */
    EXPECT(MINI("0010 00000001 1 R4 LDG.E.SYS 1 R2 4 0 0x303e 0"), 64,
           {'R', 0x3000, 0x10}, {'R', 0x3040, 0x10});
    /* the last line of the address space: 16 bytes at 2^64 - 8 stop at 2^64 - 1 */
    EXPECT(MINI("0010 00000001 1 R4 LDG.E.128 1 R2 16 0 0xfffffffffffffff8 0"), 64,
           {'R', 0xffffffffffffffc0, 0x10});
    /* 1-byte lines: a 4-byte access is 4 lines */
    EXPECT(MINI("0010 00000001 1 R4 LDG.E 1 R2 4 0 0x10 0"), 1,
           {'R', 0x10, 0x10}, {'R', 0x11, 0x10}, {'R', 0x12, 0x10}, {'R', 0x13, 0x10});
}

/* ---- opcode classes -------------------------------------------------------------------- */

/* One active thread each, 128-byte lines, one thread block: loads read, stores write, atomics
 * go to the L2 ('A'), as do the LDGSTS with .BYPASS and the .STRONG.GPU load ('L'); shared
 * memory, constant, texture, surface and non-memory instructions issue nothing. */
static void test_opcode_classes(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\n"
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 26\n"
           "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0\n"
           "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n"
           "0020 00000001 0 STG.E 2 R2 R4 4 0 0x2000 0\n"
           "0030 00000001 1 R4 LDL 1 R1 4 0 0x3000 0\n"
           "0040 00000001 0 STL 2 R1 R4 4 0 0x4000 0\n"
           "0050 00000001 1 R4 ATOM.E.ADD.STRONG.GPU 2 R2 R5 4 0 0x5000 0\n"
           "0060 00000001 1 R4 ATOMG.E.EXCH.STRONG.GPU 2 R2 R5 4 0 0x6000 0\n"
           "0070 00000001 0 RED.E.ADD.F32.FTZ.RN.STRONG.GPU 2 R2 R5 4 0 0x7000 0\n"
           "0080 00000001 0 REDG.E.ADD.STRONG.GPU 2 R2 R5 4 0 0x7800 0\n"
           "0090 00000001 0 LDGSTS.E.BYPASS.LTC128B.128 2 R3 R2 16 0 0x8000 0\n"
           "00a0 00000001 1 R4 LDG.E.64.STRONG.GPU 1 R2 8 0 0x9000 0\n"
           /* shared memory: skipped even with addresses */
           "00b0 00000001 1 R4 LDS 1 R3 4 0 0xa000 0\n"
           "00c0 00000001 0 STS 2 R3 R4 4 0 0xa100 0\n"
           "00d0 00000001 1 R4 LDSM.16.M88.4 1 R3 16 0 0xa200 0\n"
           "00e0 00000001 1 R4 ATOMS.ADD 2 R3 R5 4 0 0xa300 0\n"
           "00f0 00000001 0 STSM.16.M88.4 2 R3 R4 16 0 0xa400 0\n"
           /* constant, texture, surface, other: skipped */
           "0100 ffffffff 1 R4 LDC 1 R3 0 0\n"
           "0110 00000001 1 R4 LDC.64 1 R3 8 0 0xb000 0\n"
           "0120 ffffffff 1 R4 TEX.SCR.LL 2 R4 R6 0 0\n"
           "0130 00000001 0 SUST.D.BA.2D 2 R4 R6 4 0 0xb100 0\n"
           "0140 00000001 0 CCTL.IVALL 0 4 0 0xb200 0\n"
           /* non-memory */
           "0150 ffffffff 0 BAR.SYNC 0 0 0\n"
           "0160 ffffffff 1 R7 FFMA 3 R1 R2 R3 0 0\n"
           "0170 ffffffff 0 MEMBAR.SC.GPU 0 0 0\n"
           "0180 ffffffff 0 BRA 0 0 0\n"
           "0190 ffffffff 0 EXIT 0 0 0\n"
           "#END_TB\n",
           128, {'R', 0x1000, 0x10}, {'W', 0x2000, 0x20}, {'R', 0x3000, 0x30},
           {'W', 0x4000, 0x40}, {'A', 0x5000, 0x50}, {'A', 0x6000, 0x60}, {'A', 0x7000, 0x70},
           {'A', 0x7800, 0x80}, {'L', 0x8000, 0x90}, {'L', 0x9000, 0xa0});
}

/* TMA bulk copies (address modes 3 and 4) are parsed and skipped. */
static void test_tma_skipped(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\n"
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
           "0010 00000001 0 UTMALDG.2D 2 R8 R10 16 3 2 0x1000 0x2000 0\n"
           "0020 00000001 0 UBLKCP.S.G 0 16 4 0x3000 3 128 128 0\n"
           "0030 00000001 1 R4 LDG.E 1 R2 4 0 0x4000 0\n"
           "#END_TB\n",
           128, {'R', 0x4000, 0x30});
}

/* Generic LD/ST: the first active address picks the space, as in Accel-Sim. */
static void test_generic_ld_st(void **state)
{
    (void)state;
    EXPECT(FULL_HEAD
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5\n"
           /* in the shared window [0x7f0675000000, 0x7f0677000000): skipped */
           "0010 00000001 1 R4 LD.E 1 R2 4 0 0x7f0675000100 0\n"
           /* local window (from 0x7f0677000000): kept, a read */
           "0020 00000001 1 R4 LD.E 1 R2 4 0 0x7f0677000100 0\n"
           /* global: kept, a write */
           "0030 00000001 0 ST.E 2 R2 R4 4 0 0x1000 0\n"
           /* first active thread in shared decides for the whole instruction */
           "0040 00000003 1 R4 LD.E 1 R2 4 0 0x7f0675000000 0x2000 0\n"
           /* first active thread in global: both lines */
           "0050 00000003 1 R4 LD.E.64 1 R2 8 0 0x3000 0x7f0675000000 0\n"
           "#END_TB\n",
           128, {'R', 0x7f0677000100, 0x20}, {'W', 0x1000, 0x30},
           {'R', 0x3000, 0x50}, {'R', 0x7f0675000000, 0x50});
    /* no base addresses (or a zero one): Accel-Sim takes every generic access as shared */
    EXPECT_NONE(MINI("0010 00000001 1 R4 LD.E 1 R2 4 0 0x1000 0"), 128);
    EXPECT_NONE("-shmem base_addr = 0x0\n-local mem base_addr = 0x7f0677000000\n"
                MINI("0010 00000001 1 R4 LD.E 1 R2 4 0 0x1000 0"),
                128);
}

/* An instruction with no active thread issues nothing and takes no round: warp 0's second
 * load goes first, in round 0 beside warp 1's. */
static void test_empty_mask(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\n"
           "#BEGIN_TB\nthread block = 0,0,0\n"
           "warp = 0\ninsts = 2\n"
           "0010 00000000 1 R4 LDG.E 1 R2 4 1 0x0 0 0\n"
           "0020 00000001 1 R4 LDG.E 1 R2 4 0 0x2000 0\n"
           "warp = 1\ninsts = 1\n"
           "0030 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n"
           "#END_TB\n",
           128, {'R', 0x2000, 0x20}, {'R', 0x1000, 0x30});
}

/* ---- order ------------------------------------------------------------------------------ */

/* Two thread blocks; in the first, warps 0, 1 and 3 (no warp 2) with 3, 1 and 3 memory
 * instructions among non-memory and shared ones. Round 0: w0 LDG, w1 LDG, w3 STG; round 1:
 * w0 STG, w3 ATOM; round 2: w0 LDG (two lines), w3 RED; then the second thread block. The
 * atomics go to the L2 ('A') in their place. */
static void test_round_robin(void **state)
{
    (void)state;
    EXPECT(FULL_HEAD
           "#BEGIN_TB\n"
           "thread block = 0,0,0\n"
           "warp = 0\n"
           "insts = 5\n"
           "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0\n"
           "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4 0\n"        /* 0x1000 */
           "0018 ffffffff 1 R6 IADD3 3 R4 R4 R1 0 0\n"
           "0030 0000ffff 0 STG.E 2 R2 R4 4 1 0x2000 4 0\n"        /* 0x2000 */
           "0040 ffffffff 1 R4 LDG.E.64 1 R2 8 1 0x3000 8 0\n"     /* 0x3000, 0x3080 */
           "warp = 1\n"
           "insts = 2\n"
           "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1080 4 0\n"        /* 0x1080 */
           "0020 ffffffff 1 R5 LDS 1 R3 4 1 0x7f0675000000 4 0\n" /* shared */
           "\n"
           "warp = 3\n"
           "insts = 3\n"
           "0050 00000003 0 STG.E 2 R2 R4 4 0 0x5000 0x5004 0\n"   /* 0x5000 */
           "0060 00000001 1 R7 ATOM.E.ADD 2 R2 R4 4 0 0x6010 0\n"  /* 0x6000 */
           "0070 80000000 0 RED.E.ADD 2 R2 R4 4 2 0x7000 0\n"      /* 0x7000 */
           "#END_TB\n"
           "\n"
           "#BEGIN_TB\n"
           "thread block = 1,0,0\n"
           "warp = 0\n"
           "insts = 1\n"
           "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x8000 4 0\n"        /* 0x8000 */
           "#END_TB\n",
           128, {'R', 0x1000, 0x10}, {'R', 0x1080, 0x10}, {'W', 0x5000, 0x50},
           {'W', 0x2000, 0x30}, {'A', 0x6000, 0x60}, {'R', 0x3000, 0x40}, {'R', 0x3080, 0x40},
           {'A', 0x7000, 0x70}, {'R', 0x8000, 0x10});
}

/* Warps listed out of order are still issued by increasing warp id. */
static void test_warp_id_order(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 5\n"
           "#BEGIN_TB\nthread block = 0,0,0\n"
           "warp = 2\ninsts = 1\n0010 00000001 1 R4 LDG.E 1 R2 4 0 0x2000 0\n"
           "warp = 0\ninsts = 1\n0010 00000001 1 R4 LDG.E 1 R2 4 0 0x0 0\n"
           "#END_TB\n",
           128, {'R', 0x0, 0x10}, {'R', 0x2000, 0x10});
}

/* ---- malformed input ------------------------------------------------------------------- */

static void test_malformed_instructions(void **state)
{
    (void)state;
    static const struct { const char *inst, *err; } cases[] = {
        {"zz12 ffffffff 0 NOP 0 0", "line 6: instruction: bad PC \"zz12\" (expected hex)"},
        {"0010 1ffffffff 0 NOP 0 0",
         "line 6: instruction: bad active mask \"1ffffffff\" (expected 32-bit hex)"},
        {"0010", "line 6: instruction: missing active mask"},
        {"0010 ffffffff", "line 6: instruction: missing destination count"},
        {"0010 ffffffff 2 R4", "line 6: instruction: missing register"},
        {"0010 ffffffff 1 X4 LDG.E 1 R2 4 0 0x1000",
         "line 6: instruction: bad register \"X4\" (expected Rn)"},
        {"0010 ffffffff 1 R4 9LDG 1 R2 0", "line 6: instruction: bad opcode \"9LDG\""},
        {"0010 ffffffff 1 R4 LDG.E 99 R2 0", "line 6: instruction: bad source count \"99\""},
        {"0010 00000001 1 R4 LDG.E 1 R2", "line 6: instruction: missing memory width"},
        {"0010 00000001 1 R4 LDG.E 1 R2 four 0 0x1000",
         "line 6: instruction: bad memory width \"four\""},
        {"0010 00000001 1 R4 LDG.E 1 R2 4", "line 6: instruction: missing address mode"},
        {"0010 ffffffff 1 R4 LDG.E 1 R2 4 5 0x1000 4",
         "line 6: instruction: address mode 5 (expected 0, 1 or 2)"},
        {"0010 00000003 1 R4 LDG.E 1 R2 4 0 0x1000",
         "line 6: instruction: missing address (mode 0 lists one per active thread)"},
        {"0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1g00",
         "line 6: instruction: bad address \"0x1g00\""},
        {"0010 00000001 1 R4 LDG.E 1 R2 4 0 0x10000000000000000",
         "line 6: instruction: bad address \"0x10000000000000000\""},
        {"0010 ffffffff 1 R4 LDG.E 1 R2 4 1", "line 6: instruction: missing base address"},
        {"0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000", "line 6: instruction: missing stride"},
        {"0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4.5",
         "line 6: instruction: bad stride \"4.5\""},
        {"0010 00000007 1 R4 LDG.E 1 R2 4 2 0x1000 4",
         "line 6: instruction: missing delta (mode 2 has one per active thread after the "
         "first)"},
        {"0010 00000007 1 R4 LDG.E 1 R2 4 2 0x1000 4 x",
         "line 6: instruction: bad delta \"x\""},
        {"0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0 7",
         "line 6: instruction: unexpected \"7\" after the immediate"},
        {"0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 junk",
         "line 6: instruction: unexpected \"junk\""},
        {"0010 00000001 0 UTMALDG.2D 2 R8 R10 16 1 0x1000 4",
         "line 6: instruction: TMA address mode 1 (expected 3 or 4)"},
        {"0010 00000001 0 UTMALDG.2D 2 R8 R10 16 3 5 0x1000",
         "line 6: instruction: missing TMA address"},
        {"0010 00000001 0 UTMALDG.2D 2 R8 R10 16 3 -1",
         "line 6: instruction: bad TMA transfer count \"-1\""},
        {"-kernel name = late", "line 6: instruction: bad PC \"-kernel\" (expected hex)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, MINI_HEAD "%s\n#END_TB\n", cases[i].inst);
        expect_error(text, cases[i].err);
    }
}

static void test_malformed_structure(void **state)
{
    (void)state;
    /* fewer instruction lines than insts = M */
    expect_error("-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\n"
                 "warp = 0\ninsts = 2\n0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n#END_TB\n",
                 "line 7: warp 0: insts = 2 but 1 instruction lines");
    /* ... detected at the next warp too */
    expect_error("#BEGIN_TB\nwarp = 0\ninsts = 3\n0000 ffffffff 0 EXIT 0 0\nwarp = 1\n",
                 "line 5: warp 0: insts = 3 but 1 instruction lines");
    /* more */
    expect_error(MINI_HEAD "0000 ffffffff 0 NOP 0 0\n0000 ffffffff 0 NOP 0 0\n#END_TB\n",
                 "line 7: warp 0: more than insts = 1 instruction lines");
    expect_error("#BEGIN_TB\nthread block = 0,0,0\n0000 ffffffff 0 NOP 0 0\n#END_TB\n",
                 "line 3: instruction line before \"warp = W\" and \"insts = M\"");
    expect_error("#BEGIN_TB\nwarp = 0\n0000 ffffffff 0 NOP 0 0\n#END_TB\n",
                 "line 3: instruction line before \"warp = W\" and \"insts = M\"");
    expect_error("#BEGIN_TB\nwarp = 0\n#END_TB\n",
                 "line 3: warp 0 has no \"insts = M\" line");
    expect_error("#BEGIN_TB\ninsts = 1\n",
                 "line 2: \"insts = M\" must follow a \"warp = W\" line");
    expect_error("#BEGIN_TB\nwarp = 0\ninsts = 0\ninsts = 0\n",
                 "line 4: \"insts = M\" must follow a \"warp = W\" line");
    expect_error("-accelsim tracer version = 5\n#END_TB\n",
                 "line 2: #END_TB outside a thread block");
    expect_error("#BEGIN_TB\nwarp = 0\ninsts = 0\n#BEGIN_TB\n",
                 "line 4: #BEGIN_TB inside the thread block begun at line 1");
    expect_error("#BEGIN_TB extra\n", "line 1: unexpected text after #BEGIN_TB");
    expect_error("#BEGIN_TB\n#END_TB now\n", "line 2: unexpected text after #END_TB");
    expect_error("#BEGIN_TB\nwarp = 0\ninsts = 0\nwarp = 0\n",
                 "line 4: warp 0 appears twice in the thread block begun at line 1");
    expect_error("-block dim = (32,1,1)\n#BEGIN_TB\nwarp = 1\n",
                 "line 3: warp 1: the block dim gives 1 warps");
    expect_error("#BEGIN_TB\nwarp = 5000\n", "line 2: warp 5000: warp ids must be below 1024");
    expect_error("#BEGIN_TB\nwarp = x\n", "line 2: expected \"warp = W\"");
    expect_error("#BEGIN_TB\nwarp 0\n", "line 2: expected \"warp = W\"");
    expect_error("#BEGIN_TB\ninsts 3\n", "line 2: expected \"insts = M\"");
    expect_error("#BEGIN_TB\nthread block = 0,0\n", "line 2: expected \"thread block = x,y,z\"");
    expect_error("#BEGIN_TB\nthread block = 0,0,0,0\n",
                 "line 2: expected \"thread block = x,y,z\"");
    /* Accel-Sim's "%d,%d,%d" allows blanks after commas */
    EXPECT_NONE("#BEGIN_TB\nthread block = 3, 4, 5\n#END_TB\n", 128);
    expect_error("-accelsim tracer version = 5\nhello world\n",
                 "line 2: expected a \"-key = value\" header line or #BEGIN_TB, got \"hello\"");
    expect_error("0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n",
                 "line 1: not an Accel-Sim kernel trace: expected a \"-key = value\" header "
                 "line or #BEGIN_TB (the line is not shown)");
}

static void test_malformed_header(void **state)
{
    (void)state;
    expect_error("-kernel name = k\n-accelsim tracer version = five\n",
                 "line 2: -accelsim tracer version: expected a number, got \"five\"");
    expect_error("-enable lineinfo = yes\n",
                 "line 1: -enable lineinfo: expected 0 or 1, got \"yes\"");
    expect_error("-grid dim = (2,1)\n",
                 "line 1: -grid dim: expected (x,y,z) with x, y, z >= 1, got \"(2,1)\"");
    expect_error("-block dim = (0,1,1)\n",
                 "line 1: -block dim: expected (x,y,z) with x, y, z >= 1, got \"(0,1,1)\"");
    expect_error("-shmem base_addr = 0xZZ\n",
                 "line 1: -shmem base_addr: expected a hex address, got \"0xZZ\"");
    expect_error("-local mem base_addr =\n",
                 "line 1: -local mem base_addr: expected a hex address, got \"\"");
}

/* NUL bytes and over-long lines inside a thread block are errors naming the line. */
static void test_bad_bytes_and_long_lines(void **state)
{
    (void)state;
    static const char nul[] = MINI_HEAD "0010 00000001 1 R4 LDG.E\0 1 R2 4 0 0x1000 0\n#END_TB\n";
    expect_error_len(nul, sizeof nul - 1, "line 6: NUL byte in a text line");

    size_t pad = ACCEL_LINE_MAX + 100;
    const char *head = MINI_HEAD "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0";
    char *text = malloc(strlen(head) + pad + 16);
    assert_non_null(text);
    strcpy(text, head);
    memset(text + strlen(head), ' ', pad);
    strcpy(text + strlen(head) + pad, "\n#END_TB\n");
    expect_error(text, "line 6: longer than 8192 bytes");
    free(text);
}

/* An endless stream: a child writes `head`, then `byte` forever, into a pipe the reader reads;
 * the reader must stop at its limit with `msg` (an alarm fails a reader that hangs). */
static void expect_endless(const char *head, char byte, const char *msg)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fd[0]);
        char buf[4096];
        memset(buf, byte, sizeof buf);
        if (write(fd[1], head, strlen(head)) < 0)
            _exit(0);
        for (;;)
            if (write(fd[1], buf, sizeof buf) < 0)
                _exit(0); /* the reader closed the pipe (or SIGPIPE ended us) */
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    assert_non_null(f);
    char err[256];
    accel_reader_t *r = accel_open(f, 128, err, sizeof err);
    assert_non_null(r);
    alarm(20); /* SIGALRM ends a reader that reads on forever: the test fails */
    accel_ref_t a;
    int rc = accel_next_ref(r, &a);
    alarm(0);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    assert_int_equal(rc, -1);
    assert_string_equal(accel_error(r), msg);
    accel_close(r);
    fclose(f);
}

/* Endless input (a device, a FIFO written forever) ends at the first limit, not never. */
static void test_endless_streams(void **state)
{
    (void)state;
    expect_endless("", '\0', "line 1: NUL byte in a text line");
    expect_endless("-accelsim tracer version = 5\n", '\0', "line 2: NUL byte in a text line");
    char msg[128];
    snprintf(msg, sizeof msg, "line 1: longer than %d bytes", ACCEL_LINE_MAX);
    expect_endless("", 'x', msg);
    expect_endless(MINI_HEAD, ' ', "line 6: longer than 8192 bytes");
    snprintf(msg, sizeof msg, "line 1: longer than %d bytes (a \"-kernel name\" line: %d)",
             ACCEL_LINE_MAX, ACCEL_SKIP_MAX);
    expect_endless("-kernel name = _Z", 'x', msg);
    snprintf(msg, sizeof msg, "line %d: more than %d blank or comment lines in a row (an "
             "endless input?)", ACCEL_IDLE_MAX + 1, ACCEL_IDLE_MAX);
    expect_endless("", '\n', msg);
}

/* ---- truncated and random input -------------------------------------------------------- */

static const char valid_trace[] =
    FULL_HEAD
    "#BEGIN_TB\n"
    "thread block = 0,0,0\n"
    "warp = 0\n"
    "insts = 3\n"
    "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f0000001000 4 0\n"
    "0020 0000000f 0 STG.E 2 R2 R4 4 2 0x7f0000002000 128 -64 4096 0\n"
    "0030 00000003 1 R4 LDG.E.64 1 R2 8 0 0x00007f0000003000 0x00007f0000003100 0\n"
    "warp = 1\n"
    "insts = 1\n"
    "0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f0000001080 4 0\n"
    "#END_TB\n";

/* The trace cut off inside a thread block is an error; exact cases first. */
static void test_truncated(void **state)
{
    (void)state;
    /* no #END_TB: line 6 is the last line read */
    expect_error(MINI_HEAD "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n",
                 "line 6: input ends inside the thread block begun at line 2");
    /* cut inside an address list, no newline */
    expect_error(MINI_HEAD "0010 00000007 1 R4 LDG.E 1 R2 4 0 0x1000 0x10",
                 "line 6: instruction: missing address (mode 0 lists one per active thread)");
    /* cut inside "#END_TB" */
    expect_error(MINI_HEAD "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n#END_",
                 "line 7: input ends inside the thread block begun at line 2");
    /* every prefix: a cut before or inside the thread block is an error naming a line (an
     * empty trace, a bad header value, a cut block) and issues nothing; a cut after
     * "#END_TB" issues all 7 lines (1 + 3 + 2 for warp 0, 1 for warp 1); never a crash */
    size_t len = strlen(valid_trace);
    size_t tb = (size_t)(strstr(valid_trace, "#BEGIN_TB") - valid_trace) + 9;
    size_t end = (size_t)(strstr(valid_trace, "#END_TB") - valid_trace) + 7;
    for (size_t cut = 0; cut <= len; cut++) {
        accel_ref_t refs[MAX_REFS];
        size_t n;
        char err[256];
        int rc = run_len(valid_trace, cut, 128, refs, &n, err, sizeof err);
        if (rc < 0)
            assert_true(!strncmp(err, "line ", 5));
        if (cut < tb) {
            assert_int_equal(rc, -1);
            assert_int_equal(n, 0);
        } else if (cut < end) {
            assert_int_equal(rc, -1);
            assert_int_equal(n, 0);
        } else {
            if (rc != 0)
                fail_msg("cut %zu: %s", cut, err);
            assert_int_equal(n, 7);
        }
    }
}

/* Random edits of a valid trace: every run ends cleanly or with a "line N: " error. */
static void test_fuzz(void **state)
{
    (void)state;
    static const char alphabet[] = "0123456789abcdefxX -+#\n\t=R.,()LDGSTEw";
    size_t base = strlen(valid_trace);
    char *buf = malloc(base + 64);
    assert_non_null(buf);
    uint32_t seed = 12345;
#define RND() (seed = seed * 1664525u + 1013904223u, seed >> 8)
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, valid_trace, base);
        size_t len = base;
        int edits = 1 + (int)(RND() % 4);
        for (int k = 0; k < edits; k++) {
            size_t at = RND() % len;
            switch (RND() % 4) {
            case 0: buf[at] = alphabet[RND() % (sizeof alphabet - 1)]; break;
            case 1: memmove(buf + at, buf + at + 1, len - at - 1); len--; break;
            case 2:
                if (len < base + 60) {
                    memmove(buf + at + 1, buf + at, len - at);
                    buf[at] = alphabet[RND() % (sizeof alphabet - 1)];
                    len++;
                }
                break;
            default: buf[at] = (char)(RND() & 0xff); break;
            }
        }
        accel_ref_t refs[MAX_REFS];
        size_t n;
        char err[256];
        int rc = run_len(buf, len, 1u << (RND() % 12), refs, &n, err, sizeof err);
        assert_true(rc == 0 || rc == -1);
        if (rc < 0)
            assert_true(!strncmp(err, "line ", 5));
    }
#undef RND
    free(buf);
}


/* ---- SPEC 6: line size and sectors ------------------------------------------------------- */

/* One fully expected request. */
typedef struct exp_full {
    char op;           /* as exp_ref_t */
    uint64_t addr;     /* line address */
    unsigned sectors;  /* 32-byte sectors counted on it */
    unsigned core;
    uint64_t tb;
} exp_full_t;

static void expect_full(const char *text, const accel_opts_t *o, const exp_full_t *e, size_t ne)
{
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    int rc = run_opts(text, strlen(text), o, refs, &n, err, sizeof err);
    if (rc != 0)
        fail_msg("unexpected error: %s", err);
    for (size_t i = 0; i < n && i < MAX_REFS; i++)
        if (i >= ne || refs[i].addr != e[i].addr || kind_of(&refs[i]) != e[i].op ||
            refs[i].sectors != e[i].sectors || refs[i].core != e[i].core ||
            refs[i].tb != e[i].tb) {
            for (size_t k = 0; k < n && k < MAX_REFS; k++)
                print_message("got %c %llx sectors %u core %u tb %llu\n", kind_of(&refs[k]),
                              (unsigned long long)refs[k].addr, refs[k].sectors, refs[k].core,
                              (unsigned long long)refs[k].tb);
            fail_msg("request %zu differs (line %u bytes, %u cores)", i, o->line_bytes,
                     o->cores);
        }
    if (n != ne)
        fail_msg("got %zu requests, expected %zu", n, ne);
}

#define EXPECT_FULL(text, lb, cores, ...)                                              \
    do {                                                                               \
        static const exp_full_t e_[] = {__VA_ARGS__};                                  \
        accel_opts_t o_ = {lb, 64, cores, 0, NULL, 0};                                             \
        expect_full(text, &o_, e_, sizeof e_ / sizeof e_[0]);                          \
    } while (0)

/* A warp coalesces at the configured line size, not at 128 bytes, and counts the 32-byte
 * sectors it touches whatever the line size. */
static void test_line_size_and_sectors(void **state)
{
    (void)state;
    /* 32 threads x 4 bytes from 0x1000: bytes 0x1000..0x107f, sectors 0x1000, 0x1020, 0x1040,
     * 0x1060 (4) */
    const char *aligned = MINI("0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4 0");
    EXPECT_FULL(aligned, 32, 1, {'R', 0x1000, 1, 0, 0}, {'R', 0x1020, 1, 0, 0},
                {'R', 0x1040, 1, 0, 0}, {'R', 0x1060, 1, 0, 0});
    EXPECT_FULL(aligned, 64, 1, {'R', 0x1000, 2, 0, 0}, {'R', 0x1040, 2, 0, 0});
    EXPECT_FULL(aligned, 128, 1, {'R', 0x1000, 4, 0, 0});
    EXPECT_FULL(aligned, 256, 1, {'R', 0x1000, 4, 0, 0});
    /* from 0x1010: bytes 0x1010..0x108f, sectors 0x1000 .. 0x1080 (5).
     * 128-byte lines: 0x1000 holds 0x1010..0x107f (sectors 0x1000-0x1060: 4), 0x1080 holds
     * 0x1080..0x108f (1). 64-byte lines: 0x1000 (0x1000, 0x1020: 2), 0x1040 (2), 0x1080 (1).
     * 16-byte lines 0x1010 .. 0x1080: a sector is counted on its lowest line: 0x1010 (sector
     * 0x1000), 0x1020 (0x1020), 0x1030 (0), 0x1040 (0x1040), 0x1050 (0), 0x1060 (0x1060),
     * 0x1070 (0), 0x1080 (0x1080): still 5 in all. */
    const char *shifted = MINI("0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1010 4 0");
    EXPECT_FULL(shifted, 128, 1, {'R', 0x1000, 4, 0, 0}, {'R', 0x1080, 1, 0, 0});
    EXPECT_FULL(shifted, 64, 1, {'R', 0x1000, 2, 0, 0}, {'R', 0x1040, 2, 0, 0},
                {'R', 0x1080, 1, 0, 0});
    EXPECT_FULL(shifted, 16, 1, {'R', 0x1010, 1, 0, 0}, {'R', 0x1020, 1, 0, 0},
                {'R', 0x1030, 0, 0, 0}, {'R', 0x1040, 1, 0, 0}, {'R', 0x1050, 0, 0, 0},
                {'R', 0x1060, 1, 0, 0}, {'R', 0x1070, 0, 0, 0}, {'R', 0x1080, 1, 0, 0});
    /* scattered 8-byte stores: threads 0-3 at 0x2000, 0x2018, 0x2040, 0x20f8: sectors 0x2000
     * (threads 0 and 1), 0x2040, 0x20e0. 128-byte lines: 0x2000 (2 sectors), 0x2080 (1). */
    EXPECT_FULL(MINI("0020 0000000f 0 STG.E.64 2 R2 R4 8 0 0x2000 0x2018 0x2040 0x20f8 0"), 128,
                1, {'W', 0x2000, 2, 0, 0}, {'W', 0x2080, 1, 0, 0});
    /* one 16-byte load across a sector and a line boundary, 0x3038..0x3047: sectors 0x3020
     * and 0x3040; 64-byte lines 0x3000 (1), 0x3040 (1); a 128-byte line 0x3000 (2) */
    const char *wide = MINI("0030 00000001 1 R4 LDG.E.128 1 R2 16 0 0x3038 0");
    EXPECT_FULL(wide, 64, 1, {'R', 0x3000, 1, 0, 0}, {'R', 0x3040, 1, 0, 0});
    EXPECT_FULL(wide, 128, 1, {'R', 0x3000, 2, 0, 0});
    /* 32 threads x 16 bytes, stride 16 from 0x4000: 512 bytes = 16 sectors on 2 256-byte
     * lines (8 each); each sector once though every thread touches half of one */
    EXPECT_FULL(MINI("0040 ffffffff 1 R4 LDG.E.128 1 R2 16 1 0x4000 16 0"), 256, 1,
                {'R', 0x4000, 8, 0, 0}, {'R', 0x4100, 8, 0, 0});
}

/* ---- SPEC 6: loads that skip the L1, atomics --------------------------------------------- */

/* One active thread each, 128-byte lines. 'L': a load with .CG, .CS, .CV, .BYPASS, or .STRONG
 * with .GPU or .SYS goes to the L2 only; 'R': .SYS alone (Volta's plain load), .STRONG.CTA,
 * .CONSTANT, .EF, and .CGX (a part is matched whole); 'W': stores keep the L1 path whatever
 * their operator; 'A': every atomic and reduction. Generic LD resolved to global follows the
 * same rule. */
static void test_l1_skipping_loads_and_atomics(void **state)
{
    (void)state;
    EXPECT(FULL_HEAD
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 18\n"
           "0010 00000001 1 R4 LDG.E.CG 1 R2 4 0 0x1000 0\n"
           "0020 00000001 1 R4 LDG.E.CS 1 R2 4 0 0x2000 0\n"
           "0030 00000001 1 R4 LDG.E.CV 1 R2 4 0 0x3000 0\n"
           "0040 00000001 0 LDGSTS.E.BYPASS.LTC128B.128 2 R3 R2 16 0 0x4000 0\n"
           "0050 00000001 1 R4 LDG.E.STRONG.GPU 1 R2 4 0 0x5000 0\n"
           "0060 00000001 1 R4 LDG.E.64.STRONG.SYS 1 R2 8 0 0x6000 0\n"
           "0070 00000001 1 R4 LDG.E.SYS 1 R2 4 0 0x7000 0\n"
           "0080 00000001 1 R4 LDG.E.STRONG.CTA 1 R2 4 0 0x8000 0\n"
           "0090 00000001 1 R4 LDG.E.128.CONSTANT 1 R2 16 0 0x9000 0\n"
           "00a0 00000001 1 R4 LDG.E.EF 1 R2 4 0 0xa000 0\n"
           "00b0 00000001 1 R4 LDG.E.CGX 1 R2 4 0 0xb000 0\n"
           "00c0 00000001 1 R4 LD.E.CG 1 R2 4 0 0xc000 0\n"
           "00d0 00000001 0 STG.E.STRONG.GPU 2 R2 R4 4 0 0xd000 0\n"
           "00e0 00000001 0 STG.E.CG 2 R2 R4 4 0 0xe000 0\n"
           "00f0 00000001 1 R4 ATOMG.E.ADD.STRONG.GPU 2 R2 R5 4 0 0xf000 0\n"
           "0100 00000001 1 R4 ATOM.E.CAS 2 R2 R5 4 0 0x10000 0\n"
           "0110 00000001 0 RED.E.ADD.F32.FTZ.RN 2 R2 R5 4 0 0x11000 0\n"
           "0120 00000001 0 REDG.E.ADD 2 R2 R5 4 0 0x12000 0\n"
           "#END_TB\n",
           128, {'L', 0x1000, 0x10}, {'L', 0x2000, 0x20}, {'L', 0x3000, 0x30},
           {'L', 0x4000, 0x40}, {'L', 0x5000, 0x50}, {'L', 0x6000, 0x60}, {'R', 0x7000, 0x70},
           {'R', 0x8000, 0x80}, {'R', 0x9000, 0x90}, {'R', 0xa000, 0xa0}, {'R', 0xb000, 0xb0},
           {'L', 0xc000, 0xc0}, {'W', 0xd000, 0xd0}, {'W', 0xe000, 0xe0}, {'A', 0xf000, 0xf0},
           {'A', 0x10000, 0x100}, {'A', 0x11000, 0x110}, {'A', 0x12000, 0x120});
    /* L2-only requests are coalesced and sector-counted like the rest: 32 threads x 4 bytes
     * at 0x1000 on 64-byte lines: 2 lines of 2 sectors; an atomic of 2 threads on one word:
     * 1 line, 1 sector */
    EXPECT_FULL("-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
                "insts = 2\n0010 ffffffff 1 R4 LDG.E.CG 1 R2 4 1 0x1000 4 0\n"
                "0020 00000003 1 R4 ATOMG.E.ADD 2 R2 R5 4 1 0x2000 0 0\n#END_TB\n",
                64, 1, {'L', 0x1000, 2, 0, 0}, {'L', 0x1040, 2, 0, 0}, {'A', 0x2000, 1, 0, 0});
}

/* ---- SPEC 6: thread blocks over cores ----------------------------------------------------- */

/* Five thread blocks: TB0 (warp 0: 0x1000, 0x1100; warp 1: 0x1200), TB1 (no memory
 * instruction: it still takes a core), TB2 (stores 0x3000, 0x3080), TB3 (0x4000, 0x4100), TB4
 * (a .CG load 0x5000). Block k runs on core k mod cores, in waves of `cores` blocks issued in
 * rounds (each block's warps' i-th instruction, blocks in core order). */
static const char five_tbs[] =
    "-accelsim tracer version = 5\n"
    "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
    "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0\n"
    "0018 00000001 1 R4 LDG.E 1 R2 4 0 0x1100 0\n"
    "warp = 1\ninsts = 1\n"
    "0020 00000001 1 R4 LDG.E 1 R2 4 0 0x1200 0\n"
    "#END_TB\n"
    "#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n"
    "#BEGIN_TB\nthread block = 2,0,0\nwarp = 0\ninsts = 2\n"
    "0030 00000001 0 STG.E 2 R2 R4 4 0 0x3000 0\n"
    "0038 00000001 0 STG.E 2 R2 R4 4 0 0x3080 0\n"
    "#END_TB\n"
    "#BEGIN_TB\nthread block = 3,0,0\nwarp = 0\ninsts = 2\n"
    "0040 00000001 1 R4 LDG.E 1 R2 4 0 0x4000 0\n"
    "0048 00000001 1 R4 LDG.E 1 R2 4 0 0x4100 0\n"
    "#END_TB\n"
    "#BEGIN_TB\nthread block = 4,0,0\nwarp = 0\ninsts = 1\n"
    "0050 00000001 1 R4 LDG.E.CG 1 R2 4 0 0x5000 0\n"
    "#END_TB\n";

static void test_thread_blocks_round_robin(void **state)
{
    (void)state;
    /* one core: block by block, warps round-robin: 0x1000 0x1200 0x1100 | 0x3000 0x3080 |
     * 0x4000 0x4100 | 0x5000 */
    EXPECT_FULL(five_tbs, 128, 1, {'R', 0x1000, 1, 0, 0}, {'R', 0x1200, 1, 0, 0},
                {'R', 0x1100, 1, 0, 0}, {'W', 0x3000, 1, 0, 2}, {'W', 0x3080, 1, 0, 2},
                {'R', 0x4000, 1, 0, 3}, {'R', 0x4100, 1, 0, 3}, {'L', 0x5000, 1, 0, 4});
    /* two cores: wave TB0 (core 0), TB1 (core 1, nothing): round 0 0x1000 0x1200, round 1
     * 0x1100; wave TB2 (core 0), TB3 (core 1): round 0 0x3000 0x4000, round 1 0x3080 0x4100;
     * wave TB4 (core 0): 0x5000 */
    EXPECT_FULL(five_tbs, 128, 2, {'R', 0x1000, 1, 0, 0}, {'R', 0x1200, 1, 0, 0},
                {'R', 0x1100, 1, 0, 0}, {'W', 0x3000, 1, 0, 2}, {'R', 0x4000, 1, 1, 3},
                {'W', 0x3080, 1, 0, 2}, {'R', 0x4100, 1, 1, 3}, {'L', 0x5000, 1, 0, 4});
    /* three cores: wave TB0 TB1 TB2 (cores 0 1 2): round 0 0x1000 0x1200 0x3000, round 1
     * 0x1100 0x3080; wave TB3 (core 0) TB4 (core 1): round 0 0x4000 0x5000, round 1 0x4100 */
    EXPECT_FULL(five_tbs, 128, 3, {'R', 0x1000, 1, 0, 0}, {'R', 0x1200, 1, 0, 0},
                {'W', 0x3000, 1, 2, 2}, {'R', 0x1100, 1, 0, 0}, {'W', 0x3080, 1, 2, 2},
                {'R', 0x4000, 1, 0, 3}, {'L', 0x5000, 1, 1, 4}, {'R', 0x4100, 1, 0, 3});
    /* more cores than blocks: one wave, TB k on core k */
    EXPECT_FULL(five_tbs, 128, 8, {'R', 0x1000, 1, 0, 0}, {'R', 0x1200, 1, 0, 0},
                {'W', 0x3000, 1, 2, 2}, {'R', 0x4000, 1, 3, 3}, {'L', 0x5000, 1, 4, 4},
                {'R', 0x1100, 1, 0, 0}, {'W', 0x3080, 1, 2, 2}, {'R', 0x4100, 1, 3, 3});
    /* all five blocks are counted */
    FILE *f = stream_of(five_tbs, strlen(five_tbs));
    accel_reader_t *r = accel_open(f, 128, NULL, 0);
    accel_ref_t a;
    while (accel_next_ref(r, &a) == 1)
        ;
    assert_int_equal(accel_tbs(r), 5);
    accel_close(r);
    fclose(f);
}

/* ---- SPEC 6: tracer versions 4 to 6 ------------------------------------------------------- */

#define MINI6_HEAD                                                                     \
    "-accelsim tracer version = 6\n"                                                   \
    "#BEGIN_TB\n"                                                                      \
    "thread block = 0,0,0\n"                                                           \
    "warp = 0\n"                                                                       \
    "insts = 1\n"

/* Version 6: uniform registers (URn) in either list; up to two immediates; then NoVal, or Val
 * and the values. */
static void test_version_6(void **state)
{
    (void)state;
    EXPECT("-accelsim tracer version = 6\n"
           "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n"
           "0000 ffffffff 1 UR4 S2UR 0 0 0 0 NoVal\n"
           /* threads 0, 1 at 0x1000, 0x1004: one line */
           "0010 00000003 1 R4 LDG.E 2 R2 UR6 4 1 0x1000 4 0 0 Val 0x3f800000 0x40000000\n"
           "0020 00000001 0 STG.E 3 R2 UR4 R5 4 0 0x2000 -8 NoVal\n"
           "0030 ffffffff 0 EXIT 0 0 NoVal\n"
           "#END_TB\n",
           128, {'R', 0x1000, 0x10}, {'W', 0x2000, 0x20});
    static const struct { const char *head, *inst, *err; } cases[] = {
        {MINI6_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0",
         "line 6: instruction: missing NoVal or Val (tracer version 6)"},
        {MINI6_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0 0 0 NoVal",
         "line 6: instruction: expected NoVal or Val (tracer version 6), got \"0\""},
        {MINI6_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0 Val",
         "line 6: instruction: missing value after Val"},
        {MINI6_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0 Val 1 zz",
         "line 6: instruction: bad value \"zz\" after Val"},
        {MINI6_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 NoVal 5",
         "line 6: instruction: unexpected \"5\" after NoVal"},
        {MINI6_HEAD, "0010 00000001 1 XR4 LDG.E 1 R2 4 0 0x1000 NoVal",
         "line 6: instruction: bad register \"XR4\" (expected Rn or URn)"},
        {MINI_HEAD, "0010 00000001 1 UR4 LDG.E 1 R2 4 0 0x1000 0",
         "line 6: instruction: bad register \"UR4\" (expected Rn; URn needs tracer version 6)"},
        {MINI_HEAD, "0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0 NoVal",
         "line 6: instruction: unexpected \"NoVal\" after the immediate"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s\n#END_TB\n", cases[i].head, cases[i].inst);
        expect_error(text, cases[i].err);
    }
    expect_error("-accelsim tracer version = 7\n",
                 "line 1: -accelsim tracer version = 7: allowed: 1 to 6");
    expect_error("-accelsim tracer version = 0\n",
                 "line 1: -accelsim tracer version = 0: allowed: 1 to 6");
}

/* ---- SPEC 6: addresses beyond the address bits ------------------------------------------- */

static void expect_error_bits(const char *text, unsigned bits, const char *msg)
{
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    accel_opts_t o = {128, bits, 1, 0, NULL, 0};
    if (run_opts(text, strlen(text), &o, refs, &n, err, sizeof err) != -1)
        fail_msg("no error, expected \"%s\"", msg);
    assert_string_equal(err, msg);
}

/* Every simulated byte must lie below 2^l1.addr_bits: the error names the line, the address,
 * the thread, the key and the width to raise it to. Skipped accesses are not checked. */
static void test_addr_bits(void **state)
{
    (void)state;
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    /* 32 bits: the last word fits (last byte 0xffffffff) */
    accel_opts_t o32 = {128, 32, 1, 0, NULL, 0};
    const char *last = MINI("0010 00000001 1 R4 LDG.E 1 R2 4 0 0xfffffffc 0");
    assert_int_equal(run_opts(last, strlen(last), &o32, refs, &n, err, sizeof err), 0);
    assert_int_equal(n, 1);
    assert_int_equal(refs[0].addr, 0xffffff80);
    /* one byte more does not: its last byte is 0x100000000 (33 bits) */
    expect_error_bits(MINI("0010 00000001 1 R4 LDG.E 1 R2 4 0 0xfffffffd 0"), 32,
                      "line 6: address 0xfffffffd (thread 0, 4 bytes) does not fit "
                      "l1.addr_bits = 32 (addresses up to 0xffffffff); raise l1.addr_bits to "
                      "33 or more");
    /* the width comes from the opcode: 16 bytes at 0xfffffff8 end at 0x100000007 */
    expect_error_bits(MINI("0010 00000001 1 R4 LDG.E.128 1 R2 16 0 0xfffffff8 0"), 32,
                      "line 6: address 0xfffffff8 (thread 0, 16 bytes) does not fit "
                      "l1.addr_bits = 32 (addresses up to 0xffffffff); raise l1.addr_bits to "
                      "33 or more");
    /* a 47-bit GPU address on thread 2 (mask 0b110: threads 1 and 2) */
    expect_error_bits(MINI("0010 00000006 1 R4 LDG.E 1 R2 4 0 0x1000 0x7f0000001000 0"), 32,
                      "line 6: address 0x7f0000001000 (thread 2, 4 bytes) does not fit "
                      "l1.addr_bits = 32 (addresses up to 0xffffffff); raise l1.addr_bits to "
                      "47 or more");
    /* ... which 47 bits hold */
    accel_opts_t o47 = {128, 47, 1, 0, NULL, 0};
    const char *gpu = MINI("0010 00000006 1 R4 LDG.E 1 R2 4 0 0x1000 0x7f0000001000 0");
    assert_int_equal(run_opts(gpu, strlen(gpu), &o47, refs, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);
    /* L2-only loads, atomics and stores are checked too */
    expect_error_bits(MINI("0020 00000001 1 R4 LDG.E.CG 1 R2 4 0 0x100000000 0"), 32,
                      "line 6: address 0x100000000 (thread 0, 4 bytes) does not fit "
                      "l1.addr_bits = 32 (addresses up to 0xffffffff); raise l1.addr_bits to "
                      "33 or more");
    expect_error_bits(MINI("0020 00000001 1 R4 ATOMG.E.ADD 2 R2 R5 4 0 0x10000 0"), 16,
                      "line 6: address 0x10000 (thread 0, 4 bytes) does not fit "
                      "l1.addr_bits = 16 (addresses up to 0xffff); raise l1.addr_bits to 17 or "
                      "more");
    expect_error_bits(MINI("0020 00000001 0 STG.E 2 R2 R4 4 0 0x20000 0"), 16,
                      "line 6: address 0x20000 (thread 0, 4 bytes) does not fit "
                      "l1.addr_bits = 16 (addresses up to 0xffff); raise l1.addr_bits to 18 or "
                      "more");
    /* shared memory (LDS, and a generic LD into the shared window) and TMA are not simulated,
     * so not checked: no request, no error */
    static const char skipped[] =
        FULL_HEAD "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
        "0010 00000001 1 R4 LDS 1 R3 4 0 0x7f0675000000 0\n"
        "0020 00000001 1 R4 LD.E 1 R2 4 0 0x7f0675000100 0\n"
        "0030 00000001 0 UTMALDG.2D 2 R8 R10 16 3 2 0x7f0000001000 0x7f0000002000 0\n"
        "#END_TB\n";
    accel_opts_t o16 = {128, 16, 1, 0, NULL, 0};
    assert_int_equal(run_opts(skipped, strlen(skipped), &o16, refs, &n, err, sizeof err), 0);
    assert_int_equal(n, 0);
}

/* ---- base ids (trace_accel.h) ----------------------------------------------------------- */

/* Known allocations A = [0x10000, 0x11000), B = [0x11000, 0x12000) (touching A: apart) and
 * C = [0x10800, 0x10900) inside A (merged into it), 4 ids. One warp, one thread each unless
 * said, 128-byte lines; by hand:
 *   1 LDG 0x10000   A                      id 0
 *   2 LDG 0x11000   B                      id 1
 *   3 LDG 0x10840   C, merged into A       id 0
 *   4 STG 0x400000  2 MiB block 2          id 2 (stores take ids too)
 *   5 LDG 0x5ffff0  block 2                id 2
 *   6 LDG 0x600000  block 3                id 3 (the last)
 *   7 LDG 0x800000  block 4: ids all taken id 3, overflow 1
 *   8 LDG 0x11fff   B's last byte          id 1
 *   9 LDG 0x12000   past B: block 0        id 3, overflow 2
 *  10 LDG threads 0x11000, 0x10000: lines 0x10000 and 0x11000, both with the first
 *     active thread's id, B's: 1 */
#define BASE_TRACE                                                                     \
    MINI_HEAD_N("10")                                                                  \
    "0010 00000001 1 R4 LDG.E 1 R2 4 1 0x10000 4 0\n"                                  \
    "0020 00000001 1 R4 LDG.E 1 R2 4 1 0x11000 4 0\n"                                  \
    "0030 00000001 1 R4 LDG.E 1 R2 4 1 0x10840 4 0\n"                                  \
    "0040 00000001 0 STG.E 2 R2 R4 4 1 0x400000 4 0\n"                                 \
    "0050 00000001 1 R4 LDG.E 1 R2 4 1 0x5ffff0 4 0\n"                                 \
    "0060 00000001 1 R4 LDG.E 1 R2 4 1 0x600000 4 0\n"                                 \
    "0070 00000001 1 R4 LDG.E 1 R2 4 1 0x800000 4 0\n"                                 \
    "0080 00000001 1 R4 LDG.E.U8 1 R2 1 1 0x11fff 1 0\n"                               \
    "0090 00000001 1 R4 LDG.E 1 R2 4 1 0x12000 4 0\n"                                  \
    "00a0 00000003 1 R4 LDG.E 1 R2 4 0 0x11000 0x10000 0\n"                            \
    "#END_TB\n"
#define MINI_HEAD_N(n)                                                                 \
    "-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"       \
    "insts = " n "\n"

static void test_base_ids(void **state)
{
    (void)state;
    static const accel_region_t rg[] = {{0x11000, 0x1000}, {0x10800, 0x100}, {0x10000, 0x1000},
                                        {0x90000, 0}}; /* an empty copy: ignored */
    accel_opts_t o = {128, 64, 1, 4, rg, 4};
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    static const char text[] = BASE_TRACE;
    assert_int_equal(run_opts(text, strlen(text), &o, refs, &n, err, sizeof err), 0);
    static const struct { uint64_t addr; uint32_t base; } e[] = {
        {0x10000, 0}, {0x11000, 1}, {0x10800, 0}, {0x400000, 2}, {0x5fff80, 2},
        {0x600000, 3}, {0x800000, 3}, {0x11f80, 1}, {0x12000, 3}, {0x10000, 1},
        {0x11000, 1}};
    assert_int_equal(n, sizeof e / sizeof e[0]);
    for (size_t i = 0; i < n; i++) {
        if (refs[i].addr != e[i].addr || refs[i].base != e[i].base)
            fail_msg("request %zu: %llx base %u, expected %llx base %u", i,
                     (unsigned long long)refs[i].addr, refs[i].base,
                     (unsigned long long)e[i].addr, e[i].base);
    }
    FILE *f = stream_of(text, strlen(text));
    accel_reader_t *r = accel_open_opts(f, &o, err, sizeof err);
    accel_ref_t a;
    while (accel_next_ref(r, &a) == 1)
        ;
    assert_int_equal(accel_base_overflows(r), 2);
    accel_close(r);
    fclose(f);
    /* without base ids every request has id 0; without regions, A, B and C's addresses all
     * lie in block 0 (one id), the rest as above */
    o.base_ids = 0;
    assert_int_equal(run_opts(text, strlen(text), &o, refs, &n, err, sizeof err), 0);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(refs[i].base, 0);
    o.base_ids = 8;
    o.nregions = 0;
    assert_int_equal(run_opts(text, strlen(text), &o, refs, &n, err, sizeof err), 0);
    static const uint32_t blk[] = {0, 0, 0, 1, 1, 2, 3, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++)
        assert_int_equal(refs[i].base, blk[i]);
    o.base_ids = ACCEL_MAX_BASE_IDS + 1;
    f = stream_of("", 0);
    assert_null(accel_open_opts(f, &o, err, sizeof err));
    assert_string_equal(err, "accel: base ids 65537: allowed: 0 to 65536");
    fclose(f);
}

/* Ids follow file order, not issue order: warp 0's two loads (blocks 1 and 2) are read before
 * warp 1's (block 3), which issues second (round 0: warp 0's first, warp 1's first; round 1:
 * warp 0's second). */
static void test_base_ids_file_order(void **state)
{
    (void)state;
    static const char text[] =
        "-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\n"
        "warp = 0\ninsts = 2\n"
        "0010 00000001 1 R4 LDG.E 1 R2 4 1 0x200000 4 0\n"
        "0020 00000001 1 R4 LDG.E 1 R2 4 1 0x400000 4 0\n"
        "warp = 1\ninsts = 1\n"
        "0010 00000001 1 R4 LDG.E 1 R2 4 1 0x600000 4 0\n"
        "#END_TB\n";
    accel_opts_t o = {128, 64, 1, 4, NULL, 0};
    accel_ref_t refs[MAX_REFS];
    size_t n;
    char err[256];
    assert_int_equal(run_opts(text, strlen(text), &o, refs, &n, err, sizeof err), 0);
    assert_int_equal(n, 3);
    assert_int_equal(refs[0].addr, 0x200000);
    assert_int_equal(refs[0].base, 0);
    assert_int_equal(refs[1].addr, 0x600000);
    assert_int_equal(refs[1].base, 2);
    assert_int_equal(refs[2].addr, 0x400000);
    assert_int_equal(refs[2].base, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_checks_arguments),
        cmocka_unit_test(test_empty_and_header_only),
        cmocka_unit_test(test_header_lines),
        cmocka_unit_test(test_long_kernel_name),
        cmocka_unit_test(test_lineinfo),
        cmocka_unit_test(test_versions),
        cmocka_unit_test(test_cluster_lines_and_crlf),
        cmocka_unit_test(test_mode_list),
        cmocka_unit_test(test_mode_base_stride),
        cmocka_unit_test(test_mode_base_delta),
        cmocka_unit_test(test_long_list_line),
        cmocka_unit_test(test_width_straddles_lines),
        cmocka_unit_test(test_opcode_classes),
        cmocka_unit_test(test_tma_skipped),
        cmocka_unit_test(test_generic_ld_st),
        cmocka_unit_test(test_empty_mask),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_warp_id_order),
        cmocka_unit_test(test_malformed_instructions),
        cmocka_unit_test(test_malformed_structure),
        cmocka_unit_test(test_malformed_header),
        cmocka_unit_test(test_bad_bytes_and_long_lines),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_fuzz),
        cmocka_unit_test(test_line_size_and_sectors),
        cmocka_unit_test(test_l1_skipping_loads_and_atomics),
        cmocka_unit_test(test_thread_blocks_round_robin),
        cmocka_unit_test(test_version_6),
        cmocka_unit_test(test_addr_bits),
        cmocka_unit_test(test_base_ids),
        cmocka_unit_test(test_base_ids_file_order),
        cmocka_unit_test(test_endless_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
