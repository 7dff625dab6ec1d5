/* ident: the one definition of a legal identifier in generated RTL, shared by config validation
 * (the module prefix `name`) and the emitter (every module name it forms).
 * Invariant: a prefix ident_prefix_ok() accepts gives an ident_ok() identifier on its own and
 * followed by every suffix in ident_suffixes(), so validation and emitter never disagree. */
#ifndef CACHEGEN_IDENT_H
#define CACHEGEN_IDENT_H

#include <stddef.h>

/* Why `id` is reserved ("a Verilog-2005 keyword", "a SystemVerilog (IEEE 1800-2017) keyword",
 * "a C++ keyword", "a word Verilator reserves in its C++"), or NULL when it is not. */
const char *ident_reserved(const char *id);

/* 1 if `id` is [A-Za-z_][A-Za-z0-9_]*, has no "__" (Verilator's escape and C++'s reserved
 * form), does not start with '_', and is not reserved; else 0. */
int ident_ok(const char *id);

/* 1 if `name` is a legal module prefix: lower_snake_case (a lowercase letter, then lowercase
 * letters, digits and single underscores, not ending in '_'), 1..maxlen characters, and
 * ident_ok() alone and with every suffix of ident_suffixes(). Otherwise 0 and, when `why` is
 * given, the reason (e.g. "a SystemVerilog (IEEE 1800-2017) keyword") in why. */
int ident_prefix_ok(const char *name, size_t maxlen, char *why, size_t whylen);

/* NULL-terminated list of every reserved word (for tests and --help). */
const char *const *ident_reserved_list(void);

/* NULL-terminated list of the suffixes the generator appends to the prefix ("_meta", ...). */
const char *const *ident_suffixes(void);

#endif
