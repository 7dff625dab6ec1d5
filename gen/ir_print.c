/* ir_print: the one printer of the emitter IR, one dump function per node kind (after Yosys's
 * verilog_backend.cc). IR_STYLE_LITERAL prints today's text byte for byte. */
#include "ir.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* "[W-1:0] " for a width, "" for a scalar; a width known only by its name (a module
 * parameter: bits 0) "[Name-1:0] " in every style. */
static const char *ir_range(ir_width_t w, ir_style_t style)
{
    (void)style; /* the named style will print w.name here */
    static char named[128];
    if (!w.bits && w.name) {
        snprintf(named, sizeof named, "[%s-1:0] ", w.name);
        return named;
    }
    return w.bits ? emit_range(w.bits) : "";
}

static void dump_list(emit_t *e, const ir_list_t *l, ir_style_t style);

/* One statement that prints on one line after a prefix ("if (c) ", "label: "). */
static int one_set(const ir_list_t *l)
{
    return l->head && l->head == l->tail && l->head->kind == IR_SET;
}

static const char *set_op(const ir_node_t *x) { return x->flag ? "<=" : "="; }

/* Emit `text`, then `comment` if not NULL: `gap` spaces before "//", or with `col`, the text
 * padded to that column and one space. */
static void line_comment(emit_t *e, const char *text, const char *comment, unsigned gap,
                         unsigned col)
{
    if (!comment) {
        emit_line(e, "%s", text);
        return;
    }
    size_t len = strlen(text);
    if (col)
        gap = len < col ? (unsigned)(col - len) + 1 : 1;
    assert(gap < 64);
    emit_line(e, "%s%*s// %s", text, (int)gap, "", comment);
}

/* `text` and x's trailing comment (ir_note, ir_note_col). */
static void line_note(emit_t *e, const char *text, const ir_node_t *x)
{
    line_comment(e, text, x->c, x->n, x->col);
}

/* `prefix` `lhs` `op` `rhs`; and x's trailing comment: the right-hand side's later lines are
 * continuation lines at the same indentation, the ';' and the comment end the last; an empty
 * first line ends at the operator. */
static void dump_stmt(emit_t *e, const char *prefix, const char *lhs, const char *op,
                      const char *rhs, const ir_node_t *x)
{
    char line[4096];
    const char *nl = strchr(rhs, '\n');
    if (!nl) {
        snprintf(line, sizeof line, "%s%s %s %s;", prefix, lhs, op, rhs);
        line_note(e, line, x);
        return;
    }
    if (nl == rhs)
        emit_line(e, "%s%s %s", prefix, lhs, op);
    else
        emit_line(e, "%s%s %s %.*s", prefix, lhs, op, (int)(nl - rhs), rhs);
    for (rhs = nl + 1; (nl = strchr(rhs, '\n')); rhs = nl + 1)
        emit_line(e, "%.*s", (int)(nl - rhs), rhs);
    snprintf(line, sizeof line, "%s;", rhs);
    line_note(e, line, x);
}

/* A statement after `prefix` ("", "if (c) ", "3'd1: "). */
static void dump_set(emit_t *e, const char *prefix, const ir_node_t *x)
{
    dump_stmt(e, prefix, x->a, set_op(x), x->b, x);
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
    char head[4200];
    snprintf(head, sizeof head, "%s %s", net[x->flag], ir_range(x->w, style));
    if (x->b) {
        dump_stmt(e, head, names, "=", x->b, x);
    } else {
        snprintf(head + strlen(head), sizeof head - strlen(head), "%s;", names);
        line_note(e, head, x);
    }
}

static void dump_always(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    if (x->flag == IR_POSEDGE && !x->d) { /* no reset: the flops hold what they load */
        emit_line(e, "always @(posedge %s) begin", x->c);
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        emit_line(e, "end");
        return;
    }
    if (x->flag == IR_POSEDGE) {
        emit_line(e, "always @(posedge %s or negedge %s) begin", x->c, x->d);
        emit_in(e);
        char line[256];
        snprintf(line, sizeof line, "if (!%s) begin", x->d);
        line_comment(e, line, x->b, x->n, 0);
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

/* "if (c) begin" and, while the else holds one chained if (ir_elif), "end else if (c) begin";
 * an if's trailing comment prints after its "begin". */
static void dump_if(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    char line[1024];
    if (!x->flag && !x->alt.head && one_set(&x->body)) {
        snprintf(line, sizeof line, "if (%s) ", x->a);
        dump_set(e, line, x->body.head);
        return;
    }
    if (x->b)
        snprintf(line, sizeof line, "if (%s) begin : %s", x->a, x->b);
    else
        snprintf(line, sizeof line, "if (%s) begin", x->a);
    line_note(e, line, x);
    const char *else_label = x->d;
    for (;;) {
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        const ir_node_t *y = x->alt.head;
        if (!y || y != x->alt.tail || y->kind != IR_IF || y->flag != IR_IF_CHAINED)
            break;
        x = y;
        snprintf(line, sizeof line, "end else if (%s) begin", x->a);
        line_note(e, line, x);
    }
    if (x->alt.head) {
        if (else_label)
            emit_line(e, "end else begin : %s", else_label);
        else
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

/* The connections of list `l`, one a line; with `align`, each ".name" padded to the longest
 * name plus one space before its "(". */
static void dump_conns(emit_t *e, const ir_list_t *l, int align)
{
    int w = 0;
    for (const ir_node_t *p = l->head; align && p; p = p->next)
        if ((int)strlen(p->a) + 1 > w)
            w = (int)strlen(p->a) + 1;
    for (const ir_node_t *p = l->head; p; p = p->next)
        emit_line(e, ".%-*s(%s)%s", w, p->a, p->b, p->next ? "," : "");
}

static void dump_inst(emit_t *e, const ir_node_t *x)
{
    if (x->alt.head) {
        emit_line(e, "%s #(", x->a);
        emit_in(e);
        dump_conns(e, &x->alt, x->flag);
        emit_out(e);
        emit_line(e, ") %s (", x->b);
    } else {
        emit_line(e, "%s %s (", x->a, x->b);
    }
    emit_in(e);
    dump_conns(e, &x->body, x->flag);
    emit_out(e);
    emit_line(e, ");");
}

static void dump_node(emit_t *e, const ir_node_t *x, ir_style_t style)
{
    switch (x->kind) {
    case IR_COMMENT: emit_line(e, "%*s// %s", (int)x->n, "", x->a); break;
    case IR_BLANK: emit_blank(e); break;
    case IR_PARAM: {
        char head[192];
        snprintf(head, sizeof head, "%s %s%s%s", x->flag ? "localparam" : "parameter",
                 x->d ? x->d : "", x->d ? " " : "", ir_range(x->w, style));
        dump_stmt(e, head, x->a, "=", x->b, x);
        break;
    }
    case IR_DECL: dump_decl(e, x, style); break;
    case IR_ASSIGN: dump_stmt(e, "assign ", x->a, "=", x->b, x); break;
    case IR_ALWAYS: dump_always(e, x, style); break;
    case IR_SET: dump_set(e, "", x); break;
    case IR_IFDEF:
        emit_line(e, "`%s %s", x->flag ? "ifndef" : "ifdef", x->a);
        dump_list(e, &x->body, style);
        emit_line(e, "`endif");
        break;
    case IR_GENERATE:
        emit_line(e, "generate");
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        emit_line(e, "endgenerate");
        break;
    case IR_IF: dump_if(e, x, style); break;
    case IR_CASE: dump_case(e, x, style); break;
    case IR_GENFOR:
        if (x->flag) {
            emit_line(e, "generate");
            emit_in(e);
        }
        if (x->c)
            emit_line(e, "for (%s = 0; %s < %s; %s = %s + 1) begin : %s", x->a, x->a, x->c, x->a,
                      x->a, x->b);
        else
            emit_line(e, "for (%s = 0; %s < %u; %s = %s + 1) begin : %s", x->a, x->a, x->n, x->a,
                      x->a, x->b);
        emit_in(e);
        dump_list(e, &x->body, style);
        emit_out(e);
        emit_line(e, "end");
        if (x->flag) {
            emit_out(e);
            emit_line(e, "endgenerate");
        }
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
    char line[512];
    snprintf(line, sizeof line, "%s %s%s%s", dir[p->flag], ir_range(p->w, style), p->a,
             port_follows(p) ? "," : "");
    line_comment(e, line, p->b, p->n, p->col);
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
    if (m->params.head) { /* module name #( parameter ..., ) ( */
        emit_line(e, "module %s #(", m->name);
        emit_in(e);
        for (const ir_node_t *p = m->params.head; p; p = p->next) {
            if (p->kind != IR_PARAM) {
                dump_node(e, p, style);
                continue;
            }
            const ir_node_t *q = p->next;
            while (q && q->kind != IR_PARAM)
                q = q->next;
            char line[256];
            snprintf(line, sizeof line, "parameter %s%s%s%s = %s%s", p->d ? p->d : "",
                     p->d ? " " : "", ir_range(p->w, style), p->a, p->b, q ? "," : "");
            line_comment(e, line, p->c, 1, p->col);
        }
        emit_out(e);
        emit_line(e, ") (");
    } else {
        emit_line(e, "module %s (", m->name);
    }
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

void ir_print_items(emit_t *e, const ir_list_t *l, ir_style_t style)
{
    dump_list(e, l, style);
}
