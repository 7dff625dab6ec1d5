/* cm_mech_evt: what an L1 mechanism reports in an event beyond the shared fields
 * (cm_result_t.mech), for the harnesses' compares and bins and the system model's counts.
 * Filled only by the mechanism's own file (cm_pcpred.c, cm_fgcb.c); cm_l1 clears it before
 * each event, so a mechanism without such a field leaves it 0. The L1-L2 port fields every
 * mechanism shares (the read's pred and no_allocate, the fill's hint) stay in cm_result_t. */
#ifndef CACHEGEN_CM_MECH_EVT_H
#define CACHEGEN_CM_MECH_EVT_H

#include <stdint.h>
#include "../core/lay.h"

typedef struct cm_mech_evt {
    /* the PC predictor: this event updated predictor entry tbl_idx (at most one per event; a
     * decrement at 0 and an increment at max count) to tbl_val */
    uint8_t tbl_write;
    uint16_t tbl_idx;
    uint8_t tbl_val;
    /* FG-CB (sacat): this event wrote table entry fg_idx (at most one) with fg_entry, and took
     * the decision paths fg_paths (CM_FG_*, coverage) */
    uint8_t fg_write;
    uint8_t fg_idx;
    lay_fgcb_entry_t fg_entry;
    uint32_t fg_paths;
} cm_mech_evt_t;

#endif
