#!/usr/bin/env bash
# dinero_bench.sh [REFS]: cachesim against Dinero IV d4-7 (SPEC 6: at least 3x Dinero's CPU
# time on streaming, hot-set and uniform-random traces, din and binary input). One data cache
# of fermi-l1's geometry in both (16 KB, 4 ways, 128 B lines, LRU, write-through, no write
# allocation: `dineroIV -l1-dsize 16k -l1-dbsize 128 -l1-dassoc 4 -l1-drepl l -l1-dwalloc n
# -l1-dwback n`, cachesim --preset fermi-l1). Traces from `cachesim gen --seed 1` (REFS
# references, default 10 million), each converted to din and to Dinero's binary format; every
# tool reads the same file. CPU time (user + sys, bash's `time`), best of RUNS (default 3)
# runs taken in turn. Prints a Markdown table; the run fails if any miss count differs.
#
# Dinero IV is not in this repository and is never faked: without DINERO=/path/to/dineroIV
# the script says so and prints no numbers. DINERO_CUSTOM=/path names an executable built by
# `dineroIV -custom` for this geometry; with D4_SRC=/path/to/d4-7 (configured) instead, the
# script builds one itself. Traces go to build/bench/dinero and are removed unless KEEP=1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
refs=${1:-10000000}
runs=${RUNS:-3}
sim=build/cachesim
if [ -z "${DINERO:-}" ]; then
  echo "dinero_bench: skipped: no Dinero IV (set DINERO=/path/to/dineroIV, d4-7 built" \
       "outside this repository); no numbers are printed without it" >&2
  exit 0
fi
[ -x "$DINERO" ] || { echo "dinero_bench: DINERO=$DINERO is not an executable" >&2; exit 2; }
[ -x "$sim" ] || { echo "dinero_bench: $sim missing: run make all first" >&2; exit 2; }
w=$root/build/bench/dinero
mkdir -p "$w"
geom=(-l1-dsize 16k -l1-dbsize 128 -l1-dassoc 4 -l1-drepl l -l1-dwalloc n -l1-dwback n)

custom=${DINERO_CUSTOM:-}
if [ -z "$custom" ] && [ -n "${D4_SRC:-}" ]; then
  # dineroIV -custom writes a C file of this configuration, builds it with d4-7's Makefile
  # and runs it on stdin: one reference is enough to get the executable
  custom=$w/dinero_custom
  printf '0 0\n' >"$w/one.din"
  if ! (cd "$w" && D4_SRC=$D4_SRC "$DINERO" -custom "$custom" "${geom[@]}" -informat d \
          <one.din >custom.log 2>&1) || [ ! -x "$custom" ]; then
    echo "dinero_bench: building the -custom executable failed ($w/custom.log); its" \
         "column is left out" >&2
    custom=
  fi
fi
if [ -n "$custom" ] && [ ! -x "$custom" ]; then
  echo "dinero_bench: DINERO_CUSTOM=$custom is not an executable" >&2
  exit 2
fi

# secs OUT IN CMD...: run CMD with stdin IN (- for none) and stdout OUT; print user + sys
secs() {
  local out=$1 in=$2 t
  shift 2
  TIMEFORMAT='%3U %3S'
  if [ "$in" = - ]; then
    t=$( { time "$@" >"$out" 2>/dev/null; } 2>&1 )
  else
    t=$( { time "$@" <"$in" >"$out" 2>/dev/null; } 2>&1 )
  fi
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
# Dinero's total demand misses / fetches; cachesim's misses / references (JSON)
d4_misses() { awk '/^ Demand Misses/ { print $3; exit }' "$1"; }
d4_fetches() { awk '/^ Demand Fetches/ { print $3; exit }' "$1"; }
cs_field() { sed -n "s/.*\"$2\": \\([0-9]*\\).*/\\1/p" "$1"; }

kinds=("stream|stream" "hot_stream|hot_stream" "hot set|random --footprint 8192"
       "uniform random|random")
echo "Machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1);" \
     "$refs references a trace, CPU time best of $runs."
echo
header="| trace | input | Dinero IV s |"
rule="|---|---|---:|"
[ -z "$custom" ] || { header+=" Dinero IV -custom s |"; rule+="---:|"; }
header+=" cachesim s | x Dinero |"
rule+="---:|---:|"
[ -z "$custom" ] || { header+=" x -custom |"; rule+="---:|"; }
echo "$header misses (Dinero / cachesim) | equal |"
echo "$rule---:|---|"
bad=0
worst=
for k in "${kinds[@]}"; do
  name=${k%%|*}
  read -r -a gen <<<"${k#*|}"
  "$sim" gen --pattern "${gen[@]}" --refs "$refs" --seed 1 -o "$w/t.bin" 2>/dev/null
  "$sim" convert "$w/t.bin" "$w/t.din" --to din 2>/dev/null
  "$sim" convert "$w/t.bin" "$w/t.dbin" --to dinero-binary 2>/dev/null
  rm -f "$w/t.bin"
  for input in din binary; do
    f=$w/t.din df=d cf=()
    [ $input = din ] || { f=$w/t.dbin df=b cf=(--format dinero-binary); }
    td= tc= ts=
    for i in $(seq "$runs"); do
      td=$(min "$td" "$(secs "$w/d4.out" "$f" "$DINERO" -informat $df "${geom[@]}")")
      [ -z "$custom" ] || tc=$(min "$tc" "$(secs "$w/d4c.out" "$f" "$custom" -informat $df)")
      ts=$(min "$ts" "$(secs "$w/cs.json" - "$sim" --preset fermi-l1 --json "${cf[@]}" "$f")")
    done
    dm=$(d4_misses "$w/d4.out") dr=$(d4_fetches "$w/d4.out")
    cm=$(( $(cs_field "$w/cs.json" read_misses) + $(cs_field "$w/cs.json" write_misses) ))
    cr=$(cs_field "$w/cs.json" refs)
    eq=yes
    [ "$dm" = "$cm" ] && [ "$dr" = "$cr" ] || { eq=no; bad=1; }
    if [ -n "$custom" ] && [ "$(d4_misses "$w/d4c.out")" != "$dm" ]; then eq=no; bad=1; fi
    row="| $name | $input | $td |"
    [ -z "$custom" ] || row+=" $tc |"
    row+=" $ts | $(ratio "$td" "$ts") |"
    [ -z "$custom" ] || row+=" $(ratio "$tc" "$ts") |"
    echo "$row $dm / $cm | $eq |"
    r=$(ratio "${tc:-$td}" "$ts")
    worst=$(min "$worst" "$r")
  done
done
[ -n "${KEEP:-}" ] || rm -f "$w/t.din" "$w/t.dbin"
echo
against="Dinero IV"
[ -z "$custom" ] || against="Dinero IV -custom"
echo "Lowest ratio (against $against): ${worst}x."
if [ $bad -ne 0 ]; then
  echo "dinero_bench: miss or reference counts differ from Dinero IV's" >&2
  exit 1
fi
