/* pric: GF(2) polynomial arithmetic behind the PRIC set index (SACAT sec. 4.2, Rau 1991).
 * Polynomials are bit masks: bit k is the coefficient of x^k (37 = x^5 + x^2 + 1).
 * Index bit j of a line is the coefficient of x^j in A(x) mod P(x), where A(x) holds the
 * hashed line-address bits (address bit b is x^0). Invariant: a PRIC modulus is irreducible
 * with constant term 1 (x itself is irreducible but would make the index the bare low bit). */
#ifndef CACHEGEN_PRIC_H
#define CACHEGEN_PRIC_H

#include <stddef.h>
#include <stdint.h>

#define PRIC_MAX_DEGREE 14  /* log2 of the largest set count */
#define PRIC_MAX_HASHED 64  /* hashed line-address bits */

/* Degree of p (p != 0). */
unsigned pric_degree(uint64_t p);

/* a(x) mod p(x) over GF(2). */
uint64_t pric_mod(uint64_t a, uint64_t p);

/* 1 if p is irreducible over GF(2) and has constant term 1 (usable as a PRIC modulus). */
int pric_usable(uint64_t p);

/* Usable moduli of degree d, ascending, written to out (at most max); returns the count. */
unsigned pric_list(unsigned degree, uint64_t *out, unsigned max);

/* Comma-separated list of the usable moduli of degree d (for error messages). */
void pric_list_text(unsigned degree, char *buf, size_t len);

/* Smallest usable modulus of degree d (d >= 1). */
uint64_t pric_smallest(unsigned degree);

/* The H matrix as columns: col[k] = x^k mod p for hashed bit k (0..hashed-1); index bit j of a
 * line is the XOR of the hashed bits k whose column has bit j set. */
void pric_columns(uint64_t p, unsigned hashed, uint64_t *col);

#endif
