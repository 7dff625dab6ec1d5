#!/usr/bin/env bash
# synth.sh OUTDIR WORKDIR: Yosys 0.23 on one generated top. Runs the structural checks of
# check.sh first (no latches, no multiple drivers or loops; log in WORKDIR/check.log), removes
# the simulation-only event port, runs generic synthesis with the SRAM leaf black-boxed, maps
# to a small gate set, and writes WORKDIR/stat.json, hier.json (netlist per module), flat.json
# and seconds.
set -euo pipefail
out=$(cd "$1" && pwd); work=$2
mkdir -p "$work"; work=$(cd "$work" && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
srcs=$(grep -v '^cachegen_sram_1r1w.v$' "$out/$top.f" | sed "s|^|$out/|" | tr '\n' ' ')
cat >"$work/synth.ys" <<YS
read_verilog -lib $out/cachegen_sram_1r1w.v
read_verilog $srcs
hierarchy -check -top $top
proc
opt_clean
delete -port $top/evt_*
synth -top $top
dffunmap
abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX
opt_clean
select -assert-none t:\$_DLATCH_* t:\$_SR_*
tee -q -o $work/stat.json stat -json
write_json $work/hier.json
flatten
opt_clean
write_json $work/flat.json
YS
start=$(date +%s%N)
"$(dirname "$0")/check.sh" "$out" "$work/check.log" || { tail -20 "$work/check.log"; exit 1; }
yosys -q -l "$work/yosys.log" -s "$work/synth.ys" >/dev/null 2>&1 || { tail -20 "$work/yosys.log"; exit 1; }
awk -v t=$(( $(date +%s%N) - start )) 'BEGIN{printf "%.2f\n", t / 1e9}' >"$work/seconds"
