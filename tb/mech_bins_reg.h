// mech_bins_reg: the registry of the L1 mechanisms' bin names (tb/mech_bins.h), one line per
// mechanism with bins of its own, and the questions a harness asks of all of them.
#ifndef CG_MECH_BINS_REG_H
#define CG_MECH_BINS_REG_H

#include <string>
#include "mech_bins.h"
#include "mech_bins_decoupled.h"
#include "mech_bins_gcache.h"
#include "mech_bins_pcpred.h"
#include "mech_bins_sacat.h"

inline const std::vector<const mech_bins *> &mech_bins_registry()
{
    static const std::vector<const mech_bins *> reg = {
        &mech_bins_decoupled(),
        &mech_bins_gcache(),
        &mech_bins_pcpred(),
        &mech_bins_sacat(),
    };
    return reg;
}

// F(name) for every mechanism's bin of the system harness (SYS) or of the L1 harness.
template <class F> void mech_bins_each(bool sys, F f)
{
    for (const mech_bins *m : mech_bins_registry()) {
        for (const auto &p : sys ? m->sys_paths : m->paths)
            f(p.name);
        if (!sys)
            for (const auto &p : m->own_paths)
                f(p.name);
        for (const char *b : sys ? m->sys : m->l1)
            f(b);
    }
}

// Every mechanism's L1-harness bins, declared in C (a coverage).
template <class C> void mech_bins_declare_l1(C &c)
{
    mech_bins_each(false, [&c](const char *b) { c.declare(b); });
}

// Every mechanism's system-harness bins, declared in C (a bin_set).
template <class C> void mech_bins_declare_sys(C &c)
{
    mech_bins_each(true, [&c](const char *b) { c.declare(b); });
}

// Whether BIN is some mechanism's bin in the system harness (SYS) or the L1 harness.
inline bool mech_bins_is(bool sys, const std::string &bin)
{
    bool found = false;
    mech_bins_each(sys, [&](const char *b) { found |= bin == b; });
    return found;
}
inline bool mech_bins_is_sys(const std::string &bin) { return mech_bins_is(true, bin); }
inline bool mech_bins_is_l1(const std::string &bin) { return mech_bins_is(false, bin); }

#endif
