#!/usr/bin/env bash
# sysim_slices.sh [REPEAT [ROUNDS]]: sysim's speed over 12 L2 slices against 1 (issue 39), in
# one run. Workload: the shipped Accel-Sim kernels (cmodel/testdata/accel: matrixmul's and
# vectoradd's kernel-1.traceg), listed alternately REPEAT times each (default 2000) in one
# kernelslist.g, so each run reads them 2 x REPEAT times (the L1s flushed between kernels, the
# L2 kept). System: gtx480-l1's L1 (16 KB, 4 ways, 128 B lines, l1.addr_bits = 47) x 16 cores
# over slices of 64 sets x 8 ways (GTX480's 64 KB slice): system.l2_slices = 1 and 12 (modulo),
# and 16 (pric) beside them. ROUNDS (default 5) rounds, each running every configuration once
# in turn; the median CPU time (user + sys: the machine is shared, so wall time mostly measures
# waiting) of each is reported, with references per CPU second, the ratio to 1 slice and the
# median wall time; then the same for an L2-bound synthetic text trace (below). Checks that
# every run made the same L1 references and L2 requests (the L1 side does not depend on the
# slices) and that the per-slice requests add up.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sysim=$root/build/sysim
repeat=${1:-2000}; rounds=${2:-5}
[ -x "$sysim" ] || { echo "sysim_slices: $sysim missing: make all first" >&2; exit 2; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cp "$root/cmodel/testdata/accel/matrixmul/kernel-1.traceg" "$work/kernel-1.traceg"
cp "$root/cmodel/testdata/accel/vectoradd/kernel-1.traceg" "$work/kernel-2.traceg"
for ((i = 0; i < repeat; i++)); do printf 'kernel-1.traceg\nkernel-2.traceg\n'; done >"$work/kernelslist.g"
base=(--preset gtx480-l1 --set l1.addr_bits=47 --set system.cores=16 --set l2.sets=64 --set l2.ways=8)
# A second workload beside them, L2-bound: 1,000,000 text references of 16 cores to random
# lines (Park-Miller, seed 1) of a 512 KB working set (4,096 lines: more than one 64 KB slice
# holds, less than 12), 5% writes.
python3 - "$work/synth.txt" <<'PY'
import sys
x, out = 1, []
for i in range(1000000):
    x = x * 48271 % 2147483647
    out.append("%s %x 40 %x\n" % ("W" if x % 20 == 0 else "R", 0x10000000 + (x >> 8) % 4096 * 128, i % 16))
open(sys.argv[1], "w").write("".join(out))
PY
configs=("1 modulo" "12 modulo" "16 pric")
for trace in kernelslist.g synth.txt; do
declare -A cpu=() wall=()
for ((r = 0; r < rounds; r++)); do
  for c in "${configs[@]}"; do
    read -r S fn <<<"$c"
    /usr/bin/time -f "%U %S %e" -o "$work/time" nice -n 19 "$sysim" --json "${base[@]}" \
      --set system.l2_slices="$S" --set system.slice_index="$fn" "$work/$trace" >"$work/out_$S.json"
    read -r u s e <"$work/time"
    cpu[$S]="${cpu[$S]:-} $(python3 -c "print(round(($u + $s) * 1e6))")"
    wall[$S]="${wall[$S]:-} $(python3 -c "print(round($e * 1e6))")"
  done
done
python3 - "$work" "$repeat" "$rounds" "${cpu[1]}" "${cpu[12]}" "${cpu[16]}" "${wall[1]}" \
  "${wall[12]}" "${wall[16]}" "$trace" <<'EOF'
import json, sys, statistics
work, repeat, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
synth = sys.argv[10] == "synth.txt"
us = {s: sorted(int(x) for x in t.split()) for s, t in zip((1, 12, 16), sys.argv[4:7])}
wall = {s: sorted(int(x) for x in t.split()) for s, t in zip((1, 12, 16), sys.argv[7:10])}
d = {s: json.load(open("%s/out_%d.json" % (work, s))) for s in (1, 12, 16)}
refs = d[1]["loads"] + d[1]["stores"] + d[1]["l2_only_loads"] + d[1]["atomics"]
for s in (12, 16):
    for k in ("loads", "stores", "l2_requests", "l1_load_hits"):  # the L1 side
        assert d[s][k] == d[1][k], "%s differs at %d slices" % (k, s)
    assert sum(p["l2_requests"] for p in d[s]["per_slice"]) == d[s]["l2_requests"]
if synth:
    print("\nsynthetic: %d references of 16 cores over 4,096 lines, %d L2 requests; %d rounds"
          % (refs, d[1]["l2_requests"], rounds))
else:
    print("%d kernels (%d x matrixmul + vectoradd), %d references, %d L2 requests; %d rounds"
          % (2 * repeat, repeat, refs, d[1]["l2_requests"], rounds))
print("| slices | L2 read hits | median CPU s (user + sys) | references / CPU s | CPU time vs 1 slice | median wall s |")
print("|---|---:|---:|---:|---:|---:|")
m1 = statistics.median(us[1])
for s, name in ((1, "1"), (12, "12 modulo"), (16, "16 pric")):
    m = statistics.median(us[s])
    print("| %s | %d | %.3f | %.0f | %.3f | %.3f |" % (name, d[s]["l2_read_hits"], m / 1e6,
          refs / (m / 1e6), m / m1, statistics.median(wall[s]) / 1e6))
EOF
unset cpu wall
done
