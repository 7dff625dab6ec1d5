/* test_ir_print: the emitter IR's printer (gen/ir_print.c), one test per node kind: each
 * builds a small module, prints it with IR_STYLE_LITERAL and compares the text with a
 * hand-written expectation; the module frame (header, ports, `ifdef ports) is checked whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir.h"

#define FRAME_END ");\n\n"           /* the line that closes the port list, and a blank */
#define BODY_END "\nendmodule\n"     /* the blank before endmodule, and endmodule */

/* The whole printed text of `m` (malloc'd); the module is freed. */
static char *print_all(ir_module_t *m)
{
    char *buf = NULL;
    size_t len = 0;
    emit_t e = {0};
    e.f = open_memstream(&buf, &len);
    assert_non_null(e.f);
    ir_print(&e, m, IR_STYLE_LITERAL);
    assert_int_equal(e.failed, 0);
    assert_int_equal(e.indent, 0);
    fclose(e.f);
    ir_module_free(m);
    return buf;
}

/* `m`'s body as printed (between the port list and endmodule), compared with `want`. */
static void body_is(ir_module_t *m, const char *want)
{
    char *all = print_all(m);
    char *from = strstr(all, FRAME_END), *to = strstr(all, BODY_END);
    assert_non_null(from);
    assert_non_null(to);
    from += strlen(FRAME_END);
    assert_true(from <= to);
    *to = 0;
    assert_string_equal(from, want);
    free(all);
}

static void test_frame(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_comment(m, &m->head, "t: a test module");
    ir_port(m, IR_IN, IR_W(0), "clk_i", NULL, 0);
    ir_port(m, IR_IN, IR_W(4), "a_i", "four bits", 3);
    ir_comment(m, &m->ports, "more about a_i")->n = 20;
    ir_port(m, IR_OUT, IR_W(0), "b_o", "last", 0);
    ir_node_t *g = ir_port_ifdef(m, "EVT", "events");
    ir_port_in(m, g, IR_OUT_REG, IR_W(2), "evt_o", NULL, 0);
    ir_assign(m, &m->body, "b_o", "a_i[0]");
    char *all = print_all(m);
    assert_string_equal(all,
                        "// t: a test module\n"
                        "`default_nettype none\n"
                        "\n"
                        "module t (\n"
                        "  input  wire clk_i,\n"
                        "  input  wire [3:0] a_i,   // four bits\n"
                        "                      // more about a_i\n"
                        "  output wire b_o // last\n"
                        "  `ifdef EVT\n"
                        "  , // events\n"
                        "  output reg  [1:0] evt_o\n"
                        "  `endif\n"
                        ");\n"
                        "\n"
                        "  assign b_o = a_i[0];\n"
                        "\n"
                        "endmodule\n"
                        "\n"
                        "`default_nettype wire\n");
    free(all);
}

static void test_comment_blank(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_comment(m, &m->body, "one");
    ir_blank(m, &m->body);
    ir_comment(m, &m->body, "two")->n = 4;
    body_is(m, "  // one\n\n      // two\n");
}

static void test_param(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_param(m, &m->body, 0, "Ways", "4");
    ir_param(m, &m->body, 1, "LastCycle", "7'd99")->w = IR_W(7);
    ir_note(m, ir_param(m, &m->body, 1, "Sets", "64"), "per bank", 2);
    body_is(m, "  parameter Ways = 4;\n"
               "  localparam [6:0] LastCycle = 7'd99;\n"
               "  localparam Sets = 64;  // per bank\n");
}

static void test_decl(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_decl(m, &m->body, IR_WIRE, IR_W(0), "w");
    ir_node_t *d = ir_decl(m, &m->body, IR_REG, IR_W(8), "x_q");
    ir_decl_name(m, d, "x_d", 0);
    ir_decl_name(m, d, "mem", 16);
    ir_note(m, d, "eight bits", 1);
    /* a width that names a localparam still prints its bits in the literal style */
    ir_decl(m, &m->body, IR_REG, ((ir_width_t){25, "LineAddrWidth"}), "line_q");
    ir_decl(m, &m->body, IR_GENVAR, IR_W(0), "g");
    ir_decl(m, &m->body, IR_REG_PAD, IR_W(0), "r");
    ir_wire_init(m, &m->body, IR_W(3), "sum", "a + b");
    body_is(m, "  wire w;\n"
               "  reg [7:0] x_q, x_d, mem [0:15]; // eight bits\n"
               "  reg [24:0] line_q;\n"
               "  genvar g;\n"
               "  reg  r;\n"
               "  wire [2:0] sum = a + b;\n");
}

/* Comments at a column: the text padded to it and one space, or one space past it. */
static void test_note_col(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_note_col(m, ir_port(m, IR_IN, IR_W(2), "a_i", NULL, 0), "two", 24);
    ir_note_col(m, ir_port(m, IR_OUT, IR_W(0), "a_very_long_output_name_o", NULL, 0), "long",
                24);
    ir_note_col(m, ir_decl(m, &m->body, IR_REG, IR_W(0), "x"), "short", 10);
    ir_note_col(m, ir_wire_init(m, &m->body, IR_W(0), "y", "a & b & c"), "long", 10);
    char *all = print_all(m);
    assert_non_null(strstr(all, "module t (\n"
                                "  input  wire [1:0] a_i,   // two\n"
                                "  output wire a_very_long_output_name_o // long\n"
                                ");\n"
                                "\n"
                                "  reg x;     // short\n"
                                "  wire y = a & b & c; // long\n"));
    free(all);
}

/* Continuation lines: a parameter's value, and a first line that ends at the operator. */
static void test_continuation(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_param(m, &m->body, 1, "L", "{\n  2'd1, 2'd0\n}")->w = IR_W(4);
    ir_note(m, ir_set(m, &ir_always_comb(m, &m->body, NULL, NULL)->body, "y",
                      "\n    a\n  | b"), "or", 2);
    body_is(m, "  localparam [3:0] L = {\n"
               "    2'd1, 2'd0\n"
               "  };\n"
               "  always @* y =\n"
               "      a\n"
               "    | b;  // or\n");
}

static void test_assign(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_assign(m, &m->body, "y", "a & b");
    ir_note(m, ir_assign(m, &m->body, "z", "c"), "depth 0", 2);
    body_is(m, "  assign y = a & b;\n"
               "  assign z = c;  // depth 0\n");
}

/* A width known only by its parameter's name. */
static void test_named_width(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_decl_name(m, ir_decl(m, &m->body, IR_REG, IR_WN("Width"), "e_q"), "e_d", 0);
    body_is(m, "  reg [Width-1:0] e_q, e_d;\n");
}

/* A piece printed inside a text emitter's module: at its indentation, nothing around it. */
static void test_items(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    emit_t e = {0};
    e.f = open_memstream(&buf, &len);
    assert_non_null(e.f);
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "piece");
    ir_decl(m, &m->body, IR_WIRE, IR_W(2), "y");
    ir_set(m, &ir_always_comb(m, &m->body, NULL, NULL)->body, "q", "y[0]");
    emit_in(&e);
    emit_in(&e);
    ir_print_items(&e, &m->body, IR_STYLE_LITERAL);
    emit_out(&e);
    emit_out(&e);
    assert_int_equal(e.failed, 0);
    fclose(e.f);
    ir_module_free(m);
    assert_string_equal(buf, "    wire [1:0] y;\n"
                             "    always @* q = y[0];\n");
    free(buf);
}

static void test_always_comb(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_set(m, &ir_always_comb(m, &m->body, NULL, NULL)->body, "y", "a");
    ir_set(m, &ir_always_comb(m, &m->body, "one", NULL)->body, "w", "b");
    ir_node_t *a = ir_always_comb(m, &m->body, "next", "the next state");
    ir_set(m, &a->body, "x_d", "x_q");
    ir_note(m, ir_set(m, &a->body, "z", "a\n  + b\n  - c"), "continued", 2);
    body_is(m, "  always @* y = a;\n"
               "  always @* begin : one\n"
               "    w = b;\n"
               "  end\n"
               "  always @* begin : next // the next state\n"
               "    x_d = x_q;\n"
               "    z = a\n"
               "      + b\n"
               "      - c;  // continued\n"
               "  end\n");
}

static void test_always_ff(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    ir_nb(m, &a->alt, "x_q", "4'd0");
    ir_nb(m, &a->body, "x_q", "x_d");
    body_is(m, "  always @(posedge clk_i or negedge rst_ni) begin\n"
               "    if (!rst_ni) begin\n"
               "      x_q <= 4'd0;\n"
               "    end else begin\n"
               "      x_q <= x_d;\n"
               "    end\n"
               "  end\n");
}

/* A posedge block's note goes on its reset's if. */
static void test_always_ff_note(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", "rst_ni");
    ir_note(m, a, "starts idle", 2);
    ir_nb(m, &a->alt, "x_q", "4'd0");
    ir_nb(m, &a->body, "x_q", "x_d");
    body_is(m, "  always @(posedge clk_i or negedge rst_ni) begin\n"
               "    if (!rst_ni) begin  // starts idle\n"
               "      x_q <= 4'd0;\n"
               "    end else begin\n"
               "      x_q <= x_d;\n"
               "    end\n"
               "  end\n");
}

/* A posedge block without a reset (an SRAM's flops): the update alone. */
static void test_always_ff_no_reset(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_ff(m, &m->body, "clk_i", NULL);
    ir_nb(m, &ir_if(m, &a->body, "re_i")->body, "x_q", "x_d");
    body_is(m, "  always @(posedge clk_i) begin\n"
               "    if (re_i) x_q <= x_d;\n"
               "  end\n");
}

static void test_if_else(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_comb(m, &m->body, "sel", NULL);
    ir_set(m, &ir_if(m, &a->body, "s")->body, "y", "1'b1");
    ir_node_t *i = ir_if(m, &a->body, "s2");
    ir_set(m, &i->body, "y", "a");
    ir_set(m, &i->alt, "y", "b");
    ir_node_t *k = ir_if(m, &a->body, "s3");
    k->flag = 1;
    ir_set(m, &k->body, "y", "c");
    body_is(m, "  always @* begin : sel\n"
               "    if (s) y = 1'b1;\n"
               "    if (s2) begin\n"
               "      y = a;\n"
               "    end else begin\n"
               "      y = b;\n"
               "    end\n"
               "    if (s3) begin\n"
               "      y = c;\n"
               "    end\n"
               "  end\n");
}

static void test_else_if(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_comb(m, &m->body, "chain", NULL);
    ir_node_t *i = ir_if(m, &a->body, "a");
    ir_set(m, &i->body, "y", "1'b0");
    ir_node_t *j = ir_elif(m, i, "b");
    ir_note(m, j, "second", 2);
    ir_set(m, &j->body, "y", "1'b1");
    ir_node_t *k = ir_elif(m, j, "c");
    ir_set(m, &k->alt, "y", "d");
    body_is(m, "  always @* begin : chain\n"
               "    if (a) begin\n"
               "      y = 1'b0;\n"
               "    end else if (b) begin  // second\n"
               "      y = 1'b1;\n"
               "    end else if (c) begin\n"
               "    end else begin\n"
               "      y = d;\n"
               "    end\n"
               "  end\n");
}

static void test_case(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *a = ir_always_comb(m, &m->body, "pick", NULL);
    ir_node_t *c = ir_case(m, &a->body, "sel_i");
    ir_set(m, &ir_item(m, c, "2'd0")->body, "y", "a");
    ir_node_t *it = ir_item(m, c, "2'd1");
    ir_set(m, &it->body, "y", "b");
    ir_set(m, &it->body, "z", "1'b1");
    ir_node_t *one = ir_item(m, c, "2'd2");
    one->flag = 1;
    ir_set(m, &one->body, "y", "c");
    ir_item(m, c, NULL);
    body_is(m, "  always @* begin : pick\n"
               "    case (sel_i)\n"
               "      2'd0: y = a;\n"
               "      2'd1: begin\n"
               "        y = b;\n"
               "        z = 1'b1;\n"
               "      end\n"
               "      2'd2: begin\n"
               "        y = c;\n"
               "      end\n"
               "      default: ;\n"
               "    endcase\n"
               "  end\n");
}

static void test_genfor(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_decl(m, &m->body, IR_GENVAR, IR_W(0), "i");
    ir_node_t *g = ir_genfor(m, &m->body, "i", 4, "gen_entry");
    ir_assign(m, &g->body, "y[i]", "a[i] & b[i]");
    ir_node_t *h = ir_genfor(m, &m->body, "i", 2, "gen_pair");
    h->flag = 1;
    ir_wire_init(m, &h->body, IR_W(0), "x", "y[i]");
    body_is(m, "  genvar i;\n"
               "  for (i = 0; i < 4; i = i + 1) begin : gen_entry\n"
               "    assign y[i] = a[i] & b[i];\n"
               "  end\n"
               "  generate\n"
               "    for (i = 0; i < 2; i = i + 1) begin : gen_pair\n"
               "      wire x = y[i];\n"
               "    end\n"
               "  endgenerate\n");
}

/* A generate if names its blocks: then and else, or then alone when nothing is in the else. */
static void test_gen_if(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *g = ir_genfor(m, &m->body, "i", 4, "gen_bit");
    ir_node_t *x = ir_gen_if(m, &g->body, "i % 2 == 1", "gen_odd", "gen_even");
    ir_assign(m, &x->body, "y[i]", "a[i] | a[i-1]");
    ir_assign(m, &x->alt, "y[i]", "a[i]");
    ir_node_t *z = ir_gen_if(m, &g->body, "i == 0", "gen_first", "gen_unused");
    ir_assign(m, &z->body, "w", "a[i]");
    body_is(m, "  for (i = 0; i < 4; i = i + 1) begin : gen_bit\n"
               "    if (i % 2 == 1) begin : gen_odd\n"
               "      assign y[i] = a[i] | a[i-1];\n"
               "    end else begin : gen_even\n"
               "      assign y[i] = a[i];\n"
               "    end\n"
               "    if (i == 0) begin : gen_first\n"
               "      assign w = a[i];\n"
               "    end\n"
               "  end\n");
}

static void test_inst(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_node_t *u = ir_inst(m, &m->body, "sram", "u_sram");
    ir_conn(m, u, "clk_i", "clk_i");
    ir_conn(m, u, "addr_i", "addr");
    ir_node_t *p = ir_inst(m, &m->body, "fifo", "u_fifo");
    ir_inst_param(m, p, "Depth", "8");
    ir_inst_param(m, p, "Width", "32");
    ir_conn(m, p, "d_i", "d");
    ir_node_t *q = ir_inst(m, &m->body, "fifo", "u_aligned");
    q->flag = 1;
    ir_inst_param(m, q, "Depth", "8");
    ir_inst_param(m, q, "AddrBits", "3");
    ir_conn(m, q, "d_i", "d");
    ir_conn(m, q, "valid_o", "v");
    body_is(m, "  sram u_sram (\n"
               "    .clk_i(clk_i),\n"
               "    .addr_i(addr)\n"
               "  );\n"
               "  fifo #(\n"
               "    .Depth(8),\n"
               "    .Width(32)\n"
               "  ) u_fifo (\n"
               "    .d_i(d)\n"
               "  );\n"
               "  fifo #(\n"
               "    .Depth    (8),\n"
               "    .AddrBits (3)\n"
               "  ) u_aligned (\n"
               "    .d_i     (d),\n"
               "    .valid_o (v)\n"
               "  );\n");
}

static void test_ifdef(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    ir_decl(m, &ir_ifdef(m, &m->body, "EVT", 1)->body, IR_WIRE, IR_W(0), "evt_o");
    ir_assign(m, &ir_ifdef(m, &m->body, "EVT", 0)->body, "y", "a");
    body_is(m, "  `ifndef EVT\n"
               "  wire evt_o;\n"
               "  `endif\n"
               "  `ifdef EVT\n"
               "  assign y = a;\n"
               "  `endif\n");
}

/* Strings are copied: the caller's buffer may change after a builder returns. */
static void test_copies(void **state)
{
    (void)state;
    ir_module_t mod, *m = &mod;
    ir_module_init(m, "t");
    char lhs[8] = "y", rhs[8] = "a";
    ir_assign(m, &m->body, lhs, rhs);
    strcpy(lhs, "bad");
    strcpy(rhs, "bad");
    body_is(m, "  assign y = a;\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_frame),     cmocka_unit_test(test_comment_blank),
        cmocka_unit_test(test_param),     cmocka_unit_test(test_decl),
        cmocka_unit_test(test_assign),    cmocka_unit_test(test_always_comb),
        cmocka_unit_test(test_always_ff), cmocka_unit_test(test_if_else),
        cmocka_unit_test(test_case),      cmocka_unit_test(test_else_if),
        cmocka_unit_test(test_note_col),  cmocka_unit_test(test_continuation),
        cmocka_unit_test(test_genfor),   cmocka_unit_test(test_gen_if),
        cmocka_unit_test(test_inst),      cmocka_unit_test(test_ifdef),
        cmocka_unit_test(test_copies),    cmocka_unit_test(test_items),
        cmocka_unit_test(test_named_width), cmocka_unit_test(test_always_ff_note),
        cmocka_unit_test(test_always_ff_no_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
