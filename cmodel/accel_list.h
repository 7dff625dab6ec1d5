/* accel_list: an Accel-Sim workload for cachesim and sysim: one kernel trace (kernel-N.traceg)
 * or a kernelslist.g whose kernels run in order, each read through trace_accel with the same
 * options (line size, address bits, cores) and numbered from 0 in accel_ref_t.kernel.
 * kernelslist.g, as Accel-Sim's tracer writes it and trace_parser.cc reads it: one entry per
 * line; "kernel..." lines name a kernel trace inside the list's folder (a relative path
 * without a ".." component, taken relative to that folder; an absolute path or ".." is
 * refused, so a list names no file outside its folder); "MemcpyHtoD,<hex address>,<bytes>" lines are checked and counted (memory copies
 * are not simulated); other CUDA API records ("Name,<hex address>,<bytes>", such as
 * cudaMalloc or MemcpyDtoH) are skipped; blank lines are skipped.
 * Base ids (with opts.base_ids, trace_accel.h): each kernel's known allocations are the
 * MemcpyHtoD ranges listed before it (what the host had copied when it launched the kernel);
 * the regions given in opts are ignored.
 * Every file may be plain, gzip or zstd (trace_io). What a file holds is told from its first
 * line (blank and "#" lines skipped): "-" begins a kernel trace; "kernel" or a "Name," record
 * begins a list.
 * Invariants: one kernel is open at a time (memory does not grow with the number of kernels,
 * beyond their names); an error names the file (for a kernel, also the list's line) and
 * sticks; a list without kernels, like a kernel trace without thread blocks, is an error. A
 * list's limits (LIST_MAX bytes, lines of LIST_LINE_MAX, no NUL byte) hold while it is read, so
 * an endless stream ends at the first; the text of a kernel file is never echoed in an error
 * before it has shown a "-key = value" header line (trace_accel). */
#ifndef CACHEGEN_ACCEL_LIST_H
#define CACHEGEN_ACCEL_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "trace_accel.h"

/* What a file holds, from its first line. */
typedef enum {
    ACCEL_SNIFF_OTHER = 0,  /* neither (another trace format, or empty) */
    ACCEL_SNIFF_TRACE = 1,  /* a kernel trace */
    ACCEL_SNIFF_LIST = 2    /* a kernelslist.g */
} accel_sniff_t;

typedef struct accel_list accel_list_t;

/* What the regular file `path` holds (decompressed): 0 with *kind set, or -1 with err set when
 * it cannot be read. Stdin ("-"), FIFOs and devices are not read (ACCEL_SNIFF_OTHER), so a
 * trace there stays readable by the caller. */
int accel_list_sniff(const char *path, accel_sniff_t *kind, char *err, size_t errlen);

/* Open `path` ("-" = stdin): a kernelslist.g (read whole: its kernels must all be named
 * before the first runs) or else one kernel trace (whose reader reports, at the first
 * accel_list_next, whatever is not a kernel trace), with `o` (accel_open_opts's checks).
 * Returns NULL with err set ("trace = PATH: ..."): cannot open or decompress, a bad list
 * line, a list without kernels, bad options. */
accel_list_t *accel_list_open(const char *path, const accel_opts_t *o, char *err,
                              size_t errlen);
/* Next event: 1 a request in *out (out->kernel its kernel); 2 kernel out->kernel begins (the
 * rest of *out not written; every kernel begins once, in order, before its requests); 0 at the
 * end; -1 on error (accel_list_error), which sticks. */
int accel_list_next(accel_list_t *l, accel_ref_t *out);
/* Kernels in the workload (1 for a kernel trace). */
unsigned accel_list_kernels(const accel_list_t *l);
/* Every kernel's name as listed ("kernel-1.traceg"; a kernel trace: the path given), copied (accel_list_kernels(l) strings, for results that outlive l), or
 * NULL when out of memory; free with accel_names_free. */
char **accel_list_copy_names(const accel_list_t *l);
void accel_names_free(char **names, unsigned n);
/* Thread blocks of kernel k read so far. */
uint64_t accel_list_tbs(const accel_list_t *l, unsigned k);
/* Instructions of kernel k whose region found every base id taken (trace_accel.h). */
uint64_t accel_list_base_overflows(const accel_list_t *l, unsigned k);
/* MemcpyHtoD lines of the list (0 for a kernel trace). */
uint64_t accel_list_memcpys(const accel_list_t *l);
/* The last error, "" when none. */
const char *accel_list_error(const accel_list_t *l);
void accel_list_close(accel_list_t *l);

#endif
