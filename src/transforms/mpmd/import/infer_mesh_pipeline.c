/* -mpmd-infer-mesh-pipeline: mesh inference for every op the user left
 * unassigned, composed as Shardy's addInferMeshPipeline: use and source
 * sets, the input-output constraints, cross-mesh reductions, validation,
 * the function leaves, use sets again, validation, the rewrite and the
 * final clean-up. */
#include "transforms/mpmd/import/infer_mesh_pipeline.h"

#include "pass/pass_registry.h"

typedef struct infer_mesh_pipeline_options {
  bool infer_cross_mesh_reductions;
  bool infer_transfers;
} infer_mesh_pipeline_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(infer_mesh_pipeline_options, infer_cross_mesh_reductions,
                 "infer-cross-mesh-reductions", SHARC_OPT_BOOL, "false",
                 "Whether to infer cross-mesh reductions."),
    SHARC_OPTION(infer_mesh_pipeline_options, infer_transfers, "infer-transfers", SHARC_OPT_BOOL,
                 "false", "Whether to create transfers when needed, instead of erroring."),
};

sharc_mpmd_infer_mesh_options sharc_mpmd_infer_mesh_options_default(void) {
  return (sharc_mpmd_infer_mesh_options){false, false, 1, 5};
}

bool sharc_mpmd_add_infer_mesh_pipeline(sharc_pass_manager *pm,
                                        const sharc_mpmd_io_constraints *constraints,
                                        sharc_mpmd_infer_mesh_options o, sharc_buf *err) {
  /* inferring transfers is more permissive: reductions are inferred too,
   * else annotated reductions could be left dangling */
  if (o.infer_transfers)
    o.infer_cross_mesh_reductions = true;
  if (!sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_populate_use_set, NULL, err) ||
      !sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_populate_src_set, NULL, err))
    return false;
  if (constraints && constraints->n) {
    sharc_mpmd_io_constraints_options c = {o.error_limit == -1, *constraints};
    if (!sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_assign_using_input_output_constraints,
                          &c, err))
      return false;
  }
  sharc_mpmd_convert_reduce_options convert = {o.infer_cross_mesh_reductions};
  if (!sharc_pm_add_def(sharc_pm_nest(pm, "func.func"),
                        &sharc_pass_mpmd_infer_mesh_convert_reduce_ops, &convert, err))
    return false;
  sharc_mpmd_error_limit_options limit = {o.error_limit};
  if (!o.infer_transfers &&
      !sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_validate_src_set_not_empty, &limit, err))
    return false;
  sharc_mpmd_func_leaves_options leaves = {o.infer_transfers, o.error_limit};
  if (!sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_assign_mesh_func_leaves, &leaves, err) ||
      !sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_populate_use_set, NULL, err))
    return false;
  if (!o.infer_transfers &&
      !sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_validate_no_additional_transfers_needed,
                        &limit, err))
    return false;
  sharc_mpmd_rewrite_options rewrite = {o.max_clones};
  sharc_mpmd_finalize_options finalize = {o.infer_transfers};
  return sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_rewrite_using_analysis, &rewrite, err) &&
         sharc_pm_add_def(pm, &sharc_pass_mpmd_infer_mesh_finalize, &finalize, err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const infer_mesh_pipeline_options *p = opts;
  sharc_mpmd_infer_mesh_options o = sharc_mpmd_infer_mesh_options_default();
  o.infer_transfers = p->infer_transfers;
  o.infer_cross_mesh_reductions = p->infer_cross_mesh_reductions;
  return sharc_mpmd_add_infer_mesh_pipeline(pm, NULL, o, err);
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_pipeline = {
    .flag = "mpmd-infer-mesh-pipeline",
    .display_name = "",
    .summary = "Run the passes for mesh inference",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(infer_mesh_pipeline_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .build = build,
};
