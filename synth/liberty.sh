#!/usr/bin/env bash
# liberty.sh cells | sram [DEPTH WIDTH...]: writes the project's Liberty models to stdout. `cells`:
# the standard cells the flow maps to (cachegen45); `sram D W [D W...]`: one macro per shape of
# the 1r1w bit-masked SRAM (cachegen45_sram). Both are linear models written from the published
# figures cited below, not copies of any library. Exits 2 on bad arguments.
#
# Standard cells. Source: NanGate FreePDK45 Open Cell Library, typical corner (1.1 V, 25 C),
# X1 drive strengths, as published in its Liberty data (here: OpenSTA's examples/nangate45_typ).
# For each cell we took the area, the input pin capacitances, and two points of the delay table
# at 17 ps input transition: the delay at about 1.9 fF and at about 7.6 fF load (NOR2, XOR2,
# XNOR2, AOI21, OAI21: 0.8 and 3.2 fF, their tables' grid), the slower of rise and fall and of
# the input pins. From those two points: delay = D0 + R * Cload. The model ignores the input
# transition (one value per load for every input slew); the output transition is one linear
# model for all cells (NanGate INV_X1: 5.7 ps + 1.84 ps/fF). Flops: clock-to-Q the same way,
# setup the published value at 17 ps clock and data transitions. The asynchronous reset and set
# pins carry no timing arc (they are not timed; SPEC 5).
#
#   cell      area um2  pins (fF)                 C1 fF  t1 ps   C2 fF  t2 ps   function
#   INV_X1    0.532     A 1.70                    1.90   17.2    7.59   31.2    !A
#   BUF_X1    0.798     A 0.97                    1.90   31.6    7.58   40.6    A
#   NAND2_X1  0.798     A1 1.60 A2 1.66           1.85   21.4    7.42   34.7    !(A1&A2)
#   NOR2_X1   0.798     A1 1.71 A2 1.65           0.83   27.1    3.34   39.9    !(A1|A2)
#   AND2_X1   1.064     A1 0.92 A2 0.97           1.89   34.4    7.57   49.2    A1&A2
#   OR2_X1    1.064     A1 0.95 A2 0.94           1.89   53.5    7.57   65.2    A1|A2
#   XOR2_X1   1.596     A 2.23 B 2.41             0.79   56.5    3.17   61.3    A^B
#   XNOR2_X1  1.596     A 2.23 B 2.57             0.81   40.2    3.25   46.0    !(A^B)
#   MUX2_X1   1.862     A 0.95 B 0.94 S 1.92      1.89   62.3    7.56   74.7    S?B:A
#   AOI21_X1  1.064     A 1.63 B1 1.65 B2 1.68    0.79   38.1    3.17   50.4    !(A|(B1&B2))
#   OAI21_X1  1.064     A 1.67 B1 1.66 B2 1.57    0.81   30.2    3.26   42.8    !(A&(B1|B2))
#   DFF_X1    4.522     D 1.14 CK 0.95            1.90   93.0    7.59  104.7    CK->Q; setup 40 ps
#   DFFR_X1   5.320     D 1.13 RN 1.78 CK 0.98    1.89  107.1    7.57  120.1    CK->Q; setup 41 ps
#   DFFS_X1   5.320     D 1.16 SN 1.36 CK 0.97    1.90   95.2    7.58  107.0    CK->Q; setup 40 ps
#
# SRAM macros. Source: OpenRAM's published FreePDK45 macros (VLSIDA/OpenRAM lib/freepdk45, 1rw,
# one bank, TT 1.0 V 25 C) -- the same educational 45 nm PDK as the cells above, so SRAM and
# logic areas are comparable. Seven shapes (words x bits: 256x8, 256x32, 512x32, 1024x32,
# 2048x32, 1024x64, 1024x128) give area and clock-to-data:
#   area   um2: 4,499  12,335  22,455  42,051  116,044  76,902  146,603
#   access ns:  0.557  1.117   1.129   1.159   1.221    1.837   3.109
# Least-squares fits (the 2048x32 area is an outlier, +51% over the fit of the other six, and
# is left out; the other six fit within 0.8%):
#   area_1rw(rows D, columns W) = 0.9873 D W + 77.68 W + 7.02 D + 58.2 um2
#     (bitcell and array overhead per bit, sense amplifier / write driver per column, decoder
#      and wordline driver per row, control)
#   access(W, D) = 0.0698 + 0.02034 W + 0.04498 log2(D) ns (residuals <= 36 ps)
#   minimum cycle = 1.92 x access (OpenRAM's minimum_period / access, 1.89..1.96)
#   setup = 21 ps (OpenRAM's largest setup value on address, data and controls)
# One read and one write port (1r1w): OpenRAM's two-port (1rw + 1r) bitcell is 2.42x the 6T
# cell (10.9 x 13.9 um against 6.8 x 9.2 um, OpenRAM documentation), so the per-bit term is
# multiplied by 2.42; each port has its own decoder (row and control terms x2); the columns
# keep one sense amplifier and one write driver each; the bit mask adds one AND2 (1.064 um2)
# per column. Banking: the access time grows 20 ps per column (the wordline), so a macro wider
# than 32 columns is built of ceil(W / 32) banks of equal width (32 columns is the
# best-characterized width) side by side, sharing the address through a fanout-of-4 tree
# (29 ps per level: INV_X1 driving four INV_X1 inputs in the model above).
set -euo pipefail
usage() { echo "usage: liberty.sh cells | liberty.sh sram [DEPTH WIDTH...]" >&2; exit 2; }
[ $# -ge 1 ] || usage

header() { # NAME
  cat <<LIB
library ($1) {
  delay_model : table_lookup;
  time_unit : "1ns";
  voltage_unit : "1V";
  current_unit : "1mA";
  capacitive_load_unit (1, ff);
  pulling_resistance_unit : "1kohm";
  leakage_power_unit : "1nW";
  nom_process : 1.0;
  nom_voltage : 1.1;
  nom_temperature : 25.0;
  input_threshold_pct_rise : 50;
  input_threshold_pct_fall : 50;
  output_threshold_pct_rise : 50;
  output_threshold_pct_fall : 50;
  slew_lower_threshold_pct_rise : 10;
  slew_upper_threshold_pct_rise : 90;
  slew_lower_threshold_pct_fall : 10;
  slew_upper_threshold_pct_fall : 90;
  slew_derate_from_library : 1.0;
  default_max_transition : 1.0;
  default_input_pin_cap : 1.0;
  default_output_pin_cap : 0.0;
  default_fanout_load : 1.0;
  lu_table_template (delay_2x2) {
    variable_1 : input_net_transition;
    variable_2 : total_output_net_capacitance;
    index_1 ("0.005, 0.2");
    index_2 ("1.0, 50.0");
  }
  lu_table_template (check_2x2) {
    variable_1 : related_pin_transition;
    variable_2 : constrained_pin_transition;
    index_1 ("0.005, 0.2");
    index_2 ("0.005, 0.2");
  }
LIB
}

case $1 in
cells)
  [ $# -eq 1 ] || usage
  header cachegen45
  awk '
  function tables(d0, r,   a, b) { # delay and transition at 1 and 50 fF, in ns
    a = (d0 + r) / 1000; b = (d0 + 50 * r) / 1000
    printf "        cell_rise (delay_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", a, b, a, b
    printf "        cell_fall (delay_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", a, b, a, b
    a = (5.7 + 1.84) / 1000; b = (5.7 + 50 * 1.84) / 1000
    printf "        rise_transition (delay_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", a, b, a, b
    printf "        fall_transition (delay_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", a, b, a, b
  }
  # name area out function c1 t1 c2 t2 pin cap [pin cap...]
  function comb(line,   f, n, i, r, d0, sense) {
    n = split(line, f, " ")
    r = (f[8] - f[6]) / (f[7] - f[5]); d0 = f[6] - r * f[5]
    printf "  cell (%s) {\n    area : %s;\n", f[1], f[2]
    for (i = 9; i < n; i += 2)
      printf "    pin (%s) { direction : input; capacitance : %s; }\n", f[i], f[i + 1]
    printf "    pin (%s) {\n      direction : output;\n      function : \"%s\";\n", f[3], f[4]
    for (i = 9; i < n; i += 2) {
      sense = f[4] ~ /\^|S/ ? "non_unate" : f[4] ~ /^!/ ? "negative_unate" : "positive_unate"
      if (f[1] == "MUX2_X1" && f[i] != "S") sense = "positive_unate"
      printf "      timing () {\n        related_pin : \"%s\";\n        timing_sense : %s;\n", f[i], sense
      tables(d0, r)
      printf "      }\n"
    }
    printf "    }\n  }\n"
  }
  # name area c1 t1 c2 t2 setup_ps kind(none|clear|preset) pins...
  function flop(line,   f, n, r, d0, i, s) {
    n = split(line, f, " ")
    r = (f[6] - f[4]) / (f[5] - f[3]); d0 = f[4] - r * f[3]; s = f[7] / 1000
    printf "  cell (%s) {\n    area : %s;\n    ff (IQ, IQN) {\n      next_state : \"D\";\n", f[1], f[2]
    printf "      clocked_on : \"CK\";\n"
    if (f[8] == "clear") printf "      clear : \"!RN\";\n"
    if (f[8] == "preset") printf "      preset : \"!SN\";\n"
    printf "    }\n"
    for (i = 9; i < n; i += 2) {
      printf "    pin (%s) {\n      direction : input;\n      capacitance : %s;\n", f[i], f[i + 1]
      if (f[i] == "CK") printf "      clock : true;\n"
      if (f[i] == "D") {
        printf "      timing () {\n        related_pin : \"CK\";\n        timing_type : setup_rising;\n"
        printf "        rise_constraint (check_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", s, s, s, s
        printf "        fall_constraint (check_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", s, s, s, s
        printf "      }\n"
      }
      printf "    }\n"
    }
    printf "    pin (Q) {\n      direction : output;\n      function : \"IQ\";\n"
    printf "      timing () {\n        related_pin : \"CK\";\n        timing_type : rising_edge;\n"
    tables(d0, r)
    printf "      }\n    }\n  }\n"
  }
  BEGIN {
    comb("INV_X1 0.532 ZN !A 1.90 17.2 7.59 31.2 A 1.70")
    comb("BUF_X1 0.798 Z A 1.90 31.6 7.58 40.6 A 0.97")
    comb("NAND2_X1 0.798 ZN !(A1&A2) 1.85 21.4 7.42 34.7 A1 1.60 A2 1.66")
    comb("NOR2_X1 0.798 ZN !(A1|A2) 0.83 27.1 3.34 39.9 A1 1.71 A2 1.65")
    comb("AND2_X1 1.064 ZN (A1&A2) 1.89 34.4 7.57 49.2 A1 0.92 A2 0.97")
    comb("OR2_X1 1.064 ZN (A1|A2) 1.89 53.5 7.57 65.2 A1 0.95 A2 0.94")
    comb("XOR2_X1 1.596 Z (A^B) 0.79 56.5 3.17 61.3 A 2.23 B 2.41")
    comb("XNOR2_X1 1.596 ZN !(A^B) 0.81 40.2 3.25 46.0 A 2.23 B 2.57")
    comb("MUX2_X1 1.862 Z ((S&B)|(A&!S)) 1.89 62.3 7.56 74.7 A 0.95 B 0.94 S 1.92")
    comb("AOI21_X1 1.064 ZN !(A|(B1&B2)) 0.79 38.1 3.17 50.4 A 1.63 B1 1.65 B2 1.68")
    comb("OAI21_X1 1.064 ZN !(A&(B1|B2)) 0.81 30.2 3.26 42.8 A 1.67 B1 1.66 B2 1.57")
    flop("DFF_X1 4.522 1.90 93.0 7.59 104.7 40 none D 1.14 CK 0.95")
    flop("DFFR_X1 5.320 1.89 107.1 7.57 120.1 41 clear D 1.13 RN 1.78 CK 0.98")
    flop("DFFS_X1 5.320 1.90 95.2 7.58 107.0 40 preset D 1.16 SN 1.36 CK 0.97")
    print "}"
  }'
  ;;
sram)
  shift
  [ $(( $# % 2 )) = 0 ] || usage
  for a in "$@"; do  # none: an empty library (a top without SRAM)
    [[ $a =~ ^[1-9][0-9]{0,6}$ ]] || { echo "liberty.sh: sram shape '$a' is not a positive integer" >&2; exit 2; }
  done
  header cachegen45_sram
  awk -v shapes="$*" '
  function log2(x) { return log(x) / log(2) }
  function ceil(x) { return x == int(x) ? x : int(x) + 1 }
  function bus(name, w) {
    printf "  type (%s) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; bit_to : 0; downto : true; }\n", name, w, w - 1
  }
  function check(s) {
    printf "        timing () { related_pin : \"clk_i\"; timing_type : setup_rising;\n"
    printf "          rise_constraint (check_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", s, s, s, s
    printf "          fall_constraint (check_2x2) { values (\"%.4f, %.4f\", \"%.4f, %.4f\"); }\n", s, s, s, s
    printf "        }\n"
  }
  BEGIN {
    n = split(shapes, v, " ")
    for (k = 1; k <= n; k += 2) {
      d = v[k]; w = v[k + 1]; a = ceil(log2(d)); if (a < 1) a = 1
      banks = ceil(w / 32); bw = ceil(w / banks)
      area1 = 2.42 * 0.9873 * d * bw + (77.68 + 1.064) * bw + 2 * 7.02 * d + 2 * 58.2
      area = banks * area1
      access = 0.0698 + 0.02034 * bw + 0.04498 * log2(d) + 0.029 * ceil(log(banks) / log(4))
      name = sprintf("cachegen_sram_1r1w_%dx%d", d, w)
      bus(name "_a", a); bus(name "_d", w)
      printf "  /* %d rows x %d bits, 1r1w, bit mask: %d bank(s) of %d columns; minimum cycle %.3f ns */\n", d, w, banks, bw, 1.92 * access
      printf "  cell (%s) {\n    area : %.1f;\n    dont_use : true;\n    dont_touch : true;\n", name, area
      printf "    pin (clk_i) { direction : input; capacitance : 1.0; clock : true;\n"
      printf "      timing () { related_pin : \"clk_i\"; timing_type : minimum_period;\n"
      printf "        rise_constraint (scalar) { values (\"%.4f\"); }\n        fall_constraint (scalar) { values (\"%.4f\"); }\n      }\n    }\n", 1.92 * access, 1.92 * access
      split("re_i we_i", ctl, " ")
      for (c = 1; c <= 2; c++) {
        printf "    pin (%s) { direction : input; capacitance : 1.0;\n", ctl[c]; check(0.021); printf "    }\n"
      }
      split("raddr_i waddr_i", ad, " ")
      for (c = 1; c <= 2; c++) {
        printf "    bus (%s) { bus_type : %s_a; direction : input; capacitance : 1.0;\n", ad[c], name; check(0.021); printf "    }\n"
      }
      split("wdata_i wmask_i", dd, " ")
      for (c = 1; c <= 2; c++) {
        printf "    bus (%s) { bus_type : %s_d; direction : input; capacitance : 1.0;\n", dd[c], name; check(0.021); printf "    }\n"
      }
      printf "    bus (rdata_o) { bus_type : %s_d; direction : output;\n", name
      printf "      timing () { related_pin : \"clk_i\"; timing_type : rising_edge;\n"
      printf "        cell_rise (scalar) { values (\"%.4f\"); }\n        cell_fall (scalar) { values (\"%.4f\"); }\n", access, access
      printf "        rise_transition (scalar) { values (\"0.0200\"); }\n        fall_transition (scalar) { values (\"0.0200\"); }\n"
      printf "      }\n    }\n  }\n"
    }
    print "}"
  }'
  ;;
*) usage ;;
esac
