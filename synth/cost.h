/* cost: the closed-form storage counts of synth/cost.c, computed from the configuration alone
 * (not through core/lay*.c, so that a layout and the RTL built from it are both checked against
 * an independent count), and the hooks each L1 mechanism (cost_mech.c) and each L2 policy
 * (cost_l2.c) plugs its own closed form into. cost.c names no mechanism and no policy: it adds
 * what the row of the configuration's l1.mode and l2.replacement count. */
#ifndef CACHEGEN_COST_H
#define CACHEGEN_COST_H

#include <jansson.h>
#include <stdio.h>

#include "../core/cfg.h"

/* The L1 of SPEC 3.1 and what its mechanism adds. */
typedef struct l1_closed {
    unsigned long long meta;   /* metadata SRAM bits (SPEC 3.1; decoupled: tags + state) */
    unsigned long long data;   /* data SRAM bits */
    unsigned long long mshr;   /* MSHR flop bits */
    unsigned long long pctbl;  /* PC predictor table flop bits (pcpred), else 0 */
} l1_closed_t;

/* The groups of the L2 policies' flops the cost check measures (cost_l2_groups), in check
 * order. */
enum { COST_L2_DRRIP, COST_L2_TAP, COST_L2_UCP, COST_L2_GROUPS };

/* The L2 slice of SPEC 3.2 and what its policy adds (the policy fields are 0 unless its hook
 * sets them; each is checked against the flops of the registers it names, cost.c). */
typedef struct l2_closed {
    unsigned v, b;             /* victim bits (P / Sv) and bypass bits (pcpred: 1) a way */
    unsigned o;                /* owner bits a way: log2(C + 1) with C CPU ports, else 0 */
    unsigned tag;              /* T2: the L2 tag bits */
    unsigned long long meta;   /* sets x ways x (valid + dirty + T2 + R2 + V + B + O) */
    unsigned long long victim; /* sets x ways x V, inside meta */
    unsigned long long bypass; /* sets x ways x B, inside meta */
    unsigned long long data;   /* sets x ways x 8 x line bytes */
    unsigned long long mshr;   /* mshrs x (valid + line + core + L1 MSHR number + write + byte
                                  enables + data + B) */
    unsigned long long counters; /* 8 performance counters x (l1.counter_bits + 1 strobe) */
    /* the policies' state, by measured group (cost_l2_groups): drrip, tap_rrip: apps x
     * l2.psel_bits + the 5-bit BRRIP counter (SPEC 3.8); tap_rrip, tap_ucp: TAP's counts (the
     * period's cycle, 20 bits for POL1, POL2, each app and the CPU maximum, the last cycle's
     * access and its app); ucp, tap_ucp: counters, snapshot, allocation, lookahead FSM, period
     * counter, ATD forwarding copy (tap_ucp: and its own flops) */
    unsigned long long pol[COST_L2_GROUPS];
    unsigned long long pol_sram; /* ucp, tap_ucp: apps x umon_sets x ways x (valid + rank + T2)
                                    ATD SRAM bits, counted with the metadata SRAM */
} l2_closed_t;

/* A group of the L2 policies' flops, measured in the synthesized L2 by register name and
 * checked against l2_closed_t.pol[i] (cost_l2.c's cost_l2_groups, in check order). */
typedef struct cost_l2_group {
    const char *what;            /* the check's name */
    const char *const *prefixes; /* registers <prefix>..._q (cost.c's named_flops), NULL-ended */
    const char *only_in;         /* only modules whose name ends so, or NULL: any module */
    const char *not_in;          /* no module whose name ends so, or NULL */
} cost_l2_group_t;
extern const cost_l2_group_t cost_l2_groups[COST_L2_GROUPS];
/* The policies' SRAMs within the metadata: instances whose name holds `cell`, checked as
 * `what` against l2_closed_t.pol_sram. */
extern const struct cost_l2_sram { const char *what, *cell; } cost_l2_sram;

/* Bits to hold v, at least 1. */
unsigned cost_bit_length(unsigned long long v);

/* An L1 mechanism's closed forms (one row per l1.mode, cost_mech.c). `l1`: adds its storage to
 * the baseline's counts in k (tag: the L1 tag bits; repl, plru: replacement bits per way and
 * per set), printing its parts, or NULL; `beside`: its controller top <name>_<beside> (as
 * lay_mech's), `beside_what` the check's name of that top's storage, `beside_bits` its closed
 * form, printing its parts. */
typedef struct cost_mech {
    void (*l1)(const cfg_t *c, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k);
    const char *beside_what;
    unsigned long long (*beside_bits)(const cfg_t *c);
} cost_mech_t;
const cost_mech_t *cost_mech(cfg_mode_t m);

/* An L2 policy's closed form (one row per l2.replacement, cost_l2.c): sets its fields of k
 * (k's baseline fields, tag and o included, already filled), printing its parts; NULL when the
 * policy keeps no state beyond the row's replacement bits. */
typedef void cost_l2_pol_fn(const cfg_t *c, l2_closed_t *k);
cost_l2_pol_fn *cost_l2_pol(cfg_l2_repl_t r);

/* The policies' closed forms, each in its own file, shared where a policy builds on another
 * (tap_rrip is DRRIP with TAP's controller, tap_ucp UCP with it). */
cost_l2_pol_fn cost_l2_drrip, cost_l2_ucp, cost_l2_tap_rrip, cost_l2_tap_ucp, cost_l2_tap_counts;

/* The mechanisms' closed forms, each in its mechanism's file. */
void cost_dec_l1(const cfg_t *c, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k);
unsigned long long cost_duel_bits(const cfg_t *c);
void cost_pcpred_l1(const cfg_t *c, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k);
void cost_sacat_l1(const cfg_t *c, unsigned tag, unsigned repl, unsigned plru, l1_closed_t *k);
unsigned long long cost_dwt_bits(const cfg_t *c);

/* The user's SRAM macro as its Liberty gives it (cost_liberty.c; sram.macro). Its area is in the
 * library's area unit, which the cost flow takes to be um^2, the unit of the project's cells
 * (synth/liberty.sh: NAND2_X1 = 0.798 um^2 = one GE). */
#define COST_LIB_NAME 64
#define COST_LIB_PINS 64
typedef struct cost_lib_pin {
    char name[COST_LIB_NAME];  /* pin or bus name (a pin "q[3]" counts towards the bus "q") */
    char direction[16];        /* input, output, inout; "" if not given */
    int width;                 /* bits; -1: a bus whose bus_type the library does not define */
    int clock;                 /* 1: clock : true */
} cost_lib_pin_t;
typedef struct cost_macro_lib {
    double area;               /* the cell's area attribute (assumed um^2) */
    int has_area;              /* 1: the cell gives one */
    double min_period_ns;      /* the largest minimum period of its pins (min_period, or a timing
                                  group of timing_type minimum_period), ns; 0: not given */
    char period_pin[COST_LIB_NAME]; /* the pin that gives it */
    int npins;
    cost_lib_pin_t pins[COST_LIB_PINS];
} cost_macro_lib_t;
/* Reads cell `cell` of the Liberty file `path` into m. Returns 0; -1 when the file cannot be
 * read, -2 when it has no such cell, -3 when it is not Liberty as far as read; err says which,
 * naming the file. */
int cost_liberty_macro(const char *path, const char *cell, cost_macro_lib_t *m, char *err,
                       size_t errlen);
/* The pin or bus of m named `name`, or NULL. */
const cost_lib_pin_t *cost_liberty_pin(const cost_macro_lib_t *m, const char *name);

/* An output on the user's own macro (cost_macro.c): the Liberty's cell, the wrapper's names and
 * the totals over the arrays. */
typedef struct cost_user {
    const cfg_t *cfg;
    cost_macro_lib_t lib;
    char wrapper[CFG_NAME_MAX + 8];  /* <name>_sram */
    char hdlname[CFG_NAME_MAX + 8];  /* \<name>_sram, a derived copy's hdlname in Yosys JSON */
    unsigned long long macros;       /* macro instances in the top */
    unsigned long long macro_bits;   /* their words x bits */
    unsigned long long array_bits;   /* the arrays' Width x Depth they hold */
    double wrapper_ge;               /* the wrappers' gates and flops, GE (counted as logic) */
    unsigned long long wrapper_flops;
    json_t *checked;                 /* wrapper modules whose tiling was checked */
} cost_user_t;
/* One array (an instance of the wrapper) on the macro. */
typedef struct cost_user_array {
    unsigned long long width, depth; /* the array's Width and Depth */
    unsigned long long cols, rows;   /* its tiling: ceil(Width / sram.width) columns,
                                        ceil(Depth / sram.depth) rows */
    unsigned long long macros;       /* macros in the synthesized wrapper */
    unsigned long long macro_bits;   /* macros x sram.depth x sram.width */
    double area_um2;                 /* macros x the cell's area */
} cost_user_array_t;
/* Reads the macro's cell from `lib` and checks it against c (area, pins, widths). Returns 0, -1
 * with the reason in err. */
int cost_user_load(cost_user_t *u, const cfg_t *c, const char *lib, char *err, size_t n);
void cost_user_free(cost_user_t *u);
/* 1 if module `type` of the Yosys JSON `modules` is the wrapper <name>_sram (or a derived copy). */
int cost_user_is_wrapper(const cost_user_t *u, json_t *modules, const char *type);
/* Fills a from the wrapper module `type`; the first time a shape is seen, checks its macros
 * against its tiling and its bits, printing each check. Returns the number of failed checks. */
int cost_user_array(cost_user_t *u, json_t *modules, const char *type, cost_user_array_t *a);
/* Adds `inst` copies of array a to the totals. */
void cost_user_add(cost_user_t *u, const cost_user_array_t *a, unsigned long long inst);
/* The cost JSON's "user_sram" object; `nand2_um2`: one GE. */
json_t *cost_user_json(const cost_user_t *u, double nand2_um2);
/* The Markdown section of a design's "user_sram", if it has one. */
void cost_user_md(FILE *md, json_t *design);
/* cost sram-lib OUTDIR LIB (cost_macro.c's header). */
int cost_sram_lib(int argc, char **argv);

#endif
