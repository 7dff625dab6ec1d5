/* mech: the L1 management mechanisms of the generator behind one interface (as cm_mech is for
 * the C model). The core emitter (emit_top.c) calls the hooks of the configured l1.mode and
 * holds no mode tests of its own; each mechanism is one file of hooks (emit_gcache.c,
 * emit_pcpred.c, emit_decoupled.c, emit_sacat.c) whose table is registered by one line in mech.c. A NULL
 * hook emits nothing; the baseline's table is all defaults. Hooks emit into the L1 top at the
 * place their name gives, in the decide stage's always block where they say so. */
#ifndef CACHEGEN_MECH_H
#define CACHEGEN_MECH_H

#include "emit_l1.h"

#include <jansson.h>

typedef void (*mech_emit_fn)(emit_t *e, const gen_l1_t *g);

#define MECH_EVT_PORTS_MAX 8

/* One of a mechanism's own event ports, evt_<name>_o of the L1 top (simulation only). The
 * L1 top declares it, the pkg's port table lists it and the system top concatenates it over
 * the L1s as evt_l1_<name>_o, all from this one description. */
typedef struct mech_evt_port {
    const char *name;        /* the port is evt_<name>_o */
    unsigned width;          /* bits */
    const char *width_param; /* the pkg localparam of its width (NULL: a 1-bit scalar) */
    const char *param_what;  /* ... and what that localparam means */
    int is_reg;              /* driven in an always block (output reg), else assigned */
    const char *what;        /* its meaning, for the port comment and the port table */
} mech_evt_port_t;

/* One row of the report's storage table. */
typedef struct gen_structure {
    const char *name; /* what it is */
    const char *kind; /* "sram" or "flops" */
    unsigned long long bits;
} gen_structure_t;

typedef struct gen_mech {
    cfg_mode_t mode;
    /* --- what the mechanism changes in the core, as data --- */
    int counts_bypasses;      /* cnt_bypasses counts (else it is a constant 0) */
    int pc_travels;           /* the request's PC travels with it (a request field) */
    int base_travels;         /* ... and its base id (req_base_i) */
    int evicts_at_lookup;     /* evictions happen (and are reported) at the lookup, not the fill */
    const char *flush_wait;   /* extra term of sweep_start: the flush waits for it, or NULL */
    const char *fill_bypass_cond; /* condition of a fill that does not install (NULL: none) */
    int fill_bypass_counts;   /* ... whose shared body counts the bypass (else the lookup did) */
    /* A failed fill (mem_rsp_err_i) writes the meta module's row: the module takes fill_err_i
     * and releases what the lookup reserved (the decoupled store); else the row is untouched. */
    int fill_err_releases;
    const char *memq_hint;    /* mem_req_hint_o of a request (NULL: 1'b0) */
    const char *lookup_comment; /* comment on a load miss's MSHR allocation, or NULL */
    /* The hold term (the decide stage waits a cycle for the mechanism's own event), or NULL. */
    const char *(*hold)(const gen_l1_t *g);
    /* The L1 top's inputs the mechanism does not read (lint waivers), NULL-terminated. */
    const char *const *unused_inputs;
    /* --- hooks --- */
    mech_emit_fn meta_module;   /* the metadata module (NULL: emit_l1_meta) */
    /* In emit_l1_meta's module: its extra ports, its definition of is_fill (an installing
     * fill; NULL: op 2), and SRRIP insertion by the fill's hint bit. */
    mech_emit_fn meta_ports;
    mech_emit_fn meta_fill;
    int insert_by_hint;
    mech_emit_fn inner_module;  /* its own module inside the L1 (<name>_pctbl), or NULL */
    mech_emit_fn beside_module; /* its own module beside the L1s (<name>_duel), or NULL */
    const char *(*beside_name)(const gen_l1_t *g); /* ... and that module's name */
    mech_emit_fn meta_decls;    /* wires of the metadata module's extra outputs */
    mech_emit_fn decls;         /* its state and wires, after the MSHR wires */
    mech_emit_fn meta_conn;     /* extra connections of u_meta */
    mech_emit_fn mshr_conn;     /* extra connections of u_mshr */
    mech_emit_fn defaults;      /* decide block: default values of what it drives */
    mech_emit_fn own_event;     /* decide block: its own event (an if block), before the pipeline's */
    const char *wait_cond;      /* a further reason a request waits (after the MSHR's), or NULL */
    const char *wait_comment;   /* ... said so in a comment */
    lay_decision_t wait_dec;    /* ... and its STALL decision */
    /* the load-miss decision of a lookup event (NULL: DecLdMiss) */
    const char *(*ld_miss_dec)(const gen_l1_t *g);
    mech_emit_fn lookup_counts; /* decide block: counters of a lookup after hits (NULL: misses) */
    mech_emit_fn lookup;        /* decide block: after the lookup's counters */
    mech_emit_fn join;          /* decide block: a load joins a read (merging) */
    mech_emit_fn fill_first;    /* decide block: first in a fill */
    mech_emit_fn fill_bypass;   /* decide block: the non-installing fill (NULL: the shared one) */
    mech_emit_fn fill_install;  /* decide block: before the installing fill's event */
    mech_emit_fn fill_err;      /* decide block: a failed fill's own event fields (its state as
                                 * it stays), or NULL: none shows state at a fill */
    void (*flops)(emit_t *e, const gen_l1_t *g, int reset); /* its registers */
    /* --- its interface outside the L1 top --- */
    /* Its own event ports, in port order, into out[MECH_EVT_PORTS_MAX]; returns how many. */
    unsigned (*evt_ports)(const gen_l1_t *g, mech_evt_port_t *out);
    const char *sys_hint;     /* the L2 bit the system top wires to mem_rsp_hint_i (NULL: vbit) */
    /* --- its rows of the report (report.c) --- */
    const char *mshr_row;     /* the storage row of the MSHRs (NULL: "MSHRs (valid, line, id)") */
    /* The rows of the metadata SRAM (NULL: one row), and its own flop structures after the
     * MSHRs (NULL: none), into out; each returns how many (at most 2). */
    unsigned (*report_meta)(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out);
    unsigned (*report_flops)(const gen_l1_t *g, const lay_storage_t *s, gen_structure_t *out);
    void (*report_json)(const gen_l1_t *g, json_t *root); /* its section of the JSON report */
    mech_emit_fn report_md;   /* its paragraph of the Markdown report */
} gen_mech_t;

/* The mechanism of g's l1.mode. */
const gen_mech_t *gen_mech(const gen_l1_t *g);

extern const gen_mech_t gen_mech_baseline, gen_mech_decoupled, gen_mech_gcache, gen_mech_pcpred,
    gen_mech_sacat;

#endif
