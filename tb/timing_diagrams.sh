#!/usr/bin/env bash
# timing_diagrams.sh [--check] [WORKDIR]: the L1 timing diagrams of docs/l1.md (docs/timing):
# fermi-l1 generated, tb/timing_diagrams.cpp built on Verilator, its four WaveDrom JSON files
# (hit, miss, store, backpressure) written, each rendered to SVG with the wavedrom package of
# the project's venv (make deps). Without --check they replace docs/timing/; with --check they
# must equal the committed JSON byte for byte (the docs show what the RTL does now) and render.
# Prints ok / not ok lines; exits non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
work=${1:-$root/build/timing}
rm -rf "$work"; mkdir -p "$work/json"; work=$(cd "$work" && pwd)
py=$root/build/venv/bin/python
bad=0
"$root/build/cachegen" --preset fermi-l1 -o "$work/rtl" >/dev/null || { echo "not ok - generate fermi-l1"; exit 1; }
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O1 -Wno-fatal --quiet-exit --top-module fermi_l1 --prefix Vdut \
  --Mdir "$work/vl" -o Vtd -F "$work/rtl/fermi_l1.f" "$work/rtl/fermi_l1_lint.vlt" \
  -CFLAGS "-O1 -std=c++14 -I$root" -LDFLAGS "$root/build/libcore.a -lyaml" \
  "$root/tb/timing_diagrams.cpp" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; echo "not ok - build"; exit 1; }
"$work/vl/Vtd" +dir="$work/rtl" +out="$work/json" >"$work/run.log" 2>&1 || { cat "$work/run.log"; echo "not ok - run"; exit 1; }
for n in hit miss store backpressure; do
  j=$work/json/$n.json
  if [ $check = 1 ]; then
    if cmp -s "$j" "$root/docs/timing/$n.json"; then echo "ok - docs/timing/$n.json is what the RTL does now"
    else echo "not ok - docs/timing/$n.json differs from the RTL's (tb/timing_diagrams.sh regenerates it)"
      diff "$root/docs/timing/$n.json" "$j" | head -6; bad=1; fi
  else
    cp "$j" "$root/docs/timing/$n.json"
  fi
  svg=$work/json/$n.svg
  if "$py" -c 'import sys, wavedrom; wavedrom.render(open(sys.argv[1]).read()).saveas(sys.argv[2])' "$j" "$svg" \
     2>"$work/$n.err" && grep -q "<svg" "$svg"; then
    [ $check = 1 ] || cp "$svg" "$root/docs/timing/$n.svg"
    echo "ok - $n rendered to SVG"
  else echo "not ok - $n: wavedrom did not render it"; cat "$work/$n.err"; bad=1; fi
done
[ $bad = 0 ]
