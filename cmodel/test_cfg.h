/* test_cfg: the configuration helper of the model's cmocka tests: defaults, then a test
 * file's base key/value pairs, then one test's own, each set and the whole validated by the
 * same cfg functions cachegen uses; any error fails the running test. Include after
 * <cmocka.h>. */
#ifndef CACHEGEN_TEST_CFG_H
#define CACHEGEN_TEST_CFG_H

#include "../core/cfg.h"

static inline void set_key(cfg_t *c, const char *key, const char *value)
{
    char err[256];
    if (cfg_set(c, key, value, err, sizeof err) != 0)
        fail_msg("cfg_set(%s, %s): %s", key, value, err);
}

/* `base` and `kv` are NULL-terminated key, value lists; `kv` may be NULL. */
static inline void test_cfg(cfg_t *c, const char *const *base, const char *const *kv)
{
    char err[512];
    cfg_defaults(c);
    for (const char *const *p = base; *p; p += 2)
        set_key(c, p[0], p[1]);
    for (const char *const *p = kv; p && *p; p += 2)
        set_key(c, p[0], p[1]);
    if (cfg_validate(c, err, sizeof err) != 0)
        fail_msg("cfg_validate: %s", err);
}

#endif
