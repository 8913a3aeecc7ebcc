/* -sdy-op-priority-propagate: aggressive propagation in rounds of growing
 * op priority (Shardy's OpPriorityPropagationPass): the ops least likely
 * to conflict (single-use pass-through ops) propagate first, broadcasts
 * forward last. */
#include "pass/pass_registry.h"
#include "transforms/sdy/propagation/op_priority_propagation.h"

typedef struct op_priority_options {
  sharc_propagation_options propagation;
  int propagation_strategy; /* sharc_propagation_strategy */
  bool run_op_priority_propagation;
} op_priority_options;

static const sharc_option_def options[] = {
    SHARC_PROPAGATION_OPTION_ROWS(op_priority_options, propagation),
    SHARC_PROPAGATION_STRATEGY_OPTION_ROW(op_priority_options, propagation_strategy),
    SHARC_OPTION(op_priority_options, run_op_priority_propagation, "run-op-priority-propagation",
                 SHARC_OPT_BOOL, "true", "whether to run (or skip) op-priority propagation"),
};

static bool propagate(sharc_propagation *pr, void *user) {
  const op_priority_options *o = user;
  return sharc_propagation_propagate_op_priority(
      pr, (sharc_propagation_strategy)o->propagation_strategy, o->run_op_priority_propagation,
      sharc_propagate_any, NULL);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const op_priority_options *o = opts;
  return sharc_propagation_run(module, &o->propagation, run, propagate, (void *)o);
}

const sharc_pass_def sharc_pass_sdy_op_priority_propagate = {
    .flag = "sdy-op-priority-propagate",
    .display_name = "OpPriorityPropagationPass",
    .summary = "Runs the op-priority propagation algorithm.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(op_priority_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
