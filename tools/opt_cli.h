/* The command line of sdy_opt and mpmd_opt: mlir-opt's flags parsed as
 * LLVM's cl parses them (messages, "Did you mean", grouping rules), the
 * pass flags of the registry, and --help. */
#ifndef SHARC_TOOLS_OPT_CLI_H
#define SHARC_TOOLS_OPT_CLI_H

#include "opt_main.h"

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "support/verify_diag.h"

/* mlir-opt's default -split-input-file / -output-split-marker. */
#define SHARC_OPT_DEFAULT_SPLIT_MARKER "// -----"

/* mlir-opt's -mlir-diagnostic-verbosity-level. */
typedef enum verbosity { VERBOSITY_ERRORS, VERBOSITY_WARNINGS, VERBOSITY_REMARKS } verbosity;

/* A pass given as its own flag, added once the command line is accepted. */
typedef struct pass_flag {
  char *name;
  const char *options;
} pass_flag;

typedef struct opt_flags {
  const char *input;
  const char *output;
  const char *split_marker; /* NULL: no splitting */
  const char *output_split_marker;
  bool verify_diagnostics;
  sharc_vd_level verify_level;
  bool allow_unregistered;
  bool no_print_op_on_diag; /* -mlir-print-op-on-diagnostic=false */
  bool no_notes;            /* -mlir-disable-diagnostic-notes: notes on their own dropped */
  /* -mlir-print-ir-after= / -before= as ",a,b," (owned; pipeline's copies point here) */
  char *print_ir_after;
  char *print_ir_before;
  verbosity verbosity;
  bool help;
  bool version; /* --version: print it and stop */
  const char *pass_pipeline;
  pass_flag *passes;
  unsigned num_passes;
  sharc_print_flags print;
  sharc_pipeline_flags pipeline;
  bool emit_bytecode;
  /* -emit-bytecode-version, any value as given (MLIR's optional: -1 is
   * refused, not the current one) */
  bool bytecode_version_set;
  int64_t bytecode_version;
} opt_flags;

/* Parses argv into `fl` (zero it first, then set the defaults), reporting
 * every error to `err` as LLVM does (all of them, positional-count errors
 * last); false if there was any. Stops early at --help. */
bool sharc_opt_parse_command_line(const sharc_opt_tool *tool, int argc, char **argv,
                                  opt_flags *fl, sharc_buf *err);
void sharc_opt_flags_free(opt_flags *fl);

/* mlir-opt's --help: the tool's flags, then its implemented passes. */
void sharc_opt_print_help(const sharc_opt_tool *tool);

#endif
