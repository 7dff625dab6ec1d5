#!/usr/bin/env bash
# gcache_spmv.sh: L1 hit rate and bypass ratio with and without G-Cache on SPMV-like traffic
# (cachesim's hot_stream workload on 4 cores: a hot vector gathered at random plus streamed
# arrays), through the system model (build/sysim: 4 L1s over the L2 slice, program order).
# Both runs use gcache-system's geometry and 3-bit SRRIP; "without" is l1.mode = baseline.
# usage: bench/gcache_spmv.sh [REFS]      (build first: make all)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
refs=${1:-400000}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
num() { sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$1" | head -1; }
echo "| hot set | L1 hit rate without | with G-Cache | bypass ratio (bypasses / L1 misses) | L2 reads returning victim bit 1, without / with |"
echo "|---:|---:|---:|---:|---:|"
for fp in 16384 24576 32768 49152; do
  "$root/build/cachesim" gen --pattern hot_stream --refs "$refs" --footprint "$fp" --cores 4 \
    --seed 1 -o "$work/t.bin" >/dev/null 2>&1
  "$root/build/sysim" --json --preset gcache-system --set l1.mode=baseline "$work/t.bin" >"$work/b.json"
  "$root/build/sysim" --json --preset gcache-system "$work/t.bin" >"$work/g.json"
  printf "| %d KB | %.1f%% | %.1f%% | %.2f%% | %s / %s |\n" $((fp / 1024)) \
    "$(awk -v x="$(num "$work/b.json" l1_hit_rate)" 'BEGIN{print 100*x}')" \
    "$(awk -v x="$(num "$work/g.json" l1_hit_rate)" 'BEGIN{print 100*x}')" \
    "$(awk -v x="$(num "$work/g.json" bypass_ratio)" 'BEGIN{print 100*x}')" \
    "$(num "$work/b.json" victim_bits_returned_1)" "$(num "$work/g.json" victim_bits_returned_1)"
done
