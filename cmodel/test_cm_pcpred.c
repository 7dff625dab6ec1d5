/* test_cm_pcpred: cmocka unit tests of the PC-based bypass predictor (cm_pcpred, SPEC 3.6;
 * paper 001 sec. 3, Listing 1) against hand-worked expectations on a tiny cache: the hash,
 * reset and flush, the load-hit decrement (with its floor), the prediction at a miss and its
 * place in the MSHR, the three fill outcomes (bypass, correction, plain insertion) over valid
 * and invalid victims with saturation, stores and stalls leaving the predictor alone,
 * aliasing, the L2 bypass bit (cm_l2) on its own, a hand-walked stream through an L1 in front
 * of the L2 model, the row layout, and the predictor's independence of the replacement
 * policy and index function; and the system driver's false-positive count (sys_sim). Every
 * place where the model departs from Listing 1 carries a comment saying so and why.
 * Build: cc -std=c11 -I. cmodel/test_cm_pcpred.c build/libsim.a build/libcmodel.a
 *        build/libcore.a -lyaml -ljansson -lz -lzstd -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_cfg.h"

#include "cm_l1_int.h"
#include "cm_l2.h"
#include "sys_sim.h"

/* Base geometry: 2 sets x 2 ways x 16-byte lines, 16-bit addresses and PCs (b = 4, m = 1),
 * LRU, a 4-entry table of 2-bit counters (max 3), threshold 2, hash shift 2, 2 MSHRs; behind
 * it (where used) 2 cores over a 4-set 4-way LRU L2. The line of tag t in set s starts at
 * t<<5 | s<<4. With shift 2 and 4 entries, hash(PC) = (PC>>2 & 3) ^ (PC>>4 & 3) ^ ...:
 * PC_H(h) = h<<2 hashes to h, and 0x10 hashes to 1 like PC_H(1). */
#define ADDR(tag, set) (((uint64_t)(tag) << 5) | ((uint64_t)(set) << 4))
#define LINE_BYTES 16
#define PC_H(h) ((uint64_t)(h) << 2)
#define PC_ALIAS1 0x10u

/* ---- helpers --------------------------------------------------------------------------- */

static void base_cfg(cfg_t *c, const char *const *kv)
{
    static const char *const base[] = {
        "l1.sets", "2", "l1.ways", "2", "l1.line_bytes", "16", "l1.addr_bits", "16",
        "l1.pc_bits", "16", "l1.mshrs", "2", "l1.replacement", "lru", "l1.mode", "pcpred",
        "l1.pc_entries", "4", "l1.pc_counter_bits", "2", "l1.pc_threshold", "2",
        "l1.pc_hash_shift", "2", "system.cores", "2", "l2.sets", "4", "l2.ways", "4", NULL};
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

static cm_l2_t *l2_model(const char *const *kv)
{
    cfg_t c;
    cm_l2_t *m = NULL;
    base_cfg(&c, kv);
    assert_int_equal(cm_l2_new(&c, &m), 0);
    assert_non_null(m);
    return m;
}

static void req(cm_req_t *q, int store, uint64_t addr, uint64_t pc)
{
    memset(q, 0, sizeof q[0]);
    q->store = (uint8_t)store;
    q->addr = addr;
    q->pc = pc;
    q->id = 5;
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

static void table(cm_l1_t *m, unsigned t0, unsigned t1, unsigned t2, unsigned t3)
{
    const unsigned want[4] = {t0, t1, t2, t3};
    for (unsigned i = 0; i < 4; i++)
        if (cm_pc(m)->table[i] != want[i])
            fail_msg("table [%u %u %u %u], want [%u %u %u %u]", cm_pc(m)->table[0],
                     cm_pc(m)->table[1], cm_pc(m)->table[2], cm_pc(m)->table[3], t0, t1, t2, t3);
}

/* A load lookup that must miss; returns its result (the MSHR is in a->mshr). */
static void miss(cm_l1_t *m, uint64_t addr, uint64_t pc, cm_result_t *a)
{
    cm_req_t q;
    req(&q, 0, addr, pc);
    cm_l1_access(m, &q, a);
    assert_int_equal(a->kind, EVT_LOOKUP);
    assert_int_equal(a->dec, DEC_LD_MISS);
    assert_int_equal(a->mech.tbl_write, 0); /* a miss lookup never writes the table */
}

/* A load that misses and fills with bypass bit `b`; returns the fill's decision. */
static lay_decision_t load_fill(cm_l1_t *m, uint64_t addr, uint64_t pc, unsigned b,
                                cm_result_t *a, cm_result_t *f)
{
    bv_t d;
    miss(m, addr, pc, a);
    unsigned h = cm_pc(m)->hpc;
    pattern(&d, addr);
    cm_l1_fill_hint(m, a->mshr, &d, b, f);
    assert_int_equal(f->kind, EVT_FILL);
    assert_int_equal(f->responds, 1);
    assert_int_equal(f->vbit, b);
    assert_int_equal(f->pred, a->pred);
    assert_int_equal(cm_pc(m)->hpc, h); /* the fill installs the miss's hash */
    assert_true(bv_eq(&f->data, &d, 8 * LINE_BYTES));
    assert_int_equal(f->status, f->dec == DEC_FILL ? ST_MISS : ST_BYPASS);
    assert_int_equal(m->mshr[a->mshr].valid, 0);
    return f->dec;
}

static void load_hit(cm_l1_t *m, uint64_t addr, uint64_t pc, cm_result_t *a)
{
    cm_req_t q;
    req(&q, 0, addr, pc);
    cm_l1_access(m, &q, a);
    assert_int_equal(a->dec, DEC_LD_HIT);
}

/* ---- hash, reset, flush ---------------------------------------------------------------- */

static void test_hash(void **state)
{
    (void)state;
    cfg_t c;
    base_cfg(&c, NULL);
    for (unsigned h = 0; h < 4; h++)
        assert_int_equal(cm_pc_hash(&c.l1, PC_H(h)), h);
    assert_int_equal(cm_pc_hash(&c.l1, PC_ALIAS1), 1);  /* 0b100 >> 0: 00 ^ 01 */
    assert_int_equal(cm_pc_hash(&c.l1, 0x3), 0);        /* below the shift */
    /* PC bits above l1.pc_bits (16) do not reach the hash */
    assert_int_equal(cm_pc_hash(&c.l1, 0x10000 | PC_H(2)), 2);
    /* tian-gcn: 128 entries, 7-bit hash, shift 2, 32-bit PCs */
    cfg_t t;
    char err[256];
    assert_int_equal(cfg_preset(&t, "tian-gcn", err, sizeof err), 0);
    assert_int_equal(cm_pc_hash(&t.l1, 0x1a40), 0x10 ^ 0xd); /* 0x690: 0x10, then 0xd */
    assert_int_equal(cm_pc_hash(&t.l1, 0xffffffffu), 3);     /* 30 ones: 4 x 127 and 0b11 */
}

/* The fold XORs every group: 0xfffc >> 2 = 0x3fff is seven 2-bit groups of 11 (an odd count:
 * 3), 0x3ffc >> 2 = 0xfff six of them (0). */
static void test_hash_fold_count(void **state)
{
    (void)state;
    cfg_t c;
    base_cfg(&c, NULL);
    assert_int_equal(cm_pc_hash(&c.l1, 0xfffc), 3);
    assert_int_equal(cm_pc_hash(&c.l1, 0x3ffc), 0); /* 0xfff: six groups of 3 */
}

/* Reset: every counter 0 and every line's hash 0. A flush (the sweep) clears rows, hashes
 * included, but leaves the table: it is flops, cleared only by reset (a decision; the SPEC
 * says "reset to 0" and the paper is silent about flushes). */
static void test_reset_and_flush(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    table(m, 0, 0, 0, 0);
    for (unsigned s = 0; s < 2; s++)
        for (unsigned w = 0; w < 2; w++)
            assert_int_equal(m->rows[s].way[w].hpc, 0);
    load_fill(m, ADDR(1, 0), PC_H(3), 0, &a, &f);
    load_fill(m, ADDR(2, 0), PC_H(3), 0, &a, &f);
    load_fill(m, ADDR(3, 0), PC_H(3), 0, &a, &f); /* evicts tag 1: counter[3] = 1 */
    table(m, 0, 0, 0, 1);
    assert_int_equal(m->rows[0].way[0].hpc, 3);
    cm_l1_sweep(m, 0, &f);
    assert_int_equal(m->rows[0].way[0].hpc, 0);
    assert_int_equal(m->rows[0].way[0].valid, 0);
    table(m, 0, 0, 0, 1);
    cm_l1_free(m);
}

/* ---- load hit ---------------------------------------------------------------------------- */

/* Hit: the counter of the line's stored hash (the last PC to touch it) goes down, not the
 * current PC's; then the line takes the current PC's hash. */
static void test_hit_decrements_stored_hash(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 0), PC_H(1), 0, &a, &f);
    assert_int_equal(m->rows[0].way[0].hpc, 1);
    cm_pc(m)->table[1] = 2;
    cm_pc(m)->table[3] = 2;
    load_hit(m, ADDR(1, 0), PC_H(3), &a);
    assert_true(a.paths & CM_PATH_PC_HIT_DEC);
    assert_false(a.paths & CM_PATH_PC_HIT_FLOOR);
    assert_int_equal(a.mech.tbl_write, 1);
    assert_int_equal(a.mech.tbl_idx, 1);
    assert_int_equal(a.mech.tbl_val, 1);
    assert_int_equal(cm_pc(m)->hpc, 3);
    table(m, 0, 1, 0, 2);
    assert_int_equal(m->rows[0].way[0].hpc, 3);
    /* the next hit decrements counter[3], the hash the line now holds */
    load_hit(m, ADDR(1, 0), PC_H(1), &a);
    table(m, 0, 1, 0, 1);
    assert_int_equal(m->rows[0].way[0].hpc, 1);
    cm_l1_free(m);
}

/* Departure from Listing 1: it writes predictionTable[...]-- with no floor; the counters here
 * saturate at 0 (SPEC 3.6), so a hit on a line whose counter is 0 leaves it at 0. */
static void test_hit_floor(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 1), PC_H(2), 0, &a, &f);
    load_hit(m, ADDR(1, 1), PC_H(2), &a);
    assert_true(a.paths & CM_PATH_PC_HIT_FLOOR);
    assert_false(a.paths & CM_PATH_PC_HIT_DEC);
    assert_int_equal(a.mech.tbl_write, 1); /* the entry is addressed; its value stays 0 */
    assert_int_equal(a.mech.tbl_idx, 2);
    assert_int_equal(a.mech.tbl_val, 0);
    table(m, 0, 0, 0, 0);
    cm_l1_free(m);
}

/* ---- load miss --------------------------------------------------------------------------- */

/* counter >= threshold predicts a bypass; the prediction and the hash go into the MSHR and
 * the result (the RTL sends the prediction with the read). Departure from Listing 1: the
 * listing picks the victim and increments its counter at the miss when it predicts "keep";
 * here the miss lookup leaves the table alone and the fill does it (allocation on fill:
 * the victim is only known for sure, and the bypass bit only arrives, with the data). */
static void test_miss_predicts(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a;
    cm_pc(m)->table[1] = 1; /* threshold - 1: keep */
    cm_pc(m)->table[2] = 2; /* threshold: bypass */
    miss(m, ADDR(1, 0), PC_H(1), &a);
    assert_int_equal(a.pred, 0);
    assert_int_equal(cm_pc(m)->hpc, 1);
    assert_true(a.paths & CM_PATH_PC_PREDICT_KEEP);
    assert_int_equal(m->mshr[a.mshr].pred, 0);
    assert_int_equal(m->mshr[a.mshr].hpc, 1);
    miss(m, ADDR(1, 1), PC_H(2), &a);
    assert_int_equal(a.mshr, 1);
    assert_int_equal(a.pred, 1);
    assert_int_equal(cm_pc(m)->hpc, 2);
    assert_true(a.paths & CM_PATH_PC_PREDICT_BYPASS);
    assert_int_equal(m->mshr[1].pred, 1);
    assert_int_equal(m->mshr[1].hpc, 2);
    table(m, 0, 1, 2, 0);
    assert_int_equal(m->cnt[CNT_MISSES], 2);
    cm_l1_free(m);
}

/* Threshold 0 predicts every miss; the largest counter value (3) predicts only saturated
 * entries. */
static void test_threshold_extremes(void **state)
{
    (void)state;
    static const char *const zero[] = {"l1.pc_threshold", "0", NULL};
    static const char *const top[] = {"l1.pc_threshold", "3", NULL};
    cm_l1_t *m = model(zero);
    cm_result_t a;
    miss(m, ADDR(1, 0), PC_H(0), &a);
    assert_int_equal(a.pred, 1);
    cm_l1_free(m);
    m = model(top);
    cm_pc(m)->table[0] = 2;
    miss(m, ADDR(1, 0), PC_H(0), &a);
    assert_int_equal(a.pred, 0);
    cm_pc(m)->table[1] = 3;
    miss(m, ADDR(1, 1), PC_H(1), &a);
    assert_int_equal(a.pred, 1);
    cm_l1_free(m);
}

/* ---- fill -------------------------------------------------------------------------------- */

/* Predicted and b = 0: bypassed. Nothing installed, the table and the row untouched, the MSHR
 * freed, the bypass counted (the load already counted as a miss at its lookup). */
static void test_fill_bypass(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    cm_pc(m)->table[2] = 3;
    lay_l1_row_t before = m->rows[0];
    assert_int_equal(load_fill(m, ADDR(1, 0), PC_H(2), 0, &a, &f), DEC_FILL_BYPASS);
    assert_true(f.paths & CM_PATH_PC_BYPASSED);
    assert_int_equal(f.mech.tbl_write, 0);
    assert_memory_equal(&before, &m->rows[0], sizeof before);
    table(m, 0, 0, 3, 0);
    assert_int_equal(m->cnt[CNT_BYPASSES], 1);
    assert_int_equal(m->cnt[CNT_MISSES], 1);
    assert_int_equal(m->cnt[CNT_FILLS], 0);
    cm_l1_free(m);
}

/* Predicted but b = 1 (the line's last read was bypassed and it is still in the L2): the
 * correction installs it. Listing 1 installs it too but skips the victim's counter; SPEC 3.6
 * updates it on this path as on every insertion over a valid victim, since the victim is
 * evicted without reuse just the same (deliberate departure). */
static void test_fill_corrected(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 0), PC_H(0), 0, &a, &f);
    load_fill(m, ADDR(2, 0), PC_H(0), 0, &a, &f);
    cm_pc(m)->table[2] = 2;
    assert_int_equal(load_fill(m, ADDR(3, 0), PC_H(2), 1, &a, &f), DEC_FILL);
    assert_int_equal(a.pred, 1);
    assert_true(f.paths & CM_PATH_PC_CORRECTED);
    assert_true(f.paths & CM_PATH_PC_INSERT_VALID);
    assert_int_equal(f.evict_valid, 1);
    assert_int_equal(f.way, 0);             /* LRU: tag 1 in way 0 */
    assert_int_equal(f.mech.tbl_idx, 0);         /* tag 1's hash */
    assert_int_equal(f.mech.tbl_val, 1);
    table(m, 1, 0, 2, 0);
    assert_int_equal(m->rows[0].way[0].tag, 3);
    assert_int_equal(m->rows[0].way[0].hpc, 2);
    assert_int_equal(m->cnt[CNT_BYPASSES], 0);
    cm_l1_free(m);
}

/* Not predicted: b does not matter (1 here), the line is installed as usual. */
static void test_fill_not_predicted_ignores_b(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    assert_int_equal(load_fill(m, ADDR(1, 1), PC_H(1), 1, &a, &f), DEC_FILL);
    assert_int_equal(a.pred, 0);
    assert_false(f.paths & CM_PATH_PC_CORRECTED);
    assert_true(f.paths & CM_PATH_PC_INSERT_INVALID);
    assert_int_equal(f.mech.tbl_write, 0);
    assert_int_equal(m->rows[1].way[0].hpc, 1);
    cm_l1_free(m);
}

/* Insertion: an invalid way is taken first and punishes nobody; over a valid victim, the
 * victim's counter rises, saturating at 2^C - 1. */
static void test_insert_invalid_valid_saturated(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 0), PC_H(3), 0, &a, &f);
    assert_true(f.paths & CM_PATH_PC_INSERT_INVALID);
    assert_int_equal(f.mech.tbl_write, 0);
    load_fill(m, ADDR(2, 0), PC_H(1), 0, &a, &f);
    assert_int_equal(f.way, 1);
    assert_int_equal(f.evict_valid, 0);
    table(m, 0, 0, 0, 0);
    cm_pc(m)->table[3] = 3; /* the victim's (tag 1, way 0) counter is at its maximum */
    load_fill(m, ADDR(4, 0), PC_H(0), 0, &a, &f);
    assert_int_equal(f.way, 0);
    assert_true(f.paths & CM_PATH_PC_INSERT_VALID);
    assert_true(f.paths & CM_PATH_PC_SATURATED);
    assert_int_equal(f.mech.tbl_write, 1);
    assert_int_equal(f.mech.tbl_idx, 3);
    assert_int_equal(f.mech.tbl_val, 3);
    table(m, 0, 0, 0, 3);
    load_fill(m, ADDR(5, 0), PC_H(0), 0, &a, &f); /* evicts tag 2 (hash 1): 0 -> 1 */
    assert_int_equal(f.way, 1);
    assert_false(f.paths & CM_PATH_PC_SATURATED);
    table(m, 0, 1, 0, 3);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 2);
    cm_l1_free(m);
}

/* cm_l1_fill without a hint is a fill with bypass bit 0. */
static void test_fill_without_hint(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    bv_t d;
    cm_pc(m)->table[1] = 2;
    miss(m, ADDR(1, 0), PC_H(1), &a);
    pattern(&d, ADDR(1, 0));
    cm_l1_fill(m, a.mshr, &d, &f);
    assert_int_equal(f.dec, DEC_FILL_BYPASS);
    assert_int_equal(f.vbit, 0);
    cm_l1_free(m);
}

/* ---- stores and stalls ------------------------------------------------------------------- */

/* Stores never touch the predictor: a store hit keeps the line's hash and the table, a store
 * miss takes no MSHR; with write_evict the invalidated line keeps its stale hash (invisible:
 * the next fill of that way finds it invalid and punishes nobody). */
static void test_stores_leave_predictor(void **state)
{
    (void)state;
    static const char *const we[] = {"l1.write_evict", "true", NULL};
    for (int evict = 0; evict < 2; evict++) {
        cm_l1_t *m = model(evict ? we : NULL);
        cm_result_t a, f;
        cm_req_t q;
        load_fill(m, ADDR(1, 0), PC_H(1), 0, &a, &f);
        load_fill(m, ADDR(2, 0), PC_H(1), 0, &a, &f);
        cm_pc(m)->table[1] = 1;
        req(&q, 1, ADDR(1, 0), PC_H(2));
        cm_l1_access(m, &q, &a);
        assert_int_equal(a.dec, DEC_ST_HIT);
        assert_int_equal(a.mech.tbl_write, 0);
        assert_int_equal(a.paths, 0);
        assert_int_equal(m->rows[0].way[0].hpc, 1);
        assert_int_equal(m->rows[0].way[0].valid, evict ? 0 : 1);
        req(&q, 1, ADDR(7, 0), PC_H(3));
        cm_l1_access(m, &q, &a);
        assert_int_equal(a.dec, DEC_ST_MISS);
        assert_int_equal(a.paths, 0);
        assert_int_equal(m->mshr[0].valid, 0);
        table(m, 0, 1, 0, 0);
        /* the next fill: write_evict -> the invalid way 0, no punishment; else LRU way 0
         * (the store hit touched way 0, so the victim is way 1, tag 2, hash 1) */
        load_fill(m, ADDR(3, 0), PC_H(0), 0, &a, &f);
        if (evict) {
            assert_int_equal(f.way, 0);
            assert_true(f.paths & CM_PATH_PC_INSERT_INVALID);
            table(m, 0, 1, 0, 0);
        } else {
            assert_int_equal(f.way, 1);
            table(m, 0, 2, 0, 0);
        }
        cm_l1_free(m);
    }
}

/* A load that stalls (its line outstanding, or no free MSHR) changes no predictor state. */
static void test_stalls_leave_predictor(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, s;
    cm_req_t q;
    cm_pc(m)->table[2] = 2;
    miss(m, ADDR(1, 0), PC_H(2), &a);
    req(&q, 0, ADDR(1, 0), PC_H(3));
    cm_l1_access(m, &q, &s);
    assert_int_equal(s.dec, DEC_STALL_LINE);
    assert_int_equal(s.paths, 0);
    miss(m, ADDR(2, 0), PC_H(1), &a);
    req(&q, 0, ADDR(3, 0), PC_H(2));
    cm_l1_access(m, &q, &s);
    assert_int_equal(s.dec, DEC_STALL_MSHR);
    assert_int_equal(s.paths, 0);
    assert_int_equal(s.mech.tbl_write, 0);
    table(m, 0, 0, 2, 0);
    assert_int_equal(m->mshr[0].pred, 1);
    assert_int_equal(m->mshr[0].hpc, 2);
    cm_l1_free(m);
}

/* ---- aliasing ---------------------------------------------------------------------------- */

/* Two PCs with the same hash share a counter: PC_ALIAS1 inherits PC_H(1)'s punishment and is
 * predicted to bypass on its first miss. The model reports it (coverage only). */
static void test_alias(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 0), PC_H(1), 0, &a, &f);
    assert_false(a.paths & CM_PATH_PC_ALIAS);
    load_fill(m, ADDR(2, 0), PC_H(1), 0, &a, &f);
    assert_false(a.paths & CM_PATH_PC_ALIAS); /* the same PC again */
    load_fill(m, ADDR(3, 0), PC_H(1), 0, &a, &f);
    load_fill(m, ADDR(4, 0), PC_H(1), 0, &a, &f);
    table(m, 0, 2, 0, 0);
    assert_int_equal(load_fill(m, ADDR(1, 1), PC_ALIAS1, 0, &a, &f), DEC_FILL_BYPASS);
    assert_true(a.paths & CM_PATH_PC_ALIAS);
    assert_int_equal(cm_pc(m)->hpc, 1);
    cm_l1_free(m);
}

/* ---- the L2 bypass bit ------------------------------------------------------------------- */

static void l2_read(cm_l2_t *l2, unsigned core, uint64_t line, unsigned pred,
                    cm_l2_result_t *r)
{
    cm_l2_access_pred(l2, core, 0, line, NULL, NULL, 0, pred, r);
    if (r->dec == DEC_LD_MISS) {
        cm_l2_mem_t mq;
        bv_t d;
        assert_int_equal(cm_l2_mem_pop(l2, &mq), 1);
        assert_int_equal(l2->mshr[mq.mshr].pred, pred);
        pattern(&d, line << 4);
        cm_l2_fill(l2, mq.mshr, &d, r);
    }
    assert_int_equal(r->responds, 1);
}

static unsigned l2_bit(const cm_l2_t *l2, uint64_t line)
{
    unsigned set = cm_l2_index(l2, line);
    for (unsigned w = 0; w < l2->lay.ways; w++)
        if (l2->rows[set].way[w].valid && l2->rows[set].way[w].tag == lay_l2_tag(&l2->lay, line))
            return l2->rows[set].way[w].bbit;
    fail_msg("line %llx not in the L2", (unsigned long long)line);
    return 0;
}

/* Every read returns the old bit b and stores pred AND NOT b; a new line starts at 0 (so a
 * read miss returns 0 and stores pred); writes leave it alone; any core's read sees and
 * changes the one bit (paper 001: corrections do not distinguish compute units). Listing 1
 * clears the bit on every read, and its text sets it on a bypass; storing `pred AND NOT b`
 * does both in one rule and records what the L1 will actually do with this read. */
static void test_l2_bypass_bit(void **state)
{
    (void)state;
    cm_l2_t *l2 = l2_model(NULL);
    cm_l2_result_t r;
    assert_int_equal(l2->lay.bbits, 1);
    l2_read(l2, 0, 0x10, 1, &r); /* miss, predicted: returns 0, stores 1 */
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.bbit, 0);
    assert_int_equal(l2_bit(l2, 0x10), 1);
    l2_read(l2, 1, 0x10, 1, &r); /* the other core, predicted: b = 1 -> corrected, stores 0 */
    assert_int_equal(r.hit, 1);
    assert_int_equal(r.bbit, 1);
    assert_int_equal(l2_bit(l2, 0x10), 0);
    l2_read(l2, 0, 0x10, 1, &r); /* b = 0 again: bypassed, stores 1 */
    assert_int_equal(r.bbit, 0);
    assert_int_equal(l2_bit(l2, 0x10), 1);
    bv_t be, wd;
    bv_zero(&be);
    bv_zero(&wd);
    bv_put(&be, 0, 1, 1);
    cm_l2_access_pred(l2, 0, 1, 0x10, &be, &wd, 0, 0, &r); /* a write: bit unchanged */
    assert_int_equal(r.dec, DEC_ST_HIT);
    assert_int_equal(l2_bit(l2, 0x10), 1);
    l2_read(l2, 0, 0x10, 0, &r); /* not predicted: returns 1, stores 0 */
    assert_int_equal(r.bbit, 1);
    assert_int_equal(l2_bit(l2, 0x10), 0);
    l2_read(l2, 0, 0x10, 0, &r);
    assert_int_equal(r.bbit, 0);
    assert_int_equal(l2_bit(l2, 0x10), 0);
    /* cm_l2_access is pred = 0 */
    l2_read(l2, 1, 0x14, 1, &r);
    assert_int_equal(l2_bit(l2, 0x14), 1);
    cm_l2_access(l2, 1, 0, 0x14, NULL, NULL, 0, &r);
    assert_int_equal(r.bbit, 1);
    assert_int_equal(l2_bit(l2, 0x14), 0);
    /* a line evicted with its bit set comes back with 0: lines 0x20, 0x24, ... share set 0 */
    l2_read(l2, 0, 0x20, 1, &r);
    assert_int_equal(l2_bit(l2, 0x20), 1);
    for (uint64_t t = 3; t < 7; t++)
        l2_read(l2, 0, t << 4, 0, &r); /* four more lines in set 0 of 4 ways */
    l2_read(l2, 0, 0x20, 0, &r);
    assert_int_equal(r.hit, 0);
    assert_int_equal(r.bbit, 0);
    /* the row packs the bit in the field named w<i>.bypass */
    bv_t row;
    lay_l2_row_t back;
    cm_l2_row(l2, 0, &row);
    lay_l2_unpack(&l2->lay, &row, &back);
    assert_memory_equal(&back, &l2->rows[0], sizeof back);
    char name[32];
    unsigned lsb, width, found = 0;
    for (unsigned i = 0; lay_l2_field(&l2->lay, i, name, sizeof name, &lsb, &width) == 0; i++)
        if (!strcmp(name, "w3.bypass")) {
            found = 1;
            assert_int_equal(lsb, lay_l2_bbit_lsb(&l2->lay, 3));
            assert_int_equal(width, 1);
        }
    assert_true(found);
    cm_l2_free(l2);
}

/* Other modes have no bypass bit: the row is unchanged and the prediction is ignored. */
static void test_l2_without_pcpred(void **state)
{
    (void)state;
    static const char *const base[] = {"l1.mode", "baseline", NULL};
    cm_l2_t *l2 = l2_model(base);
    cm_l2_result_t r;
    cfg_t c;
    base_cfg(&c, base);
    assert_int_equal(l2->lay.bbits, 0);
    assert_int_equal(l2->lay.row_bits, lay_l2_row_bits(&c));
    assert_int_equal(l2->lay.way_stride, 2 + l2->lay.tag_bits + l2->lay.repl_bits + 2);
    l2_read(l2, 0, 0x10, 0, &r);
    cm_l2_access_pred(l2, 0, 0, 0x10, NULL, NULL, 0, 1, &r);
    assert_int_equal(r.bbit, 0);
    assert_int_equal(l2->rows[cm_l2_index(l2, 0x10)].way[0].bbit, 0);
    char name[32];
    unsigned lsb, width;
    for (unsigned i = 0; lay_l2_field(&l2->lay, i, name, sizeof name, &lsb, &width) == 0; i++)
        assert_null(strstr(name, "bypass"));
    cm_l2_free(l2);
}

/* ---- a walk through the L1 and the L2 ----------------------------------------------------- */

/* One load through an L1 and the L2 model, as the system does: the miss's prediction goes
 * with the read, the old bypass bit comes back with the line. Returns H, M (filled) or B. */
static char sys_load(cm_l1_t *l1, cm_l2_t *l2, unsigned core, uint64_t addr, uint64_t pc,
                     cm_result_t *a, cm_result_t *f)
{
    cm_req_t q;
    req(&q, 0, addr, pc);
    cm_l1_access(l1, &q, a);
    if (a->dec == DEC_LD_HIT) {
        *f = *a;
        return 'H';
    }
    assert_int_equal(a->dec, DEC_LD_MISS);
    cm_l2_result_t r;
    l2_read(l2, core, addr >> 4, a->pred, &r);
    cm_l1_fill_hint(l1, a->mshr, &r.data, r.bbit, f);
    assert_int_equal(f->vbit, r.bbit);
    return f->dec == DEC_FILL ? 'M' : 'B';
}

/* Set 0 of the L1 (2 ways, LRU), PCs S (hash 1, streams) and R (hash 2, reuses), lines
 * A..I = tags 1..9, worked by hand (t = table, ways as tag/hash, LRU way last touched first):
 *  1 S A  miss t1=0 keep; L2 new b=0 (stores 0); way 0 invalid             M  w0 A/1
 *  2 S B  miss keep; way 1 invalid                                          M  w1 B/1
 *  3 S C  miss t1=0 keep; victim w0 A/1: t1=1                               M  w0 C/1
 *  4 S D  miss t1=1 keep; victim w1 B/1: t1=2                               M  w1 D/1
 *  5 S E  miss t1=2 predict; L2 new b=0 (stores 1); bypass                  B
 *  6 S E  miss predict; L2 b=1 (stores 0); corrected; victim w0 C/1: t1=3   M  w0 E/1
 *  7 R E  hit: t[1]=3 -> 2; E/2                                             H
 *  8 R E  hit: t[2]=0 stays (floor); E/2                                    H
 *  9 S F  miss t1=2 predict; L2 new b=0 (stores 1); bypass                  B
 * 10 R F  miss t2=0 keep; L2 b=1 (stores 0) ignored; victim w1 D/1: t1=3    M  w1 F/2
 * 11 S G  miss t1=3 predict; L2 new b=0 (stores 1); bypass                  B
 * 12 S G  predict; L2 b=1 (stores 0); corrected; victim w0 E/2: t2=1        M  w0 G/1
 * 13 R F  hit: t[2]=1 -> 0; F/2                                             H
 * 14 S H  miss t1=3 predict; L2 new; bypass                                 B
 * 15 S H  predict; L2 b=1; corrected; victim w0 G/1: t1=3 saturated         M  w0 H/1
 * 16 X I  X = PC_ALIAS1 (hash 1, another PC): aliased; t1=3 predict; bypass B
 * Departures from Listing 1 in this walk: at steps 3, 4 and 10 the listing punishes the
 * victim at the miss lookup rather than at the fill (the same counters here, since nothing
 * happens in between); at the corrections of steps 6, 12 and 15 it does not punish the victim
 * at all, so t1 would be 2 after step 6 and 1 after step 7, step 9 would be predicted "keep",
 * and the walk would differ from there. */
static void test_walk(void **state)
{
    (void)state;
    cm_l1_t *l1 = model(NULL);
    cm_l2_t *l2 = l2_model(NULL);
    const uint64_t S = PC_H(1), R = PC_H(2), X = PC_ALIAS1;
    static const struct {
        char pc;
        unsigned tag;
        char want;
        unsigned t1, t2;  /* table after the step */
        int pred;         /* -1: a hit */
        unsigned bbit;    /* the bit the L2 returned (misses) */
    } steps[] = {
        {'S', 1, 'M', 0, 0, 0, 0}, {'S', 2, 'M', 0, 0, 0, 0}, {'S', 3, 'M', 1, 0, 0, 0},
        {'S', 4, 'M', 2, 0, 0, 0}, {'S', 5, 'B', 2, 0, 1, 0}, {'S', 5, 'M', 3, 0, 1, 1},
        {'R', 5, 'H', 2, 0, -1, 0}, {'R', 5, 'H', 2, 0, -1, 0}, {'S', 6, 'B', 2, 0, 1, 0},
        {'R', 6, 'M', 3, 0, 0, 1}, {'S', 7, 'B', 3, 0, 1, 0}, {'S', 7, 'M', 3, 1, 1, 1},
        {'R', 6, 'H', 3, 0, -1, 0}, {'S', 8, 'B', 3, 0, 1, 0}, {'S', 8, 'M', 3, 0, 1, 1},
        {'X', 9, 'B', 3, 0, 1, 0},
    };
    const unsigned n = sizeof steps / sizeof steps[0];
    char got[32] = "", want[32] = "";
    uint32_t paths = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t pc = steps[i].pc == 'S' ? S : steps[i].pc == 'R' ? R : X;
        cm_result_t a, f;
        want[i] = steps[i].want;
        got[i] = sys_load(l1, l2, 0, ADDR(steps[i].tag, 0), pc, &a, &f);
        paths |= a.paths | f.paths;
        if (got[i] != want[i])
            fail_msg("step %u: got %s, want %s", i + 1, got, want);
        if (steps[i].pred >= 0) {
            assert_int_equal(a.pred, steps[i].pred);
            assert_int_equal(f.vbit, steps[i].bbit);
        }
        if (cm_pc(l1)->table[1] != steps[i].t1 || cm_pc(l1)->table[2] != steps[i].t2)
            fail_msg("step %u: t1 %u t2 %u, want %u %u", i + 1, cm_pc(l1)->table[1],
                     cm_pc(l1)->table[2], steps[i].t1, steps[i].t2);
    }
    assert_string_equal(got, want);
    assert_int_equal(l1->rows[0].way[0].tag, 8);
    assert_int_equal(l1->rows[0].way[0].hpc, 1);
    assert_int_equal(l1->rows[0].way[1].tag, 6);
    assert_int_equal(l1->rows[0].way[1].hpc, 2);
    assert_int_equal(l1->cnt[CNT_BYPASSES], 5);
    assert_int_equal(l1->cnt[CNT_HITS], 3);
    assert_int_equal(l1->cnt[CNT_MISSES], 13);
    assert_int_equal(l1->cnt[CNT_FILLS], 8);
    /* every decision path of the predictor was taken */
    const uint32_t all = CM_PATH_PC_HIT_DEC | CM_PATH_PC_HIT_FLOOR | CM_PATH_PC_PREDICT_BYPASS |
                         CM_PATH_PC_PREDICT_KEEP | CM_PATH_PC_BYPASSED | CM_PATH_PC_CORRECTED |
                         CM_PATH_PC_INSERT_VALID | CM_PATH_PC_INSERT_INVALID |
                         CM_PATH_PC_SATURATED | CM_PATH_PC_ALIAS;
    assert_int_equal(paths & all, all);
    cm_l1_free(l1);
    cm_l2_free(l2);
}

/* ---- layout ------------------------------------------------------------------------------- */

/* The hash sits after each way's replacement bits; the row packs and unpacks it; the other
 * modes' layout has no hpc and the same stride as before. */
static void test_row_layout(void **state)
{
    (void)state;
    static const char *const srrip[] = {"l1.replacement", "srrip", "l1.rrpv_bits", "3", NULL};
    cm_l1_t *m = model(srrip);
    const lay_l1_t *l = &m->lay;
    assert_int_equal(l->hpc_bits, 2);
    assert_int_equal(l->way_stride, 1 + l->tag_bits + 3 + 2);
    assert_int_equal(lay_hpc_lsb(l, 1), l->way_stride + 1 + l->tag_bits + 3);
    cm_result_t a, f;
    load_fill(m, ADDR(1, 0), PC_H(3), 0, &a, &f);
    load_fill(m, ADDR(2, 0), PC_H(2), 0, &a, &f);
    bv_t row;
    cm_l1_row(m, 0, &row);
    assert_int_equal(bv_get(&row, lay_hpc_lsb(l, 0), 2), 3);
    assert_int_equal(bv_get(&row, lay_hpc_lsb(l, 1), 2), 2);
    lay_l1_row_t back;
    lay_l1_unpack(l, &row, &back);
    assert_int_equal(back.way[0].hpc, 3);
    assert_int_equal(back.way[1].hpc, 2);
    const char *const want[] = {"w0.valid", "w0.tag", "w0.repl", "w0.hpc", "w1.valid", "w1.tag",
                                "w1.repl", "w1.hpc", NULL};
    char name[32];
    unsigned lsb, width, i;
    for (i = 0; lay_l1_field(l, i, name, sizeof name, &lsb, &width) == 0; i++) {
        assert_non_null(want[i]);
        assert_string_equal(name, want[i]);
    }
    assert_null(want[i]);
    cm_l1_free(m);

    cfg_t c;
    lay_l1_t b;
    static const char *const base[] = {"l1.mode", "baseline", NULL};
    base_cfg(&c, base);
    lay_l1_build(&c.l1, &b);
    assert_int_equal(b.hpc_bits, 0);
    assert_int_equal(b.way_stride, 1 + b.tag_bits + b.repl_bits);
    for (i = 0; lay_l1_field(&b, i, name, sizeof name, &lsb, &width) == 0; i++)
        assert_null(strstr(name, "hpc"));
}

/* tian-gcn's storage: 128 x 4 table bits, 256 lines x 7 hash bits, 4,096 L2 bypass bits. */
static void test_tian_gcn_storage(void **state)
{
    (void)state;
    cfg_t c;
    char err[256];
    assert_int_equal(cfg_preset(&c, "tian-gcn", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    lay_l1_t l;
    lay_storage_t s;
    lay_l1_build(&c.l1, &l);
    lay_l1_storage(&c.l1, &l, &s);
    assert_int_equal(l.hpc_bits, 7);
    assert_int_equal(s.pc_table, 512);
    assert_int_equal(s.line_hpc, 256 * 7);
    lay_l2_t l2;
    lay_l2_storage_t s2;
    lay_l2_build(&c, &l2);
    lay_l2_storage(&c, &l2, &s2);
    assert_int_equal(s2.bypass_bits, 4096);
}

/* ---- any replacement, any index ------------------------------------------------------------ */

/* splitmix64, for reproducible traffic */
static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* With every fill answered b = 1 nothing is ever bypassed, so a pcpred L1 must keep exactly
 * the baseline L1's valid, tag and replacement state, event for event, under any policy and
 * index function: the predictor never reads or writes replacement state. And each event
 * writes at most one counter, the one it reports. */
static void test_any_policy_and_index(void **state)
{
    (void)state;
    static const char *const cfgs[][12] = {
        {"l1.sets", "4", "l1.ways", "4", "l1.replacement", "lru", "l1.index", "modulo", NULL},
        {"l1.sets", "4", "l1.ways", "4", "l1.replacement", "plru", "l1.index", "xor", NULL},
        {"l1.sets", "4", "l1.ways", "3", "l1.replacement", "srrip", "l1.index", "pric", NULL},
        {"l1.sets", "2", "l1.ways", "1", "l1.replacement", "lru", "l1.index", "modulo", NULL},
        {"l1.sets", "8", "l1.ways", "8", "l1.replacement", "plru", "l1.index", "pric",
         "l1.pc_entries", "16", NULL},
    };
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        const char *kv[16];
        unsigned n = 0;
        for (; cfgs[k][n]; n++)
            kv[n] = cfgs[k][n];
        kv[n] = NULL;
        cm_l1_t *p = model(kv);
        kv[n] = "l1.mode";
        kv[n + 1] = "baseline";
        kv[n + 2] = NULL;
        cm_l1_t *b = model(kv);
        uint64_t seed = 7 + k;
        uint32_t paths = 0;
        for (unsigned i = 0; i < 4000; i++) {
            uint64_t r = next_rand(&seed);
            int store = (r & 7) == 0;
            uint64_t addr = ((r >> 8) & 0xff) << 4, pc = ((r >> 20) & 7) << 2;
            cm_req_t qp, qb;
            cm_result_t ap, ab, fp, fb;
            req(&qp, store, addr, pc);
            req(&qb, store, addr, pc);
            uint8_t before[64];
            memcpy(before, cm_pc(p)->table, p->cfg.pc_entries);
            cm_l1_access(p, &qp, &ap);
            cm_l1_access(b, &qb, &ab);
            assert_int_equal(ap.dec, ab.dec);
            if (ap.dec == DEC_LD_MISS) {
                bv_t d;
                pattern(&d, addr);
                cm_l1_fill_hint(p, ap.mshr, &d, 1, &fp);
                cm_l1_fill(b, ab.mshr, &d, &fb);
                assert_int_equal(fp.dec, DEC_FILL);
                assert_int_equal(fp.way, fb.way);
                assert_int_equal(fp.evict_valid, fb.evict_valid);
                paths |= ap.paths | fp.paths;
                ap = fp;
            }
            unsigned changed = 0;
            for (unsigned e = 0; e < p->cfg.pc_entries; e++)
                if (cm_pc(p)->table[e] != before[e]) {
                    changed++;
                    assert_int_equal(ap.mech.tbl_write, 1);
                    assert_int_equal(ap.mech.tbl_idx, e);
                    assert_int_equal(ap.mech.tbl_val, cm_pc(p)->table[e]);
                }
            assert_true(changed <= 1);
            for (unsigned s = 0; s < p->cfg.sets; s++) {
                assert_int_equal(p->rows[s].plru, b->rows[s].plru);
                for (unsigned w = 0; w < p->cfg.ways; w++) {
                    assert_int_equal(p->rows[s].way[w].valid, b->rows[s].way[w].valid);
                    assert_int_equal(p->rows[s].way[w].tag, b->rows[s].way[w].tag);
                    assert_int_equal(p->rows[s].way[w].repl, b->rows[s].way[w].repl);
                }
            }
        }
        assert_memory_equal(p->cnt, b->cnt, sizeof p->cnt);
        if (!(paths & CM_PATH_PC_CORRECTED))
            fail_msg("config %u: no prediction was ever made", k);
        cm_l1_free(p);
        cm_l1_free(b);
    }
}

/* ---- the system driver's coverage and false positives (sys_sim) ---------------------------- */

/* sys_sim runs the same tiny system in program order beside a shadow L1 that never bypasses;
 * a bypass is a false positive when the next load of its line hits in the shadow. Core 0,
 * set 0, S = PC_H(1), R = PC_H(2), by hand:
 *  S A, S B, S C, S D  t1 = 2 (as in the walk); shadow = real: C, D
 *  S E   predicted, L2 b = 0: bypassed. Shadow inserts E over C and marks it
 *  R E   real: t2 = 0 keep, inserted; shadow hits the marked E: false positive 1
 *  S F   predicted (t1 = 3 after R E evicted C's hash), bypassed; shadow: F over D, marked
 *  S G   bypassed; shadow: G over E, marked
 *  S H   bypassed; shadow: H over F (F's mark goes: a correct bypass)
 *  S F   predicted, L2 b = 1: corrected, inserted; shadow misses F: no false positive */
static void test_sys_false_positives(void **state)
{
    (void)state;
    cfg_t c;
    base_cfg(&c, NULL);
    sys_sim_t *s = NULL;
    assert_int_equal(sys_sim_new(&c, &s), 0);
    static const struct { char pc; unsigned tag; } refs[] = {
        {'S', 1}, {'S', 2}, {'S', 3}, {'S', 4}, {'S', 5}, {'R', 5}, {'S', 6}, {'S', 7},
        {'S', 8}, {'S', 6}};
    for (unsigned i = 0; i < sizeof refs / sizeof refs[0]; i++) {
        trace_ref_t t = {ADDR(refs[i].tag, 0), refs[i].pc == 'S' ? PC_H(1) : PC_H(2), 0, 0,
                         TR_READ};
        sys_sim_ref(s, &t);
        if (i == 5)
            assert_int_equal(s->st.false_positives, 1);
    }
    const sys_stats_t *t = &s->st;
    assert_int_equal(t->loads, 10);
    assert_int_equal(t->load_hits, 0);
    assert_int_equal(t->predicted, 5);
    assert_int_equal(t->bypasses, 4);
    assert_int_equal(t->corrected, 1);
    assert_int_equal(t->false_positives, 1);
    assert_int_equal(t->shadow_hits, 1);
    assert_int_equal(t->bypass_bits_set, 2); /* R E and the last S F */
    assert_int_equal(t->npcs, 2);
    assert_int_equal(t->pcs[0].pc, PC_H(1));
    assert_int_equal(t->pcs[0].bypasses, 4);
    assert_int_equal(t->pcs[0].false_positives, 0); /* the false positive is credited to the
                                                       PC of the re-reference (R) */
    assert_int_equal(t->pcs[1].false_positives, 1);
    sys_sim_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_hash_fold_count),
        cmocka_unit_test(test_reset_and_flush),
        cmocka_unit_test(test_hit_decrements_stored_hash),
        cmocka_unit_test(test_hit_floor),
        cmocka_unit_test(test_miss_predicts),
        cmocka_unit_test(test_threshold_extremes),
        cmocka_unit_test(test_fill_bypass),
        cmocka_unit_test(test_fill_corrected),
        cmocka_unit_test(test_fill_not_predicted_ignores_b),
        cmocka_unit_test(test_insert_invalid_valid_saturated),
        cmocka_unit_test(test_fill_without_hint),
        cmocka_unit_test(test_stores_leave_predictor),
        cmocka_unit_test(test_stalls_leave_predictor),
        cmocka_unit_test(test_alias),
        cmocka_unit_test(test_l2_bypass_bit),
        cmocka_unit_test(test_l2_without_pcpred),
        cmocka_unit_test(test_walk),
        cmocka_unit_test(test_row_layout),
        cmocka_unit_test(test_tian_gcn_storage),
        cmocka_unit_test(test_any_policy_and_index),
        cmocka_unit_test(test_sys_false_positives),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
