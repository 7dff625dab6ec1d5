#!/usr/bin/env bash
# test_ir_print_mutants.sh WORKDIR: build/test_ir_print must fail on each broken copy of the IR
# printer (gen/ir_print.c) or builders (gen/ir.c): one sed each, built against the unit test
# (a test that fails or an assertion that aborts it).
set -uo pipefail
work=$1
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"; mkdir -p "$work"
bad=0
mut() { # NAME FILE SED: copy the sources, apply SED to FILE, build, the test must fail
  cp "$root"/gen/ir.c "$root"/gen/ir_print.c "$root"/gen/emit.c "$work"/
  sed -i "$3" "$work/$2"
  if cmp -s "$work/$2" "$root/gen/$2"; then
    echo "not ok - $1: the rewrite did not apply"; bad=1; return
  fi
  if ! cc -O1 -std=c11 -Wall -D_POSIX_C_SOURCE=200809L -I "$root/gen" -o "$work/t" \
      "$root/gen/test_ir_print.c" "$work/ir.c" "$work/ir_print.c" "$work/emit.c" \
      "$root/build/libcore.a" -lnettle -lcmocka 2>"$work/$1.cc.log"; then
    echo "not ok - $1: does not build ($work/$1.cc.log)"; bad=1; return
  fi
  if "$work/t" >"$work/$1.log" 2>&1; then echo "not ok - $1: not caught"; bad=1; return; fi
  by=$(sed -n 's/^\[  FAILED  \] \(test_[a-z_]*\)$/ \1/p' "$work/$1.log" | sort -u | tr -d '\n')
  [ -n "$by" ] || by=" an assertion of the printer (emit_line's checks)"
  echo "ok - $1: caught by$by"
}
mut comma-always ir_print.c 's/port_follows(p) ? "," : ""/","/'
mut default-label ir_print.c 's/: "default";/: "dflt";/'
mut if-flag-ignored ir_print.c 's/if (!x->flag \&\& !x->alt.head/if (!x->alt.head/'
mut reset-posedge ir_print.c 's/or negedge %s/or posedge %s/'
mut genfor-le ir_print.c 's/%s < %u;/%s <= %u;/'
mut inst-no-comma ir_print.c '0,/p->next ? "," : ""/s//""/'
mut array-range ir_print.c 's/s->a, s->n - 1)/s->a, s->n)/'
mut note-gap ir_print.c 's/text, x->c, x->n, x->col)/text, x->c, 1, x->col)/'
mut else-dropped ir_print.c '0,/if (x->alt.head) {/s//if (0) {/'
mut localparam-width ir_print.c \
  '/x->flag ? "localparam" : "parameter",/{n;s/ir_range(x->w, style)/""/}'
mut continuation ir_print.c \
  's/emit_line(e, "%.\*s", (int)(nl - rhs), rhs);/emit_line(e, " %.*s", (int)(nl - rhs), rhs);/'
mut ifdef-swap ir_print.c '0,/x->flag ? "ifndef" : "ifdef"/s//x->flag ? "ifdef" : "ifndef"/'
mut assign-note-dropped ir_print.c \
  's/dump_stmt(e, "assign ", x->a, "=", x->b, x);/emit_line(e, "assign %s = %s;", x->a, x->b);/'
mut items-outdented ir_print.c \
  '/^void ir_print_items/,/^}/s/dump_list(e, l, style);/emit_out(e); dump_list(e, l, style); emit_in(e);/'
mut inst-align-short ir_print.c 's/w = (int)strlen(p->a) + 1;/w = (int)strlen(p->a);/'
mut named-width-dropped ir_print.c 's/if (!w.bits \&\& w.name) {/if (0) {/'
mut reset-note-dropped ir_print.c \
  's/line_comment(e, line, x->b, x->n, 0);/emit_line(e, "%s", line);/'
mut comb-one-line ir_print.c 's/if (!x->a \&\& one_set(\&x->body))/if (one_set(\&x->body))/'
mut col-off-by-one ir_print.c 's/(unsigned)(col - len) + 1/(unsigned)(col - len)/'
mut elif-as-else ir_print.c 's/y->flag != IR_IF_CHAINED)/y->flag != IR_IF_CHAINED || 1)/'
mut no-generate ir_print.c 's/if (x->flag) {/if (0) {/g'
mut empty-first-line ir_print.c 's/if (nl == rhs)/if (0)/'
mut no-copy ir.c 's/^    size_t n = strlen(s) + 1;$/    return s; size_t n = strlen(s) + 1;/'
mut no-reset-as-reset ir_print.c 's/x->flag == IR_POSEDGE \&\& !x->d)/x->flag == IR_POSEDGE \&\& 0)/'
exit $bad
