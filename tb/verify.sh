#!/usr/bin/env bash
# verify.sh: the flow behind `cachegen verify` (gen/verify.c checks every argument, the
# configuration and the work directory, then runs this script in its place; call that, not
# this). One configuration from generation to a verdict, one line per stage:
#   generate  CACHEGEN CONFIG_ARGS -o WORKDIR/rtl
#   rtl       (RTL given: --rtl DIR) DIR copied to WORKDIR/rtl-user, the runs' RTL; its files
#             changed since cachegen wrote them (DIR/cachegen.manifest) listed; every top's
#             ports (tb/ports_of.sh) must be those of WORKDIR/rtl, or the flow stops (exit 2)
#   lint      verilator --lint-only -Wall with the generated waivers, silent, for every top run
#             (of the user's RTL: warnings reported, not fatal)
#   per harness (l1, l2, sys, duel, dwt: the tops the configuration has, or ONLY):
#     build   tb/build_harness.sh <x> into WORKDIR/<x>/ (on a terminal: a progress line on
#             stderr every 10 s, CACHEGEN_PROGRESS_MS), reused while a hash of the RTL, the
#             harness and model sources, the model libraries, the build script and Verilator's
#             version is unchanged (WORKDIR/<x>/key); ccache (if installed) serves the rest
#     run     the harness with +cover (the L1 first runs its directed script): l1 and l2 REQUESTS
#             random requests, sys REQUESTS shared by its cores, duel 4000 intervals (0.2-30 M
#             cycles); a mismatching run is rerun with +trace for a waveform
#   icarus    (ICARUS=1) tb/run_icarus.sh (500 requests), tb/run_xsim.sh (1000), and iverilog
#             -g2005 -Wall elaboration of the L2 and system tops
# then a summary line (runs, events, mismatches, coverage holes, time) and, unless everything
# passed, "reproduce: <the cachegen verify command>" and the failing run's own command line.
# The flow stops at the first mismatch or failure; a coverage hole is reported and it goes on.
#
# usage: tb/verify.sh CACHEGEN WORKDIR SEED REQUESTS WAVES ICARUS ONLY RTL -- CONFIG_ARGS...
#   CACHEGEN      the cachegen that generates (absolute: the reproduce command names it)
#   WORKDIR       rtl/, the harness builds, every log (*.log) and waveform (*.fst); marked and
#                 locked by WORKDIR/.cachegen-verify
#   WAVES ICARUS  0 or 1 (--waves: +trace for every run; --icarus)
#   ONLY          all, or a comma list of l1, l2, sys, duel, dwt
#   RTL           - (the generated RTL), or the absolute path of the user's output folder (only
#                 read; CONFIG_ARGS is then --config RTL/config.yaml)
#   CONFIG_ARGS   --preset NAME | --config FILE, then --set KEY=VALUE ...
# environment: MUTATE="SUFFIX|SED_EXPR" (tests of this flow, as in tb/check_config.sh): after
#   the lint the RTL is copied to WORKDIR/rtl-mutant and <top>SUFFIX is edited there; the builds
#   and runs use the copy, and the reproduce command carries MUTATE.
# Exit status: 0 pass, 1 mismatch or failure, 3 coverage hole (no mismatch), 2 bad usage.
set -uo pipefail
usage() {
  echo "usage: $0 CACHEGEN WORKDIR SEED REQUESTS WAVES ICARUS ONLY RTL -- CONFIG_ARGS..." >&2
  echo "(run it through cachegen verify, which checks the arguments)" >&2
  exit 2
}
[ $# -ge 9 ] && [ "$9" = -- ] || usage
cachegen=$1; work=$2; seed=$3; requests=$4; waves=$5; icarus=$6; only=$7; user=$8
shift 9
cfg=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "cachegen verify: error: $*" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ && $requests =~ ^[1-9][0-9]*$ && $waves =~ ^[01]$ && $icarus =~ ^[01]$ &&
   ( $user = - || $user = /* ) ]] || usage
for f in build/libcmodel.a build/libcore.a; do
  [ -f "$root/$f" ] || die "$root/$f is missing; run make all in $root"
done
[ "$icarus" = 0 ] || [ -x "$root/build/mkstim" ] || die "$root/build/mkstim is missing; run make all"
command -v verilator >/dev/null || die "verilator not found (make deps installs it)"
[ "$icarus" = 0 ] || command -v iverilog >/dev/null || die "iverilog not found (make deps installs it)"
mkdir -p "$work" && work=$(cd "$work" && pwd) || die "-o = $work: cannot be created"
exec 9>>"$work/.cachegen-verify" # the mark of a verify work directory, and its lock
flock -n 9 || die "-o = $work: another cachegen verify is running there"

ms() { date +%s%N; }
secs() { # START_NS: seconds since, one decimal
  local d=$(( ($(ms) - $1) / 1000000 ))
  printf '%d.%d s' $((d / 1000)) $((d % 1000 / 100))
}
row() { # LABEL START_NS TEXT
  printf '  %-18s %7s  %s\n' "$1" "$(secs "$2")" "$3"
}
q() { # ARGS...: each argument quoted for a shell only where it needs it, joined by spaces
  local a out="" sq="'"
  for a in "$@"; do
    if [[ $a =~ ^[A-Za-z0-9_./:=,+@%-]+$ ]]; then out="$out $a"
    else out="$out '${a//$sq/$sq\\$sq$sq}'"; fi
  done
  echo "${out# }"
}
plural() { [ "$1" = 1 ] && echo "$1 $2" || echo "$1 ${3:-${2}s}"; }

# the command that reproduces this run: MUTATE (a test's) and every argument, with shell quoting
if [ "$user" = - ]; then repro=( "$cachegen" verify "${cfg[@]}" )
else repro=( "$cachegen" verify --rtl "$user" ); fi
repro+=( --seed "$seed" --requests "$requests" )
[ "$waves" = 1 ] && repro+=(--waves)
[ "$icarus" = 1 ] && repro+=(--icarus)
[ "$only" != all ] && repro+=(--only "$only")
repro+=(-o "$work")
repro=$(q "${repro[@]}")
[ -z "${MUTATE:-}" ] || repro="MUTATE=$(q "$MUTATE") $repro"
start=$(ms)
runs=0; events=0; mismatches=0; holes=0; failed=0; fail_cmd=""; hole_cmd=""; name="?"; notrun=""
if [ "$user" = - ]; then what=${cfg[*]:-(defaults)}; else what="--rtl $user"; fi
echo "cachegen verify: $what, seed $seed, $requests requests (work: $work)"

finish() {
  local verdict=PASS rc=0
  if [ "$failed" = 1 ]; then verdict=FAIL; rc=1
  elif [ "$holes" -gt 0 ]; then verdict=HOLE; rc=3; fi
  echo "cachegen verify: $verdict $name: $(plural "$runs" "lockstep run"), $(plural "$events" event)," \
    "$(plural "$mismatches" mismatch mismatches), $(plural "$holes" "coverage hole") in $(secs "$start")"
  if [ $rc != 0 ]; then
    [ -z "$notrun" ] || echo "not run after the failure:$notrun"
    echo "reproduce: $repro"
    local alone=${fail_cmd:-$hole_cmd}
    [ -z "$alone" ] || echo "the failing run alone, on this build (+trace=FILE.fst adds a waveform): $alone"
  fi
  exit $rc
}
fail() { failed=1; finish; }

# ---- generate ------------------------------------------------------------------------------
t=$(ms)
gen="$work/rtl"
if ! "$cachegen" "${cfg[@]}" -o "$gen" >"$work/generate.log" 2>&1; then
  row generate "$t" "FAIL: $(tail -1 "$work/generate.log")"
  fail_cmd=$(q "$cachegen" "${cfg[@]}" -o "$gen"); fail
fi
top=$(sed -n 's/^top: //p' "$gen/cachegen.manifest")
l2=$(sed -n 's/^l2: //p' "$gen/cachegen.manifest")
sys=$(sed -n 's/^system: //p' "$gen/cachegen.manifest")
for m in "$top" "$l2" "$sys"; do # module names, used in file names and tool arguments
  [[ $m =~ ^[a-z][a-z0-9_]*$ ]] || die "$gen/cachegen.manifest: no module names in its top:, l2:, system: lines"
done
name=$top
declare -A mods=([l1]="$top" [l2]="$l2" [sys]="$sys" [duel]="" [dwt]="")
[ -f "$gen/${top}_duel.v" ] && mods[duel]="${top}_duel"
[ -f "$gen/${top}_dwt.v" ] && mods[dwt]="${top}_dwt"
avail=""
for k in l1 l2 sys duel dwt; do [ -n "${mods[$k]}" ] && avail="$avail $k"; done
if [ "$only" = all ]; then kinds=${avail# }
else
  kinds=${only//,/ }
  for k in $kinds; do
    [ -n "${mods[$k]:-}" ] ||
      die "--only = $only: $name has no $k top (duel comes with l1.mode = decoupled, dwt with l1.mode = sacat); allowed:$avail"
  done
fi
row generate "$t" "ok: $name in $gen (harnesses: $kinds)"

# ---- the user's RTL (--rtl DIR): a copy, its changes, its ports ------------------------------
src=$gen
if [ "$user" != - ]; then
  t=$(ms)
  src="$work/rtl-user"
  rm -rf "$src" && cp -rL "$user" "$src" || die "--rtl = $user: cannot be copied to $src"
  for key in top l2 system; do
    got=$(sed -n "s/^$key: //p" "$src/cachegen.manifest")
    want=$(sed -n "s/^$key: //p" "$gen/cachegen.manifest")
    [ "$got" = "$want" ] || {
      row rtl "$t" "FAIL: $user/cachegen.manifest names $key ${got:-(none)}, the configuration's is $want"
      echo "cachegen verify: error: --rtl = $user: its manifest does not match its config.yaml (allowed: a folder cachegen wrote, its module names kept)" >&2
      exit 2; }
  done
  # files changed since cachegen wrote them (their SHA-256 in the manifest), and files it did not write
  changed=$(cd "$src" && awk '/^file: / { print $2 "  " $3 }' cachegen.manifest |
            sha256sum -c 2>/dev/null | sed -n 's/: FAILED.*$//p' | paste -sd' ')
  added=$(cd "$src" && find . -type f ! -name cachegen.manifest ! -name .cachegen-verify | sed 's#^\./##' | sort |
          comm -23 - <(awk '/^file: / { print $3 }' cachegen.manifest | sort) | paste -sd' ')
  bad=""
  for k in $kinds; do
    if ! diff <("$root/tb/ports_of.sh" "$gen" "$top.f" "${mods[$k]}" 2>/dev/null) \
              <("$root/tb/ports_of.sh" "$src" "$top.f" "${mods[$k]}" 2>"$work/ports.log") \
              >"$work/ports_${k}.diff"; then
      bad="$bad $k"
    fi
  done
  if [ -n "$bad" ]; then
    row rtl "$t" "FAIL: the ports of$(for k in $bad; do printf ' %s' "${mods[$k]}"; done) differ from the configuration's"
    for k in $bad; do
      echo "    ${mods[$k]} (< the configuration's, > $user's; direction, bits, name):"
      if [ -s "$work/ports_${k}.diff" ]; then grep '^[<>]' "$work/ports_${k}.diff" | head -12 | sed 's/^/      /'
      else sed 's/^/      /' "$work/ports.log" | head -6; fi
    done
    echo "cachegen verify: error: --rtl = $user: its tops' ports are not its configuration's (allowed: RTL whose tops keep the ports cachegen generated for config.yaml)" >&2
    exit 2
  fi
  row rtl "$t" "ok: $user copied to $src; changed since generated: ${changed:-none}${added:+; added: $added}; ports as configured"
fi

# ---- lint (before any test mutation): the generated RTL silent; the user's (--rtl) reported --
t=$(ms); lintwarn=""; : >"$work/lint.log"
for k in $kinds; do
  wflags=(-Wall); [ "$src" = "$gen" ] || wflags+=(-Wno-fatal) # warnings in the user's: reported
  msg=$(cd "$src" && verilator --lint-only "${wflags[@]}" -F "$top.f" "${top}_lint.vlt" \
        --top-module "${mods[$k]}" 2>&1)
  rc=$?
  if [ $rc = 0 ] && [ -n "$msg" ] && [ "$src" != "$gen" ]; then
    echo "$msg" >>"$work/lint.log"; lintwarn="$lintwarn ${mods[$k]}"; continue
  fi
  if [ $rc != 0 ] || [ -n "$msg" ]; then
    echo "$msg" >"$work/lint.log"
    row lint "$t" "FAIL: ${mods[$k]}: verilator -Wall is not silent ($work/lint.log)"
    echo "$msg" | head -10 | sed 's/^/      /'
    fail_cmd="cd $(q "$src") && verilator --lint-only -Wall -F $top.f ${top}_lint.vlt --top-module ${mods[$k]}"
    notrun=" $kinds"; fail
  fi
done
lint_mods=""
for k in $kinds; do lint_mods="$lint_mods ${mods[$k]}"; done
if [ -n "$lintwarn" ]; then
  row lint "$t" "ok, with warnings in the user's$lintwarn (not fatal with --rtl; $work/lint.log)"
else
  row lint "$t" "ok:$lint_mods (verilator -Wall, no warnings)"
fi

out=$src
if [ -n "${MUTATE:-}" ]; then # a deliberate bug, after the lint: tests the failure paths
  IFS='|' read -r msuffix mexpr <<<"$MUTATE"
  out="$work/rtl-mutant"
  rm -rf "$out" && cp -r "$src" "$out" || die "cannot copy $src to $out"
  sed -i "$mexpr" "$out/$top$msuffix"
  cmp -s "$out/$top$msuffix" "$src/$top$msuffix" && die "MUTATE=$MUTATE did not change $top$msuffix"
  echo "  mutated            $top$msuffix in $out: $mexpr"
fi

# ---- build, cached -------------------------------------------------------------------------
progress() { # PID LABEL LOG: while PID runs, a line on stderr every CACHEGEN_PROGRESS_MS (10 s)
  # when stderr is a terminal (a cold build takes minutes); nothing into a pipe or a file
  local pid=$1 t0 last now every=${CACHEGEN_PROGRESS_MS:-10000}
  [[ $every =~ ^[1-9][0-9]*$ ]] || every=10000
  [ -t 2 ] || return 0
  t0=$(ms); last=$t0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 0.1; now=$(ms)
    if [ $(( (now - last) / 1000000 )) -ge "$every" ]; then
      last=$now
      echo "cachegen verify: $2: $(secs "$t0"), verilating and compiling ($3)" >&2
    fi
  done
}
build() { # KIND: WORKDIR/KIND/<binary>, rebuilt only when its inputs changed
  local k=$1 script=build_harness.sh bin key t
  case $k in
    l1) bin=Vdut ;;
    l2) bin=Vl2 ;;
    sys) bin=Vsys ;;
    duel) bin=Vduel ;;
    dwt) bin=Vdwt ;;
  esac
  t=$(ms)
  key=$( { verilator --version; cat "$out"/*.v "$out"/*.vlt "$out"/*.f "$out/config.yaml" \
           "$root"/tb/*.cpp "$root"/tb/*.h "$root/tb/$script" "$root"/core/*.h "$root"/cmodel/*.h \
           "$root/cmodel/cm_duel.c" "$root/cmodel/cm_dwt.c" \
           "$root/build/libcmodel.a" "$root/build/libcore.a"; } 2>/dev/null | sha256sum | cut -c1-64)
  if [ -x "$work/$k/$bin" ] && [ "$(cat "$work/$k/key" 2>/dev/null)" = "$key" ]; then
    row "$k build" "$t" "ok (cached: $work/$k/$bin)"; return 0
  fi
  rm -f "$work/$k/key"
  local rc
  "$root/tb/$script" "$k" "$out" "$work/$k" >"$work/${k}_build.log" 2>&1 &
  progress "$!" "$k build" "$work/${k}_build.log"; wait "$!"; rc=$?
  if [ $rc != 0 ]; then
    row "$k build" "$t" "FAIL: $work/${k}_build.log"
    grep -m5 -E '%Error|error' "$work/${k}_build.log" | sed 's/^/      /'
    fail_cmd=$(q "$root/tb/$script" "$k" "$out" "$work/$k")
    return 1
  fi
  echo "$key" >"$work/$k/key"
  row "$k build" "$t" "ok ($work/$k/$bin)"
}

# ---- one lockstep run ----------------------------------------------------------------------
coverage() { # LOG: ", coverage H/R bins" (hit of reachable) from the harness's bins line
  awk '/^coverage: [a-z_0-9]+=/ || /^(duel|dwt)_harness: coverage/ {
         for (i = 2; i <= NF; i++) if ($i ~ /=/) { n++; if ($i ~ /=n\/a$/) na++; else if ($i ~ /=0$/) z++ } }
       END { if (n) printf ", coverage %d/%d bins", n - na - z, n - na }' "$1"
}
run() { # KIND LABEL COVER(0/1) HARNESS_COMMAND...: 0 pass or hole, 1 mismatch or failure
  local k=$1 label=$2 cov=$3; shift 3
  local base="$work/${k}_${label// /_}" rc t ev msg
  local cmd=("$@")
  [ "$waves" = 1 ] && cmd+=("+trace=$base.fst")
  t=$(ms)
  "${cmd[@]}" >"$base.log" 2>&1
  rc=$?
  runs=$((runs + 1))
  ev=$(sed -n 's/^[a-z0-9_]*: [0-9]* cycles, \([0-9]*\) \(events\|interval ends\).*/\1/p' "$base.log" | tail -1)
  events=$((events + ${ev:-0}))
  local c=""; [ "$cov" = 1 ] && c=$(coverage "$base.log")
  local w=""; [ "$waves" = 1 ] && w=", waveform $base.fst"
  if [ $rc = 0 ] && grep -q '^[a-z0-9_]*_harness: PASS' "$base.log"; then
    row "$k $label" "$t" "PASS: ${ev:-0} events$c$w"; return 0
  fi
  if [ $rc = 3 ]; then # a coverage hole, no mismatch: reported, the flow goes on
    local bins
    bins=$(sed -n 's/^COVERAGE HOLE: bin \([^ ]*\) .*/\1/p' "$base.log" | tr '\n' ' ')
    holes=$((holes + $(echo "$bins" | wc -w)))
    row "$k $label" "$t" "HOLE: ${ev:-0} events$c; unhit: ${bins% } ($base.log)"
    [ -n "$hole_cmd" ] || hole_cmd=$(q "$@")
    return 0
  fi
  if grep -q '^MISMATCH' "$base.log"; then
    mismatches=$((mismatches + 1)); msg=$(grep -m1 '^MISMATCH' "$base.log")
  else
    msg="exit status $rc: $(grep -v '^coverage' "$base.log" | tail -1)"
  fi
  row "$k $label" "$t" "FAIL: $msg"
  # the fields that differ (or the first detail lines when none is marked)
  sed -n '/^MISMATCH/,$p' "$base.log" | sed -n '2,40p' | grep '^ ' >"$base.detail"
  { grep 'differs' "$base.detail" || head -6 "$base.detail"; } | head -8 | sed 's/^ */    /'
  rm -f "$base.detail"
  if [ "$waves" = 0 ]; then # the same run again, traced
    "$@" +trace="$base.fst" >/dev/null 2>&1
  fi
  [ -s "$base.fst" ] && echo "  waveform: $base.fst"
  echo "  log: $base.log"
  fail_cmd=$(q "$@")
  return 1
}

cores=$(awk '/^system:/ { s = 1; next } /^[^ ]/ { s = 0 } s && /^  cores:/ { print $2 }' "$gen/config.yaml")
interval=$(sed -n 's/^ *duel_interval: *//p' "$gen/config.yaml")
period=$(awk '/^dwt:/ { s = 1; next } /^[^ ]/ { s = 0 } s && $1 == "period:" { print $2 }' "$gen/config.yaml")
stages="$kinds"; [ "$icarus" = 1 ] && stages="$stages icarus"
rest() { # STAGE: the stages after it, for "not run"
  local s seen=0 r=""
  for s in $stages; do [ $seen = 1 ] && r="$r $s"; [ "$s" = "$1" ] && seen=1; done
  echo "$r"
}
for k in $kinds; do
  if ! build "$k"; then notrun=" $k run$(rest "$k")"; fail; fi
  ok=1
  case $k in
    l1)
      run l1 directed 0 "$work/l1/Vdut" +dir="$out" +seed="$seed" +traffic=directed || ok=0
      [ $ok = 1 ] && { run l1 "random seed $seed" 1 "$work/l1/Vdut" +dir="$out" +seed="$seed" \
        +traffic=mix +requests="$requests" +cover || ok=0; } ;;
    l2)
      run l2 "random seed $seed" 1 "$work/l2/Vl2" +dir="$out" +seed="$seed" \
        +requests="$requests" +cover || ok=0 ;;
    sys)
      per=$(( (requests + ${cores:-1} - 1) / ${cores:-1} ))
      run sys "random seed $seed" 1 "$work/sys/Vsys" +dir="$out" +seed="$seed" \
        +requests="$per" +cover || ok=0 ;;
    duel)
      cycles=$(( ${interval:-500} * 4000 ))
      [ "$cycles" -lt 200000 ] && cycles=200000
      [ "$cycles" -gt 30000000 ] && cycles=30000000
      run duel "random seed $seed" 1 "$work/duel/Vduel" +dir="$out" +seed="$seed" \
        +cycles="$cycles" +cover || ok=0 ;;
    dwt) # 4000 periods, as check_top runs the dwt kind
      cycles=$(( ${period:-500} * 4000 ))
      [ "$cycles" -lt 200000 ] && cycles=200000
      [ "$cycles" -gt 30000000 ] && cycles=30000000
      run dwt "random seed $seed" 1 "$work/dwt/Vdwt" +dir="$out" +seed="$seed" \
        +cycles="$cycles" +cover || ok=0 ;;
  esac
  [ $ok = 1 ] || { notrun=$(rest "$k"); fail; }
done

# ---- Icarus --------------------------------------------------------------------------------
if [ "$icarus" = 1 ]; then
  t=$(ms)
  if "$root/tb/run_icarus.sh" "$out" "$work/icarus" "$seed" 500 >"$work/icarus.log" 2>&1; then
    row "icarus testbench" "$t" "PASS: 500 requests of the C model's stimulus, every response matched"
  else
    row "icarus testbench" "$t" "FAIL: $(tail -1 "$work/icarus.log") ($work/icarus.log)"
    fail_cmd=$(q "$root/tb/run_icarus.sh" "$out" "$work/icarus" "$seed" 500); fail
  fi
  t=$(ms)
  if "$root/tb/run_xsim.sh" "$out" "$work/l1" "$work/xsim" "$seed" 1000 >"$work/xsim.log" 2>&1; then
    row "icarus replay" "$t" "PASS: $(tail -1 "$work/xsim.log" | sed 's/^run_xsim: [^:]*: //')"
  else
    row "icarus replay" "$t" "FAIL: $(grep -m1 'differ' "$work/xsim.log" || tail -1 "$work/xsim.log") ($work/xsim.log)"
    fail_cmd=$(q "$root/tb/run_xsim.sh" "$out" "$work/l1" "$work/xsim" "$seed" 1000); fail
  fi
  t=$(ms); elab=""
  files=(); while read -r f; do files+=("$out/$f"); done <"$out/$top.f"
  for k in l2 sys; do
    [[ " $kinds " == *" $k "* ]] || continue
    msg=$(iverilog -g2005 -Wall -s "${mods[$k]}" -o "$work/icarus/${mods[$k]}.vvp" "${files[@]}" 2>&1)
    if [ $? != 0 ] || [ -n "$msg" ]; then
      row "icarus elaborate" "$t" "FAIL: ${mods[$k]}: iverilog -Wall is not silent"
      echo "$msg" | head -10 | sed 's/^/      /'
      fail_cmd="iverilog -g2005 -Wall -s ${mods[$k]} -o /dev/null $(q "${files[@]}")"; fail
    fi
    elab="$elab ${mods[$k]}"
  done
  [ -z "$elab" ] || row "icarus elaborate" "$t" "ok:$elab (iverilog -g2005 -Wall, silent)"
fi
finish
