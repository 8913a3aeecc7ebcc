/* -sdy-populate-op-sharding-rules: stores the registry's rule on every op
 * that has one and no rule yet (existing rules, custom or not, are kept). */
#include "pass/pass_registry.h"
#include "transforms/sdy/rules/rules.h"

static bool populate(sharc_op *op, void *user) {
  bool conservative = *(const bool *)user;
  (void)sharc_sdy_get_or_create_sharding_rule(op, conservative, true);
  return true;
}

bool sharc_sdy_populate_op_sharding_rules_run(sharc_op *op, const sharc_pass_options *options) {
  bool conservative = sharc_pass_option_bool(options, "conservative-propagation", false);
  /* post-order, as MLIR's walk: it decides which unknown op warns first */
  sharc_op_walk_post(op, populate, &conservative);
  return true;
}
