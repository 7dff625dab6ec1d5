#!/usr/bin/env bash
# test_robust_tb.sh WORKDIR: issue 33's checks of the tb/ and Makefile surfaces (docs/security.md):
# tb/regress writes only into a folder it made (a marker), refuses a user's non-empty folder and a
# symbolic link, and follows the one option rule; `make synth` passes CONFIG, SET, OUT,
# BASELINE, TOPS and SRAM_LIB to its scripts without a shell re-reading them. Prints "N passed,
# M failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: test_robust_tb.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; }
check() { # DESC CMD...: CMD must succeed
  local d=$1; shift
  if "$@"; then ok "$d"; else bad "$d"; fi
}
REGRESS=${REGRESS:-$root/tb/regress}

# ---- tb/regress -o ---------------------------------------------------------------------------
u="$work/user folder"; mkdir -p "$u/jobs" "$u/slurm"
for f in junit.xml summary.md jobs/keep slurm/keep notes.txt; do echo mine >"$u/$f"; done
out=$("$REGRESS" --local -n 1 -o "$u" 2>&1); rc=$?
check "regress refuses a non-empty folder it did not make (exit 2, says so)" \
  test "$rc" = 2 -a -n "$(grep -F 'regress did not make it' <<<"$out")"
check "regress's refusal deletes none of the user's files" \
  bash -c 'for f in junit.xml summary.md jobs/keep slurm/keep notes.txt; do [ "$(cat "$1/$f")" = mine ] || exit 1; done' _ "$u"
ln -s "$u" "$work/link"
out=$("$REGRESS" --local -n 1 -o "$work/link" 2>&1); rc=$?
check "regress refuses a symbolic link as -o" test "$rc" = 2 -a -n "$(grep -F 'symbolic link' <<<"$out")"
out=$("$REGRESS" --local -n 1 -o "$work/a" -o "$work/b" 2>&1); rc=$?
check "regress refuses -o given twice, naming both" \
  test "$rc" = 2 -a -n "$(grep -F "given twice" <<<"$out" | grep -F "$work/a" | grep -F "$work/b")"
out=$("$REGRESS" --local -n 1 -o --help 2>&1); rc=$?
check "regress refuses '-o --help' (a value is never an option)" \
  test "$rc" = 2 -a -n "$(grep -F "is not a value" <<<"$out")" -a ! -e "$root/--help"
# a new folder is made and marked; a run over its own folder is allowed and cleans its own files
own="$work/own"
"$REGRESS" --local -n 1 --requests 1 --timeout 10 -o "$own" >"$work/own1.log" 2>&1
check "regress marks a folder it makes" test -f "$own/.cachegen-regress" -a -f "$own/junit.xml"
echo mine >"$own/notes.txt"
"$REGRESS" --local -n 1 --requests 1 --timeout 10 -o "$own" >"$work/own2.log" 2>&1
check "regress runs again over its own folder and keeps other files there" \
  bash -c '! grep -q "did not make it" "$1" && [ -f "$2/junit.xml" ] && [ "$(cat "$2/notes.txt")" = mine ]' _ "$work/own2.log" "$own"
mkdir -p "$work/empty"
"$REGRESS" --local -n 1 --requests 1 --timeout 10 -o "$work/empty" >"$work/empty.log" 2>&1
check "regress takes an empty folder and marks it" test -f "$work/empty/.cachegen-regress"

# ---- make synth: variables reach the scripts as data, never through a shell -------------------
cd "$work"
pwn="$work/PWN"
evil="x'; touch $pwn; echo '"
out=$(make -s -C "$root" synth CONFIG="$evil" 2>&1); rc=$?
check "make synth CONFIG=\"x'; touch PWN; echo '\" runs no command and fails" test "$rc" != 0 -a ! -e "$pwn"
for v in OUT BASELINE SET TOPS SRAM_LIB; do
  rm -f "$pwn"
  make -s -C "$root" synth CONFIG=no-such-preset "$v=\$(touch $pwn)\`touch $pwn\`'\"; touch $pwn" >/dev/null 2>&1
  check "make synth $v with shell characters runs no command" test ! -e "$pwn"
done
q="$work/bob's config.yaml"
out=$(make -s -C "$root" synth CONFIG="$q" 2>&1); rc=$?
check "make synth CONFIG=\"bob's config.yaml\" reaches the check with the name whole" \
  bash -c '[ "$2" = 2 ] && grep -qF "CONFIG=$3: no such file" <<<"$1"' _ "$out" "$rc" "$q"

# ---- Yosys and OpenSTA see no user path as command text ---------------------------------------
# (Yosys splits -p and .ys text at ';' into commands, OpenSTA runs '[...]' as Tcl, ABC splits
# paths at blanks): a design folder and a work folder named with such characters synthesize,
# and no command in their names runs
h="$work/y;!touch PWN3;tee -o PWN4 stat"; mkdir -p "$h"
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 --set l1.ways=2 -o "$h/rtl" >/dev/null 2>&1
"$root/synth/check.sh" "$h/rtl" "$work/check log.txt" >/dev/null 2>&1; rc=$?
check "synth/check.sh on a design folder named with ';', '!' and a Yosys command: passes, runs nothing" \
  test "$rc" = 0 -a -z "$(find "$work" -name 'PWN[34]*')"
nice -n 5 "$root/synth/synth.sh" "$h/rtl" "$work/syn \$(touch PWN5) [exit]" >"$work/syn.log" 2>&1; rc=$?
check "synth/synth.sh (Yosys, ABC, OpenSTA) in a work folder named with a space, \$(...) and [...]: timed, runs nothing" \
  bash -c '[ "$1" = 0 ] && grep -q "^worst slack" "$2/sta.log" && [ -z "$(find "$3" / -maxdepth 1 -name "PWN[35]*")" ]' _ "$rc" "$work/syn \$(touch PWN5) [exit]" "$work"

# ---- make install / uninstall: an install manifest, any PREFIX, nothing else deleted ----------
cd "$work"
d="$work/dest"; P="/opt/My Tools'; touch $work/PWN2;"
make -s -C "$root" install DESTDIR="$d" PREFIX="$P" >"$work/inst.log" 2>&1
check "make install PREFIX with a space, a quote and ';' installs under that exact name" \
  test -x "$d$P/bin/cachegen" -a -f "$d$P/share/cachegen/install.manifest"
check "make install leaves nothing in the source tree and runs no command" \
  bash -c '[ ! -e "$1/Tools" ] && [ ! -e "$1/Tools'"'"'" ] && [ ! -e "$2" ]' _ "$root" "$work/PWN2"
echo mine >"$d$P/share/cachegen/notes.txt"
echo "# my edit" >>"$d$P/share/cachegen/examples/baseline.yaml"
mkdir -p "$d/opt/My"; echo mine >"$d/opt/My/keep"
make -s -C "$root" uninstall DESTDIR="$d" PREFIX="$P" >"$work/uninst.log" 2>&1
check "make uninstall removes what install wrote (tools, man pages, share/cachegen files)" \
  test ! -e "$d$P/bin/cachegen" -a ! -e "$d$P/share/man/man1/cachegen.1" -a ! -e "$d$P/share/cachegen/tb/verify.sh"
check "make uninstall keeps a file the user put in share/cachegen and one the user changed" \
  test -f "$d$P/share/cachegen/notes.txt" -a -f "$d$P/share/cachegen/examples/baseline.yaml"
check "make uninstall PREFIX='/opt/My Tools...' leaves /opt/My alone" test -f "$d/opt/My/keep"
# a share/ that became a symbolic link after install is not followed; a manifest naming a path
# outside PREFIX refuses the whole uninstall before it deletes anything
d2="$work/dest2"; make -s -C "$root" install DESTDIR="$d2" PREFIX=/usr >/dev/null 2>&1
mkdir -p "$work/elsewhere/cachegen/tb"; echo mine >"$work/elsewhere/cachegen/tb/verify.sh"
mv "$d2/usr/share/cachegen" "$d2/usr/share/cachegen.real"; ln -s "$work/elsewhere/cachegen" "$d2/usr/share/cachegen"
cp "$d2/usr/share/cachegen.real/install.manifest" "$work/elsewhere/cachegen/"
make -s -C "$root" uninstall DESTDIR="$d2" PREFIX=/usr >"$work/uninst2.log" 2>&1
check "make uninstall does not follow a symbolic link in the way" \
  test "$(cat "$work/elsewhere/cachegen/tb/verify.sh")" = mine
rm "$d2/usr/share/cachegen"; mv "$d2/usr/share/cachegen.real" "$d2/usr/share/cachegen"
echo mine >"$work/victim"
printf 'file: %s  ../../victim\n' "$(sha256sum <"$work/victim" | cut -d' ' -f1)" >>"$d2/usr/share/cachegen/install.manifest"
make -s -C "$root" uninstall DESTDIR="$d2" PREFIX=/usr >"$work/uninst3.log" 2>&1; rc=$?
check "a manifest line naming '../../victim' refuses the uninstall and deletes nothing" \
  test "$rc" != 0 -a -f "$work/victim" -a -x "$d2/usr/bin/cachegen"
out=$(make -s -C "$root" install DESTDIR="$work/d3" PREFIX=relative/x 2>&1); rc=$?
check "make install refuses a relative PREFIX and writes nothing" \
  test "$rc" != 0 -a ! -e "$work/d3" -a ! -e "$root/relative" -a -n "$(grep -F "PREFIX='relative/x'" <<<"$out")"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
