/* test_cm_drrip: cmocka unit tests of thread-aware DRRIP's model (cm_drrip, SPEC 3.8) against
 * hand-worked expectations: the leader-set map of a small slice, the parameter checks, PSEL
 * sequences saturating both ways, followers reading PSEL's top bit, and BRRIP's 32nd
 * insertion. Every expected value is a literal worked out by hand in the comments.
 * Build: see the Makefile (build/test_cm_drrip). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cm_drrip.h"

/* A model of `sets` sets, `leaders` leaders, `apps` apps, `psel` PSEL bits, `n` RRPV bits. */
static cm_drrip_t model(unsigned sets, unsigned leaders, unsigned apps, unsigned psel, unsigned n)
{
    drrip_params_t p = {sets, leaders, apps, psel, n};
    cm_drrip_t d;
    assert_int_equal(cm_drrip_init(&d, &p), 0);
    return d;
}

/* 16 sets, L = 2, C = 2 CPU ports (3 apps): S = 16 / 2 = 8 >= 2 * 3 = 6.
 * s mod 8 = 0: app 0 SRRIP, 1: app 0 BRRIP, 2: app 1 SRRIP, 3: app 1 BRRIP, 4: app 2 (the GPU)
 * SRRIP, 5: app 2 BRRIP, 6 and 7: followers for everyone. Sets 8..15 repeat 0..7. A set that
 * leads for one app is a follower for the others. */
static void test_leader_map(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 10, 2);
    assert_int_equal(d.stride, 8);
    static const cm_leader_t N = CM_LEADER_NONE, S = CM_LEADER_SRRIP, B = CM_LEADER_BRRIP;
    static const cm_leader_t want[3][8] = {
        {S, B, N, N, N, N, N, N},
        {N, N, S, B, N, N, N, N},
        {N, N, N, N, S, B, N, N},
    };
    for (unsigned k = 0; k < 3; k++)
        for (unsigned s = 0; s < 16; s++)
            assert_int_equal(cm_drrip_leader(&d, k, s), want[k][s % 8]);
}

/* The slice of paper Table 4: 1024 sets, L = 32, C = 2: S = 32. Set 37 = 32 + 5 is the GPU's
 * (app 2) BRRIP leader; 36 its SRRIP leader; 38 = 32 + 6 a follower; 1022 = 31*32 + 30 one
 * too. */
static void test_leader_map_preset(void **state)
{
    (void)state;
    cm_drrip_t d = model(1024, 32, 3, 10, 2);
    assert_int_equal(d.stride, 32);
    assert_int_equal(cm_drrip_leader(&d, 2, 37), CM_LEADER_BRRIP);
    assert_int_equal(cm_drrip_leader(&d, 2, 36), CM_LEADER_SRRIP);
    assert_int_equal(cm_drrip_leader(&d, 0, 37), CM_LEADER_NONE);
    assert_int_equal(cm_drrip_leader(&d, 2, 38), CM_LEADER_NONE);
    assert_int_equal(cm_drrip_leader(&d, 0, 1022), CM_LEADER_NONE);
    assert_int_equal(cm_drrip_leader(&d, 0, 992), CM_LEADER_SRRIP); /* 992 = 31 * 32 */
}

/* Refused: S = 16/4 = 4 < 2*3 (leaders of apps 2 would be sets 4, 5: past the stride);
 * L = 3 not a power of two; L = 32 > 16 sets; PSEL 0 or 17 bits; 15 sets; 17 apps; n = 0 or 9.
 * Accepted at the edges: S = 8 with 4 apps (8 = 2*4), PSEL 1 and 16 bits, n = 8, and the
 * smallest slice: 2 sets, L = 1, no CPU port (S = 2 = 2*1). */
static void test_check(void **state)
{
    (void)state;
    const char *why = NULL;
    cm_drrip_t d;
    static const drrip_params_t bad[] = {
        {16, 4, 3, 10, 2}, {16, 3, 1, 10, 2}, {16, 32, 1, 10, 2}, {16, 2, 3, 0, 2},
        {16, 2, 3, 17, 2}, {15, 1, 3, 10, 2}, {1024, 1, 17, 10, 2}, {16, 2, 3, 10, 0},
        {16, 2, 3, 10, 9},
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(drrip_check(&bad[i], &why), -1);
        assert_non_null(why);
        d.stride = 12345;
        assert_int_equal(cm_drrip_init(&d, &bad[i]), -1);
        assert_int_equal(d.stride, 12345); /* nothing written */
    }
    static const drrip_params_t good[] = {
        {16, 2, 4, 10, 2}, {16, 2, 3, 1, 2}, {16, 2, 3, 16, 8}, {2, 1, 1, 10, 2},
    };
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        assert_int_equal(drrip_check(&good[i], &why), 0);
        assert_null(why);
    }
}

/* 3-bit PSELs, 16 sets, L = 2, 3 apps (S = 8). Reset: every PSEL = 2^2 = 4 = 100b, top bit 1,
 * so followers start with BRRIP.
 * App 0 misses in its SRRIP leader (set 8): 5, 6, 7, 7 (saturated at 2^3-1).
 * Then in its BRRIP leader (set 9): 6, 5, 4, 3, 2, 1, 0, 0 (saturated at 0).
 * Follower policy (set 6) after each: 4..7 BRRIP; 6, 5, 4 BRRIP; 3, 2, 1, 0, 0 SRRIP. */
static void test_psel_saturates_both_ways(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 3, 2);
    for (unsigned k = 0; k < 3; k++)
        assert_int_equal(d.psel[k], 4);
    assert_int_equal(cm_drrip_policy(&d, 0, 6), CM_RRIP_BRRIP);
    static const unsigned up[4] = {5, 6, 7, 7};
    for (unsigned i = 0; i < 4; i++) {
        assert_int_equal(cm_drrip_miss(&d, 0, 8), CM_LEADER_SRRIP);
        assert_int_equal(d.psel[0], up[i]);
        assert_int_equal(cm_drrip_policy(&d, 0, 6), CM_RRIP_BRRIP);
    }
    static const unsigned down[8] = {6, 5, 4, 3, 2, 1, 0, 0};
    static const cm_rrip_pol_t pol[8] = {CM_RRIP_BRRIP, CM_RRIP_BRRIP, CM_RRIP_BRRIP,
                                         CM_RRIP_SRRIP, CM_RRIP_SRRIP, CM_RRIP_SRRIP,
                                         CM_RRIP_SRRIP, CM_RRIP_SRRIP};
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(cm_drrip_miss(&d, 0, 9), CM_LEADER_BRRIP);
        assert_int_equal(d.psel[0], down[i]);
        assert_int_equal(cm_drrip_policy(&d, 0, 6), pol[i]);
    }
    /* The other apps never moved, and their followers still use BRRIP. */
    assert_int_equal(d.psel[1], 4);
    assert_int_equal(d.psel[2], 4);
    assert_int_equal(cm_drrip_policy(&d, 1, 6), CM_RRIP_BRRIP);
}

/* Misses that are not in the missing app's own leaders change nothing: app 1 missing in app
 * 0's leaders (sets 0, 1), app 0 in followers (6, 7, 14) and in app 2's leaders (4, 5).
 * Leaders keep their own policy whatever PSEL says: with PSEL_0 = 0 (SRRIP for followers) set
 * 1 is still BRRIP for app 0, and with PSEL_0 at 7 set 0 still SRRIP. */
static void test_psel_only_own_leaders(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 3, 2);
    static const unsigned other[] = {0, 1, 6, 7, 14};
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(cm_drrip_miss(&d, 1, other[i]), CM_LEADER_NONE);
    static const unsigned mine[] = {4, 5, 6, 7, 14};
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(cm_drrip_miss(&d, 0, mine[i]), CM_LEADER_NONE);
    assert_int_equal(d.psel[0], 4);
    assert_int_equal(d.psel[1], 4);
    for (unsigned i = 0; i < 4; i++)
        cm_drrip_miss(&d, 0, 1);
    assert_int_equal(d.psel[0], 0);
    assert_int_equal(cm_drrip_policy(&d, 0, 1), CM_RRIP_BRRIP);
    assert_int_equal(cm_drrip_policy(&d, 0, 7), CM_RRIP_SRRIP);
    for (unsigned i = 0; i < 7; i++)
        cm_drrip_miss(&d, 0, 0);
    assert_int_equal(d.psel[0], 7);
    assert_int_equal(cm_drrip_policy(&d, 0, 0), CM_RRIP_SRRIP);
    assert_int_equal(cm_drrip_policy(&d, 0, 7), CM_RRIP_BRRIP);
}

/* The default 10-bit PSEL resets to 512 = 10_0000_0000b (BRRIP); one miss in the GPU's BRRIP
 * leader (set 5) makes it 511 = 01_1111_1111b (SRRIP). A 1-bit PSEL resets to 1 and moves between 0 and 1. */
static void test_psel_widths(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 10, 2);
    assert_int_equal(d.psel[2], 512);
    assert_int_equal(cm_drrip_policy(&d, 2, 7), CM_RRIP_BRRIP);
    cm_drrip_miss(&d, 2, 5);
    assert_int_equal(d.psel[2], 511);
    assert_int_equal(cm_drrip_policy(&d, 2, 7), CM_RRIP_SRRIP);
    d = model(16, 2, 3, 1, 2);
    assert_int_equal(d.psel[0], 1);
    cm_drrip_miss(&d, 0, 0);
    assert_int_equal(d.psel[0], 1);
    cm_drrip_miss(&d, 0, 1);
    assert_int_equal(d.psel[0], 0);
    cm_drrip_miss(&d, 0, 1);
    assert_int_equal(d.psel[0], 0);
}

/* n = 2: SRRIP inserts at 2 = 2^2-2; BRRIP at 3 = 2^2-1 but at 2 on the 32nd, 64th... BRRIP
 * insertion of the slice. Sequence: 31 BRRIP (3 each, counter 1..31), 5 SRRIP (2 each,
 * counter stays 31), the 32nd BRRIP (2, counter wraps to 0), 31 more BRRIP (3), the 64th (2),
 * the 65th (3, counter 1). */
static void test_brrip_32nd(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 10, 2);
    for (unsigned i = 1; i <= 31; i++) {
        assert_int_equal(cm_drrip_insert(&d, CM_RRIP_BRRIP), 3);
        assert_int_equal(d.brrip_cnt, i);
    }
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(cm_drrip_insert(&d, CM_RRIP_SRRIP), 2);
    assert_int_equal(d.brrip_cnt, 31);
    assert_int_equal(cm_drrip_insert(&d, CM_RRIP_BRRIP), 2);
    assert_int_equal(d.brrip_cnt, 0);
    for (unsigned i = 0; i < 31; i++)
        assert_int_equal(cm_drrip_insert(&d, CM_RRIP_BRRIP), 3);
    assert_int_equal(cm_drrip_insert(&d, CM_RRIP_BRRIP), 2);
    assert_int_equal(cm_drrip_insert(&d, CM_RRIP_BRRIP), 3);
    assert_int_equal(d.brrip_cnt, 1);
}

/* Fills with n = 3 (SRRIP 6, BRRIP 7 or 6 on the 32nd), 16 sets, L = 2, 3 apps. The counter
 * is the slice's, shared by every app and set: app 0 in its BRRIP leader (set 1), app 2 in a
 * follower (set 7, PSEL 4: BRRIP) and app 1 in its BRRIP leader (set 3) take turns for 31
 * fills (7 each); app 0's SRRIP leader (set 0) gives 6 and does not count; the next BRRIP
 * fill, whoever's, is the 32nd (6). */
static void test_fill_shares_counter(void **state)
{
    (void)state;
    cm_drrip_t d = model(16, 2, 3, 10, 3);
    static const unsigned app[3] = {0, 2, 1}, set[3] = {1, 7, 3};
    for (unsigned i = 0; i < 31; i++)
        assert_int_equal(cm_drrip_fill(&d, app[i % 3], set[i % 3]), 7);
    assert_int_equal(cm_drrip_fill(&d, 0, 0), 6);
    assert_int_equal(cm_drrip_fill(&d, 2, 15), 6); /* 15 mod 8 = 7: follower, BRRIP, 32nd */
    assert_int_equal(cm_drrip_fill(&d, 2, 15), 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_leader_map),
        cmocka_unit_test(test_leader_map_preset),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_psel_saturates_both_ways),
        cmocka_unit_test(test_psel_only_own_leaders),
        cmocka_unit_test(test_psel_widths),
        cmocka_unit_test(test_brrip_32nd),
        cmocka_unit_test(test_fill_shares_counter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
