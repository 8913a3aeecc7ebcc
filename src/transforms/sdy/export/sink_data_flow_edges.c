/* -sdy-sink-data-flow-edges: moves the sharding of every sdy.data_flow_edge
 * to the edge owner of its ShardableDataFlowOp (optionally with the debug
 * origins and propagation edges saved on the op) and replaces the edge by
 * its input. */
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/sdy/common/data_flow_edges.h"

typedef struct sink_options {
  bool sink_origins;
  bool sink_edges;
} sink_options;

/* sorted by name, as MLIR lists them */
static const sharc_option_def options[] = {
    SHARC_OPTION(sink_options, sink_edges, "sink-debug-propagation-edge-sharding", SHARC_OPT_BOOL,
                 "false",
                 "Whether to sink the debug propagation edge sharding info. See "
                 "`debug-propagation-edge-sharding` option in propagation for more info."),
    SHARC_OPTION(sink_options, sink_origins, "sink-debug-sharding-origins", SHARC_OPT_BOOL, "false",
                 "Whether to sink the debug sharding origins info. See `debug-sharding-origins` "
                 "option in propagation for more info."),
};

typedef struct sink_state {
  const sink_options *opts;
  sharc_rewriter rw;
} sink_state;

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* Shardy's saveDebugInfoDictsFromDataFlowEdges. */
static void save_debug_info(sink_state *st, sharc_op *op, const sharc_ptrvec *owners,
                            bool operands) {
  if (!st->opts->sink_origins && !st->opts->sink_edges)
    return;
  attr_vec origins = {0}, edges = {0};
  for (unsigned i = 0; i < owners->len; i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(owners->items[i]);
    if (!edge)
      continue;
    /* an edge without origins adds nothing: Shardy builds an empty
     * dictionary there but never pushes it */
    sharc_attr *o = sharc_op_attr(edge, "sdy.sharding_origins");
    if (st->opts->sink_origins && o && sharc_attr_get_kind(o) == SHARC_ATTR_DICTIONARY)
      sharc_vec_push(&origins, o);
    sharc_attr *e = sharc_op_attr(edge, "sdy.propagation_edges");
    if (st->opts->sink_edges && e && sharc_sdy_is_propagation_edges(e) && sharc_sdy_list_size(e))
      sharc_vec_push(&edges, e);
  }
  sharc_context *ctx = st->rw.ctx;
  if (st->opts->sink_origins)
    sharc_rw_set_attr(&st->rw, op,
                      operands ? "sdy.block_arg_sharding_origins" : "sdy.result_sharding_origins",
                      sharc_attr_array(ctx, origins.items, origins.len));
  if (st->opts->sink_edges)
    sharc_rw_set_attr(&st->rw, op,
                      operands ? "sdy.block_arg_propagation_edges" : "sdy.result_propagation_edges",
                      sharc_attr_array(ctx, edges.items, edges.len));
  sharc_vec_free(&origins);
  sharc_vec_free(&edges);
}

/* The shardings of one side's edges become the owners' shardings. */
static void sink_side(sink_state *st, sharc_op *op, const sharc_ptrvec *owners, bool block_args) {
  attr_vec shardings = {0};
  sharc_vec_reserve(&shardings, owners->len + 1);
  if (sharc_sdy_shardings_from_data_flow_edges((sharc_value *const *)owners->items, owners->len,
                                               shardings.items)) {
    if (block_args)
      sharc_sdy_set_block_arg_owner_shardings(op, shardings.items, owners->len);
    else
      sharc_sdy_set_result_owner_shardings(op, shardings.items, owners->len);
    sharc_rw_modified(&st->rw, op);
  }
  sharc_vec_free(&shardings);
  save_debug_info(st, op, owners, block_args);
}

static sharc_walk_result sink(sharc_op *op, void *user) {
  sink_state *st = user;
  /* pre-order: an op is met before the edges on its block arguments (in its
   * regions) and on its results (its users), so they are still there */
  if (sharc_op_isa(op, &sharc_sdy_data_flow_edge_def)) {
    sharc_value *input = sharc_op_operand(op, 0);
    sharc_rw_replace_op(&st->rw, op, &input, 1);
    return SHARC_WALK_SKIP;
  }
  if (!sharc_sdy_data_flow(op))
    return SHARC_WALK_ADVANCE;
  sharc_ptrvec owners = {0};
  sharc_sdy_block_arg_owners(op, &owners);
  sink_side(st, op, &owners, true);
  owners.len = 0;
  sharc_sdy_result_owners(op, &owners);
  sink_side(st, op, &owners, false);
  sharc_ptrvec_free(&owners);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  sink_state st = {opts, {0}};
  if (!sharc_sdy_may_hold_data_flow_ops(sharc_op_context(func)))
    return true;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(func, SHARC_PRE_ORDER, sink, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_sink_data_flow_edges = {
    .flag = "sdy-sink-data-flow-edges",
    .display_name = "SinkDataFlowEdgesPass",
    .summary = "Sinks all `DataFlowEdgeOp` into their input.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sink_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
