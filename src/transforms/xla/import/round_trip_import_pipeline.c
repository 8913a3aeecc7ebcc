/* -xla-sdy-round-trip-import-pipeline: a module that went through HLO with
 * its Shardy attributes saved as frontend attributes (the round-trip
 * export) comes back to the sdy dialect: unused symbols dropped,
 * constants imported (so that greedy rewriters do not hoist them out of
 * loops), the saved meshes, shardings and rules restored, shard maps and
 * Shardy's custom calls turned back into their ops, while-loop free
 * variables opened, inline meshes lifted and deduplicated when asked (the
 * mesh-and-axes HloSharding inlines them), and calls imported. */
#include "pass/pass_registry.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct pipeline_options {
  bool enable_constant_import;
  bool lift_and_dedup_meshes;
  bool enable_hlo_sharding_v3;
  bool import_func_calls;
  bool import_only_uninlineable_func_calls;
} pipeline_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(pipeline_options, enable_constant_import, "enable-constant-import",
                 SHARC_OPT_BOOL, "true", "Enable constant import."),
    SHARC_OPTION(pipeline_options, lift_and_dedup_meshes, "lift-and-dedup-meshes",
                 SHARC_OPT_BOOL, "false", "Lift and dedup meshes."),
    SHARC_OPTION(pipeline_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3",
                 SHARC_OPT_BOOL, "false",
                 "Whether to enable HloShardingV3 which is the mesh and axis based sharding "
                 "representation."),
    SHARC_OPTION(pipeline_options, import_func_calls, "import-func-calls", SHARC_OPT_BOOL,
                 "false", "Import func calls."),
    SHARC_OPTION(pipeline_options, import_only_uninlineable_func_calls,
                 "import-only-uninlineable-func-calls", SHARC_OPT_BOOL, "true",
                 "Import only unlineable func calls."),
};

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const pipeline_options *o = opts;
  bool ok = sharc_pm_add(pm, "symbol-dce", NULL, err);
  if (ok && o->enable_constant_import)
    ok = sharc_pm_add(sharc_pm_nest(pm, "func.func"), "xla-sdy-import-constants", NULL, err);
  ok = ok && sharc_pm_add(sharc_pm_nest(pm, "func.func"), "stablehlo-ext-flatten-tuple", NULL, err) &&
       sharc_xla_add_import_simplification(pm, err);
  ok = ok && sharc_pm_add(pm, "xla-sdy-round-trip-import-shardy-attrs",
                          o->enable_hlo_sharding_v3 ? "enable-hlo-sharding-v3=true" : NULL, err);
  ok = ok && sharc_pm_add(pm, "xla-sdy-round-trip-shard-map-import", NULL, err) &&
       sharc_pm_add(pm, "xla-sdy-import-sdy-custom-calls", NULL, err) &&
       sharc_pm_add(sharc_pm_nest(pm, "func.func"), "xla-sdy-open-while-free-vars-sharding",
                    NULL, err);
  ok = ok && sharc_pm_add(pm, "sdy-remove-size-one-axes", NULL, err);
  if (ok && (o->enable_hlo_sharding_v3 || o->lift_and_dedup_meshes))
    ok = sharc_pm_add(pm, "sdy-lift-inlined-meshes", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-dedup-meshes", NULL, err);
  /* the older pipeline's option: every call becomes a named computation */
  if (ok && (o->import_func_calls || !o->import_only_uninlineable_func_calls))
    ok = sharc_pm_add(pm, "sdy-import-func-calls", NULL, err);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_import_pipeline = {
    .flag = "xla-sdy-round-trip-import-pipeline",
    .summary = "Run passes to import a StableHLO module into the SDY (Shardy) dialect.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(pipeline_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build,
};
