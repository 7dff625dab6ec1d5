/* trace_accel: reads one Accel-Sim kernel trace (kernel-N.traceg, text, tracer versions 1..5)
 * and turns each warp memory instruction into per-line requests, as a coalescer would.
 * Invariants: memory is bounded by one thread block (a TB section is buffered, never the
 * trace); no input crashes the reader; every error is "line N: ..." and sticks.
 *
 * Format, as written by Accel-Sim's util/tracer_nvbit/tracer_tool/tracer_tool.cu and
 * traces-processing/post-traces-processing.cpp, and read by gpu-simulator/trace-parser/
 * trace_parser.cc (accel-sim/accel-sim-framework):
 *   header, until the first thread block: "-key = value" lines. Used: "-accelsim tracer
 *     version = N", "-enable lineinfo = 0|1", "-shmem base_addr = 0x..", "-local mem
 *     base_addr = 0x..", "-block dim = (x,y,z)" (bounds the warp ids); checked for syntax:
 *     "-grid dim = (x,y,z)". Other "-" lines (kernel name/id, shmem, nregs, binary version,
 *     cuda stream id, nvbit version...) and "#" lines ("#traces format = ...") are skipped.
 *   "#BEGIN_TB", "thread block = x,y,z", ["cluster ..." lines, skipped], then per warp
 *     "warp = W", "insts = M" and exactly M instruction lines, then "#END_TB". A thread
 *     block cut off by the end of input is an error and issues nothing.
 *   instruction: [tb_x tb_y tb_z warp: only when "-accelsim tracer version" < 3; without
 *     that line the current layout is assumed] [line_num: only with lineinfo] PC(hex)
 *     mask(hex, bit i = thread i) dest_num {Rn} opcode src_num {Rn} mem_width [mode
 *     addresses] [immediate: tracer version 5]. mem_width 0 = no addresses.
 *     mode 0: one hex address per active thread, in thread order;
 *     mode 1: hex base, decimal stride: i-th active thread (from 0) at base + i*stride
 *       (the tracer only writes it for contiguous masks; Accel-Sim's decoder gives threads
 *       after a hole address 0, this reader keeps the stride: identical on tracer output);
 *     mode 2: hex base = first active thread, then one decimal delta per further active
 *       thread, each from the previous thread's address (popcount - 1 deltas, as the tracer
 *       writes; Accel-Sim's parser reads one more, which swallows the immediate);
 *     modes 3/4: TMA bulk copies (UTMALDG, UBLKCP...): parsed, then skipped.
 *
 * Requests: the access width comes from the opcode as Accel-Sim does (first all-digit or
 * "U<digits>" suffix / 8, else 4; clamped to 1..256). Each active thread touches the lines
 * of [addr, addr + width - 1]; an instruction issues each distinct line address once, in
 * increasing order, with pc = PC, core = 0, base_id = 0.
 *   TR_READ:  LDG, LDL, LDGSTS (global -> shared copy: reads global), generic LD.
 *   TR_WRITE: STG, STL, generic ST, and atomics ATOM, ATOMG, RED, REDG (read-modify-writes
 *             done at L2 in Accel-Sim; here writes, so an L1 never serves them).
 *   skipped:  shared memory (LDS, STS, ATOMS, LDSM, STSM, and generic LD/ST whose first
 *             active address lies in [shmem base, local base), or any generic LD/ST when a
 *             base is 0 or missing, as Accel-Sim resolves them); constant/texture/surface
 *             and every other opcode (they carry no addresses, or are not L1 data accesses);
 *             instructions with no active thread.
 * Order: thread blocks in file order; within one, round-robin by warp id (increasing): the
 * first request-issuing memory instruction of each warp, then each warp's second, etc.
 */
#ifndef CACHEGEN_TRACE_ACCEL_H
#define CACHEGEN_TRACE_ACCEL_H

#include <stddef.h>
#include <stdio.h>

#include "trace.h"

#ifndef ACCEL_LINE_MAX         /* the fuzz build (tb/fuzz) shrinks it */
#define ACCEL_LINE_MAX 8192    /* longest accepted line in bytes (a longer "-kernel name"
                                * header line is skipped) */
#endif
#define ACCEL_MAX_WARPS 1024   /* warp ids per thread block: 0..ACCEL_MAX_WARPS-1 */
#define ACCEL_MAX_WIDTH 256    /* access width cap in bytes */

typedef struct accel_reader accel_reader_t;

/* Read traceg text from `f` (already opened, not closed by us); line_bytes: coalescing
 * granularity (power of two). Returns NULL with err set. */
accel_reader_t *accel_open(FILE *f, unsigned line_bytes, char *err, size_t errlen);
/* Next per-line request: 1, 0 at end, -1 on error (accel_error gives "line N: ...").
 * After an error every call returns -1 again; on error *out is not written. */
int accel_next(accel_reader_t *r, trace_ref_t *out);
/* The last error, "" when none. */
const char *accel_error(const accel_reader_t *r);
void accel_close(accel_reader_t *r);

#endif
