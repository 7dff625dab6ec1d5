/* randcfg: a random legal configuration for a seed, of one of three kinds: an L1 (run by the L1
 * lockstep), an L2 slice alone (the L2 lockstep) or a system (P L1s, the arbiter and the L2, the
 * system lockstep). Draw 3 (the default, issue 37) draws every L1 mode (sacat with FG-CB and
 * DWT-CS too) and every L2 policy with its keys for every kind, CPU ports beside any L1 mode,
 * sizes as l1.size / l2.size, merging, and the corner values whose bins core/reach.h rules on;
 * draws 1 and 2 reproduce the draws before it byte for byte. Sizes are bounded so a design
 * verilates quickly. Every printed configuration passed the same cfg_from_args / cfg_validate as
 * cachegen's. What each draw draws: docs/verification.md, "Random configurations".
 * usage: randcfg [--draw 1|2|3|4] SEED         the --set arguments of the configuration
 *        randcfg [--draw 1|2|3|4] --kind SEED  its kind: l1, l2 or system (the same in every draw) */
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
    char kv[64][64]; /* "key=value" */
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

/* The L1 keys every draw takes in this order after the replacement: the index (PRIC with a
 * random modulus and a random hashed range), write-evict, id and counter widths, the mode and
 * the keys of decoupled, gcache and pcpred. */
static void draw_l1_mode(rc_args_t *a, const char *mode, const char *ix, unsigned nsets,
                         unsigned ways, unsigned line, unsigned addr, unsigned rrpv)
{
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
}

/* Draw 1 (issue 22's, kept so that earlier findings reproduce: `randcfg --draw 1 SEED`). One
 * attempt at a configuration of kind `k`. Sizes: an L1 alone has up to 1024 sets of up to 8
 * ways (a decoupled tag store up to 32) and up to 64 MSHRs; in a system each L1 keeps to 64 sets
 * and 8 MSHRs and there are at most 4 of them, so the system verilates in about the time of one
 * large L1; the L2 has up to 1024 sets (256 in a system) of up to 16 ways. */
static void draw_v1(rc_args_t *a, rc_kind_t k, unsigned long long seed)
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
    draw_l1_mode(a, mode, ix, nsets, ways, line, addr, rrpv);

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

/* ceil(log2(n)), 0 for n <= 1 */
static unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

/* "NKiB" when whole kibibytes, else the bytes: a size as a user writes it (l1.size, l2.size) */
static void put_size(rc_args_t *a, const char *key, unsigned long long bytes)
{
    put(a, key, bytes % 1024 ? "%llu" : "%lluKiB", bytes % 1024 ? bytes : bytes / 1024);
}

/* The L2 policies of draw 2: the first five take any L1 mode; ucp, tap_rrip and tap_ucp need CPU
 * ports, which draw 2 offers with baseline L1s only (cfg refused them beside other modes when
 * draw 2 was made; it accepts them now, and draw 2 stays as it was so its seeds reproduce). */
static const char *const l2_pols[] = {"lru", "srrip", "drrip", "plru", "fifo",
                                      "ucp", "tap_rrip", "tap_ucp"};
static int needs_ports(const char *pol) { return !strcmp(pol, "ucp") || !strncmp(pol, "tap_", 4); }

/* Draw 2 (issue 37's first, kept so its findings reproduce: `randcfg --draw 2 SEED`): every L1 mode (sacat with its FG-CB and DWT-CS keys too) and
 * every L2 policy with its keys, CPU ports, sizes given as l1.size / l2.size, merging in both
 * levels. An L1 seed draws its mode first (a fifth each), an L2 or system seed its L2 policy
 * (an eighth each); a policy needing CPU ports takes a baseline L1. Sizes as draw 1's; a system
 * has at most 4 L1s and 4 CPU ports (the verilation budget; the harness once held 4,096-bit
 * port vectors), an L2 slice alone up to 8 of each. Ranges kept inside what the harnesses reach
 * today (docs/verification.md, "Random configurations"): FG-CB with more ids than entries, N
 * 2..32 and a 500..5000-cycle window; TAP's alpha 1..20, T_xs 2..8 and periods of 2000..8192
 * cycles (UCP's too). */
static void draw_v2(rc_args_t *a, rc_kind_t k, unsigned long long seed)
{
    static const char *const repl[] = {"lru", "plru", "srrip", "fifo", "random"};
    static const char *const index[] = {"modulo", "xor", "pric"};
    static const char *const modes[] = {"baseline", "decoupled", "gcache", "pcpred", "sacat"};
    int sys = k == KIND_SYSTEM;
    a->n = 0;
    char name[32];
    snprintf(name, sizeof name, "rnd%llu", seed);
    puts_kv(a, "name", name);
    const char *mode, *pol;
    if (k == KIND_L1) {
        mode = modes[pick(5)];
        pol = l2_pols[pick(strcmp(mode, "baseline") ? 5 : 8)];
    } else {
        pol = l2_pols[pick(8)];
        mode = needs_ports(pol) ? "baseline" : modes[pick(5)];
    }

    /* ---- L1 ---- */
    unsigned nsets = 2u << pick(sys ? 6 : 10); /* 2..64 in a system, else 2..1024 */
    unsigned ways = 1 + pick(8), line = 16u << pick(3), addr = 20 + pick(29);
    unsigned mshrs = pick(4) || sys ? 1 + pick(8) : 9 + pick(56);
    const char *r = repl[pick(5)];
    const char *ix = index[pick(3)];
    if (!strcmp(mode, "gcache"))
        r = "srrip";
    if (!strcmp(mode, "decoupled") && !strcmp(r, "random"))
        r = "lru";
    if (!strcmp(r, "plru"))
        ways = 2u << pick(3);
    if (!strcmp(mode, "decoupled") || !strcmp(mode, "gcache"))
        ways = ways < 2 ? 2 : ways;
    unsigned rrpv = 1 + pick(3);
    if (pick(3))
        put(a, "l1.sets", "%llu", nsets);
    else
        put_size(a, "l1.size", (unsigned long long)nsets * ways * line);
    put(a, "l1.ways", "%llu", ways);
    put(a, "l1.line_bytes", "%llu", line);
    put(a, "l1.addr_bits", "%llu", addr);
    put(a, "l1.mshrs", "%llu", mshrs);
    puts_kv(a, "l1.replacement", r);
    if (!strcmp(r, "srrip"))
        put(a, "l1.rrpv_bits", "%llu", rrpv);
    if (!strcmp(r, "random"))
        put(a, "l1.random_seed", "%llu", 1 + pick(65535));
    draw_l1_mode(a, mode, ix, nsets, ways, line, addr, rrpv);
    if (!strcmp(mode, "decoupled")) {
        put(a, "l1.duel_interval", "%llu", 100 + pick(900));
        put(a, "l1.duel_margin", "%llu", pick(21));
    } else if (!strcmp(mode, "sacat")) {
        /* FG-CB: more base ids than entries (so the table can fill), N 2..32, M < N */
        unsigned entries = 1 + pick(8), idb = clog2(entries + 1) + pick(3);
        unsigned n = 2 + pick(31), cbits = clog2(n + 1) + pick(3);
        put(a, "l1.fgcb_entries", "%llu", entries);
        put(a, "l1.fgcb_id_bits", "%llu", idb);
        put(a, "l1.fgcb_counter_bits", "%llu", cbits);
        put(a, "l1.fgcb_window", "%llu", 500 + pick(4501));
        put(a, "l1.fgcb_n", "%llu", n);
        put(a, "l1.fgcb_m", "%llu", pick(n));
        /* DWT-CS */
        unsigned wb = 2 + pick(4);
        put(a, "dwt.inst_bits", "%llu", 1 + pick(3));
        put(a, "dwt.warp_bits", "%llu", wb);
        put(a, "dwt.max_warps", "%llu", 1 + pick((1u << wb) - 1));
        put(a, "dwt.period", "%llu", 50 + pick(2000));
        put(a, "dwt.mpki_threshold", "%llu", pick(1000));
        put(a, "dwt.detect_periods", "%llu", 1 + pick(4));
        put(a, "dwt.sample_periods", "%llu", 1 + pick(4));
        put(a, "dwt.table_entries", "%llu", 1 + pick(8));
    }

    /* ---- system and L2 ---- */
    int tap = !strncmp(pol, "tap_", 4);
    unsigned cores = tap ? 3 + pick(sys ? 2 : 6) : 1 + pick(sys ? 4 : 8);
    unsigned ports = needs_ports(pol) || (!strcmp(mode, "baseline") && !pick(3))
                         ? 1 + pick(sys ? 4 : 8) : 0;
    unsigned core_bits = clog2(cores + ports) + pick(3);
    core_bits = core_bits < 1 ? 1 : core_bits > 8 ? 8 : core_bits;
    unsigned apps = ports + 1;
    unsigned l2_sets = 2u << pick(sys ? 8 : 10), l2_ways = 1 + pick(16);
    int drrip = !strcmp(pol, "drrip") || !strcmp(pol, "tap_rrip");
    int ucp = !strcmp(pol, "ucp") || !strcmp(pol, "tap_ucp");
    if (drrip)
        while (l2_sets < 4 * apps) /* room for a leader set of each application and policy */
            l2_sets *= 2;
    if (drrip || ucp)
        l2_ways = l2_ways < 2 ? 2 : l2_ways;
    if (!strcmp(pol, "plru"))
        l2_ways = 2u << pick(4);
    const char *l2ix = index[pick(3)];
    unsigned share = 1 + pick(cores);
    while (cores % share)
        share--;
    put(a, "l1.core_bits", "%llu", core_bits);
    put(a, "system.cores", "%llu", cores);
    if (ports)
        put(a, "system.cpu_cores", "%llu", ports);
    if (pick(3))
        put(a, "l2.sets", "%llu", l2_sets);
    else
        put_size(a, "l2.size", (unsigned long long)l2_sets * l2_ways * line);
    put(a, "l2.ways", "%llu", l2_ways);
    puts_kv(a, "l2.replacement", pol);
    if (!strcmp(pol, "srrip") || drrip)
        put(a, "l2.rrpv_bits", "%llu", 1 + pick(3));
    if (drrip) {
        unsigned most = clog2(l2_sets / (2 * apps) + 1) - 1; /* log2 of the largest L */
        put(a, "l2.psel_bits", "%llu", 1 + pick(4));
        put(a, "l2.duel_leaders", "%llu", 1ull << pick(most + 1));
    }
    if (ucp) {
        unsigned m = cfg_log2(l2_sets);
        put(a, "l2.umon_sets", "%llu", 1ull << pick((m < 4 ? m : 4) + 1));
        put(a, "l2.umon_counter_bits", "%llu", 4 + pick(13));
    }
    if (ucp || tap)
        put(a, "tap.period", "%llu", 2000 + pick(6193));
    if (tap) {
        put(a, "tap.txs", "%llu", 2 + pick(7));
        if (!strcmp(pol, "tap_rrip"))
            put(a, "tap.alpha", "%llu", 1 + pick(20));
    }
    puts_kv(a, "l2.index", l2ix);
    if (!strcmp(l2ix, "pric") && pick(2))
        put(a, "l2.pric_poly", "%llu", pric_pick(l2_sets));
    put(a, "l2.mshrs", "%llu", 1 + pick(8));
    put(a, "l2.victim_share", "%llu", share);
    if (pick(2))
        put(a, "l1.mshr_merge", "%llu", 1 + pick(8));
    if (k != KIND_L1 && pick(2))
        put(a, "l2.mshr_merge", "%llu", 1 + pick(8));
}

/* Draw 3's FG-CB and DWT-CS keys (sacat): a table of 1..8 entries (one in four up to 64), ids of
 * 1..8 bits (so at times no more ids than entries: the table never fills), N 2..33 or (one in
 * eight) 1, M < N,
 * and counters that hold N, a 500..5000-cycle window or (one in six) the largest, 2^30; DWT-CS
 * with any widths, a threshold of 0..999 or (one in four) within 16 of 65,535, 1..4 detect and
 * sample periods, a table of 1..8 entries (one in four up to 64). What each range reaches:
 * core/reach.h. */
static void draw_sacat_v3(rc_args_t *a)
{
    unsigned entries = 1 + pick(pick(4) ? 8 : 64), idb = 1 + pick(8);
    unsigned n = pick(8) ? 2 + pick(31) : 1, cbits = clog2(n + 1) + pick(3);
    put(a, "l1.fgcb_entries", "%llu", entries);
    put(a, "l1.fgcb_id_bits", "%llu", idb);
    put(a, "l1.fgcb_counter_bits", "%llu", cbits);
    put(a, "l1.fgcb_window", "%llu", pick(6) ? 500 + pick(4501) : 1ull << 30);
    put(a, "l1.fgcb_n", "%llu", n);
    put(a, "l1.fgcb_m", "%llu", pick(n));
    unsigned wb = 1 + pick(8);
    put(a, "dwt.inst_bits", "%llu", 1 + pick(3));
    put(a, "dwt.warp_bits", "%llu", wb);
    put(a, "dwt.max_warps", "%llu", 1 + pick((1u << wb) - 1 < 255 ? (1u << wb) - 1 : 255));
    put(a, "dwt.period", "%llu", 50 + pick(2000));
    put(a, "dwt.mpki_threshold", "%llu", pick(4) ? pick(1000) : 65535 - pick(16));
    put(a, "dwt.detect_periods", "%llu", 1 + pick(4));
    put(a, "dwt.sample_periods", "%llu", 1 + pick(4));
    put(a, "dwt.table_entries", "%llu", 1 + pick(pick(4) ? 8 : 64));
}

/* Draw 3 (issue 37, the default): every L1 mode and every L2 policy for every kind, each with a
 * fair share (an L1 seed: a fifth each mode, an eighth each policy; an L2 or system seed the
 * same), CPU ports (1..15) beside any L1 mode, lines of 16..256 bytes, sizes as l1.size /
 * l2.size one in three, merging in both levels, and the key values draw 2 kept out: FG-CB with no
 * more ids than entries, N = 1 and a 2^30 window, DWT-CS near threshold 65,535, TAP's alpha 0 and
 * 50..100, T_xs 1 and 9..1023, short periods (12..2011 for TAP, 1..2000 for UCP), UCP periods
 * below the lookahead's worst case (core/reach.h says which bins each can reach). Sizes as draw
 * 2's: an L1 alone up to 1024 sets of 8 ways, a system's L1s up to 64 sets and at most 4 of them
 * (TAP: 3 or 4), an L2 up to 1024 sets (256 in a system) of 16 ways. */
static void draw_v3(rc_args_t *a, rc_kind_t k, unsigned long long seed)
{
    static const char *const repl[] = {"lru", "plru", "srrip", "fifo", "random"};
    static const char *const index[] = {"modulo", "xor", "pric"};
    static const char *const modes[] = {"baseline", "decoupled", "gcache", "pcpred", "sacat"};
    int sys = k == KIND_SYSTEM;
    a->n = 0;
    char name[32];
    snprintf(name, sizeof name, "rnd%llu", seed);
    puts_kv(a, "name", name);
    const char *mode = modes[pick(5)], *pol = l2_pols[pick(8)];

    /* ---- L1 ---- */
    unsigned nsets = 2u << pick(sys ? 6 : 10); /* 2..64 in a system, else 2..1024 */
    unsigned ways = 1 + pick(8), line = 16u << pick(5), addr = 20 + pick(29);
    unsigned mshrs = pick(4) || sys ? 1 + pick(8) : 9 + pick(56);
    const char *r = repl[pick(5)];
    const char *ix = index[pick(3)];
    if (!strcmp(mode, "gcache"))
        r = "srrip";
    if (!strcmp(mode, "decoupled") && !strcmp(r, "random"))
        r = "lru";
    if (!strcmp(r, "plru"))
        ways = 2u << pick(3);
    if (!strcmp(mode, "decoupled") || !strcmp(mode, "gcache"))
        ways = ways < 2 ? 2 : ways;
    unsigned rrpv = 1 + pick(3);
    if (pick(3))
        put(a, "l1.sets", "%llu", nsets);
    else
        put_size(a, "l1.size", (unsigned long long)nsets * ways * line);
    put(a, "l1.ways", "%llu", ways);
    put(a, "l1.line_bytes", "%llu", line);
    put(a, "l1.addr_bits", "%llu", addr);
    put(a, "l1.mshrs", "%llu", mshrs);
    puts_kv(a, "l1.replacement", r);
    if (!strcmp(r, "srrip"))
        put(a, "l1.rrpv_bits", "%llu", rrpv);
    if (!strcmp(r, "random"))
        put(a, "l1.random_seed", "%llu", 1 + pick(65535));
    draw_l1_mode(a, mode, ix, nsets, ways, line, addr, rrpv);
    if (!strcmp(mode, "decoupled")) {
        put(a, "l1.duel_interval", "%llu", 100 + pick(900));
        put(a, "l1.duel_margin", "%llu", pick(21));
    } else if (!strcmp(mode, "sacat")) {
        draw_sacat_v3(a);
    }

    /* ---- system and L2 ---- */
    int tap = !strncmp(pol, "tap_", 4);
    unsigned cores = tap ? 3 + pick(sys ? 2 : 6) : 1 + pick(sys ? 4 : 8);
    unsigned ports = needs_ports(pol) || !pick(3) ? 1 + pick(15) : 0;
    unsigned core_bits = clog2(cores + ports) + pick(3);
    core_bits = core_bits < 1 ? 1 : core_bits > 8 ? 8 : core_bits;
    unsigned apps = ports + 1;
    unsigned l2_sets = 2u << pick(sys ? 8 : 10), l2_ways = 1 + pick(16);
    int drrip = !strcmp(pol, "drrip") || !strcmp(pol, "tap_rrip");
    int ucp = !strcmp(pol, "ucp") || !strcmp(pol, "tap_ucp");
    if (drrip)
        while (l2_sets < 4 * apps) /* room for a leader set of each application and policy */
            l2_sets *= 2;
    if (drrip || ucp)
        l2_ways = l2_ways < 2 ? 2 : l2_ways;
    if (!strcmp(pol, "plru"))
        l2_ways = 2u << pick(4);
    const char *l2ix = index[pick(3)];
    unsigned share = 1 + pick(cores);
    while (cores % share)
        share--;
    put(a, "l1.core_bits", "%llu", core_bits);
    put(a, "system.cores", "%llu", cores);
    if (ports)
        put(a, "system.cpu_cores", "%llu", ports);
    if (pick(3))
        put(a, "l2.sets", "%llu", l2_sets);
    else
        put_size(a, "l2.size", (unsigned long long)l2_sets * l2_ways * line);
    put(a, "l2.ways", "%llu", l2_ways);
    puts_kv(a, "l2.replacement", pol);
    if (!strcmp(pol, "srrip") || drrip)
        put(a, "l2.rrpv_bits", "%llu", 1 + pick(3));
    if (drrip) {
        unsigned most = clog2(l2_sets / (2 * apps) + 1) - 1; /* log2 of the largest L */
        put(a, "l2.psel_bits", "%llu", 1 + pick(pick(4) ? 4 : 16));
        put(a, "l2.duel_leaders", "%llu", 1ull << pick(most + 1));
    }
    if (ucp) {
        unsigned m = cfg_log2(l2_sets);
        put(a, "l2.umon_sets", "%llu", 1ull << pick((m < 4 ? m : 4) + 1));
        put(a, "l2.umon_counter_bits", "%llu", 1 + pick(16));
    }
    if (ucp || tap) /* one in four short: TAP from its least, 12; UCP from 1 */
        put(a, "tap.period", "%llu", pick(4) ? 2000 + pick(6193) : (tap ? 12 : 1) + pick(2000));
    if (tap) {
        static const unsigned txs_far[] = {1, 1023};
        unsigned q = pick(4);
        put(a, "tap.txs", "%llu", q ? 2 + pick(7) : pick(2) ? txs_far[pick(2)] : 9 + pick(1015));
        q = pick(4);
        put(a, "tap.alpha", "%llu", q ? 1 + pick(20) : pick(2) ? 0 : 50 + pick(51));
    }
    puts_kv(a, "l2.index", l2ix);
    if (!strcmp(l2ix, "pric") && pick(2))
        put(a, "l2.pric_poly", "%llu", pric_pick(l2_sets));
    put(a, "l2.mshrs", "%llu", 1 + pick(8));
    put(a, "l2.victim_share", "%llu", share);
    if (pick(2))
        put(a, "l1.mshr_merge", "%llu", 1 + pick(8));
    if (k != KIND_L1 && pick(2))
        put(a, "l2.mshr_merge", "%llu", 1 + pick(8));
}

/* The value of `key` in a draw (the last one given), or `dflt` when the draw left it out. */
static unsigned long long drawn(const rc_args_t *a, const char *key, unsigned long long dflt)
{
    size_t kl = strlen(key);
    for (unsigned i = a->n; i-- > 0;)
        if (!strncmp(a->kv[i], key, kl) && a->kv[i][kl] == '=')
            return strtoull(a->kv[i] + kl + 1, NULL, 10);
    return dflt;
}

/* Draw 4 (issue 38's AXI4 memory side): draw 3's keys, unchanged, then in one seed of three
 * axi.enable with its keys, which an L1 seed's lockstep runs with failed reads (one in 16 the
 * harness answers SLVERR: status Err) and a system seed with the 3-bit status. The AXI keys come
 * from a stream of their own (the seed's), so every other key is draw 3's, and legal by
 * construction: data width 32..the line (at most 1024), ids for the larger MSHR count and up to
 * two bits more, 1..8 writes outstanding (one in four up to 64). */
static void draw_v4(rc_args_t *a, rc_kind_t k, unsigned long long seed)
{
    draw_v3(a, k, seed);
    unsigned long long main_stream = state;
    state = seed ^ 0x617869ULL; /* "axi" */
    if (pick(3) == 0) {
        unsigned long long line_bits = 8 * drawn(a, "l1.line_bytes", 128);
        unsigned most = 0; /* log2(widest / 32) */
        while (most < 5 && (32ull << (most + 1)) <= line_bits)
            most++;
        unsigned long long m1 = drawn(a, "l1.mshrs", 4), m2 = drawn(a, "l2.mshrs", 4);
        unsigned ids = clog2((unsigned)(m1 > m2 ? m1 : m2));
        ids = ids < 1 ? 1 : ids;
        puts_kv(a, "axi.enable", "true");
        put(a, "axi.data_bits", "%llu", 32ull << pick(most + 1));
        put(a, "axi.id_bits", "%llu", ids + pick(3));
        put(a, "axi.max_writes", "%llu", pick(4) ? 1 + pick(8) : 1 + pick(64));
    }
    state = main_stream;
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
    static void (*const draws[])(rc_args_t *, rc_kind_t, unsigned long long) = {draw_v1, draw_v2,
                                                                                  draw_v3, draw_v4};
    const unsigned ndraws = sizeof draws / sizeof draws[0];
    unsigned version = ndraws; /* the newest by default */
    int kind_only = 0, i = 1;
    for (; i < argc - 1; i++) {
        if (!strcmp(argv[i], "--kind") && !kind_only)
            kind_only = 1;
        else if (!strcmp(argv[i], "--draw") && i + 1 < argc - 1 && version == ndraws &&
                 argv[i + 1][0] >= '1' && argv[i + 1][0] <= (char)('0' + ndraws) && !argv[i + 1][1])
            version = (unsigned)(argv[++i][0] - '0');
        else
            break;
    }
    if (i != argc - 1) {
        fprintf(stderr, "usage: randcfg [--draw 1|2|3|4] [--kind] SEED (draw 4, the newest, by "
                        "default; draws 1, 2 and 3 reproduce the draws before it)\n");
        return 2;
    }
    const char *text = argv[i];
    uint64_t seed;
    if (num_parse_u64(text, 0, UINT64_MAX, &seed) != 0) {
        char msg[160];
        fprintf(stderr, "randcfg: %s\n", num_error(msg, sizeof msg, "SEED", text, 0, UINT64_MAX));
        return 2;
    }
    /* the kind's stream is the same in every draw: a seed keeps its kind */
    rc_kind_t k = kind_of(seed);
    if (kind_only) {
        printf("%s\n", kind_names[k]);
        return 0;
    }
    state = seed;
    char err[1024];
    for (int attempt = 0; attempt < 1000; attempt++) {
        rc_args_t a;
        draws[version - 1](&a, k, seed);
        last_wins(&a);
        const char *sets[64];
        for (unsigned j = 0; j < a.n; j++)
            sets[j] = a.kv[j];
        cfg_t c;
        /* validated by the same path cachegen takes; an illegal draw is drawn again */
        if (cfg_from_args(&c, NULL, NULL, sets, a.n, err, sizeof err) == 0) {
            for (unsigned j = 0; j < a.n; j++)
                printf("%s--set %s", j ? " " : "", a.kv[j]);
            printf("\n");
            return 0;
        }
    }
    fprintf(stderr, "randcfg: no legal configuration found for seed %llu (draw %u, last: %s)\n",
            (unsigned long long)seed, version, err);
    return 1;
}
