/* lay_l2: bit layout of the shared L2 slice (SPEC 3.2, 3.5), derived from a validated cfg_t.
 * The one source of truth of the L2 row for the model, the (future) emitter and the harness.
 * Row of a set, LSB first: for each way w: valid(1) dirty(1) tag(T2) repl(R2) vbits(V)
 * bypass(B) owner(O), and nothing else. O = log2(C + 1) (ceil) with C = system.cpu_cores > 0,
 * else 0: the line's owner application (SPEC 3.8; app k < C is CPU port k, app C the GPU),
 * written at the fill with the requester's app. B = 1 when l1.mode = pcpred (SPEC 3.6: "the
 * last read of this line was actually bypassed"), else 0, so the row of every other mode is
 * unchanged. T2 = l1.addr_bits - log2(l1.line_bytes) - log2(l2.sets); R2 is the policy's bits
 * a way (lay_repl_way_bits: the LRU or FIFO age, log2 ways, or the RRPV, l2.rrpv_bits), 0 for
 * one way; V = system.cores / l2.victim_share,
 * bit g being the G-Cache victim bit of core group g (cores g*Sv .. g*Sv+Sv-1). After the ways,
 * the replacement policy's per-set state, S2 = lay_repl_set_bits bits (tree-PLRU's ways - 1
 * node bits; 0 for every other policy, whose row ends with the last way).
 * Invariant: row_bits <= BV_MAX_BITS for every config cfg_validate accepts. */
#ifndef CACHEGEN_LAY_L2_H
#define CACHEGEN_LAY_L2_H

#include <stddef.h>
#include <stdint.h>
#include "bv.h"
#include "cfg.h"
#include "lay.h"

typedef struct lay_l2 {
    unsigned off_bits;       /* b = log2(line bytes), as the L1 */
    unsigned set_bits;       /* m2 = log2(l2.sets) */
    unsigned tag_bits;       /* T2 = addr_bits - b - m2 */
    unsigned way_bits;       /* width of a way number: max(1, log2 ways) */
    unsigned repl_bits;      /* R2: LRU age or RRPV per way (0 for one way) */
    unsigned vbits;          /* V = cores / victim_share victim bits per way */
    unsigned bbits;          /* B: PC-predictor bypass bit per way (1 in pcpred, else 0) */
    unsigned obits;          /* O: owner application per way (log2(C + 1); 0 when C = 0) */
    unsigned way_stride;     /* 2 + T2 + R2 + V + B + O */
    unsigned state_bits;     /* S2: the replacement policy's bits a set (0 but for plru) */
    unsigned state_lsb;      /* their first bit: ways * way_stride */
    unsigned row_bits;       /* ways * way_stride + S2 */
    unsigned line_bits;      /* data line width = 8 * line bytes */
    unsigned line_addr_bits; /* addr_bits - b */
    unsigned mshr_bits;      /* width of an L2 MSHR number: max(1, log2 l2.mshrs) */
    unsigned id_bits;        /* width of a request id, the requesting L1's MSHR number:
                                max(1, log2 l1.mshrs) */
    unsigned core_bits;      /* width of a core id (l1.core_bits) */
    unsigned ways, sets;     /* l2.ways, l2.sets */
    unsigned cores, share;   /* system.cores (P) and l2.victim_share (Sv) */
    unsigned cpu_cores;      /* system.cpu_cores (C): core ids P..P+C-1 are CPU ports */
} lay_l2_t;

/* One L2 way, unpacked. */
typedef struct lay_l2_way {
    uint8_t valid;   /* 1 bit */
    uint8_t dirty;   /* 1 bit: written since the fill, owes memory a write-back */
    uint64_t tag;    /* T2 bits */
    uint8_t repl;    /* R2 bits: LRU age or RRPV */
    uint64_t vbits;  /* V bits, bit g = victim bit of core group g */
    uint8_t bbit;    /* B bits (pcpred): the last read of the line was bypassed in its L1 */
    uint8_t owner;   /* O bits: the application that filled the line (0 when O = 0) */
} lay_l2_way_t;

typedef struct lay_l2_row {
    lay_l2_way_t way[LAY_MAX_WAYS];
    uint32_t state; /* S2 bits: the policy's per-set state (plru: node i at bit i, heap order) */
} lay_l2_row_t;

/* L2 performance counters (l1.counter_bits wide, wrapping, as the L1's); merged: reads that
 * joined a fetch (l2.mshr_merge; a constant 0 without merging). */
typedef enum {
    L2CNT_ACCESSES, L2CNT_READ_HITS, L2CNT_READ_MISSES, L2CNT_WRITE_HITS, L2CNT_WRITE_MISSES,
    L2CNT_FILLS, L2CNT_EVICTIONS, L2CNT_WRITEBACKS, L2CNT_MERGED, L2CNT_COUNT
} lay_l2_counter_t;
extern const char *const lay_l2_counter_names[L2CNT_COUNT];

/* Row width of any config whose keys are each in range and whose address holds the L2 index
 * (cfg_validate uses it to refuse rows wider than BV_MAX_BITS). */
unsigned lay_l2_row_bits(const cfg_t *c);

/* Derive the layout of a validated config. */
void lay_l2_build(const cfg_t *c, lay_l2_t *l);

static inline unsigned lay_l2_valid_lsb(const lay_l2_t *l, unsigned w)
{
    return w * l->way_stride;
}
static inline unsigned lay_l2_dirty_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_valid_lsb(l, w) + 1;
}
static inline unsigned lay_l2_tag_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_valid_lsb(l, w) + 2;
}
static inline unsigned lay_l2_repl_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_tag_lsb(l, w) + l->tag_bits;
}
static inline unsigned lay_l2_vbits_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_repl_lsb(l, w) + l->repl_bits;
}

static inline unsigned lay_l2_bbit_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_vbits_lsb(l, w) + l->vbits;
}
static inline unsigned lay_l2_owner_lsb(const lay_l2_t *l, unsigned w)
{
    return lay_l2_bbit_lsb(l, w) + l->bbits;
}

/* The victim-bit group of core `core` (an L1, core < cores; CPU ports have none). */
static inline unsigned lay_l2_group(const lay_l2_t *l, unsigned core) { return core / l->share; }

/* Address decomposition of a line address (byte address >> b). */
static inline uint64_t lay_l2_tag(const lay_l2_t *l, uint64_t line) { return line >> l->set_bits; }

void lay_l2_pack(const lay_l2_t *l, const lay_l2_row_t *r, bv_t *out);
void lay_l2_unpack(const lay_l2_t *l, const bv_t *in, lay_l2_row_t *r);

/* The row every set holds after the init sweep: all invalid and clean, tags, RRPVs, victim
 * bits and the per-set state 0, LRU (and FIFO) way w with age w. */
void lay_l2_reset_row(const cfg_t *c, const lay_l2_t *l, lay_l2_row_t *r);

/* Field i of the row, per way valid, dirty, tag, repl (when R2 > 0), vbits, bypass (when
 * B > 0), owner (when O > 0), named like "w3.vbits", then "repl_set" (when S2 > 0); returns 0,
 * or -1 past the last field. */
int lay_l2_field(const lay_l2_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                 unsigned *width);

/* Storage bits of the L2 slice, for reports. */
typedef struct lay_l2_storage {
    unsigned long long meta_sram;   /* sets x row_bits (victim bits included) */
    unsigned long long data_sram;   /* sets x ways x line_bits */
    unsigned long long victim_bits; /* sets x ways x V: the G-Cache part of meta_sram */
    unsigned long long bypass_bits; /* sets x ways x B: the PC predictor's part of meta_sram */
    unsigned long long owner_bits;  /* sets x ways x O: the owner applications' part */
    unsigned long long mshr_flops;  /* mshrs x (valid + line + core + id + store + be + data
                                       [+ prediction, pcpred]), id = the L1 MSHR number */
    unsigned long long drrip_flops; /* l2.replacement = drrip: apps x l2.psel_bits PSELs + the
                                       BRRIP counter (LAY_L2_BRRIP_BITS); else 0 */
    /* l2.replacement = ucp (lay_l2_ucp_t), else 0: */
    unsigned long long ucp_atd_sram;  /* apps x umon_sets x ATD row bits */
    unsigned long long ucp_hit_flops; /* apps x ways x counter bits, twice: the counters and
                                         their period-end snapshot */
    unsigned long long ucp_alloc_flops; /* apps x allocation bits */
    unsigned long long ucp_fsm_flops; /* the lookahead FSM, the period counter, the ATD's
                                         forwarding copy, a fill's registered victim, the
                                         application one-hot, the pending count */
    unsigned long long tap_ucp_flops; /* tap_ucp: the wait (4), the divider running (1), its
                                         two counts (lay_l2_ucp_t), its 10-bit remainder, the
                                         lookahead's XSRATIO (10) and UCP-Mask (1); else 0 */
    /* l2.replacement = tap_rrip, TAP's controller (gen/emit_tap.c), else 0: its counts (the
     * period's cycle, log2(tap.period) bits; 20 bits for Core-POL1's and Core-POL2's
     * instructions, each app's accesses and the busiest CPU app's; the last cycle's access and
     * its app) and its decision (the step, the snapshot of 4 counts, |I1 - I2| and the larger,
     * the two 27-bit products, friendly and saturated, the divider's 20-bit remainder, 10
     * dividend bits and 10 quotient bits, both masks and the 10-bit XSRATIO) */
    unsigned long long tap_count_flops, tap_decide_flops;
} lay_l2_storage_t;
void lay_l2_storage(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s);

/* DRRIP's BRRIP counter: 5 bits, wrapping (its period is cm_drrip's CM_DRRIP_BRRIP_PERIOD). */
#define LAY_L2_BRRIP_BITS 5u

/* UCP's widths (l2.replacement = ucp): the RTL's registers and the report's storage. */
typedef struct lay_l2_ucp {
    unsigned apps, ways;
    unsigned entry_bits, row_bits; /* an ATD entry, an ATD set (ways entries) */
    unsigned idx_bits;       /* an ATD set's number: log2(umon_sets), at least 1 */
    unsigned app_bits;       /* an application's number: the owner field's width */
    unsigned cnt_bits;       /* a hit counter: l2.umon_counter_bits */
    unsigned alloc_bits;     /* a count of ways 0..ways */
    unsigned sum_bits;       /* a utility U: cnt_bits + alloc_bits */
    unsigned prod_bits;      /* U x b: sum_bits + alloc_bits */
    unsigned period_bits;    /* the period counter: 0..tap.period - 1 */
    unsigned fsm_state_bits; /* the lookahead FSM's state */
    unsigned cand_bits;      /* a fill's victim choice, registered: the filler under its
                                allocation (1), each app over its allocation (apps), the
                                filler's and the set's oldest way (2 x ways), each app's ways
                                and "a way of app k older than way x" (2 x apps x ways) */
    /* tap_ucp (gen/emit_l2_tap_ucp.c): the divider's quotient-bit and counter counts */
    unsigned div_bit_bits;   /* 0..cnt_bits - 1, at least 1 bit */
    unsigned div_ctr_bits;   /* 0..ways - 1 */
} lay_l2_ucp_t;
void lay_l2_ucp(const cfg_t *c, const lay_l2_t *l, lay_l2_ucp_t *u);

/* An L2 policy's storage beyond the row's replacement bits (one row per l2.replacement,
 * lay_l2_pol.c): sets its fields of s, all 0 before; NULL when the policy keeps none. */
typedef void lay_l2_pol_storage_fn(const cfg_t *c, const lay_l2_t *l, lay_l2_storage_t *s);
lay_l2_pol_storage_fn *lay_l2_pol_storage(cfg_l2_repl_t r);

/* UCP (l2.replacement = ucp, SPEC 3.8): one ATD set of one application's UMON, `ways` entries,
 * entry w in bits [w * lay_l2_atd_entry_bits +: lay_l2_atd_entry_bits], low to high: valid (1),
 * LRU rank (way_bits: 0 = MRU), the L2 tag (tag_bits). The hit counters are
 * l2.umon_counter_bits each; an allocation is a count of ways 0..ways (cfg_count_bits(ways) bits). */
static inline unsigned lay_l2_atd_entry_bits(const lay_l2_t *l)
{
    return 1 + l->way_bits + l->tag_bits;
}

#endif
