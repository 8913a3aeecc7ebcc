/* -mpmd-split-bwd-fragments: a backward fragment with both transferred and
 * non-transferred results is split so that what only the non-transferred
 * results need runs in a second fragment, and transfers leave earlier. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/split_fragment.h"
#include "transforms/mpmd/optimize/utils.h"

#include <stdlib.h>

typedef struct split_walk {
  sharc_rewriter rw;
} split_walk;

/* FindNonTransferredResults: no transfer uses the result. */
static bool not_transferred(sharc_value *v) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_transfer_def))
      return false;
  return true;
}

static sharc_walk_result split(sharc_op *fragment, void *user) {
  split_walk *w = user;
  if (!sharc_mpmd_is_backward_fragment(fragment) || sharc_mpmd_is_split_drop_transferred(fragment) ||
      sharc_mpmd_is_split_keep_transferred(fragment))
    return SHARC_WALK_ADVANCE;
  unsigned n = sharc_op_num_results(fragment), pullable = 0;
  bool *mask = sharc_xmalloc_array((size_t)n + 1, sizeof *mask);
  for (unsigned i = 0; i < n; i++)
    pullable += mask[i] = not_transferred(sharc_op_result(fragment, i));
  if (pullable && pullable < n)
    sharc_mpmd_pull_results_maximally(fragment, mask, &w->rw);
  free(mask);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  split_walk w;
  sharc_pass_rewriter(run, &w.rw, NULL);
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, split, &w);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_split_bwd_fragments = {
    .flag = "mpmd-split-bwd-fragments",
    .display_name = "SplitBwdFragmentsPass",
    .summary = "Splits backward fragments based on transferred results.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
