#!/usr/bin/env bash
# report.sh [--baseline PRESET|YAML] CACHEGEN_ARGS... -- WORKDIR: the cost and timing report of
# a configuration beside its baseline, synthesized and timed in the same run (synth.sh):
# WORKDIR/cost_report.{md,json,svg}, plus each design's cost.json. The baseline is, unless
# --baseline names one, the same geometry and replacement with modulo index and no mechanism.
# Deltas are judged against the noise bands of synth/noise.json (synth/noise.sh). Exits
# non-zero if a check fails (latches, drivers, unmapped cells, storage bits against the closed
# form, no timing, a stage over the depth budget); on any failure but the depth budget WORKDIR
# is left as it was (built in a scratch directory). A stage over the depth budget (30 levels,
# DEPTH_BUDGET=N another) still writes the report, which names each such stage, and exits 1
# unless DEPTH_BUDGET_OK=1 (then the report says it is over, without failing: build/cost one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
baseline=""
if [ "${1:-}" = --baseline ]; then
  [ $# -ge 2 ] || { echo "report.sh: --baseline needs a preset name or a YAML file" >&2; exit 2; }
  baseline=$2; shift 2
fi
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
[ $# -eq 2 ] || { echo "usage: report.sh [--baseline PRESET|YAML] CACHEGEN_ARGS... -- WORKDIR" >&2; exit 2; }
final=$2
# WORKDIR is replaced at the end: refused before anything runs when it is a symlink, not a
# directory, or a non-empty directory an earlier report.sh did not make (its marker
# .cachegen-synth-report), so that a folder of the user's is never deleted
marker=.cachegen-synth-report
if [ -L "$final" ] || { [ -e "$final" ] && [ ! -d "$final" ]; }; then
  echo "report.sh: WORKDIR '$final': a symlink or not a directory; allowed: a new or empty directory, or one an earlier report made" >&2; exit 2
fi
own_report() { # the marker, or (a report of a version before it) cost_report.md and design.cost.json
  { [ -f "$final/$marker" ] && [ ! -L "$final/$marker" ]; } ||
    { [ -f "$final/cost_report.md" ] && [ -f "$final/design.cost.json" ] && [ ! -L "$final/cost_report.md" ]; }
}
if [ -d "$final" ] && [ -n "$(ls -A "$final")" ] && ! own_report; then
  echo "report.sh: WORKDIR '$final': not empty and not made by synth/report.sh (no $marker in it); allowed: a new or empty directory, or one an earlier report made" >&2; exit 2
fi
made=""  # the outermost directory this run creates for WORKDIR: removed again on failure
d=$(dirname "$final")
while [ ! -d "$d" ]; do made=$d; d=$(dirname "$d"); done
mkdir -p "$(dirname "$final")"
work=$(mktemp -d "$(cd "$(dirname "$final")" && pwd)/.report.XXXXXX")
trap 'rm -rf "$work"; [ -z "$made" ] || rm -rf "$made"' EXIT
"$root/build/cachegen" "${args[@]}" -o "$work/design" >/dev/null
name=$(sed -n 's/^top: //p' "$work/design/cachegen.manifest")
if [ -n "$baseline" ]; then
  if [ -f "$baseline" ]; then b=(--config "$baseline"); else b=(--preset "$baseline"); fi
  "$root/build/cachegen" "${b[@]}" --set name="${name}_base" -o "$work/baseline" >/dev/null
else
  "$root/build/cachegen" --config "$work/design/config.yaml" --set name="${name}_base" \
    --set l1.index=modulo --set l1.pric_poly=0 --set l1.pric_top_bit=0 --set l1.mode=baseline \
    -o "$work/baseline" >/dev/null
fi
over_budget=()  # the designs with a stage over the depth budget
same=0  # a configuration without a mechanism is its own baseline: synthesize it once
cmp -s <(grep -v '^name:' "$work/design/config.yaml") <(grep -v '^name:' "$work/baseline/config.yaml") && same=1
for d in design baseline; do
  if [ "$d" = baseline ] && [ $same = 1 ]; then
    sed "s/\"top\": \"$name\"/\"top\": \"${name}_base\"/" "$work/design.cost.json" >"$work/baseline.cost.json"
    echo "report.sh: $name has no mechanism; its baseline is the same hardware"
    continue
  fi
  echo "report.sh: $([ "$d" = design ] && echo "the design, $name" || echo "its baseline, ${name}_base") (synthesis, timing, cost)" >&2
  nice -n 10 "$root/synth/synth.sh" "$work/$d" "$work/$d.syn"
  rc=0; "$root/build/cost" one "$work/$d" "$work/$d.syn" "$work/$d.cost.json" || rc=$?
  [ $rc = 0 ] || [ $rc = 3 ] || exit $rc  # 3: over the depth budget only, the report goes on
  [ $rc = 0 ] || over_budget+=("$d")
  rm -f "$work/$d.syn/hier.json" "$work/$d.syn/flat.json"
done
noise=()
[ -f "$root/synth/noise.json" ] && noise=("$root/synth/noise.json")
"$root/build/cost" compare "$work/design.cost.json" "$work/baseline.cost.json" "$work/cost_report" \
  "${noise[@]}"
(cd "$work" && gnuplot cost_report.gp 2>/dev/null)
echo "made by synth/report.sh: a later report into this directory replaces it whole" >"$work/$marker"
rm -rf "$final"
mv "$work" "$final"
trap - EXIT
echo "report.sh: $final/cost_report.md (.json, .svg)"
if [ ${#over_budget[@]} -gt 0 ]; then
  which="${over_budget[*]}"
  echo "report.sh: FAILED: over the depth budget: ${which// /, } (each stage over it named in $final/cost_report.md); DEPTH_BUDGET_OK=1 reports it without failing" >&2
  exit 1
fi
