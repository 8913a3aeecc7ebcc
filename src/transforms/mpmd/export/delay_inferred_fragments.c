/* -mpmd-delay-inferred-fragments: going from the end of the entry
 * function's body to its start, each inferred fragment (one without origin)
 * moves right before its first user, so that it runs as late as it can. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/export/export_utils.h"

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_block *body = sharc_mpmd_entry_point_body(func);
  if (!body)
    return true;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_mpmd_op_order order;
  sharc_mpmd_op_order_init(&order, body);
  /* backwards, so that a fragment is visited once and a chain of inferred
   * fragments moves as a whole */
  for (sharc_op *op = sharc_block_last_op(body), *prev; op; op = prev) {
    prev = sharc_op_prev(op);
    if (!sharc_op_isa(op, &sharc_mpmd_fragment_def) || sharc_mpmd_is_user_fragment(op))
      continue;
    sharc_op *first_user = sharc_mpmd_op_order_first_user(&order, op);
    if (first_user)
      sharc_mpmd_op_order_move_before(&order, &rw, op, first_user);
  }
  sharc_mpmd_op_order_free(&order);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_delay_inferred_fragments = {
    .flag = "mpmd-delay-inferred-fragments",
    .display_name = "DelayInferredFragmentsPass",
    .summary = "Delays inferred fragments to be executed as late as possible.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
