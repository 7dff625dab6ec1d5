#!/usr/bin/env bash
# check_duel.sh OUTDIR WORKDIR: checks the SM-dueling controller <name>_duel.v of a generated
# decoupled L1 in OUTDIR on its own: Verilator -Wall lint and Icarus -Wall with no output, Yosys
# with no latches, the lockstep harness (tb/duel_harness.cpp against cmodel/cm_duel.c) on two
# seeds with full coverage, then mutants of the module that the harness must catch.
# Prints "ok - duel <name>", or "not ok - duel <name>: why" and exits 1.
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 OUTDIR WORKDIR" >&2; exit 2; }
out=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s%N)

if [ -f "$out/cachegen.manifest" ]; then
  name=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
else
  name=$(sed -n 's/^name: *//p' "$out/config.yaml" | tr -d '"' | head -1)
fi
mod="${name}_duel"
notok() { echo "not ok - duel $name: $*"; exit 1; }
if [ -z "$name" ] || [ ! -f "$out/$mod.v" ]; then notok "no $mod.v in $out"; fi
interval=$(sed -n 's/^ *duel_interval: *//p' "$out/config.yaml")
[ -n "$interval" ] || notok "no l1.duel_interval in $out/config.yaml"
# Enough intervals for every bin, at ~13 M cycles/s: 4000 intervals, 0.2 M..30 M cycles.
cycles=$((interval * 4000))
[ "$cycles" -lt 200000 ] && cycles=200000
[ "$cycles" -gt 30000000 ] && cycles=30000000

# (a) lint, (b) Icarus, Yosys: silent and latch-free
# the waivers: without CACHEGEN_EVENTS the event port's signals are internal and unread
vlt=$(ls "$out"/*_lint.vlt)
msg=$(verilator --lint-only -Wall "$out/$mod.v" "$vlt" 2>&1) || notok "verilator lint failed: $msg"
[ -z "$msg" ] || notok "verilator lint is not silent: $msg"
msg=$(iverilog -g2005 -Wall -o "$work/$mod.vvp" "$out/$mod.v" 2>&1) || notok "iverilog failed: $msg"
[ -z "$msg" ] || notok "iverilog is not silent: $msg"
[[ $mod =~ ^[a-z][a-z0-9_]*$ ]] || notok "no module name in $out/cachegen.manifest"
(cd "$out" && yosys -q -p "read_verilog $mod.v; hierarchy -top $mod; proc; opt; check -assert;
  select -assert-none t:\$dlatch* t:\$sr t:\$dlatchsr") >"$work/yosys.log" 2>&1 ||
  notok "yosys check (latches, drivers) failed; see $work/yosys.log"

# (c) build: the module (or a mutant of it), the harness and the C model (build_duel_harness.sh)
build() { # VFILE BUILDDIR
  "$root/tb/build_duel_harness.sh" "$out" "$2" "$1" >/dev/null 2>&1
}
build "$out/$mod.v" "$work/vl" || { cat "$work/vl/build.log"; notok "harness build failed"; }

# (d) lockstep on two seeds with full coverage
for s in 1 2; do
  "$work/vl/Vduel" +dir="$out" +seed=$s +cycles=$cycles +cover >"$work/run$s.log" 2>&1
  rc=$?
  grep -E '^duel_harness: [0-9]+ cycles|coverage ' "$work/run$s.log" | sed "s/^/  seed $s: /"
  if [ $rc != 0 ] || ! grep -q "duel_harness: PASS" "$work/run$s.log"; then
    cat "$work/run$s.log"; notok "lockstep seed $s failed"
  fi
done

# (e) mutants: name | bin that must be reachable (else the mutant is equivalent) | sed
mutants=(
  "no_margin|margin_decides|s/^\( *localparam \[[0-9]*:0\] N_[A-Z0-9]* = \)\([0-9]*\)'[dh][0-9a-f]*;/\1\2'd0;/"
  "ge_not_gt|exact_tie|s/filter_d = d_sum\[\([0-9]*\)\] || (d_sum == \([0-9]*'[dh]0\));/filter_d = d_sum[\1];/"
  "empty_not_kept||s/if (interval_end \&\& leaders_active)/if (interval_end)/"
  "decision_inverted||s/filter_d = d_sum\[\([0-9]*\)\] || (d_sum == \([0-9]*'[dh]0\));/filter_d = !(d_sum[\1] || (d_sum == \2));/"
  "both_rise_dropped|filter_off|s/^\( *\)+ d_both;\$/\1;/"
)
for w in ${MUTANT_PICK:-}; do # make test's sample (tb/test_all.sh): only the mutants named
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    notok "MUTANT_PICK names '$w', which is not a mutant here"
done
pick=" ${MUTANT_PICK:-} "
caught=0; tried=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"
for m in "${mutants[@]}"; do
  IFS='|' read -r mname bin expr <<<"$m"
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $mname "* ]] || continue
  if [ -n "$bin" ] && grep -q " $bin=n/a" "$work/run1.log"; then
    echo "  mutant $mname: equivalent for this config ($bin unreachable), skipped"; continue
  fi
  tried=$((tried + 1))
  d="$work/mut_$mname"; mkdir -p "$d"
  sed "$expr" "$out/$mod.v" >"$d/$mod.v"
  cmp -s "$d/$mod.v" "$out/$mod.v" && notok "mutant $mname: the mutation did not apply"
  CG_BUILD_CACHE= build "$d/$mod.v" "$d/vl" || { cat "$d/vl/build.log"; notok "mutant $mname did not build"; }
  hit=0
  for s in 1 2; do
    if ! "$d/vl/Vduel" +dir="$out" +seed=$s +cycles=$cycles >"$d/run$s.log" 2>&1 &&
       grep -q "^MISMATCH" "$d/run$s.log"; then hit=1; break; fi
  done
  [ $hit = 1 ] || notok "mutant $mname survived the harness"
  caught=$((caught + 1))
  echo "  mutant $mname caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c1-100)"
  catch_note duel "$mname" "$(catch_check_of "$d/run$s.log")" || stale=$((stale + 1))
done
[ $stale = 0 ] || notok "$stale mutants caught by another check than tb/catch_matrix.tsv says"
need=2; [ -z "${MUTANT_PICK:-}" ] || need=1 # a sample names fewer
[ $caught -ge $need ] || notok "only $caught mutants apply to this config (need $need)"
echo "ok - duel $name (interval $interval, $cycles cycles x 2 seeds, $caught/$tried mutants" \
  "caught, $(( ($(date +%s%N) - start) / 1000000 )) ms)"
