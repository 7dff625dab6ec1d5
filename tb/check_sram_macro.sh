#!/usr/bin/env bash
# check_sram_macro.sh WORKDIR: the SRAM arrays on a user's macro (sram.*; gen/emit_sram.c).
# For four macros (a bit mask with active-low pins of other names; a byte mask; no mask at one
# byte wide; no mask at 4 bits and 2 words), cachegen generates the output, then for six array
# shapes (narrower, wider and not a multiple of the macro; shallower, deeper, one word) the
# wrapper <name>_sram with the macro's stand-in model is linted alone (verilator -Wall, that
# shape's parameters) and run in Icarus beside the behavioural cachegen_sram_1r1w under the
# same random reads and writes (tb/sram/tb_sram_tile.v: read data equal every cycle after the
# first read). Then each mutant of the wrapper (a named rewrite that must change the file) must
# fail some shape in simulation (lint is not asked). Prints ok / not ok lines; exits 1 on any failure.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$1"; mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
cycles=${SRAM_CYCLES:-3000}
bad=0
# name|sram keys|random masks: bit (any bit) or byte (equal over each byte, as the caches write)
macros=(
  "m_bitlow|macro=TS1_SRAM_64X32 width=32 depth=64 mask=bit active_low=true pin_clk=CLK pin_re=REB pin_raddr=AA pin_rdata=QA pin_we=WEB pin_waddr=AB pin_wdata=DB pin_wmask=BWEB|bit"
  "m_byte|macro=sram_16x64_bytes width=64 depth=16 mask=byte|byte"
  "m_none8|macro=sram_512x8 width=8 depth=512 mask=none|byte"
  "m_none4|macro=sram_2x4 width=4 depth=2 mask=none active_low=true|byte"
)
# Width Depth AddrBits of an array
shapes=("37 32 5" "1024 32 5" "64 256 8" "8 2 1" "12 1 1" "130 64 6")

gen() { # DIR KEYS: generate fermi-l1 with the sram keys
  local a=() kv
  for kv in $2; do a+=(--set "sram.$kv"); done
  "$root/build/cachegen" --preset fermi-l1 "${a[@]}" -o "$1" >/dev/null
}
run_shapes() { # DIR MODEL_FILE MASKS TAG [mutant]: every shape linted and run; returns 1 on a
  # failure (a mutant: simulation only, up to the first shape that fails)
  local d=$1 model=$2 masks=$3 tag=$4 mut=${5:-} fail=0 s w dp ab bm=0 lg=$1.logs
  [ "$masks" = byte ] && bm=1
  mkdir -p "$lg"
  for s in "${shapes[@]}"; do
    read -r w dp ab <<<"$s"
    if [ -z "$mut" ] && ! verilator --lint-only -Wall -Wno-DECLFILENAME --top-module fermi_l1_sram -GWidth="$w" \
        -GDepth="$dp" -GAddrBits="$ab" "$d/$model" "$d/fermi_l1_sram.v" >"$lg/lint_$w.$dp.log" 2>&1; then
      echo "  $tag: shape ${w}x$dp: lint fails ($lg/lint_$w.$dp.log)"; fail=1; continue
    fi
    if ! iverilog -g2005 -o "$lg/t.vvp" -DDUT=fermi_l1_sram -DWIDTH="$w" -DDEPTH="$dp" -DABITS="$ab" \
        -DBYTE_MASKS=$bm -DSEED=$((w * 7 + dp)) -DCYCLES="$cycles" "$root/tb/sram/tb_sram_tile.v" \
        "$root/rtl/cachegen_sram_1r1w.v" "$d/$model" "$d/fermi_l1_sram.v" >"$lg/iv.log" 2>&1; then
      echo "  $tag: shape ${w}x$dp: Icarus does not build ($lg/iv.log)"; fail=1; continue
    fi
    out=$(vvp -n "$lg/t.vvp" 2>&1 | grep -E '^(PASS|FAIL|MISMATCH)' | tail -1)
    case $out in PASS*) ;; *) echo "  $tag: shape ${w}x$dp: $out"; fail=1; [ -z "$mut" ] || return 1 ;; esac
  done
  return $fail
}

for m in "${macros[@]}"; do
  IFS='|' read -r name keys masks <<<"$m"
  d=$work/$name
  if ! gen "$d" "$keys"; then echo "not ok - $name: cachegen refuses it"; bad=1; continue; fi
  model=$(sed -n 's/^sram macro model: //p' "$d/cachegen.manifest")
  [ -n "$model" ] && [ -f "$d/$model" ] || { echo "not ok - $name: no macro model in the manifest"; bad=1; continue; }
  if run_shapes "$d" "$model" "$masks" "$name"; then
    echo "ok - $name: 6 array shapes lint clean and equal the behavioural primitive ($cycles cycles each)"
  else
    echo "not ok - $name: a shape failed"; bad=1
  fi
done

# It packages as it says (m_bitlow's folder; its README: gen/test_readme.sh): FuseSoC's lint_sys
# target (the wrapper and the stand-in, sram and sram_model filesets) passes; the default target,
# what a dependent core gets, lists no stand-in.
d=$work/m_bitlow
fusesoc=$root/build/venv/bin/fusesoc
ver=$("$root/build/cachegen" --version | awk '{print $NF}')
if [ ! -x "$fusesoc" ]; then
  echo "not ok - $fusesoc missing: run 'make deps'"; bad=1
elif rm -rf "$work/fs" && cp -r "$d" "$work/fs" && (cd "$work/fs" && XDG_CACHE_HOME=$work/xdg XDG_DATA_HOME=$work/xdg "$fusesoc" --cores-root . run \
        --target lint_sys "cachegen:cache:fermi_l1:$ver") >"$work/fusesoc.log" 2>&1 &&
     ! awk '/^  default:/,/^  l2:/' "$d/fermi_l1.core" | grep -q sram_model; then
  echo "ok - m_bitlow: FuseSoC lint_sys passes with the stand-in; the default target has none"
else
  echo "not ok - m_bitlow: FuseSoC lint_sys or the default target ($work/fusesoc.log)"; bad=1
fi

# mutant NAME MACRO SED: the rewrite must change the wrapper and some shape must then fail
mutant() {
  local name=$1 m=$2 expr=$3 d=$work/mut_$1 keys masks model
  keys=$(printf '%s\n' "${macros[@]}" | awk -F'|' -v n="$m" '$1 == n {print $2}')
  masks=$(printf '%s\n' "${macros[@]}" | awk -F'|' -v n="$m" '$1 == n {print $3}')
  gen "$d" "$keys" || { echo "not ok - mutant $name: generate"; bad=1; return; }
  model=$(sed -n 's/^sram macro model: //p' "$d/cachegen.manifest")
  cp "$d/fermi_l1_sram.v" "$d.orig.v"
  sed -i "$expr" "$d/fermi_l1_sram.v"
  if cmp -s "$d.orig.v" "$d/fermi_l1_sram.v"; then echo "not ok - mutant $name: the rewrite did not apply"; bad=1; return; fi
  if run_shapes "$d" "$model" "$masks" "$name" mutant >"$d.result" 2>&1; then
    echo "not ok - mutant $name: not caught"; bad=1
  else
    echo "ok - mutant $name: caught ($(head -1 "$d.result" | sed 's/^ *//'))"
  fi
}
mutant data_from_row_read_now m_bitlow 's/rdata_all\[rrow_q\*PadWidth/rdata_all[rrow*PadWidth/'
mutant write_ignores_row m_byte 's/we_i \& (wrow == Row)/we_i/'
mutant write_data_first_column m_bitlow 's/wdata_x\[k\*MacroWidth +: MacroWidth\]/wdata_x[0 +: MacroWidth]/'
mutant byte_mask_first_column m_byte 's/wmask_x\[k\*MacroWidth + 8\*y\]/wmask_x[8*y]/'
mutant write_enable_polarity m_bitlow 's/(~row_we)/(row_we)/'
mutant unmasked_write_all_bytes m_none8 's/row_we \& wmask_x\[k\*MacroWidth\]/row_we/'
mutant read_row_without_enable m_none4 's/re_i \& (rrow == Row)/rrow == Row/'

# Lockstep (SRAM_LOCKSTEP: l1, the default, or all: l1, l2, sys): the cache on a 16-word,
# 256-bit macro (the L1's 32 sets on two macro rows, its lines on four columns; the L2's 64 sets
# on four) against the C
# model through cachegen verify; then the same output with a broken wrapper (its write data all
# from the first column) through cachegen verify --rtl must fail: the lockstep sees the arrays.
lock=${SRAM_LOCKSTEP:-l1}
case $lock in l1) only=l1 ;; all) only=l1,l2,sys ;; 0) exit $bad ;;
  *) echo "check_sram_macro.sh: SRAM_LOCKSTEP = '$lock'; allowed: l1, all, 0" >&2; exit 2 ;; esac
# (the L2 cut to 64 sets x 4 ways: 64 data macros on four rows, not fermi-l1's 1,024, whose
# Verilator build alone took 6.5 min)
lk=(--preset fermi-l1 --set sram.macro=SRAM16X256 --set sram.width=256 --set sram.depth=16
    --set sram.mask=byte --set sram.active_low=true --set l2.sets=64 --set l2.ways=4)
if "$root/build/cachegen" verify "${lk[@]}" --only "$only" -o "$work/verify" >"$work/verify.log" 2>&1; then
  echo "ok - lockstep on a 16 x 256 macro ($only): $(grep -o '[0-9]* lockstep runs, [0-9]* events, 0 mismatches' "$work/verify.log")"
else
  echo "not ok - lockstep on a 16 x 256 macro ($only) fails ($work/verify.log)"; bad=1
fi
"$root/build/cachegen" "${lk[@]}" -o "$work/eco" >/dev/null || { echo "not ok - generate the ECO copy"; exit 1; }
sed -i 's/wdata_x\[k\*MacroWidth +: MacroWidth\]/wdata_x[0 +: MacroWidth]/' "$work/eco/fermi_l1_sram.v"
"$root/build/cachegen" verify --rtl "$work/eco" --only l1 -o "$work/verify_eco" >"$work/verify_eco.log" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q 'fermi_l1_sram.v' "$work/verify_eco.log"; then
  echo "ok - a broken wrapper (write data from the first column) fails verify --rtl: $(grep -m1 -o 'mismatch[^;]*' "$work/verify_eco.log" | head -c 120)"
else
  echo "not ok - a broken wrapper passes verify --rtl (exit $rc, $work/verify_eco.log)"; bad=1
fi
exit $bad
