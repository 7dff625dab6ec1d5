#!/usr/bin/env bash
# build_duel_harness.sh OUTDIR BUILDDIR [VFILE]: verilate the SM-dueling controller <name>_duel
# of a generated output directory (a decoupled L1's), or VFILE in its place (a mutant of it),
# with its lockstep harness (tb/duel_harness.cpp), its C model (cmodel/cm_duel.c, compiled as C
# and linked before libcmodel.a so that the archive's copy, once it has one, is never pulled in)
# and the config library, into BUILDDIR/Vduel (log: BUILDDIR/build.log). Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
mod="${top}_duel"
vfile=${3:-$out/$mod.v}
[ -f "$vfile" ] || { echo "build_duel_harness: no $vfile" >&2; exit 1; }
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
start=$(date +%s%N)
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
{ ${OBJCACHE:-} "${CC:-cc}" -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    -I"$root" -c "$root/cmodel/cm_duel.c" -o "$bdir/cm_duel_c.o" &&
  verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
    -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS --top-module "$mod" --prefix Vduel --Mdir "$bdir" -o Vduel \
    "$vfile" -CFLAGS "-O2 -std=c++14 -I$root" \
    -LDFLAGS "$bdir/cm_duel_c.o $root/build/libcmodel.a $root/build/libcore.a -lyaml" \
    "$root/tb/duel_harness.cpp"; } >"$bdir/build.log" 2>&1 || { cat "$bdir/build.log"; exit 1; }
echo "build_duel_harness: $mod built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
