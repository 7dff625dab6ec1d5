/* cm_l1_int: the L1 model's internals, shared by cm_l1.c and the mechanism files (cm_dec.c,
 * cm_gcache.c, cm_pcpred.c) and read by white-box unit tests; not part of the model's API.
 * Invariant: only a mechanism's own file (and its unit test) touches its state in m->mech. */
#ifndef CACHEGEN_CM_L1_INT_H
#define CACHEGEN_CM_L1_INT_H

#include "cm_l1.h"
#include "cm_mech.h"

/* Count one event in counter `c`, wrapping at l1.counter_bits. */
void cm_l1_count(cm_l1_t *m, lay_counter_t c);
/* Make `res` a stall of request `q` (decision `why`); the first stall of a request counts one
 * reservation failure. */
void cm_l1_stall(cm_l1_t *m, cm_req_t *q, cm_result_t *res, lay_decision_t why);
void cm_l1_result_init(cm_result_t *res, lay_evt_kind_t kind, unsigned set);
/* The start of every mode's fill: MSHR `mshr` (must be valid) is freed and `res` becomes the
 * fill event of its line's set, answering the MSHR's request with `data`. Returns the line's
 * byte address; its set goes to *set. The MSHR's other fields stay readable. */
uint64_t cm_l1_fill_take(cm_l1_t *m, unsigned mshr, const bv_t *data, cm_result_t *res,
                         unsigned *set);
uint8_t *cm_l1_line_ptr(const cm_l1_t *m, unsigned set, unsigned way);
/* Write a store's enabled bytes into the line at (set, way). */
void cm_l1_store_bytes(cm_l1_t *m, unsigned set, unsigned way, const cm_req_t *q);
/* Install the line of byte address `addr` in `set`: the lowest invalid way, else the
 * policy's victim (which may age the row; eviction in res); the policy's insertion; the data;
 * the fill counter. Returns the way (also in res->way). */
unsigned cm_l1_install(cm_l1_t *m, unsigned set, uint64_t addr, const bv_t *data,
                       cm_result_t *res);

/* G-Cache state (cm_gcache.c; SPEC 3.5): flops outside the SRAM rows. */
typedef struct cm_gc_state {
    uint8_t *sw;           /* [sets] bypass switch, 1 bit */
    uint8_t *count;        /* [sets] bypasses since the last aging, 0..M-1 */
    uint32_t requests;     /* accepted requests in this reset period, 0..period-1 */
    uint8_t reset_pending; /* a period completed; the switch-reset event is due */
} cm_gc_state_t;
cm_gc_state_t *cm_gc(cm_l1_t *m);

/* PC predictor state (cm_pcpred.c; SPEC 3.6). The table is flops, cleared at reset
 * (cm_l1_new) and by nothing else, not even a flush. */
typedef struct cm_pc_state {
    uint8_t *table;        /* [pc_entries] saturating counters, pc_counter_bits each */
    uint16_t hpc;          /* the last event's PC hash (log2 pc_entries bits): a load lookup's,
                              a fill's (its MSHR's); model bookkeeping, not RTL state */
    /* Coverage bookkeeping only, not RTL state (never packed or compared): the last PC whose
     * load lookup used each table entry, to report aliasing (CM_PATH_PC_ALIAS). */
    uint64_t *seen;        /* [pc_entries] masked PC */
    uint8_t *seen_valid;   /* [pc_entries] */
} cm_pc_state_t;
cm_pc_state_t *cm_pc(cm_l1_t *m);
/* hash(PC): the PC cut to l1.pc_bits, shifted right by l1.pc_hash_shift, XOR-folded into
 * log2(l1.pc_entries) bits (SPEC 3.6). */
unsigned cm_pc_hash(const cfg_l1_t *c, uint64_t pc);

#endif
