#!/usr/bin/env bash
# build_l2_harness.sh OUTDIR BUILDDIR: verilate the L2 slice <name>_l2 of a generated output
# directory with its lockstep harness (tb/l2_harness.cpp), the C model and the config library,
# into BUILDDIR/Vl2. Prints the build time.
set -euo pipefail
. "$(dirname "$0")/harness_build.sh"
hb_begin "$1" "$2"
l2=$(hb_name l2)
hb_enter
: >build.log
hb_verilate Vl2 "$l2" -F "cg_rtl/$top.f" "cg_rtl/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor" \
  -LDFLAGS "cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
  cg_src/tb/l2_harness.cpp cg_src/tb/memory.cpp
hb_done "$l2"
