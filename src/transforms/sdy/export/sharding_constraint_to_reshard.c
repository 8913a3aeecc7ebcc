/* -sdy-sharding-constraint-to-reshard: every sdy.sharding_constraint becomes
 * an sdy.reshard with the same operand, sharding and attributes (the result
 * of Shardy's partial conversion, which has no other legal outcome). */
#include "dialect/sdy/sdy_ops.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  /* the reshard's `sharding` is the constraint's; the rest are the
   * discardable attributes Shardy copies over */
  sharc_pass_rename_ops(func, &sharc_sdy_sharding_constraint_def, "sdy.reshard", run);
  return true;
}

const sharc_pass_def sharc_pass_sdy_sharding_constraint_to_reshard = {
    .flag = "sdy-sharding-constraint-to-reshard",
    .display_name = "ShardingConstraintToReshardPass",
    .summary = "Converts ShardingConstraintOp into ReshardOp.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
