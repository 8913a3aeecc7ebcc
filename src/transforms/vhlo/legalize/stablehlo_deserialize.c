/* -stablehlo-deserialize: the pipeline that turns a portable artifact's
 * VHLO into StableHLO (StableHLO's createStablehloDeserializePipeline):
 * VHLO upgraded to the current version, then legalized to StableHLO. */
#include "dialect/vhlo/vhlo.h"
#include "pass/pass_registry.h"

#include <stdio.h>

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  (void)opts;
  char target[64];
  sharc_vhlo_version_format(sharc_vhlo_current_version(), target, sizeof target);
  char option[80];
  snprintf(option, sizeof option, "target=%s", target);
  return sharc_pm_add(pm, "vhlo-to-version", option, err) &&
         sharc_pm_add(pm, "vhlo-legalize-to-stablehlo", NULL, err);
}

const sharc_pass_def sharc_pass_stablehlo_deserialize = {
    .flag = "stablehlo-deserialize",
    .display_name = "StablehloDeserializePipeline",
    .summary = "Run an example pipeline.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .build = build,
};
