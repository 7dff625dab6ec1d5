/* cost_macro: the cost of an output whose arrays are on the user's own SRAM macro (sram.macro;
 * docs/ip.md "Your own SRAM macros"). The wrapper <name>_sram tiles each array (Width x Depth)
 * onto Cols x Rows macros (Cols = ceil(Width / sram.width), Rows = ceil(Depth / sram.depth));
 * synth.sh synthesizes the wrapper as logic with the macro a black box read from the user's
 * Liberty (SYNDIR/sram_user.lib). Here, per array: the macros the netlist holds, checked
 * against that tiling and against the array's bits (the macros' bits must hold them; the rest
 * is reported unused); the area is the Liberty's area of the cell times the count, taken as
 * um^2 like the project's cells (NAND2_X1 = 0.798 um^2 = one GE); the minimum period is the
 * Liberty's, when it gives one. The wrapper's own gates and flops count as logic in cost.c.
 *
 *   cost sram-lib OUTDIR LIB
 *       checks that LIB has the cell sram.macro of OUTDIR's configuration, with an area and
 *       the configured pins at the macro's widths (synth.sh runs it before Yosys); exit 0, 1
 *       when LIB is refused (the reason on stderr, naming the cell, pin and file), 2 on bad
 *       input. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"

/* The bits the macro's pin `p` (SRAM_PIN_*) has, as the wrapper connects it. */
static int pin_width(const cfg_sram_t *s, int p)
{
    unsigned abits = cfg_log2(s->depth);
    switch (p) {
    case SRAM_PIN_RADDR:
    case SRAM_PIN_WADDR:
        return abits ? (int)abits : 1;
    case SRAM_PIN_RDATA:
    case SRAM_PIN_WDATA:
        return (int)s->width;
    case SRAM_PIN_WMASK:
        return s->mask == SRAM_MASK_BYTE ? (int)s->width / 8 : (int)s->width;
    default:
        return 1;
    }
}

/* Checks a read cell against the configuration: an area, every pin the wrapper connects at its
 * width. Returns 0, or -1 with the reason in err. */
static int macro_lib_fits(const cfg_sram_t *s, const cost_macro_lib_t *m, const char *path,
                          char *err, size_t n)
{
    if (!m->has_area || m->area <= 0) {
        snprintf(err, n, "%s: cell %s gives no positive area (its area attribute): the cost "
                 "flow prices the macro by it", path, s->macro);
        return -1;
    }
    for (int p = 0; p < SRAM_PINS; p++) {
        if (p == SRAM_PIN_WMASK && s->mask == SRAM_MASK_NONE)
            continue; /* the wrapper connects no mask */
        const cost_lib_pin_t *lp = cost_liberty_pin(m, s->pin[p]);
        if (!lp) {
            snprintf(err, n, "%s: cell %s has no pin or bus %s (%s)", path, s->macro,
                     s->pin[p], cfg_sram_pin_key((unsigned)p));
            return -1;
        }
        if (lp->width >= 0 && lp->width != pin_width(s, p)) {
            snprintf(err, n, "%s: cell %s's %s (%s) is %d bits; the configuration's "
                     "macro connects %d (sram.width %u, sram.depth %u, sram.mask)", path,
                     s->macro, s->pin[p], cfg_sram_pin_key((unsigned)p), lp->width,
                     pin_width(s, p), s->width, s->depth);
            return -1;
        }
    }
    return 0;
}

int cost_user_load(cost_user_t *u, const cfg_t *c, const char *lib, char *err, size_t n)
{
    memset(u, 0, sizeof *u);
    u->cfg = c;
    snprintf(u->wrapper, sizeof u->wrapper, "%s_sram", c->name);
    snprintf(u->hdlname, sizeof u->hdlname, "\\%s_sram", c->name);
    if (cost_liberty_macro(lib, c->sram.macro, &u->lib, err, n) != 0 ||
        macro_lib_fits(&c->sram, &u->lib, lib, err, n) != 0)
        return -1;
    u->checked = json_object();
    return u->checked ? 0 : -1;
}

void cost_user_free(cost_user_t *u)
{
    json_decref(u->checked);
    u->checked = NULL;
}

int cost_user_is_wrapper(const cost_user_t *u, json_t *modules, const char *type)
{
    if (!type)
        return 0;
    if (!strcmp(type, u->wrapper))
        return 1;
    json_t *m = json_object_get(modules, type);
    const char *h = json_string_value(json_object_get(json_object_get(m, "attributes"), "hdlname"));
    return h && !strcmp(h, u->hdlname);
}

/* A parameter of a (derived) module, from its parameter_default_values (binary strings). */
static unsigned long long module_param(json_t *module, const char *name)
{
    const char *v = json_string_value(
        json_object_get(json_object_get(module, "parameter_default_values"), name));
    return v ? strtoull(v, NULL, 2) : 0;
}

int cost_user_array(cost_user_t *u, json_t *modules, const char *type, cost_user_array_t *a)
{
    const cfg_sram_t *s = &u->cfg->sram;
    json_t *m = json_object_get(modules, type);
    memset(a, 0, sizeof *a);
    a->width = module_param(m, "Width");
    a->depth = module_param(m, "Depth");
    const char *cname;
    json_t *cell;
    json_object_foreach(json_object_get(m, "cells"), cname, cell) {
        const char *t = json_string_value(json_object_get(cell, "type"));
        a->macros += t && !strcmp(t, s->macro);
    }
    a->cols = (a->width + s->width - 1) / s->width;
    a->rows = (a->depth + s->depth - 1) / s->depth;
    a->macro_bits = a->macros * s->width * s->depth;
    a->area_um2 = (double)a->macros * u->lib.area;
    if (json_object_get(u->checked, type))
        return 0; /* a shape's checks print once */
    json_object_set_new(u->checked, type, json_true());
    int bad = 0;
    unsigned long long bits = a->width * a->depth, want = a->cols * a->rows;
    if (!a->width || !a->depth) {
        printf("cost: CHECK FAILED: the wrapper %s gives no Width and Depth\n", type);
        return 1;
    }
    if (a->macros == want) {
        printf("cost: check ok: the %llu x %llu array (%llu bits wide, %llu words) is on %llu "
               "macros %s, %llu columns x %llu rows of %u words x %u bits\n", a->depth, a->width,
               a->width, a->depth, a->macros, s->macro, a->cols, a->rows, s->depth, s->width);
    } else {
        printf("cost: CHECK FAILED: the %llu x %llu array is on %llu macros %s, its tiling "
               "ceil(%llu / %u) x ceil(%llu / %u) = %llu\n", a->depth, a->width, a->macros,
               s->macro, a->width, s->width, a->depth, s->depth, want);
        bad++;
    }
    if (a->macro_bits >= bits) {
        printf("cost: check ok: macro bits of the %llu x %llu array: %llu macros x %u words x "
               "%u bits = %llu >= its %llu bits (%.1f%% unused)\n", a->depth, a->width,
               a->macros, s->depth, s->width, a->macro_bits, bits,
               100.0 * (double)(a->macro_bits - bits) / (double)a->macro_bits);
    } else {
        printf("cost: CHECK FAILED: macro bits of the %llu x %llu array: %llu macros x %u words "
               "x %u bits = %llu, fewer than its %llu bits\n", a->depth, a->width, a->macros,
               s->depth, s->width, a->macro_bits, bits);
        bad++;
    }
    return bad;
}

void cost_user_add(cost_user_t *u, const cost_user_array_t *a, unsigned long long inst)
{
    u->macros += inst * a->macros;
    u->macro_bits += inst * a->macro_bits;
    u->array_bits += inst * a->width * a->depth;
}

json_t *cost_user_json(const cost_user_t *u, double nand2_um2)
{
    const cfg_sram_t *s = &u->cfg->sram;
    double unused = u->macro_bits ? (double)(u->macro_bits - (u->macro_bits > u->array_bits ?
                                                               u->array_bits : u->macro_bits)) /
                                        (double)u->macro_bits : 0;
    json_t *o = json_pack("{s:s, s:s, s:i, s:i, s:f, s:s, s:I, s:f, s:f}", "macro", s->macro,
                          "liberty", "sram_user.lib", "words", (int)s->depth, "bits",
                          (int)s->width, "area_um2_each", u->lib.area, "area_unit_assumed",
                          "um^2, the unit of the project's cells (NAND2_X1 = 0.798 um^2 = 1 GE)",
                          "count", (json_int_t)u->macros, "area_um2",
                          (double)u->macros * u->lib.area, "ge",
                          (double)u->macros * u->lib.area / nand2_um2);
    json_object_set_new(o, "macro_bits", json_integer((json_int_t)u->macro_bits));
    json_object_set_new(o, "array_bits", json_integer((json_int_t)u->array_bits));
    json_object_set_new(o, "unused_fraction", json_real(unused));
    json_object_set_new(o, "wrapper_ge", json_real(u->wrapper_ge));
    json_object_set_new(o, "wrapper_flop_bits", json_integer((json_int_t)u->wrapper_flops));
    json_object_set_new(o, "min_period_ns", u->lib.min_period_ns > 0 ?
                                                json_real(u->lib.min_period_ns) : json_null());
    json_object_set_new(o, "min_period_pin", u->lib.min_period_ns > 0 ?
                                                 json_string(u->lib.period_pin) : json_null());
    return o;
}

void cost_user_md(FILE *md, json_t *d)
{
    json_t *x = json_object_get(d, "user_sram");
    if (!x)
        return;
    const char *top = json_string_value(json_object_get(d, "top"));
    const char *mac = json_string_value(json_object_get(x, "macro"));
    double mp = json_number_value(json_object_get(x, "min_period_ns"));
    fprintf(md, "\n### Your SRAM macro in %s\n\n", top);
    fprintf(md, "- `%s`, %.0f words x %.0f bits, from your Liberty (%s): %.0f macros of %.1f area "
                "each, %.1f in all = %.0f GE (the area taken as um^2, the project cells' unit: "
                "NAND2_X1 = 0.798 um^2 = 1 GE).\n", mac,
            json_number_value(json_object_get(x, "words")),
            json_number_value(json_object_get(x, "bits")),
            json_string_value(json_object_get(x, "liberty")),
            json_number_value(json_object_get(x, "count")),
            json_number_value(json_object_get(x, "area_um2_each")),
            json_number_value(json_object_get(x, "area_um2")),
            json_number_value(json_object_get(x, "ge")));
    fprintf(md, "- Bits: the macros hold %.0f, the arrays %.0f (the closed form's storage): "
                "%.1f%% unused.\n", json_number_value(json_object_get(x, "macro_bits")),
            json_number_value(json_object_get(x, "array_bits")),
            100 * json_number_value(json_object_get(x, "unused_fraction")));
    fprintf(md, "- The wrapper `<name>_sram` (row select, read-row register, data mux): %.0f GE "
                "of logic, %.0f flop bits, counted with the logic.\n",
            json_number_value(json_object_get(x, "wrapper_ge")),
            json_number_value(json_object_get(x, "wrapper_flop_bits")));
    if (mp > 0)
        fprintf(md, "- Minimum period of the macro: %.3f ns (pin %s); the period against it is "
                    "in the checks below.\n", mp,
                json_string_value(json_object_get(x, "min_period_pin")));
    else
        fprintf(md, "- Minimum period of the macro: not given by the Liberty (no min_period or "
                    "minimum_period timing group on a pin): the period is not held against "
                    "it.\n");
}

int cost_sram_lib(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "cost: error: usage: cost sram-lib OUTDIR LIB\n");
        return 2;
    }
    cfg_t c;
    char err[1024], path[4096];
    snprintf(path, sizeof path, "%s/config.yaml", argv[2]);
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path, err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0) {
        fprintf(stderr, "cost: error: %s\n", err);
        return 2;
    }
    if (!c.sram.macro[0]) {
        fprintf(stderr, "cost: error: %s puts its arrays on cachegen_sram_1r1w (no sram.macro): "
                "no Liberty of yours to check\n", argv[2]);
        return 2;
    }
    cost_macro_lib_t m;
    int rc = cost_liberty_macro(argv[3], c.sram.macro, &m, err, sizeof err);
    if (rc == -2) {
        fprintf(stderr, "%s (the macro sram.macro = %s; the Liberty must describe it under "
                "that cell name)\n", err, c.sram.macro);
        return 1;
    }
    if (rc != 0 || macro_lib_fits(&c.sram, &m, argv[3], err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    printf("cost: %s: cell %s, area %g, ", argv[3], c.sram.macro, m.area);
    if (m.min_period_ns > 0)
        printf("minimum period %.4f ns (pin %s)\n", m.min_period_ns, m.period_pin);
    else
        printf("no minimum period given\n");
    return 0;
}
