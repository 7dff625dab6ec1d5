/* pric_cli: the `cachegen pric` subcommand (equations and XOR-tree depths of a PRIC index). */
#ifndef CACHEGEN_PRIC_CLI_H
#define CACHEGEN_PRIC_CLI_H

#include <stddef.h>

/* The checked arguments of one `cachegen pric` (the values as typed; checked by pric_cli).
 */
typedef struct pric_args {
    const char *sets;       /* --sets N, or NULL */
    const char *line_bytes; /* --line-bytes L, or NULL */
    const char *addr_bits;  /* --addr-bits W, or NULL */
    const char *poly;       /* --poly P, or NULL */
    const char *top_bit;    /* --top-bit T, or NULL */
} pric_args_t;

/* Parse argv[0..argc-1] (the arguments after "pric") through opt.h: 0 parsed, 1 --help,
 * 2 --version (each ends the parse where it stands), -1 with err set. Prints nothing. */
int pric_parse_args(int argc, char **argv, pric_args_t *a, char *err, size_t errlen);

/* argv holds the arguments after "pric". Returns the process exit status. */
int pric_cli(int argc, char **argv);

#endif
