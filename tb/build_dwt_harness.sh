#!/usr/bin/env bash
# build_dwt_harness.sh OUTDIR BUILDDIR [VFILE]: verilate the DWT-CS controller <name>_dwt of a
# generated output directory (l1.mode = sacat), or VFILE in its place (a mutant of it), with its
# lockstep harness (tb/dwt_harness.cpp), its C model (cmodel/cm_dwt.c, compiled as C and linked
# before libcmodel.a so that the archive's copy is never the one used) and the config library,
# into BUILDDIR/Vdwt (log: BUILDDIR/build.log). Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
mod="${top}_dwt"
vfile=${3:-$out/$mod.v}
[ -f "$vfile" ] || { echo "build_dwt_harness: no $vfile" >&2; exit 1; }
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
start=$(date +%s%N)
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
{ ${OBJCACHE:-} "${CC:-cc}" -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    -I"$root" -c "$root/cmodel/cm_dwt.c" -o "$bdir/cm_dwt_c.o" &&
  verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
    -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS --top-module "$mod" --prefix Vdwt --Mdir "$bdir" -o Vdwt \
    "$vfile" -CFLAGS "-O2 -std=c++14 -I$root" \
    -LDFLAGS "$bdir/cm_dwt_c.o $root/build/libcmodel.a $root/build/libcore.a -lyaml" \
    "$root/tb/dwt_harness.cpp"; } >"$bdir/build.log" 2>&1 || { cat "$bdir/build.log"; exit 1; }
echo "build_dwt_harness: $mod built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
