/* ir: building emitter-IR nodes in a module's arena (the printer is ir_print.c). */
#include "ir.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IR_CHUNK 65536 /* bytes of one arena block (larger requests get their own block) */

struct ir_chunk {
    ir_chunk_t *next;
    size_t used, cap; /* bytes of data[] in use, and its size */
    max_align_t data[];
};

/* Zeroed memory in m's arena; out of memory is fatal (the generator cannot go on). */
static void *ir_alloc(ir_module_t *m, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    ir_chunk_t *c = m->arena;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > IR_CHUNK ? size : IR_CHUNK;
        c = calloc(1, sizeof *c + cap);
        if (!c) {
            fprintf(stderr, "cachegen: out of memory building module %s\n",
                    m->name ? m->name : "?");
            exit(1);
        }
        c->cap = cap;
        c->next = m->arena;
        m->arena = c;
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    return p;
}

static const char *ir_str(ir_module_t *m, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = ir_alloc(m, n);
    memcpy(p, s, n);
    return p;
}

void ir_module_init(ir_module_t *m, const char *name)
{
    memset(m, 0, sizeof *m);
    m->name = ir_str(m, name);
}

void ir_module_free(ir_module_t *m)
{
    for (ir_chunk_t *c = m->arena, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    memset(m, 0, sizeof *m);
}

const char *ir_fmt(ir_module_t *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert(n >= 0);
    char *p = ir_alloc(m, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

static ir_node_t *ir_node(ir_module_t *m, ir_list_t *to, ir_kind_t kind, const char *a,
                          const char *b)
{
    ir_node_t *x = ir_alloc(m, sizeof *x);
    x->kind = kind;
    x->a = ir_str(m, a);
    x->b = ir_str(m, b);
    if (to->tail)
        to->tail->next = x;
    else
        to->head = x;
    to->tail = x;
    return x;
}

ir_node_t *ir_comment(ir_module_t *m, ir_list_t *to, const char *text)
{
    return ir_node(m, to, IR_COMMENT, text, NULL);
}

ir_node_t *ir_blank(ir_module_t *m, ir_list_t *to) { return ir_node(m, to, IR_BLANK, 0, 0); }

ir_node_t *ir_param(ir_module_t *m, ir_list_t *to, int local, const char *name,
                    const char *value)
{
    ir_node_t *x = ir_node(m, to, IR_PARAM, name, value);
    x->flag = local;
    return x;
}

ir_node_t *ir_port(ir_module_t *m, ir_dir_t dir, ir_width_t w, const char *name,
                   const char *comment, unsigned gap)
{
    ir_node_t *x = ir_node(m, &m->ports, IR_PORT, name, comment);
    x->flag = dir;
    x->w = (ir_width_t){w.bits, ir_str(m, w.name)};
    x->n = gap ? gap : 1;
    return x;
}

ir_node_t *ir_decl(ir_module_t *m, ir_list_t *to, ir_net_t net, ir_width_t w, const char *name)
{
    ir_node_t *x = ir_node(m, to, IR_DECL, NULL, NULL);
    x->flag = net;
    x->w = (ir_width_t){w.bits, ir_str(m, w.name)};
    ir_decl_name(m, x, name, 0);
    return x;
}

ir_node_t *ir_decl_name(ir_module_t *m, ir_node_t *decl, const char *name, unsigned array)
{
    assert(decl->kind == IR_DECL);
    ir_node_t *x = ir_node(m, &decl->body, IR_NAME, name, NULL);
    x->n = array;
    return x;
}

ir_node_t *ir_wire_init(ir_module_t *m, ir_list_t *to, ir_width_t w, const char *name,
                        const char *value)
{
    ir_node_t *x = ir_decl(m, to, IR_WIRE, w, name);
    x->b = ir_str(m, value);
    return x;
}

ir_node_t *ir_assign(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs)
{
    return ir_node(m, to, IR_ASSIGN, lhs, rhs);
}

ir_node_t *ir_always_comb(ir_module_t *m, ir_list_t *to, const char *label,
                          const char *comment)
{
    ir_node_t *x = ir_node(m, to, IR_ALWAYS, label, comment);
    x->flag = IR_COMB;
    return x;
}

ir_node_t *ir_always_ff(ir_module_t *m, ir_list_t *to, const char *clk, const char *rst_n)
{
    ir_node_t *x = ir_node(m, to, IR_ALWAYS, NULL, NULL);
    x->flag = IR_POSEDGE;
    x->c = ir_str(m, clk);
    x->d = ir_str(m, rst_n);
    return x;
}

ir_node_t *ir_set(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs)
{
    return ir_node(m, to, IR_SET, lhs, rhs);
}

ir_node_t *ir_nb(ir_module_t *m, ir_list_t *to, const char *lhs, const char *rhs)
{
    ir_node_t *x = ir_node(m, to, IR_SET, lhs, rhs);
    x->flag = 1;
    return x;
}

ir_node_t *ir_if(ir_module_t *m, ir_list_t *to, const char *cond)
{
    return ir_node(m, to, IR_IF, cond, NULL);
}

ir_node_t *ir_gen_if(ir_module_t *m, ir_list_t *to, const char *cond, const char *then_label,
                     const char *else_label)
{
    ir_node_t *x = ir_node(m, to, IR_IF, cond, then_label);
    x->d = ir_str(m, else_label);
    x->flag = 1;
    return x;
}

ir_node_t *ir_case(ir_module_t *m, ir_list_t *to, const char *subject)
{
    return ir_node(m, to, IR_CASE, subject, NULL);
}

ir_node_t *ir_item(ir_module_t *m, ir_node_t *c, const char *label)
{
    assert(c->kind == IR_CASE);
    return ir_node(m, &c->body, IR_ITEM, label, NULL);
}

ir_node_t *ir_genfor(ir_module_t *m, ir_list_t *to, const char *genvar, unsigned count,
                     const char *label)
{
    ir_node_t *x = ir_node(m, to, IR_GENFOR, genvar, label);
    x->n = count;
    return x;
}

ir_node_t *ir_generate(ir_module_t *m, ir_list_t *to)
{
    return ir_node(m, to, IR_GENERATE, NULL, NULL);
}

ir_node_t *ir_genfor_n(ir_module_t *m, ir_list_t *to, const char *genvar, const char *count_name,
                       const char *label)
{
    ir_node_t *x = ir_node(m, to, IR_GENFOR, genvar, label);
    x->c = ir_str(m, count_name);
    return x;
}

ir_node_t *ir_mparam(ir_module_t *m, const char *name, unsigned value, const char *comment,
                     unsigned col)
{
    ir_node_t *x = ir_node(m, &m->params, IR_PARAM, name, ir_fmt(m, "%u", value));
    x->d = ir_str(m, "integer");
    x->c = ir_str(m, comment);
    x->col = col;
    return x;
}

ir_node_t *ir_localparam(ir_module_t *m, ir_list_t *to, ir_width_t w, const char *name,
                         const char *value)
{
    ir_node_t *x = ir_param(m, to, 1, name, value);
    x->w = w;
    return x;
}

ir_node_t *ir_inst(ir_module_t *m, ir_list_t *to, const char *module, const char *name)
{
    return ir_node(m, to, IR_INST, module, name);
}

ir_node_t *ir_conn(ir_module_t *m, ir_node_t *inst, const char *port, const char *expr)
{
    assert(inst->kind == IR_INST);
    return ir_node(m, &inst->body, IR_CONN, port, expr);
}

ir_node_t *ir_inst_param(ir_module_t *m, ir_node_t *inst, const char *name, const char *value)
{
    assert(inst->kind == IR_INST);
    return ir_node(m, &inst->alt, IR_CONN, name, value);
}

const char *ir_zero(ir_module_t *m, unsigned width)
{
    if (width <= 64)
        return ir_str(m, emit_const(width, 0));
    return ir_fmt(m, "{%u{1'b0}}", width);
}

void ir_note(ir_module_t *m, ir_node_t *x, const char *comment, unsigned gap)
{
    if (x->kind == IR_ALWAYS) { /* on the reset's "if (!rst_n) begin" (c is the clock) */
        assert(x->flag == IR_POSEDGE);
        x->b = ir_str(m, comment);
        x->n = gap ? gap : 1;
        return;
    }
    assert(x->kind == IR_DECL || x->kind == IR_SET || x->kind == IR_PARAM || x->kind == IR_IF ||
           x->kind == IR_ASSIGN);
    x->c = ir_str(m, comment);
    x->n = gap ? gap : 1;
}

void ir_note_col(ir_module_t *m, ir_node_t *x, const char *comment, unsigned col)
{
    if (x->kind == IR_PORT)
        x->b = ir_str(m, comment);
    else
        ir_note(m, x, comment, 1);
    x->col = col;
}

ir_node_t *ir_elif(ir_module_t *m, ir_node_t *x, const char *cond)
{
    assert(x->kind == IR_IF && !x->alt.head);
    ir_node_t *y = ir_node(m, &x->alt, IR_IF, cond, NULL);
    y->flag = IR_IF_CHAINED;
    return y;
}

ir_node_t *ir_ifdef(ir_module_t *m, ir_list_t *to, const char *macro, int ifndef)
{
    ir_node_t *x = ir_node(m, to, IR_IFDEF, macro, NULL);
    x->flag = ifndef;
    return x;
}

ir_node_t *ir_port_ifdef(ir_module_t *m, const char *macro, const char *title)
{
    return ir_node(m, &m->ports, IR_IFDEF, macro, title);
}

ir_node_t *ir_port_in(ir_module_t *m, ir_node_t *group, ir_dir_t dir, ir_width_t w,
                      const char *name, const char *comment, unsigned gap)
{
    assert(group->kind == IR_IFDEF);
    ir_node_t *x = ir_node(m, &group->body, IR_PORT, name, comment);
    x->flag = dir;
    x->w = (ir_width_t){w.bits, ir_str(m, w.name)};
    x->n = gap ? gap : 1;
    return x;
}
