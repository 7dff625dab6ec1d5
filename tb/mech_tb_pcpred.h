// mech_tb_pcpred.h: the PC predictor's harness plug-in (tb/mech_tb.h): every predictor table
// write, the prediction of a load miss (sent with its read) and of a fill (the MSHR's copy).
struct mech_tb : mech_tb_none {
    template <class H> static void check(H &h, const cm_result_t &r, unsigned, const char *evt)
    {
        h.check_field("pc table write", r.tbl_write, h.top->evt_pc_we_o, evt);
        if (r.tbl_write) {
            h.check_field("pc table index", r.tbl_idx, port_u64(h.top->evt_pc_idx_o), evt);
            h.check_field("pc table value", r.tbl_val, port_u64(h.top->evt_pc_val_o), evt);
        }
        if (r.dec == DEC_LD_MISS || r.kind == EVT_FILL)
            h.check_field("pc prediction", r.pred, h.top->evt_pc_pred_o, evt);
    }
    // the table write (we, index, value) and the prediction
    template <class H> static void log(H &h)
    {
        std::fprintf(h.evlog, " %u %u %u %u", (unsigned)h.top->evt_pc_we_o,
                     (unsigned)port_u64(h.top->evt_pc_idx_o),
                     (unsigned)port_u64(h.top->evt_pc_val_o), (unsigned)h.top->evt_pc_pred_o);
    }
};
