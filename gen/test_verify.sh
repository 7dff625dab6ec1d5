#!/usr/bin/env bash
# test_verify.sh [WORKDIR]: `cachegen verify` (gen/verify.c, tb/verify.sh) and the plusargs of
# every Verilator harness (tb/harness_util.h), with the build/cachegen of this tree.
#   - a preset verifies: exit 0, a PASS row per run with events and full coverage, the summary
#     line; a second run reuses every harness build; too few requests end in coverage holes
#     (exit 3), not mismatches;
#   - bad arguments and a bad configuration key are refused before anything runs: exit 2, one
#     error naming the option or key, the value and what is allowed, no work directory;
#   - broken RTL (a mutant through MUTATE) fails: exit 1, the mismatch, a waveform, and a
#     reproduce command and a harness command line that, run again, fail with the same mismatch;
#   - the SM-dueling controller verifies through --only duel, the DWT-CS controller through
#     --only dwt (refused without l1.mode = sacat), and a planted DWT-CS bug fails it;
#   - every harness (l1, l2, sys, duel, throughput) refuses unknown plusargs, bad numbers, bad
#     words, a flag with a value, a repeated plusarg and a non-plusarg, naming the plusarg, the
#     value and what is allowed, exit 2 and no run; +help lists every plusarg, exit 0;
#   - every lockstep harness writes a real waveform with +trace (FST end time = 2 x cycles).
# Prints "ok N - ..." / "not ok N - ..." and "N passed, M failed"; exits non-zero on a failure.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$root/build/test/verify}
cg="$root/build/cachegen"
[ -x "$cg" ] || { echo "test_verify.sh: $cg missing; run make all" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
n=0; passed=0; failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
notok() { # DESCRIPTION WHY [FILE]
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "#   $2"
  [ -z "${3:-}" ] || [ ! -s "$3" ] || sed 's/^/#   | /' "$3" | head -30
}
check() { # DESCRIPTION WHY_IF_FALSE FILE_TO_SHOW COMMAND...: ok if COMMAND succeeds
  local d=$1 why=$2 f=$3; shift 3
  if "$@"; then ok "$d"; else notok "$d" "$why" "$f"; fi
}

# ---- 1. a preset verifies, and again from its cached builds -------------------------------
t0=$(date +%s)
"$cg" verify --preset fermi-l1 -o "$work/pass" >"$work/pass.out" 2>&1; rc=$?
rows_ok() { # FILE: a PASS row with events for every run, full coverage on the random ones
  local r
  for r in "l1 directed" "l1 random seed 1" "l2 random seed 1" "sys random seed 1"; do
    grep -qE "^  $r +[0-9.]+ s  PASS: [1-9][0-9]* events" "$1" || return 1
  done
  for r in l1 l2 sys; do
    grep -E "^  $r random seed 1 " "$1" | grep -qE 'coverage ([0-9]+)/\1 bins' || return 1
  done
  grep -qE '^  (lint|l1 build|l2 build|sys build) +[0-9.]+ s  ok' "$1"
}
summary_re='^cachegen verify: PASS fermi_l1: 4 lockstep runs, [1-9][0-9]* events, 0 mismatches, 0 coverage holes in [0-9]+\.[0-9] s$'
check "verify --preset fermi-l1: exit 0, PASS rows with events and full coverage, the summary" \
  "exit $rc" "$work/pass.out" \
  eval '[ $rc = 0 ] && rows_ok "$work/pass.out" && grep -qE "$summary_re" "$work/pass.out" &&
        ! grep -q "^reproduce" "$work/pass.out"'
"$cg" verify --preset fermi-l1 -o "$work/pass" >"$work/pass2.out" 2>&1; rc=$?
check "verify again: every harness build reused (cached), PASS" "exit $rc" "$work/pass2.out" \
  eval '[ $rc = 0 ] && [ "$(grep -cE "^  (l1|l2|sys) build .* ok \(cached: " "$work/pass2.out")" = 3 ] &&
        grep -qE "$summary_re" "$work/pass2.out"'
echo "# verify --preset fermi-l1: $(( $(date +%s) - t0 )) s for both runs"
"$cg" verify --preset fermi-l1 --only l1 --requests 300 -o "$work/pass" >"$work/hole.out" 2>&1; rc=$?
check "too few requests (300): coverage holes reported, not mismatches: exit 3, HOLE, reproduce" \
  "exit $rc" "$work/hole.out" eval '[ $rc = 3 ] &&
  grep -qE "^  l1 random seed 1 +[0-9.]+ s  HOLE: [0-9]+ events, coverage [0-9]+/[0-9]+ bins; unhit: [a-z]" \
    "$work/hole.out" &&
  grep -qE "^cachegen verify: HOLE fermi_l1: 2 lockstep runs, [0-9]+ events, 0 mismatches, [1-9][0-9]* coverage holes? in" \
    "$work/hole.out" && grep -qE "^reproduce: .* --requests 300 --only l1 -o $work/pass$" "$work/hole.out"'

# ---- 2. bad arguments and a bad key: refused before anything runs -------------------------
mkdir -p "$work/occupied"; echo mine >"$work/occupied/notes.txt"
bad() { # PATTERN ARGS...: exit 2, one stderr line "cachegen verify: error: ..." matching
  local pat=$1 d; shift
  d="verify $* is refused naming it"
  "$cg" verify "$@" >"$work/bad.out" 2>"$work/bad.err"; local rc=$?
  if [ $rc = 2 ] && [ ! -s "$work/bad.out" ] && [ "$(wc -l <"$work/bad.err")" = 1 ] &&
     grep -qE "^cachegen verify: error: .*$pat" "$work/bad.err" &&
     grep -qE 'allowed|expected' "$work/bad.err" && [ ! -e "$work/badrun" ]; then ok "$d"
  else notok "$d" "exit $rc (expected 2), stderr must match '$pat'" "$work/bad.err"; fi
}
bad 'l1\.wayz = 4: unknown key; allowed keys: ' --preset fermi-l1 --set l1.wayz=4 -o "$work/badrun"
bad 'l1\.ways = four: ' --preset fermi-l1 --set l1.ways=four -o "$work/badrun"
bad 'preset = nope: unknown preset; allowed: fermi-l1' --preset nope -o "$work/badrun"
bad '--seed = abc: not allowed; expected a decimal integer in 0\.\.4294967295' \
  --preset fermi-l1 --seed abc -o "$work/badrun"
bad '--requests = -5: not allowed; expected a decimal integer in 1\.\.' \
  --preset fermi-l1 --requests -5 -o "$work/badrun"
bad '--requests = 0: not allowed' --preset fermi-l1 --requests 0 -o "$work/badrun"
bad "--only = l1,l3: unknown harness 'l3'; allowed: a comma list of l1, l2, sys, duel, dwt" \
  --preset fermi-l1 --only l1,l3 -o "$work/badrun"
bad '--icarus with --only = l2: not allowed' --preset fermi-l1 --only l2 --icarus -o "$work/badrun"
bad 'argument --wave: unknown option; allowed: ' --preset fermi-l1 --wave -o "$work/badrun"
bad 'argument --seed: needs a value' --preset fermi-l1 -o "$work/badrun" --seed
bad "-o = $work/occupied: not allowed; the directory holds files and no \.cachegen-verify" \
  --preset fermi-l1 -o "$work/occupied"
check "a refused -o leaves the user's directory as it was" "notes.txt changed or files added" "" \
  eval '[ "$(cat "$work/occupied/notes.txt")" = mine ] && [ "$(ls -A "$work/occupied")" = notes.txt ]'
"$cg" verify --preset fermi-l1 --only duel -o "$work/noduel" >"$work/noduel.out" 2>"$work/noduel.err"
rc=$?
check "verify --only duel of a baseline L1 is refused: no duel top (exit 2)" "exit $rc" \
  "$work/noduel.err" eval '[ $rc = 2 ] &&
  grep -q "^cachegen verify: error: --only = duel: fermi_l1 has no duel top .*allowed: l1 l2 sys" \
    "$work/noduel.err"'
"$cg" verify --preset li-decoupled --only l1,dwt -o "$work/nodwt" >"$work/nodwt.out" 2>"$work/nodwt.err"
rc=$?
check "verify --only dwt of a decoupled L1 is refused: no DWT-CS, names the mode (exit 2)" "exit $rc" \
  "$work/nodwt.err" eval '[ $rc = 2 ] && [ ! -e "$work/nodwt" ] &&
  grep -q "^cachegen verify: error: --only = l1,dwt: li_decoupled has no dwt top (the DWT-CS controller comes with l1.mode = sacat, this is l1.mode = decoupled); allowed: l1 l2 sys duel\$" \
    "$work/nodwt.err"'

# ---- 3. broken RTL: fails, and its reproduce commands fail the same way -------------------
mutant='_meta.v|s/wire touch = update;/wire touch = is_fill;/' # LRU not updated on a hit
MUTATE=$mutant "$cg" verify --preset fermi-l1 --only l1 --seed 3 --requests 5000 \
  -o "$work/mut" >"$work/mut.out" 2>&1; rc=$?
mm=$(grep -m1 -oE 'FAIL: MISMATCH at cycle [0-9]+ \(seed 3\): .*' "$work/mut.out")
repro=$(sed -n 's/^reproduce: //p' "$work/mut.out")
alone=$(sed -n 's/^the failing run alone, on this build ([^)]*): //p' "$work/mut.out")
check "a mutant (LRU not touched on a hit) fails: exit 1, the mismatch, a waveform, the summary" \
  "exit $rc" "$work/mut.out" eval '[ $rc = 1 ] && [ -n "$mm" ] &&
  grep -qE "^cachegen verify: FAIL fermi_l1: [0-9]+ lockstep runs?, [0-9]+ events, 1 mismatch, 0 coverage holes in" \
    "$work/mut.out" && [ -s "$(sed -n "s/^  waveform: //p" "$work/mut.out")" ]'
check "... and prints the reproduce command (with MUTATE, seed, requests, -o) and the run alone" \
  "reproduce: '$repro' alone: '$alone'" "$work/mut.out" eval '
  [[ $repro == "MUTATE="*" $cg verify --preset fermi-l1 --seed 3 --requests 5000 --only l1 -o $work/mut" ]] &&
  [[ $alone == "$work/mut/l1/Vdut +dir=$work/mut/rtl-mutant +seed=3 "* ]]'
(cd / && eval "$repro") >"$work/mut_repro.out" 2>&1; rc=$?
check "the reproduce command, run from another directory, fails with the same mismatch" \
  "exit $rc; expected '$mm'" "$work/mut_repro.out" \
  eval '[ $rc = 1 ] && [ -n "$mm" ] && grep -qF "$mm" "$work/mut_repro.out"'
(cd / && eval "$alone") >"$work/mut_alone.out" 2>&1; rc=$?
check "the failing run alone fails with the same mismatch" "exit $rc; expected '${mm#FAIL: }'" \
  "$work/mut_alone.out" eval '[ $rc = 1 ] && [ -n "$mm" ] && grep -qxF "${mm#FAIL: }" "$work/mut_alone.out"'

# ---- 4. the SM-dueling controller through verify; the throughput harness built -------------
"$cg" verify --preset li-decoupled --only duel -o "$work/duel" >"$work/duel.out" 2>&1; rc=$?
check "verify --preset li-decoupled --only duel: the controller in lockstep, full coverage" \
  "exit $rc" "$work/duel.out" eval '[ $rc = 0 ] &&
  grep -E "^  duel random seed 1 +[0-9.]+ s  PASS: [1-9][0-9]* events" "$work/duel.out" |
    grep -qE "coverage ([0-9]+)/\1 bins"'
"$cg" verify --preset sacat-fermi --only dwt -o "$work/dwt" >"$work/dwt.out" 2>&1; rc=$?
check "verify --preset sacat-fermi --only dwt: the DWT-CS controller in lockstep, full coverage" \
  "exit $rc" "$work/dwt.out" eval '[ $rc = 0 ] &&
  grep -E "^  dwt random seed 1 +[0-9.]+ s  PASS: [1-9][0-9]* events" "$work/dwt.out" |
    grep -qE "coverage ([0-9]+)/\1 bins"'
# a planted DWT-CS bug (tb/check_top.sh's compare_ge: a tie of misses and instructions thrashes)
MUTATE='_dwt.v|s/wire thrash = (miss_side > inst_side);/wire thrash = (miss_side >= inst_side);/' \
  "$cg" verify --preset sacat-fermi --only dwt -o "$work/dwtmut" >"$work/dwtmut.out" 2>&1; rc=$?
check "verify --only dwt with a DWT-CS mutant (a tie thrashes) fails: exit 1, a mismatch" \
  "exit $rc" "$work/dwtmut.out" eval '[ $rc = 1 ] &&
  grep -qE "^  dwt random seed 1 +[0-9.]+ s  FAIL: MISMATCH" "$work/dwtmut.out" &&
  grep -qE "^cachegen verify: FAIL sacat_fermi: [0-9]+ lockstep runs?, [0-9]+ events, 1 mismatch" \
    "$work/dwtmut.out"'
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
tp_ok=1
verilator --cc --exe --build -j 2 -O2 -Wno-fatal --quiet-exit --top-module fermi_l1 \
  --prefix Vdut --Mdir "$work/tp" -o Vtp -F "$work/pass/rtl/fermi_l1.f" \
  "$work/pass/rtl/fermi_l1_lint.vlt" -CFLAGS "-O2 -std=c++14 -I$root" \
  -LDFLAGS "$root/build/libcore.a -lyaml" "$root/tb/throughput.cpp" >"$work/tp.log" 2>&1 || tp_ok=0
check "the throughput harness builds (as bench/throughput.sh does)" "build failed" "$work/tp.log" \
  [ $tp_ok = 1 ]

# ---- 5. every harness's plusargs ---------------------------------------------------------
# who | binary | +dir | its plusargs (what +help must list) | a count plusarg | traffic words
harnesses=(
  "l1_harness|$work/pass/l1/Vdut|$work/pass/rtl|dir seed traffic requests cover cover_extend min_events trace evlog stimout expect free|requests|directed, fig7, mix"
  "l2_harness|$work/pass/l2/Vl2|$work/pass/rtl|dir seed requests cover cover_extend own_lines trace|requests|"
  "sys_harness|$work/pass/sys/Vsys|$work/pass/rtl|dir seed requests traffic cover cover_extend own_lines trace expect|requests|mix, fig7"
  "duel_harness|$work/duel/duel/Vduel|$work/duel/rtl|dir seed cycles cover trace|cycles|"
  "throughput|$work/tp/Vtp|$work/pass/rtl|dir requests|requests|"
)
refused() { # WHO BIN PATTERN ARGS...: exit 2, nothing on stdout (no run), one error line
  local who=$1 bin=$2 pat=$3 rc; shift 3
  timeout -k 5 10 "$bin" "$@" >"$work/pa.out" 2>"$work/pa.err"; rc=$? # a run that starts fails
  if [ $rc = 2 ] && [ ! -s "$work/pa.out" ] && [ "$(wc -l <"$work/pa.err")" = 1 ] &&
     grep -qE "^$who: error: $pat" "$work/pa.err"; then ok "$who $*: refused"
  else cat "$work/pa.out" >>"$work/pa.err"; notok "$who $*: refused" "exit $rc (expected 2), stderr must match '$who: error: $pat'" "$work/pa.err"; fi
}
for h in "${harnesses[@]}"; do
  IFS='|' read -r who bin dir names count words <<<"$h"
  [ -x "$bin" ] || { notok "$who: plusargs" "$bin was not built"; continue; }
  timeout -k 5 10 "$bin" +dir="$dir" +help >"$work/help.out" 2>&1; rc=$?
  missing=""
  for p in $names help; do grep -qE "^  \+$p(=| |$)" "$work/help.out" || missing="$missing +$p"; done
  check "$who +help: exit 0, usage and every plusarg with its meaning" "exit $rc, missing:$missing" \
    "$work/help.out" eval '[ $rc = 0 ] && [ -z "$missing" ] && grep -q "^usage: " "$work/help.out"'
  d=+dir=$dir
  refused "$who" "$bin" "\+bogus = 1: unknown plusarg; allowed plusargs: \+dir, " "$d" +bogus=1
  refused "$who" "$bin" "\+$count = abc: not allowed; expected a decimal integer in 1\.\." "$d" +$count=abc
  refused "$who" "$bin" "\+$count = -5: not allowed; expected a decimal integer in 1\.\." "$d" +$count=-5
  refused "$who" "$bin" "\+$count = 0: not allowed; expected a decimal integer in 1\.\." "$d" +$count=0
  refused "$who" "$bin" "\+$count: needs a value; allowed: \+$count=N" "$d" +$count
  refused "$who" "$bin" "foo: not a plusarg; allowed plusargs: " "$d" foo
  refused "$who" "$bin" "\+$count: given twice \(\+$count=5 and \+$count=6\)" "$d" +$count=5 +$count=6
  if [[ " $names " == *" seed "* ]]; then
    refused "$who" "$bin" "\+seed = abc: not allowed; expected a decimal integer in 0\.\.18446744073709551615" "$d" +seed=abc
  fi
  if [[ " $names " == *" cover "* ]]; then
    refused "$who" "$bin" "\+cover = 1: not allowed; \+cover is a flag and takes no value" "$d" +cover=1
  fi
  if [ -n "$words" ]; then
    refused "$who" "$bin" "\+traffic = bogus: unknown traffic; allowed: $words" "$d" +traffic=bogus
  fi
  if [[ " $names " == *" trace "* ]]; then
    refused "$who" "$bin" "\+trace = /nonexistent/w\.fst: not allowed; allowed: a file this process can write" "$d" +trace=/nonexistent/w.fst
  fi
done

# ---- 6. waveforms: +trace writes every cycle (both clock edges) -------------------------
vroot=$(verilator --getenv VERILATOR_ROOT)/include/gtkwave
cat >"$work/fstend.c" <<'EOF'
/* fstend FILE.fst: prints the last time stamp of an FST waveform (0: nothing was dumped). */
#include <stdio.h>
#include "fstapi.h"
int main(int argc, char **argv)
{
    void *r = argc == 2 ? fstReaderOpen(argv[1]) : NULL;
    if (!r)
        return 1;
    printf("%llu\n", (unsigned long long)fstReaderGetEndTime(r));
    fstReaderClose(r);
    return 0;
}
EOF
fst_ok=1
cc -O1 -w -I"$vroot" -DFST_CONFIG_INCLUDE='"fst_config.h"' -o "$work/fstend" "$work/fstend.c" \
  "$vroot/fstapi.c" "$vroot/lz4.c" "$vroot/fastlz.c" -lz >"$work/fstend.log" 2>&1 || fst_ok=0
check "an FST reader builds from Verilator's gtkwave sources" "cc failed" "$work/fstend.log" [ $fst_ok = 1 ]
wave() { # WHO BIN ARGS...: +trace gives an FST whose end time is 2 x the cycles run
  local who=$1 bin=$2 f="$work/$1.fst" cycles end rc; shift 2
  rm -f "$f"
  timeout -k 5 120 "$bin" "$@" +trace="$f" >"$work/wave.out" 2>&1; rc=$?
  cycles=$(sed -n "s/^$who: \([0-9]*\) cycles, .*/\1/p" "$work/wave.out")
  end=$("$work/fstend" "$f" 2>/dev/null)
  check "$who +trace: a waveform of every cycle (end time $end = 2 x $cycles cycles)" \
    "exit $rc" "$work/wave.out" eval '[ $rc = 0 ] && [ -n "$cycles" ] && [ "${end:-0}" -ge $((2 * cycles)) ]'
}
if [ $fst_ok = 1 ]; then
  wave l1_harness "$work/pass/l1/Vdut" +dir="$work/pass/rtl" +traffic=mix +requests=300
  wave l2_harness "$work/pass/l2/Vl2" +dir="$work/pass/rtl" +requests=300
  wave sys_harness "$work/pass/sys/Vsys" +dir="$work/pass/rtl" +requests=100
  wave duel_harness "$work/duel/duel/Vduel" +dir="$work/duel/rtl" +cycles=5000
fi

# tb/check_config.sh, the scripted per-configuration check: --help, and counts checked
"$root/tb/check_config.sh" --help >"$work/cc_help.out" 2>&1; rc=$?
check "tb/check_config.sh --help: usage on stdout, exit 0" "exit $rc" "$work/cc_help.out" \
  eval '[ $rc = 0 ] && grep -q "^check_config.sh WORKDIR SEEDS" "$work/cc_help.out"'
"$root/tb/check_config.sh" "$work/cc" 1 2 >"$work/cc_short.out" 2>&1; rc=$?
check "tb/check_config.sh with too few arguments: exit 2 naming the arguments" "exit $rc" \
  "$work/cc_short.out" eval '[ $rc = 2 ] && grep -q "expected WORKDIR SEEDS" "$work/cc_short.out"'
"$root/tb/check_config.sh" "$work/cc" seven 2 0 0 -- --preset fermi-l1 >"$work/cc_count.out" 2>&1; rc=$?
check "tb/check_config.sh SEEDS=seven: exit 2, nothing generated" "exit $rc" "$work/cc_count.out" \
  eval '[ $rc = 2 ] && grep -q "'"'"'seven'"'"' is not a decimal number" "$work/cc_count.out" && [ ! -e "$work/cc" ]'

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
