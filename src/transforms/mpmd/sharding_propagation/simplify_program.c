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
static sharc_attr *fragment_attrs(sharc_op *op, sharc_context *ctx) {
  (void)ctx;
  return sharc_op_attrs(op);
}

static bool simplify_fragment(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return sharc_mpmd_simplify_region_op(op, rw, fragment_attrs);
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
