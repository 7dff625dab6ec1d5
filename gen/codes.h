/* codes: the names of the layout's response-status, event-kind and decision codes (core/lay.h
 * enums), one table shared by the pkg file (<Prefix><Group><Name>) and the localparams every
 * generated top declares (<Group><Name>), so no generated block writes a bare code literal. */
#ifndef CACHEGEN_CODES_H
#define CACHEGEN_CODES_H

#include "emit.h"

typedef enum code_group { CODE_STATUS, CODE_EVT, CODE_DEC, CODE_GROUPS } code_group_t;

typedef struct code {
    unsigned value;
    const char *name; /* UpperCamelCase, e.g. LdHit */
    const char *what; /* one-line meaning */
} code_t;

/* The codes of a group (count in *n), the group's name ("Status", "Evt", "Dec") and width.
 * err: the module's status has the error code (StatusErr, core/lay.h lay_l1_mem_err), which
 * makes the status group one code longer and LAY_STATUS_BITS_ERR wide; other groups ignore it. */
const code_t *codes_of(code_group_t g, int err, unsigned *n);
const char *code_group_name(code_group_t g);
unsigned code_width(code_group_t g, int err);

/* The localparam a generated module declares for code `value` of group g, e.g. "DecLdHit". */
const char *code_param(code_group_t g, unsigned value);

/* Declares every code as a localparam of the module being emitted (lint: some go unused);
 * err as for codes_of. */
void emit_code_params(emit_t *e, int err);

#endif
