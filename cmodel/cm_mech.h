/* cm_mech: the L1 management mechanisms of the C model behind one interface, as cm_repl is
 * for replacement. cm_l1 calls the hooks of the configured l1.mode and holds no mode tests of
 * its own; each mechanism lives in one file, owns its state (allocated by init into m->mech)
 * and is registered by one line in cm_mech.c. A NULL hook means "as the baseline does". The
 * system model (sys_sim, sysim) and the harnesses read the rows' fields instead of testing the
 * mode. */
#ifndef CACHEGEN_CM_MECH_H
#define CACHEGEN_CM_MECH_H

#include <stdint.h>

#include "../core/bv.h"
#include "../core/cfg.h"

struct cm_l1;
struct cm_req;
struct cm_result;

/* The bit of the L2's read response a fill takes as its hint (as gen_mech_t.sys_hint). */
typedef enum {
    CM_HINT_VBIT,  /* the victim bit (G-Cache; ignored by the others) */
    CM_HINT_BBIT,  /* the bypass bit (PC predictor) */
    CM_HINT_L2HIT  /* the L2's hit flag (FG-CB) */
} cm_hint_src_t;

typedef struct cm_mech_ops {
    const char *name;
    /* Allocate the mechanism's state into m->mech (m->cfg and m->lay are set). 0, or -1 when
     * out of memory (free is still called). */
    int (*init)(struct cm_l1 *m);
    void (*free)(struct cm_l1 *m);
    /* The whole request event (lookup or stall), replacing the baseline's: the decoupled tag
     * store probes its own ways. */
    void (*access)(struct cm_l1 *m, struct cm_req *q, struct cm_result *res);
    /* Once per accepted lookup (load or store, hit or miss; never a stall), after it counted
     * as an access. */
    void (*accepted)(struct cm_l1 *m, struct cm_result *res);
    /* A load lookup hit `way` of `set` (replacement already touched). */
    void (*load_hit)(struct cm_l1 *m, const struct cm_req *q, unsigned set, unsigned way,
                     struct cm_result *res);
    /* A load lookup missed and took MSHR `mshr`. */
    void (*load_miss)(struct cm_l1 *m, const struct cm_req *q, unsigned mshr,
                      struct cm_result *res);
    /* The whole fill event of MSHR `mshr` with the hint bit the L2 returned (G-Cache: the
     * victim bit; PC predictor: the bypass bit; 0 without an L2). */
    void (*fill)(struct cm_l1 *m, unsigned mshr, const bv_t *line, unsigned hint,
                 struct cm_result *res);
    /* A failed fill (cm_l1_fill_err) of line address `addr` in `set`, whose MSHR (already
     * taken) read with `bypass`: release what the lookup reserved for it (NULL: nothing). */
    void (*fill_err)(struct cm_l1 *m, uint64_t addr, unsigned set, int bypass,
                     struct cm_result *res);
    /* A load joined MSHR `mshr`'s read (merging): an access and a miss of the L1. */
    void (*load_join)(struct cm_l1 *m, const struct cm_req *q, unsigned mshr,
                      struct cm_result *res);
    /* The end of a clock cycle (cm_l1_cycle_end); returns the mechanism's coverage paths. */
    uint32_t (*cycle_end)(struct cm_l1 *m, int kernel_start);
    /* The mechanism's own periodic event (G-Cache: switch reset), due when a lookup set
     * res->reset_due. */
    void (*tick)(struct cm_l1 *m, struct cm_result *res);
    /* --- its part in the system model (sys_sim, sysim) --- */
    cm_hint_src_t l2_hint;    /* the L2 bit its fills take as hint (default: the victim bit) */
    /* The width of the base ids its loads carry (NULL: none). */
    unsigned (*base_id_bits)(const cfg_l1_t *c);
    /* Turn c into the configuration of the L1 that never bypasses beside it, whose hits count
     * the mechanism's false positives (sys_sim's shadow L1s); NULL: no shadow. */
    void (*shadow)(cfg_t *c);
    const char *untimed;      /* why the timing model refuses it, or NULL */
    /* --- its part in the trace simulator of one L1 (cachesim, sim.c) --- */
    const char *alone;        /* why one L1 without the L2 and the cycles cannot run it, or
                                 NULL (cachesim refuses the config with this reason) */
    int fast;                 /* cm_fast models it (the program-order fast path) */
    /* --- what its lockstep harnesses drive --- */
    int pc_keyed;             /* it predicts by the load PC: traffic draws PCs by pattern */
} cm_mech_ops_t;

extern const cm_mech_ops_t cm_mech_baseline;
extern const cm_mech_ops_t cm_mech_decoupled;
extern const cm_mech_ops_t cm_mech_gcache;
extern const cm_mech_ops_t cm_mech_pcpred;
extern const cm_mech_ops_t cm_mech_sacat;

/* The mechanism of l1.mode `mode` (never NULL for a validated config). */
const cm_mech_ops_t *cm_mech_for(cfg_mode_t mode);
/* The number of mechanisms (l1.mode values 0 .. count - 1). */
unsigned cm_mech_count(void);
/* How many base ids the loads of an L1 of config c carry (0: none). */
uint64_t cm_mech_base_ids(const cfg_l1_t *c);

#endif
