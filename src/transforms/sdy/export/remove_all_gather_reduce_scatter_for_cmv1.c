/* -sdy-remove-all-gather-reduce-scatter-for-cmv1: for collective matmul V1,
 * drops a single-use sdy.all_gather feeding a dot, and otherwise the
 * sdy.reduce_scatter that is the only user of a dot (whose result then
 * takes the reduce-scatter's sharding). */
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

typedef struct cmv1_state {
  sharc_rewriter rw;
  SHARC_VEC(sharc_op *) to_remove;
} cmv1_state;

static bool is_dot(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(dot)) || sharc_op_isa(op, SHARC_SHLO(dot_general));
}

static sharc_walk_result visit(sharc_op *dot, void *user) {
  cmv1_state *st = user;
  if (!is_dot(dot))
    return SHARC_WALK_ADVANCE;
  bool gathered_operand = false;
  for (unsigned i = 0; i < sharc_op_num_operands(dot); i++) {
    sharc_value *operand = sharc_op_operand(dot, i);
    sharc_op *def = sharc_value_defining_op(operand);
    if (def && sharc_op_isa(def, &sharc_sdy_all_gather_def) && sharc_value_has_one_use(operand)) {
      sharc_vec_push(&st->to_remove, def);
      gathered_operand = true;
    }
  }
  /* with a gathered operand the reduce-scatter of the result stays */
  if (gathered_operand || sharc_op_num_results(dot) != 1)
    return SHARC_WALK_ADVANCE;
  sharc_value *result = sharc_op_result(dot, 0);
  if (!sharc_value_has_one_use(result))
    return SHARC_WALK_ADVANCE;
  sharc_op *user_op = sharc_use_owner(sharc_value_first_use(result));
  if (!sharc_op_isa(user_op, &sharc_sdy_reduce_scatter_def))
    return SHARC_WALK_ADVANCE;
  sharc_attr *sharding = sharc_sdy_get_sharding(result);
  if (sharding && sharc_sdy_tensor_sharding_num_unreduced(sharding))
    return SHARC_WALK_ADVANCE;
  sharc_attr *scattered = sharc_sdy_get_sharding(sharc_op_result(user_op, 0));
  sharc_rw_set_attr(&st->rw, dot, SHARC_SDY_SHARDING_ATTR,
                    sharc_sdy_sharding_per_value_get(st->rw.ctx, &scattered, 1));
  sharc_vec_push(&st->to_remove, user_op);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  cmv1_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(func, SHARC_POST_ORDER, visit, &st);
  for (unsigned i = 0; i < st.to_remove.len; i++) {
    sharc_op *op = st.to_remove.items[i];
    sharc_value *input = sharc_op_operand(op, 0);
    sharc_rw_replace_op(&st.rw, op, &input, 1);
  }
  sharc_vec_free(&st.to_remove);
  return true;
}

const sharc_pass_def sharc_pass_sdy_remove_all_gather_reduce_scatter_for_cmv1 = {
    .flag = "sdy-remove-all-gather-reduce-scatter-for-cmv1",
    .display_name = "RemoveAllGatherReduceScatterForCMV1Pass",
    .summary = "Removes sdy.all_gather and sdy.reduce_scatter for CMV1.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
