#!/usr/bin/env bash
# test_checks.sh WORKDIR: proves the synthesis and timing checks can fail. make synth must name a
# missing CONFIG path and a failed report must leave no directory behind. A latch inserted into
# the metadata logic must stop synth.sh; an SRAM one bit wider than the layout must fail cost's
# storage check against the closed form; a cell library without flip-flops must stop the
# mapping (Yosys leaves them unmapped; without only the reset flop it legally maps to the set
# flop with inverters); OpenSTA must refuse a netlist whose library lost a cell
# it uses (NAND2_X1); a timing report without a path must fail cost. Prints ok/not ok; exits
# non-zero if a check missed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
rm -rf "$work"; mkdir -p "$work"
bad=0
without() { # CELL LIB: LIB without the Liberty cell CELL
  awk -v c="$1" '$0 ~ "^  cell \\(" c "\\)" { skip = 1 } skip && /^  }$/ { skip = 0; next } !skip' "$2"
}
# bad input: a CONFIG path that does not exist is named; a failed report leaves nothing behind
if ! make -s -C "$root" synth CONFIG=no/such.yaml OUT="$work/bad1/out" >"$work/bad1.log" 2>&1 && \
   grep -q 'CONFIG=no/such.yaml: no such file' "$work/bad1.log" && [ ! -e "$work/bad1" ] && \
   ! "$root/synth/report.sh" --preset no-such-preset -- "$work/bad2/a/out" >"$work/bad2.log" 2>&1 && \
   grep -q 'unknown preset' "$work/bad2.log" && [ ! -e "$work/bad2" ]; then
  echo "ok - a missing CONFIG path is named, and a failed report leaves no directory behind"
else
  echo "not ok - bad input to make synth / report.sh (see $work/bad1.log, $work/bad2.log)"; bad=1
fi
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 -o "$work/latch" >/dev/null
# a latch: evict_tag_o keeps its value when op_i is not a fill
top=$(sed -n 's/^top: //p' "$work/latch/cachegen.manifest")
sed -i 's/^  always @\* evict_tag_o =$/  always @* if (is_fill) evict_tag_o =/' "$work/latch/${top}_meta.v"
if grep -q "if (is_fill) evict_tag_o =" "$work/latch/${top}_meta.v" && \
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
   "$work/wide.syn" "$work/wide.cost.json" >"$work/wide.log" 2>&1 && grep -q "CHECK FAILED: metadata SRAM bits" "$work/wide.log"; then
  echo "ok - an SRAM wider than the layout fails the storage check"
else
  echo "not ok - the storage check missed an SRAM wider than the layout"; bad=1
fi
# the good design, timed: the reference for the library and timing mutants below
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 -o "$work/good" >/dev/null
if "$root/synth/synth.sh" "$work/good" "$work/good.syn" >"$work/good.log" 2>&1 && \
   "$root/build/cost" one "$work/good" "$work/good.syn" "$work/good.cost.json" >>"$work/good.log" 2>&1; then
  echo "ok - the unbroken design maps, times and passes the checks"
else
  echo "not ok - the unbroken design failed (see $work/good.log)"; bad=1
fi
"$root/synth/liberty.sh" cells >"$work/cells.lib"
without DFF_X1 "$work/cells.lib" | without DFFR_X1 /dev/stdin | without DFFS_X1 /dev/stdin >"$work/nodffr.lib"
if grep -q 'cell (DFFR_X1)' "$work/cells.lib" && ! grep -q 'cell (DFF' "$work/nodffr.lib" && \
   ! SYNTH_CELLS_LIB="$work/nodffr.lib" "$root/synth/synth.sh" "$work/good" "$work/nodffr.syn" >/dev/null 2>&1 && \
   grep -q 'ERROR: FF .* cannot be legalized' "$work/nodffr.syn/yosys.log"; then
  echo "ok - a cell library without flip-flops stops the mapping"
else
  echo "not ok - the mapping went through without flip-flops"; bad=1
fi
cp -r "$work/good.syn" "$work/nonand.syn"
without NAND2_X1 "$work/good.syn/cells.lib" >"$work/nonand.syn/cells.lib"
if grep -q 'NAND2_X1' "$work/nonand.syn/netlist.v" && ! grep -q 'cell (NAND2_X1)' "$work/nonand.syn/cells.lib" && \
   ! "$root/synth/sta.sh" "$work/nonand.syn" "$top" >"$work/nonand.log" 2>&1 && grep -q NAND2_X1 "$work/nonand.syn/sta.log"; then
  echo "ok - OpenSTA refuses a library that lost a cell the netlist uses"
else
  echo "not ok - OpenSTA timed a netlist with a missing cell"; bad=1
fi
cp -r "$work/good.syn" "$work/nopath.syn"
grep -v '^ *[0-9.-]* *[0-9.-]* [v^] ' "$work/good.syn/sta.log" >"$work/nopath.syn/sta.log"
if ! "$root/build/cost" one "$work/good" "$work/nopath.syn" "$work/nopath.cost.json" >"$work/nopath.log" 2>&1 && \
   grep -q "no worst slack or critical path" "$work/nopath.log"; then
  echo "ok - a timing report without a critical path fails cost"
else
  echo "not ok - cost accepted a timing report without a critical path"; bad=1
fi
exit $bad
