/* -mpmd-sharding-propagation-pipeline: Shardy's addShardingPropagationPipeline.
 * Function results are uniquified with transfers (each result position can
 * then hold its own sharding), sdy propagation runs over the whole MPMD
 * program (fragments and for loops through their data flow edges, transfers
 * through their pointwise rule) without the export for partitioning, then
 * unreduced out-shardings are filled in, user shardings enforced, reshards
 * moved off inter-mesh transfers, the shardings moved into mesh tensor
 * types, and the fragments cleaned up.
 *
 * `-mpmd-uniquify-function-inputs-outputs` belongs to the MPMD common
 * passes; until it is registered the pipeline fails to build with "pass
 * '-mpmd-uniquify-function-inputs-outputs' is not implemented yet". */
#include "pass/pass_registry.h"
#include "transforms/sdy/common/propagation_options.h"
#include "transforms/sdy/propagation/propagation_pipeline.h"
#include "transforms/stablehlo/stablehlo_passes.h"

static bool add_func_def(sharc_pass_manager *pm, const sharc_pass_def *def, const void *opts,
                         sharc_buf *err) {
  return sharc_pm_add_def(sharc_pm_nest(pm, "func.func"), def, opts, err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  (void)opts;
  sharc_sdy_propagation_options prop = sharc_sdy_propagation_options_default();
  prop.dump_directory = ""; /* Shardy registers the pipeline without a dump directory */
  prop.avoid_export_for_partitioning = true;
  int dump_index = 1;
  sharc_stablehlo_tio_options tio = {.fold_op_element_limit = 65536, .optimize_float = true}; /* StableHLO's defaults */
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), "mpmd-uniquify-function-inputs-outputs",
                      "use-transfer-instead-of-fragment=true", err) &&
         sharc_sdy_add_propagation_pipeline(pm, &dump_index, &prop, err) &&
         /* sdy propagation leaves the unreduced axes of out-shardings out */
         add_func_def(pm, &sharc_pass_mpmd_populate_unreduced_out_sharding, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_enforce_user_shardings, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_extract_reshards_from_inter_mesh_transfers, NULL,
                      err) &&
         add_func_def(pm, &sharc_pass_mpmd_convert_sdy_shardings_to_mpmd_types, NULL, err) &&
         /* constants no longer carry shardings: let them fold */
         add_func_def(pm, &sharc_pass_mpmd_convert_sdy_constants, NULL, err) &&
         add_func_def(pm, &sharc_pass_stablehlo_target_independent_optimization, &tio, err) &&
         add_func_def(pm, &sharc_pass_mpmd_simplify_program, NULL, err);
}

const sharc_pass_def sharc_pass_mpmd_sharding_propagation_pipeline = {
    .flag = "mpmd-sharding-propagation-pipeline",
    .display_name = "",
    .summary = "Run the standard set of passes to propagate shardings in an MPMD program.",
    .anchor = NULL,
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .build = build,
};
