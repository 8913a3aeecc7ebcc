/* -xla-sdy-stablehlo-round-trip-export-callback-custom-calls: a Python host
 * callback custom call goes to the form XLA's compiler recognises. One
 * whose single result is used and is not a tuple returns a one-element
 * tuple instead, the value taken out by a stablehlo.get_tuple_element that
 * carries the call's `mhlo.sharding`; one whose results are all unused is
 * rebuilt without results (and with empty `result_layouts`). */
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "ir/pick_each.h"
#include "transforms/xla/common/xla_utils.h"

static bool is_callback(sharc_op *op, void *user) {
  (void)user;
  return sharc_xla_is_python_callback(op);
}

static void to_tuple(sharc_rewriter *rw, sharc_op *op) {
  if (sharc_op_num_results(op) != 1)
    return;
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  if (sharc_type_get_kind(type) == SHARC_TYPE_TUPLE)
    return;
  sharc_context *ctx = rw->ctx;
  sharc_type *tuple = sharc_type_tuple(ctx, &type, 1);
  sharc_op *call = sharc_xla_clone_custom_call(rw, op, &tuple, 1, sharc_op_attrs(op));
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("index")),
       sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), 0)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_SHARDING_ATTR)),
       sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR)},
  };
  sharc_value *t = sharc_op_result(call, 0);
  sharc_op_state s = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.get_tuple_element")),
                      .loc = sharc_op_loc(op),
                      .operands = &t,
                      .num_operands = 1,
                      .result_types = &type,
                      .num_results = 1,
                      .attrs = sharc_attr_dictionary(ctx, attrs, attrs[1].value ? 2 : 1)};
  sharc_op *get = sharc_rw_create(rw, &s);
  sharc_rw_replace_op_with_op(rw, op, get);
}

static void drop_results(sharc_rewriter *rw, sharc_op *op) {
  sharc_attr *attrs = sharc_xla_dict_with(rw->ctx, sharc_op_attrs(op), "result_layouts",
                                          sharc_attr_array(rw->ctx, NULL, 0));
  sharc_xla_clone_custom_call(rw, op, NULL, 0, attrs);
  sharc_rw_erase_op(rw, op);
}

static bool export_callback(sharc_op *op, void *rw) {
  if (sharc_op_has_result_uses(op))
    to_tuple(rw, op);
  else
    drop_results(rw, op);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  return sharc_pick_each(module, SHARC_POST_ORDER, SHARC_SHLO(custom_call), is_callback,
                         export_callback, &rw);
}

const sharc_pass_def sharc_pass_xla_sdy_stablehlo_round_trip_export_callback_custom_calls = {
    .flag = "xla-sdy-stablehlo-round-trip-export-callback-custom-calls",
    .display_name = "StablehloRoundTripExportCallbackCustomCallsPass",
    .summary = "Converts the `CustomCallOp`s for host callbacks in XLA into the pattern that the "
               "XLA compiler recognizes.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
