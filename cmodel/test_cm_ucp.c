/* test_cm_ucp: cmocka unit tests of UCP's partitioning (cm_ucp, SPEC 3.8) against hand-worked
 * expectations: lookaheads of one monitored set's counters round by round (a multi-way jump,
 * ties between apps and within an app, exact comparison where integer division would tie),
 * fixed allocations left out of the loop, refused inputs, and the victim of a miss under a
 * partition (invalid first, an over-allocated app's LRU line, the app's own, none over).
 * Every expected value is a literal worked out by hand in the comments.
 * Build: see the Makefile (build/test_cm_ucp). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cm_ucp.h"

/* Run a lookahead and compare its allocation and rounds (app, b, U per round). */
static void lookahead(unsigned ways, unsigned apps, const uint32_t *hits, uint32_t part,
                      unsigned *alloc, const unsigned *want_alloc, unsigned want_n,
                      const unsigned (*want_steps)[3])
{
    cm_ucp_step_t st[CM_UCP_MAX_WAYS];
    unsigned n = 99;
    assert_int_equal(cm_ucp_lookahead(ways, apps, hits, part, alloc, st, &n), 0);
    for (unsigned k = 0; k < apps; k++)
        assert_int_equal(alloc[k], want_alloc[k]);
    assert_int_equal(n, want_n);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(st[i].app, want_steps[i][0]);
        assert_int_equal(st[i].ways, want_steps[i][1]);
        assert_int_equal(st[i].hits, want_steps[i][2]);
    }
}

/* 8 ways, 2 apps. Hits per LRU position:
 *   app 0: 10 8 6 0 0 0 0 0      app 1: 9 0 0 12 2 0 0 0
 * Round 1 (8 left): app 0 from 0: U/b = 10, 18/2, 24/3, 24/4...: best 10 at b=1.
 *   app 1 from 0: 9, 9/2, 9/3, 21/4 = 5.25, 23/5...: best 9 at b=1. 10 > 9: app 0 +1.
 * Round 2 (7): app 0 from 1: 8, 14/2, 14/3...: 8 at b=1. app 1: 9 at b=1. app 1 +1.
 * Round 3 (6): app 0 from 1: 8. app 1 from 1: 0, 0, 12/3 = 4, 14/4, 14/5, 14/6: 4 at b=3.
 *   app 0 +1 (8 > 4).
 * Round 4 (5): app 0 from 2: 6, 6/2...: 6 at b=1. app 1: 4 at b=3. app 0 +1.
 * Round 5 (4): app 0 from 3: all 0: 0 at b=1 (the smallest b). app 1 from 1 (b <= 4): 4 at
 *   b=3. app 1 +3 -- the lookahead's jump over two useless ways to reach the 12.
 * Round 6 (1): app 0 from 3: 0. app 1 from 4: 2. app 1 +1.
 * Allocation 3 / 5. */
static void test_lookahead_jump(void **state)
{
    (void)state;
    static const uint32_t hits[16] = {10, 8, 6, 0, 0, 0, 0, 0, 9, 0, 0, 12, 2, 0, 0, 0};
    static const unsigned want[2] = {3, 5};
    static const unsigned steps[][3] = {{0, 1, 10}, {1, 1, 9}, {0, 1, 8}, {0, 1, 6},
                                        {1, 3, 12}, {1, 1, 2}};
    unsigned alloc[2] = {7, 7}; /* ignored: both take part */
    lookahead(8, 2, hits, 0x3, alloc, want, 6, steps);
}

/* Ties, 4 ways, 2 apps.
 * (a) Between apps: both 5 0 0 0. Round 1: 5 vs 5 at b=1, app 0 (lowest). Round 2: app 0
 *     from 1: 0; app 1: 5: app 1. Rounds 3, 4: 0 vs 0: app 0, one way each. 3 / 1.
 * (b) Across b and apps: app 0 = 0 6 0 0 (best 6/2 = 3 at b=2: 0/1, 6/2, 6/3, 6/4), app 1 =
 *     3 0 0 0 (3 at b=1). 6*1 = 3*2: a tie, app 0 takes 2. Round 2 (2 left): app 0 from 2: 0;
 *     app 1 from 0: 3, 3/2: app 1 +1. Round 3: 0 vs 0: app 0. 3 / 1.
 * (c) The same counters swapped: app 0 = 3 0 0 0, app 1 = 0 6 0 0: the tie goes to app 0
 *     (+1); round 2: app 0 from 1: 0; app 1: 3 at b=2: app 1 +2; round 3: 0 vs 0 (app 1 from
 *     2): app 0. 2 / 2.
 * (d) Within an app: app 0 = 4 4 0 0: 4/1 = 8/2, the smallest b (1) wins; app 1 all 0.
 *     Rounds: app 0 +1 (4), +1 (4), then 0 vs 0 twice: app 0. 4 / 0. */
static void test_lookahead_ties(void **state)
{
    (void)state;
    unsigned alloc[2];
    static const uint32_t a[8] = {5, 0, 0, 0, 5, 0, 0, 0};
    static const unsigned a_want[2] = {3, 1};
    static const unsigned a_steps[][3] = {{0, 1, 5}, {1, 1, 5}, {0, 1, 0}, {0, 1, 0}};
    lookahead(4, 2, a, 0x3, alloc, a_want, 4, a_steps);
    static const uint32_t b[8] = {0, 6, 0, 0, 3, 0, 0, 0};
    static const unsigned b_want[2] = {3, 1};
    static const unsigned b_steps[][3] = {{0, 2, 6}, {1, 1, 3}, {0, 1, 0}};
    lookahead(4, 2, b, 0x3, alloc, b_want, 3, b_steps);
    static const uint32_t c[8] = {3, 0, 0, 0, 0, 6, 0, 0};
    static const unsigned c_want[2] = {2, 2};
    static const unsigned c_steps[][3] = {{0, 1, 3}, {1, 2, 6}, {0, 1, 0}};
    lookahead(4, 2, c, 0x3, alloc, c_want, 3, c_steps);
    static const uint32_t d[8] = {4, 4, 0, 0, 0, 0, 0, 0};
    static const unsigned d_want[2] = {4, 0};
    static const unsigned d_steps[][3] = {{0, 1, 4}, {0, 1, 4}, {0, 1, 0}, {0, 1, 0}};
    lookahead(4, 2, d, 0x3, alloc, d_want, 4, d_steps);
}

/* Exact comparison, 2 ways: app 0 = 7 0 (best 7 at b=1), app 1 = 0 15 (best 15/2 = 7.5 at
 * b=2). 15*1 > 7*2: app 1 takes both ways, 0 / 2. Integer division (15/2 = 7) would call it
 * a tie and give app 0 a way first (then 2 / 0). */
static void test_lookahead_exact(void **state)
{
    (void)state;
    unsigned alloc[2];
    static const uint32_t h[4] = {7, 0, 0, 15};
    static const unsigned want[2] = {0, 2};
    static const unsigned steps[][3] = {{1, 2, 15}};
    lookahead(2, 2, h, 0x3, alloc, want, 1, steps);
}

/* A fixed allocation left out of the loop (TAP-UCP's GPU under UCP-Mask): 4 ways, 3 apps,
 * app 2 fixed at 1 way (its counters 50 50 50 50 ignored), apps 0 and 1 share 3:
 *   app 0: 1 1 1 1, app 1: 2 0 0 0.
 * Round 1 (3 left): app 0: 1 at b=1; app 1: 2 at b=1: app 1 +1. Round 2: app 0: 1; app 1 from
 * 1: 0: app 0 +1. Round 3: app 0 from 1: 1; app 1: 0: app 0 +1. Allocation 2 / 1 / 1. */
static void test_lookahead_fixed(void **state)
{
    (void)state;
    static const uint32_t h[12] = {1, 1, 1, 1, 2, 0, 0, 0, 50, 50, 50, 50};
    unsigned alloc[3] = {9, 9, 1};
    static const unsigned want[3] = {2, 1, 1};
    static const unsigned steps[][3] = {{1, 1, 2}, {0, 1, 1}, {0, 1, 1}};
    lookahead(4, 3, h, 0x3, alloc, want, 3, steps);
}

/* 32 ways of 16-bit counters at their maximum, 16 apps: no overflow, app 0 takes one way per
 * round (every app ties at 65535 per way) -- 32 rounds, 32 / 0 / ... / 0. */
static void test_lookahead_widest(void **state)
{
    (void)state;
    static uint32_t h[16 * 32];
    for (unsigned i = 0; i < 16 * 32; i++)
        h[i] = 65535;
    unsigned alloc[16];
    cm_ucp_step_t st[32];
    unsigned n;
    assert_int_equal(cm_ucp_lookahead(32, 16, h, 0xffff, alloc, st, &n), 0);
    assert_int_equal(alloc[0], 32);
    for (unsigned k = 1; k < 16; k++)
        assert_int_equal(alloc[k], 0);
    assert_int_equal(n, 32);
    assert_int_equal(st[31].app, 0);
    assert_int_equal(st[31].hits, 65535);
}

/* Refused, with nothing written: fixed allocations of 3 + 2 > 4 ways; 3 + 0 + 0 fixed with no
 * app taking the way left; 0 or 33 ways; 17 apps. Accepted: every app fixed, 3 + 1 + 0 = 4
 * (no round). */
static void test_lookahead_refused(void **state)
{
    (void)state;
    static const uint32_t h[64] = {0};
    unsigned alloc[3] = {3, 2, 0}, n = 77;
    cm_ucp_step_t st[1] = {{5, 5, 5}};
    assert_int_equal(cm_ucp_lookahead(4, 3, h, 0x4, alloc, st, &n), -1);
    alloc[1] = 0; /* 3 + 0 + 0 fixed: one way left, nobody to take it */
    assert_int_equal(cm_ucp_lookahead(4, 3, h, 0x0, alloc, st, &n), -1);
    assert_int_equal(cm_ucp_lookahead(0, 3, h, 0x7, alloc, st, &n), -1);
    assert_int_equal(cm_ucp_lookahead(33, 1, h, 0x1, alloc, st, &n), -1);
    assert_int_equal(cm_ucp_lookahead(4, 17, h, 0x1, alloc, st, &n), -1);
    assert_int_equal(alloc[0], 3);
    assert_int_equal(alloc[1], 0);
    assert_int_equal(alloc[2], 0);
    assert_int_equal(n, 77);
    assert_int_equal(st[0].app, 5);
    unsigned full[3] = {3, 1, 0};
    assert_int_equal(cm_ucp_lookahead(4, 3, h, 0x0, full, st, &n), 0);
    assert_int_equal(n, 0);
    assert_int_equal(full[0], 3);
}

/* The victim, 4 ways, apps 0, 1 (CPU) and 2 (GPU):
 *   way:   0  1  2  3
 *   owner: 2  0  2  1
 *   age:   0  3  1  2        (way 1 is the set's LRU line)
 * Lines held: app 0: 1, app 1: 1, app 2: 2.
 * Allocation 2/1/1: app 0 misses (1 < 2): over-allocated is app 2 (2 > 1), its LRU way is 2
 *   (age 1 > 0). App 1 (1 = 1): its own LRU, way 3. App 2 (2 > 1): its own LRU, way 2.
 * Allocation 1/1/2: app 0 (1 = 1): its own, way 1.
 * Allocation 0/2/2: app 1 (1 < 2): over-allocated is app 0 (1 > 0): way 1. */
static void test_victim_partition(void **state)
{
    (void)state;
    static const cm_ucp_way_t set[4] = {{1, 2, 0}, {1, 0, 3}, {1, 2, 1}, {1, 1, 2}};
    cm_ucp_victim_t why;
    static const unsigned a[3] = {2, 1, 1};
    assert_int_equal(cm_ucp_victim(4, set, 3, a, 0, &why), 2);
    assert_int_equal(why, CM_UCP_VICTIM_OVER);
    assert_int_equal(cm_ucp_victim(4, set, 3, a, 1, &why), 3);
    assert_int_equal(why, CM_UCP_VICTIM_OWN);
    assert_int_equal(cm_ucp_victim(4, set, 3, a, 2, &why), 2);
    assert_int_equal(why, CM_UCP_VICTIM_OWN);
    static const unsigned b[3] = {1, 1, 2};
    assert_int_equal(cm_ucp_victim(4, set, 3, b, 0, &why), 1);
    assert_int_equal(why, CM_UCP_VICTIM_OWN);
    static const unsigned c[3] = {0, 2, 2};
    assert_int_equal(cm_ucp_victim(4, set, 3, c, 1, &why), 1);
    assert_int_equal(why, CM_UCP_VICTIM_OVER);
}

/* Invalid ways first, the lowest one: way 2 invalid -> 2 for every app; ways 1 and 3 invalid
 * (stale owner 7 ignored) -> 1. */
static void test_victim_invalid_first(void **state)
{
    (void)state;
    cm_ucp_victim_t why;
    static const unsigned a[3] = {2, 1, 1};
    static const cm_ucp_way_t one[4] = {{1, 2, 0}, {1, 0, 3}, {0, 2, 1}, {1, 1, 2}};
    for (unsigned k = 0; k < 3; k++) {
        assert_int_equal(cm_ucp_victim(4, one, 3, a, k, &why), 2);
        assert_int_equal(why, CM_UCP_VICTIM_INVALID);
    }
    static const cm_ucp_way_t two[4] = {{1, 2, 0}, {0, 7, 3}, {1, 2, 1}, {0, 7, 2}};
    assert_int_equal(cm_ucp_victim(4, two, 3, a, 0, &why), 1);
    assert_int_equal(why, CM_UCP_VICTIM_INVALID);
}

/* An app holding no line of the set: owners 2 0 2 0, ages 1 0 3 2 (lines: app 0: 2, app 2: 2).
 * Allocation 2/0/2: app 1 misses with 0 lines and 0 ways; nobody is over: the set's LRU line,
 *   way 2 (age 3).
 * Allocation 1/0/3: app 0 is over (2 > 1): its LRU line, way 3 (age 2 > 0).
 * Allocation 2/1/1 (app 1 under, 0 < 1): app 2 is over (2 > 1): its LRU, way 2. */
static void test_victim_no_lines(void **state)
{
    (void)state;
    static const cm_ucp_way_t set[4] = {{1, 2, 1}, {1, 0, 0}, {1, 2, 3}, {1, 0, 2}};
    cm_ucp_victim_t why;
    static const unsigned a[3] = {2, 0, 2}, b[3] = {1, 0, 3}, c[3] = {2, 1, 1};
    assert_int_equal(cm_ucp_victim(4, set, 3, a, 1, &why), 2);
    assert_int_equal(why, CM_UCP_VICTIM_LRU);
    assert_int_equal(cm_ucp_victim(4, set, 3, b, 1, &why), 3);
    assert_int_equal(why, CM_UCP_VICTIM_OVER);
    assert_int_equal(cm_ucp_victim(4, set, 3, c, 1, &why), 2);
    assert_int_equal(why, CM_UCP_VICTIM_OVER);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookahead_jump),
        cmocka_unit_test(test_lookahead_ties),
        cmocka_unit_test(test_lookahead_exact),
        cmocka_unit_test(test_lookahead_fixed),
        cmocka_unit_test(test_lookahead_widest),
        cmocka_unit_test(test_lookahead_refused),
        cmocka_unit_test(test_victim_partition),
        cmocka_unit_test(test_victim_invalid_first),
        cmocka_unit_test(test_victim_no_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
