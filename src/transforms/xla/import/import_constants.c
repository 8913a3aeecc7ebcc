/* -xla-sdy-import-constants: every stablehlo.constant becomes an
 * sdy.constant of the same value, so that the greedy rewriters that run
 * later do not fold and hoist constants out of the regions XLA sank them
 * into (undoing WhileLoopConstantSinking). The attributes (a sharding the
 * GSPMD import gave it) stay. */
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"

static sharc_walk_result import_constant(sharc_op *op, void *user) {
  sharc_rewriter *rw = user;
  sharc_context *ctx = rw->ctx;
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.constant")),
                       .loc = sharc_op_loc(op),
                       .result_types = &type,
                       .num_results = 1,
                       .attrs = sharc_op_attrs(op)};
  sharc_rw_set_before(rw, op);
  sharc_rw_replace_op_with_new(rw, op, &st);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_walk_isa(func, SHARC_POST_ORDER, SHARC_SHLO(constant), import_constant, &rw);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_import_constants = {
    .flag = "xla-sdy-import-constants",
    .display_name = "ImportConstantsPass",
    .summary = "Converts stablehlo.constant to sdy.constant.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};
