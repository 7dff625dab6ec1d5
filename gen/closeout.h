/* closeout: "close and report" for output streams: every tool that prints results checks its
 * standard output when it exits (closeout_register), so a write error (a full disk, /dev/full,
 * a closed pipe's EIO) is reported with the stream's name and the reason and the exit status
 * is 2, never 0. Header-only: cachegen, cachesim and sysim each include it once.
 * Invariants: the message is "PROG: NAME: write failed: REASON"; nothing is reported, and the
 * exit status is kept, when every write succeeded. */
#ifndef CACHEGEN_CLOSEOUT_H
#define CACHEGEN_CLOSEOUT_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Flush and close f (NAME: its path, or "standard output"): 0, or -1 after the message on
 * stderr. f is closed either way. */
static inline int closeout_stream(FILE *f, const char *prog, const char *name)
{
    errno = 0;
    int bad = fflush(f) != 0, e = errno;
    if (!bad && ferror(f)) /* an earlier write failed and its buffer was dropped */
        bad = 1, e = 0;
    errno = 0;
    if (fclose(f) != 0 && !bad)
        bad = 1, e = errno;
    if (bad)
        fprintf(stderr, "%s: %s: write failed: %s\n", prog, name, strerror(e ? e : EIO));
    return bad ? -1 : 0;
}

static const char *closeout_prog = "cachegen";

static void closeout_at_exit(void)
{
    if (closeout_stream(stdout, closeout_prog, "standard output") != 0)
        _exit(2); /* from an atexit handler: the status an error of the tool would have */
}

/* Check standard output at exit (once per process; `prog` names the tool in the message). */
static inline void closeout_register(const char *prog)
{
    static int done;
    closeout_prog = prog;
    if (!done && atexit(closeout_at_exit) == 0)
        done = 1;
}

#endif
