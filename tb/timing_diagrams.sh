#!/usr/bin/env bash
# timing_diagrams.sh [--check] [WORKDIR]: the L1 timing diagrams of docs/l1.md (docs/timing):
# fermi-l1 generated, tb/timing_diagrams.cpp built on Verilator, its four WaveDrom JSON files
# (hit, miss, store, backpressure) written, each rendered to SVG with the wavedrom package of
# the project's venv (make deps). Without --check they replace docs/timing/; with --check they
# must equal the committed JSON byte for byte (the docs show what the RTL does now) and render.
# timing_diagrams.sh --design OUTDIR DEST: the same four diagrams of any generated output's L1
# (`make diagrams CONFIG=...`), JSON and SVG into DEST (made, or replaced when it holds only
# diagrams), their titles with this RTL's measured latencies and statuses.
# Prints ok / not ok lines; exits non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=0 design=""
[ "${1:-}" = --check ] && { check=1; shift; }
if [ "${1:-}" = --design ]; then
  [ $# = 3 ] || { echo "usage: $0 --design OUTDIR DEST" >&2; exit 2; }
  design=$(cd "$2" 2>/dev/null && pwd) && [ -f "$design/cachegen.manifest" ] ||
    { echo "timing_diagrams.sh: OUTDIR = $2: not a cachegen output directory" >&2; exit 2; }
  dest=$3
  if [ -e "$dest" ]; then # replace only what an earlier run wrote
    [ -d "$dest" ] && [ -z "$(find "$dest" -mindepth 1 ! -name '*.json' ! -name '*.svg' -print -quit)" ] ||
      { echo "timing_diagrams.sh: DEST = $dest: holds other files; allowed: a new directory or one of diagrams" >&2; exit 2; }
  fi
  shift 3
fi
work=${1:-$root/build/timing}
if [ -n "$design" ]; then # a scratch folder of its own: several runs may go side by side
  mkdir -p "$root/build"; work=$(mktemp -d "$root/build/timing-design.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
rm -rf "$work"; mkdir -p "$work/json"; work=$(cd "$work" && pwd)
py=$root/build/venv/bin/python
bad=0
if [ -n "$design" ]; then
  ln -s "$design" "$work/rtl"
else
  "$root/build/cachegen" --preset fermi-l1 -o "$work/rtl" >/dev/null || { echo "not ok - generate fermi-l1"; exit 1; }
fi
name=$(sed -n 's/^top: //p' "$work/rtl/cachegen.manifest")
[[ $name =~ ^[a-z][a-z0-9_]*$ ]] || { echo "not ok - no top in the manifest"; exit 1; }
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O1 -Wno-fatal --quiet-exit --top-module "$name" --prefix Vdut \
  --Mdir "$work/vl" -o Vtd -F "$work/rtl/$name.f" "$work/rtl/${name}_lint.vlt" \
  -CFLAGS "-O1 -std=c++14 -I$root" -LDFLAGS "$root/build/libcore.a -lyaml" \
  "$root/tb/timing_diagrams.cpp" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; echo "not ok - build"; exit 1; }
"$work/vl/Vtd" +dir="$work/rtl" +out="$work/json" >"$work/run.log" 2>&1 || { cat "$work/run.log"; echo "not ok - run"; exit 1; }
for n in hit miss store backpressure; do
  j=$work/json/$n.json
  if [ -n "$design" ]; then
    :
  elif [ $check = 1 ]; then
    if cmp -s "$j" "$root/docs/timing/$n.json"; then echo "ok - docs/timing/$n.json is what the RTL does now"
    else echo "not ok - docs/timing/$n.json differs from the RTL's (tb/timing_diagrams.sh regenerates it)"
      diff "$root/docs/timing/$n.json" "$j" | head -6; bad=1; fi
  else
    cp "$j" "$root/docs/timing/$n.json"
  fi
  svg=$work/json/$n.svg
  if "$py" -c 'import sys, wavedrom; wavedrom.render(open(sys.argv[1]).read()).saveas(sys.argv[2])' "$j" "$svg" \
     2>"$work/$n.err" && grep -q "<svg" "$svg"; then
    [ $check = 1 ] || [ -n "$design" ] || cp "$svg" "$root/docs/timing/$n.svg"
    echo "ok - $n rendered to SVG"
  else echo "not ok - $n: wavedrom did not render it"; cat "$work/$n.err"; bad=1; fi
done
if [ -n "$design" ] && [ $bad = 0 ]; then
  rm -rf "$dest"; mkdir -p "$dest" && cp "$work"/json/*.json "$work"/json/*.svg "$dest/" &&
    echo "timing_diagrams.sh: $name: $dest/{hit,miss,store,backpressure}.{json,svg}"
fi
[ $bad = 0 ]
