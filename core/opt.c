/* opt: the one command-line option parser (see opt.h for the rules). */
#include "opt.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void opt_init(opt_t *p, const opt_spec_t *spec, unsigned n, int argc, char **argv, int first)
{
    assert(n <= OPT_MAX);
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->n = n;
    p->argc = argc;
    p->argv = argv;
    p->i = first;
}

char *opt_shown(const char *text, char *buf, size_t len)
{
    size_t o = 0, k = 0;
    if (!len)
        return buf;
    if (!text)
        text = "(none)";
    for (; text[k] && o + 8 < len; k++) {
        unsigned char ch = (unsigned char)text[k];
        if (k == 64) {
            o += (size_t)snprintf(buf + o, len - o, "...");
            break;
        }
        if (ch >= 0x20 && ch < 0x7f)
            buf[o++] = (char)ch;
        else
            o += (size_t)snprintf(buf + o, len - o, "\\x%02x", ch);
    }
    buf[o < len ? o : len - 1] = '\0';
    return buf;
}

char *opt_names(const opt_spec_t *spec, unsigned n, char *buf, size_t len)
{
    size_t o = 0;
    if (len)
        buf[0] = '\0';
    for (unsigned k = 0; k < n && o < len; k++)
        o += (size_t)snprintf(buf + o, len - o, "%s%s", k ? ", " : "", spec[k].name);
    return buf;
}

/* The table index of `name`, or -1. */
static int find(const opt_t *p, const char *name, size_t len)
{
    for (unsigned k = 0; k < p->n; k++)
        if (strlen(p->spec[k].name) == len && !strncmp(p->spec[k].name, name, len))
            return (int)k;
    return -1;
}

int opt_next(opt_t *p, const char **value, char *err, size_t errlen)
{
    char a[200], v[200], f[200], names[1024];
    *value = NULL;
    if (p->i >= p->argc)
        return OPT_END;
    int at = p->i++;
    const char *arg = p->argv[at];
    if (arg[0] != '-' || !arg[1]) { /* a positional argument, "-" included */
        *value = arg;
        return OPT_ARG;
    }
    int k = find(p, arg, strlen(arg));
    if (k < 0) {
        const char *eq = strchr(arg, '=');
        int kv = eq ? find(p, arg, (size_t)(eq - arg)) : -1;
        if (kv >= 0 && p->spec[kv].metavar)
            snprintf(err, errlen, "argument %s: not allowed; allowed: %s %s (the value as the "
                     "next argument)", opt_shown(arg, a, sizeof a), p->spec[kv].name,
                     p->spec[kv].metavar);
        else
            snprintf(err, errlen, "argument %s: unknown option; allowed: %s",
                     opt_shown(arg, a, sizeof a), opt_names(p->spec, p->n, names, sizeof names));
        return OPT_ERR;
    }
    const opt_spec_t *s = &p->spec[k];
    const char *val = NULL;
    if (s->metavar) {
        if (p->i >= p->argc) {
            snprintf(err, errlen, "argument %s: needs a value; allowed: %s %s", s->name, s->name,
                     s->metavar);
            return OPT_ERR;
        }
        val = p->argv[p->i++];
        if (val[0] == '-' && !(val[1] == '\0' && (s->flags & OPT_DASH)) &&
            !(val[1] >= '0' && val[1] <= '9' && (s->flags & OPT_NUM))) {
            opt_shown(val, v, sizeof v);
            snprintf(err, errlen, "%s %s: not allowed; a value beginning with '-' is an option, "
                     "never %s's value; allowed: %s %s%s (a path beginning with '-' as ./%s)",
                     s->name, v, s->name, s->name, s->metavar,
                     s->flags & OPT_DASH ? " or - (standard input or output)" : "", v);
            return OPT_ERR;
        }
    }
    if (p->first[k] && !(s->flags & OPT_REPEAT)) {
        int f0 = p->first[k] - 1;
        if (s->metavar)
            snprintf(err, errlen, "%s: given twice (%s %s and %s %s); allowed: once", s->name,
                     s->name, opt_shown(p->argv[f0 + 1], f, sizeof f), s->name,
                     opt_shown(val, v, sizeof v));
        else
            snprintf(err, errlen, "%s: given twice; allowed: once", s->name);
        return OPT_ERR;
    }
    if (!p->first[k])
        p->first[k] = at + 1;
    *value = val;
    return k;
}

/* The length of the key of "KEY=VALUE", or -1 without '='. */
static long key_len(const char *kv)
{
    const char *eq = strchr(kv, '=');
    return eq ? (long)(eq - kv) : -1;
}

/* Key order, then argument order (a stable sort keeps the first use first). */
static int key_cmp(const char *const *sets, unsigned x, unsigned y)
{
    long lx = key_len(sets[x]), ly = key_len(sets[y]);
    size_t m = (size_t)(lx < ly ? lx : ly);
    int c = memcmp(sets[x], sets[y], m);
    if (c)
        return c;
    return lx != ly ? (lx < ly ? -1 : 1) : (x < y ? -1 : x > y);
}

int opt_keys_unique(const char *const *sets, unsigned n, char *err, size_t errlen)
{
    unsigned m = 0;
    unsigned *ix = malloc(2 * (size_t)(n ? n : 1) * sizeof *ix), *tmp = ix + (n ? n : 1);
    if (!ix) {
        snprintf(err, errlen, "--set: out of memory");
        return -1;
    }
    for (unsigned i = 0; i < n; i++)
        if (key_len(sets[i]) >= 0)
            ix[m++] = i;
    for (unsigned w = 1; w < m; w *= 2) { /* bottom-up merge sort of the indices */
        for (unsigned lo = 0; lo < m; lo += 2 * w) {
            unsigned mid = lo + w < m ? lo + w : m, hi = lo + 2 * w < m ? lo + 2 * w : m;
            unsigned a = lo, b = mid, o = lo;
            while (a < mid || b < hi)
                tmp[o++] = b >= hi || (a < mid && key_cmp(sets, ix[a], ix[b]) <= 0) ? ix[a++]
                                                                                   : ix[b++];
        }
        memcpy(ix, tmp, m * sizeof *ix);
    }
    /* of the keys given twice, report the pair whose second use comes first */
    unsigned best = 0, found = 0;
    for (unsigned j = 1; j < m; j++) {
        long l = key_len(sets[ix[j]]);
        if (l == key_len(sets[ix[j - 1]]) && !memcmp(sets[ix[j]], sets[ix[j - 1]], (size_t)l) &&
            (!found || ix[j] < ix[best])) {
            best = j;
            found = 1;
        }
    }
    if (found) {
        char a[200], b[200], key[200];
        const char *first = sets[ix[best - 1]], *second = sets[ix[best]];
        char kbuf[80];
        long l = key_len(second);
        snprintf(kbuf, sizeof kbuf, "%.*s", (int)(l < 79 ? l : 79), second);
        snprintf(err, errlen, "--set %s: given twice (--set %s and --set %s); allowed: one "
                 "--set per key", opt_shown(kbuf, key, sizeof key), opt_shown(first, a, sizeof a),
                 opt_shown(second, b, sizeof b));
    }
    free(ix);
    return found ? -1 : 0;
}
