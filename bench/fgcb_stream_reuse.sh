#!/usr/bin/env bash
# fgcb_stream_reuse.sh: SACAT's FG-CB (SPEC 3.7) on the case it is built for: a kernel whose
# loads mix a streamed array S (every line read once) and a reused array R (a 12 KB table
# every thread block reads at random), on a Fermi-like SACAT system, with and without FG-CB.
# The workload is an Accel-Sim trace written here (deterministic: a Park-Miller generator,
# seed 1): one kernel of BLOCKS thread blocks (one per core) of 8 warps, each warp issuing
# INSTS loads alternating S (its own next line) and R (a random line of R's 96), every load a
# full coalesced 128-byte line; the kernelslist.g copies R and S in first (MemcpyHtoD), so the
# base ids are R's and S's allocations (docs/cachesim.md). System: the paper's Table 1,
# preset sacat-fermi where the build has it, else the same keys over fermi-l1-pric (16 KB
# 4-way 128 B LRU L1s, PRIC P = 37, l1.mode = sacat, 15 cores, one L2 slice of 128 KB 16-way
# 128 B: 64 sets, LRU), with FG-CB's defaults, which are the paper's (7 entries, window
# 10,000 cycles, N = 1000, M = 800); l1.addr_bits = 47 for the GPU addresses. Runs, all on
# the same trace:
#   baseline       l1.mode = baseline: the same system without FG-CB
#   FG-CB idle     sacat with l1.fgcb_window = 1: no entry can reach N, nothing is decided;
#                  checked to give exactly the baseline's counts (else exit 1)
#   FG-CB          sacat as configured
#   FG-CB, no copies  the list without its MemcpyHtoD lines: ids from 2 MiB blocks only (S,
#                  15 MB, spans 8 blocks: more regions than the 7 entries)
# Prints one Markdown table. usage: bench/fgcb_stream_reuse.sh [BLOCKS [INSTS]] (make all
# first; SYSIM=path overrides build/sysim)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sysim=${SYSIM:-$root/build/sysim}
blocks=${1:-15} insts=${2:-2000}
hot=96 warps=8
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/copies" "$work/nocopies"
# S at 0x7f1000000000 (each warp its own run of lines), R at 0x7f0000000000 (96 lines)
awk -v blocks="$blocks" -v warps="$warps" -v insts="$insts" -v hot="$hot" 'BEGIN {
  x = 1; ns = int(insts / 2) + 1
  printf "-kernel name = stream_reuse\n-kernel id = 1\n-grid dim = (%d,1,1)\n", blocks
  printf "-block dim = (%d,1,1)\n-shmem = 0\n-nregs = 16\n-binary version = 61\n", warps * 32
  printf "-cuda stream id = 0\n-shmem base_addr = 0x00007f2000000000\n"
  printf "-local mem base_addr = 0x00007f2200000000\n-nvbit version = 1.5.5\n"
  printf "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
  for (b = 0; b < blocks; b++) {
    printf "#BEGIN_TB\n\nthread block = %d,0,0\n\n", b
    for (w = 0; w < warps; w++) {
      printf "warp = %d\ninsts = %d\n", w, insts
      s = (b * warps + w) * ns
      for (k = 0; k < insts; k++)
        if (k % 2 == 0)
          printf "0100 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f10%08x 4\n", 128 * s++
        else {
          x = (x * 16807) % 2147483647
          printf "0110 ffffffff 1 R4 LDG.E 1 R2 4 1 0x7f00%08x 4\n", 128 * (x % hot)
        }
      printf "\n"
    }
    printf "#END_TB\n\n"
  }
}' >"$work/copies/kernel-1.traceg"
ln -s ../copies/kernel-1.traceg "$work/nocopies/kernel-1.traceg"
s_bytes=$((blocks * warps * (insts / 2 + 1) * 128))
printf 'MemcpyHtoD,0x00007f0000000000,%d\nMemcpyHtoD,0x00007f1000000000,%d\nkernel-1.traceg\n' \
  $((hot * 128)) "$s_bytes" >"$work/copies/kernelslist.g"
printf 'kernel-1.traceg\n' >"$work/nocopies/kernelslist.g"
if "$(dirname "$sysim")/cachegen" --list-presets 2>/dev/null | grep -q '^sacat-fermi'; then
  sys=(--preset sacat-fermi --set l1.addr_bits=47 --set system.cores="$blocks")
else # the same keys (core/cfg.c's sacat_fermi)
  sys=(--preset fermi-l1-pric --set l1.addr_bits=47 # each run sets l1.mode (once: issue 33)
       --set system.cores="$blocks" --set l2.sets=64 --set l2.ways=16 --set l2.replacement=lru)
fi
echo "system: ${sys[*]}" >&2
"$sysim" --json "${sys[@]}" --set l1.mode=baseline "$work/copies/kernelslist.g" >"$work/base.json"
"$sysim" --json "${sys[@]}" --set l1.mode=sacat --set l1.fgcb_window=1 \
  "$work/copies/kernelslist.g" >"$work/idle.json"
"$sysim" --json "${sys[@]}" --set l1.mode=sacat "$work/copies/kernelslist.g" >"$work/fgcb.json"
"$sysim" --json "${sys[@]}" --set l1.mode=sacat "$work/nocopies/kernelslist.g" >"$work/nocp.json"
python3 - "$work" "$blocks" "$insts" <<'PY'
import json, sys
w, blocks, insts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = [("baseline (no FG-CB)", "base"), ("FG-CB idle (window 1)", "idle"),
        ("FG-CB", "fgcb"), ("FG-CB, no MemcpyHtoD (2 MiB blocks)", "nocp")]
d = {k: json.load(open("%s/%s.json" % (w, k))) for _, k in runs}
same = ("loads", "l1_load_hits", "l1_fills", "l2_reads", "l2_read_hits", "mem_reads")
if any(d["idle"][k] != d["base"][k] for k in same):
    sys.exit("FG-CB idle differs from the baseline: %s" %
             {k: (d["idle"][k], d["base"][k]) for k in same})
print("%d cores, %d warps x %d loads each (%d loads), S:R = 1:1, R = 96 lines\n"
      % (blocks, 8, insts, d["base"]["loads"]))
print("| run | L1 hit rate | bypass ratio (bypassed / loads) | L1 -> L2 requests | L1 -> L2 bytes "
      "| L2 read hit rate | no-allocate reads | L2 memory reads | decisions L1 bypass/keep, "
      "L2 bypass/keep | R's L1 hit rate | S's bypassed loads |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|")
for name, k in runs:
    j = d[k]; f = j.get("fgcb")
    byp = f["bypassed_loads"] if f else 0
    dec = ("%d/%d, %d/%d" % (f["l1_bypass_decisions"], f["l1_keep_decisions"],
                             f["l2_bypass_decisions"], f["l2_keep_decisions"])) if f else "-"
    per = {b["base"]: b for b in f["per_base"]} if f else {}
    # ids follow the order the reader meets the regions: every warp loads S first, so S is
    # base 0 and R base 1 (without the copies, S spans several 2 MiB blocks: not shown)
    r = per.get(1) if k != "nocp" else None
    rhit = "%.1f%%" % (100.0 * r["l1_load_hits"] / r["loads"]) if r else "-"
    s = per.get(0) if k != "nocp" else None
    sb = "%d / %d" % (s["bypassed_loads"], s["loads"]) if s else "-"
    print("| %s | %.1f%% | %.1f%% | %d | %d | %.1f%% | %d | %d | %s | %s | %s |" % (
        name, 100.0 * j["l1_hit_rate"], 100.0 * byp / j["loads"], j["l2_requests"],
        j["l2_read_bytes"], 100.0 * j["l2_read_hits"] / max(1, j["l2_reads"]),
        f["noalloc_reads"] if f else 0, j["mem_reads"], dec, rhit, sb))
PY
