// mech_tb_pcpred.h: the PC predictor's harness plug-in (tb/mech_tb.h): every predictor table
// write, the prediction of a load miss (sent with its read) and of a fill (the MSHR's copy), in
// the L1 harness and for each L1 of the system harness (with its pp_ bins).
struct mech_tb : mech_tb_none {
    template <class H> static void check(H &h, const cm_result_t &r, unsigned, const char *evt)
    {
        h.check_field("pc table write", r.mech.tbl_write, h.top->evt_pc_we_o, evt);
        if (r.mech.tbl_write) {
            h.check_field("pc table index", r.mech.tbl_idx, port_u64(h.top->evt_pc_idx_o), evt);
            h.check_field("pc table value", r.mech.tbl_val, port_u64(h.top->evt_pc_val_o), evt);
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
    static bool bypasses(const cfg_l1_t &) { return true; }
    static bool reachable(const cfg_l1_t &c, const std::string &b)
    {
        if (b == "pp_miss_predicted_keep") // threshold 0 predicts every miss to bypass
            return c.pc_threshold > 0;
        return b.compare(0, 3, "pp_") == 0;
    }
    template <class H>
    static void sys_check(H &h, unsigned c, const cm_result_t &r, unsigned, const char *where)
    {
        unsigned k = h.core[c].m->lay.hpc_bits, cb = h.cfg.l1.pc_counter_bits, P = h.P;
        h.check("pc table write", r.mech.tbl_write, field(h.top->evt_l1_pc_we_o, P, c, 1), where);
        if (r.mech.tbl_write) {
            h.check("pc table index", r.mech.tbl_idx, field(h.top->evt_l1_pc_idx_o, P * k, c, k), where);
            h.check("pc table value", r.mech.tbl_val, field(h.top->evt_l1_pc_val_o, P * cb, c, cb),
                    where);
            h.hit("pp_l1_table_write");
        }
        if (r.dec == DEC_LD_MISS || r.kind == EVT_FILL)
            h.check("pc prediction", r.pred, field(h.top->evt_l1_pc_pred_o, P, c, 1), where);
        mech_bins_hit(h, r.paths, mech_bins_pcpred().sys_paths);
    }
    // a read the L1 predicted to bypass
    template <class H> static void sys_l2_request(H &h, unsigned pred)
    {
        if (pred)
            h.hit("pp_read_predicted_bypass");
    }
    // a response with the bypass bit, and a read that bypassed set it in the L2's line
    template <class H> static void sys_l2_response(H &h, const cm_l2_t *l2, const cm_l2_result_t &r)
    {
        if (r.bbit)
            h.hit("pp_l2_bit_returned_1");
        if (l2->lay.bbits && l2->rows[r.set].way[r.way].bbit)
            h.hit("pp_l2_bit_set");
    }
    // a dead loop: one PC over more lines than fit, so its counter saturates and bypasses. A
    // counter rises only when a fill evicts a valid line: saturation needs the cache full, so
    // no flush for a while (draw 3 seed 3: 8,192 lines, threshold 27 of 7-bit counters; with a
    // flush every 5,000-10,000 cycles the cache never filled and fills took invalid ways)
    template <class A> static void focus(const std::string &b, A add, mech_wants &w)
    {
        if (b.compare(0, 3, "pp_") == 0)
            add(pattern::dead_loop);
        if (b == "pp_counter_saturated")
            w.full = true;
    }
};
