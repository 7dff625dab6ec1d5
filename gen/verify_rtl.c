/* verify_rtl: the checks of `cachegen verify --rtl DIR` made before anything runs: DIR is a
 * cachegen output folder (a directory with its cachegen.manifest and config.yaml), and DIR and
 * the work directory are apart (neither holds the other), so that the flow, which copies DIR
 * into the work directory and writes only there, can never write into the user's folder. */
#define _DEFAULT_SOURCE /* realpath */
#include "verify.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/opt.h"

/* The absolute path of `path`, which need not exist yet: its longest existing prefix resolved
 * (symbolic links followed), the rest appended as given. 0, or -1 when too long. */
static int absolute_path(const char *path, char *out, size_t len)
{
    char head[PATH_MAX];
    if (snprintf(head, sizeof head, "%s", path) >= (int)sizeof head)
        return -1;
    size_t n = strlen(head);
    while (n > 1 && head[n - 1] == '/')
        head[--n] = '\0';
    if (realpath(head, out))
        return 0;
    char *slash = strrchr(head, '/');
    const char *tail = slash ? slash + 1 : head;
    char parent[PATH_MAX];
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (slash == head)
        snprintf(parent, sizeof parent, "/");
    else
        snprintf(parent, sizeof parent, "%.*s", (int)(slash - head), head);
    char base[PATH_MAX];
    if (absolute_path(parent, base, sizeof base))
        return -1;
    return snprintf(out, len, "%s%s%s", base, strcmp(base, "/") ? "/" : "", tail) >= (int)len
               ? -1 : 0;
}

/* 1 when `inner` is `outer` or lies below it (both absolute, resolved). */
static int path_within(const char *inner, const char *outer)
{
    size_t n = strlen(outer);
    if (!strcmp(outer, "/"))
        return 1;
    return !strncmp(inner, outer, n) && (inner[n] == '/' || inner[n] == '\0');
}

int verify_rtl_check(const char *dir, const char *workdir, char *absdir, size_t alen,
                     char *config, size_t clen, char *err, size_t errlen)
{
    char shown[200];
    opt_shown(dir, shown, sizeof shown);
    struct stat st;
    int missing = stat(dir, &st) != 0;
    if (missing || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--rtl = %s: %s; allowed: a cachegen output folder (a directory "
                 "with cachegen.manifest and config.yaml)", shown,
                 missing ? strerror(errno) : "not a directory");
        return -1;
    }
    if (!realpath(dir, absdir)) {
        snprintf(err, errlen, "--rtl = %s: cannot be resolved (%s)", shown, strerror(errno));
        return -1;
    }
    static const char *const need[] = {"cachegen.manifest", "config.yaml", NULL};
    for (int i = 0; need[i]; i++) {
        char p[PATH_MAX + 32];
        snprintf(p, sizeof p, "%s/%s", absdir, need[i]);
        if (access(p, R_OK) != 0) {
            snprintf(err, errlen, "--rtl = %s: no readable %s there; allowed: a cachegen output "
                     "folder (cachegen writes cachegen.manifest and config.yaml beside the RTL)",
                     shown, need[i]);
            return -1;
        }
    }
    if ((size_t)snprintf(config, clen, "%s/config.yaml", absdir) >= clen ||
        strlen(absdir) >= alen) {
        snprintf(err, errlen, "--rtl = %s: path too long", shown);
        return -1;
    }
    if (!workdir)
        return 0;
    char work[PATH_MAX];
    if (absolute_path(workdir, work, sizeof work)) {
        snprintf(err, errlen, "-o = %s: path too long", workdir);
        return -1;
    }
    if (path_within(work, absdir) || path_within(absdir, work)) {
        char wshown[200];
        snprintf(err, errlen, "-o = %s with --rtl = %s: not allowed; the work directory %s the "
                 "RTL folder, and verify writes only into its work directory; allowed: a work "
                 "directory outside DIR, and DIR outside it", opt_shown(workdir, wshown,
                 sizeof wshown), shown, path_within(work, absdir) ? "lies in" : "holds");
        return -1;
    }
    return 0;
}
