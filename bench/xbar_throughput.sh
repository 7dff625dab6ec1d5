#!/usr/bin/env bash
# xbar_throughput.sh: port-level throughput of the crossbar <name>_xbar alone (no model):
# `cachegen xbar` at each size, tb/xbar_tp.cpp under Verilator, saturated sources over lines
# spread by the modulo map (stream) and uniformly at random (random), ideal slices (take every
# cycle, answer after a fixed latency). Prints requests/cycle and the fraction of S, and the
# latency of one request alone. Issue 39's targets: 16x8 >= 7.2, 4x4 >= 3.6, 1x1 >= 0.95.
# Usage: [XBAR_SIZES="16 8 4,4 4 8"] bench/xbar_throughput.sh [WORKDIR] [CYCLES]   (results: BENCHMARKS.md "Crossbar")
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$root/build/bench-xbar}; cycles=${2:-100000}
mkdir -p "$work"; work=$(cd "$work" && pwd)
[ -x "$root/build/cachegen" ] && [ -f "$root/build/libcore.a" ] || { echo "$0: run make first" >&2; exit 2; }
# sources slices slots (XBAR_SIZES="N S Q,N S Q" picks others)
sizes=("16 8 4" "4 4 8" "1 1 2" "4 4 6" "16 8 2" "16 12 4" "16 16 8")
if [ -n "${XBAR_SIZES:-}" ]; then IFS=, read -r -a sizes <<<"$XBAR_SIZES"; fi
for sz in "${sizes[@]}"; do
  read -r n s q <<<"$sz"
  d=$work/x$n-$s-$q; rm -rf "$d/rtl"; mkdir -p "$d"
  "$root/build/cachegen" xbar --sources "$n" --slices "$s" --slots "$q" --req-width 64 --rsp-width 64 -o "$d/rtl" >/dev/null
  cp "$d/rtl/xb_xbar.v" "$d/xb_xbar.v"
  flags="-DXB_N=$n -DXB_S=$s -DXB_Q=$q -DXB_RQW=64 -DXB_RSW=64"
  ( cd "$d" && if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
    verilator --cc --exe --build -j 2 -O2 -Wno-fatal --quiet-exit --top-module xb_xbar --prefix Vxbar \
      --Mdir obj -o ../Vtp -CFLAGS "-O2 $flags -I$root/tb -I$root" xb_xbar.v "$root/tb/xbar_tp.cpp" \
      "$root/build/libcore.a" >build.log 2>&1 ) || { cat "$d/build.log"; exit 1; }
  for p in stream random; do "$d/Vtp" +cycles="$cycles" +pattern=$p +lat=8 | sed 's/^xbar_tp: //'; done
done
