/* -sdy-drop-sharding-rules: removes the registry's rules from ops again;
 * user-provided (custom) rules stay. */
#include "pass/pass_registry.h"
#include "transforms/sdy/rules/rules.h"

static bool run(sharc_op *op, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_sdy_remove_sharding_rules(op);
  return true;
}

const sharc_pass_def sharc_pass_sdy_drop_sharding_rules = {
    .flag = "sdy-drop-sharding-rules",
    .display_name = "DropShardingRulesPass",
    .summary = "Drops `OpShardingRuleAttr` from all registered ops.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
