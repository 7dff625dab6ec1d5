#!/usr/bin/env bash
# test_cachesim.sh [CACHESIM]: the cachesim command line end to end: a hand-computed din run in
# text and JSON, stdin, gen -> convert round trips with the same statistics across formats and
# compressions, the exact path agreeing with the fast path, a sweep (CSV rows and SVG plot),
# and bad input (exit 2, a message, no crash). Ends with "N passed, M failed".
set -uo pipefail
sim=$(cd "$(dirname "${1:-build/cachesim}")" && pwd)/$(basename "${1:-build/cachesim}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -5; }
small="--set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 --set l1.addr_bits=16"

# R0 R0 R20 R40 R60 R0 W0 in one 2-way set, LRU: 1 read hit, 5 read misses, 3 evictions; the
# last R0 refilled 0x00, so W0 hits: 2 hits of 7 references (28.57%).
printf '0 0\n0 0\n0 20\n0 40\n0 60\n0 0\n1 0\n' >hand.din
out=$("$sim" $small hand.din)
echo "$out" | grep -q "hits            2 (28.57%): read 1, write 1" &&
  echo "$out" | grep -q "fills 5, evictions 3" && ok "hand-computed din run (LRU)" || no "hand-computed din run" "$out"
out=$("$sim" $small --set l1.replacement=srrip --json hand.din)
echo "$out" | grep -q '"read_hits": 2' && echo "$out" | grep -q '"evictions": 2' &&
  ok "hand-computed JSON run (SRRIP)" || no "hand-computed JSON run (SRRIP)" "$out"
# The same trace through the decoupled store (2 data ways, 3 tag ways, threshold 2): R0 bypasses
# (RC 1), R0 reserves (RC 2, fill 1), R20 R40 R60 bypass (RC 1 each; R60 replaces the least-RC
# tag entry without a line, 0x20), R0 hits, W0 hits: reads 1 hit, 5 misses of which 4 bypass.
dec="$small --set l1.mode=decoupled --set l1.tag_ways=3 --set l1.threshold=2"
out=$("$sim" $dec --json hand.din)
echo "$out" | grep -q '"read_hits": 1' && echo "$out" | grep -q '"bypasses": 4' &&
  echo "$out" | grep -q '"fills": 1' && echo "$out" | grep -q '"write_hits": 1' &&
  echo "$out" | grep -q '"path": "exact"' &&
  ok "hand-computed decoupled run (bypasses, exact path)" || no "hand-computed decoupled run" "$out"
out=$(cat hand.din | "$sim" $small -)
echo "$out" | grep -q "read 1, write 1" && ok "stdin" || no "stdin" "$out"

"$sim" gen --pattern hot_stream --refs 200000 --seed 5 -o w.bin 2>/dev/null && ok "gen" || no "gen"
ref=$("$sim" --preset fermi-l1 --json w.bin | grep -v -E '"(trace|seconds)"')
same=1
for to in text din binary; do
  for c in none gz zst; do
    "$sim" convert w.bin "w.$to.$c" --to "$to" --compress "$c" 2>/dev/null || same=0
    got=$("$sim" --preset fermi-l1 --json "w.$to.$c" | grep -v -E '"(trace|seconds)"')
    [ "$got" = "$ref" ] || { same=0; echo "differs: $to $c"; }
  done
done
[ $same = 1 ] && ok "9 format x compression conversions give identical statistics" || no "conversions"
gzip -c w.text.none >w.text.gzipped
got=$("$sim" --preset fermi-l1 --json w.text.gzipped | grep -v -E '"(trace|seconds)"')
[ "$got" = "$ref" ] && ok "a gzip file made by gzip(1) reads the same" || no "gzip(1) input"
exact=$("$sim" --preset fermi-l1 --exact --json w.bin | grep -v -E '"(trace|seconds|path)"')
fast=$("$sim" --preset fermi-l1 --json w.bin | grep -v -E '"(trace|seconds|path)"')
[ "$exact" = "$fast" ] && ok "exact and fast paths agree on a 200k-reference trace" || no "exact vs fast"

"$sim" gen --pattern stream --refs 50000 -o s.bin 2>/dev/null
"$sim" --sweep --configs fermi-l1,gcn-l1,fermi-l1-pric --traces w.bin,s.bin -j 2 -o sweep.csv \
  --plot sweep.svg 2>sweep.err
rows=$(tail -n +2 sweep.csv | wc -l)
[ "$rows" = 6 ] && head -1 sweep.csv | grep -q miss_rate && grep -q "<svg" sweep.svg &&
  grep -q "6/6 runs done" sweep.err && ok "sweep: 3 configs x 2 traces, CSV, SVG, progress" ||
  no "sweep" "$(cat sweep.csv sweep.err)"

bad() { # description expected-stderr-text args...
  local d=$1 want=$2; shift 2
  local e rc
  e=$("$sim" "$@" 2>&1 >/dev/null); rc=$?
  [ $rc = 2 ] && echo "$e" | grep -q -- "$want" && ok "bad input: $d" || no "bad input: $d (rc $rc)" "$e"
}
printf '0 10\n0 20\n9 30\n' >bad.din
bad "din label 9 names line 3" "line 3" bad.din
printf 'R 10\nW zz\n' >bad.txt
bad "text bad hex names line 2" "line 2" bad.txt
bad "missing file" "cannot open" nope.din
bad "unknown preset" "unknown preset" --preset nope hand.din
bad "bad key" "l1.colour" --set l1.colour=red hand.din
bad "unknown format" "allowed" --format xml hand.din
bad "gcache L1 without an L2" "l1.mode = gcache" --preset gcache-system hand.din
bad "pcpred L1 without an L2" "l1.mode = pcpred" --preset tian-gcn hand.din
head -c 1000 w.bin >trunc.bin; printf 'x' >>trunc.bin
bad "truncated binary record" "truncated" trunc.bin
head -c 3000 w.text.gz >trunc.gz
bad "truncated gzip" "truncated" trunc.gz
echo "$pass passed, $fail failed"
[ $fail = 0 ]
