/* emit_pkg: the L1's port table and the IP-packaging files built from it (pkg localparams,
 * instantiation template, L1-only file list, FuseSoC CAPI2 core). */
#include "emit_pkg.h"

#include "codes.h"
#include "mech.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

/* UpperCamelCase of a name: each '_'-separated part capitalized, underscores dropped; a
 * leading digit (name "_1k") gets "Cg" before it so the result stays an identifier. */
static void camel(const char *name, char *out, size_t len)
{
    size_t n = 0;
    int up = 1;
    for (const char *s = name; *s && n + 3 < len; s++) {
        if (*s == '_') {
            up = 1;
            continue;
        }
        if (n == 0 && isdigit((unsigned char)*s)) {
            out[n++] = 'C';
            out[n++] = 'g';
        }
        out[n++] = up ? (char)toupper((unsigned char)*s) : *s;
        up = 0;
    }
    out[n] = 0;
}

static int add_param(pkg_t *p, const char *suffix, unsigned value, const char *what)
{
    assert(p->nparams < PKG_PARAMS_MAX);
    p->param[p->nparams] = (pkg_param_t){suffix, value, what};
    return (int)p->nparams++;
}

static void add_port(pkg_t *p, const char *name, int out, int param, int sim_only,
                     const char *what)
{
    assert(p->nports < PKG_PORTS_MAX && strlen(name) < sizeof p->port[0].name);
    pkg_port_t *q = &p->port[p->nports++];
    snprintf(q->name, sizeof q->name, "%s", name);
    q->out = out;
    q->vec = param >= 0;
    q->width = param >= 0 ? p->param[param].value : 1;
    q->param = param;
    q->sim_only = sim_only;
    q->what = what;
    q->group = p->pending;
    p->pending = NULL;
}

void pkg_build(const gen_l1_t *g, pkg_t *p)
{
    const cfg_l1_t *c = &g->cfg->l1;
    const lay_l1_t *l = &g->lay;
    memset(p, 0, sizeof *p);
    camel(g->top, p->prefix, sizeof p->prefix);

    int la = add_param(p, "LineAddrWidth", l->line_addr_bits, "line address (address / line bytes)");
    int id = add_param(p, "IdWidth", c->id_bits, "request id, returned with its response");
    int pc = add_param(p, "PcWidth", c->pc_bits, "load PC");
    int core = add_param(p, "CoreWidth", c->core_bits, "core (warp scheduler) id");
    int base = add_param(p, "BaseWidth", c->fgcb_id_bits, "a load's base id (sacat's FG-CB)");
    int be = add_param(p, "LineBytes", c->line_bytes, "byte enables: one per line byte");
    int lw = add_param(p, "LineWidth", l->line_bits, "data line");
    int mb = add_param(p, "MshrIdxWidth", l->mshr_bits, "MSHR number on the memory channels");
    int st = add_param(p, "StatusWidth", lay_status_bits(g->cfg), "response status");
    int cw = add_param(p, "CounterWidth", c->counter_bits, "performance counter (wrapping)");
    int ek = add_param(p, "EvtKindWidth", LAY_EVT_KIND_BITS, "event kind");
    int ed = add_param(p, "EvtDecWidth", LAY_DEC_BITS, "event decision");
    int sb = add_param(p, "SetIdxWidth", l->set_bits, "set number");
    int wb = add_param(p, "WayIdxWidth", l->way_bits, "way number");
    int tb = add_param(p, "TagWidth", l->tag_bits, "tag");
    int rb = add_param(p, "RowWidth", l->row_bits, "metadata row of a set");
    /* the mechanism's own event ports, and the widths they name */
    mech_evt_port_t own[MECH_EVT_PORTS_MAX];
    int own_param[MECH_EVT_PORTS_MAX];
    unsigned n_own = gen_mech(g)->evt_ports ? gen_mech(g)->evt_ports(g, own) : 0;
    for (unsigned i = 0; i < n_own; i++)
        own_param[i] = own[i].width_param
                           ? add_param(p, own[i].width_param, own[i].width, own[i].param_what)
                           : -1;
    add_param(p, "Sets", l->sets, "sets");
    add_param(p, "Ways", l->ways, l->dec ? "data-store ways" : "ways");
    add_param(p, "Mshrs", c->mshrs, "MSHRs (outstanding memory reads)");

    /* The L1 top's ports, in emit_top.c's order. */
    p->pending = "clock and reset";
    add_port(p, "clk_i", 0, -1, 0, "clock");
    add_port(p, "rst_ni", 0, -1, 0, "reset, active low, asynchronous");
    p->pending = "core request: whole-line load or store, line address, byte enables";
    add_port(p, "req_valid_i", 0, -1, 0, "core request valid");
    add_port(p, "req_ready_o", 1, -1, 0, "core request accepted this cycle");
    add_port(p, "req_store_i", 0, -1, 0, "1 store (whole-line, byte enables), 0 load");
    add_port(p, "req_line_i", 0, la, 0, "line address");
    add_port(p, "req_id_i", 0, id, 0, "request id");
    add_port(p, "req_pc_i", 0, pc, 0, "load PC (PC predictor)");
    add_port(p, "req_core_i", 0, core, 0, "core id");
    add_port(p, "req_base_i", 0, base, 0, "a load's base id (sacat: FG-CB)");
    add_port(p, "req_be_i", 0, be, 0, "store byte enables");
    add_port(p, "req_wdata_i", 0, lw, 0, "store data");
    p->pending = "core response";
    add_port(p, "rsp_valid_o", 1, -1, 0, "response valid");
    add_port(p, "rsp_ready_i", 0, -1, 0, "response taken this cycle");
    add_port(p, "rsp_id_o", 1, id, 0, "the request's id");
    add_port(p, "rsp_status_o", 1, st, 0, "a Status* code of the pkg");
    add_port(p, "rsp_data_o", 1, lw, 0, "load data");
    p->pending = "memory request: reads carry their MSHR number, stores write through";
    add_port(p, "mem_req_valid_o", 1, -1, 0, "memory request valid (held until ready)");
    add_port(p, "mem_req_ready_i", 0, -1, 0, "memory request accepted this cycle");
    add_port(p, "mem_req_store_o", 1, -1, 0, "1 write-through store, 0 line read");
    add_port(p, "mem_req_line_o", 1, la, 0, "line address");
    add_port(p, "mem_req_mshr_o", 1, mb, 0, "a read's MSHR, returned with its line");
    add_port(p, "mem_req_be_o", 1, be, 0, "store byte enables");
    add_port(p, "mem_req_wdata_o", 1, lw, 0, "store data");
    add_port(p, "mem_req_hint_o", 1, -1, 0, "PC predictor: the read should bypass (else 0)");
    p->pending = "memory response: a whole line for one MSHR, in any order";
    add_port(p, "mem_rsp_valid_i", 0, -1, 0, "memory response valid (any order)");
    add_port(p, "mem_rsp_ready_o", 1, -1, 0, "memory response taken this cycle");
    add_port(p, "mem_rsp_mshr_i", 0, mb, 0, "the read's MSHR");
    add_port(p, "mem_rsp_data_i", 0, lw, 0, "the line");
    add_port(p, "mem_rsp_hint_i", 0, -1, 0, "L2 victim bit (G-Cache) or bypass bit (pcpred)");
    if (lay_l1_mem_err(g->cfg))
        add_port(p, "mem_rsp_err_i", 0, -1, 0, "the read failed: answered Err, nothing installed");
    p->pending = "control";
    add_port(p, "flush_i", 0, -1, 0, "invalidate every line");
    add_port(p, "kernel_start_i", 0, -1, 0, "a kernel starts (G-Cache switch reset)");
    add_port(p, "filter_enable_i", 0, -1, 0, "decoupled: low forces threshold 0");
    p->pending = "performance counters (wrapping)";
    for (unsigned i = 0; i < CNT_COUNT; i++) {
        char cnt[sizeof p->port[0].name];
        snprintf(cnt, sizeof cnt, "cnt_%s_o", lay_counter_names[i]);
        add_port(p, cnt, 1, cw, 0, "performance counter");
    }
    p->pending = "event port (simulation only): one state-changing event per cycle";
    add_port(p, "evt_valid_o", 1, -1, 1, "an event this cycle");
    add_port(p, "evt_kind_o", 1, ek, 1, "an Evt* code of the pkg");
    add_port(p, "evt_dec_o", 1, ed, 1, "a Dec* code of the pkg");
    add_port(p, "evt_set_o", 1, sb, 1, "set");
    add_port(p, "evt_way_o", 1, wb, 1, "way");
    add_port(p, "evt_evict_o", 1, -1, 1, "a valid line was evicted");
    add_port(p, "evt_evict_tag_o", 1, tb, 1, "its tag");
    add_port(p, "evt_mshr_o", 1, mb, 1, "MSHR");
    for (unsigned i = 0; i < n_own; i++) {
        char name[sizeof p->port[0].name];
        snprintf(name, sizeof name, "evt_%s_o", own[i].name);
        add_port(p, name, 1, own_param[i], 1, own[i].what);
    }
    add_port(p, "evt_row_o", 1, rb, 1, "the set's row after the event");
}

static int open_named(emit_t *e, const emit_dir_t *d, const gen_l1_t *g, const char *suffix,
                      char *err, size_t errlen)
{
    char file[GEN_MOD_MAX + 16];
    snprintf(file, sizeof file, "%s%s", g->top, suffix);
    return emit_open(e, d, file, err, errlen);
}

static void emit_codes(emit_t *e, const pkg_t *p, code_group_t g, int err)
{
    unsigned n;
    const code_t *codes = codes_of(g, err, &n);
    for (unsigned i = 0; i < n; i++) {
        char id[PKG_ID_MAX + 32];
        snprintf(id, sizeof id, "%s%s%s", p->prefix, code_group_name(g), codes[i].name);
        assert(emit_ident_ok(id));
        emit_line(e, "localparam [%u:0] %s = %s; // %s", code_width(g, err) - 1, id,
                  emit_const(code_width(g, err), codes[i].value), codes[i].what);
    }
}

int pkg_write_vh(const emit_dir_t *d, const gen_l1_t *g, const pkg_t *p, char *err,
                 size_t errlen)
{
    emit_t e;
    if (open_named(&e, d, g, "_pkg.vh", err, errlen) != 0)
        return -1;
    emit_line(&e, "// %s_pkg.vh: localparams of the interface of %s", g->top, g->top);
    emit_line(&e, "// (widths, counts, status and event codes). Generated by cachegen %s; do not",
              GEN_VERSION);
    emit_line(&e, "// edit. `include it inside the body of the module that instantiates the L1");
    emit_line(&e, "// (Verilog-2005 has no packages); the guard makes a second include in one");
    emit_line(&e, "// module harmless (`undef %s_PKG_VH to include it in a further module", g->top);
    emit_line(&e, "// of the same compilation unit).");
    emit_line(&e, "`ifndef %s_PKG_VH", g->top);
    emit_line(&e, "`define %s_PKG_VH", g->top);
    emit_line(&e, "// A module uses some of these: Verilator -Wall is not to flag the others.");
    emit_line(&e, "// verilator lint_off UNUSEDPARAM");
    emit_blank(&e);
    emit_line(&e, "// widths (bits) and counts");
    for (unsigned i = 0; i < p->nparams; i++) {
        char id[PKG_ID_MAX + 32];
        snprintf(id, sizeof id, "%s%s", p->prefix, p->param[i].suffix);
        assert(emit_ident_ok(id));
        emit_line(&e, "localparam integer %s = %u; // %s", id, p->param[i].value,
                  p->param[i].what);
    }
    emit_blank(&e);
    emit_line(&e, "// response status on rsp_status_o");
    emit_codes(&e, p, CODE_STATUS, lay_l1_mem_err(g->cfg));
    emit_blank(&e);
    emit_line(&e, "// event kinds on evt_kind_o (simulation only)");
    emit_codes(&e, p, CODE_EVT, lay_l1_mem_err(g->cfg));
    emit_blank(&e);
    emit_line(&e, "// decisions on evt_dec_o (simulation only)");
    emit_codes(&e, p, CODE_DEC, lay_l1_mem_err(g->cfg));
    emit_line(&e, "// verilator lint_on UNUSEDPARAM");
    emit_blank(&e);
    emit_line(&e, "`endif");
    return emit_close(&e, err, errlen);
}

int pkg_write_inst(const emit_dir_t *d, const gen_l1_t *g, const pkg_t *p, char *err,
                   size_t errlen)
{
    emit_t e;
    if (open_named(&e, d, g, "_inst.vh", err, errlen) != 0)
        return -1;
    int nw = 0;
    char wtext[PKG_PORTS_MAX][PKG_ID_MAX + 48];
    for (unsigned i = 0; i < p->nports; i++) {
        const pkg_port_t *q = &p->port[i];
        if ((int)strlen(q->name) > nw)
            nw = (int)strlen(q->name);
        if (q->vec)
            snprintf(wtext[i], sizeof wtext[i], "[%s%s-1:0]", p->prefix,
                     p->param[q->param].suffix);
        else
            wtext[i][0] = 0;
    }
    emit_line(&e, "// %s_inst.vh: instantiation template of %s: every port with its", g->top,
              g->top);
    emit_line(&e, "// direction, width (a localparam of %s_pkg.vh, and its value) and", g->top);
    emit_line(&e, "// meaning. Paste it and rename the signals. Generated by cachegen %s;",
              GEN_VERSION);
    emit_line(&e, "// do not edit. The event port, last, is for the lockstep harnesses: it");
    emit_line(&e, "// exists only with `define %s.", GEN_EVENTS_MACRO);
    emit_line(&e, "%s u_%s (", g->top, g->top);
    emit_in(&e);
    unsigned first_sim = p->nports; /* the simulation-only ports end the list */
    while (first_sim > 0 && p->port[first_sim - 1].sim_only)
        first_sim--;
    for (unsigned i = 0; i < p->nports; i++) {
        const pkg_port_t *q = &p->port[i];
        char conn[64];
        unsigned last = i < first_sim ? first_sim : p->nports;
        snprintf(conn, sizeof conn, "(%s)%s", q->name, i + 1 == last ? "" : ",");
        if (i == first_sim) {
            emit_line(&e, "`ifdef %s", GEN_EVENTS_MACRO);
            emit_line(&e, ",");
        }
        if (q->group)
            emit_line(&e, "// %s", q->group);
        emit_line(&e, "// %u bit%s: %s", q->width, q->width == 1 ? "" : "s", q->what);
        if (q->vec)
            emit_line(&e, ".%-*s %-*s // %-6s %s", nw, q->name, nw + 3, conn,
                      q->out ? "output" : "input", wtext[i]);
        else
            emit_line(&e, ".%-*s %-*s // %s", nw, q->name, nw + 3, conn,
                      q->out ? "output" : "input");
    }
    if (first_sim < p->nports)
        emit_line(&e, "`endif");
    emit_out(&e);
    emit_line(&e, ");");
    return emit_close(&e, err, errlen);
}

int pkg_write_l1_filelist(const emit_dir_t *d, const gen_l1_t *g, const char *const *l1_files,
                          char *err, size_t errlen)
{
    emit_t e;
    if (open_named(&e, d, g, "_l1.f", err, errlen) != 0)
        return -1;
    for (unsigned i = 0; l1_files[i]; i++)
        emit_line(&e, "%s", l1_files[i]);
    return emit_close(&e, err, errlen);
}

static void core_fileset(emit_t *e, const char *name, const char *const *files,
                         const char *include, const char *type)
{
    emit_line(e, "%s:", name);
    emit_in(e);
    emit_line(e, "files:");
    emit_in(e);
    if (include)
        emit_line(e, "- %s: {is_include_file: true}", include);
    for (unsigned i = 0; files[i]; i++)
        emit_line(e, "- %s", files[i]);
    emit_out(e);
    emit_line(e, "file_type: %s", type);
    emit_out(e);
}

/* The SRAM primitive's own core, cachegen:prim:sram_1r1w:VERSION: every output of one cachegen
 * version holds the same one, so two caches in one FuseSoC project depend on one core and the
 * module is read once (its file also guards itself for plain file lists). */
#define PRIM_CORE "cachegen:prim:sram_1r1w:" GEN_VERSION

static int write_prim_core(const emit_dir_t *d, const char *sram_file, char *err, size_t errlen)
{
    emit_t e;
    const char *files[] = {sram_file, NULL};
    if (emit_open(&e, d, "cachegen_sram_1r1w.core", err, errlen) != 0)
        return -1;
    emit_line(&e, "CAPI=2:");
    emit_line(&e, "# cachegen_sram_1r1w.core: FuseSoC core of the SRAM primitive every cachegen");
    emit_line(&e, "# cache instantiates (one read and one write port; the contract is in its file).");
    emit_line(&e, "# Every output of cachegen %s holds this same core: a project with two caches", GEN_VERSION);
    emit_line(&e, "# uses it once. Replace it with a core of the same name to map the arrays onto");
    emit_line(&e, "# your own macros (docs/ip.md). Generated; do not edit. Apache-2.0, as cachegen.");
    emit_line(&e, "name: %s", PRIM_CORE);
    emit_line(&e, "description: \"cachegen's behavioural 1R1W SRAM primitive (Verilog-2005)\"");
    emit_blank(&e);
    emit_line(&e, "filesets:");
    emit_in(&e);
    core_fileset(&e, "rtl", files, NULL, "verilogSource");
    emit_out(&e);
    emit_blank(&e);
    emit_line(&e, "targets:");
    emit_in(&e);
    emit_line(&e, "default:");
    emit_in(&e);
    emit_line(&e, "filesets: [rtl]");
    emit_out(&e);
    emit_out(&e);
    return emit_close(&e, err, errlen);
}

/* One target: filesets, top, and a tool with its options (mode for Verilator). */
static void core_target(emit_t *e, const char *name, const char *what, const char *filesets,
                        const char *top, const char *tool, const char *mode)
{
    emit_line(e, "%s:", name);
    emit_in(e);
    emit_line(e, "description: \"%s\"", what);
    if (tool)
        emit_line(e, "default_tool: %s", tool);
    emit_line(e, "filesets: [%s]", filesets);
    emit_line(e, "toplevel: %s", top);
    if (tool && !strcmp(tool, "verilator")) {
        emit_line(e, "tools:");
        emit_in(e);
        emit_line(e, "verilator:");
        emit_in(e);
        emit_line(e, "mode: %s", mode);
        emit_line(e, "verilator_options: [-Wall]");
        emit_out(e);
        emit_out(e);
    }
    emit_out(e);
}

int pkg_write_core(const emit_dir_t *d, const gen_l1_t *g, const char *l2_top,
                   const char *sram_file, const char *model_file, const char *const *l1_files,
                   const char *const *l2_files, const char *sys_file, char *err, size_t errlen)
{
    emit_t e;
    char pkg[GEN_MOD_MAX + 8], vlt[GEN_MOD_MAX + 12], sys[GEN_MOD_MAX + 4];
    snprintf(pkg, sizeof pkg, "%s_pkg.vh", g->top);
    snprintf(vlt, sizeof vlt, "%s_lint.vlt", g->top);
    snprintf(sys, sizeof sys, "%s_sys", g->top);
    /* The SRAM primitive is a core of its own, a dependency; a wrapper onto the user's macro
     * (model_file: its stand-in) is this design's own fileset. */
    const char *sysf[] = {sys_file, NULL};
    const char *vltf[] = {vlt, NULL};
    const char *sramf[] = {sram_file, NULL};
    const char *modelf[] = {model_file, NULL};
    if ((!model_file && write_prim_core(d, sram_file, err, errlen) != 0) ||
        open_named(&e, d, g, ".core", err, errlen) != 0)
        return -1;
    emit_line(&e, "CAPI=2:");
    emit_line(&e, "# %s.core: FuseSoC core of the L1 %s, its L2 slice %s", g->top, g->top,
              l2_top);
    emit_line(&e, "# and the system %s.", sys);
    emit_line(&e, "# Generated by cachegen %s; do not edit. Apache-2.0, as cachegen.", GEN_VERSION);
    emit_line(&e, "name: cachegen:cache:%s:%s", g->top, GEN_VERSION);
    emit_line(&e, "description: \"GPU L1 cache %s generated by cachegen (Verilog-2005)\"", g->top);
    emit_blank(&e);
    emit_line(&e, "filesets:");
    emit_in(&e);
    if (model_file) {
        core_fileset(&e, "sram", sramf, NULL, "verilogSource");
        core_fileset(&e, "sram_model", modelf, NULL, "verilogSource");
    } else {
        emit_line(&e, "sram:");
        emit_in(&e);
        emit_line(&e, "depend: [\"%s\"]", PRIM_CORE);
        emit_out(&e);
    }
    core_fileset(&e, "l1", l1_files, pkg, "verilogSource");
    core_fileset(&e, "l2", l2_files, NULL, "verilogSource");
    core_fileset(&e, "sys", sysf, NULL, "verilogSource");
    core_fileset(&e, "waivers", vltf, NULL, "vlt");
    emit_out(&e);
    emit_blank(&e);
    emit_line(&e, "# default is what a core depending on this one gets: every module and the lint");
    emit_line(&e, "# waivers (each scoped to this cache's files), so the dependent's Verilator -Wall");
    emit_line(&e, "# lint stays clean. lint*: Verilator -Wall with the waivers. sim*: Icarus");
    emit_line(&e, "# elaborates a top and runs it without stimulus; the lockstep harnesses");
    emit_line(&e, "# (cachegen's tb/) are not part of the core. l2 and sys name the filesets and");
    emit_line(&e, "# top for other tools.");
    emit_line(&e, "targets:");
    emit_in(&e);
    core_target(&e, "default", "every module and the lint waivers, for dependents",
                "sram, l1, l2, sys, waivers", g->top, NULL, NULL);
    core_target(&e, "l2", "the L2 slice alone", "sram, l2", l2_top, NULL, NULL);
    core_target(&e, "sys", "the system: the L1s, the arbiter and the L2 slice",
                "sram, l1, l2, sys", sys, NULL, NULL);
    /* with a macro: dependents bring the vendor's model of it; the tool targets use the
     * stand-in (sram_model) */
    const char *sr = model_file ? "sram, sram_model" : "sram";
    char fs[6][64];
    snprintf(fs[0], sizeof fs[0], "%s, l1, waivers", sr);
    snprintf(fs[1], sizeof fs[1], "%s, l2, waivers", sr);
    snprintf(fs[2], sizeof fs[2], "%s, l1, l2, sys, waivers", sr);
    snprintf(fs[3], sizeof fs[3], "%s, l1", sr);
    snprintf(fs[4], sizeof fs[4], "%s, l2", sr);
    snprintf(fs[5], sizeof fs[5], "%s, l1, l2, sys", sr);
    core_target(&e, "lint", "Verilator lint of the L1 with its waivers", fs[0],
                g->top, "verilator", "lint-only");
    core_target(&e, "lint_l2", "Verilator lint of the L2 slice", fs[1], l2_top,
                "verilator", "lint-only");
    core_target(&e, "lint_sys", "Verilator lint of the system", fs[2],
                sys, "verilator", "lint-only");
    core_target(&e, "sim", "Icarus elaboration of the L1", fs[3], g->top, "icarus", NULL);
    core_target(&e, "sim_l2", "Icarus elaboration of the L2 slice", fs[4], l2_top, "icarus",
                NULL);
    core_target(&e, "sim_sys", "Icarus elaboration of the system", fs[5], sys,
                "icarus", NULL);
    emit_out(&e);
    return emit_close(&e, err, errlen);
}
