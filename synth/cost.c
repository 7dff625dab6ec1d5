/* cost: turns a Yosys synthesis of a generated cache into area, storage and depth, per
 * structure, and checks the storage against the closed-form count of the configuration.
 *
 *   cost one OUTDIR STAT.json HIER.json FLAT.json SECONDS COST.json
 *       one design: cells -> NAND2-equivalent gates (GE), flop and SRAM bits, logic depth
 *   cost compare COST.json BASE.json PREFIX
 *       PREFIX.json / PREFIX.md (design beside its baseline, with deltas) and PREFIX.dat / .gp
 *       (gnuplot bar chart of area by structure)
 *
 * Gate areas are the X1 cell areas of the NanGate FreePDK45 Open Cell Library divided by
 * NAND2_X1 (0.798 um^2): INV 0.532, AND2/OR2 1.064, NAND2/NOR2 0.798, XOR2/XNOR2 1.596,
 * MUX2 1.862, DFF 4.522, DFFR/DFFS 5.32 um^2. ANDNOT/ORNOT are costed as AND2/OR2 (an
 * inverted input is absorbed in real libraries). SRAM area per bit: a 45 nm 6T bitcell of
 * 0.346 um^2 at 70% array efficiency (periphery, sense amplifiers, decoders: +43%), i.e.
 * 0.346 / 0.7 / 0.798 = 0.619 GE per bit. Both models are estimates for comparing designs
 * with each other, not a sign-off number. Exit status: 0, 1 on a failed check, 2 on bad input. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gen/cfg.h"
#include "../gen/lay.h"

#define NAND2_UM2 0.798
#define SRAM_BIT_UM2 0.346
#define SRAM_EFFICIENCY 0.70
#define SRAM_GE_PER_BIT (SRAM_BIT_UM2 / SRAM_EFFICIENCY / NAND2_UM2)

typedef struct gate_area {
    const char *type;  /* Yosys internal cell type after abc and dffunmap */
    double ge;         /* NAND2 equivalents */
    int flop;          /* 1: a storage bit, a cut point for depth */
} gate_area_t;

static const gate_area_t gates[] = {
    {"$_NOT_", 0.532 / NAND2_UM2, 0},   {"$_BUF_", 0.532 / NAND2_UM2, 0},
    {"$_AND_", 1.064 / NAND2_UM2, 0},   {"$_OR_", 1.064 / NAND2_UM2, 0},
    {"$_ANDNOT_", 1.064 / NAND2_UM2, 0}, {"$_ORNOT_", 1.064 / NAND2_UM2, 0},
    {"$_NAND_", 1.0, 0},                {"$_NOR_", 1.0, 0},
    {"$_XOR_", 1.596 / NAND2_UM2, 0},   {"$_XNOR_", 1.596 / NAND2_UM2, 0},
    {"$_MUX_", 1.862 / NAND2_UM2, 0},   {"$_DFF_P_", 4.522 / NAND2_UM2, 1},
    {"$_DFF_PN0_", 5.32 / NAND2_UM2, 1}, {"$_DFF_PN1_", 5.32 / NAND2_UM2, 1},
};
#define NGATES (sizeof gates / sizeof gates[0])
#define SRAM_CELL "cachegen_sram_1r1w"

static const gate_area_t *gate_of(const char *type)
{
    for (size_t i = 0; i < NGATES; i++)
        if (!strcmp(gates[i].type, type))
            return &gates[i];
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

static int die(const char *msg, const char *arg)
{
    fprintf(stderr, "cost: error: %s%s\n", msg, arg ? arg : "");
    return 2;
}

/* ---- longest combinational path ---------------------------------------------------------- */

typedef struct depth_ctx {
    int nbits;
    int *driver_cell;  /* bit -> index into cells[] of the gate driving it, -1 if none */
    json_t **cells;    /* gate cells */
    int *level;        /* -1 unknown, -2 on the stack */
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
    int best = 0;
    json_object_foreach(conns, port, bits) {
        const char *dir = json_string_value(json_object_get(dirs, port));
        if (!dir || strcmp(dir, "input") != 0)
            continue;
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int l = level_of(d, bit_id(b));
            if (l > best)
                best = l;
        }
    }
    d->level[bit] = best + 1;
    return best + 1;
}

/* Longest path through gate cells of `module`; flops, SRAMs and submodule instances cut it.
 * Sets *loop on a combinational cycle. */
static int module_depth(json_t *module, int *loop)
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
    depth_ctx_t d = {0};
    d.nbits = maxbit + 1;
    d.driver_cell = malloc(sizeof(int) * (size_t)d.nbits);
    d.level = malloc(sizeof(int) * (size_t)d.nbits);
    d.cells = malloc(sizeof(json_t *) * (json_object_size(cells) + 1));
    for (int i = 0; i < d.nbits; i++)
        d.driver_cell[i] = -1, d.level[i] = -1;
    int n = 0;
    json_object_foreach(cells, name, cell) {
        const gate_area_t *g = gate_of(json_string_value(json_object_get(cell, "type")));
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
    int best = 0;
    for (int b = 0; b < d.nbits; b++) {
        int l = level_of(&d, b);
        if (l > best)
            best = l;
    }
    *loop = d.loop;
    free(d.driver_cell);
    free(d.level);
    free(d.cells);
    return best;
}

/* ---- one design ---------------------------------------------------------------------------- */

static unsigned long long param_value(json_t *cell, const char *name)
{
    const char *v = json_string_value(json_object_get(json_object_get(cell, "parameters"), name));
    return v ? strtoull(v, NULL, 2) : 0; /* Yosys writes parameters as binary strings */
}

static int suffix_is(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

static int cost_one(int argc, char **argv)
{
    if (argc != 8)
        return die("usage: cost one OUTDIR STAT.json HIER.json FLAT.json SECONDS COST.json", NULL);
    const char *outdir = argv[2];
    cfg_t c;
    char err[1024], path[4096];
    snprintf(path, sizeof path, "%s/config.yaml", outdir);
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path, err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0)
        return die(err, NULL);
    lay_l1_t lay;
    lay_l1_build(&c.l1, &lay);
    json_error_t je;
    json_t *stat = json_load_file(argv[3], 0, &je), *hier = json_load_file(argv[4], 0, &je);
    json_t *flat = json_load_file(argv[5], 0, &je);
    if (!stat || !hier || !flat)
        return die("cannot read Yosys JSON: ", je.text);

    structure_t st[ST_COUNT];
    memset(st, 0, sizeof st);
    int unmapped = 0;
    const char *mname;
    json_t *mod;
    json_object_foreach(json_object_get(hier, "modules"), mname, mod) {
        if (!strcmp(mname, SRAM_CELL))
            continue;
        int s = suffix_is(mname, "_meta") ? ST_META_LOGIC : suffix_is(mname, "_mshr") ? ST_MSHR
                : suffix_is(mname, "_index") ? ST_INDEX
                : suffix_is(mname, "_pctbl") ? ST_PCTBL : ST_CONTROL;
        const char *cname;
        json_t *cell;
        json_object_foreach(json_object_get(mod, "cells"), cname, cell) {
            const char *type = json_string_value(json_object_get(cell, "type"));
            if (!strcmp(type, SRAM_CELL)) {
                unsigned long long bits = param_value(cell, "Width") * param_value(cell, "Depth");
                int k = strstr(cname, "meta_sram") ? ST_META_SRAM : ST_DATA_SRAM;
                st[k].sram += bits;
                st[k].ge += (double)bits * SRAM_GE_PER_BIT;
                continue;
            }
            if (json_object_get(json_object_get(hier, "modules"), type))
                continue; /* a submodule instance: its cells count in its own module */
            const gate_area_t *g = gate_of(type);
            if (!g) {
                printf("cost: CHECK FAILED: unmapped cell %s of type %s in %s\n", cname, type, mname);
                unmapped++;
                continue;
            }
            st[s].ge += g->ge;
            st[s].flops += (unsigned long long)g->flop;
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
    json_object_foreach(json_object_get(flat, "modules"), mname, mod) {
        if (!strcmp(mname, c.name))
            depth = module_depth(mod, &loop);
    }
    if (loop) {
        printf("cost: CHECK FAILED: combinational loop in the flattened design\n");
        fail_count++;
    }

    /* storage against the closed form of SPEC 3.1 / 3.3 */
    unsigned b = cfg_log2(c.l1.line_bytes), m = cfg_log2(c.l1.sets);
    unsigned tag = c.l1.addr_bits - b - m;
    unsigned repl = c.l1.ways == 1 ? 0 : c.l1.repl == REPL_LRU ? cfg_log2(c.l1.ways)
                    : c.l1.repl == REPL_SRRIP ? c.l1.rrpv_bits : 0;
    unsigned plru = c.l1.repl == REPL_PLRU ? c.l1.ways - 1 : 0;
    unsigned long long meta = (unsigned long long)c.l1.sets * (c.l1.ways * (1 + tag + repl) + plru);
    unsigned long long data = (unsigned long long)c.l1.sets * c.l1.ways * c.l1.line_bytes * 8;
    unsigned long long mshr = (unsigned long long)c.l1.mshrs * (1 + (c.l1.addr_bits - b) + c.l1.id_bits);
    if (c.l1.mode == MODE_DECOUPLED) { /* SPEC 3.4: tag store + data-store state, one row */
        unsigned pos = cfg_log2(c.l1.ways);
        unsigned long long tags = (unsigned long long)c.l1.sets * c.l1.tag_ways *
                                  (1 + tag + c.l1.rc_bits + 1 + pos);
        unsigned long long state = (unsigned long long)c.l1.sets *
                                   (c.l1.ways * (2 + repl) + plru + pos + 1);
        printf("cost: closed form: tag store %llu bits, data-store state %llu bits\n", tags, state);
        meta = tags + state;
        mshr += c.l1.mshrs; /* each MSHR remembers whether its read bypasses */
    }
    unsigned long long pctbl = 0;
    if (c.l1.mode == MODE_PCPRED) { /* SPEC 3.6: a PC hash per line, the table in flops */
        unsigned k = cfg_log2(c.l1.pc_entries);
        pctbl = (unsigned long long)c.l1.pc_entries * c.l1.pc_counter_bits;
        printf("cost: closed form: predictor table %llu bits, line PC hashes %llu bits\n", pctbl,
               (unsigned long long)c.l1.sets * c.l1.ways * k);
        meta += (unsigned long long)c.l1.sets * c.l1.ways * k;
        mshr += (unsigned long long)c.l1.mshrs * (1 + k); /* the prediction and the PC hash */
    }
    check(st[ST_META_SRAM].sram == meta, "metadata SRAM bits", st[ST_META_SRAM].sram, meta);
    check(st[ST_DATA_SRAM].sram == data, "data SRAM bits", st[ST_DATA_SRAM].sram, data);
    check(st[ST_MSHR].flops == mshr, "MSHR flop bits", st[ST_MSHR].flops, mshr);
    check(st[ST_PCTBL].flops == pctbl && st[ST_PCTBL].sram == 0, "predictor table flop bits",
          st[ST_PCTBL].flops + st[ST_PCTBL].sram, pctbl);
    check(st[ST_INDEX].flops == 0 && st[ST_INDEX].sram == 0, "index network storage bits",
          st[ST_INDEX].flops + st[ST_INDEX].sram, 0);
    if (!unmapped)
        printf("cost: check ok: every cell is a mapped gate, a flop or an SRAM\n");

    json_t *root = json_object(), *arr = json_array();
    json_object_set_new(root, "top", json_string(c.name));
    json_object_set_new(root, "yosys_seconds", json_real(atof(argv[6])));
    double logic = 0, sram = 0;
    unsigned long long flops = 0, sbits = 0;
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
        flops += st[i].flops;
        sbits += st[i].sram;
    }
    json_object_set_new(root, "structures", arr);
    json_object_set_new(root, "logic_ge", json_real(logic));
    json_object_set_new(root, "sram_ge", json_real(sram));
    json_object_set_new(root, "total_ge", json_real(logic + sram));
    json_object_set_new(root, "flop_bits", json_integer((json_int_t)flops));
    json_object_set_new(root, "sram_bits", json_integer((json_int_t)sbits));
    json_object_set_new(root, "depth", json_integer(depth));
    json_object_set_new(root, "checks_failed", json_integer(fail_count));
    if (json_dump_file(root, argv[7], JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        return die("cannot write ", argv[7]);
    printf("cost: %s: logic %.0f GE, SRAM %.0f GE, %llu flop bits, %llu SRAM bits, depth %d\n",
           c.name, logic, sram, flops, sbits, depth);
    json_decref(root);
    json_decref(stat);
    json_decref(hier);
    json_decref(flat);
    return fail_count ? 1 : 0;
}

/* ---- design beside baseline ------------------------------------------------------------- */

static double num(json_t *o, const char *k) { return json_number_value(json_object_get(o, k)); }

static const char *pct(double a, double b, char *buf)
{
    if (b == 0)
        snprintf(buf, 16, a == 0 ? "0.0%%" : "n/a");
    else
        snprintf(buf, 16, "%+.1f%%", (a - b) / b * 100);
    return buf;
}

static int cost_compare(int argc, char **argv)
{
    if (argc != 5)
        return die("usage: cost compare COST.json BASE.json PREFIX", NULL);
    json_error_t je;
    json_t *a = json_load_file(argv[2], 0, &je), *b = json_load_file(argv[3], 0, &je);
    if (!a || !b)
        return die("cannot read cost JSON: ", je.text);
    char path[4096], p1[16], p2[16], p3[16], p4[16];
    const char *name = json_string_value(json_object_get(a, "top"));
    const char *base = json_string_value(json_object_get(b, "top"));

    snprintf(path, sizeof path, "%s.md", argv[4]);
    FILE *md = fopen(path, "w");
    snprintf(path, sizeof path, "%s.dat", argv[4]);
    FILE *dat = fopen(path, "w");
    if (!md || !dat)
        return die("cannot write outputs at ", argv[4]);
    fprintf(md, "# Cost of %s beside its baseline %s\n\n", name, base);
    fprintf(md, "Yosys 0.23 generic synthesis, `abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX`, "
                "SRAMs black-boxed, event port removed. GE = NAND2 equivalents (NanGate45 X1 "
                "cell areas / NAND2_X1); SRAM %.3f GE per bit (45 nm 6T cell 0.346 um^2, 70%% "
                "array efficiency). Depth = longest combinational path in gate levels.\n\n",
            SRAM_GE_PER_BIT);
    fprintf(md, "| | %s | %s (baseline) | delta |\n|---|---:|---:|---:|\n", name, base);
    fprintf(md, "| total area (GE) | %.0f | %.0f | %+.0f (%s) |\n", num(a, "total_ge"),
            num(b, "total_ge"), num(a, "total_ge") - num(b, "total_ge"),
            pct(num(a, "total_ge"), num(b, "total_ge"), p1));
    fprintf(md, "| logic area (GE) | %.0f | %.0f | %+.0f (%s) |\n", num(a, "logic_ge"),
            num(b, "logic_ge"), num(a, "logic_ge") - num(b, "logic_ge"),
            pct(num(a, "logic_ge"), num(b, "logic_ge"), p2));
    fprintf(md, "| SRAM bits | %.0f | %.0f | %+.0f |\n", num(a, "sram_bits"), num(b, "sram_bits"),
            num(a, "sram_bits") - num(b, "sram_bits"));
    fprintf(md, "| flop bits | %.0f | %.0f | %+.0f |\n", num(a, "flop_bits"), num(b, "flop_bits"),
            num(a, "flop_bits") - num(b, "flop_bits"));
    fprintf(md, "| logic depth (levels) | %.0f | %.0f | %+.0f |\n", num(a, "depth"), num(b, "depth"),
            num(a, "depth") - num(b, "depth"));
    fprintf(md, "| Yosys time (s) | %.1f | %.1f | |\n\n", num(a, "yosys_seconds"),
            num(b, "yosys_seconds"));
    fprintf(md, "## By structure\n\n| structure | GE | baseline GE | delta | flop bits | SRAM bits "
                "| depth | baseline depth |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    fprintf(dat, "# structure  design_GE  baseline_GE\n");
    json_t *sa = json_object_get(a, "structures"), *sb = json_object_get(b, "structures");
    json_t *out = json_object();
    json_t *rows = json_array();
    for (size_t i = 0; i < json_array_size(sa); i++) {
        json_t *x = json_array_get(sa, i), *y = json_array_get(sb, i);
        const char *key = json_string_value(json_object_get(x, "key"));
        if (!strcmp(key, "pctbl") && num(x, "ge") == 0 && num(y, "ge") == 0)
            continue; /* a structure neither design has */
        fprintf(md, "| %s | %.0f | %.0f | %s | %.0f | %.0f | %.0f | %.0f |\n",
                json_string_value(json_object_get(x, "structure")), num(x, "ge"), num(y, "ge"),
                pct(num(x, "ge"), num(y, "ge"), p3), num(x, "flop_bits"), num(x, "sram_bits"),
                num(x, "depth"), num(y, "depth"));
        fprintf(dat, "\"%s\" %.1f %.1f\n", json_string_value(json_object_get(x, "key")),
                num(x, "ge"), num(y, "ge"));
        json_t *r = json_object();
        json_object_set(r, "design", x);
        json_object_set(r, "baseline", y);
        json_object_set_new(r, "ge_delta", json_real(num(x, "ge") - num(y, "ge")));
        json_array_append_new(rows, r);
    }
    (void)p4;
    fclose(md);
    fclose(dat);
    json_object_set(out, "design", a);
    json_object_set(out, "baseline", b);
    json_object_set_new(out, "by_structure", rows);
    json_object_set_new(out, "total_ge_delta", json_real(num(a, "total_ge") - num(b, "total_ge")));
    json_object_set_new(out, "depth_delta", json_real(num(a, "depth") - num(b, "depth")));
    snprintf(path, sizeof path, "%s.json", argv[4]);
    if (json_dump_file(out, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
        return die("cannot write ", path);
    snprintf(path, sizeof path, "%s.gp", argv[4]);
    FILE *gp = fopen(path, "w");
    if (!gp)
        return die("cannot write ", path);
    fprintf(gp, "set terminal svg size 900,480 dynamic noenhanced\nset output '%s.svg'\n", argv[4]);
    fprintf(gp, "set title 'Area by structure: %s vs baseline %s (GE, log scale)'\n", name, base);
    fprintf(gp, "set style data histograms\nset style histogram clustered\n"
                "set style fill solid 0.8 border -1\nset logscale y\nset ylabel 'GE'\n"
                "set xtics rotate by -20 offset -1,-0.3\nset bmargin 5\nset key top right\n");
    fprintf(gp, "plot '%s.dat' using 2:xtic(1) title '%s', '' using 3 title '%s'\n", argv[4], name,
            base);
    fclose(gp);
    json_decref(out);
    json_decref(a);
    json_decref(b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "one"))
        return cost_one(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "compare"))
        return cost_compare(argc, argv);
    return die("usage: cost one ... | cost compare ... (see the header of synth/cost.c)", NULL);
}
