#!/usr/bin/env bash
# test_readme.sh WORKDIR: every output folder explains itself (issue 38 item 7). For each
# preset's committed output (rtl/presets, the golden copy make check compares with cachegen's):
# README.md's file table names exactly the folder's files; the lint command its first code
# block gives runs as printed from the folder and passes; for one preset the FuseSoC command of
# the second block runs too. The table and lint command also for an output on a user's SRAM
# macro (sram.*). Mutants: a README missing a file's row, one naming a file the folder lacks,
# and a lint command with a wrong top fail the same checks.
# Prints ok / not ok lines; exits non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: gen/test_readme.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
export XDG_CACHE_HOME=$work/xdg/cache XDG_CONFIG_HOME=$work/xdg/config XDG_DATA_HOME=$work/xdg/data
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }

# files_match DIR: the README's table rows are exactly the folder's files
files_match() {
  diff <(sed -n 's/^| `\([^`]*\)` | .*/\1/p' "$1/README.md" | sort) <(ls -A "$1" | sort) >/dev/null
}
# block DIR K: the K-th fenced code block of the README
block() { awk -v k="$2" '/^```/ { n++; next } n == 2 * k - 1' "$1/README.md"; }
# lint_cmd DIR: run the first block's command in DIR (a verilator command, nothing else)
lint_cmd() {
  local cmd; cmd=$(block "$1" 1)
  [[ $cmd =~ ^verilator\ --lint-only\ [A-Za-z0-9_.\ -]+$ ]] || return 2
  (cd "$1" && read -ra a <<<"$cmd" && "${a[@]}") >"$work/lint.log" 2>&1
}

n=0
for d in "$root"/rtl/presets/*/; do
  d=${d%/}; p=$(basename "$d")
  [ -f "$d/README.md" ] || { no "$p: no README.md"; continue; }
  files_match "$d" || { no "$p: README's file table is not the folder's files"; continue; }
  lint_cmd "$d" || { no "$p: the README's lint command fails: $(head -3 "$work/lint.log")"; continue; }
  n=$((n + 1))
done
[ $n -gt 0 ] && ok "$n presets: README names exactly the folder's files; its lint command passes as printed"
# an output on a user's SRAM macro (sram.*): its wrapper and the macro's stand-in in the table
d=$work/macro
if "$root/build/cachegen" --preset fermi-l1 --set sram.macro=TS1_SRAM_64X32 --set sram.width=32 \
     --set sram.depth=64 --set sram.active_low=true -o "$d" >/dev/null &&
   files_match "$d" && lint_cmd "$d" &&
   grep -qx 'make synth CONFIG=DIR/config.yaml SRAM_LIB=MACRO.lib   # TS1_SRAM_64X32.s Liberty' "$d/README.md"; then
  ok "an output on a user's SRAM macro: README names exactly its files; its lint command passes; its make synth names SRAM_LIB"
else no "an output on a user's SRAM macro: README's files, lint command ($work/lint.log) or make synth line"; fi

fusesoc=$root/build/venv/bin/fusesoc
if [ -x "$fusesoc" ]; then
  cmd=$(block "$root/rtl/presets/fermi-l1" 2)
  cp -r "$root/rtl/presets/fermi-l1" "$work/fs"
  if [[ $cmd =~ ^fusesoc\ --cores-root\ \.\ run\ --target\ lint\ cachegen:cache:[a-z0-9_]+:[0-9.]+$ ]] &&
    (cd "$work/fs" && read -ra a <<<"$cmd" && "$fusesoc" "${a[@]:1}") >"$work/fs.log" 2>&1; then
    ok "fermi-l1: the README's FuseSoC command passes as printed"
  else no "fermi-l1: the README's FuseSoC command ($cmd): $(tail -3 "$work/fs.log" 2>/dev/null)"; fi
else no "$fusesoc missing: run 'make deps'"; fi

# ---- mutants ------------------------------------------------------------------------------------
m=$work/m1; cp -r "$root/rtl/presets/fermi-l1" "$m"; sed -i '/^| `fermi_l1_mshr.v` |/d' "$m/README.md"
if files_match "$m"; then no "mutant not caught: README without the MSHR file's row"; else ok "mutant caught: README without the MSHR file's row"; fi
m=$work/m2; cp -r "$root/rtl/presets/fermi-l1" "$m"; rm "$m/fermi_l1_memq.v"
if files_match "$m"; then no "mutant not caught: README naming a file the folder lacks"; else ok "mutant caught: README naming a file the folder lacks"; fi
m=$work/m3; cp -r "$root/rtl/presets/fermi-l1" "$m"; sed -i 's/--top-module fermi_l1$/--top-module fermi_l1_x/' "$m/README.md"
if lint_cmd "$m"; then no "mutant not caught: a lint command with a wrong top"; else ok "mutant caught: a lint command with a wrong top"; fi
exit $bad
