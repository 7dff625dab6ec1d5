/* pric_cli: the `cachegen pric` subcommand (equations and XOR-tree depths of a PRIC index). */
#ifndef CACHEGEN_PRIC_CLI_H
#define CACHEGEN_PRIC_CLI_H

/* argv holds the arguments after "pric". Returns the process exit status. */
int pric_cli(int argc, char **argv);

#endif
