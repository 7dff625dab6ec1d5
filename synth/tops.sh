#!/usr/bin/env bash
# tops.sh OUTDIR WORKDIR [KIND...]: synthesizes and times the other generated tops of a
# cachegen output (KIND: l2 = the L2 slice <name>_l2, sys = the system top <name>_sys, duel =
# the SM-dueling controller <name>_duel where the configuration has one; default all three)
# and writes WORKDIR/tops.md and one cost JSON per top: area, SRAM macros, period and critical
# path (no closed-form storage checks: those are the L1's). Exits non-zero if a top fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: tops.sh OUTDIR WORKDIR [l2|sys|duel...]" >&2; exit 2; }
out=$1; work=$2; shift 2
kinds=("$@"); [ ${#kinds[@]} -gt 0 ] || kinds=(l2 sys duel)
mkdir -p "$work"
name=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
{
  echo "# Other tops of $name"
  echo
  echo "| top | logic GE | SRAM GE | flop bits | SRAM bits | period (ns) | GHz | critical path | synthesis and timing (s) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|---:|"
} >"$work/tops.md"
for k in "${kinds[@]}"; do
  case $k in l2|sys|duel) ;; *) echo "tops.sh: unknown kind '$k' (l2, sys or duel)" >&2; exit 2 ;; esac
  top=${name}_$k
  [ -f "$out/$top.v" ] || { echo "tops.sh: $top: not generated for this configuration"; continue; }
  nice -n 10 "$root/synth/synth.sh" "$out" "$work/$top.syn" "$top"
  "$root/build/cost" one "$out" "$work/$top.syn" "$work/$top.cost.json" "$top" | tail -1
  rm -f "$work/$top.syn/hier.json" "$work/$top.syn/flat.json"
  "$root/build/cost" row "$work/$top.cost.json" >>"$work/tops.md"
done
echo "tops.sh: $work/tops.md"
