/* -mpmd-insert-nameless-clone-of-negligible-ops: a named computation result
 * that is a constant-like value (an op without operands and with one
 * result) is replaced, in every use but function returns, by a clone of
 * that op placed after the computation, so that mesh inference may put a
 * copy of it on each mesh that uses it. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"

typedef struct clone_state {
  sharc_rewriter rw;
} clone_state;

static bool not_a_return(const sharc_use *u, void *user) {
  (void)user;
  return !sharc_op_isa(sharc_use_owner(u), &sharc_func_return_def);
}

static sharc_walk_result clone_negligible(sharc_op *nc, void *user) {
  clone_state *st = user;
  sharc_block *body = sharc_region_first_block(sharc_op_region(nc, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret)
    return SHARC_WALK_ADVANCE;
  sharc_rw_set_after(&st->rw, nc);
  for (unsigned i = 0; i < sharc_op_num_results(nc) && i < sharc_op_num_operands(ret); i++) {
    sharc_op *producer = sharc_value_defining_op(sharc_op_operand(ret, i));
    if (!producer || sharc_op_num_operands(producer) || sharc_op_num_results(producer) != 1)
      continue;
    sharc_op *clone = sharc_rw_clone(&st->rw, producer, NULL);
    sharc_rw_replace_uses_if(&st->rw, sharc_op_result(nc, i), sharc_op_result(clone, 0),
                             not_a_return, NULL);
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  clone_state st;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &st.rw))
    return true;
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_named_computation_def, clone_negligible, &st);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_insert_nameless_clone_of_negligible_ops = {
    .flag = "mpmd-insert-nameless-clone-of-negligible-ops",
    .display_name = "InsertNamelessCloneOfNeglibleOpsPass",
    .summary = "Clones negligible ops outside of named computations.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
