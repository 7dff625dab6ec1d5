#!/usr/bin/env bash
# build_sys_harness.sh OUTDIR BUILDDIR: verilate the system top <name>_sys of a generated output
# directory (the L1s, the arbiter, the L2 slice) with its lockstep harness (tb/sys_harness.cpp),
# the C models and the config library, into BUILDDIR/Vsys. Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
sys=$(sed -n 's/^system: //p' "$out/cachegen.manifest")
[ -n "$sys" ] || { echo "build_sys_harness: no system top in $out/cachegen.manifest" >&2; exit 1; }
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
modeflag=""  # mode-specific ports of the event port
grep -q "^  mode: gcache" "$out/config.yaml" && modeflag="-DCG_GCACHE"
grep -q "^  mode: pcpred" "$out/config.yaml" && modeflag="-DCG_PCPRED"
grep -q "^  mode: sacat" "$out/config.yaml" && modeflag="-DCG_SACAT"
start=$(date +%s%N)
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
  -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
  --top-module "$sys" --prefix Vsys --Mdir "$bdir" -o Vsys \
  -F "$out/$top.f" "$out/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -I$root $modeflag" \
  -LDFLAGS "$root/build/libcmodel.a $root/build/libcore.a -lyaml" \
  "$root/tb/sys_harness.cpp" "$root/tb/memory.cpp" "$root/tb/traffic.cpp" >"$bdir/build.log" 2>&1 \
  || { cat "$bdir/build.log"; exit 1; }
echo "build_sys_harness: $sys built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
