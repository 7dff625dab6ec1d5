/* test_cm_umon: cmocka unit tests of UCP's utility monitors (cm_umon, SPEC 3.8) against
 * hand-worked expectations: which sets are sampled, a hit at each LRU position of a 4-way ATD,
 * the LRU entry replaced on a miss, the ATDs kept per application, saturation and halving.
 * Every expected value is a literal worked out by hand in the comments.
 * Build: see the Makefile (build/test_cm_umon). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cm_umon.h"

static cm_umon_t *model(unsigned sets, unsigned umon_sets, unsigned ways, unsigned apps)
{
    umon_params_t p = {sets, umon_sets, ways, apps, 0}; /* 0: 16-bit counters */
    cm_umon_t *u = NULL;
    assert_int_equal(cm_umon_new(&p, &u), 0);
    return u;
}

static void expect_hits(const cm_umon_t *u, unsigned app, const unsigned *want)
{
    for (unsigned j = 0; j < u->p.ways; j++)
        assert_int_equal(cm_umon_hits(u, app, j), want[j]);
}

/* 16 sets, 4 sampled: stride 4, sets 0, 4, 8, 12 are ATD sets 0..3, the rest are not sampled.
 * 16 of 16: every set, ATD set = set. 1 of 16: set 0 only. */
static void test_sampled_sets(void **state)
{
    (void)state;
    cm_umon_t *u = model(16, 4, 4, 2);
    assert_int_equal(u->stride, 4);
    for (unsigned s = 0; s < 16; s++)
        assert_int_equal(cm_umon_index(u, s), s % 4 ? -1 : (int)(s / 4));
    cm_umon_free(u);
    u = model(16, 16, 4, 2);
    for (unsigned s = 0; s < 16; s++)
        assert_int_equal(cm_umon_index(u, s), (int)s);
    cm_umon_free(u);
    u = model(16, 1, 4, 2);
    assert_int_equal(cm_umon_index(u, 0), 0);
    for (unsigned s = 1; s < 16; s++)
        assert_int_equal(cm_umon_index(u, s), -1);
    cm_umon_free(u);
}

/* Refused: 12 sets, 3 or 32 sampled of 16, 0 or 33 ways, 0 or 17 apps. */
static void test_check(void **state)
{
    (void)state;
    static const umon_params_t bad[] = {
        {12, 4, 4, 2, 0}, {16, 3, 4, 2, 0}, {16, 32, 4, 2, 0}, {16, 4, 0, 2, 0},
        {16, 4, 33, 2, 0}, {16, 4, 4, 0, 0}, {16, 4, 4, 17, 0}, {16, 4, 4, 2, 17},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        static cm_umon_t sentinel;
        const char *why = NULL;
        cm_umon_t *u = &sentinel; /* must stay untouched */
        assert_int_equal(cm_umon_new(&bad[i], &u), -1);
        assert_ptr_equal(u, &sentinel);
        assert_int_equal(umon_check(&bad[i], &why), -1);
        assert_non_null(why);
    }
}

/* 4 ways, app 0, L2 set 4 (ATD set 1). Reset: way w invalid at rank w.
 * A, B, C, D miss; each goes into the entry at rank 3 (LRU) and becomes rank 0:
 *   A -> way 3; B -> way 2; C -> way 1; D -> way 0. Order MRU..LRU: D C B A.
 * A: position 3 -> hits[3] = 1; order A D C B.
 * B: position 3 -> hits[3] = 2; order B A D C.
 * A: position 1 -> hits[1] = 1; order A B D C.
 * A: position 0 -> hits[0] = 1; order unchanged.
 * D: position 2 -> hits[2] = 1; order D A B C.
 * E: miss, replaces C (LRU, way 1); order E D A B.
 * C: miss (it was replaced), replaces B (way 2); order C E D A.
 * Hits per position: 1 1 1 2. Final entries: way 0 D rank 2, way 1 E rank 1, way 2 C rank 0,
 * way 3 A rank 3. */
static void test_hit_each_position(void **state)
{
    (void)state;
    cm_umon_t *u = model(16, 4, 4, 2);
    enum { A = 0xa, B = 0xb, C = 0xc, D = 0xd, E = 0xe };
    for (unsigned w = 0; w < 4; w++) {
        assert_int_equal(cm_umon_entry(u, 0, 1, w)->valid, 0);
        assert_int_equal(cm_umon_entry(u, 0, 1, w)->rank, w);
    }
    static const uint64_t seq[] = {A, B, C, D, A, B, A, A, D, E, C};
    static const int pos[] = {CM_UMON_MISS, CM_UMON_MISS, CM_UMON_MISS, CM_UMON_MISS,
                              3, 3, 1, 0, 2, CM_UMON_MISS, CM_UMON_MISS};
    for (unsigned i = 0; i < sizeof seq / sizeof seq[0]; i++)
        assert_int_equal(cm_umon_access(u, 0, 4, seq[i]), pos[i]);
    static const unsigned want[4] = {1, 1, 1, 2};
    expect_hits(u, 0, want);
    static const uint64_t tag[4] = {D, E, C, A};
    static const unsigned rank[4] = {2, 1, 0, 3};
    for (unsigned w = 0; w < 4; w++) {
        assert_int_equal(cm_umon_entry(u, 0, 1, w)->valid, 1);
        assert_int_equal(cm_umon_entry(u, 0, 1, w)->tag, tag[w]);
        assert_int_equal(cm_umon_entry(u, 0, 1, w)->rank, rank[w]);
    }
    cm_umon_free(u);
}

/* The ATDs are per application and per sampled set: after app 0 brings A into set 0, app 1's
 * A in set 0 misses, app 0's A in set 8 (another ATD set) misses, app 0's A in set 1 (not
 * sampled) is not counted, and app 0's A in set 0 hits at position 0. Only hits[0][0] = 1. */
static void test_per_app_and_set(void **state)
{
    (void)state;
    cm_umon_t *u = model(16, 4, 4, 2);
    assert_int_equal(cm_umon_access(u, 0, 0, 0xa), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 1, 0, 0xa), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 0, 8, 0xa), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 0, 1, 0xa), CM_UMON_UNSAMPLED);
    assert_int_equal(cm_umon_access(u, 0, 0, 0xa), 0);
    static const unsigned app0[4] = {1, 0, 0, 0}, app1[4] = {0, 0, 0, 0};
    expect_hits(u, 0, app0);
    expect_hits(u, 1, app1);
    cm_umon_free(u);
}

/* A tag that equals an invalid entry's reset tag (0) misses: after reset every entry holds
 * tag 0 but is invalid. The first access of tag 0 is a miss, the second a hit at 0. */
static void test_invalid_never_hits(void **state)
{
    (void)state;
    cm_umon_t *u = model(4, 4, 2, 1);
    assert_int_equal(cm_umon_access(u, 0, 3, 0), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 0, 3, 0), 0);
    cm_umon_free(u);
}

/* A 1-way ATD: the same line hits at position 0, another line replaces it. */
static void test_one_way(void **state)
{
    (void)state;
    cm_umon_t *u = model(4, 1, 1, 1);
    assert_int_equal(cm_umon_access(u, 0, 0, 5), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 0, 0, 5), 0);
    assert_int_equal(cm_umon_access(u, 0, 0, 6), CM_UMON_MISS);
    assert_int_equal(cm_umon_access(u, 0, 0, 5), CM_UMON_MISS);
    assert_int_equal(cm_umon_hits(u, 0, 0), 1);
    cm_umon_free(u);
}

/* Saturation at 2^16-1 = 65535: from 65534 two hits at position 0 give 65535, 65535.
 * Halving: 65535 -> 32767 -> 16383; hits 1 1 1 2 -> 0 0 0 1; 7 -> 3; the ATD is kept (A
 * still hits at position 0 afterwards). */
static void test_saturate_and_halve(void **state)
{
    (void)state;
    cm_umon_t *u = model(16, 4, 4, 2);
    assert_int_equal(cm_umon_access(u, 1, 0, 0xa), CM_UMON_MISS);
    u->hits[1 * 4 + 0] = 65534;
    assert_int_equal(cm_umon_access(u, 1, 0, 0xa), 0);
    assert_int_equal(cm_umon_hits(u, 1, 0), 65535);
    assert_int_equal(cm_umon_access(u, 1, 0, 0xa), 0);
    assert_int_equal(cm_umon_hits(u, 1, 0), 65535);
    u->hits[0] = 1, u->hits[1] = 1, u->hits[2] = 1, u->hits[3] = 2;
    u->hits[1 * 4 + 3] = 7;
    cm_umon_halve(u);
    static const unsigned app0[4] = {0, 0, 0, 1}, app1[4] = {32767, 0, 0, 3};
    expect_hits(u, 0, app0);
    expect_hits(u, 1, app1);
    cm_umon_halve(u);
    assert_int_equal(cm_umon_hits(u, 1, 0), 16383);
    assert_int_equal(cm_umon_access(u, 1, 0, 0xa), 0);
    assert_int_equal(cm_umon_hits(u, 1, 0), 16384);
    cm_umon_free(u);
}

/* Narrow counters (cnt_bits = 2, the L2's l2.umon_counter_bits): saturation at 3, then halving
 * to 1. */
static void test_narrow_counters(void **state)
{
    (void)state;
    const umon_params_t p = {16, 4, 4, 2, 2};
    cm_umon_t *u = NULL;
    assert_int_equal(cm_umon_new(&p, &u), 0);
    assert_int_equal(u->cnt_max, 3);
    assert_int_equal(cm_umon_access(u, 0, 4, 0xb), CM_UMON_MISS);
    for (unsigned n = 1; n <= 5; n++) {
        assert_int_equal(cm_umon_access(u, 0, 4, 0xb), 0);
        assert_int_equal(cm_umon_hits(u, 0, 0), n < 3 ? n : 3);
    }
    cm_umon_halve(u);
    assert_int_equal(cm_umon_hits(u, 0, 0), 1);
    cm_umon_free(u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sampled_sets),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_hit_each_position),
        cmocka_unit_test(test_per_app_and_set),
        cmocka_unit_test(test_invalid_never_hits),
        cmocka_unit_test(test_one_way),
        cmocka_unit_test(test_saturate_and_halve),
        cmocka_unit_test(test_narrow_counters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
