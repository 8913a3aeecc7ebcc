/* -mpmd-infer-mesh-populate-src-set: unassigns and used function arguments
 * get the meshes they can live on, propagated forwards (by intersection)
 * to the ops they feed; element-wise reductions over values on different
 * meshes are annotated as cross-mesh reductions. */
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/mesh_inference.h"

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_mi_populate_src_sets(module);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_populate_src_set = {
    .flag = "mpmd-infer-mesh-populate-src-set",
    .display_name = "InferMeshPopulateSrcSetPass",
    .summary = "Initializes the src_set for UnassignOps and func args and propagates the src_set.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
