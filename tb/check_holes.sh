#!/usr/bin/env bash
# check_holes.sh WORKDIR: coverage holes are reported apart from mismatches (SPEC 4), through
# tb/check_config.sh as make test and tb/run_random.sh use it:
#  (a) a hole and no mismatch (fermi-l1, 300 requests: the large PC pool starts at request
#      1000, so its bin stays unhit even after the 4x extension) exits 3 with "COVERAGE HOLE:
#      bin pc_pool_large unhit after N requests" and writes no waveform;
#  (b) a mismatch (fermi-l1 with an LRU that ignores hits) exits 1 with MISMATCH and a waveform;
#  (c) the extension and its focused traffic reach a bin the requested traffic missed: fermi-l1
#      with 64 MSHRs leaves stall_mshr_full unhit without extension (+cover_extend=1: a hole)
#      and passes with it.
# Prints ok / not ok per case; exits non-zero if any case fails.
set -uo pipefail
[ $# = 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
bad=0
notok() { echo "not ok - $*"; bad=1; }

d="$work/hole"; rm -rf "$d"
MIN_EVENTS=0 "$root/tb/check_config.sh" "$d" 1 300 0 0 -- --preset fermi-l1 >"$d.log" 2>&1
rc=$?
if [ $rc != 3 ]; then notok "hole: exit status $rc, expected 3 ($d.log)"
elif ! grep -q "^COVERAGE HOLE: bin pc_pool_large unhit after [0-9]* requests" "$d.log"; then
  notok "hole: no COVERAGE HOLE line for pc_pool_large ($d.log)"
elif grep -q MISMATCH "$d.log"; then notok "hole: reported as a mismatch ($d.log)"
elif [ -n "$(find "$d" -name '*.fst')" ]; then notok "hole: a waveform was written"
else echo "ok - hole: exit 3, $(grep -m1 '^COVERAGE HOLE' "$d.log"), no waveform"; fi

d="$work/mismatch"; rm -rf "$d"
MIN_EVENTS=0 MUTATE='_meta.v|s/wire touch = update;/wire touch = is_fill;/' \
  "$root/tb/check_config.sh" "$d" 1 20000 0 0 -- --preset fermi-l1 >"$d.log" 2>&1
rc=$?
fst=$(find "$d" -name 'fail_seed*.fst' -size +0)
if [ $rc != 1 ]; then notok "mismatch: exit status $rc, expected 1 ($d.log)"
elif ! grep -q "^MISMATCH" "$d.log"; then notok "mismatch: no MISMATCH line ($d.log)"
elif grep -q "COVERAGE HOLE" "$d.log"; then notok "mismatch: reported as a hole ($d.log)"
elif [ -z "$fst" ]; then notok "mismatch: no waveform written"
else echo "ok - mismatch: exit 1, $(grep -m1 '^MISMATCH' "$d.log" | cut -c1-70), waveform $(basename "$fst")"; fi

d="$work/mshr64"; rm -rf "$d"; mkdir -p "$d"
if ! "$root/build/cachegen" --preset fermi-l1 --set l1.mshrs=64 -o "$d/rtl" >/dev/null ||
   ! "$root/tb/build_harness.sh" l1 "$d/rtl" "$d/vl" >/dev/null; then
  notok "mshr64: generate or build"
else
  run() { "$d/vl/Vdut" +dir="$d/rtl" +seed=1 +traffic=mix +requests=30000 +cover "$@"; }
  run +cover_extend=1 >"$d/noext.log" 2>&1; rc1=$?
  run >"$d/ext.log" 2>&1; rc2=$?
  if [ $rc1 != 3 ] || ! grep -q "^COVERAGE HOLE: bin stall_mshr_full" "$d/noext.log"; then
    notok "mshr64: without extension expected the stall_mshr_full hole (exit $rc1, $d/noext.log)"
  elif [ $rc2 != 0 ] || ! grep -q "l1_harness: PASS" "$d/ext.log"; then
    notok "mshr64: with the extension expected a pass (exit $rc2, $d/ext.log)"
  else echo "ok - mshr64: hole without extension; $(grep -m1 'coverage extended' "$d/ext.log" | sed 's/^l1_harness: //'), pass"; fi
fi
[ $bad = 0 ]
