#!/usr/bin/env bash
# test_verify_paths.sh [WORKDIR]: `cachegen verify` works whatever characters its paths hold,
# and no path ever reaches a shell (issue 33, item 2). H below holds a space, a ';', a backtick,
# a '$(...)', a single and a double quote, each command in it creating a PWNED_* file if a shell
# ever ran it.
#   1. a work directory named H (…/H/wd), with --icarus (Verilator build in a path make cannot
#      use, Icarus testbench and replay): every stage passes or only reports coverage holes;
#      then the default work directory under a current directory named without the quotes (a
#      shell given that name would run the commands in it);
#   2. an installed tree under a PREFIX named H (make install DESTDIR=... PREFIX=/opt/plain,
#      then moved to /opt/H: verify finds its tree relative to its executable): its cachegen
#      verify builds and runs the L1 harness from sources reached through H;
#   and neither creates a PWNED_* file under WORKDIR, in the source tree's top or in /tmp's.
# The smallest fast run: fermi-l1, --only l1, 300 requests (a few coverage holes: exit 3).
# About 1.5 minutes (Verilator builds, ccache helping the later ones; the Icarus runs). Prints ok / not ok lines and
# "N passed, M failed"; exits non-zero on a failure.
set -u
# every harness here is verilated for real (it is what the test is about): no build cache
export CG_BUILD_CACHE=
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$root/build/test/verify_paths}
cg="$root/build/cachegen"
[ -x "$cg" ] || { echo "test_verify_paths.sh: $cg missing; run make all" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
unset CACHEGEN_TB
H=$'my dir;touch PWNED_semi;`touch PWNED_tick`$(touch PWNED_dollar)\'q"x'
n=0; passed=0; failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
notok() { # DESCRIPTION WHY [FILE]
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "#   $2"
  [ -z "${3:-}" ] || [ ! -s "$3" ] || sed 's/^/#   | /' "$3" | head -20
}
pwned() { # PWNED_* files under WORKDIR, in the source tree's top, in /tmp's top
  { find "$work" -maxdepth 8 -name 'PWNED_*'; find "$root" /tmp -maxdepth 1 -name 'PWNED_*'; } \
    2>/dev/null | head -3 | tr '\n' ' '
}
verified() { # RC LOG [STAGE_RE...]: exit 0 or 3, no FAIL row, every STAGE_RE row passed
  local rc=$1 log=$2 s; shift 2
  [ "$rc" = 0 ] || [ "$rc" = 3 ] || return 1
  ! grep -qE '^  [a-z0-9 ]+ +[0-9.]+ s  FAIL' "$log" || return 1
  for s in "$@"; do grep -qE "^  $s +[0-9.]+ s  (ok|PASS)" "$log" || return 1; done
}
cd "$work" || exit 2

# ---- 1. a hostile work directory ------------------------------------------------------------
t=$(date +%s)
mkdir -p "$work/$H"
"$cg" verify --preset fermi-l1 --only l1 --requests 300 --icarus -o "$work/$H/wd" \
  >"$work/wd.out" 2>&1; rc=$?
d="verify -o '…/$H/wd' --icarus: generate, lint, build, runs, Icarus testbench and replay pass"
if verified "$rc" "$work/wd.out" generate lint "l1 build" "l1 directed" "icarus testbench" \
   "icarus replay" && [ -x "$work/$H/wd/l1/Vdut" ]; then ok "$d"
else notok "$d" "exit $rc" "$work/wd.out"; fi
d="... and no command in the work directory's name ran"
p=$(pwned); if [ -z "$p" ]; then ok "$d"; else notok "$d" "found $p"; fi
d="... and the build left no private make directory in /tmp"
left=$(find /tmp -maxdepth 1 -name 'cachegen-vl.*' -newer "$work/$H" 2>/dev/null | head -3)
if [ -z "$left" ]; then ok "$d"; else notok "$d" "left: $left"; fi
# a name without quotes or "$" (Verilator expands $VAR in -F paths), so that a shell given it
# would parse it and run the commands in it
Hn='my dir;touch PWNED_semi2;`touch PWNED_tick2`;'
mkdir -p "$work/$Hn"
(cd "$work/$Hn" && "$cg" verify --preset fermi-l1 --only l1 --requests 300) >"$work/wdn.out" 2>&1; rc=$?
d="verify run in a current directory named '$Hn' (no quotes; the default -o under it): build and runs pass"
if verified "$rc" "$work/wdn.out" generate lint "l1 build" "l1 directed"; then ok "$d"
else notok "$d" "exit $rc" "$work/wdn.out"; fi
d="... and no command in that name ran"
p=$(pwned); if [ -z "$p" ]; then ok "$d"; else notok "$d" "found $p"; fi
echo "# hostile work directories: $(( $(date +%s) - t )) s"

# ---- 2. an installed tree under a hostile PREFIX ------------------------------------------
# make runs its recipes through a shell and its Makefile's quoting is not this test's subject
# (an unquoted PREFIX with a space would write into the source tree), so make install gets a
# plain PREFIX; the installed tree, which finds its files relative to its executable, is then
# moved to /opt/H.
t=$(date +%s)
dest="$work/dest"
how="make install DESTDIR=$dest PREFIX=/opt/plain, moved to /opt/H"
nice -n 10 make -s -C "$root" install DESTDIR="$dest" PREFIX=/opt/plain >"$work/install.log" 2>&1 &&
  mv "$dest/opt/plain" "$dest/opt/$H" ||
  { notok "$how" "install failed" "$work/install.log"; echo "$passed passed, $failed failed"; exit 1; }
icg="$dest/opt/$H/bin/cachegen"
"$icg" verify --preset fermi-l1 --only l1 --requests 300 -o "$work/iwd" >"$work/iwd.out" 2>&1; rc=$?
d="the installed cachegen verify ($how) builds and runs the L1 harness from that tree"
if verified "$rc" "$work/iwd.out" generate lint "l1 build" "l1 directed"; then ok "$d"
else notok "$d" "exit $rc" "$work/iwd.out"; fi
d="... its harness build reached the sources through H (cg_src links into the installed tree)"
if [ "$(readlink "$work/iwd/l1/cg_src")" = "$dest/opt/$H/share/cachegen" ]; then ok "$d"
else notok "$d" "cg_src -> $(readlink "$work/iwd/l1/cg_src" 2>&1)"; fi
d="... and no command in the PREFIX ran"
p=$(pwned); if [ -z "$p" ]; then ok "$d"; else notok "$d" "found $p"; fi
echo "# installed tree: $(( $(date +%s) - t )) s"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
