/* cm_l1: bit-accurate C model of the generated L1 (SPEC 3.1), event-level.
 * Holds exactly the RTL's state: metadata rows, data lines, MSHRs, counters. Each call is
 * one RTL event; the caller supplies what the model cannot predict (which MSHR fills next,
 * the returned line). Invariant: rows always pack to what the RTL wrote for the same events. */
#ifndef CACHEGEN_CM_L1_H
#define CACHEGEN_CM_L1_H

#include <stdint.h>
#include "../core/bv.h"
#include "../core/cfg.h"
#include "../core/lay.h"
#include "cm_mech_evt.h"

#define CM_MAX_MSHRS 64
#define CM_MAX_WAITERS 8 /* l1.mshr_merge and l2.mshr_merge at most */

struct cm_mech_ops;

typedef struct cm_mshr {
    uint8_t valid;   /* outstanding read */
    uint64_t line;   /* line address (addr >> b) */
    uint32_t id;     /* transaction id to return */
    uint8_t bypass;  /* decoupled, sacat (bypass-L1): answer without installing */
    uint8_t pred;    /* pcpred: the lookup predicted a bypass (sent with the memory read) */
    uint16_t hpc;    /* pcpred: hash of the missing load's PC, installed with the line */
    uint8_t nwait;   /* loads that joined this read (SPEC 3.1 merging), 0..l1.mshr_merge */
    uint32_t wait_id[CM_MAX_WAITERS]; /* their ids, in arrival order */
} cm_mshr_t;

/* FG-CB decision paths (sacat), per event in cm_result.mech.fg_paths or per cycle end. */
enum {
    CM_FG_ALLOC = 1u << 0,        /* a load's base id took an invalid entry */
    CM_FG_TABLE_FULL = 1u << 1,   /* ... none was invalid: the load is untracked */
    CM_FG_DECIDE_L1_BYPASS = 1u << 2, /* the N-th L1 access: misses > M, bypass the L1 */
    CM_FG_DECIDE_L1_KEEP = 1u << 3,   /* the N-th L1 access: misses <= M, keep caching */
    CM_FG_DECIDE_L2_BYPASS = 1u << 4, /* the N-th L2 access: no_allocate from now on */
    CM_FG_DECIDE_L2_KEEP = 1u << 5,
    CM_FG_BYPASSED_HIT = 1u << 6, /* a bypass-L1 load hit and was served */
    CM_FG_BYPASSED_FILL = 1u << 7, /* a bypass-L1 read's fill, not installed */
    CM_FG_NOALLOC_READ = 1u << 8, /* a load miss sent no_allocate with its read */
    CM_FG_WINDOW_UNDECIDED = 1u << 9, /* cycle end: the window closed with an entry below N */
    CM_FG_KERNEL_CLEAR = 1u << 10 /* cycle end: kernel_start cleared a non-empty table */
};

/* Decision paths of the decoupled store, reported per event for coverage (cm_result.paths). */
enum {
    CM_PATH_TAG_ALLOC_INVALID = 1u << 0, /* probe miss took an invalid tag entry */
    CM_PATH_TAG_LFU_EVICT = 1u << 1,     /* probe miss replaced the least-RC entry */
    CM_PATH_TAG_LFU_TIE = 1u << 2,       /* ... and another candidate had the same RC */
    CM_PATH_RC_SATURATED = 1u << 3,      /* a probe hit found RC at its maximum */
    CM_PATH_RESERVE_FREE = 1u << 4,      /* threshold reached, a free line reserved */
    CM_PATH_RESERVE_EVICT = 1u << 5,     /* threshold reached, a valid line evicted */
    CM_PATH_AGED_TO_ZERO = 1u << 6,      /* aging took some entry's RC from 1 to 0 */
    CM_PATH_HIT_COMMITTED = 1u << 7,     /* load hit on an entry owning a valid line */
    CM_PATH_STALL_RESERVED = 1u << 8,    /* line stall on a line reserved in the data store */
    CM_PATH_FILTER_OFF_ALLOC = 1u << 9,  /* filter_enable low gave a line below threshold */
    CM_PATH_CROSS_ON_HIT = 1u << 10,     /* an existing entry's RC crossed the threshold */
    CM_PATH_INVALIDATE_AGES = 1u << 11,  /* write-evict invalidation aged the set */
    /* G-Cache fills (cmodel/cm_gcache.c) */
    CM_PATH_GC_SWITCH_ON = 1u << 12,     /* victim bit 1 turned an off switch on */
    CM_PATH_GC_INVALID_WAY = 1u << 13,   /* switch on, but an invalid way took the line */
    CM_PATH_GC_NOT_ALL_HOT = 1u << 14,   /* switch on, some way at or above TH: inserted */
    CM_PATH_GC_BYPASS_AGED = 1u << 15,   /* bypass on the M-th count: the set aged */
    CM_PATH_GC_BYPASS_NO_AGE = 1u << 16, /* bypass between M-th counts: no aging */
    CM_PATH_GC_INSERT_HOT = 1u << 17,    /* inserted with victim bit 1 at 2^n-2 */
    CM_PATH_GC_INSERT_COLD = 1u << 18,   /* inserted with victim bit 0 at 2^n-1 */
    /* PC bypass predictor (cmodel/cm_pcpred.c) */
    CM_PATH_PC_HIT_DEC = 1u << 19,       /* load hit: the line's counter decremented */
    CM_PATH_PC_HIT_FLOOR = 1u << 20,     /* load hit: the line's counter already 0 */
    CM_PATH_PC_PREDICT_BYPASS = 1u << 21, /* load miss: counter >= threshold, bypass predicted */
    CM_PATH_PC_PREDICT_KEEP = 1u << 22,  /* load miss: counter below threshold */
    CM_PATH_PC_BYPASSED = 1u << 23,      /* fill: predicted and bypass bit 0, bypassed */
    CM_PATH_PC_CORRECTED = 1u << 24,     /* fill: predicted but bypass bit 1, inserted */
    CM_PATH_PC_INSERT_VALID = 1u << 25,  /* fill inserted over a valid victim: its counter + 1 */
    CM_PATH_PC_INSERT_INVALID = 1u << 26, /* fill inserted into an invalid way */
    CM_PATH_PC_SATURATED = 1u << 27,     /* the victim's counter was already at its maximum */
    CM_PATH_PC_ALIAS = 1u << 28          /* a load's hash entry was last used by another PC */
};

/* A core request. The model writes rsv_counted; keep the same struct across retries. */
typedef struct cm_req {
    uint8_t store;       /* 1 = store */
    uint64_t addr;       /* byte address; offset bits ignored (whole-line requests) */
    uint32_t id;         /* transaction id */
    uint64_t pc;         /* request PC */
    unsigned core;       /* core id */
    bv_t be;             /* byte enables, bit i = byte i (stores) */
    bv_t wdata;          /* store data, byte i in bits 8i+7:8i */
    uint32_t base;       /* sacat: the load's base id (req_base_i), l1.fgcb_id_bits */
    uint8_t rsv_counted; /* model-owned: reservation failure already counted */
} cm_req_t;

/* What one event decided. */
typedef struct cm_result {
    lay_evt_kind_t kind;
    lay_decision_t dec;
    unsigned set, way;       /* way: hit way, filled way; 0 when none */
    uint8_t evict_valid;     /* a valid line was replaced */
    uint8_t aged;            /* RRPVs rose: the victim search, or a G-Cache bypass, aged the row */
    uint32_t paths;          /* decoupled, gcache: CM_PATH_* taken by this event */
    uint8_t vbit;            /* fill: the hint bit the L2 returned with the line (gcache:
                                victim bit; pcpred: bypass bit b) */
    uint8_t pred;            /* pcpred lookup miss: the prediction sent with the memory read;
                                fill: the MSHR's prediction */
    uint8_t reset_due;       /* gcache lookup: it completed a switch-reset period; the caller
                                steps cm_l1_switch_reset next */
    uint8_t noalloc;         /* sacat load miss: no_allocate sent with the read */
    cm_mech_evt_t mech;      /* the mechanism's own event fields (cm_mech_evt.h) */
    uint64_t evict_tag;
    unsigned mshr;           /* allocated (load miss) or completed (fill) MSHR */
    uint8_t responds;        /* a core response follows (load hit, fill; stores answer later) */
    uint8_t nwait;           /* fill: this many waiter responses follow the first, one per
                                cycle, in wait_id order, with the same status and data */
    uint32_t wait_id[CM_MAX_WAITERS];
    lay_status_t status;
    uint32_t id;             /* response id */
    bv_t data;               /* response data (loads) */
} cm_result_t;

typedef struct cm_l1 {
    cfg_l1_t cfg;
    lay_l1_t lay;
    lay_l1_row_t *rows;          /* [sets] */
    uint8_t *data;               /* [sets][ways][line_bytes] */
    cm_mshr_t mshr[CM_MAX_MSHRS];
    uint64_t cnt[CNT_COUNT];     /* wrap at counter_bits */
    uint8_t filter_enable;       /* decoupled: input filter_enable (0: threshold 0) */
    uint16_t lfsr;               /* random replacement: the LFSR (cfg_lfsr_next), a flop */
    uint64_t pric_poly;          /* PRIC modulus in effect (index pric) */
    unsigned pric_hashed;        /* PRIC hashed line-address bits */
    const struct cm_mech_ops *mech_ops; /* the l1.mode's hooks (cm_mech.h) */
    void *mech;                  /* the mechanism's own state (flops outside the SRAM rows),
                                    owned by its file; NULL for the baseline */
} cm_l1_t;

/* Build a model of a validated config, in the state after the init sweep.
 * Returns 0, or -1 (out of memory) with *out untouched. */
int cm_l1_new(const cfg_t *c, cm_l1_t **out);
void cm_l1_free(cm_l1_t *m);

/* The set a byte address maps to. */
unsigned cm_l1_index(const cm_l1_t *m, uint64_t addr);

/* Sweep event: set `set` back to its reset row (init and flush). */
void cm_l1_sweep(cm_l1_t *m, unsigned set, cm_result_t *res);

/* Request event: a load to a line with an outstanding read joins that read as a waiter
 * (DEC_LD_MERGE: counted as an access and as merged, nothing else changes) while it has fewer
 * than l1.mshr_merge waiters; a stall (line outstanding, or load miss with no free MSHR)
 * leaves the state alone except for the reservation-failure counter; otherwise a lookup. */
void cm_l1_access(cm_l1_t *m, cm_req_t *q, cm_result_t *res);

/* Fill event: MSHR `mshr` (must be valid) returns `line`; cm_l1_fill_hint with hint bit 0. */
void cm_l1_fill(cm_l1_t *m, unsigned mshr, const bv_t *line, cm_result_t *res);

/* Fill event carrying the hint bit the L2 returned with the line. gcache (SPEC 3.5): the
 * victim bit drives the bypass switch, the bypass check and the insertion RRPV. pcpred
 * (SPEC 3.6): the bypass bit b; a predicted fill with b = 0 is bypassed, otherwise inserted.
 * Other modes ignore it (same as cm_l1_fill). */
void cm_l1_fill_hint(cm_l1_t *m, unsigned mshr, const bv_t *line, unsigned victim_bit,
                     cm_result_t *res);

/* Failed fill event (an L1 whose memory side reports errors, core/lay.h lay_l1_mem_err): MSHR
 * `mshr`'s read came back with an error and `line` (the slave's data). The read and its
 * waiters are answered ST_ERR with that data, decision DEC_FILL_BYPASS; nothing is installed,
 * no replacement or mechanism state moves and no counter counts, except that a line the lookup
 * reserved (the decoupled store) is released: free again, its tag entry without a line. */
void cm_l1_fill_err(cm_l1_t *m, unsigned mshr, const bv_t *line, cm_result_t *res);

/* Switch-reset event (gcache, the mechanism's tick): every bypass switch and bypass counter
 * clears. Due when a lookup reported reset_due (l1.gc_switch_reset_period accepted requests);
 * the RTL takes it as its own event after that lookup. */
void cm_l1_switch_reset(cm_l1_t *m, cm_result_t *res);

/* The end of a clock cycle, after its event (sacat: FG-CB's window counter moves, and
 * kernel_start clears the table and restarts the window). Returns CM_FG_* paths of the cycle
 * end (coverage); other modes return 0. */
uint32_t cm_l1_cycle_end(cm_l1_t *m, int kernel_start);

/* Count one cycle in which a request waited on a reservation failure. */
void cm_l1_stall_cycle(cm_l1_t *m);

/* Pack set `set`'s metadata row in the RTL's layout. */
void cm_l1_row(const cm_l1_t *m, unsigned set, bv_t *out);

/* Read a data line of (set, way) as a vector. */
void cm_l1_line(const cm_l1_t *m, unsigned set, unsigned way, bv_t *out);

/* Lowest free MSHR, or -1 when all are busy. */
int cm_l1_free_mshr(const cm_l1_t *m);

#endif
