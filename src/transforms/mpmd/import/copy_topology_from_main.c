/* -mpmd-copy-topology-from-main: every function an mpmd function calls
 * (with mpmd.call) takes the caller's topology and becomes private, so
 * that it is not taken for an entry point. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"

typedef struct copy_state {
  sharc_attr *topology;
} copy_state;

static sharc_walk_result copy_to_callee(sharc_op *call, void *user) {
  copy_state *st = user;
  sharc_op *callee = sharc_mpmd_callee(call);
  if (!callee)
    return SHARC_WALK_ADVANCE;
  sharc_op_set_attr(callee, SHARC_MPMD_TOPOLOGY_ATTR, st->topology);
  sharc_func_set_private(callee, true);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def))
      continue;
    copy_state st = {sharc_mpmd_func_topology(op)};
    if (st.topology)
      sharc_walk_isa(op, SHARC_POST_ORDER, &sharc_mpmd_call_def, copy_to_callee, &st);
  }
  return true;
}

const sharc_pass_def sharc_pass_mpmd_copy_topology_from_main = {
    .flag = "mpmd-copy-topology-from-main",
    .display_name = "CopyTopologyFromMainPass",
    .summary = "Copies the topology from the main function to functions referred by mpmd.call.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
