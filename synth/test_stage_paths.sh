#!/usr/bin/env bash
# test_stage_paths.sh WORKDIR: cost's critical path per end point (stage_paths) against a design
# whose paths are known by construction. A hand-written top (sp_top) chains one-gate modules
# (sp_inv: one inverter, sp_xor: one 2-input XOR) between flops, an SRAM macro and ports. Yosys
# maps each module on its own (synth.sh flattens only after abc), so every instance is exactly
# one gate level and each chain's depth is its length; the test first checks that each module
# mapped to one cell. Expected end points (deepest first):
#   long_q          7  from src_q[0]          (bit 1 is 1 level: one group, the deepest bit)
#   wide_q          6  from in_i[1]           (bit 0 is 1 level, so either bit order is tried)
#   par_o           5  from in_i[0]           (output port from an input port)
#   u_sram.wdata_i  4  from src_q[2]          (SRAM macro input pin)
#   short_q         3  from src_q[3]
#   rd_q            2  from u_sram.rdata_o[1] (SRAM macro output)
# The flow is synth/synth.sh itself (check.sh, Yosys, stanet, OpenSTA) on a made-up output
# directory (the registers drive an output so that Yosys keeps them, and load distinct inputs so
# that it merges none); cost reads a generated config.yaml and is told the top (no L1 checks).
# The depth budget on the same design (its deepest stage, long_q, is 7 levels): within a budget
# of 7 every stage passes and cost says check ok; a budget of 6 (--depth-budget or DEPTH_BUDGET)
# fails it naming the stage long_q, its 7 levels, start src_q[0] and end, in the log, the JSON
# and the Markdown, exit 3; DEPTH_BUDGET_OK=1 / --allow-depth reports it without failing, and
# without "check ok"; a bad DEPTH_BUDGET is refused naming the key.
# COST=path tries another cost binary (a mutant). Prints ok/not ok; exits non-zero on a miss.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cost=${COST:-$root/build/cost}
work=$1
rm -rf "$work"; mkdir -p "$work"
work=$(cd "$work" && pwd)
d=$work/design
"$root/build/cachegen" --preset fermi-l1 --set l1.sets=4 -o "$work/gen" >/dev/null || exit 2
mkdir -p "$d"
cp "$work/gen/config.yaml" "$work/gen/cachegen_sram_1r1w.v" "$d/"
printf 'top: sp_top\n' >"$d/cachegen.manifest"
printf 'sp_inv.v\nsp_xor.v\nsp_top.v\ncachegen_sram_1r1w.v\n' >"$d/sp_top.f"
cat >"$d/sp_inv.v" <<'V'
`default_nettype none
module sp_inv (
  input  wire a_i,
  output wire y_o
);
  assign y_o = ~a_i;
endmodule
`default_nettype wire
V
cat >"$d/sp_xor.v" <<'V'
`default_nettype none
module sp_xor (
  input  wire a_i,
  input  wire b_i,
  output wire y_o
);
  assign y_o = a_i ^ b_i;
endmodule
`default_nettype wire
V
# chain NAME LEN START: an inverter on START, then LEN-1 XORs each with one more bit of side_q
chain() {
  local n=$1 len=$2 start=$3 i
  echo "  wire [$((len - 1)):0] ${n}_c;"
  echo "  sp_inv u_${n}0 (.a_i($start), .y_o(${n}_c[0]));"
  for ((i = 1; i < len; i++)); do
    echo "  sp_xor u_${n}$i (.a_i(${n}_c[$((i - 1))]), .b_i(side_q[$i]), .y_o(${n}_c[$i]));"
  done
}
{
  cat <<'V'
`default_nettype none
module sp_top (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire [7:0] in_i,
  input  wire [7:0] side_i,
  output wire       par_o,
  output wire [5:0] regs_o
);
  reg  [3:0] src_q;
  reg  [7:0] side_q;
  reg  [1:0] long_q;
  reg  [1:0] wide_q;
  reg        short_q;
  reg        rd_q;
  reg        raddr_q;
  wire [1:0] rdata;
V
  chain long 7 'src_q[0]'
  chain wide 6 'in_i[1]'
  chain par 5 'in_i[0]'
  chain wd 4 'src_q[2]'
  chain short 3 'src_q[3]'
  chain rd 2 'rdata[1]'
  cat <<'V'
  wire       one_c;
  wire       two_c;
  sp_xor u_one (.a_i(src_q[1]), .b_i(side_q[0]), .y_o(one_c));
  sp_xor u_two (.a_i(src_q[2]), .b_i(side_q[0]), .y_o(two_c));
  cachegen_sram_1r1w #(
    .Width   (2),
    .Depth   (2),
    .AddrBits(1)
  ) u_sram (
    .clk_i  (clk_i),
    .re_i   (1'b1),
    .raddr_i(raddr_q),
    .rdata_o(rdata),
    .we_i   (side_q[7]),
    .waddr_i(src_q[1]),
    .wdata_i({wd_c[3], side_q[6]}),
    .wmask_i(2'b11)
  );
  assign par_o = par_c[4];
  assign regs_o = {long_q, wide_q, short_q, rd_q};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      src_q   <= 4'd0;
      side_q  <= 8'd0;
      long_q  <= 2'd0;
      wide_q  <= 2'd0;
      short_q <= 1'b0;
      rd_q    <= 1'b0;
      raddr_q <= 1'b0;
    end else begin
      src_q   <= in_i[3:0];
      side_q  <= side_i;
      long_q  <= {one_c, long_c[6]};
      wide_q  <= {wide_c[5], two_c};
      short_q <= short_c[2];
      rd_q    <= rd_c[1];
      raddr_q <= in_i[5];
    end
  end
endmodule
`default_nettype wire
V
} >"$d/sp_top.v"
bad=0
if ! nice -n 10 "$root/synth/synth.sh" "$d" "$work/syn" >"$work/synth.log" 2>&1; then
  echo "not ok - synth.sh failed on the hand-written design (see $work/synth.log)"; exit 1
fi
# the premise: each chain module is one gate, so a chain of N instances is N levels
cells() { # MODULE: its mapped cells' types
  python3 -c 'import json, sys; m = json.load(open(sys.argv[1]))["modules"][sys.argv[2]]
print(",".join(sorted(c["type"] for c in m["cells"].values())))' "$work/syn/hier.json" "$1"
}
inv=$(cells sp_inv); xor=$(cells sp_xor)
if [ "$inv" = INV_X1 ] && [[ "$xor" =~ ^X(N)?OR2_X1$ ]]; then
  echo "ok - sp_inv maps to one INV_X1 and sp_xor to one $xor: one level per instance"
else
  echo "not ok - the chain modules are not one gate each: sp_inv '$inv', sp_xor '$xor'"; exit 1
fi
if ! "$cost" one "$d" "$work/syn" "$work/cost.json" sp_top >"$work/cost.log" 2>&1; then
  echo "not ok - cost failed on the hand-written design (see $work/cost.log)"; exit 1
fi
got=$(python3 -c 'import json, sys
for p in json.load(open(sys.argv[1]))["stage_paths"]: print(p["end"], p["start"], p["levels"])' \
  "$work/cost.json")
want='long_q src_q[0] 7
wide_q in_i[1] 6
par_o in_i[0] 5
u_sram.wdata_i src_q[2] 4
short_q src_q[3] 3
rd_q u_sram.rdata_o[1] 2'
if [ "$got" = "$want" ]; then
  echo "ok - stage_paths names each end point's start and depth, deepest first"
else
  echo "not ok - stage_paths:"; echo "$got" | sed 's/^/    got  /'; echo "$want" | sed 's/^/    want /'
  bad=1
fi
read -r depth last < <(python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))
print(c["depth"], c["depth_path"][-1]["net"])' "$work/cost.json")
if [ "$depth" = 7 ] && [ "$last" = 'long_c[6]' ] && grep -q \
   'check ok: the deepest end point, long_q from src_q\[0\], has the depth, 7 levels' "$work/cost.log"; then
  echo "ok - depth and depth_path agree: 7 levels ending at long_c[6], the D input of long_q[0]"
else
  echo "not ok - depth $depth, depth_path ends at $last (see $work/cost.log)"; bad=1
fi
"$cost" compare "$work/cost.json" "$work/cost.json" "$work/report" >/dev/null 2>&1
if grep -q '^Critical path per end point (deepest 12) of sp_top, of 6 end points' "$work/report.md" && \
   grep -q '^| `long_q` | `src_q\[0\]` | 7 |$' "$work/report.md" && \
   grep -q '^| `rd_q` | `u_sram.rdata_o\[1\]` | 2 |$' "$work/report.md"; then
  echo "ok - the Markdown report tables the end points"
else
  echo "not ok - no end point table in $work/report.md"; bad=1
fi
# the depth budget against the known chains (deepest: long_q, 7 levels from src_q[0])
budget() { # NAME ARGS...: cost one with ARGS before OUTDIR into $work/NAME.{log,json}; its status
  local n=$1; shift
  "$cost" one "$@" "$d" "$work/syn" "$work/$n.json" sp_top >"$work/$n.log" 2>&1
}
jq_budget() { # NAME: within, over's stage/levels/start/end, check_ok
  python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); b = c["depth_budget"]
o = " ".join("%s:%d:%s:%s" % (x["stage"], x["levels"], x["start"], x["end"]) for x in b["over"])
print(b["levels"], b["within"], b["allowed"], o or "-", c["check_ok"])' "$work/$1.json"
}
budget in7 --depth-budget 7; rc=$?
if [ $rc = 0 ] && [ "$(jq_budget in7)" = '7 True False - True' ] &&
   grep -q 'check ok: depth budget: every stage of sp_top within the 7-level budget (6 end points, deepest 7 levels)' "$work/in7.log" &&
   grep -q 'sp_top: check ok (every check passed' "$work/in7.log"; then
  echo "ok - within a 7-level budget every stage passes: check ok"
else
  echo "not ok - the 7-level budget (exit $rc, see $work/in7.log)"; bad=1
fi
budget over6 --depth-budget 6; rc=$?
if [ $rc = 3 ] && [ "$(jq_budget over6)" = '6 False False long_q:7:src_q[0]:long_q False' ] &&
   grep -q 'CHECK FAILED: depth budget: the stage into long_q has 7 levels, 1 over the 6-level budget: its deepest path starts at src_q\[0\] and ends at long_q' "$work/over6.log" &&
   [ "$(grep -c 'depth budget: the stage into' "$work/over6.log")" = 1 ] && ! grep -q 'check ok (every' "$work/over6.log"; then
  echo "ok - over a 6-level budget cost fails (exit 3) naming the stage long_q, 7 levels, from src_q[0]"
else
  echo "not ok - the 6-level budget (exit $rc, see $work/over6.log)"; bad=1
fi
DEPTH_BUDGET=6 budget env6; rc=$?
DEPTH_BUDGET=6 DEPTH_BUDGET_OK=1 budget ok6; rc2=$?
budget allow6 --depth-budget 6 --allow-depth; rc3=$?
if [ $rc = 3 ] && [ $rc2 = 0 ] && [ $rc3 = 0 ] &&
   [ "$(jq_budget ok6)" = '6 False True long_q:7:src_q[0]:long_q False' ] &&
   [ "$(jq_budget allow6)" = '6 False True long_q:7:src_q[0]:long_q False' ] &&
   grep -q 'over budget (allowed, DEPTH_BUDGET_OK=1): depth budget: the stage into long_q has 7 levels' "$work/ok6.log" &&
   grep -q 'allowed for this run: not check ok' "$work/ok6.log" && ! grep -q 'check ok (every' "$work/ok6.log"; then
  echo "ok - DEPTH_BUDGET=6 fails too; DEPTH_BUDGET_OK=1 and --allow-depth report the stage without failing, not check ok"
else
  echo "not ok - DEPTH_BUDGET / DEPTH_BUDGET_OK / --allow-depth (exits $rc $rc2 $rc3, see $work/env6.log, ok6.log, allow6.log)"; bad=1
fi
DEPTH_BUDGET=x budget badenv; rc=$?
DEPTH_BUDGET_OK=yes budget badok; rc2=$?
if [ $rc = 2 ] && [ $rc2 = 2 ] && grep -q "DEPTH_BUDGET = 'x': allowed: a number of levels" "$work/badenv.log" &&
   grep -q "DEPTH_BUDGET_OK = 'yes': allowed: empty, 0 or 1" "$work/badok.log"; then
  echo "ok - a bad DEPTH_BUDGET or DEPTH_BUDGET_OK is refused naming the key, the value and what is allowed"
else
  echo "not ok - bad budget values (exits $rc $rc2, see $work/badenv.log, $work/badok.log)"; bad=1
fi
"$cost" compare "$work/over6.json" "$work/over6.json" "$work/over6_report" >/dev/null 2>&1
"$cost" compare "$work/in7.json" "$work/in7.json" "$work/in7_report" >/dev/null 2>&1
if grep -q '^  - \*\*Over budget\*\*: stage into `long_q`: 7 levels (1 over), path from `src_q\[0\]` to `long_q`.$' "$work/over6_report.md" &&
   grep -q '^- Verdict: \*\*not check ok\*\*: 1 stage over the depth budget (a failed check; DEPTH_BUDGET_OK=1 allows it)\.$' "$work/over6_report.md" &&
   grep -q '^- Depth budget (7 levels a stage, SPEC 5): every stage of sp_top within the 7-level budget' "$work/in7_report.md" &&
   grep -q '^- Verdict: check ok' "$work/in7_report.md" &&
   python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["check_ok"] is False
assert r["design"]["depth_budget"]["over"][0]["stage"] == "long_q"' "$work/over6_report.json"; then
  echo "ok - the Markdown and JSON reports carry the budget, the stage over it in words, and the verdict"
else
  echo "not ok - the reports' depth budget (see $work/over6_report.md, $work/in7_report.md)"; bad=1
fi
exit $bad
