#!/usr/bin/env bash
# test_cachesim.sh [CACHESIM]: the cachesim command line end to end: a hand-computed din run in
# text and JSON, stdin, Dinero IV's labels and binary format (SPEC 6) with Dinero's counts,
# gen -> convert round trips with the same statistics across formats and compressions, the
# exact path agreeing with the fast path, a sweep (CSV rows and SVG plot),
# bad input (exit 2, a message, no crash), and data safety: cut files refused, in-place
# conversion, devices, checked numbers, unbounded sweeps, hostile file names, and gen/convert
# killed mid-run. Ends with "N passed, M failed".
set -uo pipefail
sim=$(cd "$(dirname "${1:-build/cachesim}")" && pwd)/$(basename "${1:-build/cachesim}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -5; }
bad() { # description expected-stderr-text args...
  local d=$1 want=$2; shift 2
  local e rc
  e=$(timeout 20 "$sim" "$@" 2>&1 >/dev/null); rc=$?
  [ $rc = 2 ] && echo "$e" | grep -q -- "$want" && ok "bad input: $d" || no "bad input: $d (rc $rc)" "$e"
}
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

# ---- Dinero IV (SPEC 6; cmodel/test_sim.c works each label by hand) --------------------------
has() { # output key value...: every "key": value pair is in the JSON output
  local o=$1; shift
  while [ $# -gt 1 ]; do echo "$o" | grep -q "\"$1\": $2," || return 1; shift 2; done
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
echo "$out" | grep -q "misses          3 (60.00%): read 3, write 0" &&
  echo "$out" | grep -q "not simulated   1 instruction fetches" &&
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
  echo "$e" | grep -q "left out 1 instruction fetches" &&
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
  [ $rc = 2 ] && echo "$e" | grep -q "trace = cutline.din: line 91: no newline" &&
    ok "sysim refuses a cut din, naming the file and line" || no "sysim cut din (rc $rc)" "$e"
  sets=(); for _ in $(seq 300); do sets+=(--set l1.ways=2); done
  "$sysim" --preset gcache-system "${sets[@]}" hand.din >/dev/null &&
    "$sim" "${sets[@]}" hand.din >/dev/null && ok "300 --set options (no fixed limit)" ||
    no "300 --set options"
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
# (the FIFO finds no reader).
mkfifo int.fifo
$dflint "$sim" --sweep --configs fermi-l1,gcn-l1 --traces int.fifo -o int.csv 2>/dev/null &
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
echo "$pass passed, $fail failed"
[ $fail = 0 ]
