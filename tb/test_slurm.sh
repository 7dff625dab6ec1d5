#!/usr/bin/env bash
# test_slurm.sh [N [REQUESTS]]: brings up a single-node Slurm from Debian's packages (munged with
# a generated key, slurmctld and slurmd with a generated slurm.conf, all in a temporary directory,
# on localhost only, as root, without systemd), checks sinfo shows the node idle, runs N random
# configurations (default 4) of REQUESTS requests (default 20000) through `tb/regress --slurm` as
# a job array and checks the JUnit file (N testcases, none failed, each run by an array task);
# then shows failures come back: a run of 100 requests must fail seed 1 for coverage and skip
# seed 2, and a generator mutant (in a copy of the project) must fail with a mismatch whose
# reproduce command, run again, fails with a mismatch; and runs a 2-point `cachegen explore`
# as a job array (its results gathered from the cache). Shuts everything down and removes the
# directory, on failure and interrupt too. About 3 minutes on 2 cores with a warm ccache.
# Prints "ok - ..." / "not ok - ..."; exits non-zero on failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-4}; requests=${2:-20000}
# The configurations of draw 1 (tb/randcfg.c), whose seeds 1..N pass at REQUESTS: this test is of
# the Slurm machinery, not the draw (draw 2's seed 3 is a known coverage hole, issue 37)
export RANDCFG_DRAW=1
notok() { echo "not ok - slurm: $*"; exit 1; }
[[ $n =~ ^[1-9][0-9]{0,2}$ ]] || notok "N = '$n': expected a number from 1 to 999"
[[ $requests =~ ^[1-9][0-9]{0,7}$ ]] || notok "REQUESTS = '$requests': expected a number from 1 to 99999999"
[ "$(id -u)" = 0 ] || notok "must run as root (slurmd starts jobs as their user, munged runs as root here)"
for t in munged mungekey munge unmunge slurmctld slurmd sbatch sinfo squeue scontrol; do
  command -v "$t" >/dev/null || notok "$t is missing (make deps installs slurmctld slurmd slurm-client munge)"
done

tmp=$(mktemp -d /tmp/cachegen-slurm.XXXXXX) || notok "mktemp"
pids=()
cleanup() {
  local p i
  if [ -n "${SLURM_CONF:-}" ]; then # cancel what is queued or running, give it 30 s to go
    scancel --full --quiet --user=root 2>/dev/null
    for i in $(seq 30); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 1; done
  fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do # newest first: regress, slurmd, slurmctld, munged
    p=${pids[i]}
    kill "$p" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$p" 2>/dev/null; wait "$p" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
# show the daemons' logs when something fails
fail() { local f; for f in "$tmp"/munge/munged.log "$tmp"/slurmctld.log "$tmp"/slurmd.log; do
  [ -f "$f" ] && { echo "--- $f"; tail -15 "$f"; }; done; notok "$*"; }

# two free TCP ports on localhost, for slurmctld and slurmd
free_port() {
  local p
  for _ in $(seq 100); do
    p=$((20000 + RANDOM % 30000))
    [ "$p" = "${1:-}" ] && continue
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return; }
  done
  return 1
}
ctld_port=$(free_port) && slurmd_port=$(free_port "$ctld_port") || notok "no free port on localhost"

# munge: a fresh key and a private socket
mkdir -m 700 "$tmp/munge" "$tmp/state" "$tmp/spool"
mungekey --create --keyfile="$tmp/munge/munge.key" --force 2>/dev/null ||
  { dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$tmp/munge/munge.key"; }
sock="$tmp/munge/munge.socket"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$sock" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
  --seed-file="$tmp/munge/munged.seed" >"$tmp/munge/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$sock" ] && break; sleep 0.2; done
munge -S "$sock" -n 2>/dev/null | unmunge -S "$sock" >/dev/null 2>&1 ||
  { cat "$tmp/munge/munged.out"; fail "munged does not answer on $sock"; }

# slurm.conf: one node with this machine's CPUs and memory, one partition, no accounting
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
conf="$tmp/slurm.conf"
cat >"$conf" <<EOF
# single-node test cluster of tb/test_slurm.sh
ClusterName=cachegen-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MaxArraySize=1001
NodeName=cgnode NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=cgnode Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf
slurmctld -D -i -f "$conf" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$conf" -N cgnode >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
state=""
for _ in $(seq 60); do
  state=$(sinfo -h -N -n cgnode -o '%t' 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 1
done
[ "$state" = idle ] || { cat "$tmp"/slurmctld.out "$tmp"/slurmd.out; fail "node cgnode is '${state:-absent}' after 60 s, not idle"; }
echo "# slurm: node cgnode idle ($cpus CPUs, $mem MB), controller on 127.0.0.1:$ctld_port"

# the regression through the array; its JUnit read here, independently of tb/regress's own count
# The arrays' Verilator builds share this machine's ccache (the one `make test` fills), as the
# nodes of a cluster share OUT/ccache. tb/regress runs in the background, so that an interrupt
# reaches the trap at once.
command -v ccache >/dev/null && CCACHE_DIR=$(ccache -k cache_dir) && export CCACHE_DIR
unset MIN_EVENTS # make test's event floor is for its own long runs, not these short ones
regress() { # ROOT OUT ARGS...: ROOT's tb/regress --slurm into OUT; its exit status
  local r=$1 o=$2 rc; shift 2
  "$r/tb/regress" --slurm -o "$o" --timeout 900 "$@" &
  pids+=($!)
  wait "${pids[-1]}"; rc=$?
  unset 'pids[-1]'
  return $rc
}
# junit FILE TESTS: the file is well-formed XML from a Slurm run with TESTS testcases whose suite
# totals agree with the testcases counted here; sets nfail and nskip to those counts
junit() {
  [ -f "$1" ] || fail "no $1"
  xmllint --noout "$1" || fail "$1 is not well-formed XML"
  local c
  c=$(grep -c '<testcase ' "$1"); nfail=$(grep -c '<failure ' "$1"); nskip=$(grep -c '<skipped ' "$1")
  [ "$c" = "$2" ] || fail "$1: $c testcases, expected $2"
  grep -q "<testsuites [^>]*tests=\"$2\" failures=\"$nfail\" errors=\"0\" skipped=\"$nskip\"" "$1" ||
    fail "$1: the suite totals do not say $2 tests, $nfail failures, $nskip skipped"
  grep -q '<property name="runner" value="slurm"/>' "$1" || fail "$1 does not say it ran on Slurm"
}
# unxml: XML character data back to text
unxml() { sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&apos;/'"'"'/g; s/&amp;/\&/g'; }

# (1) N random configurations of the project as it is: N testcases, none failed, each run by
# an array task
out="$tmp/regress"
regress "$root" "$out" -n "$n" --seeds 1 --requests "$requests" || fail "tb/regress --slurm failed (see above)"
junit "$out/junit.xml" "$n"
[ "$nfail $nskip" = "0 0" ] || fail "$nfail failures, $nskip skipped in $out/junit.xml"
for i in $(seq 0 $((n - 1))); do
  f=$(ls "$out"/slurm/*_"$i".out 2>/dev/null | head -1)
  [ -n "$f" ] && grep -q '^ok - cfg' "$f" || fail "array task $i left no 'ok' output in $out/slurm"
done
queued=$(squeue -h | wc -l)
[ "$queued" = 0 ] || fail "$queued jobs still in the queue after sbatch --wait"
echo "# slurm: $n configurations as a job array: JUnit $n testcases, 0 failures"

# (2) too few requests for full coverage: seed 1 of the first configuration (built above, so
# from ccache) fails with its coverage holes named, seed 2 is skipped
regress "$root" "$tmp/rcov" --first 1 -n 1 --seeds 2 --requests 100 >"$tmp/rcov.log" 2>&1 &&
  { cat "$tmp/rcov.log"; fail "tb/regress passed a run of 100 requests with full coverage required"; }
junit "$tmp/rcov/junit.xml" 2
[ "$nfail $nskip" = "1 1" ] || { cat "$tmp/rcov.log"; fail "100 requests: $nfail failures, $nskip skipped; expected 1 and 1"; }
grep -q '<failure type="coverage" message="lockstep seed 1 failed: ' "$tmp/rcov/junit.xml" ||
  fail "100 requests: no coverage failure of seed 1"
sed -n '/^## Coverage holes/,/^## /p' "$tmp/rcov/summary.md" | grep -qE '^\| [a-z][a-z0-9_]* \| [a-z0-9]+/[a-z0-9]+ \| [1-9]' ||
  fail "100 requests: the summary names no coverage hole"
grep -q '<skipped message="not run: seed 1 of this configuration failed first"/>' "$tmp/rcov/junit.xml" ||
  fail "100 requests: seed 2 is not reported as skipped"
echo "# slurm: 100 requests: seed 1 fails for coverage, seed 2 skipped"

# (3) a mutant generator (LRU hits do not touch the replacement state, as tb/mutation_test.sh's
# first mutant) in a copy of the project: the first random configuration that is a baseline LRU
# L1 without write-evict fails with a mismatch (its directed script or seed 1), and the
# reproduce command in the failure fails again with a mismatch.
mseed=""
for s in $(seq 1 500); do
  k=$("$root/build/randcfg" --draw 1 --kind "$s" 2>/dev/null) && [ "$k" != l1 ] && continue
  a=" $("$root/build/randcfg" --draw 1 "$s") "
  # (randcfg may override the replacement later, with fifo or random: those seeds do not count)
  [[ $a == *" l1.replacement=lru "* && $a == *" l1.write_evict=false "* ]] &&
    [[ $a != *" l1.replacement=fifo "* && $a != *" l1.replacement=random "* ]] &&
    [[ $a != *" l1.mode="* || $a == *" l1.mode=baseline "* ]] &&
    { mseed=$s; break; }
done
[ -n "$mseed" ] || fail "no baseline LRU L1 among random configurations 1..500"
mut="$tmp/mutant"
mkdir -p "$mut/build" "$mut/rtl"
cp -a "$root/core" "$root/gen" "$root/cmodel" "$root/tb" "$root/synth" "$root/Makefile" "$mut/" &&
  cp -a "$root/rtl/cachegen_sram_1r1w.v" "$mut/rtl/" &&
  cp -a "$root"/build/{libcore.a,libcmodel.a,randcfg,sram_text.c,cachegen} "$mut/build/" ||
  fail "cannot copy the project into $mut"
sed -i 's/emit_line(e, "wire touch = update;");/emit_line(e, "wire touch = update \& ~hit_o;");/' "$mut/gen/emit_meta.c"
grep -q '"wire touch = update & ~hit_o;"' "$mut/gen/emit_meta.c" || fail "the mutation did not apply to gen/emit_meta.c"
make -s -C "$mut" build/cachegen >"$tmp/mutant_make.log" 2>&1 || { cat "$tmp/mutant_make.log"; fail "mutant cachegen did not build"; }
regress "$mut" "$tmp/rmut" --first "$mseed" -n 1 --seeds 2 --requests "$requests" >"$tmp/rmut.log" 2>&1 &&
  { cat "$tmp/rmut.log"; fail "tb/regress passed on the mutant"; }
junit "$tmp/rmut/junit.xml" 2
[ "$nfail" -ge 1 ] && [ $((nfail + nskip)) = 2 ] || fail "mutant: $nfail failures, $nskip skipped of 2 testcases"
fblock=$(sed -n '/<failure type="mismatch" message="[^"]*MISMATCH at cycle/,/<\/failure>/p' "$tmp/rmut/junit.xml" | head -200)
[ -n "$fblock" ] || fail "mutant: no failure of type mismatch naming the mismatch"
repro=$(sed -n 's/^reproduce: //p' <<<"$fblock" | head -1 | sed 's/<\/failure>$//' | unxml)
[[ $repro == "cd $mut && "* ]] || fail "mutant: no reproduce command in the failure"
bash -c "$repro" >"$tmp/repro.log" 2>&1 && fail "the reproduce command passed: $repro"
grep -q 'MISMATCH at cycle' "$tmp/repro.log" || { tail "$tmp/repro.log"; fail "the reproduce command failed without a mismatch"; }
echo "# slurm: mutant configuration $mseed: $(grep -m1 -o 'message="[^"]*' <<<"$fblock" | cut -c10-); its reproduce command fails again"

# (4) cachegen explore as a Slurm job array (docs/explore.md): a 1 x 2 grid of small L1s, each
# point an array task (`cachegen explore ... --local --task K`) into the shared cache, gathered
# from it: 2 rows, each task's output says ok, and a rerun through Slurm has nothing to run
ex="$tmp/explore"
"$root/build/cachesim" gen --pattern hot_stream --refs 2000 --seed 3 --to din -o "$tmp/explore.din" >/dev/null ||
  fail "cachesim gen"
explore() { # LOG: the grid through --slurm into $ex; its exit status
  "$root/build/cachegen" explore --preset gcn-l1 --set l1.line_bytes=16 --set l1.mshrs=1 \
    --set l1.size=256 --grid l1.ways=2,4 --trace "$tmp/explore.din" --slurm -o "$ex" >"$1" 2>&1 &
  pids+=($!)
  wait "${pids[-1]}"; local rc=$?
  unset 'pids[-1]'
  return $rc
}
explore "$tmp/explore1.log" || { cat "$tmp/explore1.log"; fail "cachegen explore --slurm failed"; }
grep -q '2 to run (Slurm)' "$tmp/explore1.log" && grep -q 'Slurm array [0-9]* finished' "$tmp/explore1.log" ||
  { cat "$tmp/explore1.log"; fail "explore did not run its 2 points as a Slurm array"; }
[ "$(tail -n +2 "$ex/results.csv" | wc -l)" = 2 ] || fail "explore --slurm: not 2 rows in $ex/results.csv"
for k in 0 1; do
  f=$(ls "$ex"/slurm/*_"$k".out 2>/dev/null | head -1)
  [ -n "$f" ] && grep -q "^ok - p$((k + 1))\$" "$f" || fail "explore array task $k left no 'ok - p$((k + 1))' in $ex/slurm"
done
explore "$tmp/explore2.log" && grep -q '2 cached, 0 to run' "$tmp/explore2.log" && grep -q ' 0 synthesized' "$tmp/explore2.log" ||
  { cat "$tmp/explore2.log"; fail "explore --slurm rerun: not everything cached"; }
echo "# slurm: cachegen explore: 2 points as a job array, gathered from the cache; the rerun runs nothing"

echo "ok - slurm: $n configurations as a job array pass; a coverage failure and a mutant's mismatch come back in the JUnit file with their reproduce command"
