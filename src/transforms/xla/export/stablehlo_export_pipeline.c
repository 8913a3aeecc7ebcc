/* -xla-sdy-stablehlo-export-pipeline: an sdy module goes to StableHLO
 * with GSPMD shardings, ready for the HLO conversion: reductions of
 * unreduced values made explicit in manual computations, the call graph
 * restored (unless sharding constraints are kept), sdy ops exported,
 * manual computations turned into the SPMDFullToShardShape / call /
 * SPMDShardToFullShape pattern, unused functions dropped, every sharding
 * written as `mhlo.sharding` (v2 HloSharding, or the mesh-and-axes v3 form)
 * and host callbacks given the result form XLA expects. */
#include <stdio.h>

#include "pass/pass_registry.h"

typedef struct pipeline_options {
  bool keep_hlo_sharding_constraints;
  bool dedup_functions_fully;
  bool add_missing_sharding_to_control_flow;
  bool enable_hlo_sharding_v3;
  bool simplify_replicated_shardings;
} pipeline_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(pipeline_options, keep_hlo_sharding_constraints,
                 "keep-hlo-sharding-constraints", SHARC_OPT_BOOL, "false",
                 "Whether to convert SDY sharding constraints to @Sharding custom calls."),
    SHARC_OPTION(pipeline_options, dedup_functions_fully, "dedup-functions-fully",
                 SHARC_OPT_BOOL, "false", "Whether to dedup functions fully."),
    SHARC_OPTION(pipeline_options, add_missing_sharding_to_control_flow,
                 "add-missing-sharding-to-control-flow", SHARC_OPT_BOOL, "true",
                 "Whether to add a sharding to control flow ops without one."),
    SHARC_OPTION(pipeline_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3",
                 SHARC_OPT_BOOL, "false", "Whether to export HloShardingV3."),
    SHARC_OPTION(pipeline_options, simplify_replicated_shardings,
                 "simplify-replicated-shardings", SHARC_OPT_BOOL, "false",
                 "Whether to write fully replicated shardings in their short form."),
};

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const pipeline_options *o = opts;
  bool ok = sharc_pm_add(pm, "xla-sdy-stablehlo-export-manual-reduction-collectives", NULL, err);
  if (ok && !o->keep_hlo_sharding_constraints)
    ok = sharc_pm_add(pm, "xla-sdy-unflatten-call-graph",
                      o->dedup_functions_fully ? "dedup-functions-fully=true" : NULL, err) &&
         sharc_pm_add(pm, "symbol-dce", NULL, err);
  char shardings[160];
  snprintf(shardings, sizeof shardings,
           "add-missing-sharding-to-control-flow=%s enable-hlo-sharding-v3=%s "
           "simplify-replicated-shardings=%s",
           o->add_missing_sharding_to_control_flow ? "true" : "false",
           o->enable_hlo_sharding_v3 ? "true" : "false",
           o->simplify_replicated_shardings ? "true" : "false");
  return ok &&
         sharc_pm_add(pm, "xla-sdy-export-ops",
                      o->keep_hlo_sharding_constraints ? "keep-hlo-sharding-constraints=true" : NULL,
                      err) &&
         sharc_pm_add(pm, "xla-sdy-stablehlo-round-trip-shard-map-export",
                      o->keep_hlo_sharding_constraints ? "create-hlo-sharding-constraints=true"
                                                       : NULL,
                      err) &&
         sharc_pm_add(pm, "symbol-dce", NULL, err) &&
         sharc_pm_add(pm, "xla-sdy-export-stablehlo-shardings", shardings, err) &&
         sharc_pm_add(pm, "xla-sdy-stablehlo-round-trip-export-callback-custom-calls", NULL, err);
}

const sharc_pass_def sharc_pass_xla_sdy_stablehlo_export_pipeline = {
    .flag = "xla-sdy-stablehlo-export-pipeline",
    .summary = "Run passes to export the SDY (Shardy) dialect into an StableHLO module, which is "
               "ready for StableHLO -> HLO conversion.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(pipeline_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .build = build,
};
