#!/usr/bin/env bash
# build_duel_harness.sh OUTDIR BUILDDIR [VFILE]: verilate the SM-dueling controller <name>_duel
# of a generated output directory (a decoupled L1's), or VFILE in its place (a mutant of it),
# with its lockstep harness (tb/duel_harness.cpp), its C model (cmodel/cm_duel.c, compiled as C
# and linked before libcmodel.a so that the archive's copy, once it has one, is never pulled in)
# and the config library, into BUILDDIR/Vduel (log: BUILDDIR/build.log). Prints the build time.
set -euo pipefail
. "$(dirname "$0")/harness_build.sh"
hb_begin "$1" "$2"
mod="${top}_duel"
vfile=${3:-$out/$mod.v}
[ -f "$vfile" ] || { echo "build_duel_harness: no $vfile" >&2; exit 1; }
vfile=$(cd "$(dirname "$vfile")" && pwd)/$(basename "$vfile")
hb_enter
mkdir -p cg_v; ln -sfn "$vfile" "cg_v/$mod.v" # VFILE (any path) as cg_v/MODULE.v
{ ${OBJCACHE:-} "${CC:-cc}" -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    -Icg_src -c cg_src/cmodel/cm_duel.c -o cm_duel_c.o; } >build.log 2>&1 || { cat build.log; exit 1; }
hb_verilate Vduel "$mod" "cg_v/$mod.v" -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor" \
  -LDFLAGS "cm_duel_c.o cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
  cg_src/tb/duel_harness.cpp
hb_done "$mod"
