#!/usr/bin/env bash
# report.sh CACHEGEN_ARGS... -- WORKDIR: the cost report of a configuration beside its
# baseline (same geometry and replacement, modulo index, no mechanism), synthesized in the
# same run: WORKDIR/cost_report.{md,json,svg}, plus each design's cost.json. Exits non-zero if a
# check fails (latches, drivers, unmapped cells, storage bits against the closed form).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
[ $# -eq 2 ] || { echo "usage: report.sh CACHEGEN_ARGS... -- WORKDIR" >&2; exit 2; }
work=$2
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
"$root/build/cachegen" "${args[@]}" -o "$work/design" >/dev/null
name=$(sed -n 's/^top: //p' "$work/design/cachegen.manifest")
"$root/build/cachegen" --config "$work/design/config.yaml" --set name="${name}_base" \
  --set l1.index=modulo --set l1.pric_poly=0 --set l1.pric_top_bit=0 --set l1.mode=baseline \
  -o "$work/baseline" >/dev/null
same=0  # a configuration without a mechanism is its own baseline: synthesize it once
cmp -s <(grep -v '^name:' "$work/design/config.yaml") <(grep -v '^name:' "$work/baseline/config.yaml") && same=1
for d in design baseline; do
  if [ "$d" = baseline ] && [ $same = 1 ]; then
    sed "s/\"top\": \"$name\"/\"top\": \"${name}_base\"/" "$work/design.cost.json" >"$work/baseline.cost.json"
    echo "report.sh: $name has no mechanism; its baseline is the same hardware"
    continue
  fi
  "$root/synth/synth.sh" "$work/$d" "$work/$d.syn"
  "$root/build/cost" one "$work/$d" "$work/$d.syn/stat.json" "$work/$d.syn/hier.json" \
    "$work/$d.syn/flat.json" "$(cat "$work/$d.syn/seconds")" "$work/$d.cost.json"
  rm -f "$work/$d.syn/hier.json" "$work/$d.syn/flat.json"
done
"$root/build/cost" compare "$work/design.cost.json" "$work/baseline.cost.json" "$work/cost_report"
(cd "$work" && gnuplot cost_report.gp)
echo "report.sh: $work/cost_report.md (.json, .svg)"
