/* -mpmd-simplify-program: every fragment loses its duplicate and
 * pass-through results, duplicate and unused operands and unused results
 * (Shardy's SimplifyRegionOp), by MLIR's default greedy driver (folding and
 * constant CSE included). */
#include "dialect/mpmd/mpmd_internal.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/simplify_region_op.h"

#include <stdlib.h>

/* The rebuilt fragment keeps every attribute (remat, call counters,
 * shardings, ...); origin and mesh name come first, as Shardy's builder
 * sets them. */
static sharc_op *create_fragment(sharc_op *op, sharc_rewriter *rw,
                                 sharc_type *const *result_types, unsigned n_results,
                                 sharc_value *const *operands, unsigned n_operands,
                                 const bool *erased_results, void *user) {
  (void)erased_results;
  (void)user;
  sharc_op_state st = {.name = sharc_op_name(op),
                       .loc = sharc_op_loc(op),
                       .operands = operands,
                       .num_operands = n_operands,
                       .result_types = result_types,
                       .num_results = n_results,
                       .attrs = sharc_op_attrs(op),
                       .num_regions = 1};
  return sharc_rw_create(rw, &st);
}

static bool simplify_fragment(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return sharc_mpmd_simplify_region_op(op, rw, create_fragment, NULL);
}

static const sharc_pattern patterns[] = {
    {"SimplifyFragmentPattern", simplify_fragment, &sharc_mpmd_fragment_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  return sharc_pass_apply_patterns(func, patterns, NULL, NULL, run);
}

const sharc_pass_def sharc_pass_mpmd_simplify_program = {
    .flag = "mpmd-simplify-program",
    .display_name = "SimplifyProgramPass",
    .summary = "Removes redundant arg/results from fragments.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
