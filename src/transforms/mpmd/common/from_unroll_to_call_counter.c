/* -mpmd-from-unroll-to-call-counter: an mpmd.call's unroll counter becomes
 * its call counter. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"

static sharc_walk_result convert(sharc_op *call, void *user) {
  (void)user;
  sharc_attr *counter = sharc_op_attr(call, SHARC_MPMD_UNROLL_COUNTER_ATTR);
  if (counter && sharc_attr_get_kind(counter) == SHARC_ATTR_INTEGER) {
    sharc_op_set_attr(call, SHARC_MPMD_CALL_COUNTER_ATTR, counter);
    sharc_op_set_attr(call, SHARC_MPMD_UNROLL_COUNTER_ATTR, NULL);
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (sharc_mpmd_is_distributed_function(func))
    sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_call_def, convert, NULL);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_from_unroll_to_call_counter = {
    .flag = "mpmd-from-unroll-to-call-counter",
    .display_name = "FromUnrollToCallCounterPass",
    .summary = "Converts the unroll counter attr of a call op to a call counter attr.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
