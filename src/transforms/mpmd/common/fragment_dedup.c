/* -mpmd-fragment-dedup: a fragment's repeated operands are all read from
 * the first one's argument, and its repeated results (the same value, of
 * the same type) are all read from the first one. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "support/item_index.h"
#include "transforms/mpmd/common/pass_utils.h"

typedef struct dedup_state {
  sharc_rewriter rw;
  sharc_ptr_vec operands; /* the fragment's operands so far, reused */
} dedup_state;

static void dedup_operands(sharc_op *frag, dedup_state *st) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_item_index first = {0}; /* operand -> its first position + 1 */
  st->operands.len = 0;
  for (unsigned i = 0; i < sharc_op_num_operands(frag) && i < sharc_block_num_args(b); i++) {
    sharc_value *v = sharc_op_operand(frag, i);
    uintptr_t j = sharc_item_index_of(&first, st->operands.items, st->operands.len, v);
    if (!j)
      sharc_item_index_add(&first, v, st->operands.len);
    else
      sharc_rw_replace_all_uses(&st->rw, sharc_block_arg(b, i),
                                sharc_block_arg(b, (unsigned)(j - 1)));
    sharc_vec_push(&st->operands, v);
  }
  sharc_item_index_free(&first);
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
  dedup_state *st = user;
  dedup_operands(frag, st);
  dedup_results(frag, &st->rw);
  return SHARC_WALK_SKIP;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  dedup_state st = {0};
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &st.rw))
    return true;
  sharc_walk_isa(func, SHARC_PRE_ORDER, &sharc_mpmd_fragment_def, dedup, &st);
  sharc_vec_free(&st.operands);
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
