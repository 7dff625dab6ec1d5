#!/usr/bin/env bash
# test_checks.sh WORKDIR: proves the synthesis checks can fail. A latch inserted into the
# metadata logic must stop synth.sh; an SRAM one bit wider than the layout must fail cost's
# storage check against the closed form. Prints ok/not ok; exits non-zero if a check missed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
rm -rf "$work"; mkdir -p "$work"
bad=0
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 -o "$work/latch" >/dev/null
# a latch: evict_tag_o keeps its value when op_i is not a fill
top=$(sed -n 's/^top: //p' "$work/latch/cachegen.manifest")
sed -i 's/^  always @\* begin : evicted_tag$/  always @* if (is_fill) begin : evicted_tag/' "$work/latch/${top}_meta.v"
if grep -q "if (is_fill) begin : evicted_tag" "$work/latch/${top}_meta.v" && \
   ! "$root/synth/synth.sh" "$work/latch" "$work/latch.syn" >/dev/null 2>&1 && \
   grep -q 'Assertion failed: selection is not empty: t:$dlatch' "$work/latch.syn/check.log"; then
  echo "ok - a latch stops synth.sh"
else
  echo "not ok - a latch went through synth.sh"; bad=1
fi
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 -o "$work/wide" >/dev/null
sed -i '0,/\.Width    (\([0-9]*\)),/s//.Width    (\1 + 1),/' "$work/wide/$top.v"
"$root/synth/synth.sh" "$work/wide" "$work/wide.syn" >/dev/null 2>&1
if grep -q "Width    (.* + 1)" "$work/wide/$top.v" && ! "$root/build/cost" one "$work/wide" \
   "$work/wide.syn/stat.json" "$work/wide.syn/hier.json" "$work/wide.syn/flat.json" 0 \
   "$work/wide.cost.json" >"$work/wide.log" 2>&1 && grep -q "CHECK FAILED: metadata SRAM bits" "$work/wide.log"; then
  echo "ok - an SRAM wider than the layout fails the storage check"
else
  echo "not ok - the storage check missed an SRAM wider than the layout"; bad=1
fi
exit $bad
