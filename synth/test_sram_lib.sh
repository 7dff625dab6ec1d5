#!/usr/bin/env bash
# test_sram_lib.sh WORKDIR: the cost flow of an output on the user's own SRAM macro (sram.*;
# synth.sh with SYNTH_SRAM_LIB, cost_macro.c). A small L1 (fermi-l1 at 4 sets, 2 ways, 32-byte
# lines, 2 MSHRs) on a made-up macro of 2 words x 32 bits (so each array is a grid of 2 macro
# rows), whose Liberty this test writes itself: one cell, its clock pin with min_period,
# clock-to-data-out arcs, setup on the inputs, an area. Against numbers computed here from the
# generated RTL's array shapes (each <name>_sram instance's Width and Depth) and the Liberty's
# own figures:
#   - without SYNTH_SRAM_LIB synth.sh exits 3 saying how to give it; a Liberty without the
#     cell is refused before Yosys runs, naming the cell and the file;
#   - Yosys reads the Liberty and never the stand-in; the netlist holds the expected macros;
#   - cost one: the macro count (sum of ceil(W / 32) x ceil(D / 2)), area (count x the cell's
#     area, in GE at 0.798 um^2), macro and array bits, the minimum period (and "not given"
#     without one); the critical path starts at a macro with the Liberty's clock-to-out;
#   - the same output on a Liberty whose clock-to-out is 1 ns slower times 1 ns longer;
#   - make synth SRAM_LIB=... (a path with a blank, a quote and ';'): its Markdown report
#     names the macro, count, area and minimum period;
#   - mutants: a wrapper with a column of macros removed fails cost's tiling and bits checks;
#     a Liberty with the area doubled fails this test's expected area.
# Prints ok / not ok lines; exits 1 on any failure.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$1"; mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
make -s -C "$root" build/cachegen build/cost build/stanet >/dev/null || exit 1
bad=0
ok() { echo "ok - $*"; }
nok() { echo "not ok - $*"; bad=1; }
macro=tmac_2x32 words=2 bits=32 area=1234.5 min_period=2.6 clk_q=2.0
gen=(--preset fermi-l1 --set l1.sets=4 --set l1.ways=2 --set l1.line_bytes=32 --set l1.mshrs=2
     --set sram.macro=$macro --set sram.width=$bits --set sram.depth=$words --set sram.mask=bit)
"$root/build/cachegen" "${gen[@]}" -o "$work/rtl" >/dev/null || { nok "cachegen of the small L1 on $macro"; exit 1; }

# liberty FILE CELL AREA CLOCK_TO_OUT [timing]: the macro's Liberty (address 1 bit, data and
# mask 32); "timing": the minimum period as a minimum_period timing group, OpenRAM's layout,
# and the two enables in one group, pin (re_i, we_i)
liberty() {
  local period="min_period : $min_period;"
  [ "${5:-}" != timing ] || period="timing(){
        timing_type :\"minimum_period\";
        related_pin  : clk_i;
        rise_constraint(scalar) {
          values(\"$min_period\");
        }
        fall_constraint(scalar) {
          values(\"$min_period\");
        }
      }"
  local setup='timing () { related_pin : "clk_i"; timing_type : setup_rising;
        rise_constraint (scalar) { values ("0.1"); } fall_constraint (scalar) { values ("0.1"); } }'
  local enables="pin (re_i) { direction : input; capacitance : 1.0;
      $setup }
    pin (we_i) { direction : input; capacitance : 1.0;
      $setup }"
  [ "${5:-}" != timing ] || enables="pin (re_i, we_i) { direction : input; capacitance : 1.0;
      $setup }"
  cat >"$1" <<LIB
/* a made-up 2 x 32 macro for synth/test_sram_lib.sh */
library (test_sram_lib) {
  delay_model : table_lookup;
  time_unit : "1ns";
  voltage_unit : "1V";
  current_unit : "1mA";
  capacitive_load_unit (1, ff);
  pulling_resistance_unit : "1kohm";
  leakage_power_unit : "1nW";
  input_threshold_pct_rise : 50;
  input_threshold_pct_fall : 50;
  output_threshold_pct_rise : 50;
  output_threshold_pct_fall : 50;
  slew_lower_threshold_pct_rise : 10;
  slew_upper_threshold_pct_rise : 90;
  slew_lower_threshold_pct_fall : 10;
  slew_upper_threshold_pct_fall : 90;
  type (word32) { base_type : array; data_type : bit; bit_width : 32; bit_from : 31; bit_to : 0; downto : true; }
  cell ($2) {
    area : $3;
    pin(clk_i){
      direction : input; capacitance : 2.0; clock : true;
      $period
    }
    $enables
    pin (raddr_i) { direction : input; capacitance : 1.0;
      $setup }
    pin (waddr_i) { direction : input; capacitance : 1.0;
      $setup }
    bus (wdata_i) { bus_type : word32; direction : input; capacitance : 1.0;
      $setup }
    bus (wmask_i) { bus_type : word32; direction : input; capacitance : 1.0;
      $setup }
    bus (rdata_o) { bus_type : word32; direction : output;
      timing () { related_pin : "clk_i"; timing_type : rising_edge;
        cell_rise (scalar) { values ("$4"); } cell_fall (scalar) { values ("$4"); }
        rise_transition (scalar) { values ("0.02"); } fall_transition (scalar) { values ("0.02"); } }
    }
  }
}
LIB
}

# The expected figures, from the generated RTL's arrays: count, array bits (sum of W x D)
read -r want_count want_array < <(awk -v mw=$bits -v md=$words '
  /fermi_l1_sram #\(/ { on = 1 } on && /\.Width/ { gsub(/[^0-9]/, "", $2); w = $2 }
  on && /\.Depth/ { gsub(/[^0-9]/, "", $2); d = $2; n += int((w + mw - 1) / mw) * int((d + md - 1) / md); a += w * d; on = 0 }
  END { print n, a }' "$work/rtl/fermi_l1.v")
echo "# expected: $want_count macros of $words x $bits for $want_array array bits (from fermi_l1.v's arrays)"

# 1. Without the Liberty: exit 3, saying how to give it.
"$root/synth/synth.sh" "$work/rtl" "$work/nolib" >"$work/nolib.log" 2>&1; rc=$?
if [ $rc = 3 ] && grep -q "SYNTH_SRAM_LIB=path/to.lib (make synth SRAM_LIB=path/to.lib)" "$work/nolib.log" &&
   grep -q "a cell named $macro" "$work/nolib.log"; then
  ok "without SYNTH_SRAM_LIB synth.sh exits 3 and says how to give the Liberty"
else
  nok "without SYNTH_SRAM_LIB (exit $rc, $work/nolib.log)"
fi

# 2. A Liberty without the cell: refused before Yosys, naming the cell and the file.
liberty "$work/other.lib" other_macro $area $clk_q
SYNTH_SRAM_LIB=$work/other.lib "$root/synth/synth.sh" "$work/rtl" "$work/other" >"$work/other.log" 2>&1; rc=$?
if [ $rc = 1 ] && grep -qF "SYNTH_SRAM_LIB refused: $work/other.lib has no cell $macro" "$work/other.log" &&
   [ ! -e "$work/other/yosys.log" ] && [ ! -e "$work/other/synth.ys" ]; then
  ok "a Liberty without the cell $macro is refused before Yosys: $(tail -1 "$work/other.log" | cut -c1-150)"
else
  nok "a Liberty without the cell (exit $rc, $work/other.log)"
fi

# run NAME LIB [RTL]: synth.sh and cost one; sets rc_syn, rc_cost
run() {
  local r=${3:-$work/rtl}
  SYNTH_SRAM_LIB=$2 nice -n 10 "$root/synth/synth.sh" "$r" "$work/$1" >"$work/$1.synth.log" 2>&1; rc_syn=$?
  rc_cost=-
  [ $rc_syn != 0 ] || { "$root/build/cost" one "$r" "$work/$1" "$work/$1.cost.json" >"$work/$1.cost.log" 2>&1; rc_cost=$?; }
}
# fig NAME: count area_um2 ge sram_ge macro_bits array_bits unused min_period period
#   critical-path-start-cell its-delay
fig() {
  python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); u = c["user_sram"]
st = c["critical_path"]["stages"]; first = [s for s in st if s["delay_ns"] > 0][0]
print(u["count"], "%.3f" % u["area_um2"], "%.3f" % u["ge"], "%.3f" % c["sram_ge"], u["macro_bits"],
      u["array_bits"], "%.6f" % u["unused_fraction"], u["min_period_ns"], "%.4f" % c["period_ns"],
      first["cell"], "%.4f" % first["delay_ns"], c["sram_bits"], c["macro_period"]["macro_min_cycle_ns"])' "$work/$1.cost.json"
}

# 3. The flow with the Liberty.
liberty "$work/fast.lib" $macro $area $clk_q
run fast "$work/fast.lib"
if [ $rc_syn != 0 ] || [ "$rc_cost" != 0 ]; then
  nok "synth.sh and cost one with SYNTH_SRAM_LIB (synth exit $rc_syn, cost exit $rc_cost: $work/fast.synth.log, $work/fast.cost.log)"
  exit 1
fi
read -r count a_um2 ge sram_ge mbits abits unused mp period cp_cell cp_delay sbits mp2 < <(fig fast)
want_um2=$(awk -v n="$want_count" -v a=$area 'BEGIN { printf "%.3f", n * a }')
want_ge=$(awk -v n="$want_count" -v a=$area 'BEGIN { printf "%.3f", n * a / 0.798 }')
want_mbits=$((want_count * words * bits))
want_unused=$(awk -v m=$want_mbits -v a="$want_array" 'BEGIN { printf "%.6f", (m - a) / m }')
if [ "$count" = "$want_count" ] && [ "$a_um2" = "$want_um2" ] && [ "$ge" = "$want_ge" ] &&
   [ "$sram_ge" = "$want_ge" ]; then
  ok "$count macros, $a_um2 um^2 = $ge GE, as computed here ($want_count x $area um^2 / 0.798)"
else
  nok "macro count and area: $count, $a_um2 um^2, $ge GE (SRAM $sram_ge GE); expected $want_count, $want_um2, $want_ge"
fi
if [ "$mbits" = "$want_mbits" ] && [ "$abits" = "$want_array" ] && [ "$sbits" = "$want_array" ] &&
   [ "$unused" = "$want_unused" ] && grep -q "check ok: metadata SRAM bits" "$work/fast.cost.log" &&
   grep -q "check ok: data SRAM bits" "$work/fast.cost.log" &&
   [ "$(grep -c "check ok: macro bits of the" "$work/fast.cost.log")" -ge 2 ]; then
  ok "bits: macros $mbits >= arrays $abits (the closed form's, checked), unused $unused"
else
  nok "bits: macros $mbits arrays $abits SRAM $sbits unused $unused; expected $want_mbits, $want_array, $want_unused ($work/fast.cost.log)"
fi
n_net=$(grep -c "^  $macro " "$work/fast/netlist.v")
if [ "$mp" = "$min_period" ] && [ "$mp2" = "$min_period" ] && [ "$n_net" = "$want_count" ] &&
   grep -q "^read_liberty -lib sram_user.lib$" "$work/fast/synth.ys" && ! grep -q "$macro\.v" "$work/fast/synth.ys" &&
   grep -q "^read_liberty sram_user.lib$" "$work/fast/sta.tcl"; then
  ok "Yosys read the Liberty, not the stand-in; the STA netlist holds $n_net macros; minimum period $mp ns as given"
else
  nok "Liberty use: min period $mp / $mp2 (want $min_period), $n_net macros in netlist.v, $work/fast/synth.ys, sta.tcl"
fi
if [ "$cp_cell" = "$macro" ] && [ "$cp_delay" = "$(printf '%.4f' $clk_q)" ]; then
  ok "the critical path ($period ns) starts at a macro, clock-to-out $cp_delay ns as the Liberty gives"
else
  nok "critical path: first delay at $cp_cell, $cp_delay ns (want $macro, $clk_q)"
fi
# The same minimum period written as OpenRAM writes it (a minimum_period timing group)
liberty "$work/openram_form.lib" $macro $area $clk_q timing
if "$root/build/cost" sram-lib "$work/rtl" "$work/openram_form.lib" | grep -q "minimum period $(printf '%.4f' $min_period) ns (pin clk_i)"; then
  ok "a minimum_period timing group (OpenRAM's layout) reads as the same minimum period; pin (re_i, we_i) as both pins"
else
  nok "the minimum_period timing group form"
fi

# 4. The period moves with the Liberty: clock-to-out 1 ns slower, period 1 ns longer.
liberty "$work/slow.lib" $macro $area "$(awk -v c=$clk_q 'BEGIN { print c + 1 }')"
run slow "$work/slow.lib"
if [ $rc_syn = 0 ] && [ "$rc_cost" = 0 ]; then
  read -r _ _ _ _ _ _ _ _ period2 cp2_cell _ < <(fig slow)
  d=$(awk -v a="$period" -v b="$period2" 'BEGIN { printf "%.4f", b - a }')
  if awk -v d="$d" 'BEGIN { exit !(d > 0.99 && d < 1.01) }' && [ "$cp2_cell" = "$macro" ]; then
    ok "clock-to-out 1 ns slower: period $period -> $period2 ns (+$d), through the macro"
  else
    nok "clock-to-out 1 ns slower: period $period -> $period2 (+$d), path from $cp2_cell"
  fi
else
  nok "the slow Liberty's run (synth exit $rc_syn, cost exit $rc_cost)"
fi

# 5. make synth SRAM_LIB=... (the Liberty under a name with a blank, a quote and a ';', passed
# as data; make itself expands '$' in its variables): its Markdown report names the macro,
# count, area and minimum period
odd="$work/my lib 'x; touch PWN"; mkdir -p "$odd"; cp "$work/fast.lib" "$odd/fast.lib"
set_kv=$(printf '%s ' "${gen[@]:2}" | sed 's/--set //g')
(cd "$work" && make -s -C "$root" synth CONFIG=fermi-l1 SET="$set_kv" SRAM_LIB="$odd/fast.lib" \
  OUT="$work/report" >"$work/report.log" 2>&1); rc=$?
md=$work/report/cost_report.md
if [ $rc = 0 ] && [ ! -e "$work/PWN" ] && grep -qF "### Your SRAM macro in fermi_l1" "$md" &&
   grep -qF -- "- \`$macro\`, $words words x $bits bits, from your Liberty (sram_user.lib): $want_count macros of $area area each, $(printf '%.1f' "$want_um2") in all = $(printf '%.0f' "$want_ge") GE" "$md" &&
   grep -qF -- "- Minimum period of the macro: $(printf '%.3f' $min_period) ns" "$md" &&
   grep -qF "| fermi_l1 | fermi_l1.u_meta_sram | 4 x $macro ($words x $bits) for a 4 x " "$md"; then
  ok "make synth SRAM_LIB=<a path with a blank, a quote and ';'>: the report names the macro, its count, area and minimum period"
else
  nok "make synth SRAM_LIB=... (exit $rc, $work/report.log, $md)"
fi

# A Liberty without a minimum period: the report says it is not given.
mkdir -p "$work/nomp"; cp "$work/fast/"* "$work/nomp/" 2>/dev/null
sed -i '/min_period :/d' "$work/nomp/sram_user.lib"
if "$root/build/cost" one "$work/rtl" "$work/nomp" "$work/nomp.cost.json" >"$work/nomp.cost.log" 2>&1 &&
   grep -q "your macro $macro's Liberty gives no minimum period" "$work/nomp.cost.log" &&
   python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))
sys.exit(not (c["user_sram"]["min_period_ns"] is None and c["macro_period"]["macro"] is None))' "$work/nomp.cost.json"; then
  ok "a Liberty without a minimum period: the report says it is not given"
else
  nok "a Liberty without a minimum period ($work/nomp.cost.log)"
fi

# 6. Mutants. A wrapper with a column of macros removed (Cols one less): cost's checks fail.
cp -r "$work/rtl" "$work/rtl_mut"
sed -i 's|localparam integer Cols = (Width + MacroWidth - 1) / MacroWidth;|localparam integer Cols = (Width - 1) / MacroWidth;|' "$work/rtl_mut/fermi_l1_sram.v"
if cmp -s "$work/rtl/fermi_l1_sram.v" "$work/rtl_mut/fermi_l1_sram.v"; then
  nok "mutant column_removed: the rewrite did not apply"
else
  run mut "$work/fast.lib" "$work/rtl_mut"
  if [ $rc_syn = 0 ] && [ "$rc_cost" = 1 ] && grep -q "CHECK FAILED: macro bits of the" "$work/mut.cost.log" &&
     grep -q "CHECK FAILED: the .* array is on .* macros $macro, its tiling" "$work/mut.cost.log"; then
    ok "mutant column_removed: caught ($(grep -m1 "CHECK FAILED: macro bits" "$work/mut.cost.log" | cut -c7-140))"
  else
    nok "mutant column_removed: not caught (synth exit $rc_syn, cost exit $rc_cost; $work/mut.cost.log)"
  fi
fi
# A Liberty with the area doubled: the cost follows it, and this test's expected area fails.
mkdir -p "$work/dbl"; cp "$work/fast/"* "$work/dbl/" 2>/dev/null
liberty "$work/dbl/sram_user.lib" $macro "$(awk -v a=$area 'BEGIN { print 2 * a }')" $clk_q
if "$root/build/cost" one "$work/rtl" "$work/dbl" "$work/dbl.cost.json" >"$work/dbl.cost.log" 2>&1; then
  read -r _ a2 _ < <(fig dbl)
  if [ "$a2" != "$want_um2" ]; then
    ok "mutant area_doubled: caught (area $a2 um^2, expected $want_um2)"
  else
    nok "mutant area_doubled: not caught (area $a2)"
  fi
else
  nok "mutant area_doubled: cost one failed ($work/dbl.cost.log)"
fi
exit $bad
