/* -strip-debuginfo: MLIR's StripDebugInfo pass, every location (of ops and
 * of block arguments) replaced by loc(unknown). */
#include "pass/pass_registry.h"

static sharc_walk_result strip(sharc_op *op, void *user) {
  sharc_attr *unknown = user;
  sharc_op_set_loc(op, unknown);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
         b = sharc_block_next(b))
      for (unsigned i = 0; i < sharc_block_num_args(b); i++)
        *sharc_value_loc_slot(sharc_block_arg(b, i)) = unknown;
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *op, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_walk(op, SHARC_PRE_ORDER, strip, sharc_loc_unknown(sharc_op_context(op)));
  return true;
}

const sharc_pass_def sharc_pass_strip_debuginfo = {
    .flag = "strip-debuginfo",
    .display_name = "StripDebugInfo",
    .summary = "Strip debug info from all operations",
    .anchor = NULL,
    SHARC_NO_OPTIONS,
    .options_size = 0,
    .tools = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};
