/* cfg: the one configuration of a generated cache, its key table, presets and validation
 * (cfg.c), its YAML reader (cfg_yaml.c) and the command-line way to it (cfg_args.c); each of the
 * three calls only those before it, and the layouts read this header, never call cfg.c.
 * Invariant: a cfg_t that passed cfg_validate() describes hardware every emitter, the C model
 * and the harness can build; they assert the same predicates rather than re-checking. */
#ifndef CACHEGEN_CFG_H
#define CACHEGEN_CFG_H

#include <stddef.h>
#include <stdio.h>

typedef enum { REPL_LRU, REPL_PLRU, REPL_SRRIP, REPL_FIFO, REPL_RANDOM } cfg_repl_t;
typedef enum { INDEX_MODULO, INDEX_XOR, INDEX_PRIC } cfg_index_t;
typedef enum { MODE_BASELINE, MODE_DECOUPLED, MODE_GCACHE, MODE_PCPRED, MODE_SACAT } cfg_mode_t;
/* The L2's policies: four of the L1's replacement policies and the policies over them (SPEC
 * 3.8; DRRIP: SRRIP's victim and hits, insertion by set dueling); cfg_l2_repl() maps each onto
 * the cfg_repl_t whose row state and hit, fill and victim rules it keeps. */
typedef enum {
    L2_REPL_LRU, L2_REPL_SRRIP, L2_REPL_DRRIP, L2_REPL_UCP, L2_REPL_TAP_RRIP, L2_REPL_TAP_UCP,
    L2_REPL_PLRU, L2_REPL_FIFO
} cfg_l2_repl_t;

typedef struct cfg_l1 {
    unsigned sets;          /* number of sets, power of two */
    unsigned size;          /* l1.size: bytes of data, 0 = not given; an alternative to sets,
                             * turned into sets by cfg_from_args (then 0 again) */
    unsigned sets_given;    /* l1.sets came from the user (YAML or --set), not a default or
                             * a preset: l1.size must then agree with it */
    unsigned ways;          /* associativity, 1..32 */
    unsigned line_bytes;    /* line size in bytes, power of two 16..256 */
    unsigned addr_bits;     /* byte-address width, up to 64 */
    unsigned pc_bits;       /* width of the request PC */
    unsigned id_bits;       /* transaction-id width */
    unsigned core_bits;     /* core-id width */
    unsigned mshrs;         /* outstanding reads */
    unsigned mshr_merge;    /* loads that may wait on one outstanding read (SPEC 3.1), 0..8 */
    cfg_repl_t repl;        /* replacement policy */
    unsigned rrpv_bits;     /* SRRIP re-reference prediction value width */
    unsigned random_seed;   /* random replacement: the LFSR's reset value, 1..65535 */
    cfg_index_t index;      /* set-index function */
    unsigned pric_poly;     /* PRIC modulus, bit k = coefficient of x^k; 0 = smallest usable */
    unsigned pric_top_bit;  /* highest address bit PRIC hashes; 0 = addr_bits - 1 */
    unsigned write_evict;   /* 1: a store hit invalidates instead of updating */
    unsigned counter_bits;  /* width of each performance counter */
    cfg_mode_t mode;        /* management mechanism */
    /* decoupled tag store (l1.mode = decoupled; l1.ways is then the data store's ways) */
    unsigned tag_ways;      /* tag-store ways, more than l1.ways */
    unsigned rc_bits;       /* saturating reference-count width */
    unsigned threshold;     /* locality threshold: RC at which a load gets a data line */
    unsigned duel_interval; /* SM-dueling controller: cycles per interval */
    unsigned duel_margin;   /* SM-dueling controller: margin in percentage points */
    /* G-Cache (l1.mode = gcache; SPEC 3.5) */
    unsigned gc_th_hot;     /* a way is hot when its RRPV is below this (victim bit 0) */
    unsigned gc_th_victim;  /* the same threshold when the returned victim bit is 1 */
    unsigned gc_bypass_age_every; /* M: the set ages on every M-th bypass of the set */
    unsigned gc_switch_reset_period; /* accepted requests between switch clears; 0 = never */
    /* PC-based bypass predictor (l1.mode = pcpred; SPEC 3.6) */
    unsigned pc_entries;    /* E: predictor table entries, power of two 2..4096 */
    unsigned pc_counter_bits; /* C: width of each saturating counter, 1..8 */
    unsigned pc_threshold;  /* a miss is predicted dead when counter >= this; < 2^C */
    unsigned pc_hash_shift; /* hash(PC) = XOR-fold of (PC >> shift) into log2(E) bits */
    /* sacat (SPEC 3.7): FG-CB's per-base-address table */
    unsigned fgcb_entries;      /* tracked base ids */
    unsigned fgcb_id_bits;      /* width of req_base_i, a load's base id */
    unsigned fgcb_counter_bits; /* width of each of an entry's four saturating counts */
    unsigned fgcb_window;       /* cycles after kernel_start in which entries sample */
    unsigned fgcb_n;            /* N: accesses that decide (must fit the counters) */
    unsigned fgcb_m;            /* M < N: more misses than this bypass */
} cfg_l1_t;

/* The system around the L1s: how many share the L2. */
typedef struct cfg_system {
    unsigned cores;         /* P: number of L1s behind the L2, each with its core id */
    unsigned cpu_cores;     /* C: CPU request ports into the L2 (SPEC 3.8), core ids P..P+C-1 */
    unsigned l2_slices;     /* S: L2 slices, 1..32, each an l2.* slice (core/slice.h) */
    cfg_index_t slice_index; /* which slice holds a line: modulo, xor or pric (2^k slices) */
} cfg_system_t;

/* The shared L2 slice (SPEC 3.2). Its line size and address width are the L1's. */
typedef struct cfg_l2 {
    unsigned sets;          /* number of sets, power of two */
    unsigned size;          /* l2.size, as l1.size */
    unsigned sets_given;    /* as cfg_l1.sets_given */
    unsigned ways;          /* associativity, 1..32 */
    cfg_l2_repl_t repl;     /* replacement policy */
    unsigned rrpv_bits;     /* SRRIP / DRRIP RRPV width */
    unsigned psel_bits;     /* DRRIP: width of each application's PSEL */
    unsigned duel_leaders;  /* DRRIP: L, leader sets per application and policy */
    unsigned umon_sets;     /* UCP: sets each application's UMON samples */
    unsigned umon_counter_bits; /* UCP: width of a UMON hit counter (16) */
    cfg_index_t index;      /* set-index function (PRIC hashes every address bit above b) */
    unsigned pric_poly;     /* PRIC modulus; 0 = smallest usable */
    unsigned mshrs;         /* outstanding line fetches */
    unsigned mshr_merge;    /* reads that may wait on one outstanding fetch (SPEC 3.1), 0..8 */
    unsigned victim_share;  /* Sv: L1s sharing one G-Cache victim bit; divides cores */
} cfg_l2_t;

/* The DWT-CS warp-throttling controller beside the system (l1.mode = sacat; SPEC 3.7). */
typedef struct cfg_dwt {
    unsigned inst_bits;     /* width of a core's instructions committed per cycle */
    unsigned warp_bits;     /* width of a core's warp limit */
    unsigned max_warps;     /* warps per scheduler unthrottled; < 2^warp_bits */
    unsigned period;        /* cycles per period */
    unsigned mpki_threshold; /* thrashing: L1 misses per 1000 instructions above this */
    unsigned detect_periods; /* N: consecutive thrashing periods that start sampling */
    unsigned sample_periods; /* M: periods of sampling */
    unsigned table_entries; /* remembered (kernel id, limit) pairs, FIFO */
} cfg_dwt_t;

/* The TAP family's period (SPEC 3.8): ucp's UMON halving and repartition, TAP's sampling;
 * TAP's core sampling and XSRATIO (l2.replacement = tap_rrip). */
typedef struct cfg_tap {
    unsigned period;        /* cycles per period, 1..2^31 */
    unsigned alpha;         /* cache-friendly: 100 x |I1 - I2| > alpha x max(I1, I2) */
    unsigned txs;           /* T_xs: XSRATIO = r when r >= T_xs, else 1 */
} cfg_tap_t;

#define CFG_NAME_MAX 48

/* The L1's AXI4 memory side (docs/ip.md "AXI4 memory side"): with enable, the generator adds
 * <name>_axi, the L1 behind an AXI4 master that reads lines as INCR bursts and writes stores
 * through, completed by B. */
typedef struct cfg_axi {
    unsigned enable;        /* 1: generate <name>_axi.v */
    unsigned data_bits;     /* AXI data width, power of two 32..1024, at most the line */
    unsigned id_bits;       /* AXI id width; reads carry the MSHR, so 2^id_bits >= l1.mshrs */
    unsigned max_writes;    /* writes outstanding at once (AW sent, B not yet back) */
} cfg_axi_t;

/* The SRAM arrays on a macro of the user's own (docs/ip.md "Your own SRAM macros"): with a
 * macro named, the generator adds <name>_sram, which tiles every array onto instances of it
 * (width and depth split, the write mask mapped to the macro's), and <name>_sram_model.v, a
 * behavioural stand-in of the macro as configured for simulation. */
enum { SRAM_MASK_BIT, SRAM_MASK_BYTE, SRAM_MASK_NONE };
enum { SRAM_PIN_CLK, SRAM_PIN_RE, SRAM_PIN_RADDR, SRAM_PIN_RDATA, SRAM_PIN_WE, SRAM_PIN_WADDR,
       SRAM_PIN_WDATA, SRAM_PIN_WMASK, SRAM_PINS };
typedef struct cfg_sram {
    char macro[CFG_NAME_MAX];      /* the macro's module name; "" = cachegen_sram_1r1w */
    unsigned width;                 /* the macro's data bits */
    unsigned depth;                 /* the macro's words, a power of two */
    unsigned mask;                  /* SRAM_MASK_*: a write-mask bit per bit, per byte, none */
    unsigned active_low;            /* 1: read enable, write enable and mask pins active low */
    char pin[SRAM_PINS][CFG_NAME_MAX]; /* the macro's port names, SRAM_PIN_* order */
} cfg_sram_t;

/* system.cpu_cores at most: 15 CPU ports + the GPU = 16 applications (core/app.h's
 * APP_MAX), so an L2 line's owner field is at most 4 bits. */
#define CFG_MAX_CPU_CORES 15u


typedef struct cfg {
    char name[CFG_NAME_MAX]; /* Verilog module prefix, lower_snake_case */
    cfg_l1_t l1;
    cfg_system_t sys;
    cfg_l2_t l2;
    cfg_dwt_t dwt;
    cfg_tap_t tap;
    cfg_axi_t axi;
    cfg_sram_t sram;
} cfg_t;

/* Fill `c` with every key's default. */
void cfg_defaults(cfg_t *c);

/* Load built-in preset `name` over defaults. Returns 0, or -1 with a message in err. */
int cfg_preset(cfg_t *c, const char *name, char *err, size_t errlen);

/* NULL-terminated list of preset names, and a one-line description of each. */
const char *const *cfg_preset_names(void);
const char *cfg_preset_summary(const char *name);

/* Set one key (dotted name, as in YAML) from its text value, checking its own range.
 * Returns 0, or -1 with "key = value: why; allowed ..." in err and `c` unchanged. */
int cfg_set(cfg_t *c, const char *key, const char *value, char *err, size_t errlen);
/* The same for a value of `len` bytes (a YAML scalar): a NUL among them is refused. */
int cfg_setn(cfg_t *c, const char *key, const char *value, size_t len, char *err,
             size_t errlen);

/* Check every key and every combination. Returns 0, or -1 with a message in err. */
int cfg_validate(const cfg_t *c, char *err, size_t errlen);
/* The configuration key of sram pin i (SRAM_PIN_*), e.g. "sram.pin_clk": the key table's row. */
const char *cfg_sram_pin_key(unsigned i);

/* Parse a YAML file into `c`: one document, a mapping of keys and of sections (l1, system, l2)
 * of keys, each key once, applied with cfg_setn. Work is bounded (1 MiB, nesting 8, aliases
 * never re-expanded; an alias cycle is an error). Returns 0, or -1 with a message naming the
 * file, line and key in err and `c` unchanged. */
int cfg_load_yaml(cfg_t *c, const char *path, char *err, size_t errlen);

/* The command-line way to a configuration, shared by cachegen and cachesim (cfg_args.c):
 * defaults, then a preset or a YAML file (at most one), then KEY=VALUE overrides in order,
 * then sizes into sets, then validation. Returns 0, or -1 with a message in err. */
int cfg_from_args(cfg_t *c, const char *config, const char *preset, const char *const *sets,
                  unsigned nsets, char *err, size_t errlen);

/* One --set argument, KEY=VALUE (a key of 1..63 characters; the value used whole), through
 * cfg_set. Returns 0, or -1 with a message in err and `c` unchanged. */
int cfg_set_arg(cfg_t *c, const char *arg, char *err, size_t errlen);

/* l1.size and l2.size (bytes, 0 = not given) into l1.sets and l2.sets = size / (ways x
 * line_bytes): a power of two in the sets key's range, agreeing with sets the user gave too
 * (sets_given); each size is 0 again. Returns 0, or -1 with a message in err. */
int cfg_sizes_to_sets(cfg_t *c, char *err, size_t errlen);

/* Write the keys of `c` that shape the design (cfg_shown_text), with resolved values, as
 * YAML that cfg_load_yaml reads back to a configuration generating the same design. */
void cfg_write_yaml(const cfg_t *c, FILE *f);

/* Print every key with its range, default and meaning. */
void cfg_print_help(FILE *f);
/* The same as a Markdown table (key, allowed, default, meaning), one row per key in table
 * order: the block docs/configuration.md holds between its keys-table markers. */
void cfg_print_markdown(FILE *f);

/* Text of one key's current value (for reports and headers); buf must hold 32 bytes. */
const char *cfg_value_text(const cfg_t *c, const char *key, char *buf, size_t len);

/* Iterate key names: returns NULL past the last. */
const char *cfg_key_name(unsigned i);
/* Key i's value as the design uses it, into buf (PRIC's modulus and top bit resolved from
 * their 0 = automatic), or NULL when the key does not shape the design under c: a key of
 * another mode (l1.tag_ways outside decoupled), of an unused policy or index (l1.rrpv_bits
 * without srrip, l1.pric_poly without pric) or of a feature that is off (l1.mshr_merge = 0).
 * The normalized configuration, file headers and reports list only these keys, so a key added
 * later with a default that keeps the old design changes no generated file. */
const char *cfg_shown_text(const cfg_t *c, unsigned i, char *buf, size_t len);

/* PRIC parameters in effect (defaults resolved) of a validated config with index pric:
 * the modulus, and the number of hashed line-address bits (address bits b .. top). */
unsigned long long cfg_pric_poly(const cfg_l1_t *l);
unsigned cfg_pric_hashed_bits(const cfg_l1_t *l);

/* The same for the L2 (index pric): the modulus in effect; it hashes every line-address bit. */
unsigned long long cfg_l2_pric_poly(const cfg_t *c);

/* The L2's replacement as the shared policy enum, one line per L2 policy (drrip and tap_rrip:
 * srrip, whose victim and hits they keep; ucp and tap_ucp: lru, which they partition). */
static inline cfg_repl_t cfg_l2_repl(const cfg_l2_t *l2)
{
    static const cfg_repl_t base[] = {
        [L2_REPL_LRU] = REPL_LRU,        [L2_REPL_SRRIP] = REPL_SRRIP,
        [L2_REPL_DRRIP] = REPL_SRRIP,    [L2_REPL_UCP] = REPL_LRU,
        [L2_REPL_TAP_RRIP] = REPL_SRRIP, [L2_REPL_TAP_UCP] = REPL_LRU,
        [L2_REPL_PLRU] = REPL_PLRU,      [L2_REPL_FIFO] = REPL_FIFO,
    };
    return base[l2->repl];
}
/* The L2's replacement as l2.replacement spells it. */
const char *cfg_l2_repl_name(const cfg_l2_t *l2);

/* The applications sharing the L2 (SPEC 3.8): C = system.cpu_cores CPU ports + 1 GPU. App k < C
 * is CPU port k (core id P + k on the L2's request), app C is the GPU (every L1). */
static inline unsigned cfg_l2_apps(const cfg_t *c) { return c->sys.cpu_cores + 1u; }
/* The application of an L2 requester by its core id: L1s 0..P-1 are the GPU's (app C), core id
 * P + k is CPU port k (app k). */
static inline unsigned cfg_l2_app_of(const cfg_t *c, unsigned core)
{
    return core >= c->sys.cores ? core - c->sys.cores : c->sys.cpu_cores;
}
/* The L2's requesters: P L1s and C CPU ports, each with its own core id. */
static inline unsigned cfg_l2_requesters(const cfg_t *c)
{
    return c->sys.cores + c->sys.cpu_cores;
}
/* l2.replacement = tap_ucp: TAP-UCP's rules over UCP's block (gen/emit_l2_ucp.c, the block
 * ucp and tap_ucp share). Which keys and rules a policy has is its row of core/cfg.c's
 * cfg_l2_pols; what it emits, models, checks and costs is its row of each layer's table. */
static inline int cfg_l2_tap_ucp(const cfg_t *c) { return c->l2.repl == L2_REPL_TAP_UCP; }

/* Largest l2.sets usable with PRIC (the moduli tables stop at degree PRIC_MAX_DEGREE). */
#define CFG_L2_PRIC_MAX_SETS 16384u

/* Modes the generator has RTL for (cachegen refuses the others; the C model runs them all). */
static inline int cfg_mode_has_rtl(cfg_mode_t m) { return m <= MODE_SACAT; } /* all have RTL */

/* Names of enum values, shared with reports and emitters. */
const char *cfg_repl_name(cfg_repl_t r);
/* Random replacement: one 16-bit Galois LFSR per L1 (x^16 + x^14 + x^13 + x^11 + 1), reset to
 * l1.random_seed, stepped once per fill that evicts; the victim is its low log2(ways) bits
 * (ceil), minus ways when that is not a way. */
#define CFG_LFSR_TAPS 0xB400u
static inline unsigned cfg_lfsr_next(unsigned s) { return (s >> 1) ^ ((s & 1u) ? CFG_LFSR_TAPS : 0u); }
static inline unsigned cfg_lfsr_way(unsigned s, unsigned ways)
{
    unsigned k = 0;
    while ((1u << k) < ways)
        k++;
    unsigned r = s & ((1u << k) - 1u);
    return r >= ways ? r - ways : r;
}
const char *cfg_index_name(cfg_index_t x);
const char *cfg_mode_name(cfg_mode_t m);

static inline unsigned cfg_log2(unsigned long long v)
{
    unsigned r = 0;
    while ((1ULL << r) < v)
        r++;
    return r;
}
/* Bits of a count 0..max (at least 1). */
static inline unsigned cfg_count_bits(unsigned max)
{
    unsigned cb = 1;
    while ((1u << cb) <= max)
        cb++;
    return cb;
}
static inline int cfg_is_pow2(unsigned long long v) { return v && !(v & (v - 1)); }

#endif
