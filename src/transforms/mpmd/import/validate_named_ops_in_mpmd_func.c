/* -mpmd-validate-named-ops-in-mpmd-func: an mpmd.named_computation or
 * mpmd.named_tensor must sit directly in an mpmd function (one with a
 * topology) or in an mpmd op. Like Shardy, the errors are reported without
 * failing the pass. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"

static bool parent_is_mpmd(const sharc_op *op) {
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent)
    return false;
  if (sharc_op_isa(parent, &sharc_func_func_def))
    return sharc_mpmd_is_mpmd_function(parent);
  return sharc_mpmd_in_dialect(parent);
}

static sharc_walk_result check(sharc_op *op, void *user) {
  (void)user;
  const char *what = sharc_op_isa(op, &sharc_mpmd_named_computation_def) ? "Named computations"
                     : sharc_op_isa(op, &sharc_mpmd_named_tensor_def)    ? "Named tensors"
                                                                        : NULL;
  if (what && !parent_is_mpmd(op))
    sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op),
               "%s can only be nested in mpmd functions or mpmd ops.", what);
  return SHARC_WALK_ADVANCE;
}

/* Only the function's own ops can be reported when every op with regions
 * below it is an mpmd op (sharc_mpmd_regions_only_in_mpmd_ops): a named op
 * nested deeper has an mpmd parent. The post-order walk reports the
 * function's ops in block order, as this loop does, and the function
 * itself is no named op. */
static void check_own_ops(sharc_op *func) {
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(func, 0)); b;
       b = sharc_block_next(b))
    for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op))
      check(op, NULL);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (sharc_mpmd_regions_only_in_mpmd_ops(sharc_op_context(func)))
    check_own_ops(func);
  else
    sharc_walk(func, SHARC_POST_ORDER, check, NULL);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_validate_named_ops_in_mpmd_func = {
    .flag = "mpmd-validate-named-ops-in-mpmd-func",
    .display_name = "ValidateNamedOpsInMpmdFuncPass",
    .summary = "Validates that named ops are only nested in mpmd functions.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
