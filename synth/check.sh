#!/usr/bin/env bash
# check.sh OUTDIR LOG [TOP]: the structural checks of a generated top in Yosys 0.23, before any
# mapping: every module resolves, no multiple drivers or combinational loops (check -assert),
# no latches. TOP defaults to the manifest's L1 top (the L2 slice: the manifest's "l2:").
# The SRAM leaf (the primitive, or a user macro's stand-in) is a black box. Exits non-zero on a failed check (see LOG).
set -euo pipefail
out=$(cd "$1" && pwd); log=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
list=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
top=${3:-$list}
# Yosys reads its -p text as commands (';' separates them, '!' runs a shell): it sees only
# identifiers and the plain file names of OUTDIR, from inside OUTDIR (docs/security.md).
[[ $list =~ ^[a-z][a-z0-9_]*$ && $top =~ ^[a-z][a-z0-9_]*$ ]] ||
  { echo "check.sh: no module name in $out/cachegen.manifest" >&2; exit 1; }
# The black box: the behavioural primitive, or with sram.macro the macro's stand-in model (the
# manifest's "sram macro model:"; the wrapper <name>_sram around it is checked as logic).
leaf=$(sed -n 's/^sram macro model: //p' "$out/cachegen.manifest")
[ -n "$leaf" ] || leaf=cachegen_sram_1r1w.v
[[ $leaf =~ ^[A-Za-z][A-Za-z0-9_]*\.v$ ]] || { echo "check.sh: SRAM leaf '$leaf' is not a plain name" >&2; exit 1; }
srcs=$(grep -v -x -F "$leaf" "$out/$list.f" | tr '\n' ' ')
[[ $srcs =~ ^[A-Za-z0-9_.\ ]*$ ]] || { echo "check.sh: $out/$list.f lists a name that is not plain" >&2; exit 1; }
cd "$out"
yosys -q -l "$log" -p "read_verilog -lib $leaf; read_verilog $srcs;
  hierarchy -check -top $top; proc; opt_clean; check -assert;
  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr" >/dev/null 2>&1
