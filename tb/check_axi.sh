#!/usr/bin/env bash
# check_axi.sh WORKDIR: the <name>_axi wrapper (docs/ip.md "AXI4 memory side") against
# cocotbext-axi's AxiRam (tb/cocotb/test_axi.py, Icarus, the project venv): random loads and
# stores checked against a Python reference memory, random pauses on every channel, reads
# answered out of id order with interleaved beats, SLVERR held in the error register. Three
# configurations: fermi-l1 (64-bit data, 16 beats a line), gtx480-l1 (MSHR merging, 32-bit
# data, 32 beats, one write outstanding, 5-bit ids for its 32 MSHRs) and fermi-l1 with 1024-bit data (one beat).
# The L2's bridge <name>_l2_axi (tb/cocotb/test_l2_axi.py, reads and write-backs by the L2's
# rules) on two: gcache-system (16 beats, 8 MSHRs) and tian-gcn (one 512-bit beat, 2 MSHRs, one
# write outstanding). Then it must fail where it should: WSTRB inverted, R beats assembled in
# the wrong order, a read no longer held behind a write to its line awaiting B, and a failed
# read handed to the L1 without its error bit (answered Miss, not Err); in the
# bridge, the hold removed, a write-back's top byte not written, the beats in the wrong order. Prints ok / not ok lines; exits
# non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: tb/check_axi.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
run=$root/tb/cocotb/run_axi.sh
all=axiram_pauses,reorder_interleave,error_response
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }

# pass NAME CACHEGEN_ARGS...: every test passes
pass() {
  local name=$1; shift
  if AXI_OPS=${AXI_OPS:-400} "$run" "$work/$name" "$@" >"$work/$name.log" 2>&1; then
    ok "$name ($*): $(grep -c '^  PASS ' "$work/$name.log") tests passed"
    grep -hE "requests answered|interleaved\)" "$work/$name/sim.log" | sed 's/^ *[0-9.]*ns INFO *cocotb[.a-z0-9_]* */  /'
  else
    no "$name ($*)"; tail -30 "$work/$name.log"
  fi
}
pass fermi --preset fermi-l1
pass gtx480 --preset gtx480-l1 --set axi.data_bits=32 --set axi.max_writes=1 --set axi.id_bits=5
pass onebeat --preset fermi-l1 --set axi.data_bits=1024 --set axi.max_writes=2
# the L2's bridge (test_l2_axi.py): 16 beats a line and 8 MSHRs; one beat, 2 MSHRs, one write
pass l2-gcache --l2 --preset gcache-system
pass l2-onebeat --l2 --preset tian-gcn --set axi.data_bits=512 --set axi.max_writes=1 --set l2.mshrs=2

# mutant NAME SED FAILING MESSAGE: fermi-l1's wrapper edited by SED (the edit must take), then
# exactly the tests FAILING fail, and the log says MESSAGE.
# mutant_l2 ...: the same on gcache-system's L2 bridge.
mutant() { mutant_in fermi-l1 fermi_l1_axi.v "" "$@"; }
mutant_l2() { mutant_in gcache-system gcache_system_l2_axi.v --l2 "$@"; }
mutant_in() {
  local preset=$1 file=$2 side=$3; shift 3
  local d=$work/m_$1 f
  mkdir -p "$d" && "$root/build/cachegen" --preset "$preset" --set axi.enable=true -o "$d/rtl" >/dev/null || {
    no "mutant $1: generate"; return; }
  f=$d/rtl/$file
  cp "$f" "$d/orig.v"; sed -i "$2" "$f"
  if cmp -s "$f" "$d/orig.v"; then no "mutant $1: the edit did not apply (the wrapper changed?)"; return; fi
  # shellcheck disable=SC2086
  if AXI_OPS=200 "$run" "$d/out" $side --rtl "$d/rtl" --expect-fail "$3" >"$d/log" 2>&1 && grep -q "$4" "$d/out/sim.log"; then
    ok "mutant caught: $1 ($3 failed: '$4')"
  else
    no "mutant not caught as expected: $1"; grep -E "^  [A-Z]+ |AssertionError|check_results" "$d/log" "$d/out/sim.log" | head
  fi
}
mutant wstrb_inverted 's/m_axi_wstrb = l1_req_be\[/m_axi_wstrb = ~l1_req_be[/' \
  axiram_pauses,reorder_interleave "data differs in"
mutant beat_order 's/{m_axi_rdata, rb\([0-9]*\)_data_q\[1023:64\]}/{rb\1_data_q[959:0], m_axi_rdata}/' \
  axiram_pauses,reorder_interleave,error_response "data differs in"
mutant no_hazard_hold 's/ & ~rd_hazard;/;/' reorder_interleave "data differs in"
mutant err_bit_dropped 's/if (m_axi_rresp\[1\]) rerr_d/if (1'"'"'b0) rerr_d/' error_response "expected 4"
mutant_l2 l2_no_hazard_hold 's/ & ~rd_hazard;/;/' reorder_interleave "data differs in"
mutant_l2 l2_wstrb_byte_dropped 's/^  assign l2_req_be = {128{1.b1}};/  assign l2_req_be = {1'"'"'b0, {127{1'"'"'b1}}};/' \
  axiram_pauses,reorder_interleave "data differs in 1 bytes from byte 127"
mutant_l2 l2_beat_order 's/{m_axi_rdata, rb\([0-9]*\)_data_q\[1023:64\]}/{rb\1_data_q[959:0], m_axi_rdata}/' \
  axiram_pauses,reorder_interleave "data differs in"
exit $bad
