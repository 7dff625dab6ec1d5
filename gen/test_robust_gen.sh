#!/usr/bin/env bash
# test_robust_gen.sh BUILD: cachegen's robustness, round 2 (issue 33), with BUILD/cachegen.
#   - a manifest names plain file names inside its folder: a line naming ../v, an absolute path,
#     a/b, ., .., a control character, the manifest itself or one name twice refuses the run,
#     and nothing is deleted (not the named file, not the folder's); the same for the manifest
#     of a dead run's staging folder (BASE.tmp-PID), which the next run cleans; a symbolic link
#     the manifest names is not followed;
#   - sizes follow one rule (digits directly followed by KiB or MiB, docs/configuration.md):
#     "16 KiB", "16384 ", " 16384", "16kib", "KiB", "16KiB " are refused naming l1.size;
#   - a YAML key given twice in any spelling (l1: {ways: 4} and l1.ways: 8) is refused naming
#     both lines;
#   - messages: l1.size=KiB names no 4 GiB limit; l2.duel_leaders' allowed range is powers of
#     two; `verify --only duel` on a configuration without a duel top is refused before its
#     WORKDIR exists; a 250..255-byte -o name generates and regenerates;
#   - a write error (a full 64 KiB tmpfs when mount works, else skipped; a file-size limit,
#     always) names the file and the system's reason, fails cleanly, and leaves nothing behind.
# Prints "ok N - ..." / "not ok N - ..." and "N passed, M failed"; exits non-zero on a failure.
# About 3 s.
set -u
b=${1:?usage: gen/test_robust_gen.sh BUILD}
cg="$(cd "$b" && pwd)/cachegen"
[ -x "$cg" ] || { echo "test_robust_gen.sh: $cg missing; run make all" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cachegen_robust.XXXXXX") || exit 2
mnt=""
trap '[ -z "$mnt" ] || umount "$mnt" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2
n=0; passed=0; failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
notok() { # DESCRIPTION WHY [FILE]
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "#   $2"
  [ -z "${3:-}" ] || [ ! -s "$3" ] || sed 's/^/#   | /' "$3" | head -5
}
sha() { sha256sum "$1" | cut -c1-64; }
tree() { (cd "$1" && find . -printf '%p %y %s\n' | sort && find . -type f -exec sha256sum {} + | sort); }

# ---- 1. names a manifest lists --------------------------------------------------------------
"$cg" --preset fermi-l1 -o ref >/dev/null 2>&1 || { echo "cannot generate fermi-l1" >&2; exit 1; }
forge() { # DESCRIPTION LINE: add LINE to a fresh output's manifest; the run must refuse it
  local d=$1 line=$2
  rm -rf case; mkdir case; cp -a ref case/out; echo victim >case/v; echo inside >case/out/keep.txt
  printf '%s\n' "$line" >>case/out/cachegen.manifest
  # keep.txt is listed too (with its hash), so only the forged line can make the run refuse
  printf 'file: %s  keep.txt\n' "$(sha case/out/keep.txt)" >>case/out/cachegen.manifest
  tree case >before.txt
  "$cg" --preset fermi-l1 -o case/out >run.out 2>run.err; local rc=$?
  tree case >after.txt
  if [ $rc != 2 ]; then notok "$d" "exit $rc, expected 2 (refused)" run.err
  elif ! cmp -s before.txt after.txt; then notok "$d" "files changed: $(diff before.txt after.txt | head -3 | tr '\n' ' ')" run.err
  elif ! grep -q "cachegen.manifest" run.err || ! grep -q "left untouched" run.err; then
    notok "$d" "the error does not name the manifest and say nothing was touched" run.err
  elif [ -n "$(cd case && compgen -G 'out?*')" ]; then notok "$d" "left behind: $(cd case && compgen -G 'out?*')"
  else ok "$d"; fi
}
h=$(echo victim | sha256sum | cut -c1-64)
forge "a manifest line naming ../v (the file beside -o) refuses the run; ../v and -o stay" \
  "file: $h  ../v"
forge "a manifest line naming an absolute path refuses the run; that file stays" \
  "file: $h  $work/case/v"
forge "a manifest line naming sub/x (a '/') refuses the run" "file: $h  sub/x"
forge "a manifest line naming . refuses the run" "file: $h  ."
forge "a manifest line naming .. refuses the run" "file: $h  .."
forge "a manifest line naming a control character (a tab) refuses the run" "file: $h  a$(printf '\t')b"
forge "a manifest line with an empty name refuses the run" "file: $h  "
forge "a manifest line naming keep.txt twice refuses the run" \
  "file: $(echo inside | sha256sum | cut -c1-64)  keep.txt"
forge "a manifest line naming the manifest itself refuses the run" "file: $h  cachegen.manifest"
forge "a malformed file: line (no hash) refuses the run" "file: keep.txt"

d="a symbolic link the manifest names (to ../v, with v's hash) is not followed: refused, v stays"
rm -rf case; mkdir case; cp -a ref case/out; echo victim >case/v; ln -s ../v case/out/link
printf 'file: %s  link\n' "$h" >>case/out/cachegen.manifest
"$cg" --preset fermi-l1 -o case/out >run.out 2>run.err; rc=$?
if [ $rc = 2 ] && [ "$(cat case/v)" = victim ] && [ -L case/out/link ]; then ok "$d"
else notok "$d" "exit $rc; v: $(cat case/v 2>&1)" run.err; fi

d="a dead run's staging folder whose manifest names ../v: v stays, the folder is kept, the run succeeds"
rm -rf case; mkdir case; echo victim >case/v; mkdir case/out.tmp-999999999
printf 'cachegen 0.1.0 output for x\nfile: %s  ../v\n' "$h" >case/out.tmp-999999999/cachegen.manifest
"$cg" --preset fermi-l1 -o case/out >run.out 2>run.err; rc=$?
if [ $rc = 0 ] && [ "$(cat case/v 2>/dev/null)" = victim ] && [ -d case/out.tmp-999999999 ] &&
   grep -q 'not removed' run.err; then ok "$d"
else notok "$d" "exit $rc; v: $(cat case/v 2>&1); staging: $(ls -A case | tr '\n' ' ')" run.err; fi

# ---- 2. sizes -------------------------------------------------------------------------------
refused() { # DESCRIPTION NEEDLE ARGS...: exit 2, stderr names NEEDLE, nothing written
  local d=$1 needle=$2; shift 2
  rm -rf r_out
  "$cg" "$@" -o r_out >run.out 2>run.err; local rc=$?
  if [ $rc = 2 ] && grep -qF -- "$needle" run.err && grep -qE 'allowed|expected' run.err &&
     [ ! -e r_out ]; then ok "$d"
  else notok "$d" "exit $rc (expected 2), stderr must hold '$needle', no r_out" run.err; fi
}
for v in "16 KiB" "16384 " " 16384" "16kib" "KiB" "16KiB " "16 MiB" "0x4000"; do
  refused "l1.size='$v' is refused (no space, no other unit)" "l1.size = $v: not allowed" \
    --preset fermi-l1 --set "l1.size=$v"
done
printf 'l1:\n  size: "16384 "\n' >size.yaml
refused "YAML l1.size: \"16384 \" is refused as on the command line" 'l1.size = 16384 : not allowed' --config size.yaml
rm -rf s_out
if "$cg" --preset fermi-l1 --set l1.size=16KiB -o s_out >/dev/null 2>run.err &&
   grep -q '^  sets: 32$' s_out/config.yaml; then ok "l1.size=16KiB still gives 32 sets on fermi-l1"
else notok "l1.size=16KiB still gives 32 sets on fermi-l1" "not generated or sets differ" run.err; fi

# ---- 3. a YAML key given twice in any spelling ----------------------------------------------
printf 'l1:\n  ways: 4\nl1.ways: 8\n' >dup1.yaml
refused "YAML l1: {ways: 4} then l1.ways: 8 is refused naming both lines" \
  'dup1.yaml:3: l1.ways: given twice (first on line 2, as ways in section l1)' --config dup1.yaml
printf 'l1.ways: 8\nname: x\nl1:\n  ways: 4\n' >dup2.yaml
refused "YAML l1.ways: 8 then l1: {ways: 4} is refused naming both lines" \
  'dup2.yaml:4: l1.ways: given twice (first on line 1, as l1.ways)' --config dup2.yaml
printf 'l2.size: 1MiB\nl2:\n  size: 1MiB\n' >dup3.yaml
refused "YAML l2.size twice with the same value is refused too" \
  'dup3.yaml:3: l2.size: given twice (first on line 1' --config dup3.yaml
printf 'l1:\n  ways: 4\n  ways: 8\n' >dup4.yaml
refused "YAML duplicate keys in one mapping are refused (libyaml lets them through)" \
  'dup4.yaml:3: l1.ways: duplicate key (first given on line 2)' --config dup4.yaml
printf 'l1:\n  ways: 4\nl1:\n  sets: 64\n' >dup5.yaml
refused "YAML section l1 given twice is refused" 'dup5.yaml:3: l1: duplicate key' --config dup5.yaml

# ---- 4. messages ----------------------------------------------------------------------------
"$cg" --preset fermi-l1 --set l1.size=KiB -o r_out >/dev/null 2>run.err
d="l1.size=KiB names the form, not a 4 GiB limit"
if grep -q 'l1.size = KiB: not allowed; expected a byte count' run.err && ! grep -q '4 GiB)' run.err
then ok "$d"; else notok "$d" "message" run.err; fi
refused "l2.duel_leaders=64 with 2 CPU ports: allowed a power of two from 1 to 32 (not 42)" \
  'allowed: a power of two from 1 to 32' --preset fermi-l1 --set l2.replacement=drrip \
  --set system.cpu_cores=2 --set l2.duel_leaders=64
d="verify --only duel on fermi-l1 (no duel top) is refused before WORKDIR is written"
"$cg" verify --preset fermi-l1 --only duel -o vd >run.out 2>run.err; rc=$?
if [ $rc = 2 ] && grep -q -- '--only = duel: fermi_l1 has no duel top' run.err && [ ! -e vd ]
then ok "$d"; else notok "$d" "exit $rc; vd: $(ls -A vd 2>&1 | head -3 | tr '\n' ' ')" run.err; fi
for len in 250 255; do
  long=$(printf 'o%.0s' $(seq 1 "$len"))
  d="a $len-byte -o name generates, and regenerates over itself"
  if "$cg" --preset fermi-l1 -o "$long" >/dev/null 2>run.err &&
     "$cg" --preset gcn-l1 -o "$long" >/dev/null 2>>run.err && grep -q '^top: gcn_l1$' "$long/cachegen.manifest" &&
     [ "$(ls -A | grep -c "^$long")" = 1 ]; then ok "$d"
  else notok "$d" "failed or left something beside it" run.err; fi
  rm -rf "$long"
done

# ---- 5. write errors name the file ----------------------------------------------------------
full() { # DESCRIPTION DIR NEEDLE [PREFIX_COMMAND...]
  local d=$1 dir=$2 needle=$3; shift 3
  "$@" "$cg" --preset fermi-l1 -o "$dir/out" >run.out 2>run.err; local rc=$?
  if [ $rc -ne 0 ] && [ $rc -lt 128 ] && grep -qE "^cachegen: error: cannot write $dir/out/[a-z0-9_.]+: $needle\$" run.err &&
     [ -z "$(ls -A "$dir")" ]; then ok "$d"
  else notok "$d" "exit $rc (expected a clean error), the message must name the file and '$needle'; left: $(ls -A "$dir" | tr '\n' ' ')" run.err; fi
}
mkdir small
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs small 2>/dev/null; then
  mnt=$work/small
  full "a full disk (64 KiB tmpfs): 'cannot write OUT/FILE: No space left on device', nothing left" \
    "$work/small" "No space left on device"
  umount "$mnt" && mnt=""
else
  echo "# skipped: the full-disk case needs root and a tmpfs mount"
fi
mkdir fsz
limited() { (trap '' XFSZ; ulimit -f 16; exec "$@"); } # 16 KiB per file; writes fail with EFBIG
full "a file-size limit (ulimit -f 16): 'cannot write OUT/FILE: File too large', nothing left" \
  "$work/fsz" "File too large" limited

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
