/* Registry of the pass and pipeline flags that Shardy's sdy_opt and mpmd_opt
 * accept: Shardy's own passes and pipelines plus the upstream MLIR passes that
 * both tools pull in through registerAllPasses. It is data only: drivers use
 * it to accept exactly the upstream flag set, print `--help`, check options,
 * and reject known-but-unimplemented flags with
 * `error: pass '-x' is not implemented yet`. */
#ifndef SHARC_PASS_PASS_TABLE_H
#define SHARC_PASS_PASS_TABLE_H

#include <stddef.h>

/* Tool bits for sharc_pass_info.tools and the lookup mask. mpmd_opt registers
 * every sdy pass too, so sdy entries carry both bits. */
#define SHARC_TOOL_SDY_OPT 1u
#define SHARC_TOOL_MPMD_OPT 2u
#define SHARC_TOOL_ANY (SHARC_TOOL_SDY_OPT | SHARC_TOOL_MPMD_OPT)

typedef enum sharc_pass_kind {
  SHARC_PASS,
  SHARC_PASS_PIPELINE
} sharc_pass_kind;

/* One `name=value` option of a pass or pipeline. All strings are non-NULL. */
typedef struct sharc_pass_option_info {
  const char *name;          /* e.g. "conservative-propagation" */
  /* C++ type as declared upstream: "bool", "int", "int64_t", "unsigned",
   * "std::string", an enum or custom parser type ("PropagationStrategy",
   * "UserAssignmentMapOption"), or "list<T>" for list options. For upstream
   * MLIR passes the type is derived from the CLI value kind, so generic
   * enums show as "enum" and 64-bit values as "int64_t"/"uint64_t". */
  const char *type;
  /* Default as the option would print it ("" when none, for list options
   * and for upstream pipeline options whose defaults are not recorded). */
  const char *default_value;
  const char *description;   /* one line, as `--help` shows it */
  /* For enum options: the accepted spellings joined by '|', e.g.
   * "basic|aggressive|basic-then-aggressive"; "" otherwise. */
  const char *enum_values;
} sharc_pass_option_info;

typedef struct sharc_pass_info {
  const char *flag;          /* without leading dash: "sdy-basic-propagate" */
  const char *summary;       /* one line, as `--help` shows it */
  sharc_pass_kind kind;
  /* Op the pass is anchored on: "builtin.module", "func.func", another op
   * name ("gpu.module", "spirv.module"), an interface name
   * ("FunctionOpInterface": cannot run on builtin.module directly), or ""
   * for op-agnostic passes. Always "" for pipelines. */
  const char *anchor;
  unsigned tools;            /* SHARC_TOOL_* bits */
  const sharc_pass_option_info *options; /* sorted by name; NULL if none */
  unsigned num_options;
  /* Where it comes from: "sdy-import", "sdy-propagation", "sdy-export",
   * "sdy-common", "mpmd-common", "mpmd-import", "mpmd-optimize",
   * "mpmd-sharding-propagation", "mpmd-export", or "mlir" (upstream). */
  const char *group;
} sharc_pass_info;

/* Passes sorted by flag, then pipelines sorted by flag (the `--help` order). */
extern const sharc_pass_info sharc_pass_table[];
extern const unsigned sharc_pass_table_size;

/* Entry for `flag` (no leading dash) registered by one of the tools in
 * `tool_mask`, or NULL. */
const sharc_pass_info *sharc_pass_info_find(const char *flag,
                                            unsigned tool_mask);

/* Option `name` of `pass`, or NULL. */
const sharc_pass_option_info *sharc_pass_option_find(
    const sharc_pass_info *pass, const char *name);

#endif
