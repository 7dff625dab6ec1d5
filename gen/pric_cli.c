/* pric_cli: `cachegen pric`: print the XOR equation and tree depth of every PRIC index bit
 * for any power-of-two line size (1 byte included, for textbook examples). */
#include "pric_cli.h"

#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "closeout.h"
#include "num.h"
#include "pric.h"

static int bad(const char *key, const char *value, const char *allowed)
{
    fprintf(stderr, "cachegen pric: error: %s = %s: not allowed; allowed: %s\n", key, value,
            allowed);
    return 2;
}

/* Parse a number through num.h; refuse it (exit status 2) naming key, value and range. */
static int number(const char *key, const char *text, unsigned long long lo,
                  unsigned long long hi, int pow2, unsigned long long *out)
{
    uint64_t v;
    if (num_parse_u64(text, lo, hi, &v) == 0 && (!pow2 || cfg_is_pow2(v))) {
        *out = v;
        return 0;
    }
    char msg[512];
    num_error(msg, sizeof msg, key, text, lo, hi);
    fprintf(stderr, "cachegen pric: error: %s%s\n", msg, pow2 ? ", a power of two" : "");
    return 2;
}

int pric_cli(int argc, char **argv)
{
    closeout_register("cachegen pric"); /* a write error on stdout is an error */
    const char *sets_s = NULL, *line_s = NULL, *addr_s = NULL, *poly_s = NULL, *top_s = NULL;
    for (int i = 0; i < argc; i++) {
        const char **slot = !strcmp(argv[i], "--sets")       ? &sets_s
                            : !strcmp(argv[i], "--line-bytes") ? &line_s
                            : !strcmp(argv[i], "--addr-bits")  ? &addr_s
                            : !strcmp(argv[i], "--poly")       ? &poly_s
                            : !strcmp(argv[i], "--top-bit")    ? &top_s
                                                               : NULL;
        if (!strcmp(argv[i], "--help")) {
            printf("usage: cachegen pric --sets N --line-bytes L --addr-bits W [--poly P] "
                   "[--top-bit T]\n"
                   "Prints I[j] = A[..] ^ ... for every index bit (absolute address bits; bits\n"
                   "below log2(L) are the offset, bits log2(L)..T are hashed, T defaults to\n"
                   "W-1), then the depth of each balanced 2-input XOR tree. P defaults to the\n"
                   "smallest irreducible polynomial of degree log2(N).\n");
            return 0;
        }
        if (!slot || i + 1 >= argc) {
            fprintf(stderr, "cachegen pric: error: argument %s: %s; allowed: --sets, "
                    "--line-bytes, --addr-bits, --poly, --top-bit, --help\n", argv[i],
                    slot ? "needs a value" : "unknown option");
            return 2;
        }
        *slot = argv[++i];
    }
    unsigned long long sets, line, addr, poly = 0, top;
    if (number("--sets", sets_s, 2, 1u << PRIC_MAX_DEGREE, 1, &sets) ||
        number("--line-bytes", line_s, 1, 1ull << 32, 1, &line) ||
        number("--addr-bits", addr_s, 1, 64, 0, &addr))
        return 2;
    unsigned m = cfg_log2(sets), b = cfg_log2(line);
    char allowed[512], valid[400];
    if (addr < b + m) {
        snprintf(allowed, sizeof allowed, "%u..64 (offset %u bits + index %u bits)", b + m, b, m);
        return bad("--addr-bits", addr_s, allowed);
    }
    pric_list_text(m, valid, sizeof valid);
    if (poly_s) {
        snprintf(allowed, sizeof allowed, "an irreducible polynomial of degree %u: %s", m, valid);
        if (number("--poly", poly_s, 1, 1ull << 20, 0, &poly) != 0)
            return 2;
        if (!pric_usable(poly) || pric_degree(poly) != m)
            return bad("--poly", poly_s, allowed);
    } else {
        poly = pric_smallest(m);
    }
    top = addr - 1;
    if (top_s) {
        snprintf(allowed, sizeof allowed, "%u..%llu", b + m - 1, addr - 1);
        if (number("--top-bit", top_s, b + m - 1, addr - 1, 0, &top) != 0)
            return 2;
    }
    unsigned hashed = (unsigned)(top + 1 - b);
    uint64_t col[PRIC_MAX_HASHED];
    pric_columns(poly, hashed, col);
    printf("# PRIC: %llu sets, %llu-byte lines, P = %llu, hashing address bits %u..%llu\n", sets,
           line, poly, b, top);
    unsigned fanin[PRIC_MAX_DEGREE];
    for (unsigned j = 0; j < m; j++) {
        printf("I[%u] =", j);
        fanin[j] = 0;
        for (unsigned k = 0; k < hashed; k++)
            if ((col[k] >> j) & 1)
                printf("%s A[%u]", fanin[j]++ ? " ^" : "", b + k);
        printf("\n");
    }
    for (unsigned j = 0; j < m; j++)
        printf("depth I[%u] = %u (fan-in %u)\n", j, cfg_log2(fanin[j]), fanin[j]);
    return 0;
}
