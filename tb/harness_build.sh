# harness_build.sh: the one preamble of every harness build, sourced by tb/build_harness.sh
# (which adds, per top kind, its top, prefix, sources and flags). Sets out (OUTDIR), bdir
# (BUILDDIR), root (this source or installed tree), top (the L1 top of the manifest), builtfor (the -D flags that
# name the configuration the harness is built for: tb/harness_util.h refuses a +dir of another
# one), modeflag (the mode's event-port defines) and start (for the build time).
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
  # CG_<L1.MODE> (CG_GCACHE, CG_PCPRED...): the harnesses compile that mechanism's event ports;
  # CG_MECH_TB=mech_tb_<mode> when the mechanism has a harness plug-in (tb/mech_tb.h)
  local mode
  mode=$(sed -n 's/^  mode: \([a-z_]*\)$/\1/p' "$out/config.yaml")
  modeflag=${mode:+-DCG_${mode^^}}
  if [ -n "$mode" ] && [ -f "$root/tb/mech_tb_$mode.h" ]; then
    modeflag+=" -DCG_MECH_TB=mech_tb_$mode"
  fi
  # CG_MEM_ERR: the L1 takes a failed read's error bit (mem_rsp_err_i; axi.enable, core/lay.h)
  if sed -n '/^axi:$/,/^[a-z]/p' "$out/config.yaml" | grep -qx '  enable: true'; then
    modeflag+=" -DCG_MEM_ERR"
  fi
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
# every top shares, ARGS adding sources and flags; the log is build.log (printed on failure).
# With CG_BUILD_CACHE (tb/test_all.sh sets it), a build whose inputs were built before is copied
# from the cache instead (hb_key); a new one is stored there.
hb_verilate() {
  local prefix=$1 module=$2 key; shift 2
  key=$(hb_key "$prefix" "$module" "$@")
  hb_from_cache "$key" "$prefix" && return 0
  verilator --cc --exe --build -j 2 -O2 --x-assign unique --x-initial unique --trace-fst \
    -Wall -Wno-fatal --quiet-exit -DCACHEGEN_EVENTS \
    --top-module "$module" --prefix "$prefix" --Mdir . -o "$prefix" "$@" >>build.log 2>&1 ||
    { cat build.log; exit 1; }
  hb_to_cache "$key" "$prefix"
}

# hb_key PREFIX MODULE ARGS...: a digest of everything a harness build reads: the arguments, the
# configuration flags, Verilator's version, the RTL folder's sources, every file an argument
# names (harness sources, model libraries, file lists) and the headers they may include
hb_key() {
  local w
  {
    echo "$* | $builtfor | $modeflag"; verilator --version
    (cd "$out" && find . -maxdepth 1 -type f \( -name '*.v' -o -name '*.sv' -o -name '*.vh' -o \
      -name '*.svh' -o -name '*.vlt' -o -name '*.f' \) -print0 | LC_ALL=C sort -z | xargs -0r sha256sum) || true
    set -f
    for w in $*; do if [ -f "$w" ]; then sha256sum -- "$w"; fi; done
    set +f
    for w in tb cmodel gen core; do
      echo "$w"; if [ -d "$root/$w" ]; then (cd "$root/$w" && find . -maxdepth 1 -name '*.h' -print0 |
        LC_ALL=C sort -z | xargs -0r sha256sum) || true; fi
    done
  } | sha256sum | cut -c1-32
}

# hb_from_cache KEY PREFIX: ./PREFIX from CG_BUILD_CACHE/KEY when it is there (else non-zero)
hb_from_cache() {
  local c=${CG_BUILD_CACHE:-}
  [ -n "$c" ] && [ -x "$c/$1/$2" ] || return 1
  cp "$c/$1/$2" "./$2.cache.$$" 2>/dev/null && mv -f "./$2.cache.$$" "./$2" || { rm -f "./$2.cache.$$"; return 1; }
  touch "$c/$1" 2>/dev/null
  echo "$2: the build of these inputs copied from $c/$1" >>build.log
  echo "reused $1 $top" >>"$c/builds.log" 2>/dev/null
  return 0
}

# hb_to_cache KEY PREFIX: ./PREFIX into CG_BUILD_CACHE/KEY (a folder renamed into place, so that a
# reader sees all or nothing), keeping the CG_BUILD_CACHE_KEEP (default 40) newest builds
hb_to_cache() {
  local c=${CG_BUILD_CACHE:-} t k
  [ -n "$c" ] || return 0
  mkdir -p "$c" && t=$(mktemp -d "$c/.new.XXXXXX") || return 0
  if cp "./$2" "$t/" && mv -T "$t" "$c/$1" 2>/dev/null; then :; else rm -rf "$t"; fi
  echo "built $1 $top" >>"$c/builds.log" 2>/dev/null
  # shellcheck disable=SC2012
  ls -1t "$c" | grep -E '^[0-9a-f]{32}$' | tail -n +$(( ${CG_BUILD_CACHE_KEEP:-40} + 1 )) |
    while IFS= read -r k; do rm -rf "${c:?}/$k"; done
  return 0
}

# hb_done NAME: the build time
hb_done() { echo "$(basename "$0" .sh): $1 built in $(( ($(date +%s%N) - start) / 1000000 )) ms"; }
