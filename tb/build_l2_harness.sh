#!/usr/bin/env bash
# build_l2_harness.sh OUTDIR BUILDDIR: verilate the L2 slice <name>_l2 of a generated output
# directory with its lockstep harness (tb/l2_harness.cpp), the C model and the config library,
# into BUILDDIR/Vl2. Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
l2=$(sed -n 's/^l2: //p' "$out/cachegen.manifest")
[ -n "$l2" ] || { echo "build_l2_harness: no L2 in $out/cachegen.manifest" >&2; exit 1; }
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
start=$(date +%s%N)
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
  -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
  --top-module "$l2" --prefix Vl2 --Mdir "$bdir" -o Vl2 \
  -F "$out/$top.f" "$out/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -I$root" -LDFLAGS "$root/build/libcmodel.a $root/build/libcore.a -lyaml" \
  "$root/tb/l2_harness.cpp" "$root/tb/memory.cpp" >"$bdir/build.log" 2>&1 \
  || { cat "$bdir/build.log"; exit 1; }
echo "build_l2_harness: $l2 built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
