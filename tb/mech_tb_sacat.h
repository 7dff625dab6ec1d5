// mech_tb_sacat.h: FG-CB's harness plug-in (tb/mech_tb.h): every table write (which entry, and
// the whole entry after it), and now and then a kernel start in a cycle that writes the table.
struct mech_tb : mech_tb_none {
    template <class H> static void check(H &h, const cm_result_t &r, unsigned, const char *evt)
    {
        h.check_field("fgcb table write", r.fg_write, h.top->evt_fg_we_o, evt);
        if (r.fg_write) {
            h.check_field("fgcb entry index", r.fg_idx, port_u64(h.top->evt_fg_idx_o), evt);
            bv_t exp, act;
            lay_fgcb_pack(&h.m->cfg, &r.fg_entry, &exp);
            port_get(h.top->evt_fg_entry_o, act, lay_fgcb_entry_bits(&h.m->cfg));
            if (!bv_eq(&exp, &act, lay_fgcb_entry_bits(&h.m->cfg)))
                h.fail("fgcb entry differs", "  after " + std::string(evt) + "\n");
            if (h.top->kernel_start_i)
                h.cov.hit("fg_write_lost_to_kernel_start");
        }
    }
    // the table write (we, index, entry in hex)
    template <class H> static void log(H &h)
    {
        std::fprintf(h.evlog, " %u %u ", (unsigned)h.top->evt_fg_we_o,
                     (unsigned)port_u64(h.top->evt_fg_idx_o));
        bv_t fe;
        unsigned feb = lay_fgcb_entry_bits(&h.m->cfg);
        port_get(h.top->evt_fg_entry_o, fe, feb);
        hex_out(h.evlog, fe, feb);
    }
    // now and then a kernel start in a cycle that writes the table (the write is lost to the
    // clear): the write is seen before the input is set, which it does not depend on
    template <class H> static void drive(H &h)
    {
        h.top->eval();
        if (h.top->evt_fg_we_o && std::uniform_int_distribution<unsigned>(0, 63)(h.rng) == 0)
            h.top->kernel_start_i = 1;
    }
};
