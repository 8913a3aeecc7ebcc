/* The shared main of sdy_opt and mpmd_opt: MLIR's opt-tool flags. */
#ifndef SHARC_TOOLS_OPT_MAIN_H
#define SHARC_TOOLS_OPT_MAIN_H

typedef struct sharc_opt_tool {
  const char *name;          /* "sdy_opt" */
  const char *description;   /* first line of --help */
  unsigned tool_mask;        /* SHARC_TOOL_* bits of pass_table.h */
  const char *const *dialects; /* NULL-terminated dialects to load */
} sharc_opt_tool;

int sharc_opt_main(const sharc_opt_tool *tool, int argc, char **argv);

#endif
