// cachegen_sram_1r1w: behavioural two-port SRAM (one read port, one write port).
// Contract (SPEC 3): one read and one write per cycle; read data appears one cycle after the
// address; a read of the row being written returns the old data; writes are bit-masked.
// Contents are not reset: the cache clears what it needs with an init sweep. For synthesis
// this module is a black box; the cost flow models each instance as a Liberty macro of its
// shape (synth/liberty.sh sram: area and timing fitted to OpenRAM's FreePDK45 macros).
// Every cachegen output holds this same file, guarded, so a file list naming two outputs' copies
// (two caches in one design) declares the module once.
`ifndef CACHEGEN_SRAM_1R1W_V
`define CACHEGEN_SRAM_1R1W_V
`default_nettype none

module cachegen_sram_1r1w #(
  parameter integer Width = 32,
  parameter integer Depth = 32,
  parameter integer AddrBits = 5
) (
  input  wire                clk_i,
  input  wire                re_i,
  input  wire [AddrBits-1:0] raddr_i,
  output wire [Width-1:0]    rdata_o,
  input  wire                we_i,
  input  wire [AddrBits-1:0] waddr_i,
  input  wire [Width-1:0]    wdata_i,
  input  wire [Width-1:0]    wmask_i
);

  reg [Width-1:0] mem [0:Depth-1];
  reg [Width-1:0] rdata_q;

  always @(posedge clk_i) begin
    if (re_i) begin
      rdata_q <= mem[raddr_i];
    end
    if (we_i) begin
      mem[waddr_i] <= (mem[waddr_i] & ~wmask_i) | (wdata_i & wmask_i);
    end
  end

  assign rdata_o = rdata_q;

endmodule

`default_nettype wire
`endif
