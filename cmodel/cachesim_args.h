/* cachesim_args: the command line of cachesim and its subcommands (run, --sweep, convert,
 * gen), checked through core/opt.h with no side effect (nothing printed, no file opened) so
 * that cachesim's main and the argv fuzz target (tb/fuzz/fuzz_argv.c) share it. Values that
 * need no file are checked here (formats, --ifetch, numbers and their ranges, gen's pattern);
 * files, configurations and combinations that need them are cachesim's. */
#ifndef CACHEGEN_CACHESIM_ARGS_H
#define CACHEGEN_CACHESIM_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"
#include "workload.h"

/* Which command, or what to print instead. */
typedef enum { CS_RUN, CS_SWEEP, CS_CONVERT, CS_GEN, CS_HELP, CS_VERSION } cs_cmd_t;

/* gen's number options, in the order of GEN_NUMS (cachesim_args.c). */
enum { CS_GEN_REFS, CS_GEN_SEED, CS_GEN_FOOTPRINT, CS_GEN_STRIDE_LOG2, CS_GEN_STORES,
       CS_GEN_CORES, CS_GEN_LINE_BYTES, CS_GEN_NNUMS };

#define GEN_MAX_REFS 1000000000000ull /* 10^12 references (16 TB of binary trace) */

/* The checked arguments of one cachesim command. */
typedef struct cachesim_args {
    cs_cmd_t cmd;           /* the command; CS_HELP/CS_VERSION: print that */
    cs_cmd_t help_of;       /* with CS_HELP: the command whose usage to print */
    /* run */
    const char *config;     /* --config F.yaml, or NULL */
    const char *preset;     /* --preset P, or NULL */
    const char **sets;      /* [nsets] --set K=V in order, one per key (owned array) */
    unsigned nsets;
    const char *trace;      /* TRACE (run), or NULL */
    trace_format_t fmt;     /* --format (run), default TF_AUTO */
    int exact, json;        /* --exact, --json */
    int ifetch_read;        /* --ifetch data (run, sweep, convert) */
    /* sweep */
    const char *clist;      /* --configs A,B,.. */
    const char *tlist;      /* --traces T1,T2,.. */
    const char *out;        /* -o (sweep, gen) or OUT (convert) */
    const char *plot;       /* --plot OUT.svg, or NULL */
    uint64_t jobs;          /* -j 1..64 (default 2) */
    /* convert */
    const char *in;         /* IN */
    const char *to;         /* --to (convert, gen; gen's default "binary") */
    const char *from;       /* --from (default "auto") */
    const char *comp;       /* --compress (default "none") */
    uint64_t line_bytes;    /* convert --line-bytes, 0: not given */
    trace_format_t fi, fo;  /* convert: --from and --to parsed; gen: --to parsed in fo */
    /* gen */
    wl_pattern_t pattern;   /* --pattern */
    uint64_t num[CS_GEN_NNUMS];       /* gen's numbers as given */
    int num_given[CS_GEN_NNUMS];      /* ... 1 when given (the pattern's default otherwise) */
} cachesim_args_t;

/* Parse argv[1..argc-1] into *a (cachesim_args_free releases it, also after an error).
 * Returns 0, or -1 with err set ("argument ..." / "OPTION VALUE: ..."). Prints nothing. */
int cachesim_parse_args(int argc, char **argv, cachesim_args_t *a, char *err, size_t errlen);
void cachesim_args_free(cachesim_args_t *a);

#endif
