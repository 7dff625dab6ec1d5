/* randcfg: prints the --set arguments of a random legal L1 configuration for a seed, drawn
 * small enough to verilate quickly, and checked with the same cfg_validate as cachegen.
 * usage: randcfg SEED */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gen/cfg.h"
#include "../gen/pric.h"

static unsigned long long state;
static unsigned pick(unsigned n)
{
    unsigned long long z = (state += 0x9e3779b97f4a7c15ULL); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (unsigned)((z ^ (z >> 31)) % n);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: randcfg SEED\n");
        return 2;
    }
    unsigned long long seed = strtoull(argv[1], NULL, 10);
    state = seed;
    static const char *const repl[] = {"lru", "plru", "srrip"};
    static const char *const index[] = {"modulo", "xor", "pric"};
    char err[1024], sets[1024];
    for (int attempt = 0; attempt < 1000; attempt++) {
        cfg_t c;
        cfg_defaults(&c);
        unsigned ways = 1 + pick(8), line = 16u << pick(3), nsets = 2u << pick(6);
        unsigned mshrs = 1 + pick(8), rrpv = 1 + pick(3), addr = 20 + pick(29);
        const char *r = repl[pick(3)];
        const char *ix = index[pick(3)];
        char pric[96] = "";
        if (!strcmp(ix, "pric")) { /* a random usable modulus and a random hashed range */
            uint64_t polys[64];
            unsigned m = cfg_log2(nsets), b = cfg_log2(line);
            unsigned n = pric_list(m, polys, 64);
            unsigned top = b + m - 1 + pick(addr - (b + m) + 1);
            snprintf(pric, sizeof pric, " --set l1.pric_poly=%llu --set l1.pric_top_bit=%u",
                     (unsigned long long)polys[pick(n < 64 ? n : 64)], top);
        }
        if (!strcmp(r, "plru"))
            ways = 2u << pick(3);
        snprintf(sets, sizeof sets,
                 "--set name=rnd%llu --set l1.sets=%u --set l1.ways=%u --set l1.line_bytes=%u "
                 "--set l1.addr_bits=%u --set l1.mshrs=%u --set l1.replacement=%s "
                 "--set l1.rrpv_bits=%u --set l1.index=%s --set l1.write_evict=%s "
                 "--set l1.id_bits=%u --set l1.counter_bits=%u%s",
                 seed, nsets, ways, line, addr, mshrs, r, rrpv, ix,
                 pick(4) ? "false" : "true", 1 + pick(8), 8 + pick(57), pric);
        /* apply through the same parser cachegen uses */
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", sets);
        int ok = 1;
        for (char *tok = strtok(copy, " "); tok && ok; tok = strtok(NULL, " ")) {
            if (!strcmp(tok, "--set"))
                continue;
            char *eq = strchr(tok, '=');
            *eq = 0;
            ok = cfg_set(&c, tok, eq + 1, err, sizeof err) == 0;
        }
        if (ok && cfg_validate(&c, err, sizeof err) == 0) {
            printf("%s\n", sets);
            return 0;
        }
    }
    fprintf(stderr, "randcfg: no legal configuration found\n");
    return 1;
}
