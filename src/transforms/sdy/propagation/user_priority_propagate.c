/* -sdy-user-priority-propagate: op-priority propagation in rounds of user
 * priority (Shardy's UserPriorityPropagationPass): dimension shardings
 * marked `p0` propagate first, `p1` join in the next round, and so on;
 * unmarked ones count as p0. */
#include "pass/pass_registry.h"
#include "transforms/sdy/propagation/user_priority_propagation.h"

static const sharc_option_def options[] = {
    SHARC_PROPAGATION_OPTION_ROWS(sharc_user_priority_options, propagation),
    SHARC_PROPAGATION_STRATEGY_OPTION_ROW(sharc_user_priority_options, propagation_strategy),
    SHARC_OPTION(sharc_user_priority_options, run_op_priority_propagation,
                 "run-op-priority-propagation", SHARC_OPT_BOOL, "true",
                 "whether to run (or skip) op-priority propagation"),
};

static bool propagate(sharc_propagation *pr, void *user) {
  return sharc_propagation_propagate_user_priority(pr, user, sharc_propagate_any, NULL);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const sharc_user_priority_options *o = opts;
  return sharc_propagation_run(module, &o->propagation, run, propagate, (void *)o);
}

const sharc_pass_def sharc_pass_sdy_user_priority_propagate = {
    .flag = "sdy-user-priority-propagate",
    .display_name = "UserPriorityPropagationPass",
    .summary = "Runs the user-priority propagation algorithm.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_user_priority_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
