/* -canonicalize: MLIR's canonicalizer. Every loaded op's canonicalization
 * patterns (optionally filtered by name or label), folding and dead-op
 * erasure, applied by the greedy driver top-down by default. */
#include "dialect/arith/arith.h"
#include "pass/pass_registry.h"

typedef struct canonicalize_options {
  bool top_down;
  int region_simplify;
  int64_t max_iterations;
  int64_t max_num_rewrites;
  bool test_convergence;
  sharc_string_list disable_patterns;
  sharc_string_list enable_patterns;
} canonicalize_options;

static const char *const region_levels[] = {"disabled", "normal", "aggressive", NULL};

static const sharc_option_def options[] = {
    SHARC_OPTION(canonicalize_options, disable_patterns, "disable-patterns",
                 SHARC_OPT_STRING_LIST, NULL,
                 "Labels of patterns that should be filtered out during application"),
    SHARC_OPTION(canonicalize_options, enable_patterns, "enable-patterns", SHARC_OPT_STRING_LIST,
                 NULL,
                 "Labels of patterns that should be used during application, all other patterns "
                 "are filtered out"),
    SHARC_OPTION(canonicalize_options, max_iterations, "max-iterations", SHARC_OPT_INT64, "10",
                 "Max. iterations between applying patterns / simplifying regions"),
    SHARC_OPTION(canonicalize_options, max_num_rewrites, "max-num-rewrites", SHARC_OPT_INT64, "-1",
                 "Max. number of pattern rewrites within an iteration"),
    SHARC_OPTION_ENUM(canonicalize_options, region_simplify, "region-simplify", region_levels,
                      "normal", "Perform control flow optimizations to the region tree"),
    SHARC_OPTION(canonicalize_options, test_convergence, "test-convergence", SHARC_OPT_BOOL,
                 "false", "Test only: Fail pass on non-convergence to detect cyclic pattern"),
    SHARC_OPTION(canonicalize_options, top_down, "top-down", SHARC_OPT_BOOL, "true",
                 "Seed the worklist in general top-down order"),
};

static bool run(sharc_op *op, const void *opts_, sharc_pass_run *run) {
  const canonicalize_options *opts = opts_;
  sharc_pattern_set *patterns = sharc_pattern_set_create(sharc_op_context(op));
  sharc_pattern_set_add_canonicalization(patterns);
  sharc_pattern_set_filter(patterns, opts->disable_patterns.items, opts->disable_patterns.n,
                           opts->enable_patterns.items, opts->enable_patterns.n);
  sharc_greedy_config config = sharc_greedy_config_default();
  config.top_down = opts->top_down;
  config.region_simplify = (sharc_region_simplify)opts->region_simplify;
  config.max_iterations = opts->max_iterations;
  config.max_rewrites = opts->max_num_rewrites;
  config.listener = sharc_pass_listener(run);
  bool converged = sharc_apply_patterns_greedily(op, patterns, &config, NULL);
  sharc_pattern_set_destroy(patterns);
  /* an arith op left standing may be one MLIR folds: fail, not do less */
  if (!sharc_arith_check_folds(op, "canonicalization"))
    return false;
  /* canonicalization is best effort: only the test option makes it fail */
  return converged || !opts->test_convergence;
}

const sharc_pass_def sharc_pass_canonicalize = {
    .flag = "canonicalize",
    .display_name = "Canonicalizer",
    .summary = "Canonicalize operations",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(canonicalize_options),
    .tools = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};
