/* Rewriting as a pass runs it; see pass_patterns.h. */
#include "pass/pass_patterns.h"

#include "ir/ir_internal.h"
#include "support/vec.h"

bool sharc_pass_apply_patterns(sharc_op *op, const sharc_pattern *patterns, void *state,
                               const sharc_greedy_config *config, sharc_pass_run *run) {
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(op));
  sharc_pattern_set_add(set, patterns, state);
  bool converged = sharc_pass_apply_pattern_set(op, set, config, run);
  sharc_pattern_set_destroy(set);
  return converged;
}

bool sharc_pass_apply_pattern_set(sharc_op *op, sharc_pattern_set *set,
                                  const sharc_greedy_config *config, sharc_pass_run *run) {
  sharc_greedy_config c = config ? *config : sharc_greedy_config_default();
  c.listener = sharc_pass_listener(run);
  bool converged = sharc_apply_patterns_greedily(op, set, &c, NULL);
  if (!converged)
    sharc_pass_report_not_converged(op, &c, run);
  return converged;
}

void sharc_pass_report_not_converged(sharc_op *op, const sharc_greedy_config *config,
                                     const sharc_pass_run *run) {
  /* at the op's location only: its "see current operation" note would
   * print the whole module */
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op),
             "%s: the greedy pattern rewrite did not converge after %lld iterations",
             sharc_pass_run_def(run)->display_name, (long long)config->max_iterations);
}

sharc_greedy_config sharc_pass_greedy_config_no_folding(void) {
  sharc_greedy_config c = sharc_greedy_config_default();
  c.region_simplify = SHARC_SIMPLIFY_DISABLED;
  c.fold = false;
  c.cse_constants = false;
  return c;
}

typedef struct rename_walk {
  sharc_rewriter rw;
  sharc_ident *to;
} rename_walk;

static sharc_walk_result rename_op(sharc_op *op, void *user) {
  rename_walk *w = user;
  SHARC_VEC(sharc_value *) operands = {0};
  SHARC_VEC(sharc_type *) types = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_vec_push(&operands, sharc_op_operand(op, i));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(op, i)));
  sharc_op_state state = {.name = w->to,
                          .loc = sharc_op_loc(op),
                          .operands = operands.items,
                          .num_operands = operands.len,
                          .result_types = types.items,
                          .num_results = types.len,
                          .attrs = sharc_op_attrs(op)};
  sharc_rw_replace_op_with_new(&w->rw, op, &state);
  sharc_vec_free(&operands);
  sharc_vec_free(&types);
  return SHARC_WALK_ADVANCE;
}

void sharc_pass_rename_ops(sharc_op *root, const sharc_op_def *from, const char *to,
                           sharc_pass_run *run) {
  rename_walk w;
  sharc_pass_rewriter(run, &w.rw, NULL);
  w.to = sharc_ident_get(sharc_op_context(root), sharc_str_from_cstr(to));
  sharc_walk_isa(root, SHARC_POST_ORDER, from, rename_op, &w);
}
