#!/usr/bin/env bash
# pcpred_stream_reuse.sh: the PC bypass predictor (SPEC 3.6) on the case it is built for: one
# load PC streams (every line touched once) while another re-reads a small array. Each of the
# tian-gcn system's 8 cores runs, per iteration i, a streaming load (PC 0x100, its own line i)
# and a load of array line i mod A (PC 0x200; the array is shared and each L1 reuses it),
# except that the first tenth of the iterations stream only (a kernel phase that trains the
# predictor first); references interleave round-robin over the cores. The trace is text, written here, read by
# build/sysim (8 L1s over the L2 slice, program order) with tian-gcn as is and with
# l1.mode = baseline. Prints, per array size, the L1 hit rates, the predictor's coverage
# (bypasses / L1 load misses, and predictions / misses) and its false-positive rate as paper
# 001 sec. 5.3 counts it: bypassed lines re-referenced while a non-bypassing L1 of the same
# geometry (sysim's shadow) would still have held them, over all bypasses. The last rows move
# the reuse load to PC 0x304, whose 7-bit hash equals the stream's (0x40): table aliasing,
# the source of false positives.
# usage: bench/pcpred_stream_reuse.sh [ITERATIONS]      (build first: make all)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
iters=${1:-20000}
warm=$((iters / 10)) # stream-only iterations first: the predictor learns the stream
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
num() { sed -n "s/.*\"$2\": *\([0-9.]*\).*/\1/p" "$1" | head -1; }
pct() { awk -v x="$1" 'BEGIN{printf "%.1f%%", 100 * x}'; }
pcfield() { # FILE PC FIELD: a per-PC statistic
  sed -n "s/.*\"pc\": \"$2\".*\"$3\": \([0-9]*\).*/\1/p" "$1" | head -1
}
echo "| array, reuse PC | L1 hit rate baseline | L1 hit rate pcpred | coverage (bypasses / misses) | predictions / misses | false positives / bypasses | stream PC: bypassed / its misses | reuse PC: bypassed / its misses |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for run in ${RUNS:-4:200 12:200 24:200 4:304 12:304}; do
  kb=${run%:*} rpc=${run#*:}
  lines=$((kb * 1024 / 64))
  awk -v n="$iters" -v w="$warm" -v a="$lines" -v rpc="$rpc" 'BEGIN {
    for (i = 0; i < n; i++)
      for (c = 0; c < 8; c++) {
        printf "R %x 100 %d\n", 268435456 + (c * 1048576 + i) * 64, c
        if (i >= w)
          printf "R %x %s %d\n", 1073741824 + ((i - w) % a) * 64, rpc, c
      }
  }' > "$work/t.txt"
  "$root/build/sysim" --json --preset tian-gcn --set l1.mode=baseline "$work/t.txt" > "$work/b.json"
  "$root/build/sysim" --json --preset tian-gcn "$work/t.txt" > "$work/p.json"
  echo "| $kb KB, 0x$rpc | $(pct "$(num "$work/b.json" l1_hit_rate)") | $(pct "$(num "$work/p.json" l1_hit_rate)") |" \
       "$(pct "$(num "$work/p.json" coverage)") | $(pct "$(num "$work/p.json" prediction_coverage)") |" \
       "$(pct "$(num "$work/p.json" false_positive_rate)") ($(num "$work/p.json" false_positives) / $(num "$work/p.json" l1_bypasses)) |" \
       "$(pcfield "$work/p.json" 0x100 bypasses) / $(pcfield "$work/p.json" 0x100 misses) |" \
       "$(pcfield "$work/p.json" "0x$rpc" bypasses) / $(pcfield "$work/p.json" "0x$rpc" misses) |"
done
