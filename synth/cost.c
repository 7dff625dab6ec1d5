/* cost: turns a Yosys synthesis and OpenSTA timing of a generated cache (synth/synth.sh) into
 * area, storage, depth and period, per structure, and checks the storage against the
 * closed-form count of the configuration.
 *
 *   cost one [--depth-budget N] [--allow-depth] OUTDIR SYNDIR COST.json [TOP [L1.cost.json L2.cost.json]]
 *       one design: cell areas from the project's Liberty models (SYNDIR/cells.lib, sram.lib:
 *       synth/liberty.sh, where the published figures they come from are cited) in NAND2_X1
 *       equivalents (GE), flop and SRAM bits, SRAM area by macro, logic depth with the deepest
 *       path into each end point (register, SRAM macro pin, output port) and where it starts,
 *       and from SYNDIR/sta.log the minimum clock period and the critical path stage by stage;
 *       storage bits checked against the closed form of the configuration (OUTDIR/config.yaml)
 *       for the L1 and for TOP, another generated top: <name>_l2 (the L2 slice: metadata rows
 *       with victim and bypass bits, data, MSHRs, counters), <name>_sys (per part: P L1s, the
 *       L2 and the arbiter; with the cost JSONs of the L1 and the L2 synthesized alone, also
 *       that the system's flop and SRAM bits are P times the L1's plus the L2's plus the
 *       arbiter's), <name>_duel (the SM-dueling controller's counts, timer and setting) and
 *       <name>_dwt (the DWT-CS controller's counts, table, timer, state and limit); the depth
 *       of every stage (the deepest path into each end point) against the stage budget
 *       (DEPTH_BUDGET_LEVELS, --depth-budget N or the environment's DEPTH_BUDGET), each stage
 *       over it named in words with its levels, start and end (JSON "depth_budget"), a failed
 *       check unless --allow-depth or DEPTH_BUDGET_OK=1; and the period against the slowest SRAM
 *       macro's own minimum cycle, flagged (a report, not a check) when more than
 *       MACRO_PERIOD_MARGIN above it (JSON "macro_period")
 *   cost compare COST.json BASE.json PREFIX [NOISE.json]
 *       PREFIX.json / PREFIX.md (design beside its baseline, with deltas, each against the
 *       measured noise band of NOISE.json: synth/noise.sh) and PREFIX.dat / .gp (gnuplot
 *       chart of the area delta by structure, linear scale)
 *   cost bench REPORT.json LABEL
 *       one BENCHMARKS.md row from a cost_report.json (or from one COST.json: a top the
 *       baseline does not have, such as the SM-dueling and DWT-CS controllers)
 *   cost row COST.json
 *       one Markdown table row of a design (synth/tops.sh)
 *   cost noise OUT.json SOURCE REF.json PERTURBED.json [REF.json PERTURBED.json...]
 *       the noise bands: per quantity the largest |perturbed - reference| (synth/noise.sh)
 *   cost sram-lib OUTDIR LIB
 *       the user's Liberty checked for OUTDIR's own macro (sram.macro): cost_macro.c
 *
 * An output on the user's own SRAM macro (sram.macro) is costed with the macro's cell from
 * SYNDIR/sram_user.lib (cost_macro.c): each array's bits are its wrapper's Width x Depth for
 * the closed-form checks, its area the macros' (JSON "user_sram", and per array in
 * "sram_macros"), the wrapper's gates and flops count as logic.
 *
 * Depth stays beside the period: STA gives nanoseconds on one path, the depth walk gives the
 * longest path in gate levels per structure, the unit SPEC 3's 30-level stage budget is in.
 * Both are estimates for comparing designs with each other, not sign-off numbers.
 * Exit status: 0, 1 on a failed check, 2 on bad input, 3 (cost one) when the only failed check
 * is the depth budget (the cost JSON is complete: report.sh still writes its report). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/cfg.h"
#include "../core/lay.h"
#include "cost.h"

#define SRAM_CELL "cachegen_sram_1r1w"
#define STA_CLOCK_NS 10.0 /* the clock sta.sh constrains; period = clock - worst slack */
#define MAX_LIB_CELLS 256
#define MAX_MACROS 64
#define MAX_STAGES 512
/* SPEC 3 and 5: at most 30 levels of 2-input gates per pipeline stage (between flops and SRAM
 * ports); --depth-budget N or DEPTH_BUDGET=N sets another for one run. */
#define DEPTH_BUDGET_LEVELS 30
/* SPEC 5: a top's period within 15% of its slowest SRAM macro's own minimum cycle. */
#define MACRO_PERIOD_MARGIN 0.15

typedef struct lib_cell {
    char name[96];
    double area;        /* um^2 */
    int flop;           /* 1: a storage bit (an ff group), a cut point for depth */
    double min_period;  /* ns, SRAM macros: their own minimum cycle; 0 if none */
} lib_cell_t;

static lib_cell_t lib[MAX_LIB_CELLS];
static int nlib;
static double nand2_um2; /* NAND2_X1 area: one GE */

/* Reads the cells of a Liberty file written by liberty.sh: name, area, ff group and minimum
 * period. Returns 0, -1 if the file cannot be read or holds no cell. */
static int lib_load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    lib_cell_t *cur = NULL;
    int before = nlib, want_period = 0;
    while (fgets(line, sizeof line, f)) {
        char name[96];
        double v;
        if (sscanf(line, " cell (%95[^)])", name) == 1 && nlib < MAX_LIB_CELLS) {
            cur = &lib[nlib++];
            memset(cur, 0, sizeof *cur);
            snprintf(cur->name, sizeof cur->name, "%s", name);
        } else if (cur && sscanf(line, " area : %lf", &v) == 1) {
            cur->area = v;
        } else if (cur && strstr(line, " ff (")) {
            cur->flop = 1;
        } else if (cur && strstr(line, "timing_type : minimum_period")) {
            want_period = 1;
        } else if (cur && want_period && sscanf(line, " rise_constraint (scalar) { values (\"%lf", &v) == 1) {
            cur->min_period = v;
            want_period = 0;
        }
    }
    fclose(f);
    for (int i = 0; i < nlib; i++)
        if (!strcmp(lib[i].name, "NAND2_X1"))
            nand2_um2 = lib[i].area;
    return nlib > before ? 0 : -1;
}

static const lib_cell_t *lib_cell(const char *name)
{
    for (int i = 0; i < nlib; i++)
        if (!strcmp(lib[i].name, name))
            return &lib[i];
    return NULL;
}

/* The structures a report breaks the design into. */
enum { ST_META_SRAM, ST_DATA_SRAM, ST_META_LOGIC, ST_MSHR, ST_INDEX, ST_PCTBL, ST_CONTROL,
       ST_COUNT };
static const char *const st_names[ST_COUNT] = {
    "metadata rows (SRAM)", "data lines (SRAM)", "lookup and replacement logic",
    "MSHR file", "set-index network", "PC predictor table (flops)",
    "controller, request/response registers, counters"};
static const char *const st_keys[ST_COUNT] = {"meta_sram", "data_sram", "meta_logic",
                                              "mshr", "index", "pctbl", "control"};

typedef struct structure {
    double ge;                 /* logic and flops, or SRAM area */
    unsigned long long flops;  /* flop bits */
    unsigned long long sram;   /* SRAM bits */
    int depth;                 /* longest combinational path inside, in gate levels */
} structure_t;

static int fail_count;

static void check(int ok, const char *what, unsigned long long got, unsigned long long want)
{
    if (ok) {
        printf("cost: check ok: %s = %llu\n", what, got);
    } else {
        printf("cost: CHECK FAILED: %s = %llu, closed form %llu\n", what, got, want);
        fail_count++;
    }
}

/* ---- closed forms ------------------------------------------------------------------------ */

unsigned cost_bit_length(unsigned long long v)
{
    unsigned n = 1;
    while (n < 64 && (v >> n) != 0)
        n++;
    return n;
}

/* The L1 of SPEC 3.1 and what its mechanism adds (cost_mech.c); the mechanism prints its
 * parts. */
static void l1_closed_form(const cfg_t *cf, l1_closed_t *k)
{
    const cfg_l1_t *c = &cf->l1;
    unsigned b = cfg_log2(c->line_bytes), m = cfg_log2(c->sets);
    unsigned tag = c->addr_bits - b - m;
    unsigned repl = lay_repl_way_bits(c->repl, c->ways, c->rrpv_bits);
    unsigned plru = lay_repl_set_bits(c->repl, c->ways);
    k->meta = (unsigned long long)c->sets * (c->ways * (1 + tag + repl) + plru);
    k->data = (unsigned long long)c->sets * c->ways * c->line_bytes * 8;
    k->mshr = (unsigned long long)c->mshrs * (1 + (c->addr_bits - b) + c->id_bits);
    if (c->mshr_merge) { /* SPEC 3.1 merging: per MSHR a waiter count and W waiter ids */
        k->mshr += (unsigned long long)c->mshrs *
                   (cfg_count_bits(c->mshr_merge) + c->mshr_merge * c->id_bits);
    }
    k->pctbl = 0;
    const cost_mech_t *mech = cost_mech(c->mode);
    if (mech->l1) /* what the mechanism adds, or replaces (the decoupled row) */
        mech->l1(cf, tag, repl, plru, k);
}

/* The L2 slice of SPEC 3.2 with the G-Cache victim bits of 3.5 and the bypass bit of 3.6, and
 * what its policy keeps (cost_l2.c), which prints its parts. */
static void l2_closed_form(const cfg_t *c, l2_closed_t *k)
{
    const cfg_l2_t *l2 = &c->l2;
    unsigned b = cfg_log2(c->l1.line_bytes), line = c->l1.addr_bits - b;
    unsigned tag = line - cfg_log2(l2->sets);
    k->tag = tag;
    unsigned repl = lay_repl_way_bits(cfg_l2_repl(l2), l2->ways, l2->rrpv_bits);
    unsigned l1_mshr = c->l1.mshrs > 1 ? cfg_log2(c->l1.mshrs) : 1; /* an L1 MSHR number */
    unsigned long long lines = (unsigned long long)l2->sets * l2->ways;
    k->v = c->sys.cores / l2->victim_share;
    k->b = lay_mech(c->l1.mode)->l2_bypass_bit;
    k->o = 0; /* SPEC 3.8: an owner application of C + 1, ceil(log2) bits */
    while (c->sys.cpu_cores && (1u << k->o) < c->sys.cpu_cores + 1)
        k->o++;
    k->meta = lines * (2 + tag + repl + k->v + k->b + k->o);
    k->victim = lines * k->v;
    k->bypass = lines * k->b;
    k->data = lines * c->l1.line_bytes * 8;
    k->mshr = (unsigned long long)l2->mshrs *
              (1 + line + c->l1.core_bits + l1_mshr + 1 + c->l1.line_bytes +
               8ULL * c->l1.line_bytes + k->b +
               lay_mech(c->l1.mode)->l2_noalloc); /* SPEC 3.7: a read's no_allocate */
    if (l2->mshr_merge) /* merging: per MSHR a waiter count and W waiters {core, L1 MSHR} */
        k->mshr += (unsigned long long)l2->mshrs *
                   (cfg_count_bits(l2->mshr_merge) + l2->mshr_merge * (c->l1.core_bits + l1_mshr));
    /* counted a cycle after the event: a strobe flop each; merged only with merging */
    k->counters = (8ULL + (l2->mshr_merge > 0)) * (c->l1.counter_bits + 1);
    memset(k->pol, 0, sizeof k->pol);
    k->pol_sram = 0;
    cost_l2_pol_fn *pol = cost_l2_pol(l2->repl);
    if (pol) /* what the policy keeps beyond the row's replacement bits */
        pol(c, k);
    if (k->o)
        printf("cost: closed form: L2 rows %llu x %u ways x (2 + tag %u + replacement %u + victim "
               "%u + bypass %u + owner %u) = %llu bits, of them owner bits %llu\n",
               (unsigned long long)l2->sets, l2->ways, tag, repl, k->v, k->b, k->o, k->meta,
               lines * k->o);
    else
        printf("cost: closed form: L2 rows %llu x %u ways x (2 + tag %u + replacement %u + "
               "victim %u + bypass %u) = %llu bits, of them victim bits %llu, bypass bits %llu\n",
               (unsigned long long)l2->sets, l2->ways, tag, repl, k->v, k->b, k->meta,
               k->victim, k->bypass);
    /* the replacement's per-set state after the ways (core/lay_l2.h S2; tree-PLRU: ways - 1) */
    unsigned rset = lay_repl_set_bits(cfg_l2_repl(l2), l2->ways);
    if (rset) {
        k->meta += (unsigned long long)l2->sets * rset;
        printf("cost: closed form: L2 replacement state %llu sets x %u bits = %llu bits, rows "
               "with it %llu bits\n", (unsigned long long)l2->sets, rset,
               (unsigned long long)l2->sets * rset, k->meta);
    }
}

/* The system's own storage (SPEC 3.2), nothing with one requester (an L1, or with
 * system.cpu_cores = C also the C CPU ports of SPEC 3.8: P + C requesters, the grant and the
 * core id log2(P + C) bits): the round robin's last grant, and
 * the request slice's two entries, each a valid bit and a request: store, line address, the L1
 * MSHR number (one bit with one MSHR), byte enables, data, the core and the bypass prediction.
 * The prediction is 0 but for the PC predictor, and the one MSHR's number always 0, yet both
 * come from flops of the L1's memory queue that Yosys keeps, so the slice keeps them too. */
static unsigned long long arbiter_closed_form(const cfg_t *c)
{
    unsigned P = c->sys.cores + c->sys.cpu_cores;
    if (P == 1)
        return 0;
    const cfg_l1_t *l1 = &c->l1;
    unsigned pb = cfg_log2(P);
    unsigned long long req = 1 + (l1->addr_bits - cfg_log2(l1->line_bytes)) +
                             (l1->mshrs > 1 ? cfg_log2(l1->mshrs) : 1) + l1->line_bytes +
                             8ULL * l1->line_bytes + pb + 1;
    return pb + 2 * (1 + req);
}

static double num(json_t *o, const char *k) { return json_number_value(json_object_get(o, k)); }

static int die(const char *msg, const char *arg)
{
    fprintf(stderr, "cost: error: %s%s\n", msg, arg ? arg : "");
    return 2;
}

static int suffix_is(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* ---- longest combinational path ---------------------------------------------------------- */

typedef struct depth_ctx {
    int nbits;
    int *driver_cell;  /* bit -> index into cells[] of the gate driving it, -1 if none */
    json_t **cells;    /* gate cells */
    int *level;        /* -1 unknown, -2 on the stack */
    int *pred;         /* bit -> the input bit of its driver with the highest level, -1 if none */
    int loop;
} depth_ctx_t;

static int bit_id(json_t *b) { return json_is_integer(b) ? (int)json_integer_value(b) : -1; }

static int level_of(depth_ctx_t *d, int bit)
{
    if (bit < 0 || bit >= d->nbits || d->driver_cell[bit] < 0)
        return 0;
    if (d->level[bit] >= 0)
        return d->level[bit];
    if (d->level[bit] == -2) {
        d->loop = 1;
        return 0;
    }
    d->level[bit] = -2;
    json_t *cell = d->cells[d->driver_cell[bit]];
    json_t *dirs = json_object_get(cell, "port_directions");
    json_t *conns = json_object_get(cell, "connections");
    const char *port;
    json_t *bits;
    int best = 0, from = -1;
    json_object_foreach(conns, port, bits) {
        const char *dir = json_string_value(json_object_get(dirs, port));
        if (!dir || strcmp(dir, "input") != 0)
            continue;
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int l = level_of(d, bit_id(b));
            if (l > best || from < 0)
                best = l, from = bit_id(b);
        }
    }
    d->pred[bit] = from;
    d->level[bit] = best + 1;
    return best + 1;
}

/* The netlist names of every bit of a module, as Yosys gives them: per bit the first net in
 * `netnames` order without '$' (a name the RTL gave) that holds it, and the first such net
 * named as a register (`_q`, STYLE.md), which names a flop better than an alias of it does. */
typedef struct net_names {
    int nbits;
    const char **net;  /* bit -> that net's name (owned by the module JSON), NULL if none */
    int *index;        /* bit -> its position in the net, -1 if the net is one bit wide */
    const char **reg;  /* bit -> the first such net ending in _q, NULL if none */
    int *reg_index;    /* bit -> its position in that net, -1 if one bit wide */
} net_names_t;

static int net_names_build(net_names_t *nn, json_t *module, int nbits)
{
    nn->nbits = nbits;
    nn->net = calloc((size_t)nbits, sizeof *nn->net);
    nn->index = malloc(sizeof(int) * (size_t)nbits);
    nn->reg = calloc((size_t)nbits, sizeof *nn->reg);
    nn->reg_index = malloc(sizeof(int) * (size_t)nbits);
    if (!nn->net || !nn->index || !nn->reg || !nn->reg_index)
        return -1;
    const char *name;
    json_t *net;
    json_object_foreach(json_object_get(module, "netnames"), name, net) {
        if (strchr(name, '$'))
            continue;
        json_t *bits = json_object_get(net, "bits");
        int wide = json_array_size(bits) > 1, is_reg = suffix_is(name, "_q");
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int id = bit_id(b);
            if (id < 0 || id >= nbits)
                continue;
            if (!nn->net[id])
                nn->net[id] = name, nn->index[id] = wide ? (int)i : -1;
            if (is_reg && !nn->reg[id])
                nn->reg[id] = name, nn->reg_index[id] = wide ? (int)i : -1;
        }
    }
    return 0;
}

static void net_names_free(net_names_t *nn)
{
    free(nn->net);
    free(nn->index);
    free(nn->reg);
    free(nn->reg_index);
}

/* The name of net bit `bit` ("net" or "net[i]"), NULL if no net without '$' holds it. */
static const char *bit_name(const net_names_t *nn, int bit, char *buf, size_t cap)
{
    if (bit < 0 || bit >= nn->nbits || !nn->net[bit])
        return NULL;
    if (nn->index[bit] < 0)
        snprintf(buf, cap, "%s", nn->net[bit]);
    else
        snprintf(buf, cap, "%s[%d]", nn->net[bit], nn->index[bit]);
    return buf;
}

/* The register a flop output bit belongs to: its `_q` net, else its first net (bit_name);
 * NULL if no net without '$' holds it. With `index`, the bit's position there (-1: 1 bit). */
static const char *reg_name(const net_names_t *nn, int bit, int *index)
{
    if (bit < 0 || bit >= nn->nbits)
        return NULL;
    int q = nn->reg[bit] != NULL;
    if (index)
        *index = q ? nn->reg_index[bit] : nn->index[bit];
    return q ? nn->reg[bit] : nn->net[bit];
}

/* ---- critical path per end point --------------------------------------------------------- */

/* An end point group: a register (its flops' output net, bit index dropped), an SRAM macro
 * input pin (<instance>.<pin>) or a top-level output port, with its deepest path. */
typedef struct end_group {
    char name[256];  /* register, <instance>.<pin> or port */
    int bit;         /* the end bit its deepest path reaches */
    int levels;      /* gate levels on that path, >= 1 */
} end_group_t;

/* Where the non-gate cells' outputs (flops, SRAM macros) come from: starts of paths. */
typedef struct source {
    const char *cell;  /* instance name (owned by the module JSON) */
    const char *port;  /* its output pin */
    int index;         /* the bit of the pin, -1 if the pin is one bit wide */
    int flop;          /* 1: a flop's output, named by its net */
} source_t;

typedef struct stage_ctx {
    depth_ctx_t *d;
    const net_names_t *nn;
    source_t *src;       /* bit -> the non-gate cell pin driving it, cell NULL if none */
    end_group_t *group;  /* the groups, in order of first sight */
    int ngroups, cap;
    json_t *by_name;     /* group name -> index into group[] */
} stage_ctx_t;

/* Counts end bit `bit` into group `name` if its path is deeper than the group's so far. */
static int stage_end(stage_ctx_t *s, const char *name, int bit)
{
    int l = level_of(s->d, bit);
    if (l < 1)
        return 0; /* no gate between start and end: not a path the report names */
    json_t *k = json_object_get(s->by_name, name);
    if (k) {
        end_group_t *g = &s->group[json_integer_value(k)];
        if (l > g->levels)
            g->levels = l, g->bit = bit;
        return 0;
    }
    if (s->ngroups == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        end_group_t *grown = realloc(s->group, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        s->group = grown, s->cap = cap;
    }
    end_group_t *g = &s->group[s->ngroups];
    snprintf(g->name, sizeof g->name, "%s", name);
    g->bit = bit, g->levels = l;
    json_object_set_new(s->by_name, name, json_integer(s->ngroups++));
    return 0;
}

/* The name of the start of the deepest path into `bit`: walks the pred chain back to a bit no
 * gate drives (a flop or SRAM output, a top-level input) or to a gate of constants. */
static const char *stage_start(stage_ctx_t *s, int bit, char *buf, size_t cap)
{
    int b = bit;
    for (int n = 0; s->d->pred[b] >= 0 && n < s->d->nbits; n++)
        b = s->d->pred[b];
    if (s->d->driver_cell[b] >= 0)
        return "constant"; /* the first gate's inputs are all constants */
    const source_t *o = &s->src[b];
    if (o->cell && !o->flop) {
        if (o->index < 0)
            snprintf(buf, cap, "%s.%s", o->cell, o->port);
        else
            snprintf(buf, cap, "%s.%s[%d]", o->cell, o->port, o->index);
        return buf;
    }
    int index;
    const char *reg = o->flop ? reg_name(s->nn, b, &index) : NULL;
    if (reg) {
        if (index < 0)
            snprintf(buf, cap, "%s", reg);
        else
            snprintf(buf, cap, "%s[%d]", reg, index);
        return buf;
    }
    if (bit_name(s->nn, b, buf, cap))
        return buf;
    if (o->cell)
        snprintf(buf, cap, "%s.%s", o->cell, o->port);
    else
        snprintf(buf, cap, "bit %d", b);
    return buf;
}

static int group_cmp(const void *pa, const void *pb)
{
    const end_group_t *a = pa, *b = pb;
    if (a->levels != b->levels)
        return a->levels > b->levels ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* The deepest path into each end point group of `module` (levels already walked in `d`),
 * appended to `out` as {end, start, levels}, deepest first, then by end name. Returns 0, -1
 * when out of memory (then `out` holds nothing new). */
static int stage_paths(json_t *module, depth_ctx_t *d, const net_names_t *nn, json_t *out)
{
    stage_ctx_t s = {0};
    s.d = d, s.nn = nn;
    s.src = calloc((size_t)d->nbits, sizeof *s.src);
    s.by_name = json_object();
    if (!s.src || !s.by_name)
        goto fail;
    const char *cname;
    json_t *cell;
    json_object_foreach(json_object_get(module, "cells"), cname, cell) {
        const lib_cell_t *g = lib_cell(json_string_value(json_object_get(cell, "type")));
        if (g && !g->flop)
            continue; /* a gate: inside paths */
        json_t *dirs = json_object_get(cell, "port_directions");
        json_t *conns = json_object_get(cell, "connections");
        const char *port;
        json_t *bits;
        char reg[256] = "";
        json_object_foreach(conns, port, bits) {
            const char *dir = json_string_value(json_object_get(dirs, port));
            if (!dir || strcmp(dir, "output") != 0)
                continue;
            size_t i;
            json_t *b;
            json_array_foreach(bits, i, b) {
                int id = bit_id(b);
                if (id < 0 || id >= d->nbits)
                    continue;
                source_t *o = &s.src[id];
                o->cell = cname, o->port = port, o->flop = g != NULL;
                o->index = json_array_size(bits) == 1 ? -1 : (int)i;
                if (g && !reg[0] && reg_name(nn, id, NULL)) /* a flop: its register */
                    snprintf(reg, sizeof reg, "%s", reg_name(nn, id, NULL));
            }
        }
        json_object_foreach(conns, port, bits) {
            const char *dir = json_string_value(json_object_get(dirs, port));
            if (!dir || strcmp(dir, "input") != 0)
                continue;
            char name[256];
            size_t i;
            json_t *b;
            json_array_foreach(bits, i, b) {
                int id = bit_id(b);
                if (g && reg[0])
                    snprintf(name, sizeof name, "%s", reg);
                else if (g && id >= 0 && id < nn->nbits && nn->net[id]) /* output unnamed: */
                    snprintf(name, sizeof name, "%s", nn->net[id]);     /* the input's net */
                else
                    snprintf(name, sizeof name, "%s.%s", cname, port);
                if (stage_end(&s, name, id) != 0)
                    goto fail;
            }
        }
    }
    const char *pname;
    json_t *p;
    json_object_foreach(json_object_get(module, "ports"), pname, p) {
        const char *dir = json_string_value(json_object_get(p, "direction"));
        if (!dir || strcmp(dir, "output") != 0)
            continue;
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(p, "bits"), i, b) {
            if (stage_end(&s, pname, bit_id(b)) != 0)
                goto fail;
        }
    }
    qsort(s.group, (size_t)s.ngroups, sizeof *s.group, group_cmp);
    for (int i = 0; i < s.ngroups; i++) {
        char buf[512];
        const char *start = stage_start(&s, s.group[i].bit, buf, sizeof buf);
        json_array_append_new(out, json_pack("{s:s, s:s, s:i}", "end", s.group[i].name, "start",
                                             start, "levels", s.group[i].levels));
    }
    free(s.src);
    free(s.group);
    json_decref(s.by_name);
    return 0;
fail:
    json_array_clear(out);
    free(s.src);
    free(s.group);
    json_decref(s.by_name);
    return -1;
}

/* Longest path through gate cells of `module`; flops, SRAMs and submodule instances cut it.
 * Sets *loop on a combinational cycle. With `path`, stores there the named nets along one
 * longest path, from its start to its end (JSON array of {net, level}); with `stages`, the
 * deepest path into each end point (stage_paths). On a loop neither is filled. */
static int module_depth_path(json_t *module, int *loop, json_t *path, json_t *stages)
{
    json_t *cells = json_object_get(module, "cells");
    int maxbit = 0;
    const char *name;
    json_t *cell;
    json_object_foreach(cells, name, cell) {
        const char *port;
        json_t *bits;
        json_object_foreach(json_object_get(cell, "connections"), port, bits) {
            size_t i;
            json_t *b;
            json_array_foreach(bits, i, b) if (bit_id(b) > maxbit) maxbit = bit_id(b);
        }
    }
    json_t *port;
    json_object_foreach(json_object_get(module, "ports"), name, port) { /* port-only bits */
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(port, "bits"), i, b) {
            if (bit_id(b) > maxbit)
                maxbit = bit_id(b);
        }
    }
    depth_ctx_t d = {0};
    d.nbits = maxbit + 1;
    d.driver_cell = malloc(sizeof(int) * (size_t)d.nbits);
    d.level = malloc(sizeof(int) * (size_t)d.nbits);
    d.pred = malloc(sizeof(int) * (size_t)d.nbits);
    d.cells = malloc(sizeof(json_t *) * (json_object_size(cells) + 1));
    for (int i = 0; i < d.nbits; i++)
        d.driver_cell[i] = -1, d.level[i] = -1, d.pred[i] = -1;
    int n = 0;
    json_object_foreach(cells, name, cell) {
        const lib_cell_t *g = lib_cell(json_string_value(json_object_get(cell, "type")));
        if (!g || g->flop)
            continue;
        d.cells[n] = cell;
        json_t *dirs = json_object_get(cell, "port_directions");
        const char *port;
        json_t *bits;
        json_object_foreach(json_object_get(cell, "connections"), port, bits) {
            const char *dir = json_string_value(json_object_get(dirs, port));
            if (dir && !strcmp(dir, "output")) {
                size_t i;
                json_t *b;
                json_array_foreach(bits, i, b) if (bit_id(b) >= 0) d.driver_cell[bit_id(b)] = n;
            }
        }
        n++;
    }
    int best = 0, deepest = -1;
    for (int b = 0; b < d.nbits; b++) {
        int l = level_of(&d, b);
        if (l > best)
            best = l, deepest = b;
    }
    *loop = d.loop;
    net_names_t nn = {0};
    if ((path || stages) && !d.loop && net_names_build(&nn, module, d.nbits) == 0) {
        int chain[4096], n_chain = 0;
        for (int b = deepest; path && b >= 0 && n_chain < 4096; b = d.pred[b])
            chain[n_chain++] = b;
        char buf[512];
        for (int i = n_chain - 1; i >= 0; i--) {
            const char *nm = bit_name(&nn, chain[i], buf, sizeof buf);
            if (nm)
                json_array_append_new(path, json_pack("{s:s, s:i}", "net", nm, "level",
                                                      d.level[chain[i]] > 0 ? d.level[chain[i]] : 0));
        }
        if (stages && stage_paths(module, &d, &nn, stages) != 0)
            fprintf(stderr, "cost: out of memory naming the path of each end point\n");
    }
    net_names_free(&nn);
    free(d.driver_cell);
    free(d.pred);
    free(d.level);
    free(d.cells);
    return best;
}

static int module_depth(json_t *module, int *loop)
{
    return module_depth_path(module, loop, NULL, NULL);
}

/* ---- one design ---------------------------------------------------------------------------- */

static unsigned long long param_value(json_t *cell, const char *name)
{
    const char *v = json_string_value(json_object_get(json_object_get(cell, "parameters"), name));
    return v ? strtoull(v, NULL, 2) : 0; /* Yosys writes parameters as binary strings */
}

/* How many times the design under `top` instantiates module `name` (a system top holds one L1
 * module per core): 1 for the top, else the sum over the modules instantiating it. */
static unsigned long long module_count(json_t *modules, const char *top, const char *name,
                                       json_t *memo)
{
    if (!strcmp(name, top))
        return 1;
    json_t *m = json_object_get(memo, name);
    if (m)
        return (unsigned long long)json_integer_value(m);
    unsigned long long n = 0;
    const char *pname, *cname;
    json_t *pmod, *cell;
    json_object_foreach(modules, pname, pmod) {
        if (!strcmp(pname, name))
            continue;
        json_object_foreach(json_object_get(pmod, "cells"), cname, cell) {
            const char *type = json_string_value(json_object_get(cell, "type"));
            if (type && !strcmp(type, name))
                n += module_count(modules, top, pname, memo);
        }
    }
    json_object_set_new(memo, name, json_integer((json_int_t)n));
    return n;
}

/* The generated parts a module belongs to, by its name (the prefix is the configuration's
 * name): the L2 slice (<name>_l2, <name>_l2_*), the system top's own logic (<name>_sys: the
 * arbiter and the response routing), the controller beside the L1s (<name>_<beside>, the
 * mechanism's: lay_mech), else the L1. */
enum { PART_L1, PART_L2, PART_SYS, PART_BESIDE, PART_COUNT };

static int module_part(const char *mname, const char *name, const char *beside)
{
    size_t n = strlen(name);
    if (strncmp(mname, name, n) != 0)
        return PART_L1;
    const char *rest = mname + n;
    if (!strcmp(rest, "_sys"))
        return PART_SYS;
    if (beside && rest[0] == '_' && !strcmp(rest + 1, beside))
        return PART_BESIDE;
    if (!strcmp(rest, "_l2") || !strncmp(rest, "_l2_", 4))
        return PART_L2;
    return PART_L1;
}

/* Flop bits of `module` whose output is a bit of a register net named <prefix>..._q (STYLE.md's
 * register names): cnt_ the performance counters, and the L2 policies' groups (cost_l2.c).
 * Returns -1 when out of memory. */
static long long named_flops(json_t *module, const char *prefix)
{
    json_t *nets = json_object_get(module, "netnames");
    const char *name;
    json_t *net;
    int maxbit = -1;
    json_object_foreach(nets, name, net) {
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(net, "bits"), i, b) {
            if (bit_id(b) > maxbit)
                maxbit = bit_id(b);
        }
    }
    char *is_cnt = calloc((size_t)maxbit + 2, 1);
    if (!is_cnt)
        return -1;
    json_object_foreach(nets, name, net) {
        if (strncmp(name, prefix, strlen(prefix)) != 0 || !suffix_is(name, "_q") ||
            strchr(name, '$'))
            continue;
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(net, "bits"), i, b) {
            if (bit_id(b) >= 0)
                is_cnt[bit_id(b)] = 1;
        }
    }
    long long n = 0;
    json_t *cell;
    json_object_foreach(json_object_get(module, "cells"), name, cell) {
        const lib_cell_t *g = lib_cell(json_string_value(json_object_get(cell, "type")));
        if (!g || !g->flop)
            continue;
        json_t *dirs = json_object_get(cell, "port_directions");
        const char *port;
        json_t *bits;
        int hit = 0;
        json_object_foreach(json_object_get(cell, "connections"), port, bits) {
            const char *dir = json_string_value(json_object_get(dirs, port));
            size_t i;
            json_t *b;
            if (!dir || strcmp(dir, "output") != 0)
                continue;
            json_array_foreach(bits, i, b) {
                if (bit_id(b) >= 0 && bit_id(b) <= maxbit && is_cnt[bit_id(b)])
                    hit = 1;
            }
        }
        n += hit;
    }
    free(is_cnt);
    return n;
}

/* ---- OpenSTA report --------------------------------------------------------------------- */

typedef struct sta_stage {
    char pin[256];    /* instance/pin */
    char cell[96];    /* Liberty cell */
    char net[256];    /* the net the pin drives (empty for the endpoint) */
    int fanout;
    double delay;     /* ns, this stage */
    double arrival;   /* ns, at this pin */
} sta_stage_t;

typedef struct sta {
    double slack;     /* ns, worst setup slack against STA_CLOCK_NS */
    double setup;     /* ns, the endpoint's setup time */
    char start[256], end[256];
    int nstages;
    sta_stage_t stage[MAX_STAGES];
} sta_t;

/* Reads sta.sh's report: the worst slack and the worst path (report_checks -fields {nets
 * fanout}). Returns 0, -1 if either is missing. */
static int sta_load(const char *path, sta_t *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char line[1024];
    int have_slack = 0, in_path = 0, done = 0;
    while (fgets(line, sizeof line, f)) {
        double d, a;
        char pin[256], cell[96], net[256];
        int fo;
        if (sscanf(line, "Startpoint: %255s", t->start) == 1 || sscanf(line, "Endpoint: %255s", t->end) == 1)
            continue;
        if (sscanf(line, "worst slack %lf", &t->slack) == 1) {
            have_slack = 1;
            continue;
        }
        if (strstr(line, "data arrival time"))
            in_path = 0, done = 1;
        if (!done && strstr(line, "clock network delay"))
            in_path = 1;
        if (done && sscanf(line, " %lf %lf library setup time", &d, &a) == 2)
            t->setup = -d;
        if (!in_path || t->nstages == MAX_STAGES)
            continue;
        if (sscanf(line, " %lf %lf %*[v^] %255s (%95[^)])", &d, &a, pin, cell) == 4) {
            sta_stage_t *s = &t->stage[t->nstages++];
            snprintf(s->pin, sizeof s->pin, "%s", pin);
            snprintf(s->cell, sizeof s->cell, "%s", cell);
            s->delay = d;
            s->arrival = a;
        } else if (t->nstages && sscanf(line, " %d %255s (net)", &fo, net) == 2) {
            sta_stage_t *s = &t->stage[t->nstages - 1];
            snprintf(s->net, sizeof s->net, "%s", net);
            s->fanout = fo;
        }
    }
    fclose(f);
    return have_slack && t->nstages ? 0 : -1;
}

/* The L1's storage against its closed form, n copies (a system holds system.cores L1s);
 * `label` prefixes the checks' names ("" for the L1 alone). */
static void check_l1(const structure_t *p, const l1_closed_t *k, unsigned long long n,
                     const char *label)
{
    char what[160];
    snprintf(what, sizeof what, "%smetadata SRAM bits", label);
    check(p[ST_META_SRAM].sram == n * k->meta, what, p[ST_META_SRAM].sram, n * k->meta);
    snprintf(what, sizeof what, "%sdata SRAM bits", label);
    check(p[ST_DATA_SRAM].sram == n * k->data, what, p[ST_DATA_SRAM].sram, n * k->data);
    snprintf(what, sizeof what, "%sMSHR flop bits", label);
    check(p[ST_MSHR].flops == n * k->mshr, what, p[ST_MSHR].flops, n * k->mshr);
    snprintf(what, sizeof what, "%spredictor table flop bits", label);
    check(p[ST_PCTBL].flops == n * k->pctbl && p[ST_PCTBL].sram == 0, what,
          p[ST_PCTBL].flops + p[ST_PCTBL].sram, n * k->pctbl);
    snprintf(what, sizeof what, "%sindex network storage bits", label);
    check(p[ST_INDEX].flops == 0 && p[ST_INDEX].sram == 0, what,
          p[ST_INDEX].flops + p[ST_INDEX].sram, 0);
}

/* The L2 slice's storage against its closed form; `counters`: its counter flop bits, `pol` its
 * policy registers' flop bits by group (cost_l2_groups), `pol_sram` its policy's SRAM bits. */
static void check_l2(const structure_t *p, unsigned long long counters,
                     const unsigned long long *pol, unsigned long long pol_sram,
                     const l2_closed_t *k)
{
    for (int g = 0; g < COST_L2_GROUPS; g++)
        check(pol[g] == k->pol[g], cost_l2_groups[g].what, pol[g], k->pol[g]);
    check(pol_sram == k->pol_sram, cost_l2_sram.what, pol_sram, k->pol_sram);
    check(p[ST_META_SRAM].sram == k->meta + k->pol_sram, /* a policy's SRAM is metadata too */
          "L2 metadata SRAM bits (victim and bypass bits in)", p[ST_META_SRAM].sram,
          k->meta + k->pol_sram);
    check(p[ST_DATA_SRAM].sram == k->data, "L2 data SRAM bits", p[ST_DATA_SRAM].sram, k->data);
    check(p[ST_MSHR].flops == k->mshr, "L2 MSHR flop bits", p[ST_MSHR].flops, k->mshr);
    check(counters == k->counters, "L2 performance counter flop bits", counters, k->counters);
    check(p[ST_INDEX].flops == 0 && p[ST_INDEX].sram == 0,
          "L2 index network storage bits", p[ST_INDEX].flops + p[ST_INDEX].sram, 0);
}

/* The depth budget: every stage (the deepest path into each end point, stage_paths, deepest
 * first) against `budget` levels. Marks each stage "within_budget", prints each stage over it
 * in words (a failed check unless `allow`), or one check ok line, and returns the JSON
 * "depth_budget": {levels, allowed, within, deepest, over: [{stage, start, end, levels,
 * over_by, words}], verdict}. Sets *over to the number of stages over the budget. */
static json_t *depth_budget_check(json_t *stages, int budget, int allow, const char *top,
                                  int *over)
{
    json_t *list = json_array();
    int deepest = 0;
    *over = 0;
    for (size_t i = 0; i < json_array_size(stages); i++) {
        json_t *x = json_array_get(stages, i);
        int l = (int)json_integer_value(json_object_get(x, "levels"));
        const char *end = json_string_value(json_object_get(x, "end"));
        const char *start = json_string_value(json_object_get(x, "start"));
        if (l > deepest)
            deepest = l;
        json_object_set_new(x, "within_budget", json_boolean(l <= budget));
        if (l <= budget)
            continue;
        char words[1024];
        snprintf(words, sizeof words, "the stage into %s has %d levels, %d over the %d-level "
                 "budget: its deepest path starts at %s and ends at %s", end, l, l - budget,
                 budget, start, end);
        printf("cost: %s: depth budget: %s\n", allow ? "over budget (allowed, DEPTH_BUDGET_OK=1)"
                                                     : "CHECK FAILED", words);
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "stage", end,
                                              "start", start, "end", end, "levels", l,
                                              "over_by", l - budget, "words", words));
        (*over)++;
    }
    char verdict[512];
    if (*over)
        snprintf(verdict, sizeof verdict, "%d stage%s of %s over the %d-level budget (deepest %d "
                 "levels)%s", *over, *over > 1 ? "s" : "", top, budget, deepest,
                 allow ? "; allowed for this run (DEPTH_BUDGET_OK=1)" : "");
    else
        snprintf(verdict, sizeof verdict, "every stage of %s within the %d-level budget (%zu end "
                 "points, deepest %d levels)", top, budget, json_array_size(stages), deepest);
    if (!*over)
        printf("cost: check ok: depth budget: %s\n", verdict);
    return json_pack("{s:i, s:b, s:b, s:i, s:o, s:s}", "levels", budget, "allowed", allow,
                     "within", *over == 0, "deepest", deepest, "over", list, "verdict", verdict);
}

/* The period against the slowest SRAM macro's own minimum cycle (SPEC 5: within
 * MACRO_PERIOD_MARGIN of it): a report, not a check. Prints it in words and returns the JSON
 * "macro_period": {period_ns, macro, macro_min_cycle_ns, ratio, limit_ratio, within, words};
 * without an SRAM macro, or when the user's macro (`user_macro`) gives no minimum period,
 * macro null and within true. */
static json_t *macro_period_report(double period, const char *macro, double cycle,
                                   const char *user_macro)
{
    char words[512];
    double limit = 1.0 + MACRO_PERIOD_MARGIN;
    if (cycle <= 0) {
        if (user_macro) /* the user's Liberty gives the macro no minimum period */
            snprintf(words, sizeof words, "period %.3f ns; your macro %s's Liberty gives no "
                     "minimum period (min_period or a minimum_period timing group on its clock "
                     "pin): not held against it", period, user_macro);
        else
            snprintf(words, sizeof words, "no SRAM macro: period %.3f ns, no macro minimum cycle "
                     "to hold it against", period);
        printf("cost: period against the SRAM macros: %s\n", words);
        return json_pack("{s:f, s:n, s:n, s:n, s:f, s:b, s:s}", "period_ns", period, "macro",
                         "macro_min_cycle_ns", "ratio", "limit_ratio", limit, "within", 1,
                         "words", words);
    }
    double ratio = period / cycle;
    int within = ratio <= limit + 1e-9;
    snprintf(words, sizeof words, "period %.3f ns is %.3f x the slowest SRAM macro's minimum "
             "cycle, %.3f ns (%s): %.0f%% %s it, %s the %.0f%% limit", period, ratio, cycle, macro,
             (ratio >= 1 ? ratio - 1 : 1 - ratio) * 100, ratio >= 1 ? "above" : "below",
             within ? "within" : "MORE THAN", MACRO_PERIOD_MARGIN * 100);
    printf("cost: period against the SRAM macros: %s\n", words);
    return json_pack("{s:f, s:s, s:f, s:f, s:f, s:b, s:s}", "period_ns", period, "macro", macro,
                     "macro_min_cycle_ns", cycle, "ratio", ratio, "limit_ratio", limit, "within",
                     within, "words", words);
}

/* An environment variable's value as a budget option: DEPTH_BUDGET (levels, 1..10000) and
 * DEPTH_BUDGET_OK (empty, 0 or 1); returns -1 with a message naming it on a bad value. */
static int env_uint(const char *key, unsigned lo, unsigned hi, const char *allowed, int *out)
{
    const char *v = getenv(key);
    if (!v || !*v)
        return 0;
    char *e;
    unsigned long n = strtoul(v, &e, 10);
    if (*e || v[0] == '-' || n < lo || n > hi) {
        fprintf(stderr, "cost: error: %s = '%s': allowed: %s\n", key, v, allowed);
        return -1;
    }
    *out = (int)n;
    return 0;
}

static int cost_one(int argc, char **argv)
{
    int budget = DEPTH_BUDGET_LEVELS, allow = 0;
    if (env_uint("DEPTH_BUDGET", 1, 10000, "a number of levels, 1..10000", &budget) != 0 ||
        env_uint("DEPTH_BUDGET_OK", 0, 1, "empty, 0 or 1 (1: a stage over the depth budget is "
                 "reported, not a failed check)", &allow) != 0)
        return 2;
    while (argc > 2 && !strncmp(argv[2], "--", 2)) { /* options before OUTDIR */
        if (!strcmp(argv[2], "--allow-depth")) {
            allow = 1, argv++, argc--;
        } else if (!strcmp(argv[2], "--depth-budget") && argc > 3) {
            char *e;
            long n = strtol(argv[3], &e, 10);
            if (*e || n < 1 || n > 10000) {
                fprintf(stderr, "cost: error: --depth-budget '%s': allowed: a number of levels, "
                        "1..10000\n", argv[3]);
                return 2;
            }
            budget = (int)n, argv += 2, argc -= 2;
        } else {
            return die("cost one: unknown option (allowed: --depth-budget N, --allow-depth): ",
                       argv[2]);
        }
    }
    if (argc != 5 && argc != 6 && argc != 8)
        return die("usage: cost one [--depth-budget N] [--allow-depth] OUTDIR SYNDIR COST.json "
                   "[TOP [L1.cost.json L2.cost.json]]", NULL);
    const char *outdir = argv[2], *syn = argv[3];
    cfg_t c;
    char err[1024], path[4096];
    snprintf(path, sizeof path, "%s/config.yaml", outdir);
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path, err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0)
        return die(err, NULL);
    const char *top = argc >= 6 ? argv[5] : c.name; /* another top: the L2, system, controller */
    char l2top[CFG_NAME_MAX + 8], systop[CFG_NAME_MAX + 8], besidetop[CFG_NAME_MAX + 40];
    snprintf(l2top, sizeof l2top, "%s_l2", c.name);
    snprintf(systop, sizeof systop, "%s_sys", c.name);
    const char *beside = lay_mech(c.l1.mode)->beside; /* the controller beside the L1s */
    const cost_mech_t *mech = cost_mech(c.l1.mode);
    snprintf(besidetop, sizeof besidetop, "%s_%s", c.name, beside ? beside : "");
    enum { TOP_L1, TOP_L2, TOP_SYS, TOP_BESIDE, TOP_OTHER } kind =
        !strcmp(top, c.name) ? TOP_L1 : !strcmp(top, l2top) ? TOP_L2
        : !strcmp(top, systop) ? TOP_SYS
        : beside && mech->beside_bits && !strcmp(top, besidetop) ? TOP_BESIDE : TOP_OTHER;
    json_t *part_cost[2] = {NULL, NULL}; /* the system's L1 and L2 costed alone */
    for (int i = 0; argc == 8 && i < 2; i++) {
        json_error_t pe;
        if (kind != TOP_SYS)
            return die("the L1 and L2 costs are the parts of a system top, not of ", top);
        part_cost[i] = json_load_file(argv[6 + i], 0, &pe);
        if (!part_cost[i])
            return die("cannot read the cost JSON of a part: ", pe.text);
    }
    snprintf(path, sizeof path, "%s/cells.lib", syn);
    if (lib_load(path) != 0 || nand2_um2 <= 0)
        return die("cannot read the cell library (or it has no NAND2_X1): ", path);
    snprintf(path, sizeof path, "%s/sram.lib", syn);
    FILE *probe = fopen(path, "r");
    if (!probe)
        return die("cannot read the SRAM macro library: ", path);
    fclose(probe);
    lib_load(path); /* a top without SRAM has an empty macro library */
    cost_user_t user; /* the arrays on the user's own macro (sram.macro): cost_macro.c */
    int on_macro = c.sram.macro[0] != '\0';
    if (on_macro) {
        snprintf(path, sizeof path, "%s/sram_user.lib", syn);
        if (cost_user_load(&user, &c, path, err, sizeof err) != 0) {
            fprintf(stderr, "cost: error: %s (synth/synth.sh copies your Liberty there from "
                    "SYNTH_SRAM_LIB)\n", err);
            return 2;
        }
    }
    json_error_t je;
    snprintf(path, sizeof path, "%s/hier.json", syn);
    json_t *hier = json_load_file(path, 0, &je);
    snprintf(path, sizeof path, "%s/flat.json", syn);
    json_t *flat = json_load_file(path, 0, &je);
    if (!hier || !flat)
        return die("cannot read Yosys JSON: ", je.text);
    sta_t sta;
    snprintf(path, sizeof path, "%s/sta.log", syn);
    if (sta_load(path, &sta) != 0)
        return die("no worst slack or critical path in the OpenSTA report ", path);
    double seconds = 0, bufs = 0;
    snprintf(path, sizeof path, "%s/seconds", syn);
    FILE *sf = fopen(path, "r");
    if (sf) { if (fscanf(sf, "%lf", &seconds) != 1) seconds = 0; fclose(sf); }
    snprintf(path, sizeof path, "%s/buffers", syn);
    sf = fopen(path, "r");
    if (sf) { if (fscanf(sf, "%lf", &bufs) != 1) bufs = 0; fclose(sf); }
    json_t *macros = json_array(), *counts = json_object();
    double sram_cycle = 0;
    char sram_slowest[128] = ""; /* the macro with the longest minimum cycle */
    if (on_macro && user.lib.min_period_ns > 0) {
        sram_cycle = user.lib.min_period_ns;
        snprintf(sram_slowest, sizeof sram_slowest, "%s", c.sram.macro);
    }

    structure_t st[ST_COUNT], pst[PART_COUNT][ST_COUNT];
    unsigned long long cnt[PART_COUNT] = {0}; /* performance counter flop bits per part */
    unsigned long long pol[PART_COUNT][COST_L2_GROUPS]; /* the L2 policies' groups of flops */
    unsigned long long pols[PART_COUNT] = {0}; /* the L2 policies' SRAM bits in the metadata */
    memset(pol, 0, sizeof pol);
    memset(st, 0, sizeof st);
    memset(pst, 0, sizeof pst);
    int unmapped = 0;
    const char *mname;
    json_t *mod;
    json_object_foreach(json_object_get(hier, "modules"), mname, mod) {
        if (!strcmp(mname, SRAM_CELL) || lib_cell(mname) ||
            (on_macro && !strcmp(mname, c.sram.macro)))
            continue; /* the SRAM leaf, the Liberty cells, the user's macro: black boxes */
        int wrapper = on_macro &&
                      cost_user_is_wrapper(&user, json_object_get(hier, "modules"), mname);
        unsigned long long inst = module_count(json_object_get(hier, "modules"), top, mname, counts);
        if (!inst)
            continue; /* a module the top does not instantiate */
        int s = suffix_is(mname, "_meta") ? ST_META_LOGIC : suffix_is(mname, "_mshr") ? ST_MSHR
                : suffix_is(mname, "_index") ? ST_INDEX
                : suffix_is(mname, "_pctbl") ? ST_PCTBL : ST_CONTROL;
        int part = module_part(mname, c.name, beside);
        long long nc = named_flops(mod, "cnt_");
        if (nc < 0)
            return die("out of memory counting counter flops in ", mname);
        cnt[part] += inst * (unsigned long long)nc;
        for (int g = 0; g < COST_L2_GROUPS; g++) { /* the policies' registers by name */
            const cost_l2_group_t *gr = &cost_l2_groups[g];
            if ((gr->only_in && !suffix_is(mname, gr->only_in)) ||
                (gr->not_in && suffix_is(mname, gr->not_in)))
                continue;
            for (unsigned i = 0; gr->prefixes[i]; i++) {
                long long n = named_flops(mod, gr->prefixes[i]);
                if (n < 0)
                    return die("out of memory counting counter flops in ", mname);
                pol[part][g] += inst * (unsigned long long)n;
            }
        }
        const char *cname;
        json_t *cell;
        json_object_foreach(json_object_get(mod, "cells"), cname, cell) {
            const char *type = json_string_value(json_object_get(cell, "type"));
            if (on_macro && !strcmp(type, c.sram.macro))
                continue; /* a macro in the wrapper: counted at the wrapper's instance below */
            if (on_macro && cost_user_is_wrapper(&user, json_object_get(hier, "modules"), type)) {
                cost_user_array_t a;
                fail_count += cost_user_array(&user, json_object_get(hier, "modules"), type, &a);
                cost_user_add(&user, &a, inst);
                int own = strstr(cname, cost_l2_sram.cell) != NULL;
                int k = strstr(cname, "meta_sram") || own ? ST_META_SRAM : ST_DATA_SRAM;
                if (own)
                    pols[part] += inst * a.width * a.depth;
                /* the array's bits for the closed-form checks; the macros' area */
                st[k].sram += inst * a.width * a.depth;
                st[k].ge += (double)inst * a.area_um2 / nand2_um2;
                pst[part][k].sram += inst * a.width * a.depth;
                json_t *o = json_pack("{s:s, s:s, s:i, s:i, s:f, s:f, s:f, s:I}", "instance",
                                      cname, "module", mname, "rows", (int)c.sram.depth, "bits",
                                      (int)c.sram.width, "area_um2", a.area_um2, "ge",
                                      a.area_um2 / nand2_um2, "min_cycle_ns",
                                      user.lib.min_period_ns, "instances", (json_int_t)inst);
                json_object_set_new(o, "macro", json_string(c.sram.macro));
                json_object_set_new(o, "macros", json_integer((json_int_t)a.macros));
                json_object_set_new(o, "array_rows", json_integer((json_int_t)a.depth));
                json_object_set_new(o, "array_bits", json_integer((json_int_t)a.width));
                json_object_set_new(o, "columns", json_integer((json_int_t)a.cols));
                json_object_set_new(o, "macro_rows", json_integer((json_int_t)a.rows));
                json_object_set_new(o, "macro_bits", json_integer((json_int_t)a.macro_bits));
                for (unsigned long long r = 0; r < inst; r++) /* one row per array instance */
                    json_array_append(macros, o);
                json_decref(o);
                continue;
            }
            if (!strcmp(type, SRAM_CELL)) {
                unsigned long long w = param_value(cell, "Width"), dp = param_value(cell, "Depth");
                /* a policy's SRAMs are metadata (tags) too */
                int own = strstr(cname, cost_l2_sram.cell) != NULL;
                int k = strstr(cname, "meta_sram") || own ? ST_META_SRAM : ST_DATA_SRAM;
                if (own)
                    pols[part] += inst * w * dp;
                char macro[128];
                snprintf(macro, sizeof macro, "%s_%llux%llu", SRAM_CELL, dp, w);
                const lib_cell_t *m = lib_cell(macro);
                if (!m) {
                    printf("cost: CHECK FAILED: no Liberty model of the SRAM macro %s\n", macro);
                    fail_count++;
                    continue;
                }
                st[k].sram += inst * w * dp;
                st[k].ge += (double)inst * m->area / nand2_um2;
                pst[part][k].sram += inst * w * dp;
                if (m->min_period > sram_cycle) {
                    sram_cycle = m->min_period;
                    snprintf(sram_slowest, sizeof sram_slowest, "%s", macro);
                }
                json_t *o = json_object();
                json_object_set_new(o, "instance", json_string(cname));
                json_object_set_new(o, "module", json_string(mname));
                json_object_set_new(o, "rows", json_integer((json_int_t)dp));
                json_object_set_new(o, "bits", json_integer((json_int_t)w));
                json_object_set_new(o, "area_um2", json_real(m->area));
                json_object_set_new(o, "ge", json_real(m->area / nand2_um2));
                json_object_set_new(o, "min_cycle_ns", json_real(m->min_period));
                json_object_set_new(o, "instances", json_integer((json_int_t)inst));
                for (unsigned long long r = 0; r < inst; r++) /* one row per macro instance */
                    json_array_append(macros, o);
                json_decref(o);
                continue;
            }
            const lib_cell_t *g = lib_cell(type);
            if (!g && json_object_get(json_object_get(hier, "modules"), type))
                continue; /* a submodule instance: its cells count in its own module */
            if (!g) {
                printf("cost: CHECK FAILED: unmapped cell %s of type %s in %s\n", cname, type, mname);
                unmapped++;
                continue;
            }
            st[s].ge += (double)inst * g->area / nand2_um2;
            st[s].flops += inst * (unsigned long long)g->flop;
            if (wrapper) { /* the wrapper's logic: counted as logic, reported beside the macros */
                user.wrapper_ge += (double)inst * g->area / nand2_um2;
                user.wrapper_flops += inst * (unsigned long long)g->flop;
            }
            pst[part][s].flops += inst * (unsigned long long)g->flop;
        }
        int loop = 0;
        int dpt = module_depth(mod, &loop);
        if (loop) {
            printf("cost: CHECK FAILED: combinational loop in %s\n", mname);
            fail_count++;
        }
        if (dpt > st[s].depth)
            st[s].depth = dpt;
    }
    fail_count += unmapped;
    int loop = 0, depth = 0;
    json_t *depth_path = json_array(), *stage_paths = json_array();
    json_object_foreach(json_object_get(flat, "modules"), mname, mod) {
        if (!strcmp(mname, top))
            depth = module_depth_path(mod, &loop, depth_path, stage_paths);
    }
    if (loop) {
        printf("cost: CHECK FAILED: combinational loop in the flattened design\n");
        fail_count++;
    } else { /* a deepest path ends at a flop, an SRAM or an output port: an end point has it */
        json_t *deepest = json_array_get(stage_paths, 0);
        int got = deepest ? (int)json_integer_value(json_object_get(deepest, "levels")) : 0;
        if (got != depth) {
            printf("cost: CHECK FAILED: the deepest end point path has %d levels, the depth %d\n",
                   got, depth);
            fail_count++;
        } else if (deepest) {
            printf("cost: check ok: the deepest end point, %s from %s, has the depth, %d levels\n",
                   json_string_value(json_object_get(deepest, "end")),
                   json_string_value(json_object_get(deepest, "start")), got);
        }
    }
    int over = 0; /* stages over the depth budget (a loop leaves no stages: that check failed) */
    json_t *budget_json = depth_budget_check(stage_paths, budget, allow, top, &over);
    int depth_fail = over && !allow;

    /* storage against the closed forms, per part of the design */
    unsigned long long flops = 0, sbits = 0;
    for (int i = 0; i < ST_COUNT; i++)
        flops += st[i].flops, sbits += st[i].sram;
    l1_closed_t k1;
    l2_closed_t k2;
    unsigned long long P = c.sys.cores;
    switch (kind) {
    case TOP_L1:
        l1_closed_form(&c, &k1);
        check_l1(pst[PART_L1], &k1, 1, "");
        break;
    case TOP_L2:
        l2_closed_form(&c, &k2);
        check_l2(pst[PART_L2], cnt[PART_L2], pol[PART_L2], pols[PART_L2], &k2);
        break;
    case TOP_SYS: {
        l1_closed_form(&c, &k1);
        l2_closed_form(&c, &k2);
        json_t *modules = json_object_get(hier, "modules");
        unsigned long long n1 = module_count(modules, top, c.name, counts);
        unsigned long long n2 = module_count(modules, top, l2top, counts);
        unsigned long long arb = arbiter_closed_form(&c);
        char label[64];
        snprintf(label, sizeof label, "%llu L1s: ", P);
        check(n1 == P, "L1 instances (system.cores)", n1, P);
        check(n2 == 1, "L2 slice instances", n2, 1);
        check_l1(pst[PART_L1], &k1, P, label);
        check_l2(pst[PART_L2], cnt[PART_L2], pol[PART_L2], pols[PART_L2], &k2);
        unsigned long long own_f = 0, own_s = 0;
        for (int i = 0; i < ST_COUNT; i++)
            own_f += pst[PART_SYS][i].flops, own_s += pst[PART_SYS][i].sram;
        unsigned long long N = P + c.sys.cpu_cores; /* requesters: the L1s and the CPU ports */
        if (c.sys.cpu_cores)
            printf("cost: closed form: arbiter and request slice %llu bits (the last grant, %u "
                   "bits, and two entries of a valid bit and a request, with %llu L1s and %u "
                   "CPU ports)\n", arb, cfg_log2(N), P, c.sys.cpu_cores);
        else
            printf("cost: closed form: arbiter and request slice %llu bits (the last grant, %u "
                   "bits, and two entries of a valid bit and a request, with %llu L1s; none with "
                   "one)\n", arb, P > 1 ? cfg_log2(P) : 0, P);
        check(own_f == arb && own_s == 0,
              "the system top's own storage bits (the arbiter and the request slice)",
              own_f + own_s, arb);
        /* the L2's policy SRAM (UCP's ATDs) is its metadata too, as check_l2 counts it */
        unsigned long long want = P * (k1.meta + k1.data) + k2.meta + k2.pol_sram + k2.data;
        check(sbits == want, "system SRAM bits (P x (L1 metadata + data) + L2 metadata + data)",
              sbits, want);
        if (part_cost[0]) { /* the parts costed alone: the system adds them up, plus the arbiter */
            unsigned long long f1 = (unsigned long long)num(part_cost[0], "flop_bits");
            unsigned long long f2 = (unsigned long long)num(part_cost[1], "flop_bits");
            unsigned long long s1 = (unsigned long long)num(part_cost[0], "sram_bits");
            unsigned long long s2 = (unsigned long long)num(part_cost[1], "sram_bits");
            printf("cost: parts: the L1 alone %llu flop bits, %llu SRAM bits (%s); the L2 alone "
                   "%llu flop bits, %llu SRAM bits (%s)\n", f1, s1, argv[6], f2, s2, argv[7]);
            check(flops == P * f1 + f2 + arb,
                  "system flop bits = P x the L1's + the L2's + the arbiter's", flops,
                  P * f1 + f2 + arb);
            check(sbits == P * s1 + s2, "system SRAM bits = P x the L1's + the L2's", sbits,
                  P * s1 + s2);
        } else {
            printf("cost: no costs of the L1 and L2 alone given: the system's flops are checked "
                   "by parts only\n");
        }
        break;
    }
    case TOP_BESIDE: {
        unsigned long long want = mech->beside_bits(&c);
        check(flops == want && sbits == 0, mech->beside_what, flops + sbits, want);
        break;
    }
    default:
        printf("cost: %s is not a top cachegen generates for %s: no closed-form storage checks\n",
               top, c.name);
    }
    if (!unmapped)
        printf("cost: check ok: every cell is a mapped gate, a flop or an SRAM\n");

    json_t *root = json_object(), *arr = json_array();
    json_object_set_new(root, "top", json_string(top));
    json_object_set_new(root, "synth_seconds", json_real(seconds));
    double logic = 0, sram = 0;
    for (int i = 0; i < ST_COUNT; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "key", json_string(st_keys[i]));
        json_object_set_new(o, "structure", json_string(st_names[i]));
        json_object_set_new(o, "ge", json_real(st[i].ge));
        json_object_set_new(o, "flop_bits", json_integer((json_int_t)st[i].flops));
        json_object_set_new(o, "sram_bits", json_integer((json_int_t)st[i].sram));
        json_object_set_new(o, "depth", json_integer(st[i].depth));
        json_array_append_new(arr, o);
        if (st[i].sram)
            sram += st[i].ge;
        else
            logic += st[i].ge;
    }
    json_object_set_new(root, "structures", arr);
    json_object_set_new(root, "logic_ge", json_real(logic));
    json_object_set_new(root, "sram_ge", json_real(sram));
    json_object_set_new(root, "total_ge", json_real(logic + sram));
    json_object_set_new(root, "flop_bits", json_integer((json_int_t)flops));
    json_object_set_new(root, "sram_bits", json_integer((json_int_t)sbits));
    json_object_set_new(root, "depth", json_integer(depth));
    json_object_set_new(root, "depth_path", depth_path);
    json_object_set_new(root, "stage_paths", stage_paths);
    json_object_set_new(root, "sram_macros", macros);
    if (on_macro) {
        json_object_set_new(root, "user_sram", cost_user_json(&user, nand2_um2));
        cost_user_free(&user);
    }
    /* the fanout buffers stanet adds for timing: area a layout would add too */
    json_object_set_new(root, "fanout_buffers", json_integer((json_int_t)bufs));
    const lib_cell_t *buf = lib_cell("BUF_X1");
    double buf_ge = buf ? bufs * buf->area / nand2_um2 : 0;
    json_object_set_new(root, "fanout_buffer_ge", json_real(buf_ge));
    double period = STA_CLOCK_NS - sta.slack;
    json_object_set_new(root, "period_ns", json_real(period));
    json_object_set_new(root, "fmax_ghz", json_real(1.0 / period));
    json_object_set_new(root, "sram_min_cycle_ns", json_real(sram_cycle));
    json_object_set_new(root, "macro_period",
                        macro_period_report(period, sram_slowest, sram_cycle,
                                            on_macro ? c.sram.macro : NULL));
    json_object_set_new(root, "depth_budget", budget_json);
    json_t *cp = json_object();
    json_object_set_new(cp, "start", json_string(sta.start));
    json_object_set_new(cp, "end", json_string(sta.end));
    json_object_set_new(cp, "setup_ns", json_real(sta.setup));
    json_t *stages = json_array();
    for (int i = 0; i < sta.nstages; i++) {
        json_t *o = json_object();
        json_object_set_new(o, "pin", json_string(sta.stage[i].pin));
        json_object_set_new(o, "cell", json_string(sta.stage[i].cell));
        json_object_set_new(o, "net", json_string(sta.stage[i].net));
        json_object_set_new(o, "fanout", json_integer(sta.stage[i].fanout));
        json_object_set_new(o, "delay_ns", json_real(sta.stage[i].delay));
        json_object_set_new(o, "arrival_ns", json_real(sta.stage[i].arrival));
        json_array_append_new(stages, o);
    }
    json_object_set_new(cp, "stages", stages);
    json_object_set_new(root, "critical_path", cp);
    if (sta.nstages < 2) {
        printf("cost: CHECK FAILED: the critical path has %d stages\n", sta.nstages);
        fail_count++;
    }
    json_object_set_new(root, "checks_failed", json_integer(fail_count + depth_fail));
    /* "check ok" only with every check passed and every stage within the depth budget */
    json_object_set_new(root, "check_ok", json_boolean(!fail_count && !over));
    if (json_dump_file(root, argv[4], JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        return die("cannot write ", argv[4]);
    if (fail_count)
        printf("cost: %s: %d check%s FAILED\n", top, fail_count + depth_fail,
               fail_count + depth_fail > 1 ? "s" : "");
    else if (depth_fail)
        printf("cost: %s: CHECK FAILED: %d stage%s over the %d-level depth budget (the storage "
               "checks pass; DEPTH_BUDGET_OK=1 or --allow-depth reports it without failing)\n",
               top, over, over > 1 ? "s" : "", budget);
    else if (over)
        printf("cost: %s: the other checks pass; %d stage%s over the %d-level depth budget, "
               "allowed for this run: not check ok\n", top, over, over > 1 ? "s" : "", budget);
    else
        printf("cost: %s: check ok (every check passed, every stage within the %d-level depth "
               "budget)\n", top, budget);
    printf("cost: %s: logic %.0f GE, SRAM %.0f GE, %llu flop bits, %llu SRAM bits, depth %d, "
           "period %.3f ns (%.2f GHz), %d-stage critical path %s -> %s\n", top, logic, sram,
           flops, sbits, depth, period, 1.0 / period, sta.nstages, sta.start, sta.end);
    json_decref(root);
    json_decref(hier);
    json_decref(flat);
    json_decref(counts);
    json_decref(part_cost[0]);
    json_decref(part_cost[1]);
    return fail_count ? 1 : depth_fail ? 3 : 0;
}

/* ---- design beside baseline ------------------------------------------------------------- */


static const char *pct(double a, double b, char *buf)
{
    if (b == 0)
        snprintf(buf, 16, a == 0 ? "0.0%%" : "n/a");
    else
        snprintf(buf, 16, "%+.1f%%", (a - b) / b * 100);
    return buf;
}

/* A delta beside its noise band: "+206 GE (noise band 310: within noise)". */
static const char *band_note(double delta, double band, const char *unit, char *buf, size_t n)
{
    if (band < 0)
        snprintf(buf, n, "no noise band measured");
    else if (delta < -band || delta > band)
        snprintf(buf, n, "outside the noise band of %.3g %s", band, unit);
    else
        snprintf(buf, n, "within noise (band %.3g %s)", band, unit);
    return buf;
}

/* The noise band of one quantity: NOISE.json's "bands" entry, -1 if none. */
static double band_of(json_t *noise, const char *key)
{
    json_t *v = json_object_get(json_object_get(noise, "bands"), key);
    return json_is_number(v) ? json_number_value(v) : -1;
}

static void md_path(FILE *md, json_t *d)
{
    json_t *cp = json_object_get(d, "critical_path");
    fprintf(md, "\n### Critical path of %s: %.3f ns\n\nFrom `%s` to `%s` (setup %.3f ns):\n\n"
                "| # | pin | cell | drives net | fanout | delay (ns) | arrival (ns) |\n"
                "|---:|---|---|---|---:|---:|---:|\n",
            json_string_value(json_object_get(d, "top")), num(d, "period_ns"),
            json_string_value(json_object_get(cp, "start")),
            json_string_value(json_object_get(cp, "end")), num(cp, "setup_ns"));
    json_t *st = json_object_get(cp, "stages");
    for (size_t i = 0; i < json_array_size(st); i++) {
        json_t *x = json_array_get(st, i);
        fprintf(md, "| %zu | `%s` | %s | `%s` | %.0f | %.4f | %.4f |\n", i,
                json_string_value(json_object_get(x, "pin")),
                json_string_value(json_object_get(x, "cell")),
                json_string_value(json_object_get(x, "net")), num(x, "fanout"), num(x, "delay_ns"),
                num(x, "arrival_ns"));
    }
    json_t *dp = json_object_get(d, "depth_path");
    if (json_array_size(dp)) {
        fprintf(md, "\nDeepest path of %s, %.0f gate levels, through the named nets (level):",
                json_string_value(json_object_get(d, "top")), num(d, "depth"));
        for (size_t i = 0; i < json_array_size(dp); i++)
            fprintf(md, "%s`%s` (%.0f)", i ? " -> " : " ",
                    json_string_value(json_object_get(json_array_get(dp, i), "net")),
                    num(json_array_get(dp, i), "level"));
        fprintf(md, "\n");
    }
    json_t *sp = json_object_get(d, "stage_paths");
    if (json_array_size(sp)) {
        fprintf(md, "\nCritical path per end point (deepest 12) of %s, of %zu end points "
                    "(registers, SRAM macro pins, output ports) behind at least one gate:\n\n"
                    "| end point | start point | levels |\n|---|---|---:|\n",
                json_string_value(json_object_get(d, "top")), json_array_size(sp));
        for (size_t i = 0; i < json_array_size(sp) && i < 12; i++) {
            json_t *x = json_array_get(sp, i);
            fprintf(md, "| `%s` | `%s` | %.0f |\n", json_string_value(json_object_get(x, "end")),
                    json_string_value(json_object_get(x, "start")), num(x, "levels"));
        }
    }
}

/* The depth budget and the period against the SRAM macros of one design, in words: each stage
 * over the budget (its levels, start and end), "check ok" only when none is and every other
 * check passed. A cost JSON from before the budget check says so. */
static void md_budget(FILE *md, json_t *d)
{
    const char *top = json_string_value(json_object_get(d, "top"));
    json_t *db = json_object_get(d, "depth_budget"), *mp = json_object_get(d, "macro_period");
    fprintf(md, "\n### Checks of %s\n\n", top);
    if (!db) {
        fprintf(md, "- Depth budget: not checked (a cost JSON written before the check).\n");
    } else {
        json_t *ov = json_object_get(db, "over");
        fprintf(md, "- Depth budget (%.0f levels a stage, SPEC 5): %s.\n", num(db, "levels"),
                json_string_value(json_object_get(db, "verdict")));
        for (size_t i = 0; i < json_array_size(ov); i++) {
            json_t *x = json_array_get(ov, i);
            fprintf(md, "  - **Over budget**: stage into `%s`: %.0f levels (%.0f over), path from "
                        "`%s` to `%s`.\n", json_string_value(json_object_get(x, "stage")),
                    num(x, "levels"), num(x, "over_by"),
                    json_string_value(json_object_get(x, "start")),
                    json_string_value(json_object_get(x, "end")));
        }
    }
    if (mp)
        fprintf(md, "- Period against the SRAM macros (report, SPEC 5: within %.0f%%): %s.\n",
                (num(mp, "limit_ratio") - 1) * 100, json_string_value(json_object_get(mp, "words")));
    int ok = json_is_true(json_object_get(d, "check_ok"));
    size_t over = json_array_size(json_object_get(db, "over"));
    int allowed = json_is_true(json_object_get(db, "allowed"));
    double others = num(d, "checks_failed") - (over && !allowed); /* the depth budget counts 1 */
    if (ok)
        fprintf(md, "- Verdict: check ok (every check passed, every stage within the depth "
                    "budget).\n");
    else if (over)
        fprintf(md, "- Verdict: **not check ok**: %zu stage%s over the depth budget (%s)%s.\n",
                over, over > 1 ? "s" : "", allowed ? "allowed for this run, DEPTH_BUDGET_OK=1"
                                                   : "a failed check; DEPTH_BUDGET_OK=1 allows it",
                others > 0 ? "; other checks failed too (see the cost log)" : "");
    else
        fprintf(md, "- Verdict: **not check ok**: %s.\n", others > 0 ?
                "checks failed (see the cost log)" : "not checked against the depth budget");
}

static int cost_compare(int argc, char **argv)
{
    if (argc != 5 && argc != 6)
        return die("usage: cost compare COST.json BASE.json PREFIX [NOISE.json]", NULL);
    json_error_t je;
    json_t *a = json_load_file(argv[2], 0, &je), *b = json_load_file(argv[3], 0, &je);
    if (!a || !b)
        return die("cannot read cost JSON: ", je.text);
    json_t *noise = argc == 6 ? json_load_file(argv[5], 0, &je) : json_object();
    if (!noise)
        return die("cannot read the noise bands: ", je.text);
    char path[4096], p1[16], p2[16], n1[96], n2[96], n3[96];
    const char *name = json_string_value(json_object_get(a, "top"));
    const char *base = json_string_value(json_object_get(b, "top"));

    snprintf(path, sizeof path, "%s.md", argv[4]);
    FILE *md = fopen(path, "w");
    snprintf(path, sizeof path, "%s.dat", argv[4]);
    FILE *dat = fopen(path, "w");
    if (!md || !dat)
        return die("cannot write outputs at ", argv[4]);
    fprintf(md, "# Cost and timing of %s beside its baseline %s\n\n", name, base);
    fprintf(md, "Yosys 0.23 (SRAMs black-boxed, event ports removed), `dfflibmap`/`abc -liberty` to "
                "the project's 45 nm cells, OpenSTA on the flat netlist with fanout buffer trees. "
                "GE = NAND2_X1 equivalents; SRAM area per macro shape from the model in "
                "synth/liberty.sh (fitted to OpenRAM's FreePDK45 macros). Depth = longest "
                "combinational path in gate levels. Noise bands: %s.\n\n",
            json_is_string(json_object_get(noise, "source")) ?
                json_string_value(json_object_get(noise, "source")) : "none given");
    double dt = num(a, "total_ge") - num(b, "total_ge"), dl = num(a, "logic_ge") - num(b, "logic_ge");
    double dp = num(a, "period_ns") - num(b, "period_ns");
    fprintf(md, "| | %s | %s (baseline) | delta | against noise |\n|---|---:|---:|---:|---|\n", name, base);
    fprintf(md, "| clock period (ns) | %.3f | %.3f | %+.3f | %s |\n", num(a, "period_ns"),
            num(b, "period_ns"), dp, band_note(dp, band_of(noise, "period_ns"), "ns", n1, sizeof n1));
    fprintf(md, "| frequency (GHz) | %.2f | %.2f | %+.2f | |\n", num(a, "fmax_ghz"), num(b, "fmax_ghz"),
            num(a, "fmax_ghz") - num(b, "fmax_ghz"));
    fprintf(md, "| SRAM macro minimum cycle (ns) | %.3f | %.3f | %+.3f | |\n", num(a, "sram_min_cycle_ns"),
            num(b, "sram_min_cycle_ns"), num(a, "sram_min_cycle_ns") - num(b, "sram_min_cycle_ns"));
    fprintf(md, "| total area (GE) | %.0f | %.0f | %+.0f (%s) | %s |\n", num(a, "total_ge"),
            num(b, "total_ge"), dt, pct(num(a, "total_ge"), num(b, "total_ge"), p1),
            band_note(dt, band_of(noise, "total_ge"), "GE", n2, sizeof n2));
    fprintf(md, "| logic area (GE) | %.0f | %.0f | %+.0f (%s) | %s |\n", num(a, "logic_ge"),
            num(b, "logic_ge"), dl, pct(num(a, "logic_ge"), num(b, "logic_ge"), p2),
            band_note(dl, band_of(noise, "logic_ge"), "GE", n3, sizeof n3));
    fprintf(md, "| SRAM area (GE) | %.0f | %.0f | %+.0f | |\n", num(a, "sram_ge"), num(b, "sram_ge"),
            num(a, "sram_ge") - num(b, "sram_ge"));
    fprintf(md, "| fanout buffers for timing (GE, not in the totals) | %.0f | %.0f | %+.0f | |\n",
            num(a, "fanout_buffer_ge"), num(b, "fanout_buffer_ge"),
            num(a, "fanout_buffer_ge") - num(b, "fanout_buffer_ge"));
    fprintf(md, "| SRAM bits | %.0f | %.0f | %+.0f | |\n", num(a, "sram_bits"), num(b, "sram_bits"),
            num(a, "sram_bits") - num(b, "sram_bits"));
    fprintf(md, "| flop bits | %.0f | %.0f | %+.0f | |\n", num(a, "flop_bits"), num(b, "flop_bits"),
            num(a, "flop_bits") - num(b, "flop_bits"));
    fprintf(md, "| logic depth (levels) | %.0f | %.0f | %+.0f | %s |\n", num(a, "depth"), num(b, "depth"),
            num(a, "depth") - num(b, "depth"),
            band_note(num(a, "depth") - num(b, "depth"), band_of(noise, "depth"), "levels", n1, sizeof n1));
    fprintf(md, "| synthesis and timing time (s) | %.1f | %.1f | | |\n\n", num(a, "synth_seconds"),
            num(b, "synth_seconds"));
    md_budget(md, a);
    if (strcmp(name, base) != 0)
        md_budget(md, b);
    fprintf(md, "\n## By structure\n\n| structure | GE | baseline GE | delta | against noise | flop bits "
                "| SRAM bits | depth | baseline depth |\n|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
    fprintf(dat, "# structure  delta_GE  band_GE\n");
    json_t *sa = json_object_get(a, "structures"), *sb = json_object_get(b, "structures");
    json_t *out = json_object();
    json_t *rows = json_array();
    for (size_t i = 0; i < json_array_size(sa); i++) {
        json_t *x = json_array_get(sa, i), *y = json_array_get(sb, i);
        const char *key = json_string_value(json_object_get(x, "key"));
        if (num(x, "ge") == 0 && num(y, "ge") == 0)
            continue; /* a structure neither design has */
        char bandkey[64];
        snprintf(bandkey, sizeof bandkey, "ge_%s", key);
        double d = num(x, "ge") - num(y, "ge"), band = band_of(noise, bandkey);
        fprintf(md, "| %s | %.0f | %.0f | %+.0f | %s | %.0f | %.0f | %.0f | %.0f |\n",
                json_string_value(json_object_get(x, "structure")), num(x, "ge"), num(y, "ge"), d,
                band_note(d, band, "GE", n1, sizeof n1), num(x, "flop_bits"), num(x, "sram_bits"),
                num(x, "depth"), num(y, "depth"));
        fprintf(dat, "\"%s\" %.1f %.1f\n", json_string_value(json_object_get(x, "structure")), d,
                band < 0 ? 0 : band);
        json_t *r = json_object();
        json_object_set(r, "design", x);
        json_object_set(r, "baseline", y);
        json_object_set_new(r, "ge_delta", json_real(d));
        json_object_set_new(r, "ge_noise_band", json_real(band));
        json_object_set_new(r, "within_noise", json_boolean(band >= 0 && d >= -band && d <= band));
        json_array_append_new(rows, r);
    }
    fprintf(md, "\n## SRAM macros\n\n| design | instance | rows x bits | area (um^2) | GE | minimum cycle (ns) |\n"
                "|---|---|---|---:|---:|---:|\n");
    json_t *des[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        json_t *ms = json_object_get(des[k], "sram_macros");
        for (size_t i = 0; i < json_array_size(ms); i++) {
            json_t *m = json_array_get(ms, i);
            if (json_object_get(m, "macro")) { /* an array on the user's macro: its grid */
                fprintf(md, "| %s | %s.%s | %.0f x %s (%.0f x %.0f) for a %.0f x %.0f array | "
                            "%.0f | %.0f | %.3f |\n",
                        json_string_value(json_object_get(des[k], "top")),
                        json_string_value(json_object_get(m, "module")),
                        json_string_value(json_object_get(m, "instance")), num(m, "macros"),
                        json_string_value(json_object_get(m, "macro")), num(m, "rows"),
                        num(m, "bits"), num(m, "array_rows"), num(m, "array_bits"),
                        num(m, "area_um2"), num(m, "ge"), num(m, "min_cycle_ns"));
                continue;
            }
            fprintf(md, "| %s | %s.%s | %.0f x %.0f | %.0f | %.0f | %.3f |\n",
                    json_string_value(json_object_get(des[k], "top")),
                    json_string_value(json_object_get(m, "module")),
                    json_string_value(json_object_get(m, "instance")), num(m, "rows"), num(m, "bits"),
                    num(m, "area_um2"), num(m, "ge"), num(m, "min_cycle_ns"));
        }
    }
    cost_user_md(md, a);
    if (strcmp(name, base) != 0)
        cost_user_md(md, b);
    md_path(md, a);
    if (strcmp(name, base) != 0 && num(b, "period_ns") > 0)
        md_path(md, b);
    fclose(md);
    fclose(dat);
    json_object_set(out, "design", a);
    json_object_set(out, "baseline", b);
    json_object_set_new(out, "by_structure", rows);
    json_object_set_new(out, "total_ge_delta", json_real(dt));
    json_object_set_new(out, "logic_ge_delta", json_real(dl));
    json_object_set_new(out, "period_ns_delta", json_real(dp));
    json_object_set_new(out, "depth_delta", json_real(num(a, "depth") - num(b, "depth")));
    /* the report's verdict: the design's and the baseline's checks, depth budget included */
    json_object_set_new(out, "check_ok", json_boolean(json_is_true(json_object_get(a, "check_ok")) &&
                                                      json_is_true(json_object_get(b, "check_ok"))));
    json_object_set(out, "noise", noise);
    snprintf(path, sizeof path, "%s.json", argv[4]);
    if (json_dump_file(out, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        return die("cannot write ", path);
    snprintf(path, sizeof path, "%s.gp", argv[4]);
    FILE *gp = fopen(path, "w");
    if (!gp)
        return die("cannot write ", path);
    const char *dir = strrchr(argv[4], '/') ? strrchr(argv[4], '/') + 1 : argv[4];
    fprintf(gp, "set terminal svg size 1100,720 dynamic noenhanced font 'sans,13'\nset output '%s.svg'\n", dir);
    fprintf(gp, "set title 'Area delta by structure: %s minus baseline %s (GE, linear; grey: noise band)'\n",
            name, base);
    fprintf(gp, "set style fill solid 0.8 border -1\nset boxwidth 0.6\nset ylabel 'GE (design - baseline)'\n"
                "set xtics rotate by -40 offset -1,-0.3 nomirror\nset bmargin 18\nset rmargin 20\n"
                "set grid ytics\nset xzeroaxis lt -1\nset offsets 0.5, 0.5, graph 0.12, graph 0.12\n"
                "unset key\n");
    fprintf(gp, "plot '%s.dat' using 0:3:xtic(1) with boxes lc rgb '#dddddd', "
                "'' using 0:(-$3) with boxes lc rgb '#dddddd', "
                "'' using 0:2 with boxes lc rgb '#4477aa', "
                "'' using 0:2:(sprintf('%%+.0f', $2)) with labels offset 0,char 1 font 'sans,12'\n", dir);
    fclose(gp);
    json_decref(out);
    json_decref(a);
    json_decref(b);
    json_decref(noise);
    return 0;
}

/* ---- noise bands ---------------------------------------------------------------------------- */

static void band_max(json_t *bands, const char *key, double delta)
{
    double d = delta < 0 ? -delta : delta;
    json_t *v = json_object_get(bands, key);
    if (!v || json_number_value(v) < d)
        json_object_set_new(bands, key, json_real(d));
}

/* cost noise OUT.json SOURCE REF.json PERTURBED.json [REF.json PERTURBED.json...]: the noise
 * band of each quantity is the largest |perturbed - reference| over the pairs. */
static int cost_noise(int argc, char **argv)
{
    if (argc < 6 || (argc - 4) % 2 != 0)
        return die("usage: cost noise OUT.json SOURCE REF.json PERTURBED.json [REF PERTURBED...]", NULL);
    json_t *bands = json_object(), *pairs = json_array();
    static const char *const keys[] = {"total_ge", "logic_ge", "period_ns", "depth"};
    for (int i = 4; i < argc; i += 2) {
        json_error_t je;
        json_t *r = json_load_file(argv[i], 0, &je), *p = json_load_file(argv[i + 1], 0, &je);
        if (!r || !p)
            return die("cannot read cost JSON: ", je.text);
        json_t *pair = json_object();
        json_object_set_new(pair, "reference", json_string(argv[i]));
        json_object_set_new(pair, "perturbed", json_string(argv[i + 1]));
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            double d = num(p, keys[k]) - num(r, keys[k]);
            band_max(bands, keys[k], d);
            json_object_set_new(pair, keys[k], json_real(d));
        }
        json_t *sr = json_object_get(r, "structures"), *sp = json_object_get(p, "structures");
        for (size_t k = 0; k < json_array_size(sr) && k < json_array_size(sp); k++) {
            char key[64];
            snprintf(key, sizeof key, "ge_%s",
                     json_string_value(json_object_get(json_array_get(sr, k), "key")));
            double d = num(json_array_get(sp, k), "ge") - num(json_array_get(sr, k), "ge");
            band_max(bands, key, d);
            json_object_set_new(pair, key, json_real(d));
        }
        json_array_append_new(pairs, pair);
        json_decref(r);
        json_decref(p);
    }
    json_t *out = json_object();
    json_object_set_new(out, "source", json_string(argv[3]));
    json_object_set_new(out, "bands", bands);
    json_object_set_new(out, "pairs", pairs);
    if (json_dump_file(out, argv[2], JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        return die("cannot write ", argv[2]);
    json_decref(out);
    return 0;
}

/* cost row COST.json: one Markdown table row (tops.sh): area, bits, period, critical path. */
static int cost_row(int argc, char **argv)
{
    if (argc != 3)
        return die("usage: cost row COST.json", NULL);
    json_error_t je;
    json_t *a = json_load_file(argv[2], 0, &je);
    if (!a)
        return die("cannot read cost JSON: ", je.text);
    json_t *cp = json_object_get(a, "critical_path");
    printf("| %s | %.0f | %.0f | %.0f | %.0f | %.3f | %.2f | `%s` -> `%s` (%zu stages) | %.1f |\n",
           json_string_value(json_object_get(a, "top")), num(a, "logic_ge"), num(a, "sram_ge"),
           num(a, "flop_bits"), num(a, "sram_bits"), num(a, "period_ns"), num(a, "fmax_ghz"),
           json_string_value(json_object_get(cp, "start")),
           json_string_value(json_object_get(cp, "end")),
           json_array_size(json_object_get(cp, "stages")), num(a, "synth_seconds"));
    json_decref(a);
    return 0;
}

/* cost bench REPORT.json LABEL: one BENCHMARKS.md row from a cost_report.json: period, area,
 * SRAM area by macro shape, and the deltas to the baseline against their noise bands. Given
 * one design's COST.json instead, the row of a top the baseline lacks: its area is the delta. */
static int cost_bench(int argc, char **argv)
{
    if (argc != 4)
        return die("usage: cost bench REPORT.json LABEL", NULL);
    json_error_t je;
    json_t *r = json_load_file(argv[2], 0, &je);
    if (!r)
        return die("cannot read the report JSON: ", je.text);
    json_t *a = json_object_get(r, "design"), *b = json_object_get(r, "baseline");
    json_t *noise = json_object_get(r, "noise");
    if (!a) /* one design's cost JSON: a top its baseline has none of (tops.sh) */
        a = b = r;
    char macros[1024] = "", n1[96], n2[96];
    json_t *ms = json_object_get(a, "sram_macros");
    for (size_t i = 0; i < json_array_size(ms); i++) { /* group by shape, in order */
        json_t *m = json_array_get(ms, i);
        int seen = 0, count = 0;
        for (size_t k = 0; k < json_array_size(ms); k++) {
            json_t *o = json_array_get(ms, k);
            int same = num(o, "rows") == num(m, "rows") && num(o, "bits") == num(m, "bits");
            if (same && k < i)
                seen = 1;
            /* an array on the user's macro is an entry of "macros" macros */
            count += same * (json_object_get(o, "macros") ? (int)num(o, "macros") : 1);
        }
        if (seen)
            continue;
        size_t len = strlen(macros);
        double each = json_object_get(m, "macros") && num(m, "macros") > 0
                          ? num(m, "ge") / num(m, "macros") : num(m, "ge");
        snprintf(macros + len, sizeof macros - len, "%s%d x %.0fx%.0f: %.0f", len ? "; " : "", count,
                 num(m, "rows"), num(m, "bits"), each);
    }
    int same = !strcmp(json_string_value(json_object_get(a, "top")),
                       json_string_value(json_object_get(b, "top"))) ||
               (num(a, "total_ge") == num(b, "total_ge") && num(a, "period_ns") == num(b, "period_ns"));
    double dt = num(r, "total_ge_delta"), dp = num(r, "period_ns_delta");
    printf("| %s | %.3f (%.2f) | %.0f | %.0f | %.0f | %s | ", argv[3], num(a, "period_ns"),
           num(a, "fmax_ghz"), num(a, "total_ge"), num(a, "logic_ge"), num(a, "sram_ge"), macros);
    if (a == r)
        printf("%+.0f GE: the baseline has no such top | |\n", num(a, "total_ge"));
    else if (same)
        printf("(is the baseline) | |\n");
    else
        printf("%+.0f GE, %s | %+.3f ns, %s |\n", dt,
               band_note(dt, band_of(noise, "total_ge"), "GE", n1, sizeof n1), dp,
               band_note(dp, band_of(noise, "period_ns"), "ns", n2, sizeof n2));
    json_decref(r);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "one"))
        return cost_one(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "compare"))
        return cost_compare(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "noise"))
        return cost_noise(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "row"))
        return cost_row(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "bench"))
        return cost_bench(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "sram-lib"))
        return cost_sram_lib(argc, argv);
    return die("usage: cost one ... | cost compare ... | cost noise ... (see the header of synth/cost.c)", NULL);
}
