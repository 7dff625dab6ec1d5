#!/usr/bin/env bash
# catch_matrix.sh: proves that make test's mutant sample still guards every check. The catch matrix
# (tb/catch_matrix.tsv: family, step id, mutant, check) says which check caught each mutant of each
# step in a make test-full run (tb/mutant_catch.sh: a harness's first failure; for sysim the set
# of failing checks joined by " + "). For every family and every check that catches one of its
# mutants, make test must run a mutant that this check catches: a row whose step is in make test
# (tier check or test) and whose mutant the step's MUTANT_PICK names (or the step has no sample:
# all its mutants run). For sysim, whose checks all run on every mutant, a check that is the only
# one failing on some mutant needs a sampled mutant on which it alone fails. Also every mutant a
# sample names must have its row (a stale name fails).
#
# usage: tb/catch_matrix.sh                 check the matrix against tb/test_all.sh's samples
#        tb/catch_matrix.sh --table         the same, printing the matrix as Markdown
#        tb/catch_matrix.sh --update WORK   replace the rows of the steps that a test-full run in
#                                           WORK (e.g. build/test) recorded (WORK/steps/*.catch)
#        MATRIX=FILE PICKS=FILE (env)       check another matrix or sample table (its own test)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
matrix=${MATRIX:-$root/tb/catch_matrix.tsv}
die() { echo "catch_matrix: $*" >&2; exit 2; }

if [ "${1:-}" = --update ]; then
  [ $# = 2 ] || die "--update needs the work folder of a make test-full run (e.g. build/test)"
  w=$2
  grep -q ', depth full:$' "$w/summary.md" 2>/dev/null ||
    die "$w/summary.md is not a full-depth run's (make test-full, or tb/test_all.sh --tier full --feature mutants)"
  new=$(mktemp); trap 'rm -f "$new"' EXIT
  cat "$w"/steps/*.catch 2>/dev/null | awk -F'\t' '$2 != "-"' >"$new.rows"
  [ -s "$new.rows" ] || die "no catch records in $w/steps"
  # keep the rows of steps this run did not record, replace the others
  awk -F'\t' 'NR == FNR { recorded[$2] = 1; next } !($2 in recorded)' "$new.rows" "$matrix" |
    cat - "$new.rows" | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3 -u >"$new"
  rm -f "$new.rows"
  mv "$new" "$matrix.tmp.$$" && mv "$matrix.tmp.$$" "$matrix"
  echo "catch_matrix: $(wc -l <"$matrix") rows in $matrix"
  exit 0
fi
table=0
case ${1:-} in --table) table=1 ;; "") ;; *) die "unknown argument '$1' (allowed: --table, --update WORK)" ;; esac
[ -s "$matrix" ] || die "no matrix: $matrix"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
picks=${PICKS:-}
if [ -z "$picks" ]; then
  picks=$tmp/picks
  # every step's sample, whatever ONLY or FEATURE this run was started with (make test ONLY=...)
  env -u ONLY -u FEATURE "$root/tb/test_all.sh" --picks >"$picks" || die "tb/test_all.sh --picks failed"
fi
awk -F'\t' -v table="$table" '
  FNR == NR { tier[$1] = $2; pick[$1] = " " $3 " "; next }
  {
    fam = $1; step = $2; mut = $3; chk = $4
    if (!(step in tier)) { printf "not ok - the matrix names step %s, which tb/test_all.sh does not have\n", step; bad++; next }
    n++; F[n] = fam; S[n] = step; M[n] = mut; C[n] = chk
    fams[fam] = 1; known[step " " mut] = 1
    smp[n] = (tier[step] != "full") && (pick[step] == " * " || index(pick[step], " " mut " ") > 0)
  }
  END {
    # every name a sample gives has its row
    for (s in pick) {
      if (pick[s] == " * ") continue
      k = split(pick[s], names, " ")
      for (i = 1; i <= k; i++)
        if (!((s " " names[i]) in known)) {
          printf "not ok - step %s samples mutant %s, which has no row in the matrix\n", s, names[i]; bad++
        }
    }
    for (f in fams) {
      delete checks; sampled_any = 0
      for (i = 1; i <= n; i++) {
        if (F[i] != f) continue
        if (smp[i]) sampled_any = 1
        k = split(C[i], parts, / \+ /)
        for (j = 1; j <= k; j++) { checks[parts[j]] = 1; if (k == 1) sole[f, parts[j]] = 1 }
      }
      if (!sampled_any) { printf "not ok - family %s has no mutant in make test\n", f; bad++ }
      for (c in checks) {
        total = 0; proof = ""
        for (i = 1; i <= n; i++) {
          if (F[i] != f) continue
          k = split(C[i], parts, / \+ /); has = 0
          for (j = 1; j <= k; j++) if (parts[j] == c) has = 1
          if (!has) continue
          total++
          if (!smp[i]) continue
          if ((f, c) in sole && k != 1) continue   # a sole catcher needs a mutant it alone catches
          if (proof == "") proof = M[i] " (" S[i] ")"
        }
        if (proof == "") { printf "not ok - %s: no mutant in make test is caught by \"%s\"\n", f, c; bad++ }
        else checked++
        if (table) printf "|| %s | %s | %d | %s |\n", f, c, total, (proof == "" ? "**none**" : "`" proof "`")
      }
    }
    if (!table) printf "catch_matrix: %d rows, %d family checks, each with a mutant in make test; %d problems\n", n, checked, bad
    exit bad > 0
  }' "$picks" "$matrix" >"$tmp/out"
rc=$?
grep -v '^||' "$tmp/out"
if [ "$table" = 1 ]; then
  echo "| family | check | mutants it catches (test-full) | one of them in make test |"
  echo "| --- | --- | ---: | --- |"
  grep '^||' "$tmp/out" | LC_ALL=C sort | sed 's/^|//'
fi
exit "$rc"
