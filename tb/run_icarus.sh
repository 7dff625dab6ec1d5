#!/usr/bin/env bash
# run_icarus.sh OUTDIR WORKDIR [SEED] [COUNT]: compile a generated L1 with Icarus (-g2005) and
# replay an mkstim stimulus through tb_icarus.v; exits non-zero unless every response matched.
set -euo pipefail
out=$(cd "$1" && pwd); work=$2; seed=${3:-1}; count=${4:-2000}
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no top module name in $out/cachegen.manifest" >&2; exit 1; }
# the file list, each path one argument (never split by the shell: OUTDIR may hold spaces)
files=(); while IFS= read -r f; do [ -z "$f" ] || files+=("$out/$f"); done <"$out/$top.f"
mkdir -p "$work"
"$root/build/mkstim" "$out" "$seed" "$count" "$work/stim.txt" "$work/tb_defines.vh"
iverilog -g2005 -Wall -Wno-timescale -DCACHEGEN_EVENTS -I "$work" -I "$root/tb" -o "$work/sim.vvp" "${files[@]}" "$root/tb/tb_icarus.v"
vvp -n "$work/sim.vvp" +stim="$work/stim.txt" +latency=5 | tee "$work/icarus.log"
grep -q "tb_icarus: PASS" "$work/icarus.log"
