/* test_cm_l1: cmocka unit tests of the L1 C model (cm_l1, cm_repl_*) and the row layout (lay)
 * against hand-worked expectations for SPEC 3.1: replacement (LRU, tree-PLRU, SRRIP), the
 * write-through/no-write-allocate policy, direct mapping, MSHRs, counters, the XOR index and
 * metadata row packing. Every expected value is a literal worked out by hand in the comments.
 * Build: cc -std=c11 -I. cmodel/test_cm_l1.c build/libcmodel.a build/libcore.a -lyaml -lcmocka */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "test_cfg.h"

#include "cm_l1.h"

/* Base geometry of most tests: 2 sets, 4 ways, 16-byte lines, 16-bit addresses, so
 * b = 4, m = 1, T = 16 - 4 - 1 = 11 and the line of tag t in set s starts at t<<5 | s<<4. */
#define ADDR(tag, set) (((uint64_t)(tag) << 5) | ((uint64_t)(set) << 4))
#define LINE_BYTES 16

/* One load in a replacement sequence, all in set 0, and what it must leave behind. */
typedef struct step {
    unsigned tag;        /* tag of the loaded line */
    lay_decision_t dec;  /* DEC_LD_HIT or DEC_LD_MISS */
    unsigned way;        /* hit way, or the way the fill went to */
    unsigned evict;      /* 1: the fill replaced a valid line */
    unsigned evict_tag;  /* tag of the replaced line */
    uint8_t repl[8];     /* per-way LRU age or RRPV afterwards (when the policy has them) */
    uint32_t plru;       /* PLRU node bits afterwards (plru only) */
} step_t;

/* ---- helpers --------------------------------------------------------------------------- */

/* The base geometry with NULL-terminated key/value overrides `kv`, validated and built. */
static cm_l1_t *model(const char *const *kv)
{
    static const char *const base[] = {"l1.sets", "2", "l1.ways", "4", "l1.line_bytes", "16",
                                       "l1.addr_bits", "16", NULL};
    cfg_t c;
    cm_l1_t *m = NULL;
    test_cfg(&c, base, kv);
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

/* A line whose byte i is seed + i. */
static void pattern(bv_t *v, uint8_t seed)
{
    bv_zero(v);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        bv_set_byte(v, i, (uint8_t)(seed + i));
}

/* Program-order load: access, and on a miss fill the returned MSHR at once with the line
 * pattern seeded by the line address. Returns the access decision; *f is the fill (zeroed
 * when there was none). */
static lay_decision_t load(cm_l1_t *m, uint64_t addr, uint32_t id, cm_result_t *a,
                           cm_result_t *f)
{
    cm_req_t q;
    bv_t line;
    req(&q, 0, addr, id);
    cm_l1_access(m, &q, a);
    memset(f, 0, sizeof *f);
    if (a->dec == DEC_LD_MISS) {
        pattern(&line, (uint8_t)(addr >> 4));
        cm_l1_fill(m, a->mshr, &line, f);
    }
    return a->dec;
}

static void store(cm_l1_t *m, uint64_t addr, uint32_t id, const bv_t *be, const bv_t *wdata,
                  cm_result_t *a)
{
    cm_req_t q;
    req(&q, 1, addr, id);
    if (be)
        q.be = *be;
    if (wdata)
        q.wdata = *wdata;
    cm_l1_access(m, &q, a);
}

/* Run loads in set 0 and check decision, way, eviction and the policy state after each. */
static void run_steps(cm_l1_t *m, const step_t *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        cm_result_t a, f;
        lay_decision_t d = load(m, ADDR(s[i].tag, 0), i, &a, &f);
        const cm_result_t *r = d == DEC_LD_MISS ? &f : &a;
        const lay_l1_row_t *row = &m->rows[0];
        if (d != s[i].dec)
            fail_msg("step %u (tag %u): decision %d, expected %d", i + 1, s[i].tag, d, s[i].dec);
        if (r->way != s[i].way)
            fail_msg("step %u (tag %u): way %u, expected %u", i + 1, s[i].tag, r->way, s[i].way);
        if (d == DEC_LD_MISS) {
            if (f.dec != DEC_FILL || f.set != 0)
                fail_msg("step %u: fill decision %d set %u", i + 1, f.dec, f.set);
            if (f.evict_valid != s[i].evict)
                fail_msg("step %u (tag %u): evict_valid %u, expected %u", i + 1, s[i].tag,
                         f.evict_valid, s[i].evict);
            if (s[i].evict && f.evict_tag != s[i].evict_tag)
                fail_msg("step %u (tag %u): evicted tag %llu, expected %u", i + 1, s[i].tag,
                         (unsigned long long)f.evict_tag, s[i].evict_tag);
        }
        if (!row->way[s[i].way].valid || row->way[s[i].way].tag != s[i].tag)
            fail_msg("step %u: way %u holds valid %u tag %llu, expected tag %u", i + 1, s[i].way,
                     row->way[s[i].way].valid, (unsigned long long)row->way[s[i].way].tag,
                     s[i].tag);
        if (m->lay.repl_bits)
            for (unsigned w = 0; w < m->cfg.ways; w++)
                if (row->way[w].repl != s[i].repl[w])
                    fail_msg("step %u (tag %u): way %u repl %u, expected %u", i + 1, s[i].tag, w,
                             row->way[w].repl, s[i].repl[w]);
        if (m->lay.plru_bits && row->plru != s[i].plru)
            fail_msg("step %u (tag %u): plru 0x%x, expected 0x%x", i + 1, s[i].tag, row->plru,
                     s[i].plru);
    }
}

static void assert_set_untouched_lru4(const cm_l1_t *m, unsigned set)
{
    for (unsigned w = 0; w < 4; w++) {
        assert_int_equal(m->rows[set].way[w].valid, 0);
        assert_int_equal(m->rows[set].way[w].repl, w);
    }
}

/* ---- 1. LRU ---------------------------------------------------------------------------- */

static void test_lru_reset_and_layout(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    /* b = 4, m = 1, T = 11, R = log2(4) = 2 */
    assert_int_equal(m->lay.off_bits, 4);
    assert_int_equal(m->lay.set_bits, 1);
    assert_int_equal(m->lay.tag_bits, 11);
    assert_int_equal(m->lay.repl_bits, 2);
    assert_int_equal(m->lay.plru_bits, 0);
    for (unsigned s = 0; s < 2; s++)
        for (unsigned w = 0; w < 4; w++) {
            assert_int_equal(m->rows[s].way[w].valid, 0);
            assert_int_equal(m->rows[s].way[w].repl, w); /* reset: way i has age i */
        }
    assert_int_equal(cm_l1_free_mshr(m), 0);
    cm_l1_free(m);
}

static void test_lru_sequence(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    /* Tags A..H = 1..8 in set 0. A touch gives the way age 0 and ages every younger way. */
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0, 1, 2, 3}, 0}, /* A -> lowest invalid way 0 */
        {2, DEC_LD_MISS, 1, 0, 0, {1, 0, 2, 3}, 0}, /* B -> way 1 */
        {3, DEC_LD_MISS, 2, 0, 0, {2, 1, 0, 3}, 0}, /* C -> way 2 */
        {4, DEC_LD_MISS, 3, 0, 0, {3, 2, 1, 0}, 0}, /* D -> way 3 */
        {2, DEC_LD_HIT, 1, 0, 0, {3, 0, 2, 1}, 0},  /* hit B */
        {5, DEC_LD_MISS, 0, 1, 1, {0, 1, 3, 2}, 0}, /* E evicts LRU A (age 3) in way 0 */
        {6, DEC_LD_MISS, 2, 1, 3, {1, 2, 0, 3}, 0}, /* F evicts C in way 2 */
        {4, DEC_LD_HIT, 3, 0, 0, {2, 3, 1, 0}, 0},  /* hit D */
        {7, DEC_LD_MISS, 1, 1, 2, {3, 0, 2, 1}, 0}, /* G evicts B in way 1 */
        {5, DEC_LD_HIT, 0, 0, 0, {0, 1, 3, 2}, 0},  /* hit E (the oldest) */
        {8, DEC_LD_MISS, 2, 1, 6, {1, 2, 0, 3}, 0}, /* H evicts F in way 2 */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    assert_set_untouched_lru4(m, 1);
    /* 11 accesses: 3 hits, 8 misses, 8 fills, 4 evictions */
    assert_int_equal(m->cnt[CNT_ACCESSES], 11);
    assert_int_equal(m->cnt[CNT_HITS], 3);
    assert_int_equal(m->cnt[CNT_MISSES], 8);
    assert_int_equal(m->cnt[CNT_FILLS], 8);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 4);
    cm_l1_free(m);
}

/* FIFO: LRU's ages, renewed only by fills; the same tags as test_lru_sequence. */
static void test_fifo_sequence(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.replacement", "fifo", NULL};
    cm_l1_t *m = model(kv);
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0, 1, 2, 3}, 0}, /* A -> lowest invalid way 0 */
        {2, DEC_LD_MISS, 1, 0, 0, {1, 0, 2, 3}, 0}, /* B -> way 1 */
        {3, DEC_LD_MISS, 2, 0, 0, {2, 1, 0, 3}, 0}, /* C -> way 2 */
        {4, DEC_LD_MISS, 3, 0, 0, {3, 2, 1, 0}, 0}, /* D -> way 3 */
        {2, DEC_LD_HIT, 1, 0, 0, {3, 2, 1, 0}, 0},  /* hit B: ages unchanged */
        {5, DEC_LD_MISS, 0, 1, 1, {0, 3, 2, 1}, 0}, /* E evicts A, filled first, in way 0 */
        {6, DEC_LD_MISS, 1, 1, 2, {1, 0, 3, 2}, 0}, /* F evicts B (LRU: C), hit or not */
        {4, DEC_LD_HIT, 3, 0, 0, {1, 0, 3, 2}, 0},  /* hit D: unchanged */
        {7, DEC_LD_MISS, 2, 1, 3, {2, 1, 0, 3}, 0}, /* G evicts C in way 2 */
        {5, DEC_LD_HIT, 0, 0, 0, {2, 1, 0, 3}, 0},  /* hit E: unchanged */
        {8, DEC_LD_MISS, 3, 1, 4, {3, 2, 1, 0}, 0}, /* H evicts D, hit two steps before */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    assert_set_untouched_lru4(m, 1);
    assert_int_equal(m->cnt[CNT_ACCESSES], 11);
    assert_int_equal(m->cnt[CNT_HITS], 3);
    assert_int_equal(m->cnt[CNT_MISSES], 8);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 4);
    cm_l1_free(m);
}

/* Random: the LFSR from 0xACE1 (the default seed) gives ways 1 0 0 0 2 3 for its first six
 * victims: 0xACE1 (low bits 01), 0xE270 (00), 0x7138 (00), 0x389C (00), 0x1C4E (10),
 * 0x0E27 (11), each the last shifted right, xor 0xB400 when its bit 0 was 1. */
static void test_random_sequence(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.replacement", "random", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.repl_bits, 0); /* no replacement bits in the row */
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0}, 0},  /* A..D fill the invalid ways first */
        {2, DEC_LD_MISS, 1, 0, 0, {0}, 0},
        {3, DEC_LD_MISS, 2, 0, 0, {0}, 0},
        {4, DEC_LD_MISS, 3, 0, 0, {0}, 0},
        {1, DEC_LD_HIT, 0, 0, 0, {0}, 0},   /* a hit does not step the LFSR */
        {5, DEC_LD_MISS, 1, 1, 2, {0}, 0},  /* E evicts way 1 (B) */
        {6, DEC_LD_MISS, 0, 1, 1, {0}, 0},  /* F evicts way 0 (A) */
        {7, DEC_LD_MISS, 0, 1, 6, {0}, 0},  /* G evicts F */
        {8, DEC_LD_MISS, 0, 1, 7, {0}, 0},  /* H evicts G */
        {9, DEC_LD_MISS, 2, 1, 3, {0}, 0},  /* I evicts way 2 (C) */
        {10, DEC_LD_MISS, 3, 1, 4, {0}, 0}, /* J evicts way 3 (D) */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    assert_int_equal(m->lfsr, 0xB313);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 6);
    cm_l1_free(m);
}

/* ---- 2. tree-PLRU ---------------------------------------------------------------------- */

static void test_plru_4way(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.replacement", "plru", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.repl_bits, 0);
    assert_int_equal(m->lay.plru_bits, 3);
    assert_int_equal(m->rows[0].plru, 0);
    /* Nodes: 0 root (ways 0-1 | 2-3), 1 (way 0 | 1), 2 (way 2 | 3).
     * touch 0: n0=1 n1=1; touch 1: n0=1 n1=0; touch 2: n0=0 n2=1; touch 3: n0=0 n2=0. */
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0}, 0x3}, /* A -> way 0: 0b011 */
        {2, DEC_LD_MISS, 1, 0, 0, {0}, 0x1}, /* B -> way 1: 0b001 */
        {3, DEC_LD_MISS, 2, 0, 0, {0}, 0x4}, /* C -> way 2: 0b100 */
        {4, DEC_LD_MISS, 3, 0, 0, {0}, 0x0}, /* D -> way 3: 0b000 (victim would be way 0) */
        {2, DEC_LD_HIT, 1, 0, 0, {0}, 0x1},  /* hit B: n0=1 n1=0 -> victim right, n2=0: way 2 */
        {5, DEC_LD_MISS, 2, 1, 3, {0}, 0x4}, /* E evicts C; n0=0 n1=0 -> next victim way 0 */
        {6, DEC_LD_MISS, 0, 1, 1, {0}, 0x7}, /* F evicts A; n0=1 n2=1 -> next victim way 3 */
        {7, DEC_LD_MISS, 3, 1, 4, {0}, 0x2}, /* G evicts D; n0=0 n1=1 -> next victim way 1 */
        {8, DEC_LD_MISS, 1, 1, 2, {0}, 0x1}, /* H evicts B */
        {5, DEC_LD_HIT, 2, 0, 0, {0}, 0x4},  /* hit E (way 2): n0=0 n2=1; n1 stays 0 */
        {9, DEC_LD_MISS, 0, 1, 6, {0}, 0x7}, /* I evicts F in way 0 */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    assert_int_equal(m->rows[1].plru, 0);
    cm_l1_free(m);
}

static void test_plru_8way(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.replacement", "plru", "l1.ways", "8", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.plru_bits, 7);
    /* Nodes: 0 root; 1 (ways 0-3), 2 (ways 4-7); 3 (0-1), 4 (2-3), 5 (4-5), 6 (6-7).
     * A touch of way w = b2 b1 b0 writes n0 = !b2, n(1+b2) = !b1, n(3+2*b2+b1) = !b0. */
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0}, 0x0B}, /* n0 n1 n3 set */
        {2, DEC_LD_MISS, 1, 0, 0, {0}, 0x03}, /* n3 cleared */
        {3, DEC_LD_MISS, 2, 0, 0, {0}, 0x11}, /* n0 set, n1 clear, n4 set */
        {4, DEC_LD_MISS, 3, 0, 0, {0}, 0x01}, /* n4 clear */
        {5, DEC_LD_MISS, 4, 0, 0, {0}, 0x24}, /* n0 clear, n2 set, n5 set */
        {6, DEC_LD_MISS, 5, 0, 0, {0}, 0x04}, /* n5 clear */
        {7, DEC_LD_MISS, 6, 0, 0, {0}, 0x40}, /* n2 clear, n6 set */
        {8, DEC_LD_MISS, 7, 0, 0, {0}, 0x00}, /* n6 clear */
        {6, DEC_LD_HIT, 5, 0, 0, {0}, 0x04},  /* hit F (way 5): n0=0 n2=1 n5=0 */
        {3, DEC_LD_HIT, 2, 0, 0, {0}, 0x15},  /* hit C (way 2): n0=1 n1=0 n4=1 */
        {9, DEC_LD_MISS, 6, 1, 7, {0}, 0x50}, /* n0=1 n2=1 n6=0 -> way 6 (G); touch 6 */
        {10, DEC_LD_MISS, 0, 1, 1, {0}, 0x5B}, /* n0=0 n1=0 n3=0 -> way 0 (A) */
        {11, DEC_LD_MISS, 4, 1, 5, {0}, 0x7E}, /* n0=1 n2=0 n5=0 -> way 4 (E) */
        {12, DEC_LD_MISS, 3, 1, 4, {0}, 0x6D}, /* n0=0 n1=1 n4=1 -> way 3 (D) */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    cm_l1_free(m);
}

/* ---- 3. SRRIP -------------------------------------------------------------------------- */

static void test_srrip_2bit(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.replacement", "srrip", NULL};
    cm_l1_t *m = model(kv);
    assert_int_equal(m->lay.repl_bits, 2);
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].repl, 0); /* reset RRPV 0 */
    /* Insert at 2, hit sets 0, victim: age all until one is 3, take the lowest such way. */
    static const step_t seq[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {2, 0, 0, 0}, 0},
        {2, DEC_LD_MISS, 1, 0, 0, {2, 2, 0, 0}, 0},
        {3, DEC_LD_MISS, 2, 0, 0, {2, 2, 2, 0}, 0},
        {4, DEC_LD_MISS, 3, 0, 0, {2, 2, 2, 2}, 0},
        {2, DEC_LD_HIT, 1, 0, 0, {2, 0, 2, 2}, 0},
        {4, DEC_LD_HIT, 3, 0, 0, {2, 0, 2, 0}, 0},
        {5, DEC_LD_MISS, 0, 1, 1, {2, 1, 3, 1}, 0},  /* aged +1: 3 1 3 1; way 0 (A), E at 2 */
        {6, DEC_LD_MISS, 2, 1, 3, {2, 1, 2, 1}, 0},  /* way 2 already 3: no aging; C out */
        {7, DEC_LD_MISS, 0, 1, 5, {2, 2, 3, 2}, 0},  /* aged +1: 3 2 3 2; way 0 (E) */
        {8, DEC_LD_MISS, 2, 1, 6, {2, 2, 2, 2}, 0},  /* way 2 (F) */
        {7, DEC_LD_HIT, 0, 0, 0, {0, 2, 2, 2}, 0},
        {2, DEC_LD_HIT, 1, 0, 0, {0, 0, 2, 2}, 0},
        {8, DEC_LD_HIT, 2, 0, 0, {0, 0, 0, 2}, 0},
        {4, DEC_LD_HIT, 3, 0, 0, {0, 0, 0, 0}, 0},
        {9, DEC_LD_MISS, 0, 1, 7, {2, 3, 3, 3}, 0},  /* aged +3: 3 3 3 3; way 0 (G) */
        {10, DEC_LD_MISS, 1, 1, 2, {2, 2, 3, 3}, 0}, /* way 1 (B) */
        {2, DEC_LD_MISS, 2, 1, 8, {2, 2, 2, 3}, 0},  /* B again: way 2 (H) */
    };
    run_steps(m, seq, sizeof seq / sizeof seq[0]);
    cm_l1_free(m);
}

static void test_srrip_other_widths(void **state)
{
    (void)state;
    /* 3-bit RRPV: insert at 6, victim at 7. */
    static const char *const kv3[] = {"l1.replacement", "srrip", "l1.rrpv_bits", "3", NULL};
    cm_l1_t *m = model(kv3);
    static const step_t seq3[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {6, 0, 0, 0}, 0},
        {2, DEC_LD_MISS, 1, 0, 0, {6, 6, 0, 0}, 0},
        {3, DEC_LD_MISS, 2, 0, 0, {6, 6, 6, 0}, 0},
        {4, DEC_LD_MISS, 3, 0, 0, {6, 6, 6, 6}, 0},
        {1, DEC_LD_HIT, 0, 0, 0, {0, 6, 6, 6}, 0},
        {5, DEC_LD_MISS, 1, 1, 2, {1, 6, 7, 7}, 0}, /* aged +1: 1 7 7 7; way 1 (B) */
    };
    run_steps(m, seq3, sizeof seq3 / sizeof seq3[0]);
    cm_l1_free(m);

    /* 1-bit RRPV: insert at 0, victim at 1. */
    static const char *const kv1[] = {"l1.replacement", "srrip", "l1.rrpv_bits", "1", NULL};
    m = model(kv1);
    static const step_t seq1[] = {
        {1, DEC_LD_MISS, 0, 0, 0, {0, 0, 0, 0}, 0},
        {2, DEC_LD_MISS, 1, 0, 0, {0, 0, 0, 0}, 0},
        {3, DEC_LD_MISS, 2, 0, 0, {0, 0, 0, 0}, 0},
        {4, DEC_LD_MISS, 3, 0, 0, {0, 0, 0, 0}, 0},
        {5, DEC_LD_MISS, 0, 1, 1, {0, 1, 1, 1}, 0}, /* aged +1: 1 1 1 1; way 0 (A) */
        {6, DEC_LD_MISS, 1, 1, 2, {0, 0, 1, 1}, 0}, /* way 1 already 1; B out */
    };
    run_steps(m, seq1, sizeof seq1 / sizeof seq1[0]);
    cm_l1_free(m);
}

/* ---- 4. write-through, no-write-allocate ----------------------------------------------- */

static void test_store_miss_no_allocate(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    bv_t be, wd, before, after;
    assert_int_equal(load(m, ADDR(1, 0), 1, &a, &f), DEC_LD_MISS);
    cm_l1_row(m, 0, &before);
    bv_zero(&be);
    bv_put(&be, 0, 16, 0xFFFF);
    pattern(&wd, 0x80);
    store(m, ADDR(2, 0), 2, &be, &wd, &a);
    assert_int_equal(a.kind, EVT_LOOKUP);
    assert_int_equal(a.dec, DEC_ST_MISS);
    assert_int_equal(a.responds, 0);
    cm_l1_row(m, 0, &after);
    assert_true(bv_eq(&before, &after, m->lay.row_bits));
    /* ages after filling A into way 0 are still the reset permutation; nothing else valid */
    assert_int_equal(m->rows[0].way[0].valid, 1);
    for (unsigned w = 1; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].valid, 0);
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].repl, w);
    /* a store miss to the empty set 1 leaves it in its reset state */
    store(m, ADDR(3, 1), 3, &be, &wd, &a);
    assert_int_equal(a.dec, DEC_ST_MISS);
    assert_int_equal(a.set, 1);
    assert_set_untouched_lru4(m, 1);
    /* stores use no MSHR */
    assert_int_equal(cm_l1_free_mshr(m), 0);
    /* the stored line was not allocated: loading it misses */
    assert_int_equal(load(m, ADDR(2, 0), 4, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.way, 1);
    cm_l1_free(m);
}

static void test_store_hit_bytes_and_lru(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    bv_t line, be, wd;
    cm_req_t q;
    /* A (tag 1) filled with bytes 0x10 + i, then B, C: ages 2 1 0 3 */
    req(&q, 0, ADDR(1, 0), 1);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    pattern(&line, 0x10);
    cm_l1_fill(m, a.mshr, &line, &f);
    assert_int_equal(f.way, 0);
    load(m, ADDR(2, 0), 2, &a, &f);
    load(m, ADDR(3, 0), 3, &a, &f);
    assert_int_equal(m->rows[0].way[0].repl, 2);
    assert_int_equal(m->rows[0].way[1].repl, 1);
    assert_int_equal(m->rows[0].way[2].repl, 0);
    assert_int_equal(m->rows[0].way[3].repl, 3);
    /* store to A enabling bytes 0, 3 and 15 only; every wdata byte is 0xEE except those */
    bv_zero(&be);
    bv_put(&be, 0, 1, 1);
    bv_put(&be, 3, 1, 1);
    bv_put(&be, 15, 1, 1);
    bv_zero(&wd);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        bv_set_byte(&wd, i, 0xEE);
    bv_set_byte(&wd, 0, 0xAA);
    bv_set_byte(&wd, 3, 0xBB);
    bv_set_byte(&wd, 15, 0xCC);
    store(m, ADDR(1, 0) | 0x7, 4, &be, &wd, &a); /* offset bits are ignored */
    assert_int_equal(a.dec, DEC_ST_HIT);
    assert_int_equal(a.way, 0);
    assert_int_equal(a.responds, 0);
    static const uint8_t want[LINE_BYTES] = {0xAA, 0x11, 0x12, 0xBB, 0x14, 0x15, 0x16, 0x17,
                                             0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0xCC};
    cm_l1_line(m, 0, 0, &line);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        assert_int_equal(bv_byte(&line, i), want[i]);
    /* the hit touched way 0 (age 2 -> 0; ways younger than 2 age): 0 2 1 3 */
    assert_int_equal(m->rows[0].way[0].valid, 1);
    assert_int_equal(m->rows[0].way[0].repl, 0);
    assert_int_equal(m->rows[0].way[1].repl, 2);
    assert_int_equal(m->rows[0].way[2].repl, 1);
    assert_int_equal(m->rows[0].way[3].repl, 3);
    assert_int_equal(m->cnt[CNT_HITS], 1);
    /* a load hit returns the merged line */
    assert_int_equal(load(m, ADDR(1, 0), 5, &a, &f), DEC_LD_HIT);
    assert_int_equal(a.status, ST_HIT);
    assert_int_equal(a.responds, 1);
    assert_int_equal(a.id, 5);
    for (unsigned i = 0; i < LINE_BYTES; i++)
        assert_int_equal(bv_byte(&a.data, i), want[i]);
    cm_l1_free(m);
}

static void test_store_hit_write_evict(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.write_evict", "true", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    bv_t be, wd;
    assert_int_equal(m->cfg.write_evict, 1);
    load(m, ADDR(1, 0), 1, &a, &f);
    load(m, ADDR(2, 0), 2, &a, &f);
    load(m, ADDR(3, 0), 3, &a, &f); /* ages 2 1 0 3, way 3 invalid */
    bv_zero(&be);
    bv_put(&be, 0, 16, 0xFFFF);
    pattern(&wd, 0x90);
    store(m, ADDR(2, 0), 4, &be, &wd, &a);
    assert_int_equal(a.dec, DEC_ST_HIT);
    assert_int_equal(a.way, 1);
    assert_int_equal(m->rows[0].way[1].valid, 0);
    assert_int_equal(m->rows[0].way[0].valid, 1);
    assert_int_equal(m->rows[0].way[2].valid, 1);
    /* ages untouched */
    assert_int_equal(m->rows[0].way[0].repl, 2);
    assert_int_equal(m->rows[0].way[1].repl, 1);
    assert_int_equal(m->rows[0].way[2].repl, 0);
    assert_int_equal(m->rows[0].way[3].repl, 3);
    /* B now misses and refills the lowest invalid way (1, not 3): touch 1 -> 2 0 1 3 */
    assert_int_equal(load(m, ADDR(2, 0), 5, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.way, 1);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(m->rows[0].way[0].repl, 2);
    assert_int_equal(m->rows[0].way[1].repl, 0);
    assert_int_equal(m->rows[0].way[2].repl, 1);
    assert_int_equal(m->rows[0].way[3].repl, 3);
    /* the refilled line is the memory data, not the store's */
    for (unsigned i = 0; i < LINE_BYTES; i++)
        assert_int_equal(bv_byte(&f.data, i), (uint8_t)(ADDR(2, 0) >> 4) + i);
    cm_l1_free(m);
}

/* ---- 5. direct mapped ------------------------------------------------------------------ */

static void test_direct_mapped(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.ways", "1", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    /* no replacement field: row = valid(1) + tag(11) */
    assert_int_equal(m->lay.repl_bits, 0);
    assert_int_equal(m->lay.plru_bits, 0);
    assert_int_equal(m->lay.row_bits, 12);
    assert_int_equal(load(m, ADDR(1, 0), 1, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(load(m, ADDR(2, 0), 2, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_valid, 1);
    assert_int_equal(f.evict_tag, 1);
    assert_int_equal(m->rows[0].way[0].tag, 2);
    assert_int_equal(load(m, ADDR(2, 0), 3, &a, &f), DEC_LD_HIT);
    assert_int_equal(a.way, 0);
    /* set 1 is independent */
    assert_int_equal(load(m, ADDR(1, 1), 4, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.set, 1);
    assert_int_equal(f.evict_valid, 0);
    assert_int_equal(load(m, ADDR(1, 0), 5, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.evict_valid, 1);
    assert_int_equal(f.evict_tag, 2);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 2);
    cm_l1_free(m);
}

/* ---- 6. MSHRs -------------------------------------------------------------------------- */

static void test_mshr_stall_line(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    cm_req_t q1, q2, q3, q4;
    bv_t line;
    req(&q1, 0, ADDR(1, 0), 1);
    cm_l1_access(m, &q1, &a);
    assert_int_equal(a.kind, EVT_LOOKUP);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    assert_int_equal(m->mshr[0].valid, 1);
    assert_int_equal(m->mshr[0].line, 2); /* 0x20 >> 4 */
    /* second load of the same line: held, one reservation failure across retries */
    req(&q2, 0, ADDR(1, 0) | 0x3, 2);
    cm_l1_access(m, &q2, &a);
    assert_int_equal(a.kind, EVT_STALL);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 1);
    assert_int_equal(q2.rsv_counted, 1);
    cm_l1_access(m, &q2, &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    cm_l1_access(m, &q2, &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 1);
    /* a store to it is held too, and is another request */
    req(&q3, 1, ADDR(1, 0), 3);
    cm_l1_access(m, &q3, &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 2);
    /* another line of the same set is not held */
    req(&q4, 0, ADDR(2, 0), 4);
    cm_l1_access(m, &q4, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 1);
    /* stalls are not accesses; nothing is installed before a fill */
    assert_int_equal(m->cnt[CNT_ACCESSES], 2);
    assert_int_equal(m->cnt[CNT_MISSES], 2);
    for (unsigned w = 0; w < 4; w++)
        assert_int_equal(m->rows[0].way[w].valid, 0);
    /* stall cycles are a separate counter */
    cm_l1_stall_cycle(m);
    cm_l1_stall_cycle(m);
    cm_l1_stall_cycle(m);
    assert_int_equal(m->cnt[CNT_STALL_CYCLES], 3);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 2);
    /* fill MSHR 0 */
    pattern(&line, 0x40);
    cm_l1_fill(m, 0, &line, &f);
    assert_int_equal(f.kind, EVT_FILL);
    assert_int_equal(f.dec, DEC_FILL);
    assert_int_equal(f.mshr, 0);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.id, 1);
    assert_int_equal(f.status, ST_MISS);
    assert_int_equal(f.responds, 1);
    assert_int_equal(bv_byte(&f.data, 5), 0x45);
    assert_int_equal(m->mshr[0].valid, 0);
    assert_int_equal(cm_l1_free_mshr(m), 0);
    /* retries now go through, still counted once */
    cm_l1_access(m, &q2, &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
    assert_int_equal(a.id, 2);
    assert_int_equal(bv_byte(&a.data, 5), 0x45);
    cm_l1_access(m, &q3, &a);
    assert_int_equal(a.dec, DEC_ST_HIT);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 2);
    cm_l1_fill(m, 1, &line, &f);
    assert_int_equal(f.way, 1);
    assert_int_equal(f.id, 4);
    cm_l1_free(m);
}

/* SPEC 3.1 merging, l1.mshr_merge = 2, base geometry (LRU, 4 ways, 2 sets):
 *   load A (id 1)            miss, MSHR 0
 *   load A (id 2)            joins MSHR 0 as waiter 1: an access and merged, no miss
 *   load A (id 3)            joins as waiter 2
 *   load A (id 4)            MSHR 0 has 2 waiters = the limit: stall on the line
 *   store A (id 5)           stores never join: stall on the line
 *   fill MSHR 0              answers id 1 (MISS), then waiters 2 and 3 in arrival order
 *   load A (id 4, retried)   hit
 * accesses: 1 + 2 (joins) + 1 (the retried hit) = 4; misses 1; hits 1; merged 2; rsv_fails 2
 * (ids 4 and 5); the row is what it would be without the joins: A in way 0, age 0. */
static void test_mshr_merge(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.mshr_merge", "2", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    cm_req_t q[6];
    bv_t line, row_before, row_after;
    req(&q[1], 0, ADDR(1, 0), 1);
    cm_l1_access(m, &q[1], &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    cm_l1_row(m, 0, &row_before);
    for (uint32_t id = 2; id <= 3; id++) {
        req(&q[id], 0, ADDR(1, 0) | 0x5, id);
        cm_l1_access(m, &q[id], &a);
        assert_int_equal(a.kind, EVT_LOOKUP);
        assert_int_equal(a.dec, DEC_LD_MERGE);
        assert_int_equal(a.mshr, 0);
        assert_int_equal(a.set, 0);
        assert_int_equal(a.id, id);
        assert_int_equal(a.responds, 0);
        assert_int_equal(m->mshr[0].nwait, id - 1);
    }
    cm_l1_row(m, 0, &row_after);
    assert_true(bv_eq(&row_before, &row_after, m->lay.row_bits)); /* joins touch no row */
    req(&q[4], 0, ADDR(1, 0), 4);
    cm_l1_access(m, &q[4], &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    req(&q[5], 1, ADDR(1, 0), 5);
    cm_l1_access(m, &q[5], &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    assert_int_equal(m->cnt[CNT_ACCESSES], 3);
    assert_int_equal(m->cnt[CNT_MISSES], 1);
    assert_int_equal(m->cnt[CNT_HITS], 0);
    assert_int_equal(m->cnt[CNT_MERGED], 2);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 2);
    pattern(&line, 0x70);
    cm_l1_fill(m, 0, &line, &f);
    assert_int_equal(f.dec, DEC_FILL);
    assert_int_equal(f.id, 1);
    assert_int_equal(f.status, ST_MISS);
    assert_int_equal(f.nwait, 2);
    assert_int_equal(f.wait_id[0], 2);
    assert_int_equal(f.wait_id[1], 3);
    assert_int_equal(m->mshr[0].nwait, 0); /* the MSHR is free, with no waiters */
    cm_l1_access(m, &q[4], &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
    assert_int_equal(m->cnt[CNT_ACCESSES], 4);
    assert_int_equal(m->cnt[CNT_HITS], 1);
    assert_int_equal(m->cnt[CNT_MERGED], 2);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 2);
    /* the MSHR, taken again by another line, starts with no waiters */
    req(&q[1], 0, ADDR(3, 1), 6);
    cm_l1_access(m, &q[1], &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    cm_l1_fill(m, 0, &line, &f);
    assert_int_equal(f.nwait, 0);
    cm_l1_free(m);
}

/* A failed read (axi.enable: the memory side reports SLVERR/DECERR): the load and its waiter
 * are answered ST_ERR with the slave's data, decision FILL_BYPASS; the row, the MSHR's
 * replacement state and the counters stay as before the fill, so the next load of the line
 * misses and reads it again, and that fill installs. */
static void test_fill_err(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.mshr_merge", "1", "axi.enable", "true", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    cm_req_t q;
    bv_t line, row_before, row_after;
    req(&q, 0, ADDR(2, 1), 7);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    req(&q, 0, ADDR(2, 1), 8);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MERGE);
    cm_l1_row(m, 1, &row_before);
    const uint32_t fills = m->cnt[CNT_FILLS], misses = m->cnt[CNT_MISSES];
    pattern(&line, 0xa0);
    cm_l1_fill_err(m, 0, &line, &f);
    assert_int_equal(f.kind, EVT_FILL);
    assert_int_equal(f.dec, DEC_FILL_BYPASS);
    assert_int_equal(f.status, ST_ERR);
    assert_int_equal(f.id, 7);
    assert_int_equal(f.responds, 1);
    assert_int_equal(f.nwait, 1);
    assert_int_equal(f.wait_id[0], 8);
    assert_int_equal(f.way, 0);
    assert_int_equal(f.evict_valid, 0);
    assert_true(bv_eq(&f.data, &line, 8 * LINE_BYTES));
    assert_int_equal(m->mshr[0].valid, 0);
    cm_l1_row(m, 1, &row_after);
    assert_true(bv_eq(&row_before, &row_after, m->lay.row_bits));
    assert_int_equal(m->cnt[CNT_FILLS], fills);
    /* the line was not installed: the same load misses again, and this fill installs it */
    req(&q, 0, ADDR(2, 1), 9);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(m->cnt[CNT_MISSES], misses + 1);
    cm_l1_fill(m, a.mshr, &line, &f);
    assert_int_equal(f.dec, DEC_FILL);
    assert_int_equal(f.status, ST_MISS);
    cm_l1_access(m, &q, &a);
    assert_int_equal(a.dec, DEC_LD_HIT);
    cm_l1_free(m);
}

/* Without merging (the default 0) the second load of an outstanding line stalls, as before. */
static void test_mshr_merge_off(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a;
    cm_req_t q1, q2;
    req(&q1, 0, ADDR(1, 0), 1);
    cm_l1_access(m, &q1, &a);
    req(&q2, 0, ADDR(1, 0), 2);
    cm_l1_access(m, &q2, &a);
    assert_int_equal(a.dec, DEC_STALL_LINE);
    assert_int_equal(m->cnt[CNT_MERGED], 0);
    cm_l1_free(m);
}

static void test_mshr_full(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.mshrs", "2", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    cm_req_t qa, qb, qc, qe;
    bv_t line;
    pattern(&line, 0);
    /* Z (tag 9, set 1) resident */
    assert_int_equal(load(m, ADDR(9, 1), 9, &a, &f), DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    req(&qa, 0, ADDR(1, 0), 1);
    cm_l1_access(m, &qa, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    req(&qb, 0, ADDR(2, 1), 2);
    cm_l1_access(m, &qb, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 1);
    assert_int_equal(cm_l1_free_mshr(m), -1);
    /* a third distinct miss has no MSHR */
    req(&qc, 0, ADDR(3, 0), 3);
    cm_l1_access(m, &qc, &a);
    assert_int_equal(a.kind, EVT_STALL);
    assert_int_equal(a.dec, DEC_STALL_MSHR);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 1);
    cm_l1_access(m, &qc, &a);
    assert_int_equal(a.dec, DEC_STALL_MSHR);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 1);
    /* hits and stores need no MSHR */
    assert_int_equal(load(m, ADDR(9, 1), 10, &a, &f), DEC_LD_HIT);
    store(m, ADDR(4, 0), 11, NULL, NULL, &a);
    assert_int_equal(a.dec, DEC_ST_MISS);
    /* out-of-order return frees MSHR 1, which the retried miss takes */
    cm_l1_fill(m, 1, &line, &f);
    assert_int_equal(f.id, 2);
    assert_int_equal(f.set, 1);
    assert_int_equal(cm_l1_free_mshr(m), 1);
    cm_l1_access(m, &qc, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 1);
    /* fill MSHR 0: lowest free is 0 again and the next miss gets it */
    cm_l1_fill(m, 0, &line, &f);
    assert_int_equal(f.id, 1);
    assert_int_equal(cm_l1_free_mshr(m), 0);
    req(&qe, 0, ADDR(5, 0), 5);
    cm_l1_access(m, &qe, &a);
    assert_int_equal(a.dec, DEC_LD_MISS);
    assert_int_equal(a.mshr, 0);
    cm_l1_fill(m, 1, &line, &f);
    assert_int_equal(f.id, 3);
    cm_l1_fill(m, 0, &line, &f);
    assert_int_equal(f.id, 5);
    assert_int_equal(cm_l1_free_mshr(m), 0);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 1);
    cm_l1_free(m);
}

/* ---- 7. counters ----------------------------------------------------------------------- */

static void test_counters(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f;
    bv_t be, wd;
    bv_zero(&be);
    bv_put(&be, 0, 1, 1);
    pattern(&wd, 0);
    load(m, ADDR(1, 0), 1, &a, &f);          /* A miss: ages 0 1 2 3 */
    load(m, ADDR(2, 0), 2, &a, &f);          /* B miss: 1 0 2 3 */
    load(m, ADDR(1, 0), 3, &a, &f);          /* A hit:  0 1 2 3 */
    store(m, ADDR(1, 0), 4, &be, &wd, &a);   /* store A hit: 0 1 2 3 */
    assert_int_equal(a.dec, DEC_ST_HIT);
    store(m, ADDR(3, 0), 5, &be, &wd, &a);   /* store C miss */
    assert_int_equal(a.dec, DEC_ST_MISS);
    load(m, ADDR(3, 0), 6, &a, &f);          /* C miss, way 2: 1 2 0 3 */
    load(m, ADDR(4, 0), 7, &a, &f);          /* D miss, way 3: 2 3 1 0 */
    assert_int_equal(load(m, ADDR(5, 0), 8, &a, &f), DEC_LD_MISS); /* E evicts B (age 3) */
    assert_int_equal(f.way, 1);
    assert_int_equal(f.evict_tag, 2);
    assert_int_equal(m->cnt[CNT_ACCESSES], 8);
    assert_int_equal(m->cnt[CNT_HITS], 2);
    assert_int_equal(m->cnt[CNT_MISSES], 6);
    assert_int_equal(m->cnt[CNT_BYPASSES], 0);
    assert_int_equal(m->cnt[CNT_FILLS], 5);
    assert_int_equal(m->cnt[CNT_EVICTIONS], 1);
    assert_int_equal(m->cnt[CNT_RSV_FAILS], 0);
    assert_int_equal(m->cnt[CNT_STALL_CYCLES], 0);
    cm_l1_free(m);
}

static void test_counter_wrap(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.counter_bits", "8", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    assert_int_equal(load(m, ADDR(1, 0), 0, &a, &f), DEC_LD_MISS);
    for (unsigned i = 1; i < 255; i++)
        assert_int_equal(load(m, ADDR(1, 0), i, &a, &f), DEC_LD_HIT);
    assert_int_equal(m->cnt[CNT_ACCESSES], 255);
    assert_int_equal(load(m, ADDR(1, 0), 255, &a, &f), DEC_LD_HIT);
    /* 256 accesses (1 miss + 255 hits) */
    assert_int_equal(m->cnt[CNT_ACCESSES], 0);
    assert_int_equal(m->cnt[CNT_HITS], 255);
    assert_int_equal(m->cnt[CNT_MISSES], 1);
    assert_int_equal(load(m, ADDR(1, 0), 256, &a, &f), DEC_LD_HIT);
    assert_int_equal(m->cnt[CNT_ACCESSES], 1);
    assert_int_equal(m->cnt[CNT_HITS], 0);
    for (unsigned i = 0; i < 256; i++)
        cm_l1_stall_cycle(m);
    assert_int_equal(m->cnt[CNT_STALL_CYCLES], 0);
    cm_l1_free(m);
}

/* ---- 8. XOR index ---------------------------------------------------------------------- */

static void test_xor_index(void **state)
{
    (void)state;
    /* 4 sets, 16-byte lines: b = 4, m = 2, index = A[5:4] ^ A[7:6] */
    static const char *const kv[] = {"l1.sets", "4", "l1.index", "xor", NULL};
    cm_l1_t *m = model(kv);
    cm_result_t a, f;
    assert_int_equal(cm_l1_index(m, 0x0030), 3);  /* 11 ^ 00 */
    assert_int_equal(cm_l1_index(m, 0x00F0), 0);  /* 11 ^ 11 */
    assert_int_equal(cm_l1_index(m, 0x0070), 2);  /* 11 ^ 01 */
    assert_int_equal(cm_l1_index(m, 0x0090), 3);  /* 01 ^ 10 */
    assert_int_equal(cm_l1_index(m, 0xFF9F), 3);  /* bits above 7 and offset bits ignored */
    assert_int_equal(cm_l1_index(m, 0x0040), 1);  /* 00 ^ 01 */
    /* a load and its fill land in the XOR set; tag = A >> 6 */
    assert_int_equal(load(m, 0x0070, 1, &a, &f), DEC_LD_MISS);
    assert_int_equal(a.set, 2);
    assert_int_equal(f.set, 2);
    assert_int_equal(m->rows[2].way[0].valid, 1);
    assert_int_equal(m->rows[2].way[0].tag, 1);
    assert_int_equal(load(m, 0x0070, 2, &a, &f), DEC_LD_HIT);
    /* 0x0030 has the same A[5:4] but another set, so it is not a hit */
    assert_int_equal(load(m, 0x0030, 3, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.set, 3);
    cm_l1_free(m);

    /* 8 sets: b = 4, m = 3, index = A[6:4] ^ A[9:7]; 0x150: 101 ^ 010 = 111 */
    static const char *const kv8[] = {"l1.sets", "8", "l1.index", "xor", NULL};
    m = model(kv8);
    assert_int_equal(cm_l1_index(m, 0x0150), 7);
    assert_int_equal(cm_l1_index(m, 0x0380), 7);  /* 000 ^ 111 */
    cm_l1_free(m);

    /* modulo for comparison: 0x0070 -> A[5:4] = 3 */
    static const char *const kvm[] = {"l1.sets", "4", NULL};
    m = model(kvm);
    assert_int_equal(cm_l1_index(m, 0x0070), 3);
    assert_int_equal(cm_l1_index(m, 0x00F0), 3);
    cm_l1_free(m);
}

/* ---- 9. row layout --------------------------------------------------------------------- */

static void test_lay_pack_lru(void **state)
{
    (void)state;
    static const char *const kv[] = {"l1.ways", "2", NULL};
    cm_l1_t *m = model(kv);
    const lay_l1_t *l = &m->lay;
    /* T = 11, R = 1: way 0 valid@0 tag@1..11 repl@12; way 1 valid@13 tag@14..24 repl@25 */
    assert_int_equal(l->tag_bits, 11);
    assert_int_equal(l->repl_bits, 1);
    assert_int_equal(l->way_stride, 13);
    assert_int_equal(l->row_bits, 26);
    lay_l1_row_t r, back;
    bv_t v;
    memset(&r, 0, sizeof r);
    r.way[0].valid = 1;
    r.way[0].tag = 0x5A5;
    r.way[0].repl = 1;
    r.way[1].valid = 0;
    r.way[1].tag = 0x7FF;
    r.way[1].repl = 0;
    lay_l1_pack(l, &r, &v);
    assert_int_equal(bv_get(&v, 0, 1), 1);
    assert_int_equal(bv_get(&v, 1, 11), 0x5A5);
    assert_int_equal(bv_get(&v, 12, 1), 1);
    assert_int_equal(bv_get(&v, 13, 1), 0);
    assert_int_equal(bv_get(&v, 14, 11), 0x7FF);
    assert_int_equal(bv_get(&v, 25, 1), 0);
    /* 1 | 0x5A5<<1 | 1<<12 | 0x7FF<<14 */
    assert_int_equal(bv_get(&v, 0, 64), 0x1FFDB4B);
    assert_int_equal(bv_get(&v, 64, 64), 0);
    lay_l1_unpack(l, &v, &back);
    for (unsigned w = 0; w < 2; w++) {
        assert_int_equal(back.way[w].valid, r.way[w].valid);
        assert_int_equal(back.way[w].tag, r.way[w].tag);
        assert_int_equal(back.way[w].repl, r.way[w].repl);
    }
    assert_int_equal(back.plru, 0);

    /* the model packs its own row the same way: A (tag 1) in way 0 age 1, B (tag 2) in way 1
     * age 0 -> 1 | 1<<1 | 1<<12 | 1<<13 | 2<<14 = 0xB003 */
    cm_result_t a, f;
    load(m, ADDR(1, 0), 1, &a, &f);
    load(m, ADDR(2, 0), 2, &a, &f);
    cm_l1_row(m, 0, &v);
    assert_int_equal(bv_get(&v, 0, 64), 0xB003);
    cm_l1_row(m, 1, &v);
    assert_int_equal(bv_get(&v, 0, 64), 0x2000000); /* reset row: only way 1's age 1 (bit 25) */
    cm_l1_free(m);
}

static void test_lay_pack_plru_srrip(void **state)
{
    (void)state;
    static const char *const kvp[] = {"l1.replacement", "plru", NULL};
    cm_l1_t *m = model(kvp);
    const lay_l1_t *l = &m->lay;
    /* T = 11, R = 0, stride 12: way w valid@12w, tag@12w+1; PLRU nodes @48..50 */
    assert_int_equal(l->way_stride, 12);
    assert_int_equal(l->plru_lsb, 48);
    assert_int_equal(l->row_bits, 51);
    lay_l1_row_t r, back;
    bv_t v;
    memset(&r, 0, sizeof r);
    r.way[2].valid = 1;
    r.way[2].tag = 0x123;
    r.way[3].tag = 0x400;
    r.plru = 0x5;
    lay_l1_pack(l, &r, &v);
    assert_int_equal(bv_get(&v, 24, 1), 1);
    assert_int_equal(bv_get(&v, 25, 11), 0x123);
    assert_int_equal(bv_get(&v, 36, 1), 0);
    assert_int_equal(bv_get(&v, 37, 11), 0x400);
    assert_int_equal(bv_get(&v, 48, 3), 0x5);
    assert_int_equal(bv_get(&v, 48, 1), 1); /* node 0 at bit 48 */
    assert_int_equal(bv_get(&v, 49, 1), 0); /* node 1 */
    assert_int_equal(bv_get(&v, 50, 1), 1); /* node 2 */
    assert_int_equal(bv_get(&v, 51, 13), 0);
    assert_int_equal(bv_get(&v, 0, 24), 0);
    lay_l1_unpack(l, &v, &back);
    for (unsigned w = 0; w < 4; w++) {
        assert_int_equal(back.way[w].valid, r.way[w].valid);
        assert_int_equal(back.way[w].tag, r.way[w].tag);
    }
    assert_int_equal(back.plru, 0x5);
    cm_l1_free(m);

    static const char *const kvs[] = {"l1.replacement", "srrip", NULL};
    m = model(kvs);
    l = &m->lay;
    /* T = 11, R = 2, stride 14: way 3 valid@42 tag@43..53 rrpv@54..55; 56 bits, no PLRU */
    assert_int_equal(l->way_stride, 14);
    assert_int_equal(l->row_bits, 56);
    assert_int_equal(l->plru_bits, 0);
    memset(&r, 0, sizeof r);
    r.way[3].valid = 1;
    r.way[3].tag = 0x2AA;
    r.way[3].repl = 3;
    r.way[0].repl = 2;
    lay_l1_pack(l, &r, &v);
    assert_int_equal(bv_get(&v, 12, 2), 2);
    assert_int_equal(bv_get(&v, 42, 1), 1);
    assert_int_equal(bv_get(&v, 43, 11), 0x2AA);
    assert_int_equal(bv_get(&v, 54, 2), 3);
    assert_int_equal(bv_get(&v, 56, 8), 0);
    lay_l1_unpack(l, &v, &back);
    assert_int_equal(back.way[3].tag, 0x2AA);
    assert_int_equal(back.way[3].repl, 3);
    assert_int_equal(back.way[0].repl, 2);
    cm_l1_free(m);
}

/* ---- sweep (flush) --------------------------------------------------------------------- */

static void test_sweep_resets_row(void **state)
{
    (void)state;
    cm_l1_t *m = model(NULL);
    cm_result_t a, f, s;
    load(m, ADDR(1, 0), 1, &a, &f);
    load(m, ADDR(2, 0), 2, &a, &f);
    cm_l1_sweep(m, 0, &s);
    assert_int_equal(s.kind, EVT_SWEEP);
    assert_int_equal(s.dec, DEC_NONE);
    assert_set_untouched_lru4(m, 0);
    assert_int_equal(load(m, ADDR(1, 0), 3, &a, &f), DEC_LD_MISS);
    assert_int_equal(f.way, 0);
    cm_l1_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lru_reset_and_layout),
        cmocka_unit_test(test_lru_sequence),
        cmocka_unit_test(test_fifo_sequence),
        cmocka_unit_test(test_random_sequence),
        cmocka_unit_test(test_plru_4way),
        cmocka_unit_test(test_plru_8way),
        cmocka_unit_test(test_srrip_2bit),
        cmocka_unit_test(test_srrip_other_widths),
        cmocka_unit_test(test_store_miss_no_allocate),
        cmocka_unit_test(test_store_hit_bytes_and_lru),
        cmocka_unit_test(test_store_hit_write_evict),
        cmocka_unit_test(test_direct_mapped),
        cmocka_unit_test(test_mshr_stall_line),
        cmocka_unit_test(test_mshr_full),
        cmocka_unit_test(test_mshr_merge),
        cmocka_unit_test(test_fill_err),
        cmocka_unit_test(test_mshr_merge_off),
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_counter_wrap),
        cmocka_unit_test(test_xor_index),
        cmocka_unit_test(test_lay_pack_lru),
        cmocka_unit_test(test_lay_pack_plru_srrip),
        cmocka_unit_test(test_sweep_resets_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
