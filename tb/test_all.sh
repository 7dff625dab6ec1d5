#!/usr/bin/env bash
# test_all.sh: every check of the project, as ONE list of steps in three tiers (docs/verification.md
# "Test tiers"). Each step has a stable id, a tier and feature tags:
#   check  `make check`: unit, CLI and config tests, the golden RTL, one short L1 lockstep (~3 min)
#   test   `make test` (README, CI): check + every feature at smoke depth, a sample of each
#          mutant family, one cost report with OpenSTA, the quick formal proof
#   full   `make test-full`: test + every mutant, every preset with Icarus at full depth, the
#          random sample, all cost and policy tables, formal --deep, fuzzing for longer
# A tier runs its own steps and those of the tiers below it (check ⊂ test ⊂ full). Depth follows
# the tier: below full, a step runs its smoke depth (MUTANT_PICK samples, one lockstep seed,
# shorter Icarus runs; make check: no Icarus); `full` runs today's whole depth.
#
# usage: tb/test_all.sh [--tier check|test|full] [--feature TAG] [--only ID[,ID...]] [-j JOBS]
#                       [--local | --slurm] [--list] [--report] [-h]
#   --tier T      (env TIER, default test) the steps of tier T and below
#   --feature F   (env FEATURE) the steps tagged F, whatever their tier, at T's depth (default
#                 test; full with --tier full): e.g. ucp, l2, mutants, synth
#   --only IDS    just these steps (their tier's depth unless --tier full), keeping the other
#                 results in the work folder (tb/regress runs a step this way)
#   -j JOBS       (env JOBS, default 1) steps run JOBS at a time, each logged, printed when done
#   --slurm       through tb/regress --steps, a Slurm job array of one task per step (default for
#                 --tier full when sbatch is on PATH and a controller answers; --local: never)
#   --list        print id, tier, tags and description of the selected steps (default: all)
#   --picks       print each step's id, tier and mutant sample (MUTANT_PICK; * = all), for
#                 tb/catch_matrix.sh
#   --report      only summarize what the work folder holds (after a Slurm run)
# Every step prints "=== ID: description" when it starts and "=== PASS|FAIL ID: description
# (N s)" when it ends, and "=== ID: still running, N s" when it has been silent for a minute.
# The Yosys cost steps and the long steps that read only built binaries (formal, fuzz, axi,
# sysim mutants, the SRAM macro check: bstep) run in one background lane beside the others and are reported, in order,
# at the end; the lanes are balanced so that make test's wall clock is the longer lane's. Writes build/test/summary.md (step, tier, result, seconds) and
# build/test/junit.xml; each step's log is build/test/steps/ID.log. Ends with "N passed, M failed".
# Environment: PRESET_SEEDS, REQUESTS (L1 lockstep), MIN_EVENTS, COVER_MARGIN (below full: 10000,
# each lockstep seed ends that many requests after its last bin is hit), RANDOM_CONFIGS=N (seeds 1..N as
# the random sample, make soak), TEST_WORK (the work folder, default build/test).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=${TEST_WORK:-build/test}
die() { echo "test_all: $*" >&2; exit 2; }
tier=${TIER:-test}; feature=${FEATURE:-}; only=${ONLY:+ ${ONLY//,/ }}; jobs=${JOBS:-1}; mode=run; runner=auto
tier_given=${TIER:+1}
while [ $# -gt 0 ]; do
  case $1 in
    --tier) [ $# -ge 2 ] || die "--tier needs a value"; tier=$2; tier_given=1; shift 2 ;;
    --feature) [ $# -ge 2 ] || die "--feature needs a value"; feature=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || die "--only needs a step id (--list)"; only="$only ${2//,/ }"; shift 2 ;;
    -j) [ $# -ge 2 ] || die "-j needs a value"; jobs=$2; shift 2 ;;
    --list) mode=list; shift ;;
    --ids) mode=ids; shift ;;
    --picks) mode=picks; shift ;;
    --report) mode=report; shift ;;
    --local) runner=local; shift ;;
    --slurm) runner=slurm; shift ;;
    -h|--help) sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (allowed: --tier, --feature, --only, -j, --list, --report, --local, --slurm, --help)" ;;
  esac
done
case $tier in check|test|full) ;; *) die "TIER (--tier) = '$tier': allowed are check, test, full" ;; esac
[[ $jobs =~ ^[1-9][0-9]{0,2}$ ]] || die "JOBS (-j) = '$jobs': a number from 1 to 999"
[[ $feature =~ ^[a-z0-9_-]*$ ]] || die "FEATURE (--feature) = '$feature': a tag of lowercase letters, digits, - and _ (--list shows them)"
# --list with no tier given lists every step
[ "$mode" = list ] && [ -z "$tier_given" ] && [ -z "$feature" ] && tier=full
rank() { case $1 in check) echo 0 ;; test) echo 1 ;; *) echo 2 ;; esac; }
tier_rank=$(rank "$tier")
# depth: full runs every step at today's whole depth; below it, smoke depth
depth=smoke; [ "$tier" = full ] && depth=full
# Lockstep runs at smoke depth are sized by their coverage (COVER_MARGIN: a seed ends that many
# requests after every reachable bin is hit, REQUESTS being the most); full depth runs them all.
if [ "$depth" = full ]; then
  : "${PRESET_SEEDS:=3}" "${REQUESTS:=130000}" "${MIN_EVENTS:=200000}" "${COVER_MARGIN:=0}"
  icarus_requests=2000; xsim_full=3000; smoke_seconds=60; formal_args=--deep
else
  : "${PRESET_SEEDS:=1}" "${REQUESTS:=130000}" "${MIN_EVENTS:=0}" "${COVER_MARGIN:=10000}"
  icarus_requests=500; xsim_full=0; smoke_seconds=12; formal_args=--quick
  # make check: the L1 lockstep alone (Icarus and the cross-simulator replay are make test's)
  [ "$tier" = check ] && icarus_requests=0
fi
# exported as make exports them (its `export REQUESTS`), so that a step run by this script
# directly sizes its lockstep runs as under make test
export REQUESTS MIN_EVENTS COVER_MARGIN
export -n MUTANT_PICK 2>/dev/null; unset MUTANT_PICK
# ccache for every Verilator build (the harness build scripts pass OBJCACHE to Verilator's make)
command -v ccache >/dev/null && export OBJCACHE=${OBJCACHE-ccache}
# one Verilator build per set of inputs: a harness built before (same RTL, sources, flags) is
# copied from this cache (tb/harness_build.sh hb_key); mutants are built afresh and not kept
export CG_BUILD_CACHE=${CG_BUILD_CACHE-$root/build/vlcache}
[ -x build/randcfg ] && [ -x build/cachegen ] || die "build/cachegen and build/randcfg are missing: make all first"
# The presets checked in lockstep (the Makefile's PRESETS); GEN_ONLY_PRESETS are generated only.
presets=$(sed -n 's/^PRESETS := //p' Makefile)

# ---- the sample of each mutant family that smoke depth runs (MUTANT_PICK, per step id) -------
# Chosen so that every check a family guards keeps a mutant that this check catches (for sysim:
# that it alone catches), proven by tb/catch_matrix.sh from tb/catch_matrix.tsv (step
# catch-matrix; docs/verification.md "Test tiers"); full depth runs every mutant.
declare -A pick=(
  [sysim-mutants]="accel_gpu_trace_not_refused cpu_ports_zero_unchecked flush_not_refused l1_hit_takes_l2_latency partitions_not_counted sacat_not_refused tap_mask_counted_as_friendly tap_xsratio_summed_as_ratio_of_one timing_trailing_garbage_accepted cpu_trace_count_unchecked decoupled_bypass_never_completed gpu_cores_issue_in_reverse requesters_misnamed timing_range_unchecked timing_value_missing_unchecked"
  [duel-1]="no_margin decision_inverted"
  [dwt-1]="tie_to_higher fifo_wraps_to_1 kstart_not_cancelling"
  [l2-lru]="vbit_not_set_on_read dirty_not_set_by_write_hit write_miss_merge_ignores_be valid_waits_for_ready hit_not_touched"
  [l2-srrip]="merge_waiter_dropped writeback_address_unhashed mreq_pushed_twice held_row_not_kept"
  [l2-pric]="victim_line_not_forwarded"
  [l2-bbit]="bbit_stores_pred_not_decision"
  [l2-drrip]="drrip_psel_wraps_at_top drrip_brrip_every_16th drrip_follower_reads_next_psel_bit"
  [l2-cpu]="cpu_owner_written_as_gpu cpu_read_sets_victim_bits"
  [l2-ucp]="ucp_lookahead_tie_to_highest_app ucp_counters_not_halved ucp_victim_ignores_partition"
  [l2-tap]="tap_divider_off_by_one tap_mask_not_forcing_brrip tap_decision_a_cycle_early"
  [l2-tapucp]="tapucp_division_skipped tapucp_pol1_reads_allocate"
  [sysmut-cpu]="cpu_rsp_to_wrong_port cpu_owner_written_as_gpu cpu_rsp_ready_of_l1_0"
  [sysmut-ucp]="ucp_partition_event_dropped ucp_period_not_running"
  [sysmut-tap]="tap_retired_cores_0_1_swapped tap_tick_not_passed_out"
  [sysmut-pcpred]="l1s_get_victim_bit_not_bypass_bit arbiter_grants_two_at_once slice_head_replaced_while_waiting"
  [mutation]="lru_hit_not_touched byte_enable_ignored no_init_sweep evict_counter_stuck memq_valid_withdrawn dec_bypass_fill_installs gc_switch_never_set pp_bypass_ignores_l2_bit merge_waiter_dropped fg_noalloc_not_sent fg_hit_counts_as_miss"
)

# ---- the runner -------------------------------------------------------------------------------
steps_dir=$work/steps
declare -A seen=()
nsel=0
selected() { # ID TIER TAGS: is this step in the run?
  if [ -n "$only" ]; then [[ " $only " == *" $1 "* ]]; return; fi
  if [ -n "$feature" ]; then [[ " $3 " == *" $feature "* ]]; return; fi
  [ "$(rank "$2")" -le "$tier_rank" ]
}
progress() { # PID LOG ID T0: "still running" after each minute the step's log did not grow
  local size last=-1 quiet=0
  while kill -0 "$1" 2>/dev/null; do
    sleep 5
    size=$(stat -c %s "$2" 2>/dev/null || echo 0)
    if [ "$size" = "$last" ]; then quiet=$((quiet + 5)); else quiet=0; last=$size; fi
    if [ "$quiet" -ge 60 ]; then
      echo "=== $3: still running, $(( $(date +%s) - $4 )) s"; quiet=0
    fi
  done
}
exec_step() { # STREAM ID DESC CMD...: runs CMD; its output to steps/ID.log (STREAM=1: and here)
  local stream=$1 id=$2 desc=$3 t0 rc pid tk log; shift 3
  log=$steps_dir/$id.log
  rm -f "$steps_dir/$id.rc" "$steps_dir/$id.secs" "$steps_dir/$id.catch"
  : >"$log"; t0=$(date +%s)
  [ "$stream" = 1 ] && echo "=== $id: $desc"
  # CG_STEP and CATCH_RECORD: the mutant scripts compare each catch with tb/catch_matrix.tsv
  ( export MUTANT_PICK="${mutant_pick:-}"; [ -n "$MUTANT_PICK" ] || unset MUTANT_PICK
    CG_STEP=$id CATCH_RECORD=$(cd "$steps_dir" && pwd)/$id.catch; export CG_STEP CATCH_RECORD
    "$@" ) >>"$log" 2>&1 </dev/null &
  pid=$!
  progress "$pid" "$log" "$id" "$t0" &
  tk=$!
  [ "$stream" = 1 ] && tail -n +1 -s 0.1 -f --pid="$pid" "$log" 2>/dev/null
  wait "$pid"; rc=$?
  kill "$tk" 2>/dev/null; wait "$tk" 2>/dev/null
  echo $(( $(date +%s) - t0 )) >"$steps_dir/$id.secs"
  echo "$rc" >"$steps_dir/$id.rc"
  return "$rc"
}
verdict() { # ID DESC: the closing line of a step from its record
  local rc secs
  rc=$(cat "$steps_dir/$1.rc" 2>/dev/null || echo none); secs=$(cat "$steps_dir/$1.secs" 2>/dev/null || echo 0)
  if [ "$rc" = 0 ]; then echo "=== PASS $1: $2 ($secs s)"; else echo "=== FAIL $1: $2 ($secs s)"; fi
}
_step() { # BG ID TIER TAGS DESC CMD...
  local bg=$1 id=$2 st=$3 tags=$4 desc=$5; shift 5
  [ -z "${seen[$id]:-}" ] || die "step id '$id' is used twice (tb/test_all.sh)"
  seen[$id]=1
  case $st in check|test|full) ;; *) die "step $id: tier '$st' (allowed: check, test, full)" ;; esac
  selected "$id" "$st" "$tags" || return 0
  nsel=$((nsel + 1))
  local mutant_pick=""
  [ "$depth" = full ] || mutant_pick=${pick[$id]:-}
  case $pass in
    list) printf '%-21s %-5s %-34s %s\n' "$id" "$st" "$tags" "$desc" ;;
    ids) echo "$id" ;;
    picks) printf '%s\t%s\t%s\n' "$id" "$st" "${pick[$id]:-*}" ;;
    tags) echo "$tags" ;;
    lane) [ "$bg" = 1 ] && exec_step 0 "$id" "$desc" "$@" ;;
    fg) [ "$bg" = 1 ] && [ "$inline_bg" = 0 ] && echo "=== $id: in the background lane, reported at the end" && return 0
        exec_step 1 "$id" "$desc" "$@"; verdict "$id" "$desc" ;;
    par) # first the long steps (first), then the others (rest): see "the run" below
         if [ "$ppass" = first ]; then first_step "$bg" "$id" || return 0
         else ! first_step "$bg" "$id" || return 0; fi
         while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
         echo "=== $id: $desc (started)"
         { exec_step 0 "$id" "$desc" "$@"; cat "$steps_dir/$id.log"; verdict "$id" "$desc"; } & ;;
    report) report_step "$bg" "$id" "$st" "$desc" ;;
  esac
  return 0
}
step() { _step 0 "$@"; }
first_step() { # BG ID: does this step start in -j's first round (a long one)?
  if [ "$long_ids" != "  " ]; then [[ $long_ids == *" $2 "* ]]; else [ "$1" = 1 ]; fi
}
bstep() { _step 1 "$@"; }

# ---- the steps: the one list (id, tier, tags, description, command) -----------------------
steps() {
step unit-bv check "unit" "unit: bit vectors against a bit-by-bit reference (cmocka)" build/test_bv
step unit-num check "unit" "unit: the checked number parser (cmocka)" build/test_num
step core-layers check "core structure" "core: includes and calls nothing of gen, cmodel, tb, synth; no call loop (5 broken copies caught)" core/test_check_layers.sh "$work/core_layers"
step unit-cm-l1 check "unit l1" "unit: C model against hand-worked expectations (cmocka)" build/test_cm_l1
step unit-cm-dec check "unit decoupled" "unit: decoupled tag store against hand-worked expectations (cmocka)" build/test_cm_dec
step unit-cm-l2 check "unit l2" "unit: L2 slice with victim bits against hand-worked expectations (cmocka)" build/test_cm_l2
step unit-cm-gcache check "unit gcache" "unit: G-Cache L1 rules and paper 000's Figure 7 walk (cmocka)" build/test_cm_gcache
step unit-cm-pcpred check "unit pcpred" "unit: PC bypass predictor and the L2 bypass bit, SPEC 3.6 by hand (cmocka)" build/test_cm_pcpred
step unit-cm-duel check "unit duel decoupled" "unit: SM-dueling model against hand-worked expectations (cmocka)" build/test_cm_duel
step unit-cm-drrip check "unit drrip tap" "unit: thread-aware DRRIP leaders, PSELs, BRRIP's 32nd insertion, SPEC 3.8 by hand (cmocka)" \
  build/test_cm_drrip
step unit-cm-umon check "unit ucp tap" "unit: UCP utility monitors, a hit at each LRU position and halving, by hand (cmocka)" \
  build/test_cm_umon
step unit-cm-ucp check "unit ucp tap" "unit: UCP lookahead partitions with ties and victims under a partition, by hand (cmocka)" \
  build/test_cm_ucp
step unit-cm-tap check "unit tap" "unit: TAP core sampling, the XSRATIO table, TAP-RRIP and TAP-UCP, by hand (cmocka)" \
  build/test_cm_tap
step unit-cm-dwt check "unit dwt sacat" "unit: DWT-CS model against hand-worked expectations (cmocka)" build/test_cm_dwt
step unit-cm-fgcb check "unit sacat" "unit: FG-CB model (sacat L1): counts, decisions, window, kernel start, by hand (cmocka)" \
  build/test_cm_fgcb
step unit-ir check "unit" "unit: the emitter IR printer, each node kind against hand-written text (cmocka)" build/test_ir_print
step unit-ir-mutants test "unit" "unit: 24 broken copies of the IR printer and builders, each caught by test_ir_print" \
  gen/test_ir_print_mutants.sh "$work/ir_mutants"
step unit-pric check "unit pric" "unit: PRIC polynomials, H matrix, stride property (cmocka)" build/test_pric
step unit-slice check "unit slices pric" "unit: the L2 slice map (modulo, xor, pric) against counting, field folds and GF(2) division; reachability, inverse, key errors (cmocka)" build/test_slice
step sim-fast check "cachesim unit" "cachesim: fast path = model, hand-computed stats, formats, compression (cmocka)" build/test_sim
step sim-accel check "cachesim unit" "cachesim: Accel-Sim traceg parser on handwritten traces (cmocka)" build/test_trace_accel
step sim-workload check "cachesim unit" "cachesim: workload generator properties (cmocka)" build/test_workload
step cachesim-cli check "cachesim cli" "cachesim: CLI, sweep and bad input" cmodel/test_cachesim.sh build/cachesim
step sysim-progress test "sysim progress" "sysim: progress lines on a terminal during a long run, none into a pipe, the same statistics" \
  cmodel/test_progress.sh "$work/sysim-progress"
step sysim-hetero check "sysim cpu tap" "sysim: heterogeneous CPU+GPU runs on the cycle model, by hand, and bad input" \
  cmodel/test_sysim_hetero.sh build/sysim build/cachesim
step sysim-slices check "sysim slices" "sysim: S L2 slices: S modulo slices of 1/S the sets equal one slice count for count, every slice reached, strides, capacity, TAP, bad keys, no RTL" \
  cmodel/test_sysim_slices.sh build/sysim build/cachegen
step slice-mutants test "sysim slices mutants" "slices: 16 mutants of the slice map and the sliced system model caught by test_slice and test_sysim_slices" \
  cmodel/slice_mutants.sh build
bstep xbar test "slices xbar lockstep" "xbar: the crossbar alone (4 sources x 3 slices, 3 slots): lint, Icarus, Yosys latches, lockstep against cm_xbar, 3 seeds" \
  tb/xbar_check.sh "$work/xbar" 4 3 3 37 19 3 60000
step xbar-mutants full "slices xbar mutants" "xbar: 3 x 2 crossbar: 6 mutants (grant to a busy slice, a lost request, a response to the wrong source, round-robin pointers stuck, youngest slot first) caught" \
  env MUTANTS=1 tb/xbar_check.sh "$work/xbar_mut" 3 2 3 37 19 2 50000
bstep sysim-mutants test "sysim cpu tap mutants" "sysim: mutants of the cycle model and CPU ports caught by the checks above" \
  cmodel/sysim_mutants.sh build
step cli check "cli" "cli: bad input, presets, YAML, determinism" gen/test_cli.sh build/cachegen
step cli-norm check "cli config" "cli: normalized config (only the design's keys, resolved, hashed) regenerates the same bytes" \
  gen/test_config_norm.sh 60
step docs-keys check "docs cli config" "docs: configuration.md's key table is cachegen keys --markdown's, from core/cfg.c's \
key table (a removed row, an edited default, a removed value and lost markers caught)" tb/check_doc_keys.sh build/cachegen "$work/doc_keys"
step cli-outdir check "cli" "cli: output directory keeps user files, atomic swap, lock, killed runs cleaned" \
  gen/test_outdir.sh build/cachegen
# ---- robustness (issue 33, docs/security.md): no lost file, no shell, no hang ---------------
step robust-options check "robust cli" "robust: one option rule in every tool: an option or --set key given twice refused naming \
both, a value is never another option (-o --version writes nothing)" gen/test_options.sh build
step robust-gen check "robust cli config" "robust: manifest names outside the folder refused before any delete, one size rule, \
YAML keys given twice, write errors name the file (a full tmpfs, ulimit -f)" gen/test_robust_gen.sh build
step robust-readers check "robust cachesim sysim" "robust: endless, NUL-filled, empty, read-twice and unwritable inputs and \
outputs of cachesim, sysim and cachegen pric end at once with a message" cmodel/test_robust_readers.sh build
step robust-tb test "robust regress install synth" "robust: tb/regress writes only into a folder it made, make install/uninstall \
by an install manifest under any PREFIX, make synth/regress variables never reach a shell" tb/test_robust_tb.sh "$work/robust_tb"
step robust-harness test "robust harness l1 l2" "robust: a harness refused for a bad +dir keeps +evlog/+stimout files, \
names a +dir of another configuration (L1, L2) and a full disk; synth/report.sh and make regress keep what is not theirs" \
  tb/test_robust_harness.sh "$work/robust_harness"
step robust-verify-paths test "robust verify" "robust: cachegen verify in work folders and install trees named with spaces, \
quotes, ';', backticks and \$(...): builds pass and no command runs" gen/test_verify_paths.sh "$work/verify_paths"
step pkg test "ip package" "ip: FuseSoC core (parse, Verilator lint, Icarus), pkg + template in a user wrapper, --version" \
  gen/test_pkg.sh "$work/pkg"
step pkg-two test "two caches in one design" "ip: two generated L1s in one FuseSoC SoC: inherited waivers (-Wall clean), Icarus simulation, one SRAM primitive" \
  gen/test_two_caches.sh "$work/pkg-two"
sram_lock=l1; [ "$depth" = full ] && sram_lock=all
bstep sram-macro test "ip sram" "ip: the arrays on a user's SRAM macro (sram.*): 4 macros x 6 array shapes lint clean and equal cachegen_sram_1r1w in Icarus, 7 wrapper mutants caught, lockstep on a 16 x 256 macro (full depth: L1, a 64-set 4-way L2, system), a broken wrapper fails verify --rtl" \
  env SRAM_LOCKSTEP="$sram_lock" tb/check_sram_macro.sh "$work/sram_macro"
step readme test "output READMEs" "ip: every output folder's README.md names its files and its lint and FuseSoC commands run as printed" \
  gen/test_readme.sh "$work/readme"
step install test "install package" "install: make install DESTDIR, the installed cachegen verify outside the tree, man pages, \
examples (generate, lint, their presets; the custom L1 in lockstep), broken installs caught" \
  gen/test_install.sh "$work/install"
step docs-timing test "docs l1" "docs: the WaveDrom timing diagrams of docs/l1.md are what fermi-l1's RTL does now, and render to SVG" \
  tb/timing_diagrams.sh --check "$work/timing"
step diagrams test "diagrams of a configuration" "docs: make diagrams' WaveDrom diagrams of a user's configuration (li-decoupled), titles checked against the waves" \
  tb/test_diagrams.sh "$work/diagrams"
step cocotb test "cocotb ip" "cocotb: examples/cocotb on Icarus (fermi-l1; hits, miss and fill, backpressure) against the C \
model through ctypes, results.xml complete; a data-bit and a valid-withdrawal mutant fail it" \
  tb/check_cocotb.sh "$work/cocotb"
axi_ops=$([ "$depth" = full ] && echo 400 || echo 100) # loads and stores a test (make test: 100)
bstep axi test "axi cocotb ip" "axi: <name>_axi (three configurations) and the L2's bridge <name>_l2_axi (two) against cocotbext-axi's AxiRam (pauses on every channel, reordered interleaved reads, SLVERR); WSTRB, beat-order and hazard mutants of each fail it" \
  env AXI_OPS="$axi_ops" tb/check_axi.sh "$work/axi"
axi_seeds=$([ "$depth" = full ] && echo 2 || echo 1)
step axi-lockstep test "axi lockstep ip" "axi lockstep: <name>_axi against the C model behind an AXI4 slave and protocol \
monitor of the harness's own (failed reads, interleaved out-of-order beats, late B; three configurations); hold, error-bit, \
WLAST, ARLEN and ARVALID mutants caught" tb/check_axi_lockstep.sh "$work/axi_lockstep" "$axi_seeds"
bstep fuzz test "fuzz" "fuzz: kept crash inputs replayed, then 12 s of libFuzzer per target (60 s at full depth; ASan, UBSan)" env SMOKE_SECONDS="$smoke_seconds" tb/fuzz/smoke.sh
# shellcheck disable=SC2086
step golden check "golden config" "golden: shipped preset RTL and determinism" tb/check_golden.sh "$work/golden" $presets \
  $(sed -n 's/^GEN_ONLY_PRESETS := //p' Makefile)
# Every preset in lockstep (PRESET_SEEDS seeds), on Icarus, and replayed on Icarus from a Verilator
# run (cross-simulator). make check: fermi-l1 (the short L1 lockstep); make test: one preset per
# L1 mode or mechanism (fermi-l1 also replays across simulators); test-full: all, full depth.
preset_tags() { # PRESET: the features a preset exercises
  case $1 in
    fermi-l1) echo "l1 baseline lru" ;; gcn-l1) echo "l1 baseline lru" ;;
    fermi-l1-pric) echo "l1 pric" ;; li-decoupled) echo "l1 decoupled duel" ;;
    gcache-system) echo "l1 gcache" ;; tian-gcn) echo "l1 pcpred" ;; gtx480-l1) echo "l1 merge" ;;
    sacat-fermi) echo "l1 sacat dwt" ;;
    *) echo l1 ;;
  esac
}
for p in $presets; do
  case $p in fermi-l1) st=check ;; gcn-l1|gtx480-l1) st=full ;; *) st=test ;; esac
  # the cross-simulator replay: every preset at full depth, fermi-l1 below it
  xs=3000; [ "$depth" = full ] || { [ "$p" = fermi-l1 ] && [ "$tier" = test ] && xs=1000 || xs=0; }
  step "preset-$p" "$st" "preset $p $(preset_tags "$p")$([ "$p" = fermi-l1 ] && echo " xsim")" "preset $p: lint, yosys, lockstep, icarus" \
    tb/check_config.sh "$work/$p" "$PRESET_SEEDS" "$REQUESTS" "$icarus_requests" "$xs" -- --preset "$p"
done
# ---- random configurations (tb/run_random.sh; kinds and draws: tb/randcfg.c) ----------------
# make test: a fixed sample of 10 L1s, 3 L2 slices and 3 systems, the first seeds of each kind;
# make soak (RANDOM_CONFIGS=N): seeds 1..N, every kind. The first 4 L1s also get the cross-simulator check. REQUESTS is the L1's;
# an L2 takes a quarter of it, a system a sixth per core (today's 30000 and 20000 by default).
# Seeds of the newest draw left out of the sample while they end in a coverage hole that is a
# harness's traffic or reachability rule, not an RTL fault (issue 37: fixed there, then put
# back; docs/verification.md "Draw 3's holes"): none now. Draw 3's seed 12 (a tap_ucp L2 slice,
# 4 of 512 sets sampled by the UMONs, alpha 100) is back since the L2 harness's hot set is a
# sampled set half the time and core/reach.h rules the GPU held to one way; seed 3 (a pcpred
# L1 of 8,192 lines) since tb/mech_tb_pcpred.h asks for flush-free stretches.
open_holes=" "
sample_seeds() { # the first 10 l1, 3 l2 and 3 system seeds, in seed order, open_holes left out
  local s=0 n1=0 n2=0 n3=0 kind
  while [ $((n1 + n2 + n3)) -lt 16 ]; do
    s=$((s + 1)); kind=$(build/randcfg --kind "$s")
    [[ $open_holes == *" $s "* ]] && continue
    case $kind in
      l1) [ $n1 -lt 10 ] && { n1=$((n1 + 1)); echo "$s"; } ;;
      l2) [ $n2 -lt 3 ] && { n2=$((n2 + 1)); echo "$s"; } ;;
      *) [ $n3 -lt 3 ] && { n3=$((n3 + 1)); echo "$s"; } ;;
    esac
  done
}
step catch-matrix check "mutants" "catch matrix: make test's mutant sample keeps, for every check each family guards, a mutant \
that check catches (tb/catch_matrix.tsv, from make test-full); a cut sample, a stale name, a family without a mutant and a \
changed catch are refused" tb/test_catch_matrix.sh "$work/catch_matrix"
step randcfg check "random config" "randcfg: seeds 1..300 legal through cachegen, every kind, mode, 1024 sets, L2 and system keys" \
  tb/check_randcfg.sh "$work/randcfg" 300
step corners test "config lint" "corners: every legal 1-entry, 1-way and 1-bit corner of every mechanism (FG-CB and DWT-CS \
tables of one entry, 1-way L1s and L2s, 1-bit counters, one CPU port, TAP at 3 cores) lints clean with its waivers" \
  tb/check_corners.sh "$work/corners"
if [ -n "${RANDOM_CONFIGS:-}" ]; then random_sample=$(seq 1 "$RANDOM_CONFIGS")
else random_sample=$(sample_seeds); fi
# make test runs the first L1, the first L2 slice and the first system of the sample (their
# cross-simulator replay only at full depth); test-full all 16 (RANDOM_CONFIGS: all full).
nl1=0; nl2=0; nsys=0
for s in $random_sample; do
  kind=$(build/randcfg --kind "$s")
  case $kind in
    l1) nl1=$((nl1 + 1)); req=$REQUESTS; xs=$([ "$nl1" -le 4 ] && echo 3000 || echo 0)
        st=$([ "$nl1" -le 1 ] && echo test || echo full) ;;
    l2) nl2=$((nl2 + 1)); req=$((REQUESTS / 4)); xs=0; st=$([ "$nl2" -le 1 ] && echo test || echo full) ;;
    *) nsys=$((nsys + 1)); req=$((REQUESTS / 6)); xs=0; st=$([ "$nsys" -le 1 ] && echo test || echo full) ;;
  esac
  [ -z "${RANDOM_CONFIGS:-}" ] || st=full
  [ "$depth" = full ] || xs=0
  cfg=$(build/randcfg "$s")
  mode_tag=$(sed -nE 's/.*l1\.mode=([a-z0-9_]+).*/\1/p' <<<"$cfg"); mode_tag=${mode_tag:-baseline}
  # an L2 slice or system is tagged with its L2 policy (tap_* also tap) and CPU ports (cpu)
  if [ "$kind" != l1 ]; then
    pol=$(sed -nE 's/.*l2\.replacement=([a-z0-9_]+).*/\1/p' <<<"$cfg")
    mode_tag+=" ${pol:-lru}"; [[ $pol == tap_* ]] && mode_tag+=" tap"
    [[ $cfg == *system.cpu_cores=* ]] && mode_tag+=" cpu"
  fi
  step "random-$s" "$st" "random $kind $mode_tag" "random config $s ($kind): ${cfg//--set /}" \
    env XSIM_REQUESTS="$xs" tb/run_random.sh "$work/rnd$s" "$s" 1 "$req"
done
# The soak's findings, kept (issue 22): configurations whose reachable-bin predicate was wrong
# (a hole that no traffic could fill: 153, 164, 179, 473), and 247, 278 and 384, whose traffic never
# put more lines in one set than its tag store holds (the extension's tag_crowd does); each run
# short with full coverage. They were drawn by draw 1 (before issue 37), which they keep.
soak_findings() {
  local s
  for s in 153 164 179 247 278 384 473; do
    RANDCFG_DRAW=1 tb/run_random.sh "$work/soak$s" "$s" 1 20000 | tail -1 | grep -q "result=pass" ||
      { echo "random configuration $s: see $work/soak$s"; return 1; }
  done
}
step soak-findings full "random soak coverage" "soak findings kept: random configurations 153 and 164 (decoupled, more MSHRs than data lines, \
no bypass: no MSHR-full stall), 179 (G-Cache without a bypass threshold), 247, 278 and 384 (decoupled, \
1024 sets x 25+ tag ways: LFU tag evictions only from tag_crowd), 473 (an L2 whose one core \
has too few MSHRs to reach the merge limit)" soak_findings
step holes test "coverage l1" "coverage holes apart from mismatches: a hole exits 3 without a waveform, a mutant's mismatch \
exits 1 with one, 64 MSHRs reach stall_mshr_full only through the extension" tb/check_holes.sh "$work/holes"
duel() { # WORKDIR CACHEGEN_ARGS...: the SM-dueling controller alone, in lockstep
  local d=$1; shift
  mkdir -p "$d" && build/cachegen "$@" -o "$d/rtl" >/dev/null && tb/check_top.sh duel "$d/rtl" "$d/work"
}
step duel-1 test "duel decoupled mutants" "duel: li-decoupled controller (interval 500, margin 10): lint, Icarus, lockstep, mutants" \
  duel "$work/duel1" --preset li-decoupled
step duel-2 full "duel decoupled mutants" "duel: interval 7, margin 0" \
  duel "$work/duel2" --preset li-decoupled --set l1.duel_interval=7 --set l1.duel_margin=0
step duel-3 full "duel decoupled mutants" "duel: interval 1, margin 100" \
  duel "$work/duel3" --preset li-decoupled --set l1.duel_interval=1 --set l1.duel_margin=100
dwt() { # WORKDIR CACHEGEN_ARGS...: the DWT-CS controller alone, in lockstep, with its mutants
  local d=$1; shift
  mkdir -p "$d" && build/cachegen --set l1.mode=sacat "$@" -o "$d/rtl" >/dev/null &&
    tb/check_top.sh dwt "$d/rtl" "$d/work"
}
step dwt-1 test "dwt sacat mutants" "dwt: DWT-CS controller, 4 cores, 64-cycle periods, N = 2, M = 2, 2 entries, 3 warps (capped): \
lint, Icarus, lockstep, mutants" \
  dwt "$work/dwt1" --preset fermi-l1 --set dwt.period=64 --set dwt.detect_periods=2 \
  --set dwt.sample_periods=2 --set dwt.table_entries=2 --set dwt.max_warps=3 --set dwt.warp_bits=3
step dwt-2 full "dwt sacat mutants" "dwt: 6-bit instructions over 2100-cycle periods (counts saturate, sums above 16 bits), N = 1, \
3 entries" \
  dwt "$work/dwt2" --preset fermi-l1 --set dwt.inst_bits=6 --set dwt.period=2100 \
  --set dwt.detect_periods=1 --set dwt.table_entries=3
dwt_paper() { # WORKDIR: 15 cores with the paper's parameters: the report's storage and lockstep
  local d=$1
  dwt "$d" --preset fermi-l1-pric --set system.cores=15 --set dwt.period=500 &&
    grep -q '^| total | flops | 545 | 621 |$' "$d/rtl/fermi_l1_pric_report.md"
}
step dwt-paper full "dwt sacat pric report mutants" "dwt: 15 cores, PRIC L1, the paper's N, M, table and warps over 500-cycle periods; the report \
gives the paper's 545 bits beside the 621 held (a 9-bit timer, a 48-bit decision pipeline)" dwt_paper "$work/dwt3"
fig7() { # WORKDIR: paper 000's Figure 7 stream through the G-Cache L1 RTL, in lockstep
  local d=$1
  mkdir -p "$d" && build/cachegen --preset gcache-system --set l1.sets=2 --set l1.ways=2 \
    --set l1.mshrs=4 -o "$d/rtl" >/dev/null && tb/build_harness.sh l1 "$d/rtl" "$d/vl" >/dev/null &&
    "$d/vl/Vdut" +dir="$d/rtl" +seed=1 +traffic=fig7 +expect=MMMHMHBBHHBM | tee "$d/log" |
    grep -E "outcomes|MISMATCH" && grep -q "l1_harness: PASS" "$d/log"
}
step gcache-fig7 test "gcache l1" "gcache: paper 000 Figure 7 on the RTL, in lockstep: M M M H M H B B H H B M" fig7 "$work/fig7"
step gcache-l1 full "gcache l1" "gcache L1 (M = 2, reset every 50 requests, 8 MSHRs): lint, yosys, lockstep, icarus" \
  tb/check_config.sh "$work/gcache_l1" "$PRESET_SEEDS" "$REQUESTS" 2000 3000 -- --preset gcache-system \
  --set l1.mshrs=8 --set l1.gc_bypass_age_every=2 --set l1.gc_switch_reset_period=50
l2() { # WORKDIR CACHEGEN_ARGS...: the L2 slice alone, in lockstep, with its mutants
  local d=$1; shift
  mkdir -p "$d" && build/cachegen "$@" -o "$d/rtl" >/dev/null && tb/check_top.sh l2 "$d/rtl" "$d/work"
}
step l2-lru test "l2 lru mutants" "l2: fermi-l1's slice (256 sets x 16 ways, LRU, 4 cores): lint, Icarus, lockstep, mutants" \
  l2 "$work/l2a" --preset fermi-l1
step l2-srrip test "l2 srrip xor merge mutants" "l2: 8 sets x 4 ways, SRRIP, xor index, 4 cores sharing a bit in pairs, up to 2 reads merged per fetch" \
  l2 "$work/l2b" --preset gcn-l1 --set l2.sets=8 --set l2.ways=4 --set l2.replacement=srrip \
  --set l2.index=xor --set l2.victim_share=2 --set l2.mshr_merge=2
step l2-pric test "l2 pric mutants" "l2: 4 sets direct mapped, PRIC index, 1 MSHR, 1 core" \
  l2 "$work/l2c" --preset fermi-l1 --set l2.sets=4 --set l2.ways=1 --set l2.index=pric \
  --set l2.mshrs=1 --set system.cores=1
step l2-bbit test "l2 pcpred srrip mutants" "l2: tian-gcn's slice cut to 8 sets x 4 ways, SRRIP, 2 MSHRs: the PC predictor's bypass bit" \
  l2 "$work/l2d" --preset tian-gcn --set l2.sets=8 --set l2.ways=4 --set l2.replacement=srrip \
  --set l2.mshrs=2
l2_drrip() { L2_MUTANT_ONLY=drrip_ l2 "$@"; } # the L2 alone, in lockstep, its drrip_ mutants
step l2-drrip test "l2 drrip mutants" "l2: drrip, 16 sets x 4 ways, 4 leader sets a policy (S = 4: followers), 2-bit PSEL, 2 MSHRs, its drrip mutants" \
  l2_drrip "$work/l2e" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=drrip \
  --set l2.duel_leaders=4 --set l2.psel_bits=2 --set l2.mshrs=2
l2_plru() { L2_MUTANT_ONLY=plru_ l2 "$@"; } # the L2 alone, in lockstep, its plru_ mutants
step l2-plru test "l2 plru mutants" "l2: tree-PLRU, 16 sets x 8 ways (7 node bits a set), 2 MSHRs: lockstep, its plru mutants" \
  l2_plru "$work/l2pl" --preset gcn-l1 --set l2.sets=16 --set l2.ways=8 --set l2.replacement=plru \
  --set l2.mshrs=2
l2_fifo() { L2_MUTANT_ONLY=fifo_ l2 "$@"; } # the L2 alone, in lockstep, its fifo_ mutants
step l2-fifo test "l2 fifo cpu mutants" "l2: FIFO, 2 L1s + 2 CPU ports (owner bits), 16 sets x 4 ways, 2 MSHRs: lockstep, its fifo mutants" \
  l2_fifo "$work/l2fi" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=fifo \
  --set l2.mshrs=2 --set system.cores=2 --set system.cpu_cores=2
# ---- TAP's CPU ports (SPEC 3.8, docs/tap.md): core ids P.. into the L2, owner bits per line ----
l2_cpu() { L2_MUTANT_ONLY=cpu_ l2 "$@"; } # the L2 alone, in lockstep, its cpu_ mutants
step l2-cpu test "l2 cpu drrip tap mutants" "l2: 2 L1s + 2 CPU ports (owner bits), drrip over 16 sets (L = 2: 3 apps' leaders and followers), its cpu mutants" \
  l2_cpu "$work/l2g" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=drrip \
  --set l2.duel_leaders=2 --set l2.psel_bits=2 --set l2.mshrs=2 --set system.cores=2 \
  --set system.cpu_cores=2
# ---- UCP (SPEC 3.8, docs/tap.md "l2.replacement: ucp in the L2"): UMONs, lookahead, partition ----
l2_ucp() { L2_MUTANT_ONLY=ucp_ l2 "$@"; } # the L2 alone, in lockstep, its ucp_ mutants
step l2-ucp test "l2 ucp tap mutants" "l2: ucp, 2 L1s + 2 CPU ports, 16 sets x 4 ways, 4 UMON sets, 4-bit counters, 2000-cycle period, its ucp mutants" \
  l2_ucp "$work/l2u" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=ucp \
  --set l2.umon_sets=4 --set l2.umon_counter_bits=4 --set tap.period=2000 --set l2.mshrs=2 \
  --set system.cores=2 --set system.cpu_cores=2
# ---- TAP's core sampling and TAP-RRIP (SPEC 3.8, docs/tap.md): the controller in the L2 ----
l2_tap() { L2_MUTANT_ONLY=tap_ l2 "$@"; } # the L2 alone, in lockstep, its tap_ mutants
step l2-tap test "l2 tap tap_rrip mutants" "l2: tap_rrip, 3 GPU cores + 2 CPU ports over 16 sets x 4 ways (L = 2), 2048-cycle periods, T_xs 4: every tick and TAP-RRIP in lockstep, its tap mutants" \
  l2_tap "$work/l2t" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=tap_rrip \
  --set l2.duel_leaders=2 --set l2.psel_bits=2 --set l2.mshrs=2 --set system.cores=3 \
  --set system.cpu_cores=2 --set tap.period=2048 --set tap.txs=4
l2_tapucp() { L2_MUTANT_ONLY=tapucp_ l2 "$@"; } # the L2 alone, in lockstep, its tapucp_ mutants
step l2-tapucp test "l2 tap tap_ucp ucp mutants" "l2: tap_ucp, 3 GPU cores + 2 CPU ports over 16 sets x 4 ways, 4 UMON sets, 4-bit counters, 2048-cycle periods, T_xs 4: UCP and the ticks in lockstep, the division, UCP-Mask, POL1's no-allocate reads, its tapucp mutants" \
  l2_tapucp "$work/l2tu" --preset gcn-l1 --set l2.sets=16 --set l2.ways=4 --set l2.replacement=tap_ucp \
  --set l2.umon_sets=4 --set l2.umon_counter_bits=4 --set l2.mshrs=2 --set system.cores=3 \
  --set system.cpu_cores=2 --set tap.period=2048 --set tap.txs=4
# ---- a UCP lookahead cut short by its period's end (docs/verification.md "Reachability"): a
# period shorter than any lookahead (core/reach.h reach_ucp_cut_always), so no partition ever
# applies and every lookahead is restarted (ucp) or cancelled (tap_ucp); 64 sets, so that the
# fixed allocations' evictions across applications (each set's first fills) are plenty ----
l2_cut() { local mut=$1; shift; MUTANT_PICK=$mut L2_MUTANT_ONLY=$mut l2 "$@"; } # MUTANT CACHEGEN_ARGS...
ucp_cut="--preset gcn-l1 --set l2.sets=64 --set l2.ways=4 --set l2.mshrs=2 --set l2.umon_sets=4 \
--set l2.umon_counter_bits=2 --set system.cpu_cores=3"
# shellcheck disable=SC2086
step l2-ucp-cut test "l2 ucp tap mutants" "l2: ucp, 2 L1s + 3 CPU ports over 64 sets x 4 ways, a 40-cycle period below any lookahead (57 cycles): \
every lookahead restarted by the period end (ucp_lookahead_cut_by_period); a mutant that lets it finish caught" \
  l2_cut ucp_lookahead_not_restarted "$work/l2uc" $ucp_cut --set system.cores=2 --set l2.replacement=ucp --set tap.period=40
# shellcheck disable=SC2086
step l2-tapucp-cut full "l2 tap tap_ucp ucp mutants" "l2: tap_ucp, 3 GPU cores + 3 CPU ports over 64 sets x 4 ways, a 40-cycle period (the \
lookahead starts 13 cycles in and takes 34 at least, under UCP-Mask): every lookahead cancelled by the period end; a mutant that lets \
it finish (a masked one would, before the next start) caught" \
  l2_cut tapucp_lookahead_not_cancelled "$work/l2tuc" $ucp_cut --set system.cores=3 --set l2.replacement=tap_ucp \
  --set tap.period=40 --set tap.txs=4
l2_nomut() { L2_MUTANTS=0 l2 "$@"; } # the L2 slice alone, in lockstep, without mutants
step l2-tap-preset full "l2 tap tap_rrip" "l2: the tap-rrip preset's slice at full size (1,024 sets x 32 ways, 6 GPU cores + 2 CPU ports, \
10-bit PSELs, 32 leaders) with 2048-cycle periods and T_xs 4 so that ticks land: every bin (no mutants)" \
  l2_nomut "$work/l2tp" --preset tap-rrip --set tap.period=2048 --set tap.txs=4
step l2-tapucp-preset full "l2 tap tap_ucp ucp" "l2: the tap-ucp preset's 32-way slice cut to 64 sets (so that sets fill: CPU lines evicted by the GPU, \
none over allocation) with 8192-cycle periods (the longest 32-way lookahead fits) and T_xs 4: every bin (no mutants)" \
  l2_nomut "$work/l2tpu" --preset tap-ucp --set l2.sets=64 --set tap.period=8192 --set tap.txs=4
step l2-ucp-xor full "l2 ucp xor merge" "l2: ucp, 2 L1s + 3 CPU ports (4 apps), 32 sets x 8 ways, one UMON set, xor, merging (no mutants)" \
  l2_nomut "$work/l2v" --preset gcn-l1 --set l2.sets=32 --set l2.ways=8 --set l2.replacement=ucp \
  --set l2.umon_sets=1 --set tap.period=5000 --set l2.mshrs=4 --set l2.mshr_merge=2 \
  --set l2.index=xor --set system.cores=2 --set system.cpu_cores=3
step l2-drrip-leaders full "l2 drrip xor merge" "l2: drrip, 64 sets x 4 ways, every set a leader (S = 2), 1-bit PSEL, 3-bit RRPV, xor, merging (no mutants)" \
  l2_nomut "$work/l2f" --preset fermi-l1 --set l2.sets=64 --set l2.ways=4 --set l2.replacement=drrip \
  --set l2.duel_leaders=32 --set l2.psel_bits=1 --set l2.rrpv_bits=3 --set l2.index=xor \
  --set l2.mshrs=4 --set l2.mshr_merge=2
sysck() { # WORKDIR CACHEGEN_ARGS...: the generated system top (L1s, arbiter, L2) in lockstep
  local d=$1; shift
  mkdir -p "$d" && build/cachegen "$@" -o "$d/rtl" >/dev/null && tb/check_top.sh sys "$d/rtl" "$d/work" 2 20000
}
step sys-gcache test "system gcache" "system gcache-system: 4 G-Cache L1s, arbiter, L2 in lockstep; lint, Icarus, Yosys" \
  sysck "$work/sys1" --preset gcache-system
step sys-l2-plru full "system plru" "system: 3 G-Cache L1s over a 16-set x 4-way tree-PLRU L2 with 2 MSHRs (the node bits in the system's row compare)" \
  sysck "$work/sys_plru" --preset gcache-system --set system.cores=3 --set l1.sets=8 --set l2.sets=16 \
  --set l2.ways=4 --set l2.mshrs=2 --set l2.replacement=plru
step sys-gcache-xor full "system gcache xor" "system: 3 G-Cache L1s (M = 2, reset every 100) over a 16-set xor L2 with 2 MSHRs" \
  sysck "$work/sys2" --preset gcache-system --set system.cores=3 --set l1.sets=8 \
  --set l1.gc_bypass_age_every=2 --set l1.gc_switch_reset_period=100 --set l2.sets=16 \
  --set l2.ways=4 --set l2.index=xor --set l2.mshrs=2
step sys-merge test "system merge srrip" "system: 2 baseline L1s merging up to 2 loads per read over an 8-set SRRIP L2 merging up to 2 reads per fetch, victim bits shared in pairs" \
  sysck "$work/sys3" --preset fermi-l1 --set system.cores=2 --set l1.mshr_merge=2 --set l2.sets=8 \
  --set l2.ways=4 --set l2.replacement=srrip --set l2.victim_share=2 --set l2.mshr_merge=2
step pcpred-thr0 test "l1 pcpred verify" "pcpred at l1.pc_threshold 0 (every miss predicted): lint-clean (no constant compare), lockstep \
with full coverage (the keep bin is unreachable by rule)" build/cachegen verify --preset fermi-l1 --set l1.mode=pcpred \
  --set l1.pc_threshold=0 --only l1 --requests 20000 -o "$work/pcpred-thr0"
step sys-pcpred test "system pcpred" "system tian-gcn: 8 PC-predictor L1s over the L2 with bypass bits, in lockstep" \
  sysck "$work/sys4" --preset tian-gcn
step sys-decoupled test "system decoupled" "system li-decoupled: 4 decoupled L1s (bypassing loads read through the L2) in lockstep" \
  sysck "$work/sys5" --preset li-decoupled
sysmut() { # WORKDIR CACHEGEN_ARGS...: miswired system tops the system harness must catch
  local d=$1; shift
  mkdir -p "$d" && build/cachegen "$@" -o "$d/rtl" >/dev/null && tb/sys_mutants.sh "$d/rtl" "$d/work"
}
# TAP's CPU ports (SPEC 3.8): 2 GPU L1s and 2 CPU ports with traffic generators, in lockstep,
# then the CPU ports' mutants (a response routed to the other port, a request's line taken from
# an L1, CPU fills owned by the GPU)
cpu_sys="--preset fermi-l1 --set system.cores=2 --set system.cpu_cores=2 --set l1.sets=8 \
--set l2.sets=16 --set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=drrip \
--set l2.duel_leaders=2 --set l2.psel_bits=3"
# shellcheck disable=SC2086
step sys-cpu test "system cpu drrip tap" "system: 2 baseline L1s + 2 CPU ports (streaming, reuse, low-rate traffic) over a 16-set drrip L2 (a PSEL per app) with owner bits" \
  sysck "$work/sys6" $cpu_sys
cpu_sysmut() { SYS_MUTANTS=cpu_ sysmut "$@"; }
# shellcheck disable=SC2086
step sysmut-cpu test "system cpu tap mutants" "system mutants: CPU ports miswired (response to the other port, request line, owner)" \
  cpu_sysmut "$work/sysmut_cpu" $cpu_sys
# UCP in the system (docs/tap.md, "System lockstep of the TAP policies"): the L2's ATD writes
# after every L2 event, its counters, allocation and partition event every clock after
# cm_l2_cycle_end, through the system top; then the ucp_ system mutants (the partition event or
# the ATD write not passed out, the L2's period not running)
ucp_sys="--preset fermi-l1 --set system.cores=2 --set system.cpu_cores=2 --set l1.sets=8 \
--set l2.sets=16 --set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=ucp --set l2.umon_sets=4 \
--set l2.umon_counter_bits=4 --set tap.period=2000"
# shellcheck disable=SC2086
step sys-ucp test "system ucp tap" "system: 2 baseline L1s + 2 CPU ports over a 16-set 4-way ucp L2 (4 UMON sets, 4-bit counters, 2000-cycle period), UCP's events through the system top" \
  sysck "$work/sys7" $ucp_sys
ucp_sysmut() { SYS_MUTANTS=ucp_ sysmut "$@"; }
# shellcheck disable=SC2086
step sysmut-ucp test "system ucp tap mutants" "system mutants: UCP's partition event and ATD write not passed out, the L2's period not running" \
  ucp_sysmut "$work/sysmut_ucp" $ucp_sys
# TAP-RRIP in the system (docs/tap.md, "System lockstep of the TAP policies"): retired_i per GPU
# core through the system top into the L2's controller, the masks in force and every tick
# compared; then the tap_ system mutants (retired_i of cores 0 and 1 swapped, not connected,
# the tick not passed out)
tap_sys="--preset fermi-l1 --set system.cores=4 --set system.cpu_cores=2 --set l1.sets=8 \
--set l2.sets=16 --set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=tap_rrip \
--set l2.duel_leaders=2 --set l2.psel_bits=3 --set tap.period=4096 --set tap.txs=4"
# shellcheck disable=SC2086
step sys-tap test "system tap tap_rrip" "system: 4 baseline L1s + 2 CPU ports over a 16-set 4-way tap_rrip L2 (4096-cycle periods, T_xs 4), retired-instruction streams, TAP's ticks through the system top" \
  sysck "$work/sys8" $tap_sys
tap_sysmut() { SYS_MUTANTS=tap_ sysmut "$@"; }
# shellcheck disable=SC2086
step sysmut-tap test "system tap tap_rrip mutants" "system mutants: retired_i of GPU cores 0 and 1 swapped, retired_i not connected, TAP's tick not passed out" \
  tap_sysmut "$work/sysmut_tap" $tap_sys
# TAP-UCP in the system: UCP's compares and TAP's ticks together, Core-POL1's reads not
# allocating, the partition divided by XSRATIO or the GPU held to one way; then retired_i of
# cores 0 and 1 swapped at the system top
tapucp_sys="--preset fermi-l1 --set system.cores=4 --set system.cpu_cores=2 --set l1.sets=8 \
--set l2.sets=16 --set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=tap_ucp --set l2.umon_sets=4 \
--set l2.umon_counter_bits=4 --set tap.period=4096 --set tap.txs=4"
# shellcheck disable=SC2086
step sys-tapucp test "system tap tap_ucp ucp" "system: 4 baseline L1s + 2 CPU ports over a 16-set 4-way tap_ucp L2 (4 UMON sets, 4096-cycle periods, T_xs 4), UCP's and TAP's events through the system top" \
  sysck "$work/sys9" $tapucp_sys
# a UCP lookahead cut short by its period's end through the system top (as l2-ucp-cut, l2-tapucp-cut)
ucp_cut_sys="--preset fermi-l1 --set system.cpu_cores=3 --set l1.sets=8 --set l2.sets=64 --set l2.ways=4 \
--set l2.mshrs=4 --set l2.umon_sets=4 --set l2.umon_counter_bits=2"
# shellcheck disable=SC2086
step sys-ucp-cut full "system ucp tap" "system: 2 baseline L1s + 3 CPU ports over a 64-set 4-way ucp L2 with a 40-cycle period: every lookahead restarted by the period end" \
  sysck "$work/sysuc" $ucp_cut_sys --set system.cores=2 --set l2.replacement=ucp --set tap.period=40
# shellcheck disable=SC2086
step sys-tapucp-cut full "system tap tap_ucp ucp" "system: 3 baseline L1s + 3 CPU ports over a 64-set 4-way tap_ucp L2 with a 40-cycle period: every lookahead cancelled by the period end" \
  sysck "$work/systuc" $ucp_cut_sys --set system.cores=3 --set l2.replacement=tap_ucp --set tap.period=40 --set tap.txs=4
step sys-tap-preset full "system tap tap_rrip" "system tap-rrip: the preset's whole system (6 L1s, 2 CPU ports, the 1,024-set 32-way L2) with \
2048-cycle periods and T_xs 4 so that ticks land, in lockstep" \
  sysck "$work/sys10" --preset tap-rrip --set tap.period=2048 --set tap.txs=4
tapucp_sysmut() { SYS_MUTANTS=tap_retired_cores sysmut "$@"; }
# shellcheck disable=SC2086
step sysmut-tapucp full "system tap tap_ucp ucp mutants" "system mutants: tap_ucp with retired_i of GPU cores 0 and 1 swapped" \
  tapucp_sysmut "$work/sysmut_tapucp" $tapucp_sys
# CPU ports beside every L1 mode (SPEC 3.1: the L2's policy with any L1 mode; their reads carry
# no hint, their responses' victim, bypass and hit bits go to no L1): G-Cache L1s over UCP here
# and FG-CB L1s over TAP-RRIP in sys-sacat (make test), decoupled and PC-predictor L1s over UCP
# in make test-full
cpu_ucp_l2="--set system.cores=2 --set system.cpu_cores=2 --set l1.sets=8 --set l2.sets=16 \
--set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=ucp --set l2.umon_sets=4 \
--set l2.umon_counter_bits=4 --set tap.period=2000"
# shellcheck disable=SC2086
step sys-cpu-gcache test "system cpu gcache ucp" "system: 2 G-Cache L1s + 2 CPU ports over a 16-set 4-way ucp L2, in lockstep" \
  sysck "$work/syscg" --preset gcache-system $cpu_ucp_l2
# shellcheck disable=SC2086
step sys-cpu-decoupled full "system cpu decoupled ucp" "system: 2 decoupled L1s + 2 CPU ports over a 16-set 4-way ucp L2, in lockstep" \
  sysck "$work/syscd" --preset li-decoupled $cpu_ucp_l2
# shellcheck disable=SC2086
step sys-cpu-pcpred full "system cpu pcpred ucp" "system: 2 PC-predictor L1s + 2 CPU ports over a 16-set 4-way ucp L2 (bypass bits), in lockstep" \
  sysck "$work/syscp" --preset tian-gcn $cpu_ucp_l2
# The widest CPU ports (docs/verification.md, "Port widths"): 15 ports of 256-byte lines (30,720
# bits of write data a port field) beside 3 L1s over the tap-ucp preset's 32-way L2 (16
# applications: 8,192 bits of UMON counters) at 64 sets: lint, and the first requests in
# lockstep (no coverage: a run to every bin of 16 applications is a soak's job)
sys_wide() { # WORKDIR CACHEGEN_ARGS...
  local d=$1 top msg; shift
  mkdir -p "$d" && build/cachegen "$@" -o "$d/rtl" >/dev/null || return 1
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  msg=$(cd "$d/rtl" && verilator --lint-only -Wall -F "$top.f" "${top}_lint.vlt" \
    --top-module "${top}_sys" 2>&1) && [ -z "$msg" ] || { echo "lint: $msg"; return 1; }
  tb/build_harness.sh sys "$d/rtl" "$d/vl" >/dev/null || return 1
  "$d/vl/Vsys" +dir="$d/rtl" +seed=1 +requests=1500 > "$d/log" 2>&1
  grep -E "^sys_harness: ([0-9]+ cycles|CPU port 14)|MISMATCH" "$d/log" | head -5
  grep -q "sys_harness: PASS" "$d/log"
}
step sys-cpu-wide full "system cpu tap tap_ucp ucp" "system: 15 CPU ports of 256-byte lines beside 3 L1s over a 64-set 32-way tap_ucp L2 (16 apps): lint and 1,500 requests a core in lockstep" \
  sys_wide "$work/syscw" --preset tap-ucp --set system.cores=3 --set system.cpu_cores=15 \
  --set l1.core_bits=5 --set l1.line_bytes=256 --set l2.victim_share=3 --set l2.sets=64 \
  --set tap.period=8192 --set tap.txs=4
step sysmut-pcpred test "system pcpred mutants" "system mutants: bypass bit, prediction, request routing, arbiter and request slice miswired (2 PC-predictor L1s)" \
  sysmut "$work/sysmut" --preset tian-gcn --set system.cores=2 --set l2.sets=16 --set l2.ways=4
# ---- SACAT's FG-CB (sacat-fermi cut to lockstep scale: decisions within a 3000-cycle window) ----
fgcb_small="--set l1.fgcb_n=16 --set l1.fgcb_m=8 --set l1.fgcb_window=3000 --set l1.fgcb_entries=5 \
--set l1.fgcb_id_bits=3 --set l1.fgcb_counter_bits=5"
# shellcheck disable=SC2086
step sacat-l1 test "sacat l1 xsim" "sacat L1: FG-CB (N 16, M 8, 3000-cycle window, 5 entries for 7 ids): lint, Yosys, lockstep, \
Icarus, cross-simulator" \
  tb/check_config.sh "$work/fg1" 2 20000 "$icarus_requests" "$xsim_full" -- --preset sacat-fermi $fgcb_small
step sacat-l1-merge full "sacat l1 merge" "sacat L1: FG-CB with 2 entries for 4 ids, N 4, M 0, merging 2 loads per read, 500-cycle window" \
  tb/check_config.sh "$work/fg2" 2 20000 "$icarus_requests" 0 -- --preset sacat-fermi --set l1.fgcb_n=4 \
  --set l1.fgcb_m=0 --set l1.fgcb_window=500 --set l1.fgcb_entries=2 --set l1.fgcb_id_bits=2 \
  --set l1.fgcb_counter_bits=3 --set l1.mshr_merge=2
# FG-CB at the paper's values (sacat-fermi: N = 1000, M = 800, a 10,000-cycle window, 7 entries):
# the fgcb traffic (tb/traffic.h: a streaming id, a hot id, the rest spread over the pool) makes
# both decisions of both levels, a full table and an undecided window end happen in lockstep
step sacat-l1-paper test "sacat l1" "sacat L1 at the paper's FG-CB (N 1000, M 800, 10,000-cycle window, 7 entries for 9 ids): \
lint, Yosys, lockstep on the fgcb traffic (both decisions of both levels, table full, window end)" \
  env TRAFFIC=fgcb tb/check_config.sh "$work/fgp" 2 "$REQUESTS" 0 0 -- --preset sacat-fermi
sacat_paper() { # WORKDIR: sacat-fermi's report gives paper Table 5's counts for 15 cores
  local d=$1 r
  mkdir -p "$d" && build/cachegen --preset sacat-fermi -o "$d/rtl" >/dev/null || return 1
  r="$d/rtl/sacat_fermi_report.md"
  grep -q '^| table: id and 4 counters per entry | flops | 315 | 315 | 4725 |$' "$r" &&
    grep -q '^| total | flops | 315 | 406 | 6090 |$' "$r" &&
    grep -q '^| total | flops | 545 | 626 |$' "$r"
}
step report-sacat check "sacat dwt report" "sacat-fermi report: FG-CB 315 bits per L1, 4,725 for 15 (paper Table 5's fields; 6,090 held), \
DWT-CS 545 (626 held)" sacat_paper "$work/fgpaper"
tap_paper() { # WORKDIR: tap-rrip's report gives SPEC 3.8's storage list beside paper Table 2
  local d=$1 r
  mkdir -p "$d" && build/cachegen --preset tap-rrip -o "$d/rtl" >/dev/null || return 1
  r="$d/rtl/tap_rrip_report.md"
  grep -q '20 bits of retired instructions per GPU core and two 5-bit POL ids per LLC tile, 6 x 20 + 2 x 5 = 130 bits for this tile and 6 x 20 + 4 x 2 x 5 = 160 for its 4 tiles' "$r" &&
    grep -q '^| owner application per line (sets x ways x log2(C + 1)) | sram | 65536 | not counted | 65536 |$' "$r" &&
    grep -q '^| PSEL per application (l2.psel_bits each) | flops | 30 | not counted | 30 |$' "$r" &&
    grep -q '^| core-sampling counters, 20 bits per GPU core (.*) | flops | 120 | 120 | 40 |$' "$r" &&
    grep -q '^| Core-POL1 and Core-POL2 ids, 5 bits each (.*) | flops | 10 | 10 | 0 |$' "$r" &&
    grep -q '^| XSRATIO | flops | 10 | not counted | 10 |$' "$r" &&
    grep -q '^| RRIP-Mask and UCP-Mask | flops | 2 | not counted | 2 |$' "$r" &&
    grep -q '^| total | sram | 65536 | 0 | 65536 |$' "$r" &&
    grep -q '^| total | flops | 172 | 130 | 410 |$' "$r"
}
tap_ucp_paper() { # WORKDIR: tap-ucp's report gives the same list with UCP's structures
  local d=$1 r
  mkdir -p "$d" && build/cachegen --preset tap-ucp -o "$d/rtl" >/dev/null || return 1
  r="$d/rtl/tap_ucp_report.md"
  grep -q 'two 5-bit POL ids per LLC tile, 6 x 20 + 2 x 5 = 130 bits for this tile and 6 x 20 + 4 x 2 x 5 = 160 for its 4 tiles' "$r" &&
    grep -q '^| owner application per line (sets x ways x log2(C + 1)) | sram | 65536 | not counted | 65536 |$' "$r" &&
    grep -q '^| UMON tags: an ATD per application over the sampled sets | sram | 67584 | not counted | 67584 |$' "$r" &&
    grep -q '^| UMON hit counters (.*) | flops | 1536 | not counted | 3072 |$' "$r" &&
    grep -q '^| TAP-UCP: decision wait, .* | flops | not listed | not counted | 35 |$' "$r" &&
    grep -q '^| core-sampling counters, 20 bits per GPU core (.*) | flops | 120 | 120 | 40 |$' "$r" &&
    grep -q '^| Core-POL1 and Core-POL2 ids, 5 bits each (.*) | flops | 10 | 10 | 0 |$' "$r" &&
    grep -q '^| total | sram | 133120 | 0 | 133120 |$' "$r" &&
    grep -q '^| total | flops | 1678 | 130 | 4703 |$' "$r" && ! grep -q '^| PSEL per application' "$r"
}
tap_lint() { # WORKDIR PRESET TOP: a TAP preset's L1, L2 and system tops lint clean (Verilator, Icarus -Wall)
  local d=$1 p=$2 t=$3 top m msg
  mkdir -p "$d" && build/cachegen --preset "$p" -o "$d/rtl" >/dev/null || return 1
  for top in "$t" "${t}_l2" "${t}_sys"; do
    case $top in
      "$t") m=$(sed "s|^|$d/rtl/|" "$d/rtl/${t}_l1.f") ;;
      "${t}_l2") m=$(grep -E "^(cachegen_sram_1r1w|${t}_l2(_[a-z_]+)?)\.v\$" "$d/rtl/$t.f" | sed "s|^|$d/rtl/|") ;;
      *) m=$(sed "s|^|$d/rtl/|" "$d/rtl/$t.f") ;;
    esac
    # shellcheck disable=SC2086
    msg=$(verilator --lint-only -Wall $m "$d/rtl/${t}_lint.vlt" --top-module "$top" 2>&1) &&
      [ -z "$msg" ] || { echo "$top: verilator: $msg"; return 1; }
    # shellcheck disable=SC2086
    msg=$(iverilog -g2005 -Wall -s "$top" -o "$d/$top.vvp" $m 2>&1) && [ -z "$msg" ] ||
      { echo "$top: iverilog: $msg"; return 1; }
  done
}
tap_lints() { tap_lint "$work/taplint" tap-rrip tap_rrip && tap_lint "$work/taplint_u" tap-ucp tap_ucp; }
step tap-lint test "tap lint" "tap-rrip and tap-ucp presets: the L1, the 1024-set 32-way TAP L2 and the system top lint clean (Verilator and Icarus -Wall)" \
  tap_lints
step report-tap check "tap report" "tap-rrip report: SPEC 3.8's TAP storage (65,536 owner bits, 3 PSELs of 10 bits, XSRATIO, masks) \
beside paper Table 2 (120 counter bits, 10 POL-id bits: 130 a tile, 160 for 4); 410 flops held" \
  tap_paper "$work/tappaper"
step report-tapucp check "tap ucp report" "tap-ucp report: SPEC 3.8's TAP storage with UCP (owner bits, 3 ATDs of 22,528 bits, 1,536 counter \
bits held twice, TAP-UCP's 35) beside paper Table 2's 130 bits; 133,120 SRAM and 4,703 flop bits held" \
  tap_ucp_paper "$work/tapucppaper"
# shellcheck disable=SC2086
step sys-sacat test "system sacat cpu tap tap_rrip" "system sacat: 4 FG-CB L1s + 2 CPU ports over a 16-set 4-way tap_rrip L2 (no-allocate reads, the hit flag; CPU reads carry neither) in lockstep" \
  sysck "$work/fgsys" --preset sacat-fermi --set system.cores=4 $fgcb_small --set system.cpu_cores=2 \
  --set l2.sets=16 --set l2.ways=4 --set l2.mshrs=4 --set l2.replacement=tap_rrip \
  --set l2.duel_leaders=2 --set l2.psel_bits=3 --set tap.period=4096 --set tap.txs=4
# shellcheck disable=SC2086
step sysmut-sacat test "system sacat mutants" "system mutants: FG-CB's no_allocate and hit flag miswired (2 sacat L1s)" \
  env SYS_MUTANTS=fg_ bash -c 'mkdir -p "$1" && build/cachegen --preset sacat-fermi --set system.cores=2 \
  '"$fgcb_small"' -o "$1/rtl" >/dev/null && tb/sys_mutants.sh "$1/rtl" "$1/work"' _ "$work/fgmut"
sysfig7() { # WORKDIR: paper 000's Figure 7 through the generated system, one L1 and the L2
  local d=$1
  mkdir -p "$d" && build/cachegen --preset gcache-system --set l1.sets=2 --set l1.ways=2 \
    --set l1.mshrs=4 --set system.cores=1 -o "$d/rtl" >/dev/null &&
    tb/build_harness.sh sys "$d/rtl" "$d/vl" >/dev/null &&
    "$d/vl/Vsys" +dir="$d/rtl" +seed=1 +traffic=fig7 +expect=MMMHMHBBHHBM | tee "$d/log" |
    grep -E "outcomes|MISMATCH" && grep -q "sys_harness: PASS" "$d/log"
}
step sys-fig7 test "system gcache" "system: paper 000 Figure 7 through L1 + L2 RTL, in lockstep: M M M H M H B B H H B M" \
  sysfig7 "$work/sysfig7"
step verify test "verify cli mutants" "verify: cachegen verify of a preset (then cached), bad arguments and keys, a mutant and its \
reproduce command; every harness's plusargs, +help and waveform" gen/test_verify.sh "$work/verify"
step equiv test "synth equiv" "equiv: synth/equiv.sh, per-module formal equivalence of two output folders: equal RTL proven, a \
dropped XOR of the PRIC index a counterexample naming the module, a missing module a failure; an MSHR file with renamed registers \
proven by ABC dprove, and caught when also broken" synth/test_equiv.sh "$work/equiv"
step verify-rtl test "verify cli" "verify --rtl: RTL a user changed (an ECO) in lockstep against its config.yaml's model: \
changes listed, a broken ECO caught, ports checked, the user's folder only read" gen/test_verify_rtl.sh "$work/verify-rtl"
step mutation test "l1 mutants" "mutation: the harness catches deliberately broken RTL" tb/mutation_test.sh "$work/mutants"
step slurm full "slurm regress" "slurm: a single-node cluster runs tb/regress as a job array; failures come back in its JUnit" \
  tb/test_slurm.sh
bstep formal test "formal pric" "formal: channel rules by BMC (smoke: the baseline L1 at 24 cycles; full: --deep, every L1 mode, L2, 2-core system at 32), PRIC = A mod P" \
  tb/formal/run.sh $formal_args "$work/formal"
# ---- Yosys + OpenSTA costs (bstep: the background lane; Yosys is single-threaded and reads
# nothing the other steps write) -------------------------------------------------------------
synth_report() { synth/report.sh --preset "$1" -- "$work/synth/$1"; } # PRESET
for p in $presets sacat-fermi; do
  # make test: one cost report with OpenSTA (fermi-l1); test-full: every preset
  st=full; [ "$p" = fermi-l1 ] && st=test
  bstep "synth-$p" "$st" "synth sta report $p $(preset_tags "$p")" "synth $p: Yosys + OpenSTA beside the baseline (project Liberty read by both); no latches, unmapped cells; storage = closed form; period and critical path present" \
    synth_report "$p"
done
tap_costs() { # the TAP presets' L2 slice under five policies: every row costed, checks pass
  # DEPTH_BUDGET_OK=1: this step checks the cost table; the depth budget's verdict on the
  # 32-way policies is step depth-sweep's (its sample holds l2-tap_rrip-32 and l2-tap_ucp-32)
  DEPTH_BUDGET_OK=1 synth/l2_policies.sh --preset tap-rrip -- "$work/synth/tap" lru drrip ucp tap_rrip tap_ucp || return 1
  local md=$work/synth/tap/policies.md p
  for p in lru drrip ucp tap_rrip tap_ucp; do
    grep -qE '^\| '"$p"' \| [0-9]+ \| [0-9]+ \| [0-9]+ \| [0-9]+ \| [0-9.]+ \| [-+0-9]* \| [-+0-9]* \| `.*` -> `.*` \([1-9][0-9]* stages\) \|$' "$md" ||
      { echo "TAP costs: no row for $p in $md"; return 1; }
  done
  ! grep -q 'CHECK FAILED' "$md" && [ "$(grep -c 'check ok: L2 TAP controller count flop bits = 143$' "$md")" = 2 ] &&
    [ "$(grep -c 'check ok: L2 UCP ATD SRAM bits = 67584$' "$md")" = 2 ] &&
    grep -q 'check ok: L2 UCP flop bits (counters, snapshot, allocation, FSM) = 4328$' "$md"
}
bstep synth-tap full "synth tap tap_rrip tap_ucp ucp drrip l2" "synth tap-rrip, tap-ucp: the presets' 1024-set 32-way L2 slice under lru, drrip, ucp, tap_rrip and \
tap_ucp in one run (logic GE, flops, SRAM bits, depth, period); every storage closed form passes" tap_costs
bstep synth-checks test "synth sta" "synth: the latch, storage, cell-library, OpenSTA and timing-report checks can fail" \
  synth/test_checks.sh "$work/synth/checks"
bstep synth-sram-lib test "synth sta ip sram" "synth: an output on the user's own SRAM macro costed from a Liberty the test writes (SYNTH_SRAM_LIB, make synth SRAM_LIB): macro count, area and bits as computed independently, \
the period 1 ns longer with a clock-to-out 1 ns slower, a Liberty without the cell refused before Yosys; a wrapper missing a macro column and a doubled area caught" \
  synth/test_sram_lib.sh "$work/synth/sram_lib"
synth_duel() { # li-decoupled's SM-dueling controller costed and timed on its own
  mkdir -p "$work/synth/duel" && build/cachegen --preset li-decoupled -o "$work/synth/duel/rtl" >/dev/null &&
    synth/tops.sh "$work/synth/duel/rtl" "$work/synth/duel/tops" duel &&
    grep -q '^| li_decoupled_duel | .* | [0-9.]* | [0-9.]* | `.*` -> `.*` ([1-9][0-9]* stages)' "$work/synth/duel/tops/tops.md"
}
bstep synth-duel full "synth sta duel decoupled" "synth li-decoupled: the SM-dueling controller timed by OpenSTA (period and critical path)" \
  synth_duel
bstep synth-tops-checks full "synth l2 system duel dwt" "synth: L2, system and controllers (SM dueling, DWT-CS) beside their baselines; their storage checks pass, and fail on broken designs" \
  synth/test_tops.sh "$work/synth/tops_checks"
bstep synth-stage-paths test "synth" "synth: cost names the deepest path into each end point and its start (chains of known depth), and the stage over a depth budget" \
  synth/test_stage_paths.sh "$work/synth/stage_paths"
bstep explore test "explore synth cli" "explore: a 2 x 2 grid on a short trace, each row equal to separate cachesim and make-synth runs, bad grids refused, a second run synthesizes nothing (2 mapping mutants caught)" \
  gen/test_explore.sh "$work/explore" l1
bstep explore-sys full "explore synth cli" "explore: a timed system grid costed by its system top (against synth/tops.sh sys and sysim --timed), SIGINT exits 130 and the rerun resumes; two mutants" \
  gen/test_explore.sh "$work/explore-sys" sys
bstep synth-depth-budget full "synth" "synth: make synth fails on an L1 over its stage budget (32 ways, 32 MSHRs, merge 8: 28 levels against DEPTH_BUDGET=25), its report naming the stage; passes with DEPTH_BUDGET_OK=1" \
  synth/test_depth_budget.sh "$work/synth/depth_budget"
bstep depth-sweep full "synth" "synth: logic depth over the corners of the legal space (bench/depth_sweep.sh --sample: the largest of each L1 key alone and together, the smallest L1 and tag store, a 4-way and the two deepest 32-way L2s, every largest value in one system): every top within the 30-level stage budget" \
  bench/depth_sweep.sh --sample "$work/depth_sweep"
}

# ---- the run ------------------------------------------------------------------------------------
xml() { # TEXT: escaped for XML character data and attributes
  printf '%s' "$1" | iconv -c -f UTF-8 -t UTF-8 | LC_ALL=C tr -d '\000-\010\013\014\016-\037\177' |
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g' -e "s/'/\\&apos;/g"
}
passed=0; failed=0; failures=""; rows=""; cases=""; step_secs=0; replay_bg=0; inline_bg=0
report_step() { # BG ID TIER DESC: the step's record into the counts, summary and JUnit
  local bg=$1 id=$2 st=$3 desc=$4 rc secs result msg
  rc=$(cat "$steps_dir/$id.rc" 2>/dev/null || echo none)
  secs=$(cat "$steps_dir/$id.secs" 2>/dev/null || echo 0)
  if [ "$bg" = 1 ] && [ "$replay_bg" = 1 ]; then
    echo "=== $id: $desc"; cat "$steps_dir/$id.log" 2>/dev/null; verdict "$id" "$desc"
  fi
  step_secs=$((step_secs + secs))
  if [ "$rc" = 0 ]; then passed=$((passed + 1)); result=pass
  else
    failed=$((failed + 1)); failures="$failures\n  $id: $desc"
    result=fail; [ "$rc" = none ] && result="no result"
  fi
  rows="$rows| \`$id\` | $st | $result | $secs | ${desc//|//} |"$'\n'
  cases="$cases    <testcase classname=\"test_all.$st\" name=\"$id\" time=\"$secs\">"$'\n'
  if [ "$result" != pass ]; then
    msg="$result (exit ${rc}); log: $steps_dir/$id.log"
    cases="$cases      <failure message=\"$(xml "$msg")\">$(xml "$(tail -40 "$steps_dir/$id.log" 2>/dev/null)")</failure>"$'\n'
  fi
  cases="$cases      <system-out>$(xml "$desc")</system-out>"$'\n'"    </testcase>"$'\n'
}

# what exists: every id and tag, for checking --only and --feature before anything runs
all_ids=" $(only="" feature="" tier_rank=2 pass=ids steps | tr '\n' ' ') "
for id in $only; do
  [[ $all_ids == *" $id "* ]] || die "--only: no step '$id' (tb/test_all.sh --list)"
done
if [ -n "$feature" ]; then
  alltags=$(only="" feature="" tier_rank=2 pass=tags steps | tr ' ' '\n' | sed '/^$/d' | sort -u | tr '\n' ' ')
  [[ " $alltags " == *" $feature "* ]] || die "FEATURE (--feature) = '$feature': no step has this tag (tags: $alltags)"
fi
seen=()
case $mode in
  list) pass=list; steps; exit 0 ;;
  ids) pass=ids; steps; exit 0 ;;
  picks) tier_rank=2; pass=picks; steps; exit 0 ;;
esac
suite_start=$(date +%s)
builds_at=$(cat "$CG_BUILD_CACHE/builds.log" 2>/dev/null | wc -l)
if [ "$mode" = run ]; then
  # -j: the steps that took 300 s or more in the work folder's last run start first (the longest
  # jobs first keep one of them from starting last); without a last run, the Yosys lane's
  long_ids=" $(sed -n 's/^| `\([a-z0-9-]*\)` | [a-z]* | [a-z ]* | \([0-9]*\) |.*/\2 \1/p' \
    "$work/summary.md" 2>/dev/null | awk '$1 >= 300 { print $2 }' | tr '\n' ' ') "
  if [ -z "$only" ]; then rm -rf "$work"; fi
  mkdir -p "$steps_dir"
  if [ "$runner" = auto ]; then
    runner=local
    [ "$tier" = full ] && [ -z "$only" ] && command -v sbatch >/dev/null &&
      timeout 20 sinfo -h >/dev/null 2>&1 && runner=slurm
  fi
  if [ "$runner" = slurm ]; then
    # one Slurm array task per step: tb/regress --steps runs tb/test_all.sh --only ID in each,
    # writing into this work folder (on a filesystem the nodes share), and its own JUnit
    ids=$(pass=ids steps | tr '\n' ' ')
    seen=()
    TEST_WORK=$(cd "$work" && pwd) TIER=$tier tb/regress --steps "$ids" -o "$(cd "$work" && pwd)/regress" --slurm
  elif [ "$jobs" -gt 1 ]; then
    ppass=first; pass=par; steps; seen=(); ppass=rest; pass=par; steps; wait
  elif [ -n "$only" ]; then # a few steps, one after the other, the background ones too
    inline_bg=1; pass=fg; steps
  else
    (pass=lane; steps) &
    lane_pid=$!
    trap 'kill $lane_pid 2>/dev/null' EXIT
    pass=fg; steps
    wait "$lane_pid"
    replay_bg=1
  fi
  seen=()
fi
pass=report; steps
[ "$nsel" -gt 0 ] || die "no step selected (tier $tier${feature:+, feature $feature}${only:+, only$only})"
wall=$(( $(date +%s) - suite_start ))
[ "$mode" = report ] && wall=$step_secs
what="tier $tier${feature:+, feature $feature}${only:+, only$only}"
{
  echo "# tb/test_all.sh: $what"
  echo
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname) ($(nproc) CPUs), runner $runner, JOBS $jobs, depth $depth:"
  echo "$passed passed, $failed failed; wall clock $wall s, steps' times add up to $step_secs s."
  [ "$mode" = report ] || [ -z "$CG_BUILD_CACHE" ] || tail -n +$((builds_at + 1)) "$CG_BUILD_CACHE/builds.log" 2>/dev/null |
    awk '{ n[$1]++ } END { printf "Harness builds (not mutants): %d verilated, %d copied from %s.\n", n["built"], n["reused"], ENVIRON["CG_BUILD_CACHE"] }'
  echo "Each step's log: \`$steps_dir/ID.log\`; one step again: \`tb/test_all.sh --only ID\`."
  echo
  echo "| step | tier | result | seconds | description |"
  echo "| --- | --- | --- | ---: | --- |"
  printf '%s' "$rows"
} >"$work/summary.md.$$" && mv "$work/summary.md.$$" "$work/summary.md"
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuites name=\"cachegen test_all\" tests=\"$((passed + failed))\" failures=\"$failed\" errors=\"0\" time=\"$wall\">"
  echo "  <testsuite name=\"test_all ($(xml "$what"))\" tests=\"$((passed + failed))\" failures=\"$failed\" errors=\"0\" skipped=\"0\" time=\"$wall\" timestamp=\"$(date -u +%Y-%m-%dT%H:%M:%S)\" hostname=\"$(xml "$(hostname)")\">"
  printf '%s' "$cases"
  echo "  </testsuite>"
  echo "</testsuites>"
} >"$work/junit.xml.$$" && mv "$work/junit.xml.$$" "$work/junit.xml"
echo
echo "test_all: $what: $wall s (summary: $work/summary.md, JUnit: $work/junit.xml)"
[ -n "$failures" ] && printf "failed:%b\n" "$failures"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
