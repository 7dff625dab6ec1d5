// mech_bins: an L1 mechanism's coverage bin names, without hooks. Every harness build declares
// every mechanism's bins (its report lists the other mechanisms' bins as n/a, as the L2 policies'
// bins) while it compiles only the configured mechanism's plug-in (mech_tb_<mode>.h), so the names
// live apart from the plug-ins: one names-only header per mechanism, tb/mech_bins_<mode>.h,
// registered by one line in tb/mech_bins_reg.h. A path table maps a bit of a model's path word
// to the bin it hits; bin names are the ones the harnesses always printed (coverage files,
// tb/check_holes.sh and tb/catch_matrix.tsv read them).
#ifndef CG_MECH_BINS_H
#define CG_MECH_BINS_H

#include <cstdint>
#include <vector>
extern "C" {
#include "../cmodel/cm_l1.h"
}

struct mech_path_bin {
    uint32_t bit;     // a CM_PATH_* or CM_FG_* bit
    const char *name; // the bin its event hits
};

struct mech_bins {
    // the L1 harness (tb/coverage.h): bins hit by bits of cm_result.paths, by bits of the
    // mechanism's own path word (cm_result.mech.fg_paths and what cm_l1_cycle_end returns), and
    // the others, which the plug-in's cover hook hits
    std::vector<mech_path_bin> paths, own_paths;
    std::vector<const char *> l1;
    // the system harness (tb/sys_harness.cpp): bins the plug-in's sys_check hits from a path
    // word, and the others, which its sys_* hooks hit
    std::vector<mech_path_bin> sys_paths;
    std::vector<const char *> sys;
};

// mech_bins_hit: every bin of TABLE whose bit is set in PATHS, hit in C (a coverage or harness)
template <class C> void mech_bins_hit(C &c, uint32_t paths, const std::vector<mech_path_bin> &table)
{
    for (const auto &p : table)
        if (paths & p.bit)
            c.hit(p.name);
}

#endif
