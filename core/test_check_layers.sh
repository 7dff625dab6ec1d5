#!/usr/bin/env bash
# test_check_layers.sh WORKDIR: core/check_layers.sh passes on this tree and fails, naming the
# fault, on copies of it broken the ways the rule forbids: core/cfg.c including
# ../cmodel/cm_tap.h (what it did before core/ existed); core/lay.c including cm_l2.h, a name
# only cmodel/ has; cfg.c and lay_l2.c calling each other (the loop core had); num, ident and
# pric calling round in a loop of three; core/lay.c calling the model's cm_repl_for through its
# own declaration, with no include. Each copy is WORKDIR/<mutant> with core/ copied and gen/,
# cmodel/, tb/, synth/ linked to this tree's. Prints ok / not ok lines; exits 1 on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd -P)
work=${1:?usage: core/test_check_layers.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd -P)
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; }

if "$root/core/check_layers.sh" "$root" >"$work/tree.log" 2>&1; then
  ok "check_layers passes on this tree ($(grep -c '^ok' "$work/tree.log") checks)"
else no "check_layers fails on this tree:"; sed 's/^/#   /' "$work/tree.log"; fi

# mutant NAME NEEDLE EDIT...: a copy whose core/ is edited by the shell commands EDIT (run in
# its core/); check_layers must exit 1 and print NEEDLE (a fixed string) on a "not ok" line
mutant() {
  local name=$1 needle=$2 t=$work/$1; shift 2
  mkdir -p "$t"; cp -r "$root/core" "$t/core"
  for d in gen cmodel tb synth; do ln -s "$root/$d" "$t/$d"; done
  (cd "$t/core" && eval "$*") || { no "mutant $name: the edit failed"; return; }
  "$t/core/check_layers.sh" "$t" >"$t.log" 2>&1
  local rc=$?
  if [ "$rc" = 1 ] && grep -A12 '^not ok' "$t.log" | grep -qF -- "$needle"; then
    ok "mutant caught: $name ($(grep '^not ok' "$t.log" | sed 's/^not ok - //; s/:.*//' | tr '\n' ' ' | sed 's/ $//'))"
  else no "mutant not caught: $name (exit $rc, no '$needle')"; sed 's/^/#   /' "$t.log"; fi
}
mutant include_cmodel 'core/cfg.c:2: #include "../cmodel/cm_tap.h": a path' \
  "sed -i '2i #include \"../cmodel/cm_tap.h\"' cfg.c"
mutant include_name_only_above 'exists only in cmodel/cm_l2.h' \
  "sed -i '2i #include \"cm_l2.h\"' lay.c"
mutant loop_cfg_lay_l2 'lay_l2.c calls cfg.c (cfg_l2_repl_name)' \
  "printf 'const char *lay_l2_repl_text(const cfg_t *c) { return cfg_l2_repl_name(&c->l2); }\n' >>lay_l2.c"
mutant loop_of_three 'loop of 3 files' \
  "printf 'int num_up(void) { return ident_reserved(\"x\") != 0; }\n' >>num.c &&
   sed -i '2i #include \"ident.h\"' num.c &&
   printf 'unsigned ident_up(void) { return pric_degree(37); }\n' >>ident.c &&
   sed -i '2i #include \"pric.h\"' ident.c &&
   printf 'int pric_up(void) { uint64_t v; return num_parse_u64n(\"1\", 1, 0, 9, &v); }\n' >>pric.c &&
   sed -i '2i #include \"num.h\"' pric.c"
mutant call_up_undeclared 'cm_repl_for' \
  "printf 'const void *cm_repl_for(int r);\nconst void *lay_repl_ops(void) { return cm_repl_for(0); }\n' >>lay.c"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
