/* -sdy-export-named-computations: every sdy.named_computation becomes a
 * func.call of a new private function named after it (renamed when taken),
 * which gets its body and its (data-flow-edge) input shardings; the call
 * gets its output shardings. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/named_computation_utils.h"
#include "sharc/symbols.h"
#include "support/vec.h"

#define EXECUTION_THREAD_ATTR "execution_thread"

typedef SHARC_VEC(sharc_attr *) attr_vec;
typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_named_attr) named_vec;

typedef struct export_state {
  sharc_rewriter rw;
  sharc_op *module;
  unsigned symbol_counter; /* the pass's SymbolTable's */
  value_vec call_results;
} export_state;

/* removeDataFlowEdges: an edge on a value (its only user) is dropped. */
static void remove_data_flow_edge(export_state *st, sharc_value *v) {
  if (!sharc_value_has_one_use(v))
    return;
  sharc_op *edge = sharc_use_owner(sharc_value_first_use(v));
  if (!sharc_op_isa(edge, &sharc_sdy_data_flow_edge_def))
    return;
  sharc_value *input = sharc_op_operand(edge, 0);
  sharc_rw_replace_op(&st->rw, edge, &input, 1);
}

/* The shardings of one side's edges become the op's `attr` list. */
static void sink_edges(export_state *st, sharc_op *op, sharc_value *const *owners, unsigned n,
                       const char *attr) {
  attr_vec shardings = {0};
  sharc_vec_reserve(&shardings, n + 1);
  if (sharc_sdy_shardings_from_data_flow_edges(owners, n, shardings.items))
    sharc_rw_set_attr(&st->rw, op, attr,
                      sharc_sdy_sharding_per_value_get(st->rw.ctx, shardings.items, n));
  sharc_vec_free(&shardings);
}

/* The function's arguments take the in_shardings. */
static void set_arg_shardings(sharc_op *func, sharc_attr *in_shardings) {
  unsigned n = sharc_func_num_args(func);
  if (!in_shardings || sharc_sdy_list_size(in_shardings) != n)
    return;
  attr_vec dicts = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(
        &dicts, sharc_func_dict_with(sharc_op_context(func), sharc_func_arg_attrs(func, i),
                                     SHARC_SDY_SHARDING_ATTR, sharc_sdy_list_at(in_shardings, i)));
  sharc_func_set_all_arg_attrs(func, dicts.items);
  sharc_vec_free(&dicts);
}

/* createFuncOp: the private function, appended to the module; its name. */
static sharc_str create_func(export_state *st, sharc_op *nc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *thread = sharc_op_attr(nc, EXECUTION_THREAD_ATTR);
  sharc_named_attr t = {sharc_ident_get(ctx, SHARC_STR(EXECUTION_THREAD_ATTR)), thread};
  sharc_op *func =
      sharc_sdy_outline_named_computation(&st->rw, nc, st->module, &st->symbol_counter, &t,
                                          thread ? 1 : 0);
  sharc_block *func_entry = sharc_region_first_block(sharc_op_region(func, 0));
  for (unsigned i = 0; func_entry && i < sharc_block_num_args(func_entry); i++)
    remove_data_flow_edge(st, sharc_block_arg(func_entry, i));
  set_arg_shardings(func, sharc_op_attr(nc, "in_shardings"));
  return sharc_op_symbol_name(func);
}

/* The call: the callee and the named computation's discardable attributes
 * but its execution thread. */
static sharc_op *create_call(export_state *st, sharc_op *nc, sharc_str callee) {
  sharc_context *ctx = st->rw.ctx;
  sharc_ident *thread = sharc_ident_get(ctx, SHARC_STR(EXECUTION_THREAD_ATTR));
  sharc_attr *out_shardings = sharc_op_attr(nc, "out_shardings");
  sharc_named_attr s = {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)), out_shardings};
  return sharc_sdy_replace_with_call(&st->rw, nc, callee, thread, out_shardings ? &s : NULL);
}

static sharc_walk_result export_one(sharc_op *nc, void *user) {
  export_state *st = user;
  sharc_region *body = sharc_op_region(nc, 0);
  sharc_block *entry = sharc_region_first_block(body);
  value_vec owners = {0};
  for (unsigned i = 0; entry && i < sharc_block_num_args(entry); i++)
    sharc_vec_push(&owners, sharc_block_arg(entry, i));
  sink_edges(st, nc, owners.items, owners.len, "in_shardings");
  owners.len = 0;
  for (unsigned i = 0; i < sharc_op_num_results(nc); i++)
    sharc_vec_push(&owners, sharc_op_result(nc, i));
  sink_edges(st, nc, owners.items, owners.len, "out_shardings");
  sharc_vec_free(&owners);
  sharc_str callee = create_func(st, nc);
  sharc_op *call = create_call(st, nc, callee);
  for (unsigned i = 0; i < sharc_op_num_results(call); i++)
    sharc_vec_push(&st->call_results, sharc_op_result(call, i));
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  export_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  /* post-order: nested named computations become functions first */
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_named_computation_def, export_one, &st);
  for (unsigned i = 0; i < st.call_results.len; i++)
    remove_data_flow_edge(&st, st.call_results.items[i]);
  sharc_vec_free(&st.call_results);
  return true;
}

const sharc_pass_def sharc_pass_sdy_export_named_computations = {
    .flag = "sdy-export-named-computations",
    .display_name = "ExportNamedComputationsPass",
    .summary = "Outline calls from `NamedComputationOp`.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
