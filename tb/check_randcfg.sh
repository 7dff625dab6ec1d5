#!/usr/bin/env bash
# check_randcfg.sh WORKDIR [N]: the random-configuration draw of seeds 1..N (default 300): each
# configuration is accepted by cachegen's own command line (--report-only: validation, config.yaml
# and the report, no RTL), `randcfg --kind` gives l1, l2 or system, and together the draws cover
# every kind, every L1 mode, L1 and L2 set counts of 1024, more than 8 MSHRs, every L2 index and
# replacement, and systems of 1 and 4 cores. RANDCFG (env) names the randcfg binary to check.
# Prints the mix and "ok"/"not ok"; exits non-zero on the first failure.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 WORKDIR [N]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
n=${2:-300}
randcfg=${RANDCFG:-$root/build/randcfg}
notok() { echo "not ok - randcfg: $*"; exit 1; }
declare -A seen
for s in $(seq 1 "$n"); do
  kind=$("$randcfg" --kind "$s") || notok "seed $s: --kind failed"
  args=$("$randcfg" "$s") || notok "seed $s: no configuration"
  case $kind in l1|l2|system) ;; *) notok "seed $s: kind '$kind'" ;; esac
  rm -rf "$work/out"
  # shellcheck disable=SC2086
  msg=$("$root/build/cachegen" $args --report-only -o "$work/out" 2>&1) ||
    notok "seed $s: cachegen refuses $args: $msg"
  seen[kind=$kind]=1
  for kv in $args; do
    case $kv in
      l1.mode=*|l1.replacement=*|l1.mshr_merge=*|l2.mshr_merge=*|l2.index=*|l2.replacement=*|system.cores=1|system.cores=4) seen[$kv]=1 ;;
      l1.sets=1024) seen[l1.sets=1024]=1 ;;
      l2.sets=1024) seen[l2.sets=1024]=1 ;;
      l1.mshrs=*) [ "${kv#l1.mshrs=}" -gt 8 ] && seen[l1.mshrs>8]=1 ;;
    esac
  done
  [ "$kind" = system ] && [[ " $args " == *" --set system.cores=4 "* ]] && seen[system of 4]=1
done
rm -rf "$work/out"
for want in kind=l1 kind=l2 kind=system l1.mode=baseline l1.mode=decoupled l1.mode=gcache \
            l1.mode=pcpred l1.sets=1024 l2.sets=1024 "l1.mshrs>8" l2.index=modulo l2.index=xor \
            l2.index=pric l2.replacement=lru l2.replacement=srrip system.cores=1 "system of 4" \
            l1.replacement=lru l1.replacement=plru l1.replacement=srrip l1.replacement=fifo l1.replacement=random l1.mshr_merge=8 l2.mshr_merge=8; do
  [ -n "${seen[$want]:-}" ] || notok "no draw of $want in seeds 1..$n"
done
for k in l1 l2 system; do
  echo "  $k: $(for s in $(seq 1 "$n"); do [ "$("$randcfg" --kind "$s")" = $k ] && echo; done | wc -l) of $n"
done
echo "ok - randcfg: $n legal configurations covering every kind and mode"
