/* -mpmd-copy-constants: a fragment operand that a constant produces, in
 * another fragment and possibly through transfers, is replaced inside the
 * consumer by a copy of that constant. Fragments are visited last first,
 * so a constant travels one fragment per run. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/common/pass_utils.h"

/* FindHloProducer: the op inside a fragment that produces `v`, looking
 * through transfers. */
static sharc_op *hlo_producer(sharc_value *v) {
  for (;;) {
    sharc_op *def = sharc_value_defining_op(v);
    if (!def)
      return NULL;
    if (sharc_op_isa(def, &sharc_mpmd_transfer_def)) {
      v = sharc_op_operand(def, 0);
      continue;
    }
    if (!sharc_op_isa(def, &sharc_mpmd_fragment_def))
      return NULL;
    sharc_op *ret = sharc_block_last_op(sharc_region_first_block(sharc_op_region(def, 0)));
    unsigned i = sharc_value_index(v);
    return ret && i < sharc_op_num_operands(ret) ? sharc_value_defining_op(sharc_op_operand(ret, i))
                                                 : NULL;
  }
}

static void copy_into(sharc_op *fragment, sharc_rewriter *rw) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(fragment, 0));
  for (unsigned i = 0; i < sharc_op_num_operands(fragment) && i < sharc_block_num_args(body); i++) {
    sharc_op *producer = hlo_producer(sharc_op_operand(fragment, i));
    if (!producer || !sharc_op_has_trait(producer, SHARC_TRAIT_CONSTANT_LIKE))
      continue;
    sharc_rw_set_block_start(rw, body);
    sharc_op *copy = sharc_rw_clone(rw, producer, NULL);
    sharc_rw_replace_all_uses(rw, sharc_block_arg(body, i), sharc_op_result(copy, 0));
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  sharc_block *body = sharc_func_body(func);
  for (sharc_op *op = sharc_block_last_op(body); op; op = sharc_op_prev(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
      copy_into(op, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_copy_constants = {
    .flag = "mpmd-copy-constants",
    .display_name = "CopyConstantsPass",
    .summary = "Copies constants produced in one fragment to their consumers.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
