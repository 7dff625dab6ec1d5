/* cfg_yaml: read a YAML configuration (a mapping of keys and sections of keys) through libyaml,
 * with bounded work: the file at most CFG_YAML_MAX_BYTES, nesting at most CFG_YAML_MAX_DEPTH
 * while parsing, one document, sections only at the top, each key once. */
#include "cfg.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define CFG_YAML_MAX_BYTES (1u << 20) /* a configuration is a few hundred bytes */
#define CFG_YAML_MAX_DEPTH 8          /* collections open at once while parsing */
#define CFG_YAML_KEY_MAX 64           /* longer keys are not configuration keys */

#define CFG_YAML_KEYS 256               /* bound on the number of configuration keys */

typedef struct yctx {
    cfg_t *c;
    yaml_document_t *doc;
    const char *path;
    char *err;
    size_t errlen;
    unsigned long first_line[CFG_YAML_KEYS]; /* per key index: the line that gave it, 0 none */
    unsigned char first_dotted[CFG_YAML_KEYS]; /* 1: given as "section.key" at the top */
} yctx_t;

static unsigned long line_of(const yaml_node_t *n)
{
    return (unsigned long)n->start_mark.line + 1;
}

/* 1 if `name` is a section: the part before the dot of some key. */
static int is_section(const char *name)
{
    size_t n = strlen(name);
    for (unsigned i = 0; cfg_key_name(i); i++) {
        const char *k = cfg_key_name(i);
        if (!strncmp(k, name, n) && k[n] == '.')
            return 1;
    }
    return 0;
}

/* The index of configuration key `name` (cfg_key_name), or -1. */
static int key_index(const char *name)
{
    for (unsigned i = 0; cfg_key_name(i); i++)
        if (!strcmp(cfg_key_name(i), name))
            return (int)i;
    return -1;
}

static int is_key(const char *name) { return key_index(name) >= 0; }

/* The scalar key of a pair as a C string in buf, refusing NULs and over-long keys. */
static int key_text(yctx_t *y, const yaml_node_t *k, const char *prefix, char *buf, size_t len)
{
    if (k->type != YAML_SCALAR_NODE) {
        snprintf(y->err, y->errlen, "%s:%lu: %s%sa key must be a plain name, not a %s", y->path,
                 line_of(k), prefix, *prefix ? ": " : "",
                 k->type == YAML_MAPPING_NODE ? "mapping" : "list");
        return -1;
    }
    size_t n = k->data.scalar.length;
    const char *v = (const char *)k->data.scalar.value;
    if (n == 0 || n > CFG_YAML_KEY_MAX || memchr(v, 0, n)) {
        snprintf(y->err, y->errlen, "%s:%lu: %s%skey of %zu characters%s: not a configuration "
                 "key; allowed: the keys of cachegen --help", y->path, line_of(k), prefix,
                 *prefix ? ": " : "", n, n && memchr(v, 0, n) ? " holding a NUL" : "");
        return -1;
    }
    snprintf(buf, len, "%s%s%.*s", prefix, *prefix ? "." : "", (int)n, v);
    return 0;
}

/* Walk mapping `node` (the document at depth 0, a section at depth 1), applying each scalar
 * with cfg_setn. A key repeated in one mapping is refused; a mapping below a section is not a
 * value. Work is bounded: every pair is checked against at most the earlier pairs of its
 * mapping, all of them known keys (an unknown one stops the walk). */
static int walk(yctx_t *y, yaml_node_t *node, const char *prefix, unsigned depth)
{
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(y->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(y->doc, p->value);
        char key[2 * CFG_YAML_KEY_MAX + 2];
        if (key_text(y, k, prefix, key, sizeof key) != 0)
            return -1;
        unsigned long line = line_of(k);
        for (yaml_node_pair_t *q = node->data.mapping.pairs.start; q < p; q++) {
            yaml_node_t *qk = yaml_document_get_node(y->doc, q->key);
            if (qk->data.scalar.length == k->data.scalar.length &&
                !memcmp(qk->data.scalar.value, k->data.scalar.value, k->data.scalar.length)) {
                snprintf(y->err, y->errlen, "%s:%lu: %s: duplicate key (first given on line "
                         "%lu); allowed: each key once", y->path, line, key, line_of(qk));
                return -1;
            }
        }
        if (v == node) {
            snprintf(y->err, y->errlen, "%s:%lu: %s: an alias of the mapping that holds it (a "
                     "cycle); allowed: a value or a section of values", y->path, line, key);
            return -1;
        }
        if (v->type == YAML_MAPPING_NODE) {
            if (depth > 0) {
                snprintf(y->err, y->errlen, "%s:%lu: %s: expected a single value, not a "
                         "mapping (sections do not nest)", y->path, line, key);
                return -1;
            }
            if (!is_section(key)) {
                snprintf(y->err, y->errlen, "%s:%lu: %s: unknown section; allowed: l1, system, "
                         "l2, dwt, tap, axi (see cachegen --help)", y->path, line, key);
                return -1;
            }
            if (v->data.mapping.pairs.start == v->data.mapping.pairs.top) {
                snprintf(y->err, y->errlen, "%s:%lu: %s: empty section; expected at least one "
                         "key, or leave the section out", y->path, line, key);
                return -1;
            }
            if (walk(y, v, key, depth + 1) != 0)
                return -1;
            continue;
        }
        if (v->type != YAML_SCALAR_NODE) {
            snprintf(y->err, y->errlen, "%s:%lu: %s: %s", y->path, line, key,
                     is_key(key) ? "expected a single value, not a list"
                                 : "unknown key; allowed: the keys of cachegen --help");
            return -1;
        }
        if (depth == 0 && is_section(key) && v->data.scalar.length == 0) {
            snprintf(y->err, y->errlen, "%s:%lu: %s: empty section; expected at least one key, "
                     "or leave the section out", y->path, line, key);
            return -1;
        }
        /* one key, one place: "l1: {ways: 4}" and a top-level "l1.ways: 8" are the same key */
        int ki = key_index(key);
        assert(ki < CFG_YAML_KEYS);
        if (ki >= 0) {
            const char *dot = strchr(key, '.');
            if (y->first_line[ki]) {
                char was[160];
                if (y->first_dotted[ki])
                    snprintf(was, sizeof was, "as %s", key);
                else
                    snprintf(was, sizeof was, "as %s in section %.*s", dot ? dot + 1 : key,
                             dot ? (int)(dot - key) : 0, key);
                snprintf(y->err, y->errlen, "%s:%lu: %s: given twice (first on line %lu, %s); "
                         "allowed: each key once, in a section or as section.key", y->path,
                         line, key, y->first_line[ki], was);
                return -1;
            }
            y->first_line[ki] = line;
            y->first_dotted[ki] = depth == 0;
        }
        char why[2048];
        if (cfg_setn(y->c, key, (const char *)v->data.scalar.value, v->data.scalar.length, why,
                     sizeof why) != 0) {
            snprintf(y->err, y->errlen, "%s:%lu: %s", y->path, line, why);
            return -1;
        }
    }
    return 0;
}

/* Parse the events once before loading: refuse nesting deeper than CFG_YAML_MAX_DEPTH and a
 * second document, so the loader never builds a deep or unbounded graph. Aliases are not
 * expanded here or by the loader (it resolves each alias once, to its anchor's node). */
static int scan(const unsigned char *text, size_t len, const char *path, char *err,
                size_t errlen)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, errlen, "config = %s: YAML parser out of memory", path);
        return -1;
    }
    yaml_parser_set_input_string(&parser, text, len);
    unsigned depth = 0, docs = 0;
    int rc = -1;
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            snprintf(err, errlen, "%s:%lu: malformed YAML: %s", path,
                     (unsigned long)parser.problem_mark.line + 1,
                     parser.problem ? parser.problem : "parse error");
            break;
        }
        unsigned long line = (unsigned long)ev.start_mark.line + 1;
        yaml_event_type_t t = ev.type;
        yaml_event_delete(&ev);
        if (t == YAML_STREAM_END_EVENT) {
            rc = 0;
            break;
        }
        if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
            snprintf(err, errlen, "%s:%lu: a second YAML document; allowed: one document (one "
                     "configuration per file)", path, line);
            break;
        }
        if (t == YAML_MAPPING_START_EVENT || t == YAML_SEQUENCE_START_EVENT) {
            if (++depth > CFG_YAML_MAX_DEPTH) {
                snprintf(err, errlen, "%s:%lu: nesting deeper than %u levels; allowed: keys "
                         "and sections of keys (2 levels)", path, line, CFG_YAML_MAX_DEPTH);
                break;
            }
        } else if (t == YAML_MAPPING_END_EVENT || t == YAML_SEQUENCE_END_EVENT) {
            depth--;
        }
    }
    yaml_parser_delete(&parser);
    return rc;
}

/* The whole file, at most CFG_YAML_MAX_BYTES. Returns a malloc'd buffer or NULL with err. */
static unsigned char *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "config = %s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    unsigned char *buf = malloc(CFG_YAML_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, CFG_YAML_MAX_BYTES + 1, f) : 0;
    int bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "config = %s: cannot read: %s", path,
                 buf ? strerror(errno) : "out of memory");
        free(buf);
        return NULL;
    }
    if (n > CFG_YAML_MAX_BYTES) {
        snprintf(err, errlen, "config = %s: larger than %u bytes; allowed: a configuration of "
                 "at most %u bytes", path, CFG_YAML_MAX_BYTES, CFG_YAML_MAX_BYTES);
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

int cfg_load_yaml(cfg_t *c, const char *path, char *err, size_t errlen)
{
    size_t len;
    unsigned char *text = read_all(path, &len, err, errlen);
    if (!text)
        return -1;
    int rc = -1;
    if (scan(text, len, path, err, errlen) != 0)
        goto fail_text;
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, errlen, "config = %s: YAML parser out of memory", path);
        goto fail_text;
    }
    yaml_parser_set_input_string(&parser, text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        snprintf(err, errlen, "%s:%lu: malformed YAML: %s", path,
                 (unsigned long)parser.problem_mark.line + 1,
                 parser.problem ? parser.problem : "parse error");
        goto fail_parser;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root) {
        snprintf(err, errlen, "config = %s: empty document; expected a mapping of keys", path);
        goto fail_doc;
    }
    if (root->type != YAML_MAPPING_NODE) {
        snprintf(err, errlen, "%s:%lu: document: expected a mapping of keys, not a %s", path,
                 line_of(root), root->type == YAML_SCALAR_NODE ? "single value" : "list");
        goto fail_doc;
    }
    cfg_t tmp = *c;
    yctx_t y;
    memset(&y, 0, sizeof y);
    y.c = &tmp;
    y.doc = &doc;
    y.path = path;
    y.err = err;
    y.errlen = errlen;
    if (walk(&y, root, "", 0) == 0) {
        *c = tmp;
        rc = 0;
    }
fail_doc:
    yaml_document_delete(&doc);
fail_parser:
    yaml_parser_delete(&parser);
fail_text:
    free(text);
    return rc;
}
