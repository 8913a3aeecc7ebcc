/* -mpmd-fragment-dedup: a fragment's repeated operands are all read from
 * the first one's argument, and its repeated results (the same value, of
 * the same type) are all read from the first one. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "transforms/mpmd/common/pass_utils.h"

static void dedup_operands(sharc_op *frag, sharc_rewriter *rw) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_ptrmap first = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(frag) && i < sharc_block_num_args(b); i++) {
    sharc_value *v = sharc_op_operand(frag, i);
    uintptr_t j = (uintptr_t)sharc_ptrmap_get(&first, v);
    if (!j)
      sharc_ptrmap_put(&first, v, (void *)(uintptr_t)(i + 1));
    else
      sharc_rw_replace_all_uses(rw, sharc_block_arg(b, i), sharc_block_arg(b, (unsigned)(j - 1)));
  }
  sharc_ptrmap_free(&first);
}

static void dedup_results(sharc_op *frag, sharc_rewriter *rw) {
  sharc_op *ret = sharc_block_last_op(sharc_region_first_block(sharc_op_region(frag, 0)));
  unsigned n = sharc_op_num_results(frag);
  for (unsigned i = 0; i < n && i < sharc_op_num_operands(ret); i++)
    for (unsigned j = 0; j < i; j++)
      if (sharc_op_operand(ret, j) == sharc_op_operand(ret, i) &&
          sharc_value_type(sharc_op_result(frag, j)) == sharc_value_type(sharc_op_result(frag, i))) {
        sharc_rw_replace_all_uses(rw, sharc_op_result(frag, i), sharc_op_result(frag, j));
        break;
      }
}

static sharc_walk_result dedup(sharc_op *frag, void *user) {
  dedup_operands(frag, user);
  dedup_results(frag, user);
  return SHARC_WALK_SKIP;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  sharc_walk_isa(func, SHARC_PRE_ORDER, &sharc_mpmd_fragment_def, dedup, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_fragment_dedup = {
    .flag = "mpmd-fragment-dedup",
    .display_name = "FragmentDedupPass",
    .summary = "Removes any duplicated operands and results in fragments.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
