// tb_sram_tile: a generated <name>_sram (the arrays tiled onto a user's macro, with its
// stand-in model) against the behavioural cachegen_sram_1r1w, both driven by the same random
// reads and writes; every cycle after the first read their read data must be equal (the
// contract: data the cycle after a read, held until the next, old data on a read of the row
// being written). An init sweep writes every row first, as the caches do. Defines: DUT (the
// wrapper's module), WIDTH, DEPTH, ABITS, BYTE_MASKS (1: masks equal over each byte, as the
// caches write; 0: any bit mask), SEED, CYCLES.
`timescale 1ns / 1ps
`default_nettype none
module tb_sram_tile;
  localparam integer Width = `WIDTH, Depth = `DEPTH, AddrBits = `ABITS;
  reg clk = 1'b0;
  reg re = 1'b0, we = 1'b0;
  reg [AddrBits-1:0] raddr = 0, waddr = 0;
  reg [Width-1:0] wdata = 0, wmask = 0;
  wire [Width-1:0] rd_ref, rd_dut;
  cachegen_sram_1r1w #(.Width(Width), .Depth(Depth), .AddrBits(AddrBits)) u_ref (
    .clk_i(clk), .re_i(re), .raddr_i(raddr), .rdata_o(rd_ref),
    .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .wmask_i(wmask));
  `DUT #(.Width(Width), .Depth(Depth), .AddrBits(AddrBits)) u_dut (
    .clk_i(clk), .re_i(re), .raddr_i(raddr), .rdata_o(rd_dut),
    .we_i(we), .waddr_i(waddr), .wdata_i(wdata), .wmask_i(wmask));
  integer seed = `SEED, cyc, i, reads = 0, writes = 0, errors = 0;
  reg started = 1'b0;
  reg [Width+31:0] tmp;
  task rand_word(output [Width-1:0] v);
    integer b;
    begin
      for (b = 0; b < Width; b = b + 32) tmp[b +: 32] = $random(seed);
      v = tmp[Width-1:0];
    end
  endtask
  task rand_mask(output [Width-1:0] v);
    integer b;
    begin
      for (b = 0; b < Width; b = b + 32) tmp[b +: 32] = $random(seed);
      if (`BYTE_MASKS)
        for (b = 0; b < Width; b = b + 8) tmp[b +: 8] = {8{tmp[b]}};
      v = tmp[Width-1:0];
    end
  endtask
  always #5 clk = ~clk;
  initial begin
    // the init sweep: every row written whole
    for (i = 0; i < Depth; i = i + 1) begin
      @(negedge clk);
      we = 1'b1; waddr = i; rand_word(wdata); wmask = {Width{1'b1}};
    end
    @(negedge clk);
    we = 1'b0;
    for (cyc = 0; cyc < `CYCLES; cyc = cyc + 1) begin
      @(negedge clk);
      if (started && rd_ref !== rd_dut) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("MISMATCH cycle %0d: reference %h, tiled %h", cyc, rd_ref, rd_dut);
      end
      re = $random(seed); raddr = $unsigned($random(seed)) % Depth;
      we = $random(seed); waddr = $unsigned($random(seed)) % Depth;
      // a third of the cycles read the row being written (old data expected)
      if ($unsigned($random(seed)) % 3 == 0) raddr = waddr;
      rand_word(wdata); rand_mask(wmask);
      if (re) begin started = 1'b1; reads = reads + 1; end
      if (we) writes = writes + 1;
    end
    if (errors == 0)
      $display("PASS %0d cycles, %0d reads, %0d writes", `CYCLES, reads, writes);
    else
      $display("FAIL %0d mismatches", errors);
    $finish;
  end
endmodule
`default_nettype wire
