// mech_tb_gcache.h: G-Cache's harness plug-in (tb/mech_tb.h): at a fill, the set's switch and,
// when the bypass ages every few fills, its count (the model's flops, white-box); in the system
// harness the switch of each L1's fill and its gc_ bins.
struct mech_tb : mech_tb_none {
    template <class H> static void check(H &h, const cm_result_t &r, unsigned set, const char *evt)
    {
        if (r.kind != EVT_FILL)
            return;
        h.check_field("switch", cm_gc(h.m)->sw[set], h.top->evt_switch_o, evt);
        if (h.m->cfg.gc_bypass_age_every > 1)
            h.check_field("bypass count", cm_gc(h.m)->count[set], port_u64(h.top->evt_count_o),
                          evt);
    }
    // a bypassing fill: which threshold let it bypass (a failed read installs nothing either,
    // but no threshold decided it)
    template <class C> static void cover(C &cov, const cm_result_t &r)
    {
        if (r.dec == DEC_FILL_BYPASS && r.status != ST_ERR)
            cov.hit(r.vbit ? "gc_bypass_th_victim" : "gc_bypass_th_hot");
        if (r.kind == EVT_SWITCH_RESET)
            cov.hit("gc_switch_reset");
    }
    // G-Cache bypasses only when some threshold exceeds 0 (no RRPV is below 0)
    static bool bypasses(const cfg_l1_t &c) { return c.gc_th_hot > 0 || c.gc_th_victim > 0; }
    static bool reachable(const cfg_l1_t &c, const std::string &b)
    {
        if (b.compare(0, 3, "gc_") != 0)
            return false;
        if (b == "gc_bypass_counted_no_age")
            return c.gc_bypass_age_every > 1 && bypasses(c);
        if (b == "gc_switch_reset")
            return c.gc_switch_reset_period > 0;
        if (b == "gc_bypass_th_hot")
            return c.gc_th_hot > 0;
        if (b == "gc_bypass_th_victim")
            return c.gc_th_victim > 0;
        if (b == "gc_bypass_ages_set")
            return bypasses(c);
        return true;
    }
    template <class H>
    static void sys_check(H &h, unsigned c, const cm_result_t &r, unsigned set, const char *where)
    {
        if (r.kind == EVT_FILL)
            h.check("switch", cm_gc(h.core[c].m)->sw[set], field(h.top->evt_l1_switch_o, h.P, c, 1),
                    where);
        mech_bins_hit(h, r.paths, mech_bins_gcache().sys_paths);
        if (r.dec == DEC_FILL_BYPASS)
            h.hit(r.vbit ? "gc_bypass_th_victim" : "gc_bypass_th_hot");
        if (r.kind == EVT_SWITCH_RESET)
            h.hit("gc_switch_reset");
    }
};
