/* test_num: the checked decimal parser against hand-written cases (cmocka). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "num.h"

static void test_accepts_decimal_in_range(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_int_equal(num_parse_u64("0", 0, 10, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(num_parse_u64("010", 0, 10, &v), 0); /* decimal, not octal */
    assert_int_equal(v, 10);
    assert_int_equal(num_parse_u64("18446744073709551615", 0, UINT64_MAX, &v), 0);
    assert_true(v == UINT64_MAX);
}

static void test_refuses_everything_else(void **state)
{
    (void)state;
    const char *bad[] = {"", "-1", "+1", " 1", "1 ", "abc", "1k", "0x10", "1.5",
                         "18446744073709551616", "99999999999999999999999", NULL};
    for (int i = 0; bad[i]; i++) {
        uint64_t v = 42;
        assert_int_equal(num_parse_u64(bad[i], 0, UINT64_MAX, &v), -1);
        assert_int_equal(v, 42); /* unchanged on error */
    }
    uint64_t v = 42;
    assert_int_equal(num_parse_u64(NULL, 0, 1, &v), -1);
    assert_int_equal(num_parse_u64("4294967297", 1, UINT32_MAX, &v), -1); /* no wrap to 1 */
    assert_int_equal(num_parse_u64("0", 1, 5, &v), -1);
    assert_int_equal(num_parse_u64("6", 1, 5, &v), -1);
    assert_int_equal(v, 42);
}

static void test_length_is_respected(void **state)
{
    (void)state;
    uint64_t v = 42;
    const char nul[] = "8\0garbage";
    assert_int_equal(num_parse_u64n(nul, sizeof nul - 1, 0, 100, &v), -1);
    assert_int_equal(num_parse_u64n("123", 2, 0, 1000, &v), 0);
    assert_int_equal(v, 12);
}

static void test_error_names_key_value_range(void **state)
{
    (void)state;
    char buf[512];
    num_error(buf, sizeof buf, "--refs", "abc", 1, 100);
    assert_string_equal(buf, "--refs = abc: not allowed; expected a decimal integer in 1..100");
    char longv[200];
    memset(longv, '9', sizeof longv - 1);
    longv[sizeof longv - 1] = '\0';
    num_error(buf, sizeof buf, "k", longv, 0, 1);
    assert_non_null(strstr(buf, "...: not allowed"));
    num_error(buf, sizeof buf, "k", "a\x01", 0, 1);
    assert_non_null(strstr(buf, "a\\x01"));
}

/* Sizes: digits directly followed by nothing, KiB or MiB; nothing else, no space anywhere. */
static void test_size_rule(void **state)
{
    (void)state;
    static const struct { const char *t; int rc; uint64_t v; } cases[] = {
        {"16384", 0, 16384},       {"16KiB", 0, 16384},   {"1MiB", 0, 1048576},
        {"0", 0, 0},               {"4194303KiB", 0, 4194303ull << 10},
        {"16 KiB", -1, 0},         {"16384 ", -1, 0},     {" 16384", -1, 0},
        {"16KiB ", -1, 0},         {"KiB", -1, 0},        {"16kib", -1, 0},
        {"16KB", -1, 0},           {"16K", -1, 0},        {"", -1, 0},
        {"+16", -1, 0},            {"0x10", -1, 0},       {"16MiBKiB", -1, 0},
        {"4194304KiB", -2, 0},     {"4096MiB", -2, 0},    {"4294967296", -2, 0},
        {"99999999999999999999999", -2, 0},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t v = 7;
        int rc = num_parse_size(cases[i].t, strlen(cases[i].t), UINT32_MAX, &v);
        assert_int_equal(rc, cases[i].rc);
        assert_int_equal(v, rc == 0 ? cases[i].v : 7);
    }
    uint64_t v = 7; /* a NUL inside the length is not a digit */
    assert_int_equal(num_parse_size("16\0KiB", 6, UINT32_MAX, &v), -1);
    assert_int_equal(v, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepts_decimal_in_range),
        cmocka_unit_test(test_refuses_everything_else),
        cmocka_unit_test(test_length_is_respected),
        cmocka_unit_test(test_error_names_key_value_range),
        cmocka_unit_test(test_size_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
