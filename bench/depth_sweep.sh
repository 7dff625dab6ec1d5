#!/usr/bin/env bash
# depth_sweep.sh [--sample] [--only NAME[,NAME...]] [--list] WORKDIR: logic depth over the corners of the
# legal space (issue 40 item 3; SPEC 5's budget: 30 levels a stage). Each point is a cachegen
# configuration and the tops to cost: its L1 (l1), L2 slice (l2), system (sys), the L1's AXI4
# wrapper (axi) or the L2's AXI4 bridge (l2axi), each synthesized alone (synth/synth.sh, then
# build/cost one: depth in levels of mapped cells between flops, the deepest end point and where
# its path starts). The points take the largest and smallest value of each key alone and the
# largest together: L1 ways 1 and 32, MSHRs 1 and 32, merging 8, the decoupled store's tag ways
# 4 and 32, every L2 policy at 4 and 32 ways, systems of 1 and 16 cores with 0 and 15 CPU ports,
# the AXI4 wrapper and bridge at 64 MSHRs, 32 beats a line and 64 writes, and every largest value
# together in one system (sys-all). Prints a Markdown table (point, top, levels, within budget,
# deepest end point) and exits 1 when a top is over the budget (DEPTH_BUDGET, default 30 levels) or
# fails to cost. An L1 costs ~40 s, an L2 slice ~2 min, a system ~4 min on this machine:
# --only picks points; --sample runs the points marked s (make test-full's depth-sweep step,
# ~15 min: the largest of each L1 key alone and together, the smallest L1 and tag store, one
# 4-way and the two deepest 32-way L2s, and sys-all); the full list runs ~1 h.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# the sweep measures every point, over the budget too: cost one reports it, this table judges it
export DEPTH_BUDGET_OK=1
budget=${DEPTH_BUDGET:-30}
[[ $budget =~ ^[1-9][0-9]{0,2}$ ]] || { echo "depth_sweep: DEPTH_BUDGET = '$budget': allowed: a level count 1..999" >&2; exit 2; }
only=""; list=0; sample=0
while [ $# -gt 0 ]; do
  case $1 in
    --only) only=",$2,"; shift 2 ;;
    --list) list=1; shift ;;
    --sample) sample=1; shift ;;
    -*) echo "depth_sweep: unknown option '$1' (--sample, --only NAMES, --list)" >&2; exit 2 ;;
    *) break ;;
  esac
done
# name|cachegen arguments|tops|s when in the sample (--sample)
points=(
  "l1-ways1|--preset fermi-l1 --set l1.ways=1 --set l1.replacement=lru|l1|s"
  "l1-ways32|--preset fermi-l1 --set l1.ways=32|l1|s"
  "l1-mshrs1|--preset fermi-l1 --set l1.mshrs=1|l1"
  "l1-mshrs32|--preset fermi-l1 --set l1.mshrs=32|l1|s"
  "l1-merge8|--preset fermi-l1 --set l1.mshrs=16 --set l1.mshr_merge=8|l1|s"
  "l1-all32|--preset fermi-l1 --set l1.ways=32 --set l1.mshrs=32 --set l1.mshr_merge=8|l1|s"
  "l1-48k-merge4|--preset fermi-l1 --set l1.size=48KiB --set l1.ways=6 --set l1.line_bytes=64 --set l1.replacement=lru --set l1.mshrs=16 --set l1.mshr_merge=4|l1|s"
  "dec-tags4|--preset li-decoupled --set l1.tag_ways=4 --set l1.ways=2|l1|s"
  "dec-tags32|--preset li-decoupled --set l1.tag_ways=32|l1|s"
)
for p in lru srrip drrip plru fifo; do
  points+=("l2-$p-4|--preset gcache-system --set l2.replacement=$p --set l2.ways=4|l2")
  points+=("l2-$p-32|--preset gcache-system --set l2.replacement=$p --set l2.ways=32|l2")
done
for p in ucp tap_rrip tap_ucp; do
  points+=("l2-$p-4|--preset tap-ucp --set l2.replacement=$p --set l2.ways=4|l2|$([ $p = ucp ] && echo s)")
  points+=("l2-$p-32|--preset tap-ucp --set l2.replacement=$p --set l2.ways=32|l2|$([ $p != ucp ] && echo s)")
done
points+=("sys-16-cpu15|--preset tap-ucp --set system.cores=16 --set system.cpu_cores=15 --set l1.core_bits=5 --set l2.victim_share=16 --set l2.ways=16|sys")
points+=("sys-16-cpu0|--preset tap-ucp --set system.cores=16 --set system.cpu_cores=0 --set l2.replacement=lru --set l2.victim_share=16 --set l1.core_bits=4|sys")
points+=("sys-1|--preset tap-ucp --set system.cores=1 --set system.cpu_cores=0 --set l2.replacement=lru --set l2.victim_share=1|sys")
# the AXI4 tops (axi.enable): the L1's wrapper at 64 MSHRs (the most, 64 ids), 32-bit beats (32 a
# line) and 64 writes outstanding; the L2's bridge at its most MSHRs and writes
points+=("axi-l1-64|--preset fermi-l1 --set l1.mshrs=64 --set axi.enable=true --set axi.id_bits=6 --set axi.data_bits=32 --set axi.max_writes=64|axi")
points+=("axi-l2-64|--preset gcache-system --set l2.mshrs=64 --set axi.enable=true --set axi.id_bits=6 --set axi.data_bits=32 --set axi.max_writes=64|l2axi")
points+=("sys-all|--preset tap-ucp --set system.cores=16 --set system.cpu_cores=15 --set l1.core_bits=5 --set l2.victim_share=16 --set l2.ways=32 --set l1.ways=32 --set l1.mshrs=32 --set l1.mshr_merge=8|sys|s")

if [ $sample = 1 ]; then # keep the points marked s
  kept=(); for pt in "${points[@]}"; do [[ $pt == *"|s" ]] && kept+=("$pt"); done; points=("${kept[@]}")
fi
if [ $list = 1 ]; then printf '%s\n' "${points[@]}" | cut -d'|' -f1,3,4 | tr '|' ' ' | sed 's/ s$/ sample/; s/ $//'; exit 0; fi
[ $# = 1 ] || { echo "usage: $0 [--only NAME[,NAME...]] [--list] WORKDIR" >&2; exit 2; }
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
make -s -C "$root" build/cachegen build/cost build/stanet >/dev/null || exit 1
bad=0
echo "| point | top | levels | within $budget | deepest end point (from) | period ns |"
echo "|---|---|---:|---|---|---:|"
for pt in "${points[@]}"; do
  IFS='|' read -r name args tops _ <<<"$pt"
  [ -z "$only" ] || [[ $only == *",$name,"* ]] || continue
  d="$work/$name"; rm -rf "$d"; mkdir -p "$d"
  # shellcheck disable=SC2086
  if ! "$root/build/cachegen" $args -o "$d/rtl" >"$d/gen.log" 2>&1; then
    echo "| $name | - | - | no: cachegen refused it ($(tail -1 "$d/gen.log")) | | |"; bad=1; continue
  fi
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  for k in $tops; do
    case $k in l1) t=$top ;; l2) t=${top}_l2 ;; sys) t=${top}_sys ;; axi) t=${top}_axi ;; l2axi) t=${top}_l2_axi ;; esac
    if ! "$root/synth/synth.sh" "$d/rtl" "$d/$k.syn" "$t" >"$d/$k.synth.log" 2>&1 ||
       ! "$root/build/cost" one --allow-depth "$d/rtl" "$d/$k.syn" "$d/$k.cost.json" "$t" >"$d/$k.cost.log" 2>&1; then
      echo "| $name | $k | - | no: synthesis or cost failed ($d/$k.*.log) | | |"; bad=1; continue
    fi
    deep=$(grep -o 'the deepest end point, .* has the depth, [0-9]* levels' "$d/$k.cost.log" | head -1)
    lv=$(grep -o '[0-9]* levels' <<<"$deep" | grep -o '[0-9]*')
    ep=$(sed 's/the deepest end point, \(.*\), has the depth.*/\1/' <<<"$deep")
    ns=$(grep -o 'period [0-9.]* ns' "$d/$k.cost.log" | tail -1 | grep -o '[0-9.]*')
    ok=yes; [ "${lv:-999}" -le $budget ] || { ok=no; bad=1; }
    echo "| $name | $k | ${lv:--} | $ok | $ep | ${ns:--} |"
  done
done
exit $bad
