/* emit_common: module names (L1 and L2), the configuration hash and the header every
 * generated file starts with. */
#include "emit_l2.h"
#include "ir_lib.h"

#include <assert.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gen_config_hash(const cfg_t *c, char hex[GEN_CONFIG_HASH_HEX + 1])
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort(); /* out of memory */
    cfg_write_yaml(c, f);
    if (fclose(f) != 0)
        abort();
    struct sha256_ctx ctx;
    uint8_t dig[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, len, (const uint8_t *)text);
    sha256_digest(&ctx, sizeof dig, dig);
    free(text);
    for (unsigned i = 0; i < sizeof dig; i++)
        snprintf(hex + 2 * i, 3, "%02x", dig[i]);
}

void gen_l1_init(gen_l1_t *g, const cfg_t *c)
{
    memset(g, 0, sizeof *g);
    g->cfg = c;
    lay_l1_build(&c->l1, &g->lay);
    snprintf(g->top, sizeof g->top, "%s", c->name);
    snprintf(g->meta, sizeof g->meta, "%s_meta", c->name);
    snprintf(g->mshr, sizeof g->mshr, "%s_mshr", c->name);
    snprintf(g->index, sizeof g->index, "%s_index", c->name);
    snprintf(g->duel, sizeof g->duel, "%s_duel", c->name);
    snprintf(g->dwt, sizeof g->dwt, "%s_dwt", c->name);
    snprintf(g->pctbl, sizeof g->pctbl, "%s_pctbl", c->name);
    snprintf(g->memq, sizeof g->memq, "%s_memq", c->name);
    assert(emit_ident_ok(g->top) && emit_ident_ok(g->meta) && emit_ident_ok(g->mshr) &&
           emit_ident_ok(g->index) && emit_ident_ok(g->memq));
}

void gen_header(emit_t *e, const cfg_t *c, const char *module, const char *purpose)
{
    ir_module_t m;
    ir_module_init(&m, module);
    gen_ir_header(&m, c, purpose); /* the one definition of the header's lines */
    ir_print_items(e, &m.head, IR_STYLE_LITERAL);
    ir_module_free(&m);
    emit_line(e, "`default_nettype none");
    emit_blank(e);
}

void gen_footer(emit_t *e)
{
    emit_blank(e);
    emit_line(e, "endmodule");
    emit_blank(e);
    emit_line(e, "`default_nettype wire");
}

unsigned gen_l1_index_in_bits(const gen_l1_t *g)
{
    switch (g->cfg->l1.index) {
    case INDEX_XOR: return 2 * g->lay.set_bits;
    case INDEX_PRIC: return cfg_pric_hashed_bits(&g->cfg->l1);
    default: return g->lay.set_bits;
    }
}

void gen_l2_init(gen_l2_t *g, const cfg_t *c)
{
    memset(g, 0, sizeof *g);
    g->cfg = c;
    lay_l2_build(c, &g->lay);
    snprintf(g->top, sizeof g->top, "%s_l2", c->name);
    snprintf(g->meta, sizeof g->meta, "%s_l2_meta", c->name);
    snprintf(g->mshr, sizeof g->mshr, "%s_l2_mshr", c->name);
    snprintf(g->index, sizeof g->index, "%s_l2_index", c->name);
    snprintf(g->memq, sizeof g->memq, "%s_l2_memq", c->name);
    snprintf(g->tap, sizeof g->tap, "%s_l2_tap", c->name);
    assert(emit_ident_ok(g->top) && emit_ident_ok(g->meta) && emit_ident_ok(g->mshr) &&
           emit_ident_ok(g->index) && emit_ident_ok(g->memq) && emit_ident_ok(g->tap));
}

unsigned gen_l2_index_in_bits(const gen_l2_t *g)
{
    switch (g->cfg->l2.index) {
    case INDEX_XOR: return 2 * g->lay.set_bits;
    case INDEX_PRIC: return g->lay.line_addr_bits;
    default: return g->lay.set_bits;
    }
}

void gen_emit_sim_ports(emit_t *e, const char *title, const gen_sim_port_t *p, unsigned n)
{
    emit_line(e, "`ifdef %s", GEN_EVENTS_MACRO);
    emit_line(e, ", // %s", title);
    for (unsigned i = 0; i < n; i++) {
        const char *sep = i + 1 < n ? "," : "";
        if (p[i].what)
            emit_line(e, "output %s %s%s%s // %s", p[i].is_reg ? "reg " : "wire",
                      p[i].vector ? emit_range(p[i].width) : "", p[i].name, sep, p[i].what);
        else
            emit_line(e, "output %s %s%s%s", p[i].is_reg ? "reg " : "wire",
                      p[i].vector ? emit_range(p[i].width) : "", p[i].name, sep);
    }
    emit_line(e, "`endif");
}

void gen_emit_sim_internal(emit_t *e, const gen_sim_port_t *p, unsigned n)
{
    ir_module_t m;
    ir_piece_begin(&m);
    gen_ir_sim_internal(&m, &m.body, p, n);
    ir_piece_print(e, &m);
}

void emit_way_data(emit_t *e, const char *out, unsigned width, const char *oh, unsigned ways)
{
    char rhs[8192];
    size_t len = 0;
    for (unsigned k = 0; k < ways; k++) {
        len += (size_t)snprintf(rhs + len, sizeof rhs - len, "\n  %s{%u{%s[%u]}} & data_rdata_w%u",
                                k ? "| " : "  ", width, oh, k, k);
        assert(len < sizeof rhs);
    }
    ir_module_t m;
    ir_piece_begin(&m);
    ir_wire_init(&m, &m.body, IR_W(width), out, rhs);
    ir_piece_print(e, &m);
}

void emit_sram_1r1w(emit_t *e, const char *module, const char *inst, unsigned width, unsigned depth, unsigned abits,
                    const char *re, const char *raddr, const char *rdata, const char *we,
                    const char *waddr, const char *wdata, const char *wmask)
{
    ir_module_t mod, *m = &mod;
    ir_piece_begin(m);
    ir_node_t *u = ir_inst(m, &m->body, module, inst);
    u->flag = 1; /* names aligned */
    ir_inst_param(m, u, "Width", ir_fmt(m, "%u", width));
    ir_inst_param(m, u, "Depth", ir_fmt(m, "%u", depth));
    ir_inst_param(m, u, "AddrBits", ir_fmt(m, "%u", abits));
    ir_conn(m, u, "clk_i", "clk_i");
    ir_conn(m, u, "re_i", re);
    ir_conn(m, u, "raddr_i", raddr);
    ir_conn(m, u, "rdata_o", rdata);
    ir_conn(m, u, "we_i", we);
    ir_conn(m, u, "waddr_i", waddr);
    ir_conn(m, u, "wdata_i", wdata);
    ir_conn(m, u, "wmask_i", wmask);
    ir_piece_print(e, m);
}
const char *const meta_op_names[META_OP_COUNT] = {"OpLoad", "OpStore", "OpFill"};

void emit_meta_op_params(emit_t *e)
{
    ir_module_t m;
    ir_piece_begin(&m);
    ir_comment(&m, &m.body, "metadata operations (op_i); a module tests some of them");
    ir_comment(&m, &m.body, "verilator lint_off UNUSEDPARAM");
    for (unsigned i = 0; i < META_OP_COUNT; i++)
        ir_param(&m, &m.body, 1, meta_op_names[i], emit_const(2, i))->w = IR_W(2);
    ir_comment(&m, &m.body, "verilator lint_on UNUSEDPARAM");
    ir_piece_print(e, &m);
}

