#!/usr/bin/env bash
# check_dwt.sh OUTDIR WORKDIR: checks the DWT-CS controller <name>_dwt.v of a generated sacat
# configuration in OUTDIR on its own: Verilator -Wall lint (with and without the event port)
# and Icarus -Wall with no output, Yosys with no latches, the lockstep harness
# (tb/dwt_harness.cpp against cmodel/cm_dwt.c) on two seeds with every reachable bin hit, then
# mutants of the module, each one edited line, that the harness must catch.
# Prints "ok - dwt <name>", or "not ok - dwt <name>: why" and exits 1.
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 OUTDIR WORKDIR" >&2; exit 2; }
out=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s%N)

name=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
mod="${name}_dwt"
notok() { echo "not ok - dwt $name: $*"; exit 1; }
if [ -z "$name" ] || [ ! -f "$out/$mod.v" ]; then notok "no $mod.v in $out"; fi
period=$(awk '/^dwt:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $1 == "period:" { print $2 }' \
  "$out/config.yaml")
[ -n "$period" ] || notok "no dwt.period in $out/config.yaml"
# Enough periods for every bin, at ~2 M cycles/s: 4000 periods, 0.2 M..30 M cycles.
cycles=$((period * 4000))
[ "$cycles" -lt 200000 ] && cycles=200000
[ "$cycles" -gt 30000000 ] && cycles=30000000

# (a) lint, (b) Icarus, Yosys: silent and latch-free
# the waivers: without CACHEGEN_EVENTS the event port's signals are internal and unread
vlt=$(ls "$out"/*_lint.vlt)
for def in "" -DCACHEGEN_EVENTS; do
  msg=$(verilator --lint-only -Wall $def "$out/$mod.v" "$vlt" 2>&1) ||
    notok "verilator lint $def failed: $msg"
  [ -z "$msg" ] || notok "verilator lint $def is not silent: $msg"
done
msg=$(iverilog -g2005 -Wall -o "$work/$mod.vvp" "$out/$mod.v" 2>&1) || notok "iverilog failed: $msg"
[ -z "$msg" ] || notok "iverilog is not silent: $msg"
[[ $mod =~ ^[a-z][a-z0-9_]*$ ]] || notok "no module name in $out/cachegen.manifest"
(cd "$out" && yosys -q -p "read_verilog $mod.v; hierarchy -top $mod; proc; opt; check -assert;
  select -assert-none t:\$dlatch* t:\$sr t:\$dlatchsr") >"$work/yosys.log" 2>&1 ||
  notok "yosys check (latches, drivers) failed; see $work/yosys.log"

# (c) build: the module (or a mutant of it), the harness and the C model (build_dwt_harness.sh)
build() { # VFILE BUILDDIR
  nice -n 10 "$root/tb/build_dwt_harness.sh" "$out" "$2" "$1" >/dev/null 2>&1
}
build "$out/$mod.v" "$work/vl" || { cat "$work/vl/build.log"; notok "harness build failed"; }

# (d) lockstep on two seeds with every reachable bin hit
for s in 1 2; do
  nice -n 10 "$work/vl/Vdwt" +dir="$out" +seed=$s +cycles=$cycles +cover >"$work/run$s.log" 2>&1
  rc=$?
  grep -E '^dwt_harness: ([0-9]+ cycles|events|coverage)' "$work/run$s.log" | sed "s/^/  seed $s: /"
  if [ $rc != 0 ] || ! grep -q "dwt_harness: PASS" "$work/run$s.log"; then
    tail -30 "$work/run$s.log"; notok "lockstep seed $s failed"
  fi
done

# (e) mutants: name | bin that must be reachable (else the mutant is equivalent) | sed program
# (one edited line; a mutant whose structure this configuration lacks is skipped by its bin)
mutants=(
  "tie_to_higher|winner_tie|/assign win_oh_c\[1\] = /s/(tot1 > tot0)/(tot1 >= tot0)/"
  "detect_not_reset|detect_reset|s/^\( *\)det_d = .*;  \/\/ a quiet period restarts the count\$/\1det_d = det_q;/"
  "fifo_wraps_to_1|table_replace|s/slot_d = (slot_q == LastSlot) ? \([0-9]*\)'d0 :/slot_d = (slot_q == LastSlot) ? \1'd1 :/"
  "limit_not_capped|winner_capped|0,/\/\/ capped: core/s/& MaxLimit\(;*\)  \/\/ capped: core/\& (MaxLimit + 1'd1)\1  \/\/ capped: core/"
  "sum_overflows|sum_wide|s/^\( *\)wire \[[0-9]*:0\] sum_inst = /\1wire [15:0] sum_inst = /"
  "compare_ge|mpki_tie|s/wire thrash = (miss_side > inst_side);/wire thrash = (miss_side >= inst_side);/"
  "kstart_keeps_state|kstart_restore|s/state_d = StDetect;  \/\/ every core unthrottled/state_d = state_q;/"
  "count_wraps|count_saturated|s/assign s_inst\[gc\*16 +: 16\] = inst_inc\[16\] ? CountMax : /assign s_inst[gc*16 +: 16] = /"
  "reuse_ignored|reuse|s/end else if (hit) begin/end else if (1'b0) begin/"
  "one_sampling_period|sampling_period|s/if (sp_q != SampleLast) begin/if (1'b0) begin/"
  "kstart_not_cancelling|kstart_pending|s/pend_d\[1\] = pend_q\[0\] \& ~kernel_start_i;/pend_d[1] = pend_q[0];/"
  "kstart_end_decides|kstart_period_end|s/pend_d\[0\] = period_end \& ~kernel_start_i;/pend_d[0] = period_end;/"
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
  if grep -q " $bin=n/a" "$work/run1.log"; then
    echo "  mutant $mname: equivalent for this config ($bin unreachable), skipped"; continue
  fi
  tried=$((tried + 1))
  d="$work/mut_$mname"; mkdir -p "$d"
  sed "$expr" "$out/$mod.v" >"$d/$mod.v"
  cmp -s "$d/$mod.v" "$out/$mod.v" && notok "mutant $mname: the mutation did not apply"
  [ "$(diff "$out/$mod.v" "$d/$mod.v" | grep -c '^>')" = 1 ] ||
    notok "mutant $mname: edits more than one line"
  CG_BUILD_CACHE= build "$d/$mod.v" "$d/vl" || { cat "$d/vl/build.log"; notok "mutant $mname did not build"; }
  hit=0
  for s in 1 2; do
    if ! nice -n 10 "$d/vl/Vdwt" +dir="$out" +seed=$s +cycles=$cycles >"$d/run$s.log" 2>&1 &&
       grep -q "^MISMATCH" "$d/run$s.log"; then hit=1; break; fi
  done
  [ $hit = 1 ] || notok "mutant $mname survived the harness"
  caught=$((caught + 1))
  echo "  mutant $mname caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c1-110)"
  catch_note dwt "$mname" "$(catch_check_of "$d/run$s.log")" || stale=$((stale + 1))
done
[ $stale = 0 ] || notok "$stale mutants caught by another check than tb/catch_matrix.tsv says"
need=3; [ -z "${MUTANT_PICK:-}" ] || need=1 # a sample names fewer
[ $caught -ge $need ] || notok "only $caught mutants apply to this config (need $need)"
echo "ok - dwt $name (period $period, $cycles cycles x 2 seeds, $caught/$tried mutants caught," \
  "$(( ($(date +%s%N) - start) / 1000000 )) ms)"
