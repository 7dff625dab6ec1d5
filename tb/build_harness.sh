#!/usr/bin/env bash
# build_harness.sh KIND OUTDIR BUILDDIR [VFILE]: verilate one top of a generated output directory
# with its lockstep harness, the C model and the config library, into BUILDDIR/<binary> (log:
# BUILDDIR/build.log). Prints the build time. KIND picks the top (the table below):
#   l1    the L1 <name>            (tb/l1_harness.cpp)   -> Vdut
#   l2    the L2 slice <name>_l2   (tb/l2_harness.cpp)   -> Vl2
#   sys   the system <name>_sys    (tb/sys_harness.cpp)  -> Vsys
#   duel  the SM-dueling controller <name>_duel of a decoupled L1 (tb/duel_harness.cpp) -> Vduel
#   dwt   the DWT-CS controller <name>_dwt (l1.mode = sacat; tb/dwt_harness.cpp)      -> Vdwt
#   axi   the L1's AXI4 wrapper <name>_axi (axi.enable; tb/axi_harness.cpp)           -> Vaxi
# The single-module tops (duel, dwt) take VFILE in place of the generated module (a mutant of it)
# and compile their C model (cmodel/cm_<kind>.c) as C, linked before libcmodel.a so that the
# archive's copy is never the one used.
set -euo pipefail
usage() { echo "usage: $0 l1|l2|sys|duel|dwt|axi OUTDIR BUILDDIR [VFILE]" >&2; exit 2; }
[ $# -ge 3 ] && [ $# -le 4 ] || usage
kind=$1; shift
# kind | binary | manifest key of the module (a suffix after the top: _duel) | harness sources |
# the mode's event-port define (mode) | own C model (cm) | VFILE allowed (single)
case $kind in
  l1)   prefix=Vdut;  key=top;    srcs="l1_harness.cpp memory.cpp traffic.cpp";  mode=1; single=0 ;;
  l2)   prefix=Vl2;   key=l2;     srcs="l2_harness.cpp memory.cpp";              mode=0; single=0 ;;
  sys)  prefix=Vsys;  key=system; srcs="sys_harness.cpp memory.cpp traffic.cpp"; mode=1; single=0 ;;
  duel) prefix=Vduel; key=_duel;  srcs="duel_harness.cpp";                       mode=0; single=1 ;;
  dwt)  prefix=Vdwt;  key=_dwt;   srcs="dwt_harness.cpp";                        mode=0; single=1 ;;
  axi)  prefix=Vaxi;  key=_axi;   srcs="axi_harness.cpp memory.cpp traffic.cpp"; mode=1; single=0 ;;
  *) usage ;;
esac
[ $# = 2 ] || [ $single = 1 ] || usage
. "$(dirname "$0")/harness_build.sh"
hb_begin "$1" "$2"
if [ $single = 1 ] || [ "$kind" = axi ]; then mod=$top$key; else mod=$(hb_name "$key"); fi
[ $mode = 1 ] || modeflag=""
args=(); ldobj=""
if [ $single = 1 ]; then
  vfile=${3:-$out/$mod.v}
  [ -f "$vfile" ] || { echo "build_harness: no $vfile" >&2; exit 1; }
  vfile=$(cd "$(dirname "$vfile")" && pwd)/$(basename "$vfile")
fi
hb_enter
if [ $single = 1 ]; then
  mkdir -p cg_v; ln -sfn "$vfile" "cg_v/$mod.v" # VFILE (any path) as cg_v/MODULE.v
  { ${OBJCACHE:-} "${CC:-cc}" -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
      -Icg_src -c "cg_src/cmodel/cm_$kind.c" -o "cm_${kind}_c.o"; } >build.log 2>&1 || { cat build.log; exit 1; }
  args=("cg_v/$mod.v"); ldobj="cm_${kind}_c.o "
else
  : >build.log
  args=(-F "cg_rtl/$top.f" "cg_rtl/${top}_lint.vlt")
fi
for s in $srcs; do args+=("cg_src/tb/$s"); done
hb_verilate "$prefix" "$mod" "${args[@]}" -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor${modeflag:+ $modeflag}" \
  -LDFLAGS "${ldobj}cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml"
hb_done "$mod"
