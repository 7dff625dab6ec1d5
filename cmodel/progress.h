/* progress: a line on stderr every PROGRESS_SECS seconds while a long run works (sysim on a
 * large trace), only when stderr is a terminal, so logs and pipelines see nothing new. The
 * line is written from a SIGALRM handler with write(2) alone (async-signal-safe); the counts
 * it shows are read from the run's own counters, which the handler only reads. */
#ifndef CACHEGEN_PROGRESS_H
#define CACHEGEN_PROGRESS_H

#include <stdint.h>

#define PROGRESS_SECS 3

/* Start the ticks: each prints "TOOL: N references, S s" with N = *a + *b (two counters of
 * the run, e.g. its loads and stores). No effect when stderr is not a terminal. */
void progress_start(const char *tool, const volatile uint64_t *a, const volatile uint64_t *b);

/* Stop the ticks (before printing the results). */
void progress_stop(void);

#endif
