#!/usr/bin/env bash
# run_xsim.sh OUTDIR VLBUILD WORKDIR SEED REQUESTS: cross-simulator check. Runs the Verilator
# lockstep harness on random traffic while recording every cycle's inputs, replays them on
# Icarus (tb_replay.v), and requires the two event logs to be identical.
set -euo pipefail
out=$(cd "$1" && pwd); vl=$2; work=$3; seed=$4; requests=$5
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no top module name in $out/cachegen.manifest" >&2; exit 1; }
# the file list, each path one argument (never split by the shell: OUTDIR may hold spaces)
files=(); while IFS= read -r f; do [ -z "$f" ] || files+=("$out/$f"); done <"$out/$top.f"
mkdir -p "$work"; work=$(cd "$work" && pwd)
"$vl/Vdut" +dir="$out" +seed="$seed" +traffic=mix +requests="$requests" \
  +stimout="$work/inputs.txt" +evlog="$work/verilator.evlog" >"$work/verilator.log" 2>&1 \
  || { cat "$work/verilator.log"; exit 1; }
"$root/build/mkstim" "$out" --defines "$work/tb_defines.vh"
iverilog -g2005 -Wall -Wno-timescale -DCACHEGEN_EVENTS -I "$work" -I "$root/tb" -o "$work/replay.vvp" "${files[@]}" "$root/tb/tb_replay.v"
vvp -n "$work/replay.vvp" +stim="$work/inputs.txt" +evlog="$work/icarus.evlog" >"$work/icarus.log"
if cmp -s "$work/verilator.evlog" "$work/icarus.evlog"; then
  echo "run_xsim: $top: $(wc -l <"$work/verilator.evlog") events identical on Verilator and Icarus"
else
  echo "run_xsim: $top: event logs differ (first difference below)"
  diff "$work/verilator.evlog" "$work/icarus.evlog" | head -6
  exit 1
fi
rm -f "$work/inputs.txt"
