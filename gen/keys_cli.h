/* keys_cli: the `cachegen keys` subcommand (every configuration key, as text or as the Markdown
 * table docs/configuration.md holds). */
#ifndef CACHEGEN_KEYS_CLI_H
#define CACHEGEN_KEYS_CLI_H

/* argv holds the arguments after "keys". Returns the process exit status (2 on bad input or a
 * write error, with a message on stderr). */
int keys_cli(int argc, char **argv);

#endif
