#!/usr/bin/env bash
# check.sh OUTDIR LOG [TOP]: the structural checks of a generated top in Yosys 0.23, before any
# mapping: every module resolves, no multiple drivers or combinational loops (check -assert),
# no latches. TOP defaults to the manifest's L1 top (the L2 slice: the manifest's "l2:").
# The SRAM leaf is a black box. Exits non-zero on a failed check (see LOG).
set -euo pipefail
out=$(cd "$1" && pwd); log=$2
list=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
top=${3:-$list}
srcs=$(grep -v '^cachegen_sram_1r1w.v$' "$out/$list.f" | sed "s|^|$out/|" | tr '\n' ' ')
yosys -q -l "$log" -p "read_verilog -lib $out/cachegen_sram_1r1w.v; read_verilog $srcs;
  hierarchy -check -top $top; proc; opt_clean; check -assert;
  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr" >/dev/null 2>&1
