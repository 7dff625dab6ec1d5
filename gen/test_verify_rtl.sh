#!/usr/bin/env bash
# test_verify_rtl.sh [WORKDIR]: `cachegen verify --rtl DIR` (gen/verify_rtl.c, tb/verify.sh,
# tb/ports_of.sh), RTL a user changed checked against the model of its own config.yaml:
#   - an ECO that keeps behaviour (a comment and an unused wire) and an added file pass: the
#     changed and added files are listed, the lint warning is reported but not fatal, and the
#     user's folder is byte for byte as it was (verify writes only into its work directory);
#   - an ECO that breaks behaviour fails with a mismatch (so the runs use the user's RTL, not a
#     fresh generation), and its reproduce command names --rtl and fails the same way;
#   - a top whose ports differ from the configuration's stops the flow: exit 2, the port named;
#   - refusals before anything runs: --rtl with a configuration, a missing folder, a folder
#     without cachegen.manifest, a work directory inside the folder or holding it;
#   - a harness build prints progress on stderr when it is a terminal (script(1)), not in a file.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$root/build/test/verify-rtl}
cg="$root/build/cachegen"
[ -x "$cg" ] || { echo "test_verify_rtl.sh: $cg missing; run make all" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
n=0; passed=0; failed=0
ok() { n=$((n + 1)); passed=$((passed + 1)); echo "ok $n - $1"; }
notok() { # DESCRIPTION WHY [FILE]
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; echo "#   $2"
  [ -z "${3:-}" ] || [ ! -s "$3" ] || sed 's/^/#   | /' "$3" | head -30
}
check() { # DESCRIPTION WHY_IF_FALSE FILE_TO_SHOW COMMAND...: ok if COMMAND succeeds
  local d=$1 why=$2 f=$3; shift 3
  if "$@"; then ok "$d"; else notok "$d" "$why" "$f"; fi
}
snapshot() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
"$cg" --preset fermi-l1 -o "$work/orig" >/dev/null || { echo "cannot generate fermi-l1" >&2; exit 2; }
args=(--only l1 --seed 2 --requests 3000)

# ---- 1. an ECO that keeps behaviour ------------------------------------------------------------
cp -r "$work/orig" "$work/eco"
sed -i 's|^endmodule|  // ECO 4711: spare net for a later fix\n  wire eco_spare;\nendmodule|' "$work/eco/fermi_l1.v"
echo "my notes" >"$work/eco/notes.txt"
before=$(snapshot "$work/eco")
(cd "$work" && "$cg" verify --rtl eco "${args[@]}" -o v1) >"$work/v1.out" 2>&1; rc=$?
check "verify --rtl of an ECO that keeps behaviour: exit 0, PASS with full coverage" "exit $rc" \
  "$work/v1.out" eval '[ $rc = 0 ] && grep -qE "^  l1 random seed 2 .*PASS: [1-9][0-9]* events, coverage ([0-9]+)/\1 bins" "$work/v1.out" &&
  grep -q "^cachegen verify: PASS fermi_l1: 2 lockstep runs" "$work/v1.out"'
check "... lists the changed file and the added one" "no such rtl row" "$work/v1.out" \
  grep -qE "^  rtl .*ok: $work/eco copied to $work/v1/rtl-user; changed since generated: fermi_l1\.v; added: notes\.txt; ports as configured" "$work/v1.out"
check "... reports the unused wire's lint warning without failing" "no warnings row" "$work/v1.out" \
  eval 'grep -qE "^  lint .*ok, with warnings in the user.s fermi_l1 \(not fatal with --rtl" "$work/v1.out" &&
  grep -q "eco_spare" "$work/v1/lint.log"'
check "... and leaves the user's folder byte for byte as it was" "the folder changed" "" \
  eval '[ "$(snapshot "$work/eco")" = "$before" ]'

# ---- 2. an ECO that breaks behaviour ----------------------------------------------------------
cp -r "$work/orig" "$work/bad"
sed -i 's/wire touch = update;/wire touch = is_fill;/' "$work/bad/fermi_l1_meta.v" # LRU not updated on a hit
"$cg" verify --rtl "$work/bad" "${args[@]}" -o "$work/v2" >"$work/v2.out" 2>&1; rc=$?
mm=$(grep -m1 -oE 'FAIL: MISMATCH at cycle [0-9]+ \(seed 2\): .*' "$work/v2.out")
repro=$(sed -n 's/^reproduce: //p' "$work/v2.out")
check "verify --rtl of an ECO that breaks LRU: exit 1, a mismatch" "exit $rc" "$work/v2.out" \
  eval '[ $rc = 1 ] && [ -n "$mm" ] && grep -q "changed since generated: fermi_l1_meta.v" "$work/v2.out"'
check "... its reproduce command names --rtl, not the configuration" "reproduce: $repro" "$work/v2.out" \
  eval '[[ $repro == "$cg verify --rtl $work/bad --seed 2 --requests 3000 --only l1 -o $work/v2" ]]'
(cd / && eval "$repro") >"$work/v2r.out" 2>&1; rc=$?
check "... which fails with the same mismatch" "exit $rc" "$work/v2r.out" \
  eval '[ $rc = 1 ] && grep -qF "$mm" "$work/v2r.out"'

# ---- 3. ports that are not the configuration's ------------------------------------------------
cp -r "$work/orig" "$work/ports"
sed -i 's/input  wire \[31:0\] req_pc_i,/input  wire [30:0] req_pc_i,/' "$work/ports/fermi_l1.v"
sed -i 's/\breq_pc_i\[31\]/1'"'"'b0/g' "$work/ports/fermi_l1.v"
"$cg" verify --rtl "$work/ports" "${args[@]}" -o "$work/v3" >"$work/v3.out" 2>&1; rc=$?
check "a top with a narrower port: exit 2, the top and both port lines named, nothing built" \
  "exit $rc" "$work/v3.out" eval '[ $rc = 2 ] &&
  grep -q "^  rtl .*FAIL: the ports of fermi_l1 differ from the configuration.s" "$work/v3.out" &&
  grep -qE "^      < input 32 req_pc_i$" "$work/v3.out" && grep -qE "^      > input 31 req_pc_i$" "$work/v3.out" &&
  grep -q "^cachegen verify: error: --rtl = $work/ports: its tops. ports are not" "$work/v3.out" &&
  [ ! -e "$work/v3/l1" ]'

# ---- 4. refused before anything runs ----------------------------------------------------------
bad() { # PATTERN ARGS...: exit 2, one error line matching, no work directory
  local pat=$1 d; shift
  d="verify $* is refused naming it"
  rm -rf "$work/vbad"
  "$cg" verify "$@" >"$work/bad.out" 2>"$work/bad.err"; local rc=$?
  if [ $rc = 2 ] && [ ! -s "$work/bad.out" ] && [ "$(wc -l <"$work/bad.err")" = 1 ] &&
     grep -qE "^cachegen verify: error: .*$pat" "$work/bad.err" && grep -q allowed "$work/bad.err" &&
     [ ! -e "$work/vbad" ] && [ ! -e "$work/eco/vbad" ]; then ok "$d"
  else notok "$d" "exit $rc (expected 2), stderr must match '$pat'" "$work/bad.err"; fi
}
bad '--preset with --rtl: not allowed; the configuration of --rtl DIR is DIR/config\.yaml' \
  --rtl "$work/eco" --preset fermi-l1 -o "$work/vbad"
bad '--set with --rtl: not allowed' --rtl "$work/eco" --set l1.ways=2 -o "$work/vbad"
bad "--rtl = $work/nothere: No such file or directory; allowed: a cachegen output folder" \
  --rtl "$work/nothere" -o "$work/vbad"
mkdir -p "$work/plain"; cp "$work/orig/fermi_l1.v" "$work/plain/"
bad "--rtl = $work/plain: no readable cachegen\.manifest there" --rtl "$work/plain" -o "$work/vbad"
bad "-o = $work/eco/vbad with --rtl = $work/eco: not allowed; the work directory lies in the RTL folder" \
  --rtl "$work/eco" -o "$work/eco/vbad"
mkdir -p "$work/vbad2"; cp -r "$work/orig" "$work/vbad2/rtl"
bad "with --rtl = $work/vbad2/rtl: not allowed; the work directory holds the RTL folder" \
  --rtl "$work/vbad2/rtl" -o "$work/vbad2"
check "... and the refusals left the user's folder as it was" "the folder changed" "" \
  eval '[ "$(snapshot "$work/eco")" = "$before" ]'

# ---- 5. progress of a build on a terminal, and nowhere else ----------------------------------
if command -v script >/dev/null; then
  CACHEGEN_PROGRESS_MS=100 script -qec "'$cg' verify --rtl '$work/eco' --only l1 --requests 300 -o '$work/v5'" \
    /dev/null 2>&1 | tr -d '\r' >"$work/v5.out"
  check "a build on a terminal prints progress lines on stderr (every 100 ms here)" "none" "$work/v5.out" \
    grep -qE "^cachegen verify: l1 build: [0-9]+\.[0-9] s, verilating and compiling \($work/v5/l1_build\.log\)$" "$work/v5.out"
  CACHEGEN_PROGRESS_MS=100 "$cg" verify --rtl "$work/eco" --only l1 --requests 300 -o "$work/v6" \
    >"$work/v6.out" 2>&1
  check "... and none into a file (the same run, its output into a file)" "a progress line" "$work/v6.out" \
    eval 'grep -q "l1 build .* ok" "$work/v6.out" && ! grep -q "verilating and compiling" "$work/v6.out"'
else
  notok "progress" "no script(1) (bsdutils) to give verify a terminal"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
