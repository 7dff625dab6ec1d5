#!/usr/bin/env bash
# run_icarus.sh OUTDIR WORKDIR [SEED] [COUNT]: compile a generated L1 with Icarus (-g2005) and
# replay an mkstim stimulus through tb_icarus.v; exits non-zero unless every response matched.
set -euo pipefail
out=$(cd "$1" && pwd); work=$2; seed=${3:-1}; count=${4:-2000}
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no top module name in $out/cachegen.manifest" >&2; exit 1; }
# the file list, each path one argument (never split by the shell: OUTDIR may hold spaces)
files=(); while IFS= read -r f; do [ -z "$f" ] || files+=("cg_rtl/$f"); done <"$out/$top.f"
mkdir -p "$work"; work=$(cd "$work" && pwd)
"$root/build/mkstim" "$out" "$seed" "$count" "$work/stim.txt" "$work/tb_defines.vh"
# iverilog writes every source path unescaped into the .vvp file (a '"' there breaks vvp): it
# runs inside WORKDIR and reaches OUTDIR and the tree through symbolic links (cg_rtl, cg_src),
# so every path it sees is plain and relative, whatever characters the real ones hold.
ln -sfn "$out" "$work/cg_rtl"; ln -sfn "$root" "$work/cg_src"
cd "$work"
iverilog -g2005 -Wall -Wno-timescale -DCACHEGEN_EVENTS -I . -I cg_src/tb -o sim.vvp "${files[@]}" cg_src/tb/tb_icarus.v
vvp -n sim.vvp +stim=stim.txt +latency=5 | tee icarus.log
grep -q "tb_icarus: PASS" icarus.log
