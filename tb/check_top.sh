#!/usr/bin/env bash
# check_top.sh KIND OUTDIR WORKDIR [SEEDS [REQUESTS]]: checks one top of a generated output
# directory on its own: Verilator -Wall lint (zero warnings) and Icarus -g2005 -Wall (silent) on
# its files, Yosys (no latches; drivers; loops), the lockstep harness (tb/build_harness.sh KIND)
# on its seeds with every reachable bin hit, then mutants of the top's RTL that the harness must
# catch (each noted against tb/catch_matrix.tsv by tb/mutant_catch.sh). KIND (the table below):
#   l2    the L2 slice <name>_l2 against cmodel/cm_l2.c: L2_SEEDS seeds (env, default 2) of
#         REQUESTS requests (env, default 30000), every second seed with +own_lines (each core
#         writes only its own lines); L2_MUTANTS=0 skips the mutants, L2_MUTANT_ONLY=PREFIX runs
#         only those whose name starts with PREFIX (e.g. drrip_).
#   sys   the system <name>_sys (the L1s, the arbiter, the L2 slice): SEEDS (default 2) seeds of
#         REQUESTS (default 20000) requests per core, every second seed with +own_lines
#         (responses also checked against a reference memory); no mutants here
#         (tb/sys_mutants.sh).
#   duel  the SM-dueling controller <name>_duel of a decoupled L1 against cmodel/cm_duel.c:
#         2 seeds of 4000 intervals (0.2 M..30 M cycles); MUTANTS=0 (env) skips the mutants.
#   dwt   the DWT-CS controller <name>_dwt (l1.mode = sacat) against cmodel/cm_dwt.c: lint with
#         and without the event port, 2 seeds of 4000 periods (0.2 M..30 M cycles), mutants of
#         one edited line each (MUTANTS=0, env, skips them; tb/run_random.sh does).
# l2 and sys: a seed's traffic is extended (up to 4x) while a reachable bin is unhit; COVER_MARGIN
# (env) > 0 makes REQUESTS the most, a seed ending that many requests after every bin is hit; a
# mismatch is rerun with FST tracing (WORKDIR/fail_seedS.fst) and exits 1, a coverage hole left
# (no mismatch) is reported without a waveform and exits 3.
# MUTANT_PICK="NAME..." (make test's sample): only the mutants named, a name that is no mutant an
# error. Prints "ok - <label> <name>", or "not ok - <label> <name>: why" and exits 1.
set -uo pipefail
usage() { echo "usage: $0 l2|sys|duel|dwt OUTDIR WORKDIR [SEEDS [REQUESTS]]" >&2; exit 2; }
[ $# -ge 3 ] || usage
kind=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s%N)
ms() { date +%s%N; }
stage() { echo "  $1: $(( ($(ms) - $2) / 1000000 )) ms"; }

# ---- the kinds: label | binary | harness | module | run length | lint | summary lines | need ----
case $kind in
  l2|sys) [ "$kind" = sys ] || [ $# = 2 ] || usage ;;
  duel|dwt) [ $# = 2 ] || usage ;;
  *) usage ;;
esac
out=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest" 2>/dev/null)
nice=()        # the build's and the runs' prefix (dwt: nice -n 10)
run_mutants=1; need=0; defs=("")
case $kind in
  l2)
    label=l2; bin=Vl2; hname=l2_harness
    mod=$(sed -n 's/^l2: //p' "$out/cachegen.manifest" 2>/dev/null); name=${mod:-?}
    nseeds=${L2_SEEDS:-2}; requests=${REQUESTS:-30000}; run_mutants=${L2_MUTANTS:-1}; need=3
    summary='^l2_harness: ([0-9]+ cycles|coverage extended)'
    failgrep='MISMATCH|^  |coverage: .* not hit|l2_harness'; failhead=40 ;;
  sys)
    label=system; bin=Vsys; hname=sys_harness
    mod=$(sed -n 's/^system: //p' "$out/cachegen.manifest"); name=$top
    nseeds=${3:-2}; requests=${4:-20000}; run_mutants=0
    failgrep='MISMATCH|not hit|sys_harness'; failhead=20 ;;
  duel)
    label=duel; bin=Vduel; hname=duel_harness; nseeds=2; need=2
    if [ -f "$out/cachegen.manifest" ]; then name=$top
    else name=$(sed -n 's/^name: *//p' "$out/config.yaml" | tr -d '"' | head -1); fi
    mod="${name}_duel"
    run_mutants=${MUTANTS:-1}; summary='^duel_harness: [0-9]+ cycles|coverage ' ;;
  dwt)
    label=dwt; bin=Vdwt; hname=dwt_harness; nseeds=2; need=3; nice=(nice -n 10)
    run_mutants=${MUTANTS:-1}
    name=$top; mod="${name}_dwt"; defs=("" -DCACHEGEN_EVENTS)
    summary='^dwt_harness: ([0-9]+ cycles|events|coverage)' ;;
esac
notok() { echo "not ok - $label $name: $*"; exit 1; }
case $kind in
  l2) [ -n "$top" ] && [ -n "$mod" ] && [ -f "$out/$mod.v" ] || notok "no L2 in $out"
      echo "# $mod ($out)" ;;
  duel|dwt) if [ -z "$name" ] || [ ! -f "$out/$mod.v" ]; then notok "no $mod.v in $out"; fi ;;
esac
# duel, dwt: cycles per seed from the interval or period: enough for every bin, 4000 of them
case $kind in
  duel) len=$(sed -n 's/^ *duel_interval: *//p' "$out/config.yaml")
        [ -n "$len" ] || notok "no l1.duel_interval in $out/config.yaml" ;;
  dwt)  len=$(awk '/^dwt:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $1 == "period:" { print $2 }' \
          "$out/config.yaml")
        [ -n "$len" ] || notok "no dwt.period in $out/config.yaml" ;;
esac
if [ -n "${len:-}" ]; then
  cycles=$((len * 4000))
  [ "$cycles" -lt 200000 ] && cycles=200000
  [ "$cycles" -gt 30000000 ] && cycles=30000000
fi

# ---- (a) lint, Icarus, Yosys ------------------------------------------------------------------
t=$(ms)
vlt="$out/${top}_lint.vlt"
case $kind in
  l2)  # the L2's own files: the SRAM leaf and the <name>_l2* modules
    # shellcheck disable=SC2207
    files=($(grep -E "^(cachegen_sram_1r1w|${mod}(_[a-z]+)?)\.v\$" "$out/$top.f" | sed "s|^|$out/|"))
    lintargs=("${files[@]}" "${top}_lint.vlt" --top-module "$mod") ;;
  sys)
    # shellcheck disable=SC2207
    files=($(sed "s|^|$out/|" "$out/$top.f"))
    lintargs=(-F "$top.f" "${top}_lint.vlt" --top-module "$mod") ;;
  *)   # the waivers: without CACHEGEN_EVENTS the event port's signals are internal and unread
    vlt=$(ls "$out"/*_lint.vlt); files=("$out/$mod.v"); lintargs=("$out/$mod.v" "$vlt") ;;
esac
for def in "${defs[@]}"; do
  # shellcheck disable=SC2086
  msg=$(cd "$out" && verilator --lint-only -Wall $def "${lintargs[@]}" 2>&1) ||
    notok "verilator lint${def:+ $def} failed: $msg"
  [ -z "$msg" ] || notok "verilator lint${def:+ $def} is not silent: $msg"
done
sel=(); [ "$kind" = l2 ] || [ "$kind" = sys ] && sel=(-s "$mod")
msg=$(iverilog -g2005 -Wall "${sel[@]}" -o "$work/$mod.vvp" "${files[@]}" 2>&1) || notok "iverilog failed: $msg"
[ -z "$msg" ] || notok "iverilog is not silent: $msg"
[[ $mod =~ ^[a-z][a-z0-9_]*$ ]] || notok "no module name in $out/cachegen.manifest"
if [ "$kind" = l2 ] || [ "$kind" = sys ]; then
  "$root/synth/check.sh" "$out" "$work/yosys.log" "$mod" ||
    notok "yosys check (latches, drivers, loops) failed; see $work/yosys.log"
else
  (cd "$out" && yosys -q -p "read_verilog $mod.v; hierarchy -top $mod; proc; opt; check -assert;
    select -assert-none t:\$dlatch* t:\$sr t:\$dlatchsr") >"$work/yosys.log" 2>&1 ||
    notok "yosys check (latches, drivers) failed; see $work/yosys.log"
fi
[ "$kind" = l2 ] && stage "lint, icarus, yosys" "$t"

# ---- (b) build and lockstep -------------------------------------------------------------------
# build OUTDIR BUILDDIR [VFILE]: the top (or a mutant of it) with its harness and model
build() { "${nice[@]}" "$root/tb/build_harness.sh" "$kind" "$@"; }
t=$(ms)
case $kind in
  duel|dwt) build "$out" "$work/vl" "$out/$mod.v" >/dev/null 2>&1 ||
              { cat "$work/vl/build.log"; notok "harness build failed"; } ;;
  l2) build "$out" "$work/vl" >/dev/null || notok "harness build failed" ;;
  sys) build "$out" "$work/vl" >/dev/null || notok "verilator build" ;;
esac
[ "$kind" = l2 ] && stage build "$t"
# runargs SEED: a seed's plusargs after +dir and +seed (own: even seeds of l2 and sys)
runargs() {
  case $kind in
    duel|dwt) echo "+cycles=$cycles" ;;
    *) echo "+requests=$requests +cover +cover_margin=${COVER_MARGIN:-0}$own" ;;
  esac
}
t=$(ms)
for s in $(seq 1 "$nseeds"); do
  own=""; [ "$kind" = l2 ] || [ "$kind" = sys ] && [ $((s % 2)) = 0 ] && own=" +own_lines"
  log="$work/run$s.log"; [ "$kind" = sys ] && log="$work/sys_$s.log"
  # shellcheck disable=SC2046
  case $kind in
    duel|dwt) "${nice[@]}" "$work/vl/$bin" +dir="$out" +seed=$s $(runargs) +cover >"$log" 2>&1 ;;
    *) "$work/vl/$bin" +dir="$out" +seed=$s $(runargs) >"$log" 2>&1 ;;
  esac
  rc=$?
  case $kind in
    duel|dwt)
      grep -E "$summary" "$log" | sed "s/^/  seed $s: /"
      if [ $rc != 0 ] || ! grep -q "$hname: PASS" "$log"; then
        if [ "$kind" = duel ]; then cat "$log"; else tail -30 "$log"; fi
        notok "lockstep seed $s failed"
      fi ;;
    *)
      if [ $rc = 3 ]; then
        grep -E "COVERAGE HOLE" "$log" | head -10
        [ "$kind" = l2 ] || own="${own:- }"  # sys: "seed S +own_lines:" or "seed S :"
        echo "not ok - $label $name: lockstep seed $s$own: coverage hole (log: $log)"; exit 3
      fi
      if [ $rc != 0 ] || ! grep -q "$hname: PASS" "$log"; then
        grep -E "$failgrep" "$log" | head -$failhead
        # shellcheck disable=SC2046
        "$work/vl/$bin" +dir="$out" +seed=$s $(runargs) +trace="$work/fail_seed$s.fst" >/dev/null 2>&1
        if [ "$kind" = l2 ]; then notok "lockstep seed $s failed (waveform: $work/fail_seed$s.fst)"
        else notok "lockstep seed $s ${own# } (waveform: $work/fail_seed$s.fst)"; fi
      fi
      if [ "$kind" = l2 ]; then
        grep -E "$summary" "$log" | sed "s/^l2_harness:/  seed $s:/"
      else
        echo "  seed $s ${own# }: $(grep -E '^sys_harness: [0-9]+ cycles' "$log" | sed 's/^sys_harness: //')"
        grep "coverage extended" "$log" | sed 's/^sys_harness:/ /'
      fi ;;
  esac
done
[ "$kind" = l2 ] && stage lockstep "$t"
[ "$kind" = sys ] && { echo "ok - system $mod"; exit 0; }
[ "$run_mutants" = 1 ] || { echo "ok - $label $mod (mutants not run)"; exit 0; }

# ---- (c) mutants: the table of each kind -----------------------------------------------------
# duel, dwt: name | bin that must be reachable (else the mutant is equivalent and skipped) | sed
# program (dwt: one edited line; a mutant whose structure the configuration lacks is skipped by
# its bin). l2: name | file suffix | "opt" when the mutated line exists only in some
# configurations (skipped where it does not), "1way" when only a direct-mapped L2 reaches it
# (the line written a cycle before a fill is its victim: forwarded), "2mshrs" when it needs two
# line reads outstanding (the memory queue and its request stage full), "fillfull" when only an
# L2 whose fills can meet that full queue reaches it (three MSHRs or more: the harness's bin
# fill_held_memq_full reachable, its rule in tb/l2_harness.cpp), "follow" when only an L2 with
# DRRIP follower sets reaches it (l2.sets / l2.duel_leaders > 2) | sed expression; the
# bbit_ ones exist only with l1.mode = pcpred (the L2's bypass bit, SPEC 3.6), the drrip_ ones
# only with l2.replacement = drrip (SPEC 3.8: PSELs, leader sets, the BRRIP counter), the ucp_
# ones only with l2.replacement = ucp (UMONs, the lookahead FSM, the victim under a partition), the
# noalloc_ ones only with l1.mode = sacat (FG-CB's no-allocate reads, SPEC 3.7); "cpu" when only
# an L2 with CPU ports (system.cpu_cores > 0, SPEC 3.8) reaches it (owner bits, core ids >= P);
# "tap" when only an L2 with TAP (l2.replacement = tap_rrip) has it: the controller's module
# <name>_l2_tap (core sampling, XSRATIO's divider, the masks) or TAP-RRIP's rules; "tapucp" when
# only l2.replacement = tap_ucp has it (the wait for the decision, the GPU counters' divider,
# UCP-Mask's start, Core-POL1's no-allocate reads); "cut" (ucp) and "tapucpcut" (tap_ucp) when
# only a period that cuts every lookahead short reaches it (ucp_lookahead_cut_by_period hit)
case $kind in
duel) mutants=(
  "no_margin|margin_decides|s/^\( *localparam \[[0-9]*:0\] N_[A-Z0-9]* = \)\([0-9]*\)'[dh][0-9a-f]*;/\1\2'd0;/"
  "ge_not_gt|exact_tie|s/filter_d = d_sum\[\([0-9]*\)\] || (d_sum == \([0-9]*'[dh]0\));/filter_d = d_sum[\1];/"
  "empty_not_kept||s/if (interval_end \&\& leaders_active)/if (interval_end)/"
  "decision_inverted||s/filter_d = d_sum\[\([0-9]*\)\] || (d_sum == \([0-9]*'[dh]0\));/filter_d = !(d_sum[\1] || (d_sum == \2));/"
  "both_rise_dropped|filter_off|s/^\( *\)+ d_both;\$/\1;/"
) ;;
dwt) mutants=(
  "tie_to_higher|winner_tie|/assign win_oh_c\[1\] = /s/(tot1 > tot0)/(tot1 >= tot0)/"
  "detect_not_reset|detect_reset|s/^\( *\)det_d = .*;  \/\/ a quiet period restarts the count\$/\1det_d = det_q;/"
  "fifo_wraps_to_1|table_replace|s/slot_d = (slot_q == LastSlot) ? \([0-9]*\)'d0 :/slot_d = (slot_q == LastSlot) ? \1'd1 :/"
  "limit_not_capped|winner_capped|0,/\/\/ capped: core/s/& MaxLimit\(;*\)  \/\/ capped: core/\& (MaxLimit + 1'd1)\1  \/\/ capped: core/"
  "sum_overflows|sum_wide|s/^\( *\)wire \[[0-9]*:0\] sum_inst = /\1wire [15:0] sum_inst = /"
  "compare_ge|mpki_tie|s/wire thrash = (miss_side > inst_side);/wire thrash = (miss_side >= inst_side);/"
  "kstart_keeps_state|kstart_restore|s/state_d = StDetect;  \/\/ every core unthrottled/state_d = state_q;/"
  "count_wraps|count_saturated|s/assign s_inst\[gc\*16 +: 16\] = inst_inc\[16\] ? CountMax : /assign s_inst[gc*16 +: 16] = /"
  "reuse_ignored|reuse|s/end else if (hit) begin/end else if (1'b0) begin/"
  "one_sampling_period|sampling_period|s/if (sp_q != SampleLast) begin/if (1'b0) begin/"
  "kstart_not_cancelling|kstart_pending|s/pend_d\[1\] = pend_q\[0\] \& ~kernel_start_i;/pend_d[1] = pend_q[0];/"
  "kstart_end_decides|kstart_period_end|s/pend_d\[0\] = period_end \& ~kernel_start_i;/pend_d[0] = period_end;/"
) ;;
l2)
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
  "vbit_read_after_set|_meta.v||s/assign vbit_o = |(hit_vbits \& group_i);/assign vbit_o = 1'b1;/"
  "write_miss_merge_ignores_be|.v||s/req_be_q\[gb\] ? /1'b1 ? /"
  "no_init_sweep|.v||s/state_q <= SSweep;/state_q <= SRun;/"
  "line_stall_missing|_mshr.v||s/assign conflict_o = |hits;/assign conflict_o = 1'b0;/"
  "hit_not_touched|_meta.v|opt|s/wire touch = is_fill | hit_o;/wire touch = is_fill;/"
  "writeback_address_unhashed|.v|opt|s/wb_line = {meta_evict_tag, set_q ^ [a-z_]*\(\[[0-9:]*\]\)\{0,1\}};/wb_line = {meta_evict_tag, set_q};/"
  "bbit_stores_pred_not_decision|_meta.v|opt|s/\(w[0-9]*\)_bbit_d = pred_i \& ~w[0-9]*_bbit;/\1_bbit_d = pred_i;/"
  "bbit_pred_dropped_by_mshr|.v|opt|s/\.alloc_pred_i  (req_pred_q)/.alloc_pred_i  (1'b0)/"
  "bbit_returns_new_bit|_meta.v|opt|s/assign bbit_o = hit_bbit;/assign bbit_o = pred_i \& ~hit_bbit;/"
  "valid_waits_for_ready|_memq.v||s/assign valid_o = count_q != \([^;]*\);/assign valid_o = (count_q != \1) \& ready_i;/"
  "row_not_forwarded|.v||s/meta_row_in = fwd_row_hit_q ? /meta_row_in = 1'b0 ? /"
  "held_row_not_kept|.v||s/fwd_held_d = fwd_row;/fwd_held_d = fwd_wr_row_q;/"
  "hit_line_not_forwarded|.v||s/wire fwd_data_hit = fwd_data_hit_q \& /wire fwd_data_hit = 1'b0 \& /"
  "victim_line_not_forwarded|.v|1way|s/\& meta_evict_way_oh \& {\([0-9]*\){fwd_data_hit_q}};/\& meta_evict_way_oh \& {\1{1'b0}};/"
  "fill_ignores_full_memq|.v|fillfull|s/(rspq_full | (s1_fill_q \& memq_full))/(rspq_full)/"
  "mreq_dropped_when_full|.v|2mshrs|s/mreq_valid_d = memq_push | memq_full;/mreq_valid_d = memq_push;/"
  "mreq_pushed_twice|.v|2mshrs|s/mreq_valid_d = memq_push | memq_full;/mreq_valid_d = memq_push | memq_q_full;/"
  "mreq_overwritten_when_full|.v|2mshrs|s/mreq_d = memq_full ? mreq_q : /mreq_d = 1'b0 ? mreq_q : /"
  "request_behind_a_wait_decides|.v||s/if (s1_valid_q \& s1_squash_q) begin/if (1'b0) begin/"
  "merge_waiter_dropped|.v|opt|s/drain_cnt_d = mshr_rd_nwait;/drain_cnt_d = mshr_rd_nwait >> 1;/"
  "merge_waiters_out_of_order|_mshr.v|opt|s/nwait_q == Slot) ? join_id_i/nwait_q == (Slot ^ 1'b1)) ? join_id_i/"
  "merge_join_counted_as_miss|.v|opt|s/^\( *\)cnt_merged_inc = 1'b1;/\1cnt_read_misses_inc = 1'b1;/"
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
  "ucp_halved_before_snapshot|.v|opt|s/ucp_snap_d = ucp_period_end ? ucp_hits_now : ucp_snap_q;/ucp_snap_d = ucp_period_end ? ucp_hits_half : ucp_snap_q;/"
  "ucp_pending_count_lost_at_period_end|.v|opt|s/ = {1'b0, ucp_hits_now\[/ = {1'b0, ucp_hits_q[/g"
  "ucp_victim_ignores_partition|_meta.v|opt|s/victim_oh = ~ucp_under_q ? ucp_oldest_own_q : |ucp_over_q ? ucp_oldest_over :/victim_oh = 1'b0 ? ucp_oldest_own_q : 1'b0 ? ucp_oldest_over :/"
  "ucp_over_victim_is_set_lru|_meta.v|opt|s/ucp_oldest_over = ucp_over_ways \& ~ucp_older_over;/ucp_oldest_over = ucp_over_ways \& ucp_oldest_all_q;/"
  "ucp_victim_a_cycle_early|.v|opt|s/wire ucp_vhold = s1_valid_q \& s1_fill_q \& !ucp_vready_q;/wire ucp_vhold = 1'b0;/"
  "ucp_app_of_next_request|.v|opt|s/ucp_app_oh = ucp_app_oh_q;/ucp_app_oh = ucp_app_oh_d;/"
  "ucp_counted_without_access|.v|opt|s/ucp_pend_pos_d = {\([0-9]*\){ucp_access \& ucp_sampled}} \& ucp_pos_oh;/ucp_pend_pos_d = {\1{ucp_sampled}} \& ucp_pos_oh;/"
  "ucp_over_counts_at_allocation|_meta.v|opt|s/wire ucp_over0 = ucp_cnt0 > ucp_alloc0;/wire ucp_over0 = ucp_cnt0 >= ucp_alloc0;/"
  "ucp_atd_younger_not_aged|.v|opt|s/ + {[0-9]*'d0, ucp_e_younger\[umon_way\]}//"
  "ucp_counter_wraps|.v|opt|s/assign ucp_hits_plus\[At +: \([0-9]*\)\] = \&ucp_hits_q\[At +: [0-9]*\] ? /assign ucp_hits_plus[At +: \1] = 1'b0 ? /"
  "ucp_atd_not_forwarded|.v|opt|s/ucp_atd_in = ucp_fwd_hit_q ? /ucp_atd_in = 1'b0 ? /"
  "ucp_victim_stale_after_partition|.v|opt|s/ucp_vready_d = s1_valid_q \& s1_fill_q \& hold \& !ucp_part;/ucp_vready_d = s1_valid_q \& s1_fill_q \& hold;/"
  "ucp_lookahead_not_restarted|.v|cut|s/if (ucp_period_end) begin \/\/ (re)start on the snapshot/if (ucp_period_end \& ~|ucp_st_q) begin \/\/ (re)start on the snapshot/"
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
  "tap_victim_not_gpu_first|_meta.v|tap|s/= gpu_first_i \& |(rrpv_at \& rrpv_has_pf) ?/= 1'b0 \& |(rrpv_at \& rrpv_has_pf) ?/"
  "tap_sampling_fills_count_as_brrip|.v|tap|s/wire tap_use_brrip = ~tap_pol1 \& ~tap_pol2 \& /wire tap_use_brrip = /"
  "tap_mask_forces_gpu_leaders|.v|tap|s/wire tap_forced = tap_gpu \& tap_rrip_mask \& .*;/wire tap_forced = tap_gpu \& tap_rrip_mask;/"
  "tapucp_lookahead_not_cancelled|.v|tapucpcut|s/if (ucp_period_end) ucp_st_d = 3'd0; \/\/ waits for the next decision/if (1'b0) ucp_st_d = 3'd0; \/\/ waits for the next decision/"
  "tapucp_divider_step_lost|.v|tapucp|s/ucp_snap_d = ucp_period_end ? ucp_hits_now : ucp_snap_base;/ucp_snap_d = ucp_period_end ? ucp_hits_now : ucp_snap_q;/"
  "tapucp_division_skipped|.v|tapucp|s/wire tu_qbit = tu_ge;/wire tu_qbit = tu_top;/"
  "tapucp_division_of_a_cpu_app|.v|tapucp|s/localparam integer TuDivBase = [0-9]*;/localparam integer TuDivBase = 0;/"
  "tapucp_mask_gpu_not_one_way|.v|tapucp|s/ucp_a_d = tu_init_mask ? /ucp_a_d = 1'b0 ? /"
  "tapucp_mask_gpu_left_in_rounds|.v|tapucp|s/tu_last_k = ucp_k_q == (tu_mask_q ? /tu_last_k = ucp_k_q == (1'b0 ? /"
  "tapucp_pol1_reads_allocate|.v|tapucp|s/wire tu_noalloc = (req_core_q == \([0-9]*\)'d0) \& ~req_store_q;/wire tu_noalloc = 1'b0;/"
  "tapucp_previous_xsratio|.v|tapucp|s/tu_xs_d = tu_start ? tap_xsratio : tu_xs_q;/tu_xs_d = (tu_wait_q == 4'd2) ? tap_xsratio : tu_xs_q;/"
  "plru_hit_root_not_flipped|_meta.v|opt|s/plru_d\[0\] = ~sel_way\[\([0-9]*\)\];/plru_d[0] = is_fill ? ~sel_way[\1] : plru[0];/"
  "plru_victim_root_inverted|_meta.v|opt|s/assign plru_go\[0\] = plru\[0\];/assign plru_go[0] = ~plru[0];/"
  "plru_lower_nodes_point_at_way|_meta.v|opt|s/) plru_d\[\([0-9]*\)\] = ~sel_way\[\([0-9]*\)\];/) plru_d[\1] = sel_way[\2];/"
  "fifo_hit_renews_age|_meta.v|opt|s/wire touch = is_fill; \/\/ FIFO: only a fill renews a way's age/wire touch = is_fill | hit_o;/"
  "fifo_fill_ages_no_other_way|_meta.v|opt|/FIFO: only a fill renews/,\$ s/_repl_d = \(w[0-9]*\)_repl + \([0-9]*\)'d1;/_repl_d = \1_repl;/"
  "fifo_younger_read_as_older|_meta.v|opt|/FIFO: only a fill renews/,\$ s/\] < way_repl\[/] > way_repl[/"
  "tap_pol1_pol2_swapped|.v|tap|s/tap_pol1 = req_core_q == \([0-9]*\)'d0;/tap_pol1 = req_core_q == \1'd1;/;s/tap_pol2 = req_core_q == \([0-9]*\)'d1;/tap_pol2 = req_core_q == \1'd0;/"
)
;;
esac
# mut_skip NAME OPT: why the mutant NAME (l2: its OPT column) does not apply here, or nothing
mut_skip() {
  case $kind in
    duel|dwt) [ -n "$2" ] && grep -q " $2=n/a" "$work/run1.log" &&
      echo "equivalent for this config ($2 unreachable)" ;;
    l2) case $2 in
      1way) [ "$l2ways" != 1 ] && echo "reached only with one way" ;;
      2mshrs) [ "$l2mshrs" -lt 2 ] && echo "reached only with two MSHRs" ;;
      # with two MSHRs a fill never meets a full memory queue (2 requests wait at most), so
      # the mutant is equivalent there: skipped by the bin, as the harness rules it
      fillfull) grep -q " fill_held_memq_full=[0-9]" "$work/run1.log" ||
        echo "reached only where a fill can meet a full memory queue (3 MSHRs or more)" ;;
      cpu) [ "$cpus" = 0 ] && echo "reached only with CPU ports" ;;
      tap) grep -q "^  replacement: tap_rrip" "$out/config.yaml" ||
        echo "reached only with l2.replacement = tap_rrip" ;;
      tapucp) grep -q "^  replacement: tap_ucp" "$out/config.yaml" ||
        echo "reached only with l2.replacement = tap_ucp" ;;
      # a running lookahead cut short by the period end (ucp restarts it, tap_ucp cancels it):
      # only where every lookahead is cut (the bin's rule, core/reach.h), else equivalent
      cut|tapucpcut) pol=ucp; [ "$2" = cut ] || pol=tap_ucp
        grep -q "^  replacement: $pol\$" "$out/config.yaml" &&
          grep -q " ucp_lookahead_cut_by_period=[0-9]" "$work/run1.log" ||
          echo "reached only where $pol's period cuts every lookahead" ;;
      follow) { [ -z "$l2leaders" ] || [ $((l2sets / l2leaders)) -le 2 ]; } &&
        echo "reached only with DRRIP follower sets" ;;
      esac ;;
  esac
  return 0
}
what="a mutant here"; [ "$kind" = l2 ] && what="an L2 mutant"
for w in ${MUTANT_PICK:-}; do # make test's sample (tb/test_all.sh): only the mutants named
  printf '%s\n' "${mutants[@]}" | cut -d'|' -f1 | grep -qx -- "$w" ||
    notok "MUTANT_PICK names '$w', which is not $what"
done
pick=" ${MUTANT_PICK:-} "
t=$(ms)
caught=0; tried=0; stale=0
# shellcheck source=tb/mutant_catch.sh
. "$root/tb/mutant_catch.sh"
for m in "${mutants[@]}"; do
  if [ "$kind" = l2 ]; then IFS='|' read -r mname suffix opt expr <<<"$m"
  else IFS='|' read -r mname opt expr <<<"$m"; suffix=.v; fi
  [ "$kind" != l2 ] || [ -z "${L2_MUTANT_ONLY:-}" ] || [ "${mname#"$L2_MUTANT_ONLY"}" != "$mname" ] || continue
  [ -z "${MUTANT_PICK:-}" ] || [[ $pick == *" $mname "* ]] || continue
  why=$(mut_skip "$mname" "$opt")
  if [ -n "$why" ]; then echo "  mutant $mname: $why, skipped"; continue; fi
  d="$work/mut_$mname"
  if [ "$kind" = l2 ]; then # the whole output directory, one file mutated
    rm -rf "$d"; cp -r "$out" "$d"; mdir=$d; mfile="$d/$mod$suffix"
    sed -i "$expr" "$mfile"
    if cmp -s "$mfile" "$out/$mod$suffix"; then
      [ "$opt" = opt ] || notok "mutant $mname: the mutation did not apply"
      echo "  mutant $mname: not in this configuration, skipped"; rm -rf "$d"; continue
    fi
  else # the module alone
    tried=$((tried + 1))
    mkdir -p "$d"; mdir=$out; mfile="$d/$mod.v"
    sed "$expr" "$out/$mod.v" >"$mfile"
    cmp -s "$mfile" "$out/$mod.v" && notok "mutant $mname: the mutation did not apply"
    [ "$kind" != dwt ] || [ "$(diff "$out/$mod.v" "$mfile" | grep -c '^>')" = 1 ] ||
      notok "mutant $mname: edits more than one line"
  fi
  if [ "$kind" = l2 ]; then
    CG_BUILD_CACHE= build "$d" "$d/vl" >/dev/null 2>&1 || notok "mutant $mname did not build"
  else
    CG_BUILD_CACHE= build "$out" "$d/vl" "$mfile" >/dev/null 2>&1 ||
      { cat "$d/vl/build.log"; notok "mutant $mname did not build"; }
  fi
  hit=0
  for s in 1 2; do
    # shellcheck disable=SC2046
    if ! "${nice[@]}" "$d/vl/$bin" +dir="$mdir" +seed=$s $(case $kind in l2) echo "+requests=$requests" ;;
           *) echo "+cycles=$cycles" ;; esac) >"$d/run$s.log" 2>&1 &&
       grep -q "^MISMATCH" "$d/run$s.log"; then hit=1; break; fi
  done
  [ $hit = 1 ] || notok "mutant $mname survived the harness"
  caught=$((caught + 1))
  case $kind in
    l2) why=$({ grep -m1 -e '<-- differs' "$d/run$s.log" || grep -m1 expected "$d/run$s.log"; } |
              sed 's/^ *//' | cut -c1-70)
        echo "  mutant $mname caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c10-60)... $why" ;;
    duel) echo "  mutant $mname caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c1-100)" ;;
    dwt) echo "  mutant $mname caught: $(grep -m1 '^MISMATCH' "$d/run$s.log" | cut -c1-110)" ;;
  esac
  catch_note "$kind" "$mname" "$(catch_check_of "$d/run$s.log")" || stale=$((stale + 1))
  [ "$kind" != l2 ] || rm -rf "$d/vl"
done
[ "$kind" = l2 ] && stage mutants "$t"
[ $stale = 0 ] || notok "$stale mutants caught by another check than tb/catch_matrix.tsv says"
[ -z "${MUTANT_PICK:-}" ] || need=1 # a sample names fewer
case $kind in
  l2) [ $caught -ge $need ] || notok "only $caught mutants caught (need $need)"
      echo "ok - l2 $mod" ;;
  duel) [ $caught -ge $need ] || notok "only $caught mutants apply to this config (need $need)"
      echo "ok - duel $name (interval $len, $cycles cycles x 2 seeds, $caught/$tried mutants" \
        "caught, $(( ($(date +%s%N) - start) / 1000000 )) ms)" ;;
  dwt) [ $caught -ge $need ] || notok "only $caught mutants apply to this config (need $need)"
      echo "ok - dwt $name (period $len, $cycles cycles x 2 seeds, $caught/$tried mutants caught," \
        "$(( ($(date +%s%N) - start) / 1000000 )) ms)" ;;
esac
