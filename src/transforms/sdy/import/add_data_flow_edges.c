/* -sdy-add-data-flow-edges: an sdy.data_flow_edge on every edge owner of
 * every ShardableDataFlowOpInterface op (named and manual computations,
 * while, case, optimization_barrier, ...), carrying the owner's sharding. */
#include "dialect/sdy/sdy_interfaces.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/common/data_flow_edges.h"

static sharc_walk_result add_edges(sharc_op *op, void *user) {
  if (sharc_sdy_data_flow(op))
    sharc_sdy_add_data_flow_edges_of_op(user, op);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_sdy_may_hold_data_flow_ops(sharc_op_context(module)))
    return true;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_walk(module, SHARC_POST_ORDER, add_edges, &rw);
  return true;
}

const sharc_pass_def sharc_pass_sdy_add_data_flow_edges = {
    .flag = "sdy-add-data-flow-edges",
    .display_name = "AddDataFlowEdgesPass",
    .summary = "Inserts `DataFlowEdgeOp` for every data-flow edge.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
