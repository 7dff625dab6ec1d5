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
files=(); while IFS= read -r f; do [ -z "$f" ] || files+=("cg_rtl/$f"); done <"$out/$top.f"
mkdir -p "$work"; work=$(cd "$work" && pwd)
"$vl/Vdut" +dir="$out" +seed="$seed" +traffic=mix +requests="$requests" \
  +stimout="$work/inputs.txt" +evlog="$work/verilator.evlog" >"$work/verilator.log" 2>&1 \
  || { cat "$work/verilator.log"; exit 1; }
"$root/build/mkstim" "$out" --defines "$work/tb_defines.vh"
# iverilog writes every source path unescaped into the .vvp file (a '"' there breaks vvp): it
# runs inside WORKDIR and reaches OUTDIR and the tree through symbolic links (cg_rtl, cg_src),
# so every path it sees is plain and relative, whatever characters the real ones hold.
ln -sfn "$out" "$work/cg_rtl"; ln -sfn "$root" "$work/cg_src"
cd "$work"
iverilog -g2005 -Wall -Wno-timescale -DCACHEGEN_EVENTS -I . -I cg_src/tb -o replay.vvp "${files[@]}" cg_src/tb/tb_replay.v
vvp -n replay.vvp +stim=inputs.txt +evlog=icarus.evlog >icarus.log
if cmp -s "$work/verilator.evlog" "$work/icarus.evlog"; then
  echo "run_xsim: $top: $(wc -l <"$work/verilator.evlog") events identical on Verilator and Icarus"
else
  echo "run_xsim: $top: event logs differ (first difference below)"
  diff "$work/verilator.evlog" "$work/icarus.evlog" | head -6
  exit 1
fi
rm -f "$work/inputs.txt"
