/* version: the one version of cachegen, printed by every tool's --version (cachegen, its pric
 * subcommand, cachesim and its subcommands, sysim) and recorded in every generated file's
 * header. Releases are listed in CHANGELOG.md. */
#ifndef CACHEGEN_VERSION_H
#define CACHEGEN_VERSION_H

#include <string.h>

#define GEN_VERSION "0.1.0"

/* 1 if any of argv[1..argc-1] is exactly --version (before or after a subcommand). */
static inline int gen_version_asked(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--version"))
            return 1;
    return 0;
}

#endif
