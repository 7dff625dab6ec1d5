// mech_bins_decoupled: the decoupled tag/data store's bin names (tb/mech_bins.h); its rules and
// hits are in tb/mech_tb_decoupled.h.
#ifndef CG_MECH_BINS_DECOUPLED_H
#define CG_MECH_BINS_DECOUPLED_H

#include "mech_bins.h"

inline const mech_bins &mech_bins_decoupled()
{
    static const mech_bins b = {
        {{CM_PATH_TAG_ALLOC_INVALID, "dec_tag_alloc_invalid"},
         {CM_PATH_TAG_LFU_EVICT, "dec_tag_lfu_evict"},
         {CM_PATH_TAG_LFU_TIE, "dec_tag_lfu_tie"},
         {CM_PATH_RC_SATURATED, "dec_rc_saturated"},
         {CM_PATH_RESERVE_FREE, "dec_reserve_free_line"},
         {CM_PATH_RESERVE_EVICT, "dec_reserve_evict_line"},
         {CM_PATH_AGED_TO_ZERO, "dec_aged_to_zero"},
         {CM_PATH_HIT_COMMITTED, "dec_hit_committed"},
         {CM_PATH_STALL_RESERVED, "dec_stall_reserved_line"},
         {CM_PATH_FILTER_OFF_ALLOC, "dec_filter_disabled_alloc"},
         {CM_PATH_CROSS_ON_HIT, "dec_threshold_cross_on_hit"},
         {CM_PATH_INVALIDATE_AGES, "dec_invalidate_ages"}},
        {},
        {"dec_load_bypass", "dec_fill_bypass", "dec_stall_all_reserved"},
        {},
        {}};
    return b;
}

#endif
