#!/usr/bin/env bash
# sta.sh WORKDIR TOP: OpenSTA on the mapped flat netlist synth.sh wrote (WORKDIR/netlist.v with
# cells.lib and sram.lib, and sram_user.lib when synth.sh copied the user's macro Liberty there:
# its macros are timed through their own arcs). One clock on clk_i; inputs arrive and outputs
# are required at the clock edge (the other side registers them), so every path is one cycle;
# the asynchronous reset is not timed. Writes WORKDIR/sta.log: the worst setup path gate by gate
# and the worst slack against a 10 ns clock, from which cost derives the minimum period.
set -euo pipefail
work=$(cd "$1" && pwd); top=$2
# OpenSTA reads sta.tcl as Tcl ('[...]' runs a command): it runs inside WORKDIR and sees only
# an identifier and plain relative names (docs/security.md).
[[ $top =~ ^[a-z][a-z0-9_]*$ ]] || { echo "sta.sh: '$top' is not a module name" >&2; exit 1; }
user_lib=""
[ ! -f "$work/sram_user.lib" ] || user_lib="read_liberty sram_user.lib
"
cat >"$work/sta.tcl" <<TCL
read_liberty cells.lib
read_liberty sram.lib
${user_lib}read_verilog netlist.v
link_design $top
create_clock -name clk -period 10 [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports {clk_i rst_ni}]]
set_output_delay 0 -clock clk [all_outputs]
set_false_path -from [get_ports rst_ni]
report_checks -path_delay max -format full -digits 4 -fields {nets fanout}
report_worst_slack -digits 4
TCL
(cd "$work" && sta -no_init -no_splash -exit sta.tcl) >"$work/sta.log" 2>&1 || { tail -20 "$work/sta.log"; exit 1; }
if grep -E -q '^(Warning|Error)' "$work/sta.log"; then
  echo "sta.sh: OpenSTA warned on $top:"; grep -E '^(Warning|Error)' "$work/sta.log" | head -5; exit 1
fi
grep -q '^worst slack' "$work/sta.log" || { echo "sta.sh: OpenSTA reported no slack for $top:"; tail -20 "$work/sta.log"; exit 1; }
