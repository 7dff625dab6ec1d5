#!/usr/bin/env bash
# tops.sh [--l1 COST.json] [--l1-baseline COST.json] OUTDIR WORKDIR [KIND...]: the cost and
# timing of the other generated tops of a cachegen output, each beside its baseline (KIND: l2 =
# the L2 slice <name>_l2, sys = the system top <name>_sys, duel = the SM-dueling controller
# <name>_duel, dwt = the DWT-CS controller <name>_dwt, each where the configuration has one;
# default all four, costed in that order).
#
# The baseline of these tops is one configuration, generated into WORKDIR/baseline as
# <name>_base: the design's, with baseline L1s (modulo index, no mechanism, as report.sh's
# default) and the L2's victim-bit field as small as its layout allows, l2.victim_share =
# system.cores (one bit a way: lay_l2.c has no L2 without it); the bypass bit exists only with
# the PC predictor, so it goes with the mechanism. The L2 beside its baseline is therefore the
# L2 without its victim bits past the first and without its bypass bit (the closed-form line of
# each L2 names its victim and bypass bits); the system beside its baseline is the system of
# baseline L1s over that L2; the controllers have no baseline (a system without the mechanism
# has none): their whole cost is their delta. A baseline top whose RTL equals the design's (comment
# lines and the name aside) is not synthesized again.
#
# Per top: synth.sh, cost one with the closed-form storage checks (for the system also that its
# flops and SRAM bits add up from P L1s, the L2 and the arbiter, when the cost JSON of the L1
# alone is given with --l1 / --l1-baseline and the L2 is costed in the same run), then cost
# compare into WORKDIR/<top>_report.{md,json,svg}, the deltas judged against synth/noise.json.
# WORKDIR/tops.md: a row per top and per baseline top, a row of deltas per top, and the
# closed-form checks. Every top is costed; exits non-zero if one failed (synthesis, timing or a
# check: its log is WORKDIR/<top>.log); a top with a stage over the depth budget is still
# reported (its stages named in its log and <top>_report.md) and fails unless DEPTH_BUDGET_OK=1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: tops.sh [--l1 COST.json] [--l1-baseline COST.json] OUTDIR WORKDIR [l2|sys|duel|dwt...]"
l1cost=""; l1base=""
while [ $# -gt 0 ]; do
  case $1 in
    --l1) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; l1cost=$2; shift 2 ;;
    --l1-baseline) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; l1base=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
out=$1; work=$2; shift 2
kinds=("$@"); [ ${#kinds[@]} -gt 0 ] || kinds=(l2 sys duel dwt)
for k in "${kinds[@]}"; do
  case $k in l2|sys|duel|dwt) ;; *) echo "tops.sh: unknown kind '$k' (l2, sys, duel or dwt)" >&2; exit 2 ;; esac
done
for f in "$l1cost" "$l1base"; do
  [ -z "$f" ] || [ -f "$f" ] || { echo "tops.sh: $f: no such cost JSON" >&2; exit 2; }
done
mkdir -p "$work"
name=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
cores=$(awk '/^system:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $1 == "cores:" { print $2 }' "$out/config.yaml")
[ -n "$cores" ] || { echo "tops.sh: no system.cores in $out/config.yaml" >&2; exit 2; }
base=${name}_base
rm -rf "$work/baseline"
"$root/build/cachegen" --config "$out/config.yaml" --set name="$base" \
  --set l1.index=modulo --set l1.pric_poly=0 --set l1.pric_top_bit=0 --set l1.mode=baseline \
  --set l2.victim_share="$cores" -o "$work/baseline" >/dev/null
noise=()
[ -f "$root/synth/noise.json" ] && noise=("$root/synth/noise.json")

# rtl DIR PREFIX KIND: the RTL of top KIND in cachegen output DIR named PREFIX, without comment
# lines (the header holds the configuration) and with PREFIX renamed, for comparing designs
rtl() {
  local f
  while read -r f; do
    case $f in
      cachegen_sram_1r1w.v | "$2"_duel.v | "$2"_dwt.v) continue ;;
      "$2"_l2*.v) ;;
      *) [ "$3" = sys ] || continue ;;
    esac
    grep -v '^ *//' "$1/$f" | sed "s/\b$2_/TOP_/g; s/\b$2\b/TOP/g"
  done <"$1/$2.f"
}

# cost_top DIR TOP JSON [L1.cost.json L2.cost.json]: synthesize, time and cost TOP; the log is
# WORKDIR/TOP.log. Returns non-zero on a failed step or check.
cost_top() {
  local dir=$1 top=$2 json=$3; shift 3
  echo "tops.sh: $top: synthesis, timing and cost (log: $work/$top.log)" >&2
  {
    nice -n 10 "$root/synth/synth.sh" "$dir" "$work/$top.syn" "$top" &&
      "$root/build/cost" one "$dir" "$work/$top.syn" "$json" "$top" "$@"
  } >"$work/$top.log" 2>&1
  local rc=$?
  rm -f "$work/$top.syn/hier.json" "$work/$top.syn/flat.json"
  return $rc
}

# checks TOP: the closed-form lines of TOP's cost log as a Markdown list
checks() {
  echo "- $1"
  grep -E '^cost: (closed form|parts|check ok|CHECK FAILED|over budget)' "$work/$1.log" |
    grep -v -e 'deepest end point' -e 'every cell is a mapped' -e 'check ok: depth budget' | sed 's/^cost: /  - /'
}

bad=0; rows=""; deltas=""; checks=""
l2json=""; l2base=""  # the L2 and its baseline as costed in this run: the system's parts
for k in "${kinds[@]}"; do
  top=${name}_$k; btop=${base}_$k
  [ -f "$out/$top.v" ] || { echo "tops.sh: $top: not generated for this configuration"; continue; }
  parts=(); bparts=()
  if [ "$k" = sys ]; then
    [ -z "$l1cost" ] || [ -z "$l2json" ] || parts=("$l1cost" "$l2json")
    [ -z "$l1base" ] || [ -z "$l2base" ] || bparts=("$l1base" "$l2base")
  fi
  rc=0; cost_top "$out" "$top" "$work/$top.cost.json" "${parts[@]}" || rc=$?
  if [ $rc = 3 ]; then # over the depth budget only: costed, named in its log and report
    echo "tops.sh: $top FAILED: a stage over the depth budget (see $work/$top.log)"
    grep 'depth budget' "$work/$top.log" | head -5; bad=1
  elif [ $rc != 0 ]; then
    echo "tops.sh: $top FAILED (see $work/$top.log)"; tail -5 "$work/$top.log"; bad=1; continue
  fi
  echo "tops.sh: $(tail -1 "$work/$top.log")"
  rows+="$("$root/build/cost" row "$work/$top.cost.json")"$'\n'
  checks+=$(checks "$top")$'\n'
  if [ "$k" = duel ] || [ "$k" = dwt ]; then
    deltas+="$("$root/build/cost" bench "$work/$top.cost.json" "$top")"$'\n'
    continue
  fi
  if cmp -s <(rtl "$out" "$name" "$k") <(rtl "$work/baseline" "$base" "$k"); then
    sed "s/\"top\": \"$top\"/\"top\": \"$btop\"/" "$work/$top.cost.json" >"$work/$btop.cost.json"
    echo "tops.sh: $btop is the same RTL as $top: not synthesized again"
  elif rc=0; cost_top "$work/baseline" "$btop" "$work/$btop.cost.json" "${bparts[@]}" || rc=$?
       [ $rc = 0 ] || [ $rc = 3 ]; then
    echo "tops.sh: $(tail -1 "$work/$btop.log")"
    [ $rc = 0 ] || { echo "tops.sh: $btop FAILED: a stage over the depth budget (see $work/$btop.log)"; bad=1; }
    checks+=$(checks "$btop")$'\n'
  else
    echo "tops.sh: $btop FAILED (see $work/$btop.log)"; tail -5 "$work/$btop.log"; bad=1; continue
  fi
  rows+="$("$root/build/cost" row "$work/$btop.cost.json")"$'\n'
  [ "$k" != l2 ] || { l2json=$work/$top.cost.json; l2base=$work/$btop.cost.json; }
  "$root/build/cost" compare "$work/$top.cost.json" "$work/$btop.cost.json" "$work/${top}_report" \
    "${noise[@]}"
  (cd "$work" && gnuplot "${top}_report.gp" 2>/dev/null) || true
  deltas+="$("$root/build/cost" bench "$work/${top}_report.json" "$top")"$'\n'
done
{
  echo "# Other tops of $name beside their baseline $base"
  echo
  echo "Baseline: baseline L1s (modulo index, no mechanism) over the same L2 with one victim bit a"
  echo "way (l2.victim_share = system.cores = $cores) and no bypass bit; the SM-dueling and DWT-CS"
  echo "controllers have none. Full reports: <top>_report.md beside this file."
  echo
  echo "| top | logic GE | SRAM GE | flop bits | SRAM bits | period (ns) | GHz | critical path | synthesis and timing (s) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|---:|"
  printf '%s' "$rows"
  echo
  echo "## Beside the baseline (deltas against the noise bands of synth/noise.json)"
  echo
  echo "| top | period ns (GHz) | total GE | logic GE | SRAM GE | SRAM macros: count x rows x bits: GE each | area delta to baseline | period delta to baseline |"
  echo "|---|---:|---:|---:|---:|---|---|---|"
  printf '%s' "$deltas"
  echo
  echo "## Closed-form storage checks"
  echo
  printf '%s' "$checks"
} >"$work/tops.md"
echo "tops.sh: $work/tops.md"
exit $bad
