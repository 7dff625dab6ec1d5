/* test_bv: the word-wise bit-vector accessors against a bit-by-bit reference (cmocka). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bv.h"

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Reference: set bit by bit. */
static void ref_put(bv_t *v, unsigned lsb, unsigned width, uint64_t val)
{
    for (unsigned i = 0; i < width; i++) {
        unsigned b = lsb + i;
        uint64_t m = UINT64_C(1) << (b % 64);
        if ((val >> i) & 1)
            v->w[b / 64] |= m;
        else
            v->w[b / 64] &= ~m;
    }
}

static void test_put_get_random_fields(void **state)
{
    (void)state;
    bv_t a, ref;
    bv_zero(&a);
    bv_zero(&ref);
    for (int it = 0; it < 200000; it++) {
        unsigned w = 1 + (unsigned)(next() % 64);
        unsigned lsb = (unsigned)(next() % (BV_MAX_BITS - w + 1));
        uint64_t v = next();
        bv_put(&a, lsb, w, v);
        ref_put(&ref, lsb, w, v);
        assert_memory_equal(&a, &ref, sizeof a);
        assert_int_equal(bv_get(&a, lsb, w), w == 64 ? v : (v & ((UINT64_C(1) << w) - 1)));
    }
}

static void test_straddling_field(void **state)
{
    (void)state;
    bv_t a;
    bv_zero(&a);
    bv_put(&a, 60, 8, 0xff); /* bits 60..67: 4 in word 0, 4 in word 1 */
    assert_int_equal(a.w[0], UINT64_C(0xf000000000000000));
    assert_int_equal(a.w[1], UINT64_C(0xf));
    bv_put(&a, 62, 4, 0x0);  /* clear bits 62..65 */
    assert_int_equal(a.w[0], UINT64_C(0x3000000000000000));
    assert_int_equal(a.w[1], UINT64_C(0xc));
}

static void test_bytes_round_trip(void **state)
{
    (void)state;
    uint8_t in[32], out[32];
    for (unsigned i = 0; i < 32; i++)
        in[i] = (uint8_t)(i * 37 + 1);
    bv_t v;
    bv_from_bytes(&v, in, 32);
    for (unsigned i = 0; i < 32; i++)
        assert_int_equal(bv_byte(&v, i), in[i]); /* byte i in bits 8i+7:8i */
    assert_int_equal(v.w[0] & 0xff, in[0]);
    bv_to_bytes(&v, out, 32);
    assert_memory_equal(in, out, 32);
    assert_int_equal(v.w[4], 0); /* nothing above the line */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_get_random_fields),
        cmocka_unit_test(test_straddling_field),
        cmocka_unit_test(test_bytes_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
