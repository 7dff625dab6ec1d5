/* randcfg: a random legal configuration for a seed, of one of three kinds: an L1 (run by the L1
 * lockstep), an L2 slice alone (the L2 lockstep) or a system (P L1s, the arbiter and the L2, the
 * system lockstep). Every L1 mode (baseline, decoupled, gcache, pcpred), set counts up to 1024,
 * and the L2 and system keys are drawn; sizes are bounded so a design verilates quickly. Every
 * printed configuration passed the same cfg_from_args / cfg_validate as cachegen's.
 * usage: randcfg SEED         the --set arguments of the configuration
 *        randcfg --kind SEED  its kind: l1, l2 or system */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cfg.h"
#include "../core/num.h"
#include "../core/pric.h"

typedef enum { KIND_L1, KIND_L2, KIND_SYSTEM } rc_kind_t;
static const char *const kind_names[] = {"l1", "l2", "system"};

static unsigned long long state;
static unsigned pick(unsigned n) /* 0..n-1, splitmix64 */
{
    unsigned long long z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (unsigned)((z ^ (z >> 31)) % n);
}

/* The kind of a seed: 6 in 10 an L1, 2 in 10 an L2 slice, 2 in 10 a system. Drawn from its own
 * stream, so `--kind` needs no configuration and the kind never depends on a retry. */
static rc_kind_t kind_of(unsigned long long seed)
{
    state = seed ^ 0x6b696e64ULL;
    unsigned k = pick(10);
    return k < 6 ? KIND_L1 : k < 8 ? KIND_L2 : KIND_SYSTEM;
}

typedef struct rc_args {
    char kv[40][64]; /* "key=value" */
    unsigned n;
} rc_args_t;

static void put(rc_args_t *a, const char *key, const char *fmt, unsigned long long v)
{
    char val[32];
    snprintf(val, sizeof val, fmt, v);
    snprintf(a->kv[a->n++], sizeof a->kv[0], "%s=%s", key, val);
}
static void puts_kv(rc_args_t *a, const char *key, const char *v)
{
    snprintf(a->kv[a->n++], sizeof a->kv[0], "%s=%s", key, v);
}

/* A random usable PRIC modulus of degree log2(sets). */
static unsigned long long pric_pick(unsigned sets)
{
    uint64_t polys[64];
    unsigned np = pric_list(cfg_log2(sets), polys, 64);
    return np ? (unsigned long long)polys[pick(np < 64 ? np : 64)] : 0;
}

/* One attempt at a configuration of kind `k`. Sizes: an L1 alone has up to 1024 sets of up to 8
 * ways (a decoupled tag store up to 32) and up to 64 MSHRs; in a system each L1 keeps to 64 sets
 * and 8 MSHRs and there are at most 4 of them, so the system verilates in about the time of one
 * large L1; the L2 has up to 1024 sets (256 in a system) of up to 16 ways. */
static void draw(rc_args_t *a, rc_kind_t k, unsigned long long seed)
{
    static const char *const repl[] = {"lru", "plru", "srrip"};
    static const char *const index[] = {"modulo", "xor", "pric"};
    static const char *const modes[] = {"baseline", "decoupled", "gcache", "pcpred"};
    a->n = 0;
    char name[32];
    snprintf(name, sizeof name, "rnd%llu", seed);
    puts_kv(a, "name", name);

    /* ---- L1 ---- */
    unsigned max_set_log = k == KIND_SYSTEM ? 5 : 9; /* sets = 2 << pick(..): 64 or 1024 */
    unsigned nsets = 2u << pick(max_set_log + 1);
    unsigned ways = 1 + pick(8), line = 16u << pick(3), addr = 20 + pick(29);
    unsigned mshrs = pick(4) || k == KIND_SYSTEM ? 1 + pick(8) : 9 + pick(56);
    const char *mode = modes[pick(4)];
    const char *r = repl[pick(3)];
    const char *ix = index[pick(3)];
    if (!strcmp(mode, "gcache"))
        r = "srrip";
    if (!strcmp(r, "plru"))
        ways = 2u << pick(3);
    if (!strcmp(mode, "decoupled") || !strcmp(mode, "gcache"))
        ways = ways < 2 ? 2 : ways;
    unsigned rrpv = 1 + pick(3);
    put(a, "l1.sets", "%llu", nsets);
    put(a, "l1.ways", "%llu", ways);
    put(a, "l1.line_bytes", "%llu", line);
    put(a, "l1.addr_bits", "%llu", addr);
    put(a, "l1.mshrs", "%llu", mshrs);
    puts_kv(a, "l1.replacement", r);
    put(a, "l1.rrpv_bits", "%llu", rrpv);
    puts_kv(a, "l1.index", ix);
    if (!strcmp(ix, "pric")) { /* a random modulus and a random hashed range */
        unsigned b = cfg_log2(line), m = cfg_log2(nsets);
        put(a, "l1.pric_poly", "%llu", pric_pick(nsets));
        if (addr >= b + m)
            put(a, "l1.pric_top_bit", "%llu", b + m - 1 + pick(addr - (b + m) + 1));
    }
    puts_kv(a, "l1.write_evict", pick(4) ? "false" : "true");
    put(a, "l1.id_bits", "%llu", 1 + pick(8));
    put(a, "l1.counter_bits", "%llu", 8 + pick(57));
    puts_kv(a, "l1.mode", mode);
    if (!strcmp(mode, "decoupled")) {
        unsigned tag_ways = ways + 1 + pick(32 - ways < 24 ? 32 - ways : 24);
        unsigned rc = 1 + pick(5), th = pick((1u << rc) < 5 ? (1u << rc) : 5);
        put(a, "l1.tag_ways", "%llu", tag_ways);
        put(a, "l1.rc_bits", "%llu", rc);
        put(a, "l1.threshold", "%llu", th);
    } else if (!strcmp(mode, "gcache")) {
        unsigned top = (1u << rrpv) - 1;
        put(a, "l1.gc_th_hot", "%llu", pick(top + 1));
        put(a, "l1.gc_th_victim", "%llu", pick(top + 1));
        put(a, "l1.gc_bypass_age_every", "%llu", 1 + pick(4));
        put(a, "l1.gc_switch_reset_period", "%llu", pick(2) ? 0 : 20 + pick(500));
    } else if (!strcmp(mode, "pcpred")) {
        /* the threshold at least 1 (0 would predict every miss a bypass, and the "keep" path
         * would be unreachable); counters up to 8 bits, so thresholds up to 255 */
        unsigned entries = 2u << pick(7), cbits = 1 + pick(8);
        unsigned th = 1 + pick((1u << cbits) - 1);
        put(a, "l1.pc_entries", "%llu", entries);
        put(a, "l1.pc_counter_bits", "%llu", cbits);
        put(a, "l1.pc_threshold", "%llu", th);
        put(a, "l1.pc_hash_shift", "%llu", pick(5));
    }

    /* ---- system and L2 (drawn for every kind: an L1 run still generates them) ---- */
    unsigned cores = 1 + pick(k == KIND_SYSTEM ? 4 : 8);
    unsigned core_bits = cfg_log2(cores) + pick(3);
    unsigned l2_sets = 2u << pick(k == KIND_SYSTEM ? 8 : 10), l2_ways = 1 + pick(16);
    const char *l2ix = index[pick(3)];
    unsigned share = 1 + pick(cores);
    while (cores % share)
        share--;
    put(a, "l1.core_bits", "%llu", core_bits ? core_bits : 1);
    put(a, "system.cores", "%llu", cores);
    put(a, "l2.sets", "%llu", l2_sets);
    put(a, "l2.ways", "%llu", l2_ways);
    puts_kv(a, "l2.replacement", pick(2) ? "lru" : "srrip");
    put(a, "l2.rrpv_bits", "%llu", 1 + pick(3));
    puts_kv(a, "l2.index", l2ix);
    if (!strcmp(l2ix, "pric") && pick(2))
        put(a, "l2.pric_poly", "%llu", pric_pick(l2_sets));
    put(a, "l2.mshrs", "%llu", 1 + pick(8));
    put(a, "l2.victim_share", "%llu", share);
    /* SPEC 3.1 merging, drawn last so that a seed's other keys stay what they were */
    unsigned merge = pick(2) ? 1 + pick(8) : 0;
    if (merge)
        put(a, "l1.mshr_merge", "%llu", merge);
    /* FIFO and random replacement, drawn after that: of the LRU L1s, one in three becomes
     * FIFO and one in three random, not decoupled (a later --set of the key overrides the
     * earlier one) */
    unsigned other = !strcmp(r, "lru") ? pick(3) : 0;
    if (other == 1)
        puts_kv(a, "l1.replacement", "fifo");
    if (other == 2 && strcmp(mode, "decoupled") != 0) {
        puts_kv(a, "l1.replacement", "random");
        put(a, "l1.random_seed", "%llu", 1 + pick(65535));
    }
    /* L2 merging, drawn after that (for L2 slices and systems, half of them) */
    unsigned l2_merge = k != KIND_L1 && pick(2) ? 1 + pick(8) : 0;
    if (l2_merge)
        put(a, "l2.mshr_merge", "%llu", l2_merge);
}

/* Drop each KEY=VALUE that a later one of the same KEY overrides (the draw refines some keys,
 * e.g. l1.replacement for a mode): the same configuration, each key once, as cachegen wants it
 * (a --set key given twice is refused, core/opt.h). */
static void last_wins(rc_args_t *a)
{
    unsigned n = 0;
    for (unsigned i = 0; i < a->n; i++) {
        size_t kl = strcspn(a->kv[i], "=");
        int later = 0;
        for (unsigned j = i + 1; j < a->n && !later; j++)
            later = strcspn(a->kv[j], "=") == kl && !strncmp(a->kv[i], a->kv[j], kl);
        if (!later) {
            if (n != i)
                memcpy(a->kv[n], a->kv[i], sizeof a->kv[0]);
            n++;
        }
    }
    a->n = n;
}

int main(int argc, char **argv)
{
    int kind_only = argc == 3 && !strcmp(argv[1], "--kind");
    if (argc != 2 + kind_only) {
        fprintf(stderr, "usage: randcfg [--kind] SEED\n");
        return 2;
    }
    const char *text = argv[1 + kind_only];
    uint64_t seed;
    if (num_parse_u64(text, 0, UINT64_MAX, &seed) != 0) {
        char msg[160];
        fprintf(stderr, "randcfg: %s\n", num_error(msg, sizeof msg, "SEED", text, 0, UINT64_MAX));
        return 2;
    }
    rc_kind_t k = kind_of(seed);
    if (kind_only) {
        printf("%s\n", kind_names[k]);
        return 0;
    }
    state = seed;
    char err[1024];
    for (int attempt = 0; attempt < 1000; attempt++) {
        rc_args_t a;
        draw(&a, k, seed);
        last_wins(&a);
        const char *sets[40];
        for (unsigned i = 0; i < a.n; i++)
            sets[i] = a.kv[i];
        cfg_t c;
        /* validated by the same path cachegen takes; an illegal draw is drawn again */
        if (cfg_from_args(&c, NULL, NULL, sets, a.n, err, sizeof err) == 0) {
            for (unsigned i = 0; i < a.n; i++)
                printf("%s--set %s", i ? " " : "", a.kv[i]);
            printf("\n");
            return 0;
        }
    }
    fprintf(stderr, "randcfg: no legal configuration found for seed %llu (last: %s)\n",
            (unsigned long long)seed, err);
    return 1;
}
