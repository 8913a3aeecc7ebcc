/* Greedy pattern rewriting as a pass runs it; see pass_patterns.h. */
#include "pass/pass_patterns.h"

#include "ir/ir_internal.h"

bool sharc_pass_apply_patterns(sharc_op *op, const sharc_pattern *patterns, void *state,
                               const sharc_greedy_config *config, sharc_pass_run *run) {
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(op));
  sharc_pattern_set_add(set, patterns, state);
  sharc_greedy_config c = config ? *config : sharc_greedy_config_default();
  c.listener = sharc_pass_listener(run);
  bool converged = sharc_apply_patterns_greedily(op, set, &c, NULL);
  sharc_pattern_set_destroy(set);
  return converged;
}

sharc_greedy_config sharc_pass_greedy_config_no_folding(void) {
  sharc_greedy_config c = sharc_greedy_config_default();
  c.region_simplify = SHARC_SIMPLIFY_DISABLED;
  c.fold = false;
  c.cse_constants = false;
  return c;
}
