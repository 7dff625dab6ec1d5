/* cm_l2: bit-accurate C model of the shared L2 slice (SPEC 3.2, 3.5), event-level.
 * Write-back, write-allocate, LRU or SRRIP, any index; requests from P L1s carry core id and
 * id (the requesting L1's MSHR number); every line holds P/Sv G-Cache victim bits. Holds
 * exactly the state the RTL holds: set rows in core/lay_l2's layout, data lines, MSHRs (each
 * holding its whole pending request) and counters. Memory requests (line reads, whole-line
 * write-backs) leave in issue order through a queue the caller drains; the memory may answer
 * reads in any order (cm_l2_fill). Requesters: the P L1s (core ids 0..P-1, the GPU's
 * application C) and the C = system.cpu_cores CPU ports (core id P + k is application k,
 * SPEC 3.8); a fill writes its requester's application into the line's owner field (with
 * C > 0); a CPU port's read has no victim-bit group (it reads 0 and sets none). With
 * l2.replacement = drrip (cm_drrip) a miss that takes an MSHR in one of its app's leader sets
 * moves that app's PSEL, a fill inserts at the RRPV of its set's policy for its app. With
 * l2.replacement = ucp (cm_umon, cm_ucp; docs/tap.md) every hit and every miss that takes an
 * MSHR accesses its app's UMON, a fill's victim is chosen under the allocation in force, and
 * cm_l2_cycle_end runs the period: snapshot and halving of the counters, then the lookahead,
 * whose allocation applies cm_l2_ucp_latency cycles later, as the RTL's FSM finishes. With
 * l2.replacement = tap_rrip the slice also holds TAP's core-sampling controller (cm_tap), which
 * counts every access (what L2CNT_ACCESSES counts: a lookup that is not a stall, a read joining
 * a fetch) by application and takes the retired instructions in cm_l2_cycle_end; its masks
 * steer DRRIP as cm_tap_rrip says (the sampling cores' insertions, the mask's forced BRRIP,
 * no GPU promotion and the GPU-first victim under RRIP-Mask). With l2.replacement = tap_ucp the
 * slice holds UCP and the controller: a period's lookahead waits for that period's decision
 * and starts the cycle after it lands, on the period end's snapshot, with the GPU's copy divided
 * by XSRATIO (when above 1 and UCP-Mask is clear) or the GPU fixed at 1 way (UCP-Mask), as
 * cm_tap_ucp_partition; Core-POL1's reads (GPU core 0) do not allocate (cm_l2_access_noalloc's
 * path); their accesses reach the UMON as every GPU access does.
 * Each policy is one file behind cm_l2_pol.h's table (cm_l2_pol_<name>.c); the events call its
 * hooks and name none.
 * Invariants: a line has at most one MSHR, and a line with an MSHR is not valid in its set
 * (requests to it stall until the fill); victim bits and (l1.mode = pcpred) the bypass bit
 * change only on reads and allocation. */
#ifndef CACHEGEN_CM_L2_H
#define CACHEGEN_CM_L2_H

#include <stdint.h>
#include "../core/bv.h"
#include "../core/cfg.h"
#include "../core/lay.h"
#include "../core/lay_l2.h"
#include "cm_l1.h"
#include "cm_l2_pol_evt.h"
#include "cm_repl.h"

struct cm_l2_pol_ops;

#define CM_L2_MEMQ 128 /* memory requests the queue holds; each event adds at most one */

typedef struct cm_l2_mshr {
    uint8_t valid;   /* a line fetch is outstanding */
    uint64_t line;   /* line address (byte address >> b) */
    unsigned core;   /* requesting L1 (core id, core_bits) */
    uint32_t id;     /* id to return: the requesting L1's MSHR number (lay.id_bits) */
    uint8_t store;   /* 1: a write waiting to merge into the fetched line */
    bv_t be;         /* write: byte enables, bit i = byte i */
    bv_t wdata;      /* write: data, byte i in bits 8i+7:8i */
    uint8_t pred;    /* read (pcpred): the L1's bypass prediction, stored at the fill */
    uint8_t noalloc; /* read (sacat): answered from the fetched line without installing it */
    uint8_t nwait;   /* reads that joined this fetch (l2.mshr_merge), 0..l2.mshr_merge */
    unsigned wait_core[CM_MAX_WAITERS]; /* their L1s and ids, in arrival order */
    uint32_t wait_id[CM_MAX_WAITERS];
} cm_l2_mshr_t;

/* One request on the memory port, in issue order. */
typedef struct cm_l2_mem {
    uint8_t write;   /* 0: read of `line` for MSHR `mshr`; 1: write-back of a whole line */
    uint64_t line;   /* line address */
    unsigned mshr;   /* read: the MSHR its data goes back to (cm_l2_fill) */
    bv_t data;       /* write-back: the line */
} cm_l2_mem_t;

/* What one event decided. Decisions reuse lay.h's, read for the L2 as: DEC_LD_HIT / DEC_ST_HIT
 * read or write hit; DEC_LD_MISS / DEC_ST_MISS read or write miss (MSHR allocated, line read
 * from memory); DEC_STALL_LINE (the line has a fetch outstanding) / DEC_STALL_MSHR (no free
 * MSHR): nothing changed; DEC_FILL: a fetched line installed and its request completed. */
typedef struct cm_l2_result {
    lay_evt_kind_t kind;     /* EVT_SWEEP, EVT_LOOKUP, EVT_STALL or EVT_FILL */
    lay_decision_t dec;
    unsigned set, way;       /* way: hit way or filled way; 0 when none */
    unsigned mshr;           /* allocated (miss) or completed (fill) MSHR */
    uint8_t store;           /* the request served (or completed by the fill) is a write */
    uint8_t evict_valid;     /* the fill replaced a valid line */
    uint8_t evict_dirty;     /* ... which was dirty: a write-back was queued */
    uint64_t evict_tag;
    uint8_t aged;            /* the victim search changed the row (SRRIP aging) */
    uint8_t mem_read;        /* this event queued a memory read */
    uint8_t mem_write;       /* this event queued a write-back */
    uint8_t responds;        /* a read response to `core` follows (read hit, read fill) */
    unsigned core;
    uint32_t id;
    uint8_t hit;             /* response: the read hit in the L2 */
    uint8_t vbit;            /* response: the line's victim bit of core's group before the read */
    uint8_t bbit;            /* response (pcpred): the line's bypass bit before the read */
    uint8_t nwait;           /* fill of a read: this many waiter responses follow the first,
                                one per cycle, in order, each with the same line and flags */
    unsigned wait_core[CM_MAX_WAITERS];
    uint32_t wait_id[CM_MAX_WAITERS];
    cm_l2_pol_evt_t pol;     /* the policy's event fields (cm_l2_pol_evt.h) */
    bv_t data;               /* response: the line */
} cm_l2_result_t;

typedef struct cm_l2 {
    cfg_t cfg;
    lay_l2_t lay;
    lay_l1_t repl_lay;           /* ways and repl_bits only: the shared policies' view */
    const cm_repl_ops_t *repl;   /* the shared replacement policy (cfg_l2_repl: lru or srrip) */
    const struct cm_l2_pol_ops *pol; /* the l2.replacement's hooks (cm_l2_pol.h) */
    void *pol_state;             /* the policy's own state (its file's struct, opening with
                                    cm_l2_blocks_t), or NULL; read through cm_l2_pol.h */
    lay_l2_row_t *rows;          /* [sets] */
    uint8_t *data;               /* [sets][ways][line_bytes] */
    cm_l2_mshr_t mshr[CM_MAX_MSHRS];
    uint64_t cnt[L2CNT_COUNT];   /* wrap at l1.counter_bits */
    cm_l2_mem_t memq[CM_L2_MEMQ];
    unsigned memq_head, memq_len;
    uint64_t pric_poly;          /* PRIC modulus in effect (l2.index pric) */
    unsigned pric_hashed;        /* PRIC hashes every line-address bit */
} cm_l2_t;

/* Build a model of a validated config, in the state after the init sweep.
 * Returns 0, or -1 (out of memory) with *out untouched. */
int cm_l2_new(const cfg_t *c, cm_l2_t **out);
void cm_l2_free(cm_l2_t *m);

/* The set of a line address. */
unsigned cm_l2_index(const cm_l2_t *m, uint64_t line);

/* Sweep event: set `set` back to its reset row. */
void cm_l2_sweep(cm_l2_t *m, unsigned set, cm_l2_result_t *res);

/* Request event from `core` (an L1 < system.cores, or CPU port core - system.cores): a read
 * (store = 0) or a write of the bytes of `wdata` enabled in `be` (NULL for reads), to line
 * address `line`, with `id`.
 * A read of a line with a fetch outstanding joins it as a waiter while it has fewer than
 * l2.mshr_merge waiters (DEC_LD_MERGE: counted as an access and as merged, nothing else
 * changes; SPEC 3.1 merging as the L1's); a write, or a read beyond the limit, of such a line
 * stalls, and so does a miss with no free MSHR: nothing changes.
 * A read hit answers with the line, hit = 1 and the old victim bit of core's group, then sets
 * that bit; a write hit merges its bytes and sets dirty; both touch replacement. A miss takes
 * the lowest free MSHR and queues a memory read; it completes in cm_l2_fill. */
void cm_l2_access(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                  const bv_t *wdata, uint32_t id, cm_l2_result_t *res);

/* cm_l2_access with the L1's bypass prediction `pred` (0 or 1; writes carry 0). With
 * l1.mode = pcpred (SPEC 3.6) every read, hit or (at its fill) miss, answers with the line's
 * old bypass bit b in res->bbit and stores `pred AND NOT b`; a new line starts with b = 0.
 * Otherwise the row has no bypass bit, pred is ignored and bbit is 0. cm_l2_access is this
 * with pred = 0. */
void cm_l2_access_pred(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                       const bv_t *wdata, uint32_t id, unsigned pred, cm_l2_result_t *res);

/* cm_l2_access_pred with FG-CB's no_allocate flag (sacat, SPEC 3.7; reads only): a hit is
 * served as any read hit; a miss fetches the line and its fill answers the read (and its
 * waiters) without installing it: no victim, no write-back, the row and replacement unchanged,
 * DEC_FILL_BYPASS, not counted as a fill. cm_l2_access_pred is this with noalloc = 0. */
void cm_l2_access_noalloc(cm_l2_t *m, unsigned core, int store, uint64_t line, const bv_t *be,
                          const bv_t *wdata, uint32_t id, unsigned pred, unsigned noalloc,
                          cm_l2_result_t *res);

/* Fill event: memory returns `data` for MSHR `mshr` (must be valid). A read's waiters are
 * answered after it, in arrival order, with the same line and flags (hit 0, victim and bypass
 * bits 0), and change no row state. The line goes to the
 * lowest invalid way, else the policy's victim (a dirty victim queues its write-back), with
 * dirty 0 and every victim bit and the bypass bit clear; then the MSHR's request completes as
 * on a hit (a read with the prediction it arrived with), except
 * that a read reports hit = 0, and the fill's insertion is its only replacement update. */
void cm_l2_fill(cm_l2_t *m, unsigned mshr, const bv_t *data, cm_l2_result_t *res);

/* The end of a clock cycle, after its events (the harness calls it every clock from the first
 * one after reset). retired[c]: instructions GPU core c retired this cycle (NULL: none).
 * The policy's per-cycle work runs here (cm_l2_pol.h's cycle_end: UCP's period and lookahead,
 * TAP's controller taking the retired instructions and the accesses of the cycle before; what
 * it did is read through cm_l2_pol.h's accessors). Otherwise nothing happens. */
void cm_l2_cycle_end(cm_l2_t *m, const uint32_t *retired);

/* Take the oldest queued memory request: 1 and *out filled, or 0 when the queue is empty. */
int cm_l2_mem_pop(cm_l2_t *m, cm_l2_mem_t *out);

/* Pack set `set`'s row in the RTL's layout; read a data line of (set, way). */
void cm_l2_row(const cm_l2_t *m, unsigned set, bv_t *out);
void cm_l2_line(const cm_l2_t *m, unsigned set, unsigned way, bv_t *out);

/* Lowest free MSHR, or -1 when all are busy. */
int cm_l2_free_mshr(const cm_l2_t *m);

#endif
