/* ir_print: the one printer of the emitter IR, one dump function per node kind (after Yosys's
 * verilog_backend.cc). IR_STYLE_LITERAL prints today's text byte for byte. */
#include "ir.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* "[W-1:0] " for a width, "" for a scalar. */
static const char *ir_range(ir_width_t w, ir_style_t style)
{
    (void)style; /* the named style will print w.name here */
    return w.bits ? emit_range(w.bits) : "";
}

static void dump_list(emit_t *e, const ir_list_t *l, ir_style_t style);

/* One statement that prints on one line after a prefix ("if (c) ", "label: "). */
static int one_set(const ir_list_t *l)
{
    return l->head && l->head == l->tail && l->head->kind == IR_SET;
}

static const char *set_op(const ir_node_t *x) { return x->flag ? "<=" : "="; }

/* "  // comment" after a line, or "". */
static const char *note(char *buf, size_t len, const ir_node_t *x)
{
    if (!x->c)
        return "";
    assert(x->n < 32);
    snprintf(buf, len, "%*s// %s", (int)x->n, "", x->c);
    return buf;
}

/* A statement after `prefix` ("", "if (c) ", "3'd1: "): its right-hand side's later lines
 * are continuation lines at the same indentation; the ';' and its comment end the last. */
static void dump_set(emit_t *e, const char *prefix, const ir_node_t *x)
{
    char nb[256];
    const char *rhs = x->b, *nl = strchr(rhs, '\n');
    if (!nl) {
        emit_line(e, "%s%s %s %s;%s", prefix, x->a, set_op(x), rhs, note(nb, sizeof nb, x));
        return;
    }
    emit_line(e, "%s%s %s %.*s", prefix, x->a, set_op(x), (int)(nl - rhs), rhs);
    for (rhs = nl + 1; (nl = strchr(rhs, '\n')); rhs = nl + 1)
        emit_line(e, "%.*s", (int)(nl - rhs), rhs);
    emit_line(e, "%s;%s", rhs, note(nb, sizeof nb, x));
}

static void dump_decl(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    static const char *const net[] = {"wire", "reg", "genvar", "reg "};
    char names[4096];
    size_t n = 0;
    names[0] = 0;
    for (const ir_node_t *s = x->body.head; s; s = s->next) {
        int k = s->n ? snprintf(names + n, sizeof names - n, "%s%s [0:%u]",
                                n ? ", " : "", s->a, s->n - 1)
                     : snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", s->a);
        assert(k > 0 && (size_t)k < sizeof names - n);
        n += (size_t)k;
    }
    char nb[256];
    if (x->b)
        emit_line(e, "%s %s%s = %s;%s", net[x->flag], ir_range(x->w, style), names, x->b,
                  note(nb, sizeof nb, x));
    else
        emit_line(e, "%s %s%s;%s", net[x->flag], ir_range(x->w, style), names,
                  note(nb, sizeof nb, x));
}

static void dump_always(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    if (x->flag == IR_POSEDGE) {
        emit_line(e, "always @(posedge %s or negedge %s) begin", x->c, x->d);
        emit_in(e);
        emit_line(e, "if (!%s) begin", x->d);
        emit_in(e);
        dump_list(e, &x->alt, style);
        emit_out(e);
        emit_line(e, "end else begin");
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        emit_line(e, "end");
        emit_out(e);
        emit_line(e, "end");
        return;
    }
    if (!x->a && one_set(&x->body)) {
        dump_set(e, "always @* ", x->body.head);
        return;
    }
    if (x->a)
        emit_line(e, "always @* begin : %s%s%s", x->a, x->b ? " // " : "", x->b ? x->b : "");
    else
        emit_line(e, "always @* begin");
    emit_in(e);
    dump_list(e, &x->body, style);
    emit_out(e);
    emit_line(e, "end");
}

static void dump_if(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    if (!x->flag && !x->alt.head && one_set(&x->body)) {
        char prefix[1024];
        snprintf(prefix, sizeof prefix, "if (%s) ", x->a);
        dump_set(e, prefix, x->body.head);
        return;
    }
    emit_line(e, "if (%s) begin", x->a);
    emit_in(e);
    dump_list(e, &x->body, style);
    emit_out(e);
    if (x->alt.head) {
        emit_line(e, "end else begin");
        emit_in(e);
        dump_list(e, &x->alt, style);
        emit_out(e);
    }
    emit_line(e, "end");
}

static void dump_case(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    emit_line(e, "case (%s)", x->a);
    emit_in(e);
    for (const ir_node_t *it = x->body.head; it; it = it->next) {
        const char *label = it->a ? it->a : "default";
        if (!it->body.head) {
            emit_line(e, "%s: ;", label);
        } else if (!it->flag && one_set(&it->body)) {
            char prefix[512];
            snprintf(prefix, sizeof prefix, "%s: ", label);
            dump_set(e, prefix, it->body.head);
        } else {
            emit_line(e, "%s: begin", label);
            emit_in(e);
            dump_list(e, &it->body, style);
            emit_out(e);
            emit_line(e, "end");
        }
    }
    emit_out(e);
    emit_line(e, "endcase");
}

static void dump_inst(emit_t *e, const ir_node_t *x)
{
    if (x->alt.head) {
        emit_line(e, "%s #(", x->a);
        emit_in(e);
        for (const ir_node_t *p = x->alt.head; p; p = p->next)
            emit_line(e, ".%s(%s)%s", p->a, p->b, p->next ? "," : "");
        emit_out(e);
        emit_line(e, ") %s (", x->b);
    } else {
        emit_line(e, "%s %s (", x->a, x->b);
    }
    emit_in(e);
    for (const ir_node_t *p = x->body.head; p; p = p->next)
        emit_line(e, ".%s(%s)%s", p->a, p->b, p->next ? "," : "");
    emit_out(e);
    emit_line(e, ");");
}

static void dump_node(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    switch (x->kind) {
    case IR_COMMENT: emit_line(e, "%*s// %s", (int)x->n, "", x->a); break;
    case IR_BLANK: emit_blank(e); break;
    case IR_PARAM: {
        char nb[256];
        emit_line(e, "%s %s%s = %s;%s", x->flag ? "localparam" : "parameter",
                  ir_range(x->w, style), x->a, x->b, note(nb, sizeof nb, x));
        break;
    }
    case IR_DECL: dump_decl(e, x, style); break;
    case IR_ASSIGN: emit_line(e, "assign %s = %s;", x->a, x->b); break;
    case IR_ALWAYS: dump_always(e, x, style); break;
    case IR_SET: dump_set(e, "", x); break;
    case IR_IFDEF:
        emit_line(e, "`%s %s", x->flag ? "ifndef" : "ifdef", x->a);
        dump_list(e, &x->body, style);
        emit_line(e, "`endif");
        break;
    case IR_IF: dump_if(e, x, style); break;
    case IR_CASE: dump_case(e, x, style); break;
    case IR_GENFOR:
        emit_line(e, "for (%s = 0; %s < %u; %s = %s + 1) begin : %s", x->a, x->a, x->n, x->a,
                  x->a, x->b);
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        emit_line(e, "end");
        break;
    case IR_INST: dump_inst(e, x); break;
    case IR_PORT: case IR_NAME: case IR_ITEM: case IR_CONN:
        assert(!"node kind printed by its parent");
        break;
    }
}

static void dump_list(emit_t *e, const ir_list_t *l, ir_style_t style)
{
    for (const ir_node_t *x = l->head; x; x = x->next)
        dump_node(e, x, style);
}

/* 1 if a port follows `p` in its list before any `ifdef group (comment lines skipped). */
static int port_follows(const ir_node_t *p)
{
    for (p = p->next; p && p->kind == IR_COMMENT; p = p->next)
        ;
    return p && p->kind == IR_PORT;
}

static void dump_port(emit_t *e, const ir_node_t *p, ir_style_t style)
{
    static const char *const dir[] = {"input  wire", "output wire", "output reg "};
    char gap[32];
    assert(p->n < sizeof gap);
    memset(gap, ' ', p->n);
    gap[p->n] = 0;
    emit_line(e, "%s %s%s%s%s%s%s", dir[p->flag], ir_range(p->w, style), p->a,
              port_follows(p) ? "," : "", p->b ? gap : "", p->b ? "// " : "",
              p->b ? p->b : "");
}

/* One item of the port list: a port, a comment line, or an `ifdef group of ports. */
static void dump_port_item(emit_t *e, const ir_node_t *p, ir_style_t style)
{
    if (p->kind == IR_COMMENT) {
        dump_node(e, p, style);
    } else if (p->kind == IR_IFDEF) {
        emit_line(e, "`%s %s", p->flag ? "ifndef" : "ifdef", p->a);
        emit_line(e, ", // %s", p->b);
        for (const ir_node_t *q = p->body.head; q; q = q->next)
            dump_port(e, q, style);
        emit_line(e, "`endif");
    } else {
        dump_port(e, p, style);
    }
}

void ir_print(emit_t *e, const ir_module_t *m, ir_style_t style)
{
    dump_list(e, &m->head, style);
    emit_line(e, "`default_nettype none");
    emit_blank(e);
    emit_line(e, "module %s (", m->name);
    emit_in(e);
    for (const ir_node_t *p = m->ports.head; p; p = p->next)
        dump_port_item(e, p, style);
    emit_out(e);
    emit_line(e, ");");
    emit_blank(e);
    emit_in(e);
    dump_list(e, &m->body, style);
    emit_out(e);
    emit_blank(e);
    emit_line(e, "endmodule");
    emit_blank(e);
    emit_line(e, "`default_nettype wire");
}
