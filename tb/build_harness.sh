#!/usr/bin/env bash
# build_harness.sh OUTDIR BUILDDIR: verilate a generated L1 in OUTDIR with the lockstep harness,
# the C model and the config library, into BUILDDIR/Vdut. Prints the build time.
set -euo pipefail
. "$(dirname "$0")/harness_build.sh"
hb_begin "$1" "$2"
hb_enter
: >build.log
hb_verilate Vdut "$top" -F "cg_rtl/$top.f" "cg_rtl/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor $modeflag" \
  -LDFLAGS "cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
  cg_src/tb/l1_harness.cpp cg_src/tb/memory.cpp cg_src/tb/traffic.cpp
hb_done "$top"
