#!/usr/bin/env bash
# equiv.sh [-t SEC] [-T SEC] [-k N] OLD_DIR NEW_DIR [WORK]: per-module formal equivalence of two
# cachegen output folders (old RTL against new: issue 36 item 4, the depth fixes of issue 40).
#
# Modules are paired by name across the two folders (every module of every .v file but the SRAM
# primitive: the L1, L2 and system tops, the controllers and their leaf modules). Each pair is
# checked alone: every other module it instantiates (leaf modules, the SRAM macro) is a black box,
# its instances cut out (Yosys `expose -evert`) so that their outputs are free inputs shared by
# both sides and their inputs are outputs both sides must drive alike. Proving every pair thus
# proves the whole hierarchy (each leaf is proven on its own), without flattening a top.
# A pair whose text is identical apart from comment-only lines is skipped ("identical"). A
# parameterized module is checked at its default and at every parameter value the old folder's
# instances give it (#(.P(V)) in the text).
#
# -f proves identical pairs too; -m REGEX checks only the modules whose whole name matches; -x
# skips ABC's dprove (step 1), so that a test reaches the passes after it. -r MAP renames
# instances of the new side before they are cut out, so that black boxes whose instance names
# changed (a per-way SRAM now in a generate loop) meet their old partners: each line of MAP is
# "MODULE NEW_INSTANCE OLD_INSTANCE" (e.g. "x_l2 gen_data_way[0].u_data_sram u_data_sram_w0";
# names of letters, digits, _ . [ ]; # starts a comment).
# Per pair, Yosys 0.23 (async resets made synchronous; -D defines from EQUIV_DEFINES, default none:
# the product build without CACHEGEN_EVENTS), in this order:
#   1. ABC's sequential equivalence checker (yosys-abc dprove: signal correspondence pairs
#      registers by their function, not their names, then induction and PDR) on the miter of
#      old and new as an AIGER file, flops zero-initialized: a restyle that renames, splits or
#      packs state is proven ("proven (ABC dprove ...)"); networks that differ are a
#      counterexample ("COUNTEREXAMPLE (ABC dprove ...)"). A module without flops is one SAT
#      problem (dprove's CEC: UNSATISFIABLE is a proof, SATISFIABLE a counterexample).
#   2. otherwise equiv_make pairs the signals of the same name (ports, flops), equiv_simple and
#      equiv_induct prove them: all proven is a proof ("proven (equiv_induct ...)").
#   3. otherwise miter -equiv of old and new, then sat -tempinduct from the all-zero state up to
#      K steps (-k, default 12): a failing base case is a counterexample (an input sequence from
#      reset on which an output or a black-box input differs: "COUNTEREXAMPLE"); an induction
#      step that holds is a proof ("proven (induction k=N)"). Every output bit is compared both
#      ways (no -ignore_gold_x: the SAT pass without -enable_undef read its x as 0, which hid a
#      difference wherever the old output is 0; the generated RTL drives no x);
#   4. otherwise the pair is "bounded (K steps)": no difference within K cycles of reset, no proof.
# A pair that runs past -t SEC (default 120) is "timeout"; once the whole run passes -T SEC
# (default 1800) the remaining pairs are "skipped (overall time)".
# Output: one line per pair, then "equiv: N pairs: P proven, I identical, B bounded, C
# counterexample, O other (S s)". Exit 0: every pair proven or identical; 1: a counterexample,
# or a module without a partner, or interfaces that differ; 3: no counterexample but some pair only
# bounded, timed out or skipped; 2: bad input. Logs: WORK/<module>.log (WORK default a temp dir).
set -uo pipefail
usage="usage: equiv.sh [-f] [-x] [-r MAP] [-m REGEX] [-t SEC_PER_MODULE] [-T SEC_TOTAL] [-k STEPS] OLD_DIR NEW_DIR [WORK]"
tmod=120; ttot=1800; kmax=12; force=0; only=''; skip_abc=0; rmap=''
while getopts "fxr:t:T:k:m:" o; do
  case $o in
    f) force=1 ;; x) skip_abc=1 ;; r) rmap=$OPTARG ;; m) only=$OPTARG ;;
    t) tmod=$OPTARG ;; T) ttot=$OPTARG ;; k) kmax=$OPTARG ;; *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "$usage" >&2; exit 2; }
for v in "tmod:$tmod:1:86400" "ttot:$ttot:1:864000" "kmax:$kmax:1:200"; do
  IFS=: read -r n x lo hi <<<"$v"
  [[ $x =~ ^[0-9]+$ ]] && [ "$x" -ge "$lo" ] && [ "$x" -le "$hi" ] ||
    { echo "equiv.sh: $n = '$x': allowed: an integer $lo..$hi" >&2; exit 2; }
done
old=$(cd "$1" 2>/dev/null && pwd) && new=$(cd "$2" 2>/dev/null && pwd) ||
  { echo "equiv.sh: $1 or $2: not a directory" >&2; exit 2; }
if [ $# -eq 3 ]; then mkdir -p "$3" && work=$(cd "$3" && pwd) || exit 2
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
# the rename map, checked before anything runs: Yosys reads these names as command words
renames=''
if [ -n "$rmap" ]; then
  [ -f "$rmap" ] || { echo "equiv.sh: -r $rmap: not a file" >&2; exit 2; }
  while read -r a b c extra; do
    [ -z "$a" ] || [ "${a:0:1}" = "#" ] && continue
    [[ $a =~ ^[A-Za-z_][A-Za-z0-9_]*$ && $b =~ ^[A-Za-z_][][A-Za-z0-9_.]*$ && $c =~ ^[A-Za-z_][][A-Za-z0-9_.]*$ && -z $extra ]] ||
      { echo "equiv.sh: -r $rmap: '$a $b $c${extra:+ $extra}': allowed: MODULE NEW_INSTANCE OLD_INSTANCE (letters, digits, _ . [ ])" >&2; exit 2; }
    renames+="$a $b $c"$'\n'
  done <"$rmap"
fi
defs=${EQUIV_DEFINES:-}
[[ $defs =~ ^(-D[A-Z_][A-Z0-9_]*( |$))*$ ]] ||
  { echo "equiv.sh: EQUIV_DEFINES = '$defs': allowed: -DNAME words" >&2; exit 2; }
command -v yosys >/dev/null || { echo "equiv.sh: yosys not found" >&2; exit 2; }
# Yosys reads the scripts as commands: it sees only plain names, the folders through links.
ln -sfn "$old" "$work/gold"; ln -sfn "$new" "$work/gate"

# modules DIR: "module file" per module of the folder's .v files (the SRAM primitive aside).
modules() {
  local f
  for f in "$1"/*.v; do
    [ -f "$f" ] || continue
    case ${f##*/} in cachegen_sram_1r1w.v) continue ;; esac
    sed -n 's/^[[:space:]]*module[[:space:]]\+\([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$f" |
      sed "s|\$| ${f##*/}|"
  done
}
modules "$old" | sort >"$work/old.mods"; modules "$new" | sort >"$work/new.mods"
if grep -qv '^[A-Za-z0-9_]* [A-Za-z0-9_.]*$' "$work/old.mods" "$work/new.mods"; then
  echo "equiv.sh: a module or file name that is not plain" >&2; exit 2
fi
[ -s "$work/old.mods" ] || { echo "equiv.sh: $old: no Verilog module" >&2; exit 2; }
# body FILE: the file without comment-only lines (the header names the generator version).
body() { grep -v '^[[:space:]]*//' "$1" | sha256sum | cut -d' ' -f1; }

# side S MODULE FILE PARAMS: Yosys commands elaborating one side's module, its instances cut out.
side() {
  local s=$1 m=$2 f=$3 p=$4 g
  echo "design -reset"
  for g in "$s"/*.v; do
    g=${g##*/}; [ "$g" = "$f" ] || echo "read_verilog $defs -lib $s/$g"
  done
  echo "read_verilog $defs $s/$f"
  [ -z "$p" ] || echo "chparam $p $m"
  echo "hierarchy -top $m"
  if [ "$s" = gate ] && [ -n "$renames" ]; then # the new side's instances under their old names
    local a b c
    while read -r a b c; do
      [ "$a" = "$m" ] && printf 'cd %s\nrename %s %s\ncd ..\n' "$m" "$b" "$c"
    done <<<"$renames"
  fi
  printf '%s\n' proc opt_clean "memory -nomap" memory_map async2sync \
    "tee -q -o $s.cells select -list t:* t:\$* %d" \
    "expose -evert t:* t:\$* %d" opt_clean "rename $m $s" "design -stash $s"
}

# abc_check MODULE FILE PARAMS TAG: the pair's miter (trigger = some output or black-box input
# differs), flops zero-initialized (as sat -set-init-zero above; undefined constants 0: the
# generated RTL has none) and mapped to an AIG, proven by yosys-abc's dprove. Prints proven,
# differ, timeout or failed.
abc_check() {
  local m=$1 f=$2 p=$3 tag=$4
  {
    side gold "$m" "$f" "$p"; side gate "$m" "$f" "$p"
    cat <<YS
design -copy-from gold -as gold gold
design -copy-from gate -as gate gate
miter -equiv -flatten gold gate miter
hierarchy -top miter
flatten
techmap
setundef -zero -init
dffunmap
techmap
aigmap
opt_clean
write_aiger -zinit $tag.aig
YS
  } >"$work/$tag.aig.ys"
  (cd "$work" && timeout "$tmod" yosys -q -l "$tag.aig.log" -s "$tag.aig.ys") >/dev/null 2>&1 ||
    { echo failed; return; }
  (cd "$work" && timeout "$tmod" yosys-abc -c "read_aiger $tag.aig; print_stats; dprove" >"$tag.abc.log" 2>&1)
  local rc=$?
  if grep -q "Networks are equivalent" "$work/$tag.abc.log"; then echo proven
  elif grep -q "Networks are not equivalent" "$work/$tag.abc.log"; then echo differ
  # a miter without latches: dprove runs CEC, one SAT problem on "some output differs"
  elif grep -q "Running CEC" "$work/$tag.abc.log" && grep -q "^UNSATISFIABLE" "$work/$tag.abc.log"; then echo proven
  elif grep -q "Running CEC" "$work/$tag.abc.log" && grep -q "^SATISFIABLE" "$work/$tag.abc.log"; then echo differ
  elif [ $rc -eq 124 ]; then echo timeout
  else echo failed; fi
}

# check MODULE FILE PARAMS TAG: one pair; prints its line; returns 0 proven, 1 counterexample or
# mismatch, 3 bounded or timeout.
check() {
  local m=$1 f=$2 p=$3 tag=$4 log="$work/$4.log" t0 rc
  t0=$(date +%s)
  # 1. ABC's sequential equivalence (dprove: signal correspondence, which pairs registers by their
  # function rather than their names, then induction and PDR) on the miter as an AIGER file.
  local ab=skipped; [ $skip_abc = 1 ] || ab=$(abc_check "$m" "$f" "$p" "$tag")
  case $ab in
    proven) echo "$tag: proven (ABC dprove, registers paired by function, $(( $(date +%s) - t0 )) s)"; return 0 ;;
    differ) echo "$tag: COUNTEREXAMPLE (ABC dprove: the networks differ from the zero state; $(( $(date +%s) - t0 )) s; $work/$tag.abc.log)"
            return 1 ;;
  esac
  # 2. the name-matched equivalence passes: quick when flops keep their names.
  {
    side gold "$m" "$f" "$p"; side gate "$m" "$f" "$p"
    cat <<YS
design -copy-from gold -as gold gold
design -copy-from gate -as gate gate
equiv_make gold gate equiv
hierarchy -top equiv
equiv_simple -seq 2
equiv_induct -seq 2
tee -o $tag.status equiv_status
YS
  } >"$work/$tag.eq.ys"
  (cd "$work" && timeout "$tmod" yosys -q -l "$tag.eq.log" -s "$tag.eq.ys") >/dev/null 2>&1; rc=$?
  local eqrc=$rc
  if [ $rc -eq 0 ] && grep -q "Equivalence successfully proven" "$work/$tag.status"; then
    echo "$tag: proven (equiv_induct on matched names, $(( $(date +%s) - t0 )) s)"; return 0
  fi
  # 3. the miter: a counterexample from the zero state, or a proof by induction.
  {
    side gold "$m" "$f" "$p"; side gate "$m" "$f" "$p"
    cat <<YS
design -copy-from gold -as gold gold
design -copy-from gate -as gate gate
tee -o $tag.ports select -list gold/i:* gold/o:*
tee -a $tag.ports select -list gate/i:* gate/o:*
miter -equiv -flatten -make_assert gold gate miter
hierarchy -top miter
opt -fast
sat -prove-asserts -tempinduct -set-init-zero -maxsteps $kmax -timeout $tmod miter
YS
  } >"$work/$tag.ys"
  (cd "$work" && timeout "$tmod" yosys -q -l "$tag.log" -s "$tag.ys") >/dev/null 2>&1; rc=$?
  local dt=$(( $(date +%s) - t0 ))
  if grep -q "model found for base case: FAIL" "$log"; then
    local step; step=$(grep -o "Trying induction with length [0-9]*" "$log" | tail -1 | grep -o '[0-9]*$')
    echo "$tag: COUNTEREXAMPLE within ${step:-?} steps of the zero state ($dt s; $log)"
    return 1
  fi
  if grep -q "Induction step proven: SUCCESS" "$log"; then
    local k; k=$(grep -o "Trying induction with length [0-9]*" "$log" | tail -1 | grep -o '[0-9]*$')
    echo "$tag: proven (induction k=${k:-?}, $dt s)"; return 0
  fi
  if grep -q "ERROR: .*port\|ERROR: No matching port\|width" "$log" && [ $rc -ne 124 ] && ! grep -q "Reached maximum" "$log"; then
    echo "$tag: INTERFACE DIFFERS: $(grep -m1 'ERROR' "$log" | cut -c1-160)"; return 1
  fi
  if [ $rc -eq 124 ]; then
    echo "$tag: timeout after $tmod s in the miter (no counterexample found; $log)"; return 3
  fi
  if ! grep -q "Reached maximum number of time steps" "$log"; then
    echo "$tag: Yosys failed: $(grep -m1 'ERROR' "$log" | cut -c1-160) ($log)"; return 1
  fi
  local why="induction open at k=$kmax, ABC dprove $ab"
  [ $eqrc -eq 124 ] && why="$why, equiv_induct timed out"
  local un; un=$(sed -n 's/.*Of those cells \([0-9]*\) are proven and \([0-9]*\) are unproven.*/\2 of \1+\2/p' "$work/$tag.status" 2>/dev/null)
  [ -n "$un" ] && why="$why, equiv_induct: $(sed -n 's/.*Found \([0-9]*\) \$equiv cells.*/\1/p' "$work/$tag.status" | head -1) name pairs, $(sed -n 's/.*are proven and \([0-9]*\) are unproven.*/\1/p' "$work/$tag.status") unproven"
  echo "$tag: bounded ($kmax steps from the zero state; $why; $dt s)"; return 3
}

start=$(date +%s); np=0; npr=0; nid=0; nb=0; nc=0; no=0
while read -r m f; do
  [ -z "$only" ] || [[ $m =~ ^($only)$ ]] || continue
  nf=$(awk -v m="$m" '$1 == m {print $2}' "$work/new.mods")
  if [ -z "$nf" ]; then echo "$m: NO PARTNER in $new"; np=$((np + 1)); nc=$((nc + 1)); continue; fi
  # parameter sets: the default, and each #(.P(V), ...) an old instance gives this module
  psets=("")
  while read -r ps; do [ -n "$ps" ] && psets+=("$ps"); done < <(
    grep -ho "^[[:space:]]*$m[[:space:]]*#([^;]*)[[:space:]]*[A-Za-z_]" "$old"/*.v |
      grep -o '\.[A-Za-z_][A-Za-z0-9_]*([0-9]*)' | sed 's/^\.\([A-Za-z0-9_]*\)(\([0-9]*\))/-set \1 \2/' |
      sort -u)
  for ps in "${psets[@]}"; do
    np=$((np + 1))
    tag=$m; [ -z "$ps" ] || tag="$m$(echo "$ps" | sed 's/-set \([A-Za-z0-9_]*\) /.\1=/g; s/ //g')"
    if [ $(( $(date +%s) - start )) -ge "$ttot" ]; then
      echo "$tag: skipped (overall time $ttot s spent)"; no=$((no + 1)); continue
    fi
    if [ $force = 0 ] && [ "$f" = "$nf" ] && [ "$(body "$old/$f")" = "$(body "$new/$nf")" ]; then
      echo "$tag: identical"; nid=$((nid + 1)); continue
    fi
    [ "$f" = "$nf" ] || { echo "$tag: in $f and $nf: files must keep their names"; nc=$((nc + 1)); continue; }
    check "$m" "$f" "$ps" "$tag"
    case $? in 0) npr=$((npr + 1)) ;; 1) nc=$((nc + 1)) ;; *) nb=$((nb + 1)) ;; esac
  done
done <"$work/old.mods"
while read -r m f; do
  [ -z "$only" ] || [[ $m =~ ^($only)$ ]] || continue
  awk -v m="$m" '$1 == m {found=1} END {exit !found}' "$work/old.mods" ||
    { echo "$m: NO PARTNER in $old"; np=$((np + 1)); nc=$((nc + 1)); }
done <"$work/new.mods"
echo "equiv: $np pairs: $npr proven, $nid identical, $nb bounded, $nc counterexample, $no other ($(( $(date +%s) - start )) s)"
[ $nc -eq 0 ] || exit 1
[ $nb -eq 0 ] && [ $no -eq 0 ] || exit 3
exit 0
