/* -mpmd-delay-transfers-from-cpu: each transfer of the entry function's
 * body whose operand lives on a CPU mesh ("/cpu" suffix) or in pinned host
 * memory moves right before its first user, so that the device buffer it
 * fills is allocated as late as it can be. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/export/export_utils.h"

/* The operand is on a CPU mesh or pinned to host memory. */
static bool from_host(const sharc_op *transfer) {
  sharc_type *t = sharc_value_type(sharc_op_operand(transfer, 0));
  if (!sharc_mpmd_is_mesh_tensor(t))
    return false;
  sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
  return sharc_mpmd_is_cpu_mesh(sharc_mpmd_mesh_tensor_mesh_name(t)) ||
         (kind && sharc_str_eq_cstr(sharc_attr_string_value(kind), SHARC_MPMD_PINNED_HOST));
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_block *body = sharc_mpmd_entry_point_body(func);
  if (!body)
    return true;
  /* the transfers are taken first: moving them must not change which are visited */
  sharc_ptr_vec transfers = {0};
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_transfer_def))
      sharc_vec_push(&transfers, op);
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_mpmd_op_order order;
  sharc_mpmd_op_order_init(&order, body);
  for (unsigned i = 0; i < transfers.len; i++) {
    sharc_op *transfer = transfers.items[i];
    if (!from_host(transfer))
      continue;
    sharc_op *first_user = sharc_mpmd_op_order_first_user(&order, transfer);
    if (first_user)
      sharc_mpmd_op_order_move_before(&order, &rw, transfer, first_user);
  }
  sharc_mpmd_op_order_free(&order);
  sharc_vec_free(&transfers);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_delay_transfers_from_cpu = {
    .flag = "mpmd-delay-transfers-from-cpu",
    .display_name = "DelayTransfersFromCpuPass",
    .summary = "Delays transfers from CPU to be executed as late as possible.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
