/* test_pric: GF(2) arithmetic, moduli lists, H columns and the PRIC index of the C model
 * against independent expectations: published counts of irreducible polynomials, a
 * hand-reduced example, the SPEC's 32-set example, and the stride property of SPEC 3.3. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "../cmodel/cm_l1.h"
#include "../core/cfg.h"
#include "../core/pric.h"

/* Irreducible polynomials over GF(2) by degree (OEIS A001037), less x itself for degree 1. */
static const unsigned usable_count[15] = {0, 1, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335, 630, 1161};

static void test_counts_by_degree(void **state)
{
    (void)state;
    uint64_t buf[2048];
    for (unsigned d = 1; d <= PRIC_MAX_DEGREE; d++)
        assert_int_equal(pric_list(d, buf, 2048), usable_count[d]);
}

static void test_small_lists(void **state)
{
    (void)state;
    uint64_t p[16];
    assert_int_equal(pric_list(3, p, 16), 2);
    assert_int_equal(p[0], 11); /* x^3+x+1 */
    assert_int_equal(p[1], 13); /* x^3+x^2+1 */
    assert_int_equal(pric_list(5, p, 16), 6);
    const uint64_t five[] = {37, 41, 47, 55, 59, 61};
    for (int i = 0; i < 6; i++)
        assert_int_equal(p[i], five[i]);
    assert_int_equal(pric_smallest(5), 37);
    assert_false(pric_usable(2));  /* x: irreducible but no constant term */
    assert_false(pric_usable(39)); /* x^5+x^2+x+1 = (x+1)(x^4+x^3+1) */
    assert_false(pric_usable(15)); /* x^3+x^2+x+1 = (x+1)^3 */
    /* x^4+x^3+x^2+x+1 mod x^3+x^2+1: x^4 = x^2+x+1 and x^3 = x^2+1, sum x^2+1 */
    assert_int_equal(pric_mod(0x1f, 13), 5);
}

/* P = 13 = x^3+x^2+1, reduced by hand: x^3 = x^2+1, x^4 = x^2+x+1, x^5 = x+1, x^6 = x^2+x,
 * x^7 = 1. */
static void test_hand_reduced_columns(void **state)
{
    (void)state;
    uint64_t col[8];
    pric_columns(13, 8, col);
    const uint64_t want[8] = {1, 2, 4, 5, 7, 3, 6, 1};
    for (int k = 0; k < 8; k++)
        assert_int_equal(col[k], want[k]);
}

/* SPEC 3.3: 32 sets, P = 37, hashed bits 7..26: fan-in 9-10, depth 4; I[0] starts
 * A[7] ^ A[12] ^ A[15] (the example). */
static void test_spec_example(void **state)
{
    (void)state;
    uint64_t col[20];
    pric_columns(37, 20, col);
    for (unsigned j = 0; j < 5; j++) {
        unsigned fan = 0;
        for (unsigned k = 0; k < 20; k++)
            fan += (col[k] >> j) & 1;
        assert_true(fan == 9 || fan == 10);
        assert_int_equal(cfg_log2(fan), 4);
    }
    assert_int_equal(col[0] & 1, 1);  /* A[7] */
    assert_int_equal(col[5] & 1, 1);  /* A[12]: x^5 = x^2 + 1 */
    assert_int_equal(col[8] & 1, 1);  /* A[15]: x^8 = x^5+x^3 = x^3+x^2+1 */
    for (unsigned k = 1; k < 5; k++)
        assert_int_equal(col[k] & 1, 0);
}

static cm_l1_t *pric_model(unsigned sets, unsigned long long poly, unsigned addr_bits)
{
    cfg_t c;
    char err[512], v[32];
    cfg_defaults(&c);
    snprintf(v, sizeof v, "%u", sets);
    assert_int_equal(cfg_set(&c, "l1.sets", v, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l1.line_bytes", "16", err, sizeof err), 0);
    snprintf(v, sizeof v, "%u", addr_bits);
    assert_int_equal(cfg_set(&c, "l1.addr_bits", v, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l1.index", "pric", err, sizeof err), 0);
    snprintf(v, sizeof v, "%llu", poly);
    assert_int_equal(cfg_set(&c, "l1.pric_poly", v, err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    cm_l1_t *m;
    assert_int_equal(cm_l1_new(&c, &m), 0);
    return m;
}

/* SPEC 3.3 property: any 2^m lines at stride 2^k whose first line is a multiple of 2^(k+m)
 * map to distinct sets, for every usable P of small degrees and every stride in range. */
static void test_stride_property(void **state)
{
    (void)state;
    uint64_t polys[64];
    uint64_t rng = 12345;
    for (unsigned m = 1; m <= 7; m++) {
        unsigned n = pric_list(m, polys, 64);
        for (unsigned pi = 0; pi < n && pi < 6; pi++) {
            cm_l1_t *mod = pric_model(1u << m, polys[pi], 40);
            unsigned hashed = 40 - 4;
            for (unsigned k = 0; k + m <= hashed; k++) {
                rng = rng * 6364136223846793005ULL + 1;
                uint64_t base = (rng >> 20) << (k + m);          /* multiple of 2^(k+m) */
                base &= (UINT64_C(1) << hashed) - 1;
                unsigned char seen[128] = {0};
                for (uint64_t i = 0; i < (UINT64_C(1) << m); i++) {
                    uint64_t line = base + (i << k);
                    unsigned set = cm_l1_index(mod, line << 4);
                    assert_false(seen[set]);
                    seen[set] = 1;
                }
            }
            cm_l1_free(mod);
        }
    }
}

/* An unaligned run can collide (so the property above is not trivially true). */
static void test_unaligned_run_can_collide(void **state)
{
    (void)state;
    cm_l1_t *mod = pric_model(4, 7, 40); /* P = x^2+x+1 */
    int collided = 0;
    for (uint64_t base = 1; base < 64 && !collided; base++) {
        unsigned char seen[4] = {0};
        for (uint64_t i = 0; i < 4; i++) {
            unsigned set = cm_l1_index(mod, (base + (i << 2)) << 4);
            collided |= seen[set];
            seen[set] = 1;
        }
    }
    assert_true(collided);
    cm_l1_free(mod);
}

/* The model divides by P; the emitter uses the H columns. They must agree everywhere. */
static void test_model_matches_columns(void **state)
{
    (void)state;
    cm_l1_t *mod = pric_model(256, 0, 48); /* default P of degree 8 */
    uint64_t col[44];
    pric_columns(mod->pric_poly, 44, col);
    uint64_t rng = 99;
    for (int it = 0; it < 100000; it++) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        uint64_t addr = rng & ((UINT64_C(1) << 48) - 1);
        uint64_t line = addr >> 4, idx = 0;
        for (unsigned k = 0; k < 44; k++)
            if ((line >> k) & 1)
                idx ^= col[k];
        assert_int_equal(cm_l1_index(mod, addr), idx);
    }
    cm_l1_free(mod);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_by_degree),
        cmocka_unit_test(test_small_lists),
        cmocka_unit_test(test_hand_reduced_columns),
        cmocka_unit_test(test_spec_example),
        cmocka_unit_test(test_stride_property),
        cmocka_unit_test(test_unaligned_run_can_collide),
        cmocka_unit_test(test_model_matches_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
