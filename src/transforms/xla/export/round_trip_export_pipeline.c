/* -xla-sdy-round-trip-export-pipeline: an sdy module goes to StableHLO
 * for a trip through HLO with its Shardy attributes saved: inline meshes
 * lifted (unless kept inline) and duplicates merged, sdy ops turned into
 * custom calls, manual computations into the GlobalToLocal / body call /
 * LocalToGlobal form, the attributes saved as frontend attributes, and
 * `mhlo.sharding`s added for readers that only know GSPMD.
 * -xla-sdy-round-trip-testing-pipeline runs it, the trip through HLO
 * (-xla-sdy-round-trip-stablehlo-to-hlo-to-stablehlo: what XLA's HLO
 * importer changes in the ops it keeps) and the import pipeline. */
#include "pass/pass_registry.h"

typedef struct export_options {
  bool keep_meshes_inlined;
  bool enable_hlo_sharding_v3;
} export_options;

static const sharc_option_def export_opts[] = {
    SHARC_OPTION(export_options, keep_meshes_inlined, "keep-meshes-inlined", SHARC_OPT_BOOL,
                 "false", "Whether to keep meshes inlined and not lift them."),
    SHARC_OPTION(export_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3",
                 SHARC_OPT_BOOL, "false",
                 "Whether to enable HloShardingV3 which is the mesh and axis based sharding "
                 "representation."),
};

static bool add_export(sharc_pass_manager *pm, bool keep_inlined, bool v3, sharc_buf *err) {
  const char *v3_opt = v3 ? "enable-hlo-sharding-v3=true" : NULL;
  bool ok = keep_inlined || sharc_pm_add(pm, "sdy-lift-inlined-meshes", NULL, err);
  return ok && sharc_pm_add(pm, "xla-sdy-round-trip-dedup-meshes", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-export-ops", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-shard-map-export", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-export-shardy-attrs", v3_opt, err) &&
         sharc_pm_add(pm, "xla-sdy-export-stablehlo-shardings",
                      v3 ? "add-missing-sharding-to-control-flow=false enable-hlo-sharding-v3=true"
                         : "add-missing-sharding-to-control-flow=false",
                      err);
}

static bool build_export(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const export_options *o = opts;
  return add_export(pm, o->keep_meshes_inlined, o->enable_hlo_sharding_v3, err);
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_export_pipeline = {
    .flag = "xla-sdy-round-trip-export-pipeline",
    .summary = "Run passes to export the SDY (Shardy) dialect into an StableHLO module, but with "
               "the SDY ops/attrs saved for roundtripping.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(export_opts),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build_export,
};

typedef struct testing_options {
  bool enable_hlo_sharding_v3;
} testing_options;

static const sharc_option_def testing_opts[] = {
    SHARC_OPTION(testing_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3",
                 SHARC_OPT_BOOL, "false",
                 "Whether to enable HloShardingV3 which is new mesh and axis based sharding "
                 "representation."),
};

static bool build_testing(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const testing_options *o = opts;
  return add_export(pm, false, o->enable_hlo_sharding_v3, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-stablehlo-to-hlo-to-stablehlo", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-round-trip-import-pipeline",
                      o->enable_hlo_sharding_v3 ? "enable-hlo-sharding-v3=true import-func-calls=true"
                                                : "import-func-calls=true",
                      err);
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_testing_pipeline = {
    .flag = "xla-sdy-round-trip-testing-pipeline",
    .summary = "Run Shardy export pipeline, then convert to HLO, then convert to StableHLO, then "
               "import back to Shardy",
    .anchor = "builtin.module",
    SHARC_OPTIONS(testing_opts),
    .options_size = sizeof(testing_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build_testing,
};
