/* Pieces shared by the pass manager's files: the option string reader,
 * memory owned by a pipeline and what the textual pipeline parser needs. */
#ifndef SHARC_PASS_PASS_MANAGER_INTERNAL_H
#define SHARC_PASS_PASS_MANAGER_INTERNAL_H

#include "pass/pass_registry.h"
#include "support/vec.h"

/* Zeroed memory that lives as long as the pipeline `owner`. */
void *sharc_pass_owner_alloc(void *owner, size_t size);

/* Reads the next `key[=value]` of an option string (MLIR's parseNextArg);
 * `*value` is NULL when there was no '='. Both are malloc'd. */
bool sharc_options_next(const char **cursor, char **key, char **value);

/* MLIR's parseCommaSeparatedList, for list options of a custom type: calls
 * `each` on every element (cleaned of spaces, one pair of quotes or braces,
 * as MLIR cleans it) until one returns false; returns whether all passed. */
bool sharc_option_for_each_list_item(const char *text, bool (*each)(const char *item, void *user),
                                     void *user);

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
