#!/usr/bin/env bash
# test_cachesim.sh [CACHESIM]: the cachesim command line end to end: a hand-computed din run in
# text and JSON, stdin, Dinero IV's labels and binary format (SPEC 6) with Dinero's counts,
# Accel-Sim traces and kernelslist.g in cachesim and sysim (SPEC 6: line size, sectors, L2-only
# requests, thread blocks over cores, kernels in order, address bits, empty traces; hand-written
# traces and the shipped real-kernel traces of cmodel/testdata/accel), gen -> convert round
# trips with the same statistics across formats and compressions, the
# exact path agreeing with the fast path, a sweep (CSV rows and SVG plot),
# bad input (exit 2, a message, no crash), and data safety: cut files refused, in-place
# conversion, devices, checked numbers, unbounded sweeps, hostile file names, and gen/convert
# killed mid-run. Ends with "N passed, M failed".
set -uo pipefail
sim=$(cd "$(dirname "${1:-build/cachesim}")" && pwd)/$(basename "${1:-build/cachesim}")
accel_data=$(cd "$(dirname "$0")" && pwd)/testdata/accel
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -5; }
bad() { # description expected-stderr-text args...
  local d=$1 want=$2; shift 2
  local e rc
  e=$(timeout 20 "$sim" "$@" 2>&1 >/dev/null); rc=$?
  [ $rc = 2 ] && grep -q -- "$want" <<<"$e" && ok "bad input: $d" || no "bad input: $d (rc $rc)" "$e"
}
small="--set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 --set l1.addr_bits=16"

# R0 R0 R20 R40 R60 R0 W0 in one 2-way set, LRU: 1 read hit, 5 read misses, 3 evictions; the
# last R0 refilled 0x00, so W0 hits: 2 hits of 7 references (28.57%).
printf '0 0\n0 0\n0 20\n0 40\n0 60\n0 0\n1 0\n' >hand.din
out=$("$sim" $small hand.din)
grep -q "hits            2 (28.57%): read 1, write 1" <<<"$out" &&
  grep -q "fills 5, evictions 3" <<<"$out" && ok "hand-computed din run (LRU)" || no "hand-computed din run" "$out"
out=$("$sim" $small --set l1.replacement=srrip --json hand.din)
grep -q '"read_hits": 2' <<<"$out" && grep -q '"evictions": 2' <<<"$out" &&
  ok "hand-computed JSON run (SRRIP)" || no "hand-computed JSON run (SRRIP)" "$out"
# The same trace through the decoupled store (2 data ways, 3 tag ways, threshold 2): R0 bypasses
# (RC 1), R0 reserves (RC 2, fill 1), R20 R40 R60 bypass (RC 1 each; R60 replaces the least-RC
# tag entry without a line, 0x20), R0 hits, W0 hits: reads 1 hit, 5 misses of which 4 bypass.
dec="$small --set l1.mode=decoupled --set l1.tag_ways=3 --set l1.threshold=2"
out=$("$sim" $dec --json hand.din)
grep -q '"read_hits": 1' <<<"$out" && grep -q '"bypasses": 4' <<<"$out" &&
  grep -q '"fills": 1' <<<"$out" && grep -q '"write_hits": 1' <<<"$out" &&
  grep -q '"path": "exact"' <<<"$out" &&
  ok "hand-computed decoupled run (bypasses, exact path)" || no "hand-computed decoupled run" "$out"
out=$(cat hand.din | "$sim" $small -)
grep -q "read 1, write 1" <<<"$out" && ok "stdin" || no "stdin" "$out"

# ---- Dinero IV (SPEC 6; cmodel/test_sim.c works each label by hand) --------------------------
# (grep reads a here-string, not a pipe: with pipefail, `echo | grep -q` fails at random when
# grep exits before a long echo has written everything)
has() { # output key value...: every "key": value pair is in the JSON output
  local o=$1; shift
  while [ $# -gt 1 ]; do grep -q "\"$1\": $2," <<<"$o" || return 1; shift 2; done
}
# Seven lines, one of each kind. Dinero IV d4-7 with -informat d -l1-dsize 64 -l1-dbsize 16
# -l1-dassoc 2 -l1-drepl l -l1-dwalloc n -l1-dwback n (this cache): 5 demand fetches (read 3,
# write 1, misc 1), 3 misses (read 2, misc 1): R0 miss, fetch 40 not in a data cache, misc 20
# miss, R20 hit, copy-back nothing, R10 miss, W0 hit. With a unified cache (-l1-usize ...;
# --ifetch data): 6 fetches, 5 misses (the fetch misses, misc 20 evicts 0x00, W0 misses).
printf '0 0\n2 40\n3 20\n0 20\n4 0\n0 10\n1 0\n' >seven.din
out=$("$sim" $small --json seven.din)
has "$out" refs 5 reads 4 writes 1 read_misses 3 write_misses 0 write_hits 1 \
  ifetches_skipped 1 copybacks 1 flushes 0 &&
  ok "Dinero labels 0-4: the 7-line trace gives Dinero IV's 5 references, 3 misses" ||
  no "Dinero 7-line trace" "$out"
out=$("$sim" $small seven.din)
grep -q "misses          3 (60.00%): read 3, write 0" <<<"$out" &&
  grep -q "not simulated   1 instruction fetches" <<<"$out" &&
  ok "Dinero 7-line trace, text output" || no "Dinero 7-line trace, text" "$out"
out=$("$sim" $small --ifetch data --json seven.din)
has "$out" refs 6 read_misses 4 write_misses 1 ifetches_skipped 0 &&
  ok "--ifetch data: 6 references, 5 misses (Dinero's unified cache)" || no "--ifetch data" "$out"
bad "--ifetch bogus" "allowed: ignore" --ifetch bogus seven.din
# Label 5 invalidates one line: R0 R20, V0, R20 hits, R0 misses into the freed way (no
# eviction), V10 (not resident) nothing, R0 hits: 5 reads, 3 misses (Dinero: 5 fetches, 3
# misses), 2 invalidates; the exact path agrees.
printf '0 0\n0 20\n5 0\n0 20\n0 0\n5 10\n0 0\n' >inval.din
for p in "" --exact; do
  out=$("$sim" $small $p --json inval.din)
  has "$out" refs 5 read_hits 2 read_misses 3 invalidates 2 evictions 0 &&
    ok "din label 5 invalidates one line ${p:-(fast path)}" || no "din label 5 $p" "$out"
done
bad "din label 5 with a decoupled L1" \
  'line 3: din label "5": invalidating one line is not supported' \
  $small --set l1.mode=decoupled --set l1.tag_ways=3 inval.din
# Dinero binary (-informat b): 8-byte records, address 32 / size 16 / label 8 / pad 8, little-
# endian. The seven lines as 4-byte records give the same counts; a write of 8 bytes at 0x1c
# spans lines 0x10 and 0x20 and is two references (Dinero's two demand fetches), both hits.
rec() { # address size label: one record
  printf "$(printf '\\x%02x' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) \
    $(($1 >> 24 & 255)) $(($2 & 255)) $(($2 >> 8 & 255)) "$3" 0)"
}
{ rec 0 4 0; rec 0x40 4 2; rec 0x20 4 3; rec 0x20 4 0; rec 0 4 4; rec 0x10 4 0; rec 0 4 1; } \
  >seven.dbin
[ "$(od -An -tx1 -N16 seven.dbin | tr -d ' \n')" = 00000000040000004000000004000200 ] &&
  ok "the test's Dinero binary records are laid out as Dinero's" ||
  no "rec() layout" "$(od -tx1 seven.dbin)"
din_ref=$("$sim" $small --json seven.din | grep -v -E '"(trace|seconds)"')
got=$("$sim" $small --format dinero-binary --json seven.dbin | grep -v -E '"(trace|seconds)"')
[ "$got" = "$din_ref" ] && ok "Dinero binary: the same counts as din" || no "Dinero binary" "$got"
gzip -c seven.dbin >seven.dbin.gz
got=$("$sim" $small --format dinero-binary --json seven.dbin.gz | grep -v -E '"(trace|seconds)"')
[ "$got" = "$din_ref" ] && ok "Dinero binary, gzip-compressed" || no "Dinero binary gz" "$got"
{ cat seven.dbin; rec 0x1c 8 1; } >eight.dbin
out=$("$sim" $small --format dinero-binary --json eight.dbin)
has "$out" refs 7 writes 3 write_hits 3 read_misses 3 &&
  ok "Dinero binary: an access spanning two lines is two references" || no "spanning access" "$out"
bad "Dinero binary read as auto names the option" "format dinero-binary" seven.dbin
bad "Dinero binary read as --format binary names the option" "format dinero-binary" \
  --format binary seven.dbin
head -c 20 seven.dbin >cut.dbin
bad "Dinero binary cut mid-record" "record 3: truncated (4 of 8 bytes)" \
  --format dinero-binary cut.dbin
{ rec 0 4 0; rec 0 4 7; } >lab7.dbin
bad "Dinero binary label 7" "record 2: label 7; allowed: 0 read" --format dinero-binary lab7.dbin
# convert: din <-> Dinero binary keep the counts; fetches and copy-backs are left out (said
# on stderr) unless --ifetch data; reading Dinero binary needs the line size to split at.
"$sim" convert inval.din inval.dbin --to dinero-binary 2>/dev/null &&
  [ "$("$sim" $small --format dinero-binary --json inval.dbin | grep -v -E '"(trace|seconds)"')" = \
    "$("$sim" $small --json inval.din | grep -v -E '"(trace|seconds)"')" ] &&
  ok "convert din -> dinero-binary keeps label 5 and the counts" || no "convert to dinero-binary"
e=$("$sim" convert seven.din seven.out.din --to din 2>&1)
[ "$(cat seven.out.din)" = "$(printf '0 0\n0 20\n0 20\n0 10\n1 0')" ] &&
  grep -q "left out 1 instruction fetches" <<<"$e" &&
  ok "convert leaves out fetches and copy-backs, and says so" ||
  no "convert seven.din" "$e $(cat seven.out.din)"
"$sim" convert eight.dbin eight.din --from dinero-binary --line-bytes 16 --to din 2>/dev/null &&
  [ "$(tail -2 eight.din | tr '\n' ' ')" = "1 1c 1 20 " ] && [ "$(wc -l <eight.din)" = 7 ] &&
  ok "convert --from dinero-binary --line-bytes splits at lines" ||
  no "convert --from dinero-binary" "$(cat eight.din)"
bad "convert --from dinero-binary without --line-bytes" "needs --line-bytes" \
  convert eight.dbin x.din --from dinero-binary --to din
printf 'F\n' >flush.txt
bad "convert a flush to din (din has none)" "does not fit the din format" \
  convert flush.txt f.din --to din

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
# the plot: short labels (a trace path's last component without its extension, more of the
# path while two would be equal), each bar's value; stderr (not a terminal) without a \r line
mkdir -p pa/matrixmul pa/vecadd && cp w.bin pa/matrixmul/kernel-1.bin && cp s.bin pa/vecadd/kernel-1.bin
"$sim" --sweep --configs fermi-l1,gcn-l1 --traces "$PWD/pa/matrixmul/kernel-1.bin,$PWD/pa/vecadd/kernel-1.bin,w.bin" \
  -o lab.csv --plot lab.svg 2>lab.err
w_fermi=$(awk -F, '$1 == "fermi-l1" && $2 == "w.bin" {printf "%.3f", $8}' lab.csv)
if grep -q ">matrixmul/kernel-1<" lab.svg && grep -q ">vecadd/kernel-1<" lab.svg && grep -q ">w<" lab.svg &&
   ! grep -q "$PWD" lab.svg && [ -n "$w_fermi" ] && grep -q ">$w_fermi<" lab.svg &&
   ! grep -q $'\r' lab.err sweep.err && grep -q "^cachesim: sweep 6/6 runs done" lab.err; then
  ok "sweep plot: short legend labels (matrixmul/kernel-1, w), bar values ($w_fermi), no \\r in a log"
else no "sweep plot labels" "$(head -c 600 lab.svg | tr '\n' ' ') $(od -c lab.err | head -3)"; fi

printf '0 10\n0 20\n9 30\n' >bad.din
bad "din label 9 names line 3 and the label" 'line 3: din label "9": allowed' bad.din
printf '0 10\n0 zz\n' >badhex.din
bad "din bad hex names line 2 and the value" 'line 2: din address "zz"' badhex.din
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

# ---- Accel-Sim (SPEC 6; cmodel/test_trace_accel.c works each reader rule by hand) -----------
jv() { # FILE EXPR: a Python expression over the JSON document d in FILE
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}
jall() { # FILE EXPR=VALUE...: every expression has that value
  local f=$1 a; shift
  for a in "$@"; do
    [ "$(jv "$f" "${a%%=*}" 2>&1)" = "${a#*=}" ] ||
      { echo "$a: got $(jv "$f" "${a%%=*}" 2>&1)"; return 1; }
  done
}
badq() { # description expected-stderr-text args...: bad input, and stdout stays empty
  local d=$1 want=$2 o; shift 2
  o=$(timeout 20 "$sim" "$@" 2>/dev/null)
  if [ -z "$o" ]; then bad "$d" "$want" "$@"; else no "bad input: $d wrote to stdout" "$o"; fi
}
mkdir -p acc
# One warp, 6 instructions (tracer 5): 1. LDG, 32 threads x 4 bytes from 0x1000 (0x1000-0x107f);
# 2. the same again; 3. STG of 4 bytes at 0x1040; 4. LDG.E.CG, 32 x 4 bytes from 0x2000 (to the
# L2 only); 5. ATOMG at 0x1000 (to the L2 only); 6. LDG of 4 bytes at 0x2000.
cat >acc/kernel-1.traceg <<'TRACE'
-kernel name = k1
-accelsim tracer version = 5
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 6
0010 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4 0
0020 ffffffff 1 R4 LDG.E 1 R2 4 1 0x1000 4 0
0030 00000001 0 STG.E 2 R2 R4 4 0 0x1040 0
0040 ffffffff 1 R4 LDG.E.CG 1 R2 4 1 0x2000 4 0
0050 00000001 1 R4 ATOMG.E.ADD 2 R2 R5 4 0 0x1000 0
0060 00000001 1 R4 LDG.E 1 R2 4 0 0x2000 0
#END_TB
TRACE
geo="--set l1.sets=4 --set l1.ways=2 --set l1.addr_bits=16 --set l1.line_bytes"
# 64-byte lines (4 sets x 2 ways: 0x1000 set 0, 0x1040 set 1, 0x2000 set 0, no eviction):
# 1. 0x1000 0x1040 miss (2 + 2 sectors); 2. both hit (4 sectors); 3. 0x1040 write hit (1);
# 4. 0x2000 0x2040 to the L2 (4 sectors); 5. atomic 0x1000 (1 sector); 6. 0x2000 misses: the
# .CG load did not fill the L1 (1 sector). 6 references, 2 read hits, 3 read misses.
"$sim" $geo=64 --json acc/kernel-1.traceg >a64.json
jall a64.json 'd["refs"]=6' 'd["read_hits"]=2' 'd["read_misses"]=3' 'd["write_hits"]=1' \
  'd["fills"]=3' 'd["accel"]["read_sectors"]=9' 'd["accel"]["write_sectors"]=1' \
  'd["accel"]["l2_loads"]=2' 'd["accel"]["l2_load_sectors"]=4' 'd["accel"]["atomics"]=1' \
  'd["accel"]["atomic_sectors"]=1' 'd["accel"]["thread_blocks"]=1' &&
  ok "accel, 64-byte lines: 6 L1 references, 2 loads and 1 atomic to the L2 only, 9+1 sectors" ||
  no "accel, 64-byte lines" "$(cat a64.json)"
# 128-byte lines: 1. 0x1000 miss; 2. hit; 3. 0x1000 write hit; 4. 0x2000 (4 sectors) to the L2;
# 5. atomic; 6. 0x2000 misses. The same sectors, fewer lines.
"$sim" $geo=128 --json acc/kernel-1.traceg >a128.json
jall a128.json 'd["refs"]=4' 'd["read_hits"]=1' 'd["read_misses"]=2' 'd["write_hits"]=1' \
  'd["accel"]["read_sectors"]=9' 'd["accel"]["l2_loads"]=1' 'd["accel"]["l2_load_sectors"]=4' &&
  ok "accel, 128-byte lines: 4 L1 references, 1 load to the L2 only" ||
  no "accel, 128-byte lines" "$(cat a128.json)"
# 32-byte lines (0x1000-0x1060 in sets 0-3; 0x2000 in set 0 beside 0x1000): 1. 4 misses;
# 2. 4 hits; 3. write hit; 4. 4 L2 loads; 5. atomic; 6. 0x2000 misses: 10 references.
"$sim" $geo=32 --json acc/kernel-1.traceg >a32.json
jall a32.json 'd["refs"]=10' 'd["read_hits"]=4' 'd["read_misses"]=5' 'd["write_hits"]=1' \
  'd["accel"]["l2_loads"]=4' 'd["accel"]["read_sectors"]=9' &&
  ok "accel, 32-byte lines: 10 L1 references, 4 loads to the L2 only" ||
  no "accel, 32-byte lines" "$(cat a32.json)"
out=$("$sim" $geo=64 acc/kernel-1.traceg)
grep -q "sectors (32 B)  read 9, write 1" <<<"$out" &&
  grep -q "L2 only         2 loads (4 sectors), 1 atomics (1 sectors)" <<<"$out" &&
  ok "accel text output: sectors and L2-only counts" || no "accel text output" "$out"
# kernelslist.g: kernel 1 as above, then kernel 2 (tracer 4, no immediate) loading 0x1000 once.
# The L1 is invalidated between kernels, so that load misses (it hit before the flush): totals
# 7 references, 4 read misses, 1 flush; per kernel 6 and 1. MemcpyHtoD counted, MemcpyDtoH
# skipped, as is the blank line.
cat >acc/kernel-2.traceg <<'TRACE'
-kernel name = k2
-accelsim tracer version = 4
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 1
0070 00000001 1 R4 LDG.E 1 R2 4 0 0x1000
#END_TB
TRACE
printf 'MemcpyHtoD,0x0000000000001000,4096\nkernel-1.traceg\nMemcpyDtoH,0x1000,4096\n\nkernel-2.traceg\n' \
  >acc/kernelslist.g
"$sim" $geo=64 --json acc/kernelslist.g >list.json
jall list.json 'd["refs"]=7' 'd["read_misses"]=4' 'd["flushes"]=1' 'd["accel"]["kernels"]=2' \
  'd["accel"]["memcpys"]=1' 'd["accel"]["thread_blocks"]=2' \
  'd["accel"]["per_kernel"][0]["kernel"]=kernel-1.traceg' 'd["accel"]["per_kernel"][0]["refs"]=6' \
  'd["accel"]["per_kernel"][0]["read_misses"]=3' 'd["accel"]["per_kernel"][0]["atomics"]=1' \
  'd["accel"]["per_kernel"][1]["kernel"]=kernel-2.traceg' 'd["accel"]["per_kernel"][1]["refs"]=1' \
  'd["accel"]["per_kernel"][1]["read_misses"]=1' 'd["accel"]["per_kernel"][1]["flushes"]=1' &&
  ok "kernelslist.g: kernels in order, L1 invalidated between them, per-kernel and total counts" ||
  no "kernelslist.g" "$(cat list.json)"
out=$("$sim" $geo=64 acc/kernelslist.g)
grep -q "2 kernels, 2 thread blocks" <<<"$out" &&
  grep -q "kernel 2        kernel-2.traceg: 1 thread blocks, references 1, misses 1" <<<"$out" &&
  ok "kernelslist.g text output: one line per kernel" || no "kernelslist.g text" "$out"
# The list read from another directory: kernel paths are relative to the list.
(cd / && "$sim" $geo=64 --json "$work/acc/kernelslist.g") >list2.json &&
  jall list2.json 'd["refs"]=7' && ok "kernelslist.g paths relative to the list" ||
  no "kernelslist.g from another directory"
gzip -c acc/kernel-1.traceg >acc/k1.traceg.gz
"$sim" $geo=64 --json acc/k1.traceg.gz >gz.json &&
  jall gz.json 'd["refs"]=6' 'd["accel"]["l2_loads"]=2' &&
  ok "accel trace, gzip-compressed" || no "accel gzip"
"$sim" $geo=64 --format accel --json - <acc/kernel-1.traceg >in.json &&
  jall in.json 'd["refs"]=6' && ok "accel on stdin with --format accel" || no "accel stdin"
bad "accel on stdin without --format accel" "needs --format accel" $geo=64 - <acc/kernel-1.traceg
# A sweep reads Accel-Sim traces the same way: fermi-l1 (128-byte lines) 5 references (4 + the
# kernel-2 load), gcn-l1 (64-byte lines) 7.
"$sim" --sweep --configs fermi-l1,gcn-l1 --traces acc/kernelslist.g -o acc.csv 2>/dev/null &&
  [ "$(cut -d, -f3 acc.csv | tail -n +2 | tr '\n' ' ')" = "5 7 " ] &&
  ok "sweep over a kernelslist.g: 5 and 7 references at 128- and 64-byte lines" ||
  no "sweep over a kernelslist.g" "$(cat acc.csv)"
# Bad input: an error naming the file, line and value, exit 2, nothing on stdout.
printf -- '-kernel name = k\n-accelsim tracer version = 5\n' >acc/empty.traceg
badq "accel: header without a thread block" \
  "trace = acc/empty.traceg: line 2: input ends without a thread block (an empty trace)" \
  acc/empty.traceg
: >acc/zero.traceg
badq "accel: empty file with --format accel" "trace = acc/zero.traceg: line 1: empty input" \
  --format accel acc/zero.traceg
printf 'MemcpyHtoD,0x1000,64\n' >acc/nokern.g
badq "kernelslist.g without a kernel" \
  "trace = acc/nokern.g: line 1: no kernel listed (an empty trace)" acc/nokern.g
printf 'kernel-1.traceg\nkernel-9.traceg\n' >acc/missing.g
badq "kernelslist.g naming a missing kernel" \
  "trace = acc/missing.g: kernel acc/kernel-9.traceg (list line 2): cannot open" acc/missing.g
printf 'kernel-1.traceg\nhello world\n' >acc/badline.g
badq "kernelslist.g with a bad line" 'trace = acc/badline.g: line 2: "hello world": expected' \
  acc/badline.g
sed 's/0x2000 0$/0x7f0000002000 0/' acc/kernel-1.traceg >acc/kernel-3.traceg
printf 'kernel-2.traceg\nkernel-3.traceg\n' >acc/far.g
badq "accel: a 47-bit address with 32-bit l1.addr_bits" \
  "kernel acc/kernel-3.traceg (list line 2): line 12: address 0x7f0000002000 (thread 0, 4 bytes) does not fit l1.addr_bits = 32 (addresses up to 0xffffffff); raise l1.addr_bits to 47 or more" \
  --preset fermi-l1 acc/far.g
"$sim" --preset fermi-l1 --set l1.addr_bits=47 --json acc/far.g >far.json &&
  jall far.json 'd["refs"]=5' && ok "... accepted with l1.addr_bits=47" || no "47-bit addresses"
# sysim: thread blocks round-robin over system.cores. Three blocks (tracer 5): TB0 loads 0x1000
# twice, TB1 loads 0x2000 then .CG-loads 0x3000, TB2 loads 0x1000 then ATOMG 0x2000. With 2
# cores: wave TB0 (core 0), TB1 (core 1): core 0 misses 0x1000 then hits, core 1 misses 0x2000
# and sends 0x3000 to the L2; wave TB2 (core 0): 0x1000 hits, the atomic goes to the L2, where
# core 1's miss brought 0x2000 (an atomic hit). Core 0: 3 loads, 2 hits, 1 atomic; core 1:
# 1 load, 0 hits, 1 L2-only load; L2 reads 3 (two L1 misses, the .CG load), all misses.
cat >acc/rr.traceg <<'TRACE'
-accelsim tracer version = 5
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 2
0010 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0
0018 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0
#END_TB
#BEGIN_TB
thread block = 1,0,0
warp = 0
insts = 2
0020 00000001 1 R4 LDG.E 1 R2 4 0 0x2000 0
0028 00000001 1 R4 LDG.E.CG 1 R2 4 0 0x3000 0
#END_TB
#BEGIN_TB
thread block = 2,0,0
warp = 0
insts = 2
0030 00000001 1 R4 LDG.E 1 R2 4 0 0x1000 0
0038 00000001 1 R4 ATOMG.E.ADD 2 R2 R5 4 0 0x2000 0
#END_TB
TRACE
sysim_bin=$(dirname "$sim")/sysim
sys2="--preset gcache-system --set system.cores=2 --set l1.mode=baseline"
if [ -x "$sysim_bin" ]; then
  "$sysim_bin" --json $sys2 acc/rr.traceg >rr.json
  jall rr.json 'd["loads"]=4' 'd["l1_load_hits"]=2' 'd["l2_reads"]=3' 'd["l2_read_hits"]=0' \
    'd["l2_only_loads"]=1' 'd["atomics"]=1' 'd["atomic_hits"]=1' 'd["accel"]["thread_blocks"]=3' \
    '[(c["loads"], c["l1_load_hits"], c["l2_only_loads"], c["atomics"]) for c in d["per_core"]]=[(3, 2, 0, 1), (1, 0, 1, 0)]' &&
    ok "sysim: thread blocks round-robin over 2 cores, per-core counts, L2-only requests" ||
    no "sysim round-robin" "$(cat rr.json)"
  # The list: kernel 2's load of 0x1000 misses its flushed L1 and hits the L2, which kept it.
  "$sysim_bin" --json $sys2 $geo=64 acc/kernelslist.g >slist.json
  jall slist.json 'd["l1_flushes"]=1' 'd["accel"]["per_kernel"][1]["loads"]=1' \
    'd["accel"]["per_kernel"][1]["l1_load_hits"]=0' 'd["accel"]["per_kernel"][1]["l2_read_hits"]=1' \
    'd["accel"]["per_kernel"][0]["atomics"]=1' 'd["accel"]["per_kernel"][0]["l2_only_loads"]=2' &&
    ok "sysim: kernelslist.g in order, L1s invalidated between kernels, the L2 kept" ||
    no "sysim kernelslist" "$(cat slist.json)"
  o=$("$sysim_bin" --preset gcache-system acc/far.g 2>sysim.err); rc=$?
  [ $rc = 2 ] && [ -z "$o" ] &&
    grep -q "trace = acc/far.g: kernel acc/kernel-3.traceg (list line 2): line 12: address 0x7f0000002000" sysim.err &&
    ok "sysim: a 47-bit address with 32-bit l1.addr_bits names file and line, no output" ||
    no "sysim address bits (rc $rc)" "$(cat sysim.err) $o"
fi
# Real kernels (cmodel/testdata/accel: Accel-Sim tracer 4 on a Pascal GPU, MIT, from
# romnn/microgpusim). Counts worked out from the kernels:
# vectoradd: c[i] = a[i] + b[i], 100 floats, one block of 1024 threads (warps 0-2 full, warp 3
# with threads 0-3, warps 4-31 exit at once). a and b (400 bytes each, 128-byte aligned) are
# read with LDG.E.CG: to the L2 only, 4 lines each at 128 bytes (7 at 64), 13 sectors each; c
# is written with STG.E: 4 (7) write misses, 13 sectors.
# matrixmul: C = A x B, 32 x 32 floats, one block of 32 x 32 threads; warp w loads row w of A
# and of B (LDG.E, 128 bytes each) once, then writes row w of C: 64 read misses and 32 writes
# at 128-byte lines (128 and 64 at 64), 256 read sectors, 128 write sectors; its LDS/STS are
# shared memory, not simulated.
if [ -f "$accel_data/vectoradd/kernelslist.g" ]; then
  badq "real trace with a 32-bit preset names the key to raise" \
    "raise l1.addr_bits to 47 or more" --preset fermi-l1 "$accel_data/vectoradd/kernelslist.g"
  wide="--set l1.addr_bits=47"
  "$sim" --preset fermi-l1 $wide --json "$accel_data/vectoradd/kernelslist.g" >va128.json
  "$sim" --preset gcn-l1 $wide --json "$accel_data/vectoradd/kernelslist.g" >va64.json
  jall va128.json 'd["refs"]=4' 'd["writes"]=4' 'd["write_misses"]=4' 'd["accel"]["l2_loads"]=8' \
    'd["accel"]["l2_load_sectors"]=26' 'd["accel"]["write_sectors"]=13' 'd["accel"]["memcpys"]=3' &&
    jall va64.json 'd["refs"]=7' 'd["accel"]["l2_loads"]=14' 'd["accel"]["l2_load_sectors"]=26' &&
    ok "real trace vectoradd: .CG loads to the L2 only, 128- and 64-byte lines" ||
    no "real trace vectoradd" "$(cat va128.json va64.json)"
  "$sim" --preset fermi-l1 $wide --json "$accel_data/matrixmul/kernelslist.g" >mm128.json
  "$sim" --preset gcn-l1 $wide --json "$accel_data/matrixmul/kernelslist.g" >mm64.json
  jall mm128.json 'd["refs"]=96' 'd["read_misses"]=64' 'd["read_hits"]=0' 'd["writes"]=32' \
    'd["accel"]["read_sectors"]=256' 'd["accel"]["write_sectors"]=128' &&
    jall mm64.json 'd["refs"]=192' 'd["read_misses"]=128' 'd["accel"]["read_sectors"]=256' &&
    ok "real trace matrixmul: 64 + 32 lines at 128 bytes, 128 + 64 at 64, shared memory skipped" ||
    no "real trace matrixmul" "$(cat mm128.json mm64.json)"
  if [ -x "$sysim_bin" ]; then
    "$sysim_bin" --json --preset gcache-system $wide "$accel_data/matrixmul/kernelslist.g" >mms.json &&
      jall mms.json 'd["loads"]=64' 'd["stores"]=32' 'd["l2_reads"]=64' 'd["per_core"][0]["loads"]=64' &&
      ok "real trace matrixmul in sysim (one block: core 0)" || no "sysim matrixmul" "$(cat mms.json)"
  fi
else
  no "the real-kernel traces in $accel_data are missing"
fi

# ---- data safety (issue 14) ----------------------------------------------------------------
tmps() { find . -name '.*.cachesim-tmp-*' | wc -l; }
# A shell ignores SIGINT in its background jobs (and this script may itself run with SIGINT
# ignored); cachesim keeps an ignored SIGINT ignored, so the runs meant to be interrupted start
# with it restored.
dflint="env --default-signal=INT"
# Cut files are refused: a din line without its newline (an interrupted writer), a binary file
# cut at a record boundary (no end record).
"$sim" gen --pattern random --refs 1000 --to din -o c.din 2>/dev/null
head -c 1000 c.din >cutline.din
bad "din cut mid-line names the file and line" "trace = cutline.din: line 91: no newline" cutline.din
"$sim" gen --pattern random --refs 1000 -o c.bin 2>/dev/null
head -c $((8 + 16 * 500)) c.bin >cutrec.bin
bad "binary cut at a record boundary (no end record)" "missing end record" cutrec.bin
# sysim reads through the same readers and names the file too.
sysim=$(dirname "$sim")/sysim
if [ -x "$sysim" ]; then
  e=$("$sysim" --preset gcache-system cutline.din 2>&1 >/dev/null); rc=$?
  [ $rc = 2 ] && grep -q "trace = cutline.din: line 91: no newline" <<<"$e" &&
    ok "sysim refuses a cut din, naming the file and line" || no "sysim cut din (rc $rc)" "$e"
  # text by default (the totals, a line per core), JSON with --json: the same load counts
  txt=$("$sysim" --preset gcache-system hand.din) && js=$("$sysim" --json --preset gcache-system hand.din)
  tl=$(sed -n 's/^  L1 loads *\([0-9]*\), hits \([0-9]*\) .*/\1 \2/p' <<<"$txt")
  jl=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["loads"], d["l1_load_hits"])' <<<"$js")
  [ -n "$tl" ] && [ "$tl" = "$jl" ] && [ "$(grep -c '^  core ' <<<"$txt")" = 4 ] &&
    ok "sysim: text by default (loads, hits $tl; 4 core lines), the same counts with --json" ||
    no "sysim text and JSON" "$txt $jl"
  # 300 --set options: no fixed limit (a key set twice is refused naming both, issue 33)
  sets=(); for _ in $(seq 300); do sets+=(--set l1.ways=2); done
  e1=$("$sysim" --preset gcache-system "${sets[@]}" hand.din 2>&1 >/dev/null); r1=$?
  e2=$("$sim" "${sets[@]}" hand.din 2>&1 >/dev/null); r2=$?
  [ $r1 = 2 ] && [ $r2 = 2 ] && grep -q "l1.ways: given twice" <<<"$e1" &&
    grep -q "l1.ways: given twice" <<<"$e2" &&
    ok "300 --set options (no fixed limit; one key twice refused naming both)" ||
    no "300 --set options (rc $r1 $r2)" "$e1 $e2"

  # sacat (FG-CB, docs/sacat.md), one core, N = 4, M = 2. Base 1 streams lines 0x1000.. (by
  # hand: loads 1-4 miss, the 4th decides bypass-L1 and its fill bypass-L2; loads 5 and 6 are
  # bypassed with no-allocate reads); F is a kernel start: the table clears, loads 7 and 8
  # are cached again. 8 loads, 2 bypassed (ratio 0.25), 2 no-allocate reads.
  fg="--preset fermi-l1 --set l1.mode=sacat --set system.cores=1 --set l1.fgcb_n=4 --set l1.fgcb_m=2"
  printf 'R %x 0 0 1\n' 4096 4224 4352 4480 4608 4736 >fg.txt; printf 'F\n' >>fg.txt
  printf 'R %x 0 0 1\n' 4864 4992 >>fg.txt
  o=$("$sysim" --json $fg fg.txt | python3 -c 'import json,sys; d=json.load(sys.stdin); f=d["fgcb"]
print(d["loads"], f["bypassed_loads"], f["bypass_ratio"], f["noalloc_reads"], f["l1_bypass_decisions"],
      f["l2_bypass_decisions"], d["kernel_starts"], d["l1_bypasses"], [b["base"] for b in f["per_base"]])')
  [ "$o" = "8 2 0.25 2 1 1 1 2 [1]" ] &&
    ok "sysim sacat: a streamed base bypassed after N loads, a text F restarts FG-CB ($o)" ||
    no "sysim sacat text trace" "$o"
  printf 'R 1000 0 0 1\nR 2000 0 0 20\n' >fgwide.txt
  e=$("$sysim" $fg fgwide.txt 2>&1 >fg.out); rc=$?
  [ $rc = 2 ] && [ ! -s fg.out ] && grep -q "trace = fgwide.txt: line 2: base id 0x20 does not fit l1.fgcb_id_bits = 5; allowed: 0x0..0x1f" <<<"$e" &&
    ok "sysim sacat: a base id wider than l1.fgcb_id_bits names the trace, line, value and range" ||
    no "sysim sacat wide base id (rc $rc)" "$e"
  "$sim" convert fgwide.txt fgwide.bin --to binary 2>/dev/null
  e=$("$sysim" $fg fgwide.bin 2>&1 >fg.out); rc=$?
  [ $rc = 2 ] && [ ! -s fg.out ] && grep -q "trace = fgwide.bin: record 2: base id 0x20 does not fit" <<<"$e" &&
    ok "sysim sacat: the same in a binary trace names the record" ||
    no "sysim sacat wide base id, binary (rc $rc)" "$e"
  "$sysim" --preset fermi-l1 fgwide.txt >/dev/null &&
    ok "sysim: base ids are not checked outside sacat" || no "sysim baseline with a base id"
  e=$("$sim" $fg fg.txt 2>&1 >fg.out); rc=$?
  [ $rc = 2 ] && [ ! -s fg.out ] && grep -q "l1.mode = sacat: cachesim runs one L1" <<<"$e" &&
    ok "cachesim refuses sacat (FG-CB needs the L2's hit flag and cycles: sysim)" ||
    no "cachesim sacat (rc $rc)" "$e"
  # Accel-Sim base ids: kernel a knows the copy at 0x10000 only, kernel b also 0x11000. Both
  # load 0x11000, 0x10000, 0x13000 (one thread each). a: block 0 (id 0), the copy (1), block
  # 0 again (0); b: its copy (0), the first copy (1), block 0 (2). Per base: 3, 2, 1 loads.
  mkdir -p fgacc
  for k in a b; do
    { printf -- '-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n'
      for ad in 0x11000 0x10000 0x13000; do printf '0010 00000001 1 R4 LDG.E 1 R2 4 1 %s 4 0\n' $ad; done
      printf '#END_TB\n'; } >fgacc/kernel-$k.traceg
  done
  printf 'MemcpyHtoD,0x10000,4096\nkernel-a.traceg\nMemcpyHtoD,0x11000,4096\nkernel-b.traceg\n' >fgacc/kernelslist.g
  o=$("$sysim" --json $fg fgacc/kernelslist.g | python3 -c 'import json,sys; d=json.load(sys.stdin)
print([(b["base"], b["loads"]) for b in d["fgcb"]["per_base"]], d["kernel_starts"])')
  [ "$o" = "[(0, 3), (1, 2), (2, 1)] 1" ] &&
    ok "sysim sacat: Accel-Sim base ids from the MemcpyHtoD ranges before each kernel, else 2 MiB blocks" ||
    no "sysim sacat Accel-Sim base ids" "$o"
fi
# In-place conversion of a trace with a bad line leaves it intact; a good one is converted.
cp bad.din inplace.din
bad "convert X X with a bad line" "line 3" convert inplace.din inplace.din --to din
cmp -s bad.din inplace.din && ok "convert X X with a bad line keeps the input" ||
  no "convert X X lost the input" "$(ls -la inplace.din 2>&1)"
cp w.text.none inplace.txt # 200k references: more than the reader's first 1 MB chunk
"$sim" convert inplace.txt inplace.txt --to binary 2>/dev/null &&
  [ "$("$sim" --preset fermi-l1 --json inplace.txt | grep -v -E '"(trace|seconds)"')" = "$ref" ] &&
  [ "$(tmps)" = 0 ] && ok "convert X X (good trace) goes through a temporary" || no "convert X X"
mkfifo same.fifo
bad "convert X X on a FIFO" "same non-regular file" convert same.fifo same.fifo --to din
# A character device whose writes fail: error, and the node is still there (needs mknod).
if mknod fulldev c 1 7 2>/dev/null; then
  bad "gen -o a failing device" "fulldev: write failed" gen --pattern stream --refs 300000 -o fulldev
  [ -c fulldev ] && ok "gen -o a failing device keeps the node" || no "gen -o device removed it"
else
  echo "ok - gen -o a failing device # skip: mknod not permitted"
fi
# /dev/stdout appended to a file is written through, not renamed over the file.
printf '# kept\n' >app.din
"$sim" gen --pattern stream --refs 5 --to din -o /dev/stdout >>app.din 2>/dev/null
[ "$(head -1 app.din)" = "# kept" ] && [ "$(wc -l <app.din)" = 6 ] &&
  ok "gen -o /dev/stdout >>FILE appends" || no "gen -o /dev/stdout >>FILE" "$(cat app.din)"
# Numbers through num_parse_u64: refused, not truncated or read as 0.
bad "gen --refs abc" "refs = abc: not allowed" gen --pattern stream --refs abc -o n.bin
bad "gen --refs -1" "refs = -1: not allowed" gen --pattern stream --refs -1 -o n.bin
bad "gen --cores 4294967297" "cores = 4294967297: not allowed; expected a decimal integer in 1..65536" \
  gen --pattern stream --cores 4294967297 -o n.bin
bad "gen --stores 101" "stores = 101" gen --pattern stream --stores 101 -o n.bin
bad "sweep -j 1x" "-j = 1x" --sweep --configs fermi-l1 --traces c.din -o n.csv -j 1x
[ ! -e n.bin ] && [ ! -e n.csv ] && ok "refused numbers write nothing" || no "refused numbers wrote a file"
# Sweep lists are unbounded: 300 configs give 300 rows.
many=$(printf 'fermi-l1%.0s,' $(seq 300)); many=${many%,}
"$sim" --sweep --configs "$many" --traces hand.din -j 2 -o many.csv 2>/dev/null
[ "$(tail -n +2 many.csv | wc -l)" = 300 ] && ok "sweep of 300 configs runs 300" ||
  no "sweep of 300 configs" "$(tail -n +2 many.csv | wc -l) rows"
# ... and over 8 KB: 100 traces of 88-character names.
long="$(printf './%.0s' $(seq 40))hand.din"; list=$(printf "$long,%.0s" $(seq 100)); list=${list%,}
"$sim" --sweep --configs fermi-l1 --traces "$list" -j 2 -o long.csv 2>/dev/null
[ ${#list} -gt 8192 ] && [ "$(tail -n +2 long.csv | grep -c -F ",$long,")" = 100 ] &&
  ok "sweep list of ${#list} bytes runs all 100 traces" || no "sweep list over 8 KB"
# stdin in a sweep of several runs is refused (every run after the first would read nothing).
bad "sweep --traces - with 2 runs" "can be read by one run only" \
  --sweep --configs fermi-l1,gcn-l1 --traces - -o stdin.csv <hand.din
# A sweep output that names one of its inputs is refused before anything runs.
cp hand.din sw.din
bad "sweep -o naming its trace" "is also an input, sw.din" --sweep --configs fermi-l1 --traces sw.din -o sw.din
bad "sweep --plot naming its trace" "is also an input" --sweep --configs fermi-l1 --traces sw.din -o sw.csv --plot sw.din
bad "sweep -o and --plot the same new file" "already being written" --sweep --configs fermi-l1 --traces sw.din -o same.out --plot same.out
cmp -s hand.din sw.din && [ ! -e same.out ] && ok "the sweep's trace is intact" || no "the sweep overwrote its trace"
# Hostile file names never reach a shell; the CSV keeps them, the SVG is well-formed.
hostile=$'h\'; touch PWNED; echo \'$(touch PWNED2)`touch PWNED3`@x"\\q\nz'
cp hand.din "$hostile.din"
"$sim" --sweep --configs fermi-l1 --traces "hand.din,$hostile.din" -o "$hostile.csv" \
  --plot "$hostile.svg" 2>/dev/null
rc=$?
[ $rc = 0 ] && ! ls PWNED* >/dev/null 2>&1 && [ -s "$hostile.csv" ] &&
  grep -q "<svg" "$hostile.svg" && [ "$(tail -n +2 "$hostile.csv" | grep -c '^fermi-l1,')" = 2 ] &&
  grep -q -F '`touch PWNED3`@x__q_z' "$hostile.svg" &&
  ok "sweep with hostile names (quotes, ;, \$(), backquotes, newline, backslash): no command run" ||
  no "sweep with hostile names (rc $rc)" "$(ls)"
! ls | grep -q -E '\.(gp|dat)$|parts-' && ok "sweep leaves no .gp/.dat/.parts files" ||
  no "sweep leftovers" "$(ls)"
# A sweep whose CSV cannot be put in place fails: -o becomes a directory while the run waits
# for its trace (a FIFO).
mkfifo late.fifo
"$sim" --sweep --configs fermi-l1 --traces late.fifo -o late.csv 2>late.err &
spid=$!
for _ in $(seq 50); do ls -a | grep -q '^\.late\.csv\.cachesim-tmp-' && break; sleep 0.1; done
mkdir late.csv; cat hand.din >late.fifo; wait $spid; rc=$?
[ $rc = 2 ] && grep -q "late.csv" late.err && ok "sweep fails when its CSV cannot be renamed" ||
  no "sweep with a failed rename (rc $rc)" "$(cat late.err)"
# A sweep interrupted (SIGINT) while its run waits: no CSV, no temporary, no run left behind
# (the FIFO finds no reader; one config: a FIFO read by two runs is refused up front).
mkfifo int.fifo
$dflint "$sim" --sweep --configs fermi-l1 --traces int.fifo -o int.csv 2>/dev/null &
spid=$!
for _ in $(seq 50); do ls -a | grep -q '^\.int\.csv\.cachesim-tmp-' && break; sleep 0.1; done
kill -s INT $spid
for _ in $(seq 50); do kill -0 $spid 2>/dev/null || break; sleep 0.1; done
alive=0; kill -0 $spid 2>/dev/null && { alive=1; kill -s KILL $spid; }
wait $spid
sleep 0.5 # the runs' SIGTERM from their parent's death is asynchronous
timeout 1 sh -c 'cat hand.din >int.fifo'; rc=$?
[ $alive = 1 ] && timeout 1 sh -c 'cat hand.din >int.fifo' # release a run still waiting
[ $alive = 0 ] && [ ! -e int.csv ] && [ "$(tmps)" = 0 ] && [ $rc = 124 ] &&
  ok "sweep interrupted: no CSV, no temporary, no orphaned run" ||
  no "sweep interrupted (alive after SIGINT: $alive, writer rc $rc)" "$(ls -a)"
# Kill gen and convert mid-run (SIGKILL and SIGINT, 30 runs): the input is intact, the target
# is the old file or the complete new one, SIGINT leaves no temporary, and the next run
# removes those a SIGKILL left.
"$sim" gen --pattern random --refs 1500000 --to din -o full.din 2>/dev/null
"$sim" convert full.din full.bin --to binary 2>/dev/null
cp full.bin in.bin
kills_ok=1; left_by_kill=0; cut_short=0
for i in $(seq 1 30); do
  sig=$([ $((i % 2)) = 0 ] && echo KILL || echo INT)
  printf 'old\n' >old.txt
  if [ $((i % 3)) = 0 ]; then # in place: the input is the target
    cp full.bin ip.bin
    $dflint "$sim" convert ip.bin ip.bin --to din 2>/dev/null & pid=$!
    tgt=ip.bin; old=full.bin; new=full.din
  elif [ $((i % 3)) = 1 ]; then
    cp old.txt g.din
    $dflint "$sim" gen --pattern random --refs 1500000 --to din -o g.din 2>/dev/null & pid=$!
    tgt=g.din; old=old.txt; new=full.din
  else
    cp old.txt cv.din
    $dflint "$sim" convert in.bin cv.din --to din 2>/dev/null & pid=$!
    tgt=cv.din; old=old.txt; new=full.din
  fi
  sleep "0.$(printf %02d $(( (i * 7) % 30 )))"
  kill -s $sig $pid 2>/dev/null; wait $pid 2>/dev/null
  cmp -s in.bin full.bin || { kills_ok=0; echo "run $i ($sig): the input changed"; }
  cmp -s $tgt $old && cut_short=$((cut_short + 1))
  cmp -s $tgt $old || cmp -s $tgt $new || { kills_ok=0; echo "run $i ($sig): $tgt is cut"; }
  n=$(tmps)
  [ $sig = KILL ] && left_by_kill=$((left_by_kill + n))
  [ $sig = INT ] && [ $n != 0 ] && { kills_ok=0; echo "run $i (INT): $n temporaries left"; }
  [ $sig = KILL ] && for t in g.din cv.din ip.bin; do # the next run on the target cleans up
    "$sim" gen --pattern stream --refs 10 -o $t 2>/dev/null; done
  [ "$(tmps)" = 0 ] || { kills_ok=0; echo "run $i: temporaries of killed runs not cleaned"; }
done
[ $kills_ok = 1 ] && [ $cut_short -ge 5 ] &&
  ok "30 gen/convert runs killed ($cut_short mid-run): nothing lost, cut or left ($left_by_kill temporaries of SIGKILL cleaned)" ||
  no "killed gen/convert runs ($cut_short of 30 left the old target)"
# convert coalesces an Accel-Sim trace at --line-bytes: vectoradd's STG.E writes (above) are
# 4 references at 128-byte lines and 7 at 64; its LDG.E.CG loads are L2-only and left out.
if [ -f "$accel_data/vectoradd/kernel-1.traceg" ]; then
  "$sim" convert "$accel_data/vectoradd/kernel-1.traceg" cv128.txt --to text 2>/dev/null
  "$sim" convert "$accel_data/vectoradd/kernel-1.traceg" cv64.txt --to text --line-bytes 64 2>/dev/null
  n128=$(grep -vc '^#' cv128.txt); n64=$(grep -vc '^#' cv64.txt)
  if [ "$n128" = 4 ] && [ "$n64" = 7 ]; then ok "convert of an Accel-Sim trace coalesces at --line-bytes (4 at 128, 7 at 64)"
  else no "convert of an Accel-Sim trace coalesces at --line-bytes" "128: $n128, 64: $n64 (expected 4, 7)"; fi
fi
# every subcommand answers --help with its usage on stdout and exit 0
for sub in convert gen; do
  if "$sim" $sub --help >help.out 2>help.err && grep -q "^cachesim $sub " help.out && [ ! -s help.err ]; then
    ok "cachesim $sub --help: usage on stdout, exit 0"
  else no "cachesim $sub --help: usage on stdout, exit 0" "$(cat help.out help.err)"; fi
done
# FIFO (hand-worked, 2 sets x 2 ways x 16 B; lines 0, 0x20, 0x40 all in set 0): A B A C A.
# LRU: miss miss hit miss(C evicts B) hit = 3; FIFO: the hit leaves A oldest, so C evicts A and
# the last A misses = 4 (Dinero IV -l1-drepl f says 4 too), on the exact path.
printf '0 0\n0 20\n0 0\n0 40\n0 0\n' > fifo.din
lru=$("$sim" --set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 fifo.din 2>&1)
fifo=$("$sim" --set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 --set l1.replacement=fifo fifo.din 2>&1)
if grep -q "misses *3 " <<<"$lru" && grep -q "misses *4 " <<<"$fifo" && grep -q "fifo, .*exact path" <<<"$fifo"; then
  ok "FIFO: A B A C A misses 4 times (LRU 3), on the exact path"
else no "FIFO A B A C A" "$lru $fifo"; fi

# l1.size as in cachegen: 32KiB of 4 ways x 128 B is fermi-l1 with 64 sets, the same counts
a=$("$sim" --preset fermi-l1 --set l1.size=32KiB w.bin 2>&1 | sed '1d; /^  time /d')
b=$("$sim" --preset fermi-l1 --set l1.sets=64 w.bin 2>&1 | sed '1d; /^  time /d')
if [ -n "$a" ] && [ "$a" = "$b" ] && "$sim" --preset fermi-l1 --set l1.size=32KiB w.bin 2>&1 | grep -q "64 sets x 4 ways"; then
  ok "--set l1.size=32KiB runs fermi-l1 with 64 sets (counts equal to l1.sets=64)"
else no "--set l1.size=32KiB" "$a"; fi
if ! "$sim" --preset fermi-l1 --set l1.sets=32 --set l1.size=32KiB w.bin >sz.out 2>sz.err &&
   grep -q "l1.size = 32KiB and l1.sets = 32 disagree" sz.err; then
  ok "l1.size disagreeing with l1.sets is refused, naming both"
else no "l1.size disagreeing with l1.sets" "$(cat sz.err)"; fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
