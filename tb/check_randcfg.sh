#!/usr/bin/env bash
# check_randcfg.sh WORKDIR [N]: the random-configuration draw of seeds 1..N (default 300): each
# configuration is accepted by cachegen's own command line (--report-only: validation, config.yaml
# and the report, no RTL), `randcfg --kind` gives l1, l2 or system, and together the draws cover
# every mechanism and key (issue 37): every kind; every L1 mode among the L1 seeds and every L2
# policy among the L2 and system seeds; every L1 replacement and index, every L2 index; CPU ports
# 0 and more than 0 in L2 and system seeds; every key of FG-CB and DWT-CS (sacat), DRRIP, UCP,
# TAP, decoupled, G-Cache and pcpred; sizes given as l1.size and l2.size; merging of 8 in both
# levels; L1 and L2 set counts of 1024, more than 8 MSHRs, systems of 1 and 4 cores.
# Draws 3 and 4 (the default) must also draw every L1 mode and L2 policy in every kind at least N/40
# times, CPU ports beside every L1 mode, 0..15 ports, every line size and UMON width, and the
# corners core/reach.h rules on (FG-CB ids <= entries, N = 1, a 2^30 window; DWT-CS near 65,535;
# TAP alpha 0/100, T_xs 1/1023/> 8, short periods; UCP periods below the lookahead's worst case).
# Draw 4 also draws the AXI4 memory side (axi.*): beside every L1 mode in L1 seeds, in systems,
# data widths of 32 and 1024 bits, more than 8 writes outstanding.
# RANDCFG (env) names the randcfg binary to check (its default draw; RANDCFG_DRAW=1, 2 or 3 checks
# that draw against the list before it: draw 1 fails draw 2's). RANDCFG_MUTANTS=1 (env) then
# builds three mutant draws of tb/randcfg.c (tap_ucp's weight 0; alpha 100 never drawn; the
# AXI4 keys never drawn) and
# fails unless this check refuses each. Prints the mix and "ok"/"not ok"; exits non-zero on the
# first failure.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [N]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
n=${2:-300}
randcfg=${RANDCFG:-$root/build/randcfg}
draw=()
[ -z "${RANDCFG_DRAW:-}" ] || draw=(--draw "$RANDCFG_DRAW")
notok() { echo "not ok - randcfg: $*"; exit 1; }
declare -A seen count seen3 count3
for s in $(seq 1 "$n"); do
  kind=$("$randcfg" "${draw[@]}" --kind "$s") || notok "seed $s: --kind failed"
  args=$("$randcfg" "${draw[@]}" "$s") || notok "seed $s: no configuration"
  case $kind in l1|l2|system) ;; *) notok "seed $s: kind '$kind'" ;; esac
  rm -rf "$work/out"
  # shellcheck disable=SC2086
  msg=$("$root/build/cachegen" $args --report-only -o "$work/out" 2>&1) ||
    notok "seed $s: cachegen refuses $args: $msg"
  seen[kind=$kind]=1
  ports=0
  for kv in $args; do
    [ "$kv" = --set ] && continue
    seen[key ${kv%%=*}]=1
    case $kv in
      l1.replacement=*|l1.index=*|l1.mshr_merge=8|l2.mshr_merge=8|l2.index=*|system.cores=1) seen[$kv]=1 ;;
      l1.sets=1024|l2.sets=1024) seen[$kv]=1 ;;
      l1.fgcb_entries=1|dwt.table_entries=1) seen[$kv]=1 ;;
      l1.mshrs=*) [ "${kv#l1.mshrs=}" -gt 8 ] && seen[l1.mshrs>8]=1 ;;
      system.cpu_cores=*) ports=${kv#system.cpu_cores=} ;;
      l1.mode=*) [ "$kind" = l1 ] && { seen[l1 seed $kv]=1; count[$kv]=$((${count[$kv]:-0} + 1)); } ;;
      l2.replacement=*) [ "$kind" != l1 ] && { seen[$kind seed $kv]=1; seen[l2/system seed $kv]=1
                          count[$kv]=$((${count[$kv]:-0} + 1)); } ;;
    esac
  done
  [ "$kind" != l1 ] && { [ "$ports" -gt 0 ] && seen[$kind with cpu ports]=1 || seen[$kind without cpu ports]=1; }
  # draw 3's mechanisms and corners (core/reach.h rules on what each reaches)
  declare -A v=()
  for kv in $args; do [ "$kv" = --set ] || v[${kv%%=*}]=${kv#*=}; done
  mode=${v[l1.mode]:-baseline}; pol=${v[l2.replacement]:-lru}
  seen3[mode $mode]=1; seen3[policy $pol]=1; count3[mode $mode]=$((${count3[mode $mode]:-0} + 1))
  count3[policy $pol]=$((${count3[policy $pol]:-0} + 1))
  [ "$ports" -gt 0 ] && seen3[cpu ports beside $mode]=1
  seen3[system.cpu_cores=$ports]=1
  seen3[l1.line_bytes=${v[l1.line_bytes]}]=1
  if [ "${v[axi.enable]:-false}" = true ]; then # draw 4's AXI4 memory side
    [ "$kind" = l1 ] && seen3[axi beside $mode]=1
    [ "$kind" = system ] && seen3[axi in a system]=1
    seen3[axi.data_bits=${v[axi.data_bits]}]=1
    [ "${v[axi.max_writes]}" -gt 8 ] && seen3[axi.max_writes>8]=1
  fi
  if [ "$mode" = sacat ]; then
    [ $((1 << ${v[l1.fgcb_id_bits]})) -le "${v[l1.fgcb_entries]}" ] && seen3[fgcb ids <= entries]=1
    [ $((1 << ${v[l1.fgcb_id_bits]})) -gt "${v[l1.fgcb_entries]}" ] && seen3[fgcb ids > entries]=1
    [ "${v[l1.fgcb_n]}" = 1 ] && seen3[l1.fgcb_n=1]=1
    [ "${v[l1.fgcb_window]}" = 1073741824 ] && seen3[l1.fgcb_window=2^30]=1
    [ "${v[l1.fgcb_entries]}" -gt 8 ] && seen3[l1.fgcb_entries>8]=1
    [ "${v[dwt.table_entries]}" -gt 8 ] && seen3[dwt.table_entries>8]=1
    [ "${v[dwt.mpki_threshold]}" -ge 65520 ] && seen3[dwt.mpki_threshold>=65520]=1
    [ "${v[dwt.mpki_threshold]}" -lt 1000 ] && seen3[dwt.mpki_threshold<1000]=1
  fi
  case $pol in
    tap_*)
      a=${v[tap.alpha]:-5}; x=${v[tap.txs]:-10} # cfg defaults when not drawn
      [ "$a" = 0 ] && seen3[tap.alpha=0]=1; [ "$a" = 100 ] && seen3[tap.alpha=100]=1
      [ "$a" -ge 50 ] && seen3[tap.alpha>=50]=1; [ "$a" -ge 1 ] && [ "$a" -le 20 ] && seen3[tap.alpha 1..20]=1
      [ "$x" = 1 ] && seen3[tap.txs=1]=1; [ "$x" = 1023 ] && seen3[tap.txs=1023]=1
      [ "$x" -gt 8 ] && seen3[tap.txs>8]=1; [ "$x" -ge 2 ] && [ "$x" -le 8 ] && seen3[tap.txs 2..8]=1
      [ "${v[tap.period]:-1000000}" -lt 2000 ] && seen3[$pol short period]=1 ;;
  esac
  case $pol in
    ucp|tap_ucp) # the lookahead's worst case (core/reach.h reach_ucp_lookahead_worst)
      W=${v[l2.ways]}; worst=$(( (ports + 1) * (3 * W * (W + 1) / 2 + 2 * W) + W ))
      if [ "${v[tap.period]:-1000000}" -lt "$worst" ]; then seen3[$pol period below the lookahead]=1
      else seen3[$pol period holding the lookahead]=1; fi
      seen3[l2.umon_counter_bits=${v[l2.umon_counter_bits]:-16}]=1 ;;
  esac
  [ "$pol" = drrip ] || [ "$pol" = tap_rrip ] && [ "${v[l2.psel_bits]:-10}" -gt 4 ] && seen3[l2.psel_bits>4]=1
  [ "$kind" = system ] && [[ " $args " == *" --set system.cores=4 "* ]] && seen[system of 4]=1
done
rm -rf "$work/out"
want=(kind=l1 kind=l2 kind=system)
for m in baseline decoupled gcache pcpred sacat; do want+=("l1 seed l1.mode=$m"); done
for p in lru srrip drrip ucp tap_rrip tap_ucp plru fifo; do want+=("l2/system seed l2.replacement=$p"); done
for r in lru plru srrip fifo random; do want+=("l1.replacement=$r"); done
for i in modulo xor pric; do want+=("l1.index=$i" "l2.index=$i"); done
want+=("l2 with cpu ports" "l2 without cpu ports" "system with cpu ports" "system without cpu ports"
       l1.sets=1024 l2.sets=1024 "l1.mshrs>8" system.cores=1 "system of 4" l1.mshr_merge=8 l2.mshr_merge=8
       l1.fgcb_entries=1 dwt.table_entries=1)
for key in l1.size l2.size l1.rrpv_bits l1.random_seed l1.pric_poly l1.pric_top_bit \
           l1.tag_ways l1.rc_bits l1.threshold l1.duel_interval l1.duel_margin \
           l1.gc_th_hot l1.gc_th_victim l1.gc_bypass_age_every l1.gc_switch_reset_period \
           l1.pc_entries l1.pc_counter_bits l1.pc_threshold l1.pc_hash_shift \
           l1.fgcb_entries l1.fgcb_id_bits l1.fgcb_counter_bits l1.fgcb_window l1.fgcb_n l1.fgcb_m \
           dwt.inst_bits dwt.warp_bits dwt.max_warps dwt.period dwt.mpki_threshold \
           dwt.detect_periods dwt.sample_periods dwt.table_entries \
           system.cpu_cores l2.rrpv_bits l2.psel_bits l2.duel_leaders l2.umon_sets \
           l2.umon_counter_bits tap.period tap.alpha tap.txs l2.pric_poly l2.victim_share; do
  want+=("key $key")
done
[ "${RANDCFG_DRAW:-4}" -ge 4 ] && want+=("key axi.enable" "key axi.data_bits" "key axi.id_bits" "key axi.max_writes")
for w in "${want[@]}"; do
  [ -n "${seen[$w]:-}" ] || notok "no draw of $w in seeds 1..$n"
done
# draws 3 and 4 (the default) also draw, over every kind, each L1 mode and L2 policy at least n/40
# times, CPU ports (each count 1..15) beside every L1 mode, every line size and the corners
draw_no=${RANDCFG_DRAW:-4}
if [ "$draw_no" -ge 3 ]; then
  want3=()
  for m in baseline decoupled gcache pcpred sacat; do want3+=("mode $m" "cpu ports beside $m"); done
  for p in lru srrip drrip ucp tap_rrip tap_ucp plru fifo; do want3+=("policy $p"); done
  for c in $(seq 0 15); do want3+=("system.cpu_cores=$c"); done
  for l in 16 32 64 128 256; do want3+=("l1.line_bytes=$l"); done
  for b in $(seq 1 16); do want3+=("l2.umon_counter_bits=$b"); done
  want3+=("fgcb ids <= entries" "fgcb ids > entries" l1.fgcb_n=1 l1.fgcb_window=2^30 "l1.fgcb_entries>8"
          "dwt.table_entries>8" "dwt.mpki_threshold>=65520" "dwt.mpki_threshold<1000"
          tap.alpha=0 tap.alpha=100 "tap.alpha>=50" "tap.alpha 1..20" tap.txs=1 tap.txs=1023 "tap.txs>8"
          "tap.txs 2..8" "tap_rrip short period" "tap_ucp short period" "l2.psel_bits>4"
          "ucp period below the lookahead" "ucp period holding the lookahead"
          "tap_ucp period below the lookahead" "tap_ucp period holding the lookahead")
  if [ "$draw_no" -ge 4 ]; then
    for m in baseline decoupled gcache pcpred sacat; do want3+=("axi beside $m"); done
    want3+=("axi in a system" axi.data_bits=32 axi.data_bits=1024 "axi.max_writes>8")
  fi
  for w in "${want3[@]}"; do
    [ -n "${seen3[$w]:-}" ] || notok "no draw of $w in seeds 1..$n"
  done
  for k in "${!count3[@]}"; do
    [ "${count3[$k]}" -ge $((n / 40)) ] || notok "$k drawn ${count3[$k]} times in seeds 1..$n, fewer than $((n / 40))"
  done
  echo "  every kind: $(for k in "${!count3[@]}"; do echo "${k#* } ${count3[$k]}"; done | sort | paste -sd, | sed 's/,/, /g')"
fi
for k in l1 l2 system; do
  echo "  $k: $(for s in $(seq 1 "$n"); do [ "$("$randcfg" "${draw[@]}" --kind "$s")" = $k ] && echo; done | wc -l) of $n"
done
echo "  L1 modes (L1 seeds): $(for k in "${!count[@]}"; do [[ $k == l1.mode=* ]] && echo "${k#l1.mode=} ${count[$k]}"; done | sort | paste -sd, | sed 's/,/, /g')"
echo "  L2 policies (L2 and system seeds): $(for k in "${!count[@]}"; do [[ $k == l2.replacement=* ]] && echo "${k#l2.replacement=} ${count[$k]}"; done | sort | paste -sd, | sed 's/,/, /g')"
echo "ok - randcfg: $n legal configurations covering every kind, mechanism and key"
if [ "${RANDCFG_MUTANTS:-0}" = 1 ]; then
  # each mutant draw must be refused, by the line named
  mut() { # NAME FROM TO EXPECTED-LINE
    local src="$work/mut_$1.c" out
    sed "/^static void draw_v3/,\$ s/$2/$3/" "$root/tb/randcfg.c" |
      sed "s|#include \"../core/|#include \"$root/core/|" >"$src"
    cmp -s "$src" <(sed "s|#include \"../core/|#include \"$root/core/|" "$root/tb/randcfg.c") &&
      notok "mutant $1: the edit did not apply"
    cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -o "$work/mut_$1" "$src" "$root/build/libcore.a" -lyaml ||
      notok "mutant $1: does not build"
    out=$(RANDCFG="$work/mut_$1" RANDCFG_MUTANTS=0 "$0" "$work/mut_$1.d" "$n" | tail -1)
    [[ $out == "not ok - randcfg: $4"* ]] || notok "mutant $1 not refused as expected: $out"
    echo "ok - mutant $1 refused: ${out#not ok - randcfg: }"
  }
  mut tap_ucp_weight_0 'pol = l2_pols\[pick(8)\]' 'pol = l2_pols[pick(7)]' \
    "no draw of l2/system seed l2.replacement=tap_ucp"
  mut alpha_100_never '50 + pick(51)' '50 + pick(50)' "no draw of tap.alpha=100"
  mut axi_never_drawn 'if (pick(3) == 0) {' 'if (pick(3) == 3) {' "no draw of key axi.enable"
fi
