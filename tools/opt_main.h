/* The shared main of sdy_opt and mpmd_opt: MLIR's opt-tool flags. */
#ifndef SHARC_TOOLS_OPT_MAIN_H
#define SHARC_TOOLS_OPT_MAIN_H

#include "sharc/ir.h"

typedef struct sharc_opt_tool {
  const char *name;          /* "sdy_opt" */
  const char *description;   /* first line of --help */
  unsigned tool_mask;        /* SHARC_TOOL_* bits of pass_table.h */
  const char *const *dialects; /* NULL-terminated dialects to load */
  /* the dialects the MLIR tool registers (sharc_context_set_registry):
   * sharc's loaded ones may differ, for passes of XLA's sdy_opt */
  const sharc_dialect_registry *registry;
} sharc_opt_tool;

/* The dialects StableHLO's stablehlo-opt registers, in MLIR's order: MLIR's
 * registerAllDialects (LLVM 22's set), StableHLO's (func, quant,
 * sparse_tensor, chlo, stablehlo, vhlo) and its check and interpreter
 * dialects; NULL-terminated. */
extern const char *const sharc_stablehlo_opt_dialects[];

int sharc_opt_main(const sharc_opt_tool *tool, int argc, char **argv);

/* -split-input-file's pieces of a buffer, shared with stablehlo-translate:
 * split at `marker` (NULL: one piece) exactly as sharc_opt_main splits,
 * "near miss" warnings appended to `warn`. Free *out with free(). */
#include <stddef.h>
#include "sharc/support.h"
typedef struct sharc_tool_chunk {
  const char *begin;
  size_t len;
  unsigned line, col;
} sharc_tool_chunk;
typedef struct sharc_line_table sharc_line_table;
unsigned sharc_tool_split(const char *name, const char *data, size_t len, sharc_line_table *lines,
                          const char *marker, sharc_tool_chunk **out, sharc_buf *warn);

#endif
