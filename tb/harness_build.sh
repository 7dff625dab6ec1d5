# harness_build.sh: the one preamble of every harness build, sourced by tb/build_*harness.sh
# (each adds only its top, prefix, sources and flags). Sets out (OUTDIR), bdir (BUILDDIR), root
# (this source or installed tree), top (the L1 top of the manifest), builtfor (the -D flags that
# name the configuration the harness is built for: tb/harness_util.h refuses a +dir of another
# one), modeflag (the mode's event-port define) and start (for the build time).
#
# Why a make directory with links: Verilator's --build runs "make -C MDIR" through a shell and
# writes every source path and the -CFLAGS/-LDFLAGS words unquoted into its makefiles, so a path
# holding a space, a quote, ';', a backtick or '$(' would break the build or run as a command.
# verilator therefore runs inside its make directory (--Mdir .) and sees only plain relative
# paths: cg_rtl and cg_src are symbolic links there to OUTDIR and to this tree, whatever their
# real names hold. The make directory is BUILDDIR when BUILDDIR's path is plain; otherwise
# (verilated.mk refuses a directory with a space) a private one under /tmp, seeded with
# BUILDDIR's earlier build and copied back into BUILDDIR at the end, failed or not.

# hb_name KEY: the module name the manifest gives for KEY (top, l2, system), an identifier or exit
hb_name() {
  local v
  v=$(sed -n "s/^$1: //p" "$out/cachegen.manifest")
  [[ $v =~ ^[a-z][a-z0-9_]*$ ]] || { echo "$0: no $1 module name in $out/cachegen.manifest" >&2; exit 1; }
  echo "$v"
}

# hb_begin OUTDIR BUILDDIR: the variables above
hb_begin() {
  local cfgsum
  out=$(cd "$1" && pwd); bdir=$2
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  top=$(hb_name top)
  cfgsum=$(sed -n 's/^file: \([0-9a-f]\{64\}\)  config\.yaml$/\1/p' "$out/cachegen.manifest")
  [[ $cfgsum =~ ^[0-9a-f]{64}$ ]] || { echo "$0: no config.yaml checksum in $out/cachegen.manifest" >&2; exit 1; }
  builtfor="-DCG_BUILT_CONFIG=$cfgsum -DCG_BUILT_TOP=$top"
  modeflag=""
  grep -q "^  mode: gcache" "$out/config.yaml" && modeflag="-DCG_GCACHE"
  grep -q "^  mode: pcpred" "$out/config.yaml" && modeflag="-DCG_PCPRED"
  grep -q "^  mode: sacat" "$out/config.yaml" && modeflag="-DCG_SACAT"
  mkdir -p "$bdir"; bdir=$(cd "$bdir" && pwd)
  start=$(date +%s%N)
}

# hb_enter: into the make directory (BUILDDIR or its private stand-in), links made, ccache on
hb_enter() {
  mdir=$bdir
  if [[ ! $bdir =~ ^[A-Za-z0-9_./+-]+$ ]]; then
    mdir=$(mktemp -d /tmp/cachegen-vl.XXXXXX)
    trap 'cp -a "$mdir/." "$bdir/" 2>/dev/null; rm -rf "$mdir"' EXIT
    cp -a "$bdir/." "$mdir/"
  fi
  ln -sfn "$out" "$mdir/cg_rtl"; ln -sfn "$root" "$mdir/cg_src"
  cd "$mdir"
  if command -v ccache >/dev/null; then export OBJCACHE=ccache; fi
}

# hb_verilate PREFIX MODULE ARGS...: verilate and build MODULE as ./PREFIX with the harness flags
# every top shares, ARGS adding sources and flags; the log is build.log (printed on failure)
hb_verilate() {
  local prefix=$1 module=$2; shift 2
  verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
    -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
    --top-module "$module" --prefix "$prefix" --Mdir . -o "$prefix" "$@" >>build.log 2>&1 ||
    { cat build.log; exit 1; }
}

# hb_done NAME: the build time
hb_done() { echo "$(basename "$0" .sh): $1 built in $(( ($(date +%s%N) - start) / 1000000 )) ms"; }
