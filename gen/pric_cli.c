/* pric_cli: `cachegen pric`: print the XOR equation and tree depth of every PRIC index bit
 * for any power-of-two line size (1 byte included, for textbook examples). */
#include "pric_cli.h"

#include <stdio.h>
#include <string.h>

#include "../core/cfg.h"
#include "../core/closeout.h"
#include "../core/num.h"
#include "../core/opt.h"
#include "../core/pric.h"
#include "../core/version.h"

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

enum { P_SETS, P_LINE, P_ADDR, P_POLY, P_TOP, P_HELP, P_VERSION };

static const opt_spec_t pric_opts[] = {
    [P_SETS] = {"--sets", "N", OPT_NUM},      [P_LINE] = {"--line-bytes", "L", OPT_NUM},
    [P_ADDR] = {"--addr-bits", "W", OPT_NUM}, [P_POLY] = {"--poly", "P", OPT_NUM},
    [P_TOP] = {"--top-bit", "T", OPT_NUM},    [P_HELP] = {"--help", NULL, 0},
    [P_VERSION] = {"--version", NULL, 0},
};

int pric_parse_args(int argc, char **argv, pric_args_t *a, char *err, size_t errlen)
{
    opt_t p;
    const char *v;
    int k;
    memset(a, 0, sizeof *a);
    opt_init(&p, pric_opts, sizeof pric_opts / sizeof pric_opts[0], argc, argv, 0);
    while ((k = opt_next(&p, &v, err, errlen)) != OPT_END) {
        char shown[200], names[256];
        switch (k) {
        case OPT_ERR: return -1;
        case OPT_ARG:
            snprintf(err, errlen, "argument %s: not an option; allowed: %s",
                     opt_shown(v, shown, sizeof shown),
                     opt_names(pric_opts, sizeof pric_opts / sizeof pric_opts[0], names,
                               sizeof names));
            return -1;
        case P_HELP: return 1;
        case P_VERSION: return 2;
        case P_SETS: a->sets = v; break;
        case P_LINE: a->line_bytes = v; break;
        case P_ADDR: a->addr_bits = v; break;
        case P_POLY: a->poly = v; break;
        default: a->top_bit = v; break;
        }
    }
    return 0;
}

int pric_cli(int argc, char **argv)
{
    closeout_register("cachegen pric"); /* a write error on stdout is an error */
    pric_args_t a;
    char err[1024];
    int rc = pric_parse_args(argc, argv, &a, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "cachegen pric: error: %s\n", err);
        return 2;
    }
    if (rc == 2) {
        printf("cachegen %s\n", GEN_VERSION);
        return 0;
    }
    if (rc == 1) {
        printf("usage: cachegen pric --sets N --line-bytes L --addr-bits W [--poly P] "
               "[--top-bit T]\n"
               "Prints I[j] = A[..] ^ ... for every index bit (absolute address bits; bits\n"
               "below log2(L) are the offset, bits log2(L)..T are hashed, T defaults to\n"
               "W-1), then the depth of each balanced 2-input XOR tree. P defaults to the\n"
               "smallest irreducible polynomial of degree log2(N).\n");
        return 0;
    }
    const char *sets_s = a.sets, *line_s = a.line_bytes, *addr_s = a.addr_bits,
               *poly_s = a.poly, *top_s = a.top_bit;
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
