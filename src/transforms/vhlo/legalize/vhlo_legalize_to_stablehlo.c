/* -vhlo-legalize-to-stablehlo: VHLO ops of the current version back into
 * StableHLO and func (StableHLO's VhloLegalizeToStablehloPass). */
#include "pass/pass_registry.h"
#include "transforms/vhlo/vhlo_convert.h"

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  return sharc_vhlo_to_stablehlo(&rw, module);
}

const sharc_pass_def sharc_pass_vhlo_legalize_to_stablehlo = {
    .flag = "vhlo-legalize-to-stablehlo",
    .display_name = "VhloLegalizeToStablehloPass",
    .summary = "Legalize VHLO to StableHLO.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};
