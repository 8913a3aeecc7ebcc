/* -sdy-drop-sharding-rules: removes the registry's rules from ops again;
 * user-provided (custom) rules stay. */
#include "pass/pass_registry.h"
#include "transforms/sdy/rules/rules.h"

bool sharc_sdy_drop_sharding_rules_run(sharc_op *op, const sharc_pass_options *options) {
  (void)options;
  sharc_sdy_remove_sharding_rules(op);
  return true;
}
