/* cm_xbar: bit-accurate cycle model of the L1-to-L2-slice crossbar (<name>_xbar, issue 39,
 * docs/slices.md "The crossbar"); the one description its RTL matches port for port, bit for
 * bit, every cycle. N sources (L1s, then CPU ports), S destinations (slices).
 * Requests: each source keeps up to Q requests in slots (a shared virtual output queue: every
 * slot may go, the oldest slot of a destination first, so one source's requests to one slice
 * keep their order). Each cycle, over the slots as they were at the cycle's start: every
 * source with a slot for destination d whose output queue has room requests d; d grants the
 * first requesting source at or after its pointer gpt[d] and takes that source's oldest slot
 * for d, which is freed, and gpt[d] moves past s. A source granted by several destinations
 * sends to all of them (no accept phase: docs/slices.md says why). The granted slot's payload
 * is read the next cycle (stage X) into d's output queue (depth
 * CM_XBAR_OUT_DEPTH; room means queued + in stage X < depth, so the slice's ready never feeds
 * the match). A request enters the lowest free slot (req_ready: a slot is free) as the
 * youngest; it leaves 3 cycles later at the earliest (slot, match, output queue).
 * Responses: each source has an output queue of CM_XBAR_RSP_DEPTH; while it has room it takes
 * the first slice at or after its pointer rpt[s] offering a response to it (rsp_ready of that
 * slice, combinational from rsp_valid / rsp_dst), and rpt[s] moves past that slice.
 * Invariants: one request at most enters each destination's queue per cycle; one response enters each source's queue per cycle; a request or response whose
 * destination index is out of range (>= S, >= N) never moves. Payloads are opaque words, 32 bits
 * each, the low word first (Verilator's wide-signal layout), bits above the width zero. */
#ifndef CACHEGEN_CM_XBAR_H
#define CACHEGEN_CM_XBAR_H

#include <stdint.h>

#define CM_XBAR_MAX_SRC 64
#define CM_XBAR_MAX_DST 32
#define CM_XBAR_MAX_Q 16
#define CM_XBAR_OUT_DEPTH 3 /* a destination's output queue: full rate with a registered room */
#define CM_XBAR_RSP_DEPTH 2 /* a source's response queue */

typedef struct cm_xbar_cfg {
    unsigned n, s, q;         /* sources, destinations, slots per source */
    unsigned req_w, rsp_w;    /* payload widths (bits, >= 1) */
} cm_xbar_cfg_t;

/* One cycle's inputs. Payload pointers: n (req_data, rsp_ready) or s arrays of words. */
typedef struct cm_xbar_in {
    const uint8_t *req_valid;  /* [n] */
    const unsigned *req_dst;   /* [n] */
    const uint32_t *req_data;  /* [n][req words] */
    const uint8_t *out_ready;  /* [s]: the slice takes its output's head */
    const uint8_t *rsp_valid;  /* [s] */
    const unsigned *rsp_dst;   /* [s]: the source a slice's response goes to */
    const uint32_t *rsp_data;  /* [s][rsp words] */
    const uint8_t *rsp_ready;  /* [n]: the source takes its response queue's head */
} cm_xbar_in_t;

/* One cycle's outputs (arrays owned by the model, valid until the next step). */
typedef struct cm_xbar_out {
    uint8_t req_ready[CM_XBAR_MAX_SRC];
    uint8_t out_valid[CM_XBAR_MAX_DST];
    unsigned out_src[CM_XBAR_MAX_DST];
    const uint32_t *out_data[CM_XBAR_MAX_DST];
    uint8_t rsp_ready[CM_XBAR_MAX_DST];   /* combinational from this cycle's rsp_valid/dst */
    uint8_t rsp_valid[CM_XBAR_MAX_SRC];
    const uint32_t *rsp_data[CM_XBAR_MAX_SRC];
} cm_xbar_out_t;

typedef struct cm_xbar_slot {
    uint8_t v;
    unsigned dst;
    uint64_t seq;              /* age: smaller is older */
} cm_xbar_slot_t;

typedef struct cm_xbar {
    cm_xbar_cfg_t c;
    unsigned rqw, rsw;         /* words of a request / response payload */
    cm_xbar_slot_t slot[CM_XBAR_MAX_SRC][CM_XBAR_MAX_Q];
    uint32_t *slot_data;       /* [n][q][rqw] */
    uint64_t seq[CM_XBAR_MAX_SRC];
    unsigned gpt[CM_XBAR_MAX_DST], rpt[CM_XBAR_MAX_SRC];
    /* stage X: destination d reads source xsrc[d]'s slot xslot[d] this cycle */
    uint8_t xv[CM_XBAR_MAX_DST];
    unsigned xsrc[CM_XBAR_MAX_DST], xslot[CM_XBAR_MAX_DST];
    unsigned ocnt[CM_XBAR_MAX_DST];
    unsigned osrc[CM_XBAR_MAX_DST][CM_XBAR_OUT_DEPTH];
    uint32_t *odata;           /* [s][OUT_DEPTH][rqw] */
    unsigned rcnt[CM_XBAR_MAX_SRC];
    uint32_t *rdata;           /* [n][RSP_DEPTH][rsw] */
    /* what the last step did (for the harness's coverage) */
    unsigned matched, enq, rsp_moved;
    cm_xbar_out_t out;
} cm_xbar_t;

/* Validate the sizes and build the reset state. Returns 0, or -1 with err set (nothing kept). */
int cm_xbar_init(cm_xbar_t *x, const cm_xbar_cfg_t *c, char *err, unsigned errlen);
void cm_xbar_free(cm_xbar_t *x);
/* The outputs of the current cycle for `in` (only rsp_valid/rsp_dst are read). */
const cm_xbar_out_t *cm_xbar_eval(cm_xbar_t *x, const cm_xbar_in_t *in);
/* The clock edge: every register's next value from the state and `in`. */
void cm_xbar_step(cm_xbar_t *x, const cm_xbar_in_t *in);

#endif
