/* -sdy-propagate-to-func-results: every function of the module but the main
 * one takes the shardings of the values its func.return returns as its
 * result shardings (dropping them where a value has none). */
#include "transforms/sdy/common/call_graph_utils.h"
#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

/* A result's dictionary with the sharding of the value returned for it. */
static sharc_attr *with_returned_sharding(sharc_op *func, unsigned i, sharc_attr *dict,
                                          void *ret) {
  if (i >= sharc_op_num_operands(ret))
    return dict;
  return sharc_func_dict_with(sharc_op_context(func), dict, SHARC_SDY_SHARDING_ATTR,
                              sharc_sdy_get_sharding(sharc_op_operand(ret, i)));
}

static void propagate(sharc_rewriter *rw, sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret || !sharc_op_isa(ret, &sharc_func_return_def))
    return;
  sharc_func_map_attr_dicts(func, true, true, with_returned_sharding, ret);
  sharc_rw_modified(rw, func);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op *main = sharc_sdy_main_func_or_error(module, true);
  if (!main)
    return false;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (op != main && sharc_op_isa(op, &sharc_func_func_def))
      propagate(&rw, op);
  return true;
}

const sharc_pass_def sharc_pass_sdy_propagate_to_func_results = {
    .flag = "sdy-propagate-to-func-results",
    .display_name = "PropagateToFuncResultsPass",
    .summary = "Propagate shardings from the func terminator to func results.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
