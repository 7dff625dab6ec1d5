#!/usr/bin/env bash
# noise.sh WORKDIR PRESET...: measures synthesis noise. Each preset is synthesized and timed as
# generated (the reference) and after three semantically neutral perturbations:
#   name   the same configuration named <name>_base, as report.sh synthesizes a baseline
#          (every module and instance path renamed);
#   regs   every register renamed (identifiers ending _q get another suffix, _qq);
#   order  the source files read in reverse order (modules elaborated in another order).
# Writes WORKDIR/noise.json: per quantity (total, logic and per-structure GE, period, depth)
# the largest |perturbed - reference| over presets and perturbations. synth/noise.json is that
# file for fermi-l1, li-decoupled and fermi-l1-pric; report.sh judges every delta against it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: noise.sh WORKDIR PRESET..." >&2; exit 2; }
work=$1; shift
rm -rf "$work"; mkdir -p "$work"
pairs=()
one() { # DIR: synthesize, time and cost DIR (a cachegen output)
  nice -n 10 "$root/synth/synth.sh" "$1" "$1.syn" >/dev/null
  "$root/build/cost" one "$1" "$1.syn" "$1.cost.json" >/dev/null
  rm -f "$1.syn/hier.json" "$1.syn/flat.json"
}
for p in "$@"; do
  d=$work/$p
  mkdir -p "$d"
  "$root/build/cachegen" --preset "$p" -o "$d/ref" >/dev/null
  name=$(sed -n 's/^top: //p' "$d/ref/cachegen.manifest")
  "$root/build/cachegen" --preset "$p" --set name="${name}_base" -o "$d/name" >/dev/null
  cp -r "$d/ref" "$d/regs"
  sed -i -E 's/\b([A-Za-z0-9_]+)_q\b/\1_qq/g' "$d"/regs/*.v
  cp -r "$d/ref" "$d/order"
  { head -1 "$d/ref/$name.f"; tail -n +2 "$d/ref/$name.f" | tac; } >"$d/order/$name.f"
  for v in ref name regs order; do
    start=$(date +%s)
    one "$d/$v"
    echo "noise.sh: $p $v: $(( $(date +%s) - start )) s"
  done
  for v in name regs order; do pairs+=("$d/ref.cost.json" "$d/$v.cost.json"); done
done
"$root/build/cost" noise "$work/noise.json" \
  "synth/noise.sh on $*: the same design renamed (as a baseline), its registers renamed, its files read in reverse order; band = largest |change|" \
  "${pairs[@]}"
echo "noise.sh: $work/noise.json"
