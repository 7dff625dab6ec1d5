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

// Every mechanism's L1-harness bins, declared in C (a coverage).
template <class C> void mech_bins_declare_l1(C &c)
{
    for (const mech_bins *m : mech_bins_registry()) {
        for (const auto &p : m->paths)
            c.declare(p.name);
        for (const auto &p : m->own_paths)
            c.declare(p.name);
        for (const char *b : m->l1)
            c.declare(b);
    }
}

// Every mechanism's system-harness bins, declared in C (a bin_set).
template <class C> void mech_bins_declare_sys(C &c)
{
    for (const mech_bins *m : mech_bins_registry()) {
        for (const auto &p : m->sys_paths)
            c.declare(p.name);
        for (const char *b : m->sys)
            c.declare(b);
    }
}

// Whether BIN is some mechanism's bin in the system harness.
inline bool mech_bins_is_sys(const std::string &bin)
{
    for (const mech_bins *m : mech_bins_registry()) {
        for (const auto &p : m->sys_paths)
            if (bin == p.name)
                return true;
        for (const char *b : m->sys)
            if (bin == b)
                return true;
    }
    return false;
}

// Whether BIN is some mechanism's bin in the L1 harness.
inline bool mech_bins_is_l1(const std::string &bin)
{
    for (const mech_bins *m : mech_bins_registry()) {
        for (const auto &p : m->paths)
            if (bin == p.name)
                return true;
        for (const auto &p : m->own_paths)
            if (bin == p.name)
                return true;
        for (const char *b : m->l1)
            if (bin == b)
                return true;
    }
    return false;
}

#endif
