// l2pol_tb_reg: the registry of the harnesses' L2 policy plug-ins (l2pol_tb.h), one line per
// policy, and the two calls a harness makes: the union of every policy's bins for its top (the
// harness declares them all; those of other policies report n/a) and the configured policy's
// plug-in. Include after defining L2POL_EVT and L2POL_EVT_NAME (l2pol_tb.h).
#ifndef CACHEGEN_TB_L2POL_TB_REG_H
#define CACHEGEN_TB_L2POL_TB_REG_H

#include <cstdlib>
#include "l2pol_tb.h"
#include "l2pol_tb_drrip.h"
#include "l2pol_tb_fifo.h"
#include "l2pol_tb_lru.h"
#include "l2pol_tb_plru.h"
#include "l2pol_tb_srrip.h"
#include "l2pol_tb_tap_rrip.h"
#include "l2pol_tb_tap_ucp.h"
#include "l2pol_tb_ucp.h"

// A policy's line: its l2.replacement and the function that adds its blocks (l2pol_tb_<name>.h).
template <class T> struct l2pol_tb_entry {
    cfg_l2_repl_t repl;
    void (*build)(l2pol_tb<T> &);
};
template <class T> const std::vector<l2pol_tb_entry<T>> &l2pol_tb_registry()
{
    static const std::vector<l2pol_tb_entry<T>> reg = {
        {L2_REPL_LRU, l2pol_tb_lru<T>},
        {L2_REPL_SRRIP, l2pol_tb_srrip<T>},
        {L2_REPL_DRRIP, l2pol_tb_drrip<T>},
        {L2_REPL_UCP, l2pol_tb_ucp<T>},
        {L2_REPL_TAP_RRIP, l2pol_tb_tap_rrip<T>},
        {L2_REPL_TAP_UCP, l2pol_tb_tap_ucp<T>},
        {L2_REPL_PLRU, l2pol_tb_plru<T>},
        {L2_REPL_FIFO, l2pol_tb_fifo<T>},
    };
    return reg;
}

// Every policy's bins for top kind k (a policy's bins are reachable only under it).
template <class T> std::set<std::string> l2pol_tb_bins(l2pol_top k)
{
    std::set<std::string> all;
    for (const auto &e : l2pol_tb_registry<T>()) {
        l2pol_tb<T> p(nullptr, nullptr, k);
        e.build(p);
        for (const auto &b : p.bins())
            all.insert(b.first);
    }
    return all;
}

// The plug-in of the model's l2.replacement (aborts for a policy no plug-in serves: a policy
// added to the model without its harness line).
template <class T> std::unique_ptr<l2pol_tb<T>> l2pol_tb_for(T *top, const l2pol_env &e)
{
    std::unique_ptr<l2pol_tb<T>> p(new l2pol_tb<T>(top, &e, e.kind));
    for (const auto &r : l2pol_tb_registry<T>())
        if (r.repl == e.m->cfg.l2.repl) {
            r.build(*p);
            return p;
        }
    std::fprintf(stderr, "l2pol_tb: no harness plug-in for l2.replacement %s\n",
                 cfg_l2_repl_name(&e.m->cfg.l2));
    std::abort();
}

#endif
