/* test_cm_dec: cmocka unit tests of the decoupled tag store's C model (cm_dec, SPEC 3.4)
 * against hand-worked expectations: reference counting and the locality threshold, bypass,
 * data-line reservation and eviction, dynamic aging, the tag store's LFU replacement, RC
 * saturation, stores (update and write-evict), stalls, counters and the packed row.
 * Every expected row is a literal worked out by hand from the SPEC in the comments; no
 * expectation is computed with the model's own helpers. The only computed checks are the
 * SPEC's invariants (free count, line ownership, LRU permutation) after every event.
 * Build: cc -std=c11 -I. -o build/test_cm_dec cmodel/test_cm_dec.c build/libcmodel.a
 *        build/libcore.a -lyaml -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cm_l1_int.h"

/* Base geometry: 2 sets, 2 data ways, 4 tag ways, 3-bit RC, threshold 2, 16-byte lines,
 * 16-bit addresses, LRU. So b = 4, m = 1, T = 16 - 4 - 1 = 11, P = log2(2) = 1, R = 1, and
 * the line of tag t in set s starts at byte t<<5 | s<<4. Tags A..F, X name lines of set 0. */
#define ADDR(tag, set) (((uint64_t)(tag) << 5) | ((uint64_t)(set) << 4))
#define LINE_BYTES 16
enum { A = 1, B = 2, C = 3, D = 4, E = 5, F = 6, X = 7 };

/* An expected tag entry and data way (own structs, so literals read in SPEC order). */
typedef struct xte {
    unsigned valid, tag, rc, pv, pos;
} xte_t;
typedef struct xdw {
    unsigned valid, rsv, repl; /* repl: LRU age, or DC when the SPEC leaves it open */
} xdw_t;
#define DC 99u

/* An expected set-0 row. */
typedef struct xrow {
    xte_t te[8];
    xdw_t d[4];
    unsigned free;
} xrow_t;

#define TE(tag, rc, pv, pos) {1, tag, rc, pv, pos}
#define TE_NONE {0, 0, 0, 0, 0}
#define DW(valid, rsv, repl) {valid, rsv, repl}
#define ROW(t0, t1, t2, t3, d0, d1, fr) {{t0, t1, t2, t3}, {d0, d1}, fr}
/* The reset row: no tag entries; data ways invalid with LRU ages 0, 1; two free lines. */
#define ROW_RESET ROW(TE_NONE, TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)

/* One event of a sequence in set 0 and the set-0 row it must leave. */
typedef struct step {
    char op;             /* 'L' load, 'S' store, 'F' fill the MSHR of step `arg`,
                            'E' set filter_enable to `arg` */
    unsigned arg;        /* L/S: tag; F: index of the step that allocated the MSHR; E: value */
    lay_decision_t dec;  /* expected decision (L, S, F) */
    int way;             /* expected way of a hit or an installing fill; -1: not checked */
    unsigned evict;      /* L: expected evict_valid */
    unsigned evict_tag;  /* L: expected evicted tag when evict = 1 */
    xrow_t row;          /* set 0 afterwards */
} step_t;

#define LD(tag, dec) 'L', tag, dec, -1, 0, 0
#define LD_HIT(tag, way) 'L', tag, DEC_LD_HIT, way, 0, 0
#define LD_EVICT(tag, victim) 'L', tag, DEC_LD_MISS, -1, 1, victim
#define ST(tag, dec, way) 'S', tag, dec, way, 0, 0
#define FILL(step, way) 'F', step, DEC_FILL, way, 0, 0
#define FILL_BYPASS(step) 'F', step, DEC_FILL_BYPASS, -1, 0, 0
#define FILTER(v) 'E', v, DEC_NONE, -1, 0, 0

/* A sequence in progress: the model, the MSHR each step got, the last result. */
typedef struct run {
    cm_l1_t *m;
    unsigned mshr[128];
    cm_result_t last;
} run_t;

/* ---- helpers --------------------------------------------------------------------------- */

/* The base geometry with "key=value" overrides `kv` (NULL-terminated), validated and built. */
static cm_l1_t *model(const char *const *kv)
{
    const char *sets[32] = {"l1.mode=decoupled", "l1.sets=2", "l1.ways=2", "l1.tag_ways=4",
                            "l1.rc_bits=3", "l1.threshold=2", "l1.mshrs=8",
                            "l1.line_bytes=16", "l1.addr_bits=16", "l1.replacement=lru"};
    unsigned n = 10;
    for (const char *const *p = kv; p && *p; p++) {
        assert_true(n < 32);
        sets[n++] = *p;
    }
    cfg_t c;
    char err[256];
    cm_l1_t *m = NULL;
    if (cfg_from_args(&c, NULL, NULL, sets, n, err, sizeof err) != 0)
        fail_msg("cfg_from_args: %s", err);
    assert_int_equal(cm_l1_new(&c, &m), 0);
    assert_non_null(m);
    return m;
}

static void req(cm_req_t *q, int store, uint64_t addr, uint32_t id)
{
    memset(q, 0, sizeof *q);
    q->store = (uint8_t)store;
    q->addr = addr;
    q->id = id;
}

/* The memory contents of tag `tag`'s line: byte i = 0x11 * tag + i. */
static uint8_t mem_byte(unsigned tag, unsigned i) { return (uint8_t)(0x11 * tag + i); }

static void mem_line(unsigned tag, bv_t *v)
{
    bv_zero(v);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        bv_set_byte(v, i, mem_byte(tag, i));
}

/* Every store writes bytes 0, 3 and 15 with 0xe0 + i (other byte enables low). */
static int store_hits_byte(unsigned i) { return i == 0 || i == 3 || i == 15; }
static uint8_t store_byte(unsigned i) { return (uint8_t)(0xe0 + i); }

static void store_req(cm_req_t *q, uint64_t addr, uint32_t id)
{
    req(q, 1, addr, id);
    bv_zero(&q->be);
    bv_zero(&q->wdata);
    for (unsigned i = 0; i < LINE_BYTES; i++) {
        bv_set_byte(&q->wdata, i, store_byte(i));
        if (store_hits_byte(i))
            bv_put(&q->be, i, 1, 1);
    }
}

/* The SPEC's invariants, in every set: free = number of invalid lines (neither valid nor
 * reserved); a line is never both; every valid or reserved line is owned by exactly one
 * valid entry (pv, pos) and every entry with pv owns such a line; no tag twice in a set;
 * an entry without a position has pos 0; LRU ages are a permutation of 0..ways-1. */
static void check_invariants(const cm_l1_t *m, const char *what, unsigned i)
{
    const unsigned ways = m->cfg.ways, tw = m->cfg.tag_ways;
    for (unsigned s = 0; s < m->cfg.sets; s++) {
        const lay_l1_row_t *r = &m->rows[s];
        unsigned invalid = 0, seen_age = 0;
        for (unsigned w = 0; w < ways; w++) {
            unsigned owners = 0;
            if (r->way[w].valid && r->way[w].rsv)
                fail_msg("%s %u: set %u way %u both valid and reserved", what, i, s, w);
            invalid += !r->way[w].valid && !r->way[w].rsv;
            for (unsigned t = 0; t < tw; t++)
                owners += r->te[t].valid && r->te[t].pv && r->te[t].pos == w;
            if (owners != (r->way[w].valid || r->way[w].rsv))
                fail_msg("%s %u: set %u way %u (valid %u rsv %u) has %u owners", what, i, s, w,
                         r->way[w].valid, r->way[w].rsv, owners);
            if (m->cfg.repl == REPL_LRU)
                seen_age |= 1u << r->way[w].repl;
        }
        if (r->free != invalid)
            fail_msg("%s %u: set %u free = %u, but %u lines are invalid", what, i, s, r->free,
                     invalid);
        if (m->cfg.repl == REPL_LRU && seen_age != (1u << ways) - 1)
            fail_msg("%s %u: set %u LRU ages are not a permutation (mask 0x%x)", what, i, s,
                     seen_age);
        for (unsigned t = 0; t < tw; t++) {
            const lay_tag_entry_t *e = &r->te[t];
            if (!e->valid)
                continue;
            if (e->pv && e->pos >= ways)
                fail_msg("%s %u: set %u t%u pos %u out of range", what, i, s, t, e->pos);
            if (e->pv && !r->way[e->pos].valid && !r->way[e->pos].rsv)
                fail_msg("%s %u: set %u t%u points at invalid line %u", what, i, s, t, e->pos);
            if (!e->pv && e->pos != 0)
                fail_msg("%s %u: set %u t%u has no position but pos = %u", what, i, s, t,
                         e->pos);
            for (unsigned u = t + 1; u < tw; u++)
                if (r->te[u].valid && r->te[u].tag == e->tag)
                    fail_msg("%s %u: set %u t%u and t%u both hold tag %llu", what, i, s, t, u,
                             (unsigned long long)e->tag);
        }
    }
}

/* Compare set `set` against a hand-worked row, naming the first differing field. */
static void check_row(const cm_l1_t *m, unsigned set, const xrow_t *x, const char *what,
                      unsigned i)
{
    const lay_l1_row_t *r = &m->rows[set];
    for (unsigned t = 0; t < m->cfg.tag_ways; t++) {
        const lay_tag_entry_t *e = &r->te[t];
        const xte_t *w = &x->te[t];
        const unsigned got[5] = {e->valid, (unsigned)e->tag, e->rc, e->pv, e->pos};
        const unsigned exp[5] = {w->valid, w->tag, w->rc, w->pv, w->pos};
        static const char *const name[5] = {"valid", "tag", "rc", "pv", "pos"};
        for (unsigned f = 0; f < 5; f++)
            if (got[f] != exp[f])
                fail_msg("%s %u: set %u t%u.%s = %u, expected %u", what, i, set, t, name[f],
                         got[f], exp[f]);
    }
    for (unsigned w = 0; w < m->cfg.ways; w++) {
        const unsigned got[3] = {r->way[w].valid, r->way[w].rsv, r->way[w].repl};
        const unsigned exp[3] = {x->d[w].valid, x->d[w].rsv, x->d[w].repl};
        static const char *const name[3] = {"valid", "rsv", "repl"};
        for (unsigned f = 0; f < 3; f++)
            if (exp[f] != DC && got[f] != exp[f])
                fail_msg("%s %u: set %u d%u.%s = %u, expected %u", what, i, set, w, name[f],
                         got[f], exp[f]);
    }
    if (r->free != x->free)
        fail_msg("%s %u: set %u free = %u, expected %u", what, i, set, r->free, x->free);
}

/* Run steps [from, to) of `s`; ids are step indices. Checks each event's decision, way,
 * eviction, status and data, then set 0 against the step's row and the invariants. */
static void run(run_t *ru, const step_t *s, unsigned from, unsigned to)
{
    cm_l1_t *m = ru->m;
    for (unsigned i = from; i < to; i++) {
        cm_result_t *res = &ru->last;
        cm_req_t q;
        bv_t line;
        switch (s[i].op) {
        case 'L':
        case 'S':
            if (s[i].op == 'L')
                req(&q, 0, ADDR(s[i].arg, 0), i);
            else
                store_req(&q, ADDR(s[i].arg, 0), i);
            cm_l1_access(m, &q, res);
            if (res->dec != s[i].dec)
                fail_msg("step %u (%c tag %u): decision %d, expected %d", i, s[i].op, s[i].arg,
                         res->dec, s[i].dec);
            if (res->set != 0)
                fail_msg("step %u: set %u", i, res->set);
            if (res->dec == DEC_STALL_LINE || res->dec == DEC_STALL_RSV)
                assert_int_equal(res->kind, EVT_STALL);
            else
                assert_int_equal(res->kind, EVT_LOOKUP);
            if (res->dec == DEC_LD_MISS || res->dec == DEC_LD_BYPASS) {
                assert_true(res->mshr < m->cfg.mshrs);
                assert_true(m->mshr[res->mshr].valid);
                ru->mshr[i] = res->mshr;
            }
            if (s[i].way >= 0 && res->way != (unsigned)s[i].way)
                fail_msg("step %u (%c tag %u): way %u, expected %d", i, s[i].op, s[i].arg,
                         res->way, s[i].way);
            if (res->evict_valid != s[i].evict)
                fail_msg("step %u (%c tag %u): evict_valid %u, expected %u", i, s[i].op,
                         s[i].arg, res->evict_valid, s[i].evict);
            if (s[i].evict && res->evict_tag != s[i].evict_tag)
                fail_msg("step %u (%c tag %u): evict_tag %llu, expected %u", i, s[i].op,
                         s[i].arg, (unsigned long long)res->evict_tag, s[i].evict_tag);
            if (res->dec == DEC_LD_HIT) {
                assert_int_equal(res->status, ST_HIT);
                assert_int_equal(res->responds, 1);
                assert_int_equal(res->id, i);
            }
            break;
        case 'F': {
            unsigned tag = s[s[i].arg].arg;
            mem_line(tag, &line);
            cm_l1_fill(m, ru->mshr[s[i].arg], &line, res);
            if (res->dec != s[i].dec)
                fail_msg("step %u (fill of step %u): decision %d, expected %d", i, s[i].arg,
                         res->dec, s[i].dec);
            assert_int_equal(res->kind, EVT_FILL);
            assert_int_equal(res->responds, 1);
            assert_int_equal(res->id, s[i].arg);
            assert_true(bv_eq(&res->data, &line, 8 * LINE_BYTES));
            assert_int_equal(res->status, s[i].dec == DEC_FILL ? ST_MISS : ST_BYPASS);
            if (s[i].way >= 0 && res->way != (unsigned)s[i].way)
                fail_msg("step %u (fill of step %u): way %u, expected %d", i, s[i].arg,
                         res->way, s[i].way);
            if (s[i].dec == DEC_FILL) { /* the line holds what memory returned */
                bv_t got;
                cm_l1_line(m, 0, (unsigned)s[i].way, &got);
                assert_true(bv_eq(&got, &line, 8 * LINE_BYTES));
            }
            break;
        }
        case 'E':
            m->filter_enable = (uint8_t)s[i].arg;
            break;
        default:
            fail_msg("step %u: bad op %c", i, s[i].op);
        }
        check_row(m, 0, &s[i].row, "step", i);
        check_invariants(m, "step", i);
    }
}

static void run_all(cm_l1_t *m, const step_t *s, unsigned n)
{
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    run(&ru, s, 0, n);
}

/* Set 1 never touched by a set-0 sequence: still the reset row. */
static void check_set1_reset(const cm_l1_t *m)
{
    static const xrow_t reset = ROW_RESET;
    check_row(m, 1, &reset, "set 1 after step", 0);
}

static void check_counts(const cm_l1_t *m, unsigned acc, unsigned hits, unsigned misses,
                         unsigned byp, unsigned fills, unsigned evictions)
{
    assert_int_equal(m->cnt[CNT_ACCESSES], acc);
    assert_int_equal(m->cnt[CNT_HITS], hits);
    assert_int_equal(m->cnt[CNT_MISSES], misses);
    assert_int_equal(m->cnt[CNT_BYPASSES], byp);
    assert_int_equal(m->cnt[CNT_FILLS], fills);
    assert_int_equal(m->cnt[CNT_EVICTIONS], evictions);
}

/* ---- 1. A B A at threshold 2 ----------------------------------------------------------- */

static const step_t aba[] = {
    /* 0: A probe-misses: first invalid entry t0, RC 1 < 2 -> bypass (MSHR, no line). */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 1: the bypassed read returns: answered ST_BYPASS, nothing installed. */
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 2: B probe-misses: t1, RC 1 -> bypass. */
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(2),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 4: A probe-hits: RC 2 >= 2 -> reserve the lowest free line d0 (free 2 -> 1), pos 0;
     * aging: B 1 -> 0, A (the allocating entry) keeps 2; reservation leaves LRU alone. */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    /* 5: fill makes d0 valid; LRU touch of d0 (age 0 already): ages 0, 1. */
    {FILL(4, 0),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 6: A hits d0: RC 3; LRU unchanged (d0 already most recent). */
    {LD_HIT(A, 0),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
};

static void test_aba_threshold2(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    run(&ru, aba, 0, 4);
    /* the bypass fills installed nothing: both data lines still all zero */
    for (unsigned w = 0; w < 2; w++)
        for (unsigned i = 0; i < LINE_BYTES; i++)
            assert_int_equal(cm_l1_line_ptr(m, 0, w)[i], 0);
    run(&ru, aba, 4, 7);
    /* the hit returns A's line as memory gave it: byte i = 0x11 + i */
    for (unsigned i = 0; i < LINE_BYTES; i++)
        assert_int_equal(bv_byte(&ru.last.data, i), 0x11 + i);
    check_set1_reset(m);
    /* 4 accesses: 1 hit, 1 miss (the reservation), 2 bypasses, 1 install, no eviction */
    check_counts(m, 4, 1, 1, 2, 1, 0);
    cm_l1_free(m);
}

/* ---- 2. first-touch allocation: threshold 1, threshold 0, filter_enable low ------------ */

static const step_t first_touch[] = {
    /* 0: A: t0 RC 1 >= threshold -> reserve d0. */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(0, 0), ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 2: B: t1 RC 1 -> reserve d1 (lowest free); aging A 1 -> 0. */
    {LD(B, DEC_LD_MISS),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    /* 3: fill d1: touch d1 (age 1): d0 0 -> 1, d1 -> 0. */
    {FILL(2, 1),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 4: A hits d0: RC 0 -> 1; touch d0: d0 0, d1 1. */
    {LD_HIT(A, 0),
     ROW(TE(A, 1, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void first_touch_common(cm_l1_t *m)
{
    run_all(m, first_touch, sizeof first_touch / sizeof first_touch[0]);
    check_set1_reset(m);
    check_counts(m, 3, 1, 2, 0, 2, 0);
}

static void test_threshold1_first_touch(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=1", NULL};
    cm_l1_t *m = model(kv);
    first_touch_common(m);
    cm_l1_free(m);
}

static void test_threshold0_first_touch(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=0", NULL};
    cm_l1_t *m = model(kv);
    first_touch_common(m);
    cm_l1_free(m);
}

static void test_filter_off_first_touch(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL); /* threshold 2 */
    m->filter_enable = 0;     /* forces threshold 0 */
    first_touch_common(m);
    /* filter back on: threshold 2 again, so a new tag C gets t2 with RC 1 and bypasses */
    m->filter_enable = 1;
    cm_req_t q;
    cm_result_t res;
    req(&q, 0, ADDR(C, 0), 99);
    cm_l1_access(m, &q, &res);
    assert_int_equal(res.dec, DEC_LD_BYPASS);
    static const xrow_t after =
        ROW(TE(A, 1, 1, 0), TE(B, 1, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0);
    check_row(m, 0, &after, "filter on, load C", 0);
    cm_l1_free(m);
}

/* ---- 3. eviction: the owner loses its line, LRU among valid lines ---------------------- */

static const step_t evict_seq[] = {
    /* threshold 1: every load reserves */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(0, 0), ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 2: B -> d1; aging A 1 -> 0 */
    {LD(B, DEC_LD_MISS),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    /* 3: fill d1: ages d0 1, d1 0 */
    {FILL(2, 1),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 4: A hits d0: RC 1; ages d0 0, d1 1 */
    {LD_HIT(A, 0),
     ROW(TE(A, 1, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
    /* 5: C: t2 RC 1 -> no free line -> LRU victim among valid d0 (age 0), d1 (age 1): d1,
     * owned by B: B loses its position (pv 0, pos 1 -> 0) and gets RC 0; evicted tag B.
     * d1 becomes reserved (LRU age untouched). Aging: A 1 -> 0; C and B excluded. */
    {LD_EVICT(C, B),
     ROW(TE(A, 0, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 1, 1), TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    /* 6: fill d1: ages d0 1, d1 0 */
    {FILL(5, 1),
     ROW(TE(A, 0, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 1, 1), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 7: B probe-hits t1: RC 0 -> 1 >= 1 -> victim: d0 (age 1), owned by A: A loses it
     * (RC 0, pv 0, pos 0); evicted tag A. B -> pos 0. Aging: C 1 -> 0. */
    {LD_EVICT(B, A),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 0), TE(C, 0, 1, 1), TE_NONE, DW(0, 1, 1), DW(1, 0, 0), 0)},
    /* 8: fill d0: ages d0 0, d1 1 */
    {FILL(7, 0),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 0), TE(C, 0, 1, 1), TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void test_evict_resets_owner_lru(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=1", NULL};
    cm_l1_t *m = model(kv);
    run_all(m, evict_seq, sizeof evict_seq / sizeof evict_seq[0]);
    check_set1_reset(m);
    /* 5 accesses: 1 hit, 4 reservations, 4 installs, 2 valid lines taken */
    check_counts(m, 5, 1, 4, 0, 4, 2);
    cm_l1_free(m);
}

/* ---- 4. dynamic aging ------------------------------------------------------------------ */

static const step_t aging_seq[] = {
    /* threshold 3 */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 2, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(2), ROW(TE(A, 2, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(4),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE(C, 1, 0, 0), TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(6),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE(C, 1, 0, 0), TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE(C, 2, 0, 0), TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(8),
     ROW(TE(A, 2, 0, 0), TE(B, 1, 0, 0), TE(C, 2, 0, 0), TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 10: A RC 3 -> reserve d0 (free 1). Aging: B 1 -> 0, C 2 -> 1; A keeps 3. */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(10, 0),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 0, 0), TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 12: C RC 2 < 3: bypass */
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE(C, 2, 0, 0), TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {FILL_BYPASS(12),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE(C, 2, 0, 0), TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 14: C RC 3 -> reserve d1 (free 0). Aging: A 3 -> 2 (an entry holding a line ages too),
     * B stays 0 (floor), C keeps 3, t3 invalid stays zero. */
    {LD(C, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE(C, 3, 1, 1), TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    {FILL(14, 1),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE(C, 3, 1, 1), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
};

static void test_aging(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=3", NULL};
    cm_l1_t *m = model(kv);
    /* first give set 1 an entry (tag A, RC 1, bypass): set-0 aging must leave it alone */
    cm_req_t q;
    cm_result_t res;
    bv_t line;
    req(&q, 0, ADDR(A, 1), 100);
    cm_l1_access(m, &q, &res);
    assert_int_equal(res.dec, DEC_LD_BYPASS);
    assert_int_equal(res.set, 1);
    mem_line(A, &line);
    cm_l1_fill(m, res.mshr, &line, &res);
    assert_int_equal(res.dec, DEC_FILL_BYPASS);
    run_all(m, aging_seq, sizeof aging_seq / sizeof aging_seq[0]);
    static const xrow_t set1 =
        ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2);
    check_row(m, 1, &set1, "set 1 after step", 15);
    cm_l1_free(m);
}

/* ---- 5. every data line reserved: DEC_STALL_RSV changes nothing ----------------------- */

static const step_t stall_rsv_seq[] = {
    /* threshold 2 */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 2: A RC 2 -> reserve d0; its fill stays outstanding */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 2, 1, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL_BYPASS(3),
     ROW(TE(A, 2, 1, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    /* 5: B RC 2 -> reserve d1 (outstanding too); aging A 2 -> 1. Every line reserved. */
    {LD(B, DEC_LD_MISS),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    /* 6: C RC 1 < 2 needs no line: bypass even though every line is reserved */
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    {FILL_BYPASS(6),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    /* 8: C would reach RC 2 and needs a line: all reserved -> stall, C's RC stays 1 */
    {LD(C, DEC_STALL_RSV),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    /* 9, 10: filter off, new tag D would allocate t3 and need a line: stall, t3 stays invalid */
    {FILTER(0),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    {LD(D, DEC_STALL_RSV),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    {FILTER(1),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    /* 12: A's fill: d0 valid; touch d0 (age 0): ages unchanged */
    {FILL(2, 0),
     ROW(TE(A, 1, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    /* 13: C RC 2 -> victim among VALID lines only: d0 (d1 is older but reserved). A loses it
     * (RC 0, pv 0); evicted tag A; C -> pos 0. Aging: B 2 -> 1. */
    {LD_EVICT(C, A),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 1), TE(C, 2, 1, 0), TE_NONE, DW(0, 1, 0), DW(0, 1, 1), 0)},
    /* 14: B's fill: d1 valid; touch d1 (age 1): d0 0 -> 1 */
    {FILL(5, 1),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 1), TE(C, 2, 1, 0), TE_NONE, DW(0, 1, 1), DW(1, 0, 0), 0)},
    /* 15: C's fill: d0 valid; touch d0 (age 1): d1 0 -> 1 */
    {FILL(13, 0),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 1), TE(C, 2, 1, 0), TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void test_stall_all_reserved(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    /* MSHRs: step 0 takes 0 (freed at 1), step 2 takes 0, step 3 takes 1 (freed at 4),
     * step 5 takes 1, step 6 takes 2 (freed at 7): after step 7, 0 and 1 are busy. */
    run(&ru, stall_rsv_seq, 0, 8);
    lay_l1_row_t before = m->rows[0];
    run(&ru, stall_rsv_seq, 8, 9);
    assert_memory_equal(&before, &m->rows[0], sizeof before); /* not one bit changed */
    assert_int_equal(cm_l1_free_mshr(m), 2);                   /* no MSHR allocated */
    run(&ru, stall_rsv_seq, 9, 12);
    assert_memory_equal(&before, &m->rows[0], sizeof before);
    assert_int_equal(cm_l1_free_mshr(m), 2);
    run(&ru, stall_rsv_seq, 12, 16);
    check_set1_reset(m);
    /* 6 lookups (steps 0 2 3 5 6 13; stalls are retried, not counted as accesses):
     * 0 hits, 3 reservations, 3 bypasses, 3 installs, 1 eviction */
    check_counts(m, 6, 0, 3, 3, 3, 1);
    cm_l1_free(m);
}

/* ---- 6. tag-store LFU replacement ------------------------------------------------------ */

static const step_t lfu_seq[] = {
    /* threshold 4; filter off for the first two loads so A and X hold lines */
    {FILTER(0), ROW_RESET},
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(1, 0), ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 3: X -> d1; aging A 1 -> 0 */
    {LD(X, DEC_LD_MISS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    {FILL(3, 1),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILTER(1), ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 6..13: B and C twice each, all bypasses (RC 2 < 4): t2 = B/2, t3 = C/2 */
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 1, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(6),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 1, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(8),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE(C, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(10),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE(C, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(12),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(B, 2, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 14: E: all entries valid. Candidates without a position: t2 (RC 2), t3 (RC 2): tie ->
     * lowest way t2. A (RC 0, the smallest) and X hold lines and are never replaced. */
    {LD(E, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 1, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(14),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 1, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(E, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 2, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(16),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 2, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(E, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(18),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(C, 2, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 20: F: candidates t2 (RC 3), t3 (RC 2): smallest RC wins over lowest way -> t3 */
    {LD(F, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(F, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(20),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(F, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 22: B was replaced: probe miss again; candidates t2 (3), t3 (1) -> t3 */
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(B, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(22),
     ROW(TE(A, 0, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(B, 1, 0, 0),
         DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 24: A still owns d0: hit, RC 0 -> 1; touch d0: ages 0, 1 */
    {LD_HIT(A, 0),
     ROW(TE(A, 1, 1, 0), TE(X, 1, 1, 1), TE(E, 3, 0, 0), TE(B, 1, 0, 0),
         DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void test_tag_lfu(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=4", NULL};
    cm_l1_t *m = model(kv);
    run_all(m, lfu_seq, sizeof lfu_seq / sizeof lfu_seq[0]);
    check_set1_reset(m);
    cm_l1_free(m);
}

/* ---- 7. RC saturation ------------------------------------------------------------------ */

static const step_t sat_seq[] = {
    /* rc_bits 2: RC saturates at 3; threshold 2 */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(2, 0), ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD_HIT(A, 0), ROW(TE(A, 3, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 5, 6: at 3 = 2^2 - 1 RC stays 3 (does not wrap to 0) */
    {LD_HIT(A, 0), ROW(TE(A, 3, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD_HIT(A, 0), ROW(TE(A, 3, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
};

static void test_rc_saturates(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.rc_bits=2", NULL};
    cm_l1_t *m = model(kv);
    run_all(m, sat_seq, sizeof sat_seq / sizeof sat_seq[0]);
    /* te_stride = 1 + 11 + 2 + 1 + 1 = 16: t0.rc is bits 13:12 of the packed row */
    bv_t row;
    cm_l1_row(m, 0, &row);
    assert_int_equal(bv_get(&row, 12, 2), 3);
    cm_l1_free(m);
}

/* ---- 8. stores ------------------------------------------------------------------------- */

static const step_t store_hit_seq[] = {
    /* threshold 1 */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(0, 0), ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD(B, DEC_LD_MISS),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    {FILL(2, 1),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 4: store A hits d0: bytes written, LRU touched (d0 0, d1 1), A's RC stays 0 */
    {ST(A, DEC_ST_HIT, 0),
     ROW(TE(A, 0, 1, 0), TE(B, 1, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
    /* 5: C: victim d1 (age 1) because the store made d0 most recent; B loses it. Aging:
     * A stays 0 (floor). */
    {LD_EVICT(C, B),
     ROW(TE(A, 0, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 1, 1), TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    {FILL(5, 1),
     ROW(TE(A, 0, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 1, 1), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 7: A hits d0 and reads the stored bytes: RC 1; ages d0 0, d1 1 */
    {LD_HIT(A, 0),
     ROW(TE(A, 1, 1, 0), TE(B, 0, 0, 0), TE(C, 1, 1, 1), TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void test_store_hit_bytes_lru_not_rc(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=1", NULL};
    cm_l1_t *m = model(kv);
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    run(&ru, store_hit_seq, 0, 8);
    /* A's line: bytes 0, 3, 15 from the store (0xe0 + i), the rest from memory (0x11 + i) */
    for (unsigned i = 0; i < LINE_BYTES; i++) {
        uint8_t want = store_hits_byte(i) ? store_byte(i) : mem_byte(A, i);
        assert_int_equal(bv_byte(&ru.last.data, i), want);
        assert_int_equal(cm_l1_line_ptr(m, 0, 0)[i], want);
    }
    /* 5 accesses (4 loads, 1 store); misses: 3 load reservations, no store miss */
    assert_int_equal(m->cnt[CNT_ACCESSES], 5);
    assert_int_equal(m->cnt[CNT_MISSES], 3);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 1);
    cm_l1_free(m);
}

static const step_t store_miss_seq[] = {
    /* threshold 2 */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 2: A has a tag entry but no line: store miss, RC stays 1, nothing allocated */
    {ST(A, DEC_ST_MISS, -1),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 3: D has no entry: store miss, no tag entry allocated */
    {ST(D, DEC_ST_MISS, -1),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 4: A RC 1 -> 2 (the stores did not count): reserve d0 */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(4, 0), ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
};

static void test_store_tag_only_is_miss(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    run(&ru, store_miss_seq, 0, 4);
    for (unsigned w = 0; w < 2; w++) /* the store misses wrote no data line */
        for (unsigned i = 0; i < LINE_BYTES; i++)
            assert_int_equal(cm_l1_line_ptr(m, 0, w)[i], 0);
    run(&ru, store_miss_seq, 4, 6);
    /* 4 accesses; misses = 2 store misses + 1 load reservation; 1 bypass; 1 install */
    assert_int_equal(m->cnt[CNT_ACCESSES], 4);
    assert_int_equal(m->cnt[CNT_MISSES], 3);
    assert_int_equal(m->cnt[CNT_BYPASSES], 1);
    assert_int_equal(m->cnt[CNT_FILLS], 1);
    check_set1_reset(m);
    cm_l1_free(m);
}

static const step_t write_evict_seq[] = {
    /* threshold 2, write_evict */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0), ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(2, 0), ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD_HIT(A, 0), ROW(TE(A, 3, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 3, 1, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {FILL_BYPASS(5),
     ROW(TE(A, 3, 1, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    /* 7: B RC 2 -> reserve d1; aging A 3 -> 2 */
    {LD(B, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE(B, 2, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 1, 1), 0)},
    {FILL(7, 1),
     ROW(TE(A, 2, 1, 0), TE(B, 2, 1, 1), TE_NONE, TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {LD(C, DEC_LD_BYPASS),
     ROW(TE(A, 2, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    {FILL_BYPASS(9),
     ROW(TE(A, 2, 1, 0), TE(B, 2, 1, 1), TE(C, 1, 0, 0), TE_NONE, DW(1, 0, 1), DW(1, 0, 0), 0)},
    /* 11: store A hits d0 with write_evict: d0 invalid, free 0 -> 1; A loses its line
     * (RC 0, pv 0, pos 0); aging: B 2 -> 1, C 1 -> 0. d0's LRU age: open in the SPEC. */
    {ST(A, DEC_ST_HIT, 0),
     ROW(TE(A, 0, 0, 0), TE(B, 1, 1, 1), TE(C, 0, 0, 0), TE_NONE, DW(0, 0, DC), DW(1, 0, DC), 1)},
    /* 12: A starts over: RC 0 -> 1 < 2: bypass */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 1, 1), TE(C, 0, 0, 0), TE_NONE, DW(0, 0, DC), DW(1, 0, DC), 1)},
    {FILL_BYPASS(12),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 1, 1), TE(C, 0, 0, 0), TE_NONE, DW(0, 0, DC), DW(1, 0, DC), 1)},
    /* 14: A RC 2: the freed d0 is the lowest free line; aging B 1 -> 0, C stays 0 */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 1, 1), TE(C, 0, 0, 0), TE_NONE, DW(0, 1, DC), DW(1, 0, DC), 0)},
    /* 15: fill d0: d0 age 0, d1 age 1 whatever d0's age was */
    {FILL(14, 0),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 1, 1), TE(C, 0, 0, 0), TE_NONE, DW(1, 0, 0), DW(1, 0, 1), 0)},
};

static void test_write_evict(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.write_evict=true", NULL};
    cm_l1_t *m = model(kv);
    run_all(m, write_evict_seq, sizeof write_evict_seq / sizeof write_evict_seq[0]);
    /* reservations at steps 2, 7, 14, all from free lines; an invalidation is not an
     * eviction: 3 misses, 3 installs, 0 evictions */
    assert_int_equal(m->cnt[CNT_MISSES], 3);
    assert_int_equal(m->cnt[CNT_FILLS], 3);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 0);
    check_set1_reset(m);
    cm_l1_free(m);
}

/* ---- outstanding reads stall their line ------------------------------------------------ */

static const step_t stall_line_seq[] = {
    /* threshold 2 */
    {LD(A, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 1, 2: A's bypassed read is outstanding: load and store stall, RC stays 1 */
    {LD(A, DEC_STALL_LINE),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {ST(A, DEC_STALL_LINE, -1),
     ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 3: another line of the set goes ahead */
    {LD(B, DEC_LD_BYPASS),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(0),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    {FILL_BYPASS(3),
     ROW(TE(A, 1, 0, 0), TE(B, 1, 0, 0), TE_NONE, TE_NONE, DW(0, 0, 0), DW(0, 0, 1), 2)},
    /* 6: A RC 2 -> reserve d0; aging B 1 -> 0 */
    {LD(A, DEC_LD_MISS),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    /* 7, 8: A's line is reserved with its read outstanding: stall, RC stays 2 */
    {LD(A, DEC_STALL_LINE),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {ST(A, DEC_STALL_LINE, -1),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(0, 1, 0), DW(0, 0, 1), 1)},
    {FILL(6, 0),
     ROW(TE(A, 2, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
    {LD_HIT(A, 0),
     ROW(TE(A, 3, 1, 0), TE(B, 0, 0, 0), TE_NONE, TE_NONE, DW(1, 0, 0), DW(0, 0, 1), 1)},
};

static void test_stall_line(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    run_t ru;
    memset(&ru, 0, sizeof ru);
    ru.m = m;
    run(&ru, stall_line_seq, 0, 3);
    assert_int_equal(cm_l1_free_mshr(m), 1); /* only A's read holds an MSHR */
    run(&ru, stall_line_seq, 3, 11);
    /* stalls are not lookups: accesses = steps 0 3 6 10 */
    assert_int_equal(m->cnt[CNT_ACCESSES], 4);
    cm_l1_free(m);
}

/* ---- 9. free count = invalid lines, after every event of a long sequence --------------- */

/* A fixed pseudo-random mix of loads, stores and out-of-order fills over both sets and six
 * tags per set; check_invariants runs after every event. */
static void invariant_mix(const char *const *kv, unsigned filter_flip)
{
    cm_l1_t *m = model(kv);
    uint32_t x = 12345;
    unsigned events = 0;
    for (unsigned i = 0; i < 4000; i++) {
        x = x * 1103515245u + 12345u;
        unsigned r = (x >> 16) & 0x7fff;
        cm_result_t res;
        if (filter_flip && r % 97 == 0)
            m->filter_enable ^= 1;
        if (r % 3 == 0) { /* fill some outstanding MSHR, chosen pseudo-randomly */
            unsigned start = (r >> 2) % m->cfg.mshrs;
            for (unsigned k = 0; k < m->cfg.mshrs; k++) {
                unsigned f = (start + k) % m->cfg.mshrs;
                if (m->mshr[f].valid) {
                    bv_t line;
                    mem_line((unsigned)(m->mshr[f].line >> 1), &line);
                    cm_l1_fill(m, f, &line, &res);
                    break;
                }
            }
        } else {
            cm_req_t q;
            uint64_t addr = ADDR(1 + (r >> 3) % 6, (r >> 6) & 1);
            if (r % 5 == 1)
                store_req(&q, addr, i);
            else
                req(&q, 0, addr, i);
            cm_l1_access(m, &q, &res);
        }
        check_invariants(m, "event", events++);
    }
    cm_l1_free(m);
}

static void test_free_count_invariant(void **state)
{
    (void)state;
    static const char *const upd[] = {"l1.threshold=2", NULL};
    static const char *const evict[] = {"l1.threshold=1", "l1.write_evict=true", NULL};
    static const char *const wide[] = {"l1.ways=4", "l1.tag_ways=6", "l1.threshold=2",
                                       "l1.write_evict=true", NULL};
    invariant_mix(upd, 0);
    invariant_mix(evict, 1);
    invariant_mix(wide, 1);
}

/* ---- 9b. a failed read (axi.enable) --------------------------------------------------- */

/* Threshold 1: A's first load reserves way 0 (t0 = A, RC 1, pv, pos 0; way 0 reserved; one
 * free line). Its read fails: way 0 is free again (two free lines), t0 keeps A and its RC 1
 * but owns no line. A's next load misses again (RC 2), reserves the lowest free line (way 0)
 * and its fill installs. Threshold 2: B's first load bypasses (t1 = B, RC 1, no line); its
 * failed read changes nothing. */
static void test_fill_err_releases(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=1", "axi.enable=true", NULL};
    cm_l1_t *m = model(kv);
    cm_req_t q;
    cm_result_t a, f;
    bv_t line;
    req(&q, 0, ADDR(A, 0), 1);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    static const xrow_t reserved =
        ROW(TE(A, 1, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 1, DC), DW(0, 0, DC), 1);
    check_row(m, 0, &reserved, "reserve", 0);
    mem_line(A, &line);
    cm_l1_fill_err(m, a.mshr, &line, &f);
    assert_int_equal(f.dec, DEC_FILL_BYPASS);
    assert_int_equal(f.status, ST_ERR);
    assert_int_equal(f.id, 1);
    assert_int_equal(m->cnt[CNT_FILLS], 0);
    static const xrow_t released =
        ROW(TE(A, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, DC), DW(0, 0, DC), 2);
    check_row(m, 0, &released, "failed fill", 1);
    check_invariants(m, "failed fill", 1);
    req(&q, 0, ADDR(A, 0), 2);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    cm_l1_fill(m, a.mshr, &line, &f);
    assert_int_equal(f.dec, DEC_FILL);
    assert_int_equal(f.way, 0);
    static const xrow_t filled =
        ROW(TE(A, 2, 1, 0), TE_NONE, TE_NONE, TE_NONE, DW(1, 0, DC), DW(0, 0, DC), 1);
    check_row(m, 0, &filled, "fill", 2);
    check_invariants(m, "fill", 2);
    cm_l1_free(m);

    static const char *const kv2[] = {"axi.enable=true", NULL};
    m = model(kv2);
    req(&q, 0, ADDR(B, 0), 3);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_BYPASS);
    static const xrow_t bypassed = ROW(TE(B, 1, 0, 0), TE_NONE, TE_NONE, TE_NONE, DW(0, 0, 0),
                                       DW(0, 0, 1), 2);
    check_row(m, 0, &bypassed, "bypass", 3);
    cm_l1_fill_err(m, a.mshr, &line, &f);
    assert_int_equal(f.status, ST_ERR);
    check_row(m, 0, &bypassed, "failed bypass fill", 4);
    cm_l1_free(m);
}

/* ---- 10. the packed row ---------------------------------------------------------------- */

/* LRU geometry: T = 11, RC = 3, P = 1, R = 1. te_stride = 1 + 11 + 3 + 1 + 1 = 17, so t0 is
 * bits 0..16 (valid 0, tag 11:1, rc 14:12, pv 15, pos 16) and t1 is bits 17..33 (valid 17,
 * tag 28:18, rc 31:29, pv 32, pos 33); t2, t3 end at bit 67. Data way w: valid 68 + 3w,
 * rsv 69 + 3w, repl 70 + 3w; no PLRU bits; free at 75:74; 76 bits in all. */
static void test_row_packing_lru(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.threshold=1", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.te_stride, 17);
    assert_int_equal(m->lay.row_bits, 76);
    bv_t row, want;

    /* reset: only d1.repl = 1 (bit 73) and free = 2 (bit 75): word 1 = 0x200 | 0x800 */
    cm_l1_row(m, 0, &row);
    bv_zero(&want);
    want.w[1] = 0xa00;
    assert_true(bv_eq(&row, &want, 76));

    /* A' = tag 0x5a5 -> d0 (left reserved), B' = tag 0x7ff -> d1 (aging A' 1 -> 0), fill B'
     * (ages d0 1, d1 0), hit B' (RC 2). Row: t0 {1, 0x5a5, 0, 1, 0}, t1 {1, 0x7ff, 2, 1, 1},
     * d0 {0, 1, 1}, d1 {1, 0, 0}, free 0.
     * word 0: t0 = 1 | 0x5a5 << 1 | 1 << 15 = 0x8b4b;
     *         t1 = 1 << 17 | 0x7ff << 18 | 2 << 29 | 1 << 32 | 1 << 33 = 0x3_5ffe_0000;
     * word 1: d0.rsv bit 69 -> 0x20, d0.repl bit 70 -> 0x40, d1.valid bit 71 -> 0x80. */
    cm_req_t q;
    cm_result_t ra, rb, res;
    bv_t line;
    req(&q, 0, ADDR(0x5a5, 0), 1);
    cm_l1_access(m, &q, &ra);
    assert_int_equal(ra.dec, DEC_LD_MISS);
    req(&q, 0, ADDR(0x7ff, 0), 2);
    cm_l1_access(m, &q, &rb);
    assert_int_equal(rb.dec, DEC_LD_MISS);
    mem_line(3, &line);
    cm_l1_fill(m, rb.mshr, &line, &res);
    assert_int_equal(res.dec, DEC_FILL);
    req(&q, 0, ADDR(0x7ff, 0), 3);
    cm_l1_access(m, &q, &res);
    assert_int_equal(res.dec, DEC_LD_HIT);
    cm_l1_row(m, 0, &row);
    bv_zero(&want);
    want.w[0] = UINT64_C(0x000000035ffe8b4b);
    want.w[1] = 0xe0;
    if (!bv_eq(&row, &want, 76))
        fail_msg("packed row %016llx %016llx, expected %016llx %016llx",
                 (unsigned long long)row.w[1], (unsigned long long)row.w[0],
                 (unsigned long long)want.w[1], (unsigned long long)want.w[0]);
    /* the same fields one by one at their hand-computed offsets */
    assert_int_equal(bv_get(&row, 1, 11), 0x5a5);  /* t0.tag */
    assert_int_equal(bv_get(&row, 15, 1), 1);      /* t0.pv */
    assert_int_equal(bv_get(&row, 18, 11), 0x7ff); /* t1.tag */
    assert_int_equal(bv_get(&row, 29, 3), 2);      /* t1.rc */
    assert_int_equal(bv_get(&row, 33, 1), 1);      /* t1.pos */
    assert_int_equal(bv_get(&row, 69, 1), 1);      /* d0.rsv */
    assert_int_equal(bv_get(&row, 71, 1), 1);      /* d1.valid */
    assert_int_equal(bv_get(&row, 74, 2), 0);      /* free */
    /* and the RTL's unpacking gives the model's row back */
    lay_l1_row_t back;
    lay_l1_unpack(&m->lay, &row, &back);
    assert_int_equal(back.te[1].rc, 2);
    assert_int_equal(back.way[0].rsv, 1);
    cm_l1_free(m);
}

/* PLRU geometry: 4 data ways, 5 tag ways, T = 11, RC = 3, P = 2, R = 0. te_stride =
 * 1 + 11 + 3 + 1 + 2 = 18, tag store bits 0..89; data way w: valid 90 + 2w, rsv 91 + 2w;
 * PLRU nodes 100:98; free (3 bits) 103:101; 104 bits in all. */
static void test_row_packing_plru(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.ways=4", "l1.tag_ways=5", "l1.replacement=plru",
                                     "l1.threshold=1", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.te_stride, 18);
    assert_int_equal(m->lay.row_bits, 104);
    bv_t row, want, line;

    /* reset: free = 4 = 0b100 at 103:101 -> bit 103 = word 1 bit 39 */
    cm_l1_row(m, 0, &row);
    bv_zero(&want);
    want.w[1] = UINT64_C(1) << 39;
    assert_true(bv_eq(&row, &want, 104));

    /* A (tag 1) -> d0, filled. t0 = {1, 1, 1, 1, 0}: 1 | 1 << 1 | 1 << 12 | 1 << 15 = 0x9003.
     * d0.valid bit 90 = word 1 bit 26. Touching way 0 points the root (node 0) and node 1 away
     * from it: PLRU = 0b011 at 99:98 = word 1 bits 35:34. free = 3 at 102:101 = bits 38:37. */
    cm_req_t q;
    cm_result_t res;
    req(&q, 0, ADDR(A, 0), 1);
    cm_l1_access(m, &q, &res);
    assert_int_equal(res.dec, DEC_LD_MISS);
    mem_line(A, &line);
    cm_l1_fill(m, res.mshr, &line, &res);
    assert_int_equal(res.dec, DEC_FILL);
    assert_int_equal(res.way, 0);
    cm_l1_row(m, 0, &row);
    bv_zero(&want);
    want.w[0] = 0x9003;
    want.w[1] = UINT64_C(0x6c04000000);
    if (!bv_eq(&row, &want, 104))
        fail_msg("packed row %016llx %016llx, expected %016llx %016llx",
                 (unsigned long long)row.w[1], (unsigned long long)row.w[0],
                 (unsigned long long)want.w[1], (unsigned long long)want.w[0]);
    assert_int_equal(bv_get(&row, 98, 3), 3); /* plru */
    assert_int_equal(bv_get(&row, 101, 3), 3); /* free */
    cm_l1_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aba_threshold2),
        cmocka_unit_test(test_threshold1_first_touch),
        cmocka_unit_test(test_threshold0_first_touch),
        cmocka_unit_test(test_filter_off_first_touch),
        cmocka_unit_test(test_evict_resets_owner_lru),
        cmocka_unit_test(test_aging),
        cmocka_unit_test(test_stall_all_reserved),
        cmocka_unit_test(test_tag_lfu),
        cmocka_unit_test(test_rc_saturates),
        cmocka_unit_test(test_store_hit_bytes_lru_not_rc),
        cmocka_unit_test(test_store_tag_only_is_miss),
        cmocka_unit_test(test_write_evict),
        cmocka_unit_test(test_stall_line),
        cmocka_unit_test(test_fill_err_releases),
        cmocka_unit_test(test_free_count_invariant),
        cmocka_unit_test(test_row_packing_lru),
        cmocka_unit_test(test_row_packing_plru),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
