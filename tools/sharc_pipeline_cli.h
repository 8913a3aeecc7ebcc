/* `sharc pipeline`: the MPMD pipeline report on the command line
 * (sharc_pipeline.c), and the dialects every sharc command reads. */
#ifndef SHARC_TOOLS_SHARC_PIPELINE_CLI_H
#define SHARC_TOOLS_SHARC_PIPELINE_CLI_H

#include "sharc/ir.h"

/* The dialects sdy_opt and mpmd_opt register, so that sharc reads what
 * either tool reads (mpmd programs included). */
void sharc_cli_load_dialects(sharc_context *ctx);

/* `sharc pipeline ...` (argv[1] is "pipeline"); the exit status. */
int sharc_cli_pipeline(int argc, char **argv);

#endif
