#!/usr/bin/env bash
# throughput.sh [REQUESTS] [PRESET...]: what a user of each L1 preset sees at its ports
# (tb/throughput.cpp with tb/tp_l1.h, no model): accepted requests per cycle on back-to-back
# load hits, store hits, store misses, hits under an outstanding miss, and a 25%-miss load mix
# at 50 cycles of memory latency, plus the load-hit latency. Response and memory channels are always ready.
# Prints a Markdown table for BENCHMARKS.md. Run after `make all`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
requests=${1:-20000}; shift || true
presets=${*:-$(sed -n 's/^PRESETS := //p' Makefile)}
work=build/bench/throughput
mkdir -p "$work"
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
echo "| preset | load hits | store hits | store misses | hits under a miss | 25% misses @ 50 cycles | hit latency |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for p in $presets; do
  out="$work/$p"
  build/cachegen --preset "$p" -o "$out" >/dev/null
  top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
  verilator --cc --exe --build -j 2 -O2 -Wno-fatal --quiet-exit --top-module "$top" \
    --prefix Vdut --Mdir "$work/vl_$p" -o Vtp -F "$out/$top.f" "$out/${top}_lint.vlt" \
    -CFLAGS "-O2 -std=c++14 -I$root -DCG_TP=tp_l1" -LDFLAGS "$root/build/libcore.a -lyaml" \
    "$root/tb/throughput.cpp" >"$work/vl_$p.log" 2>&1 || { cat "$work/vl_$p.log"; exit 1; }
  log=$("$work/vl_$p/Vtp" +dir="$out" +requests="$requests")
  r() { echo "$log" | sed -n "s/^throughput: $1 *\([0-9.]*\) requests.*/\1/p"; }
  lat=$(echo "$log" | sed -n 's/.*hit latency \([0-9.]*\) cycles.*/\1/p')
  echo "| $p | $(r 'load hits') | $(r 'store hits') | $(r 'store misses') | $(r 'hits under a miss') | $(r '25% misses, latency 50') | $lat |"
done
