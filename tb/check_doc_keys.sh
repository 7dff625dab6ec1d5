#!/usr/bin/env bash
# check_doc_keys.sh: docs/configuration.md's key table is what `cachegen keys --markdown` prints
# from core/cfg.c's key table now (the block between "<!-- keys:" and "<!-- end keys -->"), and
# this check fails on a doc that drifted: a row removed, a default or range edited by hand,
# markers missing (each shown failing on a copy before the real doc counts).
# usage: tb/check_doc_keys.sh CACHEGEN WORKDIR [DOC]   (DOC: default docs/configuration.md)
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CACHEGEN WORKDIR [DOC]" >&2; exit 2; }
cg=$1; work=$2; doc=${3:-docs/configuration.md}
mkdir -p "$work" || exit 2
"$cg" keys --markdown > "$work/generated.md" || { echo "FAIL: $cg keys --markdown failed" >&2; exit 1; }
[ -s "$work/generated.md" ] || { echo "FAIL: $cg keys --markdown printed nothing" >&2; exit 1; }

# compare DOC OUT: 0 when DOC's block equals the generated table; 1 with the difference in OUT
compare() {
  local n b e
  n=$(grep -c '^<!-- keys:' "$1"); e=$(grep -c '^<!-- end keys -->' "$1")
  if [ "$n" != 1 ] || [ "$e" != 1 ]; then
    echo "$1: expected one '<!-- keys:' and one '<!-- end keys -->' line, found $n and $e" > "$2"
    return 1
  fi
  b=$(grep -n '^<!-- keys:' "$1" | cut -d: -f1); e=$(grep -n '^<!-- end keys -->' "$1" | cut -d: -f1)
  sed -n "$((b + 1)),$((e - 1))p" "$1" > "$2.block"
  diff -u "$2.block" "$work/generated.md" > "$2" || {
    echo "($1's table, then cachegen keys --markdown; regenerate the block with it)" >> "$2"; return 1; }
}

# the check first shown failing on broken copies of the doc
fail=0
mutant() { # NAME SED-SCRIPT: a copy edited so must fail the comparison
  sed "$2" "$doc" > "$work/mutant_$1.md"
  if cmp -s "$doc" "$work/mutant_$1.md"; then echo "FAIL: mutant $1 changed nothing"; fail=1; return; fi
  if compare "$work/mutant_$1.md" "$work/mutant_$1.diff"; then echo "FAIL: mutant $1 not caught"; fail=1
  else echo "ok: mutant $1 caught ($(grep -m1 -E '^[-+][^-+]|^[^-+@ ]' "$work/mutant_$1.diff"))"; fi
}
mutant row_removed '/^| l2.umon_sets |/d'
mutant default_edited 's/^\(| l1.ways | [^|]* | \)[0-9]*/\199/'
mutant value_removed '/^| l2.replacement |/s/, tap_ucp//'
mutant markers_missing '/^<!-- end keys -->/d'
if compare "$doc" "$work/doc.diff"; then echo "ok: $doc's key table is cachegen keys --markdown's ($(wc -l < "$work/generated.md") lines)"
else echo "FAIL: $doc's key table differs from cachegen keys --markdown:"; cat "$work/doc.diff"; fail=1; fi
# every key the table holds is named, and the keys the doc once missed are among them
for k in l1.fgcb_entries l1.fgcb_id_bits l1.fgcb_counter_bits l1.fgcb_window l1.fgcb_n l1.fgcb_m \
         l2.umon_sets l2.umon_counter_bits; do
  grep -q "^| $k |" "$work/generated.md" || { echo "FAIL: key $k missing from the table"; fail=1; }
done
for v in ucp tap_ucp plru fifo; do
  grep "^| l2.replacement |" "$work/generated.md" | cut -d'|' -f3 | grep -qw "$v" ||
    { echo "FAIL: l2.replacement value $v missing"; fail=1; }
done
# bad input: named and refused, nothing on stdout
if "$cg" keys --markdwon > "$work/bad.out" 2> "$work/bad.err" || [ -s "$work/bad.out" ] ||
   ! grep -q -- "--markdwon" "$work/bad.err"; then
  echo "FAIL: cachegen keys --markdwon was not refused naming the option"; fail=1
else echo "ok: $(cat "$work/bad.err")"; fi
exit $fail
