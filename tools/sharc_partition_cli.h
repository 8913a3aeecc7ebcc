/* `sharc partition` and `sharc verify` on the command line
 * (sharc_partition.c); the library side is include/sharc/partition.h. */
#ifndef SHARC_TOOLS_SHARC_PARTITION_CLI_H
#define SHARC_TOOLS_SHARC_PARTITION_CLI_H

/* `sharc partition ...` / `sharc verify ...` (argv[1] is the command); the
 * exit status. */
int sharc_cli_partition(int argc, char **argv);
int sharc_cli_verify(int argc, char **argv);

#endif
