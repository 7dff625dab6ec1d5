/* emit: output directory handling and the line writer behind every generated file. */
#define _GNU_SOURCE /* renameat2 */
#include "emit.h"
#include "../core/ident.h"

#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <nettle/sha2.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the files of one run, readable by a signal handler ---------------------------------- */
#define RUN_FILES 64   /* files one output may hold */
#define NAME_CAP 256   /* bytes of one file name, NUL included */
#define TMP_BASE_MAX 200 /* bytes of OUTDIR's name kept in BASE.tmp-PID: it fits NAME_MAX (255)
                            whatever OUTDIR's name, PIDs up to 10 digits included */

/* What a signal handler removes: the files this run created in its staging directory (a name
 * is recorded before the file is created), then the staging directory. `live` is 1 only
 * while there is something to remove that is not yet in place. */
static struct {
    volatile sig_atomic_t live;  /* 1: staging directory of this run exists, not committed */
    volatile sig_atomic_t nfiles;/* names recorded in files[] */
    int parent_fd;               /* OUTDIR's parent */
    int tmp_fd;                  /* the staging directory */
    char tmp_name[EMIT_PATH_MAX + 32];
    char files[RUN_FILES][NAME_CAP];
} run = {0, 0, -1, -1, "", {{0}}};

static void run_remove_created(void)
{
    for (int i = 0; i < run.nfiles; i++)
        unlinkat(run.tmp_fd, run.files[i], 0);
    unlinkat(run.parent_fd, run.tmp_name, AT_REMOVEDIR);
}

static void on_fatal_signal(int sig)
{
    if (run.live) {
        run.live = 0;
        run_remove_created();
    }
    signal(sig, SIG_DFL);
    raise(sig); /* delivered when the handler returns: the process ends by `sig` */
}

int emit_dir_guard_signals(void)
{
    static char altstack[64 * 1024]; /* a stack overflow still reaches the handler */
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0)
        return -1;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_ONSTACK;
    sigfillset(&sa.sa_mask);
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction was;
        if (sigaction(sigs[i], NULL, &was) != 0)
            return -1;
        if (was.sa_handler == SIG_IGN) /* nohup, or a shell's background job: stays ignored */
            continue;
        if (sigaction(sigs[i], &sa, NULL) != 0)
            return -1;
    }
    return 0;
}

int emit_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= NAME_CAP || !strcmp(name, ".") || !strcmp(name, ".."))
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch == '/' || ch < 0x20 || ch == 0x7f)
            return 0;
    }
    return 1;
}

static int run_record(const char *name)
{
    if (run.nfiles >= RUN_FILES || !emit_name_ok(name))
        return -1;
    for (int i = 0; i < run.nfiles; i++)
        if (!strcmp(run.files[i], name))
            return 0;
    memcpy(run.files[run.nfiles], name, strlen(name) + 1);
    run.nfiles = run.nfiles + 1;
    return 0;
}

/* ---- SHA-256 of a file, and the manifest's file list ------------------------------------- */
#define HASH_HEX (2 * SHA256_DIGEST_SIZE)

/* Hash the regular file `name` in directory `dfd` (never following a symbolic link) into
 * `hex` (HASH_HEX + 1 bytes). Returns 0, or -1 with errno set (EINVAL: not a regular file). */
static int hash_file(int dfd, const char *name, char *hex)
{
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    uint8_t buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        sha256_update(&ctx, (size_t)n, buf);
    }
    close(fd);
    uint8_t dig[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, sizeof dig, dig);
    for (unsigned i = 0; i < sizeof dig; i++)
        snprintf(hex + 2 * i, 3, "%02x", dig[i]);
    return 0;
}

/* Names of a directory's entries (not . and ..), sorted; NULL-terminated, malloc'ed. Returns
 * the count, or -1 with errno set. */
static int list_dir(int dfd, char ***out)
{
    int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    DIR *dir = fdopendir(fd);
    if (!dir) {
        close(fd);
        return -1;
    }
    char **v = NULL;
    int n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(dir)) != NULL) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if (n + 2 > cap) {
            cap = cap ? cap * 2 : 32;
            char **nv = realloc(v, (size_t)cap * sizeof *v);
            if (!nv)
                goto nomem;
            v = nv;
        }
        if (!(v[n] = strdup(de->d_name)))
            goto nomem;
        v[++n] = NULL;
    }
    closedir(dir);
    if (!v && !(v = calloc(1, sizeof *v)))
        return -1;
    for (int i = 1; i < n; i++) /* insertion sort: a few dozen names */
        for (int j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
            char *t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    *out = v;
    return n;
nomem:
    closedir(dir);
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
    errno = ENOMEM;
    return -1;
}

static void free_list(char **v)
{
    for (char **p = v; p && *p; p++)
        free(*p);
    free(v);
}

/* The manifest of directory `dfd`: its text (malloc'ed) and the files it lists with their
 * hashes (`names`/`hashes`, NULL-terminated, pointing into `text`). Returns the number of
 * files listed (0 if none), -1 without a readable regular manifest (errno set), -2 if the
 * first line is not cachegen's, or -3 if a "file:" line is malformed or lists a name that is
 * not a plain file name of the directory (emit_name_ok), the manifest itself, a name twice,
 * or more than RUN_FILES files (bad_line, bad say which): such a manifest names nothing that
 * may be opened or deleted. */
typedef struct manifest {
    char *text;                  /* the manifest as read */
    char *buf;                   /* a copy cut into lines, holding names[] and hashes[] */
    char *names[RUN_FILES + 1];
    char *hashes[RUN_FILES + 1];
    int n;
    unsigned long bad_line;      /* manifest_read -3: the line that is refused, 1-based */
    char bad[64];                /* ... and why (the manifest's text is never echoed) */
} manifest_t;

static void manifest_free(manifest_t *m)
{
    free(m->text);
    free(m->buf);
    m->text = m->buf = NULL;
}

static int manifest_read(int dfd, manifest_t *m)
{
    memset(m, 0, sizeof *m);
    int fd = openat(dfd, EMIT_MANIFEST, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (1 << 20)) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    m->text = malloc((size_t)st.st_size + 1);
    ssize_t got = m->text ? read(fd, m->text, (size_t)st.st_size) : -1;
    close(fd);
    if (got != st.st_size) {
        manifest_free(m);
        errno = EIO;
        return -1;
    }
    m->text[got] = 0;
    if (strncmp(m->text, "cachegen ", 9) != 0 || strlen(m->text) != (size_t)got)
        return -2;
    if (!(m->buf = strdup(m->text))) {
        errno = ENOMEM;
        return -1;
    }
    unsigned long lineno = 0;
    for (char *line = m->buf; *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        lineno++;
        /* "file: " HASH_HEX "  " NAME */
        if (!strncmp(line, "file: ", 6)) {
            const char *why = NULL;
            char *name = line + 8 + HASH_HEX;
            if (strlen(line) <= 6 + HASH_HEX + 2 || line[6 + HASH_HEX] != ' ' ||
                line[7 + HASH_HEX] != ' ' || strspn(line + 6, "0123456789abcdef") != HASH_HEX)
                why = "is not \"file: SHA256  NAME\"";
            else if (!emit_name_ok(name))
                why = "names no plain file of the directory";
            else if (!strcmp(name, EMIT_MANIFEST))
                why = "lists the manifest itself";
            else if (m->n >= RUN_FILES)
                why = "is one file too many";
            for (int i = 0; !why && i < m->n; i++)
                if (!strcmp(m->names[i], name))
                    why = "lists a name a second time";
            if (why) {
                m->bad_line = lineno;
                snprintf(m->bad, sizeof m->bad, "%s", why);
                return -3;
            }
            line[6 + HASH_HEX] = 0;
            m->hashes[m->n] = line + 6;
            m->names[m->n++] = name;
        }
        if (!nl)
            break;
        line = nl + 1;
    }
    return m->n;
}

static int manifest_lists(const manifest_t *m, const char *name)
{
    for (int i = 0; i < m->n; i++)
        if (!strcmp(m->names[i], name))
            return i;
    return -1;
}

/* ---- replacing an existing OUTDIR ------------------------------------------------------------ */
static const char allowed_msg[] =
    "allowed: a new path, or an earlier cachegen output left exactly as cachegen wrote it";

/* May the existing entry `base` of `parent_fd` be replaced? Returns 1 if it does not exist, 0
 * if it is an unmodified cachegen output (its manifest into `m` when m is not NULL), or -1 with
 * err naming what is in the way (nothing is changed). */
static int check_replaceable(const emit_dir_t *d, manifest_t *m, char *err, size_t errlen)
{
    struct stat st;
    if (fstatat(d->parent_fd, d->base, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT)
            return 1;
        snprintf(err, errlen, "-o = %s: cannot inspect it: %s", d->final_path, strerror(errno));
        return -1;
    }
    if (S_ISLNK(st.st_mode)) {
        char to[EMIT_PATH_MAX];
        ssize_t n = readlinkat(d->parent_fd, d->base, to, sizeof to - 1);
        to[n < 0 ? 0 : n] = 0;
        snprintf(err, errlen,
                 "-o = %s: is a symbolic link (to %s); cachegen never writes through a link, so "
                 "that its target is not replaced; allowed: the directory itself, or a new path",
                 d->final_path, to);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "-o = %s: exists and is not a directory; %s", d->final_path,
                 allowed_msg);
        return -1;
    }
    int dfd = openat(d->parent_fd, d->base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0) {
        snprintf(err, errlen, "-o = %s: cannot open it: %s", d->final_path, strerror(errno));
        return -1;
    }
    manifest_t mm;
    int rc = -1;
    char **ents = NULL;
    int nl = manifest_read(dfd, &mm);
    int read_errno = errno;
    if (nl == -1 && read_errno == ENOENT) { /* an empty directory holds nothing to lose */
        char **none = NULL;
        int ne = list_dir(dfd, &none);
        free_list(none);
        if (ne == 0) {
            rc = 0;
            goto out;
        }
    }
    if (nl == -3) { /* nothing it names is opened, let alone deleted */
        snprintf(err, errlen,
                 "-o = %s: line %lu of its %s %s; a manifest lists plain file names inside "
                 "the directory (no '/', '.', '..', control characters, duplicates or empty "
                 "names), so the directory is left untouched; %s", d->final_path, mm.bad_line,
                 EMIT_MANIFEST, mm.bad, allowed_msg);
        goto out;
    }
    int ne = list_dir(dfd, &ents);
    if (ne < 0) {
        snprintf(err, errlen, "-o = %s: cannot list it: %s", d->final_path, strerror(errno));
        goto out;
    }
    int foreign = 0; /* without a manifest listing files, everything but it is foreign */
    const char *first = NULL;
    for (int i = 0; i < ne; i++)
        if (strcmp(ents[i], EMIT_MANIFEST) != 0 && manifest_lists(&mm, ents[i]) < 0 &&
            !foreign++)
            first = ents[i];
    if (first) {
        char more[48] = "";
        if (foreign > 1)
            snprintf(more, sizeof more, " (and %d more)", foreign - 1);
        snprintf(err, errlen,
                 "-o = %s: holds %s%s, %s; the directory is left untouched (move that away, or "
                 "choose another -o); %s", d->final_path, first, more,
                 nl > 0     ? "which cachegen did not write"
                 : nl == -1 ? "and no " EMIT_MANIFEST ": it is not a cachegen output"
                            : "which no verifiable manifest lists (its " EMIT_MANIFEST
                              " has no SHA-256 lines: not written by this cachegen, or forged)",
                 allowed_msg);
        goto out;
    }
    if (nl == -1) {
        snprintf(err, errlen,
                 "-o = %s: its %s cannot be read (%s), so the directory is left untouched; %s",
                 d->final_path, EMIT_MANIFEST, strerror(read_errno), allowed_msg);
        goto out;
    }
    if (nl <= 0) {
        snprintf(err, errlen,
                 "-o = %s: its %s does not list files with their SHA-256 (not written by this "
                 "cachegen, or edited), so the directory is left untouched; remove it yourself "
                 "if it holds nothing you need; %s", d->final_path, EMIT_MANIFEST, allowed_msg);
        goto out;
    }
    for (int i = 0; i < mm.n; i++) {
        char hex[HASH_HEX + 1];
        if (hash_file(dfd, mm.names[i], hex) != 0) {
            snprintf(err, errlen,
                     "-o = %s: %s, listed in its %s, %s; the directory is left untouched; %s",
                     d->final_path, mm.names[i], EMIT_MANIFEST,
                     errno == ENOENT ? "is missing" : errno == EINVAL || errno == ELOOP
                                                          ? "is no longer a regular file"
                                                          : strerror(errno),
                     allowed_msg);
            goto out;
        }
        if (strcmp(hex, mm.hashes[i]) != 0) {
            snprintf(err, errlen,
                     "-o = %s: %s was modified since cachegen wrote it (its SHA-256 differs "
                     "from the manifest's); the directory is left untouched; %s",
                     d->final_path, mm.names[i], allowed_msg);
            goto out;
        }
    }
    rc = 0;
out:
    free_list(ents);
    close(dfd);
    if (rc == 0 && m)
        *m = mm;
    else
        manifest_free(&mm);
    return rc;
}

/* ---- removing a directory cachegen wrote --------------------------------------------------- */
/* Remove directory `name` of `parent_fd`, which cachegen wrote. With a manifest listing files
 * (`verified`, or else the one it holds): exactly the listed files whose content is unchanged,
 * then the manifest if nothing else is left. Without one, as a run stopped before its commit
 * leaves it: every regular file. Anything else stays, and so does the directory (with its
 * manifest, so a later pass still tells its files apart). Returns 0 if the directory is gone,
 * -1 if something was kept. */
static int remove_ours(int parent_fd, const char *name, const manifest_t *verified)
{
    int dfd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0)
        return errno == ENOENT ? 0 : -1;
    manifest_t own;
    memset(&own, 0, sizeof own);
    const manifest_t *m = verified;
    char **ents = NULL;
    int nl = m ? m->n : manifest_read(dfd, &own);
    if (nl == -3) { /* a manifest naming files outside: keep everything */
        manifest_free(&own);
        close(dfd);
        return -1;
    }
    if (!m && nl > 0)
        m = &own;
    if (m) {
        for (int i = 0; i < m->n; i++) {
            char hex[HASH_HEX + 1];
            if (hash_file(dfd, m->names[i], hex) == 0 && !strcmp(hex, m->hashes[i]))
                unlinkat(dfd, m->names[i], 0);
        }
        int ne = list_dir(dfd, &ents);
        if (ne >= 0 && (ne == 0 || (ne == 1 && !strcmp(ents[0], EMIT_MANIFEST))))
            unlinkat(dfd, EMIT_MANIFEST, 0);
    } else {
        int ne = list_dir(dfd, &ents);
        for (int i = 0; i < ne; i++) {
            struct stat st;
            if (fstatat(dfd, ents[i], &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
                unlinkat(dfd, ents[i], 0);
        }
    }
    free_list(ents);
    manifest_free(&own);
    close(dfd);
    return unlinkat(parent_fd, name, AT_REMOVEDIR);
}

/* Is `name` "BASE.tmp-PID" for this OUTDIR (BASE cut to TMP_BASE_MAX bytes)? Returns the PID,
 * or 0. */
static long leftover_pid(const char *base, const char *name)
{
    size_t bl = strlen(base);
    if (bl > TMP_BASE_MAX)
        bl = TMP_BASE_MAX;
    if (strncmp(name, base, bl) != 0 || strncmp(name + bl, ".tmp-", 5) != 0)
        return 0;
    const char *p = name + bl + 5;
    if (!*p || strlen(p) > 9)
        return 0;
    long pid = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return 0;
        pid = pid * 10 + (*p - '0');
    }
    return pid;
}

/* Remove the staging directories that dead runs on this OUTDIR left: named BASE.tmp-PID, the
 * PID not running (or our own: a predecessor's), and no live run holding its lock. */
static void clean_leftovers(const emit_dir_t *d)
{
    char **ents;
    int ne = list_dir(d->parent_fd, &ents);
    if (ne < 0)
        return;
    for (int i = 0; i < ne; i++) {
        long pid = leftover_pid(d->base, ents[i]);
        if (pid <= 0)
            continue;
        if (pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno != ESRCH))
            continue; /* that process lives: maybe a run of another cachegen */
        int fd = openat(d->parent_fd, ents[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0 && remove_ours(d->parent_fd, ents[i], NULL) != 0)
            fprintf(stderr, "cachegen: warning: %.*s%s: left by a stopped run, but holds "
                    "files cachegen did not write; not removed\n",
                    (int)(strlen(d->final_path) - strlen(d->base)), d->final_path, ents[i]);
        close(fd);
    }
    free_list(ents);
}

/* ---- begin, commit, abort ------------------------------------------------------------------ */
static void close_fds(emit_dir_t *d)
{
    if (d->tmp_fd >= 0)
        close(d->tmp_fd);
    if (d->parent_fd >= 0)
        close(d->parent_fd); /* releases the lock */
    d->tmp_fd = d->parent_fd = -1;
}

int emit_dir_begin(emit_dir_t *d, const char *outdir, char *err, size_t errlen)
{
    d->parent_fd = d->tmp_fd = -1;
    size_t n = strlen(outdir);
    while (n > 1 && outdir[n - 1] == '/')
        n--;
    if (n == 0 || n + 32 >= EMIT_PATH_MAX) {
        snprintf(err, errlen, "-o = %s: not a usable output directory path; allowed: a "
                 "directory path under %d bytes", outdir, EMIT_PATH_MAX - 32);
        return -1;
    }
    snprintf(d->final_path, sizeof d->final_path, "%.*s", (int)n, outdir);
    const char *slash = strrchr(d->final_path, '/');
    const char *base = slash ? slash + 1 : d->final_path;
    if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
        snprintf(err, errlen, "-o = %s: names no directory of its own (it ends in '%s'); "
                 "allowed: a path whose last component is the output directory's name",
                 outdir, *base ? base : "/");
        return -1;
    }
    snprintf(d->base, sizeof d->base, "%s", base);
    char parent[EMIT_PATH_MAX];
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else if (slash == d->final_path)
        snprintf(parent, sizeof parent, "/");
    else
        snprintf(parent, sizeof parent, "%.*s", (int)(slash - d->final_path), d->final_path);
    snprintf(d->tmp_name, sizeof d->tmp_name, "%.*s.tmp-%ld", TMP_BASE_MAX, d->base,
             (long)getpid());
    snprintf(d->tmp_path, sizeof d->tmp_path, "%.*s%s", (int)(base - d->final_path),
             d->final_path, d->tmp_name);

    d->parent_fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d->parent_fd < 0) {
        snprintf(err, errlen, "-o = %s: cannot open its parent directory %s: %s; allowed: a "
                 "path in an existing, readable directory", outdir, parent, strerror(errno));
        return -1;
    }
    while (flock(d->parent_fd, LOCK_EX) != 0) {
        if (errno == EINTR)
            continue;
        snprintf(err, errlen, "-o = %s: cannot lock its parent directory %s: %s", outdir,
                 parent, strerror(errno));
        close_fds(d);
        return -1;
    }
    clean_leftovers(d);
    if (check_replaceable(d, NULL, err, errlen) < 0) {
        close_fds(d);
        return -1;
    }
    /* From here a signal removes the staging directory (and the files recorded in it). */
    run.nfiles = 0;
    run.parent_fd = d->parent_fd;
    run.tmp_fd = -1;
    memcpy(run.tmp_name, d->tmp_name, sizeof run.tmp_name);
    run.live = 1;
    if (mkdirat(d->parent_fd, d->tmp_name, 0777) != 0) {
        run.live = 0;
        snprintf(err, errlen, "-o = %s: cannot create %s: %s", outdir, d->tmp_path,
                 strerror(errno));
        close_fds(d);
        return -1;
    }
    d->tmp_fd = openat(d->parent_fd, d->tmp_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (d->tmp_fd < 0 || flock(d->tmp_fd, LOCK_EX) != 0) {
        snprintf(err, errlen, "-o = %s: cannot open %s: %s", outdir, d->tmp_path,
                 strerror(errno));
        emit_dir_abort(d);
        return -1;
    }
    run.tmp_fd = d->tmp_fd;
    return 0;
}

void emit_dir_abort(emit_dir_t *d)
{
    if (d->parent_fd < 0)
        return;
    run.live = 0;
    if (d->tmp_fd >= 0) {
        run.tmp_fd = d->tmp_fd;
        run_remove_created();
    } else {
        unlinkat(d->parent_fd, d->tmp_name, AT_REMOVEDIR);
    }
    run.nfiles = 0;
    close_fds(d);
}

/* Flush and close `f`, having started the write-back of its data (the fsync that waits for it
 * comes at commit, file by file, when one journal commit covers them all). Returns 0, or the
 * errno of the first failure. */
static int close_started(FILE *f)
{
    int e = 0;
    if (fflush(f) != 0)
        e = errno;
    if (!e)
        sync_file_range(fileno(f), 0, 0, SYNC_FILE_RANGE_WRITE); /* a hint: errors come at fsync */
    if (fclose(f) != 0 && !e)
        e = errno;
    return e;
}

/* fsync regular file `name` of `dfd`. Returns 0, or -1 with errno set. */
static int sync_file(int dfd, const char *name)
{
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    int rc = fsync(fd) != 0 && errno != EINVAL ? -1 : 0; /* EINVAL: a file that cannot sync */
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* Append "file: SHA256  NAME" for every file of the staging directory (sorted by name) to the
 * manifest gen wrote there; the sealed manifest replaces it by one rename. */
static int seal_manifest(emit_dir_t *d, char *err, size_t errlen)
{
    static const char part[] = EMIT_MANIFEST ".part";
    char **ents = NULL;
    FILE *f = NULL;
    int rc = -1;
    manifest_t m;
    if (manifest_read(d->tmp_fd, &m) != 0) {
        snprintf(err, errlen, "internal: %s of %s missing or already sealed", EMIT_MANIFEST,
                 d->tmp_path);
        goto out;
    }
    int ne = list_dir(d->tmp_fd, &ents);
    if (ne < 0 || run_record(part) != 0) {
        snprintf(err, errlen, "cannot list %s: %s", d->tmp_path, strerror(errno));
        goto out;
    }
    int fd = openat(d->tmp_fd, part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0 || !(f = fdopen(fd, "w"))) {
        if (fd >= 0)
            close(fd);
        snprintf(err, errlen, "cannot write %s/%s: %s", d->tmp_path, part, strerror(errno));
        goto out;
    }
    fputs(m.text, f);
    for (int i = 0; i < ne; i++) {
        char hex[HASH_HEX + 1];
        if (!strcmp(ents[i], EMIT_MANIFEST) || !strcmp(ents[i], part))
            continue;
        if (sync_file(d->tmp_fd, ents[i]) != 0) {
            snprintf(err, errlen, "cannot write %s/%s: %s", d->final_path, ents[i],
                     strerror(errno));
            goto out;
        }
        if (hash_file(d->tmp_fd, ents[i], hex) != 0) {
            snprintf(err, errlen, "cannot read back %s/%s: %s", d->tmp_path, ents[i],
                     strerror(errno));
            goto out;
        }
        fprintf(f, "file: %s  %s\n", hex, ents[i]);
    }
    int bad = ferror(f) ? EIO : 0;
    int now = close_started(f);
    f = NULL;
    if (!bad && !now && sync_file(d->tmp_fd, part) != 0)
        now = errno;
    if (bad || now) {
        snprintf(err, errlen, "cannot write %s/%s: %s", d->final_path, EMIT_MANIFEST,
                 strerror(bad ? bad : now));
        goto out;
    }
    if (renameat(d->tmp_fd, part, d->tmp_fd, EMIT_MANIFEST) != 0) {
        snprintf(err, errlen, "cannot write %s/%s: %s", d->tmp_path, EMIT_MANIFEST,
                 strerror(errno));
        goto out;
    }
    rc = 0;
out:
    if (f)
        fclose(f);
    free_list(ents);
    manifest_free(&m);
    return rc;
}

int emit_dir_commit(emit_dir_t *d, char *err, size_t errlen)
{
    if (seal_manifest(d, err, errlen) != 0) {
        emit_dir_abort(d);
        return -1;
    }
    if (fsync(d->tmp_fd) != 0) { /* the staging directory's entries, before it is swapped in */
        snprintf(err, errlen, "cannot write %s: %s", d->tmp_path, strerror(errno));
        emit_dir_abort(d);
        return -1;
    }
    manifest_t old;
    int exists = check_replaceable(d, &old, err, errlen);
    if (exists < 0) {
        emit_dir_abort(d);
        return -1;
    }
    /* The swap and the removal of the old output are not interrupted: a signal waits. */
    sigset_t all, was;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &was);
    int rc;
    if (exists == 1) {
        rc = renameat2(d->parent_fd, d->tmp_name, d->parent_fd, d->base, RENAME_NOREPLACE);
        if (rc != 0 && errno == EINVAL) /* a file system without RENAME_NOREPLACE */
            rc = renameat(d->parent_fd, d->tmp_name, d->parent_fd, d->base);
    } else {
        rc = renameat2(d->parent_fd, d->tmp_name, d->parent_fd, d->base, RENAME_EXCHANGE);
    }
    if (rc != 0) {
        int e = errno;
        snprintf(err, errlen, "-o = %s: cannot %s: %s%s", d->final_path,
                 exists == 1 ? "rename the new output into place" : "swap the new output in",
                 strerror(e),
                 e == EINVAL && exists == 0
                     ? " (this file system cannot exchange two directories atomically; allowed: "
                       "an -o on a local file system, or remove the old output first)"
                     : "");
        if (exists == 0)
            manifest_free(&old);
        sigprocmask(SIG_SETMASK, &was, NULL);
        emit_dir_abort(d);
        return -1;
    }
    run.live = 0; /* the new output is in place; BASE.tmp-PID now holds the old one, if any */
    fsync(d->parent_fd); /* the swap itself; the output is in place whatever this returns */
    if (exists == 0) {
        int gone = remove_ours(d->parent_fd, d->tmp_name, &old) == 0;
        manifest_free(&old);
        if (!gone) {
            /* A file appeared in the old output between its check and the swap: keep it all,
             * under a name no run removes. */
            char kept[EMIT_PATH_MAX + 32];
            snprintf(kept, sizeof kept, "%.*s.kept-%ld", TMP_BASE_MAX, d->base,
                     (long)getpid());
            if (renameat(d->parent_fd, d->tmp_name, d->parent_fd, kept) == 0)
                fprintf(stderr, "cachegen: warning: -o = %s: files were added to the old "
                        "output while it was replaced; they are kept in %.*s%s\n",
                        d->final_path, (int)(strlen(d->final_path) - strlen(d->base)),
                        d->final_path, kept);
        }
    }
    run.nfiles = 0;
    close_fds(d);
    sigprocmask(SIG_SETMASK, &was, NULL);
    return 0;
}

int emit_open(emit_t *e, const emit_dir_t *d, const char *name, char *err, size_t errlen)
{
    e->indent = 0;
    e->failed = 0;
    e->have = 0;
    e->f = NULL;
    snprintf(e->path, sizeof e->path, "%s/%s", d->final_path, name);
    if (run_record(name) != 0) {
        snprintf(err, errlen, "internal: cannot track output file %s (a plain file name, at "
                 "most %d files)", name, RUN_FILES);
        return -1;
    }
    int fd = openat(d->tmp_fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0 || !(e->f = fdopen(fd, "w"))) {
        snprintf(err, errlen, "cannot write %s/%s: %s", d->tmp_path, name, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return 0;
}

int emit_close(emit_t *e, char *err, size_t errlen)
{
    assert(e->indent == 0); /* every emit_in has its emit_out */
    int was = e->failed ? e->failed : ferror(e->f) ? EIO : 0;
    int now = close_started(e->f);
    e->f = NULL;
    if (was || now) {
        snprintf(err, errlen, "cannot write %s: %s", e->path, strerror(was ? was : now));
        return -1;
    }
    return 0;
}

/* Record the errno of the first failed write. */
static void emit_put(emit_t *e, int rc)
{
    if (rc == EOF && !e->failed)
        e->failed = errno ? errno : EIO;
}

void emit_line(emit_t *e, const char *fmt, ...)
{
    char buf[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert(n >= 0 && (size_t)n < sizeof buf);
    assert(n == 0 || buf[n - 1] != ' ');  /* no trailing spaces */
    assert(!strchr(buf, '\t') && !strchr(buf, '\n'));
    if (n > 0)
        for (int i = 0; i < e->indent * 2; i++)
            emit_put(e, fputc(' ', e->f));
    emit_put(e, fputs(buf, e->f));
    emit_put(e, fputc('\n', e->f));
}

void emit_blank(emit_t *e) { emit_put(e, fputc('\n', e->f)); }
void emit_raw(emit_t *e, const char *text) { emit_put(e, fputs(text, e->f)); }
void emit_in(emit_t *e) { e->indent++; }
void emit_out(emit_t *e)
{
    assert(e->indent > 0);
    e->indent--;
}

#define RING 16
static char ring[RING][BV_MAX_BITS / 4 + 32];
static unsigned ring_next;

static char *ring_buf(void) { return ring[ring_next++ % RING]; }

/* Any width: up to 16 bits in decimal, wider in hex through the bit-vector formatter. A value
 * is at most 64 bits, so every bit at or above 64 is zero however wide the constant. */
const char *emit_const(unsigned width, unsigned long long value)
{
    assert(width >= 1);
    assert(width >= 64 || value < (1ULL << width));
    if (width <= 16) {
        char *b = ring_buf();
        snprintf(b, sizeof ring[0], "%u'd%llu", width, value);
        return b;
    }
    bv_t v;
    bv_zero(&v);
    v.w[0] = value;
    return emit_const_bv(width, &v);
}

/* Bits of `v` at or above BV_MAX_BITS read as zero (the vector cannot hold them), so a
 * constant wider than a bv_t, e.g. a 16384-bit switch vector, is still exact. */
const char *emit_const_bv(unsigned width, const bv_t *v)
{
    assert(width >= 1);
    char *b = ring_buf();
    int n = snprintf(b, sizeof ring[0], "%u'h", width);
    unsigned digits = (width + 3) / 4;
    int started = 0;
    for (unsigned d = digits; d-- > 0;) {
        unsigned w = (d * 4 + 4 <= width) ? 4 : width - d * 4;
        unsigned nib = d * 4 < BV_MAX_BITS ? (unsigned)bv_get(v, d * 4, w) : 0;
        if (nib || started || d == 0) {
            b[n++] = "0123456789abcdef"[nib];
            started = 1;
        }
    }
    b[n] = 0;
    return b;
}

const char *emit_range(unsigned width)
{
    char *b = ring_buf();
    assert(width >= 1);
    snprintf(b, sizeof ring[0], "[%u:0] ", width - 1);
    return b;
}

int emit_ident_ok(const char *id) { return ident_ok(id); }
