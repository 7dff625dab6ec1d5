#!/usr/bin/env bash
# lockstep_bench.sh [REQUESTS]: events per second of the Verilator lockstep harness versus the
# same RTL free-running (+free: same traffic and memory, no model, no checks), per preset.
# Prints a Markdown table for BENCHMARKS.md. Run after `make all`; best of 3 runs each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
requests=${1:-300000}
work=build/bench/lockstep # its own: build/bench/PRESET is the synth bench's
mkdir -p "$work"
echo "| preset | requests | events | free-running events/s | lockstep events/s | lockstep cost |"
echo "|---|---:|---:|---:|---:|---:|"
for p in $(build/cachegen --list-presets | awk '{print $1}'); do
  # every preset, from a fresh output (a generation failure stops the bench)
  rm -rf "${work:?}/$p"
  build/cachegen --preset "$p" -o "$work/$p" >/dev/null || exit 1
  tb/build_harness.sh l1 "$work/$p" "$work/vl_$p" >/dev/null
  best() { # mode-args...
    local b=0 r
    for i in 1 2 3; do
      r=$("$work/vl_$p/Vdut" +dir="$work/$p" +seed=1 +traffic=mix +requests="$requests" "$@" |
          sed -n 's/.* events, .* requests in \([0-9.]*\) s: .* \([0-9]*\) events\/s.*/\2/p')
      [ "${r:-0}" -gt "$b" ] && b=$r
    done
    echo "$b"
  }
  events=$("$work/vl_$p/Vdut" +dir="$work/$p" +seed=1 +traffic=mix +requests="$requests" | sed -n 's/.*cycles, \([0-9]*\) events.*/\1/p')
  free=$(best +free)
  lock=$(best)
  cost=$(awk -v f="$free" -v l="$lock" 'BEGIN{printf "%.1f%%", (f / l - 1) * 100}')
  echo "| $p | $requests | $events | $free | $lock | $cost |"
done
