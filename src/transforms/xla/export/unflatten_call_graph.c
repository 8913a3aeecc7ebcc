/* -xla-sdy-unflatten-call-graph: XLA's unflattening of the call graph.
 * Calls of functions with one origin are deduplicated as Shardy's
 * -sdy-unflatten-call-graph does; since the kept function's argument and
 * result shardings may differ from what the call site had, each operand and
 * result that disagrees goes through an mhlo.copy with the sharding needed. */
#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/unflatten_call_graph.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct xla_unflatten_options {
  bool dedup_fully;
} xla_unflatten_options;

static const sharc_option_def options[] = {
    SHARC_SDY_DEDUP_FUNCTIONS_FULLY_OPTION(xla_unflatten_options, dedup_fully),
};

static void reshard_call(sharc_rewriter *rw, sharc_op *func, sharc_op *call) {
  sharc_attr *manual = sharc_op_attr(call, SHARC_XLA_MANUAL_AXES_ATTR);
  sharc_sdy_insert_resharding_on_func_args(rw, func, call, sharc_xla_create_copy, manual);
  sharc_sdy_insert_resharding_on_func_results(rw, func, call, sharc_xla_create_copy, manual);
}

#define LEGACY_ORIGINAL_FUNC_NAME_ATTR "xla.sdy.original_func_name"

/* Older XLA named a function's origin `xla.sdy.original_func_name`; it is
 * read as `sdy.original_func_name` (which wins when both are there). */
static sharc_walk_result adopt_legacy_origin(sharc_op *func, void *user) {
  sharc_rewriter *rw = user;
  sharc_attr *legacy = sharc_op_attr(func, LEGACY_ORIGINAL_FUNC_NAME_ATTR);
  if (!legacy)
    return SHARC_WALK_ADVANCE;
  if (!sharc_op_attr(func, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR))
    sharc_rw_set_attr(rw, func, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR, legacy);
  sharc_rw_set_attr(rw, func, LEGACY_ORIGINAL_FUNC_NAME_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const xla_unflatten_options *o = opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_walk_isa(module, SHARC_PRE_ORDER, &sharc_func_func_def, adopt_legacy_origin, &rw);
  return sharc_sdy_unflatten_call_graph(module, run, o->dedup_fully, SHARC_XLA_MANUAL_AXES_ATTR,
                                        reshard_call);
}

const sharc_pass_def sharc_pass_xla_sdy_unflatten_call_graph = {
    .flag = "xla-sdy-unflatten-call-graph",
    .display_name = "UnflattenCallGraphPass",
    .summary = "Unflattens the call graph.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(xla_unflatten_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
