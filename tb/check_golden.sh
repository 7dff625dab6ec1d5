#!/usr/bin/env bash
# check_golden.sh WORKDIR PRESET...: the shipped RTL under rtl/presets/<preset> must be byte-
# identical to what cachegen emits now, and two generations must give identical bytes.
set -uo pipefail
work=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"; mkdir -p "$work"
bad=0
for p in "$@"; do
  "$root/build/cachegen" --preset "$p" -o "$work/$p.a" >/dev/null &&
    "$root/build/cachegen" --preset "$p" -o "$work/$p.b" >/dev/null || { echo "not ok - $p: generate"; bad=1; continue; }
  if diff -r "$work/$p.a" "$work/$p.b" >/dev/null; then echo "ok - $p: two generations are identical"
  else echo "not ok - $p: two generations differ"; bad=1; fi
  if diff -r "$root/rtl/presets/$p" "$work/$p.a" >"$work/$p.diff"; then echo "ok - $p: rtl/presets/$p is up to date"
  else echo "not ok - $p: rtl/presets/$p differs from the generator (run 'make golden')"; head -20 "$work/$p.diff"; bad=1; fi
done
exit $bad
