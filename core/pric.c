/* pric: GF(2) remainder, irreducibility by trial division, moduli lists, H columns. */
#include "pric.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

unsigned pric_degree(uint64_t p)
{
    assert(p != 0);
    unsigned d = 63;
    while (!((p >> d) & 1))
        d--;
    return d;
}

uint64_t pric_mod(uint64_t a, uint64_t p)
{
    unsigned dp = pric_degree(p);
    for (unsigned k = 64; k-- > dp;)
        if ((a >> k) & 1)
            a ^= p << (k - dp);
    return a;
}

int pric_usable(uint64_t p)
{
    if (p < 2 || !(p & 1))
        return 0; /* constant or divisible by x */
    unsigned d = pric_degree(p);
    if (d > PRIC_MAX_DEGREE)
        return 0;
    /* any factor has a factor of degree <= d/2: try every polynomial of degree 1..d/2 */
    for (uint64_t q = 2; q < (UINT64_C(1) << (d / 2 + 1)); q++)
        if (pric_mod(p, q) == 0)
            return 0;
    return 1;
}

unsigned pric_list(unsigned degree, uint64_t *out, unsigned max)
{
    unsigned n = 0;
    if (degree < 1 || degree > PRIC_MAX_DEGREE)
        return 0;
    for (uint64_t p = UINT64_C(1) << degree; p < (UINT64_C(2) << degree); p++)
        if (pric_usable(p)) {
            if (n < max)
                out[n] = p;
            n++;
        }
    return n;
}

void pric_list_text(unsigned degree, char *buf, size_t len)
{
    uint64_t p[64];
    unsigned n = pric_list(degree, p, 64);
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < n && i < 64 && used + 24 < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%llu", i ? ", " : "",
                                 (unsigned long long)p[i]);
    if (n > 64 && used + 16 < len)
        snprintf(buf + used, len - used, ", ... (%u in all)", n);
}

uint64_t pric_smallest(unsigned degree)
{
    uint64_t p;
    unsigned n = pric_list(degree, &p, 1);
    assert(n > 0); /* every degree has an irreducible polynomial */
    return n ? p : 0;
}

void pric_columns(uint64_t p, unsigned hashed, uint64_t *col)
{
    assert(hashed <= PRIC_MAX_HASHED);
    for (unsigned k = 0; k < hashed; k++)
        col[k] = pric_mod(k < 64 ? UINT64_C(1) << k : 0, p);
}
