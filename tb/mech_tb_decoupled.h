// mech_tb_decoupled.h: the decoupled tag/data store's harness plug-in (tb/mech_tb.h): its bins
// (tb/mech_bins_decoupled.h), which configurations reach them, and the traffic that does. Its
// event fields are the shared ones (the model's paths word), so it checks nothing of its own.
struct mech_tb : mech_tb_none {
    template <class C> static void cover(C &cov, const cm_result_t &r)
    {
        if (r.dec == DEC_LD_BYPASS)
            cov.hit("dec_load_bypass");
        if (r.dec == DEC_FILL_BYPASS && r.status != ST_ERR) // a bypassed read, not a failed one
            cov.hit("dec_fill_bypass");
        if (r.dec == DEC_STALL_RSV)
            cov.hit("dec_stall_all_reserved");
    }
    // a read bypasses only when the threshold can exceed a line's reference count (0 or 1 never)
    static bool bypasses(const cfg_l1_t &c) { return c.threshold >= 2; }
    static bool reachable(const cfg_l1_t &c, const std::string &b)
    {
        if (b.compare(0, 4, "dec_") != 0)
            return false;
        if (b == "dec_load_bypass" || b == "dec_fill_bypass" || b == "dec_filter_disabled_alloc")
            return bypasses(c);
        if (b == "dec_tag_lfu_tie") // two entries without a line: spare tag ways or bypasses
            return c.tag_ways >= c.ways + 2 || bypasses(c);
        if (b == "dec_stall_all_reserved") // every line of a set reserved, an MSHR still free
            return c.mshrs > c.ways;
        if (b == "dec_invalidate_ages")
            return c.write_evict;
        return true;
    }
    // the directed script's write-evict stores invalidate (and age) too
    static bool directed_reaches(const std::string &b) { return b == "dec_invalidate_ages"; }
    template <class A> static void focus(const std::string &b, A add, mech_wants &w)
    {
        if (b == "dec_stall_all_reserved") { // slow memory, the filter off: every line reserved
            add(pattern::set_rotate);
            w.slow = w.filter_off = true;
        } else if (b == "dec_tag_lfu_evict" || b == "dec_tag_lfu_tie") {
            add(pattern::tag_crowd);
        }
    }
};
