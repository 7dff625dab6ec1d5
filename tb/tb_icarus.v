// tb_icarus: Icarus Verilog testbench for a generated L1. Replays a stimulus file written by
// mkstim (one request outstanding, fixed memory latency) and checks every response's id,
// status and data against the C model's expectation. Widths come from an include file that
// mkstim derives from cachegen's layout. Plusargs: +stim=FILE +latency=N
`timescale 1ns/1ps
`default_nettype none
`include "tb_defines.vh"

module tb_icarus;
  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  reg req_valid = 1'b0;
  wire req_ready;
  reg req_store = 1'b0;
  reg [`LA-1:0] req_line = {`LA{1'b0}};
  reg [`IDW-1:0] req_id = {`IDW{1'b0}};
  reg [`LB-1:0] req_be = {`LB{1'b0}};
  reg [`LW-1:0] req_wdata = {`LW{1'b0}};
  wire rsp_valid;
  wire [`IDW-1:0] rsp_id;
  wire [1:0] rsp_status;
  wire [`LW-1:0] rsp_data;
  wire mem_req_valid, mem_req_store;
  wire [`LA-1:0] mem_req_line;
  wire [`MB-1:0] mem_req_mshr;
  wire [`LB-1:0] mem_req_be;
  wire [`LW-1:0] mem_req_wdata;
  reg mem_rsp_valid = 1'b0;
  wire mem_rsp_ready;
  reg [`MB-1:0] mem_rsp_mshr = {`MB{1'b0}};
  reg [`LW-1:0] mem_rsp_data = {`LW{1'b0}};
  wire [`CW-1:0] cnt_acc, cnt_hit, cnt_miss, cnt_byp, cnt_fill, cnt_evict, cnt_rsv, cnt_stall;
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
    .req_line_i(req_line), .req_id_i(req_id), .req_pc_i({`PCW{1'b0}}),
    .req_core_i({`COREW{1'b0}}), .req_be_i(req_be), .req_wdata_i(req_wdata),
    .rsp_valid_o(rsp_valid), .rsp_ready_i(1'b1), .rsp_id_o(rsp_id),
    .rsp_status_o(rsp_status), .rsp_data_o(rsp_data),
    .mem_req_valid_o(mem_req_valid), .mem_req_ready_i(1'b1), .mem_req_store_o(mem_req_store),
    .mem_req_line_o(mem_req_line), .mem_req_mshr_o(mem_req_mshr), .mem_req_be_o(mem_req_be),
    .mem_req_wdata_o(mem_req_wdata),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_ready_o(mem_rsp_ready),
    .mem_rsp_mshr_i(mem_rsp_mshr), .mem_rsp_data_i(mem_rsp_data),
    .flush_i(1'b0), .kernel_start_i(1'b0),
    .cnt_accesses_o(cnt_acc), .cnt_hits_o(cnt_hit), .cnt_misses_o(cnt_miss),
    .cnt_bypasses_o(cnt_byp), .cnt_fills_o(cnt_fill), .cnt_evictions_o(cnt_evict),
    .cnt_rsv_fails_o(cnt_rsv), .cnt_stall_cycles_o(cnt_stall),
    .evt_valid_o(evt_valid), .evt_kind_o(evt_kind), .evt_dec_o(evt_dec), .evt_set_o(evt_set),
    .evt_way_o(evt_way), .evt_evict_o(evt_evict), .evt_evict_tag_o(evt_evict_tag),
    .evt_mshr_o(evt_mshr), .evt_row_o(evt_row)
  );

  // Memory: reads answered `latency` cycles after acceptance with the stimulus' line data;
  // stores are accepted and checked for the request's line.
  integer latency;
  integer fd, n, errors, requests, wait_cycles;
  reg f_store;
  reg [`LA-1:0] f_line;
  reg [31:0] f_id;
  reg [`LB-1:0] f_be;
  reg [`LW-1:0] f_wdata, f_mem, f_data;
  reg [1:0] f_status;
  reg [8*256-1:0] stim;

  always @(posedge clk) begin
    if (mem_req_valid && !mem_req_store) begin
      if (mem_req_line !== f_line) begin
        $display("tb_icarus: request %0d: memory read of line %h, expected %h", requests,
                 mem_req_line, f_line);
        errors = errors + 1;
      end
      mem_rsp_mshr <= mem_req_mshr;
      mem_rsp_data <= f_mem;
      wait_cycles = latency;
    end else if (wait_cycles > 0) begin
      wait_cycles = wait_cycles - 1;
      if (wait_cycles == 0) mem_rsp_valid <= 1'b1;
    end
    if (mem_rsp_valid && mem_rsp_ready) mem_rsp_valid <= 1'b0;
    if (mem_req_valid && mem_req_store && (mem_req_line !== f_line || mem_req_be !== f_be)) begin
      $display("tb_icarus: request %0d: store to line %h be %h, expected %h be %h", requests,
               mem_req_line, mem_req_be, f_line, f_be);
      errors = errors + 1;
    end
  end

  // Watchdog: a request that gets no response within 100000 cycles fails the run.
  integer idle_cycles = 0;
  always @(posedge clk) begin
    idle_cycles = (rsp_valid || !rst_n) ? 0 : idle_cycles + 1;
    if (idle_cycles > 100000) begin
      $display("tb_icarus: request %0d: no response (hang)", requests);
      $display("tb_icarus: FAIL");
      $finish;
    end
  end

  initial begin
    errors = 0;
    requests = 0;
    wait_cycles = 0;
    if (!$value$plusargs("latency=%d", latency)) latency = 5;
    if (!$value$plusargs("stim=%s", stim)) begin
      $display("tb_icarus: +stim=FILE missing");
      $finish;
    end
    fd = $fopen(stim, "r");
    if (fd == 0) begin
      $display("tb_icarus: cannot open stimulus");
      $finish;
    end
    repeat (3) @(posedge clk);
    rst_n <= 1'b1;
    n = $fscanf(fd, "%h %h %h %h %h %h %h %h\n", f_store, f_line, f_id, f_be, f_wdata, f_mem,
                f_status, f_data);
    while (n == 8) begin
      @(negedge clk);
      req_valid = 1'b1;
      req_store = f_store;
      req_line = f_line;
      req_id = f_id[`IDW-1:0];
      req_be = f_be;
      req_wdata = f_wdata;
      #1;
      while (!req_ready) begin
        @(negedge clk);
        #1;
      end
      @(posedge clk); // the request is accepted at this edge
      #1;
      req_valid = 1'b0;
      @(negedge clk);
      while (!rsp_valid) @(negedge clk);
      if (rsp_id !== f_id[`IDW-1:0] || rsp_status !== f_status ||
          (f_status != 2'd3 && rsp_data !== f_data)) begin
        $display("tb_icarus: request %0d: response id %h status %0d, expected id %h status %0d%s",
                 requests, rsp_id, rsp_status, f_id[`IDW-1:0], f_status,
                 (f_status != 2'd3 && rsp_data !== f_data) ? " (data differs)" : "");
        errors = errors + 1;
      end
      requests = requests + 1;
      @(posedge clk);
      n = $fscanf(fd, "%h %h %h %h %h %h %h %h\n", f_store, f_line, f_id, f_be, f_wdata, f_mem,
                  f_status, f_data);
    end
    $display("tb_icarus: %0d requests, %0d errors, counters: %0d accesses %0d hits %0d misses",
             requests, errors, cnt_acc, cnt_hit, cnt_miss);
    if (errors == 0 && requests > 0) $display("tb_icarus: PASS");
    else $display("tb_icarus: FAIL");
    $finish;
  end
endmodule

`default_nettype wire
