/* test_cm_l2: cmocka unit tests of the L2 slice model (cm_l2) and its row layout (lay_l2)
 * against hand-worked expectations for SPEC 3.2 and the L2 half of 3.5: victim bits per core
 * group (Sv = 1 and 2), cleared on allocation, left alone by writes; the hit flag; write-back
 * of dirty victims with the whole line, in issue order; write misses that fetch and merge;
 * stalls on a line with a fetch outstanding and on full MSHRs; merging of reads (l2.mshr_merge);
 * the owner application per line with CPU ports (SPEC 3.8); the write-back address under
 * xor and PRIC indexes; row packing in the RTL's layout and the storage of the presets.
 * Build: cc -std=c11 -I. cmodel/test_cm_l2.c build/libcmodel.a build/libcore.a -lyaml -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_cfg.h"

#include "cm_l2.h"
#include "cm_l2_pol.h"

/* Base geometry: 16-byte lines, 16-bit addresses (b = 4), an L2 of 2 sets x 2 ways, LRU,
 * 2 MSHRs, 4 cores. With the modulo index a line address L is in set L & 1 with tag L >> 1,
 * and T2 = 16 - 4 - 1 = 11. Lines A, B, C share set 0; D is in set 1. */
#define LINE_BYTES 16
#define LA 0x10u /* set 0, tag 8 */
#define LB 0x12u /* set 0, tag 9 */
#define LC 0x14u /* set 0, tag 10 */
#define LD 0x11u /* set 1, tag 8 */

/* ---- helpers --------------------------------------------------------------------------- */

static void base_cfg(cfg_t *c, const char *const *kv)
{
    static const char *const base[] = {"l1.sets", "2", "l1.ways", "2", "l1.line_bytes", "16",
                                       "l1.addr_bits", "16", "system.cores", "4", "l2.sets",
                                       "2", "l2.ways", "2", "l2.mshrs", "2", NULL};
    test_cfg(c, base, kv);
}

static cm_l2_t *model(const char *const *kv)
{
    cfg_t c;
    cm_l2_t *m = NULL;
    base_cfg(&c, kv);
    assert_int_equal(cm_l2_new(&c, &m), 0);
    assert_non_null(m);
    return m;
}

/* The line memory holds for line address L: byte i = (L + i) & 0xff. */
static void mem_line(bv_t *v, uint64_t line)
{
    bv_zero(v);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        bv_set_byte(v, i, (uint8_t)(line + i));
}

static void read(cm_l2_t *m, unsigned core, uint64_t line, uint32_t id, cm_l2_result_t *r)
{
    cm_l2_access(m, core, 0, line, NULL, NULL, id, r);
}

/* Write one byte `val` at byte `at` of `line`. */
static void write1(cm_l2_t *m, unsigned core, uint64_t line, unsigned at, uint8_t val,
                   cm_l2_result_t *r)
{
    bv_t be, wd;
    bv_zero(&be);
    bv_zero(&wd);
    bv_put(&be, at, 1, 1);
    bv_set_byte(&wd, at, val);
    cm_l2_access(m, core, 1, line, &be, &wd, 7, r);
}

/* Take the next memory request, which must be a read of `line`, and answer it at once. */
static void serve(cm_l2_t *m, uint64_t line, cm_l2_result_t *f)
{
    cm_l2_mem_t q;
    bv_t d;
    assert_int_equal(cm_l2_mem_pop(m, &q), 1);
    assert_int_equal(q.write, 0);
    assert_int_equal(q.line, line);
    mem_line(&d, line);
    cm_l2_fill(m, q.mshr, &d, f);
    assert_int_equal(f->kind, EVT_FILL);
    assert_int_equal(f->dec, DEC_FILL);
    assert_int_equal(f->mshr, q.mshr);
}

/* A read that misses and is served at once: returns the fill's victim bit. */
static unsigned read_miss(cm_l2_t *m, unsigned core, uint64_t line)
{
    cm_l2_result_t a, f;
    read(m, core, line, 1, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mem_read, 1);
    assert_int_equal(a.responds, 0);
    serve(m, line, &f);
    assert_int_equal(f.responds, 1);
    assert_int_equal(f.hit, 0);
    assert_int_equal(f.core, core);
    return f.vbit;
}

/* A read that must hit: returns its victim bit. */
static unsigned read_hit(cm_l2_t *m, unsigned core, uint64_t line)
{
    cm_l2_result_t a;
    read(m, core, line, 2, &a);
    assert_int_equal(a.kind, EVT_LOOKUP);
    assert_int_equal(a.dec, DEC_LD_HIT);
    assert_int_equal(a.hit, 1);
    assert_int_equal(a.responds, 1);
    assert_int_equal(a.core, core);
    return a.vbit;
}

static const lay_l2_way_t *way_of(const cm_l2_t *m, uint64_t line)
{
    unsigned set = cm_l2_index(m, line);
    for (unsigned w = 0; w < m->lay.ways; w++)
        if (m->rows[set].way[w].valid && m->rows[set].way[w].tag == lay_l2_tag(&m->lay, line))
            return &m->rows[set].way[w];
    fail_msg("line 0x%llx is not in the L2", (unsigned long long)line);
    return NULL;
}

/* ---- layout ------------------------------------------------------------------------------ */

/* Base, LRU: per way valid(1) dirty(1) tag(11) repl(1 = log2 2) vbits(4): stride 18, row 36.
 * Way 1's fields start at 18: valid 18, dirty 19, tag 20..30, repl 31, vbits 32..35. */
static void test_layout_fields(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    const lay_l2_t *l = &m->lay;
    assert_int_equal(l->tag_bits, 11);
    assert_int_equal(l->repl_bits, 1);
    assert_int_equal(l->vbits, 4);
    assert_int_equal(l->way_stride, 18);
    assert_int_equal(l->row_bits, 36);
    static const char *const names[] = {"w0.valid", "w0.dirty", "w0.tag", "w0.repl", "w0.vbits",
                                        "w1.valid", "w1.dirty", "w1.tag", "w1.repl", "w1.vbits"};
    static const unsigned lsbs[] = {0, 1, 2, 13, 14, 18, 19, 20, 31, 32};
    static const unsigned widths[] = {1, 1, 11, 1, 4, 1, 1, 11, 1, 4};
    char name[32];
    unsigned lsb, width, i;
    for (i = 0; lay_l2_field(l, i, name, sizeof name, &lsb, &width) == 0; i++) {
        assert_true(i < 10);
        assert_string_equal(name, names[i]);
        assert_int_equal(lsb, lsbs[i]);
        assert_int_equal(width, widths[i]);
    }
    assert_int_equal(i, 10);

    /* Pack one row and read the bits back where the fields say they are. */
    lay_l2_row_t r, back;
    memset(&r, 0, sizeof r);
    r.way[1].valid = 1;
    r.way[1].dirty = 1;
    r.way[1].tag = 0x5a5;
    r.way[1].repl = 1;
    r.way[1].vbits = 0x9;
    bv_t v;
    lay_l2_pack(l, &r, &v);
    assert_int_equal(bv_get(&v, 0, 18), 0);
    assert_int_equal(bv_get(&v, 18, 1), 1);
    assert_int_equal(bv_get(&v, 19, 1), 1);
    assert_int_equal(bv_get(&v, 20, 11), 0x5a5);
    assert_int_equal(bv_get(&v, 31, 1), 1);
    assert_int_equal(bv_get(&v, 32, 4), 0x9);
    lay_l2_unpack(l, &v, &back);
    assert_memory_equal(&back.way[1], &r.way[1], sizeof r.way[1]);
    cm_l2_free(m);
}

/* Direct mapped: no repl field, fields valid dirty tag vbits; Sv = 2 halves the victim bits. */
static void test_layout_dm_shared(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.ways", "1", "l2.victim_share", "2", NULL};
    cm_l2_t *m = model(kv);
    const lay_l2_t *l = &m->lay;
    assert_int_equal(l->repl_bits, 0);
    assert_int_equal(l->vbits, 2);
    assert_int_equal(l->row_bits, 1 + 1 + 11 + 2);
    char name[32];
    unsigned lsb, width;
    assert_int_equal(lay_l2_field(l, 3, name, sizeof name, &lsb, &width), 0);
    assert_string_equal(name, "w0.vbits");
    assert_int_equal(lsb, 13);
    assert_int_equal(width, 2);
    assert_int_equal(lay_l2_field(l, 4, name, sizeof name, &lsb, &width), -1);
    cm_l2_free(m);
}

/* Paper 000 sec. 4.3: P = 16 L1s over a 512-set 16-way L2 hold 16 x 512 x 16 = 131,072
 * victim bits (16 KB). Row: T2 = 32 - 7 - 9 = 16, 2-bit RRPV, 16 victim bits: 2+16+2+16 = 36
 * per way, 576 per set. gcache-system: 4 cores, 64 sets: 64 x 16 x 4 = 4,096. */
static void test_preset_storage(void **state)
{
    (void)state;
    char err[256];
    cfg_t c;
    lay_l2_t l;
    lay_l2_storage_t s;
    assert_int_equal(cfg_preset(&c, "gcache-l2-16core", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    lay_l2_build(&c, &l);
    lay_l2_storage(&c, &l, &s);
    assert_int_equal(s.victim_bits, 131072);
    assert_int_equal(l.way_stride, 36);
    assert_int_equal(s.meta_sram, 512ull * 576);
    assert_int_equal(s.data_sram, 512ull * 16 * 1024);
    assert_int_equal(cfg_preset(&c, "gcache-system", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    lay_l2_build(&c, &l);
    lay_l2_storage(&c, &l, &s);
    assert_int_equal(s.victim_bits, 4096);
    assert_int_equal(s.data_sram, 128ull * 1024 * 8); /* 128 KB */
}

/* ---- victim bits -------------------------------------------------------------------------- */

/* Sv = 1, 4 cores, one bit per core. Core 0 reads A: miss, new line, bit 0 returned, vbits
 * 0001. Core 0 again: hit, returns 1. Core 2: hit, returns its own bit 0, vbits 0101; core 2
 * again returns 1. Core 3 then 1: 0 each, vbits 1111. */
static void test_vbits_per_core(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    assert_int_equal(read_miss(m, 0, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x1);
    assert_int_equal(read_hit(m, 0, LA), 1);
    assert_int_equal(read_hit(m, 2, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x5);
    assert_int_equal(read_hit(m, 2, LA), 1);
    assert_int_equal(read_hit(m, 3, LA), 0);
    assert_int_equal(read_hit(m, 1, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0xf);
    assert_int_equal(m->cnt[L2CNT_READ_MISSES], 1);
    assert_int_equal(m->cnt[L2CNT_READ_HITS], 5);
    cm_l2_free(m);
}

/* Sv = 2: groups {0,1} (bit 0) and {2,3} (bit 1). Core 1 reads A (miss: 0, vbits 01); core 0
 * hits and sees 1, set by its group-mate; core 3 sees 0 (vbits 11), core 2 sees 1. */
static void test_vbits_shared(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.victim_share", "2", NULL};
    cm_l2_t *m = model(kv);
    assert_int_equal(m->lay.vbits, 2);
    assert_int_equal(read_miss(m, 1, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x1);
    assert_int_equal(read_hit(m, 0, LA), 1);
    assert_int_equal(read_hit(m, 3, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x3);
    assert_int_equal(read_hit(m, 2, LA), 1);
    cm_l2_free(m);
}

/* Writes leave victim bits alone. Core 0 reads A (vbits 0001); core 1 writes A (hit: dirty,
 * vbits still 0001, no response); core 1 then reads and still gets 0. */
static void test_writes_leave_vbits(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    cm_l2_result_t r;
    read_miss(m, 0, LA);
    write1(m, 1, LA, 3, 0xee, &r);
    assert_int_equal(r.dec, DEC_ST_HIT);
    assert_int_equal(r.responds, 0);
    assert_int_equal(r.store, 1);
    assert_int_equal(way_of(m, LA)->vbits, 0x1);
    assert_int_equal(way_of(m, LA)->dirty, 1);
    assert_int_equal(read_hit(m, 1, LA), 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x3);
    cm_l2_free(m);
}

/* A line allocated again starts clear. Set 0 has 2 ways, LRU: A (way 0), B (way 1), then C
 * evicts the older A. Core 0, which read A before, reads it again: a miss into a new line
 * (C was the newer of the two left, so B is evicted), victim bit 0. */
static void test_vbits_clear_on_allocation(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    cm_l2_result_t r;
    read_miss(m, 0, LA);
    assert_int_equal(read_hit(m, 0, LA), 1);
    read_miss(m, 0, LB);
    read(m, 0, LC, 3, &r);
    assert_int_equal(r.dec, DEC_LD_MISS);
    serve(m, LC, &r);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.evict_valid, 1);
    assert_int_equal(r.evict_tag, LA >> 1);
    assert_int_equal(r.evict_dirty, 0);
    assert_int_equal(r.mem_write, 0); /* clean: nothing written back */
    read(m, 0, LA, 4, &r);
    assert_int_equal(r.dec, DEC_LD_MISS);
    serve(m, LA, &r);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.evict_tag, LB >> 1);
    assert_int_equal(r.vbit, 0);
    assert_int_equal(way_of(m, LA)->vbits, 0x1);
    cm_l2_free(m);
}

/* ---- write-back, write-allocate ----------------------------------------------------------- */

/* Core 0 reads A (way 0); core 1 writes 0xaa into byte 0 of A (hit, dirty, A most recent);
 * B fills way 1. Then C misses (read C queued) and D misses in set 1 (read D queued); C's
 * fill evicts A, the LRU way, which is dirty: its write-back (line 0x10, memory's bytes with
 * byte 0 = 0xaa) is queued after both reads. */
static void test_dirty_writeback(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    cm_l2_result_t r, c, d;
    read_miss(m, 0, LA);
    write1(m, 1, LA, 0, 0xaa, &r);
    assert_int_equal(r.dec, DEC_ST_HIT);
    read_miss(m, 0, LB);
    read(m, 2, LC, 10, &c);
    read(m, 3, LD, 11, &d);
    assert_int_equal(c.dec, DEC_LD_MISS);
    assert_int_equal(d.dec, DEC_LD_MISS);
    assert_int_equal(c.mshr, 0);
    assert_int_equal(d.mshr, 1);
    bv_t line;
    mem_line(&line, LC);
    cm_l2_fill(m, c.mshr, &line, &r);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.evict_valid, 1);
    assert_int_equal(r.evict_dirty, 1);
    assert_int_equal(r.evict_tag, 8);
    assert_int_equal(r.mem_write, 1);
    assert_int_equal(r.id, 10);
    assert_int_equal(r.core, 2);
    assert_int_equal(m->cnt[L2CNT_WRITEBACKS], 1);
    cm_l2_mem_t q;
    assert_int_equal(cm_l2_mem_pop(m, &q), 1); /* issue order: C, D, then A's write-back */
    assert_int_equal(q.write, 0);
    assert_int_equal(q.line, LC);
    assert_int_equal(cm_l2_mem_pop(m, &q), 1);
    assert_int_equal(q.write, 0);
    assert_int_equal(q.line, LD);
    assert_int_equal(cm_l2_mem_pop(m, &q), 1);
    assert_int_equal(q.write, 1);
    assert_int_equal(q.line, LA);
    mem_line(&line, LA);
    bv_set_byte(&line, 0, 0xaa);
    assert_true(bv_eq(&q.data, &line, 8 * LINE_BYTES));
    assert_int_equal(cm_l2_mem_pop(m, &q), 0);
    cm_l2_free(m);
}

/* A write miss fetches and merges: core 1 writes bytes 4 and 5 of D; the MSHR holds them, a
 * read of D goes to memory; the fill installs memory's line with bytes 4 and 5 replaced,
 * dirty, victim bits 0, no response. A read from core 1 then hits, sees bit 0 and the merge. */
static void test_write_miss_merges(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    bv_t be, wd;
    bv_zero(&be);
    bv_zero(&wd);
    bv_put(&be, 4, 2, 3);
    bv_set_byte(&wd, 4, 0x44);
    bv_set_byte(&wd, 5, 0x55);
    bv_set_byte(&wd, 6, 0x66); /* not enabled: must not land */
    cm_l2_result_t r;
    cm_l2_access(m, 1, 1, LD, &be, &wd, 9, &r);
    assert_int_equal(r.dec, DEC_ST_MISS);
    assert_int_equal(r.mem_read, 1);
    assert_int_equal(m->mshr[r.mshr].store, 1);
    serve(m, LD, &r);
    assert_int_equal(r.store, 1);
    assert_int_equal(r.responds, 0);
    assert_int_equal(r.id, 9);
    assert_int_equal(way_of(m, LD)->dirty, 1);
    assert_int_equal(way_of(m, LD)->vbits, 0);
    assert_int_equal(m->cnt[L2CNT_WRITE_MISSES], 1);
    cm_l2_result_t h;
    read(m, 1, LD, 5, &h);
    assert_int_equal(h.dec, DEC_LD_HIT);
    assert_int_equal(h.vbit, 0);
    bv_t want;
    mem_line(&want, LD);
    bv_set_byte(&want, 4, 0x44);
    bv_set_byte(&want, 5, 0x55);
    assert_true(bv_eq(&h.data, &want, 8 * LINE_BYTES));
    cm_l2_free(m);
}

/* ---- stalls ------------------------------------------------------------------------------- */

/* While A's fetch is outstanding, a read or write of A from any core stalls and changes
 * nothing; B (same set, other line) is served meanwhile. With both MSHRs busy (A, B), a miss
 * to C stalls on MSHRs while a hit to D (filled before) is still served. Fills out of order. */
static void test_stalls(void **state)
{
    (void)state;
    cm_l2_t *m = model(NULL);
    cm_l2_result_t a, r;
    read_miss(m, 0, LD);
    read(m, 0, LA, 1, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    bv_t row_before;
    cm_l2_row(m, 0, &row_before);
    uint64_t acc = m->cnt[L2CNT_ACCESSES];
    read(m, 1, LA, 2, &r);
    assert_int_equal(r.kind, EVT_STALL);
    assert_int_equal(r.dec, DEC_STALL_LINE);
    assert_int_equal(r.responds, 0);
    write1(m, 2, LA, 0, 1, &r);
    assert_int_equal(r.kind, EVT_STALL);
    assert_int_equal(r.dec, DEC_STALL_LINE);
    bv_t row_after;
    cm_l2_row(m, 0, &row_after);
    assert_true(bv_eq(&row_before, &row_after, m->lay.row_bits));
    assert_int_equal(m->cnt[L2CNT_ACCESSES], acc);

    cm_l2_result_t b;
    read(m, 3, LB, 3, &b);
    assert_int_equal(b.dec, DEC_LD_MISS);
    assert_int_equal(b.mshr, 1);
    read(m, 0, LC, 4, &r);
    assert_int_equal(r.kind, EVT_STALL);
    assert_int_equal(r.dec, DEC_STALL_MSHR);
    assert_int_equal(read_hit(m, 0, LD), 1);
    /* B returns before A: B takes way 0 (lowest invalid), A way 1 */
    cm_l2_mem_t q1, q2;
    assert_int_equal(cm_l2_mem_pop(m, &q1), 1);
    assert_int_equal(cm_l2_mem_pop(m, &q2), 1);
    assert_int_equal(q1.line, LA);
    assert_int_equal(q2.line, LB);
    bv_t line;
    mem_line(&line, LB);
    cm_l2_fill(m, q2.mshr, &line, &r);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.core, 3);
    assert_int_equal(r.id, 3);
    assert_true(bv_eq(&r.data, &line, 8 * LINE_BYTES));
    mem_line(&line, LA);
    cm_l2_fill(m, q1.mshr, &line, &r);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.core, 0);
    assert_int_equal(read_hit(m, 1, LA), 0);
    cm_l2_free(m);
}

/* Merging (l2.mshr_merge = 2): reads of A from cores 1 and 2 join core 0's fetch (counted as
 * accesses and merged, the row untouched); the third joiner and a write stall; a read of B,
 * whose fetch serves a write, stalls. The fill answers core 0, then cores 1 and 2 in order,
 * each with the line and hit 0; only core 0's victim bit is set. */
/* FG-CB's no_allocate (sacat): a no-allocate read of LA that misses fetches it and is answered
 * (with its waiter) from the fetched line, hit 0, DEC_FILL_BYPASS, the row unchanged, no fill
 * counted; so reading LA again misses. A no-allocate read of a line present (LB, installed by
 * a plain read) hits as any read. */
static void test_noalloc(void **state)
{
    (void)state;
    static const char *kv[] = {"l2.mshr_merge", "1", NULL};
    cm_l2_t *m = model(kv);
    cm_l2_result_t a, r, f;
    bv_t row_before, row_after, d;
    cm_l2_row(m, 0, &row_before);
    cm_l2_access_noalloc(m, 0, 0, LA, NULL, NULL, 10, 0, 1, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    read(m, 1, LA, 11, &r);
    assert_int_equal(r.dec, DEC_LD_MERGE);
    cm_l2_mem_t q;
    assert_int_equal(cm_l2_mem_pop(m, &q), 1);
    mem_line(&d, LA);
    cm_l2_fill(m, q.mshr, &d, &f);
    assert_int_equal(f.dec, DEC_FILL_BYPASS);
    assert_int_equal(f.responds, 1);
    assert_int_equal(f.hit, 0);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(f.nwait, 1);
    assert_int_equal(f.wait_id[0], 11);
    assert_true(bv_eq(&f.data, &d, LINE_BYTES * 8));
    cm_l2_row(m, 0, &row_after);
    assert_true(bv_eq(&row_before, &row_after, m->lay.row_bits));
    assert_int_equal(m->cnt[L2CNT_FILLS], 0);
    assert_int_equal(cm_l2_mem_pop(m, &q), 0); /* nothing written back */
    read(m, 0, LA, 12, &r);
    assert_int_equal(r.dec, DEC_LD_MISS);
    serve(m, LA, &f); /* a plain read installs it */
    read(m, 0, LB, 13, &r);
    serve(m, LB, &f);
    cm_l2_access_noalloc(m, 1, 0, LB, NULL, NULL, 14, 0, 1, &r);
    assert_int_equal(r.dec, DEC_LD_HIT);
    assert_int_equal(r.hit, 1);
    assert_int_equal(r.responds, 1);
    cm_l2_free(m);
}

static void test_merging(void **state)
{
    (void)state;
    static const char *kv[] = {"l2.mshr_merge", "2", NULL};
    cm_l2_t *m = model(kv);
    cm_l2_result_t a, r;
    read(m, 0, LA, 10, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    bv_t row_before;
    cm_l2_row(m, 0, &row_before);
    read(m, 1, LA, 11, &r);
    assert_int_equal(r.kind, EVT_LOOKUP);
    assert_int_equal(r.dec, DEC_LD_MERGE);
    assert_int_equal(r.mshr, a.mshr);
    assert_int_equal(r.responds, 0);
    read(m, 2, LA, 12, &r);
    assert_int_equal(r.dec, DEC_LD_MERGE);
    read(m, 3, LA, 13, &r);
    assert_int_equal(r.kind, EVT_STALL);
    assert_int_equal(r.dec, DEC_STALL_LINE);
    write1(m, 3, LA, 0, 9, &r);
    assert_int_equal(r.dec, DEC_STALL_LINE);
    write1(m, 3, LB, 0, 9, &r);
    assert_int_equal(r.dec, DEC_ST_MISS);
    read(m, 1, LB, 14, &r);
    assert_int_equal(r.dec, DEC_STALL_LINE);
    bv_t row_after;
    cm_l2_row(m, 0, &row_after);
    assert_true(bv_eq(&row_before, &row_after, m->lay.row_bits));
    assert_int_equal(m->cnt[L2CNT_ACCESSES], 4);
    assert_int_equal(m->cnt[L2CNT_MERGED], 2);
    assert_int_equal(m->cnt[L2CNT_READ_MISSES], 1);
    serve(m, LA, &r);
    assert_int_equal(r.core, 0);
    assert_int_equal(r.id, 10);
    assert_int_equal(r.nwait, 2);
    assert_int_equal(r.wait_core[0], 1);
    assert_int_equal(r.wait_id[0], 11);
    assert_int_equal(r.wait_core[1], 2);
    assert_int_equal(r.wait_id[1], 12);
    assert_int_equal(r.hit, 0);
    assert_int_equal(way_of(m, LA)->vbits, 1); /* core 0's group only */
    assert_int_equal(m->mshr[a.mshr].nwait, 0);
    serve(m, LB, &r);
    assert_int_equal(r.nwait, 0);
    cm_l2_free(m);
}

/* ---- index functions: the write-back address ---------------------------------------------- */

/* Under xor and PRIC the set is not the low line bits, so the write-back address is rebuilt
 * from (tag, set). 4 sets, 1 way: a write miss installs line X dirty; a read of the next line
 * Y above X in the same set evicts it, and the write-back must name X exactly (12-bit line
 * addresses, so every X and Y stays below 0x1000). */
static void writeback_address(const char *index)
{
    static const char *kv[] = {"l2.sets", "4", "l2.ways", "1", "l2.index", NULL, NULL};
    kv[5] = index;
    cm_l2_t *m = model(kv);
    const uint64_t xs[] = {0x21, 0x3a5, 0xe77, 0x400};
    for (unsigned k = 0; k < 4; k++) {
        uint64_t x = xs[k], y = x + 1;
        while (cm_l2_index(m, y) != cm_l2_index(m, x))
            y++;
        cm_l2_result_t r;
        write1(m, 0, x, 1, 0x5c, &r);
        assert_int_equal(r.dec, DEC_ST_MISS);
        serve(m, x, &r);
        read(m, 0, y, 1, &r);
        assert_int_equal(r.dec, DEC_LD_MISS);
        serve(m, y, &r);
        assert_int_equal(r.evict_dirty, 1);
        cm_l2_mem_t q;
        assert_int_equal(cm_l2_mem_pop(m, &q), 1);
        assert_int_equal(q.write, 1);
        assert_int_equal(q.line, x);
        assert_int_equal(bv_byte(&q.data, 1), 0x5c);
    }
    cm_l2_free(m);
}

static void test_writeback_address_xor(void **state)
{
    (void)state;
    writeback_address("xor");
}

static void test_writeback_address_pric(void **state)
{
    (void)state;
    writeback_address("pric");
}

/* ---- SRRIP in the L2 ---------------------------------------------------------------------- */

/* 2-bit RRPV, 2 ways: A and B insert at 2; a read hit on A sets 0. C's fill ages the set by 1
 * (B reaches 3; A becomes 1) and replaces B; C inserts at 2. Row: w0 = A rrpv 1, w1 = C rrpv 2. */
static void test_srrip(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.replacement", "srrip", NULL};
    cm_l2_t *m = model(kv);
    cm_l2_result_t r;
    read_miss(m, 0, LA);
    read_miss(m, 0, LB);
    assert_int_equal(m->rows[0].way[0].repl, 2);
    assert_int_equal(m->rows[0].way[1].repl, 2);
    read_hit(m, 0, LA);
    assert_int_equal(m->rows[0].way[0].repl, 0);
    read(m, 0, LC, 1, &r);
    serve(m, LC, &r);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.aged, 1);
    assert_int_equal(r.evict_tag, LB >> 1);
    assert_int_equal(m->rows[0].way[0].repl, 1);
    assert_int_equal(m->rows[0].way[1].repl, 2);
    /* the packed row, by field: w0 valid, clean, tag 8, rrpv 1, vbits 0001 (core 0) */
    bv_t v;
    cm_l2_row(m, 0, &v);
    assert_int_equal(bv_get(&v, lay_l2_tag_lsb(&m->lay, 0), 11), 8);
    assert_int_equal(bv_get(&v, lay_l2_repl_lsb(&m->lay, 0), 2), 1);
    assert_int_equal(bv_get(&v, lay_l2_vbits_lsb(&m->lay, 0), 4), 0x1);
    assert_int_equal(bv_get(&v, lay_l2_tag_lsb(&m->lay, 1), 11), 10);
    cm_l2_free(m);
}

/* Tree-PLRU in the L2 (l2.replacement = plru), 4 ways: 3 node bits a set after the ways, no bits
 * a way. Fills into ways 0..3 leave the nodes 011, 001, 100, 000 (a touch points each node on
 * the way's path away from it); a hit on way 0 makes them 011, so the victim walks right, then
 * left: way 2 (tag 10), where true LRU would take way 1 (tag 9); its fill leaves 110. */
static void test_plru(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.ways", "4", "l2.replacement", "plru", NULL};
    cm_l2_t *m = model(kv);
    cm_l2_result_t r;
    assert_int_equal(m->lay.repl_bits, 0);
    assert_int_equal(m->lay.state_bits, 3);
    assert_int_equal(m->lay.state_lsb, 4 * m->lay.way_stride);
    assert_int_equal(m->lay.row_bits, 4 * m->lay.way_stride + 3);
    static const unsigned after_fill[] = {3, 1, 4, 0};
    for (unsigned w = 0; w < 4; w++) {
        read_miss(m, 0, LA + 2 * w); /* tags 8..11 into ways 0..3 */
        assert_int_equal(m->rows[0].state, after_fill[w]);
    }
    read_hit(m, 0, LA);
    assert_int_equal(m->rows[0].state, 3);
    read(m, 0, LA + 8, 1, &r); /* tag 12 */
    serve(m, LA + 8, &r);
    assert_int_equal(r.way, 2);
    assert_int_equal(r.evict_tag, 10);
    assert_int_equal(r.aged, 0);
    assert_int_equal(m->rows[0].state, 6);
    bv_t v;
    cm_l2_row(m, 0, &v);
    assert_int_equal(bv_get(&v, m->lay.state_lsb, 3), 6);
    assert_int_equal(bv_get(&v, lay_l2_tag_lsb(&m->lay, 2), m->lay.tag_bits), 12);
    char name[32];
    unsigned lsb, width, n = 0;
    while (lay_l2_field(&m->lay, n, name, sizeof name, &lsb, &width) == 0)
        n++;
    assert_int_equal(lay_l2_field(&m->lay, n - 1, name, sizeof name, &lsb, &width), 0);
    assert_string_equal(name, "repl_set");
    assert_int_equal(lsb, m->lay.state_lsb);
    assert_int_equal(width, 3);
    cm_l2_free(m);
}

/* FIFO in the L2 (l2.replacement = fifo), 4 ways: LRU's ages (reset way w at age w) renewed by
 * fills only. Fills into ways 0..3 leave ages 3 2 1 0; a hit on way 0 changes nothing, so the
 * next fill evicts way 0 (tag 8), where LRU would take way 1; then ages 0 3 2 1. */
static void test_fifo(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.ways", "4", "l2.replacement", "fifo", NULL};
    cm_l2_t *m = model(kv);
    cm_l2_result_t r;
    assert_int_equal(m->lay.repl_bits, 2);
    assert_int_equal(m->lay.state_bits, 0);
    for (unsigned w = 0; w < 4; w++)
        read_miss(m, 0, LA + 2 * w);
    static const unsigned ages[] = {3, 2, 1, 0}, ages_after[] = {0, 3, 2, 1};
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].repl, ages[w]);
    read_hit(m, 0, LA);
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].repl, ages[w]);
    read(m, 0, LA + 8, 1, &r);
    serve(m, LA + 8, &r);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.evict_tag, 8);
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].repl, ages_after[w]);
    cm_l2_free(m);
}

/* DRRIP (SPEC 3.8, the GPU alone): 8 sets, L = 2, so S = 4: sets 0 and 4 are the SRRIP
 * leaders, 1 and 5 the BRRIP leaders, 2, 3, 6, 7 follow; a 2-bit PSEL resets to 2 (top bit 1:
 * followers use BRRIP); RRPVs of 2 bits: SRRIP inserts at 2, BRRIP at 3 but on its 32nd. */
static unsigned drrip_fill_rrpv(cm_l2_t *m, uint64_t line)
{
    read_miss(m, 0, line);
    return way_of(m, line)->repl;
}

/* CPU ports (SPEC 3.8): 4 L1s (core ids 0..3, the GPU's app 2) and 2 CPU ports (core ids 4
 * and 5, apps 0 and 1). Owner: log2(3) = 2 bits after the victim bits, stride 18 + 2 = 20. A
 * fill writes the requester's app; a hit leaves it; a CPU read returns victim bit 0 and sets
 * none; the GPU's fill that evicts a CPU line makes the GPU the owner. */
static void test_cpu_owner(void **state)
{
    (void)state;
    static const char *const kv[] = {"system.cpu_cores", "2", NULL};
    cm_l2_t *m = model(kv);
    const lay_l2_t *l = &m->lay;
    assert_int_equal(l->obits, 2);
    assert_int_equal(l->way_stride, 20);
    char name[32];
    unsigned lsb, width;
    assert_int_equal(lay_l2_field(l, 5, name, sizeof name, &lsb, &width), 0);
    assert_string_equal(name, "w0.owner");
    assert_int_equal(lsb, 18);
    assert_int_equal(width, 2);
    assert_int_equal(lay_l2_field(l, 11, name, sizeof name, &lsb, &width), 0);
    assert_string_equal(name, "w1.owner");
    assert_int_equal(lsb, 38);
    assert_int_equal(read_miss(m, 5, LA), 0);  /* CPU port 1: app 1 */
    assert_int_equal(way_of(m, LA)->owner, 1);
    assert_int_equal(way_of(m, LA)->vbits, 0); /* no victim-bit group */
    assert_int_equal(read_hit(m, 4, LA), 0);   /* CPU port 0 hits: owner kept, no bit set */
    assert_int_equal(way_of(m, LA)->owner, 1);
    assert_int_equal(way_of(m, LA)->vbits, 0);
    assert_int_equal(read_hit(m, 2, LA), 0);   /* an L1 sets its own bit only */
    assert_int_equal(way_of(m, LA)->vbits, 0x4);
    assert_int_equal(way_of(m, LA)->owner, 1);
    cm_l2_result_t r;
    write1(m, 4, LB, 0, 0x5a, &r);             /* CPU port 0's write miss: app 0 */
    assert_int_equal(r.dec, DEC_ST_MISS);
    serve(m, LB, &r);
    assert_int_equal(way_of(m, LB)->owner, 0);
    assert_int_equal(read_miss(m, 0, LC), 0);  /* the GPU evicts LRU line LA (app 1) */
    assert_int_equal(way_of(m, LC)->owner, 2);
    bv_t row;
    cm_l2_row(m, 0, &row);                     /* LC in way 0 (LA's), LB in way 1 */
    assert_int_equal(bv_get(&row, 18, 2), 2);
    assert_int_equal(bv_get(&row, 38, 2), 0);
    cm_l2_free(m);
}

/* TAP-RRIP (SPEC 3.8): 4 GPU cores (core ids 0..3, app 2; core 0 Core-POL1, core 1 Core-POL2)
 * and 2 CPU ports (core ids 4, 5: apps 0, 1), 8 sets x 2 ways, L = 1 (S = 8: set 2k is app
 * k's SRRIP leader, 2k + 1 its BRRIP leader, sets 6 and 7 follow for every app), 2-bit PSELs
 * (reset 2: followers use BRRIP), 2-bit RRPVs, tap.period 12, alpha 5, T_xs 10. Line (tag t,
 * set s) = t * 8 + s.
 * Cycle 0: GPU core 2 misses 0x0d (set 5, its BRRIP leader): RRPV 3, PSEL_2 2 -> 1, BRRIP
 *   insertion 1; POL1 and POL2 retire 3 each. Cycles 1..10: nothing.
 * Cycle 11 (the period's last): CPU port 0 misses 0x0b (set 3, a follower of app 0, PSEL_0 2:
 *   BRRIP, RRPV 3, insertion 2). The controller counts an access a cycle after its event, so
 *   this one belongs to the next period: the period has I1 = I2 = 3 (not friendly: 0 > 15?
 *   no), a_GPU 1, a_CPU 0 (counts as 1): r = 1 < 10, XSRATIO 1; RRIP-Mask 1, UCP-Mask 1.
 * Cycle 23 (= 11 + 12) lands it: no tick before, the mask 0 until that call, 1 after.
 * With the mask:
 *   GPU core 2 misses 0x0e (set 6, a follower; PSEL_2 = 1 says SRRIP, 2): forced BRRIP, 3,
 *     insertion 3; GPU core 2 misses 0x0c (set 4, its SRRIP leader): the leader keeps SRRIP,
 *     2, PSEL_2 1 -> 2.
 *   POL1 misses 0x0f (set 7): 3; POL2 misses 0x17 (set 7): 0; neither counts (still 3).
 *   GPU core 3 hits 0x0e: kept at 3; CPU port 0 hits 0x0b: promoted to 0.
 *   Set 2 (app 1's SRRIP leader): CPU port 0 misses 0x0a: BRRIP, 3 (way 0, insertion 4); GPU
 *   core 2 misses 0x12: forced BRRIP, 3 (way 1, insertion 5); CPU port 1 misses 0x1a: both
 *   ways at 3, the GPU's way 1 goes first (passing over way 0), and app 1's SRRIP leader
 *   inserts at 2 (PSEL_1 2 -> 3). */
static cm_l2_result_t tap_read_miss(cm_l2_t *m, unsigned core, uint64_t line)
{
    cm_l2_result_t a, f;
    read(m, core, line, 1, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    serve(m, line, &f);
    return f;
}

static void test_tap_rrip(void **state)
{
    (void)state;
    static const char *const kv[] = {"system.cpu_cores", "2", "l2.sets", "8", "l2.replacement",
                                     "tap_rrip", "l2.duel_leaders", "1", "l2.psel_bits", "2",
                                     "tap.period", "12", NULL};
    cm_l2_t *m = model(kv);
    assert_non_null(cm_l2_tap_of(m));
    static const uint32_t r33[4] = {3, 3, 0, 0};
    cm_l2_result_t f = tap_read_miss(m, 2, 0x0d);
    assert_int_equal(way_of(m, 0x0d)->repl, 3);
    assert_int_equal(cm_l2_drrip_of(m)->psel[2], 1);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 1);
    cm_l2_cycle_end(m, r33);
    for (unsigned c = 1; c < 23; c++) {
        if (c == 11) {
            f = tap_read_miss(m, 4, 0x0b);
            assert_int_equal(way_of(m, 0x0b)->repl, 3);
            assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 2);
        }
        cm_l2_cycle_end(m, NULL);
        assert_int_equal(cm_l2_tap_of(m)->ticked, 0);
        assert_int_equal(cm_l2_tap_of(m)->tap.rrip_mask, 0);
    }
    cm_l2_cycle_end(m, NULL); /* cycle 23 */
    assert_int_equal(cm_l2_tap_of(m)->ticked, 1);
    const cm_tap_tick_t *k = &cm_l2_tap_of(m)->tick;
    assert_int_equal(k->i1, 3);
    assert_int_equal(k->i2, 3);
    assert_int_equal(k->a_gpu, 1);
    assert_int_equal(k->a_cpu, 0);
    assert_int_equal(k->friendly, 0);
    assert_int_equal(k->ratio, 1);
    assert_int_equal(k->xsratio, 1);
    assert_int_equal(k->rrip_mask, 1);
    assert_int_equal(k->ucp_mask, 1);
    assert_int_equal(cm_l2_tap_of(m)->tap.rrip_mask, 1);

    f = tap_read_miss(m, 2, 0x0e);
    assert_int_equal(f.pol.tap_ins, CM_TAP_INS_MASK);
    assert_int_equal(way_of(m, 0x0e)->repl, 3);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 3);
    f = tap_read_miss(m, 2, 0x0c);
    assert_int_equal(f.pol.tap_ins, CM_TAP_INS_DRRIP);
    assert_int_equal(way_of(m, 0x0c)->repl, 2);
    assert_int_equal(cm_l2_drrip_of(m)->psel[2], 2);
    f = tap_read_miss(m, 0, 0x0f);
    assert_int_equal(f.pol.tap_ins, CM_TAP_INS_POL1);
    assert_int_equal(way_of(m, 0x0f)->repl, 3);
    f = tap_read_miss(m, 1, 0x17);
    assert_int_equal(f.pol.tap_ins, CM_TAP_INS_POL2);
    assert_int_equal(way_of(m, 0x17)->repl, 0);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 3);
    read_hit(m, 3, 0x0e);
    assert_int_equal(way_of(m, 0x0e)->repl, 3);
    read_hit(m, 4, 0x0b);
    assert_int_equal(way_of(m, 0x0b)->repl, 0);

    tap_read_miss(m, 4, 0x0a);
    tap_read_miss(m, 2, 0x12);
    assert_int_equal(m->rows[2].way[0].repl, 3);
    assert_int_equal(m->rows[2].way[1].repl, 3);
    assert_int_equal(m->rows[2].way[1].owner, 2);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 5);
    f = tap_read_miss(m, 5, 0x1a);
    assert_int_equal(f.way, 1);
    assert_int_equal(f.pol.tap_gpu_first, 1);
    assert_int_equal(f.evict_tag, lay_l2_tag(&m->lay, 0x12));
    assert_int_equal(way_of(m, 0x1a)->repl, 2);
    assert_int_equal(cm_l2_drrip_of(m)->psel[1], 3);
    cm_l2_free(m);
}

static void test_drrip(void **state)
{
    (void)state;
    static const char *const kv[] = {"l2.sets", "8", "l2.replacement", "drrip",
                                     "l2.duel_leaders", "2", "l2.psel_bits", "2", NULL};
    cm_l2_t *m = model(kv);
    assert_non_null(cm_l2_drrip_of(m));
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 2);
    assert_int_equal(drrip_fill_rrpv(m, 0x10), 2); /* SRRIP leader: PSEL 3, SRRIP's 2 */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 3);
    assert_int_equal(drrip_fill_rrpv(m, 0x18), 2); /* saturated at 3 */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 3);
    read_hit(m, 0, 0x10);                          /* a hit moves nothing */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 3);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 0);       /* SRRIP fills do not count */
    assert_int_equal(drrip_fill_rrpv(m, 0x11), 3); /* BRRIP leader: PSEL 2, BRRIP's 3 */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 2);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 1);
    assert_int_equal(drrip_fill_rrpv(m, 0x12), 3); /* follower, top bit 1: BRRIP */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 2);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 2);
    cm_l2_result_t r;
    write1(m, 0, 0x19, 0, 0xaa, &r);               /* a write miss in the BRRIP leader */
    assert_int_equal(r.dec, DEC_ST_MISS);
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 1);
    serve(m, 0x19, &r);
    assert_int_equal(way_of(m, 0x19)->repl, 3);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 3);
    assert_int_equal(drrip_fill_rrpv(m, 0x13), 2); /* follower, top bit 0: SRRIP */
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 3);
    assert_int_equal(drrip_fill_rrpv(m, 0x21), 3); /* BRRIP leader: PSEL 0 */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 0);
    assert_int_equal(drrip_fill_rrpv(m, 0x29), 3); /* saturated at 0 */
    assert_int_equal(cm_l2_drrip_of(m)->psel[0], 0);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 5);
    /* BRRIP fills 6..31 at 3; the 32nd finds the counter at 31: 2, and it wraps to 0 */
    uint64_t line = 0x31;
    for (unsigned n = 6; n <= 31; n++, line += 8)
        assert_int_equal(drrip_fill_rrpv(m, line), 3);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 31);
    assert_int_equal(drrip_fill_rrpv(m, line), 2);
    assert_int_equal(cm_l2_drrip_of(m)->brrip_cnt, 0);
    assert_int_equal(drrip_fill_rrpv(m, line + 8), 3);
    cm_l2_free(m);
}

/* UCP (docs/tap.md): the reset allocation, the FSM's latency, one period by hand. */
static void test_ucp(void **state)
{
    (void)state;
    unsigned a[3];
    cm_l2_ucp_reset_alloc(16, 3, a); /* 16 / 3 = 5, the remainder 1 to app 0 */
    assert_int_equal(a[0], 6);
    assert_int_equal(a[1], 5);
    assert_int_equal(a[2], 5);
    /* 2 apps, 4 ways: rounds with 4 and then 3 ways left, 2 x (3 x 4 + 2) + 1 = 29 and
     * 2 x (3 x 3 + 2) + 1 = 23 cycles */
    const cm_ucp_step_t st[2] = {{0, 1, 5}, {1, 3, 2}};
    assert_int_equal(cm_l2_ucp_latency(2, 4, st, 2), 52);
    static const char *const kv[] = {"l2.sets", "8", "l2.ways", "4", "l2.replacement", "ucp",
                                     "l2.umon_sets", "8", "tap.period", "100",
                                     "system.cpu_cores", "1", NULL};
    cm_l2_t *m = model(kv);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[0], 2); /* CPU port 0 and the GPU (app 1): 2 ways each */
    assert_int_equal(cm_l2_ucp_of(m)->alloc[1], 2);
    cm_l2_result_t r;
    read(m, 0, 0x10, 0, &r); /* the GPU misses in set 0: its UMON misses */
    assert_int_equal(r.pol.umon, CM_UMON_MISS);
    serve(m, 0x10, &r);
    assert_int_equal(r.pol.umon, CM_UMON_UNSAMPLED); /* a fill is no UMON access */
    read(m, 0, 0x10, 1, &r); /* a hit at LRU position 0 */
    assert_int_equal(r.pol.umon, 0);
    /* counted the cycle after the access: the second cycle end (the RTL's ucp_pend_*_q) */
    assert_int_equal(cm_umon_hits(cm_l2_ucp_of(m)->umon, 1, 0), 0);
    for (unsigned c = 0; c < 99; c++) {
        cm_l2_cycle_end(m, NULL);
        assert_int_equal(cm_l2_ucp_of(m)->period_end, 0);
        assert_int_equal(cm_umon_hits(cm_l2_ucp_of(m)->umon, 1, 0), c > 0);
    }
    cm_l2_cycle_end(m, NULL); /* the 100th cycle: snapshot {0 0 0 0, 1 0 0 0}, halved to 0 */
    assert_int_equal(cm_l2_ucp_of(m)->period_end, 1);
    assert_int_equal(cm_l2_ucp_of(m)->snap[4], 1);
    assert_int_equal(cm_umon_hits(cm_l2_ucp_of(m)->umon, 1, 0), 0);
    /* lookahead: the GPU's way 1 (utility 1) first; then every utility is 0 and the lowest
     * app, CPU port 0, takes the 3 left one at a time: rounds with 4, 3, 2 and 1 ways left,
     * 29 + 23 + 17 + 11 = 80 cycles, the allocation applying in the 80th */
    for (unsigned c = 1; c < 80; c++) {
        cm_l2_cycle_end(m, NULL);
        assert_int_equal(cm_l2_ucp_of(m)->part, 0);
        assert_int_equal(cm_l2_ucp_of(m)->alloc[0], 2);
    }
    cm_l2_cycle_end(m, NULL);
    assert_int_equal(cm_l2_ucp_of(m)->part, 1);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[0], 3);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[1], 1);
    cm_l2_free(m);
}

/* tap_ucp by hand (docs/tap.md): 2 apps (CPU port 0, the GPU), 4 ways, 4-bit counters,
 * 100-cycle periods, T_xs 10. The period ends in call 99, its decision lands in call 111 and
 * the lookahead starts in call 112 with that decision's XSRATIO and UCP-Mask. */
static void test_tap_ucp(void **state)
{
    (void)state;
    /* the latency: UCP-Mask, rounds of 1 app over 3 ways (3 x 3 + 2 + 1 = 12); a division of
     * 4 counters x 4 bits (16) before rounds of 2 apps over 4 ways (2 x 14 + 1 = 29) */
    const cm_ucp_step_t m3[1] = {{0, 3, 0}}, d4[1] = {{0, 4, 0}};
    assert_int_equal(cm_l2_tap_ucp_latency(2, 4, 4, 1, 1, m3, 1), 12);
    assert_int_equal(cm_l2_tap_ucp_latency(2, 4, 4, 7, 1, m3, 1), 12); /* no division */
    assert_int_equal(cm_l2_tap_ucp_latency(2, 4, 4, 1, 0, d4, 1), 29);
    assert_int_equal(cm_l2_tap_ucp_latency(2, 4, 4, 7, 0, d4, 1), 16 + 29);
    static const char *const kv[] = {"l2.sets", "8", "l2.ways", "4", "l2.replacement", "tap_ucp",
                                     "l2.umon_sets", "8", "l2.umon_counter_bits", "4",
                                     "tap.period", "100", "system.cpu_cores", "1", NULL};
    /* (1) no access, no instruction: not cache-friendly, so UCP-Mask: the GPU 1 way, the CPU
     * port the 3 others one at a time (every utility 0): 12 + 9 + 6 = 27 cycles from call 112 */
    cm_l2_t *m = model(kv);
    assert_non_null(cm_l2_tap_ucp_of(m));
    assert_null(cm_l2_drrip_of(m));
    for (unsigned c = 0; c < 139; c++) {
        cm_l2_cycle_end(m, NULL);
        assert_int_equal(cm_l2_ucp_of(m)->period_end, c == 99);
        assert_int_equal(cm_l2_tap_of(m)->ticked, c == 111);
        assert_int_equal(cm_l2_ucp_of(m)->part, 0);
    }
    cm_l2_cycle_end(m, NULL); /* call 139 */
    assert_int_equal(cm_l2_ucp_of(m)->part, 1);
    assert_int_equal(cm_l2_tap_ucp_of(m)->masked, 1);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[0], 3);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[1], 1);
    cm_l2_free(m);
    /* (2) GPU core 2 misses line 0x10 then hits it 11 times (12 GPU accesses, no CPU one:
     * XSRATIO 12 >= T_xs); Core-POL1 retires 10 a cycle and Core-POL2 5 (cache-friendly, no
     * mask). The GPU's counter 11 at position 0 divides to 0, so the CPU port, lowest on the
     * ties, takes all 4 ways (undivided the GPU would take 1 first): 16 + 29 + 23 + 17 + 11 =
     * 96 cycles from the start, longer than 100-cycle periods (the next period end would cancel
     * it), so 200-cycle periods: the period ends in call 199, the decision lands in 211, the
     * allocation applies in call 212 + 96 = 308. */
    static const char *const kv2[] = {"l2.sets", "8", "l2.ways", "4", "l2.replacement",
                                      "tap_ucp", "l2.umon_sets", "8", "l2.umon_counter_bits", "4",
                                      "tap.period", "200", "system.cpu_cores", "1", NULL};
    m = model(kv2);
    static const uint32_t ret[4] = {10, 5, 0, 0};
    cm_l2_result_t r;
    read(m, 2, 0x10, 0, &r);
    assert_int_equal(r.dec, DEC_LD_MISS);
    serve(m, 0x10, &r);
    for (unsigned i = 0; i < 11; i++) {
        read(m, 2, 0x10, 0, &r);
        assert_int_equal(r.dec, DEC_LD_HIT);
    }
    for (unsigned c = 0; c < 308; c++) {
        cm_l2_cycle_end(m, c < 200 ? ret : NULL);
        assert_int_equal(cm_l2_ucp_of(m)->part, 0);
    }
    assert_int_equal(cm_l2_tap_of(m)->tap.xsratio, 12);
    assert_int_equal(cm_l2_tap_of(m)->tap.ucp_mask, 0);
    assert_int_equal(cm_l2_ucp_of(m)->snap[4], 11);
    cm_l2_cycle_end(m, NULL); /* call 308 */
    assert_int_equal(cm_l2_ucp_of(m)->part, 1);
    assert_int_equal(cm_l2_tap_ucp_of(m)->divided, 1);
    assert_int_equal(cm_l2_tap_ucp_of(m)->div_mattered, 1);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[0], 4);
    assert_int_equal(cm_l2_ucp_of(m)->alloc[1], 0);
    /* (3) Core-POL1's (GPU core 0) read miss is answered from the fetched line, not installed;
     * its write allocates */
    read(m, 0, 0x20, 0, &r);
    assert_int_equal(r.dec, DEC_LD_MISS);
    cm_l2_mem_t q;
    bv_t d;
    assert_int_equal(cm_l2_mem_pop(m, &q), 1);
    mem_line(&d, 0x20);
    cm_l2_fill(m, q.mshr, &d, &r);
    assert_int_equal(r.dec, DEC_FILL_BYPASS);
    read(m, 2, 0x20, 0, &r);
    assert_int_equal(r.dec, DEC_LD_MISS); /* not in the L2 */
    cm_l2_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_fields),
        cmocka_unit_test(test_layout_dm_shared),
        cmocka_unit_test(test_preset_storage),
        cmocka_unit_test(test_vbits_per_core),
        cmocka_unit_test(test_vbits_shared),
        cmocka_unit_test(test_writes_leave_vbits),
        cmocka_unit_test(test_vbits_clear_on_allocation),
        cmocka_unit_test(test_dirty_writeback),
        cmocka_unit_test(test_write_miss_merges),
        cmocka_unit_test(test_stalls),
        cmocka_unit_test(test_merging),
        cmocka_unit_test(test_noalloc),
        cmocka_unit_test(test_writeback_address_xor),
        cmocka_unit_test(test_writeback_address_pric),
        cmocka_unit_test(test_srrip),
        cmocka_unit_test(test_plru),
        cmocka_unit_test(test_fifo),
        cmocka_unit_test(test_drrip),
        cmocka_unit_test(test_tap_rrip),
        cmocka_unit_test(test_tap_ucp),
        cmocka_unit_test(test_cpu_owner),
        cmocka_unit_test(test_ucp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
