#!/usr/bin/env bash
# tap_hetero.sh: paper 003's (TAP) experiment on the heterogeneous system model: a
# cache-friendly CPU workload on each of 2 CPU ports beside (a) a streaming GPU workload and
# (b) a cache-friendly GPU workload, per LLC policy, with the CPU's and the GPU's L2 hit rates
# and the GPU's share of the L2 (sysim's cycle model: docs/tap.md, "Heterogeneous sysim"); for
# ucp the partitions applied, for tap_rrip TAP's decisions (cache-friendly, RRIP-Mask, XSRATIO).
# System: SPEC 3.8's tap configuration, 6 GPU cores with 32 KB 8-way 64 B LRU L1s, 2 CPU
# ports, the L2 slice one 8 MB tile's 2 MB, 32-way, 64 B, 1,024 sets. Timing: sysim's
# defaults (L1 hit 1, L2 hit 160, memory 260 cycles, CPU gap 20) with 8 references in flight
# per GPU core, so the GPU reaches the L2 tens of times as often as a CPU port (what XSRATIO
# normalizes); CPU traces restart until the GPU is done (the paper repeats early finishers).
# Workloads (deterministic):
#   CPU port k  a cache-friendly application: CPU_REFS references to uniformly random lines of
#               its own working set of CPU_LINES lines (128 KB by default, at 0x60000000 +
#               k * 16 MB), 20% writes, from a Park-Miller generator seeded with k + 1
#   (a) GPU streaming        cachesim gen --pattern stream (every line read once), 6 cores
#   (b) GPU cache-friendly   cachesim gen --pattern random over a table of GPU_KB KB (2 MB by
#               default, 32,768 lines: as large as the L2, so every line the GPU keeps is
#               worth hits and the CPU ports' working sets have to be defended)
#   each GPU_REFS references (seeded, docs/cachesim.md: gen).
# Policies: POLICIES (default "lru srrip drrip ucp tap_rrip tap_ucp"), each run where cfg accepts
# it (l2.replacement and, for ucp and tap_*, tap.period = TAP_PERIOD); a policy cfg refuses is listed
# as skipped with cfg's message, so the columns appear once the L2 has them.
# Prints one Markdown table. usage: bench/tap_hetero.sh (make all first; SYSIM and CACHESIM
# override build/sysim and build/cachesim; GPU_REFS, CPU_REFS, CPU_LINES, GPU_KB, TAP_PERIOD,
# POLICIES)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sysim=${SYSIM:-$root/build/sysim}
cachesim=${CACHESIM:-$root/build/cachesim}
gpu_refs=${GPU_REFS:-1200000} cpu_refs=${CPU_REFS:-40000} cpu_lines=${CPU_LINES:-2048}
tap_period=${TAP_PERIOD:-100000}
gpu_kb=${GPU_KB:-2048}
policies=${POLICIES:-lru srrip drrip ucp tap_rrip tap_ucp}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

sys=(--set l1.sets=64 --set l1.ways=8 --set l1.line_bytes=64 --set l1.replacement=lru
     --set system.cores=6 --set system.cpu_cores=2
     --set l2.sets=1024 --set l2.ways=32)
timing=(--gpu-mlp 8 --cpu-loop)

for k in 0 1; do
  awk -v n="$cpu_refs" -v w="$cpu_lines" -v seed=$((k + 1)) -v base=$((0x60000000 + k * 0x1000000)) '
    function next_rand() { x = (x * 16807) % 2147483647; return x }
    BEGIN { x = seed
      for (i = 0; i < n; i++) {
        line = next_rand() % w; op = next_rand() % 100 < 20 ? 1 : 0
        printf "%d %x\n", op, base + line * 64 } }' >"$work/cpu$k.din"
done
"$cachesim" gen --pattern stream --cores 6 --line-bytes 64 --refs "$gpu_refs" --seed 1 \
  -o "$work/gpu_stream.bin" >/dev/null 2>&1
"$cachesim" gen --pattern random --cores 6 --line-bytes 64 --refs "$gpu_refs" --seed 2 \
  --footprint $((gpu_kb << 10)) -o "$work/gpu_friendly.bin" >/dev/null 2>&1
: >"$work/empty.din"

# The policy's keys: l2.replacement, and the period for the partitioning and TAP policies.
policy_sets() {
  echo --set "l2.replacement=$1"
  case $1 in ucp|tap_*) echo --set "tap.period=$tap_period";; esac
}
run=()
for p in $policies; do
  # cfg's answer, on an empty GPU trace (nothing runs)
  if err=$("$sysim" "${sys[@]}" $(policy_sets "$p") --timed "$work/empty.din" 2>&1 >/dev/null); then
    run+=("$p")
  else
    echo "skipped: $p (${err#sysim: })" >&2
  fi
done

echo "| GPU workload | policy | CPU L2 hit rate (port 0 / 1) | CPU ceiling | GPU L2 hit rate | GPU share of the L2 (mean / end) | GPU L2 accesses per CPU port access | cycles | GPU IPC (core 0 / 1) | partitions: applied, last ways (CPU 0 / 1 / GPU) | TAP decisions: friendly, RRIP-Mask set, of; mean XSRATIO |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for wl in stream friendly; do
  for p in "${run[@]}"; do
    "$sysim" --json "${sys[@]}" $(policy_sets "$p") "${timing[@]}" \
      --cpu-trace "$work/cpu0.din" --cpu-trace "$work/cpu1.din" "$work/gpu_$wl.bin" >"$work/r.json"
    python3 - "$work/r.json" "$wl" "$p" "$work" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
def ceiling(k, refs):
    """1 - first touches / references: the hit rate of port k's references alone in an L2
    that keeps its whole working set (its trace restarts at its end)."""
    lines = [l.split()[1] for l in open("%s/cpu%d.din" % (sys.argv[4], k))]
    seen = set(lines[i % len(lines)] for i in range(refs))
    return 1 - len(seen) / refs
cpu = [a for a in d["apps"] if a["kind"] == "cpu"]
gpu = [a for a in d["apps"] if a["kind"] == "gpu"][0]
acc = sum(a["llc_accesses"] for a in cpu)
hits = sum(a["llc_hits"] for a in cpu)
sh = d["gpu_llc_share"]
names = {"stream": "(a) streaming", "friendly": "(b) cache-friendly"}
ipc = d["gpu_cores"]
ceil = sum(ceiling(k, a["references"]) * a["references"] for k, a in enumerate(cpu)) / acc
part = d.get("partitions")
part = "%d, %s" % (part["applied"], " / ".join(map(str, part["ways"]))) if part else "-"
tap = d.get("tap")
tap = "%d, %d of %d; %.1f" % (tap["friendly"], tap["rrip_mask"], tap["decisions"],
                              tap["xsratio_mean"]) if tap else "-"
print("| %s | %s | %.1f%% (%.1f / %.1f) | %.1f%% | %.1f%% | %.1f%% / %.1f%% | %.0f | %d | %.3f / %.3f | %s | %s |" % (
    names[sys.argv[2]], sys.argv[3], 100.0 * hits / acc,
    100 * cpu[0]["llc_hit_rate"], 100 * cpu[1]["llc_hit_rate"], 100 * ceil, 100 * gpu["llc_hit_rate"],
    100 * sh["mean"], 100 * sh["end"], gpu["llc_accesses"] / (acc / len(cpu)), d["cycles"],
    ipc[0]["ipc"], ipc[1]["ipc"], part, tap))
EOF
  done
done
