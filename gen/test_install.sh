#!/usr/bin/env bash
# test_install.sh WORKDIR: the examples and `make install`. `make install DESTDIR=WORKDIR/dest
# PREFIX=/usr` must install every file `cachegen verify` needs (the scripts tb/verify.sh names,
# the harness sources, the model libraries, the headers), the tools, their man pages and the
# examples; the installed tools print the version of core/version.h; from a directory outside
# the source tree the installed cachegen generates fermi-l1 byte for byte as build/cachegen
# does and `cachegen verify --preset fermi-l1 --only l1 --requests 2000` passes with the
# installed harness (found as ../share/cachegen/tb, CACHEGEN_TB unset); `man -l` renders each
# page without a warning; `make uninstall` removes every file. Every installed example has a
# comment on each key, generates and lints silently (verilator -Wall); together they cover the
# baseline, decoupled, gcache and pcpred modes and the PRIC index; each mechanism's example
# holds its preset's configuration; the custom L1 (gpu_l1_64k.yaml) passes `cachegen verify
# --only l1 --requests 2000` (VERIFY_EXAMPLES=all: every example, about 12 s each; the others
# are the presets, which the preset steps of tb/test_all.sh run in full lockstep). Each check is also run on
# a broken install or example (a mutant) and must fail then. Prints ok / not ok lines; exits
# non-zero on a failure.
set -uo pipefail
# every harness here is verilated for real (it is what the test is about): no build cache
export CG_BUILD_CACHE=
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: gen/test_install.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
unset CACHEGEN_TB
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }
expect_fail() { # DESCRIPTION COMMAND...: a check run on a mutant must fail
  local d=$1; shift
  if "$@" >"$work/mutant.log" 2>&1; then no "mutant not caught: $d"; else ok "mutant caught: $d"; fi
}
ver=$(sed -n 's/^#define GEN_VERSION "\(.*\)"$/\1/p' "$root/core/version.h")
tools="cachegen cachesim sysim"
# mechanism example -> the preset whose configuration it holds (all but its name)
declare -A preset_of=([baseline]=fermi-l1 [pric]=fermi-l1-pric [decoupled]=li-decoupled
                      [gcache]=gcache-system [pcpred]=tian-gcn)

# ---- install ----------------------------------------------------------------------------------
dest=$work/dest
inst=$dest/usr
if ! nice -n 10 make -s -C "$root" install DESTDIR="$dest" PREFIX=/usr >"$work/install.log" 2>&1; then
  no "make install DESTDIR=$dest PREFIX=/usr"; sed 's/^/  /' "$work/install.log" | tail -20; exit 1
fi

# check_tree PREFIXDIR: every file an install must hold, executables executable.
check_tree() {
  local p=$1 f missing=""
  local exe=() data=()
  for t in $tools; do exe+=("bin/$t"); data+=("share/man/man1/$t.1"); done
  # the scripts the flow runs (named in tb/verify.sh) and the harness sources it hashes and builds
  for f in verify.sh $(grep -v '^ *#' "$root/tb/verify.sh" | grep -oE '\b[a-z][a-z0-9_]*\.sh\b' |
                       sort -u); do
    exe+=("share/cachegen/tb/$f")
  done
  exe+=(share/cachegen/build/mkstim)
  data+=(share/cachegen/build/libcmodel.a share/cachegen/build/libcore.a
         share/cachegen/cmodel/cm_duel.c share/cachegen/cmodel/cm_dwt.c)
  for f in "$root"/tb/*.cpp "$root"/tb/*.h "$root"/tb/*.vh "$root"/tb/tb_*.v; do
    data+=("share/cachegen/tb/${f##*/}")
  done
  for f in "$root"/core/*.h "$root"/cmodel/*.h; do data+=("share/cachegen/${f#"$root"/}"); done
  for f in "$root"/examples/*.yaml; do data+=("share/cachegen/examples/${f##*/}"); done
  for f in "${exe[@]}"; do [ -f "$p/$f" ] && [ -x "$p/$f" ] || missing="$missing $f"; done
  for f in "${data[@]}"; do [ -f "$p/$f" ] || missing="$missing $f"; done
  [ -z "$missing" ] || { echo "missing:$missing"; return 1; }
  echo "$(( ${#exe[@]} + ${#data[@]} )) files"
}
msg=$(check_tree "$inst")
if [ $? = 0 ]; then ok "make install DESTDIR PREFIX=/usr: tools, man pages, harness, libraries, headers, examples ($msg)"
else no "make install: $msg"; fi

# check_versions BINDIR: each installed tool prints "<tool> $ver".
check_versions() {
  local t got
  for t in $tools; do
    got=$("$1/$t" --version 2>&1) || return 1
    [ "$got" = "$t $ver" ] || { echo "$t --version: '$got', expected '$t $ver'"; return 1; }
  done
}
if [ -n "$ver" ] && check_versions "$inst/bin"; then ok "installed cachegen, cachesim, sysim --version print $ver"
else no "installed tools print version $ver"; fi

# ---- the installed cachegen, outside the source tree ------------------------------------------
out=$work/outside
mkdir -p "$out"
if (cd "$out" && "$inst/bin/cachegen" --preset fermi-l1 -o fermi >/dev/null) &&
   "$root/build/cachegen" --preset fermi-l1 -o "$work/fermi_ref" >/dev/null &&
   diff -r "$out/fermi" "$work/fermi_ref" >"$work/gen_diff.log"; then
  ok "installed cachegen generates fermi-l1 outside the tree, identical to build/cachegen's"
else
  no "installed cachegen --preset fermi-l1 (diff: $work/gen_diff.log)"
fi

# installed_verify BINDIR LOG ARGS...: the installed cachegen verify, run in $out; passes and
# builds the harness from BINDIR/../share/cachegen (its Verilator makefiles name those sources
# through the build's cg_src link, which points there).
installed_verify() {
  local bin=$1 log=$2; shift 2
  local w="v_$(basename "$log" .log)"
  (cd "$out" && rm -rf "$w" && nice -n 10 "$bin/cachegen" verify "$@" -o "$w") >"$log" 2>&1 &&
    grep -q '^cachegen verify: PASS ' "$log" &&
    grep -qF "cg_src/tb/l1_harness.cpp" "$out/$w"/l1/*.mk &&
    [ "$(readlink "$out/$w/l1/cg_src")" = "$(cd "$bin/.." && pwd)/share/cachegen" ]
}
if installed_verify "$inst/bin" "$work/verify_fermi.log" --preset fermi-l1 --only l1 --requests 2000; then
  ok "installed cachegen verify --preset fermi-l1 --only l1 --requests 2000 passes outside the tree: $(tail -1 "$work/verify_fermi.log" | sed 's/^cachegen verify: //')"
else
  no "installed cachegen verify --preset fermi-l1 ($work/verify_fermi.log)"; tail -8 "$work/verify_fermi.log" | sed 's/^/  /'
fi

# ---- man pages --------------------------------------------------------------------------------
# check_man MANDIR: each page renders with man -l, silently, with its NAME, SYNOPSIS and version.
check_man() {
  local t txt
  for t in $tools; do
    txt=$(MANPAGER=cat MANWIDTH=100 man --warnings -l "$1/$t.1" 2>"$work/man_$t.err") ||
      { echo "$t.1: man -l failed"; return 1; }
    [ -s "$work/man_$t.err" ] && { echo "$t.1: warnings: $(head -3 "$work/man_$t.err")"; return 1; }
    grep -q "^ *$t - [A-Za-z]" <<<"$txt" && grep -q '^SYNOPSIS' <<<"$txt" &&
      grep -qE "^ +$t +\[" <<<"$txt" && grep -q "^$t $ver " <<<"$txt" ||
      { echo "$t.1: no NAME, SYNOPSIS or version $ver"; return 1; }
  done
}
if msg=$(check_man "$inst/share/man/man1"); then ok "man -l renders cachegen.1, cachesim.1, sysim.1 (NAME, SYNOPSIS, version; no warnings)"
else no "man pages: $msg"; fi

# ---- examples ---------------------------------------------------------------------------------
# check_comments DIR: every key with a value in every example carries a comment.
check_comments() {
  local bare
  bare=$(grep -nE '^ *[a-z_]+: *[^ #]' "$1"/*.yaml | grep -v '#')
  [ -z "$bare" ] || { echo "keys without a comment: $bare"; return 1; }
}
# check_modes DIR: the examples cover every mode and the PRIC index, and a custom L1 besides.
check_modes() {
  local m
  for m in baseline decoupled gcache pcpred; do
    grep -lqE "^ *mode: *$m\b" "$1"/*.yaml || { echo "no example with l1.mode $m"; return 1; }
  done
  grep -lqE '^ *index: *pric\b' "$1"/*.yaml || { echo "no example with the PRIC index"; return 1; }
  [ -f "$1/gpu_l1_64k.yaml" ] || { echo "no custom L1 (gpu_l1_64k.yaml)"; return 1; }
}
# check_example BIN YAML: generates with the installed cachegen and lints its L1 silently; a
# mechanism's example holds its preset's configuration (every key but the name).
check_example() {
  local bin=$1 y=$2 e d top msg p
  e=$(basename "$y" .yaml); d=$work/ex/$e
  rm -rf "$d"; mkdir -p "$d"
  "$bin/cachegen" --config "$y" -o "$d/rtl" >"$d/gen.log" 2>&1 || { cat "$d/gen.log"; return 1; }
  top=$(sed -n 's/^top: //p' "$d/rtl/cachegen.manifest")
  msg=$(cd "$d/rtl" && verilator --lint-only -Wall -F "$top.f" "${top}_lint.vlt" --top-module "$top" 2>&1)
  [ $? = 0 ] && [ -z "$msg" ] || { echo "$e: verilator -Wall: $msg" | head -5; return 1; }
  p=${preset_of[$e]:-}
  [ -n "$p" ] || return 0
  "$bin/cachegen" --preset "$p" --report-only -o "$d/preset" >/dev/null 2>&1 &&
    diff <(grep -v '^#\|^name:' "$d/rtl/config.yaml") <(grep -v '^#\|^name:' "$d/preset/config.yaml") \
      >"$d/preset.diff" || { echo "$e: differs from preset $p: $(head -4 "$d/preset.diff" | tr '\n' ' ')"; return 1; }
}
exdir=$inst/share/cachegen/examples
n=$(ls "$exdir"/*.yaml 2>/dev/null | wc -l)
if msg=$(check_comments "$exdir") && msg=$(check_modes "$exdir"); then
  ok "$n examples: every key commented; baseline, decoupled, gcache, pcpred, PRIC and a custom L1"
else no "examples: $msg"; fi
for y in "$exdir"/*.yaml; do
  e=$(basename "$y" .yaml)
  p=${preset_of[$e]:-}
  if msg=$(check_example "$inst/bin" "$y"); then
    ok "example $e.yaml: generates, verilator -Wall silent${p:+, holds preset $p}"
  else no "example $e.yaml: $msg"; fi
done
for y in "$exdir"/*.yaml; do
  e=$(basename "$y" .yaml)
  [ "${VERIFY_EXAMPLES:-}" = all ] || [ "$e" = gpu_l1_64k ] || continue
  if installed_verify "$inst/bin" "$work/verify_$e.log" "$y" --only l1 --requests 2000; then
    ok "example $e.yaml: installed cachegen verify --only l1 --requests 2000: $(tail -1 "$work/verify_$e.log" | sed 's/^cachegen verify: //')"
  else
    no "example $e.yaml: cachegen verify ($work/verify_$e.log)"; tail -8 "$work/verify_$e.log" | sed 's/^/  /'
  fi
done

# ---- mutants: broken installs and examples ----------------------------------------------------
mut=$work/mut
rm -rf "$mut"; cp -a "$dest" "$mut"; mi=$mut/usr
rm "$mi/share/cachegen/build/libcore.a"
expect_fail "install without build/libcore.a: the file check" check_tree "$mi"
expect_fail "install without build/libcore.a: installed cachegen verify" \
  installed_verify "$mi/bin" "$work/mut_verify_lib.log" --preset fermi-l1 --only l1 --requests 100
grep -q 'libcore.a is missing' "$work/mut_verify_lib.log" ||
  no "mutant verify without libcore.a: no 'libcore.a is missing' ($work/mut_verify_lib.log)"
rm -rf "$mi/share/cachegen/tb"
expect_fail "install without share/cachegen/tb: the file check" check_tree "$mi"
"$mi/bin/cachegen" verify --preset fermi-l1 --only l1 -o "$out/v_mut_tb" >"$work/mut_verify_tb.log" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q 'tb/verify.sh not found' "$work/mut_verify_tb.log"; then
  ok "mutant caught: install without share/cachegen/tb: cachegen verify exits 2, verify.sh not found (no fallback to the source tree)"
else no "mutant not caught: install without share/cachegen/tb: verify exit $rc ($work/mut_verify_tb.log)"; fi
cp "$inst/bin/cachegen" "$mi/bin/cachesim"
expect_fail "cachesim replaced by cachegen: --version" check_versions "$mi/bin"
mkdir -p "$mut/man"; cp "$inst"/share/man/man1/*.1 "$mut/man/"
sed -i '/^\.SH SYNOPSIS/,$d' "$mut/man/sysim.1"
expect_fail "sysim.1 cut before its SYNOPSIS: man check" check_man "$mut/man"
mkdir -p "$mut/ex"; cp "$exdir"/*.yaml "$mut/ex/"
sed -i 's/^\(  ways: 4\) .*/\1/' "$mut/ex/baseline.yaml"
expect_fail "an example key without a comment" check_comments "$mut/ex"
rm "$mut/ex/pcpred.yaml"
expect_fail "no pcpred example" check_modes "$mut/ex"
sed -i 's/^  ways: 4/  ways: 8/' "$mut/ex/baseline.yaml"
expect_fail "baseline.yaml drifted from fermi-l1 (8 ways)" check_example "$inst/bin" "$mut/ex/baseline.yaml"
sed -i 's/^  mshrs:/  mshrz:/' "$mut/ex/gpu_l1_64k.yaml"
expect_fail "an unknown key (l1.mshrz) in gpu_l1_64k.yaml" check_example "$inst/bin" "$mut/ex/gpu_l1_64k.yaml"

# ---- uninstall --------------------------------------------------------------------------------
if nice -n 10 make -s -C "$root" uninstall DESTDIR="$dest" PREFIX=/usr >"$work/uninstall.log" 2>&1 &&
   [ -z "$(find "$dest" -type f | head -1)" ]; then
  ok "make uninstall removes every installed file"
else no "make uninstall left: $(find "$dest" -type f | head -3 | tr '\n' ' ')"; fi
exit $bad
