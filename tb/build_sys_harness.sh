#!/usr/bin/env bash
# build_sys_harness.sh OUTDIR BUILDDIR: verilate the system top <name>_sys of a generated output
# directory (the L1s, the arbiter, the L2 slice) with its lockstep harness (tb/sys_harness.cpp),
# the C models and the config library, into BUILDDIR/Vsys. Prints the build time.
set -euo pipefail
. "$(dirname "$0")/harness_build.sh"
hb_begin "$1" "$2"
sys=$(hb_name system)
hb_enter
: >build.log
hb_verilate Vsys "$sys" -F "cg_rtl/$top.f" "cg_rtl/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor $modeflag" \
  -LDFLAGS "cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
  cg_src/tb/sys_harness.cpp cg_src/tb/memory.cpp cg_src/tb/traffic.cpp
hb_done "$sys"
