/* Shardy's addInferMeshPipeline: the mesh inference passes in order, for
 * -mpmd-infer-mesh-pipeline and -mpmd-import-pipeline. */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_INFER_MESH_PIPELINE_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_INFER_MESH_PIPELINE_H

#include "transforms/mpmd/import/import_options.h"

/* InferMeshOptions. */
typedef struct sharc_mpmd_infer_mesh_options {
  bool infer_transfers;
  bool infer_cross_mesh_reductions;
  int max_clones;
  int error_limit;
} sharc_mpmd_infer_mesh_options;

sharc_mpmd_infer_mesh_options sharc_mpmd_infer_mesh_options_default(void);

/* `constraints` may be empty (its items must outlive the pipeline). */
bool sharc_mpmd_add_infer_mesh_pipeline(sharc_pass_manager *pm,
                                        const sharc_mpmd_io_constraints *constraints,
                                        sharc_mpmd_infer_mesh_options options, sharc_buf *err);

#endif
