#!/usr/bin/env bash
# test_equiv.sh WORKDIR: synth/equiv.sh on fermi-l1-pric's PRIC set-index network (a
# combinational module, proven in seconds): the same RTL is proven with -f (exit 0), and a copy
# with one XOR term of the network dropped (made here) comes back as a counterexample naming
# the module (exit 1); a folder missing the module is a failure (exit 1). Prints ok / not ok.
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
rm "$work/mut/fermi_l1_pric_index.v"
"$root/synth/equiv.sh" -m "$m" -t 120 "$work/old" "$work/mut" "$work/w3" >"$work/miss.log" 2>&1; rc=$?
if [ $rc = 1 ]; then ok "a module missing in the new folder: exit 1"
else no "missing module: exit $rc"; tail -5 "$work/miss.log"; fi
exit $bad
