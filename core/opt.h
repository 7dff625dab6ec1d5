/* opt: the one command-line option parser of every tool (cachegen and its pric and verify
 * subcommands, cachesim and its subcommands, sysim). A tool declares its options in a table
 * and walks argv with opt_next, which applies one rule set everywhere:
 *   - an option is an argument equal to a name of the table; "--name=value" is refused (the
 *     value goes in the next argument), and so is any other argument beginning with '-'
 *     (except "-" alone, a positional argument: stdin or stdout where the tool takes it);
 *   - a valued option takes the next argument whole; a missing value is refused, and so is a
 *     value beginning with '-' (it would be an option: `-o --version` never writes a
 *     directory named --version nor prints the version), except "-" alone for an option
 *     that declares OPT_DASH (stdin or stdout), and "-<digit>..." for an OPT_NUM option
 *     (refused by that option's own range check, which names the range);
 *   - an option given twice is refused naming both uses ("-o: given twice (-o a and -o b)",
 *     as the harnesses word a plusarg given twice), unless it declares OPT_REPEAT (each
 *     use is then returned in turn, as --set KEY=VALUE is); opt_keys_unique refuses one --set
 *     key given twice.
 * Invariant: parsing has no side effect (nothing printed, no file touched, no allocation);
 * opt_keys_unique allocates and frees a scratch array;
 * errors are one line in the caller's buffer: "argument A: what is wrong; allowed: ...". */
#ifndef CACHEGEN_OPT_H
#define CACHEGEN_OPT_H

#include <stddef.h>

#define OPT_REPEAT 1u /* may be given more than once */
#define OPT_DASH 2u   /* the value may be "-" (stdin or stdout) */
#define OPT_NUM 4u    /* a number: a value of '-' and a digit ("-1") is passed on, for the
                       * option's own range check to refuse (no option begins "-<digit>") */

#define OPT_MAX 48 /* options in one table */

/* One option of a tool. */
typedef struct opt_spec {
    const char *name;    /* as typed: "--preset", "-o" */
    const char *metavar; /* the value's name in messages ("NAME"); NULL: a flag, no value */
    unsigned flags;      /* OPT_REPEAT, OPT_DASH, OPT_NUM */
} opt_spec_t;

/* A walk over argv with one table. */
typedef struct opt {
    const opt_spec_t *spec; /* [n] the table */
    unsigned n;             /* its options, at most OPT_MAX */
    int argc;               /* arguments */
    char **argv;            /* [argc] */
    int i;                  /* the next argument to read */
    int first[OPT_MAX];     /* 1 + argv index of each option's first use; 0: not given */
} opt_t;

/* opt_next's results besides an option's index in the table. */
#define OPT_END (-1) /* no argument left */
#define OPT_ARG (-2) /* a positional argument, in *value */
#define OPT_ERR (-3) /* a refused argument, described in err */

/* Start a walk over argv[first..argc-1] with `spec` (n options, at most OPT_MAX). */
void opt_init(opt_t *p, const opt_spec_t *spec, unsigned n, int argc, char **argv, int first);

/* The next argument: the option's index in the table with *value its value (NULL for a
 * flag), OPT_ARG with *value the positional argument, OPT_END, or OPT_ERR with err set (and
 * *value NULL). After OPT_ERR the walk should stop. */
int opt_next(opt_t *p, const char **value, char *err, size_t errlen);

/* 1 if option k of the table has been given so far. */
static inline int opt_given(const opt_t *p, unsigned k) { return k < p->n && p->first[k] > 0; }

/* The table's names as "--a, --b, -o" into buf (cut to fit); returns buf. */
char *opt_names(const opt_spec_t *spec, unsigned n, char *buf, size_t len);

/* `text` for a message: printable ASCII as is, other bytes as \xNN, cut with "..." past 64
 * characters. Returns buf. */
char *opt_shown(const char *text, char *buf, size_t len);

/* Refuse a --set key given twice: among sets[0..n-1] (each "KEY=VALUE"), two with the same
 * KEY give -1 and "--set K: given twice (--set A and --set B); allowed: one --set per key".
 * Entries without '=' are left to the configuration's own check. Returns 0, or -1 (also
 * when out of memory: it sorts n indices in O(n log n), so many --set stay fast). */
int opt_keys_unique(const char *const *sets, unsigned n, char *err, size_t errlen);

#endif
