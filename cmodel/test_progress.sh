#!/usr/bin/env bash
# test_progress.sh WORKDIR: a long sysim run shows its progress on a terminal and nowhere else
# (issue 38 item 7). sysim reads a din trace from a FIFO whose writer pauses 7 s after the
# references, under `script` (a pseudo-terminal as stderr): a line "sysim: N references, S s"
# every 3 s, N the references simulated so far (more than 0: the reader blocks only at the end); the same run into a pipe prints no such line, and the
# statistics are the same either way. Prints ok / not ok; exits non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: cmodel/test_progress.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
command -v script >/dev/null || { echo "not ok - progress: no 'script' (bsdutils)"; exit 1; }
"$root/build/cachesim" gen --pattern hot_stream --refs 200000 --seed 3 --to din -o "$work/t.din" >/dev/null ||
  { echo "not ok - progress: cachesim gen"; exit 1; }
run() { # TTY(0/1) OUT: sysim on the paused FIFO
  rm -f "$work/fifo"; mkfifo "$work/fifo"
  (cat "$work/t.din"; sleep 7) >"$work/fifo" &
  if [ "$1" = 1 ]; then
    script -qec "'$root/build/sysim' --preset gcn-l1 --format din '$work/fifo'" /dev/null >"$2" 2>&1
  else
    "$root/build/sysim" --preset gcn-l1 --format din "$work/fifo" >"$2" 2>&1
  fi
  wait
}
bad=0
run 1 "$work/tty.out"
run 0 "$work/pipe.out"
if grep -aqE "^sysim: [1-9][0-9]* references, 3 s" "$work/tty.out"; then
  echo "ok - progress: on a terminal, $(grep -ac '^sysim: [0-9]* references' "$work/tty.out") progress lines during a 7 s run"
else echo "not ok - progress: no progress line on a terminal: $(head -3 "$work/tty.out")"; bad=1; fi
if grep -aq "references, [0-9]* s" "$work/pipe.out"; then
  echo "not ok - progress: a progress line went into a pipe"; bad=1
else echo "ok - progress: none into a pipe"; fi
if diff <(grep -av "references, [0-9]* s" "$work/tty.out" | tr -d '\r') "$work/pipe.out" >/dev/null; then
  echo "ok - progress: the statistics are the same with and without it"
else echo "not ok - progress: the statistics differ with a terminal"; bad=1; fi
exit $bad
