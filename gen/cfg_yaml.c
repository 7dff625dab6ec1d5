/* cfg_yaml: read a YAML configuration (nested mappings of scalars) through libyaml. */
#include "cfg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

/* Walk mapping `node`, prefixing keys with `prefix`; apply each scalar with cfg_set. */
static int walk(cfg_t *c, yaml_document_t *doc, yaml_node_t *node, const char *prefix,
                const char *path, char *err, size_t errlen)
{
    if (node->type != YAML_MAPPING_NODE) {
        snprintf(err, errlen, "%s:%lu: %s: expected a mapping of keys", path,
                 (unsigned long)node->start_mark.line + 1, *prefix ? prefix : "document");
        return -1;
    }
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        yaml_node_t *v = yaml_document_get_node(doc, p->value);
        unsigned long line = (unsigned long)k->start_mark.line + 1;
        if (k->type != YAML_SCALAR_NODE) {
            snprintf(err, errlen, "%s:%lu: a key must be a plain name", path, line);
            return -1;
        }
        char key[128];
        snprintf(key, sizeof key, "%s%s%s", prefix, *prefix ? "." : "",
                 (const char *)k->data.scalar.value);
        if (v->type == YAML_MAPPING_NODE) {
            if (walk(c, doc, v, key, path, err, errlen) != 0)
                return -1;
            continue;
        }
        if (v->type != YAML_SCALAR_NODE) {
            snprintf(err, errlen, "%s:%lu: %s: expected a single value, not a list", path, line,
                     key);
            return -1;
        }
        char why[900];
        if (cfg_set(c, key, (const char *)v->data.scalar.value, why, sizeof why) != 0) {
            snprintf(err, errlen, "%s:%lu: %s", path, line, why);
            return -1;
        }
    }
    return 0;
}

int cfg_load_yaml(cfg_t *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "config = %s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    int rc = -1;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, errlen, "config = %s: YAML parser out of memory", path);
        fclose(f);
        return -1;
    }
    yaml_parser_set_input_file(&parser, f);
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
    cfg_t tmp = *c;
    if (walk(&tmp, &doc, root, "", path, err, errlen) == 0) {
        *c = tmp;
        rc = 0;
    }
fail_doc:
    yaml_document_delete(&doc);
fail_parser:
    yaml_parser_delete(&parser);
    fclose(f);
    return rc;
}
