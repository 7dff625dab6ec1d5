#!/usr/bin/env bash
# smoke.sh: the fuzzing step of `make test`: replays every input kept in tb/fuzz/crashes/TARGET/
# (fixed findings; each must now pass), then runs each libFuzzer target for SMOKE_SECONDS
# (default 12) from its seed corpus, two targets at a time. Needs `make fuzz-bins`.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
secs=${SMOKE_SECONDS:-12}
targets=$(sed -n 's/^FUZZ_TARGETS := //p' Makefile)
out=build/fuzz
failed=0
for t in $targets; do
  [ -x "$out/fuzz_$t" ] || { echo "smoke: $out/fuzz_$t missing (make fuzz-bins)"; exit 2; }
  shopt -s nullglob
  kept=(tb/fuzz/crashes/$t/*)
  shopt -u nullglob
  [ "${#kept[@]}" = 0 ] && continue
  if "$out/fuzz_$t" -close_fd_mask=1 "${kept[@]}" >"$out/replay_$t.log" 2>&1; then
    echo "smoke: $t: ${#kept[@]} kept crash input(s) replayed, all pass"
  else
    echo "smoke: $t: a kept crash input fails again:"
    grep -E "Running:|ERROR|oracle failed|SUMMARY" "$out/replay_$t.log" | tail -4 | sed 's/^/  /'
    failed=1
  fi
done
# Short runs grow a throw-away corpus under build/test (the seeds stay untouched).
rm -rf build/test/fuzz
# shellcheck disable=SC2086
FUZZ_JOBS=2 FUZZ_NICE=10 FUZZ_CORPUS=build/test/fuzz FUZZ_STATS= tb/fuzz/run.sh "$secs" $targets ||
  failed=1
exit "$failed"
