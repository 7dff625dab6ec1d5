// tb_dut.vh: the generated L1 under test, its input registers and output wires, shared by the
// Icarus testbenches (tb_icarus.v, tb_replay.v). Include inside a module that has `clk` and
// `rst_n`; widths come from tb_defines.vh (written by mkstim from cachegen's layout), which
// also defines PCPRED (SACAT) where the L1 has the PC predictor's (FG-CB's) event ports, and
// MEMERR where it takes a failed read's error bit (axi.enable).
  reg req_valid = 1'b0, req_store = 1'b0, rsp_ready = 1'b1, mem_req_ready = 1'b1;
  reg mem_rsp_valid = 1'b0, flush = 1'b0, kernel_start = 1'b0, filter_enable = 1'b1;
  reg mem_rsp_hint = 1'b0;
  reg mem_rsp_err = 1'b0; // MEMERR only
  reg [`LA-1:0] req_line = {`LA{1'b0}};
  reg [`IDW-1:0] req_id = {`IDW{1'b0}};
  reg [`PCW-1:0] req_pc = {`PCW{1'b0}};
  reg [`COREW-1:0] req_core = {`COREW{1'b0}};
  reg [`BASEW-1:0] req_base = {`BASEW{1'b0}};
  reg [`LB-1:0] req_be = {`LB{1'b0}};
  reg [`LW-1:0] req_wdata = {`LW{1'b0}};
  reg [`MB-1:0] mem_rsp_mshr = {`MB{1'b0}};
  reg [`LW-1:0] mem_rsp_data = {`LW{1'b0}};
  wire req_ready, rsp_valid, mem_req_valid, mem_req_store, mem_req_hint, mem_rsp_ready;
  wire [`IDW-1:0] rsp_id;
  wire [`STW-1:0] rsp_status;
  wire [`LW-1:0] rsp_data, mem_req_wdata;
  wire [`LA-1:0] mem_req_line;
  wire [`MB-1:0] mem_req_mshr;
  wire [`LB-1:0] mem_req_be;
  wire [`CW-1:0] cnt_acc, cnt_hit, cnt_miss, cnt_byp, cnt_fill, cnt_evict, cnt_rsv, cnt_stall;
  wire [`CW-1:0] cnt_merged;
  wire evt_valid, evt_evict;
  wire [`KINDW-1:0] evt_kind;
  wire [`DECW-1:0] evt_dec;
  wire [`SETW-1:0] evt_set;
  wire [`WAYW-1:0] evt_way;
  wire [`TAGW-1:0] evt_evict_tag;
  wire [`MB-1:0] evt_mshr;
  wire [`ROWW-1:0] evt_row;
`ifdef PCPRED
  wire evt_pc_we, evt_pc_pred;
  wire [`PCIDXW-1:0] evt_pc_idx;
  wire [`PCCW-1:0] evt_pc_val;
`endif
`ifdef SACAT
  wire evt_fg_we;
  wire [`FGIDXW-1:0] evt_fg_idx;
  wire [`FGEW-1:0] evt_fg_entry;
`endif

  `DUT dut (
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_store_i(req_store),
    .req_line_i(req_line), .req_id_i(req_id), .req_pc_i(req_pc), .req_core_i(req_core),
    .req_base_i(req_base),
    .req_be_i(req_be), .req_wdata_i(req_wdata),
    .rsp_valid_o(rsp_valid), .rsp_ready_i(rsp_ready), .rsp_id_o(rsp_id),
    .rsp_status_o(rsp_status), .rsp_data_o(rsp_data),
    .mem_req_valid_o(mem_req_valid), .mem_req_ready_i(mem_req_ready),
    .mem_req_store_o(mem_req_store), .mem_req_line_o(mem_req_line),
    .mem_req_mshr_o(mem_req_mshr), .mem_req_be_o(mem_req_be), .mem_req_wdata_o(mem_req_wdata),
    .mem_req_hint_o(mem_req_hint),
    .mem_rsp_valid_i(mem_rsp_valid), .mem_rsp_ready_o(mem_rsp_ready),
    .mem_rsp_mshr_i(mem_rsp_mshr), .mem_rsp_data_i(mem_rsp_data), .mem_rsp_hint_i(mem_rsp_hint),
`ifdef MEMERR
    .mem_rsp_err_i(mem_rsp_err),
`endif
    .flush_i(flush), .kernel_start_i(kernel_start), .filter_enable_i(filter_enable),
    .cnt_accesses_o(cnt_acc), .cnt_hits_o(cnt_hit), .cnt_misses_o(cnt_miss),
    .cnt_bypasses_o(cnt_byp), .cnt_fills_o(cnt_fill), .cnt_evictions_o(cnt_evict),
    .cnt_rsv_fails_o(cnt_rsv), .cnt_stall_cycles_o(cnt_stall), .cnt_merged_o(cnt_merged),
    .evt_valid_o(evt_valid), .evt_kind_o(evt_kind), .evt_dec_o(evt_dec), .evt_set_o(evt_set),
    .evt_way_o(evt_way), .evt_evict_o(evt_evict), .evt_evict_tag_o(evt_evict_tag),
`ifdef PCPRED
    .evt_pc_we_o(evt_pc_we), .evt_pc_idx_o(evt_pc_idx), .evt_pc_val_o(evt_pc_val),
    .evt_pc_pred_o(evt_pc_pred),
`endif
`ifdef SACAT
    .evt_fg_we_o(evt_fg_we), .evt_fg_idx_o(evt_fg_idx), .evt_fg_entry_o(evt_fg_entry),
`endif
    .evt_mshr_o(evt_mshr), .evt_row_o(evt_row)
  );
