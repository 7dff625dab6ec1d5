#!/usr/bin/env bash
# test_options.sh: the one option rule set of every tool (core/opt.h, issue 33 items 12-13):
# an option given twice is refused naming both uses (--set: one key twice); a value beginning
# with '-' is never taken as an option's value (`-o --version` writes nothing and prints no
# version); a missing value, an unknown option and --name=value are refused naming the option.
# For cachegen, cachegen pric, cachegen verify, cachesim (run, --sweep, convert, gen) and
# sysim (and mkstim's numbers). Each refused command must exit 2, print nothing on stdout and leave its (empty)
# working directory empty; verify runs against a stub flow script (CACHEGEN_TB) that records
# whether it ran. Usage: gen/test_options.sh [BUILD_DIR]   (default build)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
cg=$build/cachegen sim=$build/cachesim sysim=$build/sysim
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -6 | sed 's/^/#   /'; }

# inputs, by absolute path
in=$work/in; mkdir -p "$in"
printf 'l1:\n  ways: 4\n' >"$in/a.yaml"
printf 'l1:\n  ways: 8\n' >"$in/b.yaml"
printf '0 0\n0 40\n1 0\n' >"$in/t.din"
# verify's flow: a stub that records that it ran (nothing may run after a refused argument)
mkdir -p "$in/tb"
printf '#!/bin/sh\necho ran >"%s/flow_ran"\n' "$work" >"$in/tb/verify.sh"
chmod +x "$in/tb/verify.sh"
export CACHEGEN_TB=$in/tb

n=0
# refused DESC NEEDLE... -- COMMAND...: exit 2, each NEEDLE (fixed string) in stderr, nothing
# on stdout, nothing written in the (fresh, empty) working directory, verify's flow not run.
refused() {
  local desc=$1 needles=() rc out err left
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do needles+=("$1"); shift; done
  shift
  n=$((n + 1))
  local d=$work/run$n
  mkdir -p "$d"
  rm -f "$work/flow_ran"
  (cd "$d" && timeout -s KILL 20 "$@" >"$work/out" 2>"$work/err" </dev/null)
  rc=$?
  out=$(head -c 300 "$work/out"); err=$(head -c 600 "$work/err")
  left=$(ls -A "$d")
  if [ "$rc" != 2 ]; then no "$desc: exit $rc, expected 2" "stdout: $out | stderr: $err"; return; fi
  if [ -n "$out" ]; then no "$desc: printed on stdout" "$out"; return; fi
  if [ -n "$left" ]; then no "$desc: left behind: $left" "$err"; return; fi
  if [ -e "$work/flow_ran" ]; then no "$desc: verify's flow ran" "$err"; return; fi
  local w
  for w in "${needles[@]}"; do
    grep -qF -- "$w" "$work/err" || { no "$desc: stderr lacks '$w'" "$err"; return; }
  done
  ok "$desc"
}

# ---- cachegen ---------------------------------------------------------------------------------
refused "cachegen --preset twice names both" "--preset" "fermi-l1" "gcn-l1" "given twice" \
  -- "$cg" --preset fermi-l1 --preset gcn-l1 -o out
refused "cachegen --config twice names both" "--config" "a.yaml" "b.yaml" "given twice" \
  -- "$cg" --config "$in/a.yaml" --config "$in/b.yaml" -o out
refused "cachegen -o twice names both" "-o" "one" "two" "given twice" \
  -- "$cg" --preset fermi-l1 -o one -o two
refused "cachegen --set of one key twice names both" "l1.ways=4" "l1.ways=8" "given twice" \
  -- "$cg" --preset fermi-l1 --set l1.ways=4 --set l1.sets=64 --set l1.ways=8 -o out
refused "cachegen --report-only twice" "--report-only" "given twice" \
  -- "$cg" --preset fermi-l1 --report-only --report-only -o out
refused "cachegen -o --version: no version printed, no directory written" "-o --version" \
  -- "$cg" --preset fermi-l1 -o --version
refused "cachegen --preset --help: not taken as the preset, no help" "--preset --help" \
  -- "$cg" --preset --help -o out
refused "cachegen -o at the end: needs a value" "-o" "needs a value" -- "$cg" --preset fermi-l1 -o
refused "cachegen unknown option names it" "--colour" "unknown option" "allowed: " \
  -- "$cg" --preset fermi-l1 --colour red -o out
refused "cachegen --preset=NAME refused naming --preset" "--preset=fermi-l1" "--preset NAME" \
  -- "$cg" --preset=fermi-l1 -o out
d=$work/good; mkdir -p "$d"
if (cd "$d" && "$cg" --preset fermi-l1 --set l1.ways=8 --set l1.sets=64 --report-only -o o \
      >/dev/null 2>&1) && grep -q "ways: 8" "$d/o/config.yaml"; then
  ok "cachegen: --set of different keys repeats (one per key)"
else no "cachegen: --set of different keys repeats"; fi

# ---- cachegen pric ----------------------------------------------------------------------------
refused "pric --sets twice names both" "--sets" "64" "32" "given twice" \
  -- "$cg" pric --sets 64 --sets 32 --line-bytes 128 --addr-bits 32
refused "pric --sets --version: no version printed" "--sets --version" \
  -- "$cg" pric --sets --version --line-bytes 128 --addr-bits 32
refused "pric --addr-bits at the end: needs a value" "--addr-bits" "needs a value" \
  -- "$cg" pric --sets 64 --line-bytes 128 --addr-bits
refused "pric unknown option names it" "--bits" "unknown option" \
  -- "$cg" pric --sets 64 --line-bytes 128 --bits 32

# ---- cachegen verify (the flow is the stub: it must not run) -----------------------------------
refused "verify -o - refused (no folder '-', no cd -)" "-o -" \
  -- "$cg" verify --preset fermi-l1 -o -
refused "verify -o --help refused (no help of mkdir or verify)" "-o --help" \
  -- "$cg" verify --preset fermi-l1 -o --help
refused "verify --seed twice names both" "--seed" "3" "4" "given twice" \
  -- "$cg" verify --preset fermi-l1 --seed 3 --seed 4 -o w
refused "verify --only twice names both" "--only" "l1" "l2" "given twice" \
  -- "$cg" verify --preset fermi-l1 --only l1 --only l2 -o w
refused "verify -o twice names both" "-o" "w1" "w2" "given twice" \
  -- "$cg" verify --preset fermi-l1 -o w1 -o w2
refused "verify --preset twice names both" "fermi-l1" "gcn-l1" "given twice" \
  -- "$cg" verify --preset fermi-l1 --preset gcn-l1 -o w
refused "verify --set of one key twice names both" "l1.ways=2" "l1.ways=4" \
  -- "$cg" verify --preset fermi-l1 --set l1.ways=2 --set l1.ways=4 -o w
refused "verify --waves twice" "--waves" "given twice" \
  -- "$cg" verify --preset fermi-l1 --waves --waves -o w
refused "verify --seed at the end: needs a value" "--seed" "needs a value" \
  -- "$cg" verify --preset fermi-l1 -o w --seed
refused "verify --seed --version: no version printed" "--seed --version" \
  -- "$cg" verify --preset fermi-l1 --seed --version -o w
refused "verify --seed=3 refused naming --seed" "--seed=3" "--seed N" \
  -- "$cg" verify --preset fermi-l1 --seed=3 -o w

# ---- cachesim ---------------------------------------------------------------------------------
refused "cachesim gen -o --version: no version printed, nothing written" "-o --version" \
  -- "$sim" gen --pattern stream --refs 10 -o --version
refused "cachesim gen without -o names -o, not --to" "-o OUT" "missing" \
  -- "$sim" gen --pattern stream --refs 10
if grep -qF -- "--to" "$work/err"; then no "cachesim gen without -o: message mentions --to" \
  "$(cat "$work/err")"; else ok "cachesim gen without -o: message does not mention --to"; fi
refused "cachesim gen --to xml names the value" "--to xml" "allowed: din" \
  -- "$sim" gen --pattern stream --refs 10 --to xml -o t.bin
refused "cachesim gen --refs twice names both" "--refs" "10" "20" "given twice" \
  -- "$sim" gen --pattern stream --refs 10 --refs 20 -o t.bin
refused "cachesim gen -o twice names both" "-o" "a.bin" "b.bin" "given twice" \
  -- "$sim" gen --pattern stream --refs 10 -o a.bin -o b.bin
refused "cachesim --preset twice names both" "fermi-l1" "gcn-l1" "given twice" \
  -- "$sim" --preset fermi-l1 --preset gcn-l1 "$in/t.din"
refused "cachesim --set of one key twice names both" "l1.ways=2" "l1.ways=4" "given twice" \
  -- "$sim" --set l1.ways=2 --set l1.ways=4 "$in/t.din"
refused "cachesim --json twice" "--json" "given twice" -- "$sim" --json --json "$in/t.din"
refused "cachesim --format at the end: needs a value naming it" "--format" "needs a value" \
  -- "$sim" "$in/t.din" --format
refused "cachesim --format=din refused naming --format" "--format=din" "--format F" \
  -- "$sim" --format=din "$in/t.din"
refused "cachesim --sweep -o twice names both" "-o" "a.csv" "b.csv" "given twice" \
  -- "$sim" --sweep --configs fermi-l1 --traces "$in/t.din" -o a.csv -o b.csv
refused "cachesim --sweep -o --version: no version printed" "-o --version" \
  -- "$sim" --sweep --configs fermi-l1 --traces "$in/t.din" -o --version
refused "cachesim convert --to twice names both" "--to" "din" "text" "given twice" \
  -- "$sim" convert "$in/t.din" out.txt --to din --to text
refused "cachesim convert unknown option names it (not taken as IN)" "--bogus" "unknown option" \
  -- "$sim" convert --bogus out.txt --to din
refused "cachesim convert --from --help: no help printed" "--from --help" \
  -- "$sim" convert "$in/t.din" out.txt --to din --from --help
d=$work/gen_stdout; mkdir -p "$d"
if (cd "$d" && "$sim" gen --pattern stream --refs 10 --to din -o - 2>/dev/null | grep -q '^0 ') &&
   [ -z "$(ls -A "$d")" ]; then ok "cachesim gen -o - writes the trace on stdout"
else no "cachesim gen -o - writes the trace on stdout"; fi

# ---- sysim ------------------------------------------------------------------------------------
refused "sysim --l2-latency twice names both" "--l2-latency" "100" "200" "given twice" \
  -- "$sysim" --l2-latency 100 --l2-latency 200 "$in/t.din"
refused "sysim --preset twice names both" "fermi-l1" "gcn-l1" "given twice" \
  -- "$sysim" --preset fermi-l1 --preset gcn-l1 "$in/t.din"
refused "sysim --cpu-loop twice" "--cpu-loop" "given twice" \
  -- "$sysim" --cpu-loop --cpu-loop "$in/t.din"
refused "sysim --set of one key twice names both" "system.cores=2" "system.cores=4" \
  -- "$sysim" --set system.cores=2 --set system.cores=4 "$in/t.din"
refused "sysim --gpu-mlp --version: no version printed" "--gpu-mlp --version" \
  -- "$sysim" --gpu-mlp --version "$in/t.din"
refused "sysim --gpu-mlp at the end: needs a value" "--gpu-mlp" "needs a value" \
  -- "$sysim" "$in/t.din" --gpu-mlp
refused "sysim unknown option names it" "--bogus" "unknown option" "allowed: " \
  -- "$sysim" --bogus "$in/t.din"
refused "sysim --json=1 refused" "--json=1" "unknown option" -- "$sysim" --json=1 "$in/t.din"
refused "sysim --cpu-trace repeats (a count mismatch, not 'given twice')" "--cpu-trace given 2" \
  -- "$sysim" --cpu-trace "$in/t.din" --cpu-trace "$in/t.din" "$in/t.din"
refused "sysim TRACE - refused (the GPU trace is a file)" "argument -: not allowed" \
  -- "$sysim" --cpu-trace "$in/t.din" -
refused "sysim --cpu-trace --version: no version printed" "--cpu-trace --version" \
  -- "$sysim" --cpu-trace --version "$in/t.din"
# --cpu-trace - is standard input (OPT_DASH; cmodel/test_robust_readers.sh: read at most once)
d=$work/cpu_stdin; mkdir -p "$d"
out=$(cd "$d" && timeout 10 "$sysim" --preset tap-rrip --set system.cpu_cores=1 \
  --cpu-trace - "$in/t.din" <"$in/t.din" 2>&1) && grep -q "LLC CPU 0 .*references 3" <<<"$out" &&
  [ -z "$(ls -A "$d")" ] && ok "sysim --cpu-trace - reads standard input" ||
  no "sysim --cpu-trace - reads standard input" "$out"

# ---- mkstim (tb/run_icarus.sh's stimulus): SEED and COUNT are numbers, not read as 0 ---------
"$cg" --preset fermi-l1 --report-only -o "$in/rtl" >/dev/null 2>&1
refused "mkstim SEED x refused naming it" "SEED = x" \
  -- "$build/mkstim" "$in/rtl" x 10 stim.txt defs.vh
refused "mkstim COUNT -1 refused naming it" "COUNT = -1" \
  -- "$build/mkstim" "$in/rtl" 1 -1 stim.txt defs.vh

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
