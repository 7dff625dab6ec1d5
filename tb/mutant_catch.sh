# mutant_catch.sh: the catch matrix's one rule, sourced by every mutant script (tb/mutation_test.sh,
# check_top.sh (l2, duel, dwt), sys_mutants.sh, cmodel/sysim_mutants.sh).
#
# A caught mutant is caught by one check: the first failure its harness reports (a harness run
# ends there), or, for the sysim family, whose checks all run on every mutant, the set of checks
# that failed. tb/catch_matrix.tsv records, from a make test-full run, which check caught each
# mutant of each step (family, step id, mutant, check); tb/catch_matrix.sh proves from it that
# make test's mutant sample (MUTANT_PICK in tb/test_all.sh) keeps, for every check a family
# guards, a mutant that this check catches. So that the table cannot go stale, every mutant run
# under tb/test_all.sh (which names the step in CG_STEP) is compared with its row here: a mutant
# now caught by another check, or without a row, fails its step.

catch_matrix_file=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/catch_matrix.tsv

# catch_check_of LOG: the check a harness log reports, the text after "MISMATCH at cycle C (...): "
# without its trailing "(details)"; empty when the log holds no MISMATCH
catch_check_of() {
  sed -n 's/^MISMATCH at cycle [0-9]* ([^)]*): //p' "$1" | head -1 | sed 's/ ([^()]*)$//; s/[[:space:]]*$//'
}

# catch_note FAMILY MUTANT CHECK: prints "caught by: CHECK", appends the row to CATCH_RECORD (when
# set: tb/test_all.sh gives each step one) and, inside a tb/test_all.sh step (CG_STEP), compares
# it with tb/catch_matrix.tsv; returns non-zero (and says why) when the row differs or is missing
catch_note() {
  local fam=$1 mut=$2 chk=$3 step=${CG_STEP:-} want
  echo "  caught by: $chk"
  [ -z "${CATCH_RECORD:-}" ] || printf '%s\t%s\t%s\t%s\n' "$fam" "${step:--}" "$mut" "$chk" >>"$CATCH_RECORD"
  [ -n "$step" ] || return 0
  [ -n "$chk" ] || { echo "  catch matrix: mutant $mut: no check named in its log"; return 1; }
  want=$(awk -F'\t' -v f="$fam" -v s="$step" -v m="$mut" '$1 == f && $2 == s && $3 == m { print $4 }' \
    "$catch_matrix_file")
  [ "$want" = "$chk" ] && return 0
  if [ -z "$want" ]; then
    echo "  catch matrix: no row for $fam mutant $mut in step $step (tb/catch_matrix.sh --update)"
  else
    echo "  catch matrix: $fam mutant $mut in step $step is caught by '$chk', tb/catch_matrix.tsv says '$want'"
  fi
  return 1
}
