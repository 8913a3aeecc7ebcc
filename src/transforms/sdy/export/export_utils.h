/* Shardy's export utilities (transforms/export/utils) that the export
 * passes share; names follow Shardy's (sharc_sdy_ + its name). */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_UTILS_H
#define SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_UTILS_H

#include "ir/ir_internal.h"

/* getGlobalMeshOp: the first sdy.mesh of `module` that is not maximal and
 * has axes, or NULL. */
sharc_op *sharc_sdy_global_mesh_op(sharc_op *module);

#endif
