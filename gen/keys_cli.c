/* keys_cli: `cachegen keys [--markdown]`: print core/cfg.c's key table (name, allowed values,
 * default, meaning), the one source of cachegen --help's key list and of the table in
 * docs/configuration.md (tb/check_doc_keys.sh compares them). */
#include "keys_cli.h"

#include <stdio.h>

#include "../core/cfg.h"
#include "../core/closeout.h"
#include "../core/opt.h"
#include "../core/version.h"

enum { K_MARKDOWN, K_HELP, K_VERSION };

static const opt_spec_t keys_opts[] = {
    [K_MARKDOWN] = {"--markdown", NULL, 0},
    [K_HELP] = {"--help", NULL, 0},
    [K_VERSION] = {"--version", NULL, 0},
};
#define NOPTS (sizeof keys_opts / sizeof keys_opts[0])

int keys_cli(int argc, char **argv)
{
    closeout_register("cachegen keys"); /* a write error on stdout is an error */
    opt_t p;
    const char *v;
    char err[512], shown[200], names[128];
    int k, markdown = 0;
    opt_init(&p, keys_opts, NOPTS, argc, argv, 0);
    while ((k = opt_next(&p, &v, err, sizeof err)) != OPT_END) {
        switch (k) {
        case OPT_ERR:
            fprintf(stderr, "cachegen keys: error: %s\n", err);
            return 2;
        case OPT_ARG:
            fprintf(stderr, "cachegen keys: error: argument %s: not an option; allowed: %s\n",
                    opt_shown(v, shown, sizeof shown),
                    opt_names(keys_opts, NOPTS, names, sizeof names));
            return 2;
        case K_HELP:
            printf("usage: cachegen keys [--markdown]\n"
                   "Prints every configuration key with its allowed values, default and\n"
                   "meaning (as cachegen --help does); --markdown prints them as the table of\n"
                   "docs/configuration.md.\n");
            return 0;
        case K_VERSION: printf("cachegen %s\n", GEN_VERSION); return 0;
        default: markdown = 1; break;
        }
    }
    if (markdown)
        cfg_print_markdown(stdout);
    else
        cfg_print_help(stdout);
    return 0;
}
