#!/usr/bin/env bash
# test_equiv.sh WORKDIR: synth/equiv.sh on fermi-l1-pric's PRIC set-index network (a
# combinational module, proven in seconds): the same RTL is proven with -f (exit 0), and a copy
# with one XOR term of the network dropped (made here) comes back as a counterexample naming
# the module (exit 1), and so does one with an output bit ORed with an input (a difference only
# where the old bit is 0), with and without ABC (-x); a folder missing the module is a failure
# (exit 1). Then state renamed:
# fermi-l1's MSHR file (4 entries, 2 waiters) against a copy with every entry's line and waiter
# registers renamed is proven by ABC's dprove (name-matching cannot), and the renamed copy with
# full_o an OR instead of an AND is a counterexample. Then instances renamed by a generate loop:
# the interfaces differ without -r, with the map the pair is proven, a crosswise map is a
# counterexample, a map line with a ';' is refused. Prints ok / not ok.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: synth/test_equiv.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }
"$root/build/cachegen" --preset fermi-l1-pric -o "$work/old" >/dev/null || { no "generate"; exit 1; }
cp -r "$work/old" "$work/same"
cp -r "$work/old" "$work/mut"
f=$work/mut/fermi_l1_pric_index.v
sed -i 's/wire i0_l1_0 = line_i\[0\] ^ line_i\[5\];/wire i0_l1_0 = line_i[0];/' "$f"
cmp -s "$f" "$work/old/fermi_l1_pric_index.v" && { no "the mutant edit did not apply"; exit 1; }
m='fermi_l1_pric_index'
"$root/synth/equiv.sh" -f -m "$m" -t 120 "$work/old" "$work/same" "$work/w1" >"$work/same.log" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^$m: proven" "$work/same.log"; then ok "equal RTL: $m proven (exit 0)"
else no "equal RTL: exit $rc"; tail -5 "$work/same.log"; fi
"$root/synth/equiv.sh" -m "$m" -t 120 "$work/old" "$work/mut" "$work/w2" >"$work/mut.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^$m: COUNTEREXAMPLE" "$work/mut.log"; then ok "a dropped XOR term: $m COUNTEREXAMPLE (exit 1)"
else no "mutant: exit $rc"; tail -5 "$work/mut.log"; fi
# a difference only where the old output is 0 (set_o[0] ORed with a line bit), through ABC's SAT
# check and, with -x, through the miter's induction (which once compared x-masked bits:
# -ignore_gold_x without -enable_undef hid every bit whose old value is 0, and proved this)
cp -r "$work/old" "$work/one"
sed -i 's/assign set_o\[0\] = i0_l4_0;/assign set_o[0] = i0_l4_0 | line_i[1];/' "$work/one/fermi_l1_pric_index.v"
cmp -s "$work/one/fermi_l1_pric_index.v" "$work/old/fermi_l1_pric_index.v" && { no "the OR edit did not apply"; exit 1; }
for x in "" -x; do
  "$root/synth/equiv.sh" $x -m "$m" -t 120 "$work/old" "$work/one" "$work/w1$x" >"$work/one$x.log" 2>&1; rc=$?
  if [ $rc = 1 ] && grep -q "^$m: COUNTEREXAMPLE" "$work/one$x.log"; then
    ok "an output bit ORed with an input (differs only where the old bit is 0)${x:+, ABC skipped}: COUNTEREXAMPLE (exit 1)"
  else no "an output bit ORed with an input${x:+ (-x)}: exit $rc"; tail -5 "$work/one$x.log"; fi
done
rm "$work/mut/fermi_l1_pric_index.v"
"$root/synth/equiv.sh" -m "$m" -t 120 "$work/old" "$work/mut" "$work/w3" >"$work/miss.log" 2>&1; rc=$?
if [ $rc = 1 ]; then ok "a module missing in the new folder: exit 1"
else no "missing module: exit $rc"; tail -5 "$work/miss.log"; fi
# renamed state: the MSHR file of a merging L1, its registers renamed in a copy
"$root/build/cachegen" --preset fermi-l1 --set l1.mshrs=4 --set l1.mshr_merge=2 -o "$work/m_old" >/dev/null ||
  { no "generate the merging L1"; exit 1; }
cp -r "$work/m_old" "$work/m_ren"
f=$work/m_ren/fermi_l1_mshr.v
sed -i 's/\bline_\([qd]\)\b/held_line_\1/g; s/\bwait_\([qd]\)\b/waiter_ids_\1/g' "$f"
cmp -s "$f" "$work/m_old/fermi_l1_mshr.v" && { no "the rename did not apply"; exit 1; }
cp -r "$work/m_ren" "$work/m_bad"
sed -i 's/assign full_o = &valid;/assign full_o = |valid;/' "$work/m_bad/fermi_l1_mshr.v"
cmp -s "$work/m_bad/fermi_l1_mshr.v" "$f" && { no "the full_o edit did not apply"; exit 1; }
m='fermi_l1_mshr'
"$root/synth/equiv.sh" -m "$m" -t 300 "$work/m_old" "$work/m_ren" "$work/w4" >"$work/ren.log" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^$m: proven (ABC dprove" "$work/ren.log"; then ok "renamed registers: $m proven by ABC dprove (exit 0)"
else no "renamed registers: exit $rc"; tail -5 "$work/ren.log"; fi
"$root/synth/equiv.sh" -m "$m" -t 300 "$work/m_old" "$work/m_bad" "$work/w5" >"$work/bad.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^$m: COUNTEREXAMPLE" "$work/bad.log"; then ok "renamed registers and full_o an OR: $m COUNTEREXAMPLE (exit 1)"
else no "renamed mutant: exit $rc"; tail -5 "$work/bad.log"; fi
# renamed black boxes (-r): two leaf instances made a generate loop; without the map the cut
# interfaces differ, with it the pair is proven, and a map pairing them crosswise is a
# counterexample; a map line that is not three plain names is refused before anything runs
mkdir -p "$work/r_old" "$work/r_new"
echo 'module leaf (input wire a, output wire y); assign y = ~a; endmodule' >"$work/r_old/leaf.v"
cp "$work/r_old/leaf.v" "$work/r_new/leaf.v"
printf '%s\n' 'module top (input wire [1:0] a, output wire [1:0] y);' \
  '  leaf u_a_w0 (.a(a[0]), .y(y[0]));' '  leaf u_a_w1 (.a(a[1]), .y(y[1]));' 'endmodule' >"$work/r_old/top.v"
printf '%s\n' 'module top (input wire [1:0] a, output wire [1:0] y);' '  genvar i;' \
  '  generate for (i = 0; i < 2; i = i + 1) begin : gen_x' '    leaf u_a (.a(a[i]), .y(y[i]));' \
  '  end endgenerate' 'endmodule' >"$work/r_new/top.v"
printf 'top gen_x[0].u_a u_a_w0\ntop gen_x[1].u_a u_a_w1\n' >"$work/map.txt"
printf 'top gen_x[0].u_a u_a_w1\ntop gen_x[1].u_a u_a_w0\n' >"$work/cross.txt"
printf 'top gen_x[0].u_a;quit u_a_w0\n' >"$work/badmap.txt"
"$root/synth/equiv.sh" -m top "$work/r_old" "$work/r_new" "$work/w6" >"$work/r0.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^top: INTERFACE DIFFERS" "$work/r0.log"; then ok "instances renamed by a generate loop, no map: interfaces differ (exit 1)"
else no "renamed instances without a map: exit $rc"; tail -3 "$work/r0.log"; fi
"$root/synth/equiv.sh" -r "$work/map.txt" -m top "$work/r_old" "$work/r_new" "$work/w7" >"$work/r1.log" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^top: proven" "$work/r1.log"; then ok "the same with -r MAP: proven (exit 0)"
else no "renamed instances with the map: exit $rc"; tail -3 "$work/r1.log"; fi
"$root/synth/equiv.sh" -r "$work/cross.txt" -m top "$work/r_old" "$work/r_new" "$work/w8" >"$work/r2.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^top: COUNTEREXAMPLE" "$work/r2.log"; then ok "a map pairing the instances crosswise: COUNTEREXAMPLE (exit 1)"
else no "crosswise map: exit $rc"; tail -3 "$work/r2.log"; fi
"$root/synth/equiv.sh" -r "$work/badmap.txt" -m top "$work/r_old" "$work/r_new" "$work/w9" >"$work/r3.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "allowed: MODULE NEW_INSTANCE OLD_INSTANCE" "$work/r3.log" && [ ! -e "$work/w9/top.aig.ys" ]; then
  ok "a map line with a ';': refused before Yosys runs (exit 2)"
else no "bad map: exit $rc"; tail -3 "$work/r3.log"; fi
exit $bad
