#!/usr/bin/env bash
# test_robust_readers.sh [BUILD]: the trace readers and the simulators' I/O against hostile
# input (issue 33): endless and NUL-filled streams end at a reader limit, never hang
# (Accel-Sim traces, kernelslist.g, din, zstd); inputs read more than once (sysim's CPU ports,
# --cpu-loop, the timed GPU trace, cachesim --sweep) must be regular files and stdin is read
# once; --share-every 1 is not quadratic; a write error on standard output (/dev/full) is an
# error for cachesim (every subcommand), sysim and cachegen pric; sysim's latencies are
# ordered; an empty trace is an error in every format; a kernelslist.g names files inside its
# folder only and a file that is not a trace is never quoted. Every run is under `timeout`, so a
# hang fails instead of blocking. BUILD holds cachesim, sysim and cachegen (default build).
# Ends with "N passed, M failed".
set -uo pipefail
B=$(cd "${1:-build}" && pwd)
sim=$B/cachesim sysim=$B/sysim gen=$B/cachegen
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
no() { fail=$((fail + 1)); echo "not ok - $1"; [ -n "${2:-}" ] && echo "$2" | head -5; }
# refused SECONDS DESCRIPTION EXPECTED-STDERR-TEXT CMD...: CMD ends within SECONDS with exit 2,
# the text on stderr and nothing on stdout
refused() {
  local t=$1 d=$2 want=$3; shift 3
  local rc
  timeout -k 1 "$t" "$@" >out.txt 2>err.txt </dev/null; rc=$?
  if [ $rc = 2 ] && grep -qF -- "$want" err.txt && [ ! -s out.txt ]; then ok "$d"
  else no "$d (exit $rc; 124 = still running after $t s)" "$(cat err.txt)"; fi
}

# ---- 8: limits applied while reading ------------------------------------------------------
refused 5 "accel: /dev/zero ends at its first line (NUL byte)" \
  "trace = /dev/zero: line 1: NUL byte in a text line" "$sim" --format accel /dev/zero
refused 5 "accel: an endless line from a pipe ends at the line limit" \
  "trace = -: line 1: longer than 8192 bytes" \
  bash -c "yes x | tr -d '\n' | \"$sim\" --format accel -"
refused 5 "accel: an endless zstd stream of zeros ends at once" \
  "line 1: NUL byte in a text line" \
  bash -c "zstd -q -c </dev/zero | \"$sim\" --format accel -"
mkdir list && ln -s /dev/zero list/kernel-1.traceg && printf 'kernel-1.traceg\n' >list/kernelslist.g
refused 5 "kernelslist.g: a kernel linked to /dev/zero ends at once" \
  "kernel list/kernel-1.traceg (list line 1): line 1: NUL byte" "$sim" list/kernelslist.g
refused 5 "kernelslist.g: an endless list from a pipe ends at its line limit" \
  "line 1: NUL byte in a text line" \
  bash -c "(printf kernel; cat /dev/zero) | \"$sim\" --format accel -"
refused 5 "kernelslist.g: an endless line ends at the line limit" \
  "line 1: longer than 4096 bytes" \
  bash -c "(printf kernel; yes x | tr -d '\n') | \"$sim\" --format accel -"
head -c 50M /dev/zero | gzip -1 >zeros.gz
refused 5 "text: a gzip file of 50 MB of zeros ends at the line limit" \
  "trace = zeros.gz: line 1: longer than 65536 bytes" "$sim" --format text zeros.gz
refused 5 "accel: a gzip file of 50 MB of zeros ends at its first line" \
  "trace = zeros.gz: line 1: NUL byte in a text line" "$sim" --format accel zeros.gz
refused 5 "din: /dev/zero ends at the line limit" "longer than 65536 bytes" \
  "$sim" --format din /dev/zero
refused 5 "sysim: accel /dev/zero ends at once" "NUL byte" "$sysim" --format accel /dev/zero
for fmt in auto text accel; do # an endless input of no record (blank or comment lines)
  refused 10 "$fmt: an endless stream of blank lines ends" \
    "line 1048577: more than 1048576 blank or comment lines in a row" \
    bash -c "yes '' | \"$sim\" --format $fmt -"
done
refused 10 "din: an endless stream of comment lines ends" \
  "more than 1048576 blank or comment lines in a row" bash -c "yes '# c' | \"$sim\" -"

# ---- 9: inputs read more than once ----------------------------------------------------------
printf '0 1000\n1 2040\n0 3000\n' >c.din
printf '0 100\n1 200\n' >g.din
mkfifo ff
P1="--preset fermi-l1 --set system.cpu_cores=1"
P2="--preset fermi-l1 --set system.cpu_cores=2"
refused 5 "sysim: one FIFO as two CPU traces is refused (it blocked)" \
  "--cpu-trace ff: is a pipe or FIFO and would be read by more than one input" \
  "$sysim" $P2 --cpu-trace ff --cpu-trace ff g.din
refused 5 "sysim: --cpu-loop over a FIFO is refused (it blocked)" \
  "--cpu-trace ff: is a pipe or FIFO and would be read more than once (--cpu-loop" \
  "$sysim" $P1 --cpu-loop --cpu-trace ff g.din
refused 5 "sysim: the timed GPU trace from a FIFO with 4 GPU cores is refused" \
  "TRACE ff: is a pipe or FIFO and would be read more than once (once per GPU core" \
  "$sysim" $P1 --cpu-trace c.din ff
refused 5 "sysim: --cpu-trace - twice is refused (port 1 got nothing, silently)" \
  "--cpu-trace -: stdin is read by more than one input (- given more than once)" \
  bash -c "\"$sysim\" $P2 --cpu-trace - --cpu-trace - g.din <c.din"
refused 5 "sysim: - and /dev/stdin are one pipe" \
  "--cpu-trace -: is a pipe or FIFO and would be read by more than one input" \
  bash -c "cat c.din | \"$sysim\" $P2 --cpu-trace - --cpu-trace /dev/stdin g.din"
refused 5 "cachesim --sweep: a FIFO read once per config is refused" \
  "--traces ff: is a pipe or FIFO and would be read more than once (once per config: 2" \
  "$sim" --sweep --configs fermi-l1,gcn-l1 --traces ff -o sweep.csv
[ ! -e sweep.csv ] && ok "cachesim --sweep: nothing written on refusal" || no "sweep.csv written"
out=$(timeout 10 bash -c "\"$sysim\" $P2 --cpu-trace - --cpu-trace c.din g.din <c.din" 2>&1) &&
  grep -q "LLC CPU 1 .*references 3" <<<"$out" &&
  ok "sysim: stdin once beside the same regular file by name still runs" ||
  no "sysim: stdin (a file) and its name" "$out"
out=$(timeout 10 bash -c "\"$sysim\" $P1 --cpu-trace - g.din <c.din" 2>&1) &&
  grep -q "LLC CPU 0 .*references 3" <<<"$out" && ok "sysim: --cpu-trace - once still runs" ||
  no "sysim: --cpu-trace - once" "$out"
out=$(timeout 10 "$sysim" $P2 --cpu-loop --cpu-trace c.din --cpu-trace c.din g.din 2>&1) &&
  grep -q "LLC CPU 1 .*references [1-9]" <<<"$out" &&
  ok "sysim: one regular file as both CPU traces, looped, still runs" ||
  no "sysim: a regular file twice" "$out"

# ---- 10: --share-every 1 is linear ---------------------------------------------------------
"$sim" gen --pattern random --refs 2000 -o r2k.txt --to text 2>/dev/null
s=$(date +%s%N)
out=$(timeout 5 "$sysim" --preset tap-rrip --cpu-trace c.din --cpu-trace c.din --share-every 1 \
        --json r2k.txt 2>&1); rc=$?
ms=$((($(date +%s%N) - s) / 1000000))
if [ $rc = 0 ] && grep -q '"samples": [1-9]' <<<"$out"; then
  ok "sysim --share-every 1 on 2,000 references (tap-rrip) within 5 s (${ms} ms; was 9.5 s)"
else no "sysim --share-every 1 (exit $rc after ${ms} ms)" "$out"; fi

# ---- 11: write errors on standard output -----------------------------------------------------
if [ -w /dev/full ]; then
  full() { # description cmd...: exit non-zero, "No space left on device" on stderr
    local d=$1; shift
    timeout 20 "$@" >/dev/full 2>err.txt </dev/null; local rc=$?
    [ $rc != 0 ] && [ $rc != 124 ] && grep -q "No space left on device" err.txt &&
      grep -q "standard output" err.txt && ok "stdout on /dev/full: $d (exit $rc)" ||
      no "stdout on /dev/full: $d (exit $rc)" "$(cat err.txt)"
  }
  full "cachesim --json" "$sim" --json g.din
  full "cachesim text" "$sim" g.din
  full "cachesim --help" "$sim" --help
  full "cachesim convert -o -" "$sim" convert g.din - --to text
  full "cachesim convert -o - (gzip)" "$sim" convert g.din - --to din --compress gz
  full "cachesim gen -o -" "$sim" gen --pattern stream --refs 10 -o - --to din
  full "cachesim --sweep -o -" "$sim" --sweep --configs fermi-l1 --traces g.din -o -
  full "sysim" "$sysim" g.din
  full "sysim --json" "$sysim" --json g.din
  full "sysim timed" "$sysim" $P1 --cpu-trace c.din g.din
  full "cachegen pric" "$gen" pric --sets 64 --line-bytes 128 --addr-bits 32
  if command -v gnuplot >/dev/null; then # gnuplot ignores its write errors: cachesim copies
    timeout 30 "$sim" --sweep --configs fermi-l1 --traces g.din -o p.csv --plot /dev/full \
      2>err.txt; rc=$?
    [ $rc = 2 ] && grep -q -- "--plot: /dev/full: write failed: No space left on device" err.txt &&
      ok "--plot on /dev/full: a write error (exit 2)" || no "--plot /dev/full (exit $rc)" "$(cat err.txt)"
  fi
  n=$(timeout 10 "$sim" convert g.din - --to text 2>&1 >/dev/full | grep -c "write failed")
  [ "$n" = 1 ] && ok "stdout on /dev/full: reported once" || no "reported $n times"
else
  echo "# /dev/full not writable: write-error checks skipped"
fi

# ---- 14: latencies in order --------------------------------------------------------------
refused 5 "sysim: a miss faster than an L2 hit is refused" \
  "--mem-latency 5 < --l2-latency 10: an L2 miss cannot be faster than an L2 hit" \
  "$sysim" --mem-latency 5 --l2-latency 10 g.din
refused 5 "sysim: an L1 hit slower than an L2 hit is refused" \
  "--l1-latency 300 > --l2-latency 160: an L1 hit cannot be slower than an L2 hit" \
  "$sysim" --l1-latency 300 g.din
timeout 10 "$sysim" --l2-latency 1 --mem-latency 1 g.din >/dev/null 2>err.txt &&
  ok "sysim: equal latencies are allowed" || no "equal latencies" "$(cat err.txt)"

# ---- 15: an empty trace is an error --------------------------------------------------------
: >empty
printf '# only a comment\n\n   \n' >comments.din
gzip -c empty >empty.gz
zstd -q -c empty >empty.zst
printf 'CGTRACE2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\377' >empty.bin
for f in empty comments.din empty.gz empty.zst; do
  refused 5 "cachesim: empty $f is an error" "trace = $f: no reference line: an empty trace" \
    "$sim" "$f"
  refused 5 "sysim: empty $f is an error" "trace = $f: no reference line: an empty trace" \
    "$sysim" "$f"
done
for fmt in din text; do
  refused 5 "cachesim --format $fmt: empty is an error" "no reference line: an empty trace" \
    "$sim" --format $fmt empty
done
refused 5 "cachesim --format dinero-binary: empty is an error" "no record: an empty trace" \
  "$sim" --format dinero-binary empty
refused 5 "cachesim: a binary trace of no record is an error" \
  "trace = empty.bin: no record: an empty trace" "$sim" empty.bin
refused 5 "cachesim --format accel: empty is an error" "empty input" "$sim" --format accel empty
refused 5 "sysim: an empty CPU trace is an error" "CPU port 0: trace = empty: no reference line" \
  "$sysim" $P1 --cpu-trace empty g.din
refused 5 "cachesim convert: an empty trace is an error" "no reference line" \
  "$sim" convert empty out.din --to din
[ ! -e out.din ] && ok "cachesim convert: nothing written for an empty trace" ||
  no "convert wrote out.din"
refused 5 "cachesim: an empty trace on stdin is an error" "trace = -: no reference line" \
  "$sim" -

# ---- messages: a kernelslist.g names files in its folder; non-traces are never quoted ------
mkdir -p lists/kernel-a outside
printf 'SECRET-TOKEN-1234 not a trace\n' >outside/secret.txt
printf 'kernel-a/../../outside/secret.txt\n' >lists/up.g
refused 5 "kernelslist.g: a kernel path with .. is refused" \
  "kernel \"kernel-a/../../outside/secret.txt\": not allowed; allowed: a path inside the list's folder" \
  "$sim" lists/up.g
ln -s ../outside/secret.txt lists/kernel-9.traceg
printf 'kernel-9.traceg\n' >lists/link.g
refused 5 "kernelslist.g: a kernel that is no trace is not quoted" \
  "line 1: not an Accel-Sim kernel trace" "$sim" lists/link.g
for l in up link; do
  e=$(timeout 5 "$sim" lists/$l.g 2>&1)
  if grep -q SECRET <<<"$e"; then no "kernelslist.g ($l.g): a non-trace's bytes were echoed" "$e"
  else ok "kernelslist.g ($l.g): no byte of a file that is no trace in the error"; fi
done

printf 'root:x:0:0:SECRET-TOKEN-5678\n' >passwd-like
printf '0 SECRET-TOKEN-9\n' >badfirst.din
for f in passwd-like badfirst.din; do
  e=$(timeout 5 "$sim" "$f" 2>&1); rc=$?
  if [ $rc = 2 ] && ! grep -q SECRET <<<"$e" && grep -q "line 1: .*(the line is not shown" <<<"$e"
  then ok "a trace whose first line is bad ($f) is refused without quoting it"
  else no "first bad line of $f quoted or accepted (exit $rc)" "$e"; fi
done
printf '0 1000\n0 zz\n' >badsecond.din
refused 5 "a bad line after a record is quoted" 'line 2: din address "zz"' "$sim" badsecond.din

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
