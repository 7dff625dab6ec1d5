/* lay: bit layouts of every array row and event field, derived from a validated cfg_t.
 * The one source of truth for "which bit holds what": the emitters slice rows with these
 * offsets, the C model packs its state with them, the harness names differing fields.
 * Metadata row of a set, LSB first: for each way w: valid(1) tag(T) repl(R) hpc(H); then the
 * tree-PLRU node bits (ways-1) when replacement is plru. H = log2(l1.pc_entries) in
 * l1.mode = pcpred (the hash of the last load PC that touched the line, SPEC 3.6), else 0, so
 * every other mode's row is bit for bit what it was before the predictor existed.
 * Decoupled row (l1.mode = decoupled): for each tag-store way t: valid(1) tag(T) rc(RC)
 * pv(1) pos(P); then for each data way w: valid(1) reserved(1) repl(R); then the PLRU bits;
 * then the free-line count (log2(ways)+1). Tag store and data-store state share one row, so
 * every decision is one read-modify-write of it. */
#ifndef CACHEGEN_LAY_H
#define CACHEGEN_LAY_H

#include <stdint.h>
#include "bv.h"
#include "cfg.h"

#define LAY_MAX_WAYS 32

/* Entries of each in-order queue of a generated cache (memory requests, core responses): the
 * decide stage pushes at most one entry per cycle and stops while a queue is full, so two
 * entries sustain one request per cycle when the channel's ready stays high. The L2 slice puts
 * one more register, its memory-request stage, in front of its memory queue. The generator
 * sizes the queues by it, the L2 harness counts their slots by it. */
#define LAY_QUEUE_DEPTH 2

/* Event kinds on the event port (SPEC 4). */
typedef enum {
    EVT_SWEEP = 0, EVT_LOOKUP = 1, EVT_STALL = 2, EVT_FILL = 3,
    EVT_SWITCH_RESET = 4 /* G-Cache: every bypass switch and bypass counter cleared */
} lay_evt_kind_t;
#define LAY_EVT_KIND_BITS 3

/* Decisions carried by events. */
typedef enum {
    DEC_NONE = 0,       /* sweep: row cleared */
    DEC_LD_HIT = 1,     /* load hit: served from L1, replacement touched */
    DEC_LD_MISS = 2,    /* load miss: MSHR allocated, memory read issued */
    DEC_ST_HIT = 3,     /* store hit: bytes written (or line invalidated with write_evict) */
    DEC_ST_MISS = 4,    /* store miss: written through only */
    DEC_STALL_LINE = 5, /* request held: its line has an outstanding read */
    DEC_STALL_MSHR = 6, /* load miss held: no free MSHR */
    DEC_FILL = 7,       /* fill installed in `way` */
    DEC_LD_BYPASS = 8,  /* load gets no data line: MSHR allocated, read answered uncached */
    DEC_STALL_RSV = 9,  /* load held: it should get a data line but every line is reserved */
    DEC_FILL_BYPASS = 10, /* a bypassed read returned: answered, nothing installed (gcache:
                             the fill chose to bypass) */
    DEC_LD_MERGE = 11   /* load joined the outstanding read of its line as a waiter */
} lay_decision_t;
#define LAY_DEC_BITS 4
#define LAY_DEC_COUNT 12

/* Response status (SPEC 3.1). ST_ERR: a load whose line read failed (AXI SLVERR/DECERR on the
 * L1's memory side, docs/ip.md); it exists only where the memory side can report an error
 * (axi.enable), and there the status is LAY_STATUS_BITS_ERR wide: lay_status_bits. */
typedef enum { ST_HIT = 0, ST_MISS = 1, ST_BYPASS = 2, ST_STORE = 3, ST_ERR = 4 } lay_status_t;
#define LAY_STATUS_BITS 2
#define LAY_STATUS_BITS_ERR 3
/* Whether the L1 of c takes an error bit with its fills (mem_rsp_err_i) and answers ST_ERR. */
static inline int lay_l1_mem_err(const cfg_t *c) { return c->axi.enable; }
/* The L1 response status width of c (the L2's is always LAY_STATUS_BITS). */
static inline unsigned lay_status_bits(const cfg_t *c)
{
    return lay_l1_mem_err(c) ? LAY_STATUS_BITS_ERR : LAY_STATUS_BITS;
}

/* Performance counters, in port order. */
typedef enum {
    CNT_ACCESSES, CNT_HITS, CNT_MISSES, CNT_BYPASSES, CNT_FILLS, CNT_EVICTIONS,
    CNT_RSV_FAILS, CNT_STALL_CYCLES,
    CNT_MERGED, /* loads that joined an outstanding read (a constant 0 without merging) */
    CNT_COUNT
} lay_counter_t;
extern const char *const lay_counter_names[CNT_COUNT];

typedef struct lay_l1 {
    unsigned off_bits;       /* b = log2(line bytes) */
    unsigned set_bits;       /* m = log2(sets) */
    unsigned tag_bits;       /* T = addr_bits - b - m */
    unsigned way_bits;       /* width of a way number: max(1, log2 ways) */
    unsigned repl_bits;      /* R: per-way policy bits (LRU age or RRPV; 0 for plru, 1 way) */
    unsigned plru_bits;      /* tree-PLRU node bits per set (ways-1, plru only) */
    unsigned hpc_bits;       /* H: per-way PC hash (pcpred: log2 pc_entries; else 0) */
    unsigned way_stride;     /* 1 + T + R + H */
    unsigned plru_lsb;       /* first PLRU node bit */
    unsigned row_bits;       /* metadata row width */
    unsigned line_bits;      /* data line width = 8 * line bytes */
    unsigned line_addr_bits; /* addr_bits - b */
    unsigned mshr_bits;      /* width of an MSHR number: max(1, log2 mshrs) */
    unsigned ways, sets;     /* copied from the config */
    unsigned way_base;       /* first bit of way 0's fields (after the tag store if decoupled) */
    /* decoupled only (dec = 1); `ways` is then the data store's associativity */
    unsigned dec;            /* l1.mode = decoupled */
    unsigned tag_ways;       /* tag-store ways */
    unsigned rc_bits;        /* reference-count width */
    unsigned pos_bits;       /* P = log2(ways): data-way number in a tag entry */
    unsigned te_stride;      /* 1 + T + RC + 1 + P */
    unsigned free_lsb, free_bits; /* free-line count: log2(ways)+1 bits */
} lay_l1_t;

/* One set's metadata, unpacked. */
typedef struct lay_l1_way {
    uint8_t valid;  /* 1 bit */
    uint64_t tag;   /* T bits (baseline only; the decoupled data store keeps no tags) */
    uint8_t repl;   /* R bits: LRU age or SRRIP RRPV */
    uint8_t rsv;    /* decoupled: line reserved for an outstanding fill */
    uint16_t hpc;   /* H bits (pcpred): hash of the last load PC that touched the line */
} lay_l1_way_t;

/* A decoupled tag-store entry. */
typedef struct lay_tag_entry {
    uint8_t valid;
    uint64_t tag;
    uint8_t rc;     /* saturating reference count */
    uint8_t pv;     /* pos is valid: this entry owns data line `pos` */
    uint8_t pos;    /* data way (0 when pv = 0) */
} lay_tag_entry_t;

typedef struct lay_l1_row {
    lay_l1_way_t way[LAY_MAX_WAYS];
    uint32_t plru;  /* plru_bits, node i at bit i (heap order: root 0, children 2i+1, 2i+2) */
    lay_tag_entry_t te[LAY_MAX_WAYS]; /* decoupled tag store */
    uint8_t free;   /* decoupled: number of invalid (free) data lines */
} lay_l1_row_t;

/* The state a replacement policy keeps in a set's row, in closed form: bits per way (an LRU or
 * FIFO age, an RRPV) and per set (tree-PLRU's nodes), and whether the per-way bits are ages
 * (a permutation, way w reset to age w; other state resets to 0). One row per cfg_repl_t in
 * lay.c; the L1 and L2 layouts, the model and synth/cost.c's closed forms all read it. A NULL
 * size keeps nothing there. */
typedef struct lay_repl {
    unsigned (*way_bits)(unsigned ways, unsigned rrpv_bits);
    unsigned (*set_bits)(unsigned ways);
    int ages;
} lay_repl_t;
const lay_repl_t *lay_repl(cfg_repl_t r);
/* Policy r's bits per way and per set at `ways` ways (rrpv_bits: the RRPV width); one way
 * keeps none. */
unsigned lay_repl_way_bits(cfg_repl_t r, unsigned ways, unsigned rrpv_bits);
unsigned lay_repl_set_bits(cfg_repl_t r, unsigned ways);

/* What an l1.mode changes in the layouts and beside the L1 (one row per mode, lay_mech.c):
 * the layers above read these facts instead of testing the mode. */
typedef struct lay_mech {
    unsigned dec_row;       /* decoupled row (tag store + data-store state), MSHR bypass bit */
    unsigned line_pc_hash;  /* a PC hash per line (log2 pc_entries), MSHR prediction + hash */
    unsigned fgcb;          /* the FG-CB table and window, per MSHR bypass-L1, tracked, base id */
    unsigned l2_bypass_bit; /* the L2 keeps a bypass bit per line, per MSHR a prediction */
    unsigned l2_noalloc;    /* the L1's hint bit to the L2 is a read's no_allocate */
    const char *beside;     /* its controller top beside the L1s, <name>_<beside>, or NULL */
} lay_mech_t;
const lay_mech_t *lay_mech(cfg_mode_t m);
/* Whether mode m's controller beside the L1s is `beside` ("duel", "dwt"). */
int lay_mech_beside_is(cfg_mode_t m, const char *beside);

/* Derive the layout of a validated config. */
void lay_l1_build(const cfg_l1_t *c, lay_l1_t *l);

static inline unsigned lay_valid_lsb(const lay_l1_t *l, unsigned w)
{
    return l->way_base + w * l->way_stride;
}
/* Baseline only: the way's tag. */
static inline unsigned lay_tag_lsb(const lay_l1_t *l, unsigned w) { return lay_valid_lsb(l, w) + 1; }
/* Decoupled only: the data way's reserved bit. */
static inline unsigned lay_rsv_lsb(const lay_l1_t *l, unsigned w) { return lay_valid_lsb(l, w) + 1; }
static inline unsigned lay_repl_lsb(const lay_l1_t *l, unsigned w)
{
    return lay_valid_lsb(l, w) + (l->dec ? 2 : 1 + l->tag_bits);
}
/* pcpred only: the way's PC hash, after its replacement bits. */
static inline unsigned lay_hpc_lsb(const lay_l1_t *l, unsigned w)
{
    return lay_valid_lsb(l, w) + 1 + l->tag_bits + l->repl_bits;
}
/* Decoupled tag entry t: valid, tag, rc, pv, pos in that order from its first bit. */
static inline unsigned lay_te_lsb(const lay_l1_t *l, unsigned t) { return t * l->te_stride; }
static inline unsigned lay_te_tag_lsb(const lay_l1_t *l, unsigned t) { return lay_te_lsb(l, t) + 1; }
static inline unsigned lay_te_rc_lsb(const lay_l1_t *l, unsigned t)
{
    return lay_te_lsb(l, t) + 1 + l->tag_bits;
}
static inline unsigned lay_te_pv_lsb(const lay_l1_t *l, unsigned t)
{
    return lay_te_rc_lsb(l, t) + l->rc_bits;
}
static inline unsigned lay_te_pos_lsb(const lay_l1_t *l, unsigned t) { return lay_te_pv_lsb(l, t) + 1; }

/* An FG-CB table entry (sacat, SPEC 3.7), unpacked; packed LSB first as valid, base id,
 * L1 accesses, L1 misses, L2 accesses, L2 misses (l1.fgcb_counter_bits each), bypass-L1,
 * bypass-L2: the layout of the RTL's entry registers and of its table-write event. */
typedef struct lay_fgcb_entry {
    uint8_t valid;
    uint32_t id;
    uint32_t l1_acc, l1_miss, l2_acc, l2_miss;
    uint8_t byp_l1, byp_l2;
} lay_fgcb_entry_t;
/* ... its field offsets and widths, the one definition the pack, the RTL and the harnesses
 * read: valid at 0, then id, L1 accesses, L1 misses, L2 accesses, L2 misses, bypass-L1,
 * bypass-L2. */
typedef struct lay_fgcb {
    unsigned id, l1_acc, l1_miss, l2_acc, l2_miss, byp_l1, byp_l2; /* field offsets */
    unsigned entry_bits; /* the whole entry */
    unsigned idx_bits;   /* an entry's index (at least 1) */
    unsigned mshr_bits;  /* the MSHR's FG-CB fields: bypass-L1, tracked, base id */
} lay_fgcb_t;
void lay_fgcb(const cfg_l1_t *c, lay_fgcb_t *out);
unsigned lay_fgcb_entry_bits(const cfg_l1_t *c);
void lay_fgcb_pack(const cfg_l1_t *c, const lay_fgcb_entry_t *x, bv_t *out);

void lay_l1_pack(const lay_l1_t *l, const lay_l1_row_t *r, bv_t *out);
void lay_l1_unpack(const lay_l1_t *l, const bv_t *in, lay_l1_row_t *r);

/* The row every set holds after the init sweep: all invalid, tags and RRPVs 0, PLRU 0,
 * LRU way w with age w; decoupled: tag entries all zero, free count = ways. */
void lay_l1_reset_row(const cfg_l1_t *c, const lay_l1_t *l, lay_l1_row_t *r);

/* Field i of the row (name like "w3.tag"); returns 0, or -1 past the last field. */
int lay_l1_field(const lay_l1_t *l, unsigned i, char *name, size_t len, unsigned *lsb,
                 unsigned *width);

/* Address decomposition. */
static inline uint64_t lay_line_addr(const lay_l1_t *l, uint64_t addr) { return addr >> l->off_bits; }
static inline uint64_t lay_tag(const lay_l1_t *l, uint64_t addr)
{
    return addr >> (l->off_bits + l->set_bits);
}

/* Storage bits per structure, for the report. */
typedef struct lay_storage {
    unsigned long long meta_sram;  /* sets x row_bits */
    unsigned long long data_sram;  /* sets x ways x line_bits */
    unsigned long long mshr_flops; /* mshrs x (valid + line address + id [+ bypass]
                                      [pcpred: + prediction + H] [sacat: + bypass + tracked +
                                      base id]) */
    unsigned long long tag_store;  /* decoupled: sets x tag_ways x te_stride (part of meta) */
    unsigned long long data_state; /* decoupled: sets x (ways x (2+R) + plru + free) (part of meta) */
    unsigned long long line_hpc;   /* pcpred: sets x ways x H per-line PC hashes (part of meta) */
    unsigned long long pc_table;   /* pcpred: pc_entries x pc_counter_bits predictor flops */
    unsigned long long fgcb_paper; /* sacat: FG-CB entries x (id + 4 counters), paper Table 5 */
    unsigned long long fgcb_table; /* ... the table's flops: + valid + 2 decisions per entry */
    unsigned long long fgcb_window; /* ... the window counter's flops */
    unsigned long long fgcb_mshr;  /* ... its fields in the MSHRs (part of mshr_flops) */
} lay_storage_t;
void lay_l1_storage(const cfg_l1_t *c, const lay_l1_t *l, lay_storage_t *s);

#endif
