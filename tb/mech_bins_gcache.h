// mech_bins_gcache: G-Cache's bin names (tb/mech_bins.h); its rules and hits are in
// tb/mech_tb_gcache.h.
#ifndef CG_MECH_BINS_GCACHE_H
#define CG_MECH_BINS_GCACHE_H

#include "mech_bins.h"

inline const mech_bins &mech_bins_gcache()
{
    static const mech_bins b = {
        {{CM_PATH_GC_SWITCH_ON, "gc_switch_on"},
         {CM_PATH_GC_INVALID_WAY, "gc_switch_on_insert_invalid_way"},
         {CM_PATH_GC_NOT_ALL_HOT, "gc_switch_on_insert_cold_way"},
         {CM_PATH_GC_BYPASS_AGED, "gc_bypass_ages_set"},
         {CM_PATH_GC_BYPASS_NO_AGE, "gc_bypass_counted_no_age"},
         {CM_PATH_GC_INSERT_HOT, "gc_insert_victim_bit_1"},
         {CM_PATH_GC_INSERT_COLD, "gc_insert_victim_bit_0"}},
        {},
        {"gc_bypass_th_hot", "gc_bypass_th_victim", "gc_switch_reset"},
        {{CM_PATH_GC_SWITCH_ON, "gc_switch_on"},
         {CM_PATH_GC_NOT_ALL_HOT, "gc_insert_cold_way_switch_on"},
         {CM_PATH_GC_INVALID_WAY, "gc_insert_invalid_way_switch_on"},
         {CM_PATH_GC_BYPASS_NO_AGE, "gc_bypass_counted_no_age"}},
        {"gc_bypass_th_hot", "gc_bypass_th_victim", "gc_switch_reset"}};
    return b;
}

#endif
