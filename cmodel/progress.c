/* progress: the periodic progress line of a long run (progress.h). */
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "progress.h"

static const char *tool_name;
static const volatile uint64_t *count_a, *count_b;
static volatile sig_atomic_t ticks;

/* Append the decimal digits of v at p; the new end. */
static char *put_u64(char *p, uint64_t v)
{
    char d[24];
    int n = 0;
    do
        d[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = d[--n];
    return p;
}

static char *put_str(char *p, const char *s, const char *end)
{
    while (*s && p < end)
        *p++ = *s++;
    return p;
}

static void on_alarm(int sig)
{
    (void)sig;
    ticks++;
    char line[160], *p = line, *end = line + sizeof line - 48;
    p = put_str(p, tool_name, end);
    p = put_str(p, ": ", end);
    p = put_u64(p, *count_a + *count_b);
    p = put_str(p, " references, ", end);
    p = put_u64(p, (uint64_t)ticks * PROGRESS_SECS);
    p = put_str(p, " s\n", line + sizeof line);
    ssize_t w = write(2, line, (size_t)(p - line));
    (void)w;
}

void progress_start(const char *tool, const volatile uint64_t *a, const volatile uint64_t *b)
{
    if (!isatty(2))
        return;
    tool_name = tool;
    count_a = a;
    count_b = b;
    ticks = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART; /* a trace reader's read() goes on after a tick */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = {{PROGRESS_SECS, 0}, {PROGRESS_SECS, 0}};
    setitimer(ITIMER_REAL, &it, NULL);
}

void progress_stop(void)
{
    struct itimerval it;
    memset(&it, 0, sizeof it);
    setitimer(ITIMER_REAL, &it, NULL);
}
