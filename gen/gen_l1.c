/* gen_l1: orchestrates one generation: the L1's modules, the L2 slice's (every configuration
 * describes the system around its L1), SRAM primitive, file lists, lint waivers, the IP
 * package (pkg localparams, instantiation template, FuseSoC core), normalized config, report
 * and manifest, all into a temporary directory renamed at the end. */
#include "gen_l1.h"
#include "emit_readme.h"
#include "emit_axi.h"

#include <string.h>
#include "emit_l1.h"
#include "emit_l2.h"
#include "emit_pkg.h"
#include "l2pol.h"
#include "mech.h"
#include "report.h"
#include "../core/slice.h"

typedef void (*module_fn)(emit_t *, const gen_l1_t *);

static int write_module(const emit_dir_t *d, const gen_l1_t *g, const char *mod, module_fn fn,
                        char *err, size_t errlen)
{
    emit_t e;
    char file[GEN_MOD_MAX + 12];
    snprintf(file, sizeof file, "%s.v", mod);
    if (emit_open(&e, d, file, err, errlen) != 0)
        return -1;
    fn(&e, g);
    return emit_close(&e, err, errlen);
}

typedef void (*l2_module_fn)(emit_t *, const gen_l2_t *);

static int write_l2_module(const emit_dir_t *d, const gen_l2_t *g, const char *mod,
                           l2_module_fn fn, char *err, size_t errlen)
{
    emit_t e;
    char file[GEN_MOD_MAX + 4];
    snprintf(file, sizeof file, "%s.v", mod);
    if (emit_open(&e, d, file, err, errlen) != 0)
        return -1;
    fn(&e, g);
    return emit_close(&e, err, errlen);
}

static int write_text(const emit_dir_t *d, const char *file, const char *text, char *err,
                      size_t errlen)
{
    emit_t e;
    if (emit_open(&e, d, file, err, errlen) != 0)
        return -1;
    emit_raw(&e, text);
    return emit_close(&e, err, errlen);
}

static int write_filelist(const emit_dir_t *d, const gen_l1_t *g, const char *const *files,
                          char *err, size_t errlen)
{
    emit_t e;
    char name[GEN_MOD_MAX + 4];
    snprintf(name, sizeof name, "%s.f", g->top);
    if (emit_open(&e, d, name, err, errlen) != 0)
        return -1;
    for (unsigned i = 0; files[i]; i++)
        emit_line(&e, "%s", files[i]);
    return emit_close(&e, err, errlen);
}

static int write_waivers(const emit_dir_t *d, const gen_l1_t *g, const gen_l2_t *g2, char *err,
                         size_t errlen)
{
    const char *const *unused = gen_mech(g)->unused_inputs;
    emit_t e;
    char name[GEN_MOD_MAX + 12];
    snprintf(name, sizeof name, "%s_lint.vlt", g->top);
    if (emit_open(&e, d, name, err, errlen) != 0)
        return -1;
    emit_line(&e, "`verilator_config");
    emit_line(&e, "// Lint waivers of %s, the only ones in the design.", g->top);
    emit_line(&e, "// Every L1 has the same interface; the management mechanisms read the PC, the");
    emit_line(&e, "// core id, kernel_start and filter_enable; this mode does not read those listed.");
    for (unsigned i = 0; unused[i]; i++)
        emit_line(&e, "lint_off -rule UNUSEDSIGNAL -file \"*%s.v\" -match \"*'%s'*\"", g->top,
                  unused[i]);
    if (!g2->lay.bbits) {
        emit_line(&e, "// Every L2 takes a read's bypass prediction; only pcpred keeps it.");
        emit_line(&e, "lint_off -rule UNUSEDSIGNAL -file \"*%s.v\" -match \"*'req_pred_i'*\"",
                  g2->top);
    }
    if (!lay_mech(g->cfg->l1.mode)->l2_noalloc) {
        emit_line(&e, "// Every L2 takes FG-CB's no_allocate flag; only sacat reads it.");
        emit_line(&e, "lint_off -rule UNUSEDSIGNAL -file \"*%s.v\" -match \"*'req_noalloc_i'*\"",
                  g2->top);
    }
    const gen_l2_pol_t *pol2 = l2pol_for(g->cfg);
    if (pol2->lint)
        pol2->lint(&e, g2);
    emit_line(&e, "// Without `define %s a top's event-port signals are internal and unread.",
              GEN_EVENTS_MACRO);
    emit_line(&e, "lint_off -rule UNUSEDSIGNAL -file \"*%s*.v\" -match \"*'evt_*\"", g->top);
    return emit_close(&e, err, errlen);
}

static int write_config(const emit_dir_t *d, const cfg_t *c, char *err, size_t errlen)
{
    emit_t e;
    if (emit_open(&e, d, "config.yaml", err, errlen) != 0)
        return -1;
    char hash[GEN_CONFIG_HASH_HEX + 1];
    gen_config_hash(c, hash);
    emit_line(&e, "# Normalized configuration of this output (cachegen %s): the keys that shape",
              GEN_VERSION);
    emit_line(&e, "# the design, with resolved values; sha256 of the lines below: %s", hash);
    cfg_write_yaml(c, e.f);
    return emit_close(&e, err, errlen);
}

/* A mode whose RTL does not exist yet is refused before anything is written. */
static int has_rtl(const cfg_t *c, char *err, size_t errlen)
{
    if (slice_rtl_check(c, err, errlen) != 0)
        return -1; /* several L2 slices: C model and sysim only (docs/slices.md) */
    if (cfg_mode_has_rtl(c->l1.mode))
        return 0;
    char allowed[256] = ""; /* the modes that have RTL, from the same predicate */
    for (int m = MODE_BASELINE; m <= MODE_SACAT; m++)
        if (cfg_mode_has_rtl((cfg_mode_t)m))
            snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s",
                     allowed[0] ? ", " : "", cfg_mode_name((cfg_mode_t)m));
    snprintf(err, errlen,
             "l1.mode = %s: the C model implements it but its RTL does not exist yet, so no "
             "Verilog can be generated; allowed: %s, or --report-only for its configuration "
             "and storage report", cfg_mode_name(c->l1.mode), allowed);
    return -1;
}

int gen_report_only_write(const cfg_t *c, const char *outdir, char *err, size_t errlen)
{
    if (cfg_validate(c, err, errlen) != 0)
        return -1;
    gen_l1_t g;
    gen_l1_init(&g, c);
    emit_dir_t d;
    if (emit_dir_begin(&d, outdir, err, errlen) != 0)
        return -1;
    if (write_config(&d, c, err, errlen) != 0 || report_write(&d, &g, err, errlen) != 0)
        goto fail;
    char manifest[512];
    snprintf(manifest, sizeof manifest,
             "cachegen %s report-only output for %s (no RTL)\n"
             "report: %s_report.json %s_report.md\nconfig: config.yaml\n",
             GEN_VERSION, g.top, g.top, g.top);
    if (write_text(&d, EMIT_MANIFEST, manifest, err, errlen) != 0)
        goto fail;
    return emit_dir_commit(&d, err, errlen);
fail:
    emit_dir_abort(&d);
    return -1;
}

int gen_l1_write(const cfg_t *c, const char *outdir, char *err, size_t errlen)
{
    if (cfg_validate(c, err, errlen) != 0 || has_rtl(c, err, errlen) != 0)
        return -1;
    gen_l1_t g;
    gen_l1_init(&g, c);
    gen_l2_t g2;
    gen_l2_init(&g2, c);
    emit_dir_t d;
    if (emit_dir_begin(&d, outdir, err, errlen) != 0)
        return -1;

    char f_top[GEN_MOD_MAX + 4], f_meta[GEN_MOD_MAX + 4], f_mshr[GEN_MOD_MAX + 4],
        f_index[GEN_MOD_MAX + 4], f_beside[GEN_MOD_MAX + 4], f_pctbl[GEN_MOD_MAX + 4],
        f_memq[GEN_MOD_MAX + 4];
    snprintf(f_top, sizeof f_top, "%s.v", g.top);
    snprintf(f_meta, sizeof f_meta, "%s.v", g.meta);
    snprintf(f_mshr, sizeof f_mshr, "%s.v", g.mshr);
    snprintf(f_index, sizeof f_index, "%s.v", g.index);
    snprintf(f_pctbl, sizeof f_pctbl, "%s.v", g.pctbl);
    snprintf(f_memq, sizeof f_memq, "%s.v", g.memq);
    const gen_mech_t *mech = gen_mech(&g);
    const char *beside = mech->beside_module ? mech->beside_name(&g) : NULL;
    if (beside)
        snprintf(f_beside, sizeof f_beside, "%s.v", beside);
    char f2_top[GEN_MOD_MAX + 4], f2_meta[GEN_MOD_MAX + 4], f2_mshr[GEN_MOD_MAX + 4],
        f2_index[GEN_MOD_MAX + 4], f2_memq[GEN_MOD_MAX + 4], f2_pol[GEN_MOD_MAX + 4];
    snprintf(f2_top, sizeof f2_top, "%s.v", g2.top);
    snprintf(f2_meta, sizeof f2_meta, "%s.v", g2.meta);
    snprintf(f2_mshr, sizeof f2_mshr, "%s.v", g2.mshr);
    snprintf(f2_index, sizeof f2_index, "%s.v", g2.index);
    snprintf(f2_memq, sizeof f2_memq, "%s.v", g2.memq);
    const gen_l2_pol_t *pol2 = l2pol_for(c); /* the L2 policy's own module (TAP's controller) */
    const char *mod2 = pol2->module_name ? pol2->module_name(&g2) : NULL;
    if (mod2)
        snprintf(f2_pol, sizeof f2_pol, "%s.v", mod2);
    char sys[GEN_MOD_MAX], f_sys[GEN_MOD_MAX + 4];
    snprintf(sys, sizeof sys, "%s_sys", c->name);
    snprintf(f_sys, sizeof f_sys, "%s.v", sys);
    /* The L1 top stays the file list's first top module; what sits beside the L1s follows it:
     * the L2 slice, and the controller of the mode (the SM-dueling controller generated with a
     * decoupled L1, the DWT-CS controller with sacat). Tools pick
     * a top explicitly (--top-module, hierarchy -top). <name>_l1.f and the core's l1 fileset
     * are the L1's files and the controller; <name>.f lists everything. */
    const char *l1files[11], *l2files[8], *vfiles[20];
    unsigned n1 = 0, n2 = 0, nf = 0;
    /* The SRAM files lead: the behavioural primitive, or (sram.macro) the macro's stand-in
     * model and the wrapper that tiles the arrays onto it (gen/emit_sram.c). */
    char sram[GEN_MOD_MAX], f_sram[GEN_MOD_MAX + 4], model[GEN_MOD_MAX + 8],
        f_model[GEN_MOD_MAX + 12];
    gen_sram_module(c, sram, sizeof sram);
    snprintf(f_sram, sizeof f_sram, "%s.v", sram);
    snprintf(model, sizeof model, "%s", c->sram.macro); /* <macro>.v, as a vendor names it */
    snprintf(f_model, sizeof f_model, "%s.v", model);
    const int macro = c->sram.macro[0] != 0;
    if (macro)
        l1files[n1++] = f_model;
    l1files[n1++] = f_sram;
    const unsigned nsram = n1;
    l1files[n1++] = f_index;
    l1files[n1++] = f_meta;
    l1files[n1++] = f_mshr;
    l1files[n1++] = f_memq;
    if (mech->inner_module)
        l1files[n1++] = f_pctbl;
    l1files[n1++] = f_top;
    l2files[n2++] = f2_index;
    l2files[n2++] = f2_meta;
    l2files[n2++] = f2_mshr;
    l2files[n2++] = f2_memq;
    if (mod2)
        l2files[n2++] = f2_pol;
    l2files[n2++] = f2_top;
    char l2axi[GEN_MOD_MAX], f_l2axi[GEN_MOD_MAX + 4]; /* axi.enable: the L2's AXI4 bridge */
    emit_l2_axi_name(&g, l2axi, sizeof l2axi);
    snprintf(f_l2axi, sizeof f_l2axi, "%s.v", l2axi);
    if (c->axi.enable)
        l2files[n2++] = f_l2axi;
    l2files[n2] = NULL;
    for (unsigned i = 0; i < n1; i++)
        vfiles[nf++] = l1files[i];
    for (unsigned i = 0; i < n2; i++)
        vfiles[nf++] = l2files[i];
    vfiles[nf++] = f_sys;
    if (beside) {
        vfiles[nf++] = f_beside;
        l1files[n1++] = f_beside;
    }
    char axi[GEN_MOD_MAX], f_axi[GEN_MOD_MAX + 4]; /* axi.enable: the L1 behind AXI4 */
    emit_axi_name(&g, axi, sizeof axi);
    snprintf(f_axi, sizeof f_axi, "%s.v", axi);
    if (c->axi.enable) {
        vfiles[nf++] = f_axi;
        l1files[n1++] = f_axi;
    }
    vfiles[nf] = NULL;
    l1files[n1] = NULL;
    pkg_t pk;
    pkg_build(&g, &pk);

    if ((!macro && write_text(&d, f_sram, gen_sram_text, err, errlen) != 0) ||
        (macro && (write_module(&d, &g, sram, emit_sram_wrapper, err, errlen) != 0 ||
                   write_module(&d, &g, model, emit_sram_model, err, errlen) != 0)) ||
        write_module(&d, &g, g.index, emit_l1_index, err, errlen) != 0 ||
        write_module(&d, &g, g.meta, mech->meta_module ? mech->meta_module : emit_l1_meta, err,
                     errlen) != 0 ||
        (beside && write_module(&d, &g, beside, mech->beside_module, err, errlen) != 0) ||
        write_module(&d, &g, g.mshr, emit_l1_mshr, err, errlen) != 0 ||
        write_module(&d, &g, g.memq, emit_l1_memq, err, errlen) != 0 ||
        (mech->inner_module && write_module(&d, &g, g.pctbl, mech->inner_module, err, errlen) != 0) ||
        write_module(&d, &g, g.top, emit_l1_top, err, errlen) != 0 ||
        write_l2_module(&d, &g2, g2.index, emit_l2_index, err, errlen) != 0 ||
        write_l2_module(&d, &g2, g2.meta, emit_l2_meta, err, errlen) != 0 ||
        write_l2_module(&d, &g2, g2.mshr, emit_l2_mshr, err, errlen) != 0 ||
        write_l2_module(&d, &g2, g2.memq, emit_l2_memq, err, errlen) != 0 ||
        (mod2 && write_l2_module(&d, &g2, mod2, pol2->module, err, errlen) != 0) ||
        write_l2_module(&d, &g2, g2.top, emit_l2_top, err, errlen) != 0 ||
        write_module(&d, &g, sys, emit_sys_top, err, errlen) != 0 ||
        (c->axi.enable && write_module(&d, &g, axi, emit_l1_axi, err, errlen) != 0) ||
        (c->axi.enable && write_module(&d, &g, l2axi, emit_l2_axi, err, errlen) != 0) ||
        write_filelist(&d, &g, vfiles, err, errlen) != 0 ||
        pkg_write_l1_filelist(&d, &g, l1files, err, errlen) != 0 ||
        pkg_write_vh(&d, &g, &pk, err, errlen) != 0 ||
        pkg_write_inst(&d, &g, &pk, err, errlen) != 0 ||
        pkg_write_core(&d, &g, g2.top, f_sram, macro ? f_model : NULL, l1files + nsram, l2files,
                       f_sys, err, errlen) != 0 ||
        write_waivers(&d, &g, &g2, err, errlen) != 0 || write_config(&d, c, err, errlen) != 0 ||
        report_write(&d, &g, err, errlen) != 0)
        goto fail;

    /* README.md: every file of the directory and its job (gen/emit_readme.c) */
    char f_list[GEN_MOD_MAX + 4], f_l1list[GEN_MOD_MAX + 8], f_pkg[GEN_MOD_MAX + 8],
        f_inst[GEN_MOD_MAX + 8], f_vlt[GEN_MOD_MAX + 12], f_core[GEN_MOD_MAX + 8],
        f_rj[GEN_MOD_MAX + 16], f_rm[GEN_MOD_MAX + 16];
    snprintf(f_list, sizeof f_list, "%s.f", g.top);
    snprintf(f_l1list, sizeof f_l1list, "%s_l1.f", g.top);
    snprintf(f_pkg, sizeof f_pkg, "%s_pkg.vh", g.top);
    snprintf(f_inst, sizeof f_inst, "%s_inst.vh", g.top);
    snprintf(f_vlt, sizeof f_vlt, "%s_lint.vlt", g.top);
    snprintf(f_core, sizeof f_core, "%s.core", g.top);
    snprintf(f_rj, sizeof f_rj, "%s_report.json", g.top);
    snprintf(f_rm, sizeof f_rm, "%s_report.md", g.top);
    readme_file_t rf[32];
    unsigned nr = 0;
    rf[nr++] = (readme_file_t){"README.md", "this file"};
    rf[nr++] = (readme_file_t){f_top, "the L1 top"};
    rf[nr++] = (readme_file_t){f_index, "the L1's set-index function"};
    rf[nr++] = (readme_file_t){f_meta, "the L1's metadata: tags, states and replacement state, "
                                       "the hit and the victim"};
    rf[nr++] = (readme_file_t){f_mshr, "the L1's MSHR file: outstanding reads and the loads "
                                       "waiting on them"};
    rf[nr++] = (readme_file_t){f_memq, "the L1's memory-request queue"};
    if (mech->inner_module)
        rf[nr++] = (readme_file_t){f_pctbl, "the L1 mechanism's table"};
    rf[nr++] = (readme_file_t){f2_top, "the L2 slice top"};
    rf[nr++] = (readme_file_t){f2_index, "the L2 slice's set-index function"};
    rf[nr++] = (readme_file_t){f2_meta, "the L2 slice's metadata and replacement"};
    rf[nr++] = (readme_file_t){f2_mshr, "the L2 slice's MSHR file"};
    rf[nr++] = (readme_file_t){f2_memq, "the L2 slice's memory-request queue"};
    if (mod2)
        rf[nr++] = (readme_file_t){f2_pol, "the L2 policy's controller"};
    rf[nr++] = (readme_file_t){f_sys, "the system top: the L1s, the arbiter and the L2 slice"};
    if (beside)
        rf[nr++] = (readme_file_t){f_beside, "the controller beside the L1s"};
    if (c->axi.enable)
        rf[nr++] = (readme_file_t){f_axi, "the L1 with an AXI4 master as its memory side"};
    if (c->axi.enable)
        rf[nr++] = (readme_file_t){f_l2axi, "the L2 slice's memory port bridged to an AXI4 "
                                            "master"};
    if (macro) {
        rf[nr++] = (readme_file_t){f_sram, "the SRAM arrays tiled onto your macro (sram.*)"};
        rf[nr++] = (readme_file_t){f_model, "a behavioural stand-in of your macro, for "
                                            "simulation only"};
    } else
        rf[nr++] = (readme_file_t){f_sram, "the SRAM primitive every array instantiates (the "
                                           "same in every output)"};
    rf[nr++] = (readme_file_t){f_list, "file list of every module (`verilator -F`; the L1 top "
                                       "first)"};
    rf[nr++] = (readme_file_t){f_l1list, "file list of the L1 alone"};
    rf[nr++] = (readme_file_t){f_pkg, "localparams: port widths, counts, status and event "
                                      "codes"};
    rf[nr++] = (readme_file_t){f_inst, "instantiation template of the L1 top"};
    rf[nr++] = (readme_file_t){f_vlt, "Verilator lint waivers, each scoped to this design's "
                                      "files"};
    rf[nr++] = (readme_file_t){f_core, "FuseSoC core of the design"};
    if (!macro)
        rf[nr++] = (readme_file_t){"cachegen_sram_1r1w.core", "FuseSoC core of the SRAM "
                                                              "primitive"};
    rf[nr++] = (readme_file_t){"config.yaml", "the normalized configuration"};
    rf[nr++] = (readme_file_t){f_rj, "report: configuration, ports, row layouts, storage bits "
                                     "(JSON)"};
    rf[nr++] = (readme_file_t){f_rm, "the same report in Markdown"};
    rf[nr++] = (readme_file_t){EMIT_MANIFEST, "every file with its sha256; the tops"};
    rf[nr] = (readme_file_t){NULL, NULL};
    readme_tops_t tops = {g.top, g2.top, sys, beside};
    if (readme_write(&d, c, &tops, rf, err, errlen) != 0)
        goto fail;

    char manifest[2048];
    snprintf(manifest, sizeof manifest,
             "cachegen %s output for %s\ntop: %s\nl2: %s\nsystem: %s\nfilelist: %s.f\n"
             "lint waivers: %s_lint.vlt\nreport: %s_report.json %s_report.md\n"
             "config: config.yaml\nl1 filelist: %s_l1.f\npkg: %s_pkg.vh\n"
             "instantiation template: %s_inst.vh\nfusesoc core: %s.core\n",
             GEN_VERSION, g.top, g.top, g2.top, sys, g.top, g.top, g.top, g.top, g.top, g.top,
             g.top, g.top);
    if (macro) { /* the macro's stand-in: simulated, never synthesized (synth/synth.sh) */
        size_t ml = strlen(manifest);
        snprintf(manifest + ml, sizeof manifest - ml, "sram macro model: %s\n", f_model);
    }
    if (write_text(&d, EMIT_MANIFEST, manifest, err, errlen) != 0)
        goto fail;
    return emit_dir_commit(&d, err, errlen);
fail:
    emit_dir_abort(&d);
    return -1;
}
