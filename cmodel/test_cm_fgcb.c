/* test_cm_fgcb: cmocka unit tests of FG-CB (cm_fgcb, SPEC 3.7, docs/sacat.md) against
 * hand-worked expectations on a tiny sacat L1: an entry allocated by a load's base id, the
 * L1 counts to N and both decisions (bypass at misses > M, keep at M), the decision applying
 * from the next load, a bypass-L1 load's hit served and its miss's fill not installed, a full
 * table, a merged load counting as a miss, the L2 counts from the fill's hit flag and
 * no_allocate on the reads after, the window closing (no allocation, no counts, decisions
 * kept) and kernel_start clearing the table, and the packed entry layout.
 * Build: see the Makefile's test_cm_fgcb rule. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_cfg.h"

#include "cm_l1_int.h"

/* 4 sets x 2 ways x 16-byte lines, 16-bit addresses (b = 4, m = 2), 4 MSHRs, LRU; FG-CB
 * with 2 entries, N = 4, M = 2, a 100-cycle window, 4-bit counters, 3-bit ids. The line of
 * tag t in set s starts at t<<6 | s<<4. */
#define ADDR(tag, set) (((uint64_t)(tag) << 6) | ((uint64_t)(set) << 4))

static cm_l1_t *model(const char *const *kv)
{
    static const char *const base[] = {
        "l1.sets", "4", "l1.ways", "2", "l1.line_bytes", "16", "l1.addr_bits", "16",
        "l1.mshrs", "4", "l1.replacement", "lru", "l1.mode", "sacat", "l1.mshr_merge", "2",
        "l1.fgcb_entries", "2", "l1.fgcb_id_bits", "3", "l1.fgcb_counter_bits", "4",
        "l1.fgcb_window", "100", "l1.fgcb_n", "4", "l1.fgcb_m", "2", "system.cores", "2",
        NULL};
    cfg_t c;
    cm_l1_t *m = NULL;
    test_cfg(&c, base, kv);
    assert_int_equal(cm_l1_new(&c, &m), 0);
    return m;
}

static void load(cm_l1_t *m, uint64_t addr, unsigned base, cm_result_t *r)
{
    cm_req_t q;
    memset(&q, 0, sizeof q);
    q.addr = addr;
    q.base = base;
    q.id = 1;
    cm_l1_access(m, &q, r);
}

static void fill(cm_l1_t *m, unsigned mshr, unsigned l2hit, cm_result_t *r)
{
    bv_t d;
    bv_zero(&d);
    cm_l1_fill_hint(m, mshr, &d, l2hit, r);
}

/* A load that misses (line `tag` of set 0) and fills with hit flag `l2hit`. */
static void miss_fill(cm_l1_t *m, unsigned tag, unsigned base, unsigned l2hit, cm_result_t *a,
                      cm_result_t *f)
{
    load(m, ADDR(tag, 0), base, a);
    assert_int_equal(a->dec, DEC_LD_MISS);
    fill(m, a->mshr, l2hit, f);
}

static void entry(const cm_result_t *r, unsigned idx, unsigned id, unsigned a1, unsigned m1,
                  unsigned a2, unsigned m2, unsigned b1, unsigned b2)
{
    assert_int_equal(r->mech.fg_write, 1);
    assert_int_equal(r->mech.fg_idx, idx);
    assert_int_equal(r->mech.fg_entry.valid, 1);
    assert_int_equal(r->mech.fg_entry.id, id);
    assert_int_equal(r->mech.fg_entry.l1_acc, a1);
    assert_int_equal(r->mech.fg_entry.l1_miss, m1);
    assert_int_equal(r->mech.fg_entry.l2_acc, a2);
    assert_int_equal(r->mech.fg_entry.l2_miss, m2);
    assert_int_equal(r->mech.fg_entry.byp_l1, b1);
    assert_int_equal(r->mech.fg_entry.byp_l2, b2);
}

/* Four misses of base 3: entry 0 counts 1/1 .. 4/4; the 4th decides bypass-L1 (4 > 2). The
 * 4th load itself is cached (its decision came before), the 5th is bypassed: its fill is not
 * installed, and loading its line again misses. */
static void test_decide_bypass_l1(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    for (unsigned k = 1; k <= 4; k++) {
        miss_fill(m, k, 3, 1, &a, &f);
        entry(&a, 0, 3, k, k, k - 1, 0, k == 4, 0); /* the 4th decides: 4 misses > 2 */
        assert_int_equal(a.mech.fg_paths & CM_FG_ALLOC, k == 1 ? CM_FG_ALLOC : 0);
        assert_int_equal(f.dec, DEC_FILL); /* cached */
    }
    assert_true(a.mech.fg_paths & CM_FG_DECIDE_L1_BYPASS);
    miss_fill(m, 9, 3, 1, &a, &f);
    assert_int_equal(a.mech.fg_write, 0); /* L1 counts stopped at N; only the fill counts L2 */
    assert_int_equal(f.dec, DEC_FILL_BYPASS);
    assert_int_equal(f.status, ST_BYPASS);
    assert_true(f.mech.fg_paths & CM_FG_BYPASSED_FILL);
    assert_int_equal(m->cnt[CNT_BYPASSES], 1);
    load(m, ADDR(9, 0), 3, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    cm_l1_free(m);
}

/* Two misses and two hits: misses = 2 = M, so the 4th access decides keep; a bypass-L1 load
 * that hits a cached line is served (base 1 decided bypass on other lines). */
static void test_decide_keep_and_bypassed_hit(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    miss_fill(m, 1, 2, 1, &a, &f);
    miss_fill(m, 2, 2, 1, &a, &f);
    load(m, ADDR(1, 0), 2, &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
    entry(&a, 0, 2, 3, 2, 2, 0, 0, 0);
    load(m, ADDR(2, 0), 2, &a);
    entry(&a, 0, 2, 4, 2, 2, 0, 0, 0);
    assert_true(a.mech.fg_paths & CM_FG_DECIDE_L1_KEEP);
    /* base 1: four misses on set 1 decide bypass; then it loads line 1 of set 0 (cached) */
    for (unsigned k = 1; k <= 4; k++) {
        load(m, ADDR(k, 1), 1, &a);
        fill(m, a.mshr, 1, &f);
    }
    load(m, ADDR(1, 0), 1, &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
    assert_int_equal(a.status, ST_HIT);
    assert_true(a.mech.fg_paths & CM_FG_BYPASSED_HIT);
    cm_l1_free(m);
}

/* Two entries: a third base id finds the table full and is untracked (no write, cached). */
static void test_table_full(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    miss_fill(m, 1, 5, 1, &a, &f);
    entry(&a, 0, 5, 1, 1, 0, 0, 0, 0);
    miss_fill(m, 2, 6, 1, &a, &f);
    entry(&a, 1, 6, 1, 1, 0, 0, 0, 0);
    miss_fill(m, 3, 7, 1, &a, &f);
    assert_int_equal(a.mech.fg_write, 0);
    assert_true(a.mech.fg_paths & CM_FG_TABLE_FULL);
    assert_int_equal(f.mech.fg_write, 0); /* untracked: its fill counts nothing */
    assert_int_equal(f.dec, DEC_FILL);
    cm_l1_free(m);
}

/* A load joining an outstanding read counts an L1 access and a miss, and no L2 access. */
static void test_join_counts_a_miss(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, j, f;
    load(m, ADDR(1, 0), 4, &a);
    load(m, ADDR(1, 0), 4, &j);
    assert_int_equal(j.dec, DEC_LD_MERGE);
    entry(&j, 0, 4, 2, 2, 0, 0, 0, 0);
    fill(m, a.mshr, 0, &f);
    entry(&f, 0, 4, 2, 2, 1, 1, 0, 0); /* one read: one L2 access, a miss (hit flag 0) */
    cm_l1_free(m);
}

/* L2 counts at the fills: hit flags 0, 0, 1, 0 -> 3 misses > 2 after 4 accesses: bypass-L2;
 * the next read carries no_allocate. With 1, 1, 0, 1: 1 miss, keep. */
static void test_l2_decisions(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    static const unsigned flags[4] = {0, 0, 1, 0};
    for (unsigned k = 0; k < 4; k++) {
        load(m, ADDR(k + 1, 2), 1, &a);
        assert_int_equal(a.noalloc, 0);
        fill(m, a.mshr, flags[k], &f);
    }
    entry(&f, 0, 1, 4, 4, 4, 3, 1, 1);
    assert_true(f.mech.fg_paths & CM_FG_DECIDE_L2_BYPASS);
    load(m, ADDR(7, 3), 1, &a);
    assert_int_equal(a.noalloc, 1);
    assert_true(a.mech.fg_paths & CM_FG_NOALLOC_READ);
    fill(m, a.mshr, 0, &f);
    assert_int_equal(f.mech.fg_write, 0); /* L2 counts stopped at N */
    static const unsigned keep[4] = {1, 1, 0, 1};
    for (unsigned k = 0; k < 4; k++) {
        load(m, ADDR(k + 1, 1), 2, &a);
        fill(m, a.mshr, keep[k], &f);
    }
    entry(&f, 1, 2, 4, 4, 4, 1, 1, 0);
    assert_true(f.mech.fg_paths & CM_FG_DECIDE_L2_KEEP);
    cm_l1_free(m);
}

/* After 100 cycle ends the window is closed: an undecided entry is reported, new ids take no
 * entry, counts stop, decisions stay; kernel_start clears the table and opens the window. */
static void test_window_and_kernel_start(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    for (unsigned k = 1; k <= 4; k++)
        miss_fill(m, k, 3, 1, &a, &f); /* base 3 decides bypass-L1 */
    miss_fill(m, 5, 4, 1, &a, &f);     /* base 4: one access */
    uint32_t paths = 0;
    for (unsigned c = 0; c < 99; c++)
        paths |= cm_l1_cycle_end(m, 0);
    assert_int_equal(paths, 0);
    assert_int_equal(cm_l1_cycle_end(m, 0), CM_FG_WINDOW_UNDECIDED);
    miss_fill(m, 6, 4, 1, &a, &f);
    assert_int_equal(a.mech.fg_write, 0); /* no count outside the window */
    assert_int_equal(f.mech.fg_write, 0);
    miss_fill(m, 7, 5, 1, &a, &f);
    assert_int_equal(a.mech.fg_paths & (CM_FG_ALLOC | CM_FG_TABLE_FULL), 0); /* no allocation */
    miss_fill(m, 8, 3, 1, &a, &f);
    assert_int_equal(f.dec, DEC_FILL_BYPASS); /* the decision holds */
    assert_int_equal(cm_l1_cycle_end(m, 1), CM_FG_KERNEL_CLEAR);
    assert_int_equal(cm_l1_cycle_end(m, 1), 0); /* already empty */
    miss_fill(m, 9, 3, 1, &a, &f);
    entry(&a, 0, 3, 1, 1, 0, 0, 0, 0); /* a fresh entry, cached again */
    assert_int_equal(f.dec, DEC_FILL);
    cm_l1_free(m);
}

/* The packed layout: valid, id (3), four 4-bit counts, bypass-L1, bypass-L2 = 22 bits. */
static void test_pack(void **state)
{
    (void)state;
    cfg_t c;
    static const char *const kv[] = {"l1.mode", "sacat", "l1.fgcb_id_bits", "3",
                                      "l1.fgcb_counter_bits", "4", "l1.fgcb_n", "4",
                                      "l1.fgcb_m", "2", NULL};
    test_cfg(&c, kv, NULL);
    assert_int_equal(lay_fgcb_entry_bits(&c.l1), 22);
    lay_fgcb_entry_t x = {1, 5, 4, 3, 2, 1, 1, 0};
    bv_t v;
    lay_fgcb_pack(&c.l1, &x, &v);
    /* LSB first: 1 | 101 | 0100 | 0011 | 0010 | 0001 | 1 | 0 */
    uint64_t want = 1 | 5u << 1 | 4u << 4 | 3u << 8 | 2u << 12 | 1u << 16 | 1u << 20;
    assert_int_equal(bv_get(&v, 0, 22), want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decide_bypass_l1),
        cmocka_unit_test(test_decide_keep_and_bypassed_hit),
        cmocka_unit_test(test_table_full),
        cmocka_unit_test(test_join_counts_a_miss),
        cmocka_unit_test(test_l2_decisions),
        cmocka_unit_test(test_window_and_kernel_start),
        cmocka_unit_test(test_pack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
