#!/usr/bin/env bash
# run_random.sh: one random configuration through every check of its kind (the one entry point
# for make test's random sample, make soak and tb/regress; keep this interface stable).
#
# usage: tb/run_random.sh WORKDIR CFG_SEED [RUN_SEEDS] [REQUESTS]
#   WORKDIR    created if missing; holds the generated RTL, the build and every log
#   CFG_SEED   the configuration: build/randcfg CFG_SEED (its kind: build/randcfg --kind CFG_SEED),
#              of the newest draw, or of draw RANDCFG_DRAW (env: 1 reproduces the draws before
#              issue 37, as the soak's findings were found)
#   RUN_SEEDS  lockstep seeds 1..RUN_SEEDS (default 1)
#   REQUESTS   requests per seed (the system: per core); default per kind: l1 130000,
#              l2 30000, system 20000
# environment: MIN_EVENTS (l1: each random seed extends its traffic to at least this many events,
#   default 0), XSIM_REQUESTS (l1: > 0 adds the Icarus replay of a Verilator run, default 0),
#   L2_MUTANTS (l2: 1 also runs the L2 mutants, default 0).
#
# kind l1:     tb/check_config.sh: generate, Verilator lint, Yosys checks, lockstep (directed, then
#              RUN_SEEDS random seeds with +cover), Icarus (500 requests)
# kind l2:     cachegen, then tb/check_top.sh l2 on the L2 slice alone: lint, Icarus, Yosys, lockstep
#              with +cover
# kind system: cachegen, then tb/check_top.sh sys on <name>_sys: lint, Icarus, Yosys, lockstep with
#              +cover
# Beside the kind's check, the controllers the configuration has run their own lockstep with its
# own keys (tb/check_top.sh, mutants skipped): dwt (DWT-CS, dwt.*) when l1.mode = sacat, duel
# (SM dueling, l1.duel_*) when l1.mode = decoupled; and axi (the L1's AXI4 wrapper behind the
# harness's slave and protocol monitor, tb/axi_harness.cpp) when axi.enable; their mismatch or
# hole counts like the kind's.
# Coverage: a run extends its traffic (up to 4x REQUESTS) until every reachable bin is hit.
#
# Output: the check's own lines, then one summary line
#   run_random: cfg_seed=N kind=K result=R beside=B time=Ss dir=WORKDIR
# with B the controllers run beside and their results (dwt:pass,duel:hole...), or none
# with R one of pass, mismatch (a lockstep mismatch, waveform fail_seed*.fst in WORKDIR), hole
# (a coverage bin unhit after the extension, no waveform: "COVERAGE HOLE: bin ..." above),
# fail (generation, lint, Yosys, build or Icarus).
# Exit status: 0 pass, 1 mismatch or fail, 3 hole, 2 bad usage.
set -uo pipefail
usage() { echo "usage: $0 WORKDIR CFG_SEED [RUN_SEEDS] [REQUESTS]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 4 ] || usage
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1; cfg_seed=$2; run_seeds=${3:-1}; requests=${4:-}
isnum() { [[ $1 =~ ^[0-9]+$ ]]; }
isnum "$cfg_seed" || { echo "run_random: CFG_SEED = $cfg_seed: not a decimal integer" >&2; usage; }
isnum "$run_seeds" && [ "$run_seeds" -ge 1 ] ||
  { echo "run_random: RUN_SEEDS = $run_seeds: expected an integer >= 1" >&2; usage; }
[ -z "$requests" ] || { isnum "$requests" && [ "$requests" -ge 1 ]; } ||
  { echo "run_random: REQUESTS = $requests: expected an integer >= 1" >&2; usage; }
draw=()
[ -z "${RANDCFG_DRAW:-}" ] || draw=(--draw "$RANDCFG_DRAW")
kind=$("$root/build/randcfg" "${draw[@]}" --kind "$cfg_seed") || exit 2
args=$("$root/build/randcfg" "${draw[@]}" "$cfg_seed") || exit 2
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
start=$(date +%s)
echo "# run_random: cfg_seed=$cfg_seed${draw[*]:+ (${draw[*]})} kind=$kind: $args"
log="$work/check.log"
generate() {
  "$root/build/cachegen" $args -o "$work/rtl" >/dev/null 2>"$work/generate.log" ||
    { cat "$work/generate.log"; echo "not ok - generate: cachegen $args"; return 1; }
}
# shellcheck disable=SC2086
case $kind in
  l1)
    tb_rc=0
    "$root/tb/check_config.sh" "$work" "$run_seeds" "${requests:-130000}" 500 \
      "${XSIM_REQUESTS:-0}" -- $args 2>&1 | tee "$log"
    tb_rc=${PIPESTATUS[0]} ;;
  l2)
    { generate && REQUESTS=${requests:-30000} L2_SEEDS=$run_seeds L2_MUTANTS=${L2_MUTANTS:-0} \
        "$root/tb/check_top.sh" l2 "$work/rtl" "$work/l2"; } 2>&1 | tee "$log"
    tb_rc=${PIPESTATUS[0]} ;;
  system)
    { generate && "$root/tb/check_top.sh" sys "$work/rtl" "$work/sys" "$run_seeds" "${requests:-20000}"; } \
      2>&1 | tee "$log"
    tb_rc=${PIPESTATUS[0]} ;;
  *) echo "run_random: randcfg gave an unknown kind '$kind'" >&2; exit 2 ;;
esac
# the controllers beside the L1s, and the L1's AXI4 wrapper: each one's own lockstep on the same
# generated RTL (the wrapper: tb/axi_harness.cpp, RUN_SEEDS seeds of 20,000 requests)
top=$(sed -n 's/^top: //p' "$work/rtl/cachegen.manifest" 2>/dev/null)
axi_lockstep() {
  "$root/tb/build_harness.sh" axi "$work/rtl" "$work/axi/vl" || return 1
  local s rc
  for s in $(seq 1 "$run_seeds"); do
    "$work/axi/vl/Vaxi" +dir="$work/rtl" +seed="$s" +requests=20000; rc=$?
    [ "$rc" = 0 ] || return "$rc"
  done
}
beside=""
for c in dwt duel axi; do
  [ -n "$top" ] && [ -f "$work/rtl/${top}_$c.v" ] || continue
  if [ "$c" = axi ]; then mkdir -p "$work/axi"; axi_lockstep 2>&1 | tee "$work/$c.log"
  else MUTANTS=0 "$root/tb/check_top.sh" "$c" "$work/rtl" "$work/$c" 2>&1 | tee "$work/$c.log"; fi
  c_rc=${PIPESTATUS[0]}
  case $c_rc in
    0) r=pass ;;
    3) r=hole ;;
    *) if grep -q "^MISMATCH\|mismatch" "$work/$c.log"; then r=mismatch; else r=fail; fi ;;
  esac
  beside="$beside,$c:$r"
  cat "$work/$c.log" >>"$log"
  # the worst result wins: fail or mismatch over hole over pass
  if [ "$c_rc" != 0 ] && [ "$tb_rc" = 0 ]; then tb_rc=$c_rc
  elif [ "$c_rc" != 0 ] && [ "$c_rc" != 3 ]; then tb_rc=$c_rc; fi
done
beside=${beside#,}
case $tb_rc in
  0) result=pass ;;
  3) result=hole ;;
  *) if grep -q "^MISMATCH" "$log"; then result=mismatch; else result=fail; fi ;;
esac
echo "run_random: cfg_seed=$cfg_seed kind=$kind result=$result beside=${beside:-none} time=$(( $(date +%s) - start ))s dir=$work"
case $result in pass) exit 0 ;; hole) exit 3 ;; *) exit 1 ;; esac
