#!/usr/bin/env bash
# test_two_caches.sh WORKDIR: two generated caches in one design (issue 38 item 5). fermi-l1 and
# gcn-l1 are generated into one FuseSoC library beside a tiny SoC core that depends on both
# (soc_top: each L1 with a behavioural memory and a sequencer that loads one line twice and
# checks the miss, the hit and the line's data); then:
#   - FuseSoC lints the SoC with Verilator -Wall: the caches' waivers come with their cores'
#     default target (each scoped to its cache's files), so the dependent lints clean;
#   - FuseSoC simulates it with Icarus: both L1s pass their checks;
#   - a plain file list naming both outputs' files (both copies of the SRAM primitive) lints
#     clean: the primitive's include guard declares it once;
#   - mutants: the caches' cores without the waivers in their default target (lint fails), a
#     primitive copy without its guard (the plain list fails: declared twice), a sequencer
#     expecting other data (the simulation fails).
# Prints ok / not ok lines; exits non-zero on a failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:?usage: gen/test_two_caches.sh WORKDIR}
fusesoc=$root/build/venv/bin/fusesoc
[ -x "$fusesoc" ] || { echo "not ok - $fusesoc missing: run 'make deps'"; exit 1; }
rm -rf "$work"; mkdir -p "$work"; work=$(cd "$work" && pwd)
export XDG_CACHE_HOME=$work/xdg/cache XDG_CONFIG_HOME=$work/xdg/config XDG_DATA_HOME=$work/xdg/data
bad=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; bad=1; }
ver=$(sed -n 's/^#define GEN_VERSION "\(.*\)"$/\1/p' "$root/core/version.h")

# make_lib LIB [EXPECT_XOR]: both caches and the SoC core in LIB; the sequencer compares the
# line's data with the pattern XOR EXPECT_XOR (0: the right pattern; else a mutant).
make_lib() {
  local lib=$1 flip=${2:-0}
  mkdir -p "$lib/soc"
  "$root/build/cachegen" --preset fermi-l1 -o "$lib/fermi" >/dev/null &&
    "$root/build/cachegen" --preset gcn-l1 -o "$lib/gcn" >/dev/null || return 1
  python3 - "$lib" "$ver" "$flip" <<'PY'
import json, re, sys
lib, ver, flip = sys.argv[1], sys.argv[2], int(sys.argv[3])
driven = {"clk_i", "rst_ni", "req_valid_i", "req_line_i", "req_id_i", "rsp_ready_i",
          "mem_req_ready_i", "mem_rsp_valid_i", "mem_rsp_mshr_i", "mem_rsp_data_i",
          "filter_enable_i"}
tops = []
for d in ("fermi", "gcn"):
    rep = json.load(open("%s/%s/%s" % (lib, d, [l.split(": ")[1] for l in open(
        "%s/%s/cachegen.manifest" % (lib, d)) if l.startswith("report: ")][0].split()[0])))
    name = rep["top"]
    pkg = open("%s/%s/%s_pkg.vh" % (lib, d, name)).read()
    P = re.search(r"localparam \[\d+:0\] (\w+)StatusHit", pkg).group(1)
    ports = [p for p in rep["ports"] if not p["simulation_only"]]
    w = {p["name"]: p["bits"] for p in ports}
    def rng(n):
        return "" if w[n] == 1 else "[%d:0] " % (w[n] - 1)
    L, W = w["req_line_i"], w["rsp_data_o"]
    v = ["// soc_%s: the L1 %s with a behavioural memory and a sequencer that loads one line" % (name, name),
         "// twice (a miss, then a hit) and checks status and data (gen/test_two_caches.sh).",
         "`default_nettype none", "",
         "module soc_%s (" % name,
         "  input  wire clk_i,", "  input  wire rst_ni,", "  output wire done_o,",
         "  output wire ok_o,", "  output wire sig_o", ");", "",
         "  localparam [%d:0] Line = %d'd5;" % (L - 1, L),
         "  localparam [%d:0] Pat = {{%d{1'b1}}, Line} ^ %d'd%d;" % (W - 1, W - L, W, flip),
         "  localparam [1:0] StatusHit = 2'd0, StatusMiss = 2'd1;", ""]
    for p in ports:
        if p["direction"] == "input" and p["name"] not in driven:
            v.append("  wire %s%s = %d'd0;" % (rng(p["name"]), p["name"], p["bits"]))
        elif p["direction"] == "output":
            v.append("  wire %s%s;" % (rng(p["name"]), p["name"]))
    v += ["  wire filter_enable_i = 1'b1;",
          "  wire rsp_ready_i = 1'b1;",
          "  wire mem_req_ready_i = 1'b1;",
          "  reg [2:0] st_q;", "  reg ok_q;",
          "  reg mrsp_valid_q;", "  reg %smrsp_mshr_q;" % rng("mem_rsp_mshr_i"),
          "  reg %smrsp_line_q;" % rng("req_line_i"), "",
          "  wire req_valid_i = st_q == 3'd0 || st_q == 3'd2;",
          "  wire %sreq_line_i = Line;" % rng("req_line_i"),
          "  wire %sreq_id_i = st_q == 3'd0 ? %d'd1 : %d'd2;" % (rng("req_id_i"), w["req_id_i"], w["req_id_i"]),
          "  wire mem_rsp_valid_i = mrsp_valid_q;",
          "  wire %smem_rsp_mshr_i = mrsp_mshr_q;" % rng("mem_rsp_mshr_i"),
          "  wire %smem_rsp_data_i = {{%d{1'b1}}, mrsp_line_q};" % (rng("mem_rsp_data_i"), W - L), "",
          "  // the sequencer: load Line (a miss), then again (a hit), checking each response",
          "  always @(posedge clk_i or negedge rst_ni) begin",
          "    if (!rst_ni) begin", "      st_q <= 3'd0;", "      ok_q <= 1'b1;", "    end else begin",
          "      case (st_q)",
          "        3'd0, 3'd2: if (req_ready_o) st_q <= st_q + 3'd1;",
          "        3'd1, 3'd3: if (rsp_valid_o) begin",
          "          ok_q <= ok_q & (rsp_status_o == (st_q == 3'd1 ? StatusMiss : StatusHit)) &",
          "                  (rsp_data_o == Pat);",
          "          st_q <= st_q + 3'd1;", "        end",
          "        default: st_q <= st_q;", "      endcase", "    end", "  end", "",
          "  // the memory: every read returns its line address under ones, a cycle later",
          "  always @(posedge clk_i or negedge rst_ni) begin",
          "    if (!rst_ni) begin", "      mrsp_valid_q <= 1'b0;",
          "      mrsp_mshr_q <= %d'd0;" % w["mem_rsp_mshr_i"],
          "      mrsp_line_q <= %d'd0;" % L, "    end else if (mem_req_valid_o && !mem_req_store_o) begin",
          "      mrsp_valid_q <= 1'b1;", "      mrsp_mshr_q <= mem_req_mshr_o;",
          "      mrsp_line_q <= mem_req_line_o;",
          "    end else if (mem_rsp_ready_o) begin", "      mrsp_valid_q <= 1'b0;", "    end", "  end", "",
          "  assign done_o = st_q == 3'd4;", "  assign ok_o = ok_q;",
          "  // every other output, so that nothing the SoC leaves unread is a lint warning",
          "  assign sig_o = ^{%s};" % ", ".join(p["name"] for p in ports if p["direction"] == "output"), "",
          "  %s u_%s (" % (name, name)]
    v.append(",\n".join("    .%s(%s)" % (p["name"], p["name"]) for p in ports))
    v += ["  );", "", "endmodule", "", "`default_nettype wire", ""]
    open("%s/soc/soc_%s.v" % (lib, name), "w").write("\n".join(v))
    tops.append(name)
top = ["// soc_top: two generated L1s side by side (gen/test_two_caches.sh).",
       "`default_nettype none", "", "module soc_top (", "  input  wire clk_i,",
       "  input  wire rst_ni,", "  output wire done_o,", "  output wire ok_o,",
       "  output wire sig_o", ");"]
for t in tops:
    top.append("  wire %s_done, %s_ok, %s_sig;" % (t, t, t))
for t in tops:
    top.append("  soc_%s u_%s (.clk_i(clk_i), .rst_ni(rst_ni), .done_o(%s_done), .ok_o(%s_ok), "
               ".sig_o(%s_sig));" % (t, t, t, t, t))
top += ["  assign done_o = %s;" % " & ".join(t + "_done" for t in tops),
        "  assign ok_o = %s;" % " & ".join(t + "_ok" for t in tops),
        "  assign sig_o = %s;" % " ^ ".join(t + "_sig" for t in tops),
        "endmodule", "", "`default_nettype wire", ""]
open(lib + "/soc/soc_top.v", "w").write("\n".join(top))
open(lib + "/soc/soc_tb.v", "w").write("""// soc_tb: clock, reset and the verdict of soc_top (Icarus).
`timescale 1ns / 1ps
module soc_tb;
  reg clk = 1'b0, rst_n = 1'b0;
  wire done, ok, sig;
  always #5 clk = ~clk;
  soc_top u_top (.clk_i(clk), .rst_ni(rst_n), .done_o(done), .ok_o(ok), .sig_o(sig));
  initial begin
    #22 rst_n = 1'b1;
    wait (done);
    if (ok) $display("SOC PASS: both caches missed, then hit, with the memory's data");
    else $display("SOC FAIL: a response's status or data was wrong");
    $finish;
  end
  initial begin
    #2000000 $display("SOC FAIL: timeout");
    $finish;
  end
endmodule
""")
files = "".join("      - soc_%s.v\n" % t for t in tops)
deps = ", ".join('"cachegen:cache:%s:%s"' % (t, ver) for t in tops)
open(lib + "/soc/soc.core", "w").write("""CAPI=2:
name: test:soc:two_caches:0
description: "a tiny SoC with two cachegen L1s"
filesets:
  rtl:
    depend: [%s]
    files:
%s      - soc_top.v
    file_type: verilogSource
  tb:
    files: [soc_tb.v]
    file_type: verilogSource
targets:
  lint:
    default_tool: verilator
    filesets: [rtl]
    toplevel: soc_top
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]
  sim:
    default_tool: icarus
    filesets: [rtl, tb]
    toplevel: soc_tb
    tools:
      icarus:
        iverilog_options: [-g2005]
""" % (deps, files))
PY
}

# run_soc LIB TARGET LOG: fusesoc run of the SoC's target in LIB
run_soc() {
  (cd "$1" && "$fusesoc" --cores-root "$1" run --build-root "$1/fb_$2" --target "$2" \
    test:soc:two_caches:0) >"$3" 2>&1
}

lib=$work/lib
make_lib "$lib" || { no "generate the two caches and the SoC"; exit 1; }
if run_soc "$lib" lint "$work/lint.log" && ! grep -q "%Warning" "$work/lint.log"; then
  ok "FuseSoC: the SoC with two caches lints clean (Verilator -Wall, the caches' waivers inherited)"
else no "FuseSoC lint of the SoC: $(grep -m5 '%Warning\|%Error\|ERROR' "$work/lint.log")"; fi
if run_soc "$lib" sim "$work/sim.log" && grep -q "SOC PASS" "$work/sim.log"; then
  ok "FuseSoC: the SoC simulates under Icarus, both caches miss, then hit, with the right data"
else no "FuseSoC simulation of the SoC: $(grep -m5 'SOC\|rror' "$work/sim.log")"; fi

# a plain file list: both outputs' L1 files (two copies of the primitive) and the SoC
plain() { # LIB LOG
  local fl=()
  for d in fermi gcn; do
    local n; n=$(sed -n 's/^top: //p' "$1/$d/cachegen.manifest")
    while read -r f; do fl+=("$1/$d/$f"); done <"$1/$d/${n}_l1.f"
    fl+=("$1/$d/${n}_lint.vlt")
  done
  verilator --lint-only -Wall -I"$1/fermi" -I"$1/gcn" --top-module soc_top "${fl[@]}" \
    "$1"/soc/soc_fermi_l1.v "$1"/soc/soc_gcn_l1.v "$1/soc/soc_top.v" >"$2" 2>&1
}
if plain "$lib" "$work/plain.log"; then
  ok "a plain file list with both outputs' primitives lints clean (the guard declares it once)"
else no "plain file list: $(grep -m3 '%' "$work/plain.log")"; fi

# ---- mutants ------------------------------------------------------------------------------------
m=$work/m_waivers; make_lib "$m" || no "mutant library"
sed -i 's/"sram, l1, l2, sys, waivers"/"sram, l1, l2, sys"/; s/filesets: \[sram, l1, l2, sys, waivers\]/filesets: [sram, l1, l2, sys]/' "$m"/fermi/*.core "$m"/gcn/*.core
if run_soc "$m" lint "$m/lint.log"; then no "mutant not caught: caches' cores without inherited waivers"
else ok "mutant caught: caches' cores without inherited waivers ($(grep -c '%Warning' "$m/lint.log") warnings)"; fi
m=$work/m_guard; make_lib "$m" || no "mutant library"
sed -i '/CACHEGEN_SRAM_1R1W_V/d; /^`endif$/d' "$m/gcn/cachegen_sram_1r1w.v"
if plain "$m" "$m/plain.log"; then no "mutant not caught: a primitive copy without its guard"
else ok "mutant caught: a primitive copy without its guard ($(grep -m1 -o 'Duplicate declaration[^:]*\|already declared' "$m/plain.log" | head -1))"; fi
m=$work/m_data; make_lib "$m" 4 || no "mutant library"
if run_soc "$m" sim "$m/sim.log" && grep -q "SOC PASS" "$m/sim.log"; then
  no "mutant not caught: the sequencer expecting other data"
else ok "mutant caught: the sequencer expecting other data"; fi
exit $bad
