/* -sdy-aggressive-propagate: sharding propagation that resolves conflicts
 * (Shardy's AggressivePropagationPass): where the basic strategy stops at
 * an axis some tensor cannot take, the aggressive one still gives it to
 * the tensors that can, preferring the factors of the larger tensors. */
#include "pass/pass_registry.h"
#include "transforms/sdy/propagation/aggressive_propagation.h"

typedef struct aggressive_options {
  sharc_propagation_options propagation;
  int propagation_strategy; /* sharc_propagation_strategy */
} aggressive_options;

static const sharc_option_def options[] = {
    SHARC_PROPAGATION_OPTION_ROWS(aggressive_options, propagation),
    SHARC_PROPAGATION_STRATEGY_OPTION_ROW(aggressive_options, propagation_strategy),
};

static bool propagate(sharc_propagation *pr, void *user) {
  const aggressive_options *o = user;
  return sharc_propagation_propagate_aggressive(
      pr, (sharc_propagation_strategy)o->propagation_strategy, sharc_propagate_any, NULL);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const aggressive_options *o = opts;
  return sharc_propagation_run(module, &o->propagation, run, propagate, (void *)o);
}

const sharc_pass_def sharc_pass_sdy_aggressive_propagate = {
    .flag = "sdy-aggressive-propagate",
    .display_name = "AggressivePropagationPass",
    .summary = "Runs the aggressive sharding propagation algorithm.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(aggressive_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
