/* emit_sram: the SRAM arrays on a macro of the user's own (sram.macro; docs/ip.md "Your own
 * SRAM macros"). <name>_sram has cachegen_sram_1r1w's parameters, ports and contract, and
 * tiles one array onto a grid of the macro: Cols macros side by side cover the width, Rows
 * address ranges the depth; a read enables its range's macros and its data is picked the cycle
 * after by the range it read; the write mask goes to the macro's mask pins bit for bit, one
 * per byte, or (a macro without a mask, at most a byte wide) into each macro's write enable.
 * <name>_sram_model.v is a behavioural stand-in of the macro as configured (its name, pins,
 * polarity and mask), so the output simulates and verifies without the vendor's model; it is
 * never synthesized. Both modules are built as emitter IR (ir.h) and printed by ir_print. */
#include "emit_l1.h"

#include <assert.h>

#include "ir_lib.h"

/* The wrapper's module name: <name>_sram with a macro, else the behavioural primitive. */
void gen_sram_module(const cfg_t *c, char *buf, size_t len)
{
    if (c->sram.macro[0])
        snprintf(buf, len, "%s_sram", c->name);
    else
        snprintf(buf, len, "cachegen_sram_1r1w");
}

/* localparam integer name = value; */
static ir_node_t *lp_int(ir_module_t *m, ir_list_t *to, const char *name, const char *value)
{
    ir_node_t *x = ir_localparam(m, to, IR_W(0), name, value);
    x->d = "integer";
    return x;
}

/* A pin's expression: the enable or mask as the macro reads it (inverted when active low). */
static const char *level(ir_module_t *m, const cfg_sram_t *s, const char *expr)
{
    return s->active_low ? ir_fmt(m, "~%s", expr) : expr;
}

void emit_sram_wrapper(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    const cfg_sram_t *s = &c->sram;
    char name[GEN_MOD_MAX];
    gen_sram_module(c, name, sizeof name);
    ir_module_t mod, *m = &mod;
    ir_module_init(m, name);
    gen_ir_header(m, c, ir_fmt(m, "cachegen_sram_1r1w's contract on the macro %s (%u words x "
                               "%u bits)", s->macro, s->depth, s->width));
    ir_mparam(m, "Width", 32, NULL, 0);
    ir_mparam(m, "Depth", 32, NULL, 0);
    ir_mparam(m, "AddrBits", 5, NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "re_i", NULL, 0);
    ir_port(m, IR_IN, IR_WN("AddrBits"), "raddr_i", NULL, 0);
    ir_port(m, IR_OUT, IR_WN("Width"), "rdata_o", NULL, 0);
    ir_port(m, IR_IN, IR_W(0), "we_i", NULL, 0);
    ir_port(m, IR_IN, IR_WN("AddrBits"), "waddr_i", NULL, 0);
    ir_port(m, IR_IN, IR_WN("Width"), "wdata_i", NULL, 0);
    ir_port(m, IR_IN, IR_WN("Width"), "wmask_i", NULL, 0);
    ir_list_t *b = &m->body;
    unsigned abits = cfg_log2(s->depth); /* sram.depth is a power of two */
    ir_comment(m, b, ir_fmt(m, "the macro (sram.* in config.yaml): %s, %u words x %u bits, "
                            "write mask %s%s", s->macro, s->depth, s->width,
                            s->mask == SRAM_MASK_BIT ? "per bit"
                            : s->mask == SRAM_MASK_BYTE ? "per byte" : "none",
                            s->active_low ? ", enables and mask active low" : ""));
    lp_int(m, b, "MacroWidth", ir_fmt(m, "%u", s->width));
    lp_int(m, b, "MacroAddrBits", ir_fmt(m, "%u", abits));
    ir_note(m, lp_int(m, b, "Cols", "(Width + MacroWidth - 1) / MacroWidth"),
            "macros side by side", 1);
    ir_note(m, lp_int(m, b, "Rows",
                             "(Depth + (1 << MacroAddrBits) - 1) >> MacroAddrBits"),
            "address ranges, one macro row each", 1);
    lp_int(m, b, "RowBits",
                  "AddrBits > MacroAddrBits ? AddrBits - MacroAddrBits : 1");
    lp_int(m, b, "PadWidth", "Cols * MacroWidth");
    lp_int(m, b, "AddrXBits", "AddrBits + MacroAddrBits");
    lp_int(m, b, "PadXBits", "PadWidth + 1");
    ir_blank(m, b);
    ir_comment(m, b, "addresses and data widened by zeros, so that every slice below exists for "
                     "any shape");
    ir_comment(m, b, "(the widening's top bits and a last row's unused data are not read)");
    ir_comment(m, b, "verilator lint_off UNUSEDSIGNAL");
    ir_wire_init(m, b, IR_WN("AddrXBits"), "raddr_x", "{{MacroAddrBits{1'b0}}, raddr_i}");
    ir_wire_init(m, b, IR_WN("AddrXBits"), "waddr_x", "{{MacroAddrBits{1'b0}}, waddr_i}");
    ir_wire_init(m, b, IR_WN("PadXBits"), "wdata_x", "{{(PadWidth - Width + 1){1'b0}}, wdata_i}");
    ir_wire_init(m, b, IR_WN("PadXBits"), "wmask_x", "{{(PadWidth - Width + 1){1'b0}}, wmask_i}");
    ir_decl(m, b, IR_WIRE, IR_WN("Rows*PadWidth"), "rdata_all");
    ir_comment(m, b, "verilator lint_on UNUSEDSIGNAL");
    ir_wire_init(m, b, IR_WN("RowBits"), "rrow", "raddr_x[MacroAddrBits +: RowBits]");
    ir_wire_init(m, b, IR_WN("RowBits"), "wrow", "waddr_x[MacroAddrBits +: RowBits]");
    ir_note(m, ir_decl(m, b, IR_REG, IR_WN("RowBits"), "rrow_q"),
            "the range read: picks its data the cycle after", 1);
    ir_node_t *ff = ir_always_ff(m, b, "clk_i", NULL);
    ir_nb(m, &ir_if(m, &ff->body, "re_i")->body, "rrow_q", "rrow");
    ir_assign(m, b, "rdata_o", "rdata_all[rrow_q*PadWidth +: Width]");
    ir_blank(m, b);
    ir_decl(m, b, IR_GENVAR, IR_W(0), "r");
    ir_decl(m, b, IR_GENVAR, IR_W(0), "k");
    ir_node_t *gr = ir_genfor_n(m, b, "r", "Rows", "g_row");
    gr->flag = 1;
    ir_localparam(m, &gr->body, IR_WN("RowBits"), "Row", "r");
    ir_wire_init(m, &gr->body, IR_W(0), "row_re", "re_i & (rrow == Row)");
    ir_wire_init(m, &gr->body, IR_W(0), "row_we", "we_i & (wrow == Row)");
    ir_node_t *gc = ir_genfor_n(m, &gr->body, "k", "Cols", "g_col");
    ir_list_t *cb = &gc->body;
    const char *we = "row_we";
    if (s->mask == SRAM_MASK_NONE) {
        ir_comment(m, cb, "no mask: a macro holds part of one byte, whose mask bits are equal");
        ir_wire_init(m, cb, IR_W(0), "col_we", "row_we & wmask_x[k*MacroWidth]");
        we = "col_we";
    } else if (s->mask == SRAM_MASK_BYTE) {
        ir_comment(m, cb, "a mask bit per byte: the arrays write whole bytes, so its first bit");
        ir_decl(m, cb, IR_WIRE, IR_WN("MacroWidth/8"), "col_mask");
        ir_decl(m, cb, IR_GENVAR, IR_W(0), "y");
        ir_node_t *gy = ir_genfor_n(m, cb, "y", "MacroWidth/8", "g_byte");
        ir_assign(m, &gy->body, "col_mask[y]", "wmask_x[k*MacroWidth + 8*y]");
    }
    ir_node_t *u = ir_inst(m, cb, s->macro, "u_macro");
    u->flag = 1;
    ir_conn(m, u, s->pin[SRAM_PIN_CLK], "clk_i");
    ir_conn(m, u, s->pin[SRAM_PIN_RE], level(m, s, "row_re"));
    ir_conn(m, u, s->pin[SRAM_PIN_RADDR], "raddr_x[MacroAddrBits-1:0]");
    ir_conn(m, u, s->pin[SRAM_PIN_RDATA], "rdata_all[(r*Cols + k)*MacroWidth +: MacroWidth]");
    ir_conn(m, u, s->pin[SRAM_PIN_WE], level(m, s, we));
    ir_conn(m, u, s->pin[SRAM_PIN_WADDR], "waddr_x[MacroAddrBits-1:0]");
    ir_conn(m, u, s->pin[SRAM_PIN_WDATA], "wdata_x[k*MacroWidth +: MacroWidth]");
    if (s->mask == SRAM_MASK_BIT)
        ir_conn(m, u, s->pin[SRAM_PIN_WMASK], level(m, s, "wmask_x[k*MacroWidth +: MacroWidth]"));
    else if (s->mask == SRAM_MASK_BYTE)
        ir_conn(m, u, s->pin[SRAM_PIN_WMASK], level(m, s, "col_mask"));
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}

void emit_sram_model(emit_t *e, const gen_l1_t *g)
{
    const cfg_t *c = g->cfg;
    const cfg_sram_t *s = &c->sram;
    unsigned abits = cfg_log2(s->depth); /* sram.depth is a power of two */
    ir_module_t mod, *m = &mod;
    ir_module_init(m, s->macro);
    gen_ir_header(m, c, "a behavioural stand-in of your SRAM macro, for simulation only: "
                        "replace it by the vendor's model");
    const char *lo = s->active_low ? ", active low" : "";
    ir_port(m, IR_IN, IR_W(0), s->pin[SRAM_PIN_CLK], "clock", 1);
    ir_port(m, IR_IN, IR_W(0), s->pin[SRAM_PIN_RE], ir_fmt(m, "read enable%s", lo), 1);
    ir_port(m, IR_IN, IR_W(abits), s->pin[SRAM_PIN_RADDR], "read address", 1);
    ir_port(m, IR_OUT, IR_W(s->width), s->pin[SRAM_PIN_RDATA],
            "read data, the cycle after, held until the next read", 1);
    ir_port(m, IR_IN, IR_W(0), s->pin[SRAM_PIN_WE], ir_fmt(m, "write enable%s", lo), 1);
    ir_port(m, IR_IN, IR_W(abits), s->pin[SRAM_PIN_WADDR], "write address", 1);
    ir_port(m, IR_IN, IR_W(s->width), s->pin[SRAM_PIN_WDATA], "write data", 1);
    if (s->mask != SRAM_MASK_NONE)
        ir_port(m, IR_IN, IR_W(s->mask == SRAM_MASK_BYTE ? s->width / 8 : s->width),
                s->pin[SRAM_PIN_WMASK],
                ir_fmt(m, "write mask, a bit per %s%s", s->mask == SRAM_MASK_BYTE ? "byte" : "bit",
                       lo), 1);
    ir_list_t *b = &m->body;
    ir_comment(m, b, "one read and one write a cycle; a read of the word being written returns "
                     "the old data;");
    ir_comment(m, b, "contents are not reset (the cache sweeps what it needs)");
    ir_decl(m, b, IR_REG, IR_W(s->width), "cg_mem")->body.head->n = s->depth;
    ir_decl(m, b, IR_REG, IR_W(s->width), "cg_rdata_q");
    ir_decl(m, b, IR_WIRE, IR_W(s->width), "cg_bits");
    if (s->mask == SRAM_MASK_BIT)
        ir_assign(m, b, "cg_bits", level(m, s, s->pin[SRAM_PIN_WMASK]));
    else if (s->mask == SRAM_MASK_NONE)
        ir_assign(m, b, "cg_bits", ir_fmt(m, "{%u{1'b1}}", s->width));
    else {
        ir_decl(m, b, IR_GENVAR, IR_W(0), "cg_y");
        ir_node_t *gy = ir_genfor(m, b, "cg_y", s->width / 8, "cg_g_byte");
        gy->flag = 1;
        ir_assign(m, &gy->body, "cg_bits[cg_y*8 +: 8]",
                  ir_fmt(m, "{8{%s%s[cg_y]}}", s->active_low ? "~" : "", s->pin[SRAM_PIN_WMASK]));
    }
    ir_node_t *ff = ir_always_ff(m, b, s->pin[SRAM_PIN_CLK], NULL);
    ir_node_t *rd = ir_if(m, &ff->body, level(m, s, s->pin[SRAM_PIN_RE]));
    ir_nb(m, &rd->body, "cg_rdata_q", ir_fmt(m, "cg_mem[%s]", s->pin[SRAM_PIN_RADDR]));
    ir_node_t *wr = ir_if(m, &ff->body, level(m, s, s->pin[SRAM_PIN_WE]));
    ir_nb(m, &wr->body, ir_fmt(m, "cg_mem[%s]", s->pin[SRAM_PIN_WADDR]),
          ir_fmt(m, "(cg_mem[%s] & ~cg_bits) | (%s & cg_bits)", s->pin[SRAM_PIN_WADDR],
                 s->pin[SRAM_PIN_WDATA]));
    ir_assign(m, b, s->pin[SRAM_PIN_RDATA], "cg_rdata_q");
    ir_print(e, m, IR_STYLE_LITERAL);
    ir_module_free(m);
}
