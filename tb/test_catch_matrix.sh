#!/usr/bin/env bash
# test_catch_matrix.sh WORKDIR: make test's mutant sample keeps a mutant for every check each
# family guards (tb/catch_matrix.sh on tb/catch_matrix.tsv), and the proof can fail: a sample cut
# to one mutant a step, a sample naming a mutant without a row, a family left without a mutant
# in make test and a mutant caught by another check than its row says are each refused.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
fails=0
ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; fails=$((fails + 1)); }
cm=$root/tb/catch_matrix.sh

"$cm" --table >"$work/table.md"; rc=$?
if [ $rc = 0 ]; then ok "the sample guards every check ($(grep -c '^| [a-z0-9]* | .* | [0-9]* | ' "$work/table.md") family checks)"
else notok "tb/catch_matrix.sh: $(grep '^not ok' "$work/table.md" | head -5)"; fi

env -u ONLY -u FEATURE "$root/tb/test_all.sh" --picks >"$work/picks" || { echo "not ok - tb/test_all.sh --picks"; exit 1; }
# (a) every sample cut to its first mutant: some check loses its only sampled mutant
awk -F'\t' -v OFS='\t' '$3 != "*" { split($3, a, " "); $3 = a[1] } 1' "$work/picks" >"$work/picks_first"
PICKS=$work/picks_first "$cm" >"$work/first.out" 2>&1 &&
  notok "a sample of one mutant a step passes: $(tail -1 "$work/first.out")" ||
  { grep -q '^not ok - .*: no mutant in make test is caught by' "$work/first.out" &&
    ok "a sample of one mutant a step is refused: $(grep -c '^not ok' "$work/first.out") checks unguarded" ||
    notok "a cut sample failed without naming an unguarded check: $(head -3 "$work/first.out")"; }
# (b) a sample naming a mutant the matrix has no row for
awk -F'\t' -v OFS='\t' '$1 == "mutation" { $3 = $3 " no_such_mutant" } 1' "$work/picks" >"$work/picks_stale"
PICKS=$work/picks_stale "$cm" >"$work/stale.out" 2>&1 &&
  notok "a sample naming a mutant without a row passes" ||
  { grep -q 'step mutation samples mutant no_such_mutant, which has no row' "$work/stale.out" &&
    ok "a sample naming a mutant without a row is refused" || notok "stale name: $(head -3 "$work/stale.out")"; }
# (c) a family without a mutant in make test: its steps moved to full
awk -F'\t' -v OFS='\t' '$1 ~ /^duel-/ { $2 = "full" } 1' "$work/picks" >"$work/picks_noduel"
PICKS=$work/picks_noduel "$cm" >"$work/noduel.out" 2>&1 &&
  notok "a family without a mutant in make test passes" ||
  { grep -q 'family duel has no mutant in make test' "$work/noduel.out" &&
    ok "a family without a mutant in make test is refused" || notok "no duel: $(head -3 "$work/noduel.out")"; }
# (d) a mutant caught by another check than its row: the mutant script's step fails
row=$(head -1 "$root/tb/catch_matrix.tsv")
IFS=$'\t' read -r fam step mut chk <<<"$row"
out=$( . "$root/tb/mutant_catch.sh"; CG_STEP=$step CATCH_RECORD=$work/rec catch_note "$fam" "$mut" "another check" )
rc=$?
[ $rc != 0 ] && [[ $out == *"is caught by 'another check', tb/catch_matrix.tsv says '$chk'"* ]] &&
  ok "a mutant caught by another check than its row fails its step" || notok "catch_note: rc $rc: $out"
out=$( . "$root/tb/mutant_catch.sh"; CG_STEP=$step CATCH_RECORD=$work/rec catch_note "$fam" "$mut" "$chk" )
[ $? = 0 ] && [ "$(tail -1 "$work/rec")" = "$row" ] &&
  ok "a mutant caught as its row says passes and is recorded" || notok "catch_note on its own row: $out"
[ $fails = 0 ]
