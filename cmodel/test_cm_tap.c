/* test_cm_tap: cmocka unit tests of TAP (SPEC 3.8) against hand-worked expectations: the
 * core-sampling controller and XSRATIO (cm_tap: the cache-friendly test, the XSRATIO table
 * with its threshold and saturation, the masks, whole periods cycle by cycle), TAP-RRIP's
 * insertion, promotion and GPU-first victim (cm_tap_rrip), and TAP-UCP's partition with hit
 * counters divided by XSRATIO and the GPU held to one way (cm_tap_ucp).
 * Every expected value is a literal worked out by hand in the comments.
 * Build: see the Makefile (build/test_cm_tap). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cm_tap.h"
#include "cm_tap_rrip.h"
#include "cm_tap_ucp.h"

/* 3 GPU cores, 2 CPU ports (apps 0, 1; the GPU is app 2), alpha 5, T_xs 10. */
static const tap_params_t base = {3, 2, 16, 5, 10};

static void expect_tick(cm_tap_tick_t t, unsigned i1, unsigned i2, unsigned a_gpu,
                        unsigned a_cpu, unsigned friendly, unsigned ratio, unsigned sat,
                        unsigned xs, unsigned rrip_mask, unsigned ucp_mask)
{
    assert_int_equal(t.i1, i1);
    assert_int_equal(t.i2, i2);
    assert_int_equal(t.a_gpu, a_gpu);
    assert_int_equal(t.a_cpu, a_cpu);
    assert_int_equal(t.friendly, friendly);
    assert_int_equal(t.ratio, ratio);
    assert_int_equal(t.ratio_sat, sat);
    assert_int_equal(t.xsratio, xs);
    assert_int_equal(t.rrip_mask, rrip_mask);
    assert_int_equal(t.ucp_mask, ucp_mask);
}

/* ---- the controller --------------------------------------------------------------------- */

/* Refused: 2 GPU cores, 65; 0 or 16 CPU ports; period 0 or 11 (below TAP_LATENCY); alpha
 * 101; T_xs 0 or 1024.
 * Reset: XSRATIO 1, both masks 0, POL ids 0 and 1. Roles: GPU core 0 POL1, 1 POL2, 2 a
 * follower; a CPU port's core 0 or 1 is a follower. */
static void test_check_reset_roles(void **state)
{
    (void)state;
    static const tap_params_t bad[] = {
        {2, 2, 16, 5, 10}, {65, 2, 16, 5, 10}, {3, 0, 16, 5, 10}, {3, 16, 16, 5, 10},
        {3, 2, 0, 5, 10}, {3, 2, 11, 5, 10}, {3, 2, 16, 101, 10}, {3, 2, 16, 5, 0},
        {3, 2, 16, 5, 1024},
    };
    cm_tap_t t;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *why = NULL;
        assert_int_equal(tap_check(&bad[i], &why), -1);
        assert_non_null(why);
        t.xsratio = 777;
        assert_int_equal(cm_tap_init(&t, &bad[i]), -1);
        assert_int_equal(t.xsratio, 777);
    }
    assert_int_equal(cm_tap_init(&t, &base), 0);
    assert_int_equal(t.xsratio, 1);
    assert_int_equal(t.rrip_mask, 0);
    assert_int_equal(t.ucp_mask, 0);
    assert_int_equal(t.pol[0], 0);
    assert_int_equal(t.pol[1], 1);
    assert_int_equal(cm_tap_role(&t, 1, 0), CM_TAP_POL1);
    assert_int_equal(cm_tap_role(&t, 1, 1), CM_TAP_POL2);
    assert_int_equal(cm_tap_role(&t, 1, 2), CM_TAP_FOLLOWER);
    assert_int_equal(cm_tap_role(&t, 0, 0), CM_TAP_FOLLOWER);
    assert_int_equal(cm_tap_role(&t, 0, 1), CM_TAP_FOLLOWER);
}

/* Cache-friendly := 100*|I1 - I2| > alpha*max(I1, I2), alpha 5 unless said:
 *   100, 95: 500 > 500? no.        100, 94: 600 > 500: yes.   94, 100: the same, yes.
 *   0, 0: 0 > 0? no.               1, 0: 100 > 5: yes.
 *   alpha 0: 7, 7: 0 > 0? no; 8, 7: 100 > 0: yes.
 *   alpha 100: 1000, 0: 100000 > 100000? no (alpha 100 is never friendly).
 *   2^20-1, 0: 104,857,500 > 5,242,875: yes. */
static void test_friendly(void **state)
{
    (void)state;
    tap_params_t p = base;
    static const unsigned rows[][4] = {
        {5, 100, 95, 0}, {5, 100, 94, 1}, {5, 94, 100, 1}, {5, 0, 0, 0}, {5, 1, 0, 1},
        {0, 7, 7, 0},    {0, 8, 7, 1},    {100, 1000, 0, 0}, {5, 0xfffff, 0, 1},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        p.alpha = rows[i][0];
        assert_int_equal(cm_tap_decide(&p, rows[i][1], rows[i][2], 0, 0).friendly, rows[i][3]);
    }
}

/* XSRATIO, T_xs 10: r = a_gpu / max(a_cpu, 1), saturated at 1023; XSRATIO = r if r >= 10.
 *   a_gpu     a_cpu   r                       XSRATIO
 *   1000      100     10                      10 (= T_xs)
 *   999       100     9                       1
 *   20        3       6                       1
 *   100       200     0                       1
 *   0         0       0 (0 counts as 1)       1
 *   5000      0       5000 -> 1023, saturated 1023
 *   1023      1       1023, not saturated     1023
 *   1024      1       1024 -> 1023, saturated 1023
 *   2047      2       1023 (1023.5 floored)   1023
 *   1048575   1024    1023 (1023.999)         1023
 *   1048575   1       1048575 -> 1023, sat.   1023
 * T_xs 1: 100/200 = 0 < 1 -> 1; 150/100 = 1 -> 1; 300/100 = 3 -> 3.
 * T_xs 1023: 5115/5 = 1023 -> 1023; 5110/5 = 1022 -> 1. */
static void test_xsratio_table(void **state)
{
    (void)state;
    tap_params_t p = base;
    static const unsigned rows[][6] = { /* txs, a_gpu, a_cpu, r, saturated, xsratio */
        {10, 1000, 100, 10, 0, 10},     {10, 999, 100, 9, 0, 1},
        {10, 20, 3, 6, 0, 1},           {10, 100, 200, 0, 0, 1},
        {10, 0, 0, 0, 0, 1},            {10, 5000, 0, 1023, 1, 1023},
        {10, 1023, 1, 1023, 0, 1023},   {10, 1024, 1, 1023, 1, 1023},
        {10, 2047, 2, 1023, 0, 1023},   {10, 1048575, 1024, 1023, 0, 1023},
        {10, 1048575, 1, 1023, 1, 1023},
        {1, 100, 200, 0, 0, 1},         {1, 150, 100, 1, 0, 1},
        {1, 300, 100, 3, 0, 3},
        {1023, 5115, 5, 1023, 0, 1023}, {1023, 5110, 5, 1022, 0, 1},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        p.txs = rows[i][0];
        cm_tap_tick_t t = cm_tap_decide(&p, 0, 0, rows[i][1], rows[i][2]);
        assert_int_equal(t.ratio, rows[i][3]);
        assert_int_equal(t.ratio_sat, rows[i][4]);
        assert_int_equal(t.xsratio, rows[i][5]);
    }
}

/* The masks: UCP-Mask = not friendly; RRIP-Mask = not friendly or XSRATIO > 1.
 *   friendly (10 vs 20), XSRATIO 1 (a_gpu 5):  rrip 0, ucp 0
 *   friendly, XSRATIO 10 (a_gpu 10, a_cpu 1):  rrip 1, ucp 0
 *   not friendly (20 vs 20), XSRATIO 1:        rrip 1, ucp 1
 *   not friendly, XSRATIO 10:                  rrip 1, ucp 1 */
static void test_masks(void **state)
{
    (void)state;
    expect_tick(cm_tap_decide(&base, 10, 20, 5, 1), 10, 20, 5, 1, 1, 5, 0, 1, 0, 0);
    expect_tick(cm_tap_decide(&base, 10, 20, 10, 1), 10, 20, 10, 1, 1, 10, 0, 10, 1, 0);
    expect_tick(cm_tap_decide(&base, 20, 20, 5, 1), 20, 20, 5, 1, 0, 5, 0, 1, 1, 1);
    expect_tick(cm_tap_decide(&base, 20, 20, 10, 1), 20, 20, 10, 1, 0, 10, 0, 10, 1, 1);
}

/* Whole periods of 16 cycles (retired per GPU core 0, 1, 2; accesses per app 0, 1, GPU); a
 * period ending in cycle E lands its decision in cycle E + 12 (TAP_LATENCY): the calls of
 * cycles 27, 43, 59 and 75 return 1, every other call 0, and the masks change only then.
 * Period 1 (cycles 0..15), inputs in cycles 0..3: POL1 retires 2 a cycle (8), POL2 1 (4), the
 *   follower 3 (ignored); the GPU accesses 5 a cycle (20), app 0 once (cycle 0), app 1 twice
 *   (cycle 1): a_cpu = max(1, 2) = 2, r = 10 >= 10: XSRATIO 10; 400 > 40: friendly. rrip 1,
 *   ucp 0. Lands in cycle 27: XSRATIO is 1 after cycle 26's call, 10 after cycle 27's.
 * Period 2 (16..31): nothing: the counts were cleared (else I1 would be 16): 0, 0 not
 *   friendly; r 0: XSRATIO 1. rrip 1, ucp 1. Lands in cycle 43.
 * Period 3 (32..47): POL1 and POL2 25 a cycle in cycles 32..35 (100, 100): not friendly; GPU 9
 *   in cycle 34, app 1 once in cycle 35: r = 9 < 10: XSRATIO 1. rrip 1, ucp 1. Lands in 59.
 * Period 4 (48..63): inputs in its last cycle only: POL1 3, POL2 0: friendly (300 > 15); GPU 3:
 *   r = 3 (a_cpu 0 counts as 1): XSRATIO 1. rrip 0, ucp 0. Lands in cycle 75. */
static void test_periods(void **state)
{
    (void)state;
    cm_tap_t t;
    assert_int_equal(cm_tap_init(&t, &base), 0);
    cm_tap_tick_t k;
    static const uint32_t r1[3] = {2, 1, 3}, a1[4][3] = {{1, 0, 5}, {0, 2, 5}, {0, 0, 5}, {0, 0, 5}};
    static const uint32_t r3[3] = {25, 25, 0}, a3[4][3] = {{0}, {0}, {0, 0, 9}, {0, 1, 0}};
    static const uint32_t r4[3] = {3, 0, 0}, a4[3] = {0, 0, 3};
    for (unsigned c = 0; c < 76; c++) {
        const uint32_t *r = NULL, *a = NULL;
        if (c < 4)
            r = r1, a = a1[c];
        else if (c >= 32 && c < 36)
            r = r3, a = a3[c - 32];
        else if (c == 63)
            r = r4, a = a4;
        int landed = cm_tap_cycle(&t, r, a, &k);
        assert_int_equal(landed, c == 27 || c == 43 || c == 59 || c == 75);
        if (!landed)
            expect_tick(k, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        if (c == 26) {
            assert_int_equal(t.xsratio, 1);
            assert_int_equal(t.rrip_mask, 0);
        }
        if (c == 27) {
            expect_tick(k, 8, 4, 20, 2, 1, 10, 0, 10, 1, 0);
            assert_int_equal(t.xsratio, 10);
            assert_int_equal(t.rrip_mask, 1);
            assert_int_equal(t.ucp_mask, 0);
        }
        if (c == 42)
            assert_int_equal(t.xsratio, 10);
        if (c == 43) {
            expect_tick(k, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1);
            assert_int_equal(t.xsratio, 1);
        }
        if (c == 59)
            expect_tick(k, 100, 100, 9, 1, 0, 9, 0, 1, 1, 1);
        if (c == 75) {
            expect_tick(k, 3, 0, 3, 0, 1, 3, 0, 1, 0, 0);
            assert_int_equal(t.rrip_mask, 0);
            assert_int_equal(t.ucp_mask, 0);
        }
    }
}

/* 20-bit counters saturate at 1,048,575; period 12 (the least: a decision lands in the cycle
 * the next period ends), T_xs 10: POL1 retires 1,048,575 in cycle 0 and 5 in cycle 11; the GPU
 * accesses 2^19 in each (2^20 -> 1,048,575), app 0 once (cycle 11): r = 1,048,575 -> 1023
 * saturated; it lands in cycle 23, which also ends period 2: POL1 and POL2 retire 1 there
 * (1, 1: not friendly, r 0), landing in cycle 35. */
static void test_counter_saturation(void **state)
{
    (void)state;
    tap_params_t p = base;
    p.period = 12;
    cm_tap_t t;
    assert_int_equal(cm_tap_init(&t, &p), 0);
    cm_tap_tick_t k;
    static const uint32_t ra[3] = {1048575, 0, 0}, rb[3] = {5, 0, 0}, rc[3] = {1, 1, 0};
    static const uint32_t aa[3] = {0, 0, 524288}, ab[3] = {1, 0, 524288};
    for (unsigned c = 0; c < 36; c++) {
        const uint32_t *r = c == 0 ? ra : c == 11 ? rb : c == 23 ? rc : NULL;
        const uint32_t *a = c == 0 ? aa : c == 11 ? ab : NULL;
        assert_int_equal(cm_tap_cycle(&t, r, a, &k), c == 23 || c == 35);
        if (c == 23)
            expect_tick(k, 1048575, 0, 1048575, 1, 1, 1023, 1, 1023, 1, 0);
        if (c == 35)
            expect_tick(k, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1);
    }
}

/* ---- TAP-RRIP ----------------------------------------------------------------------------- */

/* DRRIP with 16 sets, L = 2, 3 apps (S = 8; the GPU, app 2, leads in sets 4 (SRRIP) and 5
 * (BRRIP)), 10-bit PSELs, n = 2. One miss in set 5 takes PSEL_2 to 511 (SRRIP for the GPU's
 * followers) and one in set 1 PSEL_0 to 511.
 *   POL1 in follower set 7: 3 (LRU), no BRRIP count. POL2 in set 4 (a GPU leader): 0 (MRU).
 *   GPU follower core, mask 0, set 7: PSEL says SRRIP: 2.
 *   mask 1, set 7: forced BRRIP: 3 (BRRIP insertion 1).
 *   mask 1, set 4 (GPU SRRIP leader): the leader keeps SRRIP: 2.
 *   mask 1, set 5 (GPU BRRIP leader): BRRIP: 3 (insertion 2).
 *   CPU app 0, mask 1, set 7: the mask is the GPU's only: PSEL_0 511, SRRIP: 2.
 * Then 29 masked GPU fills in set 15 (a follower): 3 each (insertions 3..31), POL1 and POL2
 * fills between them not counting; the next masked fill is the 32nd BRRIP insertion: 2. */
static void test_rrip_insert(void **state)
{
    (void)state;
    drrip_params_t dp = {16, 2, 3, 10, 2};
    cm_drrip_t d;
    assert_int_equal(cm_drrip_init(&d, &dp), 0);
    cm_drrip_miss(&d, 2, 5);
    cm_drrip_miss(&d, 0, 1);
    cm_tap_ins_t why;
    assert_int_equal(cm_tap_rrip_fill(&d, 0, 2, CM_TAP_POL1, 7, &why), 3);
    assert_int_equal(why, CM_TAP_INS_POL1);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_POL2, 4, &why), 0);
    assert_int_equal(why, CM_TAP_INS_POL2);
    assert_int_equal(d.brrip_cnt, 0);
    assert_int_equal(cm_tap_rrip_fill(&d, 0, 2, CM_TAP_FOLLOWER, 7, &why), 2);
    assert_int_equal(why, CM_TAP_INS_DRRIP);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_FOLLOWER, 7, &why), 3);
    assert_int_equal(why, CM_TAP_INS_MASK);
    assert_int_equal(d.brrip_cnt, 1);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_FOLLOWER, 4, &why), 2);
    assert_int_equal(why, CM_TAP_INS_DRRIP);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_FOLLOWER, 5, &why), 3);
    assert_int_equal(why, CM_TAP_INS_DRRIP);
    assert_int_equal(d.brrip_cnt, 2);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 0, CM_TAP_FOLLOWER, 7, &why), 2);
    assert_int_equal(why, CM_TAP_INS_DRRIP);
    for (unsigned i = 0; i < 29; i++) {
        assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_FOLLOWER, 15, &why), 3);
        assert_int_equal(why, CM_TAP_INS_MASK);
        assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, i & 1 ? CM_TAP_POL1 : CM_TAP_POL2, 15, NULL),
                         i & 1 ? 3 : 0);
    }
    assert_int_equal(d.brrip_cnt, 31);
    assert_int_equal(cm_tap_rrip_fill(&d, 1, 2, CM_TAP_FOLLOWER, 15, &why), 2);
    assert_int_equal(d.brrip_cnt, 0);
}

/* Promotion: a GPU hit with RRIP-Mask keeps its RRPV; without the mask, or a CPU hit, it is
 * promoted. */
static void test_rrip_promote(void **state)
{
    (void)state;
    assert_int_equal(cm_tap_rrip_promotes(1, 2, 2), 0);
    assert_int_equal(cm_tap_rrip_promotes(0, 2, 2), 1);
    assert_int_equal(cm_tap_rrip_promotes(1, 0, 2), 1);
    assert_int_equal(cm_tap_rrip_promotes(1, 1, 2), 1);
}

/* The victim, n = 2 (far = 3), 4 ways, the GPU is app 2:
 * (a) RRPVs 1 2 2 0, owners 2 0 2 1: the top is 2, every way ages by 1: 2 3 3 1; ways 1 and 2
 *     are at 3; mask 1: the GPU's way 2 (passing over way 1: gpu_first); mask 0: way 1.
 * (b) RRPVs 3 3 0 0, owners 0 1 2 2: no aging; no GPU line at 3: way 0 for either mask.
 * (c) RRPVs 3 3 1 1, owners 2 0 2 2: the GPU's way 0 is already the lowest: not gpu_first.
 * (d) RRPVs all 0, owners 0 2 1 2: all age by 3; mask 1: way 1 (gpu_first); mask 0: way 0. */
static void test_rrip_victim(void **state)
{
    (void)state;
    int gf;
    uint8_t r[4] = {1, 2, 2, 0};
    static const uint8_t oa[4] = {2, 0, 2, 1};
    assert_int_equal(cm_tap_rrip_victim(4, 2, r, oa, 2, 1, &gf), 2);
    assert_int_equal(gf, 1);
    static const uint8_t aged[4] = {2, 3, 3, 1};
    assert_memory_equal(r, aged, 4);
    uint8_t r0[4] = {1, 2, 2, 0};
    assert_int_equal(cm_tap_rrip_victim(4, 2, r0, oa, 2, 0, &gf), 1);
    assert_int_equal(gf, 0);
    assert_memory_equal(r0, aged, 4);
    uint8_t rb[4] = {3, 3, 0, 0};
    static const uint8_t ob[4] = {0, 1, 2, 2};
    assert_int_equal(cm_tap_rrip_victim(4, 2, rb, ob, 2, 1, &gf), 0);
    assert_int_equal(gf, 0);
    static const uint8_t same_b[4] = {3, 3, 0, 0};
    assert_memory_equal(rb, same_b, 4);
    uint8_t rc[4] = {3, 3, 1, 1};
    static const uint8_t oc[4] = {2, 0, 2, 2};
    assert_int_equal(cm_tap_rrip_victim(4, 2, rc, oc, 2, 1, &gf), 0);
    assert_int_equal(gf, 0);
    uint8_t rd[4] = {0, 0, 0, 0};
    static const uint8_t od[4] = {0, 2, 1, 2};
    assert_int_equal(cm_tap_rrip_victim(4, 2, rd, od, 2, 1, &gf), 1);
    assert_int_equal(gf, 1);
    static const uint8_t all3[4] = {3, 3, 3, 3};
    assert_memory_equal(rd, all3, 4);
    uint8_t rd0[4] = {0, 0, 0, 0};
    assert_int_equal(cm_tap_rrip_victim(4, 2, rd0, od, 2, 0, NULL), 0);
}

/* ---- TAP-UCP ------------------------------------------------------------------------------ */

/* Run a TAP-UCP partition of 8 ways among apps 0, 1 and the GPU (2) and compare. */
static void partition(const uint16_t *hits, unsigned xs, unsigned mask, const unsigned *want,
                      unsigned want_n, const unsigned (*want_steps)[3])
{
    unsigned alloc[3] = {9, 9, 9}, n = 99;
    cm_ucp_step_t st[8];
    assert_int_equal(cm_tap_ucp_partition(8, 3, hits, xs, mask, alloc, st, &n), 0);
    for (unsigned k = 0; k < 3; k++)
        assert_int_equal(alloc[k], want[k]);
    assert_int_equal(n, want_n);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(st[i].app, want_steps[i][0]);
        assert_int_equal(st[i].ways, want_steps[i][1]);
        assert_int_equal(st[i].hits, want_steps[i][2]);
    }
}

/* Counters (LRU positions 0..7):  app 0: 6 5 4 3 0 0 0 0   app 1: 2 0...   GPU: 50 40 30 20 10 0 0 0
 * (a) XSRATIO 1, no mask -- plain UCP: the GPU wins 50, 40, 30, 20, 10 (each above app 0's 6);
 *     then app 0 6, 5, 4 (app 1's 2 never wins). 3 / 0 / 5.
 * (b) XSRATIO 10: the GPU's counters become 5 4 3 2 1 0 0 0.
 *     app 0 6 (vs GPU 5); app 0 5 = GPU 5, tie, app 0; GPU 5 (vs 4); app 0 4 = GPU 4, app 0;
 *     GPU 4 (vs 3); app 0 3 = GPU 3, app 0; GPU 3 (app 0 now 0, app 1 2); last way: app 1 2 =
 *     GPU 2, tie, app 1. 4 / 1 / 3.
 * (c) XSRATIO 12 (floors): the GPU's counters become 4 3 2 1 0 0 0 0 (50/12 = 4, 10/12 = 0).
 *     app 0 6; app 0 5; app 0 4 = GPU 4, app 0; GPU 4 (app 0 3); app 0 3 = GPU 3, app 0; GPU 3
 *     (app 0 0, app 1 2); app 1 2 = GPU 2, app 1; GPU 2. 4 / 1 / 3.
 * (d) UCP-Mask: the GPU 1 way, out of the loop; apps 0 and 1 share 7: app 0 6, 5, 4, 3; app 1
 *     2; then 0 = 0 twice: app 0. 6 / 1 / 1. The same with XSRATIO 10. */
static void test_ucp_partition(void **state)
{
    (void)state;
    static const uint16_t h[24] = {6, 5, 4, 3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
                                   50, 40, 30, 20, 10, 0, 0, 0};
    static const unsigned a[3] = {3, 0, 5};
    static const unsigned a_st[][3] = {{2, 1, 50}, {2, 1, 40}, {2, 1, 30}, {2, 1, 20},
                                       {2, 1, 10}, {0, 1, 6},  {0, 1, 5},  {0, 1, 4}};
    partition(h, 1, 0, a, 8, a_st);
    static const unsigned b[3] = {4, 1, 3};
    static const unsigned b_st[][3] = {{0, 1, 6}, {0, 1, 5}, {2, 1, 5}, {0, 1, 4},
                                       {2, 1, 4}, {0, 1, 3}, {2, 1, 3}, {1, 1, 2}};
    partition(h, 10, 0, b, 8, b_st);
    static const unsigned c_st[][3] = {{0, 1, 6}, {0, 1, 5}, {0, 1, 4}, {2, 1, 4},
                                       {0, 1, 3}, {2, 1, 3}, {1, 1, 2}, {2, 1, 2}};
    partition(h, 12, 0, b, 8, c_st);
    static const unsigned d[3] = {6, 1, 1};
    static const unsigned d_st[][3] = {{0, 1, 6}, {0, 1, 5}, {0, 1, 4}, {0, 1, 3},
                                       {1, 1, 2}, {0, 1, 0}, {0, 1, 0}};
    partition(h, 1, 1, d, 7, d_st);
    partition(h, 10, 1, d, 7, d_st);
    /* The monitors' counters are not changed by the division. */
    assert_int_equal(h[16], 50);
}

/* Refused, nothing written: the mask with only the GPU (apps 1); XSRATIO 0 or 1024; 33 ways.
 * Allowed: 1 way under the mask -- the GPU's, the CPU apps none. Core-POL1's reads bypass;
 * its writes, and POL2's and followers' reads, allocate. */
static void test_ucp_refused_and_bypass(void **state)
{
    (void)state;
    static const uint16_t h[3 * 32] = {0};
    unsigned alloc[3] = {7, 7, 7};
    assert_int_equal(cm_tap_ucp_partition(8, 1, h, 1, 1, alloc, NULL, NULL), -1);
    assert_int_equal(cm_tap_ucp_partition(8, 3, h, 0, 0, alloc, NULL, NULL), -1);
    assert_int_equal(cm_tap_ucp_partition(8, 3, h, 1024, 0, alloc, NULL, NULL), -1);
    assert_int_equal(cm_tap_ucp_partition(33, 3, h, 1, 0, alloc, NULL, NULL), -1);
    assert_int_equal(alloc[0], 7);
    assert_int_equal(cm_tap_ucp_partition(1, 3, h, 1, 1, alloc, NULL, NULL), 0);
    assert_int_equal(alloc[0], 0);
    assert_int_equal(alloc[1], 0);
    assert_int_equal(alloc[2], 1);
    assert_int_equal(cm_tap_ucp_bypass(CM_TAP_POL1, 0), 1);
    assert_int_equal(cm_tap_ucp_bypass(CM_TAP_POL1, 1), 0);
    assert_int_equal(cm_tap_ucp_bypass(CM_TAP_POL2, 0), 0);
    assert_int_equal(cm_tap_ucp_bypass(CM_TAP_FOLLOWER, 0), 0);
}

/* A period end feeding the partition: period 12 with POL1 40, POL2 38 (200 > 200? no: not
 * friendly), the GPU 30 accesses, app 1 3, all in its last cycle (11); the decision lands in
 * cycle 23: r = 10: XSRATIO 10, UCP-Mask 1 -> the counters of test_ucp_partition give (d):
 * 6 / 1 / 1. */
static void test_tick_feeds_partition(void **state)
{
    (void)state;
    tap_params_t p = base;
    p.period = 12;
    cm_tap_t t;
    assert_int_equal(cm_tap_init(&t, &p), 0);
    static const uint32_t r[3] = {40, 38, 0}, a[3] = {0, 3, 30};
    cm_tap_tick_t k;
    for (unsigned c = 0; c < 23; c++)
        assert_int_equal(cm_tap_cycle(&t, c == 11 ? r : NULL, c == 11 ? a : NULL, &k), 0);
    assert_int_equal(cm_tap_cycle(&t, NULL, NULL, &k), 1);
    expect_tick(k, 40, 38, 30, 3, 0, 10, 0, 10, 1, 1);
    static const uint16_t h[24] = {6, 5, 4, 3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
                                   50, 40, 30, 20, 10, 0, 0, 0};
    unsigned alloc[3];
    assert_int_equal(cm_tap_ucp_partition(8, 3, h, t.xsratio, t.ucp_mask, alloc, NULL, NULL), 0);
    assert_int_equal(alloc[0], 6);
    assert_int_equal(alloc[1], 1);
    assert_int_equal(alloc[2], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_reset_roles),
        cmocka_unit_test(test_friendly),
        cmocka_unit_test(test_xsratio_table),
        cmocka_unit_test(test_masks),
        cmocka_unit_test(test_periods),
        cmocka_unit_test(test_counter_saturation),
        cmocka_unit_test(test_rrip_insert),
        cmocka_unit_test(test_rrip_promote),
        cmocka_unit_test(test_rrip_victim),
        cmocka_unit_test(test_ucp_partition),
        cmocka_unit_test(test_ucp_refused_and_bypass),
        cmocka_unit_test(test_tick_feeds_partition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
