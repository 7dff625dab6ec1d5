#!/usr/bin/env bash
# bench.sh WORKDIR PRESET...: the cost and timing report of each preset beside its baseline
# (report.sh, into WORKDIR/<preset>) and the BENCHMARKS.md table of them on stdout: period,
# area, SRAM area by macro shape, and the deltas to the baseline against the noise bands.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: bench.sh WORKDIR PRESET..." >&2; exit 2; }
work=$1; shift
for p in "$@"; do
  "$root/synth/report.sh" --preset "$p" -- "$work/$p" >"$work.$p.log" 2>&1 ||
    { echo "bench.sh: $p failed (see $work.$p.log)" >&2; exit 1; }
done
echo "| preset | period ns (GHz) | total GE | logic GE | SRAM GE | SRAM macros: count x rows x bits: GE each | area delta to baseline | period delta to baseline |"
echo "|---|---:|---:|---:|---:|---|---|---|"
for p in "$@"; do "$root/build/cost" bench "$work/$p/cost_report.json" "$p"; done
