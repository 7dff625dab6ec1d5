#!/usr/bin/env bash
# cachesim_bench.sh [REFS]: references per second of cachesim on fermi-l1 (16 KB, 4 ways,
# 128 B, LRU, modulo, write-through no-write-allocate, one core) over a REFS-reference trace
# (default 10 million), per format and compression, per policy and path, and per workload
# pattern; peak memory for 1/10 of the trace and the whole. Best of 3. Markdown on stdout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
refs=${1:-10000000}
w=build/bench/cachesim
mkdir -p "$w"
sim=build/cachesim
rate() { # args...: best million refs/s of 3 runs
  local best=0 r
  for i in 1 2 3; do
    r=$("$sim" "$@" | sed -n 's/.*, \([0-9.]*\) million references\/s.*/\1/p')
    best=$(awk -v a="$best" -v b="$r" 'BEGIN{print (b > a) ? b : a}')
  done
  echo "$best"
}
"$sim" gen --pattern hot_stream --refs "$refs" --seed 1 -o "$w/hot.bin" 2>/dev/null
echo "Trace: hot_stream (SPMV-like), $refs references, seed 1."
echo
echo "| format | compression | file MB | M refs/s |"
echo "|---|---|---:|---:|"
for f in binary din text; do
  for c in none gz zst; do
    "$sim" convert "$w/hot.bin" "$w/hot.$f.$c" --to "$f" --compress "$c" 2>/dev/null
    mb=$(awk -v b="$(stat -c %s "$w/hot.$f.$c")" 'BEGIN{printf "%.0f", b / 1e6}')
    echo "| $f | $c | $mb | $(rate --preset fermi-l1 "$w/hot.$f.$c") |"
  done
done
echo
echo "| policy | path | M refs/s (binary, uncompressed) |"
echo "|---|---|---:|"
for p in lru plru srrip; do
  echo "| $p | fast | $(rate --preset fermi-l1 --set l1.replacement=$p "$w/hot.binary.none") |"
done
# a tenth of the trace (a cut CGTRACE2 file lacks its end record and is refused)
"$sim" gen --pattern hot_stream --refs $((refs / 10)) --seed 1 -o "$w/hot_tenth.bin" 2>/dev/null
echo "| lru | exact (bit-accurate model) | $(rate --preset fermi-l1 --exact "$w/hot_tenth.bin") |"
echo
echo "| pattern | miss rate | M refs/s (binary) |"
echo "|---|---:|---:|"
for p in stream thrash hot_stream stride random pc_mix; do
  "$sim" gen --pattern $p --refs "$refs" --seed 1 -o "$w/p.bin" 2>/dev/null
  mr=$("$sim" --preset fermi-l1 --json "$w/p.bin" | sed -n 's/.*"miss_rate": \([0-9.]*\).*/\1/p')
  echo "| $p | $(awk -v m="$mr" 'BEGIN{printf "%.1f%%", m * 100}') | $(rate --preset fermi-l1 "$w/p.bin") |"
done
echo
small=$("$sim" --preset fermi-l1 "$w/hot_tenth.bin" | sed -n 's/.*peak memory \([0-9.]*\) MB.*/\1/p')
big=$("$sim" --preset fermi-l1 "$w/hot.binary.none" | sed -n 's/.*peak memory \([0-9.]*\) MB.*/\1/p')
echo "Peak memory: $small MB for $((refs / 10)) references, $big MB for $refs (streamed input)."
