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
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no top module name in $out/cachegen.manifest" >&2; exit 1; }
# the configuration this harness is built for (config.yaml's SHA-256, from the manifest): the
# harness refuses a +dir of another configuration before it runs (tb/harness_util.h, load_config)
cfgsum=$(sed -n 's/^file: \([0-9a-f]\{64\}\)  config\.yaml$/\1/p' "$out/cachegen.manifest")
[[ $cfgsum =~ ^[0-9a-f]{64}$ ]] || { echo "$0: no config.yaml checksum in $out/cachegen.manifest" >&2; exit 1; }
builtfor="-DCG_BUILT_CONFIG=$cfgsum -DCG_BUILT_TOP=$top"
mod="${top}_dwt"
vfile=${3:-$out/$mod.v}
[ -f "$vfile" ] || { echo "build_dwt_harness: no $vfile" >&2; exit 1; }
vfile=$(cd "$(dirname "$vfile")" && pwd)/$(basename "$vfile")
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
# VFILE (any path) as cg_v/MODULE.v
mkdir -p cg_v; ln -sfn "$vfile" "cg_v/$mod.v"
if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
{ ${OBJCACHE:-} "${CC:-cc}" -O2 -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    -I"$root" -c "$root/cmodel/cm_dwt.c" -o cm_dwt_c.o &&
  verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
    -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS --top-module "$mod" --prefix Vdwt --Mdir . -o Vdwt \
    "cg_v/$mod.v" -CFLAGS "-O2 -std=c++14 -Icg_src $builtfor" \
    -LDFLAGS "cm_dwt_c.o cg_src/build/libcmodel.a cg_src/build/libcore.a -lyaml" \
    cg_src/tb/dwt_harness.cpp; } >build.log 2>&1 || { cat build.log; exit 1; }
echo "build_dwt_harness: $mod built in $(( ($(date +%s%N) - start) / 1000000 )) ms"
