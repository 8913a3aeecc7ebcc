/* -sdy-propagate-sharding-from-func-to-call: a call without result
 * shardings takes its callee's result shardings (missing ones fully open),
 * when the callee has any; a call that has result shardings keeps them,
 * even empty ones. */
#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/common/call_graph_utils.h"

typedef struct propagate_state {
  sharc_rewriter rw;
  sharc_op *module;
} propagate_state;

static sharc_walk_result propagate(sharc_op *call, void *user) {
  propagate_state *st = user;
  sharc_op *func = sharc_sdy_callee_or_error(call, st->module);
  if (!func)
    return SHARC_WALK_INTERRUPT;
  if (sharc_sdy_op_sharding_per_value(call))
    return SHARC_WALK_ADVANCE;
  sharc_attr *shardings = sharc_sdy_func_result_shardings(func);
  if (shardings)
    sharc_rw_set_attr(&st->rw, call, SHARC_SDY_SHARDING_ATTR, shardings);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  propagate_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_call_def, propagate, &st) !=
         SHARC_WALK_INTERRUPT;
}

const sharc_pass_def sharc_pass_sdy_propagate_sharding_from_func_to_call = {
    .flag = "sdy-propagate-sharding-from-func-to-call",
    .display_name = "PropagateShardingFromFuncToCallPass",
    .summary = "Set call result shardings as the func result shardings, if empty.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
