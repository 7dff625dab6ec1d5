// mech_tb_gcache.h: G-Cache's harness plug-in (tb/mech_tb.h): at a fill, the set's switch and,
// when the bypass ages every few fills, its count (the model's flops, white-box).
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
};
