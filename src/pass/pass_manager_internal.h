/* Pieces shared by the pass manager's files: the option string reader and
 * what the textual pipeline parser needs. (Pipeline-owned memory for custom
 * option parsers is public: sharc/pass.h.) */
#ifndef SHARC_PASS_PASS_MANAGER_INTERNAL_H
#define SHARC_PASS_PASS_MANAGER_INTERNAL_H

#include "pass/pass_registry.h"
#include "support/vec.h"


/* Reads the next `key[=value]` of an option string (MLIR's parseNextArg);
 * `*value` is NULL when there was no '='. Both are malloc'd. */
bool sharc_options_next(const char **cursor, char **key, char **value);


/* A new options struct for `def` (in `pl`'s memory): the defaults, then
 * the option string `text`, as MLIR's PassOptions::parseFromString. NULL
 * on error, with LLVM's own line in `cl_err` ("tool: for the --x option:
 * ...") or MLIR's error text in `msg`. */
void *sharc_pass_parse_options(sharc_pipeline *pl, const sharc_pass_def *def, const char *text,
                               sharc_buf *cl_err, sharc_buf *msg);

/* Adds the pass or pipeline `flag` (known to the registry) to `pm` as a
 * textual pipeline names it: no implicit nesting, so a pass anchored on
 * another op is MLIR's "did you intend to nest?" error in `msg`. */
bool sharc_pm_add_explicit(sharc_pass_manager *pm, const char *flag, const char *options,
                           sharc_buf *cl_err, sharc_buf *msg);

/* The tools whose passes the pipeline may name (SHARC_TOOL_* bits). */
unsigned sharc_pipeline_tool_mask(const sharc_pipeline *pl);

/* Sets the op the root pass manager is anchored on (copied). */
void sharc_pipeline_set_anchor(sharc_pipeline *pl, const char *op_name);

#endif
