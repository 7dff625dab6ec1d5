/* closeout: flush, close and report; the check of standard output at exit. */
#include "closeout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int closeout_stream(FILE *f, const char *prog, const char *name)
{
    errno = 0;
    int bad = fflush(f) != 0, e = errno;
    if (!bad && ferror(f)) { /* an earlier write failed and its buffer was dropped */
        bad = 1;
        e = 0;
    }
    errno = 0;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (bad)
        fprintf(stderr, "%s: %s: write failed: %s\n", prog, name, strerror(e ? e : EIO));
    return bad ? -1 : 0;
}

static const char *closeout_prog = "cachegen"; /* the tool named in the message */

static void closeout_at_exit(void)
{
    if (closeout_stream(stdout, closeout_prog, "standard output") != 0)
        _exit(2); /* from an atexit handler: the status of the tools' other errors */
}

void closeout_register(const char *prog)
{
    static int registered;
    closeout_prog = prog;
    if (!registered && atexit(closeout_at_exit) == 0)
        registered = 1;
}
