/* -mpmd-simplify-named-computations: each named computation loses its
 * duplicate and pass-through results, duplicate and unused operands and
 * unused results (Shardy's SimplifyRegionOp), after optimization barriers
 * that only pass a block argument to the return are looked through. */
#include "dialect/mpmd/utils.h"
#include "ir/static_names.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/common/simplify_region_op.h"
#include "rewrite/replace_kept.h"

#include <stdlib.h>

/* arg -> optimization_barrier -> return becomes arg -> return. */
static bool simplify_barrier(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent || !sharc_op_isa(parent, &sharc_mpmd_named_computation_def))
    return false;
  unsigned n = sharc_op_num_operands(op);
  bool *kept = sharc_xcalloc(n + 1, sizeof *kept);
  sharc_value **new_operands = sharc_xmalloc_array(n + 1, sizeof *new_operands);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_value *operand = sharc_op_operand(op, i), *res = sharc_op_result(op, i);
    if (sharc_value_is_block_arg(operand) && sharc_value_has_one_use(res) &&
        sharc_op_isa(sharc_use_owner(sharc_value_first_use(res)), &sharc_mpmd_return_def)) {
      sharc_rw_replace_all_uses(rw, res, operand);
      continue;
    }
    kept[i] = true;
    types[k] = sharc_value_type(operand);
    new_operands[k++] = operand;
  }
  bool changed = k != n;
  if (changed) {
    sharc_op_state st = {.name = sharc_op_name(op),
                         .loc = sharc_op_loc(op),
                         .operands = new_operands,
                         .num_operands = k,
                         .result_types = types,
                         .num_results = k};
    sharc_op *barrier = sharc_rw_create(rw, &st);
    sharc_rw_replace_op_with_kept_results(rw, op, barrier, kept, n, true);
  }
  free(kept);
  free(new_operands);
  free(types);
  return changed;
}

/* The rebuilt named computation keeps only its origin. */
static sharc_attr *named_computation_attrs(sharc_op *op, sharc_context *ctx) {
  sharc_attr *origin = sharc_op_attr_static(op, "origin");
  sharc_named_attr e = {sharc_ident_get(ctx, SHARC_STR("origin")), origin};
  return sharc_attr_dictionary(ctx, &e, origin ? 1 : 0);
}

static bool simplify_named_computation(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return sharc_mpmd_simplify_region_op(op, rw, named_computation_attrs);
}

static const sharc_pattern barrier_patterns[] = {
    {"SimplifyOptimizationBarrier", simplify_barrier, SHARC_SHLO(optimization_barrier), 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static const sharc_pattern named_computation_patterns[] = {
    {"SimplifyNamedComputationPattern", simplify_named_computation,
     &sharc_mpmd_named_computation_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  sharc_greedy_config config = sharc_pass_greedy_config_no_folding();
  /* a barrier's rewrite reads its named computation's kind and changes
   * the barrier and its uses, all in that computation's body: the bodies
   * without a barrier are left out of the worklist */
  if (!sharc_mpmd_apply_isolation_local_patterns(func, barrier_patterns, &config, run))
    return false;
  config.region_simplify = SHARC_SIMPLIFY_NORMAL;
  return sharc_pass_apply_patterns(func, named_computation_patterns, NULL, &config, run);
}

const sharc_pass_def sharc_pass_mpmd_simplify_named_computations = {
    .flag = "mpmd-simplify-named-computations",
    .display_name = "SimplifyNamedComputationsPass",
    .summary = "Simplifies the inputs and outputs of named computation ops.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
