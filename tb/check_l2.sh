#!/usr/bin/env bash
# check_l2.sh OUTDIR WORKDIR: checks the L2 slice <name>_l2 of a generated output directory on
# its own: Verilator -Wall lint (zero warnings) and Icarus -g2005 -Wall (silent) on the L2's
# files, the Yosys structural checks (no latches, drivers, loops), the lockstep harness
# (tb/l2_harness.cpp against cmodel/cm_l2.c) on L2_SEEDS seeds (env, default 2) with full
# coverage (every second seed with +own_lines: each core writes only its own lines; traffic
# extended up to 4x while a reachable bin is unhit), then (L2_MUTANTS=1, the default) mutants
# of the generated L2 RTL that the harness must catch (L2_MUTANT_ONLY=PREFIX: only those whose
# name starts with PREFIX, e.g. drrip_; MUTANT_PICK="NAME...": only those named, make test's
# sample, a name that is no mutant an error). REQUESTS (env, default 30000) per seed, the most
# per seed when COVER_MARGIN (env) > 0: a seed then ends that many requests after every bin is hit.
# Prints "ok - l2 <name>", or "not ok - l2 <name>: why" and exits 1 (a mismatch: with a
# waveform) or 3 (a coverage hole and no mismatch: no waveform).
set -uo pipefail
[ $# = 2 ] || { echo "usage: $0 OUTDIR WORKDIR" >&2; exit 2; }
out=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
root=$(cd "$(dirname "$0")/.." && pwd)
requests=${REQUESTS:-30000}; nseeds=${L2_SEEDS:-2}; run_mutants=${L2_MUTANTS:-1}
ms() { date +%s%N; }
stage() { echo "  $1: $(( ($(ms) - $2) / 1000000 )) ms"; }

top=$(sed -n 's/^top: //p' "$out/cachegen.manifest" 2>/dev/null)
l2=$(sed -n 's/^l2: //p' "$out/cachegen.manifest" 2>/dev/null)
notok() { echo "not ok - l2 ${l2:-?}: $*"; exit 1; }
[ -n "$top" ] && [ -n "$l2" ] && [ -f "$out/$l2.v" ] || notok "no L2 in $out"
echo "# $l2 ($out)"

# (a) lint and Icarus on the L2's own files (the SRAM leaf and the <name>_l2* modules)
t=$(ms)
files=$(grep -E "^(cachegen_sram_1r1w|${l2}(_[a-z]+)?)\.v\$" "$out/$top.f" | sed "s|^|$out/|")
# shellcheck disable=SC2086
msg=$(cd "$out" && verilator --lint-only -Wall $files "${top}_lint.vlt" --top-module "$l2" 2>&1) \
  || notok "verilator lint failed: $msg"
[ -z "$msg" ] || notok "verilator lint is not silent: $msg"
# shellcheck disable=SC2086
msg=$(iverilog -g2005 -Wall -s "$l2" -o "$work/$l2.vvp" $files 2>&1) || notok "iverilog failed: $msg"
[ -z "$msg" ] || notok "iverilog is not silent: $msg"
"$root/synth/check.sh" "$out" "$work/yosys.log" "$l2" ||
  notok "yosys check (latches, drivers, loops) failed; see $work/yosys.log"
stage "lint, icarus, yosys" "$t"

# (b) build and lockstep on two seeds with full coverage (a failing seed reruns with FST)
t=$(ms)
"$root/tb/build_l2_harness.sh" "$out" "$work/vl" >/dev/null || notok "harness build failed"
stage build "$t"
t=$(ms)
for s in $(seq 1 "$nseeds"); do
  own=""; [ $((s % 2)) = 0 ] && own=+own_lines  # even seeds: each core writes only its own lines
  "$work/vl/Vl2" +dir="$out" +seed=$s +requests="$requests" +cover \
    +cover_margin="${COVER_MARGIN:-0}" $own >"$work/run$s.log" 2>&1
  rc=$?
  if [ $rc = 3 ]; then
    grep -E "COVERAGE HOLE" "$work/run$s.log" | head -10
    echo "not ok - l2 $l2: lockstep seed $s: coverage hole (log: $work/run$s.log)"; exit 3
  fi
  if [ $rc != 0 ] || ! grep -q "l2_harness: PASS" "$work/run$s.log"; then
    grep -E "MISMATCH|^  |coverage: .* not hit|l2_harness" "$work/run$s.log" | head -40
    "$work/vl/Vl2" +dir="$out" +seed=$s +requests="$requests" +cover +cover_margin="${COVER_MARGIN:-0}" $own \
      +trace="$work/fail_seed$s.fst" >/dev/null 2>&1
    notok "lockstep seed $s failed (waveform: $work/fail_seed$s.fst)"
  fi
  grep -E "^l2_harness: ([0-9]+ cycles|coverage extended)" "$work/run$s.log" |
    sed "s/^l2_harness:/  seed $s:/"
done
stage lockstep "$t"
[ "$run_mutants" = 1 ] || { echo "ok - l2 $l2 (mutants not run)"; exit 0; }

# (c) mutants: name | file suffix | "opt" when the mutated line exists only in some
# configurations (skipped where it does not), "1way" when only a direct-mapped L2 reaches it
# (the line written a cycle before a fill is its victim: forwarded), "2mshrs" when it needs two
# line reads outstanding (a fill finding the memory queue full), "follow" when only an L2 with
# DRRIP follower sets reaches it (l2.sets / l2.duel_leaders > 2) | sed expression; the
# bbit_ ones exist only with l1.mode = pcpred (the L2's bypass bit, SPEC 3.6), the drrip_ ones
# only with l2.replacement = drrip (SPEC 3.8: PSELs, leader sets, the BRRIP counter), the ucp_
# ones only with l2.replacement = ucp (UMONs, the lookahead FSM, the victim under a partition), the
# noalloc_ ones only with l1.mode = sacat (FG-CB's no-allocate reads, SPEC 3.7); "cpu" when only
# an L2 with CPU ports (system.cpu_cores > 0, SPEC 3.8) reaches it (owner bits, core ids >= P);
# "tap" when only an L2 with TAP (l2.replacement = tap_rrip) has it: the controller's module
# <name>_l2_tap (core sampling, XSRATIO's divider, the masks) or TAP-RRIP's rules; "tapucp" when
# only l2.replacement = tap_ucp has it (the wait for the decision, the GPU counters' divider,
# UCP-Mask's start, Core-POL1's no-allocate reads)
l2ways=$(sed -n '/^l2:/,/^[a-z]/s/^  ways: //p' "$out/config.yaml")
l2mshrs=$(sed -n '/^l2:/,/^[a-z]/s/^  mshrs: //p' "$out/config.yaml")
l2sets=$(sed -n '/^l2:/,/^[a-z]/s/^  sets: //p' "$out/config.yaml")
l2leaders=$(sed -n '/^l2:/,/^[a-z]/s/^  duel_leaders: //p' "$out/config.yaml")
cpus=$(sed -n '/^system:/,/^[a-z]/s/^  cpu_cores: //p' "$out/config.yaml"); cpus=${cpus:-0}
ob=0; while [ $((1 << ob)) -lt $((cpus + 1)) ]; do ob=$((ob + 1)); done # owner bits a line
mutants=(
  "vbit_not_set_on_read|_meta.v||s/_vbits_d = \(w[0-9]*\)_vbits | group_i;/_vbits_d = \1_vbits;/"
  "vbits_kept_on_fill|_meta.v||s/\(w[0-9]*\)_vbits_d = is_write ? [^ ]* : group_i;/\1_vbits_d = \1_vbits | group_i;/"
  "dirty_not_set_by_write_hit|_meta.v||s/if (is_write) \(w[0-9]*\)_dirty_d = 1'b1;/if (is_write) \1_dirty_d = \1_dirty;/"
  "vbit_read_after_set|_meta.v||s/assign vbit_o = |(sel_vbits \& group_i);/assign vbit_o = 1'b1;/"
  "write_miss_merge_ignores_be|.v||s/req_be_q\[gb\] ? /1'b1 ? /"
  "no_init_sweep|.v||s/state_q <= SSweep;/state_q <= SRun;/"
  "line_stall_missing|_mshr.v||s/assign conflict_o = |hits;/assign conflict_o = 1'b0;/"
  "hit_not_touched|_meta.v|opt|s/wire touch = is_fill | hit_o;/wire touch = is_fill;/"
  "writeback_address_unhashed|.v|opt|s/wb_line = {meta_evict_tag, set_q ^ [a-z_]*\(\[[0-9:]*\]\)\{0,1\}};/wb_line = {meta_evict_tag, set_q};/"
  "bbit_stores_pred_not_decision|_meta.v|opt|s/\(w[0-9]*\)_bbit_d = pred_i \& ~w[0-9]*_bbit;/\1_bbit_d = pred_i;/"
  "bbit_pred_dropped_by_mshr|.v|opt|s/\.alloc_pred_i  (req_pred_q)/.alloc_pred_i  (1'b0)/"
  "bbit_returns_new_bit|_meta.v|opt|s/assign bbit_o = sel_bbit;/assign bbit_o = pred_i \& ~sel_bbit;/"
  "valid_waits_for_ready|_memq.v||s/assign valid_o = count_q != \([^;]*\);/assign valid_o = (count_q != \1) \& ready_i;/"
  "row_not_forwarded|.v||s/meta_row_in = fwd_row_hit_q ? /meta_row_in = 1'b0 ? /"
  "hit_line_not_forwarded|.v||s/wire fwd_data_hit = fwd_data_hit_q \& /wire fwd_data_hit = 1'b0 \& /"
  "victim_line_not_forwarded|.v|1way|s/wire vict_fwd_data_hit = fwd_data_hit_q \& /wire vict_fwd_data_hit = 1'b0 \& /"
  "fill_ignores_full_memq|.v|2mshrs|s/(rspq_full | (s1_fill_q \& memq_full))/(rspq_full)/"
  "request_behind_a_wait_decides|.v||s/if (s1_valid_q \& s1_squash_q) begin/if (1'b0) begin/"
  "merge_waiter_dropped|.v|opt|s/drain_cnt_d = mshr_rd_nwait;/drain_cnt_d = mshr_rd_nwait >> 1;/"
  "merge_waiters_out_of_order|_mshr.v|opt|s/_nwait_q == 2'd0) e\([0-9]*\)_w0_d/_nwait_q == 2'd1) e\1_w0_d/;s/_nwait_q == 2'd1) e\([0-9]*\)_w1_d/_nwait_q == 2'd0) e\1_w1_d/"
  "merge_join_counted_as_miss|.v|opt|s/if (1'b1) cnt_merged_inc = 1'b1;/if (1'b1) cnt_read_misses_inc = 1'b1;/"
  "noalloc_fill_installs|.v|opt|s/if (req_noalloc_q) begin/if (1'b0) begin/"
  "noalloc_dropped_by_mshr|.v|opt|s/\.alloc_noalloc_i (req_noalloc_q)/.alloc_noalloc_i (1'b0)/"
  "drrip_psel_wraps_at_top|.v|opt|s/ \& ~\&drrip_psel_q\[0 +: \([0-9]*\)\])/)/"
  "drrip_psel_wraps_at_bottom|.v|opt|s/ \& |drrip_psel_q\[0 +: \([0-9]*\)\])/)/"
  "drrip_psel_moved_by_hits|.v|opt|s/if (!meta_hit) begin \/\/ DRRIP/if (1'b1) begin \/\/ DRRIP/"
  "drrip_brrip_leader_off_by_one|.v|opt|s/assign drrip_lead_brrip\[0\] = drrip_off == \([0-9]*\)'d1;/assign drrip_lead_brrip[0] = drrip_off == \1'd1 + 1'b1;/"
  "drrip_brrip_every_16th|.v|opt|s/(drrip_brrip_q == 5'd31)/(drrip_brrip_q[3:0] == 4'd15)/"
  "drrip_brrip_counts_srrip_fills|.v|opt|s/if (drrip_use_brrip) drrip_brrip_d/if (1'b1) drrip_brrip_d/"
  "drrip_follower_reads_next_psel_bit|.v|follow|s/(~drrip_lead_srrip\[0\] \& drrip_psel_q\[/(~drrip_lead_srrip[0] \& drrip_psel_q[-1 + /"
  "drrip_inserts_like_srrip|_meta.v|opt|s/(ins_long_i ? \([^ ]*\) : [^)]*)/\1/"
  "cpu_owner_written_as_gpu|_meta.v|cpu|s/_owner_d = owner_i;/_owner_d = ${ob}'d${cpus};/"
  "cpu_app_of_next_port|.v|cpu|s/case (req_core_q)/case (req_core_q + 1'b1)/"
  "cpu_read_sets_victim_bits|.v|cpu|s/default: meta_group = \([0-9]*\)'d0;/default: meta_group = ~\1'd0;/"
  "ucp_lookahead_tie_to_highest_app|.v|opt|s/if ((ucp_k_q == \([0-9]*\)'d0) | ucp_gt) begin/if ((ucp_k_q == \1'd0) | ucp_gt | (ucp_p1_q == ucp_p2_q)) begin/"
  "ucp_lookahead_largest_b_on_ties|.v|opt|s/if ((ucp_b_q == \([0-9]*\)'d1) | ucp_gt) begin/if ((ucp_b_q == \1'd1) | ucp_gt | (ucp_p1_q == ucp_p2_q)) begin/"
  "ucp_counters_not_halved|.v|opt|s/wire ucp_halve = ucp_period_end;/wire ucp_halve = 1'b0;/"
  "ucp_halved_before_snapshot|.v|opt|s/ucp_period_end ? ucp_hits_q : ucp_snap_q;/ucp_period_end ? ucp_hits_q_half : ucp_snap_q;/;s/ucp_period_end ? ucp_hits_plus : ucp_snap_q;/ucp_period_end ? ucp_plus_half : ucp_snap_q;/"
  "ucp_victim_ignores_partition|_meta.v|opt|s/ucp_cand = ~ucp_under ? ucp_own_ways : ucp_any_over ? ucp_over_ways :/ucp_cand = 1'b0 ? ucp_own_ways : 1'b0 ? ucp_over_ways :/"
  "ucp_over_counts_at_allocation|_meta.v|opt|s/wire ucp_over0 = ucp_cnt0 > ucp_alloc0;/wire ucp_over0 = ucp_cnt0 >= ucp_alloc0;/"
  "ucp_atd_younger_not_aged|.v|opt|s/ucp_e0_rank + {\([0-9]*\)'d0, ucp_e0_younger}/ucp_e0_rank/"
  "ucp_counter_wraps|.v|opt|s/assign ucp_hits_plus\[0 +: \([0-9]*\)\] = \&ucp_hits_q\[0 +: [0-9]*\] ? /assign ucp_hits_plus[0 +: \1] = 1'b0 ? /"
  "ucp_atd_not_forwarded|.v|opt|s/ucp_atd_in = ucp_fwd_hit_q ? /ucp_atd_in = 1'b0 ? /"
  "ucp_victim_stale_after_partition|.v|opt|s/ucp_vready_d = s1_valid_q \& s1_fill_q \& hold \& !ucp_part;/ucp_vready_d = s1_valid_q \& s1_fill_q \& hold;/"
  "ucp_period_one_short|.v|opt|s/wire ucp_period_end = ucp_t_q == \([0-9]*\)'d\([0-9]*\);/wire ucp_period_end = ucp_t_q == \1'd\2 - 1'b1;/"
  "tap_friendly_compare_off|_tap.v|tap|s/friendly_q <= p100_q > palpha_q;/friendly_q <= 1'b0;/"
  "tap_alpha_on_wrong_side|_tap.v|tap|s/diff_q} \* 27/TOP} * 27/;s/top_q} \* 27/diff_q} * 27/;s/TOP} \* 27/top_q} * 27/"
  "tap_divider_off_by_one|_tap.v|tap|s/wire fits = trial >= /wire fits = trial > /"
  "tap_saturation_not_detected|_tap.v|tap|s/sat_q <= {\([^}]*\)} >= divisor;/sat_q <= 1'b0;/"
  "tap_xs_threshold_strict|_tap.v|tap|s/ratio >= Txs ? /ratio > Txs ? /"
  "tap_decision_a_cycle_early|_tap.v|tap|s/StepDecide = 4'd12;/StepDecide = 4'd11;/"
  "tap_access_counted_unregistered|_tap.v|tap|s/= acc_in_q \& (acc_app_in_q == /= acc_i \& (acc_app_i == /"
  "tap_mask_not_forcing_brrip|.v|tap|s/wire tap_forced = tap_gpu \& /wire tap_forced = 1'b0 \& /"
  "tap_gpu_hit_promoted_under_mask|.v|tap|s/wire tap_promote = ~(tap_gpu \& tap_rrip_mask);/wire tap_promote = 1'b1;/"
  "tap_victim_not_gpu_first|_meta.v|tap|s/= gpu_first_i \& |victim_pref ?/= 1'b0 \& |victim_pref ?/"
  "tap_sampling_fills_count_as_brrip|.v|tap|s/wire tap_use_brrip = ~tap_pol1 \& ~tap_pol2 \& /wire tap_use_brrip = /"
  "tap_mask_forces_gpu_leaders|.v|tap|s/wire tap_forced = tap_gpu \& tap_rrip_mask \& .*;/wire tap_forced = tap_gpu \& tap_rrip_mask;/"
  "tapucp_division_skipped|.v|tapucp|s/wire tu_qbit = tu_ge;/wire tu_qbit = tu_top;/"
  "tapucp_division_of_a_cpu_app|.v|tapucp|s/localparam integer TuDivBase = [0-9]*;/localparam integer TuDivBase = 0;/"
  "tapucp_mask_gpu_not_one_way|.v|tapucp|s/ucp_a_d = tu_init_mask ? /ucp_a_d = 1'b0 ? /"
  "tapucp_mask_gpu_left_in_rounds|.v|tapucp|s/tu_last_k = ucp_k_q == (tu_mask_q ? /tu_last_k = ucp_k_q == (1'b0 ? /"
  "tapucp_pol1_reads_allocate|.v|tapucp|s/wire tu_noalloc = (req_core_q == \([0-9]*\)'d0) \& ~req_store_q;/wire tu_noalloc = 1'b0;/"
  "tapucp_previous_xsratio|.v|tapucp|s/tu_xs_d = tu_start ? tap_xsratio : tu_xs_q;/tu_xs_d = (tu_wait_q == 4'd2) ? tap_xsratio : tu_xs_q;/"
  "plru_hit_root_not_flipped|_meta.v|opt|s/plru_d\[0\] = ~sel_way\[\([0-9]*\)\];/plru_d[0] = is_fill ? ~sel_way[\1] : plru[0];/"
  "plru_victim_root_inverted|_meta.v|opt|s/pick0 = plru\[0\];/pick0 = ~plru[0];/"
  "plru_lower_nodes_point_at_way|_meta.v|opt|s/) plru_d\[\([0-9]*\)\] = ~sel_way\[\([0-9]*\)\];/) plru_d[\1] = sel_way[\2];/"
  "fifo_hit_renews_age|_meta.v|opt|s/wire touch = is_fill; \/\/ FIFO: only a fill renews a way's age/wire touch = is_fill | hit_o;/"
  "fifo_fill_ages_no_other_way|_meta.v|opt|/FIFO: only a fill renews/,\$ s/_repl_d = \(w[0-9]*\)_repl + \([0-9]*\)'d1;/_repl_d = \1_repl;/"
  "fifo_younger_read_as_older|_meta.v|opt|/FIFO: only a fill renews/,\$ s/(\(w[0-9]*\)_repl < /(\1_repl > /g"
  "tap_pol1_pol2_swapped|.v|tap|s/tap_pol1 = req_core_q == \([0-9]*\)'d0;/tap_pol1 = req_core_q == \1'd1;/;s/tap_pol2 = req_core_q == \([0-9]*\)'d1;/tap_pol2 = req_core_q == \1'd0;/"
)
for w in ${MUTANT_PICK:-}; do
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    notok "MUTANT_PICK names '$w', which is not an L2 mutant"
done
pick=" ${MUTANT_PICK:-} "
t=$(ms)
caught=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"
for mu in "${mutants[@]}"; do
  IFS='|' read -r name suffix opt expr <<<"$mu"
  [ -z "${L2_MUTANT_ONLY:-}" ] || [ "${name#"$L2_MUTANT_ONLY"}" != "$name" ] || continue
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $name "* ]] || continue
  if [ "$opt" = 1way ] && [ "$l2ways" != 1 ]; then
    echo "  mutant $name: reached only with one way, skipped"; continue
  fi
  if [ "$opt" = 2mshrs ] && [ "$l2mshrs" -lt 2 ]; then
    echo "  mutant $name: reached only with two MSHRs, skipped"; continue
  fi
  if [ "$opt" = cpu ] && [ "$cpus" = 0 ]; then
    echo "  mutant $name: reached only with CPU ports, skipped"; continue
  fi
  if [ "$opt" = tap ] && ! grep -q "^  replacement: tap_rrip" "$out/config.yaml"; then
    echo "  mutant $name: reached only with l2.replacement = tap_rrip, skipped"; continue
  fi
  if [ "$opt" = tapucp ] && ! grep -q "^  replacement: tap_ucp" "$out/config.yaml"; then
    echo "  mutant $name: reached only with l2.replacement = tap_ucp, skipped"; continue
  fi
  if [ "$opt" = follow ] && { [ -z "$l2leaders" ] || [ $((l2sets / l2leaders)) -le 2 ]; }; then
    echo "  mutant $name: reached only with DRRIP follower sets, skipped"; continue
  fi
  d="$work/mut_$name"
  rm -rf "$d"; cp -r "$out" "$d"
  sed -i "$expr" "$d/$l2$suffix"
  if cmp -s "$d/$l2$suffix" "$out/$l2$suffix"; then
    [ "$opt" = opt ] || notok "mutant $name: the mutation did not apply"
    echo "  mutant $name: not in this configuration, skipped"; rm -rf "$d"; continue
  fi
  CG_BUILD_CACHE= "$root/tb/build_l2_harness.sh" "$d" "$d/vl" >/dev/null 2>&1 || notok "mutant $name did not build"
  hit=0
  for s in 1 2; do
    if ! "$d/vl/Vl2" +dir="$d" +seed=$s +requests="$requests" >"$d/run$s.log" 2>&1 &&
       grep -q "^MISMATCH" "$d/run$s.log"; then hit=1; break; fi
  done
  [ $hit = 1 ] || notok "mutant $name survived the harness"
  caught=$((caught + 1))
  why=$({ grep -m1 -e '<-- differs' "$d/run$s.log" || grep -m1 expected "$d/run$s.log"; } |
        sed 's/^ *//' | cut -c1-70)
  echo "  mutant $name caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c10-60)... $why"
  catch_note l2 "$name" "$(catch_check_of "$d/run$s.log")" || stale=$((stale + 1))
  rm -rf "$d/vl"
done
stage mutants "$t"
[ $stale = 0 ] || notok "$stale mutants caught by another check than tb/catch_matrix.tsv says"
need=3; [ -z "${MUTANT_PICK:-}" ] || need=1 # a sample: every mutant it names that applies
[ $caught -ge $need ] || notok "only $caught mutants caught (need $need)"
echo "ok - l2 $l2"
