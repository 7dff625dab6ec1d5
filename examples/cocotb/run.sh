#!/usr/bin/env bash
# run.sh OUTDIR [--expect-fail TEST,...] [VAR=VALUE ...]: the cocotb example into OUTDIR with
# the project's virtual environment (build/venv, `make deps`): make in this directory with
# OUT=OUTDIR and the VAR=VALUE arguments (CACHEGEN_ARGS, RTL_DIR, TESTCASE, WAVES...; see the
# Makefile), the simulation's log also in OUTDIR/sim.log, then check_results.py: every test of
# test_l1.py (or of TESTCASE) is in OUTDIR/results.xml and passed, except exactly those named
# by --expect-fail, which failed. Exits 0 when so, 1 otherwise, 2 on bad usage.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage="usage: $0 OUTDIR [--expect-fail TEST,...] [VAR=VALUE ...]"
out=${1:?$usage}; shift
expect_fail=""
if [ "${1:-}" = --expect-fail ]; then expect_fail=${2:?$usage}; shift 2; fi
only=""
for a in "$@"; do
  case $a in
    TESTCASE=*) only=${a#TESTCASE=} ;;
    *=*) ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
venv=$root/build/venv
if [ ! -x "$venv/bin/cocotb-config" ]; then
  echo "run.sh: $venv has no cocotb: run 'make deps'" >&2; exit 1
fi
for f in "$root/build/cachegen" "$root/build/libcmodel.so"; do
  [ -e "$f" ] || { echo "run.sh: $f missing: run 'make build/cachegen build/libcmodel.so'" >&2; exit 1; }
done
mkdir -p "$out" && out=$(cd "$out" && pwd)
rm -f "$out/results.xml"
# the venv as `activate` sets it up: cocotb-config on PATH, and cocotb's embedded Python
# finds the venv through VIRTUAL_ENV
export VIRTUAL_ENV=$venv PATH=$venv/bin:$PATH
make --no-print-directory -C "$here" OUT="$out" "$@" 2>&1 | tee "$out/sim.log"
rc=${PIPESTATUS[0]}
if [ "$rc" != 0 ]; then echo "run.sh: make exited $rc (log: $out/sim.log)"; exit 1; fi
"$venv/bin/python" "$here/check_results.py" "$out/results.xml" "$here/test_l1.py" \
  --only "$only" --expect-fail "$expect_fail"
