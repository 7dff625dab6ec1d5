/* cfg_args: the command-line way to a configuration (cfg_from_args, declared in cfg.h), above
 * both readers: defaults, a preset (cfg.c) or a YAML file (cfg_yaml.c), --set overrides, sizes
 * into sets, validation. Neither reader calls back into it. */
#include "cfg.h"

#include <stdio.h>

int cfg_from_args(cfg_t *c, const char *config, const char *preset, const char *const *sets,
                  unsigned nsets, char *err, size_t errlen)
{
    cfg_defaults(c);
    if (config && preset) {
        if (err && errlen)
            snprintf(err, errlen, "--config and --preset: give one or the other");
        return -1;
    }
    if (preset && cfg_preset(c, preset, err, errlen) != 0)
        return -1;
    c->l1.sets_given = c->l2.sets_given = 0; /* a default's or preset's sets yield to a size */
    if (config && cfg_load_yaml(c, config, err, errlen) != 0)
        return -1;
    /* --set KEY twice is not refused here: --set applies left to right (--help), the way a
     * script overrides its base list; a YAML file gives each key once (cfg_yaml). */
    for (unsigned i = 0; i < nsets; i++)
        if (cfg_set_arg(c, sets[i], err, errlen) != 0)
            return -1;
    if (cfg_sizes_to_sets(c, err, errlen) != 0)
        return -1;
    return cfg_validate(c, err, errlen);
}
