/* -sdy-remove-sharding-groups: erases every sdy.sharding_group op. */
#include "dialect/sdy/sdy_ops.h"
#include "pass/pass_registry.h"

typedef struct remove_state {
  sharc_rewriter rw;
} remove_state;

static sharc_walk_result erase(sharc_op *op, void *user) {
  remove_state *st = user;
  sharc_rw_erase_op(&st->rw, op);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  remove_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_group_def, erase, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_remove_sharding_groups = {
    .flag = "sdy-remove-sharding-groups",
    .display_name = "RemoveShardingGroupsPass",
    .summary = "Removes ShardingGroupOps after propagation.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
