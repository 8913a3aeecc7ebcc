/* -sdy-add-func-data-flow-edges: an sdy.func_data_flow_edge on every
 * argument of every function but the main one, and on every call result
 * (values of static shape only), taking the value's sharding and uses. */
#include "dialect/sdy/op_common.h"
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/common/call_graph_utils.h"
#include "transforms/sdy/common/data_flow_edges.h"

typedef struct edges_state {
  sharc_rewriter rw;
  sharc_op *main_func;
} edges_state;

static bool not_user(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

/* The edge on `v`, created at the insertion point, located at `loc`. */
static void add_edge(edges_state *st, sharc_value *v, sharc_attr *loc) {
  sharc_op *edge =
      sharc_sdy_create_unary_op(&st->rw, &sharc_sdy_func_data_flow_edge_def, loc, v, NULL);
  sharc_rw_replace_uses_if(&st->rw, v, sharc_op_result(edge, 0), not_user, edge);
  sharc_attr *sharding = sharc_sdy_get_sharding(v);
  if (sharding)
    sharc_rw_set_attr(&st->rw, edge, SHARC_SDY_SHARDING_ATTR,
                      sharc_sdy_sharding_per_value_get(st->rw.ctx, &sharding, 1));
}

static sharc_walk_result add_arg_edges(sharc_op *func, void *user) {
  edges_state *st = user;
  sharc_block *entry = sharc_func_body(func);
  if (func == st->main_func || !entry)
    return SHARC_WALK_ADVANCE;
  /* one insertion point for all: the edges come in argument order */
  sharc_rw_set_block_start(&st->rw, entry);
  for (unsigned i = 0; i < sharc_block_num_args(entry); i++) {
    sharc_value *arg = sharc_block_arg(entry, i);
    if (sharc_sdy_type_is_static(sharc_value_type(arg)))
      add_edge(st, arg, sharc_op_loc(func));
  }
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result add_result_edges(sharc_op *call, void *user) {
  edges_state *st = user;
  sharc_rw_set_after(&st->rw, call);
  for (unsigned i = 0; i < sharc_op_num_results(call); i++) {
    sharc_value *result = sharc_op_result(call, i);
    if (sharc_sdy_type_is_static(sharc_value_type(result)))
      add_edge(st, result, sharc_op_loc(call));
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  edges_state st = {.main_func = sharc_sdy_main_func_or_error(module, true)};
  if (!st.main_func)
    return false;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_func_def, add_arg_edges, &st);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_call_def, add_result_edges, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_add_func_data_flow_edges = {
    .flag = "sdy-add-func-data-flow-edges",
    .display_name = "AddFuncDataFlowEdgesPass",
    .summary = "Inserts `FuncDataFlowEdgeOp` for every func/call data-flow edge.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
