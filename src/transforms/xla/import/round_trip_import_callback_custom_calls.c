/* -sdy-round-trip-import-callback-custom-calls: a Python host callback
 * custom call without results (as the round-trip export leaves one whose
 * results are unused) gets a dummy result of its first operand's type, its
 * result layout the first operand layout, because Shardy needs a result to
 * hang the callback's maximal sharding on. A callback with no operand has
 * no type to give the result and is left alone. */
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "ir/pick_each.h"
#include "transforms/xla/common/xla_utils.h"

static bool is_resultless_callback(sharc_op *op, void *user) {
  (void)user;
  return sharc_op_num_results(op) == 0 && sharc_op_num_operands(op) > 0 &&
         sharc_xla_is_python_callback(op);
}

static bool add_dummy_result(sharc_op *op, void *user) {
  sharc_rewriter *rw = user;
  sharc_type *type = sharc_value_type(sharc_op_operand(op, 0));
  sharc_attr *attrs = sharc_op_attrs(op);
  sharc_attr *layouts = sharc_op_attr(op, "operand_layouts");
  if (layouts && sharc_attr_get_kind(layouts) == SHARC_ATTR_ARRAY && sharc_attr_count(layouts)) {
    sharc_attr *first = sharc_attr_at(layouts, 0);
    attrs = sharc_xla_dict_with(rw->ctx, attrs, "result_layouts", sharc_attr_array(rw->ctx, &first, 1));
  }
  sharc_xla_clone_custom_call(rw, op, &type, 1, attrs);
  sharc_rw_erase_op(rw, op);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  return sharc_pick_each(module, SHARC_POST_ORDER, SHARC_SHLO(custom_call),
                         is_resultless_callback, add_dummy_result, &rw);
}

const sharc_pass_def sharc_pass_sdy_round_trip_import_callback_custom_calls = {
    .flag = "sdy-round-trip-import-callback-custom-calls",
    .display_name = "SdyRoundTripImportCallbackCustomCallsPass",
    .summary = "Modifies the return types of XLA host callback custom calls to be compatible with "
               "SDY",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
