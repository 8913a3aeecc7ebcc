/* -mpmd-split-and-prioritize-transfer-independent-computations: a fragment
 * with both transferred and other operands is split so that everything not
 * depending on a transferred operand runs first, in a fragment of its own,
 * while the transfers are on their way. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/split_fragment.h"

#include <stdlib.h>

/* FindTransferredArgs: operands a transfer produces. */
static sharc_walk_result split(sharc_op *op, void *user) {
  sharc_rewriter *rw = user;
  if (!sharc_op_isa(op, &sharc_mpmd_fragment_def))
    return SHARC_WALK_ADVANCE;
  if (sharc_mpmd_is_split_drop_transferred(op) || sharc_mpmd_is_split_keep_transferred(op))
    return SHARC_WALK_SKIP;
  unsigned n = sharc_op_num_operands(op), transferred = 0;
  bool *mask = sharc_xmalloc_array((size_t)n + 1, sizeof *mask);
  for (unsigned i = 0; i < n; i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, i));
    transferred += mask[i] = def && sharc_op_isa(def, &sharc_mpmd_transfer_def);
  }
  if (transferred && transferred < n)
    sharc_mpmd_pull_operands_out_maximally(op, mask, rw);
  free(mask);
  return SHARC_WALK_SKIP;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  if (body)
    sharc_walk_block(body, SHARC_PRE_ORDER, split, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_split_and_prioritize_transfer_independent_computations = {
    .flag = "mpmd-split-and-prioritize-transfer-independent-computations",
    .display_name = "SplitAndPrioritizeTransferIndependentComputationsPass",
    .summary = "Splits backward fragments based on transferred results.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
