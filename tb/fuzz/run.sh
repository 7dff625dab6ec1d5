#!/usr/bin/env bash
# run.sh: `make fuzz`: run each libFuzzer target for SECONDS under nice, one at a time, growing
# build/fuzz/corpus/TARGET from the seeds in tb/fuzz/corpus/TARGET; prints and appends to
# build/fuzz/stats.tsv the executions per target. A finding is saved under
# build/fuzz/artifacts/TARGET/ and fails the run: fix it, then commit the input to
# tb/fuzz/crashes/TARGET/ (replayed by tb/fuzz/smoke.sh in `make test`).
# Usage: tb/fuzz/run.sh SECONDS TARGET...   Environment: FUZZ_JOBS (targets at a time, 1),
# FUZZ_CORPUS (grown corpus root, build/fuzz/corpus), FUZZ_NICE (19), FUZZ_STATS (the stats
# file, build/fuzz/stats.tsv; empty: none).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
secs=$1; shift
out=build/fuzz
jobs=${FUZZ_JOBS:-1}
corpus=${FUZZ_CORPUS:-$out/corpus}
stats=${FUZZ_STATS-$out/stats.tsv}
tmp=$(mktemp -d "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp )/cachegen-fuzz-run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export FUZZ_TMP=$tmp

# One target: fuzz for $secs seconds; prints "TARGET: N executions in S s, ..." and returns
# non-zero on a finding.
one() {
  local t=$1 opts=()
  mkdir -p "$corpus/$t" "$out/artifacts/$t" "$out/logs"
  [ -f "tb/fuzz/$t.dict" ] && opts+=("-dict=tb/fuzz/$t.dict")
  case $t in pric|config) opts+=(-close_fd_mask=3) ;; esac
  local log=$out/logs/$t.log
  rm -f "$out/logs/$t.counts"
  FUZZ_COUNTS=$out/logs/$t.counts nice -n "${FUZZ_NICE:-19}" "$out/fuzz_$t" \
    -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$t/" "${opts[@]}" \
    "$corpus/$t" "tb/fuzz/corpus/$t" >"$log" 2>&1
  local rc=$?
  local runs time cov
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  if [ "$rc" = 0 ]; then
    echo "$t: ${runs:-?} executions in ${time:-?} s, $cov," \
      "corpus $(ls "$corpus/$t" | wc -l) files, no finding"
    [ -f "$out/logs/$t.counts" ] && sed 's/^/  /' "$out/logs/$t.counts"
    [ -n "$stats" ] &&
      printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "${runs:-0}" "${time:-0}" >>"$stats"
  else
    echo "$t: FINDING (exit $rc) after ${runs:-?} executions; log $log:"
    grep -E "ERROR|oracle failed|SUMMARY|Test unit written" "$log" | head -8 | sed 's/^/  /'
  fi
  return "$rc"
}

failed=0; pids=()
for t in "$@"; do
  [ -x "$out/fuzz_$t" ] || { echo "run.sh: $out/fuzz_$t missing: make fuzz-bins"; exit 2; }
  one "$t" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then wait "${pids[0]}" || failed=1; pids=("${pids[@]:1}"); fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit "$failed"
