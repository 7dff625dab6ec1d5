#!/usr/bin/env bash
# test_sysim_hetero.sh [SYSIM [CACHESIM]]: heterogeneous sysim end to end (docs/tap.md,
# "Heterogeneous sysim"): CPU-port traces beside a GPU trace on the cycle model, with the L2
# hits, latencies, cycles, application statistics and GPU share worked by hand; the CPU loop;
# unit latencies giving program order's statistics; program-order output free of the timed
# keys; and bad input (missing files, the wrong number of CPU traces, CPU traces with
# system.cpu_cores = 0, bad numbers, modes and formats the cycle model does not run: exit 2, a
# message naming the problem, nothing on stdout); the decoupled L1 in both modes against
# cachesim's same L1. Ends with "N passed, M failed".
# cmodel/sysim_mutants.sh runs it against broken builds: each must fail it.
set -uo pipefail
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
sysim=$(abs "${1:-build/sysim}")
cachesim=$(abs "${2:-$(dirname "${1:-build/sysim}")/cachesim}")
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
# json_get FILE KEY: a top-level value of a JSON file
json_get() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
one="--preset fermi-l1 --set system.cpu_cores=1"
lat="--l2-latency 10 --mem-latency 100 --cpu-gap 5 --share-every 50"

# 1. A 2-reference CPU trace beside a 2-reference GPU trace (din: both GPU references are core
# 0's). By hand, L1 hit 1, L2 hit 10, memory 100, CPU gap 5: cycle 0, GPU core 0 reads 0x2000
# (L1 and L2 miss: retires in 99) and CPU port 0 reads 0x1000 (L2 miss: retires in 99, next
# issue 99 + 1 + 5 = 105); cycle 100, GPU 0x2000 hits its L1 (retires in 100: core 0 took 101
# cycles); cycle 105, CPU 0x1000 hits the L2 (retires in 114): 115 cycles. L2: GPU 1 access,
# 0 hits; CPU 2, 1 hit; lines 0x2000 (GPU) and 0x1000 (CPU): share 1/2 at the end and at the
# samples (ends of cycles 49 and 99).
printf '0 1000\n0 1000\n' >cpu2.din
printf '0 2000\n0 2000\n' >gpu2.din
t1="hand-worked: 2 CPU and 2 GPU references, 115 cycles, hit rates, share, per-core cycles (text)"
"$sysim" $one $lat --cpu-trace cpu2.din gpu2.din >h.txt 2>h.err
if grep -q "^  timing          115 cycles; latency L1 hit 1, L2 hit 10, memory 100; GPU core MLP 1; CPU gap 5$" h.txt &&
   grep -q "^  LLC CPU 0       accesses 2, hits 1 (50.00%); references 2 (2 reads, 0 writes, 1 passes), retired 2, cycles 115$" h.txt &&
   grep -q "^  LLC GPU         accesses 1, hits 0 (0.00%)$" h.txt &&
   grep -q "^  GPU LLC share   end 50.00% (1 of 2 valid lines), mean 50.00% over 2 samples (every 50 cycles)$" h.txt &&
   grep -q "^  GPU core 0      references 2, retired 2, cycles 101 (IPC 0.0198)$" h.txt &&
   grep -q "^  GPU core 1      references 0, retired 0, cycles 0 " h.txt; then
  ok "$t1"
else no "$t1" "$(cat h.txt h.err)"; fi

# 2. The same by JSON, with 2 GPU cores, MLP 2, a write and a CPU port reading three lines
# (cmodel/test_sim.c test_timed_hand works it cycle by cycle): 27 cycles, the GPU 3 L2
# accesses and 1 hit, the CPU 3 and 1, the share 1/3 at the end, 5/12 over 6 samples.
printf 'R 20 0 0\nR 20 0 1\nR 20 0 0\nW 40 0 1\n' >gpu.txt
printf 'R 60\nR 30\nR 60\n' >cpu.txt
tiny="--set l1.sets=2 --set l1.ways=2 --set l1.line_bytes=16 --set l1.addr_bits=16 --set system.cores=2 --set system.cpu_cores=1 --set l2.sets=2 --set l2.ways=2 --set l2.replacement=lru"
t2="hand-worked: 2 GPU cores with MLP 2, a posted write, 3 CPU reads: 27 cycles, share 1/3, mean 5/12 (JSON)"
"$sysim" --json $tiny --l2-latency 3 --mem-latency 10 --gpu-mlp 2 --cpu-gap 2 --share-every 4 \
  --cpu-trace cpu.txt gpu.txt >h.json 2>h.err
if r=$(json h.json 'd["cycles"] == 27' 'd["timing"]["gpu_mlp"] == 2' \
    'd["apps"][0] == {"app": 0, "kind": "cpu", "llc_accesses": 3, "llc_hits": 1, "llc_hit_rate": 0.3333, "port": 0, "references": 3, "reads": 3, "writes": 0, "passes": 1, "retired": 3, "cycles": 27}' \
    'd["apps"][1] == {"app": 1, "kind": "gpu", "llc_accesses": 3, "llc_hits": 1, "llc_hit_rate": 0.3333}' \
    'd["gpu_llc_share"] == {"end": 0.3333, "end_gpu_lines": 1, "end_valid_lines": 3, "mean": 0.4167, "samples": 6}' \
    'd["gpu_cores"][0] == {"core": 0, "references": 2, "retired": 2, "cycles": 10, "ipc": 0.2}' \
    'd["gpu_cores"][1] == {"core": 1, "references": 2, "retired": 2, "cycles": 3, "ipc": 0.6667}' \
    'd["l2_reads"] == 5 and d["l2_writes"] == 1' 2>&1); then
  ok "$t2"
else no "$t2" "$r $(cat h.json h.err)"; fi

# 3. --cpu-loop: GPU core 0 reads three new lines (misses: cycles 0, 100, 200; done after 300
# cycles); the CPU trace is one read of 0x1000, restarted at its end: a miss in cycle 0, then
# an L2 hit every 15 cycles from 105 to 285 (13 hits, the last retiring in 294): 14
# references, 15 starts of the trace, the run 300 cycles (the GPU's).
printf '0 1000\n' >cpu1.din
printf '0 2000\n0 4000\n0 6000\n' >gpu3.din
t3="--cpu-loop: a 1-reference CPU trace restarted 14 times while the GPU runs 300 cycles"
"$sysim" --json $one $lat --cpu-loop --cpu-trace cpu1.din gpu3.din >l.json 2>l.err
if r=$(json l.json 'd["cycles"] == 300' 'd["timing"]["cpu_loop"] is True' \
    'd["apps"][0]["references"] == 14 and d["apps"][0]["passes"] == 15' \
    'd["apps"][0]["llc_hits"] == 13 and d["apps"][0]["retired"] == 14 and d["apps"][0]["cycles"] == 295' \
    'd["gpu_cores"][0]["cycles"] == 300 and d["gpu_cores"][0]["retired"] == 3' 2>&1); then
  ok "$t3"
else no "$t3" "$r $(cat l.json l.err)"; fi

# 4. Every latency 1, one reference in flight: a round-robin trace runs in program order, so
# every statistic of the program-order run is the same (the timed run only adds its keys).
t4="unit latencies: program order's statistics and 1500 cycles; no timed keys without options"
"$cachesim" gen --pattern hot_stream --refs 6000 --seed 7 --cores 4 --stores 10 -o rr.bin 2>/dev/null
"$sysim" --json --preset gcache-system rr.bin >po.json 2>po.err
"$sysim" --json --preset gcache-system --l2-latency 1 --mem-latency 1 rr.bin >tm.json 2>tm.err
if python3 - po.json tm.json <<'EOF'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
extra = {"timing", "apps", "gpu_llc_share", "gpu_cores"}
assert not extra & set(a), "program order printed timed keys"
assert extra <= set(b), "the timed run lacks its keys"
for k in extra:
    b.pop(k)
assert a == b and a["cycles"] == 1500 and a["l2_read_hits"] > 0, (a["cycles"], b["cycles"])
EOF
then ok "$t4"
else no "$t4" "$(cat po.err tm.err)"; fi

# 5. Bad input: exit 2, the message, nothing on stdout.
bad() { # description expected-stderr-text args...
  local d=$1 want=$2; shift 2
  local e rc
  e=$(timeout 20 "$sysim" "$@" 2>&1 >bad.out); rc=$?
  [ $rc = 2 ] && [ ! -s bad.out ] && grep -qF -- "$want" <<<"$e" && ok "bad input: $d" ||
    no "bad input: $d (rc $rc)" "$e $(head -c 300 bad.out)"
}
bad "a missing CPU trace" "sysim: CPU port 0: trace = nosuch.din: cannot open" \
  $one --cpu-trace nosuch.din gpu2.din
bad "a missing GPU trace" "sysim: GPU core 0: trace = nosuch.din: cannot open" \
  $one --cpu-trace cpu2.din nosuch.din
bad "two CPU traces for one CPU port" \
  "sysim: --cpu-trace given 2 times but system.cpu_cores = 1: one trace per CPU port" \
  $one --cpu-trace cpu2.din --cpu-trace cpu2.din gpu2.din
bad "one CPU trace for two CPU ports" \
  "sysim: --cpu-trace given 1 time but system.cpu_cores = 2: one trace per CPU port" \
  --preset fermi-l1 --set system.cpu_cores=2 --cpu-trace cpu2.din gpu2.din
bad "a CPU trace with system.cpu_cores = 0" \
  "sysim: --cpu-trace given 1 time but system.cpu_cores = 0: CPU traces need CPU ports (--set system.cpu_cores=1)" \
  --preset fermi-l1 --cpu-trace cpu2.din gpu2.din
bad "a latency of 0" "sysim: --mem-latency 0: allowed: an integer 1..100000" $one --mem-latency 0 gpu2.din
bad "an MLP above 64" "sysim: --gpu-mlp 65: allowed: an integer 1..64" $one --gpu-mlp 65 gpu2.din
bad "a CPU gap that is not a number" "sysim: --cpu-gap 1x: allowed: an integer 0..1000000" \
  $one --cpu-gap 1x gpu2.din
bad "a timing option without its value" "sysim: argument --l2-latency: needs a value" $one gpu2.din --l2-latency
bad "sacat in the timing model" "sysim: l1.mode = sacat does not run in the timing model" \
  --preset sacat-fermi --timed gpu2.din

# ucp on the cycle model: the L2's periods run (cm_l2_cycle_end every cycle). By hand: a GPU
# core streams 6,000 new lines (each an L2 miss, 50 cycles: 300,000 cycles) beside a CPU port
# looping over 8 lines; tap.period 2,000 gives 150 period ends, the last in the run's final
# cycle, so 149 lookaheads finish. The GPU's UMON never hits and the CPU's does: the CPU's
# first ways have utility, every later way is worth 0 to both, and ties go to the lowest app,
# the CPU port: CPU 16 ways, GPU 0.
python3 -c "print(''.join('0 %x\n' % (0x100000 + i * 128) for i in range(6000)), end='')" >gs.din
python3 -c "print(''.join('0 %x\n' % (0x1000 + i * 128) for i in range(8)), end='')" >cr.din
t="ucp on the cycle model: 149 partitions in 300,000 cycles, CPU 16 ways, GPU 0 (JSON and text)"
ucp="--preset fermi-l1 --set system.cpu_cores=1 --set l2.replacement=ucp --set tap.period=2000"
ucp_t="--cpu-trace cr.din --cpu-loop --l2-latency 10 --mem-latency 50 --cpu-gap 2 gs.din"
"$sysim" --json $ucp $ucp_t >u.json 2>u.err
"$sysim" $ucp $ucp_t >u.txt 2>>u.err
if json u.json "d['partitions'] == {'applied': 149, 'ways': [16, 0]}" "d['cycles'] == 300000" >uj.out &&
   grep -q "^  LLC partition   149 applied (every 2000 cycles); ways now CPU 16, GPU 0$" u.txt; then
  ok "$t"
else no "$t" "$(cat uj.out u.err; grep partition u.txt)"; fi

# tap_rrip on the cycle model: TAP's decisions counted (cm_l2_cycle_end with the retired counts).
# By hand, 3 GPU cores, tap.period 2,000, T_xs 10 (default), alpha 5%; L2 hit 10, memory 50.
# (a) GPU cores 0 and 1 (Core-POL1 and -POL2) each stream 6,000 new lines, one in flight:
# every reference misses (50 cycles), so both retire one a 50 cycles, I1 = I2 each period: not
# cache-friendly, RRIP-Mask set. The CPU port loops over 8 lines (gap 2: one L2 access in 12
# cycles, about 166 a period) against the GPU's 80: ratio 0, XSRATIO 1. 300,000 cycles: 150
# period ends, the last in the final cycle, so 149 decisions land (12 cycles after each end).
# (b) core 0 alone streams 48,000 lines, 8 in flight (8 misses a 50 cycles: 320 accesses a
# period, I2 = 0: cache-friendly); the CPU port with gap 490 accesses the L2 every 500 cycles
# (the first pass's misses every 540: still 4 a period), so XSRATIO = 320 / 4 = 80 >= T_xs and
# RRIP-Mask is set by it; the run ends at cycle 300,007: again 149 decisions.
python3 -c "print(''.join('R %x 0 %x\n' % (0x100000 + i * 128, i % 2) for i in range(12000)), end='')" >g2.txt
python3 -c "print(''.join('0 %x\n' % (0x100000 + i * 128) for i in range(48000)), end='')" >g1.din
tap="--preset fermi-l1 --set system.cores=3 --set system.cpu_cores=1 --set l2.replacement=tap_rrip --set tap.period=2000"
t="tap_rrip on the cycle model: two level sampling cores, 149 decisions, none friendly, RRIP-Mask set, XSRATIO 1 (JSON and text)"
"$sysim" --json $tap --cpu-trace cr.din --cpu-loop --l2-latency 10 --mem-latency 50 --cpu-gap 2 g2.txt >ta.json 2>ta.err
"$sysim" $tap --cpu-trace cr.din --cpu-loop --l2-latency 10 --mem-latency 50 --cpu-gap 2 g2.txt >ta.txt 2>>ta.err
if json ta.json "d['tap'] == {'decisions': 149, 'friendly': 0, 'rrip_mask': 149, 'xsratio_mean': 1.0, 'xsratio': 1}" \
     "d['cycles'] == 300000" >taj.out &&
   grep -q "^  TAP decisions   149 (every 2000 cycles): cache-friendly 0, RRIP-Mask set 149; XSRATIO mean 1.00, now 1$" ta.txt; then
  ok "$t"
else no "$t" "$(cat taj.out ta.err; grep TAP ta.txt)"; fi
t="tap_rrip on the cycle model: POL1 alone, 149 decisions, all friendly, XSRATIO 80 sets RRIP-Mask"
"$sysim" --json $tap --cpu-trace cr.din --cpu-loop --l2-latency 10 --mem-latency 50 --cpu-gap 490 \
  --gpu-mlp 8 g1.din >tb.json 2>tb.err
if json tb.json "d['tap'] == {'decisions': 149, 'friendly': 149, 'rrip_mask': 149, 'xsratio_mean': 80.0, 'xsratio': 80}" \
     "d['cycles'] == 300007" >tbj.out; then
  ok "$t"
else no "$t" "$(cat tbj.out tb.err)"; fi

# The decoupled L1 in sysim, program order and the cycle model: one core's references give its
# L1 exactly cachesim's statistics for that L1 alone (cachesim counts a load that gets no data
# line as a bypass at its lookup; its fill installs nothing).
"$cachesim" gen --pattern hot_stream -o hs.bin --refs 4000 --seed 3 >/dev/null 2>&1
"$cachesim" --json --preset li-decoupled hs.bin >dc.json 2>&1
for mode in "program order" "cycle model"; do
  t="decoupled L1 in sysim ($mode): one core's hits, fills and bypasses are cachesim's"
  extra=""; [ "$mode" = "cycle model" ] && extra="--gpu-mlp 2"
  "$sysim" --json --preset li-decoupled $extra hs.bin >ds.json 2>ds.err
  if json ds.json "d['per_core'][0]['l1_load_hits'] == $(json_get dc.json read_hits) > 0" \
       "d['per_core'][0]['l1_fills'] == $(json_get dc.json fills)" \
       "d['per_core'][0]['l1_bypasses'] == $(json_get dc.json bypasses) > 0" >dj.out 2>&1; then
    ok "$t"
  else no "$t" "$(cat dj.out ds.err)"; fi
done
printf 'R 1000\nF\nR 1000\n' >flush.txt
bad "a flush in a CPU trace" "sysim: CPU port 0: trace = flush.txt: line 2: a flush (F, a kernel boundary) does not run in the timing model" \
  $one --cpu-trace flush.txt gpu2.din
printf '0 1000\n0 zz\n' >badline.din
bad "a malformed CPU trace line (after output could have started)" "sysim: CPU port 0: trace = badline.din: line 2" \
  $one --cpu-trace badline.din gpu2.din
mkdir -p acc && printf 'kernel-1.traceg\n' >acc/kernelslist.g
bad "an Accel-Sim GPU trace" "an Accel-Sim trace does not run in the timing model" \
  $one --timed acc/kernelslist.g

echo "$pass passed, $fail failed"
[ $fail = 0 ]
