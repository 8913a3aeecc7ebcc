/* -xla-sdy-stablehlo-import-pipeline (and -xla-sdy-mhlo-import-pipeline,
 * its older name): a module with GSPMD shardings comes into the sdy
 * dialect: custom-call tuples flattened, the `mhlo.sharding` strings turned
 * into a mesh and sdy shardings, JAX's shard_map pattern into manual
 * computations, then the round-trip import pipeline (constants,
 * `@Sharding` calls to sharding constraints, while free variables, ...). */
#include "pass/pass_registry.h"

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  (void)opts;
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), "stablehlo-ext-flatten-tuple", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-import-shardings", "fake-axis-names=false", err) &&
         sharc_pm_add(pm, "xla-sdy-shard-map-import", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-import-pipeline", NULL, err);
}

const sharc_pass_def sharc_pass_xla_sdy_stablehlo_import_pipeline = {
    .flag = "xla-sdy-stablehlo-import-pipeline",
    .summary = "Run passes to import a StableHLO module with `mhlo.shardings` into the SDY "
               "(Shardy) dialect.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build,
};

const sharc_pass_def sharc_pass_xla_sdy_mhlo_import_pipeline = {
    .flag = "xla-sdy-mhlo-import-pipeline",
    .summary = "Run passes to import an mhlo module with `mhlo.shardings` into the SDY (Shardy) "
               "dialect.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build,
};
