/* -mpmd-infer-mesh-populate-use-set: every assign's use set is its mesh,
 * propagated backwards (by union) to the meshless ops, unassigns, function
 * arguments, callees and mpmd.for bodies that feed it. */
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/mesh_inference.h"

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_mi_populate_use_sets(module);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_populate_use_set = {
    .flag = "mpmd-infer-mesh-populate-use-set",
    .display_name = "InferMeshPopulateUseSetPass",
    .summary = "Initializes the use_set for AssignOps and propagates the use_set.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
