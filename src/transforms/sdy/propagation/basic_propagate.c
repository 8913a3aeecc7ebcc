/* -sdy-basic-propagate: the basic sharding propagation (Shardy's
 * BasicPropagationPass), the lowest strategy of the hierarchy: along every
 * factor of every op, only the axes all its tensors agree on propagate,
 * without resolving conflicts. */
#include "pass/pass_registry.h"
#include "transforms/sdy/propagation/propagation_driver.h"

typedef struct basic_options {
  sharc_propagation_options propagation;
} basic_options;

static const sharc_option_def options[] = {
    SHARC_PROPAGATION_OPTION_ROWS(basic_options, propagation),
};

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const basic_options *o = opts;
  return sharc_propagation_run(module, &o->propagation, run, sharc_propagation_propagate_basic,
                               NULL);
}

const sharc_pass_def sharc_pass_sdy_basic_propagate = {
    .flag = "sdy-basic-propagate",
    .display_name = "BasicPropagationPass",
    .summary = "Runs the basic sharding propagation algorithm.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(basic_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
