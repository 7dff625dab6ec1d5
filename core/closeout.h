/* closeout: "close and report" for output streams. Every tool that prints results checks its
 * standard output when it exits (closeout_register), so a write error (a full disk, /dev/full)
 * is reported with the stream's name and the reason and the exit status is 2, never 0.
 * Invariants: the message is "PROG: NAME: write failed: REASON" on stderr; when every write
 * succeeded nothing is printed and the exit status is kept; the check at exit runs once per
 * process, however often it is registered. */
#ifndef CACHEGEN_CLOSEOUT_H
#define CACHEGEN_CLOSEOUT_H

#include <stdio.h>

/* Flush and close f (NAME: its path, or "standard output"): 0, or -1 after the message. f is
 * closed either way. */
int closeout_stream(FILE *f, const char *prog, const char *name);
/* Check standard output at exit (closeout_stream; on error the process exits with 2). `prog`
 * names the tool in the message ("cachesim", "cachegen pric"); the last one given counts. */
void closeout_register(const char *prog);

#endif
