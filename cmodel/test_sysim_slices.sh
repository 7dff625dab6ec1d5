#!/usr/bin/env bash
# test_sysim_slices.sh [SYSIM [CACHEGEN]]: sysim over system.l2_slices L2 slices (docs/slices.md)
# end to end: one slice reports as before; S modulo slices of l2.sets / S sets give exactly one
# slice of l2.sets sets' counts (LRU: slice L mod S, set (L div S) mod sets/S is set L mod sets,
# tag and order unchanged), also on the cycle model with a CPU port; per-slice requests add up
# and reach every slice (modulo 12, xor 8, pric 16); a stride of S lines lands in one modulo
# slice and spreads over the xor and pric slices; S slices of a too-small L2 hit more than one;
# TAP's decisions are one per slice a period with one verdict (assert in sys_timed.c); bad
# slice keys refused (exit 2, key, value, allowed; nothing on stdout); cachegen refuses RTL for
# S > 1. cmodel/slice_mutants.sh runs it against broken builds. Ends with "N passed, M failed".
set -uo pipefail
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
sysim=$(abs "${1:-build/sysim}")
cachegen=$(abs "${2:-$(dirname "${1:-build/sysim}")/cachegen}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -8; }
# json FILE EXPR...: each Python expression over d (the JSON) is true
json() {
  local f=$1; shift
  python3 - "$f" "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
bad = [e for e in sys.argv[2:] if not eval(e)]
print("failed: " + "; ".join(bad) if bad else "", end="")
sys.exit(1 if bad else 0)
EOF
}
# counts FILE: the counts every configuration must agree on, as one line
counts() {
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(" ".join(
    "%s=%s" % (k, d[k]) for k in ("loads", "l1_load_hits", "stores", "l2_reads", "l2_read_hits",
    "l2_writes", "mem_reads", "mem_writebacks")))' "$1"
}

# A trace of 4 cores: 60,000 references, 5% writes, over 6,000 lines (768 KB), half of them
# from a hot 600-line set (Park-Miller, seed 1): deterministic.
python3 - <<'EOF'
x = 1
def rnd(n):
    global x
    x = x * 48271 % 2147483647
    return x % n
out = []
for i in range(60000):
    line = rnd(600) if rnd(2) else rnd(6000)
    out.append("%s %x %x %x\n" % ("W" if rnd(20) == 0 else "R", 0x400000 + line * 128, 0x40, i % 4))
open("mix.txt", "w").write("".join(out))
# a stride of 8 lines (1 KB) over 4,096 lines, read twice by core 0
open("stride8.txt", "w").write("".join("R %x 0 0\n" % (0x800000 + i * 1024) for i in range(4096)) * 2)
EOF
base="--set system.cores=4 --set l2.ways=8"

# 1. One slice: no slice key, line or member; the header as before.
t="one slice: the report has no slice line or member and the header says 'an L2'"
"$sysim" $base mix.txt >one.txt 2>one.err; "$sysim" --json $base mix.txt >one.json 2>>one.err
if grep -q " over an L2 of 256 sets x 8 ways, on " one.txt && ! grep -q "slice" one.txt &&
   json one.json "'per_slice' not in d and 'l2_slices' not in d" >j.out; then ok "$t"
else no "$t" "$(cat j.out one.err; head -2 one.txt)"; fi

# 2. S modulo slices of 256 / S sets each are the one slice of 256 sets, count for count.
ref=$(counts one.json)
for S in 2 4 8 32; do
  t="modulo: $S slices of $((256 / S)) sets give one slice of 256 sets' counts ($ref)"
  "$sysim" --json $base --set system.l2_slices=$S --set l2.sets=$((256 / S)) mix.txt >m$S.json 2>m$S.err
  got=$(counts m$S.json 2>&1)
  if [ "$got" = "$ref" ] &&
     json m$S.json "d['l2_slices'] == $S and len(d['per_slice']) == $S" \
       "sum(p['l2_requests'] for p in d['per_slice']) == d['l2_requests']" >j.out; then ok "$t"
  else no "$t" "$(cat j.out m$S.err; echo "got $got")"; fi
done

# 3. Every slice reached, the requests spread (each slice within 25% of the mean) and adding up.
for spec in "12 modulo 16" "8 xor 32" "16 pric 16"; do
  read -r S fn sets <<<"$spec"
  t="$fn: $S slices all reached, within 25% of the mean, adding up to the L2's requests"
  "$sysim" --json $base --set system.l2_slices=$S --set system.slice_index=$fn --set l2.sets=$sets \
    mix.txt >r.json 2>r.err
  if json r.json "len(d['per_slice']) == $S and d['slice_index'] == '$fn'" \
       "all(abs(p['l2_requests'] - d['l2_requests'] / $S) < 0.25 * d['l2_requests'] / $S for p in d['per_slice'])" \
       "sum(p['l2_requests'] for p in d['per_slice']) == d['l2_requests']" \
       "sum(p['l2_hits'] for p in d['per_slice']) >= d['l2_read_hits'] > 0" >j.out; then ok "$t"
  else no "$t" "$(cat j.out r.err)"; fi
done

# 4. A stride of 8 lines: every request in modulo slice 0 (the address-hash's reason); xor folds
# the bits above (L[5:3], which count up) onto the slice, pric hashes them all: all 8 reached.
t="stride of 8 lines: all 8192 requests in modulo slice 0; xor and pric reach all 8 slices"
for fn in modulo xor pric; do
  "$sysim" --json $base --set system.l2_slices=8 --set system.slice_index=$fn --set l2.sets=32 \
    stride8.txt >s_$fn.json 2>s.err
done
if json s_modulo.json "d['per_slice'][0]['l2_requests'] == 8192 == d['l2_requests']" >j.out &&
   json s_xor.json "all(p['l2_requests'] == 1024 for p in d['per_slice'])" >>j.out &&
   json s_pric.json "all(p['l2_requests'] == 1024 for p in d['per_slice'])" >>j.out; then ok "$t"
else no "$t" "$(cat j.out s.err)"; fi

# 5. Capacity: the 4,096 lines (512 KB) miss a 64-set slice (64 KB) on their second pass, and
# hit in 8 xor slices of 64 sets... but not 8 modulo slices (one takes them all).
t="capacity: 8 xor slices of 64 sets x 8 ways hit the second pass, one slice and 8 modulo slices do not"
"$sysim" --json $base --set l2.sets=64 stride8.txt >c1.json 2>c.err
for fn in modulo xor; do
  "$sysim" --json $base --set system.l2_slices=8 --set system.slice_index=$fn --set l2.sets=64 \
    stride8.txt >c8_$fn.json 2>>c.err
done
if json c1.json "d['l2_read_hits'] < 100" >j.out && json c8_modulo.json "d['l2_read_hits'] < 100" >>j.out &&
   json c8_xor.json "d['l2_read_hits'] == 4096" >>j.out; then ok "$t"
else no "$t" "$(cat j.out c.err)"; fi

# 6. The cycle model with a CPU port: 4 modulo slices of 64 sets are one of 256 (LRU): the same
# hits, cycles and L2 contents (valid and GPU-owned lines, summed over the slices).
python3 -c "print(''.join('0 %x\n' % (0x900000 + (i % 700) * 128) for i in range(6000)), end='')" >cpu.din
het="--set system.cores=4 --set system.cpu_cores=1 --set l2.ways=8 --l2-latency 10 --mem-latency 50"
t="cycle model with a CPU port: 4 modulo slices of 64 sets = 1 slice of 256 sets (hits, cycles, L2 lines)"
"$sysim" --json $het --set l2.sets=256 --cpu-trace cpu.din mix.txt >h1.json 2>h.err
"$sysim" --json $het --set l2.sets=64 --set system.l2_slices=4 --cpu-trace cpu.din mix.txt >h4.json 2>>h.err
if python3 - h1.json h4.json >j.out 2>&1 <<'EOF'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
keys = ["cycles", "l2_read_hits", "mem_reads", "gpu_llc_share", "apps"]
bad = [k for k in keys if a[k] != b[k]]
assert a["gpu_llc_share"]["end_valid_lines"] > 256, "too few lines to see the slices"
print("differ: %s" % bad if bad else "", end="")
sys.exit(1 if bad else 0)
EOF
then ok "$t"; else no "$t" "$(cat j.out h.err)"; fi

# 7. TAP on the cycle model (test_sysim_hetero.sh's case (a): every reference misses, 149
# period decisions in 300,000 cycles, none cache-friendly): with 4 slices each slice decides,
# 596 decisions, none friendly, the same cycles.
python3 -c "print(''.join('R %x 0 %x\n' % (0x100000 + i * 128, i % 2) for i in range(12000)), end='')" >g2.txt
python3 -c "print(''.join('0 %x\n' % (0x10000 + i * 128) for i in range(8)), end='')" >cr.din
tap="--preset fermi-l1 --set system.cores=3 --set system.cpu_cores=1 --set l2.replacement=tap_rrip --set tap.period=2000"
t="tap_rrip with 4 slices: 4 x 149 decisions, none friendly, RRIP-Mask in each, 300,000 cycles"
"$sysim" --json $tap --set system.l2_slices=4 --cpu-trace cr.din --cpu-loop \
  --l2-latency 10 --mem-latency 50 --cpu-gap 2 g2.txt >ta.json 2>ta.err
if json ta.json "d['tap']['decisions'] == 596 and d['tap']['friendly'] == 0" \
     "d['tap']['rrip_mask'] == 596 and d['cycles'] == 300000" >j.out; then ok "$t"
else no "$t" "$(cat j.out ta.err)"; fi

# 8. Bad slice keys: exit 2, the key, value and what is allowed; nothing on stdout.
for spec in "system.slice_index=xor system.l2_slices=12|system.slice_index = xor|allowed: modulo with 12 slices" \
            "system.slice_index=pric system.l2_slices=6|system.l2_slices = 6|or pric with system.l2_slices = 1, 2, 4, 8, 16 or 32" \
            "system.l2_slices=33|system.l2_slices = 33|1..32" \
            "system.slice_index=hash|system.slice_index = hash|modulo, xor, pric"; do
  IFS='|' read -r kvs want1 want2 <<<"$spec"
  a=(); for kv in $kvs; do a+=(--set "$kv"); done
  t="refused: ${kvs}"
  "$sysim" "${a[@]}" mix.txt >bad.out 2>bad.err; rc=$?
  if [ $rc = 2 ] && [ ! -s bad.out ] && grep -qF "$want1" bad.err && grep -qF "$want2" bad.err; then ok "$t"
  else no "$t" "rc $rc: $(cat bad.err)"; fi
done

# 9. cachegen: no RTL for several slices yet (the model and sysim take them); one slice as before.
t="cachegen refuses RTL for system.l2_slices = 4, naming the key; 1 slice generates"
if [ -x "$cachegen" ]; then
  "$cachegen" --preset fermi-l1 --set system.l2_slices=4 -o rtl4 >g.out 2>g.err; rc=$?
  "$cachegen" --preset fermi-l1 --set system.l2_slices=1 -o rtl1 >g1.out 2>>g.err; rc1=$?
  if [ $rc = 2 ] && [ ! -e rtl4 ] && grep -q "system.l2_slices = 4: .*RTL" g.err && [ $rc1 = 0 ]; then ok "$t"
  else no "$t" "rc $rc $rc1: $(cat g.err)"; fi
else no "$t" "no cachegen at $cachegen"; fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
