#!/usr/bin/env bash
# run_axi.sh OUTDIR [--l2] [--rtl DIR] [--expect-fail TEST,...] [CACHEGEN_ARGS...]:
# tb/cocotb/test_axi.py (the <name>_axi wrapper against cocotbext-axi's AxiRam; --l2:
# test_l2_axi.py, the L2's bridge <name>_l2_axi) in the project venv (build/venv, `make
# deps`). Generates the L1 with axi.enable=true and CACHEGEN_ARGS into OUTDIR/rtl (or tests
# --rtl DIR as it is), runs cocotb on Icarus into OUTDIR (log OUTDIR/sim.log), then checks
# OUTDIR/results.xml with examples/cocotb/check_results.py: every test of test_axi.py ran and
# passed, except exactly those named by --expect-fail, which failed. RANDOM_SEED (default 1)
# seeds cocotb and the tests' traffic. Exits 0 when so, 1
# otherwise, 2 on bad usage.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage="usage: $0 OUTDIR [--l2] [--rtl DIR] [--expect-fail TEST,...] [CACHEGEN_ARGS...]"
out=${1:?$usage}; shift
rtl=""; expect_fail=""; side=l1
while [ $# -gt 0 ]; do
  case $1 in
    --l2) side=l2; shift ;;
    --rtl) rtl=${2:?$usage}; shift 2 ;;
    --expect-fail) expect_fail=${2:?$usage}; shift 2 ;;
    *) break ;;
  esac
done
venv=$root/build/venv
[ -x "$venv/bin/cocotb-config" ] && "$venv/bin/python" -c "import cocotbext.axi" 2>/dev/null ||
  { echo "run_axi.sh: $venv has no cocotb or cocotbext-axi: run 'make deps'" >&2; exit 1; }
mkdir -p "$out" && out=$(cd "$out" && pwd)
rm -f "$out/results.xml"
if [ -z "$rtl" ]; then
  rtl=$out/rtl
  "$root/build/cachegen" --set axi.enable=true "$@" -o "$rtl" >/dev/null || exit 1
fi
# one seed unless RANDOM_SEED says otherwise, so that a run and its mutants see the same traffic
export VIRTUAL_ENV=$venv PATH=$venv/bin:$PATH RANDOM_SEED=${RANDOM_SEED:-1}
make --no-print-directory -C "$here" RTL_DIR="$rtl" OUT="$out" SIDE="$side" > "$out/sim.log" 2>&1
rc=$?
[ "$rc" = 0 ] || { echo "run_axi.sh: make exited $rc (log: $out/sim.log)"; tail -20 "$out/sim.log"; exit 1; }
test=$here/test_axi.py; [ "$side" = l1 ] || test=$here/test_l2_axi.py
"$venv/bin/python" "$root/examples/cocotb/check_results.py" "$out/results.xml" "$test" \
  --only "" --expect-fail "$expect_fail"
