/* -stablehlo-target-independent-optimization: StableHLO's folding patterns
 * (benefit 2) and simplification patterns in one greedy run, as
 * StablehloTargetIndependentOptimizationPass adds them; the greedy driver
 * adds the ops' folders, constant deduplication and dead code removal. The
 * MPMD import pipeline runs it with fold-op-element-limit=0. Also the
 * runner the three passes share. */
#include "dialect/arith/arith.h"
#include "ir/created_defs.h"
#include "pass/pass_patterns.h"
#include "transforms/stablehlo/shlo_fold.h"

static const sharc_option_def options[] = {
    SHARC_SHLO_OPTION_ASSUME_NO_UNDECLARED_SIDE_EFFECTS,
    SHARC_SHLO_OPTION_FOLD_OP_ELEMENT_LIMIT,
    SHARC_SHLO_OPTION_OPTIMIZE_FLOAT,
};

typedef struct unported_search {
  bool folder, simplification;
  sharc_op *found;
} unported_search;

static sharc_walk_result find_unported(sharc_op *op, void *user) {
  unported_search *u = user;
  if (!sharc_shlo_unported_pattern_applies(op, u->folder, u->simplification))
    return SHARC_WALK_ADVANCE;
  u->found = op;
  return SHARC_WALK_INTERRUPT;
}

/* Whether an op find_unported stops at may exist: only the folder has
 * unported patterns, rooted at stablehlo.reduce and stablehlo.case
 * (sharc_shlo_unported_pattern_applies); with none of those ever created,
 * the walk over every op has nothing to find. */
static bool may_hold_unported(const sharc_context *ctx, bool folder) {
  const sharc_op_def *const roots[] = {SHARC_SHLO(reduce), SHARC_SHLO(case)};
  return folder && sharc_context_may_hold_one_of(ctx, roots, 2);
}

bool sharc_shlo_run_patterns(sharc_op *func, const sharc_stablehlo_tio_options *opts, bool folder,
                             bool simplification, const char *pass_flag, sharc_pass_run *run) {
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(func));
  if (folder)
    sharc_pattern_set_add(set, sharc_shlo_folder_patterns, (void *)opts);
  if (simplification)
    sharc_pattern_set_add(set, sharc_shlo_simplification_patterns, (void *)opts);
  /* StableHLO's pass fails silently where the rewrite does not converge;
   * a failing run here always says why */
  bool ok = sharc_pass_apply_pattern_set(func, set, opts->greedy, run);
  sharc_pattern_set_destroy(set);
  if (!ok)
    return false;
  /* the greedy driver folds arith ops too; sharc's arith folds are partial */
  if (!sharc_arith_check_folds(func, "folding"))
    return false;
  unported_search u = {folder, simplification, NULL};
  if (!may_hold_unported(sharc_op_context(func), folder) ||
      sharc_walk_nested(func, SHARC_PRE_ORDER, find_unported, &u) != SHARC_WALK_INTERRUPT)
    return true;
  sharc_op *op = u.found;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op),
             "pass '%s' is not implemented yet: its simplification patterns may rewrite this "
             "'%.*s'",
             pass_flag, (int)name.len, name.data);
  return false;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  return sharc_shlo_run_patterns(func, opts, true, true,
                                 "stablehlo-target-independent-optimization", run);
}

const sharc_pass_def sharc_pass_stablehlo_target_independent_optimization = {
    .flag = "stablehlo-target-independent-optimization",
    .display_name = "StablehloTargetIndependentOptimizationPass",
    .summary = "Runs canonicalizers, folders, and other target-independent optimizations.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_stablehlo_tio_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};
