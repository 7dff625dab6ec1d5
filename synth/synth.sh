#!/usr/bin/env bash
# synth.sh OUTDIR WORKDIR [TOP]: Yosys 0.23 and OpenSTA on one generated top (default: the
# manifest's L1 top; also <name>_l2, <name>_sys, <name>_duel). Runs the structural checks of
# check.sh first (log in WORKDIR/check.log), runs (without CACHEGEN_EVENTS: no event port)
# generic synthesis with the SRAM leaf black-boxed (no technology mapping of its own), maps
# flops with dfflibmap and logic with abc to the project's cells (liberty.sh cells) by the
# delay-oriented script below, writes one Liberty macro per SRAM shape the
# netlist holds (liberty.sh sram), and times the flat netlist with OpenSTA. Writes in WORKDIR:
# cells.lib, sram.lib, stat.json, hier.json (netlist per module), flat.json, netlist.v,
# sta.log (the critical path report), seconds. Exits non-zero on a failed check or tool error.
# Progress: a line on stderr as each step starts and when the top is done (a large top takes
# minutes in Yosys and ABC).
# An output on the user's own SRAM macro (sram.macro; docs/ip.md "Your own SRAM macros") needs
# the macro's Liberty in SYNTH_SRAM_LIB (a path; make synth's SRAM_LIB): it must have a cell of
# the macro's name with an area and the configured pins (build/cost sram-lib, before Yosys),
# is copied to WORKDIR/sram_user.lib, read by Yosys with read_liberty -lib (the macro a black
# box; the stand-in model <macro>.v is never read) and by OpenSTA beside the project's cells;
# the wrapper <name>_sram is synthesized as logic like the rest. Exit 3: such an output without
# SYNTH_SRAM_LIB, whose structural checks passed; exit 1: a Liberty refused.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$1" && pwd); work=$2
mkdir -p "$work"; work=$(cd "$work" && pwd)
list=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
top=${3:-$list}
# Yosys reads synth.ys as commands (a ';' separates them, '!' runs a shell): it runs inside
# WORKDIR and sees only identifiers and plain relative names, OUTDIR through the link cg_rtl
# (docs/security.md).
[[ $list =~ ^[a-z][a-z0-9_]*$ && $top =~ ^[a-z][a-z0-9_]*$ ]] ||
  { echo "synth.sh: no module name in $out/cachegen.manifest" >&2; exit 1; }
# A design on the user's own macro (sram.macro): without its Liberty the structural checks run
# (check.sh) and the run stops with the reason; with it, the Liberty is checked and copied in.
macro_model=$(sed -n 's/^sram macro model: //p' "$out/cachegen.manifest")
leaf=cachegen_sram_1r1w.v; macro=""
rm -f "$work/sram_user.lib"
if [ -n "$macro_model" ]; then
  macro=${macro_model%.v}; leaf=$macro_model
  [[ $macro_model =~ ^[A-Za-z][A-Za-z0-9_]*\.v$ ]] || { echo "synth.sh: SRAM macro model '$macro_model' is not a plain name" >&2; exit 1; }
  if [ -z "${SYNTH_SRAM_LIB:-}" ]; then
    "$here/check.sh" "$out" "$work/check.log" "$top" || { tail -20 "$work/check.log"; exit 1; }
    echo "synth.sh: $top: structural checks pass (every module resolves; no latch, multiple driver or combinational loop); the arrays are on your macro $macro (sram.macro): to cost it, give its Liberty, with a cell named $macro, as SYNTH_SRAM_LIB=path/to.lib (make synth SRAM_LIB=path/to.lib): no area or timing for this output without it (docs/ip.md, 'Your own SRAM macros')" >&2
    exit 3
  fi
  [ -f "$SYNTH_SRAM_LIB" ] && [ -r "$SYNTH_SRAM_LIB" ] ||
    { echo "synth.sh: SYNTH_SRAM_LIB = '$SYNTH_SRAM_LIB': no readable file (allowed: your macro's Liberty, a cell named $macro)" >&2; exit 1; }
  "$here/../build/cost" sram-lib "$out" "$SYNTH_SRAM_LIB" >"$work/sram_user.check" 2>&1 ||
    { echo "synth.sh: SYNTH_SRAM_LIB refused: $(tail -1 "$work/sram_user.check")" >&2; exit 1; }
  if "$here/liberty.sh" cells | grep -q -E "^  cell \($macro\) "; then
    echo "synth.sh: your macro $macro (sram.macro) has the name of a cell of the project's library (synth/liberty.sh): rename it" >&2; exit 1
  fi
  cp "$SYNTH_SRAM_LIB" "$work/sram_user.lib"
fi
srcs=$(grep -v -x -F "$leaf" "$out/$list.f" | sed "s|^|cg_rtl/|" | tr '\n' ' ')
[[ $srcs =~ ^[A-Za-z0-9_./\ ]*$ ]] || { echo "synth.sh: $out/$list.f lists a name that is not plain" >&2; exit 1; }
ln -sfn "$out" "$work/cg_rtl"
# SYNTH_CELLS_LIB: another cell library to map to (test_checks.sh maps to a broken one)
if [ -n "${SYNTH_CELLS_LIB:-}" ]; then cp "$SYNTH_CELLS_LIB" "$work/cells.lib"; else "$here/liberty.sh" cells >"$work/cells.lib"; fi
# ABC: structural hashing, AND-tree balancing, choices, then the delay-oriented mapper &nf
# (best delay, area recovered off the critical path), after generic synthesis without its own
# abc pass. With Yosys's default (a first abc -fast, then &fraig, scorr and dc2 before &nf)
# the wide AND/OR trees and prefix networks of a 32-way set came out as ripple chains:
# fermi-l1 at 32 ways measured 44 levels and 3.17 ns that way; without `balance`, the
# decoupled tag store at 32 entries still measured 37 levels (28 with it).
printf '%s\n' strash balance '&get -n' '&dch -f' '&nf' '&put' >"$work/abc.scr"
# the SRAM leaf a black box: the primitive's Verilog, or the user's macro from its Liberty
if [ -n "$macro" ]; then leaf_read="read_liberty -lib sram_user.lib"; else leaf_read="read_verilog -lib cg_rtl/cachegen_sram_1r1w.v"; fi
cat >"$work/synth.ys" <<YS
read_liberty -lib cells.lib
$leaf_read
read_verilog $srcs
hierarchy -check -top $top
proc
opt_clean
synth -top $top -noabc
dffunmap
dfflibmap -liberty cells.lib
abc -liberty cells.lib -script abc.scr
opt_clean
select -assert-none t:\$_*
tee -q -o stat.json stat -json
write_json hier.json
flatten
opt_clean
write_json flat.json
YS
start=$(date +%s%N)
say() { echo "synth.sh: $top: $* ($(( ($(date +%s%N) - start) / 1000000000 )) s)" >&2; }
say "structural checks (every module resolves; no latch, multiple driver or combinational loop)"
"$here/check.sh" "$out" "$work/check.log" "$top" || { tail -20 "$work/check.log"; exit 1; }
# Yosys hands ABC the Liberty and script as absolute paths, which ABC splits at blanks: when
# WORKDIR's path is not plain, Yosys runs in a private plain-named folder and its outputs are
# copied back.
ydir=$work
if [[ ! $work =~ ^[A-Za-z0-9_./+-]+$ ]]; then
  ydir=$(mktemp -d /tmp/cachegen-syn.XXXXXX)
  trap 'rm -rf "$ydir"' EXIT
  cp "$work/cells.lib" "$work/abc.scr" "$work/synth.ys" "$ydir/"; ln -s "$out" "$ydir/cg_rtl"
  [ -z "$macro" ] || cp "$work/sram_user.lib" "$ydir/"
fi
say "Yosys and ABC: generic synthesis, flops and logic mapped to the project's cells"
yrc=0; (cd "$ydir" && yosys -q -l yosys.log -s synth.ys) >/dev/null 2>&1 || yrc=1
if [ "$ydir" != "$work" ]; then
  for f in yosys.log stat.json hier.json flat.json; do [ ! -f "$ydir/$f" ] || cp "$ydir/$f" "$work/$f"; done
fi
[ $yrc = 0 ] || { tail -20 "$work/yosys.log"; exit 1; }
say "OpenSTA: the SRAM macros and the flat netlist timed"
# The STA netlist: fanout-buffered, each SRAM instance the macro of its shape (stanet.c).
"$here/../build/stanet" "$work/flat.json" "$top" "$work/netlist.v" "$work/shapes" >"$work/buffers"
# shellcheck disable=SC2046
"$here/liberty.sh" sram $(sort -u "$work/shapes") >"$work/sram.lib"
"$here/sta.sh" "$work" "$top" || exit 1
awk -v t=$(( $(date +%s%N) - start )) 'BEGIN{printf "%.2f\n", t / 1e9}' >"$work/seconds"
say "done"
