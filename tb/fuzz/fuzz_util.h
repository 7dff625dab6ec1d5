/* fuzz_util: helpers shared by the libFuzzer harnesses: the input as a file path (a memfd,
 * reopened by path as the tools open theirs), and a whole trace read three ways (record by
 * record, and in two batch sizes) whose results must agree exactly.
 * Invariant: a harness aborts (a finding) only on a sanitizer report or a broken oracle. */
#ifndef CACHEGEN_FUZZ_UTIL_H
#define CACHEGEN_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cmodel/trace.h"

#define FZ_MAX_REFS 4096       /* references kept for comparison (the rest are counted) */
#define FZ_MAX_TOTAL (1L << 20) /* references read at most, so a unit stays fast */

/* Report a broken oracle with the input's size and abort (libFuzzer saves the input). */
#define FZ_CHECK(cond, ...)                                                              \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "fuzz oracle failed: %s: ", #cond);                          \
            fprintf(stderr, __VA_ARGS__);                                                \
            fprintf(stderr, "\n");                                                       \
            abort();                                                                     \
        }                                                                                \
    } while (0)

/* A memfd per slot (0, 1) holding `n` bytes of `d`; returns "/proc/self/fd/N" to open. */
static inline const char *fz_file(int slot, const void *d, size_t n)
{
    static int fd[2] = {-1, -1};
    static char path[2][48];
    if (fd[slot] < 0) {
        fd[slot] = memfd_create("cachegen-fuzz", 0);
        if (fd[slot] < 0) {
            perror("memfd_create");
            abort();
        }
        snprintf(path[slot], sizeof path[slot], "/proc/self/fd/%d", fd[slot]);
    }
    if (ftruncate(fd[slot], 0) != 0 ||
        (n && pwrite(fd[slot], d, n, 0) != (ssize_t)n)) {
        perror("memfd write");
        abort();
    }
    return path[slot];
}

/* Everything one read of a trace produced. */
typedef struct fz_trace {
    int opened;                   /* trace_open succeeded */
    int rc;                       /* final status: 0 end, -1 error, 2 stopped at FZ_MAX_TOTAL */
    long n;                       /* references read */
    trace_format_t fmt;           /* format in use after opening */
    uint64_t ifetches, copybacks; /* Dinero records skipped (trace_skipped) */
    trace_ref_t ref[FZ_MAX_REFS]; /* the first FZ_MAX_REFS of them */
    char err[512];                /* open or read error */
} fz_trace_t;

/* Read all of `path` as `fmt` with `o` (NULL: the defaults): batch 0 = trace_next, else
 * trace_next_batch of that size. */
static inline void fz_read(const char *path, trace_format_t fmt, const trace_opts_t *o,
                           long batch, fz_trace_t *t)
{
    memset(t, 0, offsetof(fz_trace_t, ref));
    t->err[0] = '\0';
    trace_reader_t *r = trace_open_opts(path, fmt, o, t->err, sizeof t->err);
    if (!r) { /* the memfd's path differs between slots: compare the message without it */
        char *at = strstr(t->err, path);
        if (at)
            memmove(at, at + strlen(path), strlen(at + strlen(path)) + 1);
        return;
    }
    t->opened = 1;
    t->fmt = trace_format(r);
    trace_ref_t buf[64];
    for (;;) {
        if (t->n >= FZ_MAX_TOTAL) {
            t->rc = 2;
            break;
        }
        long k;
        if (batch == 0) {
            int rc = trace_next(r, buf);
            k = rc == 1 ? 1 : rc;
        } else {
            long want = batch < FZ_MAX_TOTAL - t->n ? batch : FZ_MAX_TOTAL - t->n;
            k = trace_next_batch(r, buf, want);
        }
        if (k < 0) {
            t->rc = -1;
            snprintf(t->err, sizeof t->err, "%s", trace_error(r));
            break;
        }
        if (k == 0)
            break;
        FZ_CHECK(k <= (batch ? batch : 1), "batch of %ld returned %ld", batch, k);
        for (long i = 0; i < k; i++, t->n++) {
            /* a line invalidate only for a consumer that takes it */
            FZ_CHECK(buf[i].op <= (o && o->inval ? TR_INVAL : TR_FLUSH), "reference %ld: op %u",
                     t->n, buf[i].op);
            if (t->n < FZ_MAX_REFS)
                t->ref[t->n] = buf[i];
        }
    }
    if (t->rc == 0) /* the end sticks */
        FZ_CHECK(trace_next(r, buf) == 0, "trace_next after the end is not 0");
    trace_skipped(r, &t->ifetches, &t->copybacks);
    trace_close(r);
}

/* Field-wise equality (the struct has padding). */
static inline int fz_ref_eq(const trace_ref_t *a, const trace_ref_t *b)
{
    return a->addr == b->addr && a->pc == b->pc && a->base_id == b->base_id &&
           a->core == b->core && a->op == b->op;
}

/* Two reads of one trace must agree on everything, the error text included; `b` is batched:
 * a batch that meets an error returns -1 and drops the references read before it in that
 * batch, so on error b may hold fewer (a prefix of a's). */
static inline void fz_same(const fz_trace_t *a, const fz_trace_t *b, const char *what)
{
    FZ_CHECK(a->opened == b->opened, "%s: opened %d vs %d (%s | %s)", what, a->opened,
             b->opened, a->err, b->err);
    FZ_CHECK(a->rc == b->rc, "%s: status %d vs %d (%s | %s)", what, a->rc, b->rc, a->err,
             b->err);
    FZ_CHECK(a->rc == -1 ? b->n <= a->n : a->n == b->n, "%s: %ld vs %ld references", what,
             a->n, b->n);
    FZ_CHECK(!strcmp(a->err, b->err), "%s: error \"%s\" vs \"%s\"", what, a->err, b->err);
    FZ_CHECK(a->ifetches == b->ifetches && a->copybacks == b->copybacks,
             "%s: skipped %llu/%llu vs %llu/%llu", what, (unsigned long long)a->ifetches,
             (unsigned long long)a->copybacks, (unsigned long long)b->ifetches,
             (unsigned long long)b->copybacks);
    for (long i = 0; i < b->n && i < FZ_MAX_REFS; i++)
        FZ_CHECK(fz_ref_eq(&a->ref[i], &b->ref[i]), "%s: reference %ld differs", what, i);
}

/* Read `path` as `fmt` with `o` record by record, in batches of 1 + size % 13 and of 64: the
 * same references, status, error and skipped records every way. Returns the record-by-record
 * read in *out. */
static inline void fz_trace_all_opts(const char *path, trace_format_t fmt, const trace_opts_t *o,
                                     size_t size, fz_trace_t *out)
{
    static fz_trace_t b;
    fz_read(path, fmt, o, 0, out);
    fz_read(path, fmt, o, 1 + (long)(size % 13), &b);
    fz_same(out, &b, "trace_next vs small batches");
    fz_read(path, fmt, o, 64, &b);
    fz_same(out, &b, "trace_next vs batches of 64");
}

static inline void fz_trace_all(const char *path, trace_format_t fmt, size_t size,
                                fz_trace_t *out)
{
    fz_trace_all_opts(path, fmt, NULL, size, out);
}

/* Reader options picked by the input's size: each of ifetch_read, inval and a line size of
 * 0, 16 or 64 bytes. */
static inline trace_opts_t fz_opts(size_t size)
{
    trace_opts_t o = {(uint8_t)(size & 1), (uint8_t)(size >> 1 & 1),
                      (unsigned[]){0, 16, 64}[size / 4 % 3]};
    return o;
}

#endif
