/* -sdy-round-trip-import-pipeline: Shardy's copy of XLA's round-trip import
 * (shardy/round_trip_import), for users without XLA: unused symbols
 * dropped, constants imported, StableHLO simplified (top-down, without
 * folding, constant CSE or region simplification, so that the imported
 * constants stay where they are), host callbacks given a result, the saved
 * meshes, shardings and rules restored, shard maps and Shardy's custom calls
 * turned back into their ops, size-one axes removed, while-loop free
 * variables opened, and calls with a backend config turned into named
 * computations. */
#include "pass/pass_registry.h"
#include "transforms/xla/common/xla_utils.h"

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  (void)opts;
  return sharc_pm_add(pm, "symbol-dce", NULL, err) &&
         sharc_pm_add(sharc_pm_nest(pm, "func.func"), "xla-sdy-import-constants", NULL, err) &&
         sharc_xla_add_import_simplification(pm, err) &&
         sharc_pm_add(pm, "sdy-round-trip-import-callback-custom-calls", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-import-shardy-attrs", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-shard-map-import", NULL, err) &&
         sharc_pm_add(pm, "sdy-remove-size-one-axes", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-import-sdy-custom-calls", NULL, err) &&
         sharc_pm_add(sharc_pm_nest(pm, "func.func"), "xla-sdy-open-while-free-vars-sharding",
                      NULL, err) &&
         sharc_pm_add(pm, "sdy-import-backend-func-calls", NULL, err);
}

const sharc_pass_def sharc_pass_sdy_round_trip_import_pipeline = {
    .flag = "sdy-round-trip-import-pipeline",
    .summary = "Run passes to import a StableHLO module into the SDY (Shardy) dialect.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .build = build,
};
