/* -mpmd-merge-user-fragments-into-scheduling-units: a user fragment merges
 * with its closest consumer when that is a user fragment of the same
 * transpose count, call counter and stage. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/merge_fragments.h"

static bool allow(sharc_op *producer, sharc_op *consumer, void *user) {
  (void)user;
  if (!sharc_mpmd_is_user_fragment(producer) || !sharc_mpmd_is_user_fragment(consumer))
    return false;
  int64_t pt, ct, pc, cc;
  if (!sharc_mpmd_single_transpose_count(producer, &pt) ||
      !sharc_mpmd_single_transpose_count(consumer, &ct) || pt != ct)
    return false;
  if (sharc_mpmd_call_counter(producer, &pc) && sharc_mpmd_call_counter(consumer, &cc) && pc != cc)
    return false;
  return sharc_mpmd_stage_ids_consistent(producer, consumer);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  return sharc_mpmd_run_merge_pass(func, run, allow);
}

const sharc_pass_def sharc_pass_mpmd_merge_user_fragments_into_scheduling_units = {
    .flag = "mpmd-merge-user-fragments-into-scheduling-units",
    .display_name = "MergeUserDefinedFragmentsIntoSchedulingUnitsPass",
    .summary = "Merge user based fragments pre pipeline scheduling passes.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
