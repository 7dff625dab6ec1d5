/* explore_grid: the points of `cachegen explore` (--grid keys and values, or a YAML list of
 * named points through libyaml), checked before any runs (see explore.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "explore.h"
#include "../core/opt.h"

#define EXP_YAML_MAX_BYTES (1u << 20)

static int is_cfg_key(const char *k, size_t n)
{
    for (unsigned i = 0; cfg_key_name(i); i++)
        if (strlen(cfg_key_name(i)) == n && !strncmp(cfg_key_name(i), k, n))
            return 1;
    return 0;
}

/* The base before validation: defaults, the preset or file, the --set overrides. */
static int base_raw(const exp_opts_t *o, cfg_t *c, char *err, size_t errlen)
{
    cfg_defaults(c);
    if (o->preset && cfg_preset(c, o->preset, err, errlen) != 0)
        return -1;
    c->l1.sets_given = c->l2.sets_given = 0;
    if (o->config && cfg_load_yaml(c, o->config, err, errlen) != 0)
        return -1;
    for (unsigned i = 0; i < o->nsets; i++)
        if (cfg_set_arg(c, o->sets[i], err, errlen) != 0)
            return -1;
    return 0;
}

/* `kv` (KEY=VALUE) as a grid entry: a known key not among --set, its value accepted by the
 * key alone over the base. */
static int check_kv(const exp_run_t *r, const cfg_t *base, const char *kv, const char *where,
                    char *err, size_t errlen)
{
    char shown[200], e[1024];
    const char *eq = strchr(kv, '=');
    size_t n = eq ? (size_t)(eq - kv) : strlen(kv);
    if (!eq || !is_cfg_key(kv, n) || !strcmp(kv, "name")) {
        snprintf(err, errlen, "%s %s: unknown key '%.*s'; allowed: a configuration key "
                 "(cachegen --help), not name", where, opt_shown(kv, shown, sizeof shown),
                 (int)(n > 64 ? 64 : n), kv);
        return -1;
    }
    for (unsigned i = 0; i < r->o.nsets; i++)
        if (!strncmp(r->o.sets[i], kv, n) && r->o.sets[i][n] == '=') {
            snprintf(err, errlen, "%s %s: key %.*s is also given by --set %s; allowed: a key "
                     "in the grid or in --set, not both", where, opt_shown(kv, shown,
                     sizeof shown), (int)n, kv, r->o.sets[i]);
            return -1;
        }
    cfg_t t = *base;
    if (cfg_set_arg(&t, kv, e, sizeof e) != 0) {
        snprintf(err, errlen, "%s: %s", where, e);
        return -1;
    }
    return 0;
}

/* The configuration of point p: base + its sets, validated; sets legal/why/cfg. */
static void point_cfg(const exp_run_t *r, exp_point_t *p)
{
    const char *all[EXP_MAX_SETS + EXP_MAX_KEYS];
    unsigned n = 0;
    for (unsigned i = 0; i < r->o.nsets; i++)
        all[n++] = r->o.sets[i];
    for (unsigned i = 0; i < p->nsets; i++)
        all[n++] = p->sets[i];
    p->legal = cfg_from_args(&p->cfg, r->o.config, r->o.preset, all, n, p->why,
                             sizeof p->why) == 0;
}

static int add_point(exp_run_t *r, char *err, size_t errlen)
{
    if (r->npt == EXP_MAX_POINTS) {
        snprintf(err, errlen, "the grid has more than %d points; allowed: at most %d",
                 EXP_MAX_POINTS, EXP_MAX_POINTS);
        return -1;
    }
    exp_point_t *q = realloc(r->pt, (r->npt + 1) * sizeof *q);
    if (!q) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    r->pt = q;
    memset(&r->pt[r->npt], 0, sizeof *r->pt);
    r->npt++;
    return 0;
}

/* --grid: every combination, the first key varying slowest. */
static int grid_points(exp_run_t *r, const cfg_t *base, char *err, size_t errlen)
{
    static char *vals[EXP_MAX_KEYS][EXP_MAX_VALS]; /* KEY=VALUE strings, the run's lifetime */
    unsigned nv[EXP_MAX_KEYS];
    for (unsigned k = 0; k < r->o.ngrid; k++) {
        const char *g = r->o.grid[k], *eq = strchr(g, '=');
        char shown[200], item[300];
        if (!eq || eq == g || !eq[1]) {
            snprintf(err, errlen, "--grid %s: allowed: KEY=V1,V2,... (a key and one or more "
                     "values)", opt_shown(g, shown, sizeof shown));
            return -1;
        }
        size_t kl = (size_t)(eq - g);
        for (unsigned j = 0; j < k; j++)
            if (!strncmp(r->o.grid[j], g, kl) && r->o.grid[j][kl] == '=') {
                snprintf(err, errlen, "--grid %.*s: given twice; allowed: one --grid per key",
                         (int)(kl > 64 ? 64 : kl), g);
                return -1;
            }
        nv[k] = 0;
        for (const char *v = eq + 1;;) {
            size_t vl = strcspn(v, ",");
            if (!vl || nv[k] == EXP_MAX_VALS) {
                snprintf(err, errlen, "--grid %s: %s; allowed: 1..%d non-empty values "
                         "separated by ','", opt_shown(g, shown, sizeof shown),
                         vl ? "too many values" : "an empty value", EXP_MAX_VALS);
                return -1;
            }
            snprintf(item, sizeof item, "%.*s=%.*s", (int)kl, g, (int)vl, v);
            for (unsigned j = 0; j < nv[k]; j++)
                if (!strcmp(vals[k][j], item)) {
                    snprintf(err, errlen, "--grid %s: value '%.*s' given twice",
                             opt_shown(g, shown, sizeof shown), (int)vl, v);
                    return -1;
                }
            if (check_kv(r, base, item, "--grid", err, errlen))
                return -1;
            if (!(vals[k][nv[k]++] = strdup(item))) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            if (!v[vl])
                break;
            v += vl + 1;
        }
        char *key = strndup(g, kl);
        if (!key) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        r->keys[r->nkeys++] = key;
    }
    unsigned long long total = 1;
    for (unsigned k = 0; k < r->o.ngrid; k++)
        if ((total *= nv[k]) > EXP_MAX_POINTS) {
            snprintf(err, errlen, "--grid: more than %d points; allowed: at most %d",
                     EXP_MAX_POINTS, EXP_MAX_POINTS);
            return -1;
        }
    for (unsigned long long i = 0; i < total; i++) {
        if (add_point(r, err, errlen))
            return -1;
        exp_point_t *p = &r->pt[r->npt - 1];
        snprintf(p->name, sizeof p->name, "p%llu", i + 1);
        unsigned long long rest = i;
        for (unsigned k = r->o.ngrid; k-- > 0;) {
            p->sets[k] = vals[k][rest % nv[k]];
            rest /= nv[k];
        }
        p->nsets = r->o.ngrid;
    }
    return 0;
}

/* --points: a YAML sequence of mappings, each `name: NAME` and configuration keys. */
static int yaml_points(exp_run_t *r, const cfg_t *base, char *err, size_t errlen)
{
    FILE *f = fopen(r->o.points, "rb");
    if (!f) {
        snprintf(err, errlen, "--points = %s: cannot be read", r->o.points);
        return -1;
    }
    yaml_parser_t ps;
    yaml_document_t doc;
    yaml_parser_initialize(&ps);
    yaml_parser_set_input_file(&ps, f);
    int ok = yaml_parser_load(&ps, &doc);
    fclose(f);
    if (!ok) {
        snprintf(err, errlen, "--points = %s: line %lu: %s", r->o.points,
                 (unsigned long)ps.problem_mark.line + 1, ps.problem ? ps.problem : "bad YAML");
        yaml_parser_delete(&ps);
        return -1;
    }
    yaml_parser_delete(&ps);
    int rc = -1;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root || root->type != YAML_SEQUENCE_NODE) {
        snprintf(err, errlen, "--points = %s: allowed: a YAML list of points (- name: NAME, "
                 "then KEY: VALUE lines)", r->o.points);
        goto out;
    }
    for (yaml_node_item_t *it = root->data.sequence.items.start;
         it < root->data.sequence.items.top; it++) {
        yaml_node_t *m = yaml_document_get_node(&doc, *it);
        unsigned long line = m ? (unsigned long)m->start_mark.line + 1 : 0;
        if (!m || m->type != YAML_MAPPING_NODE) {
            snprintf(err, errlen, "--points = %s: line %lu: a point must be a mapping of "
                     "name and configuration keys", r->o.points, line);
            goto out;
        }
        if (add_point(r, err, errlen))
            goto out;
        exp_point_t *p = &r->pt[r->npt - 1];
        for (yaml_node_pair_t *pr = m->data.mapping.pairs.start;
             pr < m->data.mapping.pairs.top; pr++) {
            yaml_node_t *k = yaml_document_get_node(&doc, pr->key);
            yaml_node_t *v = yaml_document_get_node(&doc, pr->value);
            if (k->type != YAML_SCALAR_NODE || v->type != YAML_SCALAR_NODE) {
                snprintf(err, errlen, "--points = %s: line %lu: keys and values must be "
                         "scalars", r->o.points, (unsigned long)k->start_mark.line + 1);
                goto out;
            }
            const char *ks = (const char *)k->data.scalar.value;
            const char *vs = (const char *)v->data.scalar.value;
            char where[4200];
            snprintf(where, sizeof where, "--points = %s: line %lu:", r->o.points,
                     (unsigned long)k->start_mark.line + 1);
            if (!strcmp(ks, "name")) {
                size_t n = strlen(vs);
                /* the name is a folder under OUT/work that is deleted: never ".." */
                if (!n || n >= sizeof p->name || !isalnum((unsigned char)vs[0]) ||
                    strspn(vs, "abcdefghijklmnopqrstuvwxyz"
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != n) {
                    snprintf(err, errlen, "%s name = %.80s: allowed: 1..63 letters, digits, "
                             "'_', '.', '-', the first a letter or digit", where, vs);
                    goto out;
                }
                for (unsigned j = 0; j + 1 < r->npt; j++)
                    if (!strcmp(r->pt[j].name, vs)) {
                        snprintf(err, errlen, "%s name = %s: given to two points", where, vs);
                        goto out;
                    }
                snprintf(p->name, sizeof p->name, "%s", vs);
                continue;
            }
            if (p->nsets == EXP_MAX_KEYS) {
                snprintf(err, errlen, "%s more than %d keys in one point", where, EXP_MAX_KEYS);
                goto out;
            }
            size_t len = strlen(ks) + strlen(vs) + 2;
            char *kv = malloc(len);
            if (!kv) {
                snprintf(err, errlen, "out of memory");
                goto out;
            }
            snprintf(kv, len, "%s=%s", ks, vs);
            p->sets[p->nsets++] = kv;
            if (check_kv(r, base, kv, where, err, errlen))
                goto out;
            unsigned known = 0;
            for (unsigned j = 0; j < r->nkeys; j++)
                known |= !strcmp(r->keys[j], ks);
            if (!known && r->nkeys < EXP_MAX_KEYS && !(r->keys[r->nkeys++] = strdup(ks))) {
                snprintf(err, errlen, "out of memory");
                goto out;
            }
        }
        if (!p->name[0]) {
            snprintf(err, errlen, "--points = %s: line %lu: the point has no name", r->o.points,
                     line);
            goto out;
        }
    }
    if (!r->npt) {
        snprintf(err, errlen, "--points = %s: no point", r->o.points);
        goto out;
    }
    rc = 0;
out:
    yaml_document_delete(&doc);
    return rc;
}

int exp_grid_build(exp_run_t *r, char *err, size_t errlen)
{
    cfg_t base;
    char e[1024];
    if (base_raw(&r->o, &base, e, sizeof e) != 0) {
        snprintf(err, errlen, "the base configuration: %s", e);
        return -1;
    }
    if ((r->o.points ? yaml_points(r, &base, err, errlen) : grid_points(r, &base, err, errlen)))
        return -1;
    unsigned legal = 0;
    for (unsigned i = 0; i < r->npt; i++) {
        point_cfg(r, &r->pt[i]);
        legal += r->pt[i].legal;
    }
    if (!legal) {
        snprintf(err, errlen, "no point of the grid is legal (%s: %s)", r->pt[0].name,
                 r->pt[0].why);
        return -1;
    }
    /* a grid value that no legal point holds is a bad grid, not a skipped point */
    for (unsigned i = 0; r->o.ngrid && i < r->npt; i++)
        for (unsigned k = 0; k < r->pt[i].nsets; k++) {
            const char *kv = r->pt[i].sets[k];
            int held = 0;
            const exp_point_t *first_bad = NULL;
            for (unsigned j = 0; j < r->npt && !held; j++)
                if (r->pt[j].sets[k] == kv) {
                    held = r->pt[j].legal;
                    if (!first_bad)
                        first_bad = &r->pt[j];
                }
            if (!held) {
                snprintf(err, errlen, "--grid %s: no point with it is legal; allowed: a value "
                         "legal with some combination of the others (%s: %s)", kv,
                         first_bad->name, first_bad->why);
                return -1;
            }
        }
    return 0;
}
