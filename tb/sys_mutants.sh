#!/usr/bin/env bash
# sys_mutants.sh OUTDIR WORKDIR: proves the system harness (tb/sys_harness.cpp) catches
# miswiring of the generated system top <name>_sys: each mutant edits one line of <name>_sys.v
# (or, where named, of another module of the system) in a copy of OUTDIR, is built, and must
# produce a MISMATCH within one seed. A mutant whose
# line is not in this system (e.g. the bypass-bit wiring outside pcpred) is skipped.
# SYS_MUTANTS=PREFIX (env) runs only the mutants whose name starts with PREFIX; MUTANT_PICK="NAME..."
# (env; make test's sample, tb/test_all.sh) only those named (a name that is no mutant: an error).
# Prints ok / not ok per mutant; exits non-zero if any applicable mutant survived.
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 OUTDIR WORKDIR" >&2; exit 2; }
out=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd)
sys=$(sed -n 's/^system: //p' "$out/cachegen.manifest")
[ -n "$sys" ] || { echo "not ok - no system top in $out"; exit 1; }

# CPU ports (SPEC 3.8): their count and the owner field's width, for the owner mutant
cpus=$(sed -n '/^system:/,/^[a-z]/s/^  cpu_cores: //p' "$out/config.yaml"); cpus=${cpus:-0}
ob=0; while [ $((1 << ob)) -lt $((cpus + 1)) ]; do ob=$((ob + 1)); done
# GPU cores, for the retired_i mutants (4 bits a core: core c in [c*4 +: 4])
gpus=$(sed -n '/^system:/,/^[a-z]/s/^  cores: //p' "$out/config.yaml"); gpus=${gpus:-1}
rtop=$((gpus * 4 - 1))

# name | sed expression on <name>_sys.v | (optional) another file: l2_meta = <name>_l2_meta.v,
# l2 = <name>_l2.v (the L2 top)
mutants=(
  "l1s_get_victim_bit_not_bypass_bit|s/\.mem_rsp_hint_i (l2_rsp_bbit)/.mem_rsp_hint_i (l2_rsp_vbit)/"
  "core1_prediction_dropped|s/grant_oh\\[1\\]}} \\& l1_1_mreq_hint/grant_oh[1]}} \\& 1'b0/"
  "core1_request_line_from_core0|s/grant_oh\\[1\\]}} \\& l1_1_mreq_line/grant_oh[1]}} \\& l1_0_mreq_line/"
  "arbiter_grants_two_at_once|s/assign grant_oh = (grant_oh_c \\& ~{[^}]*})/assign grant_oh = (grant_oh_c)/"
  "slice_second_entry_lost|s/skid_valid_d = 1'b1;/skid_valid_d = 1'b0;/"
  "slice_head_skips_second_entry|s/head_line_d = skid_valid_q ? skid_line_q : arb_line;/head_line_d = arb_line;/"
  "fg_noalloc_not_routed|s/\.req_noalloc_i (l2_req_pred)/.req_noalloc_i (1'b0)/"
  "fg_l1s_get_victim_bit_not_l2_hit|s/\.mem_rsp_hint_i (l2_rsp_l2hit)/.mem_rsp_hint_i (l2_rsp_vbit)/"
  "slice_head_replaced_while_waiting|s/wire head_free = ~head_valid_q . l2_req_ready;/wire head_free = 1'b1;/"
  "cpu_rsp_to_wrong_port|s/assign cpu_rsp_valid_o\[0\] = l1_mrsp_valid\[\([0-9]*\)\];/assign cpu_rsp_valid_o[0] = l1_mrsp_valid[\1 + 1];/"
  "cpu_rsp_ready_of_l1_0|s/wire l2_rsp_ready = rsp_dest_ready\[l2_rsp_core\];/wire l2_rsp_ready = rsp_dest_ready[0];/"
  "cpu_request_line_from_l1_0|s/\(grant_oh\[[0-9]*\]}} \& \)cpu_0_mreq_line/\1l1_0_mreq_line/"
  "cpu_owner_written_as_gpu|s/_owner_d = owner_i;/_owner_d = ${ob}'d${cpus};/|l2_meta"
  "ucp_partition_event_dropped|s/\.evt_ucp_part_o (evt_l2_ucp_part_o)/.evt_ucp_part_o ()/"
  "ucp_atd_write_dropped|s/\.evt_atd_we_o (evt_l2_atd_we_o)/.evt_atd_we_o ()/"
  "tap_retired_cores_0_1_swapped|s/\.retired_i (retired_i),/.retired_i ({retired_i[${rtop}:8], retired_i[3:0], retired_i[7:4]}),/"
  "tap_retired_not_connected|s/\.retired_i (retired_i),/.retired_i ($((rtop + 1))'d0),/"
  "tap_tick_not_passed_out|s/\.evt_tap_valid_o (evt_l2_tap_valid_o)/.evt_tap_valid_o ()/"
  "ucp_period_not_running|s/ucp_t_d = ucp_period_end ? \([0-9]*\)'d0 : ucp_t_q + [0-9]*'d1;/ucp_t_d = ucp_t_q;/|l2"
)
for w in ${MUTANT_PICK:-}; do
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    { echo "sys_mutants: MUTANT_PICK names '$w', which is not a mutant of this script" >&2; exit 2; }
done
pick=" ${MUTANT_PICK:-} "
survived=0; n=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"
for m in "${mutants[@]}"; do
  IFS='|' read -r name expr file <<<"$m"
  case $name in "${SYS_MUTANTS:-}"*) ;; *) continue ;; esac
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $name "* ]] || continue
  d="$work/$name"
  rm -rf "$d"; mkdir -p "$d"; cp -r "$out" "$d/rtl"
  mod=$sys.v; [ -z "$file" ] || mod=${sys%_sys}_$file.v
  f="$d/rtl/$mod"
  [ -f "$f" ] && sed -i "$expr" "$f"
  if [ ! -f "$f" ] || cmp -s "$f" "$out/$mod"; then
    echo "ok - mutant $name: skipped (not in this system)"; continue
  fi
  n=$((n + 1))
  if ! CG_BUILD_CACHE= "$root/tb/build_harness.sh" sys "$d/rtl" "$d/vl" >/dev/null 2>&1; then
    echo "not ok - mutant $name: did not build"; survived=$((survived + 1)); continue
  fi
  "$d/vl/Vsys" +dir="$d/rtl" +seed=1 +requests=20000 >"$d/run.log" 2>&1
  if grep -q "MISMATCH" "$d/run.log"; then
    echo "ok - mutant $name caught: $(grep -m1 -A1 MISMATCH "$d/run.log" | tr '\n' ' ' | cut -c1-110)"
    catch_note system "$name" "$(catch_check_of "$d/run.log")" || stale=$((stale + 1))
  else
    echo "not ok - mutant $name survived the system harness"; survived=$((survived + 1))
  fi
done
echo "sys_mutants: $((n - survived)) of $n applicable mutants caught"
[ $survived = 0 ] && [ $stale = 0 ] && [ $n -gt 0 ]
