/* `sharc auto ...` (argv[1] is the command): choose shardings; the exit
 * status. */
#ifndef SHARC_TOOLS_SHARC_AUTO_CLI_H
#define SHARC_TOOLS_SHARC_AUTO_CLI_H

int sharc_cli_auto(int argc, char **argv);

#endif
