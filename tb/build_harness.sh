#!/usr/bin/env bash
# build_harness.sh OUTDIR BUILDDIR: verilate a generated L1 in OUTDIR with the lockstep harness,
# the C model and the config library, into BUILDDIR/Vdut. Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
start=$(date +%s%N)
modeflag=""  # mode-specific ports of the event port
grep -q "^  mode: gcache" "$out/config.yaml" && modeflag="-DCG_GCACHE"
grep -q "^  mode: pcpred" "$out/config.yaml" && modeflag="-DCG_PCPRED"
grep -q "^  mode: sacat" "$out/config.yaml" && modeflag="-DCG_SACAT"
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
  -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
  --top-module "$top" --prefix Vdut --Mdir "$bdir" -o Vdut \
  -F "$out/$top.f" "$out/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -I$root $modeflag" -LDFLAGS "$root/build/libcmodel.a $root/build/libcore.a -lyaml" \
  "$root/tb/l1_harness.cpp" "$root/tb/memory.cpp" "$root/tb/traffic.cpp"  >"$bdir/build.log" 2>&1 \
  || { cat "$bdir/build.log"; exit 1; }
echo "build_harness: $top built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
