#!/usr/bin/env bash
# check_cocotb.sh WORKDIR: the cocotb example (examples/cocotb, docs/ip.md "Python testbenches
# (cocotb)") as users run it: fermi-l1 generated, compiled with Icarus, its three tests against
# the C model through ctypes, every test in results.xml and passed (examples/cocotb/run.sh);
# the same on gtx480-l1, whose MSHRs merge loads.
# Then it must fail where it should: an L1 whose responses carry one flipped data bit fails all
# three tests on the data; an L1 that drops rsp_valid_o while a response waits (same data)
# fails the backpressure test on the channel rule alone; results.xml files missing a test or
# recording a failure are refused by the check. Prints ok / not ok lines; exits non-zero on a
# failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: tb/check_cocotb.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
run=$root/examples/cocotb/run.sh
check=("$root/build/venv/bin/python" "$root/examples/cocotb/check_results.py")
module=$root/examples/cocotb/test_l1.py
all=hits_back_to_back,miss_with_fill,rsp_backpressure
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }

if "$run" "$work/pass" >"$work/pass.log" 2>&1; then
  ok "fermi-l1: $(grep -c '^  PASS ' "$work/pass.log") tests passed, results.xml complete"
  grep -E "INFO +cocotb\.fermi_l1 " "$work/pass.log" | sed 's/^ *[0-9.]*ns INFO *cocotb.fermi_l1 */  /'
else
  no "fermi-l1 cocotb tests"; tail -30 "$work/pass.log"
fi

# gtx480-l1 merges up to 8 loads per read: the second load of miss_with_fill joins the read
if "$run" "$work/merge" "CACHEGEN_ARGS=--preset gtx480-l1" >"$work/merge.log" 2>&1; then
  ok "gtx480-l1 (MSHR merging): $(grep -c '^  PASS ' "$work/merge.log") tests passed, waiters answered after their read"
else
  no "gtx480-l1 cocotb tests"; tail -30 "$work/merge.log"
fi

# mutant DIR SED_SCRIPT GREP_APPLIED: fermi-l1 generated into DIR/rtl, then edited by sed; the
# edit must have taken (GREP_APPLIED matches the edited top).
mutant() {
  mkdir -p "$1" && "$root/build/cachegen" --preset fermi-l1 -o "$1/rtl" >/dev/null &&
    sed -i "$2" "$1/rtl/fermi_l1.v" && grep -q "$3" "$1/rtl/fermi_l1.v"
}
# expect_caught NAME DIR FAILING_TESTS MESSAGE: the tests run on DIR/rtl; exactly FAILING_TESTS
# fail, and the log says MESSAGE.
expect_caught() {
  if "$run" "$2/out" --expect-fail "$3" RTL_DIR="$2/rtl" >"$2/log" 2>&1 && grep -q "$4" "$2/log"; then
    ok "mutant caught: $1 ($3 failed: '$4')"
  else
    no "mutant not caught as expected: $1"; grep -E "^  [A-Z]+ |AssertionError|check_results" "$2/log"
  fi
}
m=$work/m_data
if mutant "$m" 's/\.push_data_i ({rsp_id, rsp_status, rsp_data})/.push_data_i ({rsp_id, rsp_status, rsp_data ^ 1'"'"'b1})/' \
     "rsp_data ^ 1'b1"; then
  expect_caught "bit 0 of every response's data flipped" "$m" "$all" "data: differs in bit 0 "
else
  no "make the data mutant (the response queue's push in fermi_l1.v changed?)"
fi
m=$work/m_valid
if mutant "$m" 's/^\(    \.valid_o     (\)rsp_valid_o),/\1rspq_valid),/
/^  \/\/ Responses leave through a skid queue/i\
  wire rspq_valid;\
  assign rsp_valid_o = rspq_valid \& ~(evt_valid_o \& ~rsp_ready_i);' "rspq_valid),"; then
  expect_caught "rsp_valid_o dropped on any event while the response waits" "$m" \
    rsp_backpressure "rsp: valid withdrawn before ready"
else
  no "make the valid mutant (the response queue in fermi_l1.v changed?)"
fi

# The results check itself: a results.xml without a test, and one recording a failure.
r=$work/pass/results.xml
if [ -f "$r" ]; then
  sed '/<testcase name="miss_with_fill" .*\/>$/d' "$r" >"$work/r_missing.xml"
  sed 's|<testcase name="hits_back_to_back"\(.*\) />|<testcase name="hits_back_to_back"\1><failure message="x" /></testcase>|' \
    "$r" >"$work/r_failed.xml"
  if grep -q miss_with_fill "$work/r_missing.xml" || ! grep -q rsp_backpressure "$work/r_missing.xml" ||
     ! grep -q "<failure" "$work/r_failed.xml"; then
    no "make the results.xml mutants (cocotb's results.xml layout changed?)"
  else
    for x in missing failed; do
      if "${check[@]}" "$work/r_$x.xml" "$module" >"$work/r_$x.log" 2>&1; then
        no "check_results accepted a results.xml with a test $x"; cat "$work/r_$x.log"
      else
        ok "check_results refuses a results.xml with a test $x"
      fi
    done
  fi
fi
exit $bad
