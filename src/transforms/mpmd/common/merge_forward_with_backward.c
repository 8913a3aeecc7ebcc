/* -mpmd-merge-forward-with-backward: a forward fragment merges with its
 * closest consumer when that is a backward fragment and the next fragment
 * on their mesh (so in 1F1B only on the last stage). */
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/merge_fragments.h"
#include "transforms/mpmd/optimize/utils.h"

static bool allow(sharc_op *producer, sharc_op *consumer, void *user) {
  (void)user;
  /* Shardy checks the order first; only its debug log tells which check
   * failed, so the scan of the block runs last, for forward/backward pairs */
  return sharc_mpmd_is_forward_fragment(producer) && sharc_mpmd_is_backward_fragment(consumer) &&
         sharc_mpmd_executed_immediately_after(producer, consumer);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  return sharc_mpmd_run_merge_pass(func, run, allow);
}

const sharc_pass_def sharc_pass_mpmd_merge_forward_with_backward = {
    .flag = "mpmd-merge-forward-with-backward",
    .display_name = "MergeForwardWithBackwardPass",
    .summary = "Merge forward fragments with backward fragments.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
