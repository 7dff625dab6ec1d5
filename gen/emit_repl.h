/* emit_repl: the generator's replacement policies behind one table (as cm_repl_ops_t is the
 * model's), shared by the L1's metadata module (emit_meta.c), the decoupled store's
 * (emit_dmeta.c) and the L2's (emit_l2_meta.c). One file per policy (emit_repl_<name>.c) whose
 * table is registered by one line in emit_repl.c; the shared emitters name no policy. Hooks
 * emit into the lookup module of the emit_ways_t they get (its signals: emit_l1.h); a NULL
 * hook emits nothing. The state's size is lay_repl_t's closed form (lay.h): the hooks take
 * its widths from the module's layout. A set of one way has no replacement: emit_repl_for
 * gives it a table of no state and no hook. */
#ifndef CACHEGEN_EMIT_REPL_H
#define CACHEGEN_EMIT_REPL_H

#include "emit_l1.h"

typedef void (*repl_emit_fn)(emit_t *e, const emit_ways_t *x);
typedef void (*repl_top_fn)(emit_t *e, const gen_l1_t *g);

typedef struct emit_repl {
    /* --- its state and touch, as data --- */
    const char *set_state;  /* Verilog name of the per-set state (set_bits wide), or NULL */
    const char *fills_only; /* NULL: hits and fills touch; else only fills do, and this names
                               the policy in the comments saying so ("FIFO") */
    int sel_by_number;      /* its updates read sel_way (the chosen way's number), not sel_oh */
    /* --- the victim of a fill into a full set --- */
    /* First in emit_ways_select: declares and drives victim_way (a way number), which it
     * then decodes into victim_oh; NULL when victim_oh is found from the ways. */
    repl_emit_fn victim_way;
    repl_emit_fn victim_oh; /* in emit_ways_select: victim_oh from the per-way state */
    /* The decoupled store's: among the ways set in eligible[], victim_way (a reg the caller
     * declares) and victim_oh (declared here). */
    repl_emit_fn victim_masked;
    /* --- the next row --- */
    repl_emit_fn update_decls; /* its wires, before the next-row block */
    /* In the next-row block: the chosen way's update on `touch` (a hit or a fill), and the
     * aging a fill into a full set does. */
    repl_emit_fn update;
    /* The decoupled store, which ages when a reservation takes an eligible line: that aging
     * (in the reservation's block, when evict_o), and the update on `touch` (NULL: update). */
    repl_emit_fn age_masked;
    repl_emit_fn update_masked;
    /* --- the L1 top, where the victim comes from outside the row (random's LFSR; no L2
     * policy has these) --- */
    repl_top_fn meta_ports;   /* the metadata module's input of it */
    repl_top_fn top_decls;    /* the top's state and wires */
    repl_top_fn top_conn;     /* its connection of u_meta */
    repl_top_fn top_defaults; /* decide block: default values of what it drives */
    repl_top_fn top_evict;    /* decide block: an installing fill (meta_evict: it evicts) */
    void (*top_flops)(emit_t *e, const gen_l1_t *g, int reset); /* its registers */
} emit_repl_t;

/* The table of policy r at `ways` ways (one way: no replacement). */
const emit_repl_t *emit_repl_for(cfg_repl_t r, unsigned ways);
static inline const emit_repl_t *gen_l1_repl(const gen_l1_t *g)
{
    return emit_repl_for(g->cfg->l1.repl, g->lay.ways);
}

/* Call hook `fn` of x's policy (EMIT_REPL) or of g's L1 policy (GEN_L1_REPL), if it has one. */
#define EMIT_REPL(fn, e, x)                                                                  \
    do {                                                                                     \
        if ((x)->repl->fn)                                                                   \
            (x)->repl->fn(e, x);                                                             \
    } while (0)
#define GEN_L1_REPL(fn, e, g)                                                                \
    do {                                                                                     \
        const emit_repl_t *r_ = gen_l1_repl(g);                                              \
        if (r_->fn)                                                                          \
            r_->fn(e, g);                                                                    \
    } while (0)

extern const emit_repl_t emit_repl_lru, emit_repl_plru, emit_repl_srrip, emit_repl_fifo,
    emit_repl_random;

/* LRU's pieces, which FIFO shares (its ages, renewed by fills only): the victim (the way of
 * age ways - 1), w<i>_younger (way i is younger than the chosen way) and the update (the
 * chosen way to age 0, the younger ones one older). */
void emit_repl_lru_victim(emit_t *e, const emit_ways_t *x);
void emit_repl_lru_younger(emit_t *e, const emit_ways_t *x);
void emit_repl_lru_update(emit_t *e, const emit_ways_t *x);

#endif
