/* -sdy-import-func-calls: every func.call becomes an sdy.named_computation
 * named after the callee's original name, holding the callee's body (moved
 * there for the first call of a function, callees first; later calls clone
 * that body and warn once per process, as Shardy's call_once does). The
 * callee's argument shardings become in_shardings, the call's result
 * shardings out_shardings, its other attributes and the callee's
 * execution_thread move over; the inlined functions are erased. The named
 * computations may then get their data flow edges. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/call_graph_utils.h"
#include "transforms/sdy/common/data_flow_edges.h"

#include <stdlib.h>

typedef struct import_options {
  bool add_data_flow_edges;
} import_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(import_options, add_data_flow_edges, "add-data-flow-edges-on-named-computations",
                 SHARC_OPT_BOOL, "true", "Whether to add data flow edges on named computations."),
};

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(sharc_named_attr) attr_vec;

typedef struct import_state {
  sharc_rewriter rw;
  sharc_op *module;
  sharc_ptrmap moved; /* callee -> the named computation that got its body */
  op_vec inlined;     /* those callees, to erase */
} import_state;

/* Shardy's emitOpWarningOnce keeps a static once_flag: one warning per
 * process, whatever the number of modules. */
static bool warned_multiple_calls;

static void push_attr(attr_vec *v, sharc_context *ctx, const char *name, sharc_attr *value) {
  if (value)
    sharc_vec_push(v, ((sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value}));
}

/* The named computation's attributes: its own, then the call's discardable
 * ones (which win, as Operation::setAttrs lets them), then the callee's
 * execution thread. */
static sharc_attr *named_attrs(sharc_op *call, sharc_op *func) {
  sharc_context *ctx = sharc_op_context(call);
  attr_vec attrs = {0};
  push_attr(&attrs, ctx, "name", sharc_attr_string(ctx, sharc_sdy_original_func_name(func)));
  push_attr(&attrs, ctx, "in_shardings", sharc_sdy_func_arg_shardings(func));
  push_attr(&attrs, ctx, "out_shardings", sharc_sdy_op_sharding_per_value(call));
  sharc_attr *dict = sharc_op_attrs(call);
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  for (unsigned i = 0; i < sharc_attr_count(dict); i++)
    if (!sharc_sdy_call_attr_stays(sharc_ident_str(entries[i].name)))
      sharc_vec_push(&attrs, entries[i]);
  push_attr(&attrs, ctx, "execution_thread", sharc_op_attr(func, "execution_thread"));
  sharc_attr *out = sharc_attr_dictionary(ctx, attrs.items, attrs.len);
  sharc_vec_free(&attrs);
  return out;
}

static bool import_call(sharc_op *call, void *user) {
  import_state *st = user;
  sharc_op *func = sharc_sdy_callee_or_error(call, st->module);
  if (!func)
    return false;
  sharc_type **types = sharc_xmalloc_array(sharc_op_num_results(call) + 1, sizeof *types);
  for (unsigned i = 0; i < sharc_op_num_results(call); i++)
    types[i] = sharc_value_type(sharc_op_result(call, i));
  sharc_rw_set_before(&st->rw, call);
  sharc_value **operands = sharc_op_operand_values(call);
  sharc_op_state state = {
      .name = sharc_ident_get(st->rw.ctx, sharc_str_from_cstr("sdy.named_computation")),
      .loc = sharc_op_loc(call),
      .operands = operands,
      .num_operands = sharc_op_num_operands(call),
      .result_types = types,
      .num_results = sharc_op_num_results(call),
      .attrs = named_attrs(call, func),
      .num_regions = 1,
  };
  sharc_op *named = sharc_rw_create(&st->rw, &state);
  free(types);
  free(operands);
  sharc_region *body = sharc_op_region(named, 0);
  sharc_op *first = sharc_ptrmap_get(&st->moved, func);
  if (first) {
    if (!warned_multiple_calls) {
      warned_multiple_calls = true;
      sharc_str name = sharc_op_symbol_name(func);
      /* Shardy's emitOpWarningOnce: the call as a note, unverified */
      sharc_diag_note_op(sharc_emit(st->rw.ctx, SHARC_SEV_WARNING, sharc_op_loc(call),
                                    "function @%.*s has multiple call ops, we need to clone the "
                                    "function body for each call",
                                    (int)name.len, name.data),
                         call);
    }
    sharc_rw_clone_region_before(&st->rw, sharc_op_region(first, 0), body,
                                 sharc_region_first_block(body), NULL);
  } else {
    sharc_rw_inline_region_before(&st->rw, sharc_op_region(func, 0), body, NULL);
    sharc_sdy_terminators_to_return(&st->rw, body);
    sharc_ptrmap_put(&st->moved, func, named);
    sharc_vec_push(&st->inlined, func);
  }
  sharc_rw_replace_op_with_op(&st->rw, call, named);
  return true;
}

static sharc_walk_result add_edges(sharc_op *named, void *user) {
  sharc_sdy_add_data_flow_edges_of_op(user, named);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const import_options *o = opts;
  const sharc_call_graph *cg = sharc_pass_call_graph(run);
  sharc_op *cycle = sharc_sdy_find_call_cycle(cg);
  if (cycle) {
    sharc_sdy_emit_call_cycle(cycle);
    return false;
  }
  import_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  bool ok = sharc_sdy_walk_calls(cg, false, import_call, &st);
  for (unsigned i = 0; ok && i < st.inlined.len; i++)
    sharc_rw_erase_op(&st.rw, st.inlined.items[i]);
  if (ok && o->add_data_flow_edges)
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_named_computation_def, add_edges, &st.rw);
  sharc_ptrmap_free(&st.moved);
  sharc_vec_free(&st.inlined);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_import_func_calls = {
    .flag = "sdy-import-func-calls",
    .display_name = "ImportFuncCallsPass",
    .summary = "Inline calls into `NamedComputationOp`.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(import_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
