// tb_replay: Icarus testbench that replays, cycle for cycle, the inputs a Verilator lockstep run
// recorded (+stimout) and writes the events the RTL reports in the harness's +evlog format.
// The two logs must be identical: the same RTL on two simulators, under the same random traffic.
// Plusargs: +stim=FILE +evlog=FILE. Widths come from tb_defines.vh (written by mkstim).
`timescale 1ns/1ps
`default_nettype none
`include "tb_defines.vh"

// one cycle's inputs, as the harness's record_inputs writes them (MEMERR: the error bit after
// the hint)
`ifdef MEMERR
`define STIM_FIELDS 20
`define READ_STIM n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", \
    rst_n, req_valid, req_store, req_line, req_id, req_pc, req_core, req_base, req_be, req_wdata, \
    rsp_ready, mem_req_ready, mem_rsp_valid, mem_rsp_mshr, mem_rsp_data, mem_rsp_hint, mem_rsp_err, \
    flush, kernel_start, filter_enable);
`else
`define STIM_FIELDS 19
`define READ_STIM n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", \
    rst_n, req_valid, req_store, req_line, req_id, req_pc, req_core, req_base, req_be, req_wdata, \
    rsp_ready, mem_req_ready, mem_rsp_valid, mem_rsp_mshr, mem_rsp_data, mem_rsp_hint, \
    flush, kernel_start, filter_enable);
`endif

module tb_replay;
  reg clk = 1'b0;
  reg rst_n = 1'b0;
  `include "tb_dut.vh"

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
    `READ_STIM
    while (n == `STIM_FIELDS) begin
      #1;
`ifdef PCPRED
      if (rst_n && evt_valid) // then the table write (we, index, value) and the prediction
        $fdisplay(lg, "%0d %0d %0d %0d %0d %0d %0h %0d %h %0d %0d %0d %0d", cycle, evt_kind,
                  evt_dec, evt_set, evt_way, evt_evict, evt_evict_tag, evt_mshr, evt_row,
                  evt_pc_we, evt_pc_idx, evt_pc_val, evt_pc_pred);
`elsif SACAT
      if (rst_n && evt_valid) // then the FG-CB table write (we, index, entry)
        $fdisplay(lg, "%0d %0d %0d %0d %0d %0d %0h %0d %h %0d %0d %h", cycle, evt_kind,
                  evt_dec, evt_set, evt_way, evt_evict, evt_evict_tag, evt_mshr, evt_row,
                  evt_fg_we, evt_fg_idx, evt_fg_entry);
`else
      if (rst_n && evt_valid)
        $fdisplay(lg, "%0d %0d %0d %0d %0d %0d %0h %0d %h", cycle, evt_kind, evt_dec, evt_set,
                  evt_way, evt_evict, evt_evict_tag, evt_mshr, evt_row);
`endif
      #4 clk = 1'b1;
      #5 clk = 1'b0;
      cycle = cycle + 1;
      `READ_STIM
    end
    $fclose(lg);
    $display("tb_replay: %0d cycles replayed", cycle);
    $finish;
  end
endmodule

`default_nettype wire
