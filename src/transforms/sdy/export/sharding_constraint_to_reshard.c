/* -sdy-sharding-constraint-to-reshard: every sdy.sharding_constraint becomes
 * an sdy.reshard with the same operand, sharding and attributes (the result
 * of Shardy's partial conversion, which has no other legal outcome). */
#include "dialect/sdy/sdy_ops.h"
#include "pass/pass_registry.h"

typedef struct convert_state {
  sharc_rewriter rw;
} convert_state;

static sharc_walk_result convert(sharc_op *op, void *user) {
  convert_state *st = user;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  /* the reshard's `sharding` is the constraint's; the rest are the
   * discardable attributes Shardy copies over */
  sharc_op_state state = {
      .name = sharc_ident_get(st->rw.ctx, SHARC_STR("sdy.reshard")),
      .loc = sharc_op_loc(op),
      .operands = &input,
      .num_operands = 1,
      .result_types = &type,
      .num_results = 1,
      .attrs = sharc_op_attrs(op),
  };
  sharc_rw_set_before(&st->rw, op);
  sharc_rw_replace_op_with_new(&st->rw, op, &state);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  convert_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_sdy_sharding_constraint_def, convert, &st);
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
