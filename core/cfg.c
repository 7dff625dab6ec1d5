/* cfg: key table, defaults, presets, per-key and cross-key validation. */
#include "cfg.h"
#include "drrip.h"
#include "dwt.h"
#include "ident.h"
#include "lay_l2.h"
#include "num.h"
#include "pric.h"
#include "slice.h"
#include "tap.h"
#include "umon.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CFG_MAX_CPU_CORES + 1 == APP_MAX, "system.cpu_cores' range and app.h disagree");

/* K_NAME: the module prefix (lower_snake_case); K_IDENT: a Verilog identifier of any case (a
 * user macro's module and port names) */
typedef enum { K_UINT, K_ENUM, K_BOOL, K_NAME, K_SIZE, K_IDENT } key_kind_t;

#define F_POW2 1u  /* value must be a power of two */
#define F_EMPTY 2u /* K_IDENT: may be empty (the feature off) */

typedef struct cfg_key {
    const char *name;               /* dotted key, as in YAML */
    key_kind_t kind;
    size_t offset;                  /* of the unsigned (or char array) field in cfg_t */
    unsigned min, max;              /* inclusive range, K_UINT */
    unsigned flags;                 /* F_POW2 */
    const char *const *choices;     /* K_ENUM value names, index = stored value */
    const char *def;                /* default, as text */
    const char *help;               /* one line */
} cfg_key_t;

static int l1_srrip(const cfg_t *c) { return c->l1.repl == REPL_SRRIP; }
static int l1_pric(const cfg_t *c) { return c->l1.index == INDEX_PRIC; }
static int l1_random(const cfg_t *c) { return c->l1.repl == REPL_RANDOM; }
static int l1_merging(const cfg_t *c) { return c->l1.mshr_merge > 0; }
static int l2_pric(const cfg_t *c) { return c->l2.index == INDEX_PRIC; }
static int l2_merging(const cfg_t *c) { return c->l2.mshr_merge > 0; }
static int cpu_ports(const cfg_t *c) { return c->sys.cpu_cores > 0; }
static int sliced(const cfg_t *c) { return c->sys.l2_slices > 1; }
static int axi_on(const cfg_t *c) { return c->axi.enable; }
static int sram_macro(const cfg_t *c) { return c->sram.macro[0] != 0; }
static int sram_masked(const cfg_t *c) { return sram_macro(c) && c->sram.mask != SRAM_MASK_NONE; }

/* What each l1.mode adds to the configuration, one row per mode: its own keys (shown only
 * under it) and its legality rules (after the L1's shape and replacement are checked). CPU
 * ports join a system of any mode: their reads carry no hint (no bypass prediction, no
 * no_allocate) and their responses' victim, bypass and hit bits go to no L1 (SPEC 3.1, 3.8).
 * A new mechanism adds its keys, its rules and one line here. */
typedef struct cfg_mech {
    const char *const *keys;  /* its keys, NULL-terminated, or NULL */
    int (*validate)(const cfg_t *c, char *err, size_t errlen); /* 0, or -1 with err; or NULL */
} cfg_mech_t;

static const char *const dec_keys[] = {"l1.tag_ways", "l1.rc_bits", "l1.threshold",
                                       "l1.duel_interval", "l1.duel_margin", NULL};
static const char *const gcache_keys[] = {"l1.gc_th_hot", "l1.gc_th_victim",
                                          "l1.gc_bypass_age_every", "l1.gc_switch_reset_period",
                                          NULL};
static const char *const pcpred_keys[] = {"l1.pc_entries", "l1.pc_counter_bits",
                                          "l1.pc_threshold", "l1.pc_hash_shift", NULL};
static const char *const sacat_keys[] = {
    "l1.fgcb_entries", "l1.fgcb_id_bits", "l1.fgcb_counter_bits", "l1.fgcb_window",
    "l1.fgcb_n", "l1.fgcb_m", "dwt.inst_bits", "dwt.warp_bits", "dwt.max_warps", "dwt.period",
    "dwt.mpki_threshold", "dwt.detect_periods", "dwt.sample_periods", "dwt.table_entries", NULL};

static int validate_dec_row(const cfg_t *c, char *err, size_t errlen);
static int validate_gcache_row(const cfg_t *c, char *err, size_t errlen);
static int validate_pcpred_row(const cfg_t *c, char *err, size_t errlen);
static int validate_sacat(const cfg_t *c, char *err, size_t errlen);

static const cfg_mech_t cfg_mechs[] = {
    [MODE_BASELINE] = {NULL, NULL},
    [MODE_DECOUPLED] = {dec_keys, validate_dec_row},
    [MODE_GCACHE] = {gcache_keys, validate_gcache_row},
    [MODE_PCPRED] = {pcpred_keys, validate_pcpred_row},
    [MODE_SACAT] = {sacat_keys, validate_sacat},
};
#define NMECHS (sizeof cfg_mechs / sizeof cfg_mechs[0])

/* What each l2.replacement adds to the configuration, one row per policy (as cfg_mechs for the
 * L1's modes): the keys that shape the design only under it (a key may serve several policies:
 * tap.period is ucp's repartition period and TAP's sampling period) and its legality rules,
 * checked after the L2's shape. A new L2 policy adds its keys, its rules and one line here. */
typedef struct cfg_l2_pol {
    const char *const *keys;  /* its keys, NULL-terminated, or NULL */
    int (*validate)(const cfg_t *c, char *err, size_t errlen); /* 0, or -1 with err; or NULL */
} cfg_l2_pol_t;

static const char *const srrip_keys[] = {"l2.rrpv_bits", NULL};
static const char *const drrip_keys[] = {"l2.rrpv_bits", "l2.psel_bits", "l2.duel_leaders", NULL};
static const char *const ucp_keys[] = {"l2.umon_sets", "l2.umon_counter_bits", "tap.period",
                                       NULL};
static const char *const tap_rrip_keys[] = {"l2.rrpv_bits", "l2.psel_bits", "l2.duel_leaders",
                                            "tap.period", "tap.alpha", "tap.txs", NULL};
static const char *const tap_ucp_keys[] = {"l2.umon_sets", "l2.umon_counter_bits", "tap.period",
                                           "tap.alpha", "tap.txs", NULL};

static int validate_l2_drrip(const cfg_t *c, char *err, size_t errlen);
static int validate_l2_tap_rrip(const cfg_t *c, char *err, size_t errlen);
static int validate_l2_ucp(const cfg_t *c, char *err, size_t errlen);
static int validate_l2_tap_ucp(const cfg_t *c, char *err, size_t errlen);
static int validate_l2_plru(const cfg_t *c, char *err, size_t errlen);

static const cfg_l2_pol_t cfg_l2_pols[] = {
    [L2_REPL_LRU] = {NULL, NULL},
    [L2_REPL_SRRIP] = {srrip_keys, NULL},
    [L2_REPL_DRRIP] = {drrip_keys, validate_l2_drrip},
    [L2_REPL_UCP] = {ucp_keys, validate_l2_ucp},
    [L2_REPL_TAP_RRIP] = {tap_rrip_keys, validate_l2_tap_rrip},
    [L2_REPL_TAP_UCP] = {tap_ucp_keys, validate_l2_tap_ucp},
    [L2_REPL_PLRU] = {NULL, validate_l2_plru},
    [L2_REPL_FIFO] = {NULL, NULL},
};
#define NL2POLS (sizeof cfg_l2_pols / sizeof cfg_l2_pols[0])

/* Whether key k is in keys (NULL-terminated, or NULL). */
static int in_keys(const char *const *keys, const char *k)
{
    for (unsigned i = 0; keys && keys[i]; i++)
        if (!strcmp(keys[i], k))
            return 1;
    return 0;
}

/* Whether key k belongs to some L2 policy's row and not to the configured policy's. */
static int other_l2_pol_key(const cfg_t *c, const char *k)
{
    if (in_keys(cfg_l2_pols[c->l2.repl].keys, k))
        return 0;
    for (size_t p = 0; p < NL2POLS; p++)
        if (in_keys(cfg_l2_pols[p].keys, k))
            return 1;
    return 0;
}

/* Whether key k belongs to a mode's row; *mode: that mode. */
static int mech_key(const char *k, cfg_mode_t *mode)
{
    for (size_t m = 0; m < NMECHS; m++)
        for (unsigned i = 0; cfg_mechs[m].keys && cfg_mechs[m].keys[i]; i++)
            if (!strcmp(cfg_mechs[m].keys[i], k)) {
                *mode = (cfg_mode_t)m;
                return 1;
            }
    return 0;
}

/* The keys that shape the design only under a condition (every other key always does): a
 * key of an unused policy or index, or of a feature that is off, is left out of the
 * normalized configuration and the file headers (cfg_shown_text); so is a key of another
 * l1.mode (its row of cfg_mechs). */
static int never(const cfg_t *c) { return (void)c, 0; }

static const struct {
    const char *name;
    int (*shown)(const cfg_t *c);
} conditional_keys[] = {
    {"l1.size", never},                    {"l2.size", never}, /* shown as their sets */
    {"l1.mshr_merge", l1_merging},         {"l1.rrpv_bits", l1_srrip},
    {"l1.random_seed", l1_random},
    {"l1.pric_poly", l1_pric},             {"l1.pric_top_bit", l1_pric},
    {"l2.pric_poly", l2_pric},             {"l2.mshr_merge", l2_merging},
    {"system.cpu_cores", cpu_ports},
    {"system.l2_slices", sliced},          {"system.slice_index", sliced},
    {"axi.enable", axi_on},                {"axi.data_bits", axi_on},
    {"axi.id_bits", axi_on},               {"axi.max_writes", axi_on},
    {"sram.macro", sram_macro},            {"sram.width", sram_macro},
    {"sram.depth", sram_macro},            {"sram.mask", sram_macro},
    {"sram.active_low", sram_macro},       {"sram.pin_clk", sram_macro},
    {"sram.pin_re", sram_macro},           {"sram.pin_raddr", sram_macro},
    {"sram.pin_rdata", sram_macro},        {"sram.pin_we", sram_macro},
    {"sram.pin_waddr", sram_macro},        {"sram.pin_wdata", sram_macro},
    {"sram.pin_wmask", sram_masked},
};

static const char *const repl_names[] = {"lru", "plru", "srrip", "fifo", "random", NULL};
static const char *const index_names[] = {"modulo", "xor", "pric", NULL};
static const char *const mode_names[] = {"baseline", "decoupled", "gcache", "pcpred", "sacat",
                                         NULL};
static const char *const l2_repl_names[] = {"lru",      "srrip",   "drrip", "ucp",
                                            "tap_rrip", "tap_ucp", "plru",  "fifo", NULL};

#define L1(f) offsetof(cfg_t, l1.f)
#define SYS(f) offsetof(cfg_t, sys.f)
#define L2(f) offsetof(cfg_t, l2.f)
#define DWT(f) offsetof(cfg_t, dwt.f)
#define TAP(f) offsetof(cfg_t, tap.f)
#define AXI(f) offsetof(cfg_t, axi.f)
#define SRAM(f) offsetof(cfg_t, sram.f)
static const char *const sram_mask_names[] = {"bit", "byte", "none", NULL};

static const cfg_key_t keys[] = {
    {"name", K_NAME, offsetof(cfg_t, name), 1, CFG_NAME_MAX - 1, 0, NULL, "cache",
     "module prefix: lower_snake_case identifier, not a Verilog, SystemVerilog or C++ keyword"},
    {"l1.sets", K_UINT, L1(sets), 2, 16384, F_POW2, NULL, "32", "number of sets"},
    {"l1.size", K_SIZE, L1(size), 0, 0, 0, NULL, "0",
     "bytes of data instead of l1.sets (16KiB, 1MiB or a byte count): sets = size / (ways x "
     "line_bytes), a power of two; with l1.sets given too, both must agree (a preset's sets "
     "yield to it); 0 = use l1.sets. The normalized configuration shows the sets"},
    {"l1.ways", K_UINT, L1(ways), 1, 32, 0, NULL, "4", "associativity (1 = direct mapped)"},
    {"l1.line_bytes", K_UINT, L1(line_bytes), 16, 256, F_POW2, NULL, "128", "line size in bytes"},
    {"l1.addr_bits", K_UINT, L1(addr_bits), 8, 64, 0, NULL, "32",
     "byte-address width; must leave at least one tag bit"},
    {"l1.pc_bits", K_UINT, L1(pc_bits), 1, 64, 0, NULL, "32", "width of the request PC"},
    {"l1.id_bits", K_UINT, L1(id_bits), 1, 16, 0, NULL, "8", "transaction-id width"},
    {"l1.core_bits", K_UINT, L1(core_bits), 1, 8, 0, NULL, "4", "core-id width"},
    {"l1.mshrs", K_UINT, L1(mshrs), 1, 64, 0, NULL, "8", "miss status holding registers"},
    {"l1.mshr_merge", K_UINT, L1(mshr_merge), 0, 8, 0, NULL, "0",
     "loads that may join an outstanding read of their line as waiters (0: none, they stall)"},
    {"l1.replacement", K_ENUM, L1(repl), 0, 0, 0, repl_names, "lru",
     "replacement: lru, plru (tree, power-of-two ways >= 2), srrip, fifo (the way filled "
     "longest ago; hits change nothing), random (an LFSR seeded by l1.random_seed; not with "
     "decoupled)"},
    {"l1.rrpv_bits", K_UINT, L1(rrpv_bits), 1, 8, 0, NULL, "2", "SRRIP RRPV width"},
    {"l1.random_seed", K_UINT, L1(random_seed), 1, 65535, 0, NULL, "44257",
     "random replacement: the reset value of its 16-bit LFSR (x^16+x^14+x^13+x^11+1); the "
     "default is 0xACE1"},
    {"l1.index", K_ENUM, L1(index), 0, 0, 0, index_names, "modulo",
     "set index: modulo (A[b+m-1:b]), xor (A[b+m-1:b] ^ A[b+2m-1:b+m]) or pric "
     "(A mod P over GF(2))"},
    {"l1.pric_poly", K_UINT, L1(pric_poly), 0, 32767, 0, NULL, "0",
     "PRIC modulus P as an integer (37 = x^5+x^2+1), irreducible of degree log2(sets); "
     "0 = the smallest one"},
    {"l1.pric_top_bit", K_UINT, L1(pric_top_bit), 0, 63, 0, NULL, "0",
     "highest address bit PRIC hashes (hashing starts at bit log2(line_bytes)); "
     "0 = l1.addr_bits - 1"},
    {"l1.write_evict", K_BOOL, L1(write_evict), 0, 1, 0, NULL, "false",
     "store hit invalidates the line instead of updating it"},
    {"l1.counter_bits", K_UINT, L1(counter_bits), 8, 64, 0, NULL, "32",
     "performance counter width (wrapping)"},
    {"l1.mode", K_ENUM, L1(mode), 0, 0, 0, mode_names, "baseline",
     "management mechanism, each with RTL, C model and report: baseline, decoupled (Li et al. "
     "tag store with reference counts; l1.ways is then the data store's ways), gcache (Chen "
     "et al. bypass switch and victim-bit insertion; needs srrip), pcpred (Tian et al. "
     "PC-indexed bypass predictor with the L2 bypass bit) or sacat (Khairy et al.: FG-CB's "
     "per-base-address bypass in each L1, keys l1.fgcb_*, and the DWT-CS warp-throttling "
     "controller <name>_dwt beside the system, keys dwt.*)"},
    {"l1.tag_ways", K_UINT, L1(tag_ways), 2, 32, 0, NULL, "8",
     "decoupled: tag-store ways (must exceed l1.ways, which is then the data store's ways)"},
    {"l1.rc_bits", K_UINT, L1(rc_bits), 1, 8, 0, NULL, "6",
     "decoupled: saturating reference-count width"},
    {"l1.threshold", K_UINT, L1(threshold), 0, 255, 0, NULL, "2",
     "decoupled: locality threshold (a load gets a data line once RC >= threshold)"},
    {"l1.duel_interval", K_UINT, L1(duel_interval), 1, 65535, 0, NULL, "500",
     "decoupled: SM-dueling interval in cycles"},
    {"l1.duel_margin", K_UINT, L1(duel_margin), 0, 100, 0, NULL, "10",
     "decoupled: SM-dueling margin in percentage points"},
    {"l1.gc_th_hot", K_UINT, L1(gc_th_hot), 0, 255, 0, NULL, "2",
     "gcache: TH_hot, a way is hot when its RRPV is below it (fill with victim bit 0); "
     "at most 2^l1.rrpv_bits - 1"},
    {"l1.gc_th_victim", K_UINT, L1(gc_th_victim), 0, 255, 0, NULL, "1",
     "gcache: TH_victim, the hot threshold of a fill whose victim bit is 1; "
     "at most 2^l1.rrpv_bits - 1"},
    {"l1.gc_bypass_age_every", K_UINT, L1(gc_bypass_age_every), 1, 255, 0, NULL, "1",
     "gcache: M, a bypass ages the set's RRPVs only on every M-th bypass of that set"},
    {"l1.gc_switch_reset_period", K_UINT, L1(gc_switch_reset_period), 0, 2147483647u, 0, NULL,
     "0", "gcache: accepted core requests between clears of every bypass switch and "
     "bypass counter; 0 = never"},
    {"l1.pc_entries", K_UINT, L1(pc_entries), 2, 4096, F_POW2, NULL, "128",
     "pcpred: E, entries of the PC-indexed predictor table (each L1 line stores a "
     "log2(E)-bit PC hash)"},
    {"l1.pc_counter_bits", K_UINT, L1(pc_counter_bits), 1, 8, 0, NULL, "4",
     "pcpred: C, width of each saturating predictor counter"},
    {"l1.pc_threshold", K_UINT, L1(pc_threshold), 0, 255, 0, NULL, "8",
     "pcpred: a load miss is predicted to bypass when its counter >= this; at most "
     "2^l1.pc_counter_bits - 1"},
    {"l1.pc_hash_shift", K_UINT, L1(pc_hash_shift), 0, 63, 0, NULL, "2",
     "pcpred: hash(PC) is the XOR-fold of (PC >> shift) into log2(l1.pc_entries) bits; "
     "below l1.pc_bits"},
    {"l1.fgcb_entries", K_UINT, L1(fgcb_entries), 1, 64, 0, NULL, "7",
     "sacat: FG-CB table entries per L1, one per tracked base id (a load's req_base_i)"},
    {"l1.fgcb_id_bits", K_UINT, L1(fgcb_id_bits), 1, 16, 0, NULL, "5",
     "sacat: width of a base id (req_base_i)"},
    {"l1.fgcb_counter_bits", K_UINT, L1(fgcb_counter_bits), 1, 20, 0, NULL, "10",
     "sacat: width of each saturating count of an entry (L1 and L2 accesses and misses); "
     "must hold l1.fgcb_n"},
    {"l1.fgcb_window", K_UINT, L1(fgcb_window), 1, 1073741824u, 0, NULL, "10000",
     "sacat: cycles after kernel_start (or reset) in which loads are sampled"},
    {"l1.fgcb_n", K_UINT, L1(fgcb_n), 1, 1048575, 0, NULL, "1000",
     "sacat: N, an entry decides when its L1 (L2) accesses reach N in the window"},
    {"l1.fgcb_m", K_UINT, L1(fgcb_m), 0, 1048574, 0, NULL, "800",
     "sacat: M, more than M misses among the N accesses bypass that level; below l1.fgcb_n"},
    {"system.cores", K_UINT, SYS(cores), 1, 64, 0, NULL, "4",
     "P, the number of L1s behind the L2 (core ids 0..P-1, at most 2^l1.core_bits)"},
    {"system.cpu_cores", K_UINT, SYS(cpu_cores), 0, CFG_MAX_CPU_CORES, 0, NULL, "0",
     "C, CPU request ports into the L2 beside the L1s (SPEC 3.8: port k is application k, the "
     "GPU's L1s application C; core ids P..P+C-1, so P + C <= 2^l1.core_bits); 0 = none; "
     "beside L1s of any l1.mode"},
    {"system.l2_slices", K_UINT, SYS(l2_slices), 1, SLICE_MAX, 0, NULL, "1",
     "S, L2 slices, each an l2.* slice with its own policy state, MSHRs and memory port; a "
     "line's slice is chosen by system.slice_index (docs/slices.md); C model and sysim only: "
     "cachegen refuses RTL for more than 1"},
    {"system.slice_index", K_ENUM, SYS(slice_index), 0, 0, 0, index_names, "modulo",
     "slice of line address L: modulo (L mod S, any S), xor (the XOR of L's k-bit fields) or "
     "pric (L mod P over GF(2), every line bit); xor and pric need S = 2^k; the slice keeps "
     "L div S"},
    {"l2.sets", K_UINT, L2(sets), 2, 65536, F_POW2, NULL, "256",
     "L2 slice sets; the L2 line size and address width are l1.line_bytes and l1.addr_bits"},
    {"l2.size", K_SIZE, L2(size), 0, 0, 0, NULL, "0",
     "L2 bytes of data instead of l2.sets (as l1.size, with l2.ways and l1.line_bytes)"},
    {"l2.ways", K_UINT, L2(ways), 1, 32, 0, NULL, "16", "L2 associativity (1 = direct mapped)"},
    {"l2.replacement", K_ENUM, L2(repl), 0, 0, 0, l2_repl_names, "lru",
     "L2 replacement: lru, srrip, drrip (thread-aware DRRIP, SPEC 3.8: SRRIP with insertion "
     "chosen by set dueling; needs l2.ways >= 2), ucp (utility-based way partitioning over "
     "true LRU, SPEC 3.8; needs system.cpu_cores >= 1 and l2.ways >= 2), tap_rrip (DRRIP "
     "steered by TAP's core sampling and XSRATIO; needs 3..64 system.cores, 1..15 "
     "system.cpu_cores and tap.period >= 12), tap_ucp (UCP with the GPU's utility divided by "
     "XSRATIO and UCP-Mask's one GPU way; as tap_rrip's needs), plru (tree pseudo-LRU, W - 1 "
     "node bits a set; power-of-two l2.ways >= 2) or fifo (the way filled longest ago; hits "
     "change nothing)"},
    {"l2.rrpv_bits", K_UINT, L2(rrpv_bits), 1, 8, 0, NULL, "2", "L2 SRRIP / DRRIP RRPV width"},
    {"l2.psel_bits", K_UINT, L2(psel_bits), 1, DRRIP_PSEL_MAX_BITS, 0, NULL, "10",
     "drrip, tap_rrip: width of each application's saturating PSEL (reset 2^(bits-1))"},
    {"l2.duel_leaders", K_UINT, L2(duel_leaders), 1, 65536, F_POW2, NULL, "32",
     "drrip, tap_rrip: L, the leader sets of each application and policy; S = l2.sets / L "
     "must be at least 2 x applications (system.cpu_cores + 1), so L <= l2.sets / 2"},
    {"l2.umon_sets", K_UINT, L2(umon_sets), 1, 65536, 0, NULL, "32",
     "ucp, tap_ucp: sets each application's UMON samples (a power of two, at most l2.sets; "
     "set s is "
     "sampled when s mod (l2.sets / l2.umon_sets) = 0)"},
    {"l2.umon_counter_bits", K_UINT, L2(umon_counter_bits), 1, 16, 0, NULL, "16",
     "ucp, tap_ucp: width of each saturating UMON hit counter (SPEC 3.8: 16; narrower to test "
     "saturation)"},
    {"l2.index", K_ENUM, L2(index), 0, 0, 0, index_names, "modulo",
     "L2 set index: modulo, xor or pric (as l1.index; PRIC hashes every line-address bit)"},
    {"l2.pric_poly", K_UINT, L2(pric_poly), 0, 32767, 0, NULL, "0",
     "L2 PRIC modulus, irreducible of degree log2(l2.sets); 0 = the smallest one"},
    {"l2.mshrs", K_UINT, L2(mshrs), 1, 64, 0, NULL, "8",
     "L2 miss status holding registers (outstanding line fetches)"},
    {"l2.mshr_merge", K_UINT, L2(mshr_merge), 0, 8, 0, NULL, "0",
     "L2 reads that may join an outstanding fetch of their line as waiters (0: none, they "
     "stall)"},
    {"l2.victim_share", K_UINT, L2(victim_share), 1, 64, 0, NULL, "1",
     "Sv, L1s sharing one G-Cache victim bit per L2 line (P/Sv bits a line); must divide "
     "system.cores"},
    {"dwt.inst_bits", K_UINT, DWT(inst_bits), 1, 8, 0, NULL, "2",
     "sacat: width of inst_i per core, the instructions a core commits in a cycle"},
    {"dwt.warp_bits", K_UINT, DWT(warp_bits), 1, 8, 0, NULL, "5",
     "sacat: width of warp_limit_o per core; must hold dwt.max_warps"},
    {"dwt.max_warps", K_UINT, DWT(max_warps), 1, 255, 0, NULL, "24",
     "sacat: active warps per scheduler unthrottled (the paper's 24); may be below "
     "system.cores: sampling gives core c min(c + 1, max_warps) warps, so cores from "
     "max_warps - 1 up run max_warps (and a winner among them sets max_warps)"},
    {"dwt.period", K_UINT, DWT(period), DWT_PERIOD_MIN, 1048576, 0, NULL, "10000",
     "sacat: cycles per period (at least 3, core/dwt.h DWT_PERIOD_MIN: a period's decision lands "
     "3 cycles after it); the per-core counts (16 bits, saturating) restart each period"},
    {"dwt.mpki_threshold", K_UINT, DWT(mpki_threshold), 0, 65535, 0, NULL, "10",
     "sacat: a period thrashes when 1000 x its L1 misses > this x its instructions (all cores)"},
    {"dwt.detect_periods", K_UINT, DWT(detect_periods), 1, 255, 0, NULL, "3",
     "sacat: N, consecutive thrashing periods of a kernel that decide its warp limit"},
    {"dwt.sample_periods", K_UINT, DWT(sample_periods), 1, 255, 0, NULL, "1",
     "sacat: M, periods of sampling (core c runs min(c + 1, max_warps) warps)"},
    {"dwt.table_entries", K_UINT, DWT(table_entries), 1, 64, 0, NULL, "5",
     "sacat: remembered (kernel id, warp limit) pairs, replaced first in, first out"},
    {"tap.period", K_UINT, TAP(period), 1, 2147483648u, 0, NULL, "1000000",
     "ucp, tap_rrip, tap_ucp: cycles per period (UMON halving and repartition; TAP's "
     "sampling); tap_rrip and tap_ucp need at least 12 (a period's decision lands 12 cycles "
     "after its last cycle)"},
    {"tap.alpha", K_UINT, TAP(alpha), 0, 100, 0, NULL, "5",
     "tap_rrip, tap_ucp: percent; the GPU is cache-friendly when 100 x |I1 - I2| > "
     "alpha x max(I1, I2) "
     "(I1, I2: instructions Core-POL1 and Core-POL2 retired in the period)"},
    {"tap.txs", K_UINT, TAP(txs), 1, 1023, 0, NULL, "10",
     "tap_rrip, tap_ucp: T_xs; XSRATIO = GPU accesses / the busiest CPU app's (saturated at "
     "1023; a 0 counts as 1) when at least T_xs, else 1"},
    {"axi.enable", K_BOOL, AXI(enable), 0, 1, 0, NULL, "false",
     "also generate <name>_axi: the L1 with an AXI4 master as its memory side (line reads as "
     "INCR bursts tagged by the MSHR, stores as write bursts completed by B), and "
     "<name>_l2_axi: the L2 slice's memory port bridged to an AXI4 master (docs/ip.md)"},
    {"axi.data_bits", K_UINT, AXI(data_bits), 32, 1024, F_POW2, NULL, "64",
     "axi: data width; a line is l1.line_bytes x 8 / data_bits beats, so at most the line"},
    {"axi.id_bits", K_UINT, AXI(id_bits), 1, 16, 0, NULL, "4",
     "axi: id width; a read's ARID is its MSHR, so 2^id_bits >= l1.mshrs and l2.mshrs"},
    {"axi.max_writes", K_UINT, AXI(max_writes), 1, 64, 0, NULL, "4",
     "axi: writes outstanding at once (AW sent, B not yet back)"},
    {"sram.macro", K_IDENT, SRAM(macro), 0, CFG_NAME_MAX - 1, F_EMPTY, NULL, "",
     "your SRAM macro's module name: every array is tiled onto instances of it by the generated "
     "<name>_sram (docs/ip.md 'Your own SRAM macros'); empty = cachegen's behavioural "
     "cachegen_sram_1r1w"},
    {"sram.width", K_UINT, SRAM(width), 1, 1024, 0, NULL, "32",
     "sram: the macro's data bits (an array wider than it takes several side by side)"},
    {"sram.depth", K_UINT, SRAM(depth), 2, 65536, F_POW2, NULL, "256",
     "sram: the macro's words (an array deeper than it takes several, one per address range)"},
    {"sram.mask", K_ENUM, SRAM(mask), 0, 0, 0, sram_mask_names, "bit",
     "sram: the macro's write mask: bit (one mask bit per data bit), byte (one per 8 data bits; "
     "sram.width a multiple of 8) or none (sram.width 1, 2, 4 or 8: stores write single bytes)"},
    {"sram.active_low", K_BOOL, SRAM(active_low), 0, 1, 0, NULL, "false",
     "sram: the macro's read enable, write enable and mask pins are active low"},
    {"sram.pin_clk", K_IDENT, SRAM(pin[SRAM_PIN_CLK]), 1, CFG_NAME_MAX - 1, 0, NULL, "clk_i",
     "sram: the macro's clock input (reads and writes on its rising edge)"},
    {"sram.pin_re", K_IDENT, SRAM(pin[SRAM_PIN_RE]), 1, CFG_NAME_MAX - 1, 0, NULL, "re_i",
     "sram: the macro's read enable input"},
    {"sram.pin_raddr", K_IDENT, SRAM(pin[SRAM_PIN_RADDR]), 1, CFG_NAME_MAX - 1, 0, NULL, "raddr_i",
     "sram: the macro's read address input, log2(sram.depth) bits"},
    {"sram.pin_rdata", K_IDENT, SRAM(pin[SRAM_PIN_RDATA]), 1, CFG_NAME_MAX - 1, 0, NULL, "rdata_o",
     "sram: the macro's read data output, sram.width bits, valid the cycle after the read and held "
     "until the next"},
    {"sram.pin_we", K_IDENT, SRAM(pin[SRAM_PIN_WE]), 1, CFG_NAME_MAX - 1, 0, NULL, "we_i",
     "sram: the macro's write enable input"},
    {"sram.pin_waddr", K_IDENT, SRAM(pin[SRAM_PIN_WADDR]), 1, CFG_NAME_MAX - 1, 0, NULL, "waddr_i",
     "sram: the macro's write address input, log2(sram.depth) bits"},
    {"sram.pin_wdata", K_IDENT, SRAM(pin[SRAM_PIN_WDATA]), 1, CFG_NAME_MAX - 1, 0, NULL, "wdata_i",
     "sram: the macro's write data input, sram.width bits"},
    {"sram.pin_wmask", K_IDENT, SRAM(pin[SRAM_PIN_WMASK]), 1, CFG_NAME_MAX - 1, 0, NULL, "wmask_i",
     "sram: the macro's write mask input (sram.width bits, or sram.width / 8 with sram.mask byte; "
     "none with sram.mask none)"},
};
#define NKEYS (sizeof keys / sizeof keys[0])

static unsigned *uint_field(cfg_t *c, const cfg_key_t *k) { return (unsigned *)((char *)c + k->offset); }
static const unsigned *uint_cfield(const cfg_t *c, const cfg_key_t *k)
{
    return (const unsigned *)((const char *)c + k->offset);
}

static const cfg_key_t *find_key(const char *name)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(keys[i].name, name) == 0)
            return &keys[i];
    return NULL;
}

static void errf(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && len)
        vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static void choices_text(const cfg_key_t *k, char *buf, size_t len)
{
    buf[0] = 0;
    for (const char *const *p = k->choices; *p; p++) {
        strncat(buf, *p, len - strlen(buf) - 1);
        if (p[1])
            strncat(buf, ", ", len - strlen(buf) - 1);
    }
}

static int name_ok(const char *v, char *why, size_t whylen)
{
    return ident_prefix_ok(v, CFG_NAME_MAX - 1, why, whylen);
}

/* A K_NAME or K_IDENT value: the prefix rule, or any Verilog identifier (empty with F_EMPTY). */
static int key_name_ok(const cfg_key_t *k, const char *v, char *why, size_t whylen)
{
    if (k->kind == K_NAME)
        return name_ok(v, why, whylen);
    if (!v[0] && (k->flags & F_EMPTY))
        return 1;
    const char *r = ident_reserved(v);
    if (strlen(v) >= CFG_NAME_MAX || !ident_ok(v)) {
        if (why && whylen)
            snprintf(why, whylen, "is %s", r ? r : "not a plain Verilog identifier");
        return 0;
    }
    return 1;
}

/* A user's value as shown in a message: unprintable bytes escaped, cut with "... (N
 * characters)" past 64, so that no message is silently cut by its buffer. */
static void value_text(const char *v, size_t len, char *buf, size_t buflen)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 8 < buflen; i++) {
        if (i == 64) {
            n += (size_t)snprintf(buf + n, buflen - n, "... (%zu characters)", len);
            break;
        }
        unsigned char ch = (unsigned char)v[i];
        if (ch >= 0x20 && ch < 0x7f)
            buf[n++] = (char)ch;
        else
            n += (size_t)snprintf(buf + n, buflen - n, "\\x%02x", ch);
    }
    buf[n < buflen ? n : buflen - 1] = 0;
}

static int uint_ok(const cfg_key_t *k, unsigned long long v)
{
    if (v < k->min || v > k->max)
        return 0;
    return !(k->flags & F_POW2) || cfg_is_pow2(v);
}

static void range_text(const cfg_key_t *k, char *buf, size_t len)
{
    switch (k->kind) {
    case K_UINT:
        snprintf(buf, len, "%s%u..%u", (k->flags & F_POW2) ? "a power of two in " : "an integer in ",
                 k->min, k->max);
        break;
    case K_ENUM: {
        char ch[128];
        choices_text(k, ch, sizeof ch);
        snprintf(buf, len, "one of: %s", ch);
        break;
    }
    case K_BOOL:
        snprintf(buf, len, "true or false");
        break;
    case K_SIZE:
        snprintf(buf, len, "a byte count, or a number directly followed by KiB or MiB (16KiB, "
                 "1MiB; no space), at most %u bytes; 0 = not given", UINT32_MAX);
        break;
    case K_NAME:
        snprintf(buf, len, "a lower_snake_case identifier of 1..%d characters, no double or "
                 "trailing underscore, not a Verilog, SystemVerilog or C++ keyword",
                 CFG_NAME_MAX - 1);
        break;
    case K_IDENT:
        snprintf(buf, len, "%sa Verilog identifier of 1..%d characters (a letter, then letters, "
                 "digits and single underscores), not a Verilog, SystemVerilog or C++ keyword",
                 (k->flags & F_EMPTY) ? "empty, or " : "", CFG_NAME_MAX - 1);
        break;
    }
}

int cfg_setn(cfg_t *c, const char *key, const char *value, size_t len, char *err,
             size_t errlen)
{
    const cfg_key_t *k = find_key(key);
    char allowed[160], shown[160], why[128] = "";
    value_text(value, len, shown, sizeof shown);
    if (!k) {
        char names[2048] = "";
        for (size_t i = 0; i < NKEYS; i++) {
            strncat(names, keys[i].name, sizeof names - strlen(names) - 1);
            if (i + 1 < NKEYS)
                strncat(names, ", ", sizeof names - strlen(names) - 1);
        }
        char kshown[160];
        value_text(key, strlen(key), kshown, sizeof kshown);
        errf(err, errlen, "%s = %s: unknown key; allowed keys: %s", kshown, shown, names);
        return -1;
    }
    range_text(k, allowed, sizeof allowed);
    if (memchr(value, 0, len))
        goto bad; /* a NUL inside the value: never read up to it */
    switch (k->kind) {
    case K_UINT: {
        uint64_t v;
        if (num_parse_u64n(value, len, k->min, k->max, &v) != 0 || !uint_ok(k, v))
            goto bad;
        *uint_field(c, k) = (unsigned)v;
        if (k->offset == L1(sets))
            c->l1.sets_given = 1;
        else if (k->offset == L2(sets))
            c->l2.sets_given = 1;
        return 0;
    }
    case K_SIZE: {
        uint64_t v;
        int rc = num_parse_size(value, len, UINT32_MAX, &v);
        if (rc == -2)
            snprintf(why, sizeof why, " (4 GiB or more: over %u bytes)", UINT32_MAX);
        if (rc != 0)
            goto bad;
        *uint_field(c, k) = (unsigned)v;
        return 0;
    }
    case K_ENUM:
        for (unsigned i = 0; k->choices[i]; i++)
            if (strlen(k->choices[i]) == len && !memcmp(k->choices[i], value, len)) {
                *uint_field(c, k) = i;
                return 0;
            }
        goto bad;
    case K_BOOL:
        for (unsigned i = 0; i < 6; i++) {
            static const char *const words[] = {"false", "0", "no", "true", "1", "yes"};
            if (strlen(words[i]) == len && !memcmp(words[i], value, len)) {
                *uint_field(c, k) = i >= 3;
                return 0;
            }
        }
        goto bad;
    case K_NAME:
    case K_IDENT:
        if (len >= CFG_NAME_MAX) {
            snprintf(why, sizeof why, " (too long)");
            goto bad;
        }
        char name[CFG_NAME_MAX];
        memcpy(name, value, len);
        name[len] = 0;
        char reason[96];
        if (!key_name_ok(k, name, reason, sizeof reason)) {
            snprintf(why, sizeof why, " (it %s)", reason);
            goto bad;
        }
        memcpy((char *)c + k->offset, name, len + 1);
        return 0;
    }
bad:
    errf(err, errlen, "%s = %s: not allowed%s; expected %s", key, shown, why, allowed);
    return -1;
}

int cfg_set(cfg_t *c, const char *key, const char *value, char *err, size_t errlen)
{
    return cfg_setn(c, key, value, strlen(value), err, errlen);
}

void cfg_defaults(cfg_t *c)
{
    memset(c, 0, sizeof *c);
    for (size_t i = 0; i < NKEYS; i++) {
        int rc = cfg_set(c, keys[i].name, keys[i].def, NULL, 0);
        (void)rc;
        if (rc != 0)
            abort(); /* a default outside its own range is a bug in this table */
    }
    for (size_t j = 0; j < sizeof conditional_keys / sizeof conditional_keys[0]; j++)
        if (!find_key(conditional_keys[j].name))
            abort(); /* a conditional key that is not a key is a bug in that table */
    for (size_t m = 0; m < NMECHS; m++)
        for (unsigned i = 0; cfg_mechs[m].keys && cfg_mechs[m].keys[i]; i++)
            if (!find_key(cfg_mechs[m].keys[i]))
                abort(); /* a mode's key that is not a key is a bug in cfg_mechs */
    for (size_t p = 0; p < NL2POLS; p++)
        for (unsigned i = 0; cfg_l2_pols[p].keys && cfg_l2_pols[p].keys[i]; i++)
            if (!find_key(cfg_l2_pols[p].keys[i]))
                abort(); /* a policy's key that is not a key is a bug in cfg_l2_pols */
}

const char *cfg_value_text(const cfg_t *c, const char *key, char *buf, size_t len)
{
    const cfg_key_t *k = find_key(key);
    if (!k)
        return NULL;
    switch (k->kind) {
    case K_UINT:
    case K_SIZE:
        snprintf(buf, len, "%u", *uint_cfield(c, k));
        break;
    case K_ENUM:
        snprintf(buf, len, "%s", k->choices[*uint_cfield(c, k)]);
        break;
    case K_BOOL:
        snprintf(buf, len, "%s", *uint_cfield(c, k) ? "true" : "false");
        break;
    case K_NAME:
    case K_IDENT:
        snprintf(buf, len, "%s", (const char *)c + k->offset);
        break;
    }
    return buf;
}

const char *cfg_key_name(unsigned i) { return i < NKEYS ? keys[i].name : NULL; }

const char *cfg_shown_text(const cfg_t *c, unsigned i, char *buf, size_t len)
{
    if (i >= NKEYS)
        return NULL;
    const char *k = keys[i].name;
    for (size_t j = 0; j < sizeof conditional_keys / sizeof conditional_keys[0]; j++)
        if (!strcmp(conditional_keys[j].name, k) && !conditional_keys[j].shown(c))
            return NULL;
    cfg_mode_t owner;
    if (mech_key(k, &owner) && owner != c->l1.mode)
        return NULL; /* a key of another mode */
    if (other_l2_pol_key(c, k))
        return NULL; /* a key of another L2 policy */
    if (!strcmp(k, "l1.pric_poly"))
        snprintf(buf, len, "%llu", cfg_pric_poly(&c->l1));
    else if (!strcmp(k, "l1.pric_top_bit"))
        snprintf(buf, len, "%u", c->l1.pric_top_bit ? c->l1.pric_top_bit : c->l1.addr_bits - 1);
    else if (!strcmp(k, "l2.pric_poly"))
        snprintf(buf, len, "%llu", cfg_l2_pric_poly(c));
    else
        cfg_value_text(c, k, buf, len);
    return buf;
}
const char *cfg_repl_name(cfg_repl_t r) { return repl_names[r]; }
const char *cfg_index_name(cfg_index_t x) { return index_names[x]; }
const char *cfg_mode_name(cfg_mode_t m) { return mode_names[m]; }

/* The PC predictor (SPEC 3.6): the threshold must be a counter value, and the hash must see
 * at least one PC bit. Any replacement policy, way count and index function works with it. */
static int validate_pcpred(const cfg_l1_t *l, char *err, size_t errlen)
{
    unsigned top = (1u << l->pc_counter_bits) - 1;
    if (l->pc_threshold > top) {
        errf(err, errlen,
             "l1.pc_threshold = %u: does not fit l1.pc_counter_bits = %u; allowed: 0..%u "
             "(or widen l1.pc_counter_bits)", l->pc_threshold, l->pc_counter_bits, top);
        return -1;
    }
    if (l->pc_hash_shift >= l->pc_bits) {
        errf(err, errlen,
             "l1.pc_hash_shift = %u: shifts out every bit of the %u-bit PC (l1.pc_bits), so "
             "every PC would hash to 0; allowed: 0..%u", l->pc_hash_shift, l->pc_bits,
             l->pc_bits - 1);
        return -1;
    }
    return 0;
}

/* FG-CB (SPEC 3.7): the counts must reach N, and deciding needs M < N. */
static int validate_fgcb(const cfg_l1_t *l, char *err, size_t errlen)
{
    unsigned top = (1u << l->fgcb_counter_bits) - 1;
    if (l->fgcb_n > top) {
        errf(err, errlen,
             "l1.fgcb_n = %u: does not fit l1.fgcb_counter_bits = %u; allowed: 1..%u (or widen "
             "l1.fgcb_counter_bits)", l->fgcb_n, l->fgcb_counter_bits, top);
        return -1;
    }
    if (l->fgcb_m >= l->fgcb_n) {
        errf(err, errlen,
             "l1.fgcb_m = %u: an entry decides after l1.fgcb_n = %u accesses, so it could never "
             "have more misses; allowed: 0..%u", l->fgcb_m, l->fgcb_n, l->fgcb_n - 1);
        return -1;
    }
    return 0;
}

/* DWT-CS (SPEC 3.7): the limit register must hold max_warps. Fewer warps than cores is
 * allowed: sampling caps core c at min(c + 1, max_warps) (docs/sacat.md). */
static int validate_dwt(const cfg_dwt_t *d, char *err, size_t errlen)
{
    unsigned top = (1u << d->warp_bits) - 1;
    if (d->max_warps > top) {
        errf(err, errlen,
             "dwt.max_warps = %u: does not fit dwt.warp_bits = %u; allowed: 1..%u (or widen "
             "dwt.warp_bits)", d->max_warps, d->warp_bits, top);
        return -1;
    }
    return 0;
}

/* G-Cache (SPEC 3.5) reads and writes RRPVs, so it needs SRRIP and a set to choose in. */
static int validate_gcache(const cfg_l1_t *l, char *err, size_t errlen)
{
    if (l->repl != REPL_SRRIP) {
        errf(err, errlen,
             "l1.replacement = %s: l1.mode = gcache compares and ages RRPVs; allowed: srrip",
             cfg_repl_name(l->repl));
        return -1;
    }
    if (l->ways < 2) {
        errf(err, errlen,
             "l1.ways = %u: l1.mode = gcache needs a set to protect and bypass in; "
             "allowed: 2..32", l->ways);
        return -1;
    }
    unsigned top = (1u << l->rrpv_bits) - 1;
    if (l->gc_th_hot > top || l->gc_th_victim > top) {
        int hot = l->gc_th_hot > top;
        errf(err, errlen,
             "l1.%s = %u: above the largest RRPV of l1.rrpv_bits = %u; allowed: 0..%u",
             hot ? "gc_th_hot" : "gc_th_victim", hot ? l->gc_th_hot : l->gc_th_victim,
             l->rrpv_bits, top);
        return -1;
    }
    return 0;
}

/* The decoupled L1 (SPEC 3.4): a data store of 2 or more ways under a larger tag store, a
 * threshold its reference counts reach, and a victim that can skip reserved lines. */
static int validate_decoupled(const cfg_l1_t *l, char *err, size_t errlen)
{
    if (l->ways < 2) {
        errf(err, errlen,
             "l1.ways = %u: the decoupled data store needs at least 2 ways; allowed: 2..31 "
             "(and below l1.tag_ways = %u)", l->ways, l->tag_ways);
        return -1;
    }
    if (l->tag_ways <= l->ways) {
        errf(err, errlen,
             "l1.tag_ways = %u: the tag store must have more ways than the data store "
             "(l1.ways = %u); allowed: %u..32", l->tag_ways, l->ways, l->ways + 1);
        return -1;
    }
    if (l->threshold > (1u << l->rc_bits) - 1) {
        errf(err, errlen,
             "l1.threshold = %u: does not fit l1.rc_bits = %u; allowed: 0..%u",
             l->threshold, l->rc_bits, (1u << l->rc_bits) - 1);
        return -1;
    }
    if (l->repl == REPL_RANDOM) {
        errf(err, errlen,
             "l1.replacement = random: not allowed with l1.mode = decoupled (its data store's "
             "victim must skip reserved lines); allowed there: lru, plru, srrip or fifo");
        return -1;
    }
    return 0;
}

/* SACAT (SPEC 3.7): FG-CB's rules, then DWT-CS's. */
static int validate_sacat(const cfg_t *c, char *err, size_t errlen)
{
    return validate_fgcb(&c->l1, err, errlen) != 0 || validate_dwt(&c->dwt, err, errlen) != 0
               ? -1
               : 0;
}

static int validate_dec_row(const cfg_t *c, char *err, size_t errlen)
{
    return validate_decoupled(&c->l1, err, errlen);
}
static int validate_gcache_row(const cfg_t *c, char *err, size_t errlen)
{
    return validate_gcache(&c->l1, err, errlen);
}
static int validate_pcpred_row(const cfg_t *c, char *err, size_t errlen)
{
    return validate_pcpred(&c->l1, err, errlen);
}

/* Smallest address width an index function needs: b + m bits of offset and index, at least
 * one tag bit, and for xor the m bits folded onto the index. */
static unsigned index_need(cfg_index_t index, unsigned b, unsigned m)
{
    unsigned need = b + m + 1;
    if (index == INDEX_XOR && b + 2 * m > need)
        need = b + 2 * m;
    return need;
}

/* TAP (l2.replacement = tap_rrip): the legality rule is tap_check's (tap.h), the model's too;
 * the message names the key it refuses. */
static int validate_tap(const cfg_t *c, char *err, size_t errlen)
{
    tap_params_t tp = {c->sys.cores, c->sys.cpu_cores, c->tap.period, c->tap.alpha,
                       c->tap.txs};
    const char *why;
    if (tap_check(&tp, &why) == 0)
        return 0;
    if (tp.gpu_cores < 3 || tp.gpu_cores > TAP_MAX_GPU_CORES)
        errf(err, errlen, "system.cores = %u: l2.replacement = %s: %s; allowed: 3..%u",
             tp.gpu_cores, cfg_l2_repl_name(&c->l2), why, TAP_MAX_GPU_CORES);
    else if (tp.cpu_ports < 1)
        errf(err, errlen, "system.cpu_cores = %u: l2.replacement = %s: %s; allowed: 1..%u",
             tp.cpu_ports, cfg_l2_repl_name(&c->l2), why, CFG_MAX_CPU_CORES);
    else if (tp.period < TAP_LATENCY)
        errf(err, errlen, "tap.period = %u: l2.replacement = %s: %s; allowed: %u..2147483648",
             tp.period, cfg_l2_repl_name(&c->l2), why, TAP_LATENCY);
    else
        errf(err, errlen, "l2.replacement = %s: %s", cfg_l2_repl_name(&c->l2),
             why); /* the key ranges hold the rest */
    return -1;
}

/* DRRIP inserts at an RRPV: not in a direct-mapped L2. */
static int drrip_ways(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_l2_t *l2 = &c->l2;
    if (l2->ways < 2) {
        errf(err, errlen, "l2.ways = %u: l2.replacement = %s inserts at an RRPV, which a "
             "direct-mapped L2 does not keep; allowed: 2..32 with %s", l2->ways,
             cfg_l2_repl_name(l2), cfg_l2_repl_name(l2));
        return -1;
    }
    return 0;
}

/* DRRIP's leader sets (l2.duel_leaders) fit the sets and the applications. */
static int drrip_leaders(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_l2_t *l2 = &c->l2;
    { /* the legality rule is drrip_check's (drrip.h), the model's too */
        unsigned apps = cfg_l2_apps(c);
        drrip_params_t dp = {l2->sets, l2->duel_leaders, apps, l2->psel_bits, l2->rrpv_bits};
        const char *why;
        if (drrip_check(&dp, &why) != 0) {
            unsigned most = l2->sets / (2 * apps);
            while (most & (most - 1)) /* the largest power of two within sets / (2 x apps) */
                most &= most - 1;
            char allowed[96];
            if (most)
                snprintf(allowed, sizeof allowed, "a power of two from 1 to %u", most);
            else
                snprintf(allowed, sizeof allowed, "none (l2.sets must be at least %u)", 2 * apps);
            errf(err, errlen,
                 "l2.duel_leaders = %u: %s (l2.sets = %u, %u application%s); allowed: %s",
                 l2->duel_leaders, why, l2->sets, apps, apps > 1 ? "s" : "", allowed);
            return -1;
        }
    }
    return 0;
}

/* UCP partitions ways among applications: CPU ports, two ways or more, UMON sets that fit. */
static int ucp_rules(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_l2_t *l2 = &c->l2;
    if (c->sys.cpu_cores == 0) {
        errf(err, errlen, "l2.replacement = ucp: partitions the ways among applications, and "
             "with system.cpu_cores = 0 the GPU is the only one; allowed: ucp with "
             "system.cpu_cores = 1..%u, or lru, srrip, drrip, plru, fifo", CFG_MAX_CPU_CORES);
        return -1;
    }
    if (l2->ways < 2) {
        errf(err, errlen, "l2.ways = %u: l2.replacement = %s partitions the ways, which a "
             "direct-mapped L2 does not have; allowed: 2..32 with %s", l2->ways,
             cfg_l2_repl_name(l2), cfg_l2_repl_name(l2));
        return -1;
    }
    { /* the legality rule is umon_check's (umon.h), the model's too */
        umon_params_t up = {l2->sets, l2->umon_sets, l2->ways, cfg_l2_apps(c),
                            l2->umon_counter_bits};
        const char *why;
        if (umon_check(&up, &why) != 0) {
            errf(err, errlen, "l2.umon_sets = %u: %s (l2.sets = %u); allowed: a power of two "
                 "from 1 to %u", l2->umon_sets, why, l2->sets, l2->sets);
            return -1;
        }
    }
    return 0;
}

/* l2.replacement = plru: a tree over a power-of-two number of ways. */
static int validate_l2_plru(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_l2_t *l2 = &c->l2;
    if (l2->ways < 2 || !cfg_is_pow2(l2->ways)) {
        errf(err, errlen, "l2.replacement = plru: not allowed with l2.ways = %u; allowed: plru "
             "with a power-of-two l2.ways >= 2, or lru, srrip or fifo with any l2.ways", l2->ways);
        return -1;
    }
    return 0;
}

/* l2.replacement = drrip, tap_rrip (DRRIP under TAP's rules), ucp, tap_ucp (UCP under TAP's
 * rules): their rules in the order they were always checked. */
static int validate_l2_drrip(const cfg_t *c, char *err, size_t errlen)
{
    return drrip_ways(c, err, errlen) != 0 || drrip_leaders(c, err, errlen) != 0 ? -1 : 0;
}
static int validate_l2_tap_rrip(const cfg_t *c, char *err, size_t errlen)
{
    return drrip_ways(c, err, errlen) != 0 || validate_tap(c, err, errlen) != 0 ||
                   drrip_leaders(c, err, errlen) != 0
               ? -1
               : 0;
}
static int validate_l2_ucp(const cfg_t *c, char *err, size_t errlen)
{
    return ucp_rules(c, err, errlen);
}
static int validate_l2_tap_ucp(const cfg_t *c, char *err, size_t errlen)
{
    return validate_tap(c, err, errlen) != 0 || ucp_rules(c, err, errlen) != 0 ? -1 : 0;
}


/* The system and L2 keys: checked in every configuration (their defaults fit any L1 whose
 * address leaves room for 256 L2 sets). */
static int validate_l2(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_l1_t *l = &c->l1;
    const cfg_l2_t *l2 = &c->l2;
    unsigned P = c->sys.cores;
    if (P > (1u << l->core_bits)) {
        errf(err, errlen,
             "system.cores = %u: core ids are l1.core_bits = %u bits wide; allowed: 1..%u "
             "(or widen l1.core_bits)", P, l->core_bits, 1u << l->core_bits);
        return -1;
    }
    unsigned C = c->sys.cpu_cores;
    if (C && P + C > (1u << l->core_bits)) {
        unsigned need = cfg_log2(P + C);
        errf(err, errlen,
             "system.cpu_cores = %u: the L2's core ids (l1.core_bits = %u bits) number the "
             "system.cores = %u L1s and then the CPU ports, P + C <= %u; allowed: 0..%u (or "
             "raise l1.core_bits to %u)", C, l->core_bits, P, 1u << l->core_bits,
             (1u << l->core_bits) > P ? (1u << l->core_bits) - P : 0, need);
        return -1;
    }
    if (P % l2->victim_share != 0) {
        char divs[256] = "";
        for (unsigned d = 1; d <= P; d++)
            if (P % d == 0)
                snprintf(divs + strlen(divs), sizeof divs - strlen(divs), "%s%u",
                         d > 1 ? ", " : "", d);
        errf(err, errlen,
             "l2.victim_share = %u: must divide system.cores = %u; allowed: %s",
             l2->victim_share, P, divs);
        return -1;
    }
    unsigned b = cfg_log2(l->line_bytes), m = cfg_log2(l2->sets);
    if (l->addr_bits < index_need(l2->index, b, m)) {
        unsigned max_m = 0;
        while (max_m < 16 && index_need(l2->index, b, max_m + 1) <= l->addr_bits)
            max_m++;
        errf(err, errlen,
             "l2.sets = %u: l1.addr_bits = %u is too small for %u sets of %u-byte lines with "
             "%s index; allowed: 2..%u sets (or widen l1.addr_bits)",
             l2->sets, l->addr_bits, l2->sets, l->line_bytes, cfg_index_name(l2->index),
             1u << max_m);
        return -1;
    }
    if (l2->index != INDEX_PRIC && l2->pric_poly) {
        errf(err, errlen, "l2.pric_poly = %u: only used with l2.index = pric, but l2.index = %s; "
             "allowed: 0 (unset) with this index", l2->pric_poly, cfg_index_name(l2->index));
        return -1;
    }
    if (l2->index == INDEX_PRIC && l2->sets > CFG_L2_PRIC_MAX_SETS) {
        errf(err, errlen,
             "l2.sets = %u: the PRIC index is offered up to %u sets (moduli of degree %u); "
             "allowed: 2..%u with l2.index = pric, or modulo or xor", l2->sets,
             CFG_L2_PRIC_MAX_SETS, PRIC_MAX_DEGREE, CFG_L2_PRIC_MAX_SETS);
        return -1;
    }
    if (l2->index == INDEX_PRIC && l2->pric_poly &&
        (!pric_usable(l2->pric_poly) || pric_degree(l2->pric_poly) != m)) {
        char valid[512];
        pric_list_text(m, valid, sizeof valid);
        errf(err, errlen,
             "l2.pric_poly = %u: not an irreducible polynomial with constant term 1 of degree "
             "%u (l2.sets = %u); allowed: %s, or 0 for the smallest",
             l2->pric_poly, m, l2->sets, valid);
        return -1;
    }
    if (cfg_l2_pols[l2->repl].validate && cfg_l2_pols[l2->repl].validate(c, err, errlen) != 0)
        return -1;
    unsigned row = lay_l2_row_bits(c);
    if (row > BV_MAX_BITS) {
        errf(err, errlen,
             "l2.ways = %u: an L2 set row of %u bits (valid, dirty, tag, replacement and %u "
             "victim bits a way%s) exceeds %u bits; allowed: fewer l2.ways, more l2.sets, or a "
             "larger l2.victim_share", l2->ways, row, P / l2->victim_share,
             lay_mech(l->mode)->l2_bypass_bit ? ", and the pcpred bypass bit"
             : C ? ", and the owner application" : "", BV_MAX_BITS);
        return -1;
    }
    return 0;
}

/* The AXI4 memory side: a line is a whole number of beats, and every MSHR (L1 and L2) has an
 * id. */
static int validate_axi(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_axi_t *a = &c->axi;
    if (!a->enable)
        return 0;
    if (a->data_bits > c->l1.line_bytes * 8u) {
        errf(err, errlen, "axi.data_bits = %u: wider than a line (l1.line_bytes = %u, %u bits); "
             "allowed: a power of two in 32..%u", a->data_bits, c->l1.line_bytes,
             c->l1.line_bytes * 8u, c->l1.line_bytes * 8u < 1024u ? c->l1.line_bytes * 8u : 1024u);
        return -1;
    }
    if ((1ull << a->id_bits) < c->l1.mshrs) {
        errf(err, errlen, "axi.id_bits = %u: %llu ids cannot name l1.mshrs = %u MSHRs (a read's "
             "ARID is its MSHR); allowed: %u..16", a->id_bits, 1ull << a->id_bits, c->l1.mshrs,
             cfg_log2(c->l1.mshrs) ? cfg_log2(c->l1.mshrs) : 1u);
        return -1;
    }
    if ((1ull << a->id_bits) < c->l2.mshrs) { /* the L2's bridge: ARID is the L2's MSHR */
        errf(err, errlen, "axi.id_bits = %u: %llu ids cannot name l2.mshrs = %u MSHRs (the L2 "
             "bridge's ARID is its MSHR); allowed: %u..16", a->id_bits, 1ull << a->id_bits,
             c->l2.mshrs, cfg_log2(c->l2.mshrs) ? cfg_log2(c->l2.mshrs) : 1u);
        return -1;
    }
    return 0;
}

/* A user macro (sram.macro): a name no generated module takes, distinct pins, a mask the
 * arrays' writes can use. The arrays write whole rows (metadata) or bytes (a store's byte
 * enables), so a per-byte mask serves any width in bytes; a macro without a mask serves only
 * when no column holds parts of two bytes: a wider one would need a read before each partial
 * write, and the 1R1W contract gives the wrapper no cycle for it. */
/* The key of sram pin i (SRAM_PIN_*): the key table's row at that pin's offset. */
const char *cfg_sram_pin_key(unsigned i)
{
    for (size_t k = 0; k < NKEYS; k++)
        if (keys[k].offset == SRAM(pin[i]))
            return keys[k].name;
    abort(); /* every pin has its row in the key table */
}

static int validate_sram(const cfg_t *c, char *err, size_t errlen)
{
    const cfg_sram_t *s = &c->sram;
    if (!s->macro[0])
        return 0;
    size_t n = strlen(c->name);
    if (!strcmp(s->macro, "cachegen_sram_1r1w") ||
        (!strncmp(s->macro, c->name, n) && (s->macro[n] == 0 || s->macro[n] == '_'))) {
        errf(err, errlen, "sram.macro = %s: a module cachegen generates (cachegen_sram_1r1w, or "
             "a name starting with name = %s); allowed: your macro's own module name",
             s->macro, c->name);
        return -1;
    }
    unsigned pins = s->mask == SRAM_MASK_NONE ? SRAM_PIN_WMASK : SRAM_PINS;
    for (unsigned i = 0; i < pins; i++)
        if (!strncmp(s->pin[i], "cg_", 3)) { /* the stand-in model's own names */
            errf(err, errlen, "%s = %s: names starting with cg_ are the stand-in model's own; "
                 "allowed: any other Verilog identifier", cfg_sram_pin_key(i), s->pin[i]);
            return -1;
        }
    for (unsigned i = 0; i < pins; i++)
        for (unsigned j = 0; j < i; j++)
            if (!strcmp(s->pin[i], s->pin[j])) {
                errf(err, errlen, "%s = %s: the same port as %s; allowed: a name no other "
                     "sram.pin_* key gives", cfg_sram_pin_key(i), s->pin[i], cfg_sram_pin_key(j));
                return -1;
            }
    if (s->mask == SRAM_MASK_BYTE && s->width % 8) {
        errf(err, errlen, "sram.width = %u: sram.mask = byte needs whole bytes; allowed: a "
             "multiple of 8, or sram.mask = bit", s->width);
        return -1;
    }
    if (s->mask == SRAM_MASK_NONE && 8 % s->width) {
        errf(err, errlen, "sram.width = %u: a macro without a write mask (sram.mask = none) "
             "would put several bytes in one word, and a store writes single bytes (it would "
             "need a read before the write, which the arrays' 1R1W contract has no cycle for); "
             "allowed: 1, 2, 4 or 8, or sram.mask = bit or byte", s->width);
        return -1;
    }
    return 0;
}

int cfg_validate(const cfg_t *c, char *err, size_t errlen)
{
    char shown[160], allowed[160];
    /* every key against its own range (catches structs built without cfg_set) */
    for (size_t i = 0; i < NKEYS; i++) {
        const cfg_key_t *k = &keys[i];
        int ok = 1;
        if (k->kind == K_UINT)
            ok = uint_ok(k, *uint_cfield(c, k));
        else if (k->kind == K_ENUM) {
            unsigned n = 0;
            while (k->choices[n])
                n++;
            ok = *uint_cfield(c, k) < n;
        } else if (k->kind == K_BOOL)
            ok = *uint_cfield(c, k) <= 1;
        else if (k->kind == K_SIZE) {
            /* cfg_from_args turns a size into sets; a reader that skips it must see none */
            if (*uint_cfield(c, k) != 0) {
                errf(err, errlen, "%s = %u: a size is read only by cachegen, cachesim and sysim "
                     "(cfg_from_args), which turn it into %.2s.sets; allowed here: 0, with "
                     "%.2s.sets", k->name, *uint_cfield(c, k), k->name, k->name);
                return -1;
            }
        } else
            ok = memchr((const char *)c + k->offset, 0, CFG_NAME_MAX) &&
                 key_name_ok(k, (const char *)c + k->offset, NULL, 0);
        if (!ok) {
            range_text(k, allowed, sizeof allowed);
            if (k->kind == K_NAME || k->kind == K_IDENT) /* possibly unterminated: shown up to its array's end */
                value_text((const char *)c + k->offset,
                           strnlen((const char *)c + k->offset, CFG_NAME_MAX), shown,
                           sizeof shown);
            else
                snprintf(shown, sizeof shown, "%u", *uint_cfield(c, k));
            errf(err, errlen, "%s = %s: not allowed; expected %s", k->name, shown, allowed);
            return -1;
        }
    }
    const cfg_l1_t *l = &c->l1;
    unsigned b = cfg_log2(l->line_bytes), m = cfg_log2(l->sets);
    unsigned need = index_need(l->index, b, m);
    if (l->addr_bits < need) {
        errf(err, errlen,
             "l1.addr_bits = %u: too small for %u sets of %u-byte lines with %s index; "
             "allowed: %u..64",
             l->addr_bits, l->sets, l->line_bytes, cfg_index_name(l->index), need);
        return -1;
    }
    if (l->index != INDEX_PRIC && (l->pric_poly || l->pric_top_bit)) {
        errf(err, errlen, "l1.%s = %u: only used with l1.index = pric, but l1.index = %s; "
             "allowed: 0 (unset) with this index",
             l->pric_poly ? "pric_poly" : "pric_top_bit",
             l->pric_poly ? l->pric_poly : l->pric_top_bit, cfg_index_name(l->index));
        return -1;
    }
    if (l->index == INDEX_PRIC) {
        char valid[512];
        pric_list_text(m, valid, sizeof valid);
        if (l->pric_poly && (!pric_usable(l->pric_poly) || pric_degree(l->pric_poly) != m)) {
            errf(err, errlen,
                 "l1.pric_poly = %u: not %s of degree %u (l1.sets = %u); allowed: %s, or 0 "
                 "for the smallest",
                 l->pric_poly,
                 pric_usable(l->pric_poly) ? "an irreducible polynomial"
                                           : "an irreducible polynomial with constant term 1",
                 m, l->sets, valid);
            return -1;
        }
        unsigned top = l->pric_top_bit ? l->pric_top_bit : l->addr_bits - 1;
        if (top >= l->addr_bits || top + 1 < b + m) {
            errf(err, errlen,
                 "l1.pric_top_bit = %u: must hash at least log2(sets) = %u bits from address "
                 "bit %u and stay below l1.addr_bits = %u; allowed: %u..%u, or 0 for %u",
                 l->pric_top_bit, m, b, l->addr_bits, b + m - 1, l->addr_bits - 1,
                 l->addr_bits - 1);
            return -1;
        }
    }
    if (l->repl == REPL_PLRU && (l->ways < 2 || !cfg_is_pow2(l->ways))) {
        errf(err, errlen,
             "l1.replacement = plru: not allowed with l1.ways = %u; allowed: plru with a "
             "power-of-two l1.ways >= 2, or lru, srrip, fifo or random with any l1.ways",
             l->ways);
        return -1;
    }
    assert((unsigned)l->mode < NMECHS);
    const cfg_mech_t *mech = &cfg_mechs[l->mode];
    if (mech->validate && mech->validate(c, err, errlen) != 0)
        return -1; /* the mode's own rules */
    if (validate_axi(c, err, errlen) != 0 || validate_sram(c, err, errlen) != 0)
        return -1;
    if (validate_l2(c, err, errlen) != 0)
        return -1;
    return slice_validate(c, err, errlen);
}

unsigned long long cfg_pric_poly(const cfg_l1_t *l)
{
    return l->pric_poly ? l->pric_poly : pric_smallest(cfg_log2(l->sets));
}

unsigned long long cfg_l2_pric_poly(const cfg_t *c)
{
    return c->l2.pric_poly ? c->l2.pric_poly : pric_smallest(cfg_log2(c->l2.sets));
}

const char *cfg_l2_repl_name(const cfg_l2_t *l2) { return l2_repl_names[l2->repl]; }

unsigned cfg_pric_hashed_bits(const cfg_l1_t *l)
{
    unsigned top = l->pric_top_bit ? l->pric_top_bit : l->addr_bits - 1;
    return top + 1 - cfg_log2(l->line_bytes);
}

void cfg_print_help(FILE *f)
{
    char allowed[160];
    fprintf(f, "Configuration keys (YAML nesting = dotted --set names):\n");
    for (size_t i = 0; i < NKEYS; i++) {
        range_text(&keys[i], allowed, sizeof allowed);
        fprintf(f, "  %-16s %s\n  %-16s   allowed: %s; default: %s\n", keys[i].name, keys[i].help,
                "", allowed, keys[i].def);
    }
    fprintf(f, "Combinations: l1.addr_bits >= log2(line_bytes) + log2(sets) + 1 "
               "(xor index: + log2(sets) more); plru needs power-of-two ways >= 2;\n"
               "random replacement not with l1.mode = decoupled;\n"
               "l1.pric_poly and l1.pric_top_bit only with l1.index = pric;\n"
               "l1.mode = decoupled: 2 <= l1.ways < l1.tag_ways, l1.threshold < 2^l1.rc_bits;\n"
               "l1.mode = gcache: l1.replacement = srrip, l1.ways >= 2, both thresholds "
               "< 2^l1.rrpv_bits;\n"
               "l1.mode = pcpred: l1.pc_threshold < 2^l1.pc_counter_bits, "
               "l1.pc_hash_shift < l1.pc_bits;\n"
               "l1.mode = sacat: dwt.max_warps < 2^dwt.warp_bits, l1.fgcb_n < "
               "2^l1.fgcb_counter_bits, l1.fgcb_m < l1.fgcb_n;\n"
               "system.cores <= 2^l1.core_bits; l2.victim_share divides system.cores;\n"
               "system.cpu_cores > 0: system.cores + system.cpu_cores <= 2^l1.core_bits;\n"
               "l1.addr_bits >= log2(line_bytes) + log2(l2.sets) + 1 (xor: + log2(l2.sets) "
               "more); l2.pric_poly only with l2.index = pric (at most 16384 sets);\n"
               "l2.replacement = drrip: l2.sets / l2.duel_leaders >= 2 x applications (1: "
               "the GPU);\n"
               "l2.replacement = ucp: system.cpu_cores >= 1, l2.ways >= 2, l2.umon_sets a power "
               "of two <= l2.sets;\n"
               "l2.replacement = tap_rrip: as drrip, with 3..64 system.cores, 1..15 "
               "system.cpu_cores and tap.period >= 12;\n"
               "l2.replacement = tap_ucp: as ucp, with tap_rrip's system.cores, "
               "system.cpu_cores and tap.period;\n"
               "l2.replacement = plru: power-of-two l2.ways >= 2;\n"
               "system.slice_index = xor or pric: system.l2_slices a power of two;\n"
               "axi.enable: axi.data_bits <= l1.line_bytes x 8, 2^axi.id_bits >= l1.mshrs and l2.mshrs;\n"
               "sram.macro: not cachegen_sram_1r1w nor starting with name; distinct sram.pin_* "
               "names; sram.mask = byte: sram.width a multiple of 8; sram.mask = none: sram.width "
               "1, 2, 4 or 8.\n");
}

/* Key k's allowed values in the words of docs/configuration.md's table (range_text is the
 * error messages' longer form). */
static void doc_range_text(const cfg_key_t *k, char *buf, size_t len)
{
    switch (k->kind) {
    case K_UINT:
        snprintf(buf, len, "%s%u..%u", (k->flags & F_POW2) ? "power of two " : "", k->min, k->max);
        break;
    case K_ENUM: choices_text(k, buf, len); break;
    case K_BOOL: snprintf(buf, len, "true, false"); break;
    case K_SIZE:
        snprintf(buf, len, "bytes: a count, or digits directly followed by KiB or MiB (16KiB, "
                 "1MiB; no space); at most %u", UINT32_MAX);
        break;
    case K_NAME:
        snprintf(buf, len, "lower_snake_case, 1..%d characters, no double or trailing "
                 "underscore, not a keyword", CFG_NAME_MAX - 1);
        break;
    case K_IDENT:
        snprintf(buf, len, "%sVerilog identifier, 1..%d characters, not a keyword",
                 (k->flags & F_EMPTY) ? "empty or a " : "", CFG_NAME_MAX - 1);
        break;
    }
}

/* One table cell: '|' would end the cell, '<' before a letter open an HTML tag, '*' start
 * emphasis; each is escaped. */
static void md_cell(FILE *f, const char *text)
{
    for (const char *p = text; *p; p++) {
        int tag = *p == '<' && ((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z'));
        if (*p == '|' || *p == '*' || tag)
            fputc('\\', f);
        fputc(*p, f);
    }
}

void cfg_print_markdown(FILE *f)
{
    char allowed[256];
    fprintf(f, "| key | allowed | default | meaning |\n|---|---|---|---|\n");
    for (size_t i = 0; i < NKEYS; i++) {
        doc_range_text(&keys[i], allowed, sizeof allowed);
        fprintf(f, "| %s | ", keys[i].name);
        md_cell(f, allowed);
        fprintf(f, " | %s | ", keys[i].def);
        md_cell(f, keys[i].help);
        fprintf(f, " |\n");
    }
}

void cfg_write_yaml(const cfg_t *c, FILE *f)
{
    char buf[64];
    const char *section = ""; /* the open mapping: its first section_len characters */
    size_t section_len = 0;
    for (unsigned i = 0; i < NKEYS; i++) {
        const char *dot = strchr(keys[i].name, '.');
        if (!cfg_shown_text(c, i, buf, sizeof buf))
            continue;
        if (!dot) {
            fprintf(f, "%s: %s\n", keys[i].name, buf);
            section_len = 0;
            continue;
        }
        size_t plen = (size_t)(dot - keys[i].name);
        if (section_len != plen || strncmp(section, keys[i].name, plen) != 0) {
            fprintf(f, "%.*s:\n", (int)plen, keys[i].name);
            section = keys[i].name;
            section_len = plen;
        }
        fprintf(f, "  %s: %s\n", dot + 1, buf);
    }
}

/* Presets: each is a list of key=value overrides over the defaults. */
typedef struct preset {
    const char *name;
    const char *summary;
    const char *const *sets; /* key, value, key, value, ..., NULL */
} preset_t;

static const char *const fermi_l1[] = {"name", "fermi_l1", "l1.sets", "32", "l1.ways", "4",
                                        "l1.line_bytes", "128", "l1.replacement", "lru", NULL};
static const char *const gcn_l1[] = {"name", "gcn_l1", "l1.sets", "32", "l1.ways", "8",
                                      "l1.line_bytes", "64", "l1.replacement", "lru", NULL};

static const char *const fermi_l1_pric[] = {"name", "fermi_l1_pric", "l1.sets", "32",
                                             "l1.ways", "4", "l1.line_bytes", "128",
                                             "l1.replacement", "lru", "l1.index", "pric",
                                             "l1.pric_poly", "37", "l1.pric_top_bit", "26", NULL};

static const char *const li_decoupled[] = {"name", "li_decoupled", "l1.sets", "32",
                                            "l1.ways", "4", "l1.line_bytes", "128",
                                            "l1.replacement", "lru", "l1.mode", "decoupled",
                                            "l1.tag_ways", "8", "l1.rc_bits", "6",
                                            "l1.threshold", "2", NULL};

/* G-Cache system of paper 000 (Table 2): 32 KB 4-way L1s with 3-bit SRRIP in front of a
 * 128 KB 16-way L2 slice; the L2 keeps RRPVs as in the paper's Figure 6. 8 MSHRs per L1 (the
 * paper has 32; 8 keeps every L1 path, MSHR-full included, reachable in the test traffic). */
static const char *const gcache_system[] = {"name", "gcache_system", "l1.sets", "64",
                                             "l1.ways", "4", "l1.line_bytes", "128",
                                             "l1.mshrs", "8", "l1.replacement", "srrip",
                                             "l1.rrpv_bits", "3", "l1.mode", "gcache",
                                             "system.cores", "4", "l2.sets", "64",
                                             "l2.ways", "16", "l2.replacement", "srrip", NULL};

/* The paper's storage example (sec. 4.3): 16 L1s over a 512-set 16-way (1 MB) L2. */
static const char *const gcache_l2_16core[] = {"name", "gcache_l2_16core", "l1.sets", "64",
                                                "l1.ways", "4", "l1.line_bytes", "128",
                                                "l1.mshrs", "8", "l1.replacement", "srrip",
                                                "l1.rrpv_bits", "3", "l1.mode", "gcache",
                                                "system.cores", "16", "l2.sets", "512",
                                                "l2.ways", "16", "l2.replacement", "srrip",
                                                NULL};

/* Tian et al.'s GCN-like system (paper 001 Table 1): 16 KB 8-way 64 B L1s with pseudo-LRU
 * (tree-PLRU here) and the PC predictor (128 x 4-bit table, 7-bit hashes per line), 8 compute
 * units over a 256 KB 16-way 64 B L2 (LRU: the L2 offers lru or srrip). */
static const char *const tian_gcn[] = {"name", "tian_gcn", "l1.sets", "32", "l1.ways", "8",
                                        "l1.line_bytes", "64", "l1.replacement", "plru",
                                        "l1.mode", "pcpred", "l1.pc_entries", "128",
                                        "l1.pc_counter_bits", "4", "l1.pc_threshold", "8",
                                        "system.cores", "8", "l2.sets", "256", "l2.ways", "16",
                                        "l2.replacement", "lru", NULL};

/* GPGPU-Sim's GTX480 (Fermi) L1D, `32:128:4,L:L:m:N:H,A:32:8,8`: 32 sets x 4 ways x 128 B,
 * LRU, 32 MSHRs with up to 8 merged requests each (SPEC 3.1 merging). */
static const char *const gtx480_l1[] = {"name", "gtx480_l1", "l1.sets", "32", "l1.ways", "4",
                                         "l1.line_bytes", "128", "l1.replacement", "lru",
                                         "l1.mshrs", "32", "l1.mshr_merge", "8", NULL};

/* SACAT (Khairy et al., paper 002 Table 1, SPEC 3.7): 15 Fermi SMs, each a 16 KB 4-way 128 B
 * L1 with PRIC (P = 37) and FG-CB (7 entries of 5-bit ids, 10-bit counters, a 10,000-cycle
 * window, N = 1000, M = 800: the key defaults), over a 128 KB 16-way 128 B L2 slice; the DWT-CS
 * controller with 24 warps per scheduler, 10,000-cycle periods and an MPKI threshold of 10
 * (the dwt.* defaults). */
static const char *const sacat_fermi[] = {"name", "sacat_fermi", "l1.sets", "32", "l1.ways", "4",
                                           "l1.line_bytes", "128", "l1.replacement", "lru",
                                           "l1.index", "pric", "l1.pric_poly", "37",
                                           "l1.pric_top_bit", "26", "l1.mode", "sacat",
                                           "system.cores", "15", "l2.sets", "64", "l2.ways", "16",
                                           "l2.replacement", "lru", NULL};

/* TAP (Lee and Kim, paper 003 Table 4, SPEC 3.8): 6 GPU cores, each with a 32 KB 8-way 64 B
 * L1 (baseline L1s: CPU ports are offered with them only), 2 CPU ports, and one of the four
 * 8 MB 32-way LLC tiles as the L2 slice: 2 MB, 32 ways, 64 B lines, 1,024 sets. TAP's
 * defaults (1,000,000-cycle periods, alpha 5 %, T_xs 10) and DRRIP's (10-bit PSELs, 32 leader
 * sets a policy and app, 2-bit RRPVs). One G-Cache victim bit a way, the least the L2 layout
 * holds (l2.victim_share = system.cores): a TAP system has no G-Cache L1 to read it. The
 * presets tap-rrip and tap-ucp are this system with TAP-RRIP and with TAP-UCP (UCP's defaults:
 * 32 UMON sets, 16-bit hit counters). */
#define TAP_SYSTEM                                                                            \
    "l1.sets", "64", "l1.ways", "8", "l1.line_bytes", "64", "l1.replacement", "lru",          \
        "system.cores", "6", "system.cpu_cores", "2", "l2.sets", "1024", "l2.ways", "32",     \
        "l2.victim_share", "6"
static const char *const tap_rrip_system[] = {"name", "tap_rrip", TAP_SYSTEM, "l2.replacement",
                                               "tap_rrip", NULL};
static const char *const tap_ucp_system[] = {"name", "tap_ucp", TAP_SYSTEM, "l2.replacement",
                                              "tap_ucp", NULL};

static const preset_t presets[] = {
    {"fermi-l1", "16 KB Fermi-style L1D: 32 sets x 4 ways x 128 B, LRU, modulo index", fermi_l1},
    {"gcn-l1", "16 KB GCN-style L1: 32 sets x 8 ways x 64 B, LRU, modulo index", gcn_l1},
    {"gtx480-l1", "GPGPU-Sim's GTX480 L1D: 32 sets x 4 ways x 128 B, LRU, 32 MSHRs merging up "
     "to 8 loads each", gtx480_l1},
    {"fermi-l1-pric", "fermi-l1 with SACAT's PRIC index: P = 37 over address bits 7..26",
     fermi_l1_pric},
    {"li-decoupled", "Li et al. decoupled L1: 32 sets, 8-way tag store with 6-bit reference "
     "counts over a 4-way x 128 B LRU data store, threshold 2", li_decoupled},
    {"gcache-system", "G-Cache system: 4 L1s of 64 sets x 4 ways x 128 B, 3-bit "
     "SRRIP, over a 64-set 16-way L2 slice", gcache_system},
    {"gcache-l2-16core", "G-Cache system (generated, not simulated): 16 L1s as gcache-system over a "
     "512-set 16-way (1 MB) L2, 16 KB of victim bits", gcache_l2_16core},
    {"tian-gcn", "PC bypass predictor system: 8 L1s of 32 sets x 8 ways x "
     "64 B, tree-PLRU, 128 x 4-bit table, over a 256-set 16-way 64 B L2", tian_gcn},
    {"sacat-fermi", "SACAT system (generated; lockstep at smaller N and window): 15 L1s of 32 sets "
     "x 4 ways x 128 B with PRIC (P = 37) and FG-CB, the DWT-CS controller, over a 64-set 16-way "
     "L2", sacat_fermi},
    {"tap-rrip", "TAP-RRIP system (generated and costed; its L2 in lockstep with shorter "
     "periods): 6 L1s of 64 sets x 8 ways x 64 B and 2 CPU ports over a 2 MB 1024-set 32-way "
     "64 B L2 tile with TAP-RRIP",
     tap_rrip_system},
    {"tap-ucp", "TAP-UCP system (generated and costed): tap-rrip's system with TAP-UCP (32 UMON "
     "sets, 16-bit hit counters)", tap_ucp_system},
};
#define NPRESETS (sizeof presets / sizeof presets[0])

const char *const *cfg_preset_names(void)
{
    static const char *names[NPRESETS + 1];
    for (size_t i = 0; i < NPRESETS; i++)
        names[i] = presets[i].name;
    names[NPRESETS] = NULL;
    return names;
}

const char *cfg_preset_summary(const char *name)
{
    for (size_t i = 0; i < NPRESETS; i++)
        if (!strcmp(presets[i].name, name))
            return presets[i].summary;
    return NULL;
}

int cfg_preset(cfg_t *c, const char *name, char *err, size_t errlen)
{
    for (size_t i = 0; i < NPRESETS; i++) {
        if (strcmp(presets[i].name, name) != 0)
            continue;
        cfg_defaults(c);
        for (const char *const *p = presets[i].sets; *p; p += 2)
            if (cfg_set(c, p[0], p[1], err, errlen) != 0)
                abort(); /* presets are checked by the test suite */
        return 0;
    }
    char list[256] = "";
    for (size_t i = 0; i < NPRESETS; i++) {
        strncat(list, presets[i].name, sizeof list - strlen(list) - 1);
        if (i + 1 < NPRESETS)
            strncat(list, ", ", sizeof list - strlen(list) - 1);
    }
    errf(err, errlen, "preset = %s: unknown preset; allowed: %s", name, list);
    return -1;
}

/* "16KiB", "1MiB" or a byte count, for messages. */
static void size_text(unsigned bytes, char *buf, size_t len)
{
    if (bytes && bytes % (1u << 20) == 0)
        snprintf(buf, len, "%uMiB", bytes >> 20);
    else if (bytes && bytes % 1024 == 0)
        snprintf(buf, len, "%uKiB", bytes >> 10);
    else
        snprintf(buf, len, "%u", bytes);
}

/* LEVEL.size (bytes, 0 = not given) into LEVEL.sets = size / (ways x line_bytes), which must
 * be a whole power of two in the key's range and agree with a LEVEL.sets the user gave too.
 * The size is then 0 again: the configuration holds only sets. */
static int size_to_sets(const cfg_t *c, const char *level, unsigned *size, unsigned *sets,
                        unsigned sets_given, unsigned ways, char *err, size_t errlen)
{
    if (*size == 0)
        return 0;
    char shown[32], unit_shown[32];
    char key[16];
    snprintf(key, sizeof key, "%s.sets", level);
    const cfg_key_t *k = find_key(key);
    unsigned unit = ways * c->l1.line_bytes;
    size_text(*size, shown, sizeof shown);
    size_text(unit, unit_shown, sizeof unit_shown);
    if (*size % unit != 0) {
        errf(err, errlen, "%s.size = %s: not a whole number of sets of %u ways x %u B = %s; "
             "allowed: a multiple of %s whose quotient is a power of two in %u..%u",
             level, shown, ways, c->l1.line_bytes, unit_shown, unit_shown, k->min, k->max);
        return -1;
    }
    unsigned n = *size / unit;
    if (n < k->min || n > k->max || (n & (n - 1)) != 0) {
        errf(err, errlen, "%s.size = %s: gives %u sets of %u ways x %u B; allowed: a power of "
             "two in %u..%u sets (%s.size = %s x 2^k)", level, shown, n, ways, c->l1.line_bytes,
             k->min, k->max, level, unit_shown);
        return -1;
    }
    if (sets_given && *sets != n) {
        errf(err, errlen, "%s.size = %s and %s.sets = %u disagree: %s / (%u ways x %u B) = %u "
             "sets; allowed: one of the two keys, or %s.sets = %u with this size", level, shown,
             level, *sets, shown, ways, c->l1.line_bytes, n, level, n);
        return -1;
    }
    *sets = n;
    *size = 0;
    return 0;
}

int cfg_set_arg(cfg_t *c, const char *arg, char *err, size_t errlen)
{
    /* the value is used whole, however long; only the key is copied */
    const char *eq = strchr(arg, '=');
    char key[64], shown[160];
    size_t klen = eq ? (size_t)(eq - arg) : 0;
    if (!eq || klen == 0 || klen >= sizeof key) {
        value_text(arg, strlen(arg), shown, sizeof shown);
        errf(err, errlen, "--set %s: %s; expected KEY=VALUE with a key of 1..%zu characters "
             "(see --help)", shown, !eq ? "no '='" : klen ? "key too long" : "empty key",
             sizeof key - 1);
        return -1;
    }
    memcpy(key, arg, klen);
    key[klen] = 0;
    return cfg_set(c, key, eq + 1, err, errlen);
}

int cfg_sizes_to_sets(cfg_t *c, char *err, size_t errlen)
{
    if (size_to_sets(c, "l1", &c->l1.size, &c->l1.sets, c->l1.sets_given, c->l1.ways, err,
                     errlen) != 0 ||
        size_to_sets(c, "l2", &c->l2.size, &c->l2.sets, c->l2.sets_given, c->l2.ways, err,
                     errlen) != 0)
        return -1;
    return 0;
}
