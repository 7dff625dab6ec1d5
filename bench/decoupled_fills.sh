#!/usr/bin/env bash
# decoupled_fills.sh: how many fills the decoupled tag store avoids against the baseline L1 of
# the same data store, on SPMV-like traffic (a hot vector gathered at random plus two streamed
# arrays, cachesim's hot_stream workload), for hot sets from a quarter of the cache to twice it.
# Runs the bit-accurate model (cachesim uses it for every non-baseline mode).
# usage: bench/decoupled_fills.sh [REFS]      (build first: make all)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
refs=${1:-1000000}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
num() { sed -n "s/.*\"$2\": *\([0-9]*\).*/\1/p" "$1" | head -1; }
echo "| hot set | baseline fills | decoupled fills | fills avoided | baseline read hits | decoupled read hits | decoupled bypasses |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for fp in 4096 8192 16384 32768; do
  "$root/build/cachesim" gen --pattern hot_stream --refs "$refs" --footprint "$fp" --seed 1 \
    -o "$work/t.bin" >/dev/null 2>&1
  "$root/build/cachesim" --preset fermi-l1 --json "$work/t.bin" > "$work/b.json"
  "$root/build/cachesim" --preset li-decoupled --json "$work/t.bin" > "$work/d.json"
  bf=$(num "$work/b.json" fills); df=$(num "$work/d.json" fills)
  bh=$(num "$work/b.json" read_hits); dh=$(num "$work/d.json" read_hits)
  reads=$(num "$work/b.json" reads); byp=$(num "$work/d.json" bypasses)
  awk -v fp="$fp" -v bf="$bf" -v df="$df" -v bh="$bh" -v dh="$dh" -v r="$reads" -v byp="$byp" \
    'BEGIN { printf "| %d KB | %d | %d | %.2f%% | %.1f%% | %.1f%% | %d |\n", fp / 1024, bf, df,
             100 * (1 - df / bf), 100 * bh / r, 100 * dh / r, byp }'
done
