/* -mpmd-move-transfers-to-producer: every transfer moves right after what
 * produces its operand (to the start of the block for an argument), so
 * that it does not stand between fragments that could merge. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"

static sharc_walk_result move(sharc_op *transfer, void *user) {
  sharc_rewriter *rw = user;
  sharc_value *v = sharc_op_operand(transfer, 0);
  sharc_op *def = sharc_value_defining_op(v);
  if (def) {
    sharc_rw_move_after(rw, transfer, def);
    return SHARC_WALK_ADVANCE;
  }
  sharc_block *b = sharc_value_owner_block(v);
  sharc_op *first = sharc_block_first_op(b);
  if (first != transfer)
    sharc_rw_move_before(rw, transfer, first);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  /* a transfer's parent is a function (HasParent): where none can be
   * nested deeper, the fragments' bodies need no walk */
  if (sharc_mpmd_func_parented_ops_at_top(sharc_op_context(func)))
    sharc_mpmd_for_each_own_op_isa(func, &sharc_mpmd_transfer_def, move, &rw);
  else
    sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_transfer_def, move, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_move_transfers_to_producer = {
    .flag = "mpmd-move-transfers-to-producer",
    .display_name = "MoveTransfersToProducerPass",
    .summary = "Moves transfers next to their producers.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
