#!/usr/bin/env bash
# build_l2_harness.sh OUTDIR BUILDDIR: verilate the L2 slice <name>_l2 of a generated output
# directory with its lockstep harness (tb/l2_harness.cpp), the C model and the config library,
# into BUILDDIR/Vl2. Prints the build time.
set -euo pipefail
out=$(cd "$1" && pwd); bdir=$2
root=$(cd "$(dirname "$0")/.." && pwd)
top=$(sed -n 's/^top: //p' "$out/cachegen.manifest")
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no top module name in $out/cachegen.manifest" >&2; exit 1; }
# the configuration this harness is built for (config.yaml's SHA-256, from the manifest): the
# harness refuses a +dir of another configuration before it runs (tb/harness_util.h, load_config)
cfgsum=$(sed -n 's/^file: \([0-9a-f]\{64\}\)  config\.yaml$/\1/p' "$out/cachegen.manifest")
[[ $cfgsum =~ ^[0-9a-f]{64}$ ]] || { echo "$0: no config.yaml checksum in $out/cachegen.manifest" >&2; exit 1; }
builtfor="-DCG_BUILT_CONFIG=$cfgsum -DCG_BUILT_TOP=$top"
l2=$(sed -n 's/^l2: //p' "$out/cachegen.manifest")
[[ $l2 =~ ^[a-z][a-z0-9_]*$ ]] || { echo "build_l2_harness: no L2 in $out/cachegen.manifest" >&2; exit 1; }
mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
start=$(date +%s%N)
# Verilator's --build runs "make -C MDIR" through a shell and writes every source path and the
# -CFLAGS/-LDFLAGS words unquoted into its makefiles: a path holding a space, a quote, ';', a
# backtick or '$(' would break the build or run as a command. So verilator runs inside its make
# directory (--Mdir .) and sees only plain relative paths: cg_rtl and cg_src are symbolic links
# there to OUTDIR and to this source (or installed) tree, whatever characters their real paths
# hold. The make directory is BUILDDIR when BUILDDIR's path is plain; otherwise (verilated.mk
# refuses a directory with a space) a private directory under /tmp, seeded with BUILDDIR's
# earlier build and copied back into BUILDDIR at the end, failed or not.
mdir=$bdir
if [[ ! $bdir =~ ^[A-Za-z0-9_./+-]+$ ]]; then
  mdir=$(mktemp -d /tmp/cachegen-vl.XXXXXX)
  trap 'cp -a "$mdir/." "$bdir/" 2>/dev/null; rm -rf "$mdir"' EXIT
  cp -a "$bdir/." "$mdir/"
fi
ln -sfn "$out" "$mdir/cg_rtl"; ln -sfn "$root" "$mdir/cg_src"
cd "$mdir"
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
  -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
  --top-module "$l2" --prefix Vl2 --Mdir . -o Vl2 \
  -F "cg_rtl/$top.f" "cg_rtl/${top}_lint.vlt" \
  -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor" -LDFLAGS "cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
  cg_src/tb/l2_harness.cpp cg_src/tb/memory.cpp >build.log 2>&1 \
  || { cat build.log; exit 1; }
echo "build_l2_harness: $l2 built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
