/* trace_accel: reads one Accel-Sim kernel trace (kernel-N.traceg, text, tracer versions 1..6)
 * and turns each warp memory instruction into per-line requests, as a coalescer would, with
 * the 32-byte sectors each touches and where it goes (the L1, or the L2 only).
 * Invariants: memory is bounded by one wave of thread blocks (opts.cores of them are buffered,
 * never the trace); no input crashes the reader; every error is "line N: ..." and sticks; a
 * trace without a thread block is an error; a simulated byte address never exceeds
 * opts.addr_bits (an error naming the line, never an alias).
 *
 * Format, as written by Accel-Sim's util/tracer_nvbit/tracer_tool/tracer_tool.cu and
 * traces-processing/post-traces-processing.cpp, and read by gpu-simulator/trace-parser/
 * trace_parser.cc (accel-sim/accel-sim-framework):
 *   header, until the first thread block: "-key = value" lines. Used: "-accelsim tracer
 *     version = N" (1..6), "-enable lineinfo = 0|1", "-shmem base_addr = 0x..", "-local mem
 *     base_addr = 0x..", "-block dim = (x,y,z)" (bounds the warp ids); checked for syntax:
 *     "-grid dim = (x,y,z)". Other "-" lines (kernel name/id, shmem, nregs, binary version,
 *     cuda stream id, nvbit version...) and "#" lines ("#traces format = ...") are skipped.
 *   "#BEGIN_TB", "thread block = x,y,z", ["cluster ..." lines, skipped], then per warp
 *     "warp = W", "insts = M" and exactly M instruction lines, then "#END_TB". A thread
 *     block cut off by the end of input is an error and issues nothing.
 *   instruction: [tb_x tb_y tb_z warp: only when "-accelsim tracer version" < 3; without
 *     that line the current layout is assumed] [line_num: only with lineinfo] PC(hex)
 *     mask(hex, bit i = thread i) dest_num {reg} opcode src_num {reg} mem_width [mode
 *     addresses] tail. A reg is Rn; from version 6 also URn (a uniform register).
 *     mem_width 0 = no addresses.
 *     mode 0: one hex address per active thread, in thread order;
 *     mode 1: hex base, decimal stride: i-th active thread (from 0) at base + i*stride
 *       (the tracer only writes it for contiguous masks; Accel-Sim's decoder gives threads
 *       after a hole address 0, this reader keeps the stride: identical on tracer output);
 *     mode 2: hex base = first active thread, then one decimal delta per further active
 *       thread, each from the previous thread's address (popcount - 1 deltas, as the tracer
 *       writes; Accel-Sim's parser reads one more, which swallows the immediate);
 *     modes 3/4: TMA bulk copies (UTMALDG, UBLKCP...): parsed, then skipped.
 *     tail: versions 1-5: at most one immediate (decimal or hex; written from version 5);
 *     version 6: at most two immediates, then "NoVal", or "Val" and one or more register
 *     values (decimal or hex). The values are checked, not used.
 *
 * Requests: the access width comes from the opcode as Accel-Sim does (first all-digit or
 * "U<digits>" suffix / 8, else 4; clamped to 1..256). Each active thread touches the bytes
 * [addr, addr + width - 1]; an instruction issues each distinct line (opts.line_bytes) they
 * touch once, in increasing order, with pc = PC, and counts the distinct 32-byte sectors
 * touched: each sector is counted on the lowest issued line that overlaps it (with lines of
 * 32 bytes or more, the touched sectors inside the line; the instruction's sum is its
 * distinct sectors whatever the line size).
 *   TR_READ, ACCEL_L1:      LDG, LDL, LDGSTS (global -> shared copy: reads global), generic
 *                           LD;
 *   TR_READ, ACCEL_L2_LOAD: those loads with a cache operator that skips the L1: a ".CG",
 *                           ".CS", ".CV" or ".BYPASS" part, or ".STRONG" with ".GPU" or
 *                           ".SYS" (Accel-Sim sends them past the L1 as CACHE_GLOBAL);
 *   TR_WRITE, ACCEL_L1:     STG, STL, generic ST (write-through; no operator changes that);
 *   TR_WRITE, ACCEL_ATOMIC: atomics and reductions ATOM, ATOMG, RED, REDG (read-modify-
 *                           writes that Accel-Sim performs at the L2, never in the L1);
 *   skipped:  shared memory (LDS, STS, ATOMS, LDSM, STSM, and generic LD/ST whose first
 *             active address lies in [shmem base, local base), or any generic LD/ST when a
 *             base is 0 or missing, as Accel-Sim resolves them); constant/texture/surface
 *             and every other opcode (they carry no addresses, or are not L1 data accesses);
 *             instructions with no active thread.
 *   Every thread's last byte of a request that is not skipped must lie below
 *   2^opts.addr_bits.
 * Base ids (SACAT FG-CB's per-base-address state, SPEC 3.7; with opts.base_ids > 0, else every
 * request has base id 0): a trace does not say which kernel argument an address belongs to,
 * so each request-issuing instruction gets the id of its first active thread's address's
 * *region*, a stand-in for its allocation:
 *   - a known allocation holding it: opts.regions, the device ranges the host copied into
 *     (accel_list passes the kernelslist.g's MemcpyHtoD ranges listed before the kernel),
 *     overlapping ranges merged into one (touching ones are not: matrixmul's A and B are
 *     adjacent 4 KiB copies);
 *   - else its aligned 2 MiB block (address >> ACCEL_BLOCK_LOG2): CUDA's allocator hands out
 *     device memory in 2 MiB pages, so allocations of 2 MiB or more start on their own page
 *     and are told apart, while small ones packed into one page share an id (an output array
 *     never copied in, or a kernel trace read alone, which has no copies).
 *   Regions get ids 0, 1, 2, ... in the order the reader meets them (file order: a thread
 *   block's warps in turn, the same for any number of cores), afresh for each kernel (as
 *   kernel_start clears FG-CB's table). When opts.base_ids regions have ids, every further
 *   region shares the last id, opts.base_ids - 1 (counted: accel_base_overflows), so an id
 *   always fits and the first ones are never aliased.
 * Thread blocks: numbered from 0 in file order; block k runs on core k mod opts.cores.
 * Order: the reader buffers a wave of opts.cores blocks (the last wave may be shorter) and
 * issues it in rounds: round i takes, block by block (core order) and within a block warp by
 * warp (increasing id), each warp's i-th request-issuing memory instruction; then the next
 * wave. With one core: each block alone, its warps round-robin.
 */
#ifndef CACHEGEN_TRACE_ACCEL_H
#define CACHEGEN_TRACE_ACCEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trace.h"

#ifndef ACCEL_LINE_MAX         /* the fuzz build (tb/fuzz) shrinks it */
#define ACCEL_LINE_MAX 8192    /* longest accepted line in bytes (a longer "-kernel name"
                                * header line is skipped, up to ACCEL_SKIP_MAX) */
#endif
#define ACCEL_SKIP_MAX (128 * ACCEL_LINE_MAX) /* longest "-kernel name" line skipped: 1 MiB;
                                * no line is read past its limit (an endless stream ends) */
#ifndef ACCEL_IDLE_MAX             /* the fuzz build (tb/fuzz) shrinks it */
#define ACCEL_IDLE_MAX (1 << 20) /* blank and "#" comment lines in a row; more: an error */
#endif
#define ACCEL_MAX_WARPS 1024   /* warp ids per thread block: 0..ACCEL_MAX_WARPS-1 */
#define ACCEL_MAX_WIDTH 256    /* access width cap in bytes */
#define ACCEL_MAX_CORES 1024   /* opts.cores: 1..ACCEL_MAX_CORES */
#define ACCEL_MAX_VERSION 6    /* highest "-accelsim tracer version" read */
#define ACCEL_SECTOR_BYTES 32  /* sector size of the sector counts */
#define ACCEL_BLOCK_LOG2 21    /* base ids: an address outside known allocations: its 2 MiB block */
#define ACCEL_MAX_BASE_IDS 65536 /* opts.base_ids: 0..2^16 (l1.fgcb_id_bits is at most 16) */

/* Where a request goes. */
typedef enum {
    ACCEL_L1 = 0,       /* a load or store through the L1 */
    ACCEL_L2_LOAD = 1,  /* a load whose cache operator skips the L1: to the L2 only */
    ACCEL_ATOMIC = 2    /* an atomic or reduction, performed at the L2 */
} accel_path_t;

/* One request: one line of one warp memory instruction. */
typedef struct accel_ref {
    uint64_t addr;     /* line address: a multiple of opts.line_bytes */
    uint64_t pc;       /* instruction PC */
    uint64_t tb;       /* thread block number in the kernel, from 0 (file order) */
    uint32_t base;     /* base id of the instruction's region (0 without opts.base_ids) */
    uint32_t kernel;   /* kernel number in a kernelslist.g, from 0 (accel_list; here 0) */
    uint16_t core;     /* tb mod opts.cores */
    uint16_t sectors;  /* 32-byte sectors counted on this line: 1..max(1, line_bytes/32), or
                        * 0 on a line under 32 bytes whose sector a lower line counted */
    uint8_t op;        /* TR_READ or TR_WRITE (atomics: TR_WRITE) */
    uint8_t path;      /* accel_path_t */
} accel_ref_t;

/* A known device allocation (base ids): bytes [start, start + bytes). */
typedef struct accel_region {
    uint64_t start, bytes;
} accel_region_t;

/* How to read. */
typedef struct accel_opts {
    unsigned line_bytes;  /* coalescing granularity: a power of two */
    unsigned addr_bits;   /* 1..64: simulated addresses lie below 2^addr_bits (l1.addr_bits) */
    unsigned cores;       /* 1..ACCEL_MAX_CORES: thread block k runs on core k mod cores */
    unsigned base_ids;    /* 0: base ids all 0; else 1..ACCEL_MAX_BASE_IDS ids (above) */
    const accel_region_t *regions; /* known allocations, any order (copied at open) */
    size_t nregions;
} accel_opts_t;

/* Per-path request and sector counts (a consumer's tally of accel_refs: accel_count). */
typedef struct accel_counts {
    uint64_t reads, writes;              /* L1 requests (lines) */
    uint64_t l2_loads, atomics;          /* L2-only requests (lines) */
    uint64_t read_sectors, write_sectors, l2_load_sectors, atomic_sectors;
} accel_counts_t;

static inline void accel_count(accel_counts_t *c, const accel_ref_t *r)
{
    if (r->path == ACCEL_ATOMIC) {
        c->atomics++;
        c->atomic_sectors += r->sectors;
    } else if (r->path == ACCEL_L2_LOAD) {
        c->l2_loads++;
        c->l2_load_sectors += r->sectors;
    } else if (r->op == TR_WRITE) {
        c->writes++;
        c->write_sectors += r->sectors;
    } else {
        c->reads++;
        c->read_sectors += r->sectors;
    }
}

typedef struct accel_reader accel_reader_t;

/* Read traceg text from `f` (already opened, not closed by us) with `o`. Returns NULL with
 * err set ("accel: ...") for a bad option, nothing read. */
accel_reader_t *accel_open_opts(FILE *f, const accel_opts_t *o, char *err, size_t errlen);
/* accel_open_opts with lines of line_bytes, 64 address bits and one core. */
accel_reader_t *accel_open(FILE *f, unsigned line_bytes, char *err, size_t errlen);
/* Next request: 1, 0 at end, -1 on error (accel_error gives "line N: ..."). After an error
 * every call returns -1 again; on error *out is not written. */
int accel_next_ref(accel_reader_t *r, accel_ref_t *out);
/* Next L1 request (path ACCEL_L1) as a trace reference (core = its core, base_id its base): the
 * L2-only requests are left out, as no din, text or binary record can say "not the L1", and
 * counted (accel_skipped). Statuses as accel_next_ref. */
int accel_next(accel_reader_t *r, trace_ref_t *out);
/* Request-issuing instructions whose region found every base id taken (they got the last). */
uint64_t accel_base_overflows(const accel_reader_t *r);
/* L2-only requests accel_next left out so far. */
uint64_t accel_skipped(const accel_reader_t *r);
/* Thread blocks read so far (complete ones). */
uint64_t accel_tbs(const accel_reader_t *r);
/* The last error, "" when none. */
const char *accel_error(const accel_reader_t *r);
void accel_close(accel_reader_t *r);

#endif
