#!/usr/bin/env bash
# check.sh OUTDIR LOG: the structural checks of a generated top in Yosys 0.23, before any
# mapping: every module resolves, no multiple drivers or combinational loops (check -assert),
# no latches. The SRAM leaf is a black box. Exits non-zero on a failed check (see LOG).
set -euo pipefail
out=$(cd "$1" && pwd); log=$2
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
srcs=$(grep -v '^cachegen_sram_1r1w.v$' "$out/$top.f" | sed "s|^|$out/|" | tr '\n' ' ')
yosys -q -l "$log" -p "read_verilog -lib $out/cachegen_sram_1r1w.v; read_verilog $srcs;
  hierarchy -check -top $top; proc; opt_clean; check -assert;
  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr" >/dev/null 2>&1
