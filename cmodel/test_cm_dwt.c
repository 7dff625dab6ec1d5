/* test_cm_dwt: cmocka unit tests of the DWT-CS controller's C model (cm_dwt, SPEC 3.7) against
 * hand-worked expectations. Rules under test: a period thrashes when 1000 x misses >
 * threshold x instructions (sums over the cores); N thrashing periods in a row reuse the
 * kernel's remembered limit or start sampling; sampling gives core c min(c + 1, max_warps)
 * warps for M periods, the core with the most instructions (lowest on ties) sets every core's
 * limit and is remembered FIFO; kernel_start restores max_warps; a period's decision lands 3
 * cycles after its last cycle T (the RTL's pipeline), a kernel start at T drops it and one at
 * T+1..T+3 cancels it. Every expected value is a literal worked out by hand in the comments.
 * Build: cc -std=c11 -I. -o build/test_cm_dwt cmodel/test_cm_dwt.c build/libcmodel.a
 *        build/libcore.a -lyaml -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cm_dwt.h"

/* ---- helpers --------------------------------------------------------------------------- */

/* A sacat model with these --set overrides (NULL-terminated key, value pairs). */
static void model(cm_dwt_t *d, const char *const *sets)
{
    cfg_t c;
    char err[256];
    cfg_defaults(&c);
    if (cfg_set(&c, "l1.mode", "sacat", err, sizeof err) != 0)
        fail_msg("cfg_set: %s", err);
    for (; sets && *sets; sets += 2)
        if (cfg_set(&c, sets[0], sets[1], err, sizeof err) != 0)
            fail_msg("cfg_set: %s", err);
    if (cfg_validate(&c, err, sizeof err) != 0)
        fail_msg("cfg_validate: %s", err);
    cm_dwt_init(d, &c);
}

/* The rest of a period, from its first cycle or (after an earlier period()) its fourth:
 * core c commits inst[c] instructions (as many as fit each cycle, from the first) and misses
 * miss[c] times (in the first miss[c] cycles); then the next period's first 3 cycles pass
 * idle, the third of which (T+3) is the period's decision, returned. No other cycle is an
 * event, and core 0's limit holds until the decision lands. */
static cm_dwt_tick_t period(cm_dwt_t *d, const unsigned *inst, const unsigned *miss)
{
    unsigned left[CM_DWT_CORES_MAX] = {0}, in[CM_DWT_CORES_MAX], max = (1u << d->p.inst_bits) - 1;
    unsigned zero[CM_DWT_CORES_MAX] = {0};
    cm_dwt_tick_t t;
    assert_true(d->t == 0 || d->t == 3);
    for (unsigned c = 0; c < d->cores; c++)
        left[c] = inst ? inst[c] : 0;
    unsigned lim0 = cm_dwt_limit(d, 0);
    for (unsigned i = 0;; i++) {
        uint64_t mb = 0;
        for (unsigned c = 0; c < d->cores; c++) {
            in[c] = left[c] < max ? left[c] : max;
            left[c] -= in[c];
            if (miss && i < miss[c])
                mb |= 1ULL << c;
        }
        assert_int_equal(cm_dwt_cycle(d, in, mb, 0, 0, &t), 0);
        if (d->t == 0)
            break;  /* the last cycle, T */
    }
    for (unsigned c = 0; c < d->cores; c++)
        assert_int_equal(left[c], 0); /* the period had room for every instruction */
    for (unsigned k = 1; k <= 3; k++) {
        assert_int_equal(cm_dwt_limit(d, 0), lim0); /* T+1..T+3: the decision not yet in force */
        assert_int_equal(cm_dwt_cycle(d, zero, 0, 0, 0, &t), k == 3);
    }
    return t;
}

/* A kernel start with `id` in an idle cycle at the start of a period. */
static cm_dwt_tick_t kstart(cm_dwt_t *d, unsigned id)
{
    unsigned zero[CM_DWT_CORES_MAX] = {0};
    cm_dwt_tick_t t;
    assert_int_equal(cm_dwt_cycle(d, zero, 0, 1, id, &t), 1);
    assert_int_equal(t.kind, DWT_EVT_KERNEL_START);
    assert_int_equal(d->t, 0);
    return t;
}

static void limits(const cm_dwt_t *d, unsigned l0, unsigned l1, unsigned l2, unsigned l3)
{
    assert_int_equal(cm_dwt_limit(d, 0), l0);
    assert_int_equal(cm_dwt_limit(d, 1), l1);
    assert_int_equal(cm_dwt_limit(d, 2), l2);
    assert_int_equal(cm_dwt_limit(d, 3), l3);
}

/* An event's kind, thrashing count and common limit after it. */
static void expect(cm_dwt_tick_t t, dwt_evt_t kind, unsigned count, unsigned limit)
{
    assert_int_equal(t.kind, kind);
    assert_int_equal(t.count, count);
    assert_int_equal(t.limit, limit);
}

/* 4 cores, 8-cycle periods, threshold 10, N = 2, M = 1, 2 entries: the flow tests' model
 * (after a decision, 5 cycles of a period are left: room for 15 instructions a core). */
static const char *const small[] = {"dwt.period", "8", "dwt.detect_periods", "2",
                                    "dwt.table_entries", "2", NULL};

/* Thrashing (kernel 0 until a start): core 0 commits 4, misses once: 1000 x 1 = 1000 >
 * 10 x 4 = 40. */
static const unsigned hot_i[4] = {4, 0, 0, 0}, hot_m[4] = {1, 0, 0, 0};

/* ---- tests ------------------------------------------------------------------------------ */

/* Defaults: 4 cores, 10,000-cycle periods, threshold 10, N = 3, M = 1, 5 entries, 24 warps.
 * Every core starts at 24 warps in kernel 0; 10,000 idle cycles end a period at cycle 9999:
 * 0 > 0 is false, Quiet, count 0, limit 24. */
static void test_reset_state(void **state)
{
    (void)state;
    cm_dwt_t d;
    model(&d, NULL);
    assert_int_equal(d.cores, 4);
    assert_int_equal(d.p.period, 10000);
    assert_int_equal(d.state, DWT_ST_DETECT);
    limits(&d, 24, 24, 24, 24);
    cm_dwt_tick_t t = period(&d, NULL, NULL);
    expect(t, DWT_EVT_QUIET, 0, 24);
    assert_int_equal(t.kernel, 0);
    assert_true(t.inst_sum == 0 && t.miss_sum == 0);
}

/* Threshold 250: 1000 x m > 250 x i.
 * i = 4, m = 1: 1000 > 1000? no (a tie): Quiet, mpki_tie.
 * i = 3, m = 1: 1000 > 750: Thrash, count 1 (N = 3 by default).
 * i = 12 (4 + 4 + 4 over cores 0..2), m = 2: 2000 > 3000? no: DetectReset, count 0.
 * m = 1 alone, no instructions: 1000 > 0: Thrash, count 1; again: count 2; a third time
 * reaches N = 3: SampleStart (kernel 0 is not remembered), count 0. */
static void test_detection_compare(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "8", "dwt.mpki_threshold", "250", NULL};
    model(&d, s);
    static const unsigned i4[4] = {4, 0, 0, 0}, i3[4] = {3, 0, 0, 0}, i12[4] = {4, 4, 4, 0};
    static const unsigned m1[4] = {1, 0, 0, 0}, m2[4] = {1, 1, 0, 0};
    cm_dwt_tick_t t = period(&d, i4, m1);
    expect(t, DWT_EVT_QUIET, 0, 24);
    assert_int_equal(t.mpki_tie, 1);
    assert_true(t.inst_sum == 4 && t.miss_sum == 1);
    t = period(&d, i3, m1);
    expect(t, DWT_EVT_THRASH, 1, 24);
    assert_int_equal(t.mpki_tie, 0);
    t = period(&d, i12, m2);
    expect(t, DWT_EVT_DETECT_RESET, 0, 24);
    assert_true(t.inst_sum == 12 && t.miss_sum == 2);
    expect(period(&d, NULL, m1), DWT_EVT_THRASH, 1, 24);
    expect(period(&d, NULL, m1), DWT_EVT_THRASH, 2, 24);
    expect(period(&d, NULL, m1), DWT_EVT_SAMPLE_START, 0, 24);
    assert_int_equal(d.state, DWT_ST_SAMPLE);
    limits(&d, 1, 2, 3, 4);
}

/* The whole flow on `small` (N = 2, M = 1, 2 entries, 24 warps):
 * kernel 7: thrash, thrash -> SampleStart; sampling: cores commit 4, 8, 12, 8 -> core 2 wins,
 *   limit min(3, 24) = 3 for all, stored in slot 0 (empty: not replaced). Then Hold.
 * kernel 9: sampling 4, 12, 8, 12: cores 1 and 3 tie -> core 1 (lowest), limit 2, slot 1.
 * kernel 7 again: thrash, thrash -> Reuse of slot 0, limit 3, no sampling.
 * kernel 11: sampling 0, 0, 0, 12 -> core 3, limit 4, slot 0 again (FIFO): replaces kernel 7.
 * kernel 7 again: forgotten -> SampleStart; kernel 9 (slot 1) is still remembered. */
static void test_flow_sample_reuse_fifo(void **state)
{
    (void)state;
    cm_dwt_t d;
    model(&d, small);
    static const unsigned s1[4] = {4, 8, 12, 8}, s2[4] = {4, 12, 8, 12}, s3[4] = {0, 0, 0, 12};
    cm_dwt_tick_t t = kstart(&d, 7);
    expect(t, DWT_EVT_KERNEL_START, 0, 24);
    assert_int_equal(t.kernel, 7);
    expect(period(&d, hot_i, hot_m), DWT_EVT_THRASH, 1, 24);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    limits(&d, 1, 2, 3, 4);
    t = period(&d, s1, NULL);
    expect(t, DWT_EVT_WINNER, 0, 3);
    assert_int_equal(t.winner, 2);
    assert_int_equal(t.slot, 0);
    assert_int_equal(t.replaced, 0);
    assert_int_equal(t.ties, 1);
    assert_true(t.inst_sum == 32);
    limits(&d, 3, 3, 3, 3);
    expect(period(&d, hot_i, hot_m), DWT_EVT_HOLD, 0, 3);
    limits(&d, 3, 3, 3, 3);

    expect(kstart(&d, 9), DWT_EVT_KERNEL_START, 0, 24);
    limits(&d, 24, 24, 24, 24);
    expect(period(&d, hot_i, hot_m), DWT_EVT_THRASH, 1, 24);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    t = period(&d, s2, NULL);
    expect(t, DWT_EVT_WINNER, 0, 2);
    assert_int_equal(t.winner, 1);
    assert_int_equal(t.ties, 2);
    assert_int_equal(t.slot, 1);

    kstart(&d, 7);
    expect(period(&d, hot_i, hot_m), DWT_EVT_THRASH, 1, 24);
    t = period(&d, hot_i, hot_m);
    expect(t, DWT_EVT_REUSE, 0, 3);
    assert_int_equal(t.slot, 0);
    assert_int_equal(d.state, DWT_ST_DONE);
    limits(&d, 3, 3, 3, 3);

    kstart(&d, 11);
    period(&d, hot_i, hot_m);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    t = period(&d, s3, NULL);
    expect(t, DWT_EVT_WINNER, 0, 4);
    assert_int_equal(t.winner, 3);
    assert_int_equal(t.slot, 0);
    assert_int_equal(t.replaced, 1);

    kstart(&d, 7);
    period(&d, hot_i, hot_m);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    kstart(&d, 9);
    period(&d, hot_i, hot_m);
    t = period(&d, hot_i, hot_m);
    expect(t, DWT_EVT_REUSE, 0, 2);
    assert_int_equal(t.slot, 1);
}

/* max_warps 2 with 4 cores: sampling limits min(c + 1, 2) = 1, 2, 2, 2. Core 3 wins with 12:
 * limit min(4, 2) = 2, capped. */
static void test_capped_limits(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "8", "dwt.detect_periods", "1",
                                    "dwt.max_warps", "2", "dwt.warp_bits", "2", NULL};
    model(&d, s);
    limits(&d, 2, 2, 2, 2);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 2); /* N = 1: the first */
    limits(&d, 1, 2, 2, 2);
    static const unsigned s1[4] = {0, 4, 8, 12};
    cm_dwt_tick_t t = period(&d, s1, NULL);
    expect(t, DWT_EVT_WINNER, 0, 2);
    assert_int_equal(t.winner, 3);
    assert_int_equal(t.capped, 1);
    limits(&d, 2, 2, 2, 2);
}

/* M = 3: totals over three periods. Sampling periods: (12, 0, 4, 4), (0, 8, 4, 4),
 * (0, 8, 4, 0): totals 12, 16, 12, 8 -> core 1, limit 2. The first two end as Sampling
 * with the counts' sums 20 and 16; the winner's period sums 12. */
static void test_sampling_periods(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "8", "dwt.detect_periods", "1",
                                    "dwt.sample_periods", "3", NULL};
    model(&d, s);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    static const unsigned p1[4] = {12, 0, 4, 4}, p2[4] = {0, 8, 4, 4}, p3[4] = {0, 8, 4, 0};
    cm_dwt_tick_t t = period(&d, p1, NULL);
    expect(t, DWT_EVT_SAMPLING, 0, 24);
    assert_true(t.inst_sum == 20);
    limits(&d, 1, 2, 3, 4);
    expect(period(&d, p2, NULL), DWT_EVT_SAMPLING, 0, 24);
    t = period(&d, p3, NULL);
    expect(t, DWT_EVT_WINNER, 0, 2);
    assert_int_equal(t.winner, 1);
    assert_true(t.inst_sum == 12);
}

/* Kernel starts (small: period 8, N = 2). One in a period's last cycle (cycle 7) drops that
 * period: no decision follows (cycles 8..10 quiet), and the next period ends 8 cycles after
 * the start, at cycle 15: a miss there, 1000 > 0, thrashes; its decision lands at T+3 =
 * cycle 18 as Thrash, count 1, kernel 5. One in the middle of sampling restores 24 warps and
 * restarts detection. */
static void test_kernel_start_timing(void **state)
{
    (void)state;
    cm_dwt_t d;
    model(&d, small);
    unsigned one[4] = {3, 3, 3, 3}, zero[4] = {0};
    cm_dwt_tick_t t;
    for (unsigned i = 0; i < 7; i++)
        assert_int_equal(cm_dwt_cycle(&d, one, 0xf, 0, 0, &t), 0);
    assert_int_equal(cm_dwt_cycle(&d, one, 0xf, 1, 5, &t), 1); /* cycle 7, the last: a start */
    expect(t, DWT_EVT_KERNEL_START, 0, 24);
    assert_int_equal(t.at_period_end, 1);
    assert_int_equal(t.cancelled, 0);
    assert_true(t.inst_sum == 0 && t.miss_sum == 0);
    for (unsigned i = 8; i < 15; i++) /* cycles 8..14: nothing pending, nothing decided */
        assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0);
    assert_int_equal(cm_dwt_cycle(&d, zero, 1, 0, 0, &t), 0); /* cycle 15, T: a miss */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 16 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 17 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 1); /* 18 = T+3 */
    expect(t, DWT_EVT_THRASH, 1, 24);
    assert_true(t.miss_sum == 1 && t.inst_sum == 0 && t.kernel == 5);
    expect(period(&d, hot_i, hot_m), DWT_EVT_SAMPLE_START, 0, 24);
    limits(&d, 1, 2, 3, 4);
    assert_int_equal(cm_dwt_cycle(&d, one, 0, 0, 0, &t), 0);
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 1, 5, &t), 1); /* mid-sampling */
    expect(t, DWT_EVT_KERNEL_START, 0, 24);
    assert_int_equal(t.state_before, DWT_ST_SAMPLE);
    assert_int_equal(t.cancelled, 0);
    limits(&d, 24, 24, 24, 24);
    assert_int_equal(d.state, DWT_ST_DETECT);
}

/* The pipeline (period 8, N = 1): cycle 0 has a miss and nothing else, so the period
 * (cycles 0..7) thrashes (1000 > 0); with N = 1 that starts sampling, which lands at T+3 =
 * cycle 10: cycles 8, 9, 10 still run every core at 24 warps, cycle 11 at 1, 2, 3, 4. Those
 * three cycles belong to the next period (8..15), the sampling one: core 3 commits 3 in each
 * (9 in all), core 1 commits 3 in cycles 11 and 12 (6), the others none: core 3 wins with
 * 9 > 6 and every core gets min(4, 24) = 4 at cycle 18 (T+3 of cycle 15), remembered in
 * slot 0. */
static void test_pipeline_landing(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "8", "dwt.detect_periods", "1", NULL};
    model(&d, s);
    unsigned zero[4] = {0}, c3[4] = {0, 0, 0, 3}, c1[4] = {0, 3, 0, 0};
    cm_dwt_tick_t t;
    assert_int_equal(cm_dwt_cycle(&d, zero, 1, 0, 0, &t), 0); /* cycle 0 */
    for (unsigned i = 1; i < 8; i++)
        assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 1..7; 7 is T */
    limits(&d, 24, 24, 24, 24);
    assert_int_equal(cm_dwt_cycle(&d, c3, 0, 0, 0, &t), 0); /* 8 */
    limits(&d, 24, 24, 24, 24);
    assert_int_equal(cm_dwt_cycle(&d, c3, 0, 0, 0, &t), 0); /* 9 */
    limits(&d, 24, 24, 24, 24);
    assert_int_equal(cm_dwt_cycle(&d, c3, 0, 0, 0, &t), 1); /* 10 = T+3 */
    expect(t, DWT_EVT_SAMPLE_START, 0, 24);
    assert_true(t.miss_sum == 1 && t.inst_sum == 0);
    limits(&d, 1, 2, 3, 4);
    assert_int_equal(cm_dwt_cycle(&d, c1, 0, 0, 0, &t), 0); /* 11 */
    assert_int_equal(cm_dwt_cycle(&d, c1, 0, 0, 0, &t), 0); /* 12 */
    for (unsigned i = 13; i < 18; i++)
        assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 13..17 (15 is T) */
    limits(&d, 1, 2, 3, 4);
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 1); /* 18 */
    expect(t, DWT_EVT_WINNER, 0, 4);
    assert_int_equal(t.winner, 3);
    assert_true(t.inst_sum == 15);
    assert_int_equal(t.slot, 0);
    limits(&d, 4, 4, 4, 4);
}

/* A kernel start at T+1, T+2 or T+3 cancels the pending decision (period 8, N = 1: the miss
 * of cycle 0 would start sampling at cycle 10): the start is the event, carrying 3, 2 or 1
 * cycles left; no decision follows; every core stays at 24 warps, detecting kernel 5, and the
 * new period ends 8 cycles after the start. */
static void test_kstart_cancels(void **state)
{
    (void)state;
    static const char *const s[] = {"dwt.period", "8", "dwt.detect_periods", "1", NULL};
    unsigned zero[4] = {0};
    for (unsigned k = 1; k <= 3; k++) {
        cm_dwt_t d;
        cm_dwt_tick_t t;
        model(&d, s);
        assert_int_equal(cm_dwt_cycle(&d, zero, 1, 0, 0, &t), 0);
        for (unsigned i = 1; i < 7 + k; i++) /* up to T + k - 1 */
            assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0);
        assert_int_equal(cm_dwt_cycle(&d, zero, 0, 1, 5, &t), 1); /* T + k */
        expect(t, DWT_EVT_KERNEL_START, 0, 24);
        assert_int_equal(t.cancelled, 4 - k);
        assert_int_equal(t.at_period_end, 0);
        for (unsigned i = 0; i < 7; i++) { /* the new period's cycles 0..6: no event */
            assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0);
            limits(&d, 24, 24, 24, 24);
        }
        assert_int_equal(d.state, DWT_ST_DETECT);
        assert_int_equal(d.kernel, 5);
        assert_int_equal(d.t, 7);
    }
}

/* Saturation: inst_bits 8, period 300, every core 255 instructions and a miss each cycle:
 * 255 x 300 = 76,500 saturates at 65,535 per core; the sum is 4 x 65,535 = 262,140 (wider
 * than 16 bits); misses 4 x 300 = 1,200: 1,200,000 > 10 x 262,140 = 2,621,400? no: Quiet.
 * With threshold 4: 1,200,000 > 1,048,560: Thrash. */
static void test_saturation(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "300", "dwt.inst_bits", "8", NULL};
    model(&d, s);
    static const unsigned full[4] = {76500, 76500, 76500, 76500}, m[4] = {300, 300, 300, 300};
    cm_dwt_tick_t t = period(&d, full, m);
    expect(t, DWT_EVT_QUIET, 0, 24);
    assert_true(t.inst_sum == 262140 && t.miss_sum == 1200);
    assert_int_equal(t.saturated, 1);
    static const char *const s4[] = {"dwt.period", "300", "dwt.inst_bits", "8",
                                     "dwt.mpki_threshold", "4", NULL};
    model(&d, s4);
    t = period(&d, full, m);
    expect(t, DWT_EVT_THRASH, 1, 24);
    assert_true(t.inst_sum == 262140);
}

/* The shortest period, 3 cycles (N = 1, M = 1): a decision lands in the last cycle of the
 * next period, whose own decision then sees the new state. Cycle 0: a miss; the period 0..2
 * thrashes, SampleStart lands at cycle 5, the last of period 3..5, which is therefore the
 * sampling period (run at 24 warps throughout): core 0 commits 3, 3, 0, core 1 3, 3, 3 in
 * cycles 3, 4, 5: core 1 wins (9 > 6), limit 2 at cycle 8; period 6..8 is then judged
 * decided: Hold at cycle 11. Periods of 1 and 2 cycles are refused, naming the key. */
static void test_period_three(void **state)
{
    (void)state;
    cm_dwt_t d;
    static const char *const s[] = {"dwt.period", "3", "dwt.detect_periods", "1", NULL};
    model(&d, s);
    unsigned zero[4] = {0}, a[4] = {3, 3, 0, 0}, b[4] = {0, 3, 0, 0};
    cm_dwt_tick_t t;
    assert_int_equal(cm_dwt_cycle(&d, zero, 1, 0, 0, &t), 0); /* 0 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 1 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 2: T */
    assert_int_equal(cm_dwt_cycle(&d, a, 0, 0, 0, &t), 0);    /* 3 */
    assert_int_equal(cm_dwt_cycle(&d, a, 0, 0, 0, &t), 0);    /* 4 */
    limits(&d, 24, 24, 24, 24);
    assert_int_equal(cm_dwt_cycle(&d, b, 0, 0, 0, &t), 1);    /* 5: T+3 and a T */
    expect(t, DWT_EVT_SAMPLE_START, 0, 24);
    limits(&d, 1, 2, 3, 4);
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 6 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 0); /* 7 */
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 1); /* 8 */
    expect(t, DWT_EVT_WINNER, 0, 2);
    assert_int_equal(t.winner, 1);
    assert_true(t.inst_sum == 15);
    limits(&d, 2, 2, 2, 2);
    for (unsigned i = 9; i < 11; i++)
        assert_int_equal(cm_dwt_cycle(&d, zero, 1, 0, 0, &t), 0);
    assert_int_equal(cm_dwt_cycle(&d, zero, 0, 0, 0, &t), 1); /* 11 */
    expect(t, DWT_EVT_HOLD, 0, 2);
    cfg_t c;
    char err[256];
    cfg_defaults(&c);
    assert_int_equal(cfg_set(&c, "l1.mode", "sacat", err, sizeof err), 0);
    assert_int_not_equal(cfg_set(&c, "dwt.period", "2", err, sizeof err), 0);
    assert_non_null(strstr(err, "dwt.period = 2"));
    assert_int_not_equal(cfg_set(&c, "dwt.period", "1", err, sizeof err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_state),
        cmocka_unit_test(test_detection_compare),
        cmocka_unit_test(test_flow_sample_reuse_fifo),
        cmocka_unit_test(test_capped_limits),
        cmocka_unit_test(test_sampling_periods),
        cmocka_unit_test(test_kernel_start_timing),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_pipeline_landing),
        cmocka_unit_test(test_kstart_cancels),
        cmocka_unit_test(test_period_three),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
