#!/usr/bin/env bash
# test_robust_harness.sh WORKDIR: issue 33's checks of the harness outputs and of the folders
# synth/report.sh and make regress are given. synth/report.sh (make synth OUT=) refuses a
# non-empty folder it did not make before synthesis; make regress N='1; touch PWN' runs nothing;
# an L1 harness refused for a bad +dir leaves an existing +evlog/+stimout file as it was (and
# the output's own config.yaml), a +evlog in a missing folder is refused by name before the run,
# and a run whose +evlog or +stimout cannot be written (/dev/full) names the file and the reason
# and exits non-zero. ROBUST_ROOT=TREE tests TREE's scripts and harness instead of this one (to
# show the checks fail on an older tree; TREE/build must hold make all's tools). About 40 s (one
# L1 harness build, ccache'd). Prints ok / not ok lines and "N passed, M failed".
set -uo pipefail
# every harness here is verilated for real (it is what the test is about): no build cache
export CG_BUILD_CACHE=
root=${ROBUST_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
work=${1:?usage: tb/test_robust_harness.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; }
[ -x "$root/build/cachegen" ] && [ -x "$root/build/randcfg" ] || { echo "not ok - $root/build: run make all first"; exit 1; }
cd "$work" || exit 1
nice -n 10 make -s -C "$root" regress N="1; touch $work/PWN; : " REGRESS_ARGS="-o $work/r5" >"$work/regress5.log" 2>&1; rc=$?
if [ $rc != 0 ] && [ ! -e "$work/PWN" ] && grep -qF -- "-n: '1; touch" "$work/regress5.log"; then
  ok "make regress N='1; touch PWN': tb/regress refuses -n '1; touch ...', nothing run"
else no "make regress N with a command: exit $rc, PWN $([ -e "$work/PWN" ] && echo CREATED || echo absent): $(tail -2 "$work/regress5.log")"; fi
mkdir -p "$work/mine" && echo mine >"$work/mine/keep.txt"
timeout 60 "$root/synth/report.sh" --preset fermi-l1 -- "$work/mine" >"$work/report1.log" 2>&1; rc=$?
if [ $rc = 2 ] && [ "$(cat "$work/mine/keep.txt")" = mine ] && grep -q "not made by synth/report.sh" "$work/report1.log"; then
  ok "synth/report.sh (make synth OUT=) into a non-empty folder it did not make: refused before synthesis, kept"
else no "synth/report.sh into a user's folder: exit $rc (124: not refused, synthesis began): $(tail -1 "$work/report1.log")"; fi
cd - >/dev/null || exit 1

# ---- the L1 harness's output files (items 5 and 11) ------------------------------------------
"$root/build/cachegen" --preset fermi-l1 -o "$work/rtl" >/dev/null 2>&1 &&
  nice -n 10 "$root/tb/build_harness.sh" l1 "$work/rtl" "$work/vl" >"$work/build.log" 2>&1 ||
  { no "L1 harness build: $(tail -3 "$work/build.log")"; exit 1; }
h=$work/vl/Vdut
echo "keep me" >"$work/ev.txt"; echo "keep me" >"$work/stim.txt"; cp "$work/rtl/config.yaml" "$work/config.before"
"$h" +dir="$work/missing" +evlog="$work/ev.txt" +stimout="$work/stim.txt" +requests=10 >"$work/h1.log" 2>&1; rc=$?
if [ $rc = 2 ] && [ "$(cat "$work/ev.txt")" = "keep me" ] && [ "$(cat "$work/stim.txt")" = "keep me" ]; then
  ok "l1 harness refused for a bad +dir: the existing +evlog and +stimout files kept"
else no "l1 harness refused for a bad +dir: exit $rc, +evlog now '$(head -c 40 "$work/ev.txt")', +stimout '$(head -c 40 "$work/stim.txt")'"; fi
"$h" +dir="$work/missing" +evlog="$work/rtl/config.yaml" +requests=10 >"$work/h2.log" 2>&1
if cmp -s "$work/rtl/config.yaml" "$work/config.before"; then ok "+dir refused, +evlog=OUT/config.yaml: the output's config kept"
else no "+dir refused, +evlog=OUT/config.yaml emptied the output's config"; fi
cp "$work/config.before" "$work/rtl/config.yaml" # (the checks below need it whatever happened)
"$h" +dir="$work/rtl" +evlog="$work/nodir/ev.txt" +requests=10 >"$work/h3.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q 'evlog = .*nodir/ev.txt: not allowed; allowed: a file this process can write (No such file or directory)' "$work/h3.log"; then
  ok "+evlog in a missing folder: refused by name and reason before the run"
else no "+evlog in a missing folder: exit $rc: $(tail -1 "$work/h3.log")"; fi
for o in evlog stimout; do
  "$h" +dir="$work/rtl" +$o=/dev/full +seed=1 +requests=300 >"$work/h4.log" 2>&1; rc=$?
  if [ $rc != 0 ] && grep -q "l1_harness: error: cannot write /dev/full: No space left on device" "$work/h4.log"; then
    ok "+$o=/dev/full (a full disk): 'cannot write /dev/full: No space left on device', exit $rc"
  else no "+$o=/dev/full (a full disk): exit $rc: $(tail -1 "$work/h4.log")"; fi
done
"$h" +dir="$work/rtl" +evlog="$work/ev.txt" +seed=1 +requests=300 >"$work/h5.log" 2>&1; rc=$?
if [ $rc = 0 ] && [ "$(wc -l <"$work/ev.txt")" -gt 10 ]; then ok "+evlog to a writable file: written, exit 0"
else no "+evlog to a writable file: exit $rc, $(wc -l <"$work/ev.txt") lines"; fi
# ---- a harness given the +dir of another configuration (item 7) --------------------------------
# the fermi-l1 L1 harness on a 2-set x 1-way L1, and a 4-set 1-way 1-core L2 slice's harness on
# fermi-l1's 256 x 16 one: refused before the run, both configurations named
"$root/build/cachegen" --preset fermi-l1 --set name=tiny --set l1.sets=2 --set l1.ways=1 -o "$work/tiny" >/dev/null 2>&1
"$h" +dir="$work/tiny" +seed=1 +requests=300 >"$work/h6.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "built for another configuration: this harness was built for fermi_l1 .*+dir=$work/tiny holds tiny" "$work/h6.log"; then
  ok "L1 harness of fermi-l1 given a 2-set x 1-way L1's +dir: 'built for another configuration', both named, exit 2"
else no "L1 harness given another configuration's +dir: exit $rc: $(tail -2 "$work/h6.log")"; fi
"$root/build/cachegen" --preset fermi-l1 --set name=tiny2 --set l2.sets=4 --set l2.ways=1 --set system.cores=1 \
  -o "$work/tiny2" >/dev/null 2>&1 &&
  nice -n 10 "$root/tb/build_harness.sh" l2 "$work/tiny2" "$work/vl2" >"$work/build2.log" 2>&1 ||
  no "L2 harness build: $(tail -3 "$work/build2.log")"
"$work/vl2/Vl2" +dir="$work/rtl" +seed=1 >"$work/h7.log" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "built for another configuration: this harness was built for tiny2 .*holds fermi_l1" "$work/h7.log"; then
  ok "L2 harness of a 4-set 1-way 1-core slice given fermi-l1's +dir: 'built for another configuration', exit 2"
else no "L2 harness given another configuration's +dir: exit $rc: $(tail -2 "$work/h7.log")"; fi
"$work/vl2/Vl2" +dir="$work/tiny2" +seed=1 +requests=200 >"$work/h8.log" 2>&1; rc=$?
if ! grep -q "built for another" "$work/h8.log"; then ok "L2 harness on its own +dir: not refused (exit $rc)"
else no "L2 harness refused its own configuration"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
