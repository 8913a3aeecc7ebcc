/* -mpmd-remove-transfer-cycles: a transfer whose chain of device-memory
 * transfers starts from a value of its own type is that value. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"

/* FindDeviceOnlyTransferCycleClosestRoot. */
static sharc_value *cycle_root(sharc_op *transfer) {
  sharc_type *type = sharc_value_type(sharc_op_result(transfer, 0));
  for (sharc_op *t = transfer; t && sharc_op_isa(t, &sharc_mpmd_transfer_def);
       t = sharc_value_defining_op(sharc_op_operand(t, 0))) {
    sharc_value *in = sharc_op_operand(t, 0);
    sharc_type *in_t = sharc_value_type(in);
    sharc_attr *kind = sharc_mpmd_is_mesh_tensor(in_t) ? sharc_mpmd_mesh_tensor_memory_kind(in_t)
                                                       : NULL;
    if (kind && !sharc_str_eq_cstr(sharc_attr_string_value(kind), "device"))
      return NULL;
    if (in_t == type)
      return in;
  }
  return NULL;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  for (sharc_op *op = body ? sharc_block_last_op(body) : NULL, *prev; op; op = prev) {
    prev = sharc_op_prev(op);
    if (!sharc_op_isa(op, &sharc_mpmd_transfer_def))
      continue;
    sharc_value *root = cycle_root(op);
    if (root) {
      sharc_rw_replace_all_uses(&rw, sharc_op_result(op, 0), root);
      sharc_rw_erase_op(&rw, op);
    }
  }
  return true;
}

const sharc_pass_def sharc_pass_mpmd_remove_transfer_cycles = {
    .flag = "mpmd-remove-transfer-cycles",
    .display_name = "RemoveTransferCyclesPass",
    .summary = "Removes device-only transfer cycles from the program, avoiding unnecessary "
               "transfers.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
