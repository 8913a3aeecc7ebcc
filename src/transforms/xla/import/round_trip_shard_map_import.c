/* -xla-sdy-round-trip-shard-map-import: a func.call to a
 * `xla.sdy.manual_computation_body` function, between the
 * `@xla.sdy.GlobalToLocalShape` custom call that produces its operands and
 * the `@xla.sdy.LocalToGlobalShape` one that uses its results, becomes an
 * sdy.manual_computation again (the counterpart of the shard-map export):
 * the in/out shardings and manual axes come from the custom calls'
 * frontend attributes (or, for modules exported before they moved there,
 * the call's), the body function is moved into the region and erased.
 * Custom calls of the pair left without a call (their values had zero
 * elements and became constants) are erased. */
#include <string.h>

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/vec.h"
#include "transforms/sdy/common/call_graph_utils.h"
#include "transforms/sdy/common/manual_computation.h"
#include "transforms/xla/common/xla_utils.h"

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct import_state {
  sharc_rewriter rw;
  op_vec calls;
  op_vec pairs; /* GlobalToLocal / LocalToGlobal custom calls */
} import_state;

static sharc_str callee_name(const sharc_op *call) {
  sharc_attr *ref = sharc_call_callee(call);
  return ref ? sharc_ident_str(sharc_attr_symbol_root(ref)) : SHARC_STR("");
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  import_state *st = user;
  if (sharc_op_isa(op, &sharc_func_call_def) &&
      sharc_str_contains(callee_name(op), SHARC_STR(SHARC_XLA_MANUAL_BODY)))
    sharc_vec_push(&st->calls, op);
  else if (sharc_xla_is_custom_call_to(op, SHARC_XLA_GLOBAL_TO_LOCAL) ||
           sharc_xla_is_custom_call_to(op, SHARC_XLA_LOCAL_TO_GLOBAL))
    sharc_vec_push(&st->pairs, op);
  return SHARC_WALK_ADVANCE;
}

static bool fail(sharc_op *call, const char *fmt, sharc_str callee) {
  sharc_emit_op_error(call, fmt, (int)callee.len, callee.data);
  sharc_emit(sharc_op_context(call), SHARC_SEV_ERROR, sharc_op_loc(call),
             "failed to legalize operation 'func.call'");
  return false;
}

/* The first user of the call's results, in MLIR's use-list order (the
 * first result's latest use first). */
static sharc_op *first_user(const sharc_op *call) {
  for (unsigned i = 0; i < sharc_op_num_results(call); i++) {
    sharc_use *u = sharc_value_first_use(sharc_op_result(call, i));
    if (u)
      return sharc_use_owner(u);
  }
  return NULL;
}

typedef struct shardings {
  sharc_attr *in, *out, *manual_axes;
  bool from_custom_calls;
  bool failed;
} shardings;

static void read_shardings(shardings *s, sharc_op *custom_call, sharc_attr **slot,
                           const char *name) {
  if (!custom_call)
    return;
  sharc_attr *dict = sharc_xla_frontend_attrs(custom_call);
  if (!dict)
    return;
  s->from_custom_calls = true;
  *slot = sharc_xla_parse_string_attr(dict, name, custom_call, &s->failed);
  if (!s->manual_axes)
    s->manual_axes = sharc_xla_parse_string_attr(dict, SHARC_XLA_MANUAL_AXES_ATTR, custom_call,
                                                 &s->failed);
}

static sharc_attr *attr_or_empty(sharc_context *ctx, sharc_attr *a, bool manual) {
  if (a)
    return a;
  return manual ? sharc_sdy_manual_axes_get(ctx, NULL, 0) : sharc_sdy_sharding_per_value_get(ctx, NULL, 0);
}

static bool import_call(import_state *st, sharc_op *call) {
  sharc_context *ctx = st->rw.ctx;
  sharc_str callee = callee_name(call);
  sharc_op *body = sharc_symbol_resolve_nearest(call, sharc_call_callee(call));
  if (!body || !sharc_op_isa(body, &sharc_func_func_def) || sharc_func_is_declaration(body))
    return fail(call,
                "expected a unique FuncOp per @%.*s call. Were functions maybe somehow "
                "shared/de-duped between two ManualComputations?",
                callee);
  sharc_op *to_local = NULL;
  unsigned nops = sharc_op_num_operands(call);
  for (unsigned i = 0; i < nops && !to_local; i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(call, i));
    if (def && sharc_op_isa(def, SHARC_SHLO(custom_call)))
      to_local = def;
  }
  if (nops && !to_local)
    return fail(call,
                "expected at least one operand of @%.*s to be produced by a "
                SHARC_XLA_GLOBAL_TO_LOCAL " CustomCallOp",
                callee);
  sharc_op *to_global = NULL;
  if (sharc_op_num_results(call)) {
    to_global = first_user(call);
    if (!to_global || !sharc_xla_is_custom_call_to(to_global, SHARC_XLA_LOCAL_TO_GLOBAL))
      return fail(call,
                  "expected the first use of @%.*s to be by a " SHARC_XLA_LOCAL_TO_GLOBAL
                  " CustomCallOp",
                  callee);
  }
  shardings s = {0};
  read_shardings(&s, to_local, &s.in, SHARC_XLA_IN_SHARDINGS);
  read_shardings(&s, to_global, &s.out, SHARC_XLA_OUT_SHARDINGS);
  sharc_attr *call_dict = sharc_xla_frontend_attrs(call);
  if (!s.from_custom_calls && call_dict && sharc_attr_dict_get(call_dict, SHARC_XLA_MANUAL_AXES_ATTR)) {
    s.in = sharc_xla_parse_string_attr(call_dict, SHARC_XLA_IN_SHARDINGS, call, &s.failed);
    s.out = sharc_xla_parse_string_attr(call_dict, SHARC_XLA_OUT_SHARDINGS, call, &s.failed);
    s.manual_axes = sharc_xla_parse_string_attr(call_dict, SHARC_XLA_MANUAL_AXES_ATTR, call, &s.failed);
  }
  if (s.failed)
    return false;
  sharc_op *types_from = to_global ? to_global : call;
  unsigned nres = sharc_op_num_results(types_from);
  SHARC_VEC(sharc_type *) types = {0};
  for (unsigned i = 0; i < nres; i++)
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(types_from, i)));
  sharc_op *operands_from = to_local ? to_local : call;
  SHARC_VEC(sharc_value *) operands = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(operands_from); i++)
    sharc_vec_push(&operands, sharc_op_operand(operands_from, i));
  sharc_sdy_manual_computation_spec spec = {
      .loc = sharc_op_loc(call),
      .operands = operands.items,
      .num_operands = operands.len,
      .result_types = types.items,
      .num_results = types.len,
      .in_shardings = attr_or_empty(ctx, s.in, false),
      .out_shardings = attr_or_empty(ctx, s.out, false),
      .manual_axes = attr_or_empty(ctx, s.manual_axes, true),
  };
  sharc_rw_set_before(&st->rw, call);
  sharc_op *mc = sharc_sdy_create_manual_computation(&st->rw, &spec);
  sharc_vec_free(&types);
  sharc_vec_free(&operands);
  sharc_region *region = sharc_op_region(mc, 0);
  sharc_rw_inline_region_before(&st->rw, sharc_op_region(body, 0), region, NULL);
  sharc_sdy_terminators_to_return(&st->rw, region);
  if (to_global) {
    sharc_rw_replace_op_with_op(&st->rw, to_global, mc);
    sharc_rw_erase_op(&st->rw, call);
  } else {
    sharc_rw_erase_op(&st->rw, call);
  }
  if (to_local && !sharc_op_has_result_uses(to_local))
    sharc_rw_erase_op(&st->rw, to_local);
  sharc_rw_erase_op(&st->rw, body);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  import_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(module, SHARC_PRE_ORDER, collect, &st);
  bool ok = true;
  for (unsigned i = 0; ok && i < st.calls.len; i++)
    ok = import_call(&st, st.calls.items[i]);
  for (unsigned i = 0; ok && i < st.pairs.len; i++) {
    sharc_op *op = st.pairs.items[i];
    if (!sharc_op_is_erased(op) && !sharc_op_has_result_uses(op))
      sharc_rw_erase_op(&st.rw, op);
  }
  sharc_vec_free(&st.calls);
  sharc_vec_free(&st.pairs);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_shard_map_import = {
    .flag = "xla-sdy-round-trip-shard-map-import",
    .display_name = "SdyRoundTripShardMapImportPass",
    .summary = "converts a CallOp calling a @xla.sdy.manual_computation_body func with in/out "
               "shardings and manual axes as frontend attrs, wrapped with a pair of "
               "`CustomCallOps` that change the shape of the arguments/results, to a "
               "ManualComputationOp",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
