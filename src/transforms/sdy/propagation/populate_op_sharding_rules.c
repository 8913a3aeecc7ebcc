/* -sdy-populate-op-sharding-rules: stores the registry's rule on every op
 * that has one and no rule yet (existing rules, custom or not, are kept). */
#include "pass/pass_registry.h"
#include "transforms/sdy/rules/rules.h"

typedef struct populate_options {
  bool conservative;
} populate_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(populate_options, conservative, "conservative-propagation", SHARC_OPT_BOOL,
                 "false", "whether to disllow rules that can propagate non-divisible sharding "
                          "axes"),
};

typedef struct populate_state {
  const populate_options *opts;
  sharc_rule_cache *rules;
} populate_state;

static sharc_walk_result populate(sharc_op *op, void *user) {
  populate_state *st = user;
  (void)sharc_sdy_get_or_create_sharding_rule_cached(op, st->opts->conservative, true,
                                                     st->rules);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *op, const void *opts, sharc_pass_run *run) {
  (void)run;
  populate_state st = {opts, sharc_rule_cache_create()};
  /* post-order, as MLIR's walk: it decides which unknown op warns first */
  sharc_walk(op, SHARC_POST_ORDER, populate, &st);
  sharc_rule_cache_destroy(st.rules);
  return true;
}

const sharc_pass_def sharc_pass_sdy_populate_op_sharding_rules = {
    .flag = "sdy-populate-op-sharding-rules",
    .display_name = "PopulateOpShardingRulesPass",
    .summary = "Populates all registered ops with an `OpShardingRuleAttr`.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(populate_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};
