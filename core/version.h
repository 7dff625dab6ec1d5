/* version: the one version of cachegen, printed by every tool's --version (cachegen, its pric
 * subcommand, cachesim and its subcommands, sysim) and recorded in every generated file's
 * header. Releases are listed in CHANGELOG.md. */
#ifndef CACHEGEN_VERSION_H
#define CACHEGEN_VERSION_H

#define GEN_VERSION "0.1.0"

#endif
