#!/usr/bin/env bash
# l2_policies.sh CACHEGEN_ARGS... -- WORKDIR [POLICY...]: the L2 slice <name>_l2 of one
# configuration costed under several l2.replacement policies in one run (default: lru, drrip,
# ucp, then the configuration's own policy if it is none of them), everything else the same.
# Per policy: the configuration with that policy (named <name>_<policy>) into
# WORKDIR/<policy>/design, synth.sh on its L2 top and cost one with the closed-form storage
# checks (log WORKDIR/<policy>.log, cost WORKDIR/<policy>.cost.json). WORKDIR/policies.md: a
# row per policy (logic GE, flop bits, SRAM bits, depth, period, the deltas to the first
# policy's row, the deepest path) and each policy's closed-form lines. The report of the
# configuration itself (storage by structure, TAP's list beside the paper's count) is
# WORKDIR/report.md. Every policy is costed; exits non-zero if one failed (generation,
# synthesis, timing, a storage check, or a stage over the depth budget unless DEPTH_BUDGET_OK=1:
# such a policy keeps its row, its stages named in its log and in policies.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: l2_policies.sh CACHEGEN_ARGS... -- WORKDIR [POLICY...]"
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
work=$2; shift 2
rm -rf "$work"; mkdir -p "$work"
"$root/build/cachegen" "${args[@]}" -o "$work/config" >/dev/null
name=$(sed -n 's/^top: //p' "$work/config/cachegen.manifest")
own=$(awk '/^l2:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $1 == "replacement:" { print $2 }' \
  "$work/config/config.yaml")
cp "$work/config/${name}_report.md" "$work/report.md"
policies=("$@")
if [ ${#policies[@]} = 0 ]; then
  policies=(lru drrip ucp)
  case " ${policies[*]} " in *" $own "*) ;; *) policies+=("$own") ;; esac
fi

# cost_policy POLICY: generate, synthesize, time and cost the L2 slice under POLICY
cost_policy() {
  local p=$1 d=$work/$1 top=${name}_$1_l2
  mkdir -p "$d"
  {
    "$root/build/cachegen" --config "$work/config/config.yaml" --set name="${name}_$p" \
      --set l2.replacement="$p" -o "$d/design" &&
      nice -n 10 "$root/synth/synth.sh" "$d/design" "$d/syn" "$top" &&
      "$root/build/cost" one "$d/design" "$d/syn" "$work/$p.cost.json" "$top"
  } >"$work/$p.log" 2>&1
  local rc=$?
  rm -f "$d/syn/hier.json" "$d/syn/flat.json"
  return $rc
}

# field JSON KEY: a top-level number of a cost JSON (written with a 2-space indent)
field() {
  sed -n "s/^  \"$2\": \([0-9.]*\),\$/\1/p" "$1"
}

bad=0; rows=""; checks=""; first=""
for p in "${policies[@]}"; do
  rc=0; cost_policy "$p" || rc=$?
  if [ $rc = 3 ]; then # over the depth budget only: costed, its stages named in its log
    echo "l2_policies.sh: $p FAILED: a stage over the depth budget (see $work/$p.log)"; bad=1
  elif [ $rc != 0 ]; then
    echo "l2_policies.sh: $p FAILED (see $work/$p.log)"; tail -5 "$work/$p.log"; bad=1; continue
  fi
  echo "l2_policies.sh: $(tail -1 "$work/$p.log")"
  j=$work/$p.cost.json
  ge=$(printf '%.0f' "$(field "$j" logic_ge)"); fl=$(field "$j" flop_bits)
  sr=$(field "$j" sram_bits); dp=$(field "$j" depth); pe=$(printf '%.3f' "$(field "$j" period_ns)")
  path=$(sed -n 's/.*, \([0-9]*\)-stage critical path \(.*\) -> \(.*\)$/`\2` -> `\3` (\1 stages)/p' \
    "$work/$p.log" | tail -1)
  if [ -z "$first" ]; then first=$p; fge=$ge; ffl=$fl; dge="" ; dfl=""
  else dge=$(printf '%+d' $((ge - fge))); dfl=$(printf '%+d' $((fl - ffl))); fi
  rows+="| $p | $ge | $fl | $sr | $dp | $pe | $dge | $dfl | $path |"$'\n'
  checks+="- $p"$'\n'
  checks+=$(grep -E '^cost: (closed form|check ok|CHECK FAILED|over budget)' "$work/$p.log" |
    grep -v -e 'deepest end point' -e 'every cell is a mapped' -e 'check ok: depth budget' | sed 's/^cost: /  - /')$'\n'
done
{
  echo "# The L2 slice of $name under each replacement policy"
  echo
  echo "The same configuration (\`$work/config/config.yaml\`) with \`l2.replacement\` set to each"
  echo "policy; its own is $own. Synthesized and timed by synth.sh, costed by \`cost one\` (SRAMs as"
  echo "macros, the event port left out). Deltas are to the $first row."
  echo
  echo "| L2 replacement | logic GE | flop bits | SRAM bits | depth (levels) | period (ns) | logic GE vs $first | flop bits vs $first | critical path |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s' "$rows"
  echo
  echo "## Closed-form storage checks"
  echo
  printf '%s' "$checks"
} >"$work/policies.md"
echo "l2_policies.sh: $work/policies.md"
exit $bad
