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
    char err[1024];
    for (int attempt = 0; attempt < 1000; attempt++) {
        cfg_t c;
        unsigned ways = 1 + pick(8), line = 16u << pick(3), nsets = 2u << pick(6);
        unsigned mshrs = 1 + pick(8), rrpv = 1 + pick(3), addr = 20 + pick(29);
        const char *r = repl[pick(3)];
        const char *ix = index[pick(3)];
        char kv[24][64];
        unsigned n = 0;
        unsigned long long poly = 0;
        unsigned top = 0;
        if (!strcmp(ix, "pric")) { /* a random usable modulus and a random hashed range */
            uint64_t polys[64];
            unsigned m = cfg_log2(nsets), b = cfg_log2(line);
            unsigned np = pric_list(m, polys, 64);
            top = b + m - 1 + pick(addr - (b + m) + 1);
            poly = (unsigned long long)polys[pick(np < 64 ? np : 64)];
        }
        if (!strcmp(r, "plru"))
            ways = 2u << pick(3);
        snprintf(kv[n++], 64, "name=rnd%llu", seed);
        snprintf(kv[n++], 64, "l1.sets=%u", nsets);
        snprintf(kv[n++], 64, "l1.ways=%u", ways);
        snprintf(kv[n++], 64, "l1.line_bytes=%u", line);
        snprintf(kv[n++], 64, "l1.addr_bits=%u", addr);
        snprintf(kv[n++], 64, "l1.mshrs=%u", mshrs);
        snprintf(kv[n++], 64, "l1.replacement=%s", r);
        snprintf(kv[n++], 64, "l1.rrpv_bits=%u", rrpv);
        snprintf(kv[n++], 64, "l1.index=%s", ix);
        /* drawn in this order (as GCC evaluated the arguments of the earlier single snprintf)
         * so that every seed keeps the configuration it has always had */
        unsigned counter_bits = 8 + pick(57), id_bits = 1 + pick(8);
        const char *write_evict = pick(4) ? "false" : "true";
        snprintf(kv[n++], 64, "l1.write_evict=%s", write_evict);
        snprintf(kv[n++], 64, "l1.id_bits=%u", id_bits);
        snprintf(kv[n++], 64, "l1.counter_bits=%u", counter_bits);
        if (poly) {
            snprintf(kv[n++], 64, "l1.pric_poly=%llu", poly);
            snprintf(kv[n++], 64, "l1.pric_top_bit=%u", top);
        }
        /* drawn last, so that the keys above keep their values for every seed: about a third
         * of the configurations use the decoupled tag store (its data store needs 2+ ways) */
        if (pick(3) == 0) {
            unsigned dways = ways < 2 ? 2 : ways;
            unsigned tag_ways = dways + 1 + pick(32 - dways < 8 ? 32 - dways : 8);
            unsigned rc = 1 + pick(5), th = pick((1u << rc) < 5 ? (1u << rc) : 5);
            snprintf(kv[2], 64, "l1.ways=%u", dways);
            snprintf(kv[n++], 64, "l1.mode=decoupled");
            snprintf(kv[n++], 64, "l1.tag_ways=%u", tag_ways);
            snprintf(kv[n++], 64, "l1.rc_bits=%u", rc);
            snprintf(kv[n++], 64, "l1.threshold=%u", th);
        } else if (pick(3) == 0) {
            /* a third of the rest (2/9 of all) use the PC bypass predictor: a small table of
             * narrow counters with the threshold at least 1 (0 would predict every miss a
             * bypass, and the "keep" path would be unreachable) */
            unsigned entries = 2u << pick(7), cbits = 1 + pick(4);
            unsigned th = 1 + pick((1u << cbits) - 1), shift = pick(5);
            snprintf(kv[n++], 64, "l1.mode=pcpred");
            snprintf(kv[n++], 64, "l1.pc_entries=%u", entries);
            snprintf(kv[n++], 64, "l1.pc_counter_bits=%u", cbits);
            snprintf(kv[n++], 64, "l1.pc_threshold=%u", th);
            snprintf(kv[n++], 64, "l1.pc_hash_shift=%u", shift);
        }
        const char *sets[24];
        for (unsigned i = 0; i < n; i++)
            sets[i] = kv[i];
        /* validated by the same path cachegen takes */
        if (cfg_from_args(&c, NULL, NULL, sets, n, err, sizeof err) == 0) {
            for (unsigned i = 0; i < n; i++)
                printf("%s--set %s", i ? " " : "", kv[i]);
            printf("\n");
            return 0;
        }
    }
    fprintf(stderr, "randcfg: no legal configuration found\n");
    return 1;
}
