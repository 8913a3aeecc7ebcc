/* -mpmd-convert-sdy-constants: every sdy.constant becomes a
 * stablehlo.constant with the same type and attributes (Shardy's partial
 * conversion), so that later folding is no longer held back by them. */
#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_pass_rename_ops(func, &sharc_sdy_constant_def, sharc_op_def_name(SHARC_SHLO(constant)), run);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_convert_sdy_constants = {
    .flag = "mpmd-convert-sdy-constants",
    .display_name = "ConvertSdyConstantsPass",
    .summary = "Converts `sdy.constant` ops into `stablehlo.constant`.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
