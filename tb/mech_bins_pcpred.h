// mech_bins_pcpred: the PC predictor's bin names (tb/mech_bins.h); its rules and hits are in
// tb/mech_tb_pcpred.h.
#ifndef CG_MECH_BINS_PCPRED_H
#define CG_MECH_BINS_PCPRED_H

#include "mech_bins.h"

inline const mech_bins &mech_bins_pcpred()
{
    static const mech_bins b = {
        {{CM_PATH_PC_HIT_DEC, "pp_hit_decrement"},
         {CM_PATH_PC_HIT_FLOOR, "pp_hit_decrement_at_floor"},
         {CM_PATH_PC_PREDICT_BYPASS, "pp_miss_predicted_bypass"},
         {CM_PATH_PC_PREDICT_KEEP, "pp_miss_predicted_keep"},
         {CM_PATH_PC_BYPASSED, "pp_fill_bypassed"},
         {CM_PATH_PC_CORRECTED, "pp_fill_corrected_by_bypass_bit"},
         {CM_PATH_PC_INSERT_VALID, "pp_insert_valid_victim"},
         {CM_PATH_PC_INSERT_INVALID, "pp_insert_invalid_way"},
         {CM_PATH_PC_SATURATED, "pp_counter_saturated"},
         {CM_PATH_PC_ALIAS, "pp_table_index_alias"}},
        {},
        {},
        {{CM_PATH_PC_BYPASSED, "pp_fill_bypassed"},
         {CM_PATH_PC_CORRECTED, "pp_fill_corrected_by_bypass_bit"}},
        {"pp_read_predicted_bypass", "pp_l2_bit_set", "pp_l2_bit_returned_1",
         "pp_l1_table_write"}};
    return b;
}

#endif
