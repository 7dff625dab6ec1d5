/* test_cm_duel: cmocka unit tests of the SM-dueling controller's C model (cm_duel, SPEC 3.4)
 * against hand-worked expectations. Rule under test: at an interval's end, if a0 > 0 and
 * a1 > 0, followers filter unless 100*m0*a1 > 100*m1*a0 + margin*a0*a1; otherwise they keep.
 * Every expected value is a literal worked out by hand in the comments.
 * Build: cc -std=c11 -I. -o build/test_cm_duel cmodel/test_cm_duel.c build/libcmodel.a
 *        build/libcore.a -lyaml -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>

#include "cm_duel.h"

/* ---- helpers --------------------------------------------------------------------------- */

/* A model of interval `interval` and margin `margin` (given as text, as in YAML). */
static void model(cm_duel_t *d, const char *interval, const char *margin)
{
    cfg_t c;
    char err[256];
    cfg_defaults(&c);
    if (interval && cfg_set(&c, "l1.duel_interval", interval, err, sizeof err) != 0)
        fail_msg("cfg_set: %s", err);
    if (margin && cfg_set(&c, "l1.duel_margin", margin, err, sizeof err) != 0)
        fail_msg("cfg_set: %s", err);
    if (cfg_validate(&c, err, sizeof err) != 0)
        fail_msg("cfg_validate: %s", err);
    cm_duel_init(d, &c.l1);
}

/* One whole interval with exactly these counts: leader k loads in cycles 0..a_k-1 and has an
 * unserved load in cycles 0..m_k-1. Only the last cycle may end the interval. */
static cm_duel_tick_t interval(cm_duel_t *d, unsigned a0, unsigned m0, unsigned a1, unsigned m1)
{
    cm_duel_tick_t t;
    for (unsigned i = 0; i < d->interval; i++) {
        unsigned ld = (i < a0) | (unsigned)(i < a1) << 1, un = (i < m0) | (unsigned)(i < m1) << 1;
        int end = cm_duel_cycle(d, ld, un, &t);
        assert_int_equal(end, i + 1 == d->interval);
        if (!end)
            assert_int_equal(t.kind, DUEL_NONE);
    }
    return t;
}

static void expect(cm_duel_tick_t t, unsigned a0, unsigned m0, unsigned a1, unsigned m1,
                   cm_duel_kind_t kind, unsigned filter, unsigned margin_decided)
{
    assert_int_equal(t.a0, a0);
    assert_int_equal(t.m0, m0);
    assert_int_equal(t.a1, a1);
    assert_int_equal(t.m1, m1);
    assert_int_equal(t.kind, kind);
    assert_int_equal(t.filter, filter);
    assert_int_equal(t.margin_decided, margin_decided);
}

/* ---- tests ------------------------------------------------------------------------------ */

/* Defaults are 500 cycles and 10 points; after reset followers do not filter (like SM1). An
 * interval of 500 idle cycles ends at its 500th cycle and keeps that setting. */
static void test_reset_state(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, NULL, NULL);
    assert_int_equal(d.interval, 500);
    assert_int_equal(d.margin, 10);
    assert_int_equal(d.t, 0);
    assert_int_equal(d.a[0] | d.a[1] | d.m[0] | d.m[1], 0);
    assert_int_equal(d.filter, 0);
    expect(interval(&d, 0, 0, 0, 0), 0, 0, 0, 0, DUEL_KEEP, 0, 0);
    assert_int_equal(d.t, 0);
}

/* I = 4, margin 10.
 * 1: a0=4 m0=0 a1=4 m1=4: 0 > 100*4*4 + 10*4*4 = 1760? no -> filter on.
 * 2: a0=0 (m0=2 unserved without loads) a1=3: a leader idle -> keep on.
 * 3: a0=3 a1=0 (m1=1) -> keep on.
 * 4: a0=4 m0=4 a1=4 m1=0: 1600 > 0 + 160 -> off.
 * 5: a0=0 a1=0 -> keep off. */
static void test_empty_interval_keeps(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, "4", "10");
    expect(interval(&d, 4, 0, 4, 4), 4, 0, 4, 4, DUEL_FILTER_ON, 1, 0);
    expect(interval(&d, 0, 2, 3, 0), 0, 2, 3, 0, DUEL_KEEP, 1, 0);
    expect(interval(&d, 3, 0, 0, 1), 3, 0, 0, 1, DUEL_KEEP, 1, 0);
    expect(interval(&d, 4, 4, 4, 0), 4, 4, 4, 0, DUEL_FILTER_OFF, 0, 0);
    expect(interval(&d, 0, 0, 0, 0), 0, 0, 0, 0, DUEL_KEEP, 0, 0);
    assert_int_equal(d.filter, 0);
}

/* I = 10, margin 10.
 * 1: SM0 better: a0=10 m0=1 a1=10 m1=6: 100*1*10 = 1000 > 100*6*10 + 10*10*10 = 7000? no -> on.
 * 2: SM0 worse: a0=10 m0=8 a1=10 m1=2: 8000 > 2000 + 1000 = 3000 -> off. */
static void test_sm0_worse_stops_filtering(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, "10", "10");
    expect(interval(&d, 10, 1, 10, 6), 10, 1, 10, 6, DUEL_FILTER_ON, 1, 0);
    expect(interval(&d, 10, 8, 10, 2), 10, 8, 10, 2, DUEL_FILTER_OFF, 0, 0);
    assert_int_equal(d.filter, 0);
}

/* I = 10, margin 10, unequal load counts: a0=5 m0=1 (0.20) a1=8 m1=4 (0.50):
 * 100*1*8 = 800 > 100*4*5 + 10*5*8 = 2000 + 400 = 2400? no -> on (from off). */
static void test_sm0_better_filters(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, "10", "10");
    expect(interval(&d, 5, 1, 8, 4), 5, 1, 8, 4, DUEL_FILTER_ON, 1, 0);
}

/* I = 20, a0=a1=20, m0=10 (0.50), m1=9 (0.45).
 * margin 10: 100*10*20 = 20000 > 100*9*20 + 10*20*20 = 18000 + 4000 = 22000? no -> on,
 *            and 20000 > 18000 alone: the margin decided.
 * margin 0:  20000 > 18000 -> off, not by the margin.
 * Tie, margin 10, m0=11: 22000 > 22000? no -> on (by the margin); m0=12: 24000 > 22000 -> off. */
static void test_margin_decides(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, "20", "10");
    expect(interval(&d, 20, 10, 20, 9), 20, 10, 20, 9, DUEL_FILTER_ON, 1, 1);
    expect(interval(&d, 20, 11, 20, 9), 20, 11, 20, 9, DUEL_FILTER_ON, 1, 1);
    expect(interval(&d, 20, 12, 20, 9), 20, 12, 20, 9, DUEL_FILTER_OFF, 0, 0);
    model(&d, "20", "0");
    expect(interval(&d, 20, 1, 20, 9), 20, 1, 20, 9, DUEL_FILTER_ON, 1, 0); /* 2000 > 18000? no */
    expect(interval(&d, 20, 10, 20, 9), 20, 10, 20, 9, DUEL_FILTER_OFF, 0, 0);
}

/* I = 1: every cycle is an interval; counts are the cycle's own bits.
 * margin 10: loads 11 unserved 00: 0 > 0 + 10? no -> on.
 *            loads 11 unserved 01: 100 > 0 + 10 -> off.
 *            loads 10 unserved 01: a0 = 0 -> keep off.
 *            loads 11 unserved 11: 100 > 100 + 10? no -> on.
 * margin 100: loads 11 unserved 01: 100 > 0 + 100? no -> on, by the margin. */
static void test_interval_one(void **state)
{
    (void)state;
    cm_duel_t d;
    cm_duel_tick_t t;
    model(&d, "1", "10");
    assert_int_equal(cm_duel_cycle(&d, 3, 0, &t), 1);
    expect(t, 1, 0, 1, 0, DUEL_FILTER_ON, 1, 0);
    assert_int_equal(cm_duel_cycle(&d, 3, 1, &t), 1);
    expect(t, 1, 1, 1, 0, DUEL_FILTER_OFF, 0, 0);
    assert_int_equal(cm_duel_cycle(&d, 2, 1, &t), 1);
    expect(t, 0, 1, 1, 0, DUEL_KEEP, 0, 0);
    assert_int_equal(cm_duel_cycle(&d, 3, 3, &t), 1);
    expect(t, 1, 1, 1, 1, DUEL_FILTER_ON, 1, 0);
    model(&d, "1", "100");
    assert_int_equal(cm_duel_cycle(&d, 3, 1, &t), 1);
    expect(t, 1, 1, 1, 0, DUEL_FILTER_ON, 1, 1);
}

/* Default interval 500, margin 10, loads on both every cycle (a0 = a1 = 500); unserved:
 * 1: SM0 every 5th cycle (m0 = 100), SM1 every 2nd (m1 = 250):
 *    100*100*500 = 5,000,000 > 100*250*500 + 10*500*500 = 12,500,000 + 2,500,000? no -> on.
 * 2: SM0 every 2nd (m0 = 250), SM1 every 4th (m1 = 125):
 *    12,500,000 > 6,250,000 + 2,500,000 = 8,750,000 -> off.
 * Ticks come exactly at cycles 499 and 999 (counting from 0). */
static void test_default_interval(void **state)
{
    (void)state;
    cm_duel_t d;
    cm_duel_tick_t t;
    model(&d, NULL, NULL);
    for (unsigned c = 0; c < 1000; c++) {
        unsigned p0 = c < 500 ? 5 : 2, p1 = c < 500 ? 2 : 4;
        unsigned un = (c % p0 == 0) | (unsigned)(c % p1 == 0) << 1;
        int end = cm_duel_cycle(&d, 3, un, &t);
        assert_int_equal(end, c == 499 || c == 999);
        if (c == 499)
            expect(t, 500, 100, 500, 250, DUEL_FILTER_ON, 1, 0);
        if (c == 999)
            expect(t, 500, 250, 500, 125, DUEL_FILTER_OFF, 0, 0);
    }
}

/* I = 3, margin 0. The decision counts the last cycle's own inputs.
 * 1: idle, idle, (loads 11): a0 = a1 = 1, m = 0: 0 > 0? no -> on (without the last cycle
 *    this would have been an empty interval keeping off).
 * 2: (loads 11), idle, (unserved 01): a0 = a1 = 1, m0 = 1: 100 > 0 -> off.
 * 3: the counters restarted: (loads 01), idle, idle: a1 = 0 -> keep off. */
static void test_last_cycle_counts(void **state)
{
    (void)state;
    cm_duel_t d;
    cm_duel_tick_t t;
    model(&d, "3", "0");
    static const unsigned ld[9] = {0, 0, 3, 3, 0, 0, 1, 0, 0};
    static const unsigned un[9] = {0, 0, 0, 0, 0, 1, 0, 0, 0};
    for (unsigned c = 0; c < 9; c++) {
        assert_int_equal(cm_duel_cycle(&d, ld[c], un[c], &t), c % 3 == 2);
        if (c == 2)
            expect(t, 1, 0, 1, 0, DUEL_FILTER_ON, 1, 0);
        if (c == 5)
            expect(t, 1, 1, 1, 0, DUEL_FILTER_OFF, 0, 0);
        if (c == 8)
            expect(t, 1, 0, 0, 0, DUEL_KEEP, 0, 0);
    }
}

/* The widest intervals, I = 65535.
 * margin 100, every bit set except SM1's unserved:
 *   100*65535*65535 = 429,483,622,500 > 0 + 100*65535*65535? no (a tie) -> on, by the margin.
 * margin 0, a0 = a1 = 65535, m0 = 656, m1 = 1:
 *   100*656*65535 = 4,299,096,000 > 100*1*65535 = 6,553,500 -> off. In 32-bit arithmetic the
 *   left side would wrap to 4,299,096,000 - 2^32 = 4,128,704 < 6,553,500 and say on. */
static void test_widest_no_overflow(void **state)
{
    (void)state;
    cm_duel_t d;
    model(&d, "65535", "100");
    expect(interval(&d, 65535, 65535, 65535, 0), 65535, 65535, 65535, 0, DUEL_FILTER_ON, 1, 1);
    model(&d, "65535", "0");
    expect(interval(&d, 1, 0, 1, 0), 1, 0, 1, 0, DUEL_FILTER_ON, 1, 0); /* 0 > 0? no -> on */
    expect(interval(&d, 65535, 656, 65535, 1), 65535, 656, 65535, 1, DUEL_FILTER_OFF, 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_state),
        cmocka_unit_test(test_empty_interval_keeps),
        cmocka_unit_test(test_sm0_worse_stops_filtering),
        cmocka_unit_test(test_sm0_better_filters),
        cmocka_unit_test(test_margin_decides),
        cmocka_unit_test(test_interval_one),
        cmocka_unit_test(test_default_interval),
        cmocka_unit_test(test_last_cycle_counts),
        cmocka_unit_test(test_widest_no_overflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
