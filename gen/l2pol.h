/* l2pol: the L2 policies of the generator behind one interface (as mech is for the L1's modes
 * and cm_l2_pol for the model's L2). The L2 top's emitter (emit_l2_top.c) calls the hooks of the
 * configured l2.replacement and names no policy; each policy is one file of hooks
 * (emit_l2_pol_<name>.c, over the blocks emit_l2_drrip.c, emit_l2_ucp.c, emit_l2_tap.c and
 * emit_l2_tap_ucp.c) registered by one line in l2pol.c. A NULL hook emits nothing; the tables
 * of lru, srrip, plru and fifo are empty (their replacement is the lookup module's, emit_repl.h). Hooks emit
 * into the L2 top at the place their name gives, in the decide stage's always block where they
 * say so. */
#ifndef CACHEGEN_L2POL_H
#define CACHEGEN_L2POL_H

#include "emit_l2.h"
#include "emit_pipe.h"

typedef void (*l2pol_emit_fn)(emit_t *e, const gen_l2_t *g);

/* Room for the strings a policy gives the lookup module's way logic (emit_ways_t's). */
typedef struct l2pol_meta_buf {
    char ins[64];    /* the fill's insertion value */
    char prefer[64]; /* the victim's preference, a condition on way %u */
} l2pol_meta_buf_t;

/* The most event ports a policy adds to the L2 top's (the pipeline's own come first). */
#define L2POL_EVT_PORTS_MAX 20

typedef struct gen_l2_pol {
    const char *name;
    /* Its own event fields, after the top's (dirty, core, store): the count written to out. */
    unsigned (*evt_ports)(const gen_l2_t *g, pipe_evt_port_t *out);
    l2pol_emit_fn ports;        /* its inputs, after the request channel's */
    l2pol_emit_fn decls;        /* its declarations, after the request's application */
    const char *hold;           /* extra term of the decide stage's hold (" | x"), or NULL */
    /* Lines of the lookup module's instance: its insertion inputs (before owner_i, after = 0),
     * its partition ports (after owner_i, after = 1). */
    void (*meta_ports)(emit_t *e, const gen_l2_t *g, int after);
    l2pol_emit_fn insts;        /* its own instances, after the lookup module's */
    l2pol_emit_fn srams;        /* its SRAMs, after the data banks */
    l2pol_emit_fn logic;        /* its logic, after the queues */
    /* In the decide stage: defaults of its next-state signals, a counted lookup (after
     * meta_we), a lookup's miss path (before the fetch) and an installing fill's end. */
    l2pol_emit_fn decide_defaults;
    l2pol_emit_fn decide_access;
    l2pol_emit_fn decide_miss;
    l2pol_emit_fn fill_end;
    const char *fill_noalloc;   /* condition of a read fill answered without allocating, or NULL */
    /* Its registers' reset values (reset = 1) or clocked copies (0); ctx is the gen_l2_t. */
    void (*flops)(emit_t *e, const void *ctx, int reset);
    /* In the lookup module (emit_l2_meta.c): its own ports, before owner_i (after = 0) and after
     * it (1); its settings of the way logic (strings kept in buf); its logic after the row's
     * unpacking; its lines after the replacement update of the next row. */
    void (*lm_ports)(emit_t *e, const gen_l2_t *g, int after);
    void (*lm_ways)(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf);
    l2pol_emit_fn lm_logic;
    l2pol_emit_fn lm_update;
    /* A module of its own inside the slice (TAP's controller): its name (NULL hook: none), the
     * emitter gen_l1 writes it with (before the top; listed with the L2's files), and its lint
     * waivers (lines of the design's waiver file). */
    const char *(*module_name)(const gen_l2_t *g);
    l2pol_emit_fn module;
    l2pol_emit_fn lint;
    /* Its inputs on the system top (emit_sys.c), which passes them to the slice: their port
     * declarations (decl = 1, lines of the system's port list) or the slice instance's
     * connections (decl = 0). NULL: none. Its event fields reach the system's event port
     * through evt_ports, prefixed evt_l2_. */
    void (*sys_ports)(emit_t *e, const gen_l2_t *g, int decl);
} gen_l2_pol_t;

extern const gen_l2_pol_t l2pol_lru;
extern const gen_l2_pol_t l2pol_srrip;
extern const gen_l2_pol_t l2pol_drrip;
extern const gen_l2_pol_t l2pol_ucp;
extern const gen_l2_pol_t l2pol_tap_rrip;
extern const gen_l2_pol_t l2pol_tap_ucp;
extern const gen_l2_pol_t l2pol_plru;
extern const gen_l2_pol_t l2pol_fifo;

/* The policy of a validated config's l2.replacement (never NULL). */
const gen_l2_pol_t *l2pol_for(const cfg_t *c);

/* DRRIP's block (emit_l2_drrip.c; drrip and tap_rrip): its event fields; its declarations
 * (the PSELs, the BRRIP counter, the set's policy, drrip_ins_long); a miss in a leader set
 * moving the app's PSEL; its defaults; the fill's BRRIP count when `use_brrip` (the policy's
 * BRRIP insertion signal) holds; its registers. */
unsigned l2_drrip_evt_ports(const gen_l2_t *g, pipe_evt_port_t *out);
void emit_l2_drrip_decls(emit_t *e, const gen_l2_t *g);
void emit_l2_drrip_miss(emit_t *e, const gen_l2_t *g);
void emit_l2_drrip_defaults(emit_t *e, const gen_l2_t *g);
void emit_l2_drrip_fill(emit_t *e, const char *use_brrip);
void emit_l2_drrip_flops(emit_t *e, const void *ctx, int reset);
/* ... and in the lookup module: ins_long_i, SRRIP's insertion at 2^n-2 or 2^n-1 by it. */
void emit_l2_drrip_lm_ports(emit_t *e, const gen_l2_t *g, int after);
void l2_drrip_lm_ways(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf);

/* UCP's block's event fields (emit_l2_ucp.c; ucp and tap_ucp), its partition ports on the
 * lookup module's instance, its decide-stage lines and its registers. */
unsigned l2_ucp_evt_ports(const gen_l2_t *g, pipe_evt_port_t *out);
void emit_l2_ucp_meta_inst(emit_t *e, const gen_l2_t *g, int after);
void emit_l2_ucp_defaults(emit_t *e, const gen_l2_t *g);
void emit_l2_ucp_access(emit_t *e, const gen_l2_t *g);
void emit_l2_ucp_flops_ctx(emit_t *e, const void *ctx, int reset);
/* ... and in the lookup module: alloc_i, cand_i, ucp_cand_o; the victim is UCP's. */
void emit_l2_ucp_lm_ports(emit_t *e, const gen_l2_t *g, int after);
void l2_ucp_lm_ways(const gen_l2_t *g, emit_ways_t *x, l2pol_meta_buf_t *buf);

#endif
