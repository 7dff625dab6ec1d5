#!/usr/bin/env bash
# check_config.sh WORKDIR SEEDS REQUESTS ICARUS_REQUESTS XSIM_REQUESTS -- CACHEGEN_ARGS...
# Every check of one configuration, timed: generate, lint (verilator -Wall, zero warnings),
# structural checks in Yosys (no latches, no multiple drivers or loops), Verilator lockstep
# (directed script, then SEEDS random seeds of REQUESTS requests with full coverage required,
# their traffic extended up to 4x while a reachable bin is unhit),
# the Icarus testbench (ICARUS_REQUESTS > 0; make check's L1 runs without), and
# (XSIM_REQUESTS > 0) the cross-simulator check: Icarus replays a
# random Verilator run's inputs and must log the same events. A failing lockstep seed is rerun
# with FST tracing into WORKDIR; a coverage hole (no mismatch) is reported with its bins and no
# waveform, and exits 3. COVER_MARGIN (env) > 0: REQUESTS is the most, a seed ends that many
# requests after every bin is hit (make test's depth). TRAFFIC (env, default mix): the random
# seeds' +traffic (fgcb: FG-CB's decisions at a large N and window, tb/traffic.h).
# Prints "ok"/"not ok" lines; exits non-zero on the first failure (3: a coverage hole, else 1).
# MUTATE="SUFFIX|SED_EXPR" (env, for tests of this script) edits <top>SUFFIX after the lint and
# Yosys checks, before the Verilator build.
# SEEDS is how many random seeds (1..SEEDS), not a seed; `cachegen verify` runs one chosen seed.
set -uo pipefail
usage() { sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; }
case ${1:-} in -h|--help) usage; exit 0 ;; esac
if [ $# -lt 6 ] || [ "$6" != -- ]; then
  echo "check_config.sh: expected WORKDIR SEEDS REQUESTS ICARUS_REQUESTS XSIM_REQUESTS -- CACHEGEN_ARGS... (--help)" >&2
  exit 2
fi
for n in "$2" "$3" "$4" "$5"; do
  case $n in ''|*[!0-9]*) echo "check_config.sh: SEEDS, REQUESTS, ICARUS_REQUESTS and XSIM_REQUESTS are counts; '$n' is not a decimal number" >&2; exit 2 ;; esac
done
work=$1; seeds=$2; requests=$3; icarus_requests=$4; xsim_requests=$5; shift 6
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"; work=$(cd "$work" && pwd)
out="$work/rtl"
ms() { date +%s%N; }
stage() { # name start
  echo "  $1: $(( ($(ms) - $2) / 1000000 )) ms"
}
fail() { echo "not ok - $*"; exit 1; }

t=$(ms)
"$root/build/cachegen" "$@" -o "$out" >/dev/null || fail "generate: cachegen $*"
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
echo "# $top: $*"
stage generate "$t"

t=$(ms)
lint=$(cd "$out" && verilator --lint-only -Wall -F "$top.f" "${top}_lint.vlt" --top-module "$top" 2>&1)
[ $? -eq 0 ] && [ -z "$lint" ] || { echo "$lint" | head -30; fail "$top: verilator lint"; }
stage lint "$t"

t=$(ms)
"$root/synth/check.sh" "$out" "$work/yosys.log" || { tail -20 "$work/yosys.log"; fail "$top: yosys latch/driver check"; }
stage yosys-check "$t"

if [ -n "${MUTATE:-}" ]; then # a deliberate bug, after lint and Yosys: tests the lockstep paths
  IFS='|' read -r msuffix mexpr <<<"$MUTATE"
  cp "$out/$top$msuffix" "$work/unmutated$msuffix"
  sed -i "$mexpr" "$out/$top$msuffix"
  cmp -s "$out/$top$msuffix" "$work/unmutated$msuffix" && fail "MUTATE=$MUTATE did not apply"
  echo "  mutated $top$msuffix: $mexpr"
fi
t=$(ms)
"$root/tb/build_harness.sh" l1 "$out" "$work/vl" >/dev/null || fail "$top: verilator build"
stage verilator-build "$t"

run() { # seed traffic extra...
  local seed=$1 traffic=$2 rc; shift 2
  local log="$work/lockstep_${traffic}_$seed.log"
  "$work/vl/Vdut" +dir="$out" +seed="$seed" +traffic="$traffic" +requests="$requests" "$@" >"$log" 2>&1
  rc=$?
  if [ $rc = 3 ]; then # a coverage hole, no mismatch: no waveform
    grep -E "COVERAGE HOLE|^coverage: .* not hit" "$log" | head -10
    echo "not ok - $top: lockstep $traffic seed $seed: coverage hole (log: $log)"; exit 3
  fi
  if [ $rc != 0 ] || ! grep -q "l1_harness: PASS" "$log"; then
    grep -E "MISMATCH|coverage:|l1_harness" "$log" | head -30
    "$work/vl/Vdut" +dir="$out" +seed="$seed" +traffic="$traffic" +requests="$requests" "$@" \
      +trace="$work/fail_seed$seed.fst" >/dev/null 2>&1
    fail "$top: lockstep $traffic seed $seed (waveform: $work/fail_seed$seed.fst)"
  fi
  grep -E "requests/s|coverage extended" "$log" | sed 's/^l1_harness:/ /'
}
t=$(ms)
run 1 directed
for s in $(seq 1 "$seeds"); do run "$s" "${TRAFFIC:-mix}" +cover +min_events="${MIN_EVENTS:-0}" \
  +cover_margin="${COVER_MARGIN:-0}"; done
stage lockstep "$t"

if [ "$icarus_requests" -gt 0 ]; then
  t=$(ms)
  "$root/tb/run_icarus.sh" "$out" "$work/icarus" 1 "$icarus_requests" >"$work/icarus.log" 2>&1 \
    || { tail -5 "$work/icarus.log"; fail "$top: icarus"; }
  stage icarus "$t"
fi

if [ "$xsim_requests" -gt 0 ]; then
  t=$(ms)
  "$root/tb/run_xsim.sh" "$out" "$work/vl" "$work/xsim" 7 "$xsim_requests" || fail "$top: cross-simulator check"
  stage xsim "$t"
fi
echo "ok - $top"
