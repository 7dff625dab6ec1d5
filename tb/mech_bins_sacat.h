// mech_bins_sacat: FG-CB's bin names (tb/mech_bins.h); its rules and hits are in
// tb/mech_tb_sacat.h.
#ifndef CG_MECH_BINS_SACAT_H
#define CG_MECH_BINS_SACAT_H

#include "mech_bins.h"

inline const mech_bins &mech_bins_sacat()
{
    static const mech_bins b = {
        {},
        {{CM_FG_ALLOC, "fg_entry_allocated"},
         {CM_FG_TABLE_FULL, "fg_table_full_untracked"},
         {CM_FG_DECIDE_L1_BYPASS, "fg_decide_bypass_l1"},
         {CM_FG_DECIDE_L1_KEEP, "fg_decide_keep_l1"},
         {CM_FG_DECIDE_L2_BYPASS, "fg_decide_bypass_l2"},
         {CM_FG_DECIDE_L2_KEEP, "fg_decide_keep_l2"},
         {CM_FG_BYPASSED_HIT, "fg_bypassed_load_hit"},
         {CM_FG_BYPASSED_FILL, "fg_bypassed_fill"},
         {CM_FG_NOALLOC_READ, "fg_noalloc_read"},
         {CM_FG_WINDOW_UNDECIDED, "fg_window_expired_before_n"},
         {CM_FG_KERNEL_CLEAR, "fg_kernel_start_clears"}},
        {"fg_write_lost_to_kernel_start"},
        {{CM_FG_DECIDE_L1_BYPASS, "fg_decide_bypass_l1"},
         {CM_FG_DECIDE_L1_KEEP, "fg_decide_keep_l1"},
         {CM_FG_DECIDE_L2_BYPASS, "fg_decide_bypass_l2"},
         {CM_FG_DECIDE_L2_KEEP, "fg_decide_keep_l2"},
         {CM_FG_BYPASSED_FILL, "fg_bypassed_fill"}},
        {"fg_noalloc_read_l2_hit", "fg_noalloc_read_l2_miss", "fg_kernel_start_clears"}};
    return b;
}

#endif
