#!/usr/bin/env bash
# run.sh: the bounded formal proofs (issue 14 item 6): valid/ready channel rules of small
# configurations of every L1 mode, the L2 slice and a system top, by BMC for every input
# sequence of DEPTH cycles plus a structural no-valid-on-own-ready check (chanproof.py,
# expected counterexamples in tb/formal/expected_violations); PRIC index = A mod P for every
# address, per shipped PRIC preset and random moduli of degrees 2..10 (pricproof.py); and the
# mutants showing each check can fail. `make test` runs the default; `make formal` runs
# --deep (DEPTH 32, a 2-core system top, more random moduli, every mutant).
# --quick (make test's tier, tb/test_all.sh): the channel proof of the baseline L1 only (no other
# mode, no L2 or system top), with the mutants and PRIC as by default.
# usage: tb/formal/run.sh [--deep | --quick] WORKDIR      (run from anywhere; needs build/cachegen)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
deep=0; quick=0
if [ "${1:-}" = "--deep" ]; then deep=1; shift; elif [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
[ $# -eq 1 ] || { echo "usage: tb/formal/run.sh [--deep | --quick] WORKDIR" >&2; exit 2; }
work=$1
cg=$root/build/cachegen
[ -x "$cg" ] || { echo "run.sh: $cg missing (make all first)" >&2; exit 2; }
fdir=$root/tb/formal
if [ $deep = 1 ]; then depth=${DEPTH:-32}; cores=2; seeds="1 2 3 4 5"
else depth=${DEPTH:-24}; cores=1; seeds="1"; fi
rm -rf "$work"; mkdir -p "$work"
fails=0
result() { # DESCRIPTION STATUS
  if [ "$2" = 0 ]; then echo "formal: ok   $1"; else echo "formal: FAIL $1"; fails=$((fails + 1)); fi
}
# The small configurations: 2 sets (a 2-cycle init sweep), 2 ways, 2 MSHRs, 16-byte lines,
# 8 address bits, 1-bit ids; each mode's own keys at their smallest legal values.
tiny=(--set l1.sets=2 --set l1.ways=2 --set l1.mshrs=2 --set l1.line_bytes=16
      --set l1.addr_bits=8 --set l1.pc_bits=2 --set l1.id_bits=1 --set l1.core_bits=1
      --set l1.counter_bits=8 --set l2.sets=2 --set l2.ways=2 --set l2.mshrs=2
      --set "system.cores=$cores")
declare -A mode_args=(
  [baseline]=""
  [decoupled]="--set l1.mode=decoupled --set l1.tag_ways=3 --set l1.rc_bits=2
    --set l1.threshold=1 --set l1.duel_interval=4"
  [gcache]="--set l1.mode=gcache --set l1.replacement=srrip"
  [pcpred]="--set l1.mode=pcpred --set l1.pc_entries=2 --set l1.pc_counter_bits=2
    --set l1.pc_threshold=1 --set l1.pc_hash_shift=0"
  [sacat]="--set l1.mode=sacat --set l1.fgcb_entries=2 --set l1.fgcb_id_bits=1
    --set l1.fgcb_counter_bits=2 --set l1.fgcb_n=2 --set l1.fgcb_m=1 --set l1.fgcb_window=4"
)
expected() { # CONFIG: its expected violated channels, comma-separated
  sed -n "s/^$1 \\([^ #]*\\).*/\\1/p" "$fdir/expected_violations" | paste -sd, -
}
cause() { # CONFIG: --isolate CHANNEL:CAUSE for its first violation with a cause, if any
  awk -v c="$1" '$1==c && NF>=3 && $3!~/^#/ {print "--isolate " $2 ":" $3; exit}' \
    "$fdir/expected_violations"
}
gen() { # OUTDIR CACHEGEN_ARGS...
  local d=$1; shift
  "$cg" "$@" -o "$d" >/dev/null
}
manifest() { sed -n "s/^$2: //p" "$1/cachegen.manifest"; }
chan() { # CONFIG RTLDIR TOP
  local t=$(date +%s)
  # --memory --cover: every handshake must be reachable with a memory that answers only reads
  # it accepted (not vacuous), and each violation is searched again with that memory
  # shellcheck disable=SC2046
  nice -n 10 python3 "$fdir/chanproof.py" "$2" "$3" "$depth" "$work/$1" --expect "$(expected "$1")" \
    --trace-signals state_q,mem_req_store_o,mem_req_mshr_o,mem_rsp_mshr_i --memory --cover \
    $(cause "$1")
  local rc=$?
  result "channels $1 ($3, depth $depth, $(( $(date +%s) - t )) s)" $rc
}
modes="baseline decoupled gcache pcpred sacat"; [ $quick = 1 ] && modes=baseline
for m in $modes; do
  # shellcheck disable=SC2086
  gen "$work/rtl-$m" "${tiny[@]}" ${mode_args[$m]} || { result "generate $m" 1; continue; }
  chan "l1-$m" "$work/rtl-$m" "$(manifest "$work/rtl-$m" top)"
done
if [ $quick = 0 ]; then
  chan l2 "$work/rtl-baseline" "$(manifest "$work/rtl-baseline" l2)"
  chan sys "$work/rtl-baseline" "$(manifest "$work/rtl-baseline" system)"
fi

# Mutants: each channel check must fail on a design that breaks its rule (on the L2 slice,
# whose channels all prove today).
l2top=$(manifest "$work/rtl-baseline" l2)
mutant() { # KIND CHANNEL EXPECT-ARGS...
  local k=$1 ch=$2; shift 2
  python3 "$fdir/mkmutant.py" "$work/rtl-baseline" "$l2top" "$k" "$ch" "$work/mut-$k" &&
    nice -n 10 python3 "$fdir/chanproof.py" "$work/mut-$k" "$l2top" 12 "$work/mut-$k-proof" "$@" \
      >"$work/mut-$k.log" 2>&1
  local rc=$?
  grep "^chanproof: \|VIOLATED\|DEPENDS" "$work/mut-$k.log"
  return $rc
}
# the cone mutant must fail the structural check (chanproof exits 1 naming the channel)
mutant cone rsp --cone-only; rc=$?
[ $rc = 1 ] && grep -q "rsp: valid depends combinationally" "$work/mut-cone.log"
result "mutant: rsp_valid_o gated by rsp_ready_i is caught by the cone check" $?
# The L1's queue module with a valid that drops while the cache pushes (the kind of withdrawal
# the FSM L1 had before the queue): the proof must find it on mem_req, and on rsp, whose skid
# queue is the same module.
l1top=$(manifest "$work/rtl-baseline" top)
rm -rf "$work/mut-memq" && cp -r "$work/rtl-baseline" "$work/mut-memq" &&
  sed -i "s/assign valid_o = count_q != 2'd0;/assign valid_o = (count_q != 2'd0) \& !push_i;/" \
    "$work/mut-memq/${l1top}_memq.v" &&
  ! cmp -s "$work/rtl-baseline/${l1top}_memq.v" "$work/mut-memq/${l1top}_memq.v" &&
  nice -n 10 python3 "$fdir/chanproof.py" "$work/mut-memq" "$l1top" "$depth" "$work/mut-memq-proof" \
    --expect mem_req,rsp >"$work/mut-memq.log" 2>&1 && grep -q "channel mem_req: VIOLATED" "$work/mut-memq.log" &&
  grep -q "channel rsp: VIOLATED" "$work/mut-memq.log"
result "mutant: the L1 queue's valid dropped while the cache pushes is caught by BMC (mem_req, rsp)" $?
if [ $deep = 1 ]; then
  # the proof must find exactly the broken channel, so listing it as expected passes
  mutant withdraw mem_req --expect mem_req && grep -q "channel mem_req: VIOLATED" "$work/mut-withdraw.log"
  result "mutant: mem_req_valid_o dropped on a new request is caught by BMC" $?
  mutant payload rsp --expect rsp && grep -q "channel rsp: VIOLATED.*payload changed" "$work/mut-payload.log"
  result "mutant: rsp payload changed while waiting is caught by BMC" $?
fi

# PRIC: every shipped preset with a PRIC index (L1 or L2), its mutant, random moduli.
presets=$(sed -n 's/^PRESETS := //p; s/^GEN_ONLY_PRESETS := //p' "$root/Makefile")
npric=0
for p in $presets; do
  for lv in l1 l2; do
    grep -q "^$lv:" "$root/rtl/presets/$p/config.yaml" || continue
    [ "$(awk -v s="$lv:" '$0==s{f=1;next} /^[^ ]/{f=0} f&&$1=="index:"{print $2}' \
      "$root/rtl/presets/$p/config.yaml")" = pric ] || continue
    gen "$work/pric-$p" --preset "$p" || { result "generate $p" 1; continue; }
    python3 "$fdir/pricproof.py" check "$work/pric-$p" "$lv" "$work/pric"
    result "pric $p $lv" $?
    python3 "$fdir/pricproof.py" check "$work/pric-$p" "$lv" "$work/pric" --mutate
    result "pric $p $lv mutant caught" $?
    npric=$((npric + 1))
  done
done
[ $npric -gt 0 ]; result "pric: $npric shipped preset index networks found" $?
for s in $seeds; do
  nice -n 10 python3 "$fdir/pricproof.py" random "$s" "$cg" "$work/pric-rnd$s"
  result "pric random moduli, degrees 2..10, seed $s" $?
done
echo "formal: $fails failed"
[ $fails = 0 ]
