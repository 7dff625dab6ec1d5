#!/usr/bin/env bash
# test_tops.sh WORKDIR: the cost reports of the L2 slice, the system top and the SM-dueling
# controller, on a small decoupled system (4 L1s of 4 sets x 2 ways x 16 B, an L2 of 4 sets x 2
# ways with 2 victim bits a way, controller interval 500) and a small PC-predictor L2:
# - make synth TOPS="l2 sys duel" costs each top beside its baseline (one victim bit a way, no
#   bypass bit, baseline L1s; the controller has none) with every closed-form check passing,
#   the system's flops and SRAM bits adding up from the L1 and L2 costed alone;
# - a DRRIP L2 passes its PSEL and BRRIP counter closed form, and fails it with a PSEL one bit
#   narrower;
# - each closed-form check fails on a design broken against it: an L2 metadata or data SRAM
#   one bit wider than the layout, an L2 MSHR line field or a counter one bit narrower, the
#   system's arbiter one bit narrower, the L1 metadata SRAM one bit wider inside the system,
#   the system checked against another L1's cost (the baseline's) or another core count, the
#   controller's counts one bit narrower;
# - an L2 with 2 CPU ports passes its closed form with 2 owner bits a line, and fails it when
#   costed as a system without CPU ports; a system of 2 L1s and 3 CPU ports passes the arbiter's
#   closed form (5 requesters) and fails it costed without them;
# - a tap_rrip L2 passes its TAP controller count closed form, and fails it with the CPU maximum
#   one bit narrower;
# - a UCP system's SRAM bits count the L2's ATDs;
# - a tap_ucp L2 passes the UCP flop closed form with TAP-UCP's wait and divider (384 bits), and
#   fails it with the divider's remainder one bit narrower;
# - the DWT-CS controller of a sacat system of 15 cores with the paper's parameters passes its
#   closed form and prints the paper's count (Table 5: 545 bits); its kernel id one bit
#   narrower fails the check.
# Prints ok/not ok; exits non-zero if a check missed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
rm -rf "$work"; mkdir -p "$work"
bad=0
small=(l1.sets=4 l1.ways=2 l1.line_bytes=16 l1.mshrs=2 l1.counter_bits=8 l2.sets=4 l2.ways=2
       l2.mshrs=2 system.cores=4 l2.victim_share=2)
set_args=(); for kv in "${small[@]}"; do set_args+=(--set "$kv"); done
# shellcheck source=tb/last_wins.sh
. "$root/tb/last_wins.sh"
# cg ARGS...: cachegen with each --set KEY=VALUE dropped when a later one sets KEY (the cases
# below put small's list before their overrides)
cg() { last_wins "$@"; "$root/build/cachegen" "${LW[@]}"; }
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; bad=1; }

# the flow: make synth with TOPS, design beside baseline
make -s -C "$root" synth CONFIG=li-decoupled SET="name=tt ${small[*]}" TOPS="l2 sys duel" \
  OUT="$work/flow" >"$work/flow.log" 2>&1
rc=$?
md=$work/flow/tops/tops.md
if [ $rc = 0 ] && [ -f "$md" ] && ! grep -q 'CHECK FAILED' "$md" &&
   [ "$(grep -cE '^\| tt(_base)?_(l2|sys|duel) \| [0-9]+ \| [0-9]+ \| [0-9]+ \| [0-9]+ \| [0-9.]+ \| [0-9.]+ \| `.*` -> `.*` \([1-9][0-9]* stages\)' "$md")" = 5 ] &&
   grep -q '^| tt_l2 | .* | [+-][0-9]* GE, \(within noise\|outside the noise band\)' "$md" &&
   grep -q '^| tt_sys | .* | [+-][0-9]* GE, \(within noise\|outside the noise band\)' "$md" &&
   grep -q '^| tt_duel | .* | +[0-9]* GE: the baseline has no such top' "$md" &&
   grep -A1 '^- tt_l2$' "$md" | grep -q 'victim 2 + bypass 0' &&
   grep -A1 '^- tt_base_l2$' "$md" | grep -q 'victim 1 + bypass 0' &&
   [ "$(grep -c 'check ok: system flop bits = P x the L1.s + the L2.s + the arbiter.s' "$md")" = 2 ] &&
   grep -q 'check ok: SM-dueling controller storage bits = 102' "$md" &&
   [ -s "$work/flow/tops/tt_l2_report.md" ] && [ -s "$work/flow/tops/tt_sys_report.md" ]; then
  ok "make synth TOPS: the L2, the system and the controller beside their baselines, every closed-form check passing"
else
  notok "make synth TOPS (see $work/flow.log, $md)"
fi

cg --preset li-decoupled --set name=tt "${set_args[@]}" -o "$work/good" >/dev/null
# broken DESC TOP FAILED-TEXT FILE PERL: a copy of the good output with PERL applied to FILE
# (which must change it), synthesized at TOP; cost's storage checks must fail with FAILED-TEXT
# (BASE: another good output to copy)
broken() {
  local desc=$1 top=$2 want=$3 file=$4 perl=$5 d=$work/m$((++n)) base=${BASE:-$work/good}
  cp -r "$base" "$d"
  perl -0pi -e "$perl" "$d/$file"
  if cmp -s "$base/$file" "$d/$file"; then notok "$desc: the mutation did not apply"; return; fi
  if nice -n 10 "$root/synth/synth.sh" "$d" "$d.syn" "$top" >"$d.log" 2>&1 &&
     ! "$root/build/cost" one "$d" "$d.syn" "$d.cost.json" "$top" >>"$d.log" 2>&1 &&
     grep -q "CHECK FAILED: $want" "$d.log"; then
    ok "$desc fails the check '$want'"
  else
    notok "$desc went through the storage checks (see $d.log)"
  fi
  rm -f "$d.syn/hier.json" "$d.syn/flat.json"
}
n=0
# one bit more on the SRAM instance INST / one bit less on the register REG
widen() { echo 's/(\.Width    \()(\d+)(\),[^;]*?\) '"$1"' \()/$1.($2+1).$3/se'; }
narrow() { echo 's/reg \[(\d+):0\] ('"$1"'\b)/"reg [".($1-1).":0] $2"/e'; }
broken "an L2 metadata SRAM one bit wider than the layout" tt_l2 "L2 metadata SRAM bits" \
  tt_l2.v "$(widen u_meta_sram)"
broken "an L2 data SRAM one bit wider" tt_l2 "L2 data SRAM bits" tt_l2.v "$(widen u_data_sram_w0)"
# the MSHR file in the named style: its entry's line register, one bit narrower in every entry
broken "an L2 MSHR line field one bit narrower" tt_l2 "L2 MSHR flop bits" tt_l2_mshr.v \
  's/reg \[LineWidth-1:0\] line_q\b/reg [LineWidth-2:0] line_q/'

broken "an L2 counter one bit narrower" tt_l2 "L2 performance counter flop bits" tt_l2.v \
  "$(narrow cnt_fills_q)"
broken "the system's arbiter one bit narrower" tt_sys "the system top's own storage bits" \
  tt_sys.v "$(narrow rr_q)"
broken "the L1 metadata SRAM one bit wider inside the system" tt_sys "4 L1s: metadata SRAM bits" \
  tt.v "$(widen u_meta_sram)"
broken "the controller's counts one bit narrower" tt_duel "SM-dueling controller storage bits" \
  tt_duel.v "$(narrow a0_q)"

# the DWT-CS controller: 15 cores, the paper's parameters (sacat, SPEC 3.7)
"$root/build/cachegen" --preset fermi-l1-pric --set name=ts --set l1.mode=sacat \
  --set system.cores=15 -o "$work/dwt" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/dwt" "$work/dwt.syn" ts_dwt >"$work/dwt.log" 2>&1 &&
   "$root/build/cost" one "$work/dwt" "$work/dwt.syn" "$work/dwt.cost.json" ts_dwt >>"$work/dwt.log" 2>&1 &&
   grep -q 'check ok: DWT-CS controller storage bits = 627$' "$work/dwt.log" &&
   grep -q 'paper counts (Table 5): 2 x 16 x 15 + 5 x (8 + 5) = 545 bits$' "$work/dwt.log"; then
  ok "the DWT-CS controller of 15 cores passes its closed form (627 flop bits; the paper counts 545)"
else
  notok "the DWT-CS controller failed its checks (see $work/dwt.log)"
fi
rm -f "$work/dwt.syn/hier.json" "$work/dwt.syn/flat.json"
BASE=$work/dwt broken "the DWT-CS controller's kernel id one bit narrower" ts_dwt \
  "DWT-CS controller storage bits" ts_dwt.v "$(narrow kernel_q)"

# the good system, checked against the wrong parts and the wrong configuration
good_sys=$work/good.sys
if nice -n 10 "$root/synth/synth.sh" "$work/good" "$good_sys.syn" tt_sys >"$good_sys.log" 2>&1 &&
   "$root/build/cost" one "$work/good" "$good_sys.syn" "$good_sys.cost.json" tt_sys \
     "$work/flow/design.cost.json" "$work/flow/tops/tt_l2.cost.json" >>"$good_sys.log" 2>&1; then
  ok "the unbroken system passes its checks against the L1 and L2 costed alone"
else
  notok "the unbroken system failed (see $good_sys.log)"
fi
if ! "$root/build/cost" one "$work/good" "$good_sys.syn" "$work/parts.cost.json" tt_sys \
     "$work/flow/baseline.cost.json" "$work/flow/tops/tt_l2.cost.json" >"$work/parts.log" 2>&1 &&
   grep -q "CHECK FAILED: system flop bits = P x the L1's" "$work/parts.log" &&
   grep -q "CHECK FAILED: system SRAM bits = P x the L1's" "$work/parts.log"; then
  ok "the system checked against another L1's cost (the baseline's) fails the parts checks"
else
  notok "the parts checks accepted another L1's cost (see $work/parts.log)"
fi
cp -r "$work/good" "$work/cores2"
sed -i 's/^  cores: 4$/  cores: 2/' "$work/cores2/config.yaml"
if grep -q '^  cores: 2$' "$work/cores2/config.yaml" &&
   ! "$root/build/cost" one "$work/cores2" "$good_sys.syn" "$work/cores2.cost.json" tt_sys \
     >"$work/cores2.log" 2>&1 && grep -q "CHECK FAILED: L1 instances (system.cores) = 4, closed form 2" "$work/cores2.log"; then
  ok "a system of 4 L1s checked as system.cores = 2 fails the instance check"
else
  notok "the instance check accepted 4 L1s for system.cores = 2 (see $work/cores2.log)"
fi
rm -f "$good_sys.syn/hier.json" "$good_sys.syn/flat.json"

# the PC predictor's L2: the bypass bit in the rows and the prediction in each MSHR
cg --preset tian-gcn --set name=tp "${set_args[@]}" -o "$work/pc" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/pc" "$work/pc.syn" tp_l2 >"$work/pc.log" 2>&1 &&
   "$root/build/cost" one "$work/pc" "$work/pc.syn" "$work/pc.cost.json" tp_l2 >>"$work/pc.log" 2>&1 &&
   grep -q 'victim 2 + bypass 1) = .* bypass bits 8$' "$work/pc.log"; then
  ok "the PC predictor's L2 (bypass bit) passes its checks"
else
  notok "the PC predictor's L2 failed its checks (see $work/pc.log)"
fi
rm -f "$work/pc.syn/hier.json" "$work/pc.syn/flat.json"

# DRRIP's L2 (SPEC 3.8): one 3-bit PSEL and the 5-bit BRRIP counter pass the closed form; the
# PSEL register one bit narrower fails it
cg --preset li-decoupled --set name=td "${set_args[@]}" \
  --set l2.replacement=drrip --set l2.duel_leaders=1 --set l2.psel_bits=3 -o "$work/dr" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/dr" "$work/dr.syn" td_l2 >"$work/dr.log" 2>&1 &&
   "$root/build/cost" one "$work/dr" "$work/dr.syn" "$work/dr.cost.json" td_l2 \
     >>"$work/dr.log" 2>&1 &&
   grep -q 'check ok: L2 DRRIP PSEL and BRRIP counter flop bits = 8$' "$work/dr.log"; then
  ok "the DRRIP L2 (PSEL and BRRIP counter) passes its checks"
else
  notok "the DRRIP L2 failed its checks (see $work/dr.log)"
fi
cp -r "$work/dr" "$work/drm"
perl -0pi -e "$(narrow drrip_psel_q)" "$work/drm/td_l2.v"
if ! cmp -s "$work/dr/td_l2.v" "$work/drm/td_l2.v" &&
   nice -n 10 "$root/synth/synth.sh" "$work/drm" "$work/drm.syn" td_l2 >"$work/drm.log" 2>&1 &&
   ! "$root/build/cost" one "$work/drm" "$work/drm.syn" "$work/drm.cost.json" td_l2 \
     >>"$work/drm.log" 2>&1 &&
   grep -q "CHECK FAILED: L2 DRRIP PSEL and BRRIP counter flop bits" "$work/drm.log"; then
  ok "a DRRIP PSEL one bit narrower fails the check 'L2 DRRIP PSEL and BRRIP counter flop bits'"
else
  notok "a DRRIP PSEL one bit narrower went through the storage checks (see $work/drm.log)"
fi
# DRRIP with every set a leader (l2.sets 4 / l2.duel_leaders 2 = 2 x 1 application): no
# follower reads the PSEL, synthesis removes it, and the closed form counts the BRRIP counter
# alone (5 bits; counting the PSEL too, as before, failed 5 against 8: the gcache-system L2)
cg --preset li-decoupled --set name=td "${set_args[@]}" \
  --set l2.replacement=drrip --set l2.duel_leaders=2 --set l2.psel_bits=3 -o "$work/drn" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/drn" "$work/drn.syn" td_l2 >"$work/drn.log" 2>&1 &&
   "$root/build/cost" one "$work/drn" "$work/drn.syn" "$work/drn.cost.json" td_l2 \
     >>"$work/drn.log" 2>&1 &&
   grep -q 'closed form: L2 DRRIP no follower set (l2.sets 4 / l2.duel_leaders 2 = 2 = 2 x 1 application' "$work/drn.log" &&
   grep -q 'check ok: L2 DRRIP PSEL and BRRIP counter flop bits = 5$' "$work/drn.log"; then
  ok "a DRRIP L2 without follower sets keeps no PSEL, and its closed form says so (5 bits)"
else
  notok "the DRRIP L2 without follower sets failed its checks (see $work/drn.log)"
fi
rm -f "$work"/dr*.syn/hier.json "$work"/dr*.syn/flat.json

# UCP's L2 (SPEC 3.8, docs/tap.md): 2 L1s + 2 CPU ports, 4 ways, 4 UMON sets, 4-bit counters:
# the ATD SRAMs and the UCP flops pass the closed form; the snapshot one bit narrower fails it
cg --preset gcn-l1 --set name=tu "${set_args[@]}" --set l2.ways=4 \
  --set l2.replacement=ucp --set l2.umon_sets=4 --set l2.umon_counter_bits=4 \
  --set tap.period=2000 --set system.cores=2 --set system.cpu_cores=2 -o "$work/uc" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/uc" "$work/uc.syn" tu_l2 >"$work/uc.log" 2>&1 &&
   "$root/build/cost" one "$work/uc" "$work/uc.syn" "$work/uc.cost.json" tu_l2 \
     >>"$work/uc.log" 2>&1 &&
   grep -q 'check ok: L2 UCP flop bits (counters, snapshot, allocation, FSM) = ' "$work/uc.log" &&
   grep -q 'check ok: L2 UCP ATD SRAM bits = ' "$work/uc.log"; then
  ok "the UCP L2 (ATDs, counters, snapshot, allocation, FSM) passes its checks"
else
  notok "the UCP L2 failed its checks (see $work/uc.log)"
fi
# ... and its system top: the system's SRAM bits count the L2's ATDs (its policy SRAM) with
# its metadata (they were once left out, and tap-ucp's system failed the check)
if nice -n 10 "$root/synth/synth.sh" "$work/uc" "$work/ucs.syn" tu_sys >"$work/ucs.log" 2>&1 &&
   DEPTH_BUDGET_OK=1 "$root/build/cost" one "$work/uc" "$work/ucs.syn" "$work/ucs.cost.json" tu_sys \
     >>"$work/ucs.log" 2>&1 &&
   grep -q 'check ok: system SRAM bits (P x (L1 metadata + data) + L2 metadata + data) = ' "$work/ucs.log"; then
  ok "the UCP system's SRAM bits (the L2's ATDs included) pass the closed form"
else
  notok "the UCP system failed its checks (see $work/ucs.log)"
fi
cp -r "$work/uc" "$work/ucm"
perl -0pi -e "$(narrow ucp_snap_q)" "$work/ucm/tu_l2.v"
if ! cmp -s "$work/uc/tu_l2.v" "$work/ucm/tu_l2.v" &&
   nice -n 10 "$root/synth/synth.sh" "$work/ucm" "$work/ucm.syn" tu_l2 >"$work/ucm.log" 2>&1 &&
   ! "$root/build/cost" one "$work/ucm" "$work/ucm.syn" "$work/ucm.cost.json" tu_l2 \
     >>"$work/ucm.log" 2>&1 &&
   grep -q "CHECK FAILED: L2 UCP flop bits" "$work/ucm.log"; then
  ok "a UCP snapshot one bit narrower fails the check 'L2 UCP flop bits'"
else
  notok "a UCP snapshot one bit narrower went through the storage checks (see $work/ucm.log)"
fi
rm -f "$work"/uc*.syn/hier.json "$work"/uc*.syn/flat.json
# TAP-UCP's L2 (l2.replacement = tap_ucp): 3 GPU cores + 2 CPU ports, 4 ways, 4 UMON sets,
# 4-bit counters: UCP's flops and TAP-UCP's (the wait, the divider, the lookahead's XSRATIO and
# UCP-Mask: 30 bits) pass the closed form (384); the divider's remainder one bit narrower fails it
cg --preset gcn-l1 --set name=tv "${set_args[@]}" --set l2.ways=4 \
  --set l2.replacement=tap_ucp --set l2.umon_sets=4 --set l2.umon_counter_bits=4 \
  --set tap.period=2048 --set system.cores=3 --set l2.victim_share=1 --set system.cpu_cores=2 \
  -o "$work/tv" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/tv" "$work/tv.syn" tv_l2 >"$work/tv.log" 2>&1 &&
   "$root/build/cost" one "$work/tv" "$work/tv.syn" "$work/tv.cost.json" tv_l2 \
     >>"$work/tv.log" 2>&1 &&
   grep -q 'check ok: L2 UCP flop bits (counters, snapshot, allocation, FSM) = 384$' "$work/tv.log"
then
  ok "the tap_ucp L2 (UCP's and TAP-UCP's flops) passes its checks"
else
  notok "the tap_ucp L2 failed its checks (see $work/tv.log)"
fi
cp -r "$work/tv" "$work/tvm"
perl -0pi -e "$(narrow tu_rem_q)" "$work/tvm/tv_l2.v"
if ! cmp -s "$work/tv/tv_l2.v" "$work/tvm/tv_l2.v" &&
   nice -n 10 "$root/synth/synth.sh" "$work/tvm" "$work/tvm.syn" tv_l2 >"$work/tvm.log" 2>&1 &&
   ! "$root/build/cost" one "$work/tvm" "$work/tvm.syn" "$work/tvm.cost.json" tv_l2 \
     >>"$work/tvm.log" 2>&1 &&
   grep -q "CHECK FAILED: L2 UCP flop bits (counters, snapshot, allocation, FSM) = 383, closed form 384" "$work/tvm.log"
then
  ok "TAP-UCP's divider remainder one bit narrower fails the check 'L2 UCP flop bits'"
else
  notok "TAP-UCP's divider remainder one bit narrower went through the storage checks (see $work/tvm.log)"
fi
rm -f "$work"/tv*.syn/hier.json "$work"/tv*.syn/flat.json
# TAP's controller (SPEC 3.8, l2.replacement = tap_rrip): 4 GPU cores and 2 CPU ports, 1000-cycle
# periods: its counts (a 10-bit period cycle, 20 bits for POL1, POL2, 3 apps and the CPU maximum,
# the last access and its 2-bit app: 133 bits) pass the closed form; the CPU maximum one bit
# narrower fails it
cg --preset gcn-l1 --set name=tq "${set_args[@]}" --set system.cpu_cores=2 \
  --set l2.sets=16 --set l2.replacement=tap_rrip --set l2.duel_leaders=2 --set tap.period=1000 \
  -o "$work/tq" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/tq" "$work/tq.syn" tq_l2 >"$work/tq.log" 2>&1 &&
   "$root/build/cost" one "$work/tq" "$work/tq.syn" "$work/tq.cost.json" tq_l2 \
     >>"$work/tq.log" 2>&1 &&
   grep -q 'check ok: L2 TAP controller count flop bits = 133$' "$work/tq.log"; then
  ok "the tap_rrip L2 (the controller's counts) passes its checks"
else
  notok "the tap_rrip L2 failed its checks (see $work/tq.log)"
fi
cp -r "$work/tq" "$work/tqm"
perl -0pi -e "$(narrow cmax_q)" "$work/tqm/tq_l2_tap.v"
if ! cmp -s "$work/tq/tq_l2_tap.v" "$work/tqm/tq_l2_tap.v" &&
   nice -n 10 "$root/synth/synth.sh" "$work/tqm" "$work/tqm.syn" tq_l2 >"$work/tqm.log" 2>&1 &&
   ! "$root/build/cost" one "$work/tqm" "$work/tqm.syn" "$work/tqm.cost.json" tq_l2 \
     >>"$work/tqm.log" 2>&1 &&
   grep -q "CHECK FAILED: L2 TAP controller count flop bits = 132, closed form 133" "$work/tqm.log"
then
  ok "TAP's CPU maximum one bit narrower fails the check 'L2 TAP controller count flop bits'"
else
  notok "TAP's CPU maximum one bit narrower went through the storage checks (see $work/tqm.log)"
fi
rm -f "$work"/tq*.syn/hier.json "$work"/tq*.syn/flat.json

# CPU ports (SPEC 3.8): 2 CPU ports beside 4 baseline L1s give each L2 line a 2-bit owner, in
# the metadata SRAM's closed form; the same design costed as a system without CPU ports (its
# config's system.cpu_cores removed) fails the metadata check
cg --preset gcn-l1 --set name=tc "${set_args[@]}" --set system.cpu_cores=2 \
  -o "$work/oc" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/oc" "$work/oc.syn" tc_l2 >"$work/oc.log" 2>&1 &&
   "$root/build/cost" one "$work/oc" "$work/oc.syn" "$work/oc.cost.json" tc_l2 \
     >>"$work/oc.log" 2>&1 &&
   grep -q 'owner 2) = 264 bits, of them owner bits 16$' "$work/oc.log" &&
   grep -q 'check ok: L2 metadata SRAM bits (victim and bypass bits in) = 264$' "$work/oc.log"; then
  ok "the L2 with CPU ports (owner bits) passes its checks"
else
  notok "the L2 with CPU ports failed its checks (see $work/oc.log)"
fi
cp -r "$work/oc" "$work/ocm"
sed -i '/^  cpu_cores: 2$/d' "$work/ocm/config.yaml"
if ! "$root/build/cost" one "$work/ocm" "$work/oc.syn" "$work/ocm.cost.json" tc_l2 \
     >"$work/ocm.log" 2>&1 &&
   grep -q "CHECK FAILED: L2 metadata SRAM bits (victim and bypass bits in) = 264, closed form 248" \
     "$work/ocm.log"; then
  ok "the owner bits costed without CPU ports fail the check 'L2 metadata SRAM bits'"
else
  notok "the owner bits went through the storage checks without CPU ports (see $work/ocm.log)"
fi
rm -f "$work"/oc.syn/hier.json "$work"/oc.syn/flat.json

# The system top with CPU ports: 2 L1s and 3 CPU ports, 5 requesters of the round robin (a 3-bit
# grant and core), pass the arbiter's closed form; costed without the CPU ports it fails
cg --preset gcn-l1 --set name=ts "${set_args[@]}" --set system.cores=2 \
  --set system.cpu_cores=3 -o "$work/os" >/dev/null
if nice -n 10 "$root/synth/synth.sh" "$work/os" "$work/os.syn" ts_sys >"$work/os.log" 2>&1 &&
   "$root/build/cost" one "$work/os" "$work/os.syn" "$work/os.cost.json" ts_sys \
     >>"$work/os.log" 2>&1 &&
   grep -q 'the last grant, 3 bits, .* with 2 L1s and 3 CPU ports' "$work/os.log" &&
   grep -q 'check ok: the system top.s own storage bits (the arbiter and the request slice) = 361$' \
     "$work/os.log"; then
  ok "the system top with 3 CPU ports passes its checks (arbiter of 5 requesters)"
else
  notok "the system top with CPU ports failed its checks (see $work/os.log)"
fi
cp -r "$work/os" "$work/osm"
sed -i '/^  cpu_cores: 3$/d' "$work/osm/config.yaml"
if ! "$root/build/cost" one "$work/osm" "$work/os.syn" "$work/osm.cost.json" ts_sys \
     >"$work/osm.log" 2>&1 &&
   grep -q "CHECK FAILED: the system top.s own storage bits (the arbiter and the request slice) = 361, closed form 355" \
     "$work/osm.log"; then
  ok "the CPU ports' arbiter costed without CPU ports fails the arbiter check"
else
  notok "the CPU ports' arbiter went through the checks without CPU ports (see $work/osm.log)"
fi
rm -f "$work"/os.syn/hier.json "$work"/os.syn/flat.json
exit $bad
