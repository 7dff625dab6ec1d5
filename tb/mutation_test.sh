#!/usr/bin/env bash
# mutation_test.sh WORKDIR: proves the lockstep harness can fail. Each mutant is a preset's
# RTL (fermi-l1, a PLRU or SRRIP variant, li-decoupled, gcache-system,
# tian-gcn, a sacat fermi-l1; fermi-l1 and li-decoupled with axi.enable, whose failed reads the
# harness draws) with one deliberate bug; the harness must report a mismatch for
# every one. Prints ok/not ok per mutant; exits non-zero if any mutant survived.
# MUTANT_PICK="NAME..." (env): only these mutants (make test's sample, tb/test_all.sh); a name
# that is not a mutant here is an error.
set -uo pipefail
work=$1
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"; work=$(cd "$work" && pwd)
survived=0; n=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"

# FG-CB (sacat) at a scale lockstep reaches every decision in: N 16, M 8, a 3000-cycle window
fg="--preset fermi-l1 --set l1.mode=sacat --set l1.fgcb_n=16 --set l1.fgcb_m=8 --set l1.fgcb_window=3000 --set l1.fgcb_entries=5 --set l1.fgcb_id_bits=3 --set l1.fgcb_counter_bits=5"
# name | cachegen args | file suffix | sed expression (must change the file)
mutants=(
  "lru_hit_not_touched|--preset fermi-l1|_meta.v|s/wire touch = update;/wire touch = is_fill;/"
  "invalid_way_not_lowest|--preset fermi-l1|_meta.v|s/assign invalid_oh_c = ~valid;/assign invalid_oh_c = ~valid \& ~1;/"
  "byte_enable_ignored|--preset fermi-l1|.v|s/{8{data_wbe\[gb\]}}/{8{1'b1}}/"
  "line_stall_missing|--preset fermi-l1|_mshr.v|s/assign conflict_o = |hits;/assign conflict_o = 1'b0;/"
  "no_init_sweep|--preset fermi-l1|.v|s/state_q <= SSweep;/state_q <= SRun;/"
  "srrip_no_aging|--preset fermi-l1 --set l1.replacement=srrip --set l1.rrpv_bits=2|_meta.v|s/_repl + rrpv_add;/_repl;/"
  "plru_wrong_direction|--preset gcn-l1 --set l1.replacement=plru|_meta.v|s/plru_d\[0\] = ~sel_way/plru_d[0] = sel_way/"
  "evict_counter_stuck|--preset fermi-l1|.v|s/if (meta_evict) cnt_evictions_inc/if (1'b0) cnt_evictions_inc/"
  "dec_no_aging|--preset li-decoupled|_meta.v|s/if (age_en) begin/if (1'b0) begin/"
  "dec_lfu_tie_to_highest_way|--preset li-decoupled|_meta.v|/assign lfu_oh_c/{s/ <= / @ /g; s/ < / <= /g; s/ @ / < /g}"
  "dec_threshold_off_by_one|--preset li-decoupled|_meta.v|/assign rc_reaches/s/ >= / > /"
  "dec_bypass_fill_installs|--preset li-decoupled|.v|s/if (mshr_rd_bypass) begin/if (1'b0) begin/"
  "gc_insert_ignores_victim_bit|--preset gcache-system --set l1.mshrs=8|_meta.v|s/(hint_i ? \\([^:]*\\) : [^)]*)/\\1/g"
  "gc_switch_never_set|--preset gcache-system --set l1.mshrs=8|.v|s/if (mem_rsp_hint_i) gc_switch_d/if (1'b0) gc_switch_d/"
  "gc_bypass_never_ages|--preset gcache-system --set l1.mshrs=8|_meta.v|s/if (fill_bypass_o \\& age_i) begin/if (1'b0) begin/"
  "pp_threshold_off_by_one|--preset tian-gcn|.v|s/wire pp_pred = pp_hash_cnt >= /wire pp_pred = pp_hash_cnt > /"
  "pp_bypass_ignores_l2_bit|--preset tian-gcn|.v|s/wire pp_fill_bypass = mshr_rd_pred \\& ~mem_rsp_hint_i;/wire pp_fill_bypass = mshr_rd_pred;/"
  "pp_hit_decrement_wraps|--preset tian-gcn|.v|s/\\(pp_w[0-9]*_dec\\) = (pp_w[0-9]*_cnt == [^?]*? [^:]*: /\\1 = /"
  "pp_victim_not_punished|--preset tian-gcn|.v|s/if (meta_evict) begin/if (1'b0) begin/"
  "pp_fill_installs_stale_pc|--preset tian-gcn|.v|s/s1_fill_q ? mshr_rd_hpc : pp_hash/pp_hash/"
  "pp_table_write_lost|--preset tian-gcn|_pctbl.v|s/if (we_q) tbl_q/if (1'b0) tbl_q/"
  "pp_prediction_not_sent|--preset tian-gcn|.v|s/.push_data_i ({pp_pred \\& ~req_store_q,/.push_data_i ({1'b0,/"
  "memq_valid_withdrawn|--preset fermi-l1|_memq.v|s/assign valid_o = count_q != 2'd0;/assign valid_o = (count_q != 2'd0) \\& !push_i;/"
  "rsp_valid_waits_for_ready|--preset gcn-l1|.v|s/(rsp_valid_o),/(rspq_valid),/; s/^\\( *\\)\\/\\/ Responses leave through a skid queue.*/\\1wire rspq_valid; assign rsp_valid_o = rspq_valid \\& rsp_ready_i;/"
  "row_not_forwarded|--preset fermi-l1|.v|s/meta_row_in = fwd_row_hit_q ?/meta_row_in = 1'b0 ?/"
  "data_not_forwarded|--preset fermi-l1|.v|s/wire fwd_data_hit = fwd_data_hit_q/wire fwd_data_hit = 1'b0 \\& fwd_data_hit_q/"
  "hit_line_wrong_way|--preset fermi-l1|_meta.v|s/assign hit_way_oh_o = match;/assign hit_way_oh_o = {match[2:0], match[3]};/"
  "response_lost_under_backpressure|--preset gcn-l1|.v|s/ \& rspq_full;/ \& 1'b0;/"
  "merge_waiter_dropped|--preset fermi-l1 --set l1.mshr_merge=2|.v|s/drain_cnt_d = mshr_rd_nwait;/drain_cnt_d = mshr_rd_nwait >> 1;/"
  "merge_waiters_out_of_order|--preset fermi-l1 --set l1.mshr_merge=2|.v|s/drain_ids_d = mshr_rd_wait;/drain_ids_d = {mshr_rd_wait[7:0], mshr_rd_wait[15:8]};/"
  "merge_waiter_touches_replacement|--preset li-decoupled --set l1.mshr_merge=4|.v|s/mshr_join = 1'b1;/mshr_join = 1'b1; meta_we = 1'b1;/"
  "fifo_touches_on_hit|--preset fermi-l1 --set l1.replacement=fifo|_meta.v|s/wire touch = is_fill;/wire touch = is_fill | hit_o;/"
  "random_lfsr_stuck|--preset gcn-l1 --set l1.replacement=random|.v|s/if (rand_step) rand_q <= rand_next;/if (1'b0) rand_q <= rand_next;/"
  "fg_decision_off_by_one|$fg|.v|s/(fg_lk_miss >= /(fg_lk_miss > /"
  "fg_hit_counts_as_miss|$fg|.v|s/wire fg_missed = mshr_conflict | !meta_hit;/wire fg_missed = 1'b1;/"
  "fg_join_not_counted|$fg --set l1.mshr_merge=2|.v|s/fg_we = fg_lk_we; \\/\\/ FG-CB: a joining load/fg_we = 1'b0; \\/\\/ FG-CB: a joining load/"
  "fg_kernel_start_keeps_table|$fg|.v|s/if (kernel_start_i) ent_d = /if (1'b0) ent_d = /"
  "fg_kernel_start_keeps_window|$fg|.v|s/if (kernel_start_i) fg_win_d = /if (1'b0) fg_win_d = /"
  "fg_l2_count_ignores_hit_flag|$fg|.v|s/wire fg_l2_missed = !mem_rsp_hint_i;/wire fg_l2_missed = 1'b1;/"
  "fg_bypass_fill_installs|$fg|.v|s/if (mshr_rd_bypass) begin/if (1'b0) begin/"
  "fg_noalloc_not_sent|$fg|.v|s/.push_data_i ({fg_byp_l2 \\& ~req_store_q,/.push_data_i ({1'b0,/"
  "err_fill_installs|--preset fermi-l1 --set axi.enable=true|.v|s/if (mem_rsp_err_i) begin/if (1'b0) begin/"
  "err_waiters_answered_miss|--preset fermi-l1 --set axi.enable=true --set l1.mshr_merge=2|.v|s/drain_status_d = rsp_status;/drain_status_d = (rsp_status == StatusErr) ? StatusMiss : rsp_status;/"
  "dec_err_line_kept_reserved|--preset li-decoupled --set axi.enable=true|_meta.v|s/if (fill_err \\& probe_hit \\& h_pv) begin/if (1'b0) begin/"
  "fg_decision_after_count|$fg|.v|s/wire fg_byp_l1 = fg_lk_found \\& fg_lk_cur/wire fg_byp_l1 = fg_lk_found \\& fg_lk_new/"
  "fg_alloc_not_lowest|$fg|.v|s/assign fg_free_oh_c = fg_free;/assign fg_free_oh_c = fg_free \& ~1;/"
  "memq_head_wrong_entry|--preset fermi-l1|_memq.v|s/(rptr_q == 1'd0) ? entry0_q :/(rptr_q == 1'd1) ? entry0_q :/"
)
pick=" ${MUTANT_PICK:-} "
for w in ${MUTANT_PICK:-}; do
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    { echo "mutation_test: MUTANT_PICK names '$w', which is not a mutant of this script" >&2; exit 2; }
done
for m in "${mutants[@]}"; do
  IFS='|' read -r name args suffix expr <<<"$m"
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $name "* ]] || continue
  n=$((n + 1))
  d="$work/$name"
  rm -rf "$d"; mkdir -p "$d"
  # shellcheck disable=SC2086
  "$root/build/cachegen" $args -o "$d/rtl" >/dev/null || { echo "not ok $n - $name: generate"; survived=$((survived + 1)); continue; }
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  f="$d/rtl/$top$suffix"
  cp "$f" "$f.orig"
  sed -i "$expr" "$f"
  if cmp -s "$f" "$f.orig"; then
    echo "not ok $n - $name: the mutation did not apply"; survived=$((survived + 1)); continue
  fi
  rm "$f.orig"
  if ! CG_BUILD_CACHE= "$root/tb/build_harness.sh" l1 "$d/rtl" "$d/vl" >/dev/null 2>&1; then
    echo "not ok $n - $name: mutant did not build"; survived=$((survived + 1)); continue
  fi
  caught=0
  for s in 1 2; do
    if ! "$d/vl/Vdut" +dir="$d/rtl" +seed=$s +traffic=mix +requests=20000 >"$d/run$s.log" 2>&1; then
      caught=1; break
    fi
  done
  if [ $caught = 1 ] && grep -q "MISMATCH" "$d/run$s.log"; then
    echo "ok $n - mutant $name caught: $(grep -m1 -A1 MISMATCH "$d/run$s.log" | tr '\n' ' ' | cut -c1-110)"
    catch_note l1 "$name" "$(catch_check_of "$d/run$s.log")" || stale=$((stale + 1))
  else
    echo "not ok $n - mutant $name survived the harness"; survived=$((survived + 1))
  fi
done
echo "mutation_test: $((n - survived)) of $n mutants caught${MUTANT_PICK:+ (the sample MUTANT_PICK names)}"
[ $survived = 0 ] && [ $stale = 0 ] && [ $n -gt 0 ]
