#!/usr/bin/env bash
# test_outdir.sh: cachegen's output directory never loses a user's file and is crash-safe. An
# existing -o is replaced only when it is an unmodified cachegen output (a forged manifest, an
# added or modified file, a symbolic link are refused and left as they were); a reader never
# sees the output missing while it is regenerated; concurrent runs on one -o both succeed;
# runs killed at random moments (SIGKILL, SIGINT, SIGTERM, SIGABRT) leave the earlier output
# or the new one, whole, and what they leave behind is removed by the next run (never a live
# process's directory, never a user's file).
#
# usage: gen/test_outdir.sh [path/to/cachegen]     (default build/cachegen)
# Environment: KILLS (default 50) kill iterations, REGENS (default 50) polled regenerations,
# ROUNDS (default 10) rounds of CONC (default 8) concurrent runs, SEED (default 14) for the
# kill moments and signals. Needs perl (Debian's essential perl-base) for a fast poller.
# Prints "ok N - ..." / "not ok N - ..." per case, ends with "N passed, M failed".
set -u

bin=${1:-build/cachegen}
if [ ! -x "$bin" ]; then
    echo "test_outdir.sh: $bin: not an executable; build it with make build/cachegen" >&2
    exit 2
fi
bin_abs="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
: "${KILLS:=50}" "${REGENS:=50}" "${ROUNDS:=10}" "${CONC:=8}" "${SEED:=14}"

work=$(mktemp -d "${TMPDIR:-/tmp}/cachegen_outdir.XXXXXX") || exit 2
sleeper= locker= silent=
# Only this shell cleans up: a child that a signal below hits between its fork and its exec of
# cachegen would otherwise run this trap too (bash does) and remove the work directory.
main_shell=$BASHPID
trap '[ "$BASHPID" = "$main_shell" ] || exit
      for p in $sleeper $locker $silent; do kill "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
cd "$work" || exit 2
cp "$bin_abs" ./cachegen || exit 2
mkdir logs # stderr of the runs (outside every directory the checks glob)
CG="$work/cachegen"
ulimit -c 0 # SIGABRT below must not drop core files here

n=0 passed=0 failed=0
pass() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
fail() { # DESCRIPTION REASON [STDERR_FILE]
    n=$((n + 1)); failed=$((failed + 1))
    echo "not ok $n - $1"; echo "#   $2"
    [ $# -ge 3 ] && [ -s "$3" ] && sed 's/^/#   stderr: /' "$3" | head -5
    return 0
}

# Two reference outputs, generated fresh into their own directories: A and B.
A=(--preset fermi-l1) B=(--preset gcn-l1)
"$CG" "${A[@]}" -o ref_a > /dev/null && "$CG" "${B[@]}" -o ref_b > /dev/null ||
    { echo "test_outdir.sh: cannot generate the reference outputs" >&2; exit 1; }

same() { diff -r -q "$1" "$2" > /dev/null 2>&1; }            # DIR REF: identical trees
whole() { same "$1" ref_a || same "$1" ref_b; }              # DIR: exactly A or exactly B
leftovers() { # PARENT BASE [KEEP...]: names BASE?* in PARENT other than BASE and each KEEP
    local dir=$1 base=$2 keep=(-e /); shift 2
    for k in "$@"; do keep+=(-e "$k"); done
    (cd "$dir" && compgen -G "$base?*" | grep -vxF "${keep[@]}" | tr '\n' ' ')
}
refused() { # DESCRIPTION RC STDERR NEEDLE: a clean error naming NEEDLE and saying what is allowed
    if [ "$2" -eq 0 ] || [ "$2" -ge 128 ]; then fail "$1" "exit status $2, expected a clean error" "$3"; return 1; fi
    grep -qF -- "$4" "$3" || { fail "$1" "stderr does not name $4" "$3"; return 1; }
    grep -qiw allowed "$3" || { fail "$1" "stderr does not say what is allowed" "$3"; return 1; }
}

# ---- refusals: nothing of a directory that is not an unmodified cachegen output is touched ----
desc="a forged empty cachegen.manifest does not make a user's directory replaceable"
mkdir forged forged/data
echo precious > forged/notes.txt; echo precious > forged/data/table.csv; : > forged/cachegen.manifest
cp -r forged forged.copy
"$CG" "${A[@]}" -o forged > /dev/null 2> logs/forged.err; rc=$?
needle=notes.txt; grep -qw data logs/forged.err && needle=data # the first foreign entry is named
if refused "$desc" $rc logs/forged.err "$needle"; then
    if ! same forged forged.copy; then fail "$desc" "the directory changed: $(ls -A forged | tr '\n' ' ')"
    elif [ -n "$(leftovers . forged forged.copy)" ]; then fail "$desc" "left behind: $(leftovers . forged forged.copy)"
    else pass "$desc"; fi
fi

desc="a file a user added to an earlier output is named and the output kept as it was"
"$CG" "${A[@]}" -o added > /dev/null && echo "my notes" > added/my_notes.txt && cp -r added added.copy
"$CG" "${B[@]}" -o added > /dev/null 2> logs/added.err; rc=$?
if refused "$desc" $rc logs/added.err my_notes.txt; then
    if ! same added added.copy; then fail "$desc" "the directory changed: $(ls -A added | tr '\n' ' ')"
    else pass "$desc"; fi
fi

desc="a generated file the user edited is named and kept"
"$CG" "${A[@]}" -o edited > /dev/null && echo "// my fix" >> edited/fermi_l1_meta.v && cp -r edited edited.copy
"$CG" "${B[@]}" -o edited > /dev/null 2> logs/edited.err; rc=$?
if refused "$desc" $rc logs/edited.err fermi_l1_meta.v; then
    if ! same edited edited.copy; then fail "$desc" "the directory changed"
    else pass "$desc"; fi
fi

desc="a symbolic link as -o is refused; its target and the link stay as they were"
mkdir linked
"$CG" "${A[@]}" -o linked/real > /dev/null && ln -s real linked/link
mkdir linked/mine; echo precious > linked/mine/keep.txt; ln -s mine linked/link2
"$CG" "${B[@]}" -o linked/link > /dev/null 2> logs/link.err; rc=$?
"$CG" "${B[@]}" -o linked/link2 > /dev/null 2> logs/link2.err; rc2=$?
if refused "$desc" $rc logs/link.err "symbolic link" && refused "$desc" $rc2 logs/link2.err "symbolic link"; then
    if ! same linked/real ref_a; then fail "$desc" "the link's target (a cachegen output) changed"
    elif [ "$(cat linked/mine/keep.txt 2>/dev/null)" != precious ] || [ "$(ls -A linked/mine)" != keep.txt ]; then
        fail "$desc" "the link's target (a user directory) changed"
    elif [ "$(readlink linked/link)" != real ] || [ "$(readlink linked/link2)" != mine ]; then
        fail "$desc" "a link was replaced"
    elif [ -n "$(cd linked && compgen -G 'link?*' | grep -v '^link2$')" ]; then
        fail "$desc" "left behind: $(cd linked && compgen -G 'link?*' | tr '\n' ' ')"
    else pass "$desc"; fi
fi

desc="an unmodified earlier output is replaced; its manifest lists every file with its SHA-256"
"$CG" "${A[@]}" -o regen > /dev/null && "$CG" "${B[@]}" -o regen > /dev/null 2> logs/regen.err; rc=$?
if [ $rc -ne 0 ]; then fail "$desc" "exit status $rc" logs/regen.err
elif ! same regen ref_b; then fail "$desc" "differs from a fresh output"
elif ! (cd regen && sed -n 's/^file: //p' cachegen.manifest | sha256sum -c --quiet --strict > /dev/null 2>&1); then
    fail "$desc" "sha256sum -c does not verify the manifest's file: lines"
elif [ "$(cd regen && { ls -A | grep -vx cachegen.manifest; } | sort)" != \
       "$(sed -n 's/^file: [0-9a-f]*  //p' regen/cachegen.manifest | sort)" ]; then
    fail "$desc" "the manifest does not list exactly the directory's other files"
elif [ -n "$(leftovers . regen)" ]; then fail "$desc" "left behind: $(leftovers . regen)"
else pass "$desc"; fi

desc="an empty directory as -o is used (nothing to lose)"
mkdir empty
"$CG" "${A[@]}" -o empty > /dev/null 2> logs/empty.err; rc=$?
if [ $rc -ne 0 ]; then fail "$desc" "exit status $rc" logs/empty.err
elif ! same empty ref_a; then fail "$desc" "differs from a fresh output"
elif [ -n "$(leftovers . empty)" ]; then fail "$desc" "left behind: $(leftovers . empty)"
else pass "$desc"; fi

# A dead run's staging directory that holds a whole output (a run killed after its swap) plus a
# file someone put there: the next run removes the listed files, keeps that file.
desc="a dead run's leftover loses its listed files, keeps a file cachegen did not write"
mkdir dead
true & dead_pid=$!; wait $dead_pid
"$CG" "${A[@]}" -o dead/out > /dev/null && cp -r ref_b "dead/out.tmp-$dead_pid" &&
    echo precious > "dead/out.tmp-$dead_pid/mine.txt"
"$CG" "${A[@]}" -o dead/out > /dev/null 2> logs/dead.err; rc=$?
if [ $rc -ne 0 ]; then fail "$desc" "exit status $rc" logs/dead.err
elif [ "$(cat "dead/out.tmp-$dead_pid/mine.txt" 2>/dev/null)" != precious ]; then
    fail "$desc" "the user's file in the leftover was lost"
elif [ "$(cd "dead/out.tmp-$dead_pid" && ls -A | tr '\n' ' ')" != "cachegen.manifest mine.txt " ]; then
    fail "$desc" "the leftover now holds: $(ls -A "dead/out.tmp-$dead_pid" | tr '\n' ' ')"
else pass "$desc"; fi

# ---- a reader polling the manifest during regenerations never finds it missing -------------
desc="a poller never sees $REGENS regenerations' output missing"
mkdir polled
"$CG" "${A[@]}" -o polled/out > /dev/null
perl -e '
    my ($misses, $polls) = (0, 0);
    until (-e "polled/stop") { $misses++ unless -e "polled/out/cachegen.manifest"; $polls++ }
    open(my $f, ">", "polled/count") or die; print $f "$misses $polls\n";' &
poller=$!
bad=""
for i in $(seq 1 "$REGENS"); do
    if [ $((i % 2)) -eq 1 ]; then args=("${B[@]}"); else args=("${A[@]}"); fi
    "$CG" "${args[@]}" -o polled/out > /dev/null 2> logs/poll.err || { bad="regeneration $i failed"; break; }
done
touch polled/stop; wait $poller
read -r misses polls < polled/count
if [ -n "$bad" ]; then fail "$desc" "$bad" logs/poll.err
elif [ "$misses" -ne 0 ]; then fail "$desc" "the manifest was missing $misses times in $polls polls"
elif ! whole polled/out; then fail "$desc" "the final output is not a whole fresh output"
elif [ -n "$(leftovers polled out)" ]; then fail "$desc" "left behind: $(leftovers polled out)"
else pass "$desc ($polls polls)"; fi

# ---- concurrent runs on one -o are serialized ---------------------------------------------
desc="$ROUNDS rounds of $CONC concurrent runs on one -o all succeed and leave one whole output"
mkdir conc
bad=""
for i in $(seq 1 "$ROUNDS"); do
    pids=()
    for k in $(seq 1 "$CONC"); do
        if [ $((k % 2)) -eq 1 ]; then args=("${A[@]}"); else args=("${B[@]}"); fi
        "$CG" "${args[@]}" -o conc/out > /dev/null 2> "logs/conc$k.err" & pids+=($!)
    done
    for k in $(seq 1 "$CONC"); do
        wait "${pids[k - 1]}" || bad="round $i: a run failed: $(head -1 "logs/conc$k.err")"
    done
    [ -n "$bad" ] && break
    if ! whole conc/out; then bad="round $i: the output is not a whole fresh output"; break; fi
    if [ -n "$(leftovers conc out)" ]; then bad="round $i: left behind: $(leftovers conc out)"; break; fi
done
if [ -n "$bad" ]; then fail "$desc" "$bad"; else pass "$desc"; fi

# ---- killed at random moments ---------------------------------------------------------------
# Beside the output: a user's file; a directory named like a staging directory but carrying the
# PID of a live process (not a dead run's); one carrying a dead PID but locked by a live process
# (a run seen from another PID namespace): all must survive every run.
desc="$KILLS runs killed at random moments leave the old or the new output whole; the next run cleans up"
mkdir killed
"$CG" "${A[@]}" -o killed/out > /dev/null
echo precious > killed/precious.txt
sleep 600 & sleeper=$!
live="out.tmp-$sleeper"
mkdir "killed/$live"; echo precious > "killed/$live/keep.txt"
true & gone=$!; wait $gone
locked="out.tmp-$gone"
mkdir "killed/$locked"; echo precious > "killed/$locked/keep.txt"
perl -e 'use Fcntl qw(:flock); open(my $h, "<", $ARGV[0]) or die; flock($h, LOCK_EX) or die;
          sleep 600' "killed/$locked" & locker=$!
until ! flock -n "killed/$locked" true; do sleep 0.01; done # the lock is held
RANDOM=$SEED
sigs=(KILL INT KILL TERM KILL ABRT) # half SIGKILL: the leftovers the next run must clean
# The kill moments are drawn within the time a whole run takes on this machine now (measured:
# a run takes a few ms on a quiet machine, tens under load), and the wait before the kill is
# bash's read timing out on a pipe that stays silent: no process is started for it, since
# starting `sleep` alone can take longer than a whole run.
exec 9< <(exec sleep 3600); silent=$!
usec() { local t=$EPOCHREALTIME; echo $(( 10#${t/./} )); }
span=1
for k in 1 2 3; do
    t0=$(usec); "$CG" "${A[@]}" -o killed/calib > /dev/null; t1=$(usec)
    [ $((t1 - t0)) -gt "$span" ] && span=$((t1 - t0))
done
rm -rf killed/calib
bad="" nsig=0 nfinished=0 nleft=0
for i in $(seq 1 "$KILLS"); do
    if [ $((i % 2)) -eq 1 ]; then args=("${B[@]}"); else args=("${A[@]}"); fi
    sig=${sigs[RANDOM % 6]}
    d=$(( (RANDOM * 32768 + RANDOM) % span ))
    delay=$(printf '%d.%06d' $((d / 1000000)) $((d % 1000000)))
    # (A shell starts a background job with SIGINT ignored, which cachegen keeps: undo that.)
    env --default-signal=INT "$CG" "${args[@]}" -o killed/out > /dev/null 2> logs/kill.err & pid=$!
    read -r -t "$delay" -u 9; kill -s "$sig" $pid 2> /dev/null
    wait $pid; rc=$?
    if [ $rc -eq 0 ]; then nfinished=$((nfinished + 1))
    elif [ $rc -ge 128 ]; then nsig=$((nsig + 1))
    else bad="run $i: exit status $rc after SIG$sig"; break; fi
    if ! whole killed/out; then bad="run $i (SIG$sig after ${delay}s): the output is missing or not whole: $(ls -A killed/out 2>&1 | wc -l) entries"; break; fi
    left=$(leftovers killed out "$live" "$locked")
    if [ -n "$left" ]; then
        nleft=$((nleft + 1))
        if [ "$sig" != KILL ]; then bad="run $i: SIG$sig left $left"; break; fi
    fi
    # The next, uninterrupted run succeeds and removes what the killed one left.
    "$CG" "${args[@]}" -o killed/out > /dev/null 2> logs/next.err ||
        { bad="run $i: the run after SIG$sig failed: $(head -1 logs/next.err)"; break; }
    left=$(leftovers killed out "$live" "$locked")
    if [ -n "$left" ]; then bad="run $i: after SIG$sig, the next run left $left"; break; fi
    if [ "$(cat killed/precious.txt)" != precious ] || [ "$(cat "killed/$live/keep.txt" 2>/dev/null)" != precious ] ||
       [ "$(cat "killed/$locked/keep.txt" 2>/dev/null)" != precious ]; then
        bad="run $i: a user's file beside the output was lost"; break
    fi
done
if [ -n "$bad" ]; then fail "$desc" "$bad" logs/kill.err
elif [ "$nsig" -lt $((KILLS / 4)) ] || [ "$nleft" -eq 0 ]; then
    fail "$desc" "only $nsig of $KILLS runs were interrupted, $nleft SIGKILLed with a staging directory (the moments miss the runs)"
else pass "$desc ($nsig interrupted, $nfinished finished first, $nleft SIGKILL leftovers cleaned)"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
