/* -sdy-sink-func-data-flow-edges: moves the sharding of every
 * sdy.func_data_flow_edge to its operand (a function argument or a call
 * result) and replaces the edge by that operand. */
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"

typedef struct sink_state {
  sharc_rewriter rw;
} sink_state;

static sharc_walk_result sink(sharc_op *op, void *user) {
  sink_state *st = user;
  if (!sharc_op_isa(op, &sharc_sdy_func_data_flow_edge_def))
    return SHARC_WALK_ADVANCE;
  sharc_value *operand = sharc_op_operand(op, 0);
  sharc_attr *operand_sharding = sharc_sdy_get_sharding(operand);
  sharc_attr *sharding = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  if (!sharding && operand_sharding)
    sharding = sharc_sdy_sharding_fully_open(
        st->rw.ctx, sharc_sdy_tensor_sharding_mesh_or_ref(operand_sharding),
        sharc_sdy_tensor_sharding_rank(operand_sharding), false);
  if (sharding) {
    sharc_sdy_set_sharding(operand, sharding);
    sharc_rw_modified(&st->rw, sharc_sdy_owning_op(operand));
  }
  sharc_rw_replace_op(&st->rw, op, &operand, 1);
  return SHARC_WALK_SKIP;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sink_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(func, SHARC_PRE_ORDER, sink, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_sink_func_data_flow_edges = {
    .flag = "sdy-sink-func-data-flow-edges",
    .display_name = "SinkFuncDataFlowEdgesPass",
    .summary = "Sinks all `FuncDataFlowEdgeOp` into their input.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
