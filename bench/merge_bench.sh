#!/usr/bin/env bash
# merge_bench.sh [REQUESTS] [SEEDS]: what MSHR merging (l1.mshr_merge, SPEC 3.1) buys on a
# workload where many warps load the same lines: the L1 lockstep harness (tb/l1_harness.cpp,
# the RTL and the C model side by side, counters checked equal at the end of every run) with
# +traffic=shared_lines (fresh lines, each loaded by a run of 2-10 requests in a row, one PC),
# for merge limits 0, 4 and 8 on gtx480-l1 (LRU, every miss fills) and on tian-gcn's L1 (the
# PC predictor learns the PC is dead and bypasses, so a load stalled behind a bypassed read
# misses again and reads memory again). Memory timing, backpressure and flushes follow the
# harness's seeded random phases. Sums over seeds 1..SEEDS. Markdown on stdout; run after
# `make all`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
requests=${1:-20000}; seeds=${2:-3}
work=build/bench/merge
mkdir -p "$work"
echo "Traffic: +traffic=shared_lines, $requests requests x $seeds seeds per row (summed)."
echo
echo "| L1 | merge | cycles | requests/cycle | merged | reservation failures | stall cycles | memory reads |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for preset in gtx480-l1 tian-gcn; do
  for k in 0 4 8; do
    out="$work/$preset-m$k"
    rm -rf "$out"; mkdir -p "$out"
    build/cachegen --preset "$preset" --set l1.mshr_merge=$k -o "$out/rtl" >/dev/null
    tb/build_harness.sh l1 "$out/rtl" "$out/vl" >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
    cyc=0; req=0; merged=0; rsv=0; stall=0; reads=0
    for s in $(seq 1 "$seeds"); do
      log=$("$out/vl/Vdut" +dir="$out/rtl" +seed="$s" +traffic=shared_lines +requests="$requests") ||
        { echo "$log" | tail -5 >&2; echo "merge_bench: $preset merge $k seed $s failed" >&2; exit 1; }
      get() { echo "$log" | sed -n "$1" | head -1; }
      cyc=$((cyc + $(get 's/^l1_harness: \([0-9]*\) cycles,.*/\1/p')))
      req=$((req + $(get 's/^l1_harness: [0-9]* cycles, [0-9]* events, \([0-9]*\) requests.*/\1/p')))
      merged=$((merged + $(get 's/^l1_harness: counters.* merged=\([0-9]*\).*/\1/p')))
      rsv=$((rsv + $(get 's/^l1_harness: counters.* rsv_fails=\([0-9]*\).*/\1/p')))
      stall=$((stall + $(get 's/^l1_harness: counters.* stall_cycles=\([0-9]*\).*/\1/p')))
      reads=$((reads + $(get 's/^coverage:.* mem_read=\([0-9]*\).*/\1/p')))
    done
    rate=$(awk -v r="$req" -v c="$cyc" 'BEGIN{printf "%.3f", r / c}')
    echo "| $preset | $k | $cyc | $rate | $merged | $rsv | $stall | $reads |"
  done
done
