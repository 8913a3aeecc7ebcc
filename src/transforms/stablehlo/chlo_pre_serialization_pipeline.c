/* -chlo-pre-serialization-pipeline (StableHLO's
 * createChloPreSerializationPipeline): CHLO lowered to StableHLO before a
 * module is serialized. StableHLO's pipeline follows the lowering with
 * shape-legalize-to-stablehlo and reconcile-unrealized-casts, which only
 * touch the shape dialect ops and casts that the dynamic-shape lowerings
 * produce; sharc lowers static shapes only, which produce neither. */
#include "pass/pass_registry.h"

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  (void)opts;
  sharc_pass_manager *func = sharc_pm_nest(pm, "func.func");
  return sharc_pm_add(func, "chlo-legalize-to-stablehlo", NULL, err);
}

const sharc_pass_def sharc_pass_chlo_pre_serialization_pipeline = {
    .flag = "chlo-pre-serialization-pipeline",
    .display_name = "ChloPreSerializationPipeline",
    .summary = "Lower as much as possible to StableHLO, including CHLO, Shape dialect, and index "
               "types.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .build = build,
};
