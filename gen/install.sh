#!/usr/bin/env bash
# install.sh install|uninstall: `make install` and `make uninstall` (PREFIX and DESTDIR from the
# environment; the Makefile exports them, so a name with spaces, quotes or '$(...)' is data, never
# shell text). install copies the tools, man pages and what `cachegen verify` runs into
# DESTDIR/PREFIX and writes PREFIX/share/cachegen/install.manifest: one "file: SHA256  PATH" line
# per file and one "dir: PATH" line per directory it created (PATH relative to PREFIX). uninstall
# removes exactly that: each listed file still as install wrote it (a changed one is kept, with a
# warning), then the listed directories that are empty, deepest first; it never follows a
# symbolic link and deletes nothing a manifest does not name (docs/security.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "make ${action:-install}: $*" >&2; exit 2; }
action=${1:?usage: install.sh install|uninstall}
prefix=${PREFIX:-/usr/local}; destdir=${DESTDIR:-}
case $prefix in /*) ;; *) die "PREFIX='$prefix' is not allowed (an absolute path)";; esac
case $destdir in ""|/*) ;; *) die "DESTDIR='$destdir' is not allowed (empty or an absolute path)";; esac
top=$destdir$prefix
manifest=share/cachegen/install.manifest

# plain REL: a path made only of names below PREFIX (no '..', '.', empty part, leading '/')
plain() { [[ $1 =~ ^[^/]+(/[^/]+)*$ ]] && [[ ! /$1/ =~ /\.\.?/ ]]; }
# nolink REL: no component of TOP/REL is a symbolic link (TOP itself may be one: the user's)
nolink() {
  local p=$top part
  local IFS=/
  for part in $1; do p=$p/$part; [ ! -L "$p" ] || return 1; done
}

install_files() { # the list: "MODE SOURCE DESTREL" per line, one source of truth
  local t f
  for t in cachegen cachesim sysim; do echo "755 build/$t bin/$t"; echo "644 build/man/$t.1 share/man/man1/$t.1"; done
  for f in tb/verify.sh tb/build_harness.sh tb/ports_of.sh tb/run_icarus.sh tb/run_xsim.sh; do echo "755 $f share/cachegen/$f"; done
  echo "644 tb/harness_build.sh share/cachegen/tb/harness_build.sh"
  for f in tb/*.cpp tb/*.h tb/tb_*.v tb/*.vh core/*.h cmodel/*.h cmodel/cm_duel.c cmodel/cm_dwt.c examples/*.yaml; do
    echo "644 $f share/cachegen/$f"
  done
  echo "644 build/libcmodel.a share/cachegen/build/libcmodel.a"
  echo "644 build/libcore.a share/cachegen/build/libcore.a"
  echo "755 build/mkstim share/cachegen/build/mkstim"
}

do_install() {
  cd "$root"
  local mode src rel d lines=() dirs=()
  [ ! -e "$top/$manifest" ] || [ -f "$top/$manifest" ] || die "$top/$manifest is not a file"
  while read -r mode src rel; do # every file checked before the first is written
    [ -f "$src" ] || die "$src is missing: run make all first"
    nolink "$rel" || die "$top/$rel: a symbolic link on the way (uninstall would not follow it); give PREFIX as the real path"
  done < <(install_files)
  while read -r mode src rel; do
    d=${rel%/*}
    while [ ! -d "$top/$d" ]; do # the directories this install creates, for uninstall
      dirs+=("$d"); [[ $d == */* ]] || break; d=${d%/*}
    done
    install -D -m "$mode" -- "$src" "$top/$rel"
    lines+=("file: $(sha256sum <"$src" | cut -d' ' -f1)  $rel")
  done < <(install_files)
  # an earlier install's directories stay listed (this one found them made)
  if [ -f "$top/$manifest" ]; then
    while IFS= read -r d; do dirs+=("$d"); done < <(sed -n 's/^dir: //p' "$top/$manifest")
  fi
  { printf '%s\n' "# written by make install: make uninstall removes these files and directories" "${lines[@]}"
    printf '%s\n' "${dirs[@]}" | sort -u | sed '/^$/d; s/^/dir: /'; } >"$top/$manifest.tmp"
  mv -- "$top/$manifest.tmp" "$top/$manifest"
  echo "make install: $(( ${#lines[@]} )) files into $top (list: $top/$manifest)"
}

do_uninstall() {
  local m=$top/$manifest line rel sum kept=0 gone=0
  [ -f "$m" ] && nolink "$manifest" || die "no install manifest at $m: nothing installed there by make install"
  # every line is checked before anything is deleted
  while IFS= read -r line; do
    case $line in
      "#"*|"") ;;
      "file: "*) sum=${line:6:64}; rel=${line:72}
                 [[ $sum =~ ^[0-9a-f]{64}$ ]] && [ "${line:70:2}" = "  " ] && plain "$rel" ||
                   die "$m: bad line '$line'" ;;
      "dir: "*) plain "${line#dir: }" || die "$m: bad line '$line'" ;;
      *) die "$m: bad line '$line'" ;;
    esac
  done <"$m"
  while IFS= read -r line; do
    [[ $line == "file: "* ]] || continue
    sum=${line:6:64}; rel=${line:72}
    if ! nolink "$rel"; then echo "make uninstall: kept $top/$rel (a symbolic link on the way)" >&2; kept=$((kept + 1))
    elif [ ! -f "$top/$rel" ]; then :
    elif [ "$(sha256sum <"$top/$rel" | cut -d' ' -f1)" = "$sum" ]; then rm -f -- "$top/$rel"; gone=$((gone + 1))
    else echo "make uninstall: kept $top/$rel (changed since install)" >&2; kept=$((kept + 1)); fi
  done <"$m"
  rm -f -- "$m"
  # the directories install made, deepest first, when empty and not links
  while IFS= read -r rel; do
    nolink "$rel" && [ -d "$top/$rel" ] && rmdir -- "$top/$rel" 2>/dev/null || true
  done < <(printf '%s\n' "${dirs_listed[@]}" | awk '{ print gsub("/", "/"), $0 }' | sort -rn | cut -d' ' -f2-)
  echo "make uninstall: removed $gone files from $top$([ $kept = 0 ] || echo ", kept $kept")"
}

case $action in
  install) do_install ;;
  uninstall)
    dirs_listed=()
    [ -f "$top/$manifest" ] && while IFS= read -r d; do dirs_listed+=("$d"); done < <(sed -n 's/^dir: //p' "$top/$manifest")
    do_uninstall ;;
  *) die "unknown action '$action' (install or uninstall)" ;;
esac
