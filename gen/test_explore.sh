#!/usr/bin/env bash
# test_explore.sh WORK [l1|sys|all]: `cachegen explore` end to end (l1: the L1 grids, the bad
# grids and objectives and their mutants, make test's step explore; sys: the system grid, the
# interrupt and its mutants, make test-full's step explore-sys; default all) on a 2 x 2 grid of small L1s (gcn-l1 with
# 16-byte lines, one MSHR; l1.size 256 and 512 bytes x 2 and 4 ways) on a short seeded trace:
#   - bad grids (unknown key, a value refused alone, a value no legal point holds, no legal
#     point, a key both in --set and the grid, a key twice, a missing trace, a YAML point
#     named '..') are refused before any point
#     runs: exit 2, the key and value named, OUT not made;
#   - each row's simulation counts equal a separate cachesim run of the same point, and its cost
#     (logic and SRAM GE, flop and SRAM bits, depth, period) the cost JSON of a separate
#     synth/report.sh (make synth) run of it; the rows are sorted by the objective and the
#     Pareto column is the front recomputed here;
#   - a second run, as a YAML list of the same points under other names plus an illegal one,
#     synthesizes nothing (the cache is keyed by the configuration, not the name), skips and
#     reports the illegal point and gives the same numbers;
#   - an objective that names no column stops the run after the simulations, before any
#     synthesis (exit 2, the allowed names listed, no cost in the cache);
#   - a sysim grid on the cycle model (--sim-opt timed) costs the system top (--cost-top's
#     default there): its row equals the cost JSON of a separate synth/tops.sh sys run of the
#     same configuration and the counts (cycles among them) a separate sysim --timed run; a SIGINT during its
#     first synthesis exits 130, leaves no tool running, and the rerun resumes (simulations
#     cached) and completes;
#   - mutants: explore built with a wrong metric mapping (hits without the write hits; storage
#     bits without the SRAM bits) is caught by the same checks (run from the cache), and one
#     costing the L1 top of a system point, one dropping the --sim-opt options, by the system's
#     check.
# EXPLORE_JOBS (default 1) points at a time.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
W=${1:?usage: test_explore.sh WORK [l1|sys|all]}
rm -rf "$W"; mkdir -p "$W"
W=$(cd "$W" && pwd)
part=${2:-all} # l1: the grids of L1s (make test); sys: the system grid (make test-full); all
case $part in l1|sys|all) ;; *) echo "usage: test_explore.sh WORK [l1|sys|all]" >&2; exit 2 ;; esac
cg=$root/build/cachegen
fail() { echo "test_explore: FAIL: $*"; exit 1; }
base=(--preset gcn-l1 --set l1.line_bytes=16 --set l1.mshrs=1)
grid=(--grid l1.size=256,512 --grid l1.ways=2,4)
"$root/build/cachesim" gen --pattern hot_stream --refs 4000 --seed 7 --to din -o "$W/t.din" >/dev/null ||
  fail "cachesim gen"

if [ "$part" != sys ]; then
# ---- bad grids: refused before anything runs ------------------------------------------------
refused() { # WANT ARGS...: exit 2, WANT in the message, OUT not made
  local want=$1; shift
  "$cg" explore "$@" -o "$W/bad" >"$W/bad.out" 2>&1; local rc=$?
  [ $rc = 2 ] && grep -qF -- "$want" "$W/bad.out" && [ ! -e "$W/bad" ] ||
    fail "explore $* (rc $rc, want '$want'): $(cat "$W/bad.out")"
}
refused "unknown key 'l1.wayz'" "${base[@]}" --grid l1.wayz=2,4 --trace "$W/t.din"
refused "l1.ways = 40: not allowed" "${base[@]}" --grid l1.ways=2,40 --trace "$W/t.din"
refused "--grid l1.mode=gcache: no point with it is legal" "${base[@]}" --grid l1.mode=baseline,gcache --trace "$W/t.din"
refused "no point of the grid is legal" "${base[@]}" --grid l1.mode=gcache --trace "$W/t.din"
refused "also given by --set" "${base[@]}" --grid l1.mshrs=1,2 --trace "$W/t.din"
refused "--trace = $W/none" "${base[@]}" "${grid[@]}" --trace "$W/none"
refused "--sim-opt = Timed: allowed: NAME or NAME=VALUE" "${base[@]}" "${grid[@]}" --sim-opt Timed --trace "$W/t.din"
refused "--grid l1.ways: given twice" "${base[@]}" --grid l1.ways=2 --grid l1.ways=4 --trace "$W/t.din"
printf -- '- name: ..\n  l1.ways: 2\n' >"$W/dotdot.yaml"
refused "name = ..: allowed: 1..63 letters" "${base[@]}" --points "$W/dotdot.yaml" --trace "$W/t.din"
echo "test_explore: 9 bad grids refused before any point ran"

# ---- the checks of one run's rows ------------------------------------------------------------
# check_rows OUT: every row against cachesim and the separate cost JSONs in $W/ref/<size>_<ways>
check_rows() {
  python3 - "$1" "$W" "$root" <<'PY'
import csv, json, subprocess, sys
out, w, root = sys.argv[1:4]
rows = list(csv.DictReader(open(out + "/results.csv")))
bad = []
if len(rows) != 4:
    bad.append("%d rows, want 4" % len(rows))
for r in rows:
    size, ways = r["l1.size"], r["l1.ways"]
    sim = json.loads(subprocess.run(
        [root + "/build/cachesim", "--preset", "gcn-l1", "--set", "l1.line_bytes=16",
         "--set", "l1.mshrs=1", "--set", "l1.size=" + size, "--set", "l1.ways=" + ways,
         "--json", w + "/t.din"], check=True, capture_output=True, text=True).stdout)
    want = {k: sim[k] for k in ("refs", "read_hits", "read_misses", "write_hits",
                                "write_misses", "fills", "evictions", "bypasses")}
    want["hits"] = sim["read_hits"] + sim["write_hits"]
    want["misses"] = sim["read_misses"] + sim["write_misses"]
    cost = json.load(open("%s/ref/%s_%s/design.cost.json" % (w, size, ways)))
    for k in ("logic_ge", "sram_ge", "total_ge", "flop_bits", "sram_bits", "depth", "period_ns"):
        want[k] = cost[k]
    want["storage_bits"] = cost["flop_bits"] + cost["sram_bits"]
    for k, v in want.items():
        got = float(r[k])
        if abs(got - v) > 1e-6 * max(1.0, abs(v)):
            bad.append("%s (l1.size=%s l1.ways=%s): %s = %s, separate run %s" %
                       (r["point"], size, ways, k, r[k], v))
# sorted by hits, largest first, then by area; the Pareto column is the front
keys = [(-float(r["hits"]), float(r["total_ge"])) for r in rows]
if keys != sorted(keys):
    bad.append("rows not sorted by hits then area")
for r in rows:
    h, g = float(r["hits"]), float(r["total_ge"])
    dom = any(float(o["hits"]) >= h and float(o["total_ge"]) <= g and
              (float(o["hits"]) > h or float(o["total_ge"]) < g) for o in rows if o is not r)
    if r["pareto"] != ("0" if dom else "1"):
        bad.append("%s: pareto = %s, recomputed %d" % (r["point"], r["pareto"], not dom))
for b in bad:
    print("test_explore: mismatch:", b)
sys.exit(1 if bad else 0)
PY
}

# ---- the first run and its separate cachesim and make-synth runs ----------------------------
t0=$(date +%s)
"$cg" explore "${base[@]}" "${grid[@]}" --trace "$W/t.din" -j "${EXPLORE_JOBS:-1}" --local \
  -o "$W/out" >"$W/run1.out" 2>"$W/run1.err" || { cat "$W/run1.err"; fail "first run"; }
cat "$W/run1.err" "$W/run1.out"
grep -q "4 synthesized" "$W/run1.out" || fail "the first run did not synthesize the 4 points"
for f in results.csv results.json results.md pareto.svg explore.log; do
  [ -s "$W/out/$f" ] || fail "no $f"
done
grep -q '<svg' "$W/out/pareto.svg" && grep -q 'Pareto front' "$W/out/pareto.svg" || fail "pareto.svg is no plot of the front"
echo "test_explore: first run $(( $(date +%s) - t0 )) s"
for size in 256 512; do
  for ways in 2 4; do
    "$root/synth/report.sh" "${base[@]}" --set l1.size=$size --set l1.ways=$ways -- \
      "$W/ref/${size}_$ways" >"$W/ref_${size}_$ways.log" 2>&1 ||
      { tail "$W/ref_${size}_$ways.log"; fail "synth/report.sh of l1.size=$size l1.ways=$ways"; }
  done
done
check_rows "$W/out" || fail "the first run's rows"
echo "test_explore: 4 rows equal separate cachesim and synth/report.sh runs; sorted; front recomputed"

# ---- a second run: the same points by YAML under other names, and an illegal one ------------
cat >"$W/points.yaml" <<'Y'
- name: small-2way
  l1.size: 256
  l1.ways: 2
- name: small-4way
  l1.size: 256
  l1.ways: 4
- name: big-2way
  l1.size: 512
  l1.ways: 2
- name: big-4way
  l1.size: 512
  l1.ways: 4
- name: three-ways
  l1.size: 256
  l1.ways: 3
Y
"$cg" explore "${base[@]}" --points "$W/points.yaml" --trace "$W/t.din" --local \
  --cache "$W/out/cache" -o "$W/out2" >"$W/run2.out" 2>"$W/run2.err" || { cat "$W/run2.err"; fail "second run"; }
cat "$W/run2.err" "$W/run2.out"
grep -q "0 synthesized" "$W/run2.out" && grep -q "4 cached, 0 to run" "$W/run2.err" ||
  fail "the second run synthesized (the cache missed)"
grep -q "three-ways (l1.size=256 l1.ways=3): skipped: " "$W/run2.err" &&
  grep -q "^- three-ways: l1.size=256 l1.ways=3: " "$W/out2/results.md" || fail "the illegal point was not reported as skipped"
check_rows "$W/out2" || fail "the second run's rows"
echo "test_explore: second run: nothing synthesized, the illegal point skipped, same numbers"

# ---- an objective naming no column: refused after the simulations, before any synthesis ------
"$cg" explore "${base[@]}" "${grid[@]}" --trace "$W/t.din" --objective hitz --local \
  -o "$W/obj" >"$W/obj.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -qF -- "--objective = hitz: no column of this run has that name; allowed:" "$W/obj.out" &&
  grep -qw read_hits "$W/obj.out" && [ -d "$W/obj/cache/sim" ] && [ ! -e "$W/obj/cache/cost" ] ||
  fail "a bad objective (rc $rc): $(cat "$W/obj.out")"
echo "test_explore: --objective hitz refused after 4 simulations, nothing synthesized"

fi
if [ "$part" != l1 ]; then
# ---- a system grid: the system top is costed; an interrupt exits 130 and the rerun resumes ----
sysb=("${base[@]}" --set l1.size=256 --set system.cores=2 --set l2.sets=16 --set l2.ways=2 --set l2.mshrs=1)
sysg=(--sim sysim --sim-opt timed --sim-opt l2-latency=50 --trace "$W/t.din" --local)
"$cg" explore "${sysb[@]}" "${sysg[@]}" --grid l1.ways=2,4 -o "$W/sys" >"$W/sys1.out" 2>"$W/sys1.err" &
pid=$!
for _ in $(seq 600); do grep -q "2 to run (local)" "$W/sys1.err" && break; sleep 0.1; done
sleep 2 # inside the first point's synthesis (about 10 s)
kill -INT $pid; wait $pid; rc=$?
[ $rc = 130 ] && grep -q "interrupted; the points finished so far are cached" "$W/sys1.err" ||
  fail "SIGINT during a synthesis: rc $rc (want 130): $(cat "$W/sys1.err")"
sleep 1
if pgrep -f -- "$W/sys/work" >/dev/null; then fail "a tool of the interrupted run still runs"; fi
"$cg" explore "${sysb[@]}" "${sysg[@]}" --grid l1.ways=2,4 -o "$W/sys" >"$W/sys2.out" 2>"$W/sys2.err" ||
  { cat "$W/sys2.err"; fail "the rerun after the interrupt"; }
grep -q "2 simulations cached, 0 to run" "$W/sys2.err" && grep -q "0 failed" "$W/sys2.out" ||
  fail "the rerun did not resume: $(cat "$W/sys2.err" "$W/sys2.out")"
mkdir -p "$W/sysref" && "$cg" "${sysb[@]}" --set l1.ways=2 -o "$W/sysref/rtl" >/dev/null &&
  "$root/synth/tops.sh" "$W/sysref/rtl" "$W/sysref/tops" sys >"$W/sysref.log" 2>&1 ||
  { tail "$W/sysref.log"; fail "synth/tops.sh sys of the first system point"; }
"$root/build/sysim" "${sysb[@]}" --set l1.ways=2 --json --timed --l2-latency 50 "$W/t.din" \
  >"$W/sysref/sim.json" || fail "a separate sysim --timed run of the first system point"
check_sys() { # OUT: p1's row against the separate system cost and cycle-model run
  python3 - "$1/results.csv" "$W/sysref/tops/gcn_l1_sys.cost.json" "$W/sysref/sim.json" <<'PY'
import csv, json, sys
row = [r for r in csv.DictReader(open(sys.argv[1])) if r["point"] == "p1"][0]
ref = json.load(open(sys.argv[2]))
sim = json.load(open(sys.argv[3]))
bad = ["%s = %s, synth/tops.sh sys %s" % (k, row[k], ref[k])
       for k in ("logic_ge", "sram_ge", "total_ge", "flop_bits", "sram_bits", "depth", "period_ns")
       if abs(float(row[k]) - ref[k]) > 1e-6 * max(1.0, abs(ref[k]))]
bad += ["%s = %s, sysim --timed %s" % (k, row[k], sim[k])
        for k in ("cycles", "loads", "l1_load_hits", "l2_requests") if float(row[k]) != sim[k]]
for b in bad:
    print("test_explore: system mismatch:", b)
sys.exit(1 if bad else 0)
PY
}
check_sys "$W/sys" || fail "the system point's cost"
echo "test_explore: interrupted run exited 130 and resumed; the system point's cost equals synth/tops.sh sys, its cycles sysim --timed's"

fi
# ---- mutants: a wrong metric mapping in explore is caught ------------------------------------
mutant() { # NAME FILE FROM TO [sys]: built from a copy of gen/, run, checked
  local m=$W/mut_$1
  mkdir -p "$m/gen" "$m/build"
  cp "$root"/gen/*.c "$root"/gen/*.h "$m/gen/"
  python3 - "$m/gen/$2" "$3" "$4" <<'PY' || fail "mutant $1 does not apply"
import sys
p, a, b = sys.argv[1:4]
s = open(p).read()
assert s.count(a) == 1, a
open(p, "w").write(s.replace(a, b))
PY
  ln -s "$root/core" "$m/core"; ln -s "$root/cmodel" "$m/cmodel"; ln -s "$root/synth" "$m/synth"
  for t in cost stanet cachesim sysim; do ln -s "$root/build/$t" "$m/build/$t"; done
  local src=""
  for s in $(sed -n '/^GEN_SRC :=/,/[^\\]$/p' "$root/Makefile" | tr -d '\\' | sed 's/GEN_SRC :=//'); do src="$src $m/$s"; done
  # shellcheck disable=SC2086
  cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -o "$m/build/cachegen" "$m/gen/main.c" $src \
    "$root/build/sram_text.c" "$root/build/libcore.a" -lyaml -ljansson -lnettle || fail "mutant $1 build"
  if [ "${5:-}" = sys ]; then
    "$m/build/cachegen" explore "${sysb[@]}" "${sysg[@]}" --grid l1.ways=2 \
      -o "$m/out" >"$m/run.out" 2>&1 || { cat "$m/run.out"; fail "mutant $1 run"; }
    if check_sys "$m/out" >"$m/check.out"; then fail "mutant $1 ($3 -> $4) not caught"; fi
  else
    "$m/build/cachegen" explore "${base[@]}" "${grid[@]}" --trace "$W/t.din" --local \
      --cache "$W/out/cache" -o "$m/out" >"$m/run.out" 2>&1 || { cat "$m/run.out"; fail "mutant $1 run"; }
    if check_rows "$m/out" >"$m/check.out"; then fail "mutant $1 ($3 -> $4) not caught"; fi
  fi
  echo "test_explore: mutant $1 caught: $(head -1 "$m/check.out")"
}
if [ "$part" != sys ]; then
mutant hits explore_out.c 'hits = get(w, "read_hits") + get(w, "write_hits");' 'hits = get(w, "read_hits");'
mutant storage explore_out.c 'get(w, "flop_bits") + get(w, "sram_bits")' 'get(w, "flop_bits")'
fi
if [ "$part" != l1 ]; then
mutant l1top explore_point.c 'r->o.cost_top == EXP_TOP_SYS ? "_sys" : ""' '""' sys
mutant simopts explore_point.c 'k < r->o.nsim_opts; k++' 'k < 0; k++' sys
fi
echo "test_explore: PASS"
