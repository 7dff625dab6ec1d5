// mech_tb_sacat.h: FG-CB's harness plug-in (tb/mech_tb.h): every table write (which entry, and
// the whole entry after it), and now and then a kernel start in a cycle that writes the table;
// in the system harness each L1's table writes and its fg_ bins.
struct mech_tb : mech_tb_none {
    template <class H> static void check(H &h, const cm_result_t &r, unsigned, const char *evt)
    {
        h.check_field("fgcb table write", r.mech.fg_write, h.top->evt_fg_we_o, evt);
        if (r.mech.fg_write) {
            h.check_field("fgcb entry index", r.mech.fg_idx, port_u64(h.top->evt_fg_idx_o), evt);
            bv_t exp, act;
            lay_fgcb_pack(&h.m->cfg, &r.mech.fg_entry, &exp);
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
    // clear): the write is seen before the input is set, which it does not depend on. One
    // write in 4N (64 at most N = 16): rare beside the N accesses an entry needs to decide (at
    // one in 64, N = 1000 never decided: the table cleared every 64 accesses or so)
    template <class H> static void drive(H &h)
    {
        h.top->eval();
        unsigned every = std::max(64u, 4 * h.m->cfg.fgcb_n);
        if (h.top->evt_fg_we_o && std::uniform_int_distribution<unsigned>(0, every - 1)(h.rng) == 0)
            h.top->kernel_start_i = 1;
    }
    static bool bypasses(const cfg_l1_t &) { return true; }
    // FG-CB's rule (core/reach.h, the one every harness takes)
    static bool reachable(const cfg_l1_t &c, const std::string &b) { return reach_fgcb(&c, b.c_str()); }
    // every table write of L1 c: which entry, and the whole entry after it
    template <class H>
    static void sys_check(H &h, unsigned c, const cm_result_t &r, unsigned, const char *where)
    {
        lay_fgcb_t fl;
        lay_fgcb(&h.cfg.l1, &fl);
        unsigned xb = fl.idx_bits, eb = fl.entry_bits, P = h.P;
        h.check("fgcb table write", r.mech.fg_write, field(h.top->evt_l1_fg_we_o, P, c, 1), where);
        if (r.mech.fg_write) {
            h.check("fgcb entry index", r.mech.fg_idx, field(h.top->evt_l1_fg_idx_o, P * xb, c, xb),
                    where);
            bv_t exp, act;
            lay_fgcb_pack(&h.cfg.l1, &r.mech.fg_entry, &exp);
            field_bv(h.top->evt_l1_fg_entry_o, P * eb, c, eb, act);
            if (!bv_eq(&exp, &act, eb))
                h.fail("fgcb entry differs", where);
        }
        mech_bins_hit(h, r.mech.fg_paths, mech_bins_sacat().sys_paths);
    }
    // a read with no_allocate found its line in the L2, or not
    template <class H> static void sys_l2_access(H &h, bool noalloc, const cm_l2_result_t &r)
    {
        if (noalloc && r.dec == DEC_LD_HIT)
            h.hit("fg_noalloc_read_l2_hit");
        if (noalloc && r.dec == DEC_LD_MISS)
            h.hit("fg_noalloc_read_l2_miss");
    }
    // a kernel start cleared the table at an L1's cycle end
    template <class H> static void sys_cycle_end(H &h, uint32_t paths)
    {
        if (paths & CM_FG_KERNEL_CLEAR)
            h.hit("fg_kernel_start_clears");
    }
};
