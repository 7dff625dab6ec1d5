/* num: the one checked decimal parser for user-typed numbers (see num.h). */
#include "num.h"

#include <stdio.h>
#include <string.h>

int num_parse_u64n(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!text || len == 0)
        return -1;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch < '0' || ch > '9')
            return -1; /* sign, space, suffix, hex prefix or an embedded NUL */
        unsigned d = ch - '0';
        if (v > (UINT64_MAX - d) / 10)
            return -1; /* overflow */
        v = v * 10 + d;
    }
    if (v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int num_parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out)
{
    return text ? num_parse_u64n(text, strlen(text), lo, hi, out) : -1;
}

int num_parse_size(const char *text, size_t len, uint64_t hi, uint64_t *out)
{
    if (!text)
        return -1;
    size_t n = 0;
    while (n < len && text[n] >= '0' && text[n] <= '9')
        n++;
    const char *unit = text + n;
    size_t ulen = len - n;
    unsigned shift;
    if (ulen == 0)
        shift = 0;
    else if (ulen == 3 && !memcmp(unit, "KiB", 3))
        shift = 10;
    else if (ulen == 3 && !memcmp(unit, "MiB", 3))
        shift = 20;
    else
        return -1;
    if (n == 0)
        return -1;
    uint64_t v;
    if (num_parse_u64n(text, n, 0, UINT64_MAX >> 20, &v) != 0 || (v << shift) > hi)
        return -2;
    *out = v << shift;
    return 0;
}

char *num_error(char *buf, size_t len, const char *key, const char *text, uint64_t lo, uint64_t hi)
{
    char shown[64 * 4 + 4];
    size_t n = 0;
    const char *t = text ? text : "(missing)";
    for (size_t i = 0; t[i] && n + 8 < sizeof shown; i++) {
        if (i == 64) {
            memcpy(shown + n, "...", 3);
            n += 3;
            break;
        }
        unsigned char ch = (unsigned char)t[i];
        if (ch >= 0x20 && ch < 0x7f)
            shown[n++] = (char)ch;
        else
            n += (size_t)snprintf(shown + n, sizeof shown - n, "\\x%02x", ch);
    }
    shown[n] = '\0';
    snprintf(buf, len, "%s = %s: not allowed; expected a decimal integer in %llu..%llu", key, shown,
             (unsigned long long)lo, (unsigned long long)hi);
    return buf;
}
