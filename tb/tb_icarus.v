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

  `include "tb_dut.vh"

  // Memory: reads answered `latency` cycles after acceptance with the stimulus' line data;
  // stores are accepted and checked for the request's line. The expected line and byte
  // enables are latched when the request is presented (e_line, e_be): a store is acknowledged
  // when it enters the L1's memory-request queue, so it may reach memory in the same cycle the
  // testbench moves on to the next stimulus line.
  integer latency;
  integer fd, n, errors, requests, wait_cycles;
  reg f_store;
  reg [`LA-1:0] f_line;
  reg [31:0] f_id;
  reg [`LB-1:0] f_be;
  reg [`LA-1:0] e_line;
  reg [`LB-1:0] e_be;
  reg [`LW-1:0] f_wdata, f_mem, f_data;
  reg [1:0] f_status;
  reg [8*256-1:0] stim;

  always @(posedge clk) begin
    if (mem_req_valid && !mem_req_store) begin
      if (mem_req_line !== e_line) begin
        $display("tb_icarus: request %0d: memory read of line %h, expected %h", requests,
                 mem_req_line, e_line);
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
    if (mem_req_valid && mem_req_store && (mem_req_line !== e_line || mem_req_be !== e_be)) begin
      $display("tb_icarus: request %0d: store to line %h be %h, expected %h be %h", requests,
               mem_req_line, mem_req_be, e_line, e_be);
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
      e_line = f_line;
      e_be = f_be;
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
