/* -sdy-import-backend-func-calls: a func.call whose frontend attributes
 * hold a `backend_config` (a call XLA must keep as a call) becomes an
 * sdy.named_computation named after the callee, holding the callee's body
 * (each such call is assumed to have a callee of its own, which is then
 * erased). The call's result shardings become out_shardings and its other
 * attributes move over. A callee whose body is already gone (a second call
 * of one function) leaves the call illegal: the conversion fails. */
#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "ir/op_values.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/call_graph_utils.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/xla/common/xla_utils.h"
#include "rewrite/conversion.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(sharc_named_attr) attr_vec;

typedef struct import_state {
  sharc_rewriter rw;
  sharc_op *module;
  op_vec inlined; /* the callees, erased once every call is converted */
} import_state;

static bool is_backend_call(sharc_op *op, void *user) {
  (void)user;
  sharc_attr *fe = sharc_xla_frontend_attrs(op);
  return sharc_op_is(op, "func.call") && fe && sharc_attr_dict_get(fe, "backend_config");
}

/* The named computation's name and out_shardings, then the call's
 * discardable attributes (Operation::setAttrs keeps the properties). */
static sharc_attr *named_attrs(sharc_op *call) {
  sharc_context *ctx = sharc_op_context(call);
  attr_vec attrs = {0};
  sharc_named_attr name = {sharc_ident_get(ctx, SHARC_STR("name")),
                           sharc_attr_string(ctx, sharc_ident_str(sharc_attr_symbol_root(sharc_call_callee(call))))};
  sharc_vec_push(&attrs, name);
  sharc_attr *out = sharc_sdy_op_sharding_per_value(call);
  if (out)
    sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("out_shardings")), out}));
  sharc_attr *dict = sharc_op_attrs(call);
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  for (unsigned i = 0; i < sharc_attr_count(dict); i++)
    if (!sharc_sdy_call_attr_stays(sharc_ident_str(entries[i].name)))
      sharc_vec_push(&attrs, entries[i]);
  sharc_attr *result = sharc_attr_dictionary(ctx, attrs.items, attrs.len);
  sharc_vec_free(&attrs);
  return result;
}

/* The callees are erased once every call is converted (as the dialect
 * conversion does), so that a second call of one finds its body gone. */
static bool import_call(sharc_op *call, void *user) {
  import_state *st = user;
  sharc_rewriter *rw = &st->rw;
  sharc_op *func = sharc_sdy_callee_or_error(call, st->module);
  if (!func)
    return false;
  sharc_region *func_body = sharc_op_region(func, 0);
  if (!sharc_region_first_block(func_body)) {
    /* the pattern's match failure leaves the call illegal */
    sharc_rw_emit_not_legalized(call);
    return false;
  }
  unsigned n = sharc_op_num_results(call);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_result(call, i));
  sharc_value **operands = sharc_op_operand_values(call);
  sharc_op_state state = {
      .name = sharc_ident_get(rw->ctx, SHARC_STR("sdy.named_computation")),
      .loc = sharc_op_loc(call),
      .operands = operands,
      .num_operands = sharc_op_num_operands(call),
      .result_types = types,
      .num_results = n,
      .attrs = named_attrs(call),
      .num_regions = 1,
  };
  sharc_rw_set_before(rw, call);
  sharc_op *named = sharc_rw_create(rw, &state);
  free(types);
  free(operands);
  sharc_region *body = sharc_op_region(named, 0);
  sharc_rw_inline_region_before(rw, func_body, body, NULL);
  sharc_sdy_terminators_to_return(rw, body);
  sharc_vec_push(&st->inlined, func);
  sharc_rw_replace_op_with_op(rw, call, named);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  import_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  bool ok = sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_backend_call, import_call, &st);
  for (unsigned i = 0; ok && i < st.inlined.len; i++)
    sharc_rw_erase_op(&st.rw, st.inlined.items[i]);
  sharc_vec_free(&st.inlined);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_import_backend_func_calls = {
    .flag = "sdy-import-backend-func-calls",
    .display_name = "ImportBackendFuncCallsPass",
    .summary = "Creates a pass that converts a `CallOp` with a `backend_config` attr to a "
               "`NamedComputationOp` with the function body inlined and name of the callee.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
