/* test_cm_gcache: cmocka unit tests of the G-Cache L1 policy (cm_gcache, SPEC 3.5) against
 * hand-worked expectations: the switch turning on before the check, the bypass check with
 * TH_hot and TH_victim, bypass aging (every bypass, and every M-th), the victim-bit insertion
 * RRPVs, invalid ways first, the periodic switch reset as its own event, stores leaving the
 * switch state alone, per-set independence; and the walk of paper 000's Figure 7 through a
 * 2-way G-Cache L1 in front of the L2 model (cm_l2).
 * Build: cc -std=c11 -I. cmodel/test_cm_gcache.c build/libcmodel.a build/libcore.a -lyaml
 *        -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_cfg.h"

#include "cm_l1_int.h"
#include "cm_l2.h"

/* Base geometry: 2 sets x 2 ways x 16-byte lines, 16-bit addresses (b = 4, m = 1), SRRIP
 * with 3-bit RRPVs (largest 7: cold insertion 7, victim-bit insertion 6), TH_hot 2,
 * TH_victim 1, M = 1, no periodic reset. The line of tag t in set s starts at t<<5 | s<<4. */
#define ADDR(tag, set) (((uint64_t)(tag) << 5) | ((uint64_t)(set) << 4))
#define LINE_BYTES 16

/* ---- helpers --------------------------------------------------------------------------- */

static void base_cfg(cfg_t *c, const char *const *kv)
{
    static const char *const base[] = {"l1.sets", "2", "l1.ways", "2", "l1.line_bytes", "16",
                                       "l1.addr_bits", "16", "l1.replacement", "srrip",
                                       "l1.rrpv_bits", "3", "l1.mode", "gcache", NULL};
    test_cfg(c, base, kv);
}

static cm_l1_t *model(const char *const *kv)
{
    cfg_t c;
    cm_l1_t *m = NULL;
    base_cfg(&c, kv);
    assert_int_equal(cm_l1_new(&c, &m), 0);
    assert_non_null(m);
    return m;
}

static void req(cm_req_t *q, int store, uint64_t addr)
{
    memset(q, 0, sizeof *q);
    q->store = (uint8_t)store;
    q->addr = addr;
    q->id = 3;
    if (store) {
        bv_put(&q->be, 0, 1, 1);
        bv_set_byte(&q->wdata, 0, 0xab);
    }
}

static void pattern(bv_t *v, uint64_t addr)
{
    bv_zero(v);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        bv_set_byte(v, i, (uint8_t)((addr >> 4) + i));
}

/* A load that misses in the L1 and is answered with victim bit `v`; returns the fill. */
static lay_decision_t load_miss(cm_l1_t *m, uint64_t addr, unsigned v, cm_result_t *f)
{
    cm_req_t q;
    cm_result_t a;
    bv_t d;
    req(&q, 0, addr);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    pattern(&d, addr);
    cm_l1_fill_hint(m, a.mshr, &d, v, f);
    assert_int_equal(f->kind, EVT_FILL);
    assert_int_equal(f->responds, 1);
    assert_int_equal(f->vbit, v);
    assert_true(bv_eq(&f->data, &d, 8 * LINE_BYTES));
    if (f->dec == DEC_FILL)
        assert_int_equal(f->status, ST_MISS);
    else
        assert_int_equal(f->status, ST_BYPASS);
    return f->dec;
}

static void load_hit(cm_l1_t *m, uint64_t addr)
{
    cm_req_t q;
    cm_result_t a;
    req(&q, 0, addr);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
}

static void expect_rrpv(const cm_l1_t *m, unsigned set, unsigned r0, unsigned r1)
{
    assert_int_equal(m->rows[set].way[0].repl, r0);
    assert_int_equal(m->rows[set].way[1].repl, r1);
}

/* Set 0 full of tags 1 (way 0) and 2 (way 1), both hit since: RRPVs [0, 0], switch off. */
static void hot_pair(cm_l1_t *m)
{
    cm_result_t f;
    assert_int_equal(load_miss(m, ADDR(1, 0), 0, &f), DEC_FILL);
    assert_int_equal(load_miss(m, ADDR(2, 0), 0, &f), DEC_FILL);
    expect_rrpv(m, 0, 7, 7); /* cold insertion: victim bit 0 -> 2^3-1 */
    load_hit(m, ADDR(1, 0));
    load_hit(m, ADDR(2, 0));
    expect_rrpv(m, 0, 0, 0);
    assert_int_equal(cm_gc(m)->sw[0], 0);
}

/* ---- the rules of SPEC 3.5 ---------------------------------------------------------------- */

/* Switch off: no bypass however hot the set. [0, 0]; tag 3 with victim bit 0 is inserted by
 * the victim rule: age by 7 to [7, 7], replace way 0, insert cold at 7. */
static void test_switch_off_never_bypasses(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t f;
    hot_pair(m);
    assert_int_equal(load_miss(m, ADDR(3, 0), 0, &f), DEC_FILL);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_valid, 1);
    assert_int_equal(f.evict_tag, 1);
    assert_int_equal(f.aged, 1);
    assert_true(f.paths & CM_PATH_GC_INSERT_COLD);
    expect_rrpv(m, 0, 7, 7);
    assert_int_equal(cm_gc(m)->sw[0], 0);
    cm_l1_free(m);
}

/* Victim bit 1 turns the switch on before the check: [0, 0] are both below TH_victim = 1, so
 * tag 3 is bypassed (nothing installed, status BYPASS) and the set ages to [1, 1]. */
static void test_victim_bit_switches_on_and_bypasses(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t f;
    hot_pair(m);
    assert_int_equal(load_miss(m, ADDR(3, 0), 1, &f), DEC_FILL_BYPASS);
    assert_true(f.paths & CM_PATH_GC_SWITCH_ON);
    assert_true(f.paths & CM_PATH_GC_BYPASS_AGED);
    assert_int_equal(f.aged, 1);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(cm_gc(m)->sw[0], 1);
    expect_rrpv(m, 0, 1, 1);
    assert_int_equal(m->rows[0].way[0].tag, 1);
    assert_int_equal(m->rows[0].way[1].tag, 2);
    assert_int_equal(m->cnt[CNT_BYPASSES], 1);
    assert_int_equal(m->cnt[CNT_FILLS], 2);
    assert_int_equal(cm_gc(m)->sw[1], 0); /* the other set is untouched */
    cm_l1_free(m);
}

/* With the switch on, the threshold follows the victim bit. [1, 1] after the bypass above:
 * victim bit 1 (TH_victim 1): 1 < 1 fails -> insert by the victim rule (age by 6 to [7, 7],
 * way 0) at 6; on a fresh [1, 1], victim bit 0 (TH_hot 2): bypass, [2, 2]; then victim bit 0
 * again: 2 < 2 fails -> insert cold: age by 5 to [7, 7], way 0, RRPV 7. */
static void test_thresholds(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t f;
    hot_pair(m);
    load_miss(m, ADDR(3, 0), 1, &f);
    expect_rrpv(m, 0, 1, 1);
    assert_int_equal(load_miss(m, ADDR(4, 0), 1, &f), DEC_FILL);
    assert_true(f.paths & CM_PATH_GC_NOT_ALL_HOT);
    assert_true(f.paths & CM_PATH_GC_INSERT_HOT);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_tag, 1);
    expect_rrpv(m, 0, 6, 7);
    cm_l1_free(m);

    m = model(NULL);
    hot_pair(m);
    load_miss(m, ADDR(3, 0), 1, &f); /* switch on, [1, 1] */
    assert_int_equal(load_miss(m, ADDR(4, 0), 0, &f), DEC_FILL_BYPASS);
    assert_false(f.paths & CM_PATH_GC_SWITCH_ON); /* already on */
    expect_rrpv(m, 0, 2, 2);
    assert_int_equal(load_miss(m, ADDR(5, 0), 0, &f), DEC_FILL);
    assert_int_equal(f.way, 0);
    expect_rrpv(m, 0, 7, 7);
    assert_int_equal(cm_gc(m)->sw[0], 1); /* a fill never turns it off */
    cm_l1_free(m);
}

/* An invalid way takes the line even with the switch on: switch on in set 0, flush (the
 * sweep clears the rows; the switch, a flop, stays on), then victim bit 1 fills way 0 at 6. */
static void test_invalid_way_first(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t f, s;
    hot_pair(m);
    load_miss(m, ADDR(3, 0), 1, &f);
    cm_l1_sweep(m, 0, &s);
    assert_int_equal(cm_gc(m)->sw[0], 1);
    assert_int_equal(load_miss(m, ADDR(3, 0), 1, &f), DEC_FILL);
    assert_true(f.paths & CM_PATH_GC_INVALID_WAY);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(m->rows[0].way[0].repl, 6);
    cm_l1_free(m);
}

/* M = 3 and TH_hot = 7 (every RRPV below 7 is hot): from [0, 0] with the switch turned on by
 * the first bypass, bypasses 1 and 2 leave the set alone (counter 1, 2), bypass 3 wraps the
 * counter to 0 and ages to [1, 1]; 4, 5 wait, 6 ages to [2, 2]. */
static void test_bypass_age_every_m(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.gc_bypass_age_every", "3", "l1.gc_th_hot", "7", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t f;
    hot_pair(m);
    static const unsigned count[] = {1, 2, 0, 1, 2, 0};
    static const unsigned rrpv[] = {0, 0, 1, 1, 1, 2};
    for (unsigned i = 0; i < 6; i++) {
        assert_int_equal(load_miss(m, ADDR(10 + i, 0), i == 0, &f), DEC_FILL_BYPASS);
        assert_int_equal(cm_gc(m)->count[0], count[i]);
        expect_rrpv(m, 0, rrpv[i], rrpv[i]);
        assert_true(f.paths & (count[i] ? CM_PATH_GC_BYPASS_NO_AGE : CM_PATH_GC_BYPASS_AGED));
        assert_int_equal(f.aged, count[i] == 0);
    }
    cm_l1_free(m);
}

/* Stores never touch the switch or the counter: a store hit on tag 1 with the switch on
 * only sets its RRPV to 0 (a hit, as in the baseline); a store miss changes nothing. */
static void test_stores_leave_switch(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.gc_bypass_age_every", "2", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t f, a;
    cm_req_t q;
    hot_pair(m);
    load_miss(m, ADDR(3, 0), 1, &f); /* switch on, counter 1, no aging: [0, 0] */
    assert_int_equal(cm_gc(m)->count[0], 1);
    load_hit(m, ADDR(2, 0));
    req(&q, 1, ADDR(1, 0));
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_ST_HIT);
    req(&q, 1, ADDR(9, 0));
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_ST_MISS);
    assert_int_equal(cm_gc(m)->sw[0], 1);
    assert_int_equal(cm_gc(m)->count[0], 1);
    expect_rrpv(m, 0, 0, 0);
    cm_l1_free(m);
}

/* Period 3: accepted requests are counted, stalls are not. Load miss (1), a load of the same
 * line stalls (not counted), store miss (2), its fill, load hit (3): the third reports
 * reset_due. The reset event clears every switch and counter; counting restarts. */
static void test_switch_reset_period(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.gc_switch_reset_period", "3",
                                     "l1.gc_bypass_age_every", "2", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t f, a, r;
    cm_req_t q;
    hot_pair(m); /* 4 accepted requests: 4 mod 3 = 1 left in the period */
    assert_int_equal(cm_gc(m)->requests, 1);
    load_miss(m, ADDR(3, 0), 1, &f); /* 2: switch on, counter 1 */
    assert_int_equal(cm_gc(m)->requests, 2);
    assert_int_equal(cm_gc(m)->sw[0], 1);
    req(&q, 0, ADDR(5, 1));
    cm_l1_access(m, &q, &a); /* 3: completes the period */
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.reset_due, 1);
    assert_int_equal(cm_gc(m)->reset_pending, 1);
    assert_int_equal(cm_gc(m)->requests, 0);
    cm_req_t q2;
    req(&q2, 1, ADDR(5, 1));
    cm_l1_access(m, &q2, &r);
    assert_int_equal(r.dec, DEC_STALL_LINE); /* not counted */
    assert_int_equal(cm_gc(m)->requests, 0);
    cm_l1_switch_reset(m, &r);
    assert_int_equal(r.kind, EVT_SWITCH_RESET);
    assert_int_equal(cm_gc(m)->sw[0], 0);
    assert_int_equal(cm_gc(m)->count[0], 0);
    assert_int_equal(cm_gc(m)->reset_pending, 0);
    bv_t d;
    pattern(&d, ADDR(5, 1));
    cm_l1_fill_hint(m, a.mshr, &d, 0, &f);
    load_hit(m, ADDR(5, 1)); /* 1 */
    load_hit(m, ADDR(5, 1)); /* 2 */
    req(&q, 1, ADDR(5, 1));
    cm_l1_access(m, &q, &a); /* 3: a store also counts */
    assert_int_equal(a.dec, DEC_ST_HIT);
    assert_int_equal(a.reset_due, 1);
    cm_l1_free(m);
}

/* Without a hint, a gcache fill is a victim-bit-0 fill; other modes ignore the hint. */
static void test_fill_without_hint_and_other_modes(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_req_t q;
    cm_result_t a, f;
    bv_t d;
    req(&q, 0, ADDR(1, 0));
    cm_l1_access(m, &q, &a);
    pattern(&d, ADDR(1, 0));
    cm_l1_fill(m, a.mshr, &d, &f);
    assert_int_equal(f.vbit, 0);
    assert_int_equal(m->rows[0].way[0].repl, 7);
    cm_l1_free(m);

    static const char *const base_mode[] = {"l1.mode", "baseline", NULL};
    m = model(base_mode);
    assert_null(m->mech); /* the baseline has no mechanism state */
    req(&q, 0, ADDR(1, 0));
    cm_l1_access(m, &q, &a);
    cm_l1_fill_hint(m, a.mshr, &d, 1, &f);
    assert_int_equal(f.dec, DEC_FILL);
    assert_int_equal(m->rows[0].way[0].repl, 6); /* plain SRRIP insertion, 2^3-2 */
    cm_l1_free(m);
}

/* ---- paper 000, Figure 7 ------------------------------------------------------------------ */

/* One L1 set (set 0 of a 2-set L1: every line below lies in it), 2 ways, 3-bit RRPV, TH_hot 2,
 * TH_victim 1, M = 1, one core, in front of a 2-set 4-way L2 big enough to keep all four
 * lines. Each L1 miss reads the L2 (memory answers L2 misses at once); the victim bit comes
 * back with the data and drives the fill. Worked by hand, [way 0, way 1] RRPVs after:
 *  1 a1  L2 miss v0: way 0 cold             [a1:7, -]     M
 *  2 a2  L2 miss v0: way 1 cold             [a1:7, a2:7]  M
 *  3 b1  L2 miss v0: switch off, victim a1  [b1:7, a2:7]  M
 *  4 a2  hit                                [b1:7, a2:0]  H
 *  5 a1  L2 hit v1: switch on; b1 = 7 is not below TH_victim 1: victim b1, insert at 6
 *                                           [a1:6, a2:0]  M
 *  6 a1  hit                                [a1:0, a2:0]  H
 *  7 b1  L2 hit v1: 0, 0 < 1: bypass, age   [1, 1]        B
 *  8 b2  L2 miss v0: 1, 1 < 2: bypass, age  [2, 2]        B
 *  9 a1  hit                                [0, 2]        H
 * 10 a2  hit                                [0, 0]        H
 * 11 b1  L2 hit v1: 0, 0 < 1: bypass, age   [1, 1]        B
 * 12 b1  L2 hit v1: 1 is not below 1: age by 6 to [7, 7], victim a1, insert at 6
 *                                           [b1:6, a2:7]  M
 * This is the paper's M M M H M H B B H H B M. */
static void test_figure7(void **state)
{
    (void)state;
    static const char *const kv[] = {"system.cores", "1", "l2.sets", "2", "l2.ways", "4",
                                     "l2.mshrs", "2", NULL};
    cfg_t c;
    base_cfg(&c, kv);
    cm_l1_t *l1 = NULL;
    cm_l2_t *l2 = NULL;
    assert_int_equal(cm_l1_new(&c, &l1), 0);
    assert_int_equal(cm_l2_new(&c, &l2), 0);
    enum { A1 = 1, A2 = 2, B1 = 3, B2 = 4 }; /* tags in L1 set 0 */
    static const unsigned stream[12] = {A1, A2, B1, A2, A1, A1, B1, B2, A1, A2, B1, B1};
    static const char want[] = "MMMHMHBBHHBM";
    static const int vbit[12] = {0, 0, 0, -1, 1, -1, 1, 0, -1, -1, 1, 1}; /* -1: L1 hit */
    static const uint8_t rrpv[12][2] = {{7, 0}, {7, 7}, {7, 7}, {7, 0}, {6, 0}, {0, 0},
                                        {1, 1}, {2, 2}, {0, 2}, {0, 0}, {1, 1}, {6, 7}};
    static const unsigned tag0[12] = {A1, A1, B1, B1, A1, A1, A1, A1, A1, A1, A1, B1};
    char got[13] = "";
    for (unsigned i = 0; i < 12; i++) {
        uint64_t addr = ADDR(stream[i], 0);
        cm_req_t q;
        cm_result_t a, f;
        memset(&q, 0, sizeof q);
        q.addr = addr;
        q.id = i;
        cm_l1_access(l1, &q, &a);
        if (a.dec == DEC_LD_HIT) {
            got[i] = 'H';
        } else {
            assert_int_equal(a.dec, DEC_LD_MISS);
            cm_l2_result_t r;
            cm_l2_access(l2, 0, 0, addr >> 4, NULL, NULL, i, &r);
            if (r.dec == DEC_LD_MISS) {
                cm_l2_mem_t mq;
                bv_t d;
                assert_int_equal(cm_l2_mem_pop(l2, &mq), 1);
                pattern(&d, addr);
                cm_l2_fill(l2, mq.mshr, &d, &r);
            }
            assert_int_equal(r.responds, 1);
            assert_int_equal(r.vbit, vbit[i]);
            cm_l1_fill_hint(l1, a.mshr, &r.data, r.vbit, &f);
            got[i] = f.dec == DEC_FILL ? 'M' : 'B';
        }
        if (want[i] != got[i])
            fail_msg("access %u: got %s, want %s", i + 1, got, want);
        expect_rrpv(l1, 0, rrpv[i][0], rrpv[i][1]);
        assert_int_equal(l1->rows[0].way[0].tag, tag0[i]);
    }
    assert_string_equal(got, want);
    assert_int_equal(cm_gc(l1)->sw[0], 1);
    assert_int_equal(l1->cnt[CNT_BYPASSES], 3);
    assert_int_equal(l1->cnt[CNT_HITS], 4);
    cm_l1_free(l1);
    cm_l2_free(l2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_switch_off_never_bypasses),
        cmocka_unit_test(test_victim_bit_switches_on_and_bypasses),
        cmocka_unit_test(test_thresholds),
        cmocka_unit_test(test_invalid_way_first),
        cmocka_unit_test(test_bypass_age_every_m),
        cmocka_unit_test(test_stores_leave_switch),
        cmocka_unit_test(test_switch_reset_period),
        cmocka_unit_test(test_fill_without_hint_and_other_modes),
        cmocka_unit_test(test_figure7),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
