// tb_replay: Icarus testbench that replays, cycle for cycle, the inputs a Verilator lockstep run
// recorded (+stimout) and writes the events the RTL reports in the harness's +evlog format.
// The two logs must be identical: the same RTL on two simulators, under the same random traffic.
// Plusargs: +stim=FILE +evlog=FILE. Widths come from tb_defines.vh (written by mkstim).
`timescale 1ns/1ps
`default_nettype none
`include "tb_defines.vh"

module tb_replay;
  reg clk = 1'b0;
  reg rst_n = 1'b0;
  reg req_valid = 1'b0, req_store = 1'b0, rsp_ready = 1'b0, mem_req_ready = 1'b0;
  reg mem_rsp_valid = 1'b0, flush = 1'b0, kernel_start = 1'b0;
  reg [`LA-1:0] req_line = {`LA{1'b0}};
  reg [`IDW-1:0] req_id = {`IDW{1'b0}};
  reg [`PCW-1:0] req_pc = {`PCW{1'b0}};
  reg [`COREW-1:0] req_core = {`COREW{1'b0}};
  reg [`LB-1:0] req_be = {`LB{1'b0}};
  reg [`LW-1:0] req_wdata = {`LW{1'b0}};
  reg [`MB-1:0] mem_rsp_mshr = {`MB{1'b0}};
  reg [`LW-1:0] mem_rsp_data = {`LW{1'b0}};
  wire req_ready, rsp_valid, mem_req_valid, mem_req_store, mem_rsp_ready;
  wire [`IDW-1:0] rsp_id;
  wire [1:0] rsp_status;
  wire [`LW-1:0] rsp_data, mem_req_wdata;
  wire [`LA-1:0] mem_req_line;
  wire [`MB-1:0] mem_req_mshr;
  wire [`LB-1:0] mem_req_be;
  wire [`CW-1:0] c0, c1, c2, c3, c4, c5, c6, c7;
  wire evt_valid, evt_evict;
  wire [1:0] evt_kind;
  wire [2:0] evt_dec;
  wire [`SETW-1:0] evt_set;
  wire [`WAYW-1:0] evt_way;
  wire [`TAGW-1:0] evt_evict_tag;
  wire [`MB-1:0] evt_mshr;
  wire [`ROWW-1:0] evt_row;

  `DUT dut (
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_store_i(req_store),
    .req_line_i(req_line), .req_id_i(req_id), .req_pc_i(req_pc), .req_core_i(req_core),
    .req_be_i(req_be), .req_wdata_i(req_wdata),
    .rsp_valid_o(rsp_valid), .rsp_ready_i(rsp_ready), .rsp_id_o(rsp_id),
    .rsp_status_o(rsp_status), .rsp_data_o(rsp_data),
    .mem_req_valid_o(mem_req_valid), .mem_req_ready_i(mem_req_ready),
    .mem_req_store_o(mem_req_store), .mem_req_line_o(mem_req_line),
    .mem_req_mshr_o(mem_req_mshr), .mem_req_be_o(mem_req_be), .mem_req_wdata_o(mem_req_wdata),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_ready_o(mem_rsp_ready),
    .mem_rsp_mshr_i(mem_rsp_mshr), .mem_rsp_data_i(mem_rsp_data),
    .flush_i(flush), .kernel_start_i(kernel_start),
    .cnt_accesses_o(c0), .cnt_hits_o(c1), .cnt_misses_o(c2), .cnt_bypasses_o(c3),
    .cnt_fills_o(c4), .cnt_evictions_o(c5), .cnt_rsv_fails_o(c6), .cnt_stall_cycles_o(c7),
    .evt_valid_o(evt_valid), .evt_kind_o(evt_kind), .evt_dec_o(evt_dec), .evt_set_o(evt_set),
    .evt_way_o(evt_way), .evt_evict_o(evt_evict), .evt_evict_tag_o(evt_evict_tag),
    .evt_mshr_o(evt_mshr), .evt_row_o(evt_row)
  );

  integer fd, lg, n, cycle;
  reg [8*512-1:0] stim, evlog;

  initial begin
    if (!$value$plusargs("stim=%s", stim) || !$value$plusargs("evlog=%s", evlog)) begin
      $display("tb_replay: +stim=FILE and +evlog=FILE are required");
      $finish;
    end
    fd = $fopen(stim, "r");
    lg = $fopen(evlog, "w");
    if (fd == 0 || lg == 0) begin
      $display("tb_replay: cannot open files");
      $finish;
    end
    cycle = 0;
    n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", rst_n, req_valid,
                req_store, req_line, req_id, req_pc, req_core, req_be, req_wdata, rsp_ready,
                mem_req_ready, mem_rsp_valid, mem_rsp_mshr, mem_rsp_data, flush, kernel_start);
    while (n == 16) begin
      #1;
      if (rst_n && evt_valid)
        $fdisplay(lg, "%0d %0d %0d %0d %0d %0d %0h %0d %h", cycle, evt_kind, evt_dec, evt_set,
                  evt_way, evt_evict, evt_evict_tag, evt_mshr, evt_row);
      #4 clk = 1'b1;
      #5 clk = 1'b0;
      cycle = cycle + 1;
      n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", rst_n, req_valid,
                  req_store, req_line, req_id, req_pc, req_core, req_be, req_wdata, rsp_ready,
                  mem_req_ready, mem_rsp_valid, mem_rsp_mshr, mem_rsp_data, flush, kernel_start);
    end
    $fclose(lg);
    $display("tb_replay: %0d cycles replayed", cycle);
    $finish;
  end
endmodule

`default_nettype wire
