#!/usr/bin/env bash
# check_sys.sh OUTDIR WORKDIR [SEEDS [REQUESTS]]: the generated system top (<name>_sys: the L1s,
# the round-robin arbiter, the L2 slice) of an output directory: Verilator lint (-Wall, zero
# warnings), Icarus (-Wall, silent), Yosys structural checks, then the system lockstep harness
# (tb/sys_harness.cpp) for SEEDS seeds of REQUESTS requests per core with full coverage, every
# second seed with +own_lines (responses also checked against a reference memory); a seed's
# traffic is extended (up to 4x) while a reachable bin is unhit. A mismatch is rerun with FST
# tracing and exits 1; a coverage hole left (no mismatch) is reported without a waveform and
# exits 3. Prints "ok - system <name>" or "not ok - ...". COVER_MARGIN (env) > 0: REQUESTS is the
# most, a seed ends that many requests after every bin is hit.
set -uo pipefail
out=$(cd "$1" && pwd); work=$2; seeds=${3:-2}; requests=${4:-20000}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"; work=$(cd "$work" && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
sys=$(sed -n 's/^system: //p' "$out/cachegen.manifest")
notok() { echo "not ok - system $top: $*"; exit 1; }
msg=$(cd "$out" && verilator --lint-only -Wall -F "$top.f" "${top}_lint.vlt" --top-module "$sys" 2>&1) \
  || notok "verilator lint: $msg"
[ -z "$msg" ] || notok "verilator lint is not clean: $msg"
files=$(sed "s|^|$out/|" "$out/$top.f" | tr '\n' ' ')
# shellcheck disable=SC2086
msg=$(iverilog -g2005 -Wall -s "$sys" -o "$work/$sys.vvp" $files 2>&1) || notok "iverilog: $msg"
[ -z "$msg" ] || notok "iverilog is not silent: $msg"
"$root/synth/check.sh" "$out" "$work/yosys.log" "$sys" || notok "yosys structural check"
"$root/tb/build_sys_harness.sh" "$out" "$work/vl" >/dev/null || notok "verilator build"
for s in $(seq 1 "$seeds"); do
  extra=""; [ $((s % 2)) = 0 ] && extra="+own_lines"
  log="$work/sys_$s.log"
  # shellcheck disable=SC2086
  "$work/vl/Vsys" +dir="$out" +seed="$s" +requests="$requests" +cover \
    +cover_margin="${COVER_MARGIN:-0}" $extra >"$log" 2>&1
  rc=$?
  if [ $rc = 3 ]; then
    grep -E "COVERAGE HOLE" "$log" | head -10
    echo "not ok - system $top: lockstep seed $s $extra: coverage hole (log: $log)"; exit 3
  fi
  if [ $rc != 0 ] || ! grep -q "sys_harness: PASS" "$log"; then
    grep -E "MISMATCH|not hit|sys_harness" "$log" | head -20
    # shellcheck disable=SC2086
    "$work/vl/Vsys" +dir="$out" +seed="$s" +requests="$requests" +cover +cover_margin="${COVER_MARGIN:-0}" $extra \
      +trace="$work/fail_seed$s.fst" >/dev/null 2>&1
    notok "lockstep seed $s $extra (waveform: $work/fail_seed$s.fst)"
  fi
  echo "  seed $s $extra: $(grep -E '^sys_harness: [0-9]+ cycles' "$log" | sed 's/^sys_harness: //')"
  grep "coverage extended" "$log" | sed 's/^sys_harness:/ /' 
done
echo "ok - system $sys"
