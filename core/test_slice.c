/* test_slice: the L2 slice map (core/slice.h) against expectations computed here another way:
 * modulo by counting lines, xor field by field, pric by schoolbook GF(2) division and by hand; every
 * slice reachable, the pair (slice, in-slice address) inverted, the keys' errors (cmocka).
 * core/slice_mutants.sh builds broken copies of slice.c / slice.h against this test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "cfg.h"
#include "slice.h"

/* A validated configuration with S slices of function fn (64-bit addresses, 128 B lines:
 * 57 line-address bits); fails the test when refused. */
static void make(cfg_t *c, unsigned S, const char *fn, slice_map_t *m)
{
    char err[512], v[16];
    cfg_defaults(c);
    snprintf(v, sizeof v, "%u", S);
    if (cfg_set(c, "system.l2_slices", v, err, sizeof err) != 0 ||
        cfg_set(c, "system.slice_index", fn, err, sizeof err) != 0 ||
        cfg_set(c, "l2.sets", "64", err, sizeof err) != 0 ||
        cfg_set(c, "l1.addr_bits", "64", err, sizeof err) != 0 ||
        cfg_validate(c, err, sizeof err) != 0)
        fail_msg("S = %u %s: %s", S, fn, err);
    slice_map_init(c, m);
}

/* A deterministic 57-bit line address stream (xorshift64). */
static uint64_t next_line(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x & ((UINT64_C(1) << 57) - 1);
}

/* a mod p over GF(2), the long division a reader does by hand: from the top bit down */
static uint64_t gf2_rem(uint64_t a, uint64_t p)
{
    int dp = 63;
    while (!((p >> dp) & 1))
        dp--;
    for (int i = 63; i >= dp; i--)
        if ((a >> i) & 1)
            a ^= p << (i - dp);
    return a;
}

static void test_modulo_counts_lines(void **state)
{
    (void)state;
    for (unsigned S = 1; S <= SLICE_MAX; S++) {
        cfg_t c;
        slice_map_t m;
        make(&c, S, "modulo", &m);
        unsigned want = 0; /* line i is in slice i mod S at address i div S, counted */
        uint64_t row = 0;
        for (uint64_t L = 0; L < 40u * S; L++) {
            assert_int_equal(slice_of(&m, L), want);
            assert_true(slice_line(&m, L) == row);
            if (++want == S) {
                want = 0;
                row++;
            }
        }
        uint64_t x = 88172645463325252u;
        for (int i = 0; i < 2000; i++) { /* far lines: L = S x (L div S) + slice */
            uint64_t L = next_line(&x);
            assert_true(slice_line(&m, L) * S + slice_of(&m, L) == L);
            assert_true(slice_of(&m, L) < S);
        }
    }
}

static void test_xor_bit_by_bit(void **state)
{
    (void)state;
    for (unsigned k = 0; k <= 5; k++) {
        cfg_t c;
        slice_map_t m;
        make(&c, 1u << k, "xor", &m);
        uint64_t x = 12345;
        for (int i = 0; i < 5000; i++) {
            uint64_t L = next_line(&x);
            unsigned want = 0; /* fold the k-bit fields one by one */
            for (uint64_t rest = L; k && rest; rest >>= k)
                want ^= (unsigned)(rest & ((1u << k) - 1u));
            assert_int_equal(slice_of(&m, L), want);
            assert_true(slice_line(&m, L) == L >> k);
        }
    }
    cfg_t c;
    slice_map_t m;
    make(&c, 4, "xor", &m); /* by hand: L = 0b0111 -> 11 ^ 01 = 10 */
    assert_int_equal(slice_of(&m, 7), 2);
    assert_int_equal(slice_of(&m, 0x1c), 2); /* 0b011100: 00 ^ 11 ^ 01 */
    assert_int_equal(slice_of(&m, UINT64_C(1) << 24), 1); /* field 12's bit 0 */
    assert_int_equal(slice_of(&m, UINT64_C(3) << 55), 3); /* field 27: bits 55, 56 */
}

static void test_pric_by_division_and_hand(void **state)
{
    (void)state;
    /* the smallest usable moduli: x+1, x^2+x+1, x^3+x+1, x^4+x+1, x^5+x^2+1 */
    static const uint64_t poly[] = {0, 3, 7, 11, 19, 37};
    for (unsigned k = 1; k <= 5; k++) {
        cfg_t c;
        slice_map_t m;
        make(&c, 1u << k, "pric", &m);
        assert_true(m.poly == poly[k]);
        uint64_t x = 99991;
        for (int i = 0; i < 5000; i++) {
            uint64_t L = next_line(&x);
            assert_int_equal(slice_of(&m, L), (unsigned)gf2_rem(L, poly[k]));
            assert_true(slice_line(&m, L) == L >> k);
        }
        for (unsigned b = 0; b < 57; b++) /* every hashed bit alone: x^b mod P */
            assert_int_equal(slice_of(&m, UINT64_C(1) << b),
                             (unsigned)gf2_rem(UINT64_C(1) << b, poly[k]));
    }
    cfg_t c;
    slice_map_t m;
    make(&c, 2, "pric", &m); /* x+1: the parity of every line-address bit */
    assert_int_equal(slice_of(&m, 0x1000001), 0);
    assert_int_equal(slice_of(&m, 0x1000000), 1);
    make(&c, 8, "pric", &m); /* x^3 = x+1, x^4 = x^2+x mod x^3+x+1 */
    assert_int_equal(slice_of(&m, 8), 3);
    assert_int_equal(slice_of(&m, 16), 6);
    assert_int_equal(slice_of(&m, 24), 5);
}

/* Every slice is reached by the first S consecutive lines (of any aligned run) and the pair
 * (slice, in-slice address) gives the line back. */
static void test_reachable_and_inverted(void **state)
{
    (void)state;
    static const char *const fns[] = {"modulo", "xor", "pric"};
    for (unsigned f = 0; f < 3; f++)
        for (unsigned S = 1; S <= SLICE_MAX; S++) {
            if (f && (S & (S - 1)))
                continue;
            cfg_t c;
            slice_map_t m;
            make(&c, S, fns[f], &m);
            uint64_t x = 777 + S, base = next_line(&x) / S * S;
            uint32_t seen = 0;
            for (unsigned i = 0; i < S; i++)
                seen |= UINT32_C(1) << slice_of(&m, base + i);
            assert_true(seen == (S == 32 ? UINT32_MAX : (UINT32_C(1) << S) - 1));
            for (int i = 0; i < 3000; i++) {
                uint64_t L = next_line(&x);
                assert_true(slice_global_line(&m, slice_of(&m, L), slice_line(&m, L)) == L);
            }
        }
}

static void test_widths(void **state)
{
    (void)state;
    cfg_t c;
    slice_map_t m;
    make(&c, 1, "modulo", &m);
    assert_int_equal(slice_line_bits(&m), 57);
    make(&c, 4, "pric", &m);
    assert_int_equal(slice_line_bits(&m), 55);
    make(&c, 12, "modulo", &m); /* (2^57 - 1) div 12 < 2^57 / 8 = 2^54, >= 2^57 / 16 */
    assert_int_equal(slice_line_bits(&m), 54);
}

static void test_keys(void **state)
{
    (void)state;
    cfg_t c;
    char err[512], buf[32];
    cfg_defaults(&c);
    assert_int_equal(c.sys.l2_slices, 1);
    for (unsigned i = 0; cfg_key_name(i); i++) /* one slice: no slice key in any output */
        if (!strcmp(cfg_key_name(i), "system.l2_slices") ||
            !strcmp(cfg_key_name(i), "system.slice_index"))
            assert_null(cfg_shown_text(&c, i, buf, sizeof buf));
    assert_int_equal(cfg_set(&c, "system.l2_slices", "12", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "system.slice_index", "pric", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "system.slice_index = pric"));
    assert_non_null(strstr(err, "system.l2_slices = 12"));
    assert_non_null(strstr(err, "allowed: modulo"));
    assert_int_equal(cfg_set(&c, "system.l2_slices", "0", err, sizeof err), -1);
    assert_non_null(strstr(err, "1..32"));
    assert_int_equal(cfg_set(&c, "system.slice_index", "ipoly", err, sizeof err), -1);
    assert_non_null(strstr(err, "modulo, xor, pric"));
    cfg_defaults(&c); /* 8 address bits of 16 B lines: 4 line bits, too few for 2 x 2 sets */
    assert_int_equal(cfg_set(&c, "l1.addr_bits", "10", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l1.line_bytes", "16", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l1.sets", "4", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "l2.sets", "16", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "system.l2_slices", "8", err, sizeof err), 0);
    assert_int_equal(cfg_validate(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "system.l2_slices = 8"));
    assert_int_equal(slice_rtl_check(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "system.l2_slices = 8"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_modulo_counts_lines),
        cmocka_unit_test(test_xor_bit_by_bit),
        cmocka_unit_test(test_pric_by_division_and_hand),
        cmocka_unit_test(test_reachable_and_inverted),
        cmocka_unit_test(test_widths),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
