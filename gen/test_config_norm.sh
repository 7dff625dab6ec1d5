#!/usr/bin/env bash
# test_config_norm.sh: the normalized configuration (config.yaml, every file's header, the
# report) lists only the keys that shape the design, with resolved values, and is complete:
# - round trip: for every preset and random configurations 1..N (tb/randcfg, which draws every
#   key, those of other modes too), generating again from the emitted config.yaml gives a
#   byte-identical output directory (a key left out that mattered would change a file);
# - keys that do not shape the design change nothing: fermi-l1 with other modes', unused
#   policies' and off features' keys set to non-defaults is byte-identical to fermi-l1;
# - shown keys: a baseline L1 lists no key of another mode; decoupled lists its own;
#   l1.mshr_merge appears only when > 0; PRIC's modulus 0 (automatic) is written as the one
#   in effect (37 for 32 sets) and its top bit 0 as l1.addr_bits - 1;
# - the configuration hash in the headers is the SHA-256 of config.yaml's key lines.
#
# usage: gen/test_config_norm.sh [N]   (default 60; needs build/cachegen and build/randcfg)
# Prints "ok N - ..." / "not ok N - ..." per case, ends with "N passed, M failed".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
gen=$root/build/cachegen randcfg=$root/build/randcfg
n=${1:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/cachegen_norm.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
pass=0 fail=0 t=0
ok() { t=$((t + 1)); pass=$((pass + 1)); echo "ok $t - $1"; }
no() { t=$((t + 1)); fail=$((fail + 1)); echo "not ok $t - $1"; }

# round trip through config.yaml: prints the tags that differ
roundtrip() { # TAG CACHEGEN_ARGS...
  local tag=$1; shift
  "$gen" "$@" -o "$work/$tag.a" >/dev/null 2>&1 || { echo "$tag(generate)"; return; }
  "$gen" --config "$work/$tag.a/config.yaml" -o "$work/$tag.b" >/dev/null 2>&1 ||
    { echo "$tag(reload)"; return; }
  diff -r -q "$work/$tag.a" "$work/$tag.b" >/dev/null || echo "$tag"
  rm -rf "$work/$tag.a" "$work/$tag.b"
}
bad=
for p in $("$gen" --list-presets | awk '{print $1}'); do bad+=$(roundtrip "$p" --preset "$p"); done
[ -z "$bad" ] && ok "round trip through config.yaml: every preset" || no "round trip: presets $bad"
bad=
for s in $(seq 1 "$n"); do
  args=$("$randcfg" "$s") || { bad+=" randcfg$s"; continue; }
  eval "set -- $args"
  bad+=$(roundtrip "rnd$s" "$@")
done
[ -z "$bad" ] && ok "round trip through config.yaml: random configurations 1..$n" ||
  no "round trip: random configurations$bad"

"$gen" --preset fermi-l1 -o "$work/f" >/dev/null
"$gen" --preset fermi-l1 --set l1.rrpv_bits=5 --set l1.tag_ways=16 --set l1.rc_bits=3 \
  --set l1.threshold=7 --set l1.duel_interval=9 --set l1.duel_margin=3 --set l1.gc_th_hot=5 \
  --set l1.gc_th_victim=4 --set l1.gc_bypass_age_every=3 --set l1.gc_switch_reset_period=77 \
  --set l1.pc_entries=64 --set l1.pc_counter_bits=6 --set l1.pc_threshold=20 \
  --set l1.pc_hash_shift=5 --set l2.rrpv_bits=4 -o "$work/g" >/dev/null
diff -r -q "$work/f" "$work/g" >/dev/null && ok "keys of other modes and unused policies change no file" ||
  no "keys of other modes changed the output: $(diff -r -q "$work/f" "$work/g" | head -3)"

y=$work/f/config.yaml
if ! grep -qE '^  (tag_ways|rc_bits|threshold|duel_|gc_|pc_entries|pc_counter|pc_threshold|pc_hash|rrpv_bits|pric_|mshr_merge)' "$y" &&
   grep -q '^  mshrs: 8' "$y" && grep -q '^  mode: baseline' "$y"; then
  ok "baseline LRU modulo L1 without merging: no key of another mode, policy, index or feature"
else no "baseline config.yaml lists keys it should not: $(cat "$y")"; fi
"$gen" --preset li-decoupled -o "$work/d" >/dev/null
if grep -q '^  tag_ways: 8' "$work/d/config.yaml" && grep -q '^  duel_interval:' "$work/d/config.yaml" &&
   ! grep -q '^  gc_' "$work/d/config.yaml"; then ok "decoupled lists its own keys, not G-Cache's"
else no "decoupled config.yaml: $(cat "$work/d/config.yaml")"; fi
"$gen" --preset fermi-l1 --set l1.mshr_merge=3 -o "$work/m" >/dev/null
grep -q '^  mshr_merge: 3' "$work/m/config.yaml" && grep -q '^//   l1.mshr_merge: 3' "$work/m/fermi_l1.v" &&
  ok "l1.mshr_merge = 3 is listed in config.yaml and the headers" || no "mshr_merge not listed"
"$gen" --preset fermi-l1 --set l1.index=pric -o "$work/p" >/dev/null
if grep -q '^  pric_poly: 37' "$work/p/config.yaml" && grep -q '^  pric_top_bit: 31' "$work/p/config.yaml" &&
   grep -q '^//   l1.pric_poly: 37' "$work/p/fermi_l1_index.v" &&
   grep -q '"l1.pric_poly": "37"' "$work/p/fermi_l1_report.json"; then
  ok "PRIC's automatic modulus and top bit are written as resolved (37, 31) in config, headers, report"
else no "PRIC values not resolved: $(grep pric "$work/p/config.yaml")"; fi

hash=$(grep -v '^#' "$y" | sha256sum | cut -d' ' -f1)
if grep -q "Configuration (sha256 $hash):" "$work/f/fermi_l1.v" && grep -q "sha256 of the lines below: $hash" "$y" &&
   grep -q "\"config_sha256\": \"$hash\"" "$work/f/fermi_l1_report.json"; then
  ok "configuration hash = SHA-256 of config.yaml's key lines, in headers, config.yaml and report"
else no "configuration hash differs from sha256 of config.yaml's keys ($hash)"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
