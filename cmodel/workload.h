/* workload: seeded synthetic GPU memory-reference traces (streaming, thrashing, SPMV-like hot
 * set plus stream, SYRK-like power-of-two strides, uniform random, per-PC mixtures).
 * Invariants: the output is a pure function of wl_params_t (own splitmix64 PRNG, no global
 * state, no floating point), so a seed gives the same trace on every machine; memory use is
 * O(1) in the number of references; every address fits in 32 bits (l1.addr_bits default).
 *
 * Common layout, shared by all patterns:
 * - Cores: reference i is issued by core i % cores (round-robin, as the cores' requests
 *   interleave); "step j" below is that core's own reference count, j = i / cores. A pattern
 *   is defined per core on j, so the sub-trace of one core (its private L1) is self-contained.
 * - Data structures: base id b (0..6, SACAT FG-CB's "base address", at most seven per kernel)
 *   owns the region [WL_BASE(b), WL_BASE(b) + 2^28): WL_BASE(b) = (b + 1) << 28, so every
 *   array starts at a 256 MiB boundary, as large device allocations do, and every base's
 *   offset 0 falls in set 0 under modulo indexing. addr >> 28 == base_id + 1 always.
 * - Granularity: one reference is one L1 request. Coalesced accesses are whole lines
 *   (line-aligned addresses); stride and random emit 4-byte element addresses (WL_ELEM_BYTES).
 * - PCs: instruction slot s of pattern p loads at WL_PC(p, s) = 0x1000 + 0x200 p + 0x20 s
 *   (16-byte aligned); a reference that the op draw makes a store carries the PC of the
 *   slot's store instruction, WL_STORE_PC(pc) = pc + 0x10. Loads never carry a store PC.
 * - Ops: each reference is a store (TR_WRITE) with probability store_pct / 100, drawn from a
 *   PRNG stream separate from the address stream, so store_pct never changes addresses.
 * - Streamed arrays are laid out in thread-block chunks: core c's q-th streamed line of an
 *   array is line ((q / C) * cores + c) * C + q % C of it (C = chunk lines): each core walks
 *   its chunk sequentially, then jumps to its next one, cores taking chunks round-robin. No
 *   line is touched twice until an array wraps its region (2^28 / line_bytes lines, 2 Mi
 *   lines at 128 B), after which the stream starts over at line 0.
 *
 * Patterns (N = footprint / line_bytes lines, rounded down; PCs listed for p = the enum value):
 * WL_STREAM (p 0): fully streaming, one-time-use data (VAdd/BLK in SACAT 3.2.1, "streaming
 *   one-time-use values" in Tian et al., G-Cache's streaming pattern). Three arrays A, B, C
 *   (base 0, 1, 2; slot = base; PCs 0x1000, 0x1020, 0x1040) touched in turn: step j touches
 *   array j % 3 at streamed line j / 3. footprint = bytes of one thread block's chunk (C = N).
 *   Every line of every array is touched exactly once.
 * WL_THRASH (p 1): iterative kernel whose working set exceeds the cache (inter-warp capacity
 *   thrashing, SACAT XW-Capacity; G-Cache's thrashing). footprint = bytes swept. Core c at
 *   step j touches sweep line k = (j + c * (N / cores)) % N: even k is line k/2 of array 0
 *   (slot 0, PC 0x1200), odd k line k/2 of array 1 (slot 1, PC 0x1220). Each core repeats the
 *   same N-line cycle (period N), so a fully associative LRU cache of fewer than N lines
 *   never hits.
 * WL_HOT_STREAM (p 2): SPMV in CSR form (G-Cache's {a1, a2, b1, ...} example; SpMV in SACAT
 *   and Tian et al.). Step j, by j % 4: 0 = matrix values val[] (base 0, slot 0, PC 0x1400),
 *   1 = column indices col[] (base 1, slot 1, PC 0x1420), both at streamed line j / 4 with
 *   C = WL_CHUNK_LINES, never reused; 2 and 3 = gathers from the vector x[] (base 2, slot 2,
 *   PC 0x1440), each a uniformly random line of the hot set, x[] = the first N lines of base
 *   2, shared by all cores. footprint = bytes of x[] (the hot set).
 * WL_STRIDE (p 3): SYRK/GESUMMV column walks (SACAT 4.2, Fig. 7): a row-major matrix A
 *   (base 0) with row pitch P = 2^stride_log2 bytes, rows = footprint / P rounded down to a
 *   multiple of 32, taken in groups of WL_WARP (32) rows. Each iteration reads column k of
 *   the 32 rows of a group, one request per thread (A[r0 + t][k] at WL_BASE(0) + (r0 + t) P
 *   + 4k, t = 0..31, slot 0, PC 0x1600) and then the broadcast vector element x[k]
 *   (WL_BASE(1) + 4k, slot 1, PC 0x1620): 33 references per iteration, k running over the
 *   whole row (P / 4 iterations, each line reused line_bytes / 4 times) before the core moves
 *   on. Core c walks groups c, c + cores, c + 2 cores, ... (mod the number of groups). All
 *   references of an iteration differ by multiples of P, so with P >= sets * line_bytes they
 *   fall in one set under modulo indexing (the case PRIC fixes). Needs line_bytes <= P <= 2^23.
 * WL_RANDOM (p 4): uniform random gathers (irregular, no spatial locality): 4-byte elements
 *   drawn uniformly from [WL_BASE(0), WL_BASE(0) + footprint), alternating between two load
 *   slots (step j uses slot j % 2: PCs 0x1800, 0x1820). footprint = table bytes.
 * WL_PC_MIX (p 5): several load PCs with their own behaviour, the case Tian et al.'s PC-indexed
 *   bypass predictor learns, plus SACAT 4.3.3's producer/consumer pair that defeats it.
 *   Step j, by j % 8 (q = j / 8, C = WL_CHUNK_LINES):
 *     0: slot 0 PC 0x1A00, base 0: streamed line q (never reused)
 *     2: slot 1 PC 0x1A20, base 1: streamed line q (never reused)
 *     1, 3, 6: slot 2 PC 0x1A40, base 2: uniformly random line of a hot set of N lines
 *     4: slot 3 PC 0x1A60, base 3: cyclic sweep of 2N lines, line (q + c (2N / cores)) % 2N
 *        (between two visits of a line a core touches 2N cyclic and <= N hot lines,
 *        plus 6N streamed ones unless the streams are bypassed)
 *     5: slot 4 PC 0x1A80, base 4: streamed line q, re-read once by
 *     7: slot 5 PC 0x1AA0, base 4: the same line slot 4 touched two steps before.
 *   footprint = bytes of the hot set.
 */
#ifndef CACHEGEN_WORKLOAD_H
#define CACHEGEN_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>
#include "trace.h"

#define WL_REGION_LOG2 28u  /* each base id owns 2^28 bytes */
#define WL_BASE(b) (((uint64_t)(b) + 1u) << WL_REGION_LOG2)
#define WL_MAX_BASES 7u     /* base ids 0..6 */
#define WL_ELEM_BYTES 4u    /* element size of stride and random */
#define WL_WARP 32u         /* threads per warp (rows per stride group) */
#define WL_CHUNK_LINES 32u  /* streamed lines per thread-block chunk (hot_stream, pc_mix) */
#define WL_PC(p, s) (0x1000u + 0x200u * (unsigned)(p) + 0x20u * (unsigned)(s))
#define WL_STORE_PC(pc) ((pc) + 0x10u)

#define WL_EPARAM (-1)      /* wl_generate: parameters failed wl_check */

typedef enum { WL_STREAM, WL_THRASH, WL_HOT_STREAM, WL_STRIDE, WL_RANDOM, WL_PC_MIX } wl_pattern_t;

#define WL_PATTERNS 6

typedef struct wl_params {
    wl_pattern_t pattern;
    uint64_t refs;          /* references to produce */
    uint64_t seed;          /* PRNG seed, any value */
    unsigned line_bytes;    /* layout granularity, power of two 4..65536 */
    uint64_t footprint;     /* bytes: stream chunk / thrash sweep / hot set / matrix / table,
                             * see the pattern list; at most 2^28 (pc_mix: 2^27) */
    unsigned stride_log2;   /* WL_STRIDE: row pitch 2^k bytes, log2(line_bytes)..23 */
    unsigned store_pct;     /* percentage of stores, 0..100 */
    unsigned cores;         /* core ids 0..cores-1, round-robin; 1..65536 */
} wl_params_t;

/* Pattern by name ("stream", "thrash", "hot_stream", "stride", "random", "pc_mix").
 * Returns 0, or -1 for an unknown name with *out untouched. */
int wl_parse_pattern(const char *name, wl_pattern_t *out);
/* Name of a pattern, or NULL for a value outside the enum. */
const char *wl_pattern_name(wl_pattern_t p);
/* Fill *out with the defaults of pattern p (sized for a 16 KB, 128 B-line, 32-set L1):
 * 100000 refs, seed 1, 128 B lines, 1 core, stride_log2 12, and per pattern footprint /
 * store_pct: stream 4 KiB / 33, thrash 32 KiB / 0, hot_stream 4 KiB / 5,
 * stride 256 KiB / 0, random 64 KiB / 10, pc_mix 4 KiB / 10. */
void wl_defaults(wl_pattern_t p, wl_params_t *out);
/* Check params against the limits above. Returns 0, or -1 with a message in err. */
int wl_check(const wl_params_t *params, char *err, size_t errlen);
/* Produce params->refs references, calling emit for each in order. Returns 0; WL_EPARAM if
 * wl_check fails (nothing emitted); or the first non-zero value emit returns (no further
 * calls). */
int wl_generate(const wl_params_t *params, int (*emit)(void *ctx, const trace_ref_t *ref),
                void *ctx);

#endif
